"""Derived figures: Defense, Armor, Speed, Spellpower with their breakdowns (dragon_age.md §2.8)."""

from __future__ import annotations

from gm_console.ruleset import Combatant, EncounterState, Figure

from .conditions import DEFENSE_SOURCES
from .conditions_lookup import CATALOGUE
from .options import option
from .stats import ability, has_focus


def _base(c: Combatant, key: str, dex_based: bool) -> tuple[int, list[tuple[str, int]]]:
    if c.stats.get(key) is not None:
        return int(c.stats[key]), []
    dex = ability(c, "dex")
    return 10, [("Dex", dex)] if dex_based and dex else []


def defense(state: EncounterState, c: Combatant) -> Figure:
    base, parts = _base(c, "defense", True)
    bonuses: list[tuple[str, int]] = []
    for inst in c.conditions:
        d = CATALOGUE.define(inst.cond)
        delta = d.modifiers.get("defense")
        if delta and d.id in DEFENSE_SOURCES and all(label != d.en for label, _ in bonuses):
            bonuses.append((d.en, delta))
    if option(state, "defense_bonuses") == "highest" and len(bonuses) > 1:
        bonuses = [max(bonuses, key=lambda p: p[1])]
    parts += bonuses
    return Figure(base + sum(n for _, n in parts), base=base, parts=tuple(parts))


def armor(c: Combatant) -> Figure:
    return Figure(int(c.stats.get("armor") or 0))


def speed(c: Combatant) -> Figure:
    base, parts = _base(c, "speed", True)
    return Figure(base + sum(n for _, n in parts), base=base, parts=tuple(parts))


def spellpower(c: Combatant, focus: str | None = None) -> Figure:
    parts = [("Magic", ability(c, "magic"))]
    if has_focus(c, focus):
        parts.append((str(focus), 2))
    return Figure(10 + sum(n for _, n in parts), base=10, parts=tuple(parts))


def initiative_bonus(c: Combatant) -> int:
    """Dex, +2 with the Initiative focus [O]."""
    return ability(c, "dex") + (2 if has_focus(c, "initiative") else 0)


def effective(state: EncounterState, c: Combatant) -> dict[str, Figure]:
    out = {"defense": defense(state, c), "armor": armor(c), "speed": speed(c)}
    if c.stats.get("magic") or "mana" in c.pools:
        out["spellpower"] = spellpower(c)
    out["initiative"] = Figure(initiative_bonus(c))
    return out
