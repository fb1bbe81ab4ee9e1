"""Natural healing, rest and the daily check of the disabled (docs/rulesets/pathfinder1e.md §1.8, §1.4).

Core Rulebook, Healing: a night's rest (8 hours) heals 1 HP per character level;
a full day of bed rest, 2 per level; long-term care (Heal) doubles either.
Ability damage heals 1 point per ability per night (2 per day of bed rest,
doubled with care). A day is 24 hours of the time passed with `pass`; its first
8 hours are the night.
"""

from __future__ import annotations

import pytest

from conftest import Table
from gm_console.engine.language.commands import CommandError


def pf() -> Table:
    return Table("pathfinder1e")


def hurt(hp: str = "hp=10/30 hd=3", *more: str) -> Table:
    t = pf()
    t.do(f"add Kyra pc {hp}", *more)
    return t


# -- pass --------------------------------------------------------------------------------------

def test_a_night_heals_one_hp_per_level():
    """pathfinder1e.md §1.8: 8 hours of rest: 1 HP per character level (Kyra, level 3: +3)."""
    t = hurt()
    t.do("pass 8h")
    assert t.hp("Kyra") == 13
    assert "Kyra heals naturally after 1 night of rest (level 3 = 3 HP): HP 10 -> 13" in t.said()


@pytest.mark.parametrize("passes,healed", [
    (["7h"], 0), (["7h", "1h"], 3), (["8h"], 3), (["8h", "8h"], 3), (["16h"], 3), (["24h"], 3),
    (["8h", "8h", "8h"], 3), (["24h", "8h"], 6), (["32h"], 6), (["2d"], 6), (["56h"], 9), (["3d"], 9),
])
def test_one_night_a_day_counted_in_time_not_in_commands(passes, healed):
    """pathfinder1e.md §1.8: the nights are those of the time passed, however it was typed."""
    t = hurt()
    for p in passes:
        t.do(f"pass {p}")
    assert t.hp("Kyra") == 10 + healed


def test_healing_stops_at_the_maximum_and_a_year_is_one_step():
    t = hurt()
    entry = t.do("pass 366d")
    assert t.hp("Kyra") == 30
    assert [e.text() for e in entry.events if e.kind == "Said"] == [
        "Kyra heals naturally after 366 nights of rest (366 x level 3 = 1098 HP, up to their maximum): HP 10 -> 30"]


def test_without_hd_it_is_level_one():
    t = hurt("hp=10/30")
    t.do("pass 8h")
    assert t.hp("Kyra") == 11


def test_natural_healing_also_heals_that_much_nonlethal():
    """pathfinder1e.md §1.3 and §1.8: healing X HP removes X nonlethal too (and NL heals hourly)."""
    t = hurt("hp=10/30 hd=3 nl=40")
    t.do("pass 8h")  # 8 hours: -24 nonlethal by the hour, -3 with the night's healing
    assert t.hp("Kyra") == 13 and t.hp("Kyra", "nl") == 40 - 3 - 24


def test_ability_damage_heals_one_point_a_night_drain_does_not():
    """pathfinder1e.md §1.8 and §1.9: ability damage heals with rest; drain only by magic."""
    t = hurt("hp=30 hd=3 str=14 dex=14", "dmg Kyra 3 str", "dmg Kyra 2 dex drain")
    t.do("pass 8h")
    assert t.c("Kyra").marks["ability_damage"] == {"str": 2}
    t.do("pass 2d")
    assert "ability_damage" not in t.c("Kyra").marks
    assert t.c("Kyra").marks["ability_drain"] == {"dex": 2}


def test_the_dying_and_the_stable_do_not_heal_naturally():
    t = hurt("hp=20 con=12 hd=3", "dmg Kyra 24", "stabilize Kyra")
    t.rolls(*[2] * 30)  # aided stable: every hourly check fails, no HP lost
    t.do("pass 24h")
    assert t.hp("Kyra") == -4 and t.c("Kyra").life == "stable"


def test_the_dead_do_not_heal():
    t = hurt("hp=20 con=10", "dmg Kyra 30")
    t.do("pass 3d")
    assert t.hp("Kyra") == -10 and t.c("Kyra").life == "dead"


# -- the rest verb ------------------------------------------------------------------------------

@pytest.mark.parametrize("words,healed,ability", [
    ("", 3, 1), ("night", 3, 1), ("8h", 3, 1), ("care", 6, 2), ("day", 6, 2), ("24h", 6, 2),
    ("bed", 6, 2), ("day care", 12, 4), ("dia cuidados", 12, 4),
])
def test_rest_verb_rates(words, healed, ability):
    """pathfinder1e.md §1.8: night 1 x level, bed rest 2 x level, long-term care doubles; abilities alike."""
    t = hurt("hp=10/30 hd=3 str=14", "dmg Kyra 5 str")
    t.do(f"rest Kyra {words}".strip())
    assert t.hp("Kyra") == 10 + healed
    assert t.c("Kyra").marks["ability_damage"] == {"str": 5 - ability}


def test_rest_does_not_stack_with_the_nights_rest_of_the_same_day():
    """pathfinder1e.md §1.8: a day's healing is its best rest; `rest` and `pass` do not add up."""
    t = hurt()
    t.do("rest Kyra", "pass 8h")
    assert t.hp("Kyra") == 13
    t = hurt()
    t.do("pass 8h", "rest Kyra")
    assert t.hp("Kyra") == 13
    assert "Kyra already had that much rest today (a night's rest adds nothing; pass 24h for the next day)" \
        in t.said()


def test_a_better_rest_adds_what_it_adds_over_the_day():
    """pathfinder1e.md §1.8: a night (3) then, that same day, bed rest with care (12): 9 more."""
    t = hurt()
    t.do("pass 24h", "rest Kyra day care")
    assert t.hp("Kyra") == 10 + 12
    t.do("pass 8h")  # the next day's night
    assert t.hp("Kyra") == 25


def test_rest_everyone_skips_the_dying_and_the_dead():
    t = pf()
    t.do("add Kyra pc hp=10/30 hd=3", "add Ezren pc hp=5/20 hd=2", "add Gob hp=6 con=10", "dmg Gob 8",
         "add Orc hp=6", "dmg Orc 20", "descansar")
    assert (t.hp("Kyra"), t.hp("Ezren"), t.hp("Gob"), t.hp("Orc")) == (13, 7, -2, -14)


@pytest.mark.parametrize("setup,msg", [
    ("dmg Kyra 25", "Kyra is dying and cannot rest"),
    ("dmg Kyra 60", "Kyra is dead and cannot rest"),
])
def test_rest_refuses_the_dying_and_the_dead(setup, msg):
    t = hurt("hp=20 hd=3 con=12", setup)
    with pytest.raises(CommandError, match=msg):
        t.do("rest Kyra")


def test_rest_takes_one_rest_at_a_time():
    t = hurt()
    with pytest.raises(CommandError, match="one rest at a time"):
        t.do("rest Kyra 3d")
    assert t.hp("Kyra") == 10


def test_no_rest_in_combat():
    t = hurt()
    t.do("add Gob hp=5", "start")
    with pytest.raises(CommandError, match="combat is running"):
        t.do("rest Kyra")


# -- disabled at negative HP: the daily check ----------------------------------------------------

def disabled_kyra() -> Table:
    """Kyra, Con 12, conscious and disabled at HP -4 (woke from aided stable)."""
    t = hurt("hp=20 con=12 hd=3", "dmg Kyra 24", "stabilize Kyra")
    t.rolls(13)
    t.do("pass 1h")
    assert t.c("Kyra").life == "disabled" and t.hp("Kyra") == -4
    return t


@pytest.mark.parametrize("passes,checks", [
    (["8h"], 1), (["8h", "8h"], 1), (["16h"], 1), (["6h", "1h", "1h"], 1), (["23h"], 1),
    (["8h", "16h"], 1), (["8h", "8h", "8h", "8h"], 2), (["7h"], 1), (["6h"], 0), (["47h"], 2),
])
def test_daily_check_counts_days_not_pass_commands(passes, checks):
    """pathfinder1e.md §1.4 and §1.8: once a day after the night's 8 hours (she woke 1 h into day 0)."""
    t = disabled_kyra()
    t.rolls(*[2] * 5)  # each check fails: -1 HP, still conscious
    for p in passes:
        t.do(f"pass {p}")
    assert t.hp("Kyra") == -4 - checks and t.c("Kyra").life == "disabled"
    assert len(t.dice.forced) == 5 - checks


def test_daily_check_success_heals_from_the_next_night():
    """pathfinder1e.md §1.4 [S]: once it succeeds it heals naturally (from the next day's rest, [I])."""
    t = disabled_kyra()
    t.rolls(16)
    t.do("pass 8h")
    assert t.c("Kyra").marks["recovering"] is True and t.hp("Kyra") == -4
    t.do("pass 24h")
    assert t.hp("Kyra") == -1 and t.c("Kyra").life == "disabled"
    t.do("pass 24h")
    assert t.hp("Kyra") == 2 and t.c("Kyra").life == "ok" and "recovering" not in t.c("Kyra").marks


def test_rest_makes_the_daily_check_once_a_day():
    t = disabled_kyra()
    t.rolls(2)
    t.do("rest Kyra")
    assert t.hp("Kyra") == -5
    t.do("rest Kyra", "pass 16h")  # same day: no second check
    assert t.hp("Kyra") == -5 and t.dice.forced == []


def test_long_term_care_is_the_help_that_lets_it_heal():
    """pathfinder1e.md §1.4 and §1.8: helped (long-term care), the disabled heals without the check."""
    t = disabled_kyra()
    t.do("rest Kyra care")
    assert t.hp("Kyra") == 2 and t.c("Kyra").life == "ok" and t.dice.forced == []


def test_magic_healing_that_leaves_it_negative_also_counts_as_help():
    t = disabled_kyra()
    t.do("heal Kyra 1", "pass 8h")
    assert t.hp("Kyra") == 0 and t.c("Kyra").life == "disabled"
