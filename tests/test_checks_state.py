"""The last checks are part of the state a script reads (`show --json` "checks"), not only of
the log: who, what, dice, total, against what, outcome and, for AGE, stunt points. Kept by the
fold (an encounter mark per check, the last 10), so undo and reopening keep them right.

Rules: the dice tray (engine `check`, `r`), dragon_age.md §2.1, §2.4, §2.5, §2.8,
starfinder.md §3.4.9, §3.7, §3.8, §3.9.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import Table
from gm_console.engine.rules.checks import CHECKS_KEPT
from gm_console.engine.views.export import state_dict


def checks(t: Table, players: bool = False) -> list[dict]:
    return state_dict(t.state, t.session.ruleset, players=players)["checks"]


# -- the engine's dice tray ----------------------------------------------------------------------


def test_a_dc_check_is_in_the_state_with_everything_a_script_needs():
    t = Table("pathfinder1e")
    t.do("add Kyra hp=20 str=14")
    t.rolls(12)
    t.do("check Kyra str vs 15")
    (c,) = checks(t)
    assert {k: c[k] for k in ("who", "name", "what", "dice", "bonus", "total", "against", "target", "outcome")} == {
        "who": "kyra", "name": "Kyra", "what": "str", "dice": [12], "bonus": 2, "total": 14,
        "against": "DC 15", "target": 15, "outcome": "failure"}
    assert c["hidden"] is False and c["stunt_points"] is None and c["vs"] is None


def test_meeting_the_dc_is_a_success():
    """The boundary: a total equal to the DC succeeds."""
    t = Table("pathfinder1e")
    t.do("add Kyra hp=20 str=14")
    t.rolls(13)
    t.do("check Kyra str vs 15")
    assert checks(t)[-1]["outcome"] == "success"


def test_an_opposed_check_names_the_other_side():
    t = Table("pathfinder1e")
    t.do("add Kyra hp=20", "add Ogre hp=30")
    t.rolls(15, 9)
    t.do("check Kyra stealth+4 vs Ogre perception+2")
    c = checks(t)[-1]
    assert (c["vs"], c["total"], c["vs_total"], c["outcome"]) == ("ogre", 19, 11, "win")
    assert c["against"] == "Ogre perception"


def test_take_10_has_no_dice():
    t = Table("pathfinder1e")
    t.do("add Kyra hp=20", "check Kyra climb+3 vs 12 take10")
    c = checks(t)[-1]
    assert (c["dice"], c["total"], c["what"], c["outcome"]) == ([], 13, "climb (take 10)", "success")


def test_a_labelled_free_roll_is_kept_an_unlabelled_one_is_not():
    t = Table("generic")
    t.rolls(7, 3, 4)
    t.do("r 1d20+5 stealth", "r 2d6")
    (c,) = checks(t)
    assert (c["who"], c["what"], c["dice"], c["total"]) == (None, "stealth", [7], 12)


def test_hidden_checks_are_left_out_of_the_players_view():
    t = Table("pathfinder1e")
    t.do("add Kyra hp=20")
    t.rolls(10, 11, 12)
    t.do("check Kyra perception+5 hidden", "r 1d20 secret-door hidden", "check Kyra climb+1")
    assert [c["what"] for c in checks(t)] == ["perception", "secret-door", "climb"]
    assert [c["what"] for c in checks(t, players=True)] == ["climb"]
    assert checks(t)[0]["hidden"] is True


def test_the_players_read_a_foes_check_as_its_outcome_alone():
    """docs/players.md §1: a foe's numbers (its dice, bonus, total) never reach the players; a PC's do."""
    t = Table("pathfinder1e")
    t.do("add Kyra pc hp=20", "add Gob hp=6")
    t.rolls(12, 9)
    t.do("check Gob stealth+5 vs 15", "check Kyra perception+2 vs Gob")
    gob, kyra = checks(t, players=True)
    assert (gob["who"], gob["dice"], gob["bonus"], gob["total"], gob["outcome"]) == ("gob", [], None, None, "success")
    assert (kyra["who"], kyra["dice"], kyra["total"]) == ("kyra", [9], 11)
    assert checks(t)[0]["total"] == 17  # the GM's, whole


def test_only_the_last_ten_are_kept_oldest_first():
    t = Table("generic")
    t.do("add Kyra hp=20")
    for i in range(13):
        t.rolls(i % 20 + 1)
        t.do(f"check Kyra +{i}")
    kept = checks(t)
    assert len(kept) == CHECKS_KEPT
    assert [c["n"] for c in kept] == list(range(4, 14))
    assert kept[-1]["total"] == 13 + 12


def test_undo_takes_the_check_back_out_of_the_state():
    t = Table("generic")
    t.do("add Kyra hp=20")
    t.rolls(5, 6)
    t.do("check Kyra +1", "check Kyra +2")
    t.do("undo")
    assert [c["total"] for c in checks(t)] == [6]


@settings(max_examples=25, deadline=None)
@given(n=st.integers(0, 25))
def test_the_kept_checks_are_always_the_last_ones(n):
    """Property: after n checks, the state holds the last min(n, 10), in order, numbered 1..n."""
    t = Table("generic")
    t.do("add Kyra hp=20")
    for i in range(n):
        t.rolls(1)
        t.do(f"check Kyra +{i}")
    assert [c["n"] for c in checks(t)] == list(range(max(1, n - CHECKS_KEPT + 1), n + 1))


def test_show_json_through_the_cli_and_reopening(tmp_path, capsys):
    """What a script runs: `exec` then `show --json` (a fresh process reads the save) and `--players`."""
    from gm_console.cli import main

    path = tmp_path / "f.toml"
    assert main(["new", "--ruleset", "pathfinder1e", str(path)]) == 0
    assert main(["exec", str(path), "--rolls", "14,3", "--", "add Kyra hp=20 str=14",
                 "check Kyra str vs 10", "check Kyra perception+2 hidden"]) == 0
    capsys.readouterr()
    assert main(["show", "--json", str(path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [(c["what"], c["total"], c["outcome"]) for c in data["checks"]] == [("str", 16, "success"),
                                                                             ("perception", 5, None)]
    assert main(["show", "--json", "--players", str(path)]) == 0
    assert [c["what"] for c in json.loads(capsys.readouterr().out)["checks"]] == ["str"]


# -- Dragon Age: tests, attacks, casting, stunt points -------------------------------------------


def age() -> Table:
    t = Table("dragon_age")
    t.do("add Sera pc health=25 con=1 dex=3 focus=swimming", "add Hurlock health=20 defense=12 armor=0",
         "add Morrigan pc health=20 magic=3 mana=20")
    return t


def test_age_test_keeps_the_three_dice_dragon_first_and_the_degree():
    """dragon_age.md §2.1: the seed's example, 3d6 (5,5,5) + Con 1 + focus 2 = 18 vs 10."""
    t = age()
    t.do("test Sera con:swimming 10 5,5,5")
    c = checks(t)[-1]
    assert (c["what"], c["dice"], c["total"], c["against"], c["outcome"]) == (
        "con:swimming", [5, 5, 5], 18, "TN 10", "success")
    assert c["degree"] == "dragon die 5: impressively" and c["stunt_points"] is None


def test_age_failure_has_no_degree():
    t = age()
    t.do("test Sera con 20 1,2,3")
    c = checks(t)[-1]
    assert (c["outcome"], c["degree"]) == ("failure", None)


@pytest.mark.parametrize("dice,outcome,points", [
    ("4,4,2", "hit", 4),      # doubles on a hit: SP = dragon die
    ("2,6,6", "hit", 2),      # the dragon die need not be in the pair
    ("6,5,4", "hit", 0),      # no doubles
    ("1,1,2", "miss", 0),     # doubles on a miss earn nothing
    ("11", "hit", None),      # only the sum given: unknown
])
def test_age_attack_keeps_its_stunt_points(dice, outcome, points):
    """dragon_age.md §2.4, §2.5: vs Defense 12 (Dex 3 attack); SP = DD on a hit with doubles."""
    t = age()
    t.do(f"attack Sera Hurlock dex {dice} dmg=3")
    c = checks(t)[-1]
    assert (c["outcome"], c["stunt_points"], c["against"], c["target"]) == (outcome, points, "Defense 12", 12)


def test_age_casting_is_kept_with_its_points():
    """dragon_age.md §2.8, §2.5: casting vs TN, doubles on a success earn spell stunt points."""
    t = age()
    t.do("cast Morrigan Winters-Grasp 3 12 3,3,5")
    c = checks(t)[-1]
    assert (c["what"], c["total"], c["outcome"], c["stunt_points"]) == ("casting Winters-Grasp (magic)", 14,
                                                                        "success", 3)


def test_age_contest_and_hidden_perception():
    """dragon_age.md §2.1: opposed, and Perception hidden from the players."""
    t = age()
    t.do("contest Hurlock perception Sera dex 2,2,2 5,5,6")
    c = checks(t)[-1]
    assert (c["who"], c["vs"], c["outcome"], c["hidden"]) == ("hurlock", "sera", "loss", True)
    assert checks(t, players=True) == []


def test_age_engine_check_uses_the_dragon_die_too():
    """dragon_age.md §2.1: `check` with the AGE dice keeps its three dice and degree."""
    t = age()
    t.rolls(5, 5, 5)
    t.do("check Sera con:swimming vs 10")
    c = checks(t)[-1]
    assert (c["dice"], c["total"], c["degree"]) == ([5, 5, 5], 18, "dragon die 5: impressively")


# -- Starfinder: maneuvers, Medicine, vehicles, long-term stability -------------------------------


def test_sf_maneuver_is_kept_against_kac_plus_8():
    """starfinder.md §3.7: a grapple vs KAC + 8."""
    t = Table("starfinder")
    t.do("add Obozaya pc sp=10 hp=10 melee=9", "add Pirate hp=10 kac=15")
    t.rolls(14)
    t.do("grapple Obozaya Pirate")
    c = checks(t)[-1]
    assert (c["what"], c["total"], c["against"], c["target"], c["outcome"]) == (
        "grapple on Pirate", 23, "KAC + 8 = 23", 23, "success")


def test_sf_given_total_has_no_dice():
    """starfinder.md §3.4.6: the GM's typed Medicine total is kept without dice."""
    t = Table("starfinder")
    t.do("add Navasi pc sp=0/10 hp=1/20 rp=0", "add Keskodai pc sp=5 hp=5 medicine=9", "dmg Navasi 1",
         "medicine Navasi 14 by Keskodai")
    c = checks(t)[-1]
    assert (c["who"], c["dice"], c["total"], c["target"], c["outcome"]) == ("keskodai", [], 14, 15, "failure")


def test_sf_ram_dodge_tie_is_a_failure_for_the_defender():
    """starfinder.md §3.8: the defender's Piloting must beat the rammer's; ties to the rammer."""
    t = Table("starfinder")
    t.do("add Navasi pc sp=10 hp=10 piloting=5", "add Vex hp=10 piloting=5",
         "add Skimmer vehicle level=3 speed=20 full=450 hp=40 collision=4d6 dc=13 pilot=Navasi",
         "add Skiff vehicle level=3 speed=20 full=450 hp=40 collision=4d6 dc=13 pilot=Vex")
    t.rolls(3, 3, 3, 3, 3)
    t.do("ram Skimmer Skiff 18 save=18")
    dodge = [c for c in checks(t) if c["what"].startswith("Piloting (dodge")][-1]
    assert (dodge["total"], dodge["target"], dodge["outcome"]) == (18, 18, "failure")
    assert dodge["against"] == "the rammer's Piloting 18"


@pytest.mark.parametrize("natural,outcome", [(20, "wakes"), (19, "stable"), (10, "stable"), (9, "dies")])
def test_sf_long_term_stability_check_outcomes(natural, outcome):
    """starfinder.md §3.4.9: Con check 20+ wakes, 10-19 stays stable, under 10 dies (Con 10: +0)."""
    t = Table("starfinder")
    t.do("add Navasi pc sp=0/10 hp=1/20 rp=0 con=10", "dmg Navasi 1", "cond Navasi stable")
    t.rolls(natural)
    t.do("pass 1h")
    c = checks(t)[-1]
    assert (c["what"], c["total"], c["outcome"]) == ("Con (long-term stability)", natural, outcome)
