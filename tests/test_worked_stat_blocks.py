"""Worked stat-block examples (issue 25): a GM adds creatures from the bestiary and plays the rules their stat
blocks imply, reading the numbers the books give; the players read the same fight without a foe's number.

Pathfinder (docs/rulesets/pathfinder1e.md#114-regeneration-and-fast-healing, #115-ferocity,
#116-incorporeal-creatures-and-swarms, #113-damage-reduction-resistance-immunity-vulnerability): the Bestiary's
troll (p. 268: HP 63, Con 23, regeneration 5, fire or acid), skeleton (p. 250: HP 4, DR 5/bludgeoning, immune to
cold, undead: no Con), orc (p. 222: HP 6, Con 12, ferocity), shadow (p. 245: HP 19, incorporeal), rat swarm
(p. 232: HP 16, a swarm of Tiny rats).
Starfinder (docs/rulesets/starfinder.md#314-monster-rules-defenses-and-ability-damage-issue-25): Alien Archive 3's
void troll (p. 120: HP 235, regeneration 15, acid), the shobhad (Alien Archive p. 104: HP 50, ferocity, cold
resistance 5), the hallajin (p. 60: HP 280, incorporeal, vulnerable to electricity), Alien Archive 2's predator
swarm (p. 102: HP 25, swarm defenses and immunities).
"""

from __future__ import annotations

import re

from test_bestiary import Table as Library
from test_pathfinder1e_players_log import players_said

FOES_PF = ("Troll", "Skeleton", "Orc", "Shadow", "Rat swarm")
FOES_SF = ("Void troll", "Shobhad", "Hallajin", "Predator swarm")


def play(game: str, adds: tuple[str, ...], *lines: str):
    t = Library(game)
    t.do(*adds, "start")
    start = len(t.said())
    t.do(*lines)
    return t, t.said()[start:]


def no_foe_numbers(t, foes) -> list[str]:
    """The players' lines about a foe that still carry a number (there must be none; "at 0 HP", "1 HP each round"
    are the rules' words, the initiative is everyone's)."""
    return [line for line in players_said(t) + players_said(t, "es")
            if any(f in line for f in foes) and re.search(r"\d", re.sub(r"\b[01] (HP|PG)\b", "", line))
            and "initiative" not in line and "iniciativa" not in line]


# -- Pathfinder --------------------------------------------------------------------------------------------------


PF_ADDS = ("add Kyra pc hp=30 init=2", "add @troll", "add @skeleton", "add @orc", "add @shadow", "add @rat-swarm",
           "init Kyra 20", "init Troll 10", "init Skeleton 9", "init Orc 8", "init Shadow 7", 'init "Rat swarm" 6')


def test_pf_the_troll_regenerates_until_fire_stops_it_the_round_after():
    """90 slashing takes the troll to -27, past -Con (-23): it lives while its regeneration works. 6 fire the same
    round: it still heals 5 at its turn (round 1), and in round 2 it heals nothing and dies at -28."""
    t, said = play("pathfinder1e", PF_ADDS, "dmg Troll 90 slashing", "dmg Troll 6 fire", "next")
    assert said == [
        "Troll takes 90 damage: HP 63 -> -27",
        "Troll cannot die while its regeneration works: unconscious (HP -27, dead at -23 without it)",
        "Troll's regeneration is stopped by fire: next round Troll heals nothing and can die (round 2)",
        "Troll takes 6 damage: HP -27 -> -33",
        "Troll cannot die while its regeneration works: unconscious (HP -33, dead at -23 without it)",
        "Troll: Regeneration 5",
        "Troll heals 5: HP -33 -> -28",
        "Troll is stable (aided): still unconscious, no more HP loss"]
    t.do("next", "next", "next", "next", "next")  # round 2: Kyra's turn comes first
    assert t.c("Troll").life == "dead" and "Troll dies (HP -28, dead at -23)" in t.said()
    assert not no_foe_numbers(t, FOES_PF)


def test_pf_the_skeletons_dr_the_orcs_ferocity_the_shadow_and_the_swarm():
    t, said = play("pathfinder1e", PF_ADDS,
                   "dmg Skeleton 7 slashing", "dmg Skeleton 5 cold", "dmg Skeleton 7 bludgeoning",
                   "dmg Orc 9 slashing",
                   "dmg Shadow 9 slashing", "dmg Shadow 9 slashing magic", "dmg Shadow 9 force",
                   'dmg "Rat swarm" 8 piercing', 'dmg "Rat swarm" 8 bludgeoning', 'dmg "Rat swarm" 5 fire area')
    assert said == [
        "Skeleton's damage reduction stops part of the damage (DR 5/bludgeoning: 5 of 7 stopped)",
        "Skeleton takes 2 damage: HP 4 -> 2",
        "Skeleton is immune to cold: no damage",
        "Skeleton's damage reduction is bypassed (DR 5/bludgeoning)",
        "Skeleton takes 7 damage: HP 2 -> -5",
        "Skeleton dies (HP -5, no Con score)",
        "Orc takes 9 damage: HP 6 -> -3",
        "Orc fights on with ferocity: staggered, loses 1 HP each round (HP -3, dies at -12, 9 to go)",
        "Shadow is incorporeal: immune to nonmagical attacks (magic, spell, supernatural: half; force, ghost touch: "
        "full)",
        "Shadow is incorporeal: half damage from a magical attack (9 becomes 4)",
        "Shadow takes 4 damage: HP 19 -> 15",
        "Shadow takes 9 damage: HP 15 -> 6",
        "Rat swarm is a swarm of Tiny creatures: half damage from slashing and piercing weapons (8 becomes 4)",
        "Rat swarm takes 4 damage: HP 16 -> 12",
        "Rat swarm takes 8 damage: HP 12 -> 4",
        "Rat swarm is a swarm: half again as much damage from an area effect (5 becomes 7)",
        "Rat swarm takes 7 damage: HP 4 -> -3",
        "Rat swarm dies (a swarm breaks up at -3 HP)"]
    # the orc bleeds on at its turn: -3, -4... and the fight goes on
    t.do("next", "next")  # the troll's turn, then the orc's (the skeleton is destroyed)
    assert (t.active, t.hp("Orc"), t.c("Orc").life) == ("orc", -4, "staggered")
    seen = players_said(t)
    assert "Orc fights on with ferocity: staggered, loses 1 HP each round" in seen
    assert "Shadow is incorporeal: half damage from a magical attack" in seen
    assert not no_foe_numbers(t, FOES_PF)


# -- Starfinder --------------------------------------------------------------------------------------------------


SF_ADDS = ("add Navasi pc hp=20 sp=10 rp=4", "add @void-troll", "add @shobhad", "add @hallajin", "add @predator-swarm",
           "init Navasi 30", 'init "Void troll" 10', "init Shobhad 9", "init Hallajin 8", 'init "Predator swarm" 7')


def test_sf_the_void_troll_lives_at_0_hp_until_acid_stops_its_regeneration():
    t, said = play("starfinder", SF_ADDS, 'dmg "Void troll" 300 slashing', 'dmg "Void troll" 10 acid')
    assert said[:4] == [
        "Void troll takes 300 slashing damage (vs KAC 30): HP 235→0",
        "Void troll's regeneration keeps Void troll alive: unconscious at 0 HP until healed",
        "Void troll takes 10 acid damage (vs EAC 19): no effect",
        "Void troll's regeneration is stopped by acid: Void troll heals nothing until its next turn and can die"]
    t.do("next")  # its turn start: no healing, the stop ends
    assert t.hp("Void troll") == 0
    t.do("next", "next", "next", "next", "next")  # round 2, its turn: regeneration 15
    assert t.hp("Void troll") == 15
    assert not no_foe_numbers(t, FOES_SF)


def test_sf_the_shobhads_ferocity_and_cold_resistance_the_hallajin_and_the_swarm():
    t, said = play("starfinder", SF_ADDS,
                   "dmg Shobhad 55 slashing", "dmg Shobhad 10 cold",
                   "dmg Hallajin 30 fire", "dmg Hallajin 30 slashing", "dmg Hallajin 30 slashing magic",
                   "dmg Hallajin 30 electricity",
                   'dmg "Predator swarm" 10 piercing', 'dmg "Predator swarm" 10 fire area', 'cond "Predator swarm" prone')
    assert said == [
        "Shobhad takes 55 slashing damage (vs KAC 16): HP 50→0",
        "Shobhad fights on with ferocity at 0 HP until the end of its next turn, then dies; any further HP loss is "
        "fatal",
        "Shobhad takes 10 cold damage (vs EAC 16): cold resistance 5 stops 5; HP 0→0",
        "Shobhad loses more HP while fighting on with ferocity and dies",
        "Hallajin takes 30 fire damage (vs EAC 31): incorporeal: half from energy and magic (30→15); HP 280→265",
        "Hallajin takes 30 slashing damage (vs KAC 30): incorporeal: immune to nonmagical kinetic attacks (magic, "
        "energy: half; force, incorporeal, ghost killer: full)",
        "Hallajin takes 30 slashing damage (vs KAC 30): incorporeal: half from energy and magic (30→15); HP 265→250",
        "Hallajin takes 30 electricity damage (vs EAC 31): incorporeal: half from energy and magic (30→15); "
        "vulnerable to electricity: 15→22; HP 250→228",
        "Predator swarm takes 10 piercing damage (vs KAC 14): swarm: immune to attacks that target a single "
        "creature (area: +50%; line, automatic: full)",
        "Predator swarm takes 10 fire damage (vs EAC 12): swarm: half again as much from an area effect (10→15); "
        "HP 25→10",
        "Predator swarm is a swarm: immune to Prone"]
    assert (t.c("Shobhad").life, t.hp("Hallajin"), t.hp("Predator swarm")) == ("dead", 228, 10)
    seen = players_said(t)
    assert "Shobhad loses more HP while fighting on with ferocity and dies" in seen
    assert "Predator swarm is a swarm: immune to Prone" in seen
    assert not no_foe_numbers(t, FOES_SF)
