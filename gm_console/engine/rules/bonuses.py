"""How bonuses and penalties to one figure add up in the d20 games (Pathfinder, Starfinder).

Bonuses of the same type do not stack: only the highest counts. Dodge bonuses and untyped
bonuses always stack; circumstance bonuses stack when they come from different sources.
Penalties always stack, except two from the same source (the same spell twice). What does
not count is kept, so the sheet's breakdown can show it dimmed. A ruleset's figures call
``combine`` with every modifier that applies to a figure (docs/rulesets/pathfinder1e.md and
starfinder.md say where this rule comes from).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

ALWAYS_STACK = frozenset({"", "untyped", "dodge"})


@dataclass(frozen=True)
class Mod:
    """One modifier to a figure: +2 morale from bless (source: who cast it, or the effect)."""

    label: str
    delta: int
    type: str = ""
    source: str = ""


def combine(mods: Iterable[Mod]) -> tuple[int, list[Mod], list[Mod]]:
    """(total, the modifiers that count, the ones that do not) — in the order given."""
    mods = list(mods)
    counts: list[Mod] = []
    best: dict[tuple, Mod] = {}
    for m in mods:
        if m.delta == 0:
            continue
        if m.delta < 0:
            key = ("penalty", m.source or id(m), m.label)
        elif m.type in ALWAYS_STACK:
            key = ("stacks", id(m))
        elif m.type == "circumstance":
            key = ("circumstance", m.source or id(m))
        else:
            key = ("typed", m.type)
        held = best.get(key)
        if held is None or (m.delta > held.delta if m.delta > 0 else m.delta < held.delta):
            best[key] = m
    winners = {id(m) for m in best.values()}
    counts = [m for m in mods if id(m) in winners]
    dropped = [m for m in mods if m.delta != 0 and id(m) not in winners]
    return sum(m.delta for m in counts), counts, dropped
