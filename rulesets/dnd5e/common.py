"""Small shared helpers: the rule tag, ability modifiers, whose turn it is."""

from __future__ import annotations

from gm_console.ruleset import Combatant, EncounterState

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
