"""Experience points for defeated foes, by challenge rating, from the published tables; and
the encounter's difficulty while it is built, from the same tables (``by_xp_table``).

A ruleset may answer ``Sheet.xp(c)`` itself; when it answers None this module's table for
its game applies (docs/players.md §4): Pathfinder 1e's Core Rulebook, Table 12-2
"Experience Point Awards", and Starfinder's Core Rulebook, Table 11-3 "Experience Point
Awards" (the same numbers, from CR 1/3). The CR is the combatant's ``cr`` stat, else (a
Starfinder foe, whose ``cr`` is its ``level``) its level, else the CR of the bestiary entry
it was added from (``add @goblin``); ``1/2`` or ``0.5`` for the fractions.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable, Mapping

from gm_console.i18n import Msg, T_, Term, _, _n, grouped

from ..core.contract.types import Difficulty
from ..core.marks import BESTIARY
from ..core.state import Combatant, EncounterState

if TYPE_CHECKING:
    from ..core.contract import Ruleset

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
    if raw is None and isinstance(BESTIARY.of(c), dict):  # added from the bestiary: its entry's CR
        raw = BESTIARY.of(c).get("cr")
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


# --- difficulty while building (Ruleset.difficulty) ---------------------------------------------

#: the encounter's CR against the average party level, and the name the books give it
#: (Pathfinder Core Rulebook Table 12-1 "Encounter Design"; Starfinder Core Rulebook Table 11-1
#: "Encounter Difficulty": the same five)
BANDS: tuple[tuple[int, Term], ...] = (
    (-1, T_("difficulty", "easy", "fácil")), (0, T_("difficulty", "average", "media")),
    (1, T_("difficulty", "challenging", "desafiante")), (2, T_("difficulty", "hard", "difícil")),
    (3, T_("difficulty", "epic", "épica")),
)


number = grouped  # 1,200 / 1.200


def encounter_cr(table: Mapping[Fraction, int], xp: int) -> Fraction | None:
    """The encounter's CR for its XP total: the highest row of the game's XP table whose award
    the total reaches (4,800 + 4 × 1,200 = 9,600: CR 10); None below the table's first row."""
    rows = [cr for cr, award in table.items() if award <= xp]
    return max(rows) if rows else None


def average_party_level(levels: list[int]) -> tuple[int, Msg]:
    """The books' APL: the PCs' levels averaged and rounded to the nearest whole number (a half
    rounds up), minus 1 for three PCs or fewer, plus 1 for six or more; and how it was found."""
    count, total = len(levels), sum(levels)
    average = Fraction(total, count)
    rounded = math.floor(average + Fraction(1, 2))
    text = str(rounded) if average.denominator == 1 else f"{float(average):.2f}".rstrip("0").rstrip(".")
    shown = Term(text, text.replace(".", ","))  # 4.67 / 4,67
    if count <= 3:
        return rounded - 1, _n("{n} PC, levels {levels} = {total}, average {average} → {rounded}, minus 1 for "
                               "fewer than four PCs: APL {apl}",
                               "{n} PCs, levels {levels} = {total}, average {average} → {rounded}, minus 1 for "
                               "fewer than four PCs: APL {apl}", count, n=count, levels="+".join(map(str, levels)),
                               total=total, average=shown, rounded=rounded, apl=rounded - 1)
    if count >= 6:
        return rounded + 1, _("{n} PCs, levels {levels} = {total}, average {average} → {rounded}, plus 1 for six PCs "
                              "or more: APL {apl}", n=count, levels="+".join(map(str, levels)), total=total,
                              average=shown, rounded=rounded, apl=rounded + 1)
    return rounded, _("{n} PCs, levels {levels} = {total}, average {average}: APL {apl}", n=count,
                      levels="+".join(map(str, levels)), total=total, average=shown, apl=rounded)


def band_for(cr: Fraction | None, apl: int) -> tuple[Term, Msg]:
    """The books' name for an encounter of ``cr`` against ``apl``: the highest band the CR
    reaches (CR = APL-1 easy ... APL+3 epic); weaker than APL-1 is easy, stronger than APL+3 epic."""
    if cr is None:
        return BANDS[0][1], _("below the table's first CR against APL {apl}: easy", apl=apl)
    step = cr - apl
    band = BANDS[0][1]
    for offset, term in BANDS:
        if step >= offset:
            band = term
    off = f"{int(step):+d}" if step.denominator == 1 else f"{'+' if step > 0 else '-'}{cr_text(abs(step))}"
    if step > BANDS[-1][0]:
        return band, _("CR {cr} against APL {apl}: APL{off}, beyond epic (APL+3)", cr=cr_text(cr), apl=apl, off=off)
    if step == 0:
        return band, _("CR {cr} against APL {apl}: {band}", cr=cr_text(cr), apl=apl, band=band)
    return band, _("CR {cr} against APL {apl}: APL{off}, {band}", cr=cr_text(cr), apl=apl, off=off, band=band)


def _kind(c: Combatant) -> str:
    """Goblin 1, Goblin 2... are one kind in the explanation."""
    return re.sub(r"\s+\d+$", "", c.name) or c.name


def by_xp_table(rules: "Ruleset", state: EncounterState, level_of: Callable[[Combatant], int | None],
                counted: Callable[[Combatant], bool] | None = None,
                table: Mapping[Fraction, int] | None = None) -> Difficulty:
    """Pathfinder's and Starfinder's encounter building (docs/rulesets/pathfinder1e.md#118-difficulty-while-building):
    every foe's XP (``Sheet.xp``, else its ``xp`` stat, else its CR's award) summed, the
    encounter's CR read from the XP table, compared with the average party level of the PCs
    (``level_of`` each PC's level, None when its sheet has none). Hidden foes count; a foe
    ``counted`` refuses (a Starfinder vehicle, whose level is no CR) is named, not counted.
    ``table``: the game's XP by CR (default: this module's for the game's id; a third-party game
    with the same rule gives its own)."""
    table = dict(table) if table else TABLES.get(rules.id, {})
    if not table:
        raise ValueError(f"no XP table for {rules.id!r}: give by_xp_table a table")
    sided = [c for c in state.combatants.values() if c.side == "foe"]
    foes = [c for c in sided if counted is None or counted(c)]
    pcs = [c for c in state.combatants.values() if c.is_pc]
    why: list[Any] = []
    if len(foes) < len(sided):
        why.append(_("not counted (no challenge rating of their own): {names}",
                     names=", ".join(c.name for c in sided if c not in foes)))
    priced: dict[tuple[str, str, int], list[Combatant]] = {}
    unpriced: list[str] = []
    for c in foes:
        xp = rules.sheet.xp(c)
        if xp is None:
            xp = xp_by_cr(rules.id, c)
        if xp is None:
            unpriced.append(c.name)
            continue
        priced.setdefault((_kind(c), cr_text(challenge(c, rules.id)), xp), []).append(c)
    for (kind, cr, xp), group in priced.items():
        award = _("CR {cr}, {xp} XP", cr=cr, xp=number(xp)) if cr else _("{xp} XP", xp=number(xp))
        why.append(_n("{name}: {award}", "{name} ×{n}: {award} each", len(group), name=kind, n=len(group),
                      award=award))
    if unpriced:
        why.append(_("not counted, no CR or XP (give cr= or xp=): {names}", names=", ".join(unpriced)))
    total = sum(xp * len(group) for (_kind_, _cr, xp), group in priced.items())
    cr = encounter_cr(table, total) if priced else None
    if priced:
        above = sorted(row for row in table if cr is None or row > cr)
        nxt = (_("; CR {cr} from {xp} XP", cr=cr_text(above[0]), xp=number(table[above[0]])) if above
               else _("; the table ends at CR {cr}", cr=cr_text(cr)))
        if cr is None:
            why.append(_("total {xp} XP: below CR {first} ({least} XP)", xp=number(total), first=cr_text(above[0]),
                         least=number(table[above[0]])))
        else:
            why.append(_("total {xp} XP: CR {cr} ({award} XP){next}", xp=number(total), cr=cr_text(cr),
                         award=number(table[cr]), next=nxt))
    levels = [level_of(c) for c in pcs]
    unknown: Msg | None = None
    apl: int | None = None
    if not pcs:
        unknown = _("party level unknown (give the PCs a level)")
        why.append(_("no PCs in the encounter: add the party (side pc) with their levels"))
    elif any(level is None for level in levels):
        unknown = _("party level unknown (give the PCs a level)")
        why.append(_("no level on the sheet of: {names} (set NAME level=N)",
                     names=", ".join(c.name for c, level in zip(pcs, levels) if level is None)))
    else:
        apl, how = average_party_level([int(level) for level in levels if level is not None])
        why.append(how)
    band: Term | None = None
    crs = ("" if cr is None else cr_text(cr)) if priced else None
    if not priced:
        summary: Any = _("no foes with a CR or XP yet; {unknown}", unknown=unknown)
        if apl is not None:
            summary = _("no foes with a CR or XP yet (APL {apl})", apl=apl)
    elif apl is None:
        summary = _("CR {cr} ({xp} XP); {unknown}", cr=crs or "<" + cr_text(min(table)), xp=number(total),
                    unknown=unknown)
    else:
        band, verdict = band_for(cr, apl)
        why.append(verdict)
        summary = _("{band}: CR {cr} ({xp} XP) against APL {apl}", band=band,
                    cr=crs or "<" + cr_text(min(table)), xp=number(total), apl=apl)
    return Difficulty(summary=summary, xp=total if priced else None, cr=crs or None, party_level=apl, band=band,
                      party_unknown=unknown, why=tuple(why))
