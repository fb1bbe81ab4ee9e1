"""Regeneration and fast healing (docs/rulesets/pathfinder1e.md#114-regeneration-and-fast-healing).

Bestiary, universal monster rules, Regeneration: heals at a fixed rate like fast healing; cannot die
while it works (still unconscious below 0); a listed attack form stops it on the round following the
attack, when it heals nothing and can die normally. Worked on the Bestiary's troll: regeneration 5
(acid or fire), Con 23, 63 HP.
"""

from __future__ import annotations

import pytest

from conftest import Table
from gm_console.engine.language.commands import CommandError


def troll(hp: int = 63) -> Table:
    t = Table("pathfinder1e")
    t.do(f"add Troll hp={hp}/63 con=23 regeneration=5/fire,acid", "add Kyra pc hp=20", "init Kyra 20",
         "init Troll 10", "start")
    return t


def test_the_stat_key_puts_the_effect_with_the_types_that_stop_it():
    t = troll()
    (inst,) = t.c("Troll").instances("regeneration")
    assert (inst.value, inst.note) == (5, "fire,acid")


def test_cannot_die_from_hp_loss_while_it_works():
    """§1.14: past -Con (-23) it is unconscious, not dead; at its turn it regenerates 5."""
    t = troll()
    t.do("dmg Troll 100")
    assert (t.hp("Troll"), t.c("Troll").life) == (-37, "dying")
    assert "Troll cannot die while its regeneration works: unconscious (HP -37, dead at -23 without it)" in t.said()
    t.do("next")  # the troll's turn
    assert t.hp("Troll") == -32 and t.c("Troll").life != "dead"


def test_fire_stops_it_the_round_after_and_it_works_again_the_round_after_that():
    """§1.14: fire in round 1; round 2 its turn heals nothing; round 3 it heals again."""
    t = troll(hp=40)
    t.do("dmg Troll 10 fire")  # round 1, Kyra's turn: 30
    t.do("next")  # round 1, the troll's turn: still works this round
    assert t.hp("Troll") == 35
    t.do("next", "next")  # round 2: Kyra, then the troll
    assert t.hp("Troll") == 35
    assert "Troll's regeneration does not work this round: no healing" in t.said()
    t.do("next", "next")  # round 3
    assert t.hp("Troll") == 40


def test_stopped_it_can_die_normally_at_exactly_minus_con():
    """§1.14: the round after the fire, HP at -Con (-23) kills; the round of the fire it does not."""
    t = troll(hp=10)
    t.do("next", "dmg Troll 38 acid")  # round 1, its own turn (healed to 15): -23, alive this round
    assert t.c("Troll").life == "dying"
    t.do("next")  # round 2 starts: stopped, -23 is dead
    assert (t.state.round, t.c("Troll").life) == (2, "dead")


def test_one_above_minus_con_lives_through_the_stopped_round():
    t = troll(hp=10)
    t.do("next", "dmg Troll 37 acid")  # -22
    t.do("next")
    assert (t.state.round, t.c("Troll").life) == (2, "dying")


def test_other_damage_does_not_stop_it_and_undo_takes_the_stop_back():
    t = troll(hp=40)
    t.do("dmg Troll 10 cold")
    assert t.c("Troll").marks.get("regen_off") is None
    t.do("dmg Troll 10 fire", "undo")
    assert t.c("Troll").marks.get("regen_off") is None


def test_cond_takes_the_types_too():
    t = Table("pathfinder1e")
    t.do("add Troll hp=63 con=23", "cond Troll regeneration:5 fuego,acid")
    assert t.c("Troll").instances("regeneration")[0].note == "fuego,acid"
    with pytest.raises(CommandError, match="unknown damage type"):
        t.do("cond Troll regeneration:5 fyre")


def test_without_con_score_no_regeneration_protection():
    """§1.14 [O]: a creature needs a Con score to have regeneration."""
    t = Table("pathfinder1e")
    t.do("add Thing hp=10 con=0 regeneration=5", "dmg Thing 10")
    assert t.c("Thing").life == "dead"


def test_fast_healing_stat_key_heals_at_its_turn():
    t = Table("pathfinder1e")
    t.do("add Imp hp=5/10 fast_healing=2", "start", )
    assert t.hp("Imp") == 7


def test_regeneration_written_wrong_is_refused():
    t = Table("pathfinder1e")
    with pytest.raises(CommandError, match="expected AMOUNT or AMOUNT/TYPES"):
        t.do("add Troll hp=63 regeneration=five")
    with pytest.raises(CommandError, match="did you mean fire"):
        t.do("add Troll hp=63 regeneration=5/fyre")
    assert not t.state.combatants


# -- ferocity (docs/rulesets/pathfinder1e.md#115-ferocity) ----------------------------------------

def orc(hp: int = 6) -> Table:
    t = Table("pathfinder1e")
    t.do(f"add Orc hp={hp}/6 con=12 ferocidad=si", "add Kyra pc hp=20", "init Kyra 20", "init Orc 10", "start")
    return t


def test_ferocity_fights_on_staggered_below_zero():
    """§1.15: below 0 it is staggered, not dying; the players read it fights on."""
    t = orc()
    t.do("dmg Orc 16")
    assert (t.hp("Orc"), t.c("Orc").life) == (-10, "staggered")
    assert "Orc fights on with ferocity: staggered, loses 1 HP each round (HP -10, dies at -12, 2 to go)" in t.said()


def test_ferocity_loses_one_hp_at_its_turn_and_dies_at_exactly_minus_con():
    """§1.15: -11 at its turn start becomes -12 = -Con: dead."""
    t = orc()
    t.do("dmg Orc 17")
    t.do("next")
    assert (t.hp("Orc"), t.c("Orc").life) == (-12, "dead")


def test_ferocity_one_above_minus_con_keeps_fighting():
    t = orc()
    t.do("dmg Orc 16", "next")
    assert (t.hp("Orc"), t.c("Orc").life) == (-11, "staggered")


@pytest.mark.parametrize("span, hp, life", [("1r", -3, "staggered"), ("9r", -11, "staggered"), ("10r", -12, "dead"),
                                            ("1m", -12, "dead")])
def test_time_passing_costs_a_ferocious_creature_1_hp_a_round(span, hp, life):
    """§1.15 with §1.10: out of combat each round of `pass` is its 1 HP, as at its turn starts; dead at -Con."""
    t = Table("pathfinder1e")
    t.do("add Orc hp=6 con=12 ferocity=yes", "dmg Orc 8", f"pass {span}")
    assert (t.hp("Orc"), t.c("Orc").life) == (hp, life)


def test_time_passing_with_a_bleed_and_ferocity_costs_both():
    t = Table("pathfinder1e")
    t.do("add Orc hp=6 con=12 ferocity=yes", "dmg Orc 8", "cond Orc bleed:2", "pass 2r")
    assert t.hp("Orc") == -8


def test_without_ferocity_the_same_blow_leaves_it_dying():
    t = Table("pathfinder1e")
    t.do("add Orc hp=6 con=12", "dmg Orc 16")
    assert t.c("Orc").life == "dying"


def test_the_bestiary_troll_regenerates_and_the_orc_is_ferocious():
    """§1.14, §1.15: the bestiary carries them (Bestiary p. 268 troll, p. 222 orc)."""
    from test_bestiary import Table as Library

    t = Library("pathfinder1e")
    t.do("add @troll", "add @orc", "add @skeleton")
    assert t.c("Troll").instances("regeneration")[0].note == "fire,acid"
    assert t.c("Orc").stats["ferocity"] is True
    top = t.hp("Skeleton")
    t.do("dmg Skeleton 7 slashing", "dmg Skeleton 3 cold")  # DR 5/bludgeoning, immune to cold
    assert t.hp("Skeleton") == top - 2
