"""Building command lines from what the GM picked in a form.

The TUI never changes state itself: every modal ends as one line of the
command language, the same line the GM could type in the command bar or give
to ``gm-console exec``. These helpers quote names so the line reads like one a
person would type (``dmg "Goblin 1" 2d6+3 fire``) and still parses back to
the same combatant.
"""

from __future__ import annotations

import re

from gm_console.engine.core.contract import RulesError
from gm_console.engine.core.context import find_combatant
from gm_console.engine.core.state import Combatant, EncounterState

_PLAIN = re.compile(r"^[^\s\"'\\#,]+$")
_BARE = re.compile(r"^[^\s\"'\\#,=]+$")  # a name with `=` unquoted would read as key=value


def quote(text: str) -> str:
    """A token for the shlex-based parser: bare when safe, else double-quoted."""
    text = str(text)
    if text and _BARE.match(text):
        return text
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def ref(state: EncounterState, c: Combatant) -> str:
    """The combatant's name when it finds that combatant back, else its id (always unique)."""
    try:
        if find_combatant(state, c.name).id == c.id:
            return quote(c.name)
    except RulesError:
        pass
    return quote(c.id)


def refs(state: EncounterState, targets: "list[Combatant]") -> str:
    """Several combatants as one argument: ``"Goblin 1","Goblin 2"`` (one line, one undo)."""
    return ",".join(ref(state, c) for c in targets)


def join(*parts: str) -> str:
    return " ".join(p for p in parts if p)


def field(key: str, value: str) -> str:
    value = str(value).strip()
    if _PLAIN.match(value):
        return f"{key}={value}"
    return f'{key}="' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
