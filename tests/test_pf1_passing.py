"""Time passing out of combat in closed form (docs/rulesets/pathfinder1e.md §1.10).

`pass` works out bleeding and dying in one step when the outcome is known, rolls
only the checks the rules call for, and never plays a year one round at a time.
"""

from __future__ import annotations

import json

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from conftest import Table


def pf() -> Table:
    return Table("pathfinder1e")


def said_of(entry) -> list[str]:
    return [e.text() for e in entry.events if e.kind == "Said"]


def test_a_year_with_one_bleeding_goblin_is_a_few_events_and_exact():
    """pathfinder1e.md §1.10: bleed 1 on a 20-HP, Con 10 goblin: 20 rounds to 0 HP (disabled), the 21st to
    -1 (dying), then bleed 1 + the failed check each round: -3, -5, -7, -9, and the bleed of round 26
    takes it to -10: dead, 156 seconds in. A year of `pass` is that and nothing more."""
    t = pf()
    t.do("add Gob hp=20", "cond Gob bleed:1")
    entry = t.do("pass 366d")
    assert t.hp("Gob") == -10 and t.c("Gob").life == "dead"
    assert len(entry.events) < 50
    assert len(json.dumps([e.to_dict() for e in entry.events])) < 10_000
    assert said_of(entry) == [
        "Gob bleeds 1 a round for 20 rounds (120 s): HP 20 -> 0",
        "Gob is disabled at 0 HP: one move or standard action; a standard action costs 1 HP",
        "Gob bleeds 1: HP 0 -> -1",
        "Gob is dying: unconscious (Con check DC 10 at the start of each turn, dies at -10, 9 to go)",
        "Gob bleeds 1 a round and fails the Con check each round (continuous damage), 4 rounds (24 s): "
        "HP -1 -> -9",
        "Gob bleeds 1: HP -9 -> -10",
        "Gob dies (HP -10, dead at -10 (-Con))",
    ]


def test_the_same_round_by_round():
    """pathfinder1e.md §1.10: 26 passes of one round each end the same way."""
    t = pf()
    t.do("add Gob hp=20", "cond Gob bleed:1")
    for _ in range(25):
        t.do("pass 6s")
    assert t.hp("Gob") == -9 and t.c("Gob").life == "dying"
    t.do("pass 6s")
    assert t.hp("Gob") == -10 and t.c("Gob").life == "dead"


def test_a_big_creature_bleeding_for_an_hour_is_one_step():
    """pathfinder1e.md §1.10: 600 rounds of bleed 1 on 1,000 HP: one loss of 600."""
    t = pf()
    t.do("add Dragon hp=1000", "cond Dragon bleed:1")
    entry = t.do("pass 1h")
    assert t.hp("Dragon") == 400 and t.c("Dragon").life == "ok"
    assert said_of(entry)[0] == "Dragon bleeds 1 a round for 600 rounds (3600 s): HP 1000 -> 400"


def test_temporary_hp_soak_the_bleed_first():
    t = pf()
    t.do("add Gob hp=10 temp=5", "cond Gob bleed:2", "pass 30s")
    assert (t.hp("Gob"), t.hp("Gob", "temp")) == (5, 0)


def test_dying_without_bleeding_rolls_each_round_and_stops_when_stable():
    """pathfinder1e.md §1.4 and §1.10: each round a Con check; stable ends the rounds."""
    t = pf()
    t.do("add Kyra pc hp=20 con=12", "dmg Kyra 23")
    t.rolls(5, 5, 15, 7, 7)
    t.do("pass 30s")  # five rounds: fails at -3 and -4, stable at -5; the last two rounds roll nothing
    assert t.dice.forced == [7, 7]
    assert t.hp("Kyra") == -5 and t.c("Kyra").life == "stable" and t.c("Kyra").marks["stable"] == "unaided"


def test_con_bleed_kills_at_the_score_in_closed_form():
    """pathfinder1e.md §1.9 and §1.10: Con bleed 2 on Con 10: dead when the damage reaches 10 (round 5)."""
    t = pf()
    t.do("add Gob hp=20 con=10", "cond Gob con-bleed:2")
    entry = t.do("pass 1h")
    assert t.c("Gob").life == "dead" and t.c("Gob").marks["ability_damage"] == {"con": 10}
    assert len(entry.events) < 20


def test_str_bleed_for_a_year_stops_at_the_score():
    """pathfinder1e.md §1.9: ability damage beyond the score changes nothing; it is kept at the score."""
    t = pf()
    t.do("add Gob hp=20 str=12", "cond Gob str-bleed:1")
    entry = t.do("pass 366d")
    assert t.c("Gob").marks["ability_damage"] == {"str": 12} and t.c("Gob").has("unconscious")
    assert len(entry.events) < 20


def test_a_year_for_a_stable_creature_is_bounded():
    """pathfinder1e.md §1.10: hourly checks until it wakes, daily checks until it heals, then one healing."""
    t = pf()
    t.do("add Kyra pc hp=20/20 con=12 hd=2", "dmg Kyra 24", "stabilize Kyra")
    t.rolls(3, 3, 19, 2, 17)  # two failed hourly checks, wakes; a failed daily check (-1), then success
    entry = t.do("pass 366d")
    assert t.dice.forced == []
    assert t.hp("Kyra") == 20 and t.c("Kyra").life == "ok"
    assert len(entry.events) < 60


def test_nonlethal_over_a_year_is_one_step():
    t = pf()
    t.do("add Kyra pc hp=20 hd=3", "dmg Kyra 20 nl")
    entry = t.do("pass 366d")
    assert t.hp("Kyra", "nl") == 0 and len(entry.events) < 10


@settings(max_examples=80, deadline=None)
@given(hp=st.integers(-12, 25), temp=st.integers(0, 4), bleed=st.integers(0, 4), con=st.integers(4, 14),
       con_bleed=st.integers(0, 3), rounds=st.integers(1, 40), dice=st.lists(st.integers(1, 20), min_size=45,
                                                                              max_size=45),
       hd=st.integers(1, 6))
def test_one_long_pass_equals_many_one_round_passes(hp, temp, bleed, con, con_bleed, rounds, dice, hd):
    """pathfinder1e.md §1.10: the closed form gives exactly what rounds one by one give, with the same dice;
    a Con bleed costs HD x the Con penalty in HP each time the damage crosses 2 points (§1.9)."""
    assume(hp > -con)
    def play(split: bool) -> tuple:
        t = pf()
        t.rolls(*dice)
        t.do(f"add Gob hp={hp}/25 con={con} temp={temp} hd={hd}")
        if bleed:
            t.do(f"cond Gob bleed:{bleed}")
        if con_bleed:
            t.do(f"cond Gob con-bleed:{con_bleed}")
        for line in ([f"pass {6 * rounds}s"] if not split else ["pass 6s"] * rounds):
            t.do(line)
        c = t.c("Gob")
        return (c.life, t.hp("Gob"), c.pools["hp"].max, t.hp("Gob", "temp"), c.marks.get("ability_damage"),
                sorted((i.cond, i.value) for i in c.conditions), len(t.dice.forced))
    assert play(False) == play(True)


@settings(max_examples=40, deadline=None)
@given(hours=st.integers(1, 60), dice=st.lists(st.integers(1, 20), min_size=70, max_size=70),
       aided=st.booleans())
def test_one_long_pass_equals_many_hourly_passes_for_the_stable(hours, dice, aided):
    """pathfinder1e.md §1.10: hours and days add up the same whether passed at once or hour by hour."""
    def play(split: bool) -> tuple:
        t = pf()
        t.do("add Kyra pc hp=20 con=12 hd=2", "dmg Kyra 26")
        if aided:
            t.do("stabilize Kyra")
        else:
            t.rolls(20)
            t.do("pass 6s")  # a natural 20 on its dying check: stable on its own
        assert t.c("Kyra").marks["stable"] == ("aided" if aided else "unaided")
        t.rolls(*dice)
        for line in ([f"pass {hours}h"] if not split else ["pass 1h"] * hours):
            t.do(line)
        c = t.c("Kyra")
        return c.life, t.hp("Kyra"), c.marks.get("recovering"), len(t.dice.forced)
    assert play(False) == play(True)
