"""A critical's total on a creature immune to critical hits (docs/rulesets/pathfinder1e.md#1132-a-
critical-on-a-creature-immune-to-critical-hits): `dmg NAME N crit [x3]` says N is a critical's total;
a crit-immune creature takes the normal damage (N divided by the multiplier, rounded down), not none.

Core Rulebook, Critical Hits: "creatures immune to critical hits ... take normal damage"; immunity to
precision damage is another immunity (`precision`), which stops that damage whole.
"""

from __future__ import annotations

import pytest

from conftest import Table
from gm_console.engine.language.commands import CommandError
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


def hp_after(who: str, *lines: str) -> int:
    t = pf()
    t.do(*lines)
    return t.hp(who)


@pytest.mark.parametrize("who,lines,left", [
    # not immune: the whole critical
    ("Orc", ("add Orc hp=50", "dmg Orc 30 crit x3"), 20),
    # §1.13: precision immunity stops precision damage whole; the critical is the normal damage
    ("Ooze", ("add Ooze hp=50 immune=precision,critical", "dmg Ooze 7 precision"), 50),
    ("Ooze", ("add Ooze hp=50 immune=precision,critical", "dmg Ooze 7 precision", "dmg Ooze 16 crit"), 42),
    # §1.13.2 first, then DR: the skeletal champion's 24 x2 slashing is 12, DR 5/bludgeoning stops 5
    ("Champion", ("add Champion hp=30 dr=5/bludgeoning immune=critical", "dmg Champion 24 slashing crit"), 23),
    # then the incorporeal halving (§1.16): a shadow's 20 magic x2 is 10, halved to 5
    ("Shadow", ("add Shadow hp=30 incorporeal=yes", "dmg Shadow 20 magic crit"), 25),
])
def test_who_takes_what_of_a_critical(who, lines, left):
    assert hp_after(who, *lines) == left


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
