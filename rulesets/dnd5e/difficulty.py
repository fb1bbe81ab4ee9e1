"""Combat encounter difficulty by the XP budget (dnd5e.md §8.2): each PC's level gives a budget
for a low, a moderate and a high difficulty encounter; the party's budgets are summed and set
against the XP of the foes. ``difficulty`` answers ``Ruleset.difficulty`` for the add form, the
picker and ``show`` (the GM's view: hidden foes count, as in every game)."""

from __future__ import annotations

from dataclasses import dataclass

from gm_console.ruleset import Difficulty, EncounterState, Term

from .i18n import T_, _, _n

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
BANDS = {"low": T_("difficulty", "low", "baja"), "moderate": T_("difficulty", "moderate", "moderada"),
         "high": T_("difficulty", "high", "alta"),
         "beyond high": T_("difficulty", "beyond high", "por encima de alta")}


@dataclass(frozen=True)
class Assessment:
    xp: int  # the foes' XP, summed
    budgets: tuple[int, int, int] | None  # the party's low, moderate and high budgets; None: a level missing
    rating: str  # "low", "moderate", "high", "beyond high", or "unknown" (a PC without a level)
    unpriced: tuple[str, ...] = ()  # foes without CR or XP, left out of the sum
    unlevelled: tuple[str, ...] = ()  # PCs without a level
    priced: int = 0  # how many foes have an XP


def number(n: int) -> Term:
    return Term(f"{n:,}", f"{n:,}".replace(",", "."))


def party_budget(levels: list[int]) -> tuple[int, int, int]:
    return tuple(sum(BUDGET[max(1, min(20, n))][i] for n in levels) for i in range(3))  # type: ignore[return-value]


def rating(xp: int, budgets: tuple[int, int, int]) -> str:
    """The least difficulty whose budget the foes' XP fits in; above the high budget: beyond high."""
    for name, top in zip(RATINGS, budgets):
        if xp <= top:
            return name
    return "beyond high"


def assess(rules, state: EncounterState) -> Assessment:
    """Every foe's XP (its `xp`, else its CR's, dnd5e.md §8.1) against the PCs' budgets."""
    xp, unpriced, priced = 0, [], 0
    for c in state.combatants.values():
        if c.side != "foe":
            continue
        worth = rules.sheet.xp(c)
        if worth is None:
            unpriced.append(c.name)
        else:
            xp += worth
            priced += 1
    pcs = [c for c in state.combatants.values() if c.is_pc]
    levels = [c.stats.get("level") for c in pcs]
    unlevelled = tuple(c.name for c, n in zip(pcs, levels) if not isinstance(n, int) or isinstance(n, bool))
    if not pcs or unlevelled:
        return Assessment(xp, None, "unknown", tuple(unpriced), unlevelled, priced)
    budgets = party_budget([int(n) for n in levels])
    return Assessment(xp, budgets, rating(xp, budgets), tuple(unpriced), (), priced)


def difficulty(rules, state: EncounterState) -> Difficulty:
    """The add form's, the picker's and ``show``'s line (dnd5e.md §8.2)."""
    a = assess(rules, state)
    why: list = []
    if a.unpriced:
        why.append(_("not counted, no CR or XP (give cr= or xp=): {names}", names=", ".join(a.unpriced)))
    why.append(_n("{n} foe: {xp} XP", "{n} foes: {xp} XP in all", a.priced, n=a.priced, xp=number(a.xp)))
    if a.budgets is None:
        unknown = _("party level unknown (give the PCs a level: level=3)")
        if a.unlevelled:
            why.append(_("no level on the sheet of: {names}", names=", ".join(a.unlevelled)))
        else:
            why.append(_("no PCs in the encounter: add the party (side pc) with their levels"))
        return Difficulty(summary=_("{xp} XP; {unknown}", xp=number(a.xp), unknown=unknown), xp=a.xp,
                          party_unknown=unknown, why=tuple(why))
    low, moderate, high = a.budgets
    why.append(_("the party's budgets: low {low}, moderate {moderate}, high {high} XP", low=number(low),
                 moderate=number(moderate), high=number(high)))
    band = BANDS[a.rating]
    return Difficulty(summary=_("{band}: {xp} XP against the party's budgets (low {low}, moderate {moderate}, high "
                                "{high})", band=band, xp=number(a.xp), low=number(low), moderate=number(moderate),
                                high=number(high)),
                      xp=a.xp, band=band, why=tuple(why))
