"""The two refusals a GM can meet, carrying a message for any language.

``CommandError``: the line could not be read (unknown verb, missing argument).
``RulesError``: the line was read, and the rules refuse it (no such combatant,
not their turn). Both hold a ``Msg`` (or, from older plugin code, a plain
English string); ``str(exc)`` is the English line, ``exc.render(lang)`` the line in
the GM's language. Every message is one line naming what was wrong and what is
accepted.
"""

from __future__ import annotations

from typing import Any

from gm_console.i18n import Msg, render


class GMError(Exception):
    def __init__(self, message: "str | Msg") -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return render(self.message, "en")

    def render(self, lang: str = "en") -> str:
        return render(self.message, lang)


class RulesError(GMError):
    """A command the rules refuse; the message is one line naming what was wrong and what is accepted."""


class CommandError(GMError, ValueError):
    """A line the command language cannot read."""


def message_of(exc: BaseException) -> Any:
    """The message an exception carries, ready for ``render``."""
    return exc.message if isinstance(exc, GMError) else str(exc)
