"""What the encounter screen's parts may use of the screen: the one page to read before them.

``EncounterScreen`` (encounter.py) lays out the panes, draws them and runs command lines; what
its keys do is in four parts, each one family of keys, each read on its own:

- ``turns.py``: the turn and the history (next, start, delay, ready, undo, run an offer...);
- ``acting.py``: the selected or marked combatants (damage, heal, attack, conditions, add...);
- ``selection.py``: who is selected and marked (up/down, Space, find by typing);
- ``files.py``: what outlasts the fight (save, save as, bestiary, party, the summary, quit).

A part holds the screen as a ``Host`` and uses only what is listed here: the Controller (the one
door to the encounter), the GM's view choices, and the screen's few verbs (run a line, open a
form, say something, redraw). Nothing here imports the screen, so the screen imports its parts
and no part imports the screen back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Protocol

from ..controller import Controller, Outcome
from ..frame import Frame

if TYPE_CHECKING:
    from textual.app import App
    from textual.widget import Widget

    from gm_console.engine.core.state import Combatant

    from ..modals.base import FormModal

#: what a run reports back: the outcome (not ok, no error: nothing ran, or the GM cancelled)
Done = Callable[[Outcome], None]


class Host(Protocol):
    controller: Controller
    lang: str
    selected: str | None  # the combatant the sheet shows and the keys act on
    marked: list[str]  # Space-marked: the next damage, healing or condition goes to each
    finding: bool  # the find bar is open (rows show their numbers)
    group_turns: str  # "each" or "block" (keymap.toml's groups)

    @property
    def app(self) -> App: ...

    # -- what the screen shows ---------------------------------------------------------
    def frame(self) -> Frame: ...

    def redraw(self) -> None: ...

    def roster_ids(self) -> list[str]: ...

    def target(self) -> Combatant | None:
        """The selected combatant (None: says so)."""

    def targets(self) -> list[Combatant]:
        """The marked combatants, or else the selected one."""

    def active(self) -> Combatant | None:
        """Whose turn it is."""

    def offers(self) -> list[tuple[str, str]]:
        """(warning, command) for every warning on the warnings line that offers a command."""

    def clear_marks(self) -> None: ...

    def query_one(self, selector, expect_type=None) -> Widget: ...

    def lend_focus(self, bar: Widget) -> None:
        """The find bar takes the keys (``return_focus`` gives them back to the pane that had them)."""

    def return_focus(self) -> None: ...

    def open_bar(self, text: str) -> None:
        """The command bar with ``text`` begun in it."""

    def rebind(self) -> None:
        """The keys again (a copy saved under another name may be writable where the old was not)."""

    # -- what the screen does ----------------------------------------------------------
    def run_line(self, line: str | None, done: Done | None = None, collected: tuple[int, ...] = (),
                 report: bool = True, typed: bool = False) -> None: ...

    def open_form(self, modal: FormModal, for_marks: bool = False) -> None: ...

    def notify(self, message: str, *, title: str = "", severity="information", timeout=None,
               markup: bool = True) -> None: ...
