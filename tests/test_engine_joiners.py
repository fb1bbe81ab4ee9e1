"""Joining a running battle (every game): a combatant added mid-round acts when its count
next comes up; if its count is above the current one, its first turn is next round. A roll
the GM discarded (`init NAME N` right after the add) never changes what happens.

Rules: docs/ARCHITECTURE.md ("Order"); joiners roll when added in Pathfinder (pathfinder1e.md §1.1.9)
and Starfinder (starfinder.md §3.1.7), at the start of the next round in Dragon Age
(dragon_age.md §2.2.1).
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from conftest import Table, builtin_rulesets
from gm_console import plugins

# the games whose joiners roll when added (the others roll at the next round's start)
ROLL_ON_ADD = [r for r in builtin_rulesets() if not plugins.load(r).turns.newcomers_roll_at_round_start]


def three(ruleset: str) -> Table:
    """Alba 20, Bruno 15, Cora 10; the combat runs and Bruno (15) is acting in round 1."""
    t = Table(ruleset)
    hp = "health=10" if ruleset == "dragon_age" else "hp=10"
    t.do(f"add Alba {hp}", f"add Bruno {hp}", f"add Cora {hp}",
         "init Alba 20", "init Bruno 15", "init Cora 10", "start", "next")
    assert (t.state.round, t.active) == (1, "bruno")
    return t


def join(t: Table, natural: int) -> None:
    hp = "health=10" if t.session.ruleset.id == "dragon_age" else "hp=10"
    t.rolls(natural)
    t.do(f"add Eve {hp}")


@pytest.mark.parametrize("ruleset", ROLL_ON_ADD)
def test_low_roll_corrected_upward_acts_once_next_round_not_twice(ruleset):
    """The issue: rolled 1, corrected to 25 (above Bruno's 15): no turn at the end of round 1,
    its first turn opens round 2."""
    t = three(ruleset)
    join(t, 1)
    assert t.c("Eve").initiative == 1
    t.do("init Eve 25")
    assert t.turns(4) == [(1, "cora"), (2, "eve"), (2, "alba"), (2, "bruno")]


@pytest.mark.parametrize("ruleset", ROLL_ON_ADD)
def test_low_roll_acts_this_round_when_its_count_comes(ruleset):
    """Below the marker: it acts this round at its count, then at its count every round."""
    t = three(ruleset)
    join(t, 5)
    assert t.turns(4) == [(1, "cora"), (1, "eve"), (2, "alba"), (2, "bruno")]
    assert t.turns(2) == [(2, "cora"), (2, "eve")]


@pytest.mark.parametrize("ruleset", ROLL_ON_ADD)
def test_high_roll_waits_for_next_round(ruleset):
    """Above the marker (18 > 15): its first turn is at the top of round 2 (between Alba 20 and
    Bruno 15 from then on)."""
    t = three(ruleset)
    join(t, 18)
    assert t.turns(4) == [(1, "cora"), (2, "alba"), (2, "eve"), (2, "bruno")]


@pytest.mark.parametrize("ruleset", ROLL_ON_ADD)
def test_high_roll_corrected_below_the_marker_acts_this_round(ruleset):
    """Rolled 18, corrected to 12 (between Bruno 15 and Cora 10): acts this round, after Bruno."""
    t = three(ruleset)
    join(t, 18)
    t.do("init Eve 12")
    assert t.turns(4) == [(1, "eve"), (1, "cora"), (2, "alba"), (2, "bruno")]


@pytest.mark.parametrize("ruleset", ROLL_ON_ADD)
def test_corrected_to_the_acting_count_goes_after_the_one_acting(ruleset):
    """The boundary: Eve's 15 ties Bruno's; the later-added one goes after on a full tie, so its
    count is not above the current one and it acts this round, right after Bruno."""
    t = three(ruleset)
    join(t, 2)
    t.do("init Eve 15")
    assert t.turns(2) == [(1, "eve"), (1, "cora")]


@pytest.mark.parametrize("ruleset", ROLL_ON_ADD)
def test_joined_last_round_a_correction_still_owes_this_rounds_turn(ruleset):
    """In round 2 Eve was there when the round began: corrected above the marker before acting,
    it still acts once in round 2 (the owed turn), then at its new count."""
    t = three(ruleset)
    join(t, 5)
    t.turns(3)                       # Cora, Eve (round 1), Alba (round 2)
    t.do("next")                      # Bruno acts in round 2
    t.do("init Eve 25")
    assert t.turns(3) == [(2, "cora"), (2, "eve"), (3, "eve")]


@pytest.mark.parametrize("ruleset", ROLL_ON_ADD)
def test_a_joiner_that_already_acted_is_not_owed_another_turn(ruleset):
    """Rolled 12, acted after Bruno, then corrected to 25: next round at the top, once."""
    t = three(ruleset)
    join(t, 12)
    assert t.turns(1) == [(1, "eve")]
    t.do("init Eve 25")
    assert t.turns(3) == [(1, "cora"), (2, "eve"), (2, "alba")]


@pytest.mark.parametrize("ruleset", ROLL_ON_ADD)
def test_undo_of_the_correction_brings_back_the_rolled_count(ruleset):
    """Session: undo takes the correction back; the joiner acts at its rolled count again."""
    t = three(ruleset)
    join(t, 5)
    t.do("init Eve 25", "undo")
    assert t.c("Eve").initiative == 5
    assert t.turns(2) == [(1, "cora"), (1, "eve")]


@settings(max_examples=60, deadline=None)
@given(ruleset=st.sampled_from(ROLL_ON_ADD), rolled=st.integers(1, 20), corrected=st.integers(1, 30),
       marker=st.integers(0, 2))
def test_the_discarded_roll_never_matters(ruleset, rolled, corrected, marker):
    """Rolled R then corrected to V plays exactly as having rolled V (for V up to 20 it can be
    rolled; above, the same turns as 20), wherever the marker stands when it joins. A V equal to
    another's count is left out: a rolled tie is settled by a roll-off, a typed one by the tie key."""
    assume(corrected not in (10, 15, 20))

    def play(first: int, fix: int | None) -> list[tuple[int, str]]:
        t = three(ruleset)
        t.do(*["next"] * marker)   # Bruno, Cora, or Alba of round 2 acting
        join(t, first)
        if fix is not None:
            t.do(f"init Eve {fix}")
        return t.turns(8)

    direct = play(min(corrected, 20), None if corrected <= 20 else corrected)
    assert play(rolled, corrected) == direct


# -- Dragon Age: newcomers roll at the start of the next round -----------------------------------


def test_dragon_age_newcomer_waits_for_the_round_start_roll():
    """dragon_age.md §2.2.1: added mid-round, no initiative and no turn this round; it rolls when
    round 2 starts and acts at its count."""
    t = three("dragon_age")
    t.do("add Eve health=10")
    assert t.c("Eve").initiative is None
    t.rolls(6, 6, 6)  # 18 + Dex 0: after Alba's 20, before Bruno's 15
    assert t.turns(3) == [(1, "cora"), (2, "alba"), (2, "eve")]
    assert t.c("Eve").initiative == 18


def test_dragon_age_newcomer_rolled_low_at_round_start_then_corrected_acts_once():
    """dragon_age.md §2.2.1: rolled 3 at the start of round 2, corrected to 25 while Alba acts:
    it was there when the round began, so it keeps its one turn of round 2 (at the end), then
    opens round 3."""
    t = three("dragon_age")
    t.do("add Eve health=10")
    t.rolls(1, 1, 1)
    assert t.turns(2) == [(1, "cora"), (2, "alba")]
    assert t.c("Eve").initiative == 3
    t.do("init Eve 25")
    assert t.turns(4) == [(2, "bruno"), (2, "cora"), (2, "eve"), (3, "eve")]


@pytest.mark.parametrize("count,expected", [
    (25, [(1, "cora"), (2, "eve"), (2, "alba")]),     # above the marker: next round
    (12, [(1, "eve"), (1, "cora"), (2, "alba")]),     # below: this round, at its count
])
def test_dragon_age_newcomer_given_a_count_by_hand(count, expected):
    """dragon_age.md §2.2.1: a count typed in its joining round places it as a joiner: it acts
    when that count next comes up."""
    t = three("dragon_age")
    t.do("add Eve health=10", f"init Eve {count}")
    assert t.turns(3) == expected
