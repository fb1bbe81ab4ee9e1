"""PF1 combat maneuvers: `maneuver ATTACKER TARGET [ROLL]` (pathfinder1e.md §1.7)."""

from __future__ import annotations

import pytest

from conftest import Table
from gm_console.engine.language.commands import CommandError

VALEROS = "add Valeros pc hp=30 bab=3 str=16 dex=13"          # CMB 6
GOBLIN = "add Goblin hp=6 size=small bab=1 str=11 dex=15"      # CMD 10+1+0+2-1 = 12


def pf(**options) -> Table:
    t = Table("pathfinder1e", options=options or None)
    t.do(VALEROS, GOBLIN)
    return t


def test_success_when_the_check_meets_cmd():
    """pathfinder1e.md §1.7 [S]: d20 + CMB vs CMD; success if >= CMD."""
    t = pf()
    t.do("maneuver Valeros Goblin 6")
    assert "Valeros maneuver vs Goblin: success (6 +6 CMB = 12 vs CMD 12)" in t.said()


def test_failure_below_cmd():
    t = pf()
    t.do("maneuver Valeros Goblin 5 trip")
    assert "Valeros trip vs Goblin: failure (5 +6 CMB = 11 vs CMD 12)" in t.said()
    assert not t.c("Goblin").has("prone")


def test_natural_20_always_succeeds():
    """pathfinder1e.md §1.7 [S]: a natural 20 always succeeds."""
    t = pf()
    t.do("set Goblin cmd=40", "maneuver Valeros Goblin 20 trip")
    assert t.said()[-2].startswith("Valeros trip vs Goblin: natural 20, success (20 ")
    assert t.c("Goblin").has("prone")


def test_natural_1_always_fails():
    """pathfinder1e.md §1.7 [S]: a natural 1 always fails."""
    t = pf()
    t.do("set Goblin cmd=5", "maneuver Valeros Goblin 1")
    assert t.said()[-1].startswith("Valeros maneuver vs Goblin: natural 1, failure (1 ")


def test_plus_four_against_the_stunned():
    """pathfinder1e.md §1.7 [S]: target stunned -> +4 (its CMD also loses Dex and takes the -2 AC)."""
    t = pf()
    t.do("cond Goblin stunned", "maneuver Valeros Goblin 2")
    assert "Valeros maneuver vs Goblin: success (2 +6 CMB +4 stunned target = 12 vs CMD 8)" in t.said()


@pytest.mark.parametrize("setup", ["cond Goblin paralyzed", "cond Goblin unconscious", "dmg Goblin 7",
                                   "cond Goblin helpless"])
def test_automatic_success_against_the_helpless(setup):
    """pathfinder1e.md §1.7 [S]: immobilized/unconscious/incapacitated target -> automatic success, no roll."""
    t = pf()
    t.do(setup)
    t.rolls(1)
    t.do("maneuver Valeros Goblin trip")
    assert t.dice.forced == [1]
    assert "Valeros trip vs Goblin: Goblin is helpless, automatic success" in t.said()


def test_flat_footed_target_cmd_has_no_dex():
    """pathfinder1e.md §1.7 [S]: a flat-footed creature does not add its Dex bonus to CMD."""
    t = pf()
    t.do("init Valeros 20", "init Goblin 10", "start", "maneuver Valeros Goblin 4")
    assert "Valeros maneuver vs Goblin: success (4 +6 CMB = 10 vs CMD 10)" in t.said()


def test_attack_roll_modifiers_apply_to_the_check():
    """pathfinder1e.md §1.7 [S]: conditions' attack penalties apply (grappled -2, shaken -2)."""
    t = pf()
    t.do("cond Valeros shaken", "maneuver Valeros Goblin 7")
    assert "Valeros maneuver vs Goblin: failure (7 +4 CMB = 11 vs CMD 12)" in t.said()


def test_grappled_penalty_does_not_apply_to_grapple():
    """pathfinder1e.md §1.5 [S]: grappled -2 on CMB except to grapple or escape."""
    t = pf()
    t.do("cond Valeros grappled", "maneuver Valeros Goblin 6 grapple")
    assert any("+2 grappling while grappled" in s and ": success (" in s for s in t.said())


def test_grapple_success_grapples_both():
    """pathfinder1e.md §1.7 [O]: a successful grapple gives both creatures the grappled condition."""
    t = pf()
    t.do("maneuver Valeros Goblin 10 presa")
    assert t.c("Goblin").has("grappled") and t.c("Valeros").has("grappled")


def test_pin_supersedes_grappled():
    t = pf()
    t.do("maneuver Valeros Goblin 10 grapple", "maneuver Valeros Goblin 15 pin")
    assert [i.cond for i in t.session.ruleset.conditions.active(t.c("Goblin"))] == ["pinned"]


def test_charging_trip_gets_plus_two_seed():
    """pathfinder1e.md §1.2 charge [S]: +2 on trip while charging (seed)."""
    t = pf()
    t.do("charge Valeros", "maneuver Valeros Goblin 4 derribo")
    assert "Valeros trip vs Goblin: success (4 +6 CMB +2 charging = 12 vs CMD 12)" in t.said()
    t.do("maneuver Valeros Goblin 4 bull-rush")
    assert t.said()[-1].startswith("Valeros bull-rush vs Goblin: failure (")


def test_charging_bull_rush_option_official():
    """pathfinder1e.md §1.2 charge [Δ] option charge_maneuver=bull-rush: official +2 on bull rush."""
    t = pf(charge_maneuver="bull-rush")
    t.do("charge Valeros", "maneuver Valeros Goblin 4 embestida")
    assert t.said()[-1].startswith("Valeros bull-rush vs Goblin: success (")
    t.do("maneuver Valeros Goblin 4 trip")
    assert t.said()[-1].startswith("Valeros trip vs Goblin: failure (")


def test_other_modifier_such_as_aoo_damage():
    """pathfinder1e.md §1.7 [S]: damage from the provoked attack of opportunity is a penalty on the roll."""
    t = pf()
    t.do("maneuver Valeros Goblin 10 -3")
    assert "Valeros maneuver vs Goblin: success (10 +6 CMB -3 other = 13 vs CMD 12)" in t.said()


def test_the_roll_comes_from_the_dice_when_not_given():
    t = pf()
    t.rolls(17)
    t.do("maneuver Valeros Goblin")
    assert t.dice.forced == [] and t.said()[-1].startswith("Valeros maneuver vs Goblin: success (17 ")


def test_size_changes_both_sides():
    """pathfinder1e.md §1.7 [S]: the special size modifier on CMB and CMD."""
    t = pf()
    t.do("add Ogre hp=30 size=large bab=3 str=21", "maneuver Ogre Goblin 1")
    t.do("maneuver Ogre Goblin 2")
    assert "Ogre maneuver vs Goblin: failure (2 +9 CMB = 11 vs CMD 12)" in t.said()


def test_usage_errors():
    t = pf()
    with pytest.raises(CommandError, match="usage: maneuver"):
        t.do("maneuver Valeros")
    with pytest.raises(CommandError, match="unexpected 'fly'"):
        t.do("maneuver Valeros Goblin fly")
    with pytest.raises(CommandError, match="natural d20"):
        t.do("maneuver Valeros Goblin 25")
    t.do("maniobra Valeros Goblin 12")
