"""Dragon Age ability tests: 3d6 + ability (+2 focus) vs TN, the dragon die."""

from __future__ import annotations

import pytest

from conftest import Table
from gm_console.engine.language.commands import CommandError


def table() -> Table:
    t = Table("dragon_age")
    t.do("add Sera pc health=25 con=1 dex=3 perception=2 focus=swimming",
         "add 'Toro de Hierro' pc health=40 con=3")
    return t


def test_seed_example_sera_swims():
    """dragon_age.md §2.1 [S] seed example: Sera (Con 1, Swimming) rolling 15 totals 18."""
    t = table()
    t.do("test Sera con:swimming 18 15")
    assert t.said()[-1] == ("Sera tests Con (swimming): 15 (3d6 sum given) +1 Con +2 swimming = 18 vs TN 18: "
                            "success, dragon die not given")


def test_seed_example_toro_swims_without_the_focus():
    """dragon_age.md §2.1 [S] seed example: Toro de Hierro (Con 3, no Swimming) rolling 17 totals 20."""
    t = table()
    t.do("test Toro con:swimming 20 17")
    line = t.said()[-1]
    assert "17 (3d6 sum given) +3 Con = 20 vs TN 20: success" in line
    assert "lacks the swimming focus: no +2" in line


def test_seed_example_with_three_natural_dice():
    """dragon_age.md §2.1 [S]: the first die is the dragon die; on success it gives the degree."""
    t = table()
    t.do("test Sera con:swimming 13 4,6,5")
    assert t.said()[-1].endswith("15 (4,6,5; dragon 4) +1 Con +2 swimming = 18 vs TN 13: success, degree 4: well")


def test_rolled_dice_first_is_dragon():
    """dragon_age.md §2.1 [S]: the roller's first die is the dragon die."""
    t = table()
    t.rolls(6, 1, 1)
    t.do("test Sera constitution 9")
    assert "8 (6,1,1; dragon 6) +1 Con = 9 vs TN 9: success, degree 6: flawlessly" in t.said()[-1]


def test_exactly_the_tn_succeeds_one_less_fails():
    """dragon_age.md §2.1 [S]: success if the total is at least the TN."""
    t = table()
    t.do("test Toro con 13 10", "test Toro con 14 10")
    assert t.said()[-2].endswith("= 13 vs TN 13: success, dragon die not given")
    assert t.said()[-1].endswith("= 13 vs TN 14: failure by 1")


def test_failure_does_not_report_a_degree():
    """dragon_age.md §2.1 [S]: the dragon die is irrelevant on a failure."""
    t = table()
    t.rolls(1, 1, 1)
    t.do("test Sera con 15")
    assert t.said()[-1].endswith("failure by 11")
    assert "degree" not in t.said()[-1]


def test_degree_one_is_barely():
    """dragon_age.md §2.1 [S]: dragon die 1 = barely succeeded."""
    t = table()
    t.do("test Toro str 3 1,3,6")
    assert t.said()[-1].endswith("success, degree 1: barely")


def test_modifier_and_spanish_ability_name():
    """dragon_age.md §2.1 [S]: 3d6 + ability + modifiers; Spanish ability names accepted."""
    t = table()
    t.do("test Sera destreza 15 3,3,3 +2")
    assert t.said()[-1] == "Sera tests Dex: 9 (3,3,3; dragon 3) +3 Dex +2 mod = 14 vs TN 15: failure by 1"


def test_perception_is_rolled_hidden():
    """dragon_age.md §2.1 [S]: Perception tests are rolled hidden by the GM."""
    t = table()
    t.rolls(3, 3, 4)
    entry = t.do("test Sera perception 11")
    rolled = [e for e in entry.events if e.kind == "Rolled"]
    said = [e for e in entry.events if e.kind == "Said"]
    assert rolled and rolled[0].hidden
    assert said and said[0].gm_only


@pytest.mark.parametrize("line,msg", [
    ("test Sera", "missing arguments"),
    ("test Sera con", "missing the target number"),
    ("test Sera 12", "which ability"),
    ("test Sera con 12 2", "3d6 sum is 3 to 18"),
    ("test Sera con 12 7,1,1", "unexpected .7,1,1.: expected dice like 5,5,3"),
    ("test Sera con 12 wibble", "unexpected 'wibble'"),
])
def test_bad_test_lines_are_refused_with_usage(line, msg):
    """Refusals are one line naming what is accepted; the state is untouched."""
    t = table()
    with pytest.raises(CommandError, match=msg):
        t.do(line)


def test_spanish_verb_alias():
    """dragon_age.md §2.1 [S]: the test verb has a Spanish alias."""
    t = table()
    t.do("probar Sera con:swimming 11 3,3,3")
    assert "= 12 vs TN 11: success" in t.said()[-1]


def test_opposed_test_higher_total_wins():
    """dragon_age.md §2.1 [S]: opposed test, higher total wins (the seed's swimming race)."""
    t = table()
    t.do("contest Sera con:swimming Toro con 15 17")
    assert t.said()[-1].startswith("Opposed test: Toro de Hierro wins (")


def test_opposed_tie_goes_to_the_dragon_die_then_ability():
    """dragon_age.md §2.1 [O?]: ties by higher dragon die, then higher ability."""
    t = table()
    t.do("contest Sera con Toro con 6,5,4 5,4,4")  # 15+1 = 16 vs 13+3 = 16; dragon 6 > 5
    assert t.said()[-1].startswith("Opposed test: Sera wins (")
    t.do("contest Sera con Toro con 5,4,4 5,3,3")  # 13+1 = 14 vs 11+3 = 14; dragon 5 = 5; Con 1 < 3
    assert t.said()[-1].startswith("Opposed test: Toro de Hierro wins (")


def test_engine_check_uses_3d6_focus_and_dragon_degree():
    """dragon_age.md §2.1 [S] through the engine's dice tray: 3d6 + ability + 2 focus, the dragon die's degree."""
    t = table()
    t.rolls(5, 6, 4)
    t.do("check Sera con:swimming vs 13")
    line = t.said()[-1]
    assert "= 18 vs DC 13: success" in line
    assert "dragon die 5" in line


def test_engine_check_seed_example_sera_swims():
    """dragon_age.md §2.1 [S] seed example through the engine's `check`: 3d6 (15) +1 Con +2 Swimming = 18."""
    t = table()
    t.rolls(5, 5, 5)
    t.do("check Sera con:swimming vs 10")
    assert t.said()[-1] == ("Sera con: 3d6 (5+5+5) +1 con +2 focus swimming = 18 vs DC 10: success, "
                            "dragon die 5: impressively")


def test_engine_check_focus_only_from_the_sheet():
    """dragon_age.md §2.1 [S] seed example: Toro de Hierro (Con 3) has no Swimming focus: 17 + 3 = 20, no +2."""
    t = table()
    t.rolls(6, 6, 5)
    t.do("check Toro con:swimming vs 20")
    assert t.said()[-1] == "Toro de Hierro con: 3d6 (6+6+5) +3 con = 20 vs DC 20: success, dragon die 6: flawlessly"


def test_engine_check_failure_has_no_degree():
    """dragon_age.md §2.1 [S]: the dragon die is irrelevant on a failure."""
    t = table()
    t.rolls(1, 2, 3)
    t.do("check Sera con vs 10")
    assert t.said()[-1] == "Sera con: 3d6 (1+2+3) +1 con = 7 vs DC 10: failure"


def test_engine_check_opposed_names_the_winner():
    """dragon_age.md §2.1 [S]: opposed test, both roll 3d6 + ability (+2 focus), the higher total wins."""
    t = table()
    t.rolls(5, 5, 5, 4, 5, 3)  # Sera 15 + 1 + 2 = 18, Toro 12 + 3 = 15
    t.do("check Sera con:swimming vs Toro con")
    assert t.said()[-1] == ("Sera con 3d6 (5+5+5) +1 con +2 focus swimming = 18 vs Toro de Hierro con "
                            "3d6 (4+5+3) +3 con = 15: Sera wins")


def test_engine_check_opposed_tie_goes_to_the_dragon_die():
    """dragon_age.md §2.1 [O?]: an opposed tie goes to the higher dragon die (the first die)."""
    t = table()
    t.rolls(4, 6, 6, 6, 5, 5)  # Sera 16 + 1 + 2 = 19, Toro 16 + 3 = 19; dragon 4 vs 6
    t.do("check Sera con:swimming vs Toro con")
    assert t.said()[-1].endswith("= 19: Toro de Hierro wins (tie)")
    t.rolls(6, 4, 6, 5, 5, 6)  # the same totals, dragon 6 vs 5
    t.do("check Sera con:swimming vs Toro con")
    assert t.said()[-1].endswith("= 19: Sera wins (tie)")


def test_engine_check_opposed_side_keeps_its_focus():
    """dragon_age.md §2.1 [S]: the opposing side's ABILITY:FOCUS counts too (+2 only with the focus on its sheet)."""
    t = table()
    t.rolls(3, 3, 3, 3, 3, 3)
    t.do("check Toro con vs Sera con:swimming")  # Toro 9 + 3 = 12, Sera 9 + 1 + 2 = 12; dragon 3 = 3
    assert "Sera con 3d6 (3+3+3) +1 con +2 focus swimming = 12" in t.said()[-1]


def test_engine_check_has_no_take_10():
    """dragon_age.md §2.1: AGE has no take 10/20; the dice tray refuses it."""
    t = table()
    with pytest.raises(CommandError, match="no take 10"):
        t.do("check Sera con vs 10 take10")


def test_engine_check_of_perception_is_hidden():
    """dragon_age.md §2.1 [S]: Perception tests are rolled hidden by the GM (dice tray `check`)."""
    t = table()
    t.rolls(4, 4, 4)
    t.do("check Sera perception vs 11")
    rolled = [e for entry in t.session.done for e in entry.events if e.kind == "Rolled"][-1]
    assert rolled.hidden


# -- the dice tail (dragon_age.md §2.0 DICE): the one small language a verb still reads ----------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

TAIL_TOKENS = st.one_of(st.sampled_from(["5,5,3", "1,2,3", "7,1,1", "+2", "-1", "dex", "con:swimming", "12", "3",
                                         "wibble", "6", ",", "+", "0,0,0", "999", "dmg=2"]),
                        st.text(alphabet="0123456789,+-:abcdx", min_size=1, max_size=6))


@settings(max_examples=150, deadline=None)
@given(st.lists(TAIL_TOKENS, max_size=5))
def test_any_dice_tail_is_read_or_refused_in_one_line(tail):
    """Whatever follows `test NAME ABILITY TN`, the line runs or is refused with a one-line error
    naming what is accepted; a refusal leaves the state as it was."""
    t = table()
    before = t.state.copy()
    t.rolls(*[3] * 30)
    try:
        t.do("test Sera dex 12 " + " ".join(tail))
    except CommandError as exc:
        assert "\n" not in str(exc) and "usage" in str(exc) or "3d6 sum" in str(exc)
        assert t.state == before
    else:
        assert t.said()[-1].startswith("Sera tests Dex: ")


@settings(max_examples=60, deadline=None)
@given(st.tuples(*[st.integers(1, 6)] * 3), st.integers(-3, 3))
def test_three_naturals_read_the_same_in_both_spellings(dice, mod):
    """dragon_age.md §2.0: `5,5,3` and `5 5 3` are the same three naturals, dragon die first."""
    said = []
    for spelled in (",".join(map(str, dice)), " ".join(map(str, dice))):
        t = table()
        t.do(f"test Sera dex 12 {spelled} {mod:+d}")
        said.append(t.said()[-1])
    assert said[0] == said[1]
    assert f"({dice[0]},{dice[1]},{dice[2]}; dragon {dice[0]})" in said[0]
