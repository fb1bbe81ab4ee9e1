"""What every pane draws from: one snapshot of the encounter plus the GM's view choices.

The screen builds a Frame after each command and hands it to every pane, so
all panes show the same state and none of them reaches for the encounter on
its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from typing import Sequence

from gm_console.engine.core.bestiary import EMPTY, Bestiary
from gm_console.engine.core.contract import Ruleset
from gm_console.engine.language.core_verbs import registry_for
from gm_console.engine.language.session import Entry
from gm_console.engine.core.state import Combatant, EncounterState
from gm_console.engine.language.verbs import Registry


@dataclass(frozen=True)
class Frame:
    state: EncounterState
    ruleset: Ruleset
    history: Sequence[Entry] = ()  # the actions done, oldest first (the log, the timeline)
    verbs: Registry | None = None  # the encounter's verbs (None: the game's, looked up)
    bestiary: Bestiary = field(default_factory=lambda: EMPTY)  # what `add @NAME` finds
    lang: str = "en"
    selected: str | None = None
    breakdown: bool = False
    marked: tuple[str, ...] = ()  # space-marked: damage, healing and conditions go to all of them
    numbered: bool = False  # the GM is selecting by typing: rows show their numbers

    def language(self) -> Registry:
        return self.verbs if self.verbs is not None else registry_for(self.ruleset)

    def spoken(self, line: str) -> str:
        """A command line as a GM at this table types it (its verb in the GM's language)."""
        return self.language().spoken(line, self.lang)

    @property
    def selected_combatant(self) -> Combatant | None:
        if self.selected and self.selected in self.state.combatants:
            return self.state.combatants[self.selected]
        return None
