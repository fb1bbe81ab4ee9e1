"""Starfinder acceptance scenarios: docs/rulesets/starfinder.md ("starfinder.md §"),
the Spanish seed 003 (which wins where it speaks) and issue 4, driven through the command
language and read back as a GM would: the `show --json` state (life, pools, conditions,
effective figures) and the log. Edges and round boundaries first."""

from __future__ import annotations

import json

import pytest

from conftest import Table
from gm_console.cli import main
from gm_console.engine.language.commands import CommandError
from gm_console.engine.views.export import state_dict


# -- helpers ------------------------------------------------------------------------------

def sf(*lines, rolls=(), options=None) -> Table:
    t = Table("starfinder", options)
    t.rolls(*rolls)
    t.do(*lines)
    return t


def js(t: Table) -> dict:
    """What `show --json` prints."""
    return json.loads(json.dumps(state_dict(t.state, t.session.ruleset)))


def cb(t: Table, who: str) -> dict:
    cid = t.c(who).id
    return next(c for c in js(t)["combatants"] if c["id"] == cid)


def eff(t: Table, who: str) -> dict:
    return cb(t, who)["effective"]


def pools(t: Table, who: str) -> dict:
    return {k: v["value"] for k, v in cb(t, who)["pools"].items()}


def conds(t: Table, who: str) -> dict:
    return {c["id"]: c["rounds"] for c in cb(t, who)["conditions"]}


def refused(t: Table, line: str) -> bool:
    try:
        t.do(line)
    except CommandError:
        return False
    return True


def duel(a="A pc init=2 rp=3 hp=20 eac=15 kac=17 attack=5", b="B init=1 hp=10 eac=12 kac=13"):
    """A (init 17) acts first, B (init 4) second."""
    return sf(f"add {a}", f"add {b}", "start", rolls=(15, 3))


# -- §3.5 stat block: resolve derived from level and key ---------------------------------------

@pytest.mark.parametrize("level,key,rp", [(1, 0, 1), (1, 4, 5), (2, 3, 4), (3, 3, 4), (4, 3, 5), (7, 4, 7),
                                          (20, 5, 15), (1, -1, 1)])
def test_resolve_is_half_level_min_1_plus_key(level, key, rp):
    """starfinder.md §3.5 [S]: RP = max(1, floor(level/2)) + key modifier; [O] total at least 1."""
    t = sf(f"add Iseph pc hp=10 level={level} key={key}")
    assert cb(t, "Iseph")["pools"]["rp"] == {"value": rp, "max": rp}


def test_key_given_as_a_score_and_stamina_as_current_over_max():
    """Issue 4: `key=18` is a score (+4); `sp=12/30` is current/max."""
    t = sf("add Iseph pc sp=12/30 hp=18 level=6 key=18")
    assert cb(t, "Iseph")["pools"] == {"sp": {"value": 12, "max": 30}, "hp": {"value": 18, "max": 18},
                                       "rp": {"value": 7, "max": 7}}
    assert {"eac", "kac", "attack", "init", "fort", "ref", "will", "speed"} <= set(eff(t, "Iseph"))


# -- §3.1 initiative, ties, surprise -------------------------------------------------------------

def test_initiative_is_d20_plus_dex_or_init_and_conditions_count():
    """starfinder.md §3.1 [S]: 1d20 + Dex mod (or the init modifier); deafened -4 [O]."""
    t = sf("add A pc dex=16 hp=10 rp=1", "add B hp=10 init=3", "cond B deafened", "start", rolls=(10, 10))
    assert (cb(t, "A")["initiative"], cb(t, "B")["initiative"]) == (13, 9)


def test_seed_ties_act_together_official_breaks_by_modifier():
    """starfinder.md §3.1 [S] ties act together (one shared slot); [Δ official] higher modifier first."""
    t = sf("add A pc init=2 rp=1 hp=10", "add B init=0 hp=10", "add C pc init=3 hp=10 rp=1", "start",
           rolls=(10, 12, 9))
    assert [c["initiative"] for c in js(t)["combatants"]] == [12, 12, 12]
    assert "acts together with C, B (tied at 12)" in cb(t, "A")["status"]
    assert any("act together" in s for s in t.said())
    t = sf("option tie_order official", "add A pc init=2 rp=1 hp=10", "add B init=0 hp=10",
           "add C pc init=3 hp=10 rp=1", "start", rolls=(10, 12, 9))
    assert js(t)["order"] == ["c", "a", "b"]
    assert not any("acts together" in s for s in cb(t, "A")["status"])


def ambush(aware: str, options=None):
    return sf("add A pc init=2 rp=1 hp=10 eac=15 kac=16", "add B init=0 hp=10 eac=12 kac=13",
              "add C init=1 hp=10 eac=12 kac=13", "side B foe", "side C foe", f"surprise {aware}", "start",
              rolls=(10, 15, 5), options=options)


def test_surprise_round_when_every_defender_is_unaware():
    """starfinder.md §3.1 [S]: one surprise turn for the aware; the unaware are flat-footed (-2 AC) until they act."""
    t = ambush("A")
    j = js(t)
    assert (j["round"], j["surprise_round"], j["active"]) == (0, True, "a")
    assert "flat-footed" in conds(t, "B") and (eff(t, "B")["eac"], eff(t, "B")["kac"]) == (10, 11)
    t.do("next")                                   # round 1: B acts first and stops being flat-footed
    assert (js(t)["round"], js(t)["active"]) == (1, "b")
    assert "flat-footed" not in conds(t, "B") and "flat-footed" in conds(t, "C")
    t.do("next", "next")                           # A, then C acts
    assert "flat-footed" not in conds(t, "C")


def test_surprise_turn_allows_a_single_move_or_attack_action():
    """starfinder.md §3.1 [S]: in the surprise turn an attacker takes one move OR one attack (standard) action."""
    t = ambush("A")
    assert "surprise round: standard or move" in cb(t, "A")["status"]
    assert not refused(t, "action A full")
    t.do("action A standard")
    assert not refused(t, "action A move")
    assert not refused(t, "action A swift")
    t.do("next", "next")                           # round 1, A's regular turn: the full budget again
    assert js(t)["active"] == "a"
    t.do("action A standard", "action A move", "action A swift")


def test_official_surprise_round_also_allows_swift():
    """starfinder.md §3.1 [Δ official]: the aware take a standard or move action, plus swift actions."""
    t = ambush("A B", options={"partial_surprise": "official"})
    assert js(t)["surprise_round"] is True and js(t)["active"] == "b"
    t.do("action B move", "action B swift")
    assert not refused(t, "action B standard")


def test_partial_unawareness_no_surprise_round_only_unaware_flat_footed():
    """starfinder.md §3.1 [S]: some defenders aware -> no surprise round, normal round; only the unaware sorprendidos."""
    t = ambush("A B")
    j = js(t)
    assert (j["round"], j["surprise_round"], j["active"]) == (1, False, "b")
    assert "flat-footed" not in conds(t, "B")
    assert "flat-footed" in conds(t, "C") and eff(t, "C")["eac"] == 10
    assert refused(t, "action B standard")
    t.do("next", "next")                           # B, A, now C acts: no longer flat-footed
    assert js(t)["active"] == "c" and "flat-footed" not in conds(t, "C")


def test_flat_footed_from_surprise_means_no_reactions():
    """starfinder.md §3.1 [S]: sorprendido = -2 AC and no reactions / AoO."""
    t = ambush("A B")
    assert not refused(t, "action C aoo")


# -- §3.1 delay and ready ---------------------------------------------------------------------------

def three(a_first=True):
    """B 17, A 12, C 5 (or A 17, B 12, C 5)."""
    first, second = ("A pc init=2 rp=1 hp=10", "B init=2 hp=10") if a_first else \
        ("B init=2 hp=10", "A pc init=2 rp=1 hp=10")
    return sf(f"add {first}", f"add {second}", "add C init=2 hp=10", "start", rolls=(15, 10, 3))


def test_delay_then_resume_takes_that_slot_for_the_rest_of_combat():
    """starfinder.md §3.1 [S]: come out just before the next slot; the new initiative persists into later rounds."""
    t = three()
    t.do("delay", "next")                          # A delays; B acts; C is up
    assert js(t)["delayed"] == ["a"] and js(t)["active"] == "c"
    t.do("resume A")
    assert js(t)["active"] == "a" and js(t)["order"] == ["b", "a", "c"]
    assert cb(t, "A")["initiative"] == 5
    t.do("next", "next")
    assert (js(t)["round"], js(t)["active"], js(t)["order"]) == (2, "b", ["b", "a", "c"])


def test_delay_into_next_round_enters_before_the_highest():
    """starfinder.md §3.1 [S]: delaying into the next round you may enter even before the highest initiative;
    that turn is this round's turn [I]."""
    t = three(a_first=False)                        # B 17, A 12, C 5
    t.do("next", "delay", "next")                  # A delays; C acts; round 2, B is up
    assert (js(t)["round"], js(t)["active"], js(t)["delayed"]) == (2, "b", ["a"])
    t.do("resume A")
    assert js(t)["active"] == "a" and js(t)["order"] == ["a", "b", "c"]
    t.do("next")
    assert js(t)["active"] == "b"
    t.do("next", "next")                           # C, then round 3 starts with A on top
    assert (js(t)["round"], js(t)["active"]) == (3, "a")


def test_ready_non_defensive_goes_after_the_trigger_and_persists():
    """starfinder.md §3.1 [O]: non-defensive readied actions resolve immediately after the trigger; new initiative."""
    t = three()
    t.do("ready shoot when C moves", "next")
    assert js(t)["active"] == "c" and js(t)["readied"] == {"a": "shoot when C moves"}
    t.do("trigger A")
    assert js(t)["order"] == ["b", "c", "a"] and js(t)["readied"] == {}
    t.do("next")
    assert (js(t)["round"], js(t)["active"], js(t)["order"]) == (2, "b", ["b", "c", "a"])


def test_ready_purely_defensive_goes_before_the_trigger():
    """starfinder.md §3.1 [O]: a purely defensive readied action resolves just before the trigger."""
    t = three()
    t.do("ready raise the shield", "next", "trigger A defensive")
    assert js(t)["order"] == ["b", "a", "c"] and js(t)["active"] == "c"
    t.do("next")
    assert (js(t)["round"], js(t)["active"]) == (2, "b")


def test_ready_lapses_at_the_start_of_its_owners_next_turn():
    """starfinder.md §3.1 [O] / issue 4: not triggered by its next turn -> lost (it may ready again)."""
    t = three()
    t.do("ready shoot", "next")
    assert js(t)["readied"] == {"a": "shoot"}
    t.do("next")                                   # round 2, A's turn starts
    assert (js(t)["round"], js(t)["active"], js(t)["readied"]) == (2, "a", {})


def test_ready_triggered_next_round_is_that_rounds_turn():
    """starfinder.md §3.1 [I]: triggered in the next round before its count, that is its turn for the round
    (no second turn); its slot is just after the trigger."""
    t = three(a_first=False)                        # B 17, A 12, C 5
    t.do("next", "ready shoot", "next")           # A readies; C; round 2, B is up
    assert (js(t)["round"], js(t)["active"]) == (2, "b")
    t.do("trigger A")
    assert js(t)["order"] == ["b", "a", "c"]
    t.do("next")                                   # B's turn ends: A already had its turn this round
    assert js(t)["active"] == "c"


def test_defensive_ready_triggered_next_round_is_that_rounds_turn():
    """starfinder.md §3.1 [I]: the defensive variant: A goes before B and does not act again in round 2."""
    t = three(a_first=False)
    t.do("next", "ready duck defensive", "next", "trigger A")
    assert js(t)["order"] == ["a", "b", "c"]
    t.do("next")
    assert (js(t)["round"], js(t)["active"]) == (2, "c")


# -- §3.2 actions per turn ------------------------------------------------------------------------

@pytest.mark.parametrize("seq,ok", [
    (["standard", "move", "swift"], True),
    (["move", "move", "swift"], True),
    (["swift", "swift", "swift"], True),
    (["standard", "swift", "swift"], True),
    (["standard", "standard"], False),
    (["move", "move", "move"], False),
    (["swift", "swift", "swift", "swift"], False),
    (["full", "swift"], False),
    (["swift", "full"], False),
])
def test_action_budget(seq, ok):
    """starfinder.md §3.2 [S]: standard + move + swift; standard as move; standard/move as swift; full = whole turn."""
    t = duel()
    for kind in seq[:-1]:
        t.do(f"action A {kind}")
    assert refused(t, f"action A {seq[-1]}") is ok


def test_budget_shown_and_reset_each_turn():
    """starfinder.md §3.2: the sheet shows what is left; a new turn has the whole budget."""
    t = duel()
    t.do("action A standard")
    assert "actions left: move, swift" in cb(t, "A")["status"]
    t.do("next", "next")
    assert "actions left: standard, move, swift" in cb(t, "A")["status"]


def test_reactions_one_per_round_none_before_first_turn():
    """starfinder.md §3.2 [O]: one reaction per round, regained at the start of its turn, none before it first acts."""
    t = duel()
    assert not refused(t, "action B aoo")          # B has not acted yet
    t.do("action A aoo")
    assert not refused(t, "action A aoo")
    t.do("next")
    assert not refused(t, "action A aoo")          # still round 1's reaction
    t.do("next", "action A aoo")


def test_total_defense_plus_four_until_next_turn_no_aoo():
    """starfinder.md §3.2 [S]: total defense +4 AC until the start of its next turn; no attacks of opportunity."""
    t = duel()
    t.do("total-defense A")
    assert (eff(t, "A")["eac"], eff(t, "A")["kac"]) == (19, 21)
    assert not refused(t, "action A aoo")
    t.do("next")
    assert (eff(t, "A")["eac"], eff(t, "A")["kac"]) == (19, 21)   # still up on B's turn
    t.do("next")
    assert (eff(t, "A")["eac"], eff(t, "A")["kac"]) == (15, 17)


def test_fight_defensively_minus_four_this_turn_plus_two_ac_until_next_turn():
    """starfinder.md §3.2 [S]: -4 to attacks *this turn*, +2 AC until its next turn."""
    t = duel()
    t.do("defensive A")
    assert (eff(t, "A")["attack"], eff(t, "A")["eac"], eff(t, "A")["kac"]) == (1, 17, 19)
    t.do("next")                                   # B's turn: the AC stays, the attack penalty is over
    assert (eff(t, "A")["attack"], eff(t, "A")["eac"]) == (5, 17)
    t.do("next")
    assert (eff(t, "A")["attack"], eff(t, "A")["eac"]) == (5, 15)


def test_total_defense_combines_with_fighting_defensively_seed_not_official():
    """starfinder.md §3.2 [S] combinable (+6) vs [Δ official] not combinable (+4)."""
    t = duel()
    t.do("defensive A", "total-defense A")
    assert eff(t, "A")["eac"] == 21
    t = duel()
    t.do("option total_defense official", "defensive A", "total-defense A")
    assert eff(t, "A")["eac"] == 19


def test_charge_plus_one_attack_minus_two_ac():
    """starfinder.md §3.2 [S]: charge +1 attack (official -2), -2 AC until the start of its next turn; full action."""
    t = duel()
    t.do("charge A B")
    assert (eff(t, "A")["attack"], eff(t, "A")["eac"], eff(t, "A")["kac"]) == (6, 13, 15)
    assert not refused(t, "action A swift")
    t.do("next")
    assert eff(t, "A")["eac"] == 13
    t.do("next")
    assert (eff(t, "A")["attack"], eff(t, "A")["eac"]) == (5, 15)
    t = duel()
    t.do("option charge_attack official", "charge A B")
    assert eff(t, "A")["attack"] == 3


@pytest.mark.parametrize("cond", ["fatigued", "exhausted", "entangled"])
def test_no_charge_or_run_when_fatigued_exhausted_entangled(cond):
    """starfinder.md §3.6 [O]: fatigued/exhausted/entangled cannot run or charge."""
    t = duel()
    t.do(f"cond A {cond}")
    assert not refused(t, "charge A B")
    assert not refused(t, "action A run")


def test_grappled_cannot_run():
    """starfinder.md §3.6 [O]: grappled -> can't move (so no run)."""
    t = duel()
    t.do("cond A grappled")
    assert not refused(t, "action A run")


def test_covering_fire_and_harrying_fire_vs_ac_15():
    """starfinder.md §3.2 [S]: ranged attack vs AC 15; cover: ally +2 AC; harry: ally +2 next attack; until the
    start of the shooter's next turn; a miss (14) gives nothing."""
    t = duel()
    t.do("cover A B 14")
    assert "covering-fire" not in conds(t, "B") and eff(t, "B")["kac"] == 13
    t = duel()
    t.do("cover A B 15")
    assert (eff(t, "B")["eac"], eff(t, "B")["kac"]) == (14, 15)
    t.do("next")
    assert eff(t, "B")["kac"] == 15
    t.do("next")
    assert eff(t, "B")["kac"] == 13
    t = duel()
    t.do("harry A B 15")
    assert eff(t, "B")["attack"] == 2
    t.do("next", "next")
    assert eff(t, "B")["attack"] == 0


def test_run_flat_footed_until_next_turn():
    """starfinder.md §3.2 [S]: run (full) gains flat-footed."""
    t = duel()
    t.do("action A run")
    assert eff(t, "A")["eac"] == 13
    t.do("next")
    assert eff(t, "A")["eac"] == 13
    t.do("next")
    assert eff(t, "A")["eac"] == 15


# -- §3.3 attacks, AC, range, damage ------------------------------------------------------------------

@pytest.mark.parametrize("typ,ac", [("fire", "EAC 16"), ("plasma", "EAC 16"), ("laser", "EAC 16"),
                                    ("solar", "EAC 16"), ("sonic", "EAC 16"), ("acid", "EAC 16"),
                                    ("cold", "EAC 16"), ("electricity", "EAC 16"), ("fuego", "EAC 16"),
                                    ("piercing", "KAC 18"), ("slashing", "KAC 18"),
                                    ("bludgeoning", "KAC 18"), ("contundente", "KAC 18"), ("", "KAC 18")])
def test_damage_type_chooses_eac_or_kac(typ, ac):
    """starfinder.md §3.3 [S]: energy (plasma, solar, laser, fire...) -> EAC; P/S/B and anything else -> KAC."""
    t = sf("add A pc sp=100 hp=100 rp=3 eac=16 kac=18", f"dmg A 10 {typ}".strip())
    assert f"(vs {ac})" in t.said()[-1]
    assert pools(t, "A")["sp"] == 90


@pytest.mark.parametrize("dist,penalty", [(0, 0), (60, 0), (61, -2), (119, -2), (120, -2), (121, -4), (180, -4),
                                          (181, -6), (600, -18)])
def test_range_penalty_formula(dist, penalty):
    """starfinder.md §3.3 [S]: -2 x (ceil(d / inc) - 1); seed example 61-119 ft -> -2; 120 ft still -2 [I]."""
    t = sf(f"range {dist} 60")
    assert f"{penalty:+d} to attack" in t.said()[-1]


def test_range_cap_ten_increments_thrown_too_official_five():
    """starfinder.md §3.3 [S]: at most 10 increments for all weapons; [Δ official] thrown 5."""
    t = sf("range 601 60")
    assert "Out of range" in t.said()[-1]
    t = sf("range 301 60 thrown")
    assert "-10 to attack" in t.said()[-1]
    t = sf("option thrown_range official", "range 300 60 thrown", "range 301 60 thrown")
    assert "-8 to attack" in t.said()[-2] and "Out of range" in t.said()[-1]


def test_temp_hp_then_stamina_then_hp_in_one_hit():
    """starfinder.md §3.3 [S/O]: temporary HP -> SP -> HP; the leftover flows in the same hit."""
    t = sf("add N pc sp=5 hp=22 rp=4", "heal N 6 temp", "dmg N 12")
    assert pools(t, "N") == {"sp": 0, "hp": 21, "rp": 4, "temp": 0}


def test_hp_never_below_zero_and_healing_restores_hp_only():
    """starfinder.md §3.3 [S]: no negative HP; tech/magic healing restores HP, not SP; capped at max."""
    t = sf("add N pc sp=30 hp=22 rp=4", "dmg N 60")
    assert pools(t, "N")["hp"] == 0
    t = sf("add N pc sp=30 hp=22 rp=4", "dmg N 40", "heal N 100")
    assert (pools(t, "N")["sp"], pools(t, "N")["hp"]) == (0, 22)


# -- §3.4 massive damage ------------------------------------------------------------------------------

@pytest.mark.parametrize("setup,dmg,life", [
    ("sp=0/30 hp=5/22", 30, "dead"),             # seed example 1: 25 left over > 22
    ("sp=0/30 hp=5/22", 27, "dead"),             # 22 left over = max: dead (>=)
    ("sp=0/30 hp=5/22", 26, "dying"),            # 21 left over
    ("sp=30 hp=22", 74, "dead"),                 # seed example 2: 74 - 30 - 22 = 22
    ("sp=30 hp=22", 73, "dying"),
])
def test_massive_damage_navasi(setup, dmg, life):
    """starfinder.md §3.4.1 [S]: left over after HP reaches 0 in one attack >= max HP -> dead (the seed's Navasi)."""
    t = sf(f"add Navasi pc {setup} rp=3", f"dmg Navasi {dmg}")
    assert cb(t, "Navasi")["life"] == life
    assert pools(t, "Navasi")["hp"] == 0


def test_massive_damage_when_already_at_zero():
    """starfinder.md §3.4.1 [S]: at 0 HP, one attack of >= max HP kills; one less costs 1 RP; stamina absorbs first."""
    t = sf("add Navasi pc sp=30 hp=22 rp=3", "dmg Navasi 52", "dmg Navasi 21")
    assert (cb(t, "Navasi")["life"], pools(t, "Navasi")["rp"]) == ("dying", 2)
    t.do("dmg Navasi 22")
    assert cb(t, "Navasi")["life"] == "dead"
    t = sf("add Navasi pc sp=30 hp=22 rp=3", "dmg Navasi 52", "heal Navasi 5 sp", "dmg Navasi 26")
    assert (cb(t, "Navasi")["life"], pools(t, "Navasi")["rp"]) == ("dying", 2)


def test_temporary_hp_absorbs_before_the_massive_damage_count():
    """starfinder.md §3.3/3.4.1: temp 6 + SP 5 + HP 22: 55 leaves 22 -> dead; 54 -> dying."""
    assert cb(sf("add N pc sp=5 hp=22 rp=4 temp=6", "dmg N 55"), "N")["life"] == "dead"
    assert cb(sf("add N pc sp=5 hp=22 rp=4 temp=6", "dmg N 54"), "N")["life"] == "dying"


# -- §3.3/3.4 nonlethal, NPCs ---------------------------------------------------------------------------

def test_nonlethal_knocks_out_stable_never_massive():
    """starfinder.md §3.3 [O]: nonlethal to 0 HP -> exactly 0, unconscious and stable, no massive damage."""
    t = sf("add N pc sp=30 hp=22 rp=4", "dmg N 200 nonlethal")
    assert (cb(t, "N")["life"], pools(t, "N")["hp"], pools(t, "N")["rp"]) == ("stable", 0, 4)
    t.do("spend N resolve fight")                  # KO'd by nonlethal: 1 RP -> 1 HP, conscious
    assert (cb(t, "N")["life"], pools(t, "N")["hp"], pools(t, "N")["rp"]) == ("ok", 1, 3)


def test_nonlethal_ko_keeps_its_resolve_at_turn_end():
    """starfinder.md §3.4.3: only the dying lose RP at the end of their turns; the nonlethal KO is stable."""
    t = sf("add N pc sp=30 hp=22 rp=4 init=2", "add G hp=10 init=1", "start", "next",
           "dmg N 200 nonlethal", "next", "next", rolls=(15, 3))
    assert (cb(t, "N")["life"], pools(t, "N")["rp"]) == ("stable", 4)


def test_npc_without_resolve_dies_at_zero_unless_nonlethal():
    """starfinder.md §3.4.10 [O]: creatures without RP die at 0 HP; nonlethal leaves them unconscious."""
    assert cb(sf("add G hp=10", "dmg G 10 fire"), "G")["life"] == "dead"
    assert cb(sf("add G hp=10", "dmg G 10 nonlethal"), "G")["life"] in ("stable", "unconscious")


# -- §3.4 dying, RP loss timing, death, grace ------------------------------------------------------------

def fight(rp="4", extra=""):
    """Navasi (init 17) and a goblin (init 4)."""
    return sf(f"add Navasi pc sp=30 hp=22 rp={rp} init=2 level=4 con=12 {extra}".strip(),
              "add Goblin hp=10 init=1", "start", rolls=(15, 3))


def test_dying_countdown_and_rp_at_end_of_own_turn():
    """starfinder.md §3.4.2-3 [S/O]: unconscious and dying; 1 RP at the end of each of its turns ("dying: N resolve left")."""
    t = fight()
    t.do("next", "dmg Navasi 60")                  # dropped on the goblin's turn
    assert cb(t, "Navasi")["life"] == "dying"
    assert "dying: 4 resolve left" in cb(t, "Navasi")["status"]
    t.do("next")                                   # round 2, Navasi's turn starts: nothing yet
    assert pools(t, "Navasi")["rp"] == 4
    t.do("next")                                   # ... ends: 1 RP
    assert pools(t, "Navasi")["rp"] == 3
    assert "dying: 3 resolve left" in cb(t, "Navasi")["status"]


def test_dropped_during_own_turn_first_loss_at_end_of_next_turn():
    """starfinder.md §3.4.3 [O]: dropped during its own turn (an AoO): the first loss is at the end of its NEXT turn."""
    t = fight()
    t.do("dmg Navasi 60", "next")
    assert pools(t, "Navasi")["rp"] == 4
    t.do("next", "next")
    assert pools(t, "Navasi")["rp"] == 3


def test_each_hit_at_zero_costs_one_rp_and_death_at_zero_rp():
    """starfinder.md §3.4.4-5 [S/O]: each further hit or continuous damage at 0 HP costs 1 RP; must lose with 0 -> dead."""
    t = fight(rp="2/4")
    t.do("next", "dmg Navasi 60", "dmg Navasi 3")
    assert (pools(t, "Navasi")["rp"], cb(t, "Navasi")["life"]) == (1, "dying")
    t.do("cond Navasi bleeding:1", "next")          # bleed at the start of its turn: continuous, 1 RP
    assert (pools(t, "Navasi")["rp"], cb(t, "Navasi")["life"]) == (0, "dying")
    t.do("next")                                   # the end of its turn: must lose 1 with none -> dead
    assert cb(t, "Navasi")["life"] == "dead"


def test_errata_option_first_hit_each_round_then_only_over_half():
    """starfinder.md §3.4.4 [Δ errata]: only the first HP damage each round costs 1 RP; later ones only if > 1/2 max HP."""
    t = fight()
    t.do("option damage_at_zero_hp official", "next", "dmg Navasi 60", "dmg Navasi 3", "dmg Navasi 11")
    assert pools(t, "Navasi")["rp"] == 3            # 11 is exactly half of 22: not over
    t.do("dmg Navasi 12")
    assert pools(t, "Navasi")["rp"] == 2


def test_zero_rp_grace_until_end_of_its_turn_next_round():
    """starfinder.md §3.4.5 [O]: 0 RP when first reduced to 0 HP: until the end of its turn in the next round."""
    t = fight(rp="0/4")
    t.do("next", "dmg Navasi 60")                  # round 1, on the goblin's turn
    assert cb(t, "Navasi")["life"] == "dying"
    t.do("next")                                   # round 2, Navasi's turn
    assert cb(t, "Navasi")["life"] == "dying"
    t.do("next")
    assert cb(t, "Navasi")["life"] == "dead"


def test_zero_rp_grace_saved_by_medicine_or_healing():
    """starfinder.md §3.4.5-6: within the grace, a Medicine DC 15 (not 14) stabilises; healing wakes."""
    t = fight(rp="0/4")
    t.do("next", "dmg Navasi 60", "stabilize Navasi 14 by Goblin")
    assert cb(t, "Navasi")["life"] == "dying"
    t.do("stabilize Navasi 15 by Goblin", "next", "next", "next", "next")
    assert cb(t, "Navasi")["life"] == "stable"
    t = fight(rp="0/4")
    t.do("next", "dmg Navasi 60", "next", "heal Navasi 5", "next")
    assert (cb(t, "Navasi")["life"], pools(t, "Navasi")["hp"]) == ("ok", 5)


@pytest.mark.parametrize("rp,left", [("1", 0), ("3", 2), ("4", 3), ("7", 6), ("8", 6), ("11", 9), ("12", 9),
                                     ("15", 12), ("3/12", 0)])
def test_stabilize_cost_is_clamp_quarter_of_max(rp, left):
    """starfinder.md §3.4.6 [S]: cost = clamp(floor(maxRP/4), 1, 3), from the current RP."""
    t = fight(rp)
    t.do("next", "dmg Navasi 60", "next", "spend Navasi resolve stabilize")
    assert (cb(t, "Navasi")["life"], pools(t, "Navasi")["rp"]) == ("stable", left)


def test_stabilize_needs_the_whole_cost():
    """starfinder.md §3.4.6: needs current RP >= cost (max 12 -> 3)."""
    t = fight("2/12")
    t.do("next", "dmg Navasi 60", "next")
    assert not refused(t, "spend Navasi resolve stabilize")
    assert cb(t, "Navasi")["life"] == "dying"


def test_stable_stops_losing_rp_and_stays_in_the_fight_next_round():
    """starfinder.md §3.4.6-7: stable: no more RP loss; stay in the fight (1 RP -> 1 HP) at the start of a later turn."""
    t = fight()
    t.do("next", "dmg Navasi 60", "next", "spend Navasi resolve stabilize")
    assert pools(t, "Navasi")["rp"] == 3
    assert not refused(t, "spend Navasi resolve fight")     # not the round it stabilised with RP
    t.do("next", "next")                                      # end of its turn: stable, no loss
    assert (js(t)["round"], js(t)["active"], pools(t, "Navasi")["rp"]) == (3, "navasi", 3)
    t.do("spend Navasi resolve fight")
    assert (cb(t, "Navasi")["life"], pools(t, "Navasi")["hp"], pools(t, "Navasi")["rp"]) == ("ok", 1, 2)


def test_medicine_dc_15_stabilizes():
    """starfinder.md §3.4.6 [S]: a Medicine check DC 15 by someone else: 15 stabilises, 14 does not."""
    t = fight()
    t.do("next", "dmg Navasi 60", "medicine Navasi 14 by Goblin")
    assert cb(t, "Navasi")["life"] == "dying"
    t.do("medicine Navasi 15 by Goblin")
    assert (cb(t, "Navasi")["life"], pools(t, "Navasi")["rp"]) == ("stable", 4)


def test_damage_while_stable_dying_again_and_costs_rp():
    """starfinder.md §3.4.8 [O]: damage while stable -> dying again, and the hit costs 1 RP."""
    t = fight()
    t.do("next", "dmg Navasi 60", "next", "spend Navasi resolve stabilize", "next", "dmg Navasi 3")
    assert (cb(t, "Navasi")["life"], pools(t, "Navasi")["rp"]) == ("dying", 2)


def test_stabilize_spell_seed_needs_passed_will_save():
    """starfinder.md §3.4.6 [Δ]: the seed's stabilize spell needs a passed Will save; official just works."""
    t = fight()
    t.do("next", "dmg Navasi 60", "stabilize Navasi spell 9 dc=10")
    assert cb(t, "Navasi")["life"] == "dying"
    t.do("stabilize Navasi spell 10 dc=10")
    assert cb(t, "Navasi")["life"] == "stable"


# -- §3.4.9 long-term stability ---------------------------------------------------------------------------

def knocked_out(rp="0/4"):
    return sf(f"add Navasi pc sp=30 hp=22 rp={rp} level=4 con=12", "dmg Navasi 60", "stabilize Navasi 15")


@pytest.mark.parametrize("roll,life,hp", [(19, "ok", 1), (18, "stable", 0), (9, "stable", 0), (8, "dead", 0)])
def test_long_term_stability_con_check_thresholds(roll, life, hp):
    """starfinder.md §3.4.9 [S]: after 1 h, d20 + Con mod: >= 20 wakes with 1 HP, 10-19 stays, < 10 dies (Con 12: +1)."""
    t = knocked_out()
    t.rolls(roll)
    t.do("pass 1h")
    assert (cb(t, "Navasi")["life"], pools(t, "Navasi")["hp"]) == (life, hp)


def test_long_term_stability_hourly_and_not_before_an_hour():
    """starfinder.md §3.4.9: no check before the hour; 10-19 -> again an hour later."""
    t = knocked_out()
    t.rolls(12, 12, 19)
    t.do("pass 59m")
    assert len(t.dice.forced) == 3
    t.do("pass 1m", "pass 2h")
    assert (cb(t, "Navasi")["life"], pools(t, "Navasi")["hp"]) == ("ok", 1)


def test_long_term_stability_only_without_resolve():
    """starfinder.md §3.4.9 [S]: the hourly check is for the stable with no RP to stay in the fight."""
    t = knocked_out(rp="1/4")
    t.rolls(5)
    t.do("pass 1h")
    assert cb(t, "Navasi")["life"] == "stable" and len(t.dice.forced) == 1


def test_healer_tending_plus_two_and_minimum_ten():
    """starfinder.md §3.4.9 [O]: Medicine DC 15 each hour: +2 and any result < 10 counts as 10."""
    t = knocked_out()
    t.rolls(5)
    t.do("medicine Navasi 15 tend", "pass 1h")
    assert cb(t, "Navasi")["life"] == "stable"
    t = knocked_out()
    t.rolls(17)
    t.do("medicine Navasi 15 tend", "pass 1h")
    assert (cb(t, "Navasi")["life"], pools(t, "Navasi")["hp"]) == ("ok", 1)


# -- §3.5 resolve uses and rest ----------------------------------------------------------------------------

def test_stamina_rest_one_rp_and_ten_minutes():
    """starfinder.md §3.5 [S]: 1 RP + 10 uninterrupted minutes -> all SP back (HP unchanged)."""
    t = sf("add N pc sp=30 hp=22 rp=4 level=4", "dmg N 40", "spend N resolve stamina")
    assert pools(t, "N") == {"sp": 0, "hp": 12, "rp": 3}
    t.do("pass 9m")
    assert pools(t, "N")["sp"] == 0
    t.do("pass 1m")
    assert pools(t, "N") == {"sp": 30, "hp": 12, "rp": 3}


def test_eight_hour_rest_seed_one_hp_official_per_level_bed_rest_two_per_level():
    """starfinder.md §3.5 [S]: 8 h rest: SP and RP full, +1 HP [Δ official 1/level]; 24 h bed rest: +2 HP per level."""
    t = sf("add N pc sp=30 hp=22 rp=4 level=4", "dmg N 40", "spend N rp 2", "rest N 8h")
    assert pools(t, "N") == {"sp": 30, "hp": 13, "rp": 4}
    t = sf("option natural_healing official", "add N pc sp=30 hp=22 rp=4 level=4", "dmg N 40", "rest N 8h")
    assert pools(t, "N")["hp"] == 16
    t = sf("add N pc sp=30 hp=22 rp=4 level=4", "dmg N 50", "rest N 24h")
    assert pools(t, "N")["hp"] == 10


# -- §3.6 conditions ------------------------------------------------------------------------------------

BASE = "add A pc hp=10 rp=1 eac=15 kac=17 attack=5 fort=3 ref=4 will=2 dex=14 str=12"
KEYS = ("eac", "kac", "attack", "melee", "damage", "init", "fort", "ref", "will", "speed", "skills",
        "perception", "physical", "abilities")


def deltas(*conds_):
    base = eff(sf(BASE), "A")
    e = eff(sf(BASE, *(f"cond A {c}" for c in conds_)), "A")
    return {k: e[k] - base[k] for k in KEYS if e[k] != base[k]}


AC = lambda n: {"eac": n, "kac": n}  # noqa: E731


@pytest.mark.parametrize("cond,want", [
    ("flat-footed", AC(-2)),
    ("blinded", {**AC(-2), "perception": -4, "physical": -4}),
    ("cowering", AC(-2)),
    ("stunned", AC(-2)),
    ("dazed", {}),
    ("dazzled", {"attack": -1, "melee": -1, "perception": -1}),
    ("deafened", {"init": -4, "perception": -4}),
    ("entangled", {**AC(-2), "attack": -2, "melee": -2, "ref": -2, "init": -2, "physical": -2, "speed": -15}),
    ("fatigued", {**AC(-1), "attack": -1, "melee": -1, "damage": -1, "ref": -1, "init": -1, "physical": -1}),
    ("exhausted", {**AC(-3), "attack": -3, "melee": -3, "damage": -3, "ref": -3, "init": -3, "physical": -3,
                   "speed": -15}),
    ("shaken", {"attack": -2, "melee": -2, "fort": -2, "ref": -2, "will": -2, "skills": -2, "perception": -2,
                "physical": -2, "abilities": -2}),
    ("sickened", {"attack": -2, "melee": -2, "damage": -2, "fort": -2, "ref": -2, "will": -2, "skills": -2,
                  "perception": -2, "physical": -2, "abilities": -2}),
    ("grappled", {**AC(-2), "attack": -2, "melee": -2, "ref": -2, "init": -2, "physical": -2, "speed": -30}),
    ("pinned", {**AC(-6), "attack": -4, "melee": -4, "ref": -4, "init": -4, "physical": -4, "speed": -30}),
    ("off-kilter", {**AC(-2), "attack": -2, "melee": -2, "speed": -30}),
    ("off-target", {"attack": -2, "melee": -2}),
    ("prone", {"melee": -4}),
    ("helpless", AC(-7)),                        # Dex 14 (+2) counts as 0 (-5)
    ("paralyzed", AC(-7)),
    ("unconscious", AC(-7)),
    ("encumbered", {"speed": -10, "physical": -5}),
    ("overburdened", {**AC(-2), "speed": -25, "physical": -5}),   # max Dex +0
])
def test_condition_numbers(cond, want):
    """starfinder.md §3.6 [O]: each condition's numbers on the effective figures."""
    assert deltas(cond) == want


def test_flat_footed_counts_once():
    """starfinder.md §3.6 [O]: flat-footed from several sources: -2 once."""
    assert deltas("flat-footed", "stunned", "blinded", "cowering")["eac"] == -2


def test_pinned_replaces_grappled():
    """starfinder.md §3.6 [O]: pinned's -4 (and flat-footed) replace grappled's -2: -6 AC, -4 attack, not -8/-6."""
    d = deltas("grappled", "pinned")
    assert (d["eac"], d["attack"], d["init"]) == (-6, -4, -4)


def test_fatigued_twice_is_exhausted_for_the_total_duration():
    """starfinder.md §3.6 [O]: fatigued + fatigued -> exhausted for the total duration of both."""
    t = duel()
    t.do("cond A fatigued 3", "cond A fatigued 2")
    assert conds(t, "A") == {"exhausted": 5}
    assert eff(t, "A")["attack"] == 2


def test_shaken_twice_adds_durations_without_escalation():
    """starfinder.md §3.6 [O] (CRB: "the duration increases by the duration of the second effect")."""
    t = duel()
    t.do("cond B shaken 2", "cond B shaken 3")
    assert conds(t, "B") == {"shaken": 5}
    assert eff(t, "B")["attack"] == -2
    t = duel()
    t.do("cond B frightened 1", "cond B frightened 2")
    assert conds(t, "B") == {"frightened": 3}


def test_only_the_worst_bleed_and_it_hits_at_turn_start():
    """starfinder.md §3.6 [O]: bleeding: the listed damage at the start of its turn; only the worst applies."""
    t = duel(a="A pc init=2 sp=10 hp=20 rp=3")
    t.do("cond A bleeding:2", "cond A bleeding:5", "cond A bleeding:1")
    assert [(c["id"], c.get("value")) for c in cb(t, "A")["conditions"]] == [("bleeding", 5)]
    t.do("next")
    assert pools(t, "A")["sp"] == 10                # not on B's turn
    t.do("next")
    assert pools(t, "A")["sp"] == 5


def test_bleeding_stopped_by_medicine_or_healing():
    """starfinder.md §3.6 [O]: Medicine DC 15 or any HP-restoring ability stops bleeding."""
    t = duel()
    t.do("cond A bleeding:2", "medicine A 15 bleed")
    assert "bleeding" not in conds(t, "A")
    t.do("cond A bleeding:2", "heal A 1")
    assert "bleeding" not in conds(t, "A")


def test_burning_cumulative_start_of_turn_and_end_of_round_save():
    """starfinder.md §3.6 [O]: burning from several sources adds up (2 x 1d6); damage at the start of its turn;
    Reflex DC 10 + fire taken this round at the end of each round, +2 per earlier consecutive try."""
    t = duel(a="A pc init=2 sp=10 hp=20 rp=3 ref=0")
    t.do("next", "cond A burning:1", "cond A burning:1")
    assert cb(t, "A")["conditions"][0]["value"] == 2
    t.rolls(4, 3, 5)                               # end of round 1: Reflex 4 vs DC 10; round 2: 3 + 5 fire
    t.do("next")
    assert pools(t, "A")["sp"] == 2
    t.rolls(15)                                    # end of round 2: 15 + 2 (one earlier try) vs DC 18: fails
    t.do("next", "next")
    assert "burning" in conds(t, "A")
    assert any("vs DC 18" in s and "+2" in s for s in t.said())


def test_burning_saved_at_end_of_round():
    """starfinder.md §3.6 [O]: a Reflex total >= DC ends burning."""
    t = duel(a="A pc init=2 sp=10 hp=20 rp=3 ref=0")
    t.do("next", "cond A burning:1")
    t.rolls(10)
    t.do("next")
    assert "burning" not in conds(t, "A")


# -- §3.7 combat maneuvers --------------------------------------------------------------------------------

@pytest.mark.parametrize("total,cs", [(20, set()), (21, {"grappled"}), (26, {"grappled"}),
                                      (27, {"grappled", "pinned"})])
def test_grapple_vs_kac_plus_8_pin_over_kac_plus_13(total, cs):
    """starfinder.md §3.7 [S]: attack vs KAC + 8 (13 + 8 = 21); pinned over KAC + 13 (seed: > 26)."""
    t = duel()
    t.do(f"grapple A B {total}")
    assert set(conds(t, "B")) == cs


def test_pin_official_threshold_is_at_least_kac_plus_13():
    """starfinder.md §3.7 [Δ official]: KAC + 13 or more pins."""
    t = duel()
    t.do("option pin_threshold official", "grapple A B 26")
    assert "pinned" in conds(t, "B")


def test_grapple_lasts_until_end_of_grapplers_next_turn():
    """starfinder.md §3.7 [O]: grappled until the end of the grappler's next turn unless renewed; pinned (seed)
    until the end of the grappler's turn."""
    t = duel()
    t.do("grapple A B 27")
    assert eff(t, "B")["kac"] == 7
    t.do("next")
    assert set(conds(t, "B")) == {"grappled"}
    t.do("next")
    assert set(conds(t, "B")) == {"grappled"}
    t.do("next")
    assert conds(t, "B") == {}


@pytest.mark.parametrize("total,ft", [(21, 10), (22, 10), (27, 15), (28, 20)])
def test_bull_rush_seed_counts_over_kac(total, ft):
    """starfinder.md §3.7 [S literal]: 5 ft + 5 ft per full 5 over KAC (13)."""
    t = duel()
    t.do(f"bull-rush A B {total}")
    assert f"pushed back {ft} ft" in t.said()[-1]


@pytest.mark.parametrize("total,ft", [(21, 5), (25, 5), (26, 10)])
def test_bull_rush_official_counts_over_kac_plus_8(total, ft):
    """starfinder.md §3.7 [Δ official]: 5 ft + 5 per 5 over KAC + 8."""
    t = duel()
    t.do("option bull_rush_baseline official", f"bull-rush A B {total}")
    assert f"pushed back {ft} ft" in t.said()[-1]


@pytest.mark.parametrize("total,rounds", [(21, 1), (25, 1), (26, 2), (31, 3)])
def test_dirty_trick_rounds(total, rounds):
    """starfinder.md §3.7 [S]: 1 round + 1 per full 5 over KAC + 8."""
    t = duel()
    t.do(f"dirty-trick A B {total} sickened")
    assert conds(t, "B") == {"sickened": rounds}


def test_dirty_trick_duration_round_boundary():
    """Durations [O]: 2 rounds from A's turn in round 1 end at the start of A's turn in round 3."""
    t = duel()
    t.do("dirty-trick A B 26 sickened", "next", "next", "next")
    assert (js(t)["round"], js(t)["active"], conds(t, "B")) == (2, "b", {"sickened": 1})
    t.do("next")
    assert (js(t)["round"], conds(t, "B")) == (3, {})


def test_maneuver_miss_and_trip_zero_g():
    """starfinder.md §3.7: 20 vs 21 fails; trip -> prone; in zero-g -> off-kilter."""
    t = duel()
    t.do("trip A B 20")
    assert conds(t, "B") == {}
    t.do("trip A B 21")
    assert "prone" in conds(t, "B")
    t = duel()
    t.do("trip A B 21 zero-g")
    assert "off-kilter" in conds(t, "B")


def test_maneuver_target_uses_effective_kac():
    """starfinder.md §3.7: the threshold is the target's current KAC + 8 (flat-footed lowers it)."""
    t = duel()
    t.do("cond B flat-footed")
    assert eff(t, "B")["maneuver"] == 19
    t.do("grapple A B 19")
    assert "grappled" in conds(t, "B")


# -- §3.8 vehicles ---------------------------------------------------------------------------------------

def garage(extra=""):
    return sf("add Keskodai pc sp=20 hp=20 rp=3 init=2 piloting=8", "add Goblin hp=10 init=1 ref=2 size=small",
              f'add "Skimmer" vehicle level=3 speed=60 full=500 hp=40 eac=12 kac=14 collision=4d6 dc=13 '
              f"pilot=Keskodai size=large {extra}".strip(), "start", rolls=(15, 3))


def test_vehicle_is_a_combatant_after_its_pilot():
    """Issue 4: vehicles are combatants (hp only) on the pilot's count."""
    t = garage()
    v = cb(t, "Skimmer")
    assert v["category"] == "vehicle" and list(v["pools"]) == ["hp"]
    assert js(t)["order"] == ["keskodai", "skimmer", "goblin"]
    assert (v["effective"]["eac"], v["effective"]["kac"], v["effective"]["speed"]) == (12, 14, 60)


@pytest.mark.parametrize("total,moves", [(14, False), (15, True)])
def test_race_from_a_stop_dc_15(total, moves):
    """starfinder.md §3.8 [S]: race from a stop: DC 15 (official 15 + level); failure: it does not move; +2 AC racing."""
    t = garage()
    t.do(f"race Skimmer {total}")
    assert (eff(t, "Skimmer")["eac"], eff(t, "Skimmer")["kac"]) == ((14, 16) if moves else (12, 14))


def test_race_dc_from_stop_official_and_while_moving():
    """starfinder.md §3.8: official 15 + level = 18 from a stop; moving: DC 10 + level = 13."""
    t = garage()
    t.do("option race_dc_from_stop official", "race Skimmer 17")
    assert eff(t, "Skimmer")["eac"] == 12
    t = garage()
    t.do("drive Skimmer 60", "next", "next", "race Skimmer 12")
    assert eff(t, "Skimmer")["eac"] == 12
    t = garage()
    t.do("drive Skimmer 60", "next", "next", "race Skimmer 13")
    assert eff(t, "Skimmer")["eac"] == 14


def test_stop_short_one_square_per_five():
    """starfinder.md §3.8 [S]: Piloting 17 -> 3 squares less; racing ends."""
    t = garage()
    t.do("race Skimmer 20", "next", "next", "stopshort Skimmer 17")
    assert "reduced by 3 squares" in t.said()[-1]
    assert eff(t, "Skimmer")["eac"] == 12


def test_ram_double_to_target_half_to_vehicle():
    """starfinder.md §3.8 [S]: ram: double collision damage to the target, half to the vehicle; creature Reflex vs DC."""
    t = garage()
    t.do("add Brute hp=60 size=medium", "ram Skimmer Brute 15 save=12 dmg=10")
    assert (pools(t, "Brute")["hp"], pools(t, "Skimmer")["hp"]) == (40, 35)
    t = garage()
    t.do("add Brute hp=60 size=medium", "ram Skimmer Brute 15 save=13 dmg=10")
    assert (pools(t, "Brute")["hp"], pools(t, "Skimmer")["hp"]) == (60, 40)


def test_ram_vehicle_pilot_ties_to_attacker_and_failed_piloting_no_ram():
    """starfinder.md §3.8 [S]: vehicle target: its pilot's Piloting vs the rammer's result; ties -> attacker;
    a failed Piloting check -> no ram."""
    tank = "add Tank vehicle level=2 speed=40 hp=30 eac=11 kac=13 collision=2d6 dc=12 pilot=Goblin size=huge"
    t = garage()
    t.do(tank, "ram Skimmer Tank 15 save=15 dmg=7")
    assert (pools(t, "Tank")["hp"], pools(t, "Skimmer")["hp"]) == (16, 37)
    t = garage()
    t.do(tank, "ram Skimmer Tank 15 save=16 dmg=7")
    assert pools(t, "Tank")["hp"] == 30
    t = garage()
    t.do("ram Skimmer Goblin 14 save=1 dmg=7")    # from a stop: DC 15 failed
    assert pools(t, "Goblin")["hp"] == 10


def test_run_over_reflex_dodges_vehicle_takes_half_of_each():
    """starfinder.md §3.8 [S]: run over creatures two sizes smaller; Reflex vs DC dodges; vehicle takes half of what
    each suffered; [Δ official] Reflex halves."""
    t = garage()
    t.do("add Kid x2 hp=30 size=small", 'runover Skimmer "Kid 1" 12 "Kid 2" 13 dmg=9')
    assert (pools(t, "Kid 1")["hp"], pools(t, "Kid 2")["hp"], pools(t, "Skimmer")["hp"]) == (21, 30, 36)
    t = garage()
    t.do("option run_over official", "add Kid x2 hp=30 size=small", 'runover Skimmer "Kid 1" 12 "Kid 2" 13 dmg=9')
    assert (pools(t, "Kid 1")["hp"], pools(t, "Kid 2")["hp"], pools(t, "Skimmer")["hp"]) == (21, 26, 32)


def test_run_over_size_and_once_per_turn():
    """starfinder.md §3.8 [S]: only creatures two sizes smaller; the same one at most once per turn."""
    t = garage()
    t.do("add Ogre hp=30 size=medium", "add Kid hp=30 size=small")
    assert not refused(t, "runover Skimmer Ogre 1 dmg=9")
    assert not refused(t, "runover Skimmer Kid 1 Kid 1 dmg=9")


def test_control_states_and_broken_vehicle():
    """starfinder.md §3.8: hand over (swift), autopilot; broken: -2 AC and collision DC, Piloting -2, half speed."""
    t = garage()
    t.do("handover Skimmer Goblin")
    assert "pilot: Goblin" in cb(t, "Skimmer")["status"][0]
    assert "actions left: standard, move" in cb(t, "Keskodai")["status"]
    t = garage()
    t.do("autopilot Skimmer on")
    assert cb(t, "Skimmer")["status"][0].startswith("autopilot")
    t = garage()
    t.do("cond Skimmer broken")
    e = eff(t, "Skimmer")
    assert (e["eac"], e["kac"], e["collision_dc"], e["piloting"], e["speed"]) == (10, 12, 11, 6, 30)


# -- the CLI and show --json ---------------------------------------------------------------------------------

def test_cli_exec_and_show_json_navasi(tmp_path, capsys):
    """Issue 4 through the CLI: exec --new starfinder --rolls, then show --json."""
    path = str(tmp_path / "navasi.toml")
    assert main(["exec", path, "--new", "starfinder", "--rolls", "15,3", "--",
                 "add Navasi pc sp=30 hp=22 level=4 key=3 init=2", "add Goblin hp=10 init=1 eac=12 kac=14",
                 "start", "next", "dmg Navasi 73 plasma", "cond Goblin grappled"]) == 0
    capsys.readouterr()
    assert main(["show", path, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    nav = next(c for c in out["combatants"] if c["id"] == "navasi")
    gob = next(c for c in out["combatants"] if c["id"] == "goblin")
    assert out["ruleset"] == "starfinder" and out["round"] == 1 and out["active"] == "goblin"
    assert nav["life"] == "dying"
    assert nav["pools"] == {"sp": {"value": 0, "max": 30}, "hp": {"value": 0, "max": 22},
                            "rp": {"value": 5, "max": 5}}
    assert "dying: 5 resolve left" in nav["status"]
    assert [c["id"] for c in gob["conditions"]] == ["grappled"]
    assert {k: gob["effective"][k] for k in ("eac", "kac", "attack", "init", "ref", "speed")} == \
        {"eac": 10, "kac": 12, "attack": -2, "init": -1, "ref": -2, "speed": 0}
    assert all(out["options"][k] == "seed" for k in ("tie_order", "partial_surprise", "charge_attack",
                                                      "damage_at_zero_hp", "bull_rush_baseline"))


def test_cli_exec_massive_74_kills(tmp_path, capsys):
    """starfinder.md §3.4.1 [S] via the CLI: Navasi at full takes 74 -> dead."""
    path = str(tmp_path / "n.toml")
    assert main(["exec", path, "--new", "starfinder", "--", "add Navasi pc sp=30 hp=22 rp=3",
                 "dmg Navasi 74"]) == 0
    capsys.readouterr()
    main(["show", path, "--json"])
    out = json.loads(capsys.readouterr().out)
    assert out["combatants"][0]["life"] == "dead"


def test_cli_exec_option_and_error_is_all_or_nothing(tmp_path, capsys):
    """README: exec is all or nothing; options live in the save."""
    path = str(tmp_path / "o.toml")
    assert main(["exec", path, "--new", "starfinder", "--", "option charge_attack official"]) == 0
    assert main(["exec", path, "--", "add A hp=5", "dmg Nobody 3"]) == 1
    capsys.readouterr()
    main(["show", path, "--json"])
    out = json.loads(capsys.readouterr().out)
    assert out["options"]["charge_attack"] == "official" and out["combatants"] == []


def test_vehicle_follows_a_new_pilot_in_the_order():
    """starfinder.md §3.8 / issue 4: a vehicle goes on its pilot's count; taking or handing over control mid-combat
    moves it right after the new pilot."""
    t = sf("add K pc hp=10 rp=1 init=2 piloting=5", "add G hp=10 init=1",
           'add "Skimmer" vehicle level=3 speed=60 hp=40 eac=12 kac=14 collision=4d6 dc=13', "start", rolls=(15, 3))
    assert js(t)["order"] == ["k", "g", "skimmer"]
    t.do("pilot Skimmer K")
    assert js(t)["order"] == ["k", "skimmer", "g"]
    t = garage()
    t.do("handover Skimmer Goblin")
    assert js(t)["order"] == ["keskodai", "goblin", "skimmer"]


def test_racing_ends_when_driven_and_letting_go_warns():
    """starfinder.md §3.8 [S]: after a race, a drive (move) drops to normal speed (no +2 AC); relinquishing control
    leaves it moving with no one in control."""
    t = garage()
    t.do("race Skimmer 20", "next", "next")
    assert any("racing" in p for p in js(t)["pending"])
    t.do("drive Skimmer")
    assert eff(t, "Skimmer")["eac"] == 12
    t = garage()
    t.do("race Skimmer 20", "next", "next", "handover Skimmer")
    assert "Skimmer is moving with no one in control" in js(t)["pending"]


def test_stamina_does_not_help_at_zero_hp():
    """starfinder.md §3.4.2 [O]: regaining SP while at 0 HP does not end dying."""
    t = fight()
    t.do("next", "dmg Navasi 60", "heal Navasi 5 sp")
    assert (cb(t, "Navasi")["life"], pools(t, "Navasi")["sp"]) == ("dying", 5)


def test_stay_in_the_fight_only_on_its_own_turn_and_once():
    """starfinder.md §3.4.7 [S/O]: at the start of its turn; max 1 HP this way."""
    t = fight()
    t.do("next", "dmg Navasi 60 nonlethal")
    assert not refused(t, "spend Navasi resolve fight")     # the goblin's turn
    t.do("next", "spend Navasi resolve fight")
    assert (cb(t, "Navasi")["life"], pools(t, "Navasi")["hp"]) == ("ok", 1)
    assert not refused(t, "spend Navasi resolve fight")


def test_coup_de_grace_fort_dc_ten_plus_level():
    """starfinder.md §3.2 [S/O]: coup de grace on a helpless foe: automatic critical; survives -> Fort DC 10 + level."""
    t = fight()
    t.do("cond Goblin helpless", "coup Navasi Goblin 3 14")
    assert cb(t, "Goblin")["life"] == "ok" and pools(t, "Goblin")["hp"] == 7
    t.do("coup Navasi Goblin 1 13")
    assert cb(t, "Goblin")["life"] == "dead"
    t = fight()
    assert not refused(t, "coup Navasi Goblin 3 14")           # not helpless


# -- options on/off ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("options,cond,ok", [
    (None, "stunned", False), (None, "off-target", False), (None, "blinded", True),
    ({"withdraw": "official"}, "blinded", False), ({"withdraw": "official"}, "off-target", True),
])
def test_withdraw_restriction_seed_vs_official(options, cond, ok):
    """starfinder.md §3.2 [S]: no withdraw when disoriented or stunned [Δ official: when blinded]."""
    t = sf("add A pc init=2 rp=3 hp=20", "add B init=1 hp=10", "start", f"cond A {cond}", rolls=(15, 3),
           options=options)
    assert refused(t, "action A withdraw") is ok


def test_coup_de_grace_on_the_disarmed_seed_only():
    """starfinder.md §3.2 [S] "imposibilitado, desarmado o inconsciente" [Δ official: helpless only]; DC 10 + level."""
    t = sf("add A pc init=2 rp=3 hp=20 level=3", "add B init=1 hp=10", "start", "coup A B 5 12 disarmed",
           rolls=(15, 3))
    assert cb(t, "B")["life"] == "dead"
    t = sf("add A pc init=2 rp=3 hp=20 level=3", "add B init=1 hp=10", "start", rolls=(15, 3),
           options={"coup_de_grace": "official"})
    assert not refused(t, "coup A B 5 12 disarmed")


def test_stabilize_spell_official_just_works():
    """starfinder.md §3.4.6 [Δ official]: harmless, no save needed."""
    t = sf("add N pc sp=0 hp=10 rp=2", "dmg N 10", "stabilize N spell 1 dc=10",
           options={"stabilize_spell": "official"})
    assert cb(t, "N")["life"] == "stable"


def test_vehicle_broken_at_half_option():
    """starfinder.md §3.6 broken [O] as an option (seed silent): off by default; on: broken at half HP, -2 AC."""
    veh = 'add "S" vehicle level=3 speed=60 hp=40 eac=12 kac=14 collision=4d6 dc=13'
    assert conds(sf(veh, "dmg S 20"), "S") == {}
    t = sf("option vehicle_broken_at_half on", veh, "dmg S 20")
    assert "broken" in conds(t, "S") and eff(t, "S")["eac"] == 10


def test_ready_is_a_standard_action_and_delay_comes_before_acting():
    """starfinder.md §3.1 [O]: readying costs the standard action; a delay is declared before acting."""
    t = duel()
    t.do("action A standard")
    assert not refused(t, "ready shoot")
    assert not refused(t, "delay")
    t = duel()
    t.do("action A move", "ready shoot when B moves")
    assert js(t)["readied"] == {"a": "shoot when B moves"}
    t = duel()
    t.do("cond A stunned")
    assert not refused(t, "ready shoot")
