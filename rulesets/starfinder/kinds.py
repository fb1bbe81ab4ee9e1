"""Starfinder's damage types in both languages: the words `dmg` takes and the names the log
writes (starfinder.md §3.3). Apart from damage.py so that monsters.py, which damage.py reads,
can name types too without an import cycle."""

from __future__ import annotations

from gm_console.ruleset import Term, joined

from .i18n import T_

ENERGY = ("acid", "cold", "electricity", "fire", "sonic")
#: word -> canonical damage types (energy words of the seed map to their SF types)
TYPE_WORDS: dict[str, tuple[str, ...]] = {
    "acid": ("acid",), "a": ("acid",), "acido": ("acid",), "ácido": ("acid",),
    "cold": ("cold",), "c": ("cold",), "frio": ("cold",), "frío": ("cold",),
    "electricity": ("electricity",), "e": ("electricity",), "electric": ("electricity",),
    "electricidad": ("electricity",), "electrico": ("electricity",), "eléctrico": ("electricity",),
    "fire": ("fire",), "f": ("fire",), "fuego": ("fire",),
    "sonic": ("sonic",), "so": ("sonic",), "sonico": ("sonic",), "sónico": ("sonic",),
    "plasma": ("electricity", "fire"), "laser": ("fire",), "láser": ("fire",), "solar": ("fire",),
    "energy": ("energy",), "energia": ("energy",), "energía": ("energy",), "arcane": ("energy",),
    "arcano": ("energy",),
    "bludgeoning": ("bludgeoning",), "b": ("bludgeoning",), "contundente": ("bludgeoning",),
    "piercing": ("piercing",), "p": ("piercing",), "perforante": ("piercing",),
    "slashing": ("slashing",), "s": ("slashing",), "cortante": ("slashing",),
    "kinetic": ("kinetic",), "cinetico": ("kinetic",), "cinético": ("kinetic",),
}
#: the damage types' names, in both languages (data, like conditions' names)
KIND_ES = {"acid": "ácido", "cold": "frío", "electricity": "electricidad", "fire": "fuego", "sonic": "sónico",
           "energy": "energía", "bludgeoning": "contundente", "piercing": "perforante", "slashing": "cortante",
           "kinetic": "cinético", "nonlethal": "no letal", "untyped": "sin tipo", "poison": "veneno",
           "disease": "enfermedad", "bleed": "sangrado"}

#: each damage type as the catalogue holds it (msgctxt "damage type")
KIND_TERMS = {en: T_("damage type", en, es) for en, es in KIND_ES.items()}
#: the same after an amount or the word damage: Spanish puts "de" before a noun ("4 de fuego",
#: "recibe 4 de daño de fuego") and none before an adjective ("6 cortante")
KIND_AFTER_ES = {**KIND_ES, "acid": "de ácido", "cold": "de frío", "electricity": "de electricidad",
                 "fire": "de fuego", "energy": "de energía", "poison": "de veneno", "disease": "de enfermedad",
                 "bleed": "de sangrado"}
KIND_AFTER = {en: T_("damage after an amount", en, es) for en, es in KIND_AFTER_ES.items()}


def kind_term(*kinds: str, after: bool = False) -> Term:
    """Damage types as one name in the reader's language: "electricity, fire" / "electricidad, fuego";
    ``after`` an amount or the word damage: "de electricidad, de fuego"."""
    names = [k for k in kinds if k] or ["untyped"]
    words = KIND_AFTER if after else KIND_TERMS
    return joined([words.get(k, k) for k in names], ", ")
