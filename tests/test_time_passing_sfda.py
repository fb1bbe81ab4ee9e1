"""Long rests in closed form: `pass` costs a few events per combatant whatever its length
(dragon_age.md §2.9, §2.6, §2.8; starfinder.md §3.10). Speed itself is measured in
benchmarks/, not here."""

from __future__ import annotations

import pytest

from conftest import Table


def events(entry, kind: str | None = None) -> list:
    return [e for e in entry.events if kind is None or e.kind == kind]


# -- Dragon Age ----------------------------------------------------------------------------------


def test_a_year_of_rest_for_100_mages_is_a_few_events_each_and_the_mana_is_right():
    """dragon_age.md §2.8, §2.9: 1d6 + 4 mana an hour: 8784 hours fill any of these pools, so no
    die is rolled; health comes back by nights (366 of them). The issue: 57 s and 120 MB before."""
    t = Table("dragon_age")
    t.do(*[f"add Mage{i} pc health=5/20 con=1 mana=1/30 magic=3" for i in range(100)])
    entry = t.do("pass 366d")
    assert len(entry.events) <= 3 * 100 + 1
    assert events(entry, "Rolled") == []
    assert all((t.hp(f"Mage{i}", "mana"), t.hp(f"Mage{i}", "health")) == (30, 20) for i in range(100))


def test_when_the_dice_matter_all_the_hours_are_one_roll():
    """dragon_age.md §2.8: 2/40 for 6 h: 6 x 5 = 30 cannot fill the 38 missing: 6d6 + 24 rolled once."""
    t = Table("dragon_age")
    t.do("add Morrigan pc health=20 mana=2/40")
    t.rolls(1, 1, 1, 1, 1, 2)
    entry = t.do("pass 6h")
    (rolled,) = events(entry, "Rolled")
    assert rolled.expr.replace(" ", "") == "6d6+24" and len(rolled.dice) == 6
    assert t.hp("Morrigan", "mana") == 2 + 7 + 24


@pytest.mark.parametrize("current,rolls", [(10, False), (9, True)])
def test_five_an_hour_is_the_boundary_for_rolling(current, rolls):
    """dragon_age.md §2.8: 30 missing in 6 h is full whatever the dice (6 x 5 = 30); 31 is not."""
    t = Table("dragon_age")
    t.do(f"add Morrigan pc health=20 mana={current}/40")
    t.rolls(*[1] * 6)
    entry = t.do("pass 6h")
    assert bool(events(entry, "Rolled")) == rolls
    assert t.hp("Morrigan", "mana") == (40 if not rolls else 9 + 30)


def test_beyond_a_hundred_rolled_hours_the_rest_count_the_average():
    """dragon_age.md §2.8 [I]: 0/10000 for 10 days: 100 dice (all 1s: 500) + 140 h x 7.5 = 1050."""
    t = Table("dragon_age")
    t.do("add Flemeth health=20 mana=0/10000")
    t.rolls(*[1] * 100)
    t.do("pass 10d")
    assert t.hp("Flemeth", "mana") == 500 + 1050


@pytest.mark.parametrize("duration,nights", [("5h", 0), ("6h", 1), ("8h", 1), ("24h", 1), ("29h", 1),
                                             ("30h", 2), ("2d", 2), ("366d", 366)])
def test_sleep_heals_by_nights(duration, nights):
    """dragon_age.md §2.6, §2.9 [I]: 10 + Con + level a night; a night per day, and one more for
    6 h or more left over."""
    t = Table("dragon_age")
    t.do("add Alistair pc health=1/10000 con=2 level=3")
    t.do(f"pass {duration}")
    assert t.hp("Alistair", "health") == 1 + 15 * nights


def test_two_passes_of_eight_hours_are_two_nights():
    """dragon_age.md §2.9: each pass of 6 h or more is a night (the tracker keeps no clock of day)."""
    t = Table("dragon_age")
    t.do("add Alistair pc health=1/100 con=0 level=1", "pass 8h", "pass 8h")
    assert t.hp("Alistair", "health") == 1 + 2 * 11


def test_nothing_to_regain_no_events_for_it():
    """dragon_age.md §2.9: a full combatant adds nothing to the log."""
    t = Table("dragon_age")
    t.do("add Sera pc health=25", "add Morrigan pc health=20 mana=40")
    entry = t.do("pass 366d")
    assert [e.kind for e in entry.events] == ["TimePassed"]


def test_the_dead_and_the_dying_do_not_rest_and_mana_rest_off():
    """dragon_age.md §2.6, §2.10: no sleep for the dead or dying; `mana_rest off` keeps the mana
    (the night's 10 + Con 0 + level 1 still heals)."""
    t = Table("dragon_age", {"mana_rest": "off"})
    t.do("add Morrigan pc health=5/20 mana=2/40", "add Dead health=5/20", "cond Dead dead",
         "add Wynne pc health=5/20 con=9", "dmg Wynne 5")
    assert t.c("Wynne").life == "dying"
    t.do("pass 6h")
    assert (t.hp("Morrigan", "health"), t.hp("Morrigan", "mana")) == (16, 2)
    assert t.hp("Dead", "health") == 5 and t.hp("Wynne", "health") == 0


def test_one_line_in_both_languages():
    """dragon_age.md §2.9: health and mana in one line per combatant, English and Spanish."""
    t = Table("dragon_age")
    t.do("add Morrigan pc health=5/20 con=1 mana=2/40")
    entry = t.do("pass 2d")
    (said,) = events(entry, "Said")
    assert said.text() == ("Rest (48 h, 2 nights): Morrigan sleeps: health 5 -> 20 (2 x (10 +1 Con + 1 level)); "
                       "mana 2 -> 40 (48 x (1d6+4), at least 5 an hour: full)")
    assert said.text("es").startswith("Descanso (48 h, 2 noches): Morrigan duerme: Salud 5 -> 20")
    assert said.rule == "dragon_age.md §2.9"


# -- Starfinder ------------------------------------------------------------------------------------


def starfinder_camp(n: int = 20) -> Table:
    t = Table("starfinder")
    for i in range(n):
        t.do(f"add Rester{i} pc sp=1/30 hp=20 rp=3", f"spend Rester{i} resolve stamina",
             f"add Stable{i} pc sp=0/10 hp=1/20 rp=0 con=10", f"dmg Stable{i} 1", f"cond Stable{i} stable",
             f"add Burning{i} hp=20 ref=2", f"cond Burning{i} burning:2", f"cond Burning{i} bleeding:1",
             f"add Tired{i} hp=20", f"cond Tired{i} fatigued 100", f"cond Tired{i} shaken 3")
    t.rolls(*[15] * n * 8)  # every hourly Con check 10-19: stable until the 8th hour wakes them
    return t


def test_a_year_passing_in_starfinder_is_bounded_too():
    """starfinder.md §3.10: stamina rests, long-term stability (8 hourly checks at most), conditions
    with durations, burning and bleeding: a year costs a bounded number of events per creature,
    the same as two days."""
    t = starfinder_camp()
    entry = t.do("pass 366d")
    assert len(entry.events) == len(starfinder_camp().do("pass 2d").events)
    assert len(entry.events) <= 4 * 20 * 10
    assert all(t.hp(f"Rester{i}", "sp") == 30 for i in range(20))
    assert all(t.c(f"Stable{i}").life == "ok" and t.hp(f"Stable{i}") == 1 for i in range(20))
    assert len(events(entry, "Rolled")) == 20 * 8
    assert not any(t.c(f"Tired{i}").conditions for i in range(20))
