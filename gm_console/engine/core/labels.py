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
    # the rest of the stat blocks' keys, short enough for a form's label column
    "pc": C_("label", "PC"),
    "cr": C_("label", "CR"),
    "xp": C_("label", "XP"),
    "gender": C_("label", "gender"),
    "notes": C_("label", "notes"),
    "owner": C_("label", "owner"),
    "size": C_("label", "size"),
    "shield": C_("label", "shield"),
    "natural": C_("label", "natural armor"),
    "evasion": C_("label", "evasion"),
    "twf": C_("label", "two weapons"),
    "dr": C_("label", "DR"),
    "er": C_("label", "ER"),
    "resist": C_("label", "resistances"),
    "immune": C_("label", "immunities"),
    "vulnerable": C_("label", "vulnerabilities"),
    "regeneration": C_("label", "regeneration"),
    "fast_healing": C_("label", "fast healing"),
    "ferocity": C_("label", "ferocity"),
    "key": C_("label", "key ability"),
    "full": C_("label", "full"),
    "eac_armor": C_("label", "EAC armor"),
    "kac_armor": C_("label", "KAC armor"),
    "dc": C_("label", "DC"),
    "collision": C_("label", "collision"),
    "pilot": C_("label", "pilot"),
    "control": C_("label", "control"),
    "autopilot": C_("label", "autopilot"),
    "communication": C_("label", "Communication"),
    "cunning": C_("label", "Cunning"),
    "magic": C_("label", "Magic"),
    "willpower": C_("label", "Willpower"),
    "focus": C_("label", "focuses"),
    "weapon": C_("label", "weapon"),
    "weapon_ability": C_("label", "weapon ability"),
    "weapon_focus": C_("label", "weapon focus"),
    "weapon_kind": C_("label", "weapon kind"),
}


def short_label(key: str) -> "Msg | str":
    """The table's name for ``key``, else the key itself (``dr`` -> ``DR``, ``full`` -> ``full``)."""
    found = LABELS.get(key)
    if found is not None:
        return found
    return key.upper() if len(key) <= 3 else key.replace("_", " ")
