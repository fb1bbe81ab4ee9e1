"""The table's switches for fifth edition (dnd5e.md §9): the document's reading is the default.

Hooks that only read get the state, not a ``Context``: ``option(state, key)`` resolves the
save's value or the default the same way ``ctx.option`` does.
"""

from __future__ import annotations

from typing import Any

from gm_console.ruleset import EncounterState, OptionDef

OPTIONS: tuple[OptionDef, ...] = (
    OptionDef("monsters_dying", False, doc="a monster (not a PC) at 0 HP falls unconscious and makes death saves "
              "like a PC (SRD 5.2: the GM's choice; off, it dies at 0)"),
)

DEFAULTS = {o.key: o.default for o in OPTIONS}


def option(state: EncounterState, key: str) -> Any:
    return state.option(key, DEFAULTS[key])
