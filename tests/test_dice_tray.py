"""The dice tray (issue 7): free rolls and checks, with forced (physical) dice."""

import pytest

from gm_console.engine.language.commands import CommandError
from gm_console.engine.core.dice import Dice, DiceError


def rolled(t):
    return [e for entry in t.session.done for e in entry.events if e.kind == "Rolled"]


def test_free_roll_shows_total_and_each_die(table):
    t = table("generic").rolls(3, 5, 6, 1)
    t.do("r 4d6kh3 strength")
    r = rolled(t)[-1]
    assert r.total == 14 and r.dice == (3, 5, 6, 1)
    assert t.said()[-1] == "strength: 4d6kh3 (3, 5, 6, 1) = 14"


def test_advantage_and_natural_20_marked(table):
    t = table("generic").rolls(20, 4)
    t.do("r 2d20kh1+3 attack")
    assert t.said()[-1].endswith("= 23 (natural 20)")


def test_natural_1_marked(table):
    t = table("generic").rolls(1)
    t.do("r 1d20+5")
    assert "(natural 1)" in t.said()[-1]


@pytest.mark.parametrize("expr,fragment", [("2d", "bad dice expression"), ("1d0", "0-sided"),
                                           ("10000d10000", "too many dice"), ("1d100000", "at most d1000")])
def test_bad_expressions_are_one_line_errors(table, expr, fragment):
    t = table("generic")
    with pytest.raises(CommandError) as exc:
        t.do(f"r {expr}")
    assert fragment in str(exc.value) and "\n" not in str(exc.value)
    assert not t.session.done


def test_check_against_a_dc_with_bonuses(table):
    """Starfinder seed example: Perception +5 with binoculars (+1) rolling 13 vs DC 15 = 19, success."""
    t = table("generic").rolls(13)
    t.do("add Keskodai hp=10", "check Keskodai perception +5 +1 vs 15")
    assert t.said()[-1] == "Keskodai perception: 1d20 (13) +5 bonus +1 bonus = 19 vs DC 15: success"


def test_check_uses_a_stat_of_the_sheet(table):
    t = table("generic").rolls(9)
    t.do("add Kyra hp=10 ac=16", "check Kyra ac vs 25")
    assert "= 25 vs DC 25: success" in t.said()[-1]


def test_take_10_and_take_20(table):
    t = table("generic")
    t.do("add Kyra hp=10", "check Kyra climb+4 vs 15 take10")
    assert t.said()[-1].endswith("take 10 +4 bonus = 14 vs DC 15: failure")
    t.do("check Kyra climb+4 vs 15 take20")
    assert t.said()[-1].endswith("= 24 vs DC 15: success")


def test_opposed_check_names_the_winner(table):
    t = table("generic").rolls(12, 15)
    t.do("add Rogue hp=5", "add Guard hp=5", "check Rogue stealth+8 vs Guard perception")
    assert t.said()[-1].endswith("Rogue wins")


def test_hidden_roll_is_gm_only(table):
    t = table("generic").rolls(11)
    t.do("add Guard hp=5", "check Guard perception+2 vs 15 hidden")
    r = rolled(t)[-1]
    assert r.hidden
    said = [e for entry in t.session.done for e in entry.events if e.kind == "Said"][-1]
    assert said.gm_only


def test_aid_another_gives_plus_two_on_a_dc_10_success(table):
    t = table("generic").rolls(10, 8)
    t.do("add Kyra hp=5", "add Bob hp=5", "check Kyra climb+1 vs 12 aid Bob")
    said = t.said()
    assert said[-2].startswith("Bob aids Kyra") and "+2" in said[-2]
    assert said[-1].endswith("= 11 vs DC 12: failure")


def test_check_errors(table):
    t = table("generic")
    t.do("add Kyra hp=5")
    with pytest.raises(CommandError, match="usage: check"):
        t.do("check Kyra")
    with pytest.raises(CommandError, match="unexpected"):
        t.do("check Kyra climb banana")


def test_forced_roll_that_does_not_fit_the_die():
    with pytest.raises(DiceError, match="does not fit a d20"):
        Dice.from_rolls([25]).roll("1d20")


def test_opposed_full_tie_is_settled_by_a_roll_off(table):
    t = table("generic").rolls(10, 10, 4, 17)
    t.do("add Rogue hp=5", "add Guard hp=5", "check Rogue stealth+2 vs Guard perception+2")
    assert t.said()[-1].endswith("Guard wins (tie)")
