"""Constitution damage and drain cost hit points (docs/rulesets/pathfinder1e.md#19-negative-levels-ability-damage-and-drain).

Core Rulebook, Ability Score Damage, Penalty, and Drain: Con damage is -1 per 2 points on what Con
governs, and the Hit Dice times that penalty come off current and maximum HP, given back when the
damage heals; drain lowers the score itself, so its lower modifier costs HP the same way. (An 8 HD
creature with 2 Con damage loses 8 HP; with 1, nothing yet.)
"""

from __future__ import annotations

import pytest

from conftest import Table
from gm_console.storage import Encounter
from test_pathfinder1e_players_log import players_said


def pf() -> Table:
    return Table("pathfinder1e")


def hp(t: Table, name: str = "Ogre") -> tuple[int, int]:
    pool = t.c(name).pools["hp"]
    return pool.value, pool.max


@pytest.mark.parametrize("points,lost", [(0, 0), (1, 0), (2, 8), (3, 8), (4, 16), (5, 16)])
def test_con_damage_costs_hit_dice_per_two_points(points, lost):
    """§1.9: 8 HD, Con 15: every 2 points of Con damage take 8 HP off current and maximum HP."""
    t = pf()
    t.do("add Ogre hp=40/50 con=15 hd=8")
    if points:
        t.do(f"dmg Ogre {points} con")
    assert hp(t) == (40 - lost, 50 - lost)


def test_healing_the_damage_gives_the_hp_back_at_the_same_steps():
    """§1.9: "lost hit points are restored when the damage is healed": 3 -> 2 keeps -1, 2 -> 1 gives it back."""
    t = pf()
    t.do("add Ogre hp=50 con=15 hd=8", "dmg Ogre 3 con", "dmg Ogre 10")
    assert hp(t) == (32, 42)
    t.do("heal Ogre 1 con")
    assert hp(t) == (32, 42)
    t.do("heal Ogre 1 con")
    assert hp(t) == (40, 50)


@pytest.mark.parametrize("con,drain,lost", [(13, 1, 0), (13, 2, 4), (12, 1, 4), (12, 2, 4), (12, 4, 8)])
def test_drain_costs_the_lower_modifier(con, drain, lost):
    """§1.9: drain lowers the score; the HP follow its modifier (Con 13 -> 12 keeps +1; -> 11 is +0)."""
    t = pf()
    t.do(f"add Ogre hp=30 con={con} hd=4", f"dmg Ogre {drain} con drain")
    assert hp(t) == (30 - lost, 30 - lost)
    t.do(f"heal Ogre {drain} con drain")
    assert hp(t) == (30, 30)


def test_damage_and_drain_add():
    """§1.9: Con 14 drained 2 (+1) and damaged 2 (-1): +2 -> 0 is 2 x 3 HD = 6 HP."""
    t = pf()
    t.do("add Ogre hp=30 con=14 hd=3", "dmg Ogre 2 con drain", "dmg Ogre 2 con")
    assert hp(t) == (24, 24)


def test_without_hd_one_hit_die_and_setting_hd_later_moves_the_hp():
    """§1.9 and the stat block: `hd` is 1 when not given; setting it later takes the rest."""
    t = pf()
    t.do("add Ogre hp=30 con=10", "dmg Ogre 4 con")
    assert hp(t) == (28, 28)
    t.do("set Ogre hd=5")
    assert hp(t) == (20, 20)
    t.do("set Ogre hd=2")
    assert hp(t) == (26, 26)


def test_temporary_hp_do_not_soak_it():
    """§1.9: the HP come off the creature's own hit points, not its temporary ones."""
    t = pf()
    t.do("add Ogre hp=30 con=10 hd=3 temp=5", "dmg Ogre 2 con")
    assert hp(t) == (27, 27) and t.hp("Ogre", "temp") == 5


def test_it_can_take_a_creature_below_zero_and_to_death():
    """§1.9 and §1.4: disabled at 0, 2 Con damage on 2 HD is -2 HP: dying; a Con penalty that takes HP to -Con kills."""
    t = pf()
    t.do("add Ogre hp=0/20 con=10 hd=2")
    assert t.c("Ogre").life == "disabled"
    t.do("dmg Ogre 2 con")
    assert t.hp("Ogre") == -2 and t.c("Ogre").life == "dying"
    t.do("add Gnoll hp=-5/20 con=10 hd=3")
    assert t.c("Gnoll").life == "dying"
    t.do("dmg Gnoll 4 con")  # -2 x 3 HD = -6: HP -11, at or below -10
    assert t.c("Gnoll").life == "dead"


def test_undo_and_reopen_keep_the_hp(tmp_path):
    e = Encounter.create(tmp_path / "f.toml", "pathfinder1e")
    e.execute("add Ogre hp=50 con=15 hd=8")
    e.execute("dmg Ogre 4 con")
    again = Encounter.open(tmp_path / "f.toml")
    pool = again.state.get("ogre").pools["hp"]
    assert (pool.value, pool.max) == (34, 34) and again.state == e.state
    again.execute("undo")
    pool = Encounter.open(tmp_path / "f.toml").state.get("ogre").pools["hp"]
    assert (pool.value, pool.max) == (50, 50)


def test_the_gm_reads_the_numbers_the_players_do_not():
    t = pf()
    t.do("add Ogre hp=50 con=15 hd=8", "dmg Ogre 2 con")
    assert "Ogre: Con penalty -1 x 8 HD: HP 50 -> 42, max 42" in t.said()
    seen = players_said(t) + players_said(t, "es")
    assert not any("42" in line or "8 HD" in line or "8 DG" in line for line in seen), seen
    t.do("add Kyra pc hp=20 con=12 hd=2", "dmg Kyra 2 con")
    assert any("Kyra" in line and "20 -> 18" in line for line in players_said(t)), players_said(t)
