"""The `:` command bar: the command language typed, with history and Tab completion.

It only collects a line; the screen runs it through the controller like any
other action. On an error the text stays so the GM can fix a typo instead of
retyping the whole line.
"""

from __future__ import annotations

from gm_console.i18n import render

from textual.message import Message
from textual.widgets import Input

from gm_console.engine.core.contract import listing

from ..bindings import COMMAND_BAR_KEYS, FIND_BAR_KEYS, bindings_for, in_language
from ..safe import visible


class CommandBar(Input):
    #: Esc, ↑/↓ (history) and Tab (completion), while the bar has the focus; ids, words and
    #: tooltips in bindings.py (keymap.toml remaps them by id)
    BINDINGS = bindings_for(COMMAND_BAR_KEYS, "en")

    class Closed(Message):
        pass

    class Hint(Message):
        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    def __init__(self, lang: str = "en", **kwargs) -> None:
        super().__init__(**kwargs)
        in_language(self, COMMAND_BAR_KEYS, lang)
        self.history: list[str] = []
        self._cursor: int | None = None
        self.context = None  # callable -> (state, ruleset, lang)

    def remember(self, line: str) -> None:
        if line and (not self.history or self.history[-1] != line):
            self.history.append(line)
        self._cursor = None

    def action_history(self, step: int) -> None:
        if not self.history:
            return
        if self._cursor is None:
            self._cursor = len(self.history)
        self._cursor = max(0, min(len(self.history), self._cursor + step))
        self.value = self.history[self._cursor] if self._cursor < len(self.history) else ""
        self.cursor_position = len(self.value)

    def validate_value(self, value: str) -> str:
        """A name completed (or a line pasted) with control characters shows them escaped
        instead of sending them to the terminal (see ``safe``)."""
        return visible(value)

    def action_complete(self) -> None:
        from ..completion import complete  # the first Tab, not the first frame

        if self.context is None:
            return
        state, ruleset, lang = self.context()
        text = self.value[: self.cursor_position]
        done = complete(text, state, ruleset, lang)
        new = done.apply(text)
        if new != text:
            self.value = new + self.value[self.cursor_position:]
            self.cursor_position = len(new)
        if len(done.candidates) > 1:
            self.post_message(self.Hint(render(listing(done.candidates), lang)))
        else:
            self.post_message(self.Hint(""))

    def action_close(self) -> None:
        self.post_message(self.Closed())


class FindBar(Input):
    """`/`: a few letters of a name (or a row number), and Enter selects that combatant.

    The screen selects the best match as the GM types, so the sheet already shows it;
    Escape goes back to whoever was selected before."""

    BINDINGS = bindings_for(FIND_BAR_KEYS, "en")  # Esc (bindings.py: its id, words and tooltip)

    def __init__(self, lang: str = "en", **kwargs) -> None:
        super().__init__(**kwargs)
        in_language(self, FIND_BAR_KEYS, lang)

    class Closed(Message):
        pass

    def validate_value(self, value: str) -> str:
        return visible(value)

    def action_close(self) -> None:
        self.post_message(self.Closed())
