"""Changing a count mid-round (every game): no one loses a turn, no one gets two.

The GM lowers the acting combatant's count during its turn (a typo fixed, a roll misread): those
who had not acted yet this round still act in it, in count order, and the moved combatant's new
slot, already spent, is passed over. Raising a count never gives a second turn.

Rules: docs/rulesets/generic.md#changing-a-count-mid-round ([I]: the books are silent; a
correction must not cost or give a turn).
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import Table, builtin_rulesets
from gm_console.engine.core.errors import CommandError

GAMES = builtin_rulesets()


def hp(ruleset: str) -> str:
    return "health=10" if ruleset == "dragon_age" else "hp=10"


def abc(ruleset: str) -> Table:
    """Alba 15, Bruno 12, Cora 8; the combat runs and Alba is acting in round 1."""
    t = Table(ruleset)
    t.do(*(f"add {n} {hp(ruleset)}" for n in ("Alba", "Bruno", "Cora")),
         "init Alba 15", "init Bruno 12", "init Cora 8", "start")
    assert (t.state.round, t.active) == (1, "alba")
    return t


@pytest.mark.parametrize("ruleset", GAMES)
def test_lowering_the_active_count_costs_no_one_their_turn(ruleset):
    """The issue: `init Alba 5` during her turn, then `next` went straight to round 2. Bruno
    and Cora still act in round 1; Alba, at 5 from now on, does not act again in round 1."""
    t = abc(ruleset)
    t.do("init Alba 5")
    assert t.order == ["bruno", "cora", "alba"]
    assert t.turns(4) == [(1, "bruno"), (1, "cora"), (2, "bruno"), (2, "cora")]
    assert t.turns(1) == [(2, "alba")]


@pytest.mark.parametrize("ruleset", GAMES)
def test_lowered_between_the_others_they_act_in_count_order(ruleset):
    """Alba 15 -> 10, between Bruno 12 and Cora 8: Bruno, then Cora; Alba's slot is spent."""
    t = abc(ruleset)
    t.do("init Alba 10")
    assert t.order == ["bruno", "alba", "cora"]
    assert t.turns(4) == [(1, "bruno"), (1, "cora"), (2, "bruno"), (2, "alba")]


@pytest.mark.parametrize("ruleset", GAMES)
def test_lowered_then_delays_or_readies_the_others_still_act(ruleset):
    """The turn ends by a delay or a ready instead of `next`: the same order goes on."""
    t = abc(ruleset)
    t.do("init Alba 5")
    try:
        t.do("ready when the door opens")
        if not t.session.ruleset.turns.ready_ends_turn:  # fifth edition: the turn goes on (dnd5e.md §7.3)
            t.do("next")
    except CommandError:  # a game without ready (Dragon Age prepares only after acting)
        t.do("next")
    assert (t.state.round, t.active) == (1, "bruno")
    assert t.turns(1) == [(1, "cora")]


def test_lowered_then_delays_the_others_still_act():
    t = abc("pathfinder1e")
    t.do("init Alba 5", "delay")
    assert (t.state.round, t.active) == (1, "bruno")
    assert t.turns(2) == [(1, "cora"), (2, "bruno")]


def test_lowered_then_removed_the_next_is_the_one_after_her_old_slot():
    t = abc("generic")
    t.do("init Alba 5", "remove Alba")
    assert (t.state.round, t.active) == (1, "bruno")
    assert t.turns(2) == [(1, "cora"), (2, "bruno")]


def test_lowered_twice_in_one_turn():
    t = abc("generic")
    t.do("init Alba 10", "init Alba 5")
    assert t.turns(3) == [(1, "bruno"), (1, "cora"), (2, "bruno")]


def test_undo_of_the_correction_puts_the_order_back():
    t = abc("generic")
    t.do("init Alba 5", "undo")
    assert t.order == ["alba", "bruno", "cora"]
    assert t.turns(3) == [(1, "bruno"), (1, "cora"), (2, "alba")]


def test_a_group_lowered_during_its_own_turn():
    """Goblins 12 (three, one place), lowered to 5 during Goblin 1's turn: Cora (8) acts, then
    the two goblins still to act; Goblin 1's turn is spent."""
    t = Table("generic")
    t.do("add Alba hp=10", "add Goblin x3 group hp=5", "add Cora hp=10",
         "init Alba 15", 'init "Goblin 1" 12', "init Cora 8", "start", "next")
    assert t.active == "goblin-1"
    t.do('init "Goblin 1" 5')
    assert t.order == ["alba", "cora", "goblin-1", "goblin-2", "goblin-3"]
    assert t.turns(4) == [(1, "cora"), (1, "goblin-2"), (1, "goblin-3"), (2, "alba")]


def test_raising_the_active_count_gives_no_second_turn():
    """Bruno (12) raised to 20 during his turn: Cora next, then round 2 from Bruno at the top."""
    t = abc("generic")
    t.do("next", "init Bruno 20")
    assert t.turns(4) == [(1, "cora"), (2, "bruno"), (2, "alba"), (2, "cora")]


def test_one_who_acted_moved_below_the_marker_does_not_act_again():
    """Alba acted at 15; during Bruno's turn she is corrected to 5 (below Cora): not again this round."""
    t = abc("generic")
    t.do("next", "init Alba 5")
    assert t.turns(3) == [(1, "cora"), (2, "bruno"), (2, "cora")]


# -- properties ----------------------------------------------------------------------------------

NAMES = ("Alba", "Bruno", "Cora", "Dax")

action = st.one_of(
    st.just("next"), st.just("next"), st.just("next"),
    st.tuples(st.sampled_from(NAMES), st.integers(1, 25)).map(lambda a: f"init {a[0]} {a[1]}"),
    st.integers(1, 25).map(lambda a: f"init @ {a}"),  # the acting one, whoever it is
    st.just("delay"),
    st.integers(1, 20).map(lambda n: f"delay {n}"),
    st.just("ready when it moves"),
)


def _play(ruleset: str, counts: list[int], lines: list[str]) -> dict[int, Counter]:
    """Every turn started, per round, over the game's actions (those it refuses change nothing)."""
    t = Table(ruleset)
    t.do(*(f"add {n} {hp(ruleset)}" for n in NAMES),
         *(f"init {n} {v}" for n, v in zip(NAMES, counts)))
    turns: dict[int, Counter] = {}
    everyone = set(t.state.combatants)

    def note(entry) -> None:
        for e in entry.events:
            if e.kind == "TurnStarted":
                turns.setdefault(e.round, Counter())[e.id] += 1
                assert turns[e.round][e.id] == 1, f"{e.id} acts twice in round {e.round}"
            elif e.kind == "RoundStarted" and e.round > 1:
                # everyone was in the order when the last round began and no one can die here:
                # everyone acted in it (a delayer whose count came round again acts, the delay forfeit)
                missed = everyone - set(turns.get(e.round - 1, ()))
                assert not missed, f"{sorted(missed)} skipped in round {e.round - 1}"

    note(t.do("start"))
    for line in lines:
        if line.startswith("init @"):
            line = f'init "{t.state.get(t.active).name}" {line.split()[-1]}'
        try:
            note(t.do(line))
        except CommandError:
            pass
    return turns


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ruleset=st.sampled_from(GAMES), counts=st.lists(st.integers(1, 25), min_size=4, max_size=4),
       lines=st.lists(action, max_size=40))
def test_every_one_acts_once_a_round_whatever_the_corrections(ruleset, counts, lines):
    _play(ruleset, counts, lines)


def test_a_delayer_whose_count_is_raised_above_the_marker_still_acts_that_round():
    """docs/rulesets/generic.md "Changing a count mid-round" (raised: one who had not acted yet
    still acts once before the round ends): Alba delays at the end of round 1; in round 2,
    before her count comes round again, the GM sets her to 2, above the marker. She acts before
    round 2 ends (her old delay forfeit), then at 2 from round 3 on (found by the property above)."""
    t = Table("generic")
    t.do(*(f"add {n} hp=10" for n in NAMES), "init Alba 1", "init Bruno 2", "init Cora 2", "init Dax 2", "start")
    t.do("next", "next", "next", "delay")  # Alba (1) delays; round 2 begins with Bruno
    assert (t.state.round, t.active) == (2, "bruno")
    t.do("init Alba 2")
    assert t.turns(4) == [(2, "cora"), (2, "dax"), (2, "alba"), (3, "alba")]
