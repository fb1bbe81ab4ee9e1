"""Flat-footed until its first turn, whoever acts in between (docs/rulesets/pathfinder1e.md §1.1.4).

A: init 20, B: init 15, C: init 10; each Dex 14 (AC 12, flat-footed AC 10; CMD 12, 10).
"""

from __future__ import annotations

from conftest import Table
from pf1_support import sheet_lines


def fight(**stats) -> Table:
    t = Table("pathfinder1e")
    t.do("add A hp=10 dex=14", "add B hp=10 dex=14", "add C hp=10 dex=14",
         "init A 20", "init B 15", "init C 10", "start")
    return t


def ac(t: Table, name: str) -> int:
    return t.session.ruleset.sheet.effective(t.state, t.c(name))["ac"].value


def acs(t: Table) -> dict[str, int]:
    return {n: ac(t, n) for n in "ABC"}


def flat_line(t: Table, name: str) -> bool:
    return "flat-footed until its first turn" in sheet_lines(t.session.ruleset, t.state, t.c(name))


def test_everyone_but_the_one_acting_is_flat_footed_in_round_one():
    """pathfinder1e.md §1.1.4: before its first turn a creature has no Dex bonus to AC."""
    t = fight()
    assert acs(t) == {"A": 12, "B": 10, "C": 10}


def test_a_delayer_resuming_before_b_finds_b_still_flat_footed():
    """pathfinder1e.md §1.1.4: B's turn is up but A jumps in first: B has not acted, so it is flat-footed."""
    t = fight()
    t.do("delay")
    assert t.active == "b" and ac(t, "B") == 12  # B acting: its Dex counts
    t.do("resume A")
    assert t.active == "a" and ac(t, "B") == 10 and flat_line(t, "B")
    cmd = t.session.ruleset.sheet.effective(t.state, t.c("B"))["cmd"]
    assert cmd.value == 10 and any("flat-footed" in label for label, _ in cmd.said())
    t.do("next")  # A done, B's turn goes on
    assert t.active == "b" and ac(t, "B") == 12 and not flat_line(t, "B")
    assert ac(t, "C") == 10


def test_after_its_first_turn_ends_it_is_never_flat_footed_again_for_not_having_acted():
    t = fight()
    t.do("next", "next")  # A, B done; C up
    assert acs(t) == {"A": 12, "B": 12, "C": 12}
    t.do("next")  # round 2
    assert acs(t) == {"A": 12, "B": 12, "C": 12}


def test_a_delayer_who_has_not_acted_stays_flat_footed_while_others_act():
    """pathfinder1e.md §1.1.4: delaying is taking no action: the delayer has not acted yet."""
    t = fight()
    t.do("delay")
    assert ac(t, "A") == 10 and flat_line(t, "A")
    t.do("resume A")
    assert ac(t, "A") == 12
    t.do("next")
    assert ac(t, "A") == 12 and not flat_line(t, "A")


def test_a_readied_action_set_off_by_b_finds_b_acting():
    """pathfinder1e.md §1.1.4 and §1.1.6: readying is acting (A is done being flat-footed); the trigger is
    B's own action, so B is acting too: no longer flat-footed."""
    t = fight()
    t.do('ready "when B moves"')
    assert t.active == "b" and ac(t, "A") == 12
    t.do("trigger A")
    assert t.active == "b" and ac(t, "B") == 12 and ac(t, "C") == 10


def test_a_hero_point_act_before_b():
    """pathfinder1e.md §1.1.4 and §1.1.7: a PC acting out of turn before B has done anything."""
    t = Table("pathfinder1e")
    t.do("add A hp=10 dex=14", "add B hp=10 dex=14", "add Kyra pc hp=20 dex=14",
         "init A 20", "init B 15", "init Kyra 5", "start", "next")
    assert t.active == "b"
    t.do("spend Kyra hero act")
    assert t.active == "kyra" and ac(t, "B") == 10 and ac(t, "Kyra") == 12


def test_the_end_of_combat_clears_it():
    t = fight()
    t.do("end")
    assert acs(t) == {"A": 12, "B": 12, "C": 12}
    assert not any(c.marks.get("unacted") for c in t.state.combatants.values())


def test_a_gm_flat_footed_stays_after_the_first_turn():
    """pathfinder1e.md §1.1.4: `cond NAME flat-footed` is the GM's and stays until removed."""
    t = fight()
    t.do("cond B flat-footed", "next", "next")
    assert ac(t, "B") == 10
    t.do("uncond B flat-footed")
    assert ac(t, "B") == 12
