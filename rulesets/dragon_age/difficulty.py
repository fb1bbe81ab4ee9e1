"""What Dragon Age offers while a GM builds an encounter (docs/rulesets/dragon_age.md#214-difficulty-while-building).

Its adversaries carry a threat (minor, moderate, major, dire, epic: the bestiary's ``threat``),
but the rules this table plays by give no way to add them into an encounter's difficulty or to
weigh them against the party's level; so the line counts the foes by threat and says so, and
names no band.
"""

from __future__ import annotations

from gm_console.ruleset import THREATS, Difficulty, EncounterState, Row, engine_marks, threat

from .i18n import _



def threat_of(c) -> str | None:
    mark = engine_marks.BESTIARY.of(c)
    word = mark.get("threat") if isinstance(mark, dict) else None
    return word if isinstance(word, str) and word else None


def difficulty(state: EncounterState) -> Difficulty:
    foes = [c for c in state.combatants.values() if c.side == "foe"]
    counts: dict[str, int] = {}
    unrated = []
    for c in foes:
        word = threat_of(c)
        if word is None:
            unrated.append(c.name)
        else:
            counts[word] = counts.get(word, 0) + 1
    order = [w for w in THREATS if w in counts] + sorted(w for w in counts if w not in THREATS)
    shown = [_("{n} {threat}", n=counts[w], threat=threat(w)) for w in order]
    why = [_("Dragon Age gives adversaries a threat but no rule adding them into an encounter's difficulty: "
             "the GM judges")]
    if unrated:
        why.append(_("no threat (not from the bestiary): {names}", names=", ".join(unrated)))
    if not foes:
        summary = _("no foes yet; Dragon Age has no encounter difficulty rule")
    elif shown:
        summary = _("foes by threat: {threats} (no difficulty rule in Dragon Age)",
                    threats=Row(tuple(shown)))
    else:
        summary = _("{n} foes, none with a threat (no difficulty rule in Dragon Age)", n=len(foes))
    return Difficulty(summary=summary, why=tuple(why))
