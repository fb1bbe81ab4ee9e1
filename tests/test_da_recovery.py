"""Dragon Age recovery: the Heal action, breather, sleep, level up, mana rest."""

from __future__ import annotations

import pytest

from conftest import Table
from gm_console.engine.language.commands import CommandError


def table(options=None) -> Table:
    t = Table("dragon_age", options)
    t.do("add Wynne pc health=20 cunning=2 con=1 level=3 magic=3 mana=5/15 focus=healing",
         "add Sera pc health=30 con=1 level=2 cunning=1",
         "add Hurlock health=20 str=3",
         "init Wynne 15", "init Sera 12", "init Hurlock 8", "start")
    return t


def hp(t: Table, who: str) -> int:
    return t.hp(who, "health")


def test_heal_action_restores_1d6_plus_cunning():
    """dragon_age.md §2.3 [S]: Heal: Cunning (Healing) TN 11; success restores 1d6 + Cunning."""
    t = table()
    t.do("dmg Sera 20")
    t.rolls(4, 3, 2, 5)  # 9 + 2 + 2 = 13 vs 11; 1d6 = 5
    t.do("aid Wynne Sera")
    assert hp(t, "Sera") == 17
    assert ("Wynne tends Sera: Cunning (Healing) 9 (4,3,2; dragon 4) +2 Cun +2 healing = 13 vs TN 11: success; "
            "restores 1d6 5 +2 Cunning = 7") in t.said()


def test_heal_action_exactly_eleven_succeeds():
    """dragon_age.md §2.3 [S]: the Heal action succeeds at exactly TN 11."""
    t = table()
    t.do("dmg Sera 20")
    t.rolls(3, 2, 2, 1)  # 7 + 4 = 11
    t.do("aid Wynne Sera")
    assert hp(t, "Sera") == 13


def test_failed_heal_sets_no_lockout():
    """DA register 5 [I]: a failed Heal action sets no lockout."""
    t = table()
    t.do("dmg Sera 20")
    t.rolls(2, 2, 1)  # 5 + 4 = 9
    t.do("aid Wynne Sera")
    assert hp(t, "Sera") == 10
    assert not t.c("Sera").has("heal-lockout")
    assert t.said()[-1].endswith("vs TN 11: fails")


def test_no_second_heal_until_damaged_again():
    """dragon_age.md §2.3 [S]: the ally cannot benefit from another Heal action until it takes more damage."""
    t = table()
    t.do("dmg Sera 20")
    t.rolls(6, 5, 4, 1)
    t.do("aid Wynne Sera", "next", "next", "next")
    with pytest.raises(CommandError, match="cannot benefit from another Heal action until damaged again"):
        t.do("aid Wynne Sera")
    t.do("dmg Sera 2")
    assert not t.c("Sera").has("heal-lockout")
    t.rolls(6, 5, 4, 1)
    t.do("aid Wynne Sera")
    assert hp(t, "Sera") == 14


def test_heal_amount_dragon_option():
    """dragon_age.md §2.3 [Δ] official: Dragon Die + Cunning instead of 1d6 + Cunning."""
    t = table({"heal_amount": "dragon"})
    t.do("dmg Sera 20")
    t.rolls(6, 1, 1)  # 8 + 4 = 12; dragon 6
    t.do("aid Wynne Sera")
    assert hp(t, "Sera") == 18


def test_heal_action_brings_a_dying_pc_back():
    """dragon_age.md §2.3/§2.6 [S]: a Heal action above 0 ends dying."""
    t = table()
    t.do("dmg Sera 30")
    t.rolls(6, 5, 4, 1)
    t.do("aid Wynne Sera")
    assert (hp(t, "Sera"), t.c("Sera").life) == (3, "ok")


def test_heal_action_is_a_major_action():
    """dragon_age.md §2.3 [S]: Heal is a major action."""
    t = table()
    t.do("dmg Sera 5", "defend Wynne")
    with pytest.raises(CommandError, match="major action"):
        t.do("aid Wynne Sera")


def test_breather_after_the_encounter():
    """dragon_age.md §2.6 [S]: take a breather after an encounter: 5 + Con + level."""
    t = table()
    t.do("dmg Sera 20", "dmg Wynne 15")
    with pytest.raises(CommandError, match="after the encounter"):
        t.do("breather")
    t.do("end", "breather")
    assert hp(t, "Sera") == 18  # 10 + 5 + 1 + 2
    assert hp(t, "Wynne") == 14  # 5 + 5 + 1 + 3
    with pytest.raises(CommandError, match="already taken a breather"):
        t.do("breather Sera")


def test_no_breather_for_one_at_zero_when_the_encounter_ended():
    """dragon_age.md §2.6 [S]: not available if the character was at 0 Health at the end of the encounter."""
    t = table()
    t.do("dmg Sera 30", "dmg Wynne 5")
    t.do("end")
    with pytest.raises(CommandError, match="was at 0 Health when the encounter ended"):
        t.do("breather Sera")
    t.do("heal Sera 5", "breather")
    assert hp(t, "Sera") == 5
    assert hp(t, "Wynne") == 20
    assert "Sera gets no breather: Sera was at 0 Health when the encounter ended" in t.said()


def test_breather_once_option_off():
    """dragon_age.md §2.6 [I] option breather_once=off: more than one breather."""
    t = table({"breather_once": False})
    t.do("dmg Sera 25", "end", "breather Sera", "breather Sera")
    assert hp(t, "Sera") == 21


def test_sleep_six_hours():
    """dragon_age.md §2.6 [S]: 6 h or more of sleep restore 10 + Con + level."""
    t = table()
    t.do("dmg Sera 25", "end", "pass 5h")
    assert hp(t, "Sera") == 5
    t.do("pass 6h")
    assert hp(t, "Sera") == 18


def test_sleep_does_not_help_the_dead():
    """dragon_age.md §2.6: the dead do not recover."""
    t = table()
    t.do("dmg Hurlock 30", "end", "pass 8h")
    assert hp(t, "Hurlock") == 0


def test_rest_regains_mana_per_hour():
    """dragon_age.md §2.8 [O?]: 1d6 + 4 mana per full hour of rest (quick-start rule)."""
    t = table()
    t.do("end")
    t.rolls(1, 1)  # hour 1: 5, hour 2: 5 ... capped at 15
    t.do("pass 6h")
    assert t.hp("Wynne", "mana") == 15


def test_mana_rest_option_off():
    """dragon_age.md §2.8 option mana_rest=off: no mana back with rest."""
    t = table({"mana_rest": "off"})
    t.do("end", "pass 8h")
    assert t.hp("Wynne", "mana") == 5


def test_level_up_adds_1d6_plus_con():
    """dragon_age.md §2.6 [S]: Health +1d6 + Con per level."""
    t = table()
    t.do("levelup Sera 4")
    sera = t.c("Sera")
    assert (sera.stats["level"], sera.pools["health"].value, sera.pools["health"].max) == (3, 35, 35)
    t.rolls(6)
    t.do("subir-nivel Sera")
    assert t.c("Sera").pools["health"].max == 42
