"""Damage is credited to the one who dealt it (issue 24): the summary after the fight ("dealt")
names the actor, not whoever's turn it was.

- A Dragon Age group member attacking in its group's slot: its own damage, and its action is
  counted against its own turn, not logged "acts out of its turn: not counted"
  (docs/rulesets/generic.md#groups, dragon_age.md §2.3).
- A readied action going off (`trigger`): the damage the GM types next is the readied
  combatant's (pathfinder1e.md §1.1.6, docs/players.md §3).
- A command that names no actor: the acting combatant's.

Driven through `gm-console exec`, read back with `show --json` and `post`.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gm_console.cli import main


def gm(path: Path, *lines: str, rolls: str | None = None, ruleset: str | None = None) -> None:
    argv = ["exec", str(path), "-q"]
    if ruleset and not path.exists():
        argv += ["--new", ruleset]
    if rolls:
        argv += ["--rolls", rolls]
    assert main([*argv, "--", *lines]) == 0


def summary(path: Path, capsys) -> dict:
    capsys.readouterr()
    assert main(["show", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)["summary"]
    return {c["id"]: c for c in data["combatants"]} | {"_biggest": data["biggest_hit"]}


DA_FIGHT = ("add Alistair pc health=30 dex=1 defense=10", "add Genlock x3 group health=10 str=2 weapon=1d6 defense=10",
            "init Alistair 5", 'init "Genlock 1" 15', "start")


def test_a_dragon_age_group_member_is_credited_for_its_attack_in_the_groups_slot(tmp_path, capsys):
    path = tmp_path / "da.toml"
    gm(path, *DA_FIGHT, ruleset="dragon_age")
    capsys.readouterr()
    gm(path, 'attack "Genlock 2" Alistair', rolls="5,4,3,3")  # Genlock 1's turn: the pack acts as one
    s = summary(path, capsys)
    assert s["alistair"]["taken"] == 5
    assert s["genlock-2"]["dealt"] == 5
    assert s["genlock-1"]["dealt"] == 0
    assert s["_biggest"]["by"] == "genlock-2"


def test_a_group_member_acting_in_the_groups_slot_is_not_out_of_its_turn(tmp_path, capsys):
    path = tmp_path / "da.toml"
    gm(path, *DA_FIGHT, ruleset="dragon_age")
    capsys.readouterr()
    assert main(["exec", str(path), "--rolls", "5,4,3,3", "--", 'attack "Genlock 2" Alistair']) == 0
    out = capsys.readouterr().out
    assert "Genlock 2 attacks Alistair: hit" in out
    assert "out of its turn" not in out
    # its major action is spent for this round: when its own turn comes, a minor one is left
    gm(path, "next")
    capsys.readouterr()
    assert main(["exec", str(path), "--rolls", "5,4,3,3", "--", 'attack "Genlock 2" Alistair']) == 1
    assert "already taken its major action" in capsys.readouterr().err


def test_alistair_attacking_in_a_genlocks_turn_is_still_out_of_its_turn(tmp_path, capsys):
    """Only a member of the group whose slot it is acts in it (dragon_age.md §2.3)."""
    path = tmp_path / "da.toml"
    gm(path, *DA_FIGHT, ruleset="dragon_age")
    capsys.readouterr()
    assert main(["exec", str(path), "--rolls", "5,4,3,3", "--", 'attack Alistair "Genlock 1"']) == 0
    assert "Alistair acts out of their turn" in capsys.readouterr().out
    assert summary(path, capsys)["alistair"]["dealt"] > 0  # and still, the damage is its own


PF_FIGHT = ("add Kyra pc hp=20", "add Ogre hp=30", "add Valeros pc hp=20", "init Kyra 15", "init Ogre 10",
            "init Valeros 5", "start")


def test_a_readied_actions_damage_is_the_readied_combatants(tmp_path, capsys):
    path = tmp_path / "pf.toml"
    gm(path, *PF_FIGHT, 'ready "when the ogre moves"', "trigger Kyra", "dmg Ogre 8", ruleset="pathfinder1e")
    s = summary(path, capsys)
    assert s["kyra"]["dealt"] == 8  # once credited to nobody (the ogre's own turn, the ogre hit)
    assert s["ogre"]["taken"] == 8
    assert s["_biggest"]["by"] == "kyra"


def test_after_the_readied_action_the_turn_is_the_ogres_again(tmp_path, capsys):
    """The readied action is one action: the ogre then hits Kyra, and Valeros on his turn."""
    path = tmp_path / "pf.toml"
    gm(path, *PF_FIGHT, 'ready "when the ogre moves"', "trigger Kyra", "dmg Ogre 8", "dmg Kyra 5",
       "dmg Valeros 2", "next", "dmg Ogre 3", "end", ruleset="pathfinder1e")
    s = summary(path, capsys)
    assert (s["kyra"]["dealt"], s["ogre"]["dealt"], s["valeros"]["dealt"]) == (8, 7, 3)


def test_the_readied_combatant_hurt_before_its_shot_is_the_ogres_damage(tmp_path, capsys):
    path = tmp_path / "pf.toml"
    gm(path, *PF_FIGHT, 'ready "when the ogre moves"', "trigger Kyra", "dmg Kyra 4", "dmg Ogre 6",
       ruleset="pathfinder1e")
    s = summary(path, capsys)
    assert (s["ogre"]["dealt"], s["kyra"]["dealt"]) == (4, 6)


@pytest.mark.parametrize("game", ["generic", "pathfinder1e", "starfinder"])
def test_a_command_without_an_actor_credits_the_acting_combatant(tmp_path, capsys, game):
    path = tmp_path / "f.toml"
    gm(path, "add Kyra pc hp=20", "add Goblin hp=30", "init Kyra 15", "init Goblin 10", "start",
       "dmg Goblin 6", "next", "dmg Kyra 2", ruleset=game)
    s = summary(path, capsys)
    assert (s["kyra"]["dealt"], s["goblin"]["dealt"]) == (6, 2)


def test_the_players_post_credits_the_readied_pc(tmp_path, capsys):
    path = tmp_path / "pf.toml"
    gm(path, *PF_FIGHT, 'ready "when the ogre moves"', "trigger Kyra", "dmg Ogre 8", "dmg Kyra 5", "end",
       ruleset="pathfinder1e")
    capsys.readouterr()
    assert main(["post", str(path)]) == 0
    post = capsys.readouterr().out
    assert "Ogre: dealt 5" in post  # the ogre's hit on Kyra, the players' own number
