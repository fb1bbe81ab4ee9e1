"""What the dice tray (`check NAME WHAT ...`) needs from PF1: the sheet's bonus and the
conditions' effects on it, kept apart so the log shows "d20 + 5 fort - 2 shaken".

Saves, initiative, CMB and attacks are the effective figures split into base and
parts; an ability check uses the ability modifier; any other word is a skill,
which the sheet does not know but the conditions still penalize.
"""

from __future__ import annotations

from gm_console.ruleset import Combatant, EncounterState, fold_text

from .stats import mod

FIGURES = {
    "fort": "fort", "fortitude": "fort", "fortaleza": "fort", "ref": "ref", "reflex": "ref",
    "reflejos": "ref", "will": "will", "voluntad": "will", "init": "init", "initiative": "init",
    "iniciativa": "init", "ini": "init", "cmb": "cmb", "bmc": "cmb", "attack": "attack", "ataque": "attack",
    "melee": "attack", "ranged": "ranged", "distancia": "ranged",
}
ABILITIES = {"str": "str", "strength": "str", "fue": "str", "fuerza": "str", "dex": "dex",
             "dexterity": "dex", "des": "dex", "destreza": "dex", "con": "con", "constitution": "con",
             "constitucion": "con"}
PERCEPTION = {"perception", "percepcion", "perc"}


def _key(what: str) -> str:
    return fold_text(what).replace(" ", "-")


def bonus(rs, state: EncounterState, c: Combatant, what: str) -> int | None:
    key = _key(what)
    if key in FIGURES:
        return rs.effective(state, c)[FIGURES[key]].base
    if key in ABILITIES:
        return mod(rs.effective(state, c)[ABILITIES[key]].base)
    return None


def modifiers(rs, state: EncounterState, c: Combatant, what: str, opposed: bool) -> list[tuple[str, int]]:
    key = _key(what)
    figs = rs.effective(state, c)
    if key in FIGURES:
        return list(figs[FIGURES[key]].parts)
    if key in ABILITIES:
        fig = figs[ABILITIES[key]]
        delta = mod(fig.value) - mod(fig.base)
        out = [(f"{key} {fig.value}", delta)] if delta else []
        return out + list(figs["checks"].parts)
    out = list(figs["skills"].parts)
    if key in PERCEPTION:
        for inst in rs.active_conditions(c):
            if inst.cond == "fascinated":
                out.append(("fascinated", -4))
            elif inst.cond == "dazzled":
                out.append(("dazzled (sight)", -1))
            elif inst.cond == "blinded" and opposed:
                out.append(("blinded", -4))
            elif inst.cond == "deafened" and opposed:
                out.append(("deafened", -4))
    return out
