"""Condition durations and their clocks (issue 2, digest README "Durations [O]").

`cond B shaken 2` typed during A's turn lasts until the start of A's turn two rounds
later; the clock belongs to A (or `by NAME`) and follows A when delay/ready move it.
"""

import pytest

from gm_console.engine.language.commands import CommandError


def three(table):
    t = table("generic")
    t.do("add Alba hp=10", "add Bruno hp=10", "add Cora hp=10",
         "init Alba 20", "init Bruno 15", "init Cora 10", "start")
    return t


def rounds_of(t, who, cond):
    insts = t.c(who).instances(cond)
    return insts[0].rounds if insts else None


def test_two_rounds_end_at_the_start_of_the_casters_turn_two_rounds_later(table):
    t = three(table)
    t.do("cond Bruno shaken 2")  # during Alba's turn, round 1
    assert rounds_of(t, "Bruno", "shaken") == 2
    t.do("next", "next", "next")  # round 2, Alba's turn starts
    assert t.state.round == 2 and rounds_of(t, "Bruno", "shaken") == 1
    t.do("next", "next")  # still there during Bruno's and Cora's turns of round 2
    assert rounds_of(t, "Bruno", "shaken") == 1
    t.do("next")  # round 3, Alba's turn: it ends just before she acts
    assert t.state.round == 3 and t.active == "alba"
    assert not t.c("Bruno").has("shaken")


def test_one_round_ends_at_the_start_of_the_casters_next_turn(table):
    t = three(table)
    t.do("next", "cond Alba dazed 1")  # during Bruno's turn
    t.do("next", "next")  # Cora, then round 2 Alba
    assert t.c("Alba").has("dazed")
    t.do("next")  # Bruno's turn starts: over
    assert not t.c("Alba").has("dazed")


def test_by_names_whose_clock_counts(table):
    t = three(table)
    t.do("cond Alba blessed 1 by Cora")
    t.do("next")
    assert t.c("Alba").has("blessed")
    t.do("next")  # Cora's turn starts
    assert not t.c("Alba").has("blessed")


def test_without_rounds_lasts_until_removed(table):
    t = three(table)
    t.do("cond Bruno prone")
    for _ in range(9):
        t.do("next")
    assert t.c("Bruno").has("prone") and rounds_of(t, "Bruno", "prone") is None
    t.do("uncond Bruno prone")
    assert not t.c("Bruno").has("prone")


def test_the_clock_follows_its_owner_when_delay_moves_it(table):
    """Issue 2: no tracker we know gets this right — the clock moves with the delayer."""
    t = three(table)
    t.do("cond Cora shaken 1")  # Alba's clock, round 1
    t.do("delay")  # Alba delays; Bruno up
    t.do("next")  # Cora up
    t.do("resume Alba")  # Alba's turn was already started this round: no extra tick
    assert t.c("Cora").has("shaken")
    t.do("next", "next")  # Alba ends, Cora continues and ends -> round 2: Bruno first now
    assert t.state.round == 2 and t.active == "bruno"
    assert t.c("Cora").has("shaken")  # Alba's position in round 2 is after Bruno now
    t.do("next")  # Alba's turn in round 2 starts: ends now
    assert t.active == "alba" and not t.c("Cora").has("shaken")


def test_until_start_of_own_next_turn_follows_a_ready_move(table):
    t = three(table)
    t.do("cond Alba defending 1 by Alba")
    t.do("ready when Cora attacks", "next")  # Cora up
    t.do("trigger Alba")  # Alba now sits just before Cora
    t.do("next")  # round 2: Bruno, then Alba
    assert t.active == "bruno" and t.c("Alba").has("defending")
    t.do("next")
    assert t.active == "alba" and not t.c("Alba").has("defending")


def test_valued_conditions_keep_their_value(table):
    t = three(table)
    t.do("cond Bruno bleed:2")
    inst = t.c("Bruno").instances("bleed")[0]
    assert inst.value == 2


def test_condition_added_before_combat_counts_on_the_targets_turns(table):
    t = table("generic")
    t.do("add Alba hp=5", "add Bruno hp=5", "cond Bruno hasted 1", "init Alba 10", "init Bruno 5", "start")
    assert t.c("Bruno").has("hasted")
    t.do("next")  # Bruno's first turn starts
    assert not t.c("Bruno").has("hasted")


def test_pass_time_out_of_combat_runs_durations_down(table):
    t = three(table)
    t.do("cond Bruno shaken 10", "cond Cora blessed 100", "end", "pass 1m")
    assert not t.c("Bruno").has("shaken")  # 1 minute = 10 rounds of 6 s
    assert rounds_of(t, "Cora", "blessed") == 90


def test_pass_during_combat_is_refused(table):
    t = three(table)
    with pytest.raises(CommandError, match="end"):
        t.do("pass 1h")


def test_removed_clock_owner_hands_its_clock_to_the_next_in_order(table):
    t = three(table)
    t.do("cond Cora shaken 1", "remove Alba")  # Alba's clock -> Bruno (now active)
    t.do("next", "next")  # Cora, then round 2 Bruno's turn starts
    assert not t.c("Cora").has("shaken")
