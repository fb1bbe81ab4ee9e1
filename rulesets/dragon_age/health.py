"""Health, the dying countdown, the pulled blow and what a combatant spends (dragon_age.md §2.4-§2.6 [S]).

Health never goes below 0. A PC at 0 is dying: a ``dying`` condition whose
rounds are the Con + 2 countdown, clocked by the PC itself, so the engine takes
one off at the start of each of its turns (skipped or not) and, when it runs
out, ``condition_ended`` kills it: that is "dies at the start of its turn in the
last round" (dragon_age.md §2.6 [I]). The same clock makes ``pass`` count the countdown down
out of combat. The 2d6 minutes of a pulled blow are an ``unconscious``
condition in 15-second rounds, for the same reason.
"""

from __future__ import annotations

from typing import Any

from gm_console.ruleset import (Combatant, Context, EncounterState, Health, Msg, Spendable, Use, dealt, named, of,
                                possessive)

from .common import health, rule, signed, turn_started, waiting_points
from .conditions import cdef, flagged
from .i18n import T_, _, _n
from .options import option
from .stats import ability
from .stunt_effects import STUNT, buy
from .stunt_effects import spend as spend_stunt
from .stunt_points import menu
from .stunts import find as find_stunt

ROUND_SECONDS = 15
DAMAGE_TYPES = {
    "pull": "pull", "pulled": "pull", "contener": "pull", "contenido": "pull",
    "penetrating": "penetrating", "penetrante": "penetrating", "pen": "penetrating",
    "pierce": "pierce", "atravesar": "pierce",
}
STUNT_RESOURCES = ("stunt", "stunts", "sp", "pp", "proeza", "proezas")
MANA_RESOURCES = ("mana", "mp", "pm", "maná")
STUNT_POINTS, MANA = T_("resource", "Stunt points", "Puntos de proeza"), T_("resource", "Mana", "Maná")


def dying_rules_apply(state: EncounterState, c: Combatant) -> bool:
    """PCs are dying at 0; NPCs die unless the table treats them as PCs (dragon_age.md §2.6 [I])."""
    return c.is_pc or bool(option(state, "npcs_as_pcs"))


def countdown_length(c: Combatant) -> int:
    """Con + 2 turns; Con + 2 <= 0 still leaves one turn (dragon_age.md §2.6 [I])."""
    return max(1, ability(c, "con") + 2)


def turns_left(c: Combatant) -> int | None:
    found = c.instances("dying")
    return found[0].rounds if found else None


def death_round(state: EncounterState, c: Combatant) -> int | None:
    """The round whose start-of-turn for ``c`` is its last, if a combat is running."""
    left = turns_left(c)
    if left is None or not state.in_combat:
        return None
    return state.round + left - (0 if turn_started(state, c) else 1)


def _said(ctx: Context, c: Combatant, text: Msg, label: "Msg | None", section: str) -> None:
    """What happened to ``c``'s Health; ``label`` (what did it: an attack's damage roll, the Heal
    action) follows in brackets, dropped alone for the players when it quotes someone else's numbers."""
    ctx.say(text, rule=rule(section), who=c.id, detail=label)


def _formula(c: Combatant, raw: int, used: int, rating: int, penetrating: bool, halved: bool, taken: int) -> Any:
    """"10 - 4 armor = 6": the damage that reached ``c`` (dealt) after its armor (a number about it)."""
    if penetrating:
        return _("{raw} (penetrating: armor ignored) = {dealt}", raw=dealt(c, raw), dealt=dealt(c, taken))
    if halved:
        return _("{raw} - {armor} armor ({rating} halved) = {dealt}", raw=dealt(c, raw), armor=of(c, used),
                 rating=of(c, rating), dealt=dealt(c, taken))
    if used:
        return _("{raw} - {armor} armor = {dealt}", raw=dealt(c, raw), armor=of(c, used), dealt=dealt(c, taken))
    return dealt(c, taken)


class DAHealth(Health):
    """Damage after armor, healing, the dying countdown, and stunt points and mana spent."""

    def damage_types(self) -> tuple[str, ...]:
        return tuple(DAMAGE_TYPES)

    def damage(self, ctx: Context, target: Combatant, amount: int, types: tuple[str, ...]) -> None:
        """``dmg NAME N``: N is the damage roll; armor comes off unless penetrating (dragon_age.md §2.4)."""
        kinds = {DAMAGE_TYPES[t] for t in types}
        self.take_damage(ctx, target, amount, penetrating="penetrating" in kinds, halved="pierce" in kinds,
                         pull="pull" in kinds)

    def heal(self, ctx: Context, target: Combatant, amount: int, types: tuple[str, ...]) -> None:
        self.heal_health(ctx, target, amount)

    # -- damage -----------------------------------------------------------------------------------
    def take_damage(self, ctx: Context, c: Combatant, raw: int, *, armor: int | None = None,
                    penetrating: bool = False, halved: bool = False, pull: bool = False,
                    label: "Msg | None" = None, section: str = "2.4") -> int:
        """Subtract armor (unless penetrating) and apply; returns the damage dealt."""
        if c.life == "dead":
            ctx.fail(_("{name} is dead; damage does nothing", name=c.name))
        pool = health(ctx, c)
        if flagged(c, "immune-damage"):
            _said(ctx, c, _("{name} is inside a force field: the damage does not get through", name=named(c)), label,
                  "2.12")
            return 0
        rating = self.rules.sheet.armor(c).value if armor is None else int(armor)
        used = 0 if penetrating else (rating // 2 if halved else rating)
        taken = max(0, raw - used)
        before = pool.value
        if taken == 0 and used == 0:
            _said(ctx, c, _("{name} takes no damage", name=named(c)), label, section)
            return 0
        formula = _formula(c, raw, used, rating, penetrating, halved, taken)
        if taken == 0:
            _said(ctx, c, _("{name} takes {formula} damage: the armor stops it", name=named(c), formula=formula),
                  label, section)
            return 0
        for inst in c.instances("heal-lockout"):
            ctx.remove_condition(c, inst, reason="damaged")
        for inst in flagged(c, "wakes-on-damage"):
            ctx.remove_condition(c, inst, reason="damaged")
            ctx.say(_("{name} wakes up: the damage ends {whose} sleep", whose=possessive(c), name=named(c)),
                    rule=rule("2.12"), who=c.id)
        after = max(0, before - taken)
        if pull and after == 0 and before > 0:
            _said(ctx, c, _("{name} takes {formula} damage, enough to drop {name}; the blow is pulled", name=named(c),
                            formula=formula), label, "2.6")
            self.knock_out(ctx, c)
            return taken
        if pull and c.life == "unconscious" and after == 0:
            _said(ctx, c, _("{name} takes {dealt} more, still a pulled blow: stays unconscious at {health} health",
                            name=named(c), dealt=dealt(c, taken), health=of(c, before)), label, "2.6")
            return taken
        ctx.set_pool(c, "health", after, rule=rule(section))
        _said(ctx, c, _("{name} takes {formula} damage: health {before} -> {after}", name=named(c), formula=formula,
                        before=of(c, before), after=of(c, after)), label, section)
        if after == 0:
            self.drop_to_zero(ctx, c)
        return taken

    def drop_to_zero(self, ctx: Context, c: Combatant) -> None:
        if c.life == "dying":
            ctx.say(_("{name} is already dying: health stays at 0 and the countdown goes on", name=named(c)),
                    rule=rule("2.6"), who=c.id)
            return
        if dying_rules_apply(ctx.state, c):
            self.start_dying(ctx, c)
        else:
            self.kill(ctx, c, _("{name} (NPC) drops to 0 health and dies", name=named(c)), "2.6")

    def kill(self, ctx: Context, c: Combatant, why: Msg, section: str, detail: "Msg | None" = None) -> None:
        for cond in ("dying", "unconscious"):
            for inst in c.instances(cond):
                ctx.remove_condition(c, inst, reason="replaced")
        ctx.set_life(c, "dead", rule=rule(section))
        ctx.say(why, rule=rule(section), who=c.id, detail=detail)

    def start_dying(self, ctx: Context, c: Combatant) -> None:
        n = countdown_length(c)
        state = ctx.state
        ticks = n
        mode = option(state, "dying_count")
        if mode == "rounds" and state.in_combat and not turn_started(state, c):
            ticks = n + 1  # its turn this round still comes: one more tick to reach round R + N
        for inst in c.instances("unconscious"):
            ctx.remove_condition(c, inst, reason="replaced")
        ctx.apply_condition(c, cdef("dying"), rounds=ticks, clock=c.id, source=None)
        ctx.set_life(c, "dying", rule=rule("2.6"))
        con = ability(c, "con")
        when = death_round(state, c)
        floor = _(" (Con + 2 is below 1: one turn)") if con + 2 < 1 else ""
        # that it is dying is the table's; its Con and its countdown are numbers about it (a foe's are the GM's)
        if mode == "rounds":
            detail = _("Con {con} + 2 = {total} rounds{floor}; dies at the start of {whose} turn in round {when} "
                       "unless healed above 0", whose=possessive(c), con=of(c, signed(con)), total=of(c, n),
                       floor=floor, when=of(c, when if when is not None else signed(n)))
        else:
            in_round = _(" (round {n})", n=of(c, when)) if when is not None else ""
            detail = _n("Con {con} + 2 = {total}{floor}; dies at the start of {whose} turn in {n} turn{when} unless "
                        "healed above 0",
                        "Con {con} + 2 = {total}{floor}; dies at the start of {whose} turn in {n} turns{when} unless "
                        "healed above 0", ticks, n=of(c, ticks), con=of(c, signed(con)), total=of(c, n), floor=floor,
                        when=in_round, whose=possessive(c))
        ctx.say(_("{name} is dying", name=named(c)), rule=rule("2.6"), who=c.id, detail=detail)

    def knock_out(self, ctx: Context, c: Combatant, section: str = "2.6") -> None:
        """A pulled blow: 1 Health, unconscious for 2d6 minutes."""
        minutes = ctx.roll("2d6", purpose=_('minutes until {name} wakes', name=named(c)), who=c.id).total
        health(ctx, c)
        ctx.set_pool(c, "health", 1, rule=rule(section))
        for inst in c.instances("dying"):
            ctx.remove_condition(c, inst, reason="replaced")
        ctx.apply_condition(c, cdef("unconscious"), rounds=minutes * 60 // ROUND_SECONDS, clock=c.id)
        ctx.set_life(c, "unconscious", rule=rule(section))
        ctx.say(_("Pulled blow: {name} is left unconscious at 1 health", name=named(c)), rule=rule(section), who=c.id,
                detail=_("wakes in {n} minutes (2d6)", n=of(c, minutes)))

    # -- healing ----------------------------------------------------------------------------------
    def heal_health(self, ctx: Context, c: Combatant, amount: int, label: "Msg | None" = None,
                    section: str = "2.6") -> int:
        """Raise Health (never above max); above 0 ends dying. Returns what it gained."""
        if c.life == "dead":
            ctx.fail(_("{name} is dead; healing does nothing", name=c.name))
        pool = health(ctx, c)
        before = pool.value
        top = pool.max if pool.max is not None else before + amount
        after = min(top, before + max(0, amount))
        capped = _(" (capped at max {top})", top=of(c, top)) if before + amount > top else ""
        ctx.set_pool(c, "health", after, rule=rule(section))
        _said(ctx, c, _("{name} heals {gained}{capped}: health {before} -> {after}", name=named(c),
                        gained=dealt(c, after - before), capped=capped, before=of(c, before), after=of(c, after)),
              label, section)
        if after > 0 and c.life == "dying":
            for inst in c.instances("dying"):
                ctx.remove_condition(c, inst, reason="healed")
            ctx.set_life(c, "ok", rule=rule("2.6"))
            ctx.say(_("{name} is above 0 health: no longer dying", name=named(c)), rule=rule("2.6"), who=c.id)
        return after - before

    def condition_ended(self, ctx: Context, c: Combatant, cond: str, reason: str) -> None:
        """Clocks running out: the dying countdown kills, the pulled blow's sleep ends."""
        if cond == "dying" and c.life == "dying":
            if reason == "expired":
                for inst in c.instances("unconscious"):
                    ctx.remove_condition(c, inst, reason="replaced")
                ctx.set_life(c, "dead", rule=rule("2.6"))
                ctx.say(_("{name} dies at the start of {whose} turn: the dying countdown ran out",
                          whose=possessive(c), name=named(c)), rule=rule("2.6"), who=c.id)
            elif reason not in ("healed", "replaced"):
                ctx.set_life(c, "ok", rule=rule("2.6"))
                ctx.say(_("The GM ends {name}'s dying countdown", name=named(c)), rule=rule("2.6"), who=c.id)
        elif cond == "unconscious" and c.life == "unconscious" and reason != "replaced":
            pool = c.pools.get("health")
            if pool is not None and pool.value <= 0:
                return
            ctx.set_life(c, "ok", rule=rule("2.6"))
            ctx.say(_("{name} wakes up", name=named(c)), rule=rule("2.6"), who=c.id)

    # -- resources --------------------------------------------------------------------------------
    def spend(self, ctx: Context, c: Combatant, resource: str, amount: int | None, args: tuple[str, ...]) -> None:
        """``spend NAME stunt [N] STUNT`` or ``spend NAME STUNT [N]`` buy stunts; ``spend NAME mana N``."""
        n = (str(amount),) if amount is not None else ()
        if resource in STUNT_RESOURCES:
            if not args:
                ctx.fail(_("spend {ref} stunt: which stunt? usage: {usage}", ref=c.id, usage=STUNT.usage()))
            buy(ctx, c, (*args, *n))
            return
        if resource in MANA_RESOURCES:
            ctx.spend_pool(c, "mana", amount if amount is not None else 1, rule=rule("2.8"))
            return
        stunt = find_stunt(resource, prefix=False)
        if stunt is not None:
            spend_stunt(ctx, c, stunt, (*n, *args))
            return
        ctx.spend_pool(c, resource, amount if amount is not None else 1)

    def spendable(self, state: EncounterState, c: Combatant) -> list[Spendable]:
        """The stunt points waiting and the stunts they buy now (cost = the least they take;
        ``stunt NAME STUNT``), and the mana (``spend NAME mana N``), dragon_age.md §2.5, §2.8."""
        out = []
        points = waiting_points(c)
        uses = tuple(Use(item.stunt.id, item.stunt.term, item.cost) for item in menu(state, c) if item.available)
        if points > 0 and uses:
            out.append(Spendable("stunt", STUNT_POINTS, points, uses, verb="stunt"))
        mana = c.pools.get("mana")
        if mana is not None and mana.value > 0:
            out.append(Spendable("mana", MANA, mana.value))
        return out
