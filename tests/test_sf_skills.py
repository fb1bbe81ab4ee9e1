"""The Starfinder stat block a bestiary needs (docs/rulesets/starfinder.md §3.0, §3.9): Int, Wis and Cha,
the skills a GM rolls most, in English and Spanish, and checks rolled from the sheet."""

from __future__ import annotations

import pytest

from conftest import Table
from gm_console.engine.language.commands import CommandError


def test_mental_abilities_and_skills_are_keys_of_the_stat_block():
    """§3.0: `add X wis=14 perception=7` is accepted and kept."""
    t = Table("starfinder")
    t.do("add Ksarik hp=20 int=2 wis=14 cha=6 perception=7 stealth=9 acrobatics=5 athletics=8 "
         "sense-motive=4 bluff=3 diplomacy=1 intimidate=6 mysticism=2 engineering=4 computers=3")
    stats = t.c("Ksarik").stats
    assert (stats["wis"], stats["perception"], stats["sense_motive"], stats["stealth"]) == (14, 7, 4, 9)


def test_spanish_names_fill_the_same_keys():
    """§3.0: sab, car, percepcion, sigilo, averiguar-intenciones, engañar..."""
    t = Table("starfinder")
    t.do("add Goblin hp=10 sab=12 car=8 inteligencia=10 percepción=4 sigilo=6 averiguar-intenciones=2 "
         "engañar=3 intimidar=5 acrobacias=1 atletismo=2 misticismo=1 ingenieria=2 informatica=3")
    stats = t.c("Goblin").stats
    assert (stats["wis"], stats["cha"], stats["int"]) == (12, 8, 10)
    assert (stats["perception"], stats["stealth"], stats["sense_motive"], stats["bluff"]) == (4, 6, 2, 3)


def test_a_check_rolls_the_skill_from_the_sheet():
    """§3.9: `check X perception vs 15`: 1d20 + the sheet's Perception."""
    t = Table("starfinder")
    t.do("add Ksarik hp=20 perception=7")
    t.rolls(8)
    t.do("check Ksarik perception vs 15")
    assert "= 15 vs DC 15: success" in t.said()[-1]


def test_a_check_lists_the_conditions_penalties():
    """§3.9 and §3.6: shaken is -2 to skill checks; Stealth is Dex-based, so entangled's -2 counts too."""
    t = Table("starfinder")
    t.do("add Ksarik hp=20 stealth=9", "cond Ksarik shaken", "cond Ksarik entangled")
    t.rolls(10)
    t.do("check Ksarik sigilo")
    assert "+9 sigilo -2 shaken -2 entangled = 15" in t.said()[-1]


def test_untrained_a_skill_is_its_key_ability_modifier():
    """§3.0 (CRB ch. 5, untrained checks): no Perception on the sheet: the Wisdom modifier."""
    t = Table("starfinder")
    t.do("add Ksarik hp=20 wis=14 dex=8")
    t.rolls(10, 10)
    t.do("check Ksarik perception", "check Ksarik acrobatics")
    assert "+2 perception = 12" in t.said()[-2] and "-1 acrobatics = 9" in t.said()[-1]


def test_a_trained_only_skill_is_not_rolled_untrained():
    """§3.0: Mysticism is trained only: without it on the sheet, no roll from Wisdom."""
    t = Table("starfinder")
    t.do("add Ksarik hp=20 wis=14")
    with pytest.raises(CommandError, match="sheet has no 'mysticism'"):
        t.do("check Ksarik mysticism vs 15")


def test_an_opposed_sense_motive_against_bluff():
    """§3.9: Bluff against Sense Motive, both from the sheets (`sense_motive`, `sensemotive`, `averiguar`)."""
    t = Table("starfinder")
    t.do("add Navasi pc hp=20 bluff=11", "add Guard hp=20 sense-motive=3")
    t.rolls(10, 10)
    t.do("check Navasi bluff vs Guard sense_motive")    # one word: a hyphen would read as a bonus
    assert t.said()[-1].endswith("Navasi wins")


def test_the_sheet_shows_the_skills_it_has():
    """§3.0: a skill on the sheet is a figure of its own, effects included."""
    t = Table("starfinder")
    t.do("add Ksarik hp=20 stealth=9 perception=7", "cond Ksarik invisibility 10")
    figures = t.session.ruleset.sheet.effective(t.state, t.c("Ksarik"))
    assert (figures["stealth"].value, figures["perception"].value) == (29, 7)
    assert "diplomacy" not in figures
