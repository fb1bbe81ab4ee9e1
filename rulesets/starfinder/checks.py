"""The engine's `check NAME WHAT vs DC` with Starfinder numbers: ability modifiers from scores,
saves and skills from the sheet, and the conditions' penalties listed (starfinder.md §3.6)."""

from __future__ import annotations

from gm_console.ruleset import Combatant, EncounterState, fold_text

from .figures import init_base
from .stats import mod

ABILITIES = {"str": "str", "fue": "str", "fuerza": "str", "strength": "str",
             "dex": "dex", "des": "dex", "destreza": "dex", "dexterity": "dex",
             "con": "con", "constitucion": "con", "constitution": "con",
             "int": "int", "inteligencia": "int", "intelligence": "int",
             "wis": "wis", "sab": "wis", "sabiduria": "wis", "wisdom": "wis",
             "cha": "cha", "car": "cha", "carisma": "cha", "charisma": "cha"}
SAVES = {"fort": "fort", "fortitude": "fort", "fortaleza": "fort", "ref": "ref", "reflex": "ref",
         "reflejos": "ref", "will": "will", "voluntad": "will"}
#: Str- and Dex-based skills (conditions' "Str/Dex checks" penalties apply)
PHYSICAL = {"acrobatics", "acrobacias", "athletics", "atletismo", "piloting", "pilotaje", "sleight of hand",
            "juego de manos", "stealth", "sigilo"}
PERCEPTION = {"perception", "percepcion"}
INIT = {"init", "initiative", "iniciativa", "ini"}
SKILL_STATS = {"piloting": "piloting", "pilotaje": "piloting", "medicine": "medicine", "medicina": "medicine"}


def _kind(what: str) -> tuple[str, str]:
    key = fold_text(what)
    if key in ABILITIES:
        return "ability", ABILITIES[key]
    if key in SAVES:
        return "save", SAVES[key]
    if key in INIT:
        return "init", "init"
    if key in PERCEPTION:
        return "skill", "perception"
    if key in PHYSICAL:
        return "skill", "physical"
    return "skill", key


def bonus(rs, state: EncounterState, c: Combatant, what: str) -> int | None:
    """Scores become modifiers (Con 12 checks at +1); saves, initiative and known skills from the sheet."""
    kind, name = _kind(what)
    if kind == "ability":
        score = c.stats.get(name)
        return None if score is None else mod(score)
    if kind == "save":
        value = c.stats.get(name)
        return None if value is None else int(value)
    if kind == "init":
        return init_base(c)
    stat = SKILL_STATS.get(fold_text(what))
    if stat is not None and c.stats.get(stat) is not None:
        return int(c.stats[stat])
    return None


def modifiers(rs, state: EncounterState, c: Combatant, what: str, opposed: bool = False) -> list[tuple[str, int]]:
    kind, name = _kind(what)
    parts: list[tuple[str, int]] = []
    for inst in rs.active_conditions(c):
        d = rs.catalogue.define(inst.cond)
        m = d.modifiers
        if kind == "save":
            delta = m.get("saves", 0) + m.get(name, 0)
        elif kind == "ability":
            delta = m.get("abilities", 0) + (m.get("physical", 0) if name in ("str", "dex") else 0)
        elif kind == "init":
            delta = m.get("init", 0)
        else:
            delta = m.get("skills", 0)
            if name == "physical":
                delta += m.get("physical", 0)
            if name == "perception":
                delta += m.get("perception", 0)
        if delta:
            parts.append((d.id, delta))
    return parts
