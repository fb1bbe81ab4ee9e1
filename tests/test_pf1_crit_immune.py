"""A critical's total on a creature immune to critical hits (docs/rulesets/pathfinder1e.md#1132-a-
critical-on-a-creature-immune-to-critical-hits): `dmg NAME N crit [x3]` says N is a critical's total;
a crit-immune creature takes the normal damage (N divided by the multiplier, rounded down), not none.

Core Rulebook, Critical Hits: "creatures immune to critical hits ... take normal damage"; immunity to
precision damage is another immunity (`precision`), which stops that damage whole.
"""

from __future__ import annotations

import pytest

from conftest import Table
from gm_console.engine.commands import CommandError
from test_pathfinder1e_players_log import players_said


def pf() -> Table:
    t = Table("pathfinder1e")
    t.do("add Kyra pc hp=20")
    return t


@pytest.mark.parametrize("line,left", [
    ("dmg Golem 10 critical", 45),        # x2: 10 -> 5
    ("dmg Golem 11 crit", 45),            # odd total, rounded down: 11 -> 5
    ("dmg Golem 30 crit x3", 40),         # x3: 30 -> 10
    ("dmg Golem 31 x3", 40),              # a multiplier alone is a critical's: 31 -> 10
    ("dmg Golem 40 crítico x4", 40),      # Spanish, x4: 40 -> 10
])
def test_crit_immune_takes_the_normal_damage_not_none(line, left):
    """§1.13.2: immune=critical takes the total divided by the multiplier (a scythe's x4 too)."""
    t = pf()
    t.do("add Golem hp=50 immune=critical", line)
    assert t.hp("Golem") == left


def test_a_creature_that_is_not_immune_takes_the_whole_critical():
    t = pf()
    t.do("add Orc hp=50", "dmg Orc 30 crit x3")
    assert t.hp("Orc") == 20


def test_precision_immunity_still_stops_precision_damage():
    """§1.13: precision damage on a creature immune to precision is stopped whole; a critical is not."""
    t = pf()
    t.do("add Ooze hp=50 immune=precision,critical", "dmg Ooze 7 precision")
    assert t.hp("Ooze") == 50
    t.do("dmg Ooze 16 crit")
    assert t.hp("Ooze") == 42


def test_the_normal_part_then_meets_dr_and_an_incorporeal_halving():
    """§1.13.2 comes first: the skeletal champion (DR 5/bludgeoning, immune=critical) takes 24 x2
    slashing as 12, DR stops 5: 7; a shadow (incorporeal: immune to criticals) takes 20 magic x2 as 10,
    halved to 5 (§1.16)."""
    t = pf()
    t.do("add Champion hp=30 dr=5/bludgeoning immune=critical", "dmg Champion 24 slashing crit")
    assert t.hp("Champion") == 23
    t.do("add Shadow hp=30 incorporeal=yes", "dmg Shadow 20 magic crit")
    assert t.hp("Shadow") == 25


def test_the_log_says_it_and_the_players_read_no_number():
    t = pf()
    t.do("add Golem hp=50 immune=critical", "dmg Golem 30 crit x3")
    assert "Golem is immune to critical hits: the normal damage, not the critical's (x3: 30 becomes 10)" in t.said()
    seen = players_said(t)
    assert "Golem is immune to critical hits: the normal damage, not the critical's" in seen
    assert not any("30" in line for line in seen)


@pytest.mark.parametrize("line", ["dmg Golem 30 crit x5", "dmg Golem 30 x1"])
def test_a_multiplier_out_of_range_is_refused_and_nothing_changes(line):
    t = pf()
    t.do("add Golem hp=50 immune=critical")
    with pytest.raises(CommandError, match="x2, x3 or x4"):
        t.do(line)
    assert t.hp("Golem") == 50
