"""Small shared helpers: the rule tag, ability modifiers, whose turn it is."""

from __future__ import annotations

from typing import Any, Iterable

from gm_console.ruleset import Combatant, EncounterState, named

from .i18n import _

ABILITIES = ("str", "dex", "con", "int", "wis", "cha")


def rule(section: str) -> str:
    """The citation a log line carries: ``dnd5e.md §3.2``."""
    return f"dnd5e.md §{section}"


def score(c: Combatant, key: str) -> int:
    value = c.stats.get(key)
    return int(value) if isinstance(value, int) and not isinstance(value, bool) else 10


def modifier(c: Combatant, key: str) -> int:
    """An ability score's modifier: (score - 10) / 2 rounded down (dnd5e.md §1.1)."""
    return (score(c, key) - 10) // 2


def own_turn(state: EncounterState, c: Combatant) -> bool:
    return state.in_combat and state.active == c.id


def signed(n: int) -> str:
    return f"{n:+d}"


def names(who: Iterable[Combatant]) -> Any:
    """"Bo, Cy": combatants side by side, each typed as a combatant (a hidden one keeps the
    sentence from the players)."""
    out: Any = None
    for c in who:
        out = named(c) if out is None else _("{names}, {name}", names=out, name=named(c))
    return "" if out is None else out
