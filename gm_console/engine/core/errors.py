"""The two refusals a GM can meet, carrying a message for any language.

``CommandError``: the line could not be read (unknown verb, missing argument).
``RulesError``: the line was read, and the rules refuse it (no such combatant,
not their turn). Both hold a ``Msg`` (or, from older plugin code, a plain
English string); ``str(exc)`` is the English line, ``exc.render(lang)`` the line in
the GM's language. Every message is one line naming what was wrong and what is
accepted.

A refusal also says what it concerns, so a front end never reads its text to find out:
``verb`` (the canonical verb, once the line was read that far), ``param`` (the verb's
argument at fault, by its declared name: ``amount``, ``who``, ``fields``) and ``field``
(the stat key at fault inside ``key=value`` fields: ``hp``). Each is None when unknown.
"""

from __future__ import annotations

from typing import Any

from gm_console.i18n import Msg, render


class GMError(Exception):
    def __init__(self, message: "str | Msg", *, param: str | None = None, field: str | None = None,
                 verb: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.param = param
        self.field = field
        self.verb = verb

    def about(self, *, param: str | None = None, field: str | None = None,
              verb: str | None = None) -> "GMError":
        """Fill in what this refusal concerns where it is not known yet (the innermost code that
        knows says it first); returns the error, to be raised again."""
        self.param = self.param or param
        self.field = self.field or field
        self.verb = self.verb or verb
        return self

    def concerns(self) -> dict[str, str | None]:
        """What this refusal is about, to hand on to the error that replaces it."""
        return {"param": self.param, "field": self.field, "verb": self.verb}

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
