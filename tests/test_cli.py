"""The headless interface: exec, show, new, rulesets (issue 2)."""

import json
import subprocess
import sys

import pytest

from gm_console.cli import main


def run(*args):
    return main(list(map(str, args)))


@pytest.fixture
def fight(tmp_path):
    p = tmp_path / "f.toml"
    assert run("exec", p, "--new", "generic", "--rolls", "15,3,12", "--",
               "add Goblin x2 hp=7 init=1", "add Kyra pc hp=20", "roll", "start") == 0
    return p


def show(p, capsys):
    capsys.readouterr()
    assert run("show", p, "--json") == 0
    return json.loads(capsys.readouterr().out)


def test_exec_uses_given_rolls_in_order(fight, capsys):
    state = show(fight, capsys)
    inits = {c["id"]: c["initiative"] for c in state["combatants"]}
    assert inits == {"goblin-1": 16, "goblin-2": 4, "kyra": 12}
    assert state["order"] == ["goblin-1", "kyra", "goblin-2"]
    assert state["active"] == "goblin-1" and state["round"] == 1


def test_show_json_has_the_contract_fields(fight, capsys):
    state = show(fight, capsys)
    for key in ("ruleset", "round", "active", "order", "delayed", "readied", "combatants"):
        assert key in state
    kyra = next(c for c in state["combatants"] if c["id"] == "kyra")
    for key in ("id", "name", "initiative", "life", "pools", "conditions", "stats", "effective"):
        assert key in kyra
    assert kyra["pools"]["hp"] == {"value": 20, "max": 20}
    assert kyra["life"] == "ok"


def test_delay_and_ready_show_in_json(fight, capsys):
    assert run("exec", fight, "--", "delay", "ready when the goblin moves", "cond Kyra shaken 2") == 0
    state = show(fight, capsys)
    assert state["delayed"] == ["goblin-1"]
    assert state["readied"] == {"kyra": "when the goblin moves"}
    assert "goblin-1" not in state["order"]
    kyra = next(c for c in state["combatants"] if c["id"] == "kyra")
    assert kyra["conditions"] == [{"id": "shaken", "rounds": 2, "clock": "goblin-2", "source": "goblin-2"}]


def test_failed_batch_prints_one_error_line_exits_1_and_saves_nothing(fight, capsys):
    before = fight.read_bytes()
    capsys.readouterr()
    assert run("exec", fight, "--", "next", "dmg Nobody 3", "next") == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: ") and "\n" not in err and "Nobody" in err
    assert fight.read_bytes() == before


def test_exec_with_dice_damage_uses_rolls(fight, capsys):
    assert run("exec", fight, "--rolls", "4,5", "--", "dmg Kyra 2d6+1") == 0
    kyra = next(c for c in show(fight, capsys)["combatants"] if c["id"] == "kyra")
    assert kyra["pools"]["hp"]["value"] == 10


def test_bad_rolls_flag(fight, capsys):
    assert run("exec", fight, "--rolls", "1,x", "--", "roll Kyra") == 1
    assert "--rolls" in capsys.readouterr().err


def test_new_refuses_existing_file(fight, capsys):
    assert run("new", fight, "--ruleset", "generic", "--no-open") == 1
    assert "already exists" in capsys.readouterr().err


def test_unknown_ruleset_lists_installed(tmp_path, capsys):
    assert run("new", tmp_path / "x.toml", "--ruleset", "chess", "--no-open") == 1
    err = capsys.readouterr().err
    assert "unknown ruleset 'chess'" in err and "generic" in err


def test_rulesets_lists_ids(capsys):
    assert run("rulesets") == 0
    assert "generic" in capsys.readouterr().out


def test_show_markdown(fight, capsys):
    capsys.readouterr()
    assert run("show", fight, "--markdown") == 0
    out = capsys.readouterr().out
    assert "Round 1" in out and "Kyra (PC)" in out


def test_python_dash_m_entry_point(fight):
    out = subprocess.run([sys.executable, "-m", "gm_console", "show", str(fight), "--json"],
                         capture_output=True, text=True, check=True)
    assert json.loads(out.stdout)["round"] == 1


def test_log_groups_actions_by_round(fight, capsys):
    assert run("exec", fight, "--", "dmg Kyra 3", "note ambush!") == 0
    capsys.readouterr()
    assert run("log", fight) == 0
    out = capsys.readouterr().out
    assert "## Before combat" in out and "## Round 1" in out
    assert out.index("`dmg Kyra 3`") > out.index("## Round 1")
    assert "note · ambush!" in out


def test_unused_rolls_are_reported(fight, capsys):
    capsys.readouterr()
    assert run("exec", fight, "--rolls", "4,5,6", "--", "dmg Kyra 1d6") == 0
    assert "2 of the --rolls were not needed: 5,6" in capsys.readouterr().err


def test_a_torn_last_line_is_reported_when_opened(fight, capsys):
    with open(fight, "ab") as fh:
        fh.write(b"99 = '{\"r\":1")
    capsys.readouterr()
    assert run("show", fight, "--json") == 0
    assert "not completely written" in capsys.readouterr().err


def test_exec_undo_and_redo_say_what_they_took_back(fight, capsys):
    """`exec -- undo` names the action it took back, as the console does ("Undone: dmg Kyra 4"),
    instead of printing that action's lines again as if it had just happened."""
    assert run("exec", fight, "--", "dmg Kyra 4") == 0
    capsys.readouterr()
    assert run("exec", fight, "--", "undo") == 0
    assert capsys.readouterr().out.splitlines() == ["Undone: dmg Kyra 4"]
    assert run("--lang", "es", "exec", fight, "--", "rehacer") == 0
    assert capsys.readouterr().out.splitlines() == ["Rehecho: dmg Kyra 4"]
    kyra = next(c for c in show(fight, capsys)["combatants"] if c["id"] == "kyra")
    assert kyra["pools"]["hp"]["value"] == 16
