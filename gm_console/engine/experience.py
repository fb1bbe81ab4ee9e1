"""Experience points for defeated foes, by challenge rating, from the published tables.

A ruleset may answer ``Sheet.xp(c)`` itself; when it answers None this module's table for
its game applies (docs/players.md §4): Pathfinder 1e's Core Rulebook, Table 12-2
"Experience Point Awards", and Starfinder's Core Rulebook, Table 11-3 "Experience Point
Awards" (the same numbers, from CR 1/3). The CR is the combatant's ``cr`` stat, else (a
Starfinder foe, whose ``cr`` is its ``level``) its level, else the CR of the bestiary entry
it was added from (``add @goblin``); ``1/2`` or ``0.5`` for the fractions.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from .state import Combatant

#: the awards for CR 1 to 25 (both tables)
_WHOLE = (400, 600, 800, 1200, 1600, 2400, 3200, 4800, 6400, 9600, 12800, 19200, 25600, 38400, 51200,
          76800, 102400, 153600, 204800, 307200, 409600, 614400, 819200, 1228800, 1638400)
_FRACTIONS_PF1 = {Fraction(1, 8): 50, Fraction(1, 6): 65, Fraction(1, 4): 100, Fraction(1, 3): 135,
                  Fraction(1, 2): 200}
_FRACTIONS_SF = {Fraction(1, 3): 135, Fraction(1, 2): 200}

TABLES: dict[str, dict[Fraction, int]] = {
    "pathfinder1e": {**_FRACTIONS_PF1, **{Fraction(n): xp for n, xp in enumerate(_WHOLE, 1)}},
    "starfinder": {**_FRACTIONS_SF, **{Fraction(n): xp for n, xp in enumerate(_WHOLE, 1)}},
}


def challenge(c: Combatant, ruleset_id: str) -> Fraction | None:
    """The combatant's CR as a number, or None when its sheet has none (or a bad one)."""
    raw: Any = c.stats.get("cr")
    if raw is None and ruleset_id == "starfinder" and c.side != "pc":
        raw = c.stats.get("level")
    if raw is None and isinstance(c.marks.get("bestiary"), dict):  # added from the bestiary: its entry's CR
        raw = c.marks["bestiary"].get("cr")
    if raw is None or isinstance(raw, bool):
        return None
    try:
        value = Fraction(str(raw).strip().replace(",", "."))
    except (ValueError, ZeroDivisionError):
        return None
    return value if value > 0 else None


def xp_by_cr(ruleset_id: str, c: Combatant) -> int | None:
    """The combatant's ``xp`` stat (a foe the GM priced by hand, docs/sheets.md), else the
    table's award for its CR; None where the game has no table or the sheet no CR (a CR
    between two rows gets the lower one)."""
    own = c.stats.get("xp")
    if isinstance(own, int) and not isinstance(own, bool) and own >= 0:
        return own
    table = TABLES.get(ruleset_id)
    cr = challenge(c, ruleset_id)
    if table is None or cr is None:
        return None
    rows = [row for row in table if row <= cr]
    return table[max(rows)] if rows else None


def cr_text(cr: Fraction | None) -> str:
    if cr is None:
        return ""
    return str(cr.numerator) if cr.denominator == 1 else f"{cr.numerator}/{cr.denominator}"
