"""The words a GM types for a figure or a bonus type in an effect (``ca+2``, ``ataque+1:moral``).

One table of English and Spanish spellings for the figure keys the built-in games read, and one
for the d20 bonus types; a game picks the keys it has (``words_for``) and adds its own (skills,
abilities). Keys are folded (``fold_text``: case, accents, ``-``/``_`` ignored), so ``daño``,
``dano`` and ``DAÑO`` are one word.
"""

from __future__ import annotations

from typing import Iterable, Mapping

from ..core.text import fold_text

#: figure key -> other spellings, English then Spanish (the key itself is always accepted)
FIGURE_SPELLINGS: Mapping[str, tuple[str, ...]] = {
    "ac": ("armor class", "armour class", "ca", "clase de armadura"),
    "touch": ("touch ac", "toque", "ca toque"),
    "ff": ("flat footed", "flatfooted", "desprevenido", "ca desprevenido"),
    "cmb": ("bmc",),
    "cmd": ("dmc",),
    "eac": ("energy ac", "cae", "ca energia", "ca de energia"),
    "kac": ("kinetic ac", "cac", "ca cinetica"),
    "attack": ("attacks", "atk", "ataque", "ataques", "atq"),
    "melee": ("melee attack", "cuerpo a cuerpo", "ataque cuerpo a cuerpo"),
    "melee_attack": ("melee", "cuerpo a cuerpo", "ataque cuerpo a cuerpo"),
    "ranged": ("ranged attack", "distancia", "a distancia", "ataque a distancia"),
    "charge": ("carga",),
    "damage": ("dmg", "dano", "danos"),
    "saves": ("save", "saving throws", "salvaciones", "salvacion", "tiradas de salvacion", "ts"),
    "fort": ("fortitude", "fortaleza"),
    "ref": ("reflex", "reflejos"),
    "will": ("voluntad", "vol"),
    "init": ("initiative", "ini", "iniciativa", "inic"),
    "initiative": ("init", "ini", "iniciativa", "inic"),
    "speed": ("velocidad", "vel"),
    "skills": ("skill", "habilidades", "habilidad"),
    "checks": ("ability checks", "pruebas", "pruebas de caracteristica"),
    "abilities": ("ability checks", "caracteristicas", "pruebas de caracteristica"),
    "physical": ("fisico", "fisicas", "str dex checks"),
    "perception": ("percepcion",),
    "piloting": ("pilotaje", "pilotar"),
    "stealth": ("sigilo",),
    "dr": ("damage reduction", "rd", "reduccion de dano"),
    "str": ("strength", "fue", "fuerza"),
    "dex": ("dexterity", "des", "destreza"),
    "con": ("constitution", "constitucion"),
    "int": ("intelligence", "inteligencia"),
    "wis": ("wisdom", "sab", "sabiduria"),
    "cha": ("charisma", "car", "carisma"),
    "defense": ("defence", "def", "defensa"),
    "armor": ("armour", "armor rating", "armadura"),
    "spellpower": ("spell power", "poder magico", "poder de conjuro"),
    "casting": ("spellcasting", "lanzamiento", "lanzar conjuros"),
    "resist": ("resisting", "resistir"),
    "tests": ("ability tests", "tiradas de atributo", "pruebas"),
}

#: the d20 bonus types (Pathfinder Core Rulebook and Starfinder Core Rulebook, "Bonuses"):
#: type -> other spellings, English then Spanish
TYPE_SPELLINGS: Mapping[str, tuple[str, ...]] = {
    "alchemical": ("alquimico",),
    "armor": ("armour", "armadura"),
    "circumstance": ("circunstancia", "circunstancial"),
    "competence": ("competencia",),
    "deflection": ("desvio",),
    "divine": ("divino",),
    "dodge": ("esquiva",),
    "enhancement": ("mejora",),
    "insight": ("perspicacia", "intuicion", "introspeccion"),
    "luck": ("suerte",),
    "morale": ("moral",),
    "natural": ("natural armor", "armadura natural"),
    "profane": ("profano",),
    "racial": ("raza",),
    "resistance": ("resistencia",),
    "sacred": ("sagrado",),
    "shield": ("escudo",),
    "size": ("tamano",),
    "trait": ("rasgo",),
    "untyped": ("sin tipo",),
}


def words_for(keys: Iterable[str], extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """Every folded spelling of these figure keys -> the key (a key's own name wins over another
    key's spelling: ``melee`` is ``melee`` where the game has both), then ``extra``'s words."""
    keys = list(dict.fromkeys(keys))
    out: dict[str, str] = {}
    for key in keys:
        for word in FIGURE_SPELLINGS.get(key, ()):
            out.setdefault(fold_text(word), key)
    for word, key in (extra or {}).items():
        out.setdefault(fold_text(word), key)
    for key in keys:
        out[fold_text(key)] = key
    return out


def types_for(types: Iterable[str]) -> dict[str, str]:
    """Every folded spelling of these bonus types -> the type."""
    out: dict[str, str] = {}
    for kind in types:
        out[fold_text(kind)] = kind
        for word in TYPE_SPELLINGS.get(kind, ()):
            out.setdefault(fold_text(word), kind)
    return out
