"""The dice tray: roll anything or make a check, with the last rolls in view.

It shows the encounter's recent rolls (read from the log, newest first, hidden
ones marked GM) and builds one line: ``r EXPR [LABEL]``, or a ``check ...``
line typed as is. Like every modal, it never rolls itself: the screen runs the
line through the engine, so the roll lands in the log and the save.
"""

from __future__ import annotations

from typing import Iterable

from textual.app import ComposeResult
from textual.widgets import Static

from gm_console.engine.core import events as ev
from gm_console.engine.views.describe import roll_purpose
from gm_console.i18n import render
from gm_console.engine.language.session import Entry

from ..ui_text import tr
from ..safe import visible
from .base import FormError, FormModal

HISTORY = 10


def recent_rolls(entries: Iterable[Entry], limit: int = HISTORY) -> list[tuple[int, ev.Rolled]]:
    """(round, roll) pairs, newest first."""
    out: list[tuple[int, ev.Rolled]] = []
    for entry in reversed(list(entries)):
        for event in reversed(entry.events):
            if isinstance(event, ev.Rolled):
                out.append((entry.round, event))
                if len(out) >= limit:
                    return out
    return out


class DiceTrayModal(FormModal[str]):
    FIRST = "#expr"
    DEFAULT_CSS = """
    DiceTrayModal #history { height: auto; max-height: 12; color: $text-muted; margin-bottom: 1; }
    """

    def __init__(self, lang: str, entries: Iterable[Entry]) -> None:
        super().__init__(lang, tr(lang, "dice_tray_title"))
        self.rolls = recent_rolls(entries)

    def fields(self) -> ComposeResult:
        yield self.label("dice_tray_recent")
        if self.rolls:
            lines = []
            for rnd, roll in self.rolls:
                where = tr(self.lang, "round", n=rnd) if rnd else tr(self.lang, "setup_round")
                gm = " (GM)" if roll.hidden else ""
                what = render(roll_purpose(roll, self.lang), self.lang)
                lines.append(f"{where} · {what}: {roll.text or roll.total}{gm}")
            yield Static(visible("\n".join(lines)), id="history", markup=False)
        else:
            yield Static(tr(self.lang, "dice_tray_none"), id="history")
        yield self.label("dice_tray_expr")
        yield self.input("expr", placeholder=tr(self.lang, "dice_example"))

    def build(self) -> str:
        text = self.value("expr").strip()
        if not text:
            raise FormError(tr(self.lang, "dice_tray_empty"))
        head = text.split(None, 1)[0].casefold()
        if head in ("check", "prueba", "chequeo", "r", "dados", "tirada"):
            return text
        return f"r {text}"
