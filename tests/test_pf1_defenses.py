"""Damage reduction, energy resistance, immunity and vulnerability (docs/rulesets/pathfinder1e.md#113-
damage-reduction-resistance-immunity-vulnerability): stat keys applied by `dmg` to the types it carries.

Core Rulebook, Special Abilities (Damage Reduction, Energy Resistance, Immunity) and the Bestiary's
universal monster rules (Vulnerabilities): DR subtracts from each weapon hit unless the attack carries
what bypasses it; resistance subtracts from each attack of its energy; immunity stops it all;
vulnerability is half again as much.
"""

from __future__ import annotations

import pytest

from conftest import Table
from gm_console.engine.language.commands import CommandError
from test_pathfinder1e_players_log import players_said


def pf() -> Table:
    t = Table("pathfinder1e")
    t.do("add Kyra pc hp=20")
    return t


def test_dr_subtracts_from_a_weapon_hit_that_does_not_bypass_it():
    """§1.13: a skeleton's DR 5/bludgeoning stops 5 of a sword's 7; a mace's 7 all land."""
    t = pf()
    t.do("add Skeleton hp=12 dr=5/bludgeoning")
    t.do("dmg Skeleton 7 slashing")
    assert t.hp("Skeleton") == 10
    t.do("dmg Skeleton 7 bludgeoning")
    assert t.hp("Skeleton") == 3
    assert "Skeleton's damage reduction stops part of the damage (DR 5/bludgeoning: 5 of 7 stopped)" in t.said()


@pytest.mark.parametrize("amount,left", [(4, 12), (5, 12), (6, 11)])
def test_dr_at_its_edge_stops_all_then_one_gets_through(amount, left):
    """§1.13: damage equal to the DR is all stopped (never below 0); one more point gets through."""
    t = pf()
    t.do("add Zombie hp=12 dr=5/slashing", f"dmg Zombie {amount}")
    assert t.hp("Zombie") == left


def test_dr_dash_nothing_bypasses_and_and_needs_every_word():
    """§1.13: 5/- stops even magic silver blows; 10/magic+silver needs both, either is not enough."""
    t = pf()
    t.do("add Golem hp=50 dr=5/-", "dmg Golem 12 slashing magic silver")
    assert t.hp("Golem") == 43
    t.do("add Vampire hp=60 rd=10/magia+plata", "dmg Vampire 12 slashing/magic")
    assert t.hp("Vampire") == 58
    t.do("dmg Vampire 12 slashing magic silver")
    assert t.hp("Vampire") == 46


def test_dr_or_alternatives_and_several_dr_the_best_that_applies():
    """§1.13: cold-iron|good: either gets past; DR 5/- and 10/magic: a magic hit meets the 5 only."""
    t = pf()
    t.do("add Demon hp=40 dr=5/cold-iron|good", "dmg Demon 8 good")
    assert t.hp("Demon") == 32
    t.do("add Ancient hp=40 dr=5/-,10/magic", "dmg Ancient 12 magic", "dmg Ancient 12")
    assert t.hp("Ancient") == 40 - 7 - 2


def test_dr_does_not_touch_energy_or_spells():
    """§1.13 [O]: energy damage and spells are not stopped by DR."""
    t = pf()
    t.do("add Skeleton hp=30 dr=5/bludgeoning", "dmg Skeleton 6 fire", "dmg Skeleton 6 spell")
    assert t.hp("Skeleton") == 18


def test_resistance_per_attack_and_exactly_its_amount():
    """§1.13: fire resistance 10 stops 10 of each fire attack: 10 is nothing, 12 is 2."""
    t = pf()
    t.do("add Salamander hp=40 resist=fire:10,cold:5", "dmg Salamander 10 fire")
    assert t.hp("Salamander") == 40
    t.do("dmg Salamander 12 fuego", "dmg Salamander 6 cold")
    assert t.hp("Salamander") == 37


def test_immunity_and_vulnerability():
    """§1.13: immune takes nothing; vulnerable takes half again (7 -> 10, rounded down)."""
    t = pf()
    t.do("add Ghoul hp=20 immune=cold,poison,con vulnerable=fire")
    t.do("dmg Ghoul 9 cold", "dmg Ghoul 2 con poison")
    assert t.hp("Ghoul") == 20 and not t.c("Ghoul").marks.get("ability_damage")
    t.do("dmg Ghoul 7 fire")
    assert t.hp("Ghoul") == 10


def test_two_types_split_evenly_each_through_its_own_defense():
    """§1.13 [I]: 13 fire and slashing on DR 5/- and fire resistance 5: 7 weapon (2 through), 6 fire (1)."""
    t = pf()
    t.do("add Elemental hp=40 dr=5/- resist=fire:5", "dmg Elemental 13 fire slashing")
    assert t.hp("Elemental") == 40 - 2 - 1


def test_area_damage_halved_by_the_save_before_resistance():
    """§1.13 [O]: resistance comes off what is left after the save (24, saved: 12, minus 10)."""
    t = pf()
    t.do("add Troll hp=60 ref=0 resist=fire:10")
    t.rolls(20)
    t.do("dmg Troll 24 fire save=ref:15")
    assert t.hp("Troll") == 58


def test_players_read_the_defense_but_not_its_numbers():
    """docs/players.md: the players read that the skeleton's DR stopped part of it, not 5 of 7."""
    t = pf()
    t.do("add Skeleton hp=12 dr=5/bludgeoning", "dmg Skeleton 7 slashing")
    seen = players_said(t)
    assert "Skeleton's damage reduction stops part of the damage" in seen
    assert not any("5/" in line or "5 of 7" in line for line in seen)
    assert "La reducción de daño de Skeleton detiene parte del daño" in players_said(t, "es")


def test_undo_gives_back_what_went_through():
    t = pf()
    t.do("add Skeleton hp=12 dr=5/bludgeoning", "dmg Skeleton 7 slashing", "undo")
    assert t.hp("Skeleton") == 12


@pytest.mark.parametrize("line,words", [
    ("add X hp=3 dr=5", "expected AMOUNT/WHAT"),
    ("add X hp=3 dr=5/silvr", "did you mean silver"),
    ("add X hp=3 resist=fire", "expected ENERGY:AMOUNT"),
    ("add X hp=3 immune=fyre", "did you mean fire"),
    ("dmg Kyra 5 fyre", "did you mean fire"),
])
def test_written_wrong_is_refused_naming_the_form_and_nothing_changes(line, words):
    t = pf()
    before = (len(t.state.combatants), t.hp("Kyra"))
    with pytest.raises(CommandError, match=words):
        t.do(line)
    assert (len(t.state.combatants), t.hp("Kyra")) == before


def test_set_written_wrong_keeps_the_old_value():
    t = pf()
    t.do("add Troll hp=60 dr=5/-")
    with pytest.raises(CommandError, match="expected AMOUNT/WHAT"):
        t.do("set Troll dr=abc")
    assert t.c("Troll").stats["dr"] == "5/-"
