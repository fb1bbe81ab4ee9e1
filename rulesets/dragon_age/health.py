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

from gm_console.ruleset import Combatant, Context, EncounterState, Health, Msg, Spendable, Term, Use

from .common import health, rule, signed, turn_started, waiting_points
from .conditions import cdef, flagged
from .i18n import _, _n
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
STUNT_POINTS, MANA = Term("Stunt points", "Puntos de proeza"), Term("Mana", "Maná")


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
    ctx.say(_("{label}: {text}", label=label, text=text) if label is not None else text, rule=rule(section),
            who=c.id)


def _formula(raw: int, used: int, rating: int, penetrating: bool, halved: bool, dealt: int) -> "Msg | int":
    if penetrating:
        return _("{raw} (penetrating: armor ignored) = {dealt}", raw=raw, dealt=dealt)
    if halved:
        return _("{raw} - {armor} armor ({rating} halved) = {dealt}", raw=raw, armor=used, rating=rating, dealt=dealt)
    if used:
        return _("{raw} - {armor} armor = {dealt}", raw=raw, armor=used, dealt=dealt)
    return dealt


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
            _said(ctx, c, _("{name} is inside a force field: the damage does not reach it", name=c.name), label,
                  "2.12")
            return 0
        rating = self.rules.sheet.armor(c).value if armor is None else int(armor)
        used = 0 if penetrating else (rating // 2 if halved else rating)
        dealt = max(0, raw - used)
        before = pool.value
        if dealt == 0 and used == 0:
            _said(ctx, c, _("{name} takes no damage", name=c.name), label, section)
            return 0
        formula = _formula(raw, used, rating, penetrating, halved, dealt)
        if dealt == 0:
            _said(ctx, c, _("{name} takes {formula} damage: the armor stops it", name=c.name, formula=formula),
                  label, section)
            return 0
        for inst in c.instances("heal-lockout"):
            ctx.remove_condition(c, inst, reason="damaged")
        for inst in flagged(c, "wakes-on-damage"):
            ctx.remove_condition(c, inst, reason="damaged")
            ctx.say(_("{name} wakes up: the damage ends its sleep", name=c.name), rule=rule("2.12"), who=c.id)
        after = max(0, before - dealt)
        if pull and after == 0 and before > 0:
            _said(ctx, c, _("{name} takes {formula} damage, enough to drop it; the blow is pulled", name=c.name,
                            formula=formula), label, "2.6")
            self.knock_out(ctx, c)
            return dealt
        if pull and c.life == "unconscious" and after == 0:
            _said(ctx, c, _("{name} takes {dealt} more, still a pulled blow: stays unconscious at {health} health",
                            name=c.name, dealt=dealt, health=before), label, "2.6")
            return dealt
        ctx.set_pool(c, "health", after, rule=rule(section))
        _said(ctx, c, _("{name} takes {formula} damage: health {before} -> {after}", name=c.name, formula=formula,
                        before=before, after=after), label, section)
        if after == 0:
            self.drop_to_zero(ctx, c)
        return dealt

    def drop_to_zero(self, ctx: Context, c: Combatant) -> None:
        if c.life == "dying":
            ctx.say(_("{name} is already dying: health stays at 0 and the countdown goes on", name=c.name),
                    rule=rule("2.6"), who=c.id)
            return
        if dying_rules_apply(ctx.state, c):
            self.start_dying(ctx, c)
        else:
            self.kill(ctx, c, _("{name} (NPC) drops to 0 health and dies", name=c.name), "2.6")

    def kill(self, ctx: Context, c: Combatant, why: Msg, section: str) -> None:
        for cond in ("dying", "unconscious"):
            for inst in c.instances(cond):
                ctx.remove_condition(c, inst, reason="replaced")
        ctx.set_life(c, "dead", rule=rule(section))
        ctx.say(why, rule=rule(section), who=c.id)

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
        if mode == "rounds":
            ctx.say(_("{name} is dying: Con {con} + 2 = {total} rounds{floor}; dies at the start of its turn in round "
                      "{when} unless healed above 0", name=c.name, con=signed(con), total=n, floor=floor,
                      when=when if when is not None else signed(n)), rule=rule("2.6"), who=c.id)
            return
        in_round = _(" (round {n})", n=when) if when is not None else ""
        ctx.say(_n("{name} is dying: Con {con} + 2 = {total}{floor}; dies at the start of its turn in {n} turn{when} "
                   "unless healed above 0",
                   "{name} is dying: Con {con} + 2 = {total}{floor}; dies at the start of its turn in {n} turns{when} "
                   "unless healed above 0", ticks, name=c.name, con=signed(con), total=n, floor=floor, when=in_round),
                rule=rule("2.6"), who=c.id)

    def knock_out(self, ctx: Context, c: Combatant, section: str = "2.6") -> None:
        """A pulled blow: 1 Health, unconscious for 2d6 minutes."""
        minutes = ctx.roll("2d6", purpose=_('minutes until {name} wakes', name=c.name), who=c.id).total
        health(ctx, c)
        ctx.set_pool(c, "health", 1, rule=rule(section))
        for inst in c.instances("dying"):
            ctx.remove_condition(c, inst, reason="replaced")
        ctx.apply_condition(c, cdef("unconscious"), rounds=minutes * 60 // ROUND_SECONDS, clock=c.id)
        ctx.set_life(c, "unconscious", rule=rule(section))
        ctx.say(_("Pulled blow: {name} is left unconscious at 1 health; wakes in {n} minutes (2d6)", name=c.name,
                  n=minutes), rule=rule(section), who=c.id)

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
        capped = _(" (capped at max {top})", top=top) if before + amount > top else ""
        ctx.set_pool(c, "health", after, rule=rule(section))
        _said(ctx, c, _("{name} heals {gained}{capped}: health {before} -> {after}", name=c.name,
                        gained=after - before, capped=capped, before=before, after=after), label, section)
        if after > 0 and c.life == "dying":
            for inst in c.instances("dying"):
                ctx.remove_condition(c, inst, reason="healed")
            ctx.set_life(c, "ok", rule=rule("2.6"))
            ctx.say(_("{name} is above 0 health: no longer dying", name=c.name), rule=rule("2.6"), who=c.id)
        return after - before

    def condition_ended(self, ctx: Context, c: Combatant, cond: str, reason: str) -> None:
        """Clocks running out: the dying countdown kills, the pulled blow's sleep ends."""
        if cond == "dying" and c.life == "dying":
            if reason == "expired":
                for inst in c.instances("unconscious"):
                    ctx.remove_condition(c, inst, reason="replaced")
                ctx.set_life(c, "dead", rule=rule("2.6"))
                ctx.say(_("{name} dies at the start of its turn: the dying countdown ran out", name=c.name),
                        rule=rule("2.6"), who=c.id)
            elif reason not in ("healed", "replaced"):
                ctx.set_life(c, "ok", rule=rule("2.6"))
                ctx.say(_("The GM ends {name}'s dying countdown", name=c.name), rule=rule("2.6"), who=c.id)
        elif cond == "unconscious" and c.life == "unconscious" and reason != "replaced":
            pool = c.pools.get("health")
            if pool is not None and pool.value <= 0:
                return
            ctx.set_life(c, "ok", rule=rule("2.6"))
            ctx.say(_("{name} wakes up", name=c.name), rule=rule("2.6"), who=c.id)

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
