"""The encounter screen's keys for who the other keys act on: ↑/k ↓/j Home Space Esc and ``/``.

``/`` is the screen's (it works from any pane); the others are bound on the initiative list
(``INITIATIVE_KEYS``), which has the focus when the screen opens, and run the screen's actions
that call these.

The selected combatant is the one the sheet shows and ``d``, ``h``, ``c``... act on; Space
marks several (the next damage, healing or condition goes to each). ``/`` opens the find bar:
a few letters of a name, or a row number, select as they are typed; Enter keeps that one,
Esc goes back to whoever was selected before. The choices live on the screen (``selected``,
``marked``, ``finding``): every pane draws them.
"""

from __future__ import annotations

from gm_console.engine.core.contract import fold_text

from ..ui_text import tr
from ..widgets.command_bar import FindBar
from .host import Host


class Selection:
    def __init__(self, screen: Host) -> None:
        self.screen = screen
        self._before_find: str | None = None  # who was selected when the find bar last opened
        self._found_before = False  # the find bar has opened (before that, Esc keeps the selection)

    def select(self, step: int) -> None:
        screen = self.screen
        ids = screen.roster_ids()
        if not ids:
            return
        i = ids.index(screen.selected) if screen.selected in ids else 0
        screen.selected = ids[max(0, min(len(ids) - 1, i + step))]
        screen.redraw()

    def select_active(self) -> None:
        screen = self.screen
        if screen.controller.state.active:
            screen.selected = screen.controller.state.active
            screen.redraw()

    def mark(self) -> None:
        """Space: mark (or unmark) the selected combatant and go on to the next row."""
        screen = self.screen
        if screen.selected is None:
            return
        if screen.selected in screen.marked:
            screen.marked.remove(screen.selected)
        else:
            screen.marked.append(screen.selected)
        ids = screen.roster_ids()
        if screen.selected in ids and ids.index(screen.selected) + 1 < len(ids):
            screen.selected = ids[ids.index(screen.selected) + 1]
        screen.redraw()

    # -- the find bar ----------------------------------------------------------------------
    def find(self) -> None:
        """``/``: open the find bar."""
        screen = self.screen
        bar = screen.query_one(FindBar)
        self._before_find, self._found_before = screen.selected, True
        screen.finding = True
        bar.value = ""
        bar.display = True
        screen.lend_focus(bar)
        screen.redraw()

    def typed(self, text: str) -> None:
        """The find bar changed: the sheet shows what Enter would select (nobody matches:
        whoever was selected before)."""
        screen = self.screen
        if not screen.finding:  # the bar emptied as it closed: whoever it selected stays
            return
        found = find(screen.controller.state, screen.roster_ids(), text)
        screen.selected = found if found is not None else self._before_find
        screen.redraw()

    def entered(self, text: str) -> None:
        """Enter in the find bar: that one stays selected, or the bar says nobody matched."""
        screen = self.screen
        if not text.strip():
            self.end_find(keep=False)
            return
        found = find(screen.controller.state, screen.roster_ids(), text)
        if found is None:  # the bar closes (the next keys are keys again) and says so once
            self.end_find(keep=False)
            screen.notify(tr(screen.lang, "find_none", text=text.strip()), severity="warning")
            return
        screen.selected = found
        self.end_find(keep=True)

    def end_find(self, keep: bool) -> None:
        """Close the find bar; unless ``keep``, whoever was selected before is again."""
        screen = self.screen
        bar = screen.query_one(FindBar)
        if not keep and self._found_before:
            screen.selected = self._before_find
        bar.value = ""
        bar.display = False
        screen.finding = False
        screen.return_focus()
        screen.redraw()


def find(state, ids: list[str], text: str) -> str | None:
    """The combatant a few typed letters mean: a row number (1 = the top row), else the best
    match of the name: whole name, its beginning, a word's beginning, inside it, then its
    letters in order (``gob2`` is Goblin 2); ties go to the higher row."""
    text = text.strip()
    if not text:
        return None
    if text.isdigit():
        n = int(text)
        return ids[n - 1] if 1 <= n <= len(ids) else None
    key = fold_text(text)
    best: tuple[int, int, str] | None = None
    for row, cid in enumerate(ids):
        name = fold_text(state.get(cid).name)
        squeezed, hay = key.replace(" ", ""), name.replace(" ", "")
        if name == key:
            score = 0
        elif name.startswith(key):
            score = 1
        elif any(w.startswith(key) for w in name.split()):
            score = 2
        elif key in name:
            score = 3
        elif _in_order(squeezed, hay):
            score = 4
        else:
            continue
        if best is None or (score, row) < best[:2]:
            best = (score, row, cid)
    return best[2] if best else None


def _in_order(needle: str, hay: str) -> bool:
    it = iter(hay)
    return all(ch in it for ch in needle)
