"""Sunder: items with hardness and hit points, broken and destroyed (docs/rulesets/pathfinder1e.md §1.7.2).

Seed: damage above the item's hardness goes to its HP; at half its HP or less it
is broken; at 0 or less the attacker may destroy it or leave it at 1 HP, broken.
Core Rulebook numbers: broken weapon -2 attack and damage; broken armor or
shield: its AC bonus halved (rounded down); the hardness/HP table of weapons and
shields; armor has 5 HP per point of armor bonus; +1 enhancement: +2 hardness, +10 HP.
"""

from __future__ import annotations

import pytest

from conftest import Table
from pf1_support import sheet_lines
from gm_console.engine.language.commands import CommandError


def pf() -> Table:
    t = Table("pathfinder1e")
    t.do("add Val pc hp=30 ac=18 dex=12 bab=3 str=14")
    return t


def item(t: Table, name: str) -> dict:
    return t.c("Val").marks["items"][name]


def eff(t: Table) -> dict[str, int]:
    return {k: f.value for k, f in t.session.ruleset.sheet.effective(t.state, t.c("Val")).items()}


@pytest.mark.parametrize("preset,hardness,hp", [
    ("light-blade", 10, 2), ("one-handed-blade", 10, 5), ("two-handed-blade", 10, 10),
    ("light-metal-hafted", 10, 10), ("one-handed-metal-hafted", 10, 20), ("light-hafted", 5, 2),
    ("one-handed-hafted", 5, 5), ("two-handed-hafted", 5, 10), ("projectile", 5, 5), ("buckler", 10, 5),
    ("light-wooden-shield", 5, 7), ("heavy-wooden-shield", 5, 15), ("light-steel-shield", 10, 10),
    ("heavy-steel-shield", 10, 20), ("tower-shield", 5, 20),
])
def test_core_rulebook_presets(preset, hardness, hp):
    """pathfinder1e.md §1.7.2: the Core Rulebook's weapon and shield hardness and HP."""
    t = pf()
    t.do(f"item Val thing {preset}")
    assert (item(t, "thing")["hardness"], item(t, "thing")["hp"], item(t, "thing")["max"]) == (hardness, hp, hp)


def test_armor_hp_are_five_per_armor_bonus_and_material_gives_hardness():
    t = pf()
    t.do("item Val breastplate armor ac=6 steel")
    assert (item(t, "breastplate")["hardness"], item(t, "breastplate")["max"]) == (10, 30)
    t.do("item Val hide armor ac=4 leather")
    assert (item(t, "hide")["hardness"], item(t, "hide")["max"]) == (2, 20)


def test_enhancement_adds_two_hardness_and_ten_hp_per_plus():
    t = pf()
    t.do("item Val longsword one-handed-blade +2")
    assert (item(t, "longsword")["hardness"], item(t, "longsword")["hp"]) == (14, 25)


def test_hardness_first_then_hp():
    """pathfinder1e.md §1.7.2: only the damage above the hardness reaches the HP."""
    t = pf()
    t.do("item Val sword weapon hardness=10 hp=20", "sunder Val sword 12")
    assert item(t, "sword")["hp"] == 18
    t.do("sunder Val sword 9")
    assert item(t, "sword")["hp"] == 18
    assert "Val's sword takes 9 damage, hardness 10: 0 through, HP 18 -> 18/20" in t.said()


@pytest.mark.parametrize("left,broken", [(11, False), (10, True), (9, True), (1, True)])
def test_broken_at_half_hp_or_less(left, broken):
    """pathfinder1e.md §1.7.2 (seed): half its HP or less: broken."""
    t = pf()
    t.do("item Val sword weapon hardness=0 hp=20", f"sunder Val sword {20 - left}")
    assert t.c("Val").has("broken") is broken
    assert eff(t)["attack"] == 5 - (2 if broken else 0)
    assert eff(t)["damage"] == (-2 if broken else 0)  # the change to its damage rolls


def test_odd_hp_half_rounds_down():
    t = pf()
    t.do("item Val dagger weapon hardness=0 hp=5", "sunder Val dagger 2")
    assert not t.c("Val").has("broken")  # 3 of 5 is more than half
    t.do("sunder Val dagger 1")
    assert t.c("Val").has("broken")


def test_zero_hp_destroys_unless_spared():
    """pathfinder1e.md §1.7.2 (seed): at 0 the attacker destroys it or leaves it at 1 HP, broken."""
    t = pf()
    t.do("item Val sword one-handed-blade", "sunder Val sword 30")
    assert item(t, "sword")["hp"] == 0 and not t.c("Val").has("broken")
    assert any("destroyed" in s for s in t.said())
    with pytest.raises(CommandError, match="already destroyed"):
        t.do("sunder Val sword 30")
    t = pf()
    t.do("item Val sword one-handed-blade", "sunder Val sword 30 spare")
    assert item(t, "sword")["hp"] == 1 and t.c("Val").has("broken")


@pytest.mark.parametrize("bonus,left", [(6, 3), (5, 2), (1, 0), (2, 1)])
def test_broken_armor_halves_its_bonus_rounding_down(bonus, left):
    """pathfinder1e.md §1.7.2: broken armor keeps half its AC bonus, rounded down; touch AC unchanged."""
    t = pf()
    before = eff(t)
    t.do(f"item Val mail armor ac={bonus} hardness=10", f"sunder Val mail {10 + bonus * 5 - bonus * 5 // 2}")
    assert item(t, "mail")["hp"] * 2 <= item(t, "mail")["max"]
    after = eff(t)
    assert after["ac"] == before["ac"] - (bonus - left)
    assert after["ff"] == before["ff"] - (bonus - left)
    assert after["touch"] == before["touch"] and after["cmd"] == before["cmd"]


def test_destroyed_armor_loses_its_whole_bonus_and_repair_needs_a_new_one():
    t = pf()
    before = eff(t)
    t.do("item Val shield heavy-steel-shield ac=2", "sunder Val shield 40")
    assert eff(t)["ac"] == before["ac"] - 2
    with pytest.raises(CommandError, match="destroyed"):
        t.do("repair Val shield 5")


def test_repair_above_half_is_no_longer_broken():
    """pathfinder1e.md §1.7.2 (seed): mended above half its HP, an item is not broken."""
    t = pf()
    t.do("item Val sword weapon hardness=0 hp=20", "sunder Val sword 15")
    t.do("repair Val sword 5")
    assert item(t, "sword")["hp"] == 10 and t.c("Val").has("broken")
    t.do("reparar Val sword 1")
    assert not t.c("Val").has("broken")
    t.do("repair Val sword full")
    assert item(t, "sword")["hp"] == 20


def test_sunder_maneuver_points_to_the_item_damage():
    t = pf()
    t.do("add Gob hp=6 size=small", "maneuver Val Gob 15 sunder")
    assert any("sunder gob ITEM DAMAGE" in s for s in t.said())


def test_spanish_verbs_and_dice_damage():
    t = pf()
    t.rolls(6)
    t.do("objeto Val espada arma dureza=5 pg=10", "romper Val espada 1d8+4")
    assert item(t, "espada")["hp"] == 5 and t.c("Val").has("broken")


def test_item_list_and_remove():
    t = pf()
    t.do("item Val sword one-handed-blade", "sunder Val sword 14", "item Val")
    assert t.said()[-1] == "Val: sword (weapon) HP 1/5, hardness 10, broken"
    t.do("item Val sword remove")
    assert not t.c("Val").has("broken") and "items" not in t.c("Val").marks


@pytest.mark.parametrize("bad,msg", [
    ("sunder Val axe 5", "Val has no item 'axe'"),
    ("item Val axe weapon", "needs its hit points"),
    ("item Val axe weapon hp=x", "hp must be a whole number"),
    ("item Val axe frobnicate", "unexpected 'frobnicate'"),
    ("sunder Val", "usage: sunder"),
])
def test_errors(bad, msg):
    t = pf()
    with pytest.raises(CommandError, match=msg):
        t.do(bad)


def test_the_sheet_shows_broken_items():
    t = pf()
    t.do("item Val sword one-handed-blade", "item Val shield light-steel-shield ac=1")
    rs = t.session.ruleset
    assert not any("sword" in s for s in sheet_lines(rs, t.state, t.c("Val")))
    t.do("sunder Val sword 13")
    assert "sword (weapon) HP 2/5, hardness 10, broken" in sheet_lines(rs, t.state, t.c("Val"))
    assert "sword (arma) PG 2/5, dureza 10, roto" in sheet_lines(rs, t.state, t.c("Val"), "es")
