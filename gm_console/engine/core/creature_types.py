"""A bestiary entry's type line ("Small humanoid (goblinoid)") in the reader's language.

The bestiaries keep the book's English line, as printed. A Spanish table reads it in Spanish,
with the size after the type and agreeing with it ("Bestia mágica pequeña", "Humanoide
pequeño (goblinoide)"); a word this table does not know stays as the book has it, so a
third-party bestiary's own types still read, in English.
"""

from __future__ import annotations

import re

# type (English, lower case) -> (Spanish, grammatical gender of the Spanish noun)
TYPES: dict[str, tuple[str, str]] = {
    "aberration": ("aberración", "f"), "animal": ("animal", "m"), "beast": ("bestia", "f"),
    "construct": ("constructo", "m"), "darkspawn": ("engendro tenebroso", "m"), "demon": ("demonio", "m"),
    "dragon": ("dragón", "m"), "fey": ("fata", "f"), "human": ("humano", "m"), "humanoid": ("humanoide", "m"),
    "magical beast": ("bestia mágica", "f"), "monstrous humanoid": ("humanoide monstruoso", "m"),
    "ooze": ("cieno", "m"), "outsider": ("ajeno", "m"), "plant": ("planta", "f"),
    "undead": ("muerto viviente", "m"), "undead minion": ("esbirro muerto viviente", "m"),
    "vermin": ("sabandija", "f"),
}
# size -> (masculine, feminine)
SIZES: dict[str, tuple[str, str]] = {
    "fine": ("minúsculo", "minúscula"), "diminutive": ("diminuto", "diminuta"), "tiny": ("menudo", "menuda"),
    "small": ("pequeño", "pequeña"), "medium": ("mediano", "mediana"), "large": ("grande", "grande"),
    "huge": ("enorme", "enorme"), "gargantuan": ("gargantuesco", "gargantuesca"),
    "colossal": ("colosal", "colosal"),
}
SUBTYPES: dict[str, str] = {
    "air": "aire", "aquatic": "acuático", "chaotic": "caótico", "cold": "frío", "earth": "tierra",
    "evil": "maligno", "fire": "fuego", "giant": "gigante", "gnoll": "gnoll", "goblinoid": "goblinoide",
    "human": "humano", "incorporeal": "incorpóreo", "orc": "orco", "reptilian": "reptiliano",
    "reptoid": "reptoide", "shapechanger": "cambiaformas", "space": "espacial", "swarm": "enjambre",
    "technological": "tecnológico", "water": "agua",
}
_LINE = re.compile(r"^\s*(?:(?P<size>\w+)\s+)?(?P<type>[^()]+?)\s*(?:\((?P<sub>[^)]*)\))?\s*$")


def type_line(text: str, lang: str) -> str:
    """``text`` as the reader reads it; anything not understood is returned as written."""
    if lang != "es" or not text:
        return text
    match = _LINE.match(text)
    if not match:
        return text
    size, kind, sub = match.group("size"), match.group("type"), match.group("sub")
    if size and size.casefold() not in SIZES:  # "Medium" is not a size of "magical beast"'s first word
        kind, size = f"{size} {kind}", None
    known = TYPES.get(kind.casefold())
    if known is None:
        return text
    spanish, gender = known
    words = [spanish]
    if size:
        masc, fem = SIZES[size.casefold()]
        words.append(fem if gender == "f" else masc)
    line = " ".join(words)
    line = line[0].upper() + line[1:]
    if sub:
        parts = [p.strip() for p in sub.split(",")]
        line += " (" + ", ".join(SUBTYPES.get(p.casefold(), p) for p in parts) + ")"
    return line
