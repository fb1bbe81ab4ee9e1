"""PF1 acceptance scenarios: the numbers a GM checks, driven through commands and `show --json`.

Written as the hidden acceptance author would: each test plays a short scene with the command
language and reads the public JSON (`life`, `pools`, `conditions`, `effective`, `order`...).
Every test cites its section of docs/rulesets/pathfinder1e.md and its tag:
[S] seed, [O] official gap-fill, [Δ] seed vs official (seed default), [I] tracker convention.
"""

from __future__ import annotations

import json

import pytest

from conftest import Table
from gm_console.cli import main
from gm_console.engine.language.commands import CommandError
from gm_console.engine.views.export import state_dict


def pf(**options) -> Table:
    return Table("pathfinder1e", options=options or None)


def J(t: Table) -> dict:
    return state_dict(t.state, t.session.ruleset)


def C(t: Table, name: str) -> dict:
    cid = t.c(name).id
    return next(c for c in J(t)["combatants"] if c["id"] == cid)


def E(t: Table, name: str) -> dict:
    return C(t, name)["effective"]


def conds(t: Table, name: str) -> list[str]:
    return [c["id"] for c in C(t, name)["conditions"]]


# A plain fighter: Str 14 (+2), Dex 14 (+2), Con 12, BAB +3, saves given 4/4/4.
# Defaults: AC 12, touch 12, ff 10, CMB 5, CMD 17, attack 5, speed 30, init +2.
HERO = "hp=30 str=14 dex=14 con=12 bab=3 fort=4 ref=4 will=4"


def fighter(name: str = "Val", extra: str = "") -> Table:
    t = pf()
    t.do(f"add {name} pc {HERO} {extra}".strip())
    return t


def cli(tmp_path, *commands: str, rolls: str | None = None, new: bool = True) -> dict:
    path = tmp_path / "enc.toml"
    argv = ["exec", str(path)]
    if new and not path.exists():
        argv += ["--new", "pathfinder1e"]
    if rolls:
        argv += ["--rolls", rolls]
    argv += ["--", *commands]
    assert main(argv) == 0
    return path


def show(path, capsys) -> dict:
    capsys.readouterr()
    assert main(["show", str(path), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


# =========================================================================================
# pathfinder1e.md §1.1 Initiative, ties, surprise, flat-footed
# =========================================================================================


def test_baseline_sheet_numbers():
    """pathfinder1e.md §1.7 [S]/[O]: AC 10+Dex, CMB = BAB+Str+size, CMD = 10+BAB+Str+Dex+size, init = Dex mod."""
    t = fighter()
    e = E(t, "Val")
    assert (e["ac"], e["touch"], e["ff"]) == (12, 12, 10)
    assert (e["cmb"], e["cmd"], e["attack"]) == (5, 17, 5)
    assert (e["fort"], e["ref"], e["will"]) == (4, 4, 4)
    assert (e["str"], e["dex"], e["speed"], e["init"]) == (14, 14, 30, 2)
    assert C(t, "Val")["pools"]["hp"] == {"value": 30, "max": 30}
    assert C(t, "Val")["life"] == "ok"


def test_initiative_d20_plus_dex_plus_improved_initiative_via_cli(tmp_path, capsys):
    """pathfinder1e.md §1.1.1 [S]: 1d20 + Dex mod + other bonuses (Improved Initiative +4 given as init=6)."""
    path = cli(tmp_path, "add Kyra pc hp=20 dex=14", "add Ezren pc hp=14 dex=14 init=6", "roll",
               rolls="10,10")
    s = show(path, capsys)
    by = {c["id"]: c for c in s["combatants"]}
    assert by["kyra"]["initiative"] == 12 and by["ezren"]["initiative"] == 16
    assert by["kyra"]["effective"]["init"] == 2 and by["ezren"]["effective"]["init"] == 6


def test_deafened_minus_four_initiative_on_the_sheet_and_the_roll():
    """pathfinder1e.md §1.1.1 [S] / §1.5 deafened: -4 initiative."""
    t = pf()
    t.do("add Kyra pc hp=20 dex=14", "cond Kyra ensordecido")
    assert E(t, "Kyra")["init"] == -2
    t.rolls(12)
    t.do("roll Kyra")
    assert C(t, "Kyra")["initiative"] == 10


def test_tie_higher_modifier_first_then_roll_off_higher_first():
    """pathfinder1e.md §1.1.2 [O]: ties -> higher total initiative modifier; still tied -> d20 roll-off."""
    t = pf()
    t.do("add Slow hp=6 dex=10", "add Quick hp=6 dex=16", "add Twin hp=6 dex=10")
    t.rolls(17, 14, 17, 3, 19)  # Slow 17, Quick 14+3 = 17, Twin 17; roll-off Slow 3, Twin 19
    t.do("start")
    assert J(t)["order"] == ["quick", "twin", "slow"]


def test_flat_footed_until_first_turn_ac_and_cmd_lose_dex():
    """pathfinder1e.md §1.1.4 [S]: not yet acted -> flat-footed: no Dex to AC and CMD; ff AC itself unchanged."""
    t = pf()
    t.do("add Kyra pc hp=20 dex=14", f"add Val pc {HERO}", "init Kyra 20", "init Val 10", "start")
    assert "flat-footed" in conds(t, "Val")
    e = E(t, "Val")
    assert (e["ac"], e["touch"], e["ff"], e["cmd"]) == (10, 10, 10, 15)
    t.do("next")  # Val's first turn starts
    assert "flat-footed" not in conds(t, "Val")
    e = E(t, "Val")
    assert (e["ac"], e["touch"], e["cmd"]) == (12, 12, 17)


def test_surprise_round_only_the_aware_act_and_unaware_stay_flat_footed_into_round_one():
    """pathfinder1e.md §1.1.3 [O] + §1.1.4 [S]: surprise round; unaware flat-footed until their first regular turn."""
    t = pf()
    t.do("add Gob hp=6 dex=14", "add Kyra pc hp=20 dex=14", "add Val pc hp=20 dex=14",
         "init Kyra 20", "init Gob 15", "init Val 10", "surprise Gob", "start")
    s = J(t)
    assert s["round"] == 0 and s["surprise_round"] is True and s["active"] == "gob"
    t.do("next")
    s = J(t)
    assert s["round"] == 1 and s["surprise_round"] is False and s["active"] == "kyra"
    assert "flat-footed" not in conds(t, "Kyra") and "flat-footed" in conds(t, "Val")
    assert "flat-footed" not in conds(t, "Gob")  # acted in the surprise round
    t.do("next", "next")
    assert J(t)["active"] == "val" and "flat-footed" not in conds(t, "Val")


@pytest.mark.parametrize("aware", ["", "surprise Gob Kyra"])
def test_no_surprise_round_when_no_one_or_everyone_is_aware(aware):
    """pathfinder1e.md §1.1.3 [O]: everyone or no one aware -> no surprise round."""
    t = pf()
    t.do("add Gob hp=6", "add Kyra pc hp=20", "init Kyra 20", "init Gob 15")
    if aware:
        t.do(aware)
    t.do("start")
    assert J(t)["round"] == 1 and J(t)["surprise_round"] is False


def test_surprise_round_budget_one_standard_or_move():
    """pathfinder1e.md §1.1.3 / §1.2 [O]: surprise round -> one standard OR one move (no full-round)."""
    t = pf()
    t.do("add Gob hp=6", "add Kyra pc hp=20", "init Gob 15", "init Kyra 10", "surprise Gob", "start")
    with pytest.raises(CommandError):
        t.do("action Gob full")
    t.do("action Gob standard")
    with pytest.raises(CommandError):
        t.do("action Gob move")


# -- delay ------------------------------------------------------------------------------


def three(a=20, b=15, c=10) -> Table:
    t = pf()
    t.do("add Ann pc hp=20", "add Bob pc hp=20", "add Cid hp=20",
         f"init Ann {a}", f"init Bob {b}", f"init Cid {c}", "start")
    return t


def test_delay_then_resume_new_count_persists_for_the_rest_of_the_combat():
    """pathfinder1e.md §1.1.5 [S]: re-enter between turns; the count becomes that slot for the rest of the combat."""
    t = three()
    t.do("delay")
    s = J(t)
    assert s["delayed"] == ["ann"] and s["active"] == "bob" and "ann" not in s["order"]
    t.do("next")  # Bob done; Ann jumps in before Cid
    t.do("resume Ann")
    assert J(t)["active"] == "ann" and C(t, "Ann")["initiative"] == 10
    t.do("next")
    assert J(t)["active"] == "cid"
    t.do("next")
    for _ in range(2):  # rounds 2 and 3: Bob, Ann, Cid
        assert J(t)["order"] == ["bob", "ann", "cid"] and J(t)["active"] == "bob"
        t.do("next", "next", "next")
    assert J(t)["round"] == 4


def test_delay_with_a_named_count_reenters_by_itself():
    """pathfinder1e.md §1.1.5 [S]: you may name the count in advance."""
    t = three()
    t.do("delay 12")
    assert J(t)["delay_counts"] == {"ann": 12}
    t.do("next")  # Bob ends; count 12 comes before Cid (10)
    assert J(t)["active"] == "ann" and C(t, "Ann")["initiative"] == 12
    t.do("next")
    assert J(t)["active"] == "cid"


def test_delay_taken_next_round_before_original_count_is_that_rounds_turn():
    """pathfinder1e.md §1.1.5 [S]: still delaying when the round ends; acting next round before the original
    count raises the count there and there is no regular action that round."""
    t = three(a=15, b=20, c=10)  # order Bob 20, Ann 15, Cid 10
    t.do("next")  # Ann's turn
    t.do("delay")
    t.do("next")  # Cid ends -> round 2, Bob up
    assert J(t)["round"] == 2 and J(t)["active"] == "bob" and J(t)["delayed"] == ["ann"]
    t.do("resume Ann")  # before Bob, i.e. before Ann's original 15
    assert J(t)["active"] == "ann" and C(t, "Ann")["initiative"] == 20
    t.do("next")
    assert J(t)["active"] == "bob"
    t.do("next")
    assert J(t)["active"] == "cid", "no second turn for Ann at her old count 15"
    t.do("next")
    assert J(t)["round"] == 3 and J(t)["order"] == ["ann", "bob", "cid"]


def test_delay_forfeit_when_the_original_count_comes_round_again():
    """pathfinder1e.md §1.1.5 [O]: original count comes around and it has not acted -> acts normally now."""
    t = three(a=15, b=20, c=10)
    t.do("next", "delay", "next", "next")  # round 2, Bob done, Ann's original 15 comes up
    assert J(t)["round"] == 2
    assert J(t)["active"] == "ann" and J(t)["delayed"] == []


def test_delaying_across_the_round_end_may_keep_delaying():
    """pathfinder1e.md §1.1.5 [S]: if a round ends while you are still delaying you may keep delaying."""
    t = three(a=15, b=20, c=10)
    t.do("next", "delay", "next", "next")
    assert J(t)["active"] == "ann"
    t.do("delay")
    assert J(t)["active"] == "cid" and J(t)["delayed"] == ["ann"]


# -- ready -------------------------------------------------------------------------------


def test_ready_is_its_turn_trigger_moves_just_before_the_triggering_creature():
    """pathfinder1e.md §1.1.6 [S]: the readied action happens just before the trigger; position persists."""
    t = three()
    t.do("ready when Cid moves")
    assert J(t)["readied"] == {"ann": "when Cid moves"} and J(t)["active"] == "bob"
    t.do("next")
    assert J(t)["active"] == "cid"
    t.do("trigger Ann")  # the readied action goes off now, before Cid's action
    assert C(t, "Ann")["initiative"] == 10 and "ann" not in J(t)["readied"]
    assert J(t)["order"] == ["bob", "ann", "cid"]
    assert J(t)["active"] == "cid", "the interrupted creature continues"
    t.do("next")
    assert J(t)["round"] == 2 and J(t)["order"] == ["bob", "ann", "cid"]


def test_ready_triggered_next_round_before_its_count_loses_the_regular_turn():
    """pathfinder1e.md §1.1.6 [S]: triggered next round before its regular count -> count rises there and no
    regular action that round."""
    t = three(a=15, b=20, c=10)  # Bob 20, Ann 15, Cid 10
    t.do("next", "ready when Bob moves", "next")  # readying ends Ann's turn; Cid ends round 1
    assert J(t)["round"] == 2 and J(t)["active"] == "bob" and J(t)["readied"] == {"ann": "when Bob moves"}
    t.do("trigger Ann")
    assert C(t, "Ann")["initiative"] == 20 and J(t)["order"] == ["ann", "bob", "cid"]
    assert J(t)["active"] == "bob"
    t.do("next")
    assert J(t)["active"] == "cid"
    t.do("next")
    assert J(t)["round"] == 3 and J(t)["order"] == ["ann", "bob", "cid"]


def test_untriggered_ready_is_kept_seed_and_warned():
    """pathfinder1e.md §1.1.6 [Δ]/[I]: seed keeps the readied action; the GM is warned at its owner's turn."""
    t = three()
    t.do("ready when the dragon lands", "next", "next")
    s = J(t)
    assert s["round"] == 2 and s["active"] == "ann" and s["readied"] == {"ann": "when the dragon lands"}
    assert any("readied action" in p for p in s["pending"])
    t.do("unready Ann")
    assert J(t)["readied"] == {}


def test_ready_lapses_option_official():
    """pathfinder1e.md §1.1.6 [Δ] official: untriggered readied action is lost at the next turn."""
    t = three()
    t.do("option ready_lapses on", "ready when the dragon lands", "next", "next")
    assert J(t)["readied"] == {}


@pytest.mark.parametrize("how", ["delay", "ready when X"])
def test_dying_or_unconscious_cannot_delay_or_ready(how):
    """pathfinder1e.md §1.1.8 [O]: a dying or unconscious character cannot change its initiative."""
    t = three()
    t.do("dmg Ann 22")
    assert C(t, "Ann")["life"] == "dying"
    with pytest.raises(CommandError):
        t.do(how)


def test_joining_mid_combat_rolls_and_is_inserted():
    """pathfinder1e.md §1.1.9 [O]: creatures joining mid-combat roll initiative and are inserted."""
    t = three()
    t.do("add Wolf hp=13 dex=14")
    t.rolls(10)
    t.do("roll Wolf")  # 12
    assert J(t)["order"] == ["ann", "bob", "wolf", "cid"]
    assert "flat-footed" in conds(t, "Wolf")


# -- hero point: act out of turn --------------------------------------------------------------


def test_hero_act_out_of_turn_is_its_turn_for_the_round_and_position_persists():
    """pathfinder1e.md §1.1.7 [S]+[O]+[I]: act now before the acting creature, one move or standard; no second
    turn at the old count; position kept."""
    t = pf()
    t.do("add Gob hp=6", "add Kyra pc hp=20", "add Val pc hp=20",
         "init Gob 20", "init Val 15", "init Kyra 10", "start")
    t.do("spend Kyra hero act")
    s = J(t)
    assert s["active"] == "kyra" and s["order"] == ["kyra", "gob", "val"]
    assert C(t, "Kyra")["pools"]["hero"]["value"] == 0
    with pytest.raises(CommandError):
        t.do("action Kyra full")
    t.do("next")
    assert J(t)["active"] == "gob"
    t.do("next", "next")
    assert J(t)["round"] == 2 and J(t)["active"] == "kyra"


# =========================================================================================
# pathfinder1e.md §1.2 Action economy, charge, aid, total defense
# =========================================================================================


def solo(*extra: str) -> Table:
    """Val acting (init 20) against a goblin (10); Val's turn."""
    t = pf()
    t.do(f"add Val pc {HERO}", "add Gob hp=6 dex=14 bab=1", "init Val 20", "init Gob 10", "start", *extra)
    return t


@pytest.mark.parametrize("cond", ["staggered", "grogui"])
def test_staggered_one_move_or_one_standard_swift_still_allowed(cond):
    """pathfinder1e.md §1.2 [S]: staggered -> one move OR one standard per round; swift/free OK; no full-round."""
    t = solo(f"cond Val {cond}")
    with pytest.raises(CommandError):
        t.do("action Val full")
    t.do("action Val move", "action Val swift")
    with pytest.raises(CommandError):
        t.do("action Val standard")


def test_nauseated_only_one_move_action():
    """pathfinder1e.md §1.2 / §1.5 [S]: nauseated -> only one move action per turn."""
    t = solo("cond Val nauseated")
    with pytest.raises(CommandError):
        t.do("action Val standard")
    t.do("action Val move")
    with pytest.raises(CommandError):
        t.do("action Val move")


@pytest.mark.parametrize("cond", ["dazed", "stunned", "cowering", "paralyzed", "helpless"])
def test_no_actions(cond):
    """pathfinder1e.md §1.2 [O]/[S]: dazed, stunned, cowering, paralysed, helpless -> no actions."""
    t = solo(f"cond Val {cond}")
    for kind in ("standard", "move", "swift"):
        with pytest.raises(CommandError):
            t.do(f"action Val {kind}")


def test_charge_plus_two_attack_minus_two_ac_touch_ff_and_cmd_until_its_next_turn():
    """pathfinder1e.md §1.2 Charge [S]: +2 attack; -2 AC until the start of your next turn; AC penalties also
    apply to CMD."""
    t = solo("charge Val")
    e = E(t, "Val")
    assert e["attack"] == 7
    assert (e["ac"], e["touch"], e["ff"], e["cmd"]) == (10, 10, 8, 15)
    t.do("next")  # Gob's turn: the -2 AC still holds
    assert E(t, "Val")["ac"] == 10
    t.do("next")  # Val's next turn starts: gone
    e = E(t, "Val")
    assert (e["ac"], e["cmd"], e["attack"]) == (12, 17, 5)


@pytest.mark.parametrize("cond", ["fatigued", "exhausted", "entangled"])
def test_cannot_charge(cond):
    """pathfinder1e.md §1.5 [S]/[O]: fatigued, exhausted [O] and entangled cannot charge."""
    t = solo(f"cond Val {cond}")
    with pytest.raises(CommandError):
        t.do("charge Val")


def test_aid_another_plus_two_each_aider_stacks_until_the_aiders_next_turn():
    """pathfinder1e.md §1.2 Aid another [S]+[I]: +2 attack (or AC); several aiders stack; lasts until the start
    of the aider's next turn."""
    t = pf()
    t.do("add Ann pc hp=20 bab=2", "add Bob pc hp=20 bab=2", "add Val pc hp=20 bab=3", "add Gob hp=6",
         "init Ann 20", "init Bob 15", "init Val 12", "init Gob 10", "start")
    t.do("aid Ann Val attack")
    t.do("next", "aid Bob Val attack")
    assert E(t, "Val")["attack"] == 3 + 4
    t.do("next", "next", "next")  # round 2, Ann's turn starts: her +2 ends, Bob's stays
    assert J(t)["active"] == "ann"
    assert E(t, "Val")["attack"] == 3 + 2
    t.do("next")
    assert E(t, "Val")["attack"] == 3


def test_aid_ac_and_the_attack_roll_vs_ac_10():
    """pathfinder1e.md §1.2 Aid another [S]: attack vs AC 10; success gives +2 AC."""
    t = solo()
    t.do("add Ann pc hp=20 bab=0 str=10", "aid Ann Val ac 9")  # 9 + 0 = 9 < 10: fails
    assert E(t, "Val")["ac"] == 12
    t.do("aid Ann Val ac 10")
    assert E(t, "Val")["ac"] == 14


def test_total_defense_plus_four_dodge_on_ac_touch_and_cmd_not_ff():
    """pathfinder1e.md §1.2 [O] total defense +4 dodge AC; dodge bonuses count to CMD and go with the Dex bonus."""
    t = solo("defend Val")
    e = E(t, "Val")
    assert (e["ac"], e["touch"], e["ff"], e["cmd"]) == (16, 16, 10, 21)
    t.do("next", "next")
    assert E(t, "Val")["ac"] == 12


@pytest.mark.parametrize("kind,main_pen,off_pen", [
    ("normal", -6, -10), ("light", -4, -8), ("feat", -4, -4), ("light-feat", -2, -2)])
def test_two_weapon_table(kind, main_pen, off_pen):
    """pathfinder1e.md §1.2 Two-weapon fighting [S]."""
    t = fighter(extra=f"twf={kind}")
    e = E(t, "Val")
    assert e["twf_main"] == 5 + main_pen and e["twf_off"] == 5 + off_pen


def test_five_foot_step_not_with_a_charge():
    """pathfinder1e.md §1.2 [S]: no 5-ft step in the round you charge."""
    t = solo("charge Val")
    with pytest.raises(CommandError):
        t.do("action Val step")


# =========================================================================================
# pathfinder1e.md §1.3 Damage, nonlethal
# =========================================================================================


def test_temporary_hp_absorb_first():
    """pathfinder1e.md §1.3 [O]: temporary HP absorb lethal damage first."""
    t = pf()
    t.do("add Val pc hp=20 temp=5", "dmg Val 8")
    p = C(t, "Val")["pools"]
    assert p["temp"]["value"] == 0 and p["hp"]["value"] == 17


def test_nonlethal_equal_staggered_above_unconscious_and_life_field():
    """pathfinder1e.md §1.3 [S/O]: NL kept apart; NL == HP -> staggered; NL > HP -> unconscious (not dying)."""
    t = pf()
    t.do("add Val pc hp=10/20", "dmg Val 9 nonlethal")
    c = C(t, "Val")
    assert c["pools"]["hp"]["value"] == 10 and c["pools"]["nl"]["value"] == 9 and c["life"] == "ok"
    t.do("dmg Val 1 nl")
    assert C(t, "Val")["life"] == "staggered"
    t.do("dmg Val 1 nonlethal")
    assert C(t, "Val")["life"] == "unconscious"
    assert C(t, "Val")["pools"]["hp"]["value"] == 10


def test_lethal_damage_below_nonlethal_knocks_out_and_equal_staggers():
    """pathfinder1e.md §1.3 [S]: lethal damage that lowers HP below NL knocks out; to NL staggers."""
    t = pf()
    t.do("add Val pc hp=20", "dmg Val 6 nonlethal", "dmg Val 14")
    assert C(t, "Val")["life"] == "staggered"  # HP 6 == NL 6
    t.do("dmg Val 1")
    assert C(t, "Val")["life"] == "unconscious"


def test_healing_x_removes_x_nonlethal_too():
    """pathfinder1e.md §1.3 [O]: healing X HP also removes X nonlethal."""
    t = pf()
    t.do("add Val pc hp=20", "dmg Val 8", "dmg Val 15 nonlethal")
    assert C(t, "Val")["life"] == "unconscious"
    t.do("heal Val 4")
    c = C(t, "Val")
    assert c["pools"]["hp"]["value"] == 16 and c["pools"]["nl"]["value"] == 11 and c["life"] == "ok"


def test_nonlethal_heals_one_per_hour_per_level():
    """pathfinder1e.md §1.3 [O]: NL heals 1 per hour per character level."""
    t = pf()
    t.do("add Val pc hp=20 hd=3", "dmg Val 10 nonlethal", "pass 2h")
    assert C(t, "Val")["pools"]["nl"]["value"] == 4


def test_staggered_from_nonlethal_limits_actions():
    """pathfinder1e.md §1.3/§1.5 [S]: staggered while NL == HP: one move or standard."""
    t = solo("dmg Val 30 nonlethal")
    assert C(t, "Val")["life"] == "staggered"
    with pytest.raises(CommandError):
        t.do("action Val full")


def test_coup_de_grace_fort_dc_10_plus_damage():
    """pathfinder1e.md §1.3 Coup de grace [S]: survives the damage -> Fort DC 10 + damage or die."""
    t = pf()
    t.do("add Gob hp=20 fort=2", "cond Gob helpless", "coup Gob 6 12")  # 12+2 = 14 < 16: dies
    assert C(t, "Gob")["life"] == "dead"
    t = pf()
    t.do("add Gob hp=20 fort=2", "cond Gob helpless", "coup Gob 6 14")  # 14+2 = 16 >= 16
    assert C(t, "Gob")["life"] != "dead" and C(t, "Gob")["pools"]["hp"]["value"] == 14


# =========================================================================================
# pathfinder1e.md §1.4 Dying / stable / dead
# =========================================================================================


def dying_fight(hp: str = "hp=10", con: int = 14, kyra_init: int = 10) -> Table:
    """Kyra (Con `con`) and a goblin at 15; the goblin's turn."""
    t = pf()
    t.do(f"add Kyra pc {hp} con={con}", "add Gob hp=6", f"init Kyra {kyra_init}", "init Gob 15", "start")
    return t


@pytest.mark.parametrize("damage,hp,state", [
    (9, 1, "ok"), (10, 0, "disabled"), (11, -1, "dying"), (23, -13, "dying"), (24, -14, "dead"),
    (40, -30, "dead")])
def test_thresholds_with_con_14(damage, hp, state):
    """pathfinder1e.md §1.4 [S]: HP >= 1 ok; 0 disabled; -Con < HP < 0 dying; HP <= -Con dead."""
    t = pf()
    t.do("add Kyra pc hp=10 con=14", f"dmg Kyra {damage}")
    c = C(t, "Kyra")
    assert c["pools"]["hp"]["value"] == hp and c["life"] == state


def test_dying_check_exact_numbers_meet_dc_succeeds():
    """pathfinder1e.md §1.4 [S]: d20 + ConMod - negHP vs DC 10; meeting the DC succeeds -> stable (unaided)."""
    t = dying_fight()
    t.do("dmg Kyra 13")  # HP -3, goblin's turn; Kyra has not acted: checks this round
    t.rolls(11)  # 11 + 2 - 3 = 10
    t.do("next")
    c = C(t, "Kyra")
    assert c["life"] == "stable" and c["pools"]["hp"]["value"] == -3
    assert any("Con check 11+2-3 = 10 vs DC 10" in s for s in t.said())


def test_dying_check_one_short_loses_one_hp():
    """pathfinder1e.md §1.4 [S]: failure -> -1 HP."""
    t = dying_fight()
    t.do("dmg Kyra 13")
    t.rolls(10)  # 9
    t.do("next")
    c = C(t, "Kyra")
    assert c["life"] == "dying" and c["pools"]["hp"]["value"] == -4


def test_natural_1_is_not_an_automatic_failure():
    """pathfinder1e.md §1.4 [O]: a natural 1 is *not* an automatic failure of the dying check."""
    t = dying_fight(con=30)  # Con mod +10
    t.do("dmg Kyra 11")  # HP -1: 1 + 10 - 1 = 10 -> success despite the natural 1
    t.rolls(1)
    t.do("next")
    assert C(t, "Kyra")["life"] == "stable" and C(t, "Kyra")["pools"]["hp"]["value"] == -1


def test_natural_20_saves_even_a_hopeless_total():
    """pathfinder1e.md §1.4 [S]: natural 20 is an automatic success even when d20+ConMod-negHP < 10."""
    t = dying_fight(con=30)  # dead at -30
    t.do("dmg Kyra 38")  # HP -28: 20 + 10 - 28 = 2
    t.rolls(20)
    t.do("next")
    assert C(t, "Kyra")["life"] == "stable"


def test_failed_check_at_minus_con_plus_one_dies():
    """pathfinder1e.md §1.4 [S]: failing at -Con+1 reaches -Con -> dead."""
    t = dying_fight()
    t.do("dmg Kyra 23")  # -13
    t.rolls(2)
    t.do("next")
    c = C(t, "Kyra")
    assert c["pools"]["hp"]["value"] == -14 and c["life"] == "dead"
    t.do("next")  # the dead are passed over
    assert J(t)["round"] == 2 and J(t)["active"] == "gob"


def test_dying_check_not_in_the_same_round_if_it_already_acted():
    """pathfinder1e.md §1.4 [O]: first check on its first turn after going negative."""
    t = dying_fight(kyra_init=20)  # Kyra acts first
    t.do("next")  # goblin's turn, Kyra has acted
    t.do("dmg Kyra 13")
    t.do("next")  # round 2, Kyra's turn: check now
    assert J(t)["round"] == 2
    assert any("Con check" in s for s in t.said())


def test_dying_has_a_countdown_on_the_sheet():
    """Issue 3: "dies at -14 (9 to go)"."""
    t = pf()
    t.do("add Kyra pc hp=10 con=14", "dmg Kyra 15")
    assert any("dies at -14 (9 to go)" in line for line in C(t, "Kyra")["status"])


@pytest.mark.parametrize("amount,hp,state", [(2, -3, "stable"), (5, 0, "disabled"), (6, 1, "ok")])
def test_healing_thresholds_for_the_dying(amount, hp, state):
    """pathfinder1e.md §1.4 [O]: heal to <0 -> stable (aided); exactly 0 -> disabled; >= 1 -> fully functional."""
    t = pf()
    t.do("add Kyra pc hp=10 con=14", "dmg Kyra 15", f"heal Kyra {amount}")
    c = C(t, "Kyra")
    assert c["pools"]["hp"]["value"] == hp and c["life"] == state


def test_healed_to_negative_is_aided_and_loses_no_more_hp():
    """pathfinder1e.md §1.4 [O]: magical healing leaving HP < 0 -> stable, aided (no hourly loss)."""
    t = pf()
    t.do("add Kyra pc hp=10 con=14", "dmg Kyra 15", "heal Kyra 1")  # -4 stable aided
    t.rolls(2)  # hourly check fails: aided -> loses nothing
    t.do("pass 1h")
    c = C(t, "Kyra")
    assert c["pools"]["hp"]["value"] == -4 and c["life"] == "stable"


def test_stable_unaided_hourly_failure_loses_one_success_becomes_aided_then_wakes_disabled():
    """pathfinder1e.md §1.4 [S]: unaided hourly Con DC 10: fail -1 HP; success -> aided; aided success -> conscious
    and disabled at its negative HP."""
    t = dying_fight()
    t.do("dmg Kyra 12")  # -2
    t.rolls(10)  # 10 + 2 - 2 = 10: stable (unaided)
    t.do("next")
    assert C(t, "Kyra")["life"] == "stable"
    t.do("end")
    t.rolls(5)  # 5 + 2 - 2 = 5: -1 HP
    t.do("pass 1h")
    assert C(t, "Kyra")["pools"]["hp"]["value"] == -3 and C(t, "Kyra")["life"] == "stable"
    t.rolls(11)  # 11 + 2 - 3 = 10: aided
    t.do("pass 1h")
    assert C(t, "Kyra")["pools"]["hp"]["value"] == -3 and C(t, "Kyra")["life"] == "stable"
    t.rolls(11)  # aided: success -> conscious, disabled at -3
    t.do("pass 1h")
    c = C(t, "Kyra")
    assert c["pools"]["hp"]["value"] == -3 and c["life"] == "disabled"


def test_damage_to_a_stable_creature_makes_it_dying_again():
    """pathfinder1e.md §1.4 [O]: damage to a stable creature -> dying."""
    t = pf()
    t.do("add Kyra pc hp=10 con=14", "dmg Kyra 12", "stabilize Kyra")
    assert C(t, "Kyra")["life"] == "stable"
    t.do("dmg Kyra 1")
    c = C(t, "Kyra")
    assert c["life"] == "dying" and c["pools"]["hp"]["value"] == -3


def test_disabled_standard_action_costs_one_hp_move_is_safe():
    """pathfinder1e.md §1.4 [S]: disabled: standard action -> 1 damage after it -> HP -1 -> dying; moves are safe."""
    t = dying_fight(hp="hp=0/10", kyra_init=20)
    assert C(t, "Kyra")["life"] == "disabled"
    t.do("action Kyra move")
    assert C(t, "Kyra")["pools"]["hp"]["value"] == 0
    t = dying_fight(hp="hp=0/10", kyra_init=20)
    t.do("action Kyra standard")
    c = C(t, "Kyra")
    assert c["pools"]["hp"]["value"] == -1 and c["life"] == "dying"


def test_disabled_has_half_speed():
    """pathfinder1e.md §1.4 [S]: disabled -> half speed."""
    t = pf()
    t.do("add Kyra pc hp=10 speed=30", "dmg Kyra 10")
    assert C(t, "Kyra")["life"] == "disabled" and E(t, "Kyra")["speed"] == 15


def test_dead_cannot_be_healed():
    """pathfinder1e.md §1.4 [S]: dead -> no healing."""
    t = pf()
    t.do("add Kyra pc hp=10 con=10", "dmg Kyra 20")
    assert C(t, "Kyra")["life"] == "dead"
    with pytest.raises(CommandError):
        t.do("heal Kyra 10")


def test_dying_via_cli_and_show_json(tmp_path, capsys):
    """pathfinder1e.md §1.4 through the CLI: the check uses the dice given with --rolls."""
    path = cli(tmp_path, "add Kyra pc hp=10 con=14", "add Gob hp=6", "init Gob 15", "init Kyra 10",
               "start", "dmg Kyra 14", "next", rolls="9")  # HP -4: 9 + 2 - 4 = 7 -> -5
    s = show(path, capsys)
    k = next(c for c in s["combatants"] if c["id"] == "kyra")
    assert k["life"] == "dying" and k["pools"]["hp"]["value"] == -5
    assert any("dies at -14 (9 to go)" in line for line in k["status"])
    assert any("Kyra" in p and "dying" in p for p in s["pending"])


# -- bleed ------------------------------------------------------------------------------------


def test_bleed_at_the_start_of_its_turn_only():
    """pathfinder1e.md §1.5 Bleed [S]: damage at the beginning of its turn."""
    t = dying_fight(hp="hp=20", kyra_init=10)
    t.do("cond Kyra bleed:2")
    assert C(t, "Kyra")["pools"]["hp"]["value"] == 20
    t.do("next")
    assert C(t, "Kyra")["pools"]["hp"]["value"] == 18
    t.do("next")  # goblin
    assert C(t, "Kyra")["pools"]["hp"]["value"] == 18


def test_same_type_bleeds_worst_applies_different_types_stack():
    """pathfinder1e.md §1.5 Bleed [S]: same type: worst only; different types stack."""
    t = dying_fight(hp="hp=20", kyra_init=10)
    t.do("cond Kyra bleed:3", "cond Kyra bleed:2", "cond Kyra con-bleed:1", "next")
    c = C(t, "Kyra")
    assert c["pools"]["hp"]["value"] == 17
    assert t.c("Kyra").marks["ability_damage"] == {"con": 1}  # the Con bleed applied too
    # one point of Con damage is no penalty yet: -1 per 2 points (pathfinder1e.md §1.9), Con stays 14
    assert E(t, "Kyra")["con"] == 14


def test_healing_stops_bleed():
    """pathfinder1e.md §1.5 Bleed [S]: stopped by any HP-curing spell."""
    t = dying_fight(hp="hp=20", kyra_init=10)
    t.do("cond Kyra bleed:2", "dmg Kyra 5", "heal Kyra 1")
    assert "bleed" not in conds(t, "Kyra")
    t.do("next")
    assert C(t, "Kyra")["pools"]["hp"]["value"] == 16


def test_bleeding_dying_character_auto_fails_and_loses_one_more():
    """pathfinder1e.md §1.4 [O]: continuous damage -> auto-fail the check and -1 HP in addition."""
    t = dying_fight()
    t.do("dmg Kyra 12", "cond Kyra bleed:2")  # -2
    t.rolls(20)  # not used: auto fail
    t.do("next")
    c = C(t, "Kyra")
    assert c["pools"]["hp"]["value"] == -5 and c["life"] == "dying"


# =========================================================================================
# pathfinder1e.md §1.5 Conditions: numbers on the sheet (fighter Str 14 Dex 14 BAB 3, base AC 12)
# =========================================================================================


def with_cond(*names: str) -> dict:
    t = fighter()
    for n in names:
        t.do(f"cond Val {n}")
    return E(t, "Val")


def test_grappled_numbers():
    """pathfinder1e.md §1.5 Grappled [S]: -4 Dex; -2 attack and CMB (not to grapple); can't move."""
    e = with_cond("grappled")
    assert e["dex"] == 10
    assert (e["ac"], e["touch"], e["ff"]) == (10, 10, 10)
    assert e["attack"] == 3 and e["cmb"] == 3
    assert e["cmd"] == 15  # Dex mod +2 -> 0
    assert e["ref"] == 2 and e["init"] == 0
    assert e["speed"] == 0


def test_pinned_numbers():
    """pathfinder1e.md §1.5 Pinned [S]: can't move; denied Dex bonus to AC and CMD; additional -4 AC (and CMD)."""
    e = with_cond("pinned")
    assert (e["ac"], e["touch"], e["ff"]) == (6, 6, 6)
    assert e["cmd"] == 17 - 2 - 4
    assert e["speed"] == 0


def test_pinned_on_grappled_shows_only_pinned_and_grappled_returns():
    """pathfinder1e.md §1.5 restraint family [S]+[I]: pinned supersedes grappled; grappled returns
    when the pin ends."""
    t = fighter()
    t.do("cond Val grappled", "cond Val pinned")
    e = E(t, "Val")
    assert e["ac"] == 6 and e["dex"] == 14  # grappled's -4 Dex does not add under the pin
    assert conds(t, "Val") == ["grappled", "pinned"]  # grappled recorded underneath
    t.do("uncond Val pinned")
    assert "grappled" in conds(t, "Val") and E(t, "Val")["dex"] == 10


def test_shaken_and_frightened_numbers_and_fear_family():
    """pathfinder1e.md §1.5 [S]: shaken -2 attack, saves, checks; frightened same; grades do not add."""
    e = with_cond("shaken")
    assert (e["attack"], e["cmb"], e["fort"], e["ref"], e["will"]) == (3, 3, 2, 2, 2)
    assert e["ac"] == 12 and e["cmd"] == 17
    e = with_cond("shaken", "frightened")
    assert (e["attack"], e["will"]) == (3, 2)


def test_panicked_saves_minus_two():
    """pathfinder1e.md §1.5 Panicked [S]: -2 saves, skill and ability checks; no actions."""
    e = with_cond("panicked")
    assert (e["fort"], e["ref"], e["will"]) == (2, 2, 2)


@pytest.mark.parametrize("cond", ["cowering", "stunned", "blinded"])
def test_minus_two_ac_and_no_dex_bonus(cond):
    """pathfinder1e.md §1.5 Cowering / Stunned / Blinded [S]: -2 AC and loses Dex bonus to AC (also CMD)."""
    e = with_cond(cond)
    assert (e["ac"], e["touch"], e["ff"]) == (8, 8, 8)
    assert e["cmd"] == 17 - 2 - 2


def test_dazed_no_ac_penalty():
    """pathfinder1e.md §1.5 Dazed [S]: no actions; no AC penalty."""
    e = with_cond("dazed")
    assert (e["ac"], e["cmd"]) == (12, 17)


def test_dazzled_minus_one_attack():
    """pathfinder1e.md §1.5 Dazzled [S]: -1 attack rolls."""
    e = with_cond("dazzled")
    assert e["attack"] == 4 and e["cmb"] == 4 and e["ac"] == 12


def test_entangled_numbers():
    """pathfinder1e.md §1.5 Entangled [S]: half speed; -2 attack; -4 Dex."""
    e = with_cond("entangled")
    assert e["speed"] == 15 and e["dex"] == 10
    assert e["attack"] == 3 and e["ac"] == 10 and e["cmd"] == 15 and e["ref"] == 2


def test_fatigued_numbers():
    """pathfinder1e.md §1.5 Fatigued [S]: -2 Str and -2 Dex; can't run or charge."""
    e = with_cond("fatigued")
    assert (e["str"], e["dex"]) == (12, 12)
    assert (e["attack"], e["cmb"], e["ac"], e["cmd"]) == (4, 4, 11, 15)
    assert e["speed"] == 30 and e["ref"] == 3


def test_exhausted_numbers():
    """pathfinder1e.md §1.5 Exhausted [S]: half speed; -6 Str and -6 Dex."""
    e = with_cond("exhausted")
    assert (e["str"], e["dex"], e["speed"]) == (8, 8, 15)
    assert (e["attack"], e["cmb"], e["ac"], e["touch"], e["ff"], e["cmd"]) == (2, 2, 9, 9, 9, 11)
    assert e["ref"] == 1 and e["init"] == -1


def test_exhausted_and_fatigued_do_not_add():
    """pathfinder1e.md §1.5 [S]: exhausted supersedes fatigued (-6, not -8)."""
    e = with_cond("exhausted", "fatigued")
    assert (e["str"], e["dex"]) == (8, 8)


def test_sickened_numbers_including_damage():
    """pathfinder1e.md §1.5 Sickened [S]: -2 attack, damage (seed: all damage), saves, checks."""
    e = with_cond("sickened")
    assert (e["attack"], e["cmb"], e["fort"], e["will"]) == (3, 3, 2, 2)
    assert e["damage"] == -2


def test_shaken_plus_sickened_stack_to_minus_four():
    """pathfinder1e.md §1.5 stacking rule [S]: different conditions add."""
    e = with_cond("shaken", "sickened")
    assert (e["attack"], e["fort"]) == (1, 0)


@pytest.mark.parametrize("cond", ["helpless", "unconscious"])
def test_helpless_is_dex_zero(cond):
    """pathfinder1e.md §1.5 Helpless [S]: treated as Dex 0 (-5)."""
    e = with_cond(cond)
    assert e["dex"] == 0
    assert (e["ac"], e["touch"], e["ff"]) == (5, 5, 5)
    assert e["cmd"] == 10 + 3 + 2 - 5
    assert e["ref"] == 4 - 7


def test_paralyzed_str_and_dex_zero_helpless():
    """pathfinder1e.md §1.5 Paralyzed [S]: Str and Dex effectively 0; helpless."""
    e = with_cond("paralyzed")
    assert (e["str"], e["dex"]) == (0, 0)
    assert e["cmb"] == 3 - 5 and e["cmd"] == 10 + 3 - 5 - 5 and e["ac"] == 5


def test_prone_ac_vs_melee_and_ranged_and_melee_attack():
    """pathfinder1e.md §1.5 Prone [S]: -4 melee attack; +4 AC vs ranged, -4 AC vs melee."""
    e = with_cond("prone")
    assert e["attack"] == 1
    assert e["ac_melee"] == 8 and e["ac_ranged"] == 16


def test_invisible_plus_two_attack():
    """pathfinder1e.md §1.5 Invisible [S]: +2 attack vs sighted opponents."""
    assert with_cond("invisible")["attack"] == 7


def test_energy_drained_two_levels():
    """pathfinder1e.md §1.5 Energy drained [O]: -1 per negative level to attack, CMB, CMD, saves."""
    e = with_cond("energy-drained:2")
    assert (e["attack"], e["cmb"], e["cmd"], e["fort"]) == (3, 3, 15, 2)


def test_deafened_numbers():
    assert with_cond("deafened")["init"] == -2


def test_flat_footed_keeps_dex_penalty():
    """pathfinder1e.md §1.5 Flat-footed [S]: loses the Dex *bonus* only; a Dex penalty stays."""
    t = pf()
    t.do("add Gob hp=6 dex=8", "cond Gob flat-footed")
    e = E(t, "Gob")
    assert e["ac"] == 9 and e["ff"] == 9


# -- families: timed grades return, fatigue/rest -------------------------------------------------


def test_timed_frightened_over_shaken_returns_to_shaken_at_the_round_boundary():
    """pathfinder1e.md §1.5 families [S] + README durations: frightened 1 round over shaken; ends just before the
    same initiative position; shaken remains."""
    t = solo("cond Gob shaken", "cond Gob frightened 1")
    assert conds(t, "Gob").count("frightened") == 1
    t.do("next")  # Gob's turn, round 1
    assert "frightened" in conds(t, "Gob")
    t.do("next")  # round 2, Val's turn starts: frightened (applied on Val's turn) ends
    assert "frightened" not in conds(t, "Gob") and "shaken" in conds(t, "Gob")
    assert E(t, "Gob")["attack"] == 1 - 2  # BAB 1 + Str 0, shaken -2


def test_fatigued_plus_fatigue_is_exhausted_then_rest():
    """pathfinder1e.md §1.5 [S]: fatiguing activity while fatigued -> exhausted; 1 h rest -> fatigued; 8 h -> gone."""
    t = fighter()
    t.do("cond Val fatigued", "cond Val fatigado")
    assert "exhausted" in conds(t, "Val") and E(t, "Val")["str"] == 8
    t.do("pass 1h")
    assert "exhausted" not in conds(t, "Val") and "fatigued" in conds(t, "Val")
    assert E(t, "Val")["str"] == 12
    t.do("pass 7h")
    assert "fatigued" in conds(t, "Val")
    t.do("pass 1h")
    assert "fatigued" not in conds(t, "Val") and E(t, "Val")["str"] == 14


def test_fatigue_on_exhausted_stays_exhausted():
    t = fighter()
    t.do("cond Val exhausted", "cond Val fatigued")
    assert E(t, "Val")["str"] == 8
    assert "exhausted" in conds(t, "Val")


def test_fear_escalation_off_by_default_on_as_option():
    """pathfinder1e.md §1.5 [Δ]: official fear escalation not in the seed: OFF; option ON."""
    t = fighter()
    t.do("cond Val shaken", "cond Val shaken")
    assert "frightened" not in conds(t, "Val")
    t = fighter()
    t.do("option fear_escalation on", "cond Val shaken", "cond Val shaken")
    assert "frightened" in conds(t, "Val")


# =========================================================================================
# pathfinder1e.md §1.6 Hero points
# =========================================================================================


def test_hero_points_start_one_max_three_pc_only_and_gm_only():
    """pathfinder1e.md §1.6 [S]/[O]: PCs only; start 1; max 3 (excess lost); hidden from players."""
    t = pf()
    t.do("add Kyra pc hp=20", "add Gob hp=6")
    assert C(t, "Kyra")["pools"]["hero"]["value"] == 1
    assert "hero" not in C(t, "Gob")["pools"]
    t.do("hero Kyra +5")
    assert C(t, "Kyra")["pools"]["hero"]["value"] == 3
    players = state_dict(t.state, t.session.ruleset, players=True)
    k = next(c for c in players["combatants"] if c["id"] == "kyra")
    assert "hero" not in k["pools"] and "hero" not in json.dumps(k["stats"])


def test_hero_points_never_refresh_with_rest():
    t = pf()
    t.do("add Kyra pc hp=20", "spend Kyra hero bonus-before", "pass 8h", "pass 1d")
    assert C(t, "Kyra")["pools"]["hero"]["value"] == 0


def test_one_hero_point_per_round_next_round_ok():
    """pathfinder1e.md §1.6 [O]: max 1 hero point per round of combat."""
    t = pf()
    t.do("add Kyra pc hp=20 hero=3", "add Gob hp=6", "init Kyra 20", "init Gob 10", "start",
         "spend Kyra hero bonus-before")
    with pytest.raises(CommandError):
        t.do("spend Kyra hero reroll")
    t.do("next", "next")
    t.do("spend Kyra hero reroll")
    assert C(t, "Kyra")["pools"]["hero"]["value"] == 1


def test_cheat_death_two_points_stable_at_minus_con_plus_one():
    """pathfinder1e.md §1.4/§1.6 [S]+[I]: 2 points when it would die: alive, stable (unaided), HP = -Con + 1."""
    t = pf()
    t.do("add Kyra pc hp=10 con=14 hero=3", "add Gob hp=6", "init Gob 20", "init Kyra 10", "start",
         "dmg Kyra 30")
    assert C(t, "Kyra")["life"] == "dead"
    assert any("cheat-death" in p or "cheat death" in p for p in J(t)["pending"])
    t.do("spend Kyra hero cheat-death")
    c = C(t, "Kyra")
    assert c["life"] == "stable" and c["pools"]["hp"]["value"] == -13 and c["pools"]["hero"]["value"] == 1


def test_cheat_death_with_one_point_is_refused():
    t = pf()
    t.do("add Kyra pc hp=10 con=14", "dmg Kyra 30")
    with pytest.raises(CommandError):
        t.do("spend Kyra hero cheat-death")
    assert C(t, "Kyra")["life"] == "dead"


def test_pet_costs_one_point_seed_two_official():
    """pathfinder1e.md §1.6 [S] pet 1 point [Δ official 2]."""
    for opt, left in (("", 2), ("option pet_cheat_cost 2", 1)):
        t = pf()
        t.do("add Kyra pc hp=20 hero=3", "add Wolf hp=10 con=10 owner=Kyra", "side Wolf ally")
        if opt:
            t.do(opt)
        t.do("dmg Wolf 25")
        t.do("spend Kyra hero pet Wolf")
        assert C(t, "Wolf")["life"] == "stable" and C(t, "Wolf")["pools"]["hp"]["value"] == -9
        assert C(t, "Kyra")["pools"]["hero"]["value"] == left


def test_hero_bonus_uses_cost_one_each():
    """pathfinder1e.md §1.6 [S]: bonus +8 before / +4 after; aid +4 / +2; each 1 point."""
    t = pf()
    t.do("add Kyra pc hp=20 hero=3", "spend Kyra hero bonus-before", "spend Kyra hero aid-after")
    assert C(t, "Kyra")["pools"]["hero"]["value"] == 1
    said = " ".join(t.said())
    assert "+8" in said and "+2" in said


# =========================================================================================
# pathfinder1e.md §1.7 CMB / CMD, sizes, maneuvers
# =========================================================================================


@pytest.mark.parametrize("size,special,acmod", [
    ("fine", -8, 8), ("diminutive", -4, 4), ("tiny", -2, 2), ("small", -1, 1), ("medium", 0, 0),
    ("large", 1, -1), ("huge", 2, -2), ("gargantuan", 4, -4), ("colossal", 8, -8)])
def test_size_table(size, special, acmod):
    """pathfinder1e.md §1.7 [S]/[O]: CMB/CMD special size modifier; AC/attack size modifier."""
    t = pf()
    t.do(f"add X hp=10 str=14 dex=12 bab=2 size={size}")
    e = E(t, "X")
    dex_or_str = 1 if size in ("fine", "diminutive") else 2
    assert e["cmb"] == 2 + dex_or_str + special
    assert e["cmd"] == 10 + 2 + 2 + 1 + special
    assert e["ac"] == 10 + 1 + acmod
    assert e["attack"] == 2 + 2 + acmod


def test_dex_for_cmb_tiny_option():
    """pathfinder1e.md §1.7 [Δ]: seed Diminutive or smaller; official Tiny or smaller (option)."""
    t = pf()
    t.do("add Cat hp=3 str=4 dex=16 size=menudo")
    assert E(t, "Cat")["cmb"] == -3 - 2
    t.do("option cmb_dex_tiny on")
    assert E(t, "Cat")["cmb"] == 3 - 2


def maneuver_table(extra_target: str = "") -> Table:
    t = pf()
    t.do(f"add Val pc {HERO}", f"add Ogre hp=30 str=14 dex=14 bab=3 {extra_target}".strip(),
         "init Val 20", "init Ogre 10", "start", "next", "next")  # round 2: nobody flat-footed
    return t


def test_maneuver_meets_cmd_succeeds_one_short_fails():
    """pathfinder1e.md §1.7 [S]: d20 + CMB vs CMD; success if >= CMD."""
    t = maneuver_table()
    t.do("maneuver Val Ogre 12 trip")  # 12 + 5 = 17 vs 17
    assert "prone" in conds(t, "Ogre")
    t = maneuver_table()
    t.do("maneuver Val Ogre 11 trip")
    assert "prone" not in conds(t, "Ogre")


def test_maneuver_natural_20_and_1():
    """pathfinder1e.md §1.7 [S]: natural 20 always succeeds, natural 1 always fails."""
    t = maneuver_table("bab=20")
    t.do("maneuver Val Ogre 20 trip")
    assert "prone" in conds(t, "Ogre")
    t = maneuver_table("bab=-10")
    t.do("maneuver Val Ogre 1 trip")
    assert "prone" not in conds(t, "Ogre")


def test_maneuver_vs_stunned_plus_four_and_cmd_drop():
    """pathfinder1e.md §1.7 [S]: target stunned -> +4 on the check; stunned also -2 AC and no Dex (CMD 13)."""
    t = maneuver_table()
    t.do("cond Ogre stunned")
    assert E(t, "Ogre")["cmd"] == 13
    t.do("maneuver Val Ogre 4 trip")  # 4 + 5 + 4 = 13 vs 13
    assert "prone" in conds(t, "Ogre")


@pytest.mark.parametrize("cond", ["helpless", "paralyzed", "unconscious"])
def test_maneuver_automatic_vs_immobilised_or_helpless(cond):
    """pathfinder1e.md §1.7 [S]: target immobilised/unconscious/incapacitated -> automatic success."""
    t = maneuver_table("bab=20")
    t.do(f"cond Ogre {cond}", "maneuver Val Ogre 2 disarm")
    assert any("succeeds" in s.lower() or "automatic" in s.lower() for s in t.said()[-3:])


def test_maneuver_vs_flat_footed_cmd_without_dex():
    """pathfinder1e.md §1.7 [S]: a flat-footed creature does not add Dex to CMD."""
    t = pf()
    t.do(f"add Val pc {HERO}", "add Ogre hp=30 str=14 dex=14 bab=3", "init Val 20", "init Ogre 10",
         "start")
    assert E(t, "Ogre")["cmd"] == 15
    t.do("maneuver Val Ogre 10 trip")  # 15 vs 15
    assert "prone" in conds(t, "Ogre")


def test_maneuver_aoo_damage_is_a_penalty_and_shaken_applies():
    """pathfinder1e.md §1.7 [S]: all attack modifiers apply; damage from the provoked AoO is a penalty."""
    t = maneuver_table()
    t.do("cond Val shaken", "maneuver Val Ogre 15 trip -2")  # 15 + 5 - 2 - 2 = 16 < 17
    assert "prone" not in conds(t, "Ogre")


def test_grapple_grapples_both_and_grappled_no_minus_two_to_grapple():
    """pathfinder1e.md §1.7 [O]/§1.5 [S]: success grapples both; grappled -2 does not apply to grapple."""
    t = maneuver_table()
    t.do("maneuver Val Ogre 12 grapple")
    assert "grappled" in conds(t, "Val") and "grappled" in conds(t, "Ogre")
    assert E(t, "Val")["cmb"] == 3  # the sheet shows the general -2


def test_charge_trip_bonus_seed_and_bull_rush_option():
    """pathfinder1e.md §1.2 Charge [Δ]: seed +2 on trip while charging; official +2 on bull rush."""
    t = maneuver_table()
    t.do("charge Val", "maneuver Val Ogre 10 trip")  # 10 + 5 + 2 charging trip = 17 vs 17
    assert "prone" in conds(t, "Ogre")
    t = maneuver_table()
    t.do("charge Val", "maneuver Val Ogre 10 bull-rush")  # seed: no +2 on bull rush -> 15
    assert any("fail" in s.lower() for s in t.said()[-2:])
    t = maneuver_table()
    t.do("option charge_maneuver bull-rush", "charge Val", "maneuver Val Ogre 10 bull-rush")
    assert any("success" in s.lower() for s in t.said()[-2:])


# =========================================================================================
# Options stored in the save
# =========================================================================================


def test_options_defaults_and_persisted_through_the_cli(tmp_path, capsys):
    """Issue 3: house-rule options stored in the save, seed default."""
    path = cli(tmp_path, "add Kyra pc hp=20")
    s = show(path, capsys)
    o = s["options"]
    assert o["fear_escalation"] in (False, "off")
    assert o["cmb_dex_tiny"] in (False, "off")
    assert o["hero_per_level"] in (False, "off")
    cli(tmp_path, "option fear_escalation on", new=False)
    s = show(path, capsys)
    assert s["options"]["fear_escalation"] in (True, "on")
    assert "fear_escalation" in (tmp_path / "enc.toml").read_text()


def test_players_json_hides_hero_points(tmp_path, capsys):
    """pathfinder1e.md §1.6 [S]: hero points hidden from players."""
    path = cli(tmp_path, "add Kyra pc hp=20 hero=2")
    capsys.readouterr()
    assert main(["show", str(path), "--json", "--players"]) == 0
    k = json.loads(capsys.readouterr().out)["combatants"][0]
    assert "hero" not in k["pools"] and "hero" not in k["stats"] and "hero" not in k["effective"]


# =========================================================================================
# Later additions: edges found while playing the scenarios
# =========================================================================================


def test_cheat_death_stops_the_bleeding_so_the_pc_stays_alive():
    """pathfinder1e.md §1.4 [S] cheat death "alive ... stable" + §1.5 bleed: a bleed left running would kill the
    stable PC again at its next turn start; cheating death stops it (fixed)."""
    t = dying_fight(hp="hp=10 hero=2")
    t.do("dmg Kyra 22", "cond Kyra bleed:3", "next")  # Kyra's turn: bleeds -12 -> -15: dead
    assert C(t, "Kyra")["life"] == "dead"
    t.do("spend Kyra hero cheat-death")
    c = C(t, "Kyra")
    assert c["life"] == "stable" and c["pools"]["hp"]["value"] == -13 and c["conditions"] == []
    t.do("next", "next")  # round 2: Kyra's turn starts, no bleed, no dying check
    c = C(t, "Kyra")
    assert c["life"] == "stable" and c["pools"]["hp"]["value"] == -13


def test_cheat_death_auto_option_also_stops_the_bleeding():
    t = dying_fight(hp="hp=10 hero=2")
    t.do("option cheat_death auto", "dmg Kyra 22", "cond Kyra bleed:3", "next")
    c = C(t, "Kyra")
    assert c["life"] == "stable" and c["pools"]["hp"]["value"] == -13 and c["conditions"] == []
    assert c["pools"]["hero"]["value"] == 0


def test_saving_a_bleeding_pet_stops_its_bleeding():
    t = pf()
    t.do("add Kyra pc hp=20 hero=1", "add Wolf hp=10 con=10 owner=Kyra", "add Gob hp=6",
         "init Gob 20", "init Wolf 10", "init Kyra 5", "start", "dmg Wolf 17", "cond Wolf bleed:2", "next")
    # Wolf's turn: bleeds -7 -> -9, the check fails automatically: -10 = -Con: dead
    assert C(t, "Wolf")["life"] == "dead"
    t.do("spend Kyra hero pet Wolf")
    c = C(t, "Wolf")
    assert c["life"] == "stable" and c["pools"]["hp"]["value"] == -9 and c["conditions"] == []


def test_pinning_grappler_loses_its_dex_bonus_to_ac_until_the_pin_ends():
    """pathfinder1e.md §1.7 [O] grapple: the pinning grappler loses its Dex bonus to AC (fixed: `pinning`)."""
    t = pf()
    t.do("add Val pc hp=20 str=14 dex=18 bab=3", "add Ogre hp=30 str=10 dex=10",
         "init Val 20", "init Ogre 10", "start", "next", "next")
    t.do("maneuver Val Ogre 15 grapple")
    assert E(t, "Val")["ac"] == 12  # Dex 18 - 4 grappled = 14: +2
    t.do("maneuver Val Ogre 15 pin")
    e = E(t, "Val")
    assert (e["ac"], e["touch"], e["ff"]) == (10, 10, 10) and e["cmd"] == 10 + 3 + 2 + 0
    assert conds(t, "Val") == ["grappled", "pinning"]
    assert E(t, "Ogre")["ac"] == 10 - 4
    t.do("uncond Ogre pinned")  # the Ogre breaks the pin but is still grappled
    assert conds(t, "Val") == ["grappled"] and E(t, "Val")["ac"] == 12
    assert conds(t, "Ogre") == ["grappled"]


def test_pinning_ends_when_the_grappler_lets_go():
    t = pf()
    t.do("add Val pc hp=20 str=14 dex=18 bab=3", "add Ogre hp=30", "init Val 20", "init Ogre 10",
         "start", "maneuver Val Ogre 15 grapple", "maneuver Val Ogre 15 pin", "uncond Val grappled")
    assert "pinning" not in conds(t, "Val")


def test_charge_when_limited_to_a_standard_action():
    """pathfinder1e.md §1.2 Charge [S]: limited to a standard action (staggered) -> still a charge, move <= speed."""
    t = solo("cond Val staggered", "charge Val")
    assert E(t, "Val")["ac"] == 10 and E(t, "Val")["attack"] == 7
    with pytest.raises(CommandError):
        t.do("action Val move")


def test_cheat_death_is_outside_the_one_per_round_limit():
    """pathfinder1e.md §1.6 [O]: max 1 hero point per round, except Cheat Death."""
    t = dying_fight(hp="hp=10 hero=3")
    t.do("spend Kyra hero bonus-before", "dmg Kyra 40", "spend Kyra hero cheat-death")
    assert C(t, "Kyra")["pools"]["hero"]["value"] == 0 and C(t, "Kyra")["life"] == "stable"


def test_hero_act_is_the_rounds_point_no_extra_action_on_top():
    t = pf()
    t.do("add Gob hp=6", "add Kyra pc hp=20 hero=3", "init Gob 20", "init Kyra 10", "start",
         "spend Kyra hero act")
    with pytest.raises(CommandError):
        t.do("spend Kyra hero extra-action")
    assert C(t, "Kyra")["pools"]["hero"]["value"] == 2


def test_healing_an_unaided_stable_makes_it_aided():
    """pathfinder1e.md §1.4 [O]: magical healing of >= 1 leaving HP < 0 -> stable, aided."""
    t = dying_fight(con=12)
    t.do("dmg Kyra 13")  # -3
    t.rolls(15)
    t.do("next")
    assert "unaided" in C(t, "Kyra")["status"][0]
    t.do("heal Kyra 1")
    c = C(t, "Kyra")
    assert c["life"] == "stable" and c["pools"]["hp"]["value"] == -2 and "aided" in c["status"][0]
    assert "unaided" not in c["status"][0]


def test_timed_exhausted_over_fatigued_expires_back_to_fatigued():
    """pathfinder1e.md §1.5 families [S]: the lower grade waits underneath and returns."""
    t = solo("cond Val fatigued", "cond Val exhausted 1")
    assert E(t, "Val")["str"] == 8
    t.do("next", "next")
    assert conds(t, "Val") == ["fatigued"] and E(t, "Val")["str"] == 12


def test_damage_while_delaying_dying_check_at_the_original_count():
    """pathfinder1e.md §1.1.5 [O] + §1.4: a delaying creature knocked below 0 checks when its count comes round."""
    t = three(a=20, b=15, c=10)
    t.do("delay", "dmg Ann 25")  # Ann (Con 10) at -5, still in the delay list
    assert C(t, "Ann")["life"] == "dying"
    t.rolls(15)
    t.do("next", "next")  # round 2: Ann's count comes round: forfeit + check 15 + 0 - 5 = 10
    assert J(t)["round"] == 2 and J(t)["active"] == "ann" and C(t, "Ann")["life"] == "stable"


def test_maneuver_carries_dazzled_and_grappled_penalties():
    """pathfinder1e.md §1.7 [S]: maneuver check = d20 + CMB + all attack-roll modifiers."""
    t = maneuver_table()
    t.do("cond Val dazzled", "maneuver Val Ogre 13 trip")  # 13 + 5 - 1 = 17 vs 17
    assert "prone" in conds(t, "Ogre")
    t = maneuver_table()
    t.do("cond Val grappled", "maneuver Val Ogre 13 trip")  # 13 + 5 - 2 = 16 < 17
    assert "prone" not in conds(t, "Ogre")


def test_maneuver_roll_comes_from_the_cli_dice(tmp_path, capsys):
    """pathfinder1e.md §1.7 via `exec --rolls`: the maneuver's d20 is the next given roll."""
    path = cli(tmp_path, f"add Val pc {HERO}", "add Ogre hp=30 str=14 dex=14 bab=3",
               "init Val 20", "init Ogre 10", "start", "next", "next", "maneuver Val Ogre trip",
               rolls="12")
    s = show(path, capsys)
    ogre = next(c for c in s["combatants"] if c["id"] == "ogre")
    assert [c["id"] for c in ogre["conditions"]] == ["prone"]
    assert ogre["effective"]["ac_melee"] == 12 - 4 and ogre["effective"]["ac_ranged"] == 12 + 4


def test_a_dying_delayer_cannot_resume():
    """pathfinder1e.md §1.1.8 [O]: a dying or unconscious character cannot delay, ready or otherwise change its
    initiative; `delay`/`ready` are refused, but `resume` of a delayer knocked out meanwhile is not."""
    t = three()
    t.do("delay", "dmg Ann 25")
    with pytest.raises(CommandError):
        t.do("resume Ann")


def test_a_readied_creature_knocked_out_cannot_trigger():
    """pathfinder1e.md §1.1.8 [O]: the readied action of a creature that is now dying cannot go off."""
    t = three()
    t.do("ready when Cid moves", "dmg Ann 25", "next")
    with pytest.raises(CommandError):
        t.do("trigger Ann")


def test_players_log_never_shows_hero_points(tmp_path, capsys):
    """pathfinder1e.md §1.6 [S] / issue 3: hero points are a GM-only count, never in player-facing output."""
    path = cli(tmp_path, "add Kyra pc hp=10 con=12 hero=3", "add Gob hp=6", "init Gob 20", "init Kyra 10",
               "start", "dmg Kyra 30", "spend Kyra hero cheat-death")
    capsys.readouterr()
    assert main(["log", str(path), "--players"]) == 0
    out = capsys.readouterr().out
    assert "Kyra: stable" in out  # the table sees her survive...
    assert "hero" not in out.lower()  # ...but not how many points she had nor that she spent them


def test_hero_act_before_its_first_turn_ends_flat_footed():
    """pathfinder1e.md §1.1.4 [S] + §1.1.7 [I]: acting out of turn is its turn: it is no longer flat-footed."""
    t = pf()
    t.do("add Gob hp=6", "add Kyra pc hp=20 dex=14", "init Gob 20", "init Kyra 10", "start")
    assert "flat-footed" in conds(t, "Kyra") and E(t, "Kyra")["ac"] == 10
    t.do("spend Kyra hero act")
    assert "flat-footed" not in conds(t, "Kyra") and E(t, "Kyra")["ac"] == 12


def test_a_scene_in_spanish_commands():
    """Seed in Spanish: verbs, stats, conditions and uses by their Spanish names."""
    t = pf()
    t.do("añadir Kyra pj pv=20 con=14 fue=14 des=14 bab=3",
         "añadir Ogro pv=30 fue=14 des=14 bab=3 tamaño=grande",
         "iniciativa Kyra 20", "iniciativa Ogro 10", "empezar",
         "estado Kyra estremecido", "daño Kyra 5 no-letal", "daño Kyra 3")
    k = C(t, "Kyra")
    assert k["pools"]["hp"]["value"] == 17 and k["pools"]["nl"]["value"] == 5
    assert E(t, "Kyra")["attack"] == 3 and E(t, "Kyra")["cmb"] == 3
    o = E(t, "Ogro")
    assert o["cmb"] == 3 + 2 + 1 and o["cmd"] == 10 + 3 + 2 + 1 + 0  # large, flat-footed: no Dex
    assert o["ac"] == 10 - 1  # flat-footed (no Dex), large -1
    t.do("cargar Kyra", "maniobra Kyra Ogro 9 derribo")  # 9 + 3 + 2 charging trip = 14 vs 16: fails
    assert "prone" not in conds(t, "Ogro")
    t.do("maniobra Kyra Ogro 11 derribo")  # 11 + 3 + 2 = 16 vs 16
    assert "prone" in conds(t, "Ogro")


def test_minimum_damage_a_hit_reduced_below_one_deals_one_nonlethal():
    """pathfinder1e.md §1.3 [O]: if penalties reduce damage below 1, the hit deals 1 nonlethal."""
    t = pf()
    t.do("add Val pc hp=30")
    t.rolls(1)
    t.do("dmg Val 1d4-3")  # 1 - 3 = -2
    c = C(t, "Val")
    assert c["pools"]["hp"]["value"] == 30 and c["pools"]["nl"]["value"] == 1


def test_hp_typed_at_zero_or_below_is_in_line_once_combat_starts(tmp_path, capsys):
    """pathfinder1e.md §1.4: `add NAME hp=CUR/MAX` at 0 or below is disabled / dying / dead by the first
    rules moment."""
    path = cli(tmp_path, "add Kyra pc hp=-3/20 con=14", "add Bob pc hp=0/10", "add Cid hp=5/10 nl=7",
               "add Dan hp=-12/10 con=12", "init Bob 20", "init Kyra 10", "init Cid 5", "init Dan 1", "start")
    life = {c["id"]: c["life"] for c in show(path, capsys)["combatants"]}
    assert life == {"kyra": "dying", "bob": "disabled", "cid": "unconscious", "dan": "dead"}


def test_hp_typed_at_zero_or_below_is_in_line_right_away():
    """pathfinder1e.md §1.4: HP 0 is disabled, -Con < HP < 0 dying, as soon as it is typed (out of combat too)."""
    t = pf()
    t.do("add Kyra pc hp=-3/20 con=14", "add Bob pc hp=0/10")
    assert C(t, "Kyra")["life"] == "dying" and C(t, "Bob")["life"] == "disabled"
