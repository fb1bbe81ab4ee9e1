"""Short names for figures and pools (AC, HP, touch...), in the GM's language.

The sheet, the initiative bars and the log name the same numbers, so they take
their names from one place: a ruleset's ``Sheet.label`` hook, whose default is
this table of the abbreviations d20 games share (English and, through the core
catalogue, Spanish: CA, PG, toque, desprevenido...). A key nobody names is
shown as it is (upper case when it is a short abbreviation).
"""

from __future__ import annotations

from gm_console.i18n import C_, Msg

#: figure and pool keys the built-in games use, and their short names
LABELS: dict[str, Msg] = {
    # pools
    "hp": C_("label", "HP"),
    "sp": C_("label", "SP"),
    "rp": C_("label", "RP"),
    "nl": C_("label", "nonlethal"),
    "temp": C_("label", "temp HP"),
    "hero": C_("label", "hero points"),
    "health": C_("label", "Health"),
    "mana": C_("label", "Mana"),
    "stunt": C_("label", "stunt points"),
    # defences and attacks
    "ac": C_("label", "AC"),
    "touch": C_("label", "touch"),
    "ff": C_("label", "FF"),
    "ac_melee": C_("label", "AC vs melee"),
    "ac_ranged": C_("label", "AC vs ranged"),
    "eac": C_("label", "EAC"),
    "kac": C_("label", "KAC"),
    "cmb": C_("label", "CMB"),
    "cmd": C_("label", "CMD"),
    "maneuver": C_("label", "maneuver"),
    "attack": C_("label", "attack"),
    "melee": C_("label", "melee"),
    "ranged": C_("label", "ranged"),
    "damage": C_("label", "damage"),
    "twf_main": C_("label", "two weapons"),
    "twf_off": C_("label", "off hand"),
    "miss_chance": C_("label", "miss chance"),
    "armor": C_("label", "armor"),
    "defense": C_("label", "defense"),
    "spellpower": C_("label", "spellpower"),
    # saves, abilities, the rest
    "fort": C_("label", "Fort"),
    "ref": C_("label", "Ref"),
    "will": C_("label", "Will"),
    "str": C_("label", "Str"),
    "dex": C_("label", "Dex"),
    "con": C_("label", "Con"),
    "int": C_("label", "Int"),
    "wis": C_("label", "Wis"),
    "cha": C_("label", "Cha"),
    "init": C_("label", "init"),
    "initiative": C_("label", "initiative"),
    "speed": C_("label", "speed"),
    "skills": C_("label", "skills"),
    "checks": C_("label", "checks"),
    "abilities": C_("label", "abilities"),
    "physical": C_("label", "physical"),
    "perception": C_("label", "perception"),
    "piloting": C_("label", "piloting"),
    "collision_dc": C_("label", "collision DC"),
    "level": C_("label", "level"),
    "bab": C_("label", "BAB"),
    "hd": C_("label", "HD"),
}


def short_label(key: str) -> "Msg | str":
    """The table's name for ``key``, else the key itself (``dr`` -> ``DR``, ``full`` -> ``full``)."""
    found = LABELS.get(key)
    if found is not None:
        return found
    return key.upper() if len(key) <= 3 else key.replace("_", " ")
