"""Int, Wis and Cha damage and drain in Pathfinder (docs/rulesets/pathfinder1e.md#19-negative-levels-ability-
damage-and-drain, "The mental abilities"; a poison's `wis=1d2`: #117-poisons-and-diseases).

Core Rulebook, Ability Score Damage, Penalty, and Drain: -1 per 2 points to what the ability governs
(Wis: Will, Perception...); damage equal to the score leaves the creature unconscious (only Con kills);
Int, Wis or Cha drained to 0 is unconscious; ability damage heals with rest.
"""

from __future__ import annotations

import pytest

from conftest import Table
from pf1_support import sheet_lines
from test_pf1_drain import eff

GUARD = "add Guard hp=20 hd=3 int=12 wis=14 cha=12 will=4 perception=7 bluff=5 knowledge-arcana=4"


def guard(*lines: str) -> Table:
    t = Table("pathfinder1e")
    t.do(GUARD, *lines)
    return t


@pytest.mark.parametrize("points,will,perception", [(1, 4, 7), (2, 3, 6), (3, 3, 6), (4, 2, 5)])
def test_wis_damage_is_minus_one_per_two_points_on_will_and_perception(points, will, perception):
    """§1.9: 1 Wis damage is nothing yet; 2 and 3 are -1 on Will and Perception; 4 is -2."""
    e = eff(guard(f"dmg Guard {points} wis"), "Guard")
    assert (e["will"], e["perception"]) == (will, perception)


def test_cha_and_int_damage_weigh_on_their_skills():
    e = eff(guard("dmg Guard 2 cha", "dmg Guard 4 int"), "Guard")
    assert (e["bluff"], e["knowledge_arcana"]) == (4, 2)


@pytest.mark.parametrize("key,score", [("wis", 14), ("int", 12), ("cha", 12)])
def test_damage_equal_to_the_score_knocks_out_one_less_does_not(key, score):
    """§1.9: at the score, unconscious (not dead: only Con kills); healing below it wakes it."""
    t = guard(f"dmg Guard {score - 1} {key}")
    assert not t.c("Guard").has("unconscious")
    t.do(f"dmg Guard 1 {key}")
    assert t.c("Guard").has("unconscious") and t.c("Guard").life != "dead"
    t.do(f"heal Guard 1 {key}")
    assert not t.c("Guard").has("unconscious")


def test_spanish_words_and_the_sheet():
    t = guard("daño Guard 3 sab", "daño Guard 2 car")
    assert t.c("Guard").marks["ability_damage"] == {"wis": 3, "cha": 2}
    lines = sheet_lines(t.session.ruleset, t.state, t.c("Guard"))
    assert "Wis damage 3" in lines and "Cha damage 2" in lines


def test_drained_to_zero_is_unconscious_and_restoring_a_point_wakes_it():
    t = guard("dmg Guard 12 int drain")
    assert t.c("Guard").has("unconscious")
    assert "Int drained to 0: unconscious" in sheet_lines(t.session.ruleset, t.state, t.c("Guard"))
    t.do("heal Guard 1 int drain")
    assert not t.c("Guard").has("unconscious")


def test_rest_heals_mental_damage_like_str():
    """§1.8: a night's rest heals 1 point per Hit Die... of each ability, Wis as Str."""
    t = guard("dmg Guard 5 wis", "dmg Guard 5 str", "rest Guard")
    assert t.c("Guard").marks["ability_damage"] == {"wis": 4, "str": 4}


def test_a_poison_that_deals_wis_damage():
    """§1.17: `poison NAME dc=13 wis=1d2`: a failed save deals Wis damage."""
    t = guard()
    t.rolls(2, 2)  # Fort 2 fails; 1d2 = 2
    t.do("poison Guard dc=13 wis=1d2 every=round for=2 cure=1 name=Id moss")
    assert t.c("Guard").marks["ability_damage"] == {"wis": 2}
    assert "Id moss deals Guard 2 Wis damage: Wis damage 0 -> 2" in t.said()


def test_immune_to_ability_damage_takes_no_wis_damage():
    t = guard("set Guard immune=ability", "dmg Guard 4 wis")
    assert not t.c("Guard").marks.get("ability_damage")
