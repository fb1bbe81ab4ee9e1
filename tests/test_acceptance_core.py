"""Acceptance scenarios for issues 2 and 7, driven through the real command line.

Written as a hidden-test author would: only the public contract (README, issue text, rules
digest) is assumed: `gm-console exec PATH [--rolls] -- CMD...`, `gm-console show PATH --json`,
`--markdown`, `gm-console rulesets`, `gm-console log`, the generic ruleset.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from gm_console import plugins
from gm_console.cli import main


# ---------------------------------------------------------------- helpers

def run(*args) -> int:
    return main([str(a) for a in args])


def ex(capsys, path, *cmds, rolls=None, new=None):
    """exec; returns (rc, stdout, stderr)."""
    capsys.readouterr()
    argv = ["exec", path]
    if new:
        argv += ["--new", new]
    if rolls is not None:
        argv += ["--rolls", rolls]
    rc = run(*argv, "--", *cmds)
    out = capsys.readouterr()
    return rc, out.out, out.err


def ok(capsys, path, *cmds, rolls=None, new=None) -> str:
    rc, out, err = ex(capsys, path, *cmds, rolls=rolls, new=new)
    assert rc == 0, f"{cmds!r} failed: {err}"
    return out


def show(capsys, path) -> dict:
    capsys.readouterr()
    assert run("show", path, "--json") == 0
    return json.loads(capsys.readouterr().out)


def comb(state: dict, cid: str) -> dict:
    found = [c for c in state["combatants"] if c["id"] == cid]
    assert found, f"no combatant {cid!r} in {[c['id'] for c in state['combatants']]}"
    return found[0]


def conds(state: dict, cid: str) -> dict:
    return {c["id"]: c for c in comb(state, cid)["conditions"]}


def fails_cleanly(capsys, path: Path, *cmds, mentions=(), rolls=None):
    """The error contract: one `error: ...` line on stderr, exit 1, file byte-identical."""
    before = path.read_bytes()
    siblings = sorted(p.name for p in path.parent.iterdir())
    rc, out, err = ex(capsys, path, *cmds, rolls=rolls)
    assert rc == 1, f"{cmds!r} should fail, rc={rc}, out={out!r}"
    lines = err.strip().splitlines()
    assert len(lines) == 1, f"expected one error line, got {err!r}"
    assert lines[0].startswith("error: "), lines[0]
    assert "Traceback" not in err
    for m in mentions:
        assert m.lower() in lines[0].lower(), f"{m!r} not in {lines[0]!r}"
    assert path.read_bytes() == before, "the file changed after a failed exec"
    assert sorted(p.name for p in path.parent.iterdir()) == siblings, "stray files left behind"
    return lines[0]


@pytest.fixture
def enc(tmp_path, capsys):
    """A, B, C at 20/15/10, not started (generic)."""
    p = tmp_path / "abc.toml"
    ok(capsys, p, "add A hp=10", "add B hp=10", "add C hp=10",
       "init A 20", "init B 15", "init C 10", new="generic")
    return p


@pytest.fixture
def fight(enc, capsys):
    ok(capsys, enc, "start")
    return enc


def head(state):
    return state["round"], state["active"], state["order"]


# ---------------------------------------------------------------- show --json contract

def test_new_encounter_is_round_zero_with_no_active(tmp_path, capsys):
    p = tmp_path / "e.toml"
    assert run("new", p, "--ruleset", "generic", "--no-open") == 0
    s = show(capsys, p)
    assert s["ruleset"] == "generic"
    assert s["round"] == 0
    assert s["active"] is None
    assert s["order"] == [] and s["delayed"] == [] and s["readied"] == {}
    assert s["combatants"] == []


def test_before_start_round_zero_active_null_and_combatant_fields(tmp_path, capsys):
    p = tmp_path / "e.toml"
    ok(capsys, p, 'add "Goblin Boss" hp=6/38 init=2 ac=14', "add Kyra pc hp=20", new="generic")
    s = show(capsys, p)
    assert s["round"] == 0 and s["active"] is None
    assert s["delayed"] == [] and s["readied"] == {}
    boss = comb(s, "goblin-boss")
    assert boss["name"] == "Goblin Boss"
    assert boss["initiative"] is None
    assert boss["life"] == "ok"
    assert boss["pools"] == {"hp": {"value": 6, "max": 38}}
    assert boss["conditions"] == []
    assert boss["stats"]["init"] == 2 and boss["stats"]["ac"] == 14
    assert boss["effective"]["ac"] == 14
    assert all(isinstance(v, (int, float)) for v in boss["effective"].values())
    assert comb(s, "kyra")["stats"]["pc"] is True


def test_start_rolls_for_those_without_initiative_with_given_rolls(tmp_path, capsys):
    p = tmp_path / "e.toml"
    ok(capsys, p, "add Goblin x2 hp=7 init=1", "add Kyra pc hp=20 init=3", "init Kyra 9",
       "start", rolls="15,3", new="generic")
    s = show(capsys, p)
    inits = {c["id"]: c["initiative"] for c in s["combatants"]}
    assert inits == {"goblin-1": 16, "goblin-2": 4, "kyra": 9}
    assert s["round"] == 1
    assert s["active"] == "goblin-1"
    assert s["order"] == ["goblin-1", "kyra", "goblin-2"]
    assert s["in_combat"] is True


def test_roll_default_only_those_without_one_and_named(tmp_path, capsys):
    p = tmp_path / "e.toml"
    ok(capsys, p, "add A init=2 hp=5", "add B init=0 hp=5", "init A 5", "roll", rolls="11", new="generic")
    s = show(capsys, p)
    assert comb(s, "a")["initiative"] == 5 and comb(s, "b")["initiative"] == 11
    ok(capsys, p, "roll A", rolls="18")
    assert comb(show(capsys, p), "a")["initiative"] == 20


def test_valued_condition_and_open_ended_rounds_in_json(fight, capsys):
    ok(capsys, fight, "cond B bleed:2", "cond C shaken 3")
    s = show(capsys, fight)
    b = conds(s, "b")["bleed"]
    assert b["rounds"] is None and b["value"] == 2
    c = conds(s, "c")["shaken"]
    assert c["rounds"] == 3


# ---------------------------------------------------------------- names and the command language

def test_xn_numbering_continues(tmp_path, capsys):
    p = tmp_path / "e.toml"
    ok(capsys, p, "add Goblin x2 hp=7", "add Goblin x2 hp=7", new="generic")
    s = show(capsys, p)
    assert [(c["id"], c["name"]) for c in s["combatants"]] == [
        ("goblin-1", "Goblin 1"), ("goblin-2", "Goblin 2"), ("goblin-3", "Goblin 3"), ("goblin-4", "Goblin 4")]
    assert all(c["pools"]["hp"] == {"value": 7, "max": 7} for c in s["combatants"])


def test_quoted_names_ids_and_prefixes(tmp_path, capsys):
    p = tmp_path / "e.toml"
    ok(capsys, p, 'add "Goblin Boss" hp=20', 'add "Orc Chief" hp=30', new="generic")
    ok(capsys, p, 'dmg "Goblin Boss" 2', "dmg goblin-boss 3", "dmg Gob 1", "dmg orc 4", "dmg 'Orc Chief' 1")
    s = show(capsys, p)
    assert comb(s, "goblin-boss")["pools"]["hp"]["value"] == 14
    assert comb(s, "orc-chief")["pools"]["hp"]["value"] == 25


def test_ambiguous_prefix_is_an_error_naming_the_candidates(tmp_path, capsys):
    p = tmp_path / "e.toml"
    ok(capsys, p, "add Goblin x2 hp=7", new="generic")
    fails_cleanly(capsys, p, "dmg Gob 3", mentions=("Goblin 1", "Goblin 2"))


def test_names_are_accent_and_case_blind(tmp_path, capsys):
    p = tmp_path / "e.toml"
    ok(capsys, p, 'add "Señor Martín" hp=20', new="generic")
    ok(capsys, p, "dmg senor 1", "dmg SEÑOR 1", 'dmg "senor martin" 1', "dmg Señ 1")
    s = show(capsys, p)
    [c] = s["combatants"]
    assert c["name"] == "Señor Martín"
    assert c["pools"]["hp"]["value"] == 16


def test_condition_names_case_and_accent_insensitive(fight, capsys):
    ok(capsys, fight, "cond B Shaken", "cond C Confusión 2")
    s = show(capsys, fight)
    assert "shaken" in conds(s, "b")
    ok(capsys, fight, "uncond B SHAKEN", "uncond C confusion")
    s = show(capsys, fight)
    assert comb(s, "b")["conditions"] == [] and comb(s, "c")["conditions"] == []


def test_condition_id_is_canonical_kebab_case(fight, capsys):
    ok(capsys, fight, "cond B Flat-Footed")
    assert "flat-footed" in conds(show(capsys, fight), "b")


def test_hp_current_over_max_and_set(tmp_path, capsys):
    p = tmp_path / "e.toml"
    ok(capsys, p, "add Ogre hp=6/38", new="generic")
    assert comb(show(capsys, p), "ogre")["pools"]["hp"] == {"value": 6, "max": 38}
    ok(capsys, p, "heal Ogre 100")
    assert comb(show(capsys, p), "ogre")["pools"]["hp"] == {"value": 38, "max": 38}
    ok(capsys, p, "set Ogre hp=10/12 ac=13")
    o = comb(show(capsys, p), "ogre")
    assert o["pools"]["hp"] == {"value": 10, "max": 12}
    assert o["effective"]["ac"] == 13 and o["stats"]["ac"] == 13


def test_rename_with_set(tmp_path, capsys):
    p = tmp_path / "e.toml"
    ok(capsys, p, "add Ogre hp=5", 'set Ogre name="Big Ogre"', new="generic")
    s = show(capsys, p)
    assert [c["name"] for c in s["combatants"]] == ["Big Ogre"]
    ok(capsys, p, 'dmg "Big Ogre" 1')


def test_dice_amounts_use_the_given_rolls(fight, capsys):
    ok(capsys, fight, "dmg A 2d6+3", rolls="1,2")
    assert comb(show(capsys, fight), "a")["pools"]["hp"]["value"] == 4
    ok(capsys, fight, "heal A 1d4", rolls="3")
    assert comb(show(capsys, fight), "a")["pools"]["hp"]["value"] == 7


def test_damage_to_zero_is_unconscious_and_heal_brings_back(fight, capsys):
    ok(capsys, fight, "dmg B 25")
    b = comb(show(capsys, fight), "b")
    assert b["pools"]["hp"]["value"] == 0 and b["life"] == "unconscious"
    ok(capsys, fight, "heal B 3")
    b = comb(show(capsys, fight), "b")
    assert b["pools"]["hp"]["value"] == 3 and b["life"] == "ok"


def test_dead_are_passed_over_by_next(fight, capsys):
    ok(capsys, fight, "cond B dead")
    assert comb(show(capsys, fight), "b")["life"] == "dead"
    ok(capsys, fight, "next")
    assert show(capsys, fight)["active"] == "c"


def test_spanish_verbs_do_the_same(tmp_path, capsys):
    p = tmp_path / "e.toml"
    ok(capsys, p, "añadir Trasgo x2 hp=8", "añadir Kyra pj hp=20", "iniciativa Kyra 18",
       "iniciativa trasgo-1 12", "iniciativa trasgo-2 6", new="generic")
    ok(capsys, p, "empezar", "daño trasgo-1 3", "curar trasgo-1 1", "estado trasgo-2 estremecido 2",
       "nota emboscada", "poner trasgo-1 ac=12")
    s = show(capsys, p)
    assert s["round"] == 1 and s["active"] == "kyra"
    assert comb(s, "trasgo-1")["pools"]["hp"]["value"] == 6
    assert comb(s, "trasgo-1")["stats"]["ac"] == 12
    assert conds(s, "trasgo-2")["shaken"]["rounds"] == 2  # the canonical id, whichever language was typed
    ok(capsys, p, "quitar-estado trasgo-2 estremecido", "siguiente", "retrasar")
    s = show(capsys, p)
    assert comb(s, "trasgo-2")["conditions"] == []
    assert s["delayed"] == ["trasgo-1"] and s["active"] == "trasgo-2"
    ok(capsys, p, "reanudar trasgo-1")
    assert show(capsys, p)["active"] == "trasgo-1"
    ok(capsys, p, "preparar cuando entre alguien")
    s = show(capsys, p)
    assert s["readied"] == {"trasgo-1": "cuando entre alguien"}
    ok(capsys, p, "disparar trasgo-1")
    assert show(capsys, p)["readied"] == {}
    ok(capsys, p, "deshacer")
    assert show(capsys, p)["readied"] == {"trasgo-1": "cuando entre alguien"}
    ok(capsys, p, "rehacer", "quitar trasgo-2", "fin")
    s = show(capsys, p)
    assert sorted(c["id"] for c in s["combatants"]) == ["kyra", "trasgo-1"]
    assert s["active"] is None and s["in_combat"] is False
    ok(capsys, p, "pasar 10m")
    assert show(capsys, p)["time_seconds"] == 600


def test_spanish_cancel_unready(fight, capsys):
    ok(capsys, fight, "ready when x", "cancelar A")
    assert show(capsys, fight)["readied"] == {}


def test_tirar_rolls_initiative(tmp_path, capsys):
    p = tmp_path / "e.toml"
    ok(capsys, p, "añadir A hp=5 init=1", "tirar", rolls="9", new="generic")
    assert comb(show(capsys, p), "a")["initiative"] == 10


def test_remove_the_active_combatant_keeps_a_valid_turn(fight, capsys):
    ok(capsys, fight, "next", "remove B")
    s = show(capsys, fight)
    assert s["order"] == ["a", "c"]
    assert s["active"] in ("c",)  # the one after the removed combatant is up
    assert s["round"] == 1


def test_init_mid_combat_is_inserted_by_count(fight, capsys):
    ok(capsys, fight, "add D hp=5", "init D 12")
    s = show(capsys, fight)
    assert s["order"] == ["a", "b", "d", "c"] and s["active"] == "a"


def test_side_and_note(fight, capsys):
    ok(capsys, fight, "side B pc", "note the bridge collapses")
    assert comb(show(capsys, fight), "b")["side"] == "pc"
    capsys.readouterr()
    assert run("log", fight) == 0
    assert "the bridge collapses" in capsys.readouterr().out


# ---------------------------------------------------------------- turns

def test_next_advances_round_after_last(fight, capsys):
    assert head(show(capsys, fight)) == (1, "a", ["a", "b", "c"])
    ok(capsys, fight, "next", "next")
    assert head(show(capsys, fight)) == (1, "c", ["a", "b", "c"])
    ok(capsys, fight, "next")
    assert head(show(capsys, fight)) == (2, "a", ["a", "b", "c"])


def test_prev_moves_the_marker_back_across_the_round(fight, capsys):
    ok(capsys, fight, "next", "next", "next", "prev")
    assert head(show(capsys, fight))[:2] == (1, "c")


def test_delay_leaves_order_and_is_listed(fight, capsys):
    ok(capsys, fight, "delay")
    s = show(capsys, fight)
    assert s["delayed"] == ["a"]
    assert s["order"] == ["b", "c"]
    assert s["active"] == "b"


def test_resume_acts_before_the_one_up_and_takes_that_slot(fight, capsys):
    ok(capsys, fight, "delay", "next", "resume A")
    s = show(capsys, fight)
    assert s["active"] == "a" and s["delayed"] == []
    assert s["order"] == ["b", "a", "c"]
    ok(capsys, fight, "next")
    assert show(capsys, fight)["active"] == "c"
    ok(capsys, fight, "next")  # round 2: the new position persists
    s = show(capsys, fight)
    assert head(s) == (2, "b", ["b", "a", "c"])
    ok(capsys, fight, "next")
    assert show(capsys, fight)["active"] == "a"


def test_delay_count_re_enters_by_itself(fight, capsys):
    ok(capsys, fight, "delay 12")
    s = show(capsys, fight)
    assert s["delayed"] == ["a"] and s["delay_counts"] == {"a": 12}
    ok(capsys, fight, "next")  # B ends; count 12 comes before C (10)
    s = show(capsys, fight)
    assert s["active"] == "a" and s["delayed"] == []
    assert comb(s, "a")["initiative"] == 12
    assert s["order"] == ["b", "a", "c"]
    ok(capsys, fight, "next")
    assert show(capsys, fight)["active"] == "c"


def test_delay_count_below_everyone_re_enters_at_end_of_round(fight, capsys):
    ok(capsys, fight, "delay 5", "next")  # B -> C
    assert show(capsys, fight)["active"] == "c"
    ok(capsys, fight, "next")  # count 5 after C, still round 1
    s = show(capsys, fight)
    assert s["round"] == 1 and s["active"] == "a"
    ok(capsys, fight, "next")
    s = show(capsys, fight)
    assert head(s) == (2, "b", ["b", "c", "a"])


def test_still_delaying_when_own_slot_comes_round_again_gets_its_turn(fight, capsys):
    ok(capsys, fight, "delay", "next", "next")  # B, C; A never resumes
    s = show(capsys, fight)
    assert s["round"] == 2 and s["active"] == "a"
    assert s["delayed"] == []
    assert s["order"] == ["a", "b", "c"]


def test_delayer_can_keep_delaying_into_the_next_round(fight, capsys):
    """Digest 1.1.5: a delayer whose slot came round may delay again."""
    ok(capsys, fight, "next", "delay", "next")  # B delays in round 1; C's turn ends -> round 2
    s = show(capsys, fight)
    assert s["round"] == 2 and s["active"] == "a" and s["delayed"] == ["b"]
    ok(capsys, fight, "next")  # B's original slot comes round: its turn there
    s = show(capsys, fight)
    assert s["active"] == "b" and s["delayed"] == []
    ok(capsys, fight, "delay")
    s = show(capsys, fight)
    assert s["delayed"] == ["b"] and s["active"] == "c"


def test_resume_next_round_before_original_slot_uses_up_that_rounds_turn(fight, capsys):
    ok(capsys, fight, "next", "delay", "next")  # B delays r1; C ends -> r2, A up
    ok(capsys, fight, "resume B")  # in round 2 before its original 15: this is its round-2 turn
    s = show(capsys, fight)
    assert head(s) == (2, "b", ["b", "a", "c"])
    ok(capsys, fight, "next")
    assert show(capsys, fight)["active"] == "a"
    ok(capsys, fight, "next")
    assert head(show(capsys, fight))[:2] == (2, "c")  # no second turn for B in round 2
    ok(capsys, fight, "next")
    assert head(show(capsys, fight)) == (3, "b", ["b", "a", "c"])


def test_ready_ends_turn_and_trigger_moves_before_active(fight, capsys):
    ok(capsys, fight, "ready when the ogre moves")
    s = show(capsys, fight)
    assert s["readied"] == {"a": "when the ogre moves"}
    assert s["active"] == "b"
    assert "a" in s["order"]  # readying is not delaying
    ok(capsys, fight, "next", "trigger A")
    s = show(capsys, fight)
    assert s["readied"] == {}
    assert s["order"] == ["b", "a", "c"]
    assert s["active"] == "c"
    assert comb(s, "a")["initiative"] == 10
    ok(capsys, fight, "next")
    assert head(show(capsys, fight)) == (2, "b", ["b", "a", "c"])


def test_trigger_next_round_before_own_count_costs_the_regular_turn(fight, capsys):
    ok(capsys, fight, "next", "ready if anyone casts", "next")  # B readies r1; r2: A up
    s = show(capsys, fight)
    assert head(s)[:2] == (2, "a") and s["readied"] == {"b": "if anyone casts"}
    ok(capsys, fight, "trigger B")
    s = show(capsys, fight)
    assert s["order"] == ["b", "a", "c"] and s["active"] == "a"
    ok(capsys, fight, "next")
    assert head(show(capsys, fight))[:2] == (2, "c")
    ok(capsys, fight, "next")
    assert head(show(capsys, fight)) == (3, "b", ["b", "a", "c"])


def test_unready(fight, capsys):
    ok(capsys, fight, "ready x", "unready A")
    assert show(capsys, fight)["readied"] == {}


def test_order_is_always_a_permutation_of_non_delayers(fight, capsys):
    ok(capsys, fight, "delay", "ready y", "next")
    s = show(capsys, fight)
    ids = {c["id"] for c in s["combatants"]}
    assert set(s["order"]) | set(s["delayed"]) == ids
    assert not set(s["order"]) & set(s["delayed"])
    assert len(s["order"]) == len(set(s["order"]))


# ---------------------------------------------------------------- durations

def test_cond_two_rounds_ends_at_start_of_typists_turn_two_rounds_later(fight, capsys):
    ok(capsys, fight, "cond B shaken 2")  # A's turn, round 1
    c = conds(show(capsys, fight), "b")["shaken"]
    assert c["rounds"] == 2 and c.get("clock") == "a"
    ok(capsys, fight, "next", "next", "next")  # round 2, A's turn starts
    s = show(capsys, fight)
    assert head(s)[:2] == (2, "a") and conds(s, "b")["shaken"]["rounds"] == 1
    ok(capsys, fight, "next", "next")  # round 2, C
    assert "shaken" in conds(show(capsys, fight), "b")
    ok(capsys, fight, "next")  # round 3, A's turn starts: it ends
    s = show(capsys, fight)
    assert head(s)[:2] == (3, "a")
    assert "shaken" not in conds(s, "b")


def test_cond_by_name_uses_that_clock(fight, capsys):
    ok(capsys, fight, "cond A shaken 1 by C")
    assert conds(show(capsys, fight), "a")["shaken"]["clock"] == "c"
    ok(capsys, fight, "next")  # B
    assert "shaken" in conds(show(capsys, fight), "a")
    ok(capsys, fight, "next")  # C's turn starts: one round by C's clock is over
    assert "shaken" not in conds(show(capsys, fight), "a")


def test_duration_clock_follows_owner_who_delays(fight, capsys):
    # Round 1, A's turn: shaken on B for 2 rounds (clock A); A then delays, re-enters before C.
    ok(capsys, fight, "cond B shaken 2", "delay", "next", "resume A")
    s = show(capsys, fight)
    assert s["order"] == ["b", "a", "c"] and s["active"] == "a"
    assert conds(s, "b")["shaken"]["rounds"] == 2  # resuming is the same turn, not a new start
    ok(capsys, fight, "next", "next")  # C, then round 2: B
    s = show(capsys, fight)
    assert head(s)[:2] == (2, "b") and conds(s, "b")["shaken"]["rounds"] == 2
    ok(capsys, fight, "next")  # round 2, A (now before C)
    assert conds(show(capsys, fight), "b")["shaken"]["rounds"] == 1
    ok(capsys, fight, "next", "next")  # C, round 3 B: still on (A's turn has not come)
    s = show(capsys, fight)
    assert head(s)[:2] == (3, "b") and "shaken" in conds(s, "b")
    ok(capsys, fight, "next")  # round 3, A's turn at its new position: it ends
    s = show(capsys, fight)
    assert head(s)[:2] == (3, "a") and "shaken" not in conds(s, "b")


def test_duration_clock_follows_owner_who_readies(fight, capsys):
    ok(capsys, fight, "cond C shaken 2", "ready when C moves", "next", "trigger A")
    s = show(capsys, fight)
    assert s["order"] == ["b", "a", "c"]
    assert s["active"] == "c"  # the readied action interrupts; C's turn goes on
    ok(capsys, fight, "next", "next")  # r2 B; r2 A: one round down
    s = show(capsys, fight)
    assert head(s)[:2] == (2, "a") and conds(s, "c")["shaken"]["rounds"] == 1
    ok(capsys, fight, "next", "next")  # r2 C; r3 B
    assert "shaken" in conds(show(capsys, fight), "c")
    ok(capsys, fight, "next")  # r3 A
    assert "shaken" not in conds(show(capsys, fight), "c")


def test_remove_non_active_clock_owner_hands_clock_on(fight, capsys):
    ok(capsys, fight, "cond C shaken 2", "next", "remove A")  # B's turn: A leaves
    c = conds(show(capsys, fight), "c")["shaken"]
    assert c["rounds"] == 2 and c["clock"] == "b"
    ok(capsys, fight, "next", "next")  # C; r2 B
    assert conds(show(capsys, fight), "c")["shaken"]["rounds"] == 1
    ok(capsys, fight, "next", "next")  # r2 C; r3 B: ends where it began (just before B)
    assert "shaken" not in conds(show(capsys, fight), "c")


def test_remove_active_clock_owner_does_not_burn_a_round(fight, capsys):
    ok(capsys, fight, "cond C shaken 2", "remove A")  # A's turn, round 1; B is up now
    s = show(capsys, fight)
    assert s["active"] == "b"
    c = conds(s, "c")["shaken"]
    assert c["clock"] == "b"
    assert c["rounds"] == 2  # actual: 1 -- the effect would end at round 2 instead of round 3


def test_pass_out_of_combat_runs_durations_down(fight, capsys):
    ok(capsys, fight, "cond B shaken 3", "end")
    s = show(capsys, fight)
    assert s["active"] is None and s["in_combat"] is False
    ok(capsys, fight, "pass 1r")
    assert conds(show(capsys, fight), "b")["shaken"]["rounds"] == 2
    ok(capsys, fight, "pass 12s")
    s = show(capsys, fight)
    assert "shaken" not in conds(s, "b")
    assert s["time_seconds"] == 18


def test_pass_hour_and_open_ended_stays(fight, capsys):
    ok(capsys, fight, "cond B prone", "cond C shaken 10", "end", "pass 1h")
    s = show(capsys, fight)
    assert "prone" in conds(s, "b") and "shaken" not in conds(s, "c")
    assert s["time_seconds"] == 3600


def test_pass_during_combat_is_refused(fight, capsys):
    fails_cleanly(capsys, fight, "pass 1h", mentions=("end",))


def test_end_stops_the_round_counter(fight, capsys):
    ok(capsys, fight, "next", "end")
    s = show(capsys, fight)
    assert s["active"] is None and s["in_combat"] is False and s["order"] in (["a", "b", "c"], [])
    fails_cleanly(capsys, fight, "next")


# ---------------------------------------------------------------- undo / redo and saves

def test_undo_redo_survive_reopen(fight, capsys):
    ok(capsys, fight, "dmg B 4")
    ok(capsys, fight, "cond C shaken 2")
    ok(capsys, fight, "next")
    before_all = show(capsys, fight)
    ok(capsys, fight, "undo")
    s = show(capsys, fight)
    assert s["active"] == "a"
    ok(capsys, fight, "undo")
    s = show(capsys, fight)
    assert comb(s, "c")["conditions"] == []
    assert comb(s, "b")["pools"]["hp"]["value"] == 6
    ok(capsys, fight, "undo")
    assert comb(show(capsys, fight), "b")["pools"]["hp"]["value"] == 10
    ok(capsys, fight, "redo", "redo", "redo")
    assert show(capsys, fight) == before_all


def test_undo_of_start_back_to_round_zero(enc, capsys):
    ok(capsys, enc, "start")
    ok(capsys, enc, "undo")
    s = show(capsys, enc)
    assert s["round"] == 0 and s["active"] is None


def test_undo_restores_exact_state_after_dice_damage(fight, capsys):
    before = show(capsys, fight)
    ok(capsys, fight, "dmg B 2d6", rolls="6,6")
    ok(capsys, fight, "undo")
    assert show(capsys, fight) == before
    ok(capsys, fight, "redo")  # redo replays the same dice, not new ones
    assert comb(show(capsys, fight), "b")["pools"]["hp"]["value"] == 0


def test_new_action_after_undo_clears_redo(fight, capsys):
    ok(capsys, fight, "dmg B 1")
    ok(capsys, fight, "undo")
    ok(capsys, fight, "dmg C 1")
    fails_cleanly(capsys, fight, "redo", mentions=("redo",))


def test_undo_with_nothing_to_undo_fails_cleanly(tmp_path, capsys):
    p = tmp_path / "e.toml"
    assert run("new", p, "--ruleset", "generic", "--no-open") == 0
    fails_cleanly(capsys, p, "undo", mentions=("undo",))


def test_save_is_toml_with_format_and_ruleset_and_no_temp_files(fight):
    import tomllib

    data = tomllib.loads(fight.read_text(encoding="utf-8"))
    assert data["ruleset"] == "generic" and "format" in data
    assert sorted(p.name for p in fight.parent.iterdir()) == ["abc.toml"]


def test_corrupted_save_is_reported_with_line_and_never_overwritten(fight, capsys):
    text = fight.read_text(encoding="utf-8")
    fight.write_text(text.replace("ruleset = ", "ruleset == ", 1), encoding="utf-8")
    before = fight.read_bytes()
    rc, out, err = ex(capsys, fight, "next")
    assert rc == 1 and err.startswith("error: ") and "line" in err.lower()
    assert fight.read_bytes() == before
    capsys.readouterr()
    assert run("show", fight, "--json") == 1
    assert fight.read_bytes() == before


def test_exec_on_missing_file_without_new_fails(tmp_path, capsys):
    p = tmp_path / "missing.toml"
    rc, out, err = ex(capsys, p, "add A hp=1")
    assert rc == 1 and err.startswith("error: ") and len(err.strip().splitlines()) == 1
    assert not p.exists()


def test_failed_exec_with_new_leaves_no_file(tmp_path, capsys):
    p = tmp_path / "n.toml"
    rc, out, err = ex(capsys, p, "add A hp=1", "bogus", new="generic")
    assert rc == 1 and not p.exists()


# ---------------------------------------------------------------- error behaviour

BAD = [
    ("fly A", ("fly", "add")),                         # unknown verb, lists verbs
    ("dmg Nobody 3", ("Nobody", "A")),                  # unknown name, lists combatants
    ("dmg A", ("dmg",)),                                # missing amount
    ("dmg A lots", ("lots",)),                          # bad amount
    ("dmg A 2d", ("2d",)),                              # bad dice
    ("heal A -3", ("-3",)),
    ("init A high", ("high",)),
    ("init A", ("init",)),
    ("cond A", ("cond",)),
    ("cond Nobody shaken", ("Nobody",)),
    ("cond A shaken zero", ()),
    ("cond A shaken -2", ()),
    ("cond A shaken 2 by Nobody", ("Nobody",)),
    ("uncond A prone", ("prone",)),                     # not on A
    ("add", ("add",)),
    ('add "Unclosed hp=5', ("quote",)),
    ("add X hp=abc", ("hp",)),
    ("add X speed=30", ("speed", "hp")),                # unknown stat key lists the accepted ones
    ("add X x0", ("x0",)),
    ("set A bogus=1", ("bogus", "hp")),
    ("side A neutral", ("neutral", "pc")),
    ("remove Nobody", ("Nobody",)),
    ("resume B", ("B",)),                               # not delaying
    ("trigger B", ("B",)),                              # not readied
    ("unready B", ("B",)),
    ("ready", ("ready",)),                              # no trigger text
    ("delay 99", ("99",)),                              # count above own initiative
    ("delay soon", ("soon",)),
    ("pass 3x", ("3x",)),
    ("spend A hero", ("hero",)),                        # generic has no such resource
    ("option nothing", ("nothing",)),
    ("redo", ("redo",)),
    ("r 2d", ("2d",)),
    ("r 1d0", ("1d0",)),
    ("r 10000d10000", ()),
    ("r", ("r",)),
    ("check A", ("check",)),
    ("check Nobody +1", ("Nobody",)),
    ("check A +1 vs", ("vs",)),
    ("check A +1 vs Nobody", ("Nobody",)),
    ("check A +1 take30", ("take30",)),
    ("check A +1 aid Nobody", ("Nobody",)),
    ("", ()),
    ("   ", ()),
]


@pytest.mark.parametrize("line,mentions", BAD, ids=[b[0] or "<empty>" for b in BAD])
def test_bad_input_one_line_exit_1_file_untouched_no_partial_batch(fight, capsys, line, mentions):
    # a good command first: it must not be saved either
    fails_cleanly(capsys, fight, "dmg C 1", line, "next", mentions=mentions)
    s = show(capsys, fight)
    assert comb(s, "c")["pools"]["hp"]["value"] == 10 and s["active"] == "a"


def test_bad_commands_before_start(enc, capsys):
    for line in ("next", "prev", "delay", "ready x", "end"):
        fails_cleanly(capsys, enc, line)


def test_start_twice_fails(fight, capsys):
    fails_cleanly(capsys, fight, "start", mentions=("end",))


def test_unknown_verb_error_is_one_line_and_lists_accepted(fight, capsys):
    msg = fails_cleanly(capsys, fight, "atack A")
    assert "atack" in msg
    for verb in ("dmg", "cond", "delay"):
        assert verb in msg


def test_bad_rolls_flag_fails_cleanly(fight, capsys):
    fails_cleanly(capsys, fight, "roll A", rolls="1,x", mentions=("--rolls",))
    fails_cleanly(capsys, fight, "roll A", rolls="0", mentions=("--rolls",))


def test_rolls_out_of_range_for_the_die(fight, capsys):
    fails_cleanly(capsys, fight, "dmg A 1d6", rolls="9", mentions=("9",))


def test_subprocess_error_no_traceback(fight):
    before = fight.read_bytes()
    out = subprocess.run([sys.executable, "-m", "gm_console", "exec", str(fight), "--",
                          "dmg A 1", "dmg Zed 2"], capture_output=True, text=True)
    assert out.returncode == 1
    assert out.stderr.strip().count("\n") == 0 and out.stderr.startswith("error: ")
    assert "Zed" in out.stderr
    assert fight.read_bytes() == before


def test_subprocess_exec_and_show_roundtrip(tmp_path):
    p = tmp_path / "s.toml"
    env = dict(os.environ)
    r = subprocess.run([sys.executable, "-m", "gm_console", "exec", str(p), "--new", "generic",
                        "--rolls", "15,3", "--", 'add "Goblin Boss" hp=6/38', "add Kyra pc hp=20",
                        "start", "cond Kyra bleed:2"], capture_output=True, text=True, env=env)
    assert r.returncode == 0, r.stderr
    r = subprocess.run([sys.executable, "-m", "gm_console", "show", str(p), "--json"],
                       capture_output=True, text=True, env=env, check=True)
    s = json.loads(r.stdout)
    assert s["order"] == ["goblin-boss", "kyra"] and s["round"] == 1 and s["active"] == "goblin-boss"
    assert conds(s, "kyra")["bleed"]["value"] == 2


def test_subprocess_markdown_and_rulesets(tmp_path, fight):
    r = subprocess.run([sys.executable, "-m", "gm_console", "show", str(fight), "--markdown"],
                       capture_output=True, text=True, check=True)
    assert "A" in r.stdout and "Round 1" in r.stdout
    r = subprocess.run([sys.executable, "-m", "gm_console", "rulesets"], capture_output=True, text=True,
                       check=True)
    line = next(ln for ln in r.stdout.splitlines() if ln.split()[0] == "generic")
    assert "1.0" in line and ("built-in" in line or "from" in line)
    ids = {ln.split()[0] for ln in r.stdout.splitlines() if ln.strip()}
    assert ids == set(plugins.installed_ids())  # every installed game, as the picker finds them


def test_show_markdown_lists_delayed_and_readied(fight, capsys):
    ok(capsys, fight, "delay", "ready when x")
    capsys.readouterr()
    assert run("show", fight, "--markdown") == 0
    out = capsys.readouterr().out
    assert "when x" in out
    assert "delay" in out.lower()


# ---------------------------------------------------------------- dice tray (issue 7)

def test_r_shows_total_and_each_die(fight, capsys):
    out = ok(capsys, fight, "r 4d6kh3", rolls="6,1,4,5")
    assert "15" in out and "6, 1, 4, 5" in out


def test_r_with_label_and_modifier(fight, capsys):
    out = ok(capsys, fight, "r 1d20+5 attack", rolls="15")
    assert "attack: 1d20 (15) + 5 = 20" in out


def test_r_marks_natural_20_and_1(fight, capsys):
    assert "natural 20" in ok(capsys, fight, "r 2d20kh1+3", rolls="7,20")
    assert "natural 1" in ok(capsys, fight, "r 1d20", rolls="1")


def test_r_lands_in_the_log(fight, capsys):
    ok(capsys, fight, "r 3d6 fall", rolls="2,3,4")
    capsys.readouterr()
    assert run("log", fight) == 0
    out = capsys.readouterr().out
    assert "fall" in out and "9" in out


def test_r_does_not_change_state(fight, capsys):
    before = show(capsys, fight)
    ok(capsys, fight, "r 1d20", rolls="4")
    assert show(capsys, fight) == before


def test_check_vs_dc_success_and_failure(fight, capsys):
    out = ok(capsys, fight, "check A +5 vs 15", rolls="10")
    assert "1d20 (10) +5 bonus = 15 vs DC 15: success" in out  # meeting the DC succeeds
    out = ok(capsys, fight, "check A +5 vs 16", rolls="10")
    assert "= 15 vs DC 16: failure" in out


def test_check_take10_take20_roll_no_dice(fight, capsys):
    out = ok(capsys, fight, "check A +5 take10 vs 15")
    assert "take 10 +5 bonus = 15 vs DC 15: success" in out and "roll ·" not in out
    out = ok(capsys, fight, "check A +5 take20 vs 26")
    assert "take 20 +5 bonus = 25 vs DC 26: failure" in out


def test_check_aid_gives_plus_two_on_dc10(fight, capsys):
    out = ok(capsys, fight, "check A +5 vs 17 aid B", rolls="12,10")
    assert "success" in out.lower()  # 10 + 5 + 2 aid = 17
    out = ok(capsys, fight, "check A +5 vs 17 aid B", rolls="9,10")
    assert "fail" in out.lower()  # aid failed (9 < 10): 15


def test_check_opposed_names_the_winner(fight, capsys):
    out = ok(capsys, fight, "check A +5 vs B", rolls="4,15")
    assert "B wins" in out or "b wins" in out.lower()
    out = ok(capsys, fight, "check A +5 vs B", rolls="15,4")
    assert "A wins" in out


def test_check_opposed_bonus_after_opponent_belongs_to_opponent(fight, capsys):
    out = ok(capsys, fight, "check A +5 vs B +8", rolls="10,10")
    assert "B wins" in out


def test_hidden_check_stays_out_of_player_output(fight, capsys):
    ok(capsys, fight, "check A +3 hidden", rolls="17")
    capsys.readouterr()
    assert run("log", fight, "--players") == 0
    players = capsys.readouterr().out
    assert "(17)" not in players and "= 20" not in players
    assert run("log", fight) == 0
    assert "(17)" in capsys.readouterr().out


def test_hidden_r_stays_out_of_player_output(fight, capsys):
    ok(capsys, fight, "r 1d20+2 ambush hidden", rolls="13")
    capsys.readouterr()
    assert run("log", fight) == 0
    assert "ambush: 1d20 (13) + 2 = 15" in capsys.readouterr().out  # the GM sees it...
    assert run("log", fight, "--players") == 0
    assert "(13)" not in capsys.readouterr().out  # ...the players do not


def test_pathfinder_check_lists_condition_penalty(tmp_path, capsys):
    p = tmp_path / "pf.toml"
    ok(capsys, p, "add Kyra pc hp=20 will=3", "cond Kyra shaken", new="pathfinder1e")
    out = ok(capsys, p, "check Kyra will vs 15", rolls="13")
    assert "shaken" in out
    assert "14" in out and "fail" in out.lower()  # 13 + 3 - 2 = 14


def test_pathfinder_check_penalty_written_as_in_the_issue(tmp_path, capsys):
    p = tmp_path / "pf.toml"
    ok(capsys, p, "add Kyra pc hp=20 will=3", "cond Kyra shaken", new="pathfinder1e")
    out = ok(capsys, p, "check Kyra will vs 15", rolls="13")
    assert "-2 shaken" in out


# ---------------------------------------------------------------- more edges (second pass)

def test_x1_still_numbers_and_continues(tmp_path, capsys):
    p = tmp_path / "e.toml"
    ok(capsys, p, "add Goblin x2 hp=7", "add Goblin x1 hp=7", "add Orc x1 hp=9", new="generic")
    names = sorted(c["name"] for c in show(capsys, p)["combatants"])
    assert names == ["Goblin 1", "Goblin 2", "Goblin 3", "Orc 1"]


def test_duplicate_name_is_refused(tmp_path, capsys):
    p = tmp_path / "e.toml"
    ok(capsys, p, "add A hp=1", new="generic")
    fails_cleanly(capsys, p, "add A hp=2", mentions=("A",))


def test_check_with_unknown_skill_is_an_error_pathfinder(tmp_path, capsys):
    p = tmp_path / "pf.toml"
    ok(capsys, p, "add Kyra pc hp=20", new="pathfinder1e")
    fails_cleanly(capsys, p, "check Kyra perceptoin vs 15", mentions=("perceptoin", "perception"))


def test_check_with_unknown_skill_is_an_error_generic(fight, capsys):
    fails_cleanly(capsys, fight, "check A perceptoin vs 15", mentions=("perceptoin", "+N"))


def test_resume_before_the_active_does_not_restart_its_turn(fight, capsys):
    """A's clock must tick once per A turn even when someone resumes in front of A."""
    ok(capsys, fight, "cond C shaken 3", "next", "delay", "next")  # r1: A types; B delays; r2: A up
    s = show(capsys, fight)
    assert head(s)[:2] == (2, "a") and conds(s, "c")["shaken"]["rounds"] == 2
    ok(capsys, fight, "resume B")
    s = show(capsys, fight)
    assert s["active"] == "b" and s["order"] == ["b", "a", "c"]
    ok(capsys, fight, "next")  # back to A's interrupted turn
    s = show(capsys, fight)
    assert s["active"] == "a" and conds(s, "c")["shaken"]["rounds"] == 2


def test_clock_owner_resuming_next_round_counts_its_turn_there(fight, capsys):
    ok(capsys, fight, "next", "cond A shaken 2", "delay", "next")  # B types (clock B), delays; r2 A up
    s = show(capsys, fight)
    assert head(s)[:2] == (2, "a") and conds(s, "a")["shaken"] == {"id": "shaken", "rounds": 2, "clock": "b",
                                                                   "source": "b"}
    ok(capsys, fight, "resume B")  # B's round-2 turn, now before A: one round down
    assert conds(show(capsys, fight), "a")["shaken"]["rounds"] == 1
    ok(capsys, fight, "next", "next")  # A, C
    assert "shaken" in conds(show(capsys, fight), "a")
    ok(capsys, fight, "next")  # r3: B's turn at its new place (first)
    s = show(capsys, fight)
    assert head(s) == (3, "b", ["b", "a", "c"]) and "shaken" not in conds(s, "a")


def test_everyone_delays(fight, capsys):
    ok(capsys, fight, "delay", "delay", "delay")
    s = show(capsys, fight)
    # C delaying ends round 1; A's own slot comes round: its turn, delay forfeit
    assert head(s)[:2] == (2, "a")
    assert s["delayed"] == ["b", "c"] and s["order"] == ["a"]


def test_delay_count_position_persists_next_round(fight, capsys):
    ok(capsys, fight, "delay 12", "next", "next", "next")  # B, A@12, C -> r2
    s = show(capsys, fight)
    assert head(s) == (2, "b", ["b", "a", "c"]) and s["delay_counts"] == {}


def test_resume_before_own_count_clears_the_count(fight, capsys):
    ok(capsys, fight, "delay 12", "resume A")
    s = show(capsys, fight)
    assert s["active"] == "a" and s["delayed"] == [] and s["delay_counts"] == {}
    assert s["order"] == ["a", "b", "c"]


def test_removing_delayer_and_readied_cleans_lists(fight, capsys):
    ok(capsys, fight, "delay", "ready x", "remove A", "remove B")
    s = show(capsys, fight)
    assert s["delayed"] == [] and s["readied"] == {} and s["order"] == ["c"] and s["active"] == "c"


def test_all_others_dead_round_goes_on(fight, capsys):
    ok(capsys, fight, "cond B dead", "cond C dead", "next")
    assert head(show(capsys, fight))[:2] == (2, "a")


def test_end_then_start_again(fight, capsys):
    ok(capsys, fight, "next", "end")
    ok(capsys, fight, "start")
    s = show(capsys, fight)
    assert head(s) == (1, "a", ["a", "b", "c"]) and s["in_combat"] is True


def test_undo_is_per_command_across_exec_calls(fight, capsys):
    ok(capsys, fight, "dmg B 1", "dmg B 2")
    ok(capsys, fight, "undo")
    assert comb(show(capsys, fight), "b")["pools"]["hp"]["value"] == 9
    ok(capsys, fight, "dmg B 3", "undo")
    assert comb(show(capsys, fight), "b")["pools"]["hp"]["value"] == 9
    ok(capsys, fight, "undo")
    assert comb(show(capsys, fight), "b")["pools"]["hp"]["value"] == 10
    ok(capsys, fight, "redo")
    assert comb(show(capsys, fight), "b")["pools"]["hp"]["value"] == 9


def test_undo_of_delay_and_ready_restores_order(fight, capsys):
    before = show(capsys, fight)
    ok(capsys, fight, "delay")
    ok(capsys, fight, "ready when x")
    ok(capsys, fight, "undo", "undo")
    assert show(capsys, fight) == before


def test_exec_script_file(fight, capsys, tmp_path):
    script = tmp_path / "cmds.txt"
    script.write_text("# a comment\ndmg B 2\n\ncond C shaken 2\n", encoding="utf-8")
    capsys.readouterr()
    assert run("exec", fight, "--script", script) == 0
    s = show(capsys, fight)
    assert comb(s, "b")["pools"]["hp"]["value"] == 8 and "shaken" in conds(s, "c")


def test_spanish_interface_errors_keep_the_contract(fight, capsys):
    before = fight.read_bytes()
    capsys.readouterr()
    assert run("--lang", "es", "exec", fight, "--", "dmg Nadie 3") == 1
    err = capsys.readouterr().err
    assert err.startswith("error: ") and len(err.strip().splitlines()) == 1 and "Nadie" in err
    assert fight.read_bytes() == before


def test_subprocess_unicode_under_c_locale(tmp_path):
    p = tmp_path / "u.toml"
    env = dict(os.environ, LC_ALL="C", LANG="C")
    env.pop("PYTHONUTF8", None)
    env.pop("PYTHONIOENCODING", None)
    r = subprocess.run([sys.executable, "-m", "gm_console", "exec", str(p), "--new", "generic", "--",
                        'add "Señor Martín" hp=5', "dmg senor 1", "cond señor Confusión 2"],
                       capture_output=True, text=True, encoding="utf-8", env=env)
    assert r.returncode == 0, r.stderr
    r = subprocess.run([sys.executable, "-m", "gm_console", "show", str(p), "--json"],
                       capture_output=True, text=True, encoding="utf-8", env=env)
    assert r.returncode == 0, r.stderr
    [c] = json.loads(r.stdout)["combatants"]
    assert c["name"] == "Señor Martín" and c["pools"]["hp"]["value"] == 4
    r = subprocess.run([sys.executable, "-m", "gm_console", "show", str(p), "--markdown"],
                       capture_output=True, text=True, encoding="utf-8", env=env)
    assert r.returncode == 0 and "Señor Martín" in r.stdout, r.stderr


def test_subprocess_bad_subcommand_usage_is_not_a_traceback(tmp_path):
    r = subprocess.run([sys.executable, "-m", "gm_console", "show"], capture_output=True, text=True)
    assert r.returncode != 0 and "Traceback" not in r.stderr
    r = subprocess.run([sys.executable, "-m", "gm_console", "show", str(tmp_path / "nope.toml"), "--json"],
                       capture_output=True, text=True)
    assert r.returncode == 1 and r.stderr.startswith("error: ") and "Traceback" not in r.stderr
    assert not (tmp_path / "nope.toml").exists()


def test_show_players_hides_hidden_check(fight, capsys):
    ok(capsys, fight, "check A +4 hidden vs 15", rolls="19")
    capsys.readouterr()
    assert run("show", fight, "--json", "--players") == 0
    assert "(19)" not in capsys.readouterr().out


def test_huge_damage_number_does_not_crash(fight, capsys):
    ok(capsys, fight, "dmg A 99999999999999999999")
    a = comb(show(capsys, fight), "a")
    assert a["pools"]["hp"]["value"] == 0 and a["life"] == "unconscious"


def test_hp_typed_as_zero_reads_as_unconscious_or_ok_consistently(tmp_path, capsys):
    p = tmp_path / "e.toml"
    ok(capsys, p, "add Z hp=0/10", new="generic")
    z = comb(show(capsys, p), "z")
    assert z["pools"]["hp"] == {"value": 0, "max": 10}
    assert z["life"] in ("ok", "unconscious")


def test_duration_when_owner_delays_and_never_resumes(fight, capsys):
    ok(capsys, fight, "cond B shaken 2", "delay", "next", "next")  # B, C; r2: A's slot comes round
    s = show(capsys, fight)
    assert head(s)[:2] == (2, "a") and s["delayed"] == []
    assert conds(s, "b")["shaken"]["rounds"] == 1
    ok(capsys, fight, "next", "next", "next")
    s = show(capsys, fight)
    assert head(s)[:2] == (3, "a") and "shaken" not in conds(s, "b")


def test_duration_when_owner_readies_and_is_never_triggered(fight, capsys):
    ok(capsys, fight, "cond B shaken 2", "ready when x", "next", "next")  # r2: A's turn, still readied
    s = show(capsys, fight)
    assert head(s)[:2] == (2, "a") and conds(s, "b")["shaken"]["rounds"] == 1
    ok(capsys, fight, "next", "next")  # B, C
    assert "shaken" in conds(show(capsys, fight), "b")
    ok(capsys, fight, "next")
    assert "shaken" not in conds(show(capsys, fight), "b")


def test_by_name_quoted(tmp_path, capsys):
    p = tmp_path / "e.toml"
    ok(capsys, p, 'add "Goblin Boss" hp=9', 'add "Orc Chief" hp=9', 'init "Goblin Boss" 5', 'init "Orc Chief" 4',
       "start", 'cond "Goblin Boss" shaken 2 by "Orc Chief"', new="generic")
    c = conds(show(capsys, p), "goblin-boss")["shaken"]
    assert c == {"id": "shaken", "rounds": 2, "clock": "orc-chief", "source": "orc-chief"}


def test_ready_text_kept_verbatim(fight, capsys):
    ok(capsys, fight, "ready when the \"boss\" moves, it's time")
    assert show(capsys, fight)["readied"] == {"a": "when the \"boss\" moves, it's time"}


def test_valued_condition_reapplied_keeps_one_entry(fight, capsys):
    ok(capsys, fight, "cond C bleed:2", "cond C bleed:3")
    s = show(capsys, fight)
    bleeds = [c for c in comb(s, "c")["conditions"] if c["id"] == "bleed"]
    assert len(bleeds) == 1 and bleeds[0]["value"] == 3
    ok(capsys, fight, "uncond C bleed")
    assert comb(show(capsys, fight), "c")["conditions"] == []


def test_exec_without_commands_fails_cleanly(fight, capsys):
    fails_cleanly(capsys, fight)


@pytest.mark.parametrize("typed,canonical", [
    ("Desprevenido", "flat-footed"), ("ESTREMECIDO", "shaken"), ("Flat-Footed", "flat-footed"),
    ('"flat footed"', "flat-footed"), ("aturdído", "stunned"), ("Tumbado", "prone"),
])
def test_pathfinder_condition_names_any_language_case_accent(tmp_path, capsys, typed, canonical):
    p = tmp_path / "pf.toml"
    ok(capsys, p, "add Kyra pc hp=20", f"cond Kyra {typed}", new="pathfinder1e")
    assert canonical in conds(show(capsys, p), "kyra")
    ok(capsys, p, f"uncond Kyra {canonical.upper()}")
    assert canonical not in conds(show(capsys, p), "kyra")


def test_pathfinder_valued_condition_spanish_with_accent(tmp_path, capsys):
    p = tmp_path / "pf.toml"
    ok(capsys, p, "add Orc hp=10 hd=3", 'cond Orc "energía consumida":1', "cond Orc sangrando:2", new="pathfinder1e")
    c = conds(show(capsys, p), "orc")
    assert c["energy-drained"]["value"] == 1 and c["bleed"]["value"] == 2


def test_pathfinder_near_miss_of_a_condition_is_refused_with_the_name_it_meant(tmp_path, capsys):
    """Any name is an effect in every game (issue 11), but a typo of a catalogue name must not
    become a new label silently: it is refused with the likely name, and `effect` forces the label."""
    p = tmp_path / "pf.toml"
    ok(capsys, p, "add Orc hp=10", new="pathfinder1e")
    fails_cleanly(capsys, p, "cond Orc asustadizo", mentions=("asustadizo", "did you mean asustado", "effect"))
    ok(capsys, p, "effect Orc asustadizo")
    ok(capsys, p, 'cond Orc "Shield of the Dawn" 10 ac+2')
    orc = comb(show(capsys, p), "orc")
    assert [(c["id"], c["rounds"], c.get("mods")) for c in orc["conditions"]] == [
        ("asustadizo", None, None), ("shield-of-the-dawn", 10, {"ac": 2})]


def test_pathfinder_spend_hero(tmp_path, capsys):
    p = tmp_path / "pf.toml"
    ok(capsys, p, "add Kyra pc hp=20", new="pathfinder1e")
    assert comb(show(capsys, p), "kyra")["pools"]["hero"]["value"] == 1
    ok(capsys, p, "spend Kyra hero")
    assert comb(show(capsys, p), "kyra")["pools"]["hero"]["value"] == 0
    fails_cleanly(capsys, p, "spend Kyra hero", mentions=("hero",))


# ---------------------------------------------------------------- issue 7 seed examples through `check`

def _da(tmp_path, capsys):
    p = tmp_path / "da.toml"
    ok(capsys, p, "add Sera pc health=30 con=1 focus=con:swimming", "add 'Toro de Hierro' pc health=40 con=3",
       new="dragon_age")
    return p


def test_dragon_age_seed_swimming_race(tmp_path, capsys):
    p = _da(tmp_path, capsys)
    out = ok(capsys, p, "check Sera con:swimming vs Toro con", rolls="5,5,5,6,6,5")
    assert "= 18" in out and "= 20" in out and "Toro de Hierro wins" in out


def test_dragon_age_focus_named_alone_uses_ability_and_focus(tmp_path, capsys):
    p = _da(tmp_path, capsys)
    out = ok(capsys, p, "check Sera swimming vs 18", rolls="5,5,5")
    assert "= 18" in out and "success" in out


def test_starfinder_seed_perception_with_binoculars(tmp_path, capsys):
    p = tmp_path / "sf.toml"
    ok(capsys, p, "add Kai pc sp=10 hp=12", new="starfinder")
    out = ok(capsys, p, "check Kai perception +5 +1 vs 15", rolls="13")
    assert "= 19" in out and "success" in out


def test_checks_land_in_the_log_under_their_round(fight, capsys):
    ok(capsys, fight, "next", "next", "next")  # round 2
    ok(capsys, fight, "check B +2 vs 12", rolls="11")
    capsys.readouterr()
    assert run("log", fight) == 0
    out = capsys.readouterr().out
    assert out.index("## Round 2") < out.index("check B +2 vs 12")
    assert "1d20 (11)" in out


# ---------------------------------------------------------------- third pass: order invariants

def test_added_mid_combat_joins_the_order(fight, capsys):
    ok(capsys, fight, "next", "add D hp=3", rolls="12")
    s = show(capsys, fight)
    assert "d" in s["order"]
    assert comb(s, "d")["initiative"] is not None


def test_dead_delayer_is_passed_over_at_its_old_slot(fight, capsys):
    ok(capsys, fight, "delay", "cond A dead", "next", "next")  # B, C -> round 2
    s = show(capsys, fight)
    assert s["round"] == 2 and s["active"] == "b"


def test_init_correction_does_not_cost_a_pending_turn(fight, capsys):
    ok(capsys, fight, "next", "init C 25")  # round 1, B's turn; C has not acted yet
    ok(capsys, fight, "next")
    s = show(capsys, fight)
    assert (s["round"], s["active"]) == (1, "c")


def test_init_of_one_who_already_acted_does_not_give_a_second_turn(fight, capsys):
    ok(capsys, fight, "next", "init A 5", "next")  # B's turn; A acted at 20 and moves to 5
    assert show(capsys, fight)["active"] == "c"
    ok(capsys, fight, "next")
    assert head(show(capsys, fight)) == (2, "b", ["b", "c", "a"])


def test_two_delay_counts_come_back_in_count_order(fight, capsys):
    ok(capsys, fight, "delay 12", "delay 11")  # A waits for 12, B for 11; C (10) after both
    s = show(capsys, fight)
    assert s["active"] == "a" and s["delay_counts"] == {"b": 11}
    ok(capsys, fight, "next")
    assert show(capsys, fight)["active"] == "b"
    ok(capsys, fight, "next")
    assert show(capsys, fight)["active"] == "c"


# ---------------------------------------------------------------- unreadable saves: file, line and reason

def _doctored(fight, old, new, count=1):
    text = fight.read_text(encoding="utf-8")
    assert old in text
    fight.write_text(text.replace(old, new, count), encoding="utf-8")
    return fight.read_bytes()


def _resealed(fight, line):
    """The record on that line re-encoded with its checksum, as a tool that writes saves would."""
    import tomllib

    from gm_console.storage.codec import encode_record

    lines = fight.read_text(encoding="utf-8").split("\n")
    [(key, table)] = tomllib.loads(lines[line - 1]).items()
    lines[line - 1] = encode_record({"n": int(key), **{k: v for k, v in table.items() if k != "ck"}}).rstrip("\n")
    fight.write_text("\n".join(lines), encoding="utf-8")
    return fight.read_bytes()


def _line_of(fight, needle):
    for i, line in enumerate(fight.read_text(encoding="utf-8").splitlines(), 1):
        if needle in line:
            return i
    raise AssertionError(needle)


def test_bad_log_line_named_with_its_line(fight, capsys):
    before = _doctored(fight, 'do = "add B hp=10", ev = [', 'do = "add B hp=10", ev = [[')
    line = _line_of(fight, 'do = "add B hp=10"')
    rc, out, err = ex(capsys, fight, "next")
    assert rc == 1 and f"line {line}" in err and str(fight.name) in err
    assert fight.read_bytes() == before


def test_newer_format_refused(fight, capsys):
    before = _doctored(fight, "format = 2", "format = 99")
    rc, out, err = ex(capsys, fight, "next")
    assert rc == 1 and "99" in err and "newer" in err
    assert fight.read_bytes() == before


def test_newer_format_error_points_at_the_right_line(fight, capsys):
    _doctored(fight, "format = 2", "format = 99")
    line = _line_of(fight, "format = 99")
    rc, out, err = ex(capsys, fight, "next")
    assert f"line {line}:" in err


def test_log_that_does_not_replay_names_line_and_reason(fight, capsys):
    ok(capsys, fight, "dmg A 1")
    _doctored(fight, 't = "PoolSet", id = "a"', 't = "PoolSet", id = "zz"')
    line = _line_of(fight, 'id = "zz"')
    before = _resealed(fight, line)  # a well-formed record (valid checksum) that does not replay
    rc, out, err = ex(capsys, fight, "next")
    assert rc == 1 and fight.read_bytes() == before
    assert f"line {line}" in err
    assert "zz" in err and ("combatant" in err.lower() or "unknown" in err.lower())


# ---------------------------------------------------------------- undo of every verb, across reopen

# r1: A gives C shaken 2 and B bleed 2; B delays; C readies (round ends); r2: A up, B still delaying
SETUP = ["cond C shaken 2", "cond B bleed:2", "next", "delay", "ready when x"]

UNDOABLE = [
    "remove A", "remove B", "remove C", "set A hp=3/12 ac=15", 'set A name="Alba"', "side A pc", "init A 3",
    "next", "prev", "dmg A 2d6+1", "heal A 1", "cond A prone 3 by C", "uncond C shaken", "uncond B bleed",
    "resume B", "trigger C", "unready C", "end", "note hello", "add Goblin x2 hp=4", "r 1d20", "check A +1 vs 10",
    "delay", "ready now", "delay 5",
]


@pytest.mark.parametrize("line", UNDOABLE)
def test_undo_restores_the_exact_state_and_redo_reapplies(fight, capsys, line):
    ok(capsys, fight, *SETUP)
    before = show(capsys, fight)
    ok(capsys, fight, line, rolls="3,4,9")
    after = show(capsys, fight)
    ok(capsys, fight, "undo")
    assert show(capsys, fight) == before
    ok(capsys, fight, "redo")
    assert show(capsys, fight) == after


def test_negative_pass_is_refused(tmp_path, capsys):
    p = tmp_path / "e.toml"
    ok(capsys, p, "add A hp=10", new="generic")
    fails_cleanly(capsys, p, "pass -1h", mentions=("-1h",))


def test_hp_current_above_max_is_refused(tmp_path, capsys):
    p = tmp_path / "e.toml"
    ok(capsys, p, "add A hp=10", new="generic")
    fails_cleanly(capsys, p, "add Gob hp=38/6", mentions=("38/6",))


def test_exact_name_wins_over_prefix(tmp_path, capsys):
    p = tmp_path / "e.toml"
    ok(capsys, p, "add Goblin hp=5", 'add "Goblin King" hp=5', "dmg Goblin 1", new="generic")
    s = show(capsys, p)
    assert comb(s, "goblin")["pools"]["hp"]["value"] == 4
    assert comb(s, "goblin-king")["pools"]["hp"]["value"] == 5


def test_numbering_continues_after_a_typed_number(tmp_path, capsys):
    p = tmp_path / "e.toml"
    ok(capsys, p, 'add "Goblin 1" hp=5', "add Goblin x2 hp=5", new="generic")
    assert [c["name"] for c in show(capsys, p)["combatants"]] == ["Goblin 1", "Goblin 2", "Goblin 3"]


def test_surprise_round_is_round_zero_with_only_the_aware(enc, capsys):
    ok(capsys, enc, "surprise A", "start")
    s = show(capsys, enc)
    assert s["round"] == 0 and s["surprise_round"] is True and s["active"] == "a"
    ok(capsys, enc, "next")
    s = show(capsys, enc)
    assert head(s) == (1, "a", ["a", "b", "c"]) and s["surprise_round"] is False


def test_rolls_flag_accepts_spaces_and_equals(fight, capsys):
    assert "(15)" in ok(capsys, fight, "r 1d20", rolls="15, 3")
    capsys.readouterr()
    assert run("exec", fight, "--rolls=7", "--", "r 1d20") == 0
    assert "(7)" in capsys.readouterr().out
