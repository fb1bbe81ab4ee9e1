"""Combat encounter difficulty by the XP budget (dnd5e.md §8.2): each PC's level gives a budget
for a low, a moderate and a high difficulty encounter; the party's budgets are summed and set
against the XP of the foes. The pure computation; the screens show it where the other games
show their difficulty once the engine asks every game for one (issue 27)."""

from __future__ import annotations

from dataclasses import dataclass

from gm_console.ruleset import EncounterState

#: XP budget per character, by level: low, moderate, high (SRD 5.2 "Gameplay Toolbox",
#: Combat Encounters: XP Budget per Character)
BUDGET = {
    1: (50, 75, 100), 2: (100, 150, 200), 3: (150, 225, 400), 4: (250, 375, 500), 5: (500, 750, 1100),
    6: (600, 1000, 1400), 7: (750, 1300, 1700), 8: (1000, 1700, 2100), 9: (1300, 2000, 2600),
    10: (1600, 2300, 3100), 11: (1900, 2900, 4100), 12: (2200, 3700, 4700), 13: (2600, 4200, 5400),
    14: (2900, 4900, 6200), 15: (3300, 5400, 7800), 16: (3800, 6100, 9800), 17: (4500, 7200, 11700),
    18: (5000, 8700, 14200), 19: (5500, 10700, 17200), 20: (6400, 13200, 22000),
}
RATINGS = ("low", "moderate", "high")


@dataclass(frozen=True)
class Assessment:
    xp: int  # the foes' XP, summed
    budgets: tuple[int, int, int] | None  # the party's low, moderate and high budgets; None: a level missing
    rating: str  # "low", "moderate", "high", "beyond high", or "unknown" (a PC without a level)
    unpriced: tuple[str, ...] = ()  # foes without CR or XP, left out of the sum
    unlevelled: tuple[str, ...] = ()  # PCs without a level


def party_budget(levels: list[int]) -> tuple[int, int, int]:
    return tuple(sum(BUDGET[max(1, min(20, n))][i] for n in levels) for i in range(3))  # type: ignore[return-value]


def rating(xp: int, budgets: tuple[int, int, int]) -> str:
    """The least difficulty whose budget the foes' XP fits in; above the high budget: beyond high."""
    for name, top in zip(RATINGS, budgets):
        if xp <= top:
            return name
    return "beyond high"


def assess(rules, state: EncounterState) -> Assessment:
    """Every living foe's XP (its `xp`, else its CR's, dnd5e.md §8.1) against the PCs' budgets."""
    xp, unpriced = 0, []
    for c in state.combatants.values():
        if c.side != "foe" or c.life == "dead":
            continue
        worth = rules.sheet.xp(c)
        if worth is None:
            unpriced.append(c.name)
        else:
            xp += worth
    pcs = [c for c in state.combatants.values() if c.is_pc]
    levels = [c.stats.get("level") for c in pcs]
    unlevelled = tuple(c.name for c, n in zip(pcs, levels) if not isinstance(n, int) or isinstance(n, bool))
    if not pcs or unlevelled:
        return Assessment(xp, None, "unknown", tuple(unpriced), unlevelled)
    budgets = party_budget([int(n) for n in levels])
    return Assessment(xp, budgets, rating(xp, budgets), tuple(unpriced))
