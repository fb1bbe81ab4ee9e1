"""The Turns part: initiative and order (pathfinder1e.md §1.1), and what happens when a turn
starts, a combat starts or ends, and time passes.

At a turn start, in this order: flat-footed ends at the first turn, bleeds hit,
a dying combatant that was already dying rolls its Con check (bleeding makes it
fail), a confused one rolls d% (§1.4, §1.5). ``play_round`` is the same bleed
and dying round for time passing out of combat (``passing``).
"""

from __future__ import annotations

from gm_console.ruleset import Combatant, Context, Turns, dealt, life as life_word, named, of, public, possessive

from . import abilities, afflictions, economy, hero, initiative, life, marks, passing, regeneration
from .catalogue import BLEEDS
from .i18n import _, flag_names
from .options import DEFAULTS, option
from .stats import mod


class PF1Turns(Turns):
    initiative_dice = "1d20"
    ready_lapses = False  # seed: an untriggered readied action is kept (option ready_lapses)

    def initiative_bonus(self, c: Combatant) -> int:
        """Dex changes count (§1.1.1): the effective figure, not only the typed modifier."""
        rs = self.rules
        figs = rs.sheet.figures(c, rs.conditions.active(c), DEFAULTS)
        return figs["init"].value

    def roll_initiative(self, ctx: Context, c: Combatant):
        bonus = self.initiative_bonus(c)
        r = ctx.roll(f"1d20{bonus:+d}", purpose=_('initiative of {name}', name=named(c)), who=c.id)
        if ctx.state.in_combat:
            initiative.joined_mid_combat(ctx, c, r.total, (bonus,), self.rules.conditions.catalogue.get("flat-footed"))
        elif marks.ROLLOFF.of(c):
            ctx.set_mark(c, marks.ROLLOFF, None)
        return r.total, (bonus,), r.text

    def tiebreak_for(self, c: Combatant, value: float) -> tuple:
        return (self.initiative_bonus(c),)

    def order_key(self, c: Combatant) -> tuple:
        return initiative.order_key(c)

    def can_change_initiative(self, c: Combatant):
        if c.life in ("dying", "dead", "unconscious", "stable"):
            return _("{name} is {life} and cannot delay or ready", name=c.name, life=life_word(c.life))
        for inst in c.conditions:
            if "unconscious" in self.rules.conditions.catalogue.define(inst.cond).flags:
                return _("{name} is {cond} and cannot delay or ready", name=c.name,
                         cond=flag_names(self.rules, [inst.cond]))
        return None

    def can_delay(self, c: Combatant):
        """§1.1.5: delaying is chosen instead of acting, so not once the turn has spent an action."""
        why = self.can_change_initiative(c)
        if why:
            return why
        spent = economy.spent_this_turn(c)
        if spent:
            return _("{name} has already acted this turn ({spent}): delaying is chosen before acting",
                     name=c.name, spent=spent)
        return None

    def can_ready(self, c: Combatant):
        """§1.1.6: readying is a standard action, so not once the standard action is spent."""
        why = self.can_change_initiative(c)
        if why:
            return why
        spent = economy.spent_this_turn(c, ("standard", "full"))
        if spent:
            return _("{name} has already used {whose} standard action this turn ({spent}): readying is a standard "
                     "action", whose=possessive(c), name=c.name, spent=spent)
        return None

    def surprise_round(self, ctx: Context, aware: list[Combatant], unaware: list[Combatant]) -> bool:
        """pathfinder1e.md §1.1.3 [O]: a surprise round only when some, not all, are aware."""
        played = bool(aware) and bool(unaware)
        if played:
            ctx.say(_("Surprise round: each aware combatant takes one standard or one move action (plus free "
                      "actions); the unaware stay flat-footed"), rule="pathfinder1e.md §1.1.3")
        return played

    def on_combat_start(self, ctx: Context) -> None:
        for c in list(ctx.state.combatants.values()):
            life.reconcile(ctx, c)
        initiative.combat_start(ctx, self.rules.conditions.catalogue.get("flat-footed"))

    def on_turn_start(self, ctx: Context, c: Combatant) -> None:
        economy.turn_start(ctx, c)
        hero.close_windows(ctx)
        for other in list(ctx.state.combatants.values()):
            life.reconcile(ctx, other)
        initiative.first_turn(ctx, c)
        if c.life == "dead":
            return
        was_dying = c.life == "dying"
        bleeding = self.bleed(ctx, c)
        if c.life == "dead":
            return
        afflictions.advance(ctx, c, passing.ROUND)  # a poison's save each round (§1.17)
        c = ctx.state.get(c.id)
        if c.life == "dead":
            return
        if was_dying and c.life == "dying":
            life.dying_check(ctx, c, bleeding)
        life.ferocity_tick(ctx, c)
        if c.life not in ("dead", "dying", "stable", "unconscious"):
            self.confusion(ctx, c)
        if c.id in ctx.state.readied and option(ctx.state, "ready_lapses"):
            ctx.end_ready(c, "lapsed")
            ctx.say(_("{name}'s readied action lapses (option ready_lapses: official rule)", name=named(c)),
                    rule="pathfinder1e.md §1.1.6 [Δ]", who=c.id)

    def on_turn_end(self, ctx: Context, c: Combatant) -> None:
        initiative.acted(ctx, c)

    def on_combat_end(self, ctx: Context) -> None:
        for c in ctx.state.combatants.values():
            initiative.acted(ctx, c)
        economy.combat_end(ctx)

    def on_time_passed(self, ctx: Context, seconds: int) -> None:
        regeneration.time_passed(ctx)
        passing.time_passed(ctx, seconds)

    # -- what a turn start does ------------------------------------------------------------

    def bleed(self, ctx: Context, c: Combatant) -> bool:
        """Apply every bleed (pathfinder1e.md §1.5 [S]); one per type, the worst, by the catalogue's max stacking."""
        found = False
        for inst in list(c.conditions):
            kind = BLEEDS.get(inst.cond)
            if kind is None or not inst.value or c.life == "dead":
                continue
            found = True
            if kind == "hp":
                life.lose_hp(ctx, c, inst.value, rule="pathfinder1e.md §1.5 bleed",
                             cause=_("{name} bleeds {n}", name=named(c), n=dealt(c, inst.value)))
            else:
                abilities.damage(ctx, c, kind, inst.value)
        return found

    def confusion(self, ctx: Context, c: Combatant) -> None:
        if not any(i.cond == "confused" for i in c.conditions):
            return
        n = ctx.roll("1d100", purpose=_('{name}: confusion (d%)', name=named(c)), who=c.id).total
        roll = public(n)  # a bare d%: what the creature does is plain to see
        detail = None
        if n <= 25:
            text = _("{name} is confused: d% {n}, acts normally", name=named(c), n=roll)
        elif n <= 50:
            text = _("{name} is confused: d% {n}, does nothing but babble incoherently", name=named(c), n=roll)
        elif n <= 75:
            # the damage's modifier is its Str: the GM's unless it is a PC
            text = _("{name} is confused: d% {n}, deals damage to itself with the item in hand", name=named(c), n=roll)
            detail = _("1d8{mod:+d}", mod=of(c, mod(int(c.stats.get("str") or 10))))
        else:
            text = _("{name} is confused: d% {n}, attacks the nearest creature", name=named(c), n=roll)
        ctx.say(text, rule="pathfinder1e.md §1.5 confused [O]", who=c.id, detail=detail)

    def play_round(self, ctx: Context, c: Combatant) -> None:
        """One round of time passing for a bleeding or dying creature, as at the start of its turn."""
        was_dying = c.life == "dying"
        bleeding = self.bleed(ctx, c)
        if was_dying and c.life == "dying":
            life.dying_check(ctx, c, bleeding)
        life.ferocity_tick(ctx, c)

