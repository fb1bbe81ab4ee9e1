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


# -- ability penalties: like damage, but they never knock out or kill (§1.9) ----------------------

def eff(t: Table, name: str) -> dict[str, int]:
    return {k: f.value for k, f in t.session.ruleset.sheet.effective(t.state, t.c(name)).items()}


@pytest.mark.parametrize("points,penalty", [(1, 0), (2, 1), (3, 1), (4, 2)])
def test_a_penalty_weighs_like_damage(points, penalty):
    """§1.9 [O, CRB]: "these penalties function just like ability damage": -1 per 2 points."""
    t = pf()
    t.do("add Kyra pc hp=20 str=14 bab=0", f"cond Kyra str-penalty:{points} 10")
    assert eff(t, "Kyra")["attack"] == 2 - penalty


def test_a_penalty_as_big_as_the_score_does_not_knock_out_but_damage_does():
    """§1.9 [O, CRB]: penalties "cannot cause you to fall unconscious or die": the score stays at 1."""
    t = pf()
    t.do("add Kyra pc hp=20 str=10", "cond Kyra str-penalty:12 10")
    assert eff(t, "Kyra")["str"] == 1 and t.c("Kyra").life == "ok" and not t.c("Kyra").has("unconscious")
    t.do("add Val pc hp=20 str=10", "dmg Val 10 str")
    assert t.c("Val").has("unconscious")


def test_a_con_penalty_costs_hp_never_kills_and_gives_them_back_when_it_ends():
    """§1.9: a Con penalty costs HD x penalty HP like damage, down to what Con 1 gives (-5), and ends with
    its effect: Con 10, 2 HD, penalty 30 is at most -5: 20 -> 10; two rounds later, 20 again."""
    t = pf()
    t.do("add Kyra pc hp=20 con=10 hd=2", "add Gob hp=5", "init Kyra 10", "init Gob 5", "start")
    t.do("cond Kyra con-penalty:30 1")
    assert (t.hp("Kyra"), t.c("Kyra").pools["hp"].max, t.c("Kyra").life) == (10, 10, "ok")
    t.do("next", "next")
    assert not t.c("Kyra").has("con-penalty") and (t.hp("Kyra"), t.c("Kyra").pools["hp"].max) == (20, 20)


def test_a_penalty_and_damage_add_and_only_damage_kills():
    """§1.9: 1 Con damage + 1 Con penalty are 2 points: -1; damage up to the score kills whatever the penalty."""
    t = pf()
    t.do("add Kyra pc hp=20 con=10 hd=2", "dmg Kyra 1 con")
    assert t.hp("Kyra") == 20
    t.do("cond Kyra con-penalty:1")
    assert t.hp("Kyra") == 18
    t.do("undo")
    assert t.hp("Kyra") == 20
    t.do("cond Kyra con-penalty:1", "dmg Kyra 9 con")
    assert t.c("Kyra").life == "dead"


def test_the_sheet_says_what_a_score_at_zero_means():
    """§1.9: damage equal to the score: unconscious (Con: dead); drain to 0: helpless, paralyzed, dead."""
    from pf1_support import sheet_lines

    t = pf()
    t.do("add Val pc hp=30 str=10 dex=8 con=12 hd=2", "dmg Val 10 str", "dmg Val 8 dex drain", "dmg Val 2 con")
    lines = sheet_lines(t.session.ruleset, t.state, t.c("Val"))
    assert "Str damage 10 reaches its score 10: unconscious until healed below" in lines
    assert "Dex drained to 0: paralyzed" in lines
    assert "Con penalty -1 x 2 HD: -2 current and maximum HP" in lines
    es = sheet_lines(t.session.ruleset, t.state, t.c("Val"), "es")
    assert any(line.startswith("daño de Fue 10") for line in es), es
    assert any(line.startswith("Des consumida a 0") for line in es), es
