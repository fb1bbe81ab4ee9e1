"""What every pane draws from: one snapshot of the encounter plus the GM's view choices.

The screen builds a Frame after each command and hands it to every pane, so
all panes show the same state and none of them reaches for the encounter on
its own.
"""

from __future__ import annotations

from dataclasses import dataclass

from gm_console.engine.contract import Ruleset
from gm_console.engine.session import Session
from gm_console.engine.state import Combatant, EncounterState


@dataclass(frozen=True)
class Frame:
    state: EncounterState
    ruleset: Ruleset
    session: Session
    lang: str = "en"
    selected: str | None = None
    breakdown: bool = False
    marked: tuple[str, ...] = ()  # space-marked: damage, healing and conditions go to all of them
    numbered: bool = False  # the GM is selecting by typing: rows show their numbers

    @property
    def selected_combatant(self) -> Combatant | None:
        if self.selected and self.selected in self.state.combatants:
            return self.state.combatants[self.selected]
        return None
