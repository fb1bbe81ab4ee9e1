"""Negative levels, ability damage and ability drain (docs/rulesets/pathfinder1e.md §1.9).

Core Rulebook, Energy Drain and Negative Levels: each negative level is -1 on
d20 rolls (attacks, saves, skill and ability checks), CMB and CMD, and -5 current
and maximum HP; as many negative levels as Hit Dice kill. Ability drain lowers
the score itself and does not heal with rest; ability damage does.
"""

from __future__ import annotations

import pytest

from conftest import Table
from pf1_support import sheet_lines
from gm_console.engine.language.commands import CommandError


def pf() -> Table:
    return Table("pathfinder1e")


def eff(t: Table, name: str) -> dict[str, int]:
    return {k: f.value for k, f in t.session.ruleset.sheet.effective(t.state, t.c(name)).items()}


def pool(t: Table, name: str) -> tuple[int, int]:
    p = t.c(name).pools["hp"]
    return p.value, p.max


# -- negative levels -----------------------------------------------------------------------------

def test_each_negative_level_is_minus_five_current_and_maximum_hp():
    """pathfinder1e.md §1.9: -5 HP (current and maximum) per negative level."""
    t = pf()
    t.do("add Kyra pc hp=30 hd=6", "cond Kyra energy-drained:1")
    assert pool(t, "Kyra") == (25, 25)
    t.do("cond Kyra energy-drained:2")  # levels add: 3
    assert pool(t, "Kyra") == (15, 15)
    assert "Kyra: 3 negative levels, -10 HP: HP 25 -> 15, max 15" in t.said()


def test_removing_negative_levels_gives_the_hp_back():
    t = pf()
    t.do("add Kyra pc hp=30 hd=6", "cond Kyra energy-drained:2", "dmg Kyra 4", "uncond Kyra energy-drained")
    assert pool(t, "Kyra") == (26, 30)


def test_negative_levels_are_minus_one_on_d20_rolls_cmb_and_cmd():
    t = pf()
    t.do("add Kyra pc hp=30 hd=6 bab=4 str=14 dex=12 fort=5 ref=3 will=4")
    before = eff(t, "Kyra")
    t.do("cond Kyra energy-drained:2")
    after = eff(t, "Kyra")
    for key in ("attack", "ranged", "cmb", "cmd", "fort", "ref", "will", "skills", "checks"):
        assert after[key] == before[key] - 2, key
    assert after["ac"] == before["ac"]


@pytest.mark.parametrize("levels,hd,dead", [(2, 3, False), (3, 3, True), (4, 3, True), (1, 1, True)])
def test_death_when_negative_levels_reach_the_hit_dice(levels, hd, dead):
    """pathfinder1e.md §1.9: negative levels >= HD: dead."""
    t = pf()
    t.do(f"add Kyra pc hp=60 hd={hd}", f"cond Kyra energy-drained:{levels}")
    assert (t.c("Kyra").life == "dead") is dead


def test_setting_hd_later_checks_death():
    t = pf()
    t.do("add Gob hp=30", "cond Gob energy-drained:2")
    assert t.c("Gob").life == "ok" and any("set hd=" in s for s in t.said())
    t.do("set Gob hd=2")
    assert t.c("Gob").life == "dead"


def test_the_lost_hp_can_drop_a_creature_to_dying():
    """pathfinder1e.md §1.9 and §1.4: 3 HP left, one negative level: HP -2, dying."""
    t = pf()
    t.do("add Kyra pc hp=3/30 hd=5", "cond Kyra energy-drained:1")
    assert pool(t, "Kyra") == (-2, 25) and t.c("Kyra").life == "dying"


@pytest.mark.parametrize("start, life", [("disabled", "dying"), ("stable", "dying")])
def test_a_negative_level_on_a_creature_disabled_at_0_hp_or_stable_leaves_it_dying(start, life):
    """pathfinder1e.md §1.9 and §1.4: disabled at 0 HP (or stable below), the level's -5 HP is HP lost like
    damage: dying (again), its Con checks resume; at -Con it would be dead."""
    t = pf()
    t.do("add Kyra pc hp=30 hd=5 con=12", "dmg Kyra 30" if start == "disabled" else "dmg Kyra 33")
    if start == "stable":
        t.do("stabilize Kyra")
    assert t.c("Kyra").life == start
    t.do("cond Kyra energy-drained:1")
    assert t.c("Kyra").life == life and pool(t, "Kyra")[0] == (-5 if start == "disabled" else -8)
    assert t.said()[-1].startswith("Kyra is dying")


def test_a_negative_level_at_0_hp_past_minus_con_kills():
    t = pf()
    t.do("add Gob hp=6 hd=3 con=4", "dmg Gob 6", "cond Gob energy-drained:1")
    assert t.c("Gob").life == "dead"


def test_negative_levels_undo_exactly():
    t = pf()
    t.do("add Kyra pc hp=30 hd=6", "cond Kyra energy-drained:2", "undo")
    assert pool(t, "Kyra") == (30, 30) and "drain_hp" not in t.c("Kyra").marks


# -- ability damage and drain ----------------------------------------------------------------------

def test_drain_lowers_the_score_itself():
    """pathfinder1e.md §1.9: Str 16 drained 4 is Str 12: attack, CMB and damage follow."""
    t = pf()
    t.do("add Val pc hp=30 str=16 bab=3")
    t.do("dmg Val 4 str drain")
    e = eff(t, "Val")
    assert (e["str"], e["attack"], e["cmb"], e["damage"]) == (12, 4, 4, -2)
    assert t.c("Val").marks["ability_drain"] == {"str": 4} and "ability_damage" not in t.c("Val").marks


def test_drain_does_not_heal_with_rest_but_with_magic():
    t = pf()
    t.do("add Val pc hp=30 str=16", "dmg Val 4 str drain", "pass 3d", "rest Val day care")
    assert t.c("Val").marks["ability_drain"] == {"str": 4}
    t.do("heal Val 4 str drain")
    assert "ability_drain" not in t.c("Val").marks and eff(t, "Val")["str"] == 16


def test_con_drain_moves_death_up():
    """pathfinder1e.md §1.9 and §1.4: death at -(Con - drain): Con 12 drained 4 dies at -8. The drained
    score's modifier (-1 instead of +1) also costs 2 HP per Hit Die (1 when not given): HP 18/18 (§1.9)."""
    t = pf()
    t.do("add Kyra pc hp=20 con=12", "dmg Kyra 4 con drain")
    assert (t.hp("Kyra"), t.c("Kyra").pools["hp"].max) == (18, 18)
    t.do("dmg Kyra 25")
    assert t.c("Kyra").life == "dying" and t.hp("Kyra") == -7
    t.do("dmg Kyra 1")
    assert t.c("Kyra").life == "dead"


def test_con_drain_on_a_dying_creature_below_its_new_threshold_kills():
    t = pf()
    t.do("add Kyra pc hp=20 con=12", "dmg Kyra 29", "dmg Kyra 4 con drain")
    assert t.c("Kyra").life == "dead"


@pytest.mark.parametrize("key,cond", [("str", "helpless"), ("dex", "paralyzed")])
def test_drain_to_zero(key, cond):
    """pathfinder1e.md §1.9 [O]: Str 0 helpless, Dex 0 paralyzed; restoring one point ends it."""
    t = pf()
    t.do(f"add Val pc hp=30 {key}=10", f"dmg Val 10 {key} drain")
    assert t.c("Val").has(cond) and eff(t, "Val")[key] == 0
    t.do(f"heal Val 1 {key} drain")
    assert not t.c("Val").has(cond)


def test_con_drained_to_zero_is_dead():
    t = pf()
    t.do("add Val pc hp=30 con=10", "dmg Val 10 con drain")
    assert t.c("Val").life == "dead"


def test_ability_damage_is_capped_at_the_score_and_wakes_when_healed():
    """pathfinder1e.md §1.9: damage at the score knocks out; more changes nothing; healing below wakes."""
    t = pf()
    t.do("add Val pc hp=30 str=10", "dmg Val 14 str")
    assert t.c("Val").marks["ability_damage"] == {"str": 10} and t.c("Val").has("unconscious")
    t.do("heal Val 1 str")
    assert not t.c("Val").has("unconscious")


def test_damage_after_drain_is_measured_against_the_drained_score():
    t = pf()
    t.do("add Val pc hp=30 str=10", "dmg Val 4 str drain", "dmg Val 6 str")
    assert t.c("Val").has("unconscious")


def test_drain_without_an_ability_is_refused():
    t = pf()
    t.do("add Val pc hp=30")
    with pytest.raises(CommandError, match="drain needs the ability"):
        t.do("dmg Val 2 drain")


def test_spanish_drain_word():
    t = pf()
    t.do("add Val pc hp=30 str=16", "daño Val 2 fue consuncion")
    assert t.c("Val").marks["ability_drain"] == {"str": 2}


def test_the_sheet_shows_drain_apart_from_damage():
    t = pf()
    t.do("add Val pc hp=30 str=16", "dmg Val 2 str drain", "dmg Val 1 str")
    lines = sheet_lines(t.session.ruleset, t.state, t.c("Val"))
    assert "Str drained 2 (rest does not restore it)" in lines and "Str damage 1" in lines


# -- ability damage done right (issue 25): -1 per 2 points, Con costs HD x penalty in HP ----------

def test_three_dex_damage_is_minus_one_not_minus_two():
    """§1.9 [O, CRB Ability Score Damage]: -1 per 2 points: 3 Dex damage on Dex 14 is -1 AC and Reflex."""
    t = pf()
    t.do("add Kyra pc hp=20 dex=14 ref=4 ac=16", "dmg Kyra 3 dex")
    e = eff(t, "Kyra")
    assert (e["ac"], e["ref"]) == (15, 3)


@pytest.mark.parametrize("points,penalty", [(1, 0), (2, 1), (3, 1), (4, 2)])
def test_ability_damage_penalty_at_its_edges(points, penalty):
    t = pf()
    t.do("add Kyra pc hp=20 str=15 bab=0", f"dmg Kyra {points} str")
    assert eff(t, "Kyra")["attack"] == 2 - penalty

