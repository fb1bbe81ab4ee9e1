"""Initiative and what happens at each turn (dnd5e.md §7): death saves at the start of a
dying creature's turn."""

from __future__ import annotations

from gm_console.ruleset import Combatant, Context, EncounterState, Msg, Turns

from .common import modifier


class DnDTurns(Turns):
    initiative_dice = "1d20"

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

    def on_turn_start(self, ctx: Context, c: Combatant) -> None:
        if c.life == "dying":
            self.rules.health.death_save(ctx, c)

    def status(self, state: EncounterState, c: Combatant) -> "list[str | Msg]":
        return []
