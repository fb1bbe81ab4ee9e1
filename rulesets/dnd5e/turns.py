"""Initiative and what happens at each turn (dnd5e.md §7): the turn's actions back, the
reaction back, legendary actions back, Recharge rolled, then a dying creature's death save."""

from __future__ import annotations

from gm_console.ruleset import Combatant, Context, EncounterState, Msg, Turns

from . import economy, legendary
from .common import modifier
from .conditions import flagged
from .i18n import _, _n


class DnDTurns(Turns):
    initiative_dice = "1d20"
    #: the 2024 rules have no Delay: a creature's place in the order does not move (dnd5e.md §7.1)
    delay = False
    #: a readied action not taken by the start of its owner's next turn is lost (dnd5e.md §7.3)
    ready_lapses = True

    def initiative_bonus(self, c: Combatant) -> int:
        """The sheet's initiative bonus, else the Dexterity modifier (dnd5e.md §7.1)."""
        init = c.stats.get("init")
        if isinstance(init, int) and not isinstance(init, bool):
            return init
        return modifier(c, "dex")

    def tiebreak_for(self, c: Combatant, value: float) -> tuple:
        return (self.initiative_bonus(c), modifier(c, "dex"))

    def roll_initiative(self, ctx: Context, c: Combatant):
        total, _key, text = super().roll_initiative(ctx, c)
        return total, (self.initiative_bonus(c), modifier(c, "dex")), text

    def can_change_initiative(self, c: Combatant):
        if c.life in ("dying", "dead", "stable"):
            return super().can_change_initiative(c)
        return None

    def can_delay(self, c: Combatant):
        return _("D&D 5e has no delay: the order stays as rolled; ready an action instead (ready TEXT)")

    def can_ready(self, c: Combatant):
        """Ready takes its action (dnd5e.md §7.3)."""
        why = self.can_change_initiative(c)
        if why:
            return why
        if economy.used(c).get("action"):
            return _("{name} has already taken its action this turn: Ready needs it", name=c.name)
        return None

    def trigger_position(self, ctx: Context, c: Combatant, trigger_args: tuple[str, ...]) -> str:
        """The readied action goes off as its reaction; its place in the order stays (dnd5e.md §7.3)."""
        if c.marks.get(economy.REACTION):
            ctx.fail(_("{name} has already taken its reaction this round: the readied action cannot go off",
                       name=c.name))
        if flagged(c, "incapacitated", self.rules.catalogue):
            ctx.fail(_("{name} is incapacitated: no reaction", name=c.name))
        ctx.set_mark(c, economy.REACTION, True)
        return "stay"

    def on_combat_start(self, ctx: Context) -> None:
        for c in ctx.state.combatants.values():
            economy.fresh_turn(ctx, c)
            legendary.refill(ctx, c)

    def on_turn_start(self, ctx: Context, c: Combatant) -> None:
        economy.fresh_turn(ctx, c)
        legendary.refill(ctx, c)
        if c.life == "ok":
            legendary.roll_recharges(ctx, c)
        if c.life == "dying":
            self.rules.health.death_save(ctx, c)

    def on_combat_end(self, ctx: Context) -> None:
        for c in ctx.state.combatants.values():
            economy.fresh_turn(ctx, c)
            ctx.set_mark(c, legendary.LEFT, None)
            ctx.set_mark(c, legendary.AFTER, None)

    def status(self, state: EncounterState, c: Combatant) -> "list[str | Msg]":
        out: list[str | Msg] = []
        if state.in_combat and legendary.per_round(c):
            n = legendary.left(c)
            out.append(_n("{n} legendary action left this round", "{n} legendary actions left this round", n, n=n))
        spent = c.marks.get(legendary.SPENT)
        if spent:
            out.append(_("waiting to recharge: {what}", what=", ".join(spent)))
        if state.in_combat and c.marks.get(economy.REACTION):
            out.append(_("reaction spent until its turn"))
        return out
