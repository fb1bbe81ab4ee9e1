"""The Alien Archive's universal creature rules in a fight (docs/rulesets/starfinder.md#314-monster-rules-
defenses-and-ability-damage-issue-25): regeneration and what stops it, ferocity, incorporeal creatures, swarms.

Alien Archive (universal creature rules): regeneration heals at the start of its turn and the creature cannot
die while it works (it still falls unconscious at 0 HP); the listed damage stops it for 1 round, in which it
heals nothing and can die normally. Ferocity: brought to 0 HP it acts normally until the end of its next turn,
then dies if still at 0 HP; losing more HP before that kills it. Core Rulebook (Incorporeal): immune to
nonmagical kinetic attacks, half from energy and magical kinetic ones, full from force and incorporeal ones.
Swarm defenses and immunities: immune to single-target attacks, +50% from area effects, normal from
multiple-target ones (lines, automatic fire); a swarm at 0 HP breaks up.
"""

from __future__ import annotations

import pytest

from conftest import Table
from gm_console.engine.language.commands import CommandError
from gm_console.storage import Encounter
from test_pathfinder1e_players_log import players_said


def sf(*lines: str) -> Table:
    t = Table("starfinder")
    t.do("add Navasi pc hp=20 sp=10 rp=4 init=30", *lines)
    return t


# -- regeneration (§3.14.1) ---------------------------------------------------------------------


def troll() -> Table:
    t = sf("add Troll hp=30 regeneration=5/acid init=1", "start")  # Navasi acts first, the troll second
    return t


def test_at_zero_hp_it_falls_unconscious_and_its_turn_heals_it():
    t = troll()
    t.do("dmg Troll 35 slashing")
    assert (t.hp("Troll"), t.c("Troll").life) == (0, "unconscious")
    t.do("dmg Troll 10 slashing")  # another hit at 0 HP: still alive, it cannot die while it works
    assert t.c("Troll").life == "unconscious"
    t.do("next")
    assert (t.hp("Troll"), t.c("Troll").life) == (5, "ok")


def test_its_type_stops_it_at_once_and_the_hit_to_zero_kills():
    t = troll()
    t.do("dmg Troll 30 acid")
    assert t.c("Troll").life == "dead"
    assert "Troll's regeneration is stopped by acid: Troll heals nothing until its next turn and can die" in t.said()


def test_stopped_it_heals_nothing_at_its_next_turn_and_works_the_turn_after():
    t = troll()
    t.do("dmg Troll 20 acid")  # 30 -> 10, stopped
    assert t.hp("Troll") == 10
    t.do("next")  # its turn: no healing
    assert t.hp("Troll") == 10
    assert "Troll's regeneration was stopped: no healing this turn; it works again from now" in t.said()
    t.do("next", "next")  # round 2, its turn: works again
    assert t.hp("Troll") == 15


def test_unconscious_and_then_its_type_kills_it():
    t = troll()
    t.do("dmg Troll 30 slashing", "dmg Troll 1 acid")
    assert t.c("Troll").life == "dead"


def test_other_types_do_not_stop_it_and_undo_takes_the_stop_back():
    t = troll()
    t.do("dmg Troll 5 fire")
    assert not t.c("Troll").marks.get("regen_off")
    t.do("dmg Troll 5 acid", "undo")
    assert not t.c("Troll").marks.get("regen_off")


def test_cond_carries_the_stopping_types_too():
    t = sf("add Troll hp=30 init=1", "cond Troll regeneration:5 fuego", "start", "dmg Troll 30 fire")
    assert t.c("Troll").life == "dead"


def test_written_wrong_it_is_refused():
    t = sf()
    with pytest.raises(CommandError, match="expected AMOUNT or AMOUNT/TYPES"):
        t.do("add Troll hp=30 regeneration=lots")
    with pytest.raises(CommandError, match="unknown damage type 'acd'"):
        t.do("add Troll hp=30 regeneration=5/acd")
    assert "troll" not in t.state.combatants


# -- ferocity (§3.14.2) ---------------------------------------------------------------------------


def orc(init: int = 1) -> Table:
    return sf(f"add Orc hp=10 ferocity=yes init={init}", "start")


def test_ferocity_acts_at_zero_until_the_end_of_its_next_turn_then_dies():
    t = orc()
    t.do("dmg Orc 10 slashing")  # exactly to 0
    assert (t.hp("Orc"), t.c("Orc").life) == (0, "ok")
    t.do("next")  # its turn starts: it acts
    assert t.active == "orc" and t.c("Orc").life == "ok"
    t.do("next")  # its turn ends at 0 HP
    assert t.c("Orc").life == "dead"


def test_ferocity_dropped_on_its_own_turn_lasts_through_its_next_one():
    t = orc(init=60)  # the orc acts first
    t.do("dmg Orc 12 slashing", "next", "next")  # its own turn ends: not yet
    assert t.c("Orc").life == "ok"
    t.do("next", "next")  # round 2: its next turn ends
    assert t.c("Orc").life == "dead"


def test_ferocity_one_more_hp_lost_kills_and_healing_saves():
    t = orc()
    t.do("dmg Orc 10 slashing", "dmg Orc 1 slashing")
    assert t.c("Orc").life == "dead"
    t = orc()
    t.do("dmg Orc 10 slashing", "heal Orc 1", "next", "next")
    assert (t.hp("Orc"), t.c("Orc").life) == (1, "ok")


def test_without_ferocity_the_same_blow_kills():
    t = sf("add Orc hp=10 init=1", "start", "dmg Orc 10 slashing")
    assert t.c("Orc").life == "dead"


# -- incorporeal and swarms (§3.14.3-4) ------------------------------------------------------------


@pytest.mark.parametrize("types,left", [("slashing", 20), ("", 20), ("fire", 16), ("slashing magic", 16),
                                        ("force", 11), ("slashing incorporeal", 11), ("slashing ghost-killer", 11)])
def test_incorporeal_takes_none_half_or_all(types, left):
    t = sf("add Ghost hp=20 incorporeal=yes", f"dmg Ghost 9 {types}")
    assert t.hp("Ghost") == left


@pytest.mark.parametrize("types,left", [("piercing", 20), ("fire", 20), ("fire area", 11), ("piercing line", 14),
                                        ("piercing automatic", 14), ("bleed", 20)])
def test_swarm_by_how_the_attack_targets_it(types, left):
    t = sf("add Swarm hp=20 swarm=yes", f"dmg Swarm 6 {types}")
    assert t.hp("Swarm") == left


def test_a_swarm_breaks_up_at_zero_even_with_resolve():
    t = sf("add Swarm hp=20 rp=2 swarm=yes", "dmg Swarm 20 fire line")
    assert t.c("Swarm").life == "dead"
    assert "Swarm breaks up at 0 HP: the swarm is no more" in t.said()


def test_the_players_read_the_rule_not_the_numbers():
    t = sf("add Ghost hp=20 incorporeal=yes", "dmg Ghost 9 fire")
    seen = players_said(t)
    assert not any("9→4" in line for line in seen)
    t = sf("add Troll hp=30 regeneration=5/acid init=1", "start", "dmg Troll 5 acid")
    assert any("Troll's regeneration is stopped by acid" in line for line in players_said(t))
    assert any("La regeneración de Troll" in line for line in players_said(t, "es"))


def test_the_bestiary_carries_them():
    """Alien Archive 3 p. 120 void troll, Alien Archive p. 104 shobhad, Alien Archive 2 p. 102 predator swarm,
    Alien Archive p. 60 hallajin."""
    from test_bestiary import Table as Library

    t = Library("starfinder")
    t.do("add @void-troll", "add @shobhad", "add @predator-swarm", "add @hallajin")
    assert t.c("Void troll").instances("regeneration")[0].note == "acid"
    assert t.c("Shobhad").stats["ferocity"] is True
    assert t.c("Predator swarm").stats["swarm"] is True
    assert t.c("Hallajin").stats["incorporeal"] is True


def test_save_and_reopen_keep_a_stopped_regeneration(tmp_path):
    path = tmp_path / "f.toml"
    with Encounter.create(path, "starfinder") as enc:
        enc.execute("add Navasi pc hp=20 rp=4 init=30")
        enc.execute("add Troll hp=30 regeneration=5/acid init=1")
        enc.execute("start")
        enc.execute("dmg Troll 20 acid")
    with Encounter.open(path) as again:
        again.execute("next")
        assert again.state.combatants["troll"].pools["hp"].value == 10


# -- critical hits, swarm and incorporeal immunities, Con and regeneration (§3.14.3-4, §3.14.8) ----------------


@pytest.mark.parametrize("who, types, left", [
    ("add Ghost hp=40 incorporeal=yes", "fire crit", 35),  # once (10), then half: 5
    ("add Ghost hp=40 incorporeal=yes", "fire crit ghost-killer", 20),  # a ghost killer crits it: all 20
    ("add Swarm hp=40 swarm=yes", "fire crit area", 25),  # once (10), +50% from the area: 15
    ("add Bot hp=40 immune=critical", "fire crit", 30),
    ("add Gob hp=40", "fire crit", 20),  # not immune: the critical's double damage stands
])
def test_a_critical_on_a_creature_immune_to_critical_hits_counts_once(who, types, left):
    """Core Rulebook, Incorporeal: "immune to critical hits"; Alien Archive, Swarm Immunities: critical hits."""
    t = sf(who)
    name = who.split()[1]
    t.do(f"dmg {name} 20 {types}")
    assert t.hp(name) == left


def test_a_coup_de_grace_on_a_creature_immune_to_critical_hits_is_no_critical_and_no_save():
    t = sf("add Ghost hp=40 fort=2 incorporeal=yes", "cond Ghost helpless")
    t.rolls(*([1] * 5))
    t.do("coup Navasi Ghost 20 fire")
    assert t.hp("Ghost") == 35 and t.c("Ghost").life != "dead"
    assert not any("Fortitude" in line for line in t.said())


@pytest.mark.parametrize("cond", ["prone", "pinned", "staggered", "stunned", "off-target", "flat-footed"])
def test_a_swarm_is_immune_to_the_conditions_its_immunities_name(cond):
    """Alien Archive, Swarm Immunities: flat-footed, off-target, pinned, prone, staggered, stunned."""
    t = sf("add Swarm hp=20 swarm=yes eac=12 kac=14", f"cond Swarm {cond}")
    assert not t.c("Swarm").conditions
    assert t.said()[-1].startswith("Swarm is a swarm: immune to ")


def test_a_blinded_swarm_is_not_flat_footed():
    t = sf("add Swarm hp=20 swarm=yes eac=12 kac=14", "cond Swarm blinded")
    f = t.session.ruleset.sheet.effective(t.state, t.c("Swarm"))
    assert (f["eac"].value, f["kac"].value) == (12, 14)


@pytest.mark.parametrize("line, refusal", [
    ("maneuver Navasi trip Swarm 40", "Swarm is a swarm: swarms neither perform nor suffer combat maneuvers"),
    ("grapple Swarm Navasi 40", "Swarm is a swarm: swarms neither perform nor suffer combat maneuvers"),
    ("maneuver Navasi grapple Ghost 40", "Ghost is incorporeal: no combat maneuvers between Ghost and a corporeal "
                                         "creature"),
])
def test_combat_maneuvers_against_or_by_swarms_and_incorporeal_creatures_are_refused(line, refusal):
    t = sf("add Swarm hp=20 swarm=yes", "add Ghost hp=20 incorporeal=yes", "start")
    with pytest.raises(CommandError) as err:
        t.do(line)
    assert refusal in str(err.value)


def test_con_damage_to_its_score_kills_a_regenerating_troll():
    """Regeneration keeps it alive through hit point loss only (Alien Archive); Constitution damage equal to the
    score kills (Core Rulebook, Ability Damage)."""
    t = sf("add Troll hp=30 con=12 regeneration=5/acid", "dmg Troll 11 con")
    assert t.c("Troll").life != "dead"
    t.do("dmg Troll 1 con")
    assert t.c("Troll").life == "dead"


def test_the_electrovore_is_immune_to_electricity():
    """Alien Archive p. 44: Immunities electricity."""
    from test_bestiary import Table as Library

    t = Library("starfinder")
    t.do("add @electrovore", "dmg Electrovore 10 electricity")
    assert t.hp("Electrovore") == 23


@pytest.mark.parametrize("cond", ["paralyzed", "stunned", "asleep", "fatigued", "exhausted", "bleeding:2"])
def test_the_undead_and_constructs_immunities_keep_their_conditions_off(cond):
    """Alien Archive, Undead Immunities (and Construct Immunities): paralysis, sleep, stunning, bleed, exhaustion
    and fatigue do not touch them (starfinder.md §3.14.9)."""
    from test_bestiary import Table as Library

    t = Library("starfinder")
    t.do("add @skeleton", "add @security-robot", f"cond Skeleton {cond}", f'cond "Security robot" {cond}')
    assert not t.c("Skeleton").conditions and not t.c("Security robot").conditions
    assert t.said()[-1].startswith("Security robot is immune to ")


def test_the_undead_take_no_ability_damage_poison_or_disease_and_the_void_troll_is_never_off_kilter():
    from test_bestiary import Table as Library

    t = Library("starfinder")
    t.do("add Zombie @zombie", "add @void-troll", "dmg Zombie 4 str", "poison Zombie dc=15 track=con",
         "disease Zombie dc=15", 'cond "Void troll" off-kilter')
    assert t.c("Zombie").marks.get("ability_damage") is None and not t.c("Zombie").conditions
    assert t.hp("Zombie") == t.c("Zombie").pools["hp"].max  # not even the poison's exposure HP
    assert t.said()[-4:] == ["Zombie is immune to ability damage and drain: no effect",
                             "Zombie is immune to poison: no effect", "Zombie is immune to disease: no effect",
                             "Void troll is immune to Off-kilter"]
