"""Starfinder's `attack`: the stat block's attack against EAC or KAC as the target is now
(docs/rulesets/starfinder.md §3.17; the compact form: docs/sheets.md#attacks).

Dice are queued in the order they are rolled: the d20, the damage dice (twice on a critical),
a critical effect's dice, a d% for a miss chance."""

from __future__ import annotations

import re

import pytest
from conftest import Table

from gm_console.engine.views import players_filter as pv
from gm_console.engine.core.errors import GMError
from gm_console.i18n import render

KYRA = "add Kyra pc sp=30 hp=30 eac=14 kac=16"
KSARIK = ('add Ksarik hp=20 atk="bite +9 1d6+4 P critical bleed 1d4; '
          'laser pistol +7 1d4+2 F range 80 critical burn 1d6; shock +5 1d6 E kac; claws +9/+4 1d4+2 S&P"')


def sf(*more: str, **options) -> Table:
    t = Table("starfinder", options=options or None)
    t.do(KYRA, KSARIK, *more)
    return t


def last(t: Table, n: int = 1) -> list[str]:
    return [re.sub(r" \[starfinder\.md [^\]]*\]$", "", s) for s in t.said()[-n:]]


def test_energy_against_eac_kinetic_against_kac():
    """starfinder.md §3.17.2: the laser pistol (fire) targets EAC 14, the bite (piercing) KAC 16:
    8 + 7 = 15 hits EAC and the same 15 misses KAC."""
    t = sf()
    t.rolls(8, 2).do("attack Ksarik Kyra laser")
    assert last(t, 2) == ["Ksarik attacks Kyra with its laser pistol: hit, 4 fire "
                          "(8 +7 laser pistol = 15 vs EAC 14; 1d4+2 (4))",
                          "Kyra takes 4 fire damage (vs EAC 14): SP 30→26"]
    t.rolls(6).do("attack Ksarik Kyra bite")
    assert last(t) == ["Ksarik attacks Kyra with its bite: miss (6 +9 bite = 15 vs KAC 16)"]


def test_the_attack_may_say_its_ac_and_two_kinetic_types_stay_kac():
    """starfinder.md §3.17.2: `kac` on an electricity attack; S&P is kinetic."""
    t = sf()
    t.rolls(12, 3).do("attack Ksarik Kyra shock")
    assert "vs KAC 16" in last(t, 2)[0]
    t.rolls(7, 1).do("attack Ksarik Kyra claws")
    assert "vs KAC 16" in last(t, 2)[0] and t.hp("Kyra", "sp") == 30 - 3 - 3


def test_a_flat_footed_target_is_two_lower_on_both():
    """starfinder.md §3.17.2 (§3.6): flat-footed -2 to EAC and KAC; the bite's 15 now hits KAC 14."""
    t = sf("cond Kyra flat-footed")
    t.rolls(6, 3).do("attack Ksarik Kyra bite")
    assert last(t, 2)[0] == ("Ksarik attacks Kyra with its bite: hit, 7 piercing "
                             "(6 +9 bite = 15 vs KAC 14 (-2 flat-footed); 1d6+4 (7))")


def test_prone_target_against_melee_and_ranged():
    """starfinder.md §3.17.2: prone, -4 AC against melee, +4 against ranged."""
    t = sf("cond Kyra prone")
    t.rolls(3, 3).do("attack Ksarik Kyra bite")
    assert "(3 +9 bite = 12 vs KAC 12 (-4 prone vs melee)" in last(t, 2)[0]
    t.rolls(10).do("attack Ksarik Kyra laser")
    assert last(t) == ["Ksarik attacks Kyra with its laser pistol: miss (10 +7 laser pistol = 17 vs EAC 18 "
                       "(+4 prone vs ranged))"]


def test_a_natural_20_doubles_the_damage_and_bleeds():
    """starfinder.md §3.17.3: natural 20: damage twice (3+4 and 2+4 = 13), stamina first; bleed 1d4
    rolled 3 gives bleeding 3."""
    t = sf()
    t.rolls(20, 3, 2, 3).do("attack Ksarik Kyra bite")
    assert last(t, 3) == [
        "Ksarik attacks Kyra with its bite: critical hit (x2), 13 piercing (20 +9 bite = 29 vs KAC 16; 1d6+4 x2 (7+6))",
        "Kyra takes 13 piercing damage (vs KAC 16): SP 30→17",
        "Ksarik's critical effect on Kyra: bleed 1d4"]
    assert [(i.cond, i.value) for i in t.c("Kyra").conditions] == [("bleeding", 3)]


def test_a_natural_20_burns_and_a_natural_1_misses():
    t = sf("set Kyra eac=40")
    t.rolls(20, 1, 1).do("attack Ksarik Kyra laser")
    assert [(i.cond, i.value) for i in t.c("Kyra").conditions] == [("burning", 1)]
    t.do("set Kyra kac=2")
    t.rolls(1).do("attack Ksarik Kyra bite")
    assert last(t) == ["Ksarik attacks Kyra with its bite: natural 1, miss (1 +9 bite = 10 vs KAC 2)"]


def test_off_target_and_stamina_then_hp_in_a_full_attack():
    """starfinder.md §3.17.1: off-target -2 on every attack; a full attack rolls +9 then +4."""
    t = sf("cond Ksarik off-target", "set Kyra sp=5")
    t.rolls(10, 4, 12, 4).do("attack Ksarik Kyra claws full")
    assert last(t, 3) == [
        "Ksarik attacks Kyra with its claws: hit, 6 slashing and piercing (10 +9 claws -2 off-target = 17 vs KAC 16; "
        "1d4+2 (6))", "Kyra takes 6 slashing, piercing damage (vs KAC 16): SP 5→0, HP 30→29",
        "Ksarik attacks Kyra with its claws: miss (12 +4 claws -2 off-target = 14 vs KAC 16)"]
    assert (t.hp("Kyra", "sp"), t.hp("Kyra")) == (0, 29)


def test_the_targets_concealment_rolls_its_miss_chance():
    """starfinder.md §3.17.4: concealment, a hit misses on d% 1-20."""
    t = sf("cond Kyra concealment")
    t.rolls(15, 12).do("attack Ksarik Kyra bite")
    assert last(t)[0].startswith("Ksarik attacks Kyra with its bite: miss (20% miss chance)")
    t.rolls(15, 21, 3).do("attack Ksarik Kyra bite")
    assert t.hp("Kyra", "sp") == 23


def test_refusals_and_one_undo():
    t = sf()
    with pytest.raises(GMError) as err:
        t.do("attack Ksarik Kyra rifle")
    assert "its attacks: bite, laser pistol, shock, claws" in render(err.value.message, "en")
    t.rolls(10, 3).do("atacar Ksarik Kyra bite")
    t.do("undo")
    assert t.hp("Kyra", "sp") == 30


def test_the_players_read_the_outcome_not_the_foes_bonus():
    t = sf()
    t.rolls(8, 2).do("attack Ksarik Kyra laser")
    said = [ln.text for ln in pv.lines(t.session.done, t.session.ruleset, t.state.options, "en")]
    assert "Ksarik attacks Kyra with its laser pistol: hit, 4 fire" in said
    assert not any("+7" in s for s in said)


def test_show_json_names_the_ac_each_attack_targets_and_its_bonus_now():
    """docs/json.md; starfinder.md §3.17.2: the laser targets EAC, the bite KAC; off-target -2."""
    from gm_console.engine.views.export import state_dict

    t = sf("cond Ksarik off-target")
    ksarik = next(c for c in state_dict(t.state, t.session.ruleset)["combatants"] if c["id"] == "ksarik")
    assert [(a["name"], a["defence"], a["bonus"]) for a in ksarik["attacks"]] == [
        ("bite", "kac", [7]), ("laser pistol", "eac", [5]), ("shock", "kac", [3]), ("claws", "kac", [7, 2])]
    assert ksarik["attacks"][1]["critical"] == "burn 1d6"


def test_range_increments_minus_2_each_beyond_the_first_ten_at_most_thrown_too():
    """starfinder.md §3.17.6: the laser pistol's 80 ft increment: at 90 ft -2, at 161 ft -4; ten
    increments for every weapon (the seed), a thrown grenade too; beyond, refused."""
    t = sf('set Ksarik atk="laser pistol +7 1d4+2 F range 80; frag grenade +7 1d6 P range 20"')
    t.rolls(8).do("attack Ksarik Kyra laser at 90")
    assert last(t) == ["Ksarik attacks Kyra with its laser pistol: miss (8 +7 laser pistol -2 range 90 ft = 13 vs EAC 14)"]
    t.rolls(8).do("attack Ksarik Kyra laser at 161")
    assert "-4 range 161 ft = 11 vs EAC 14" in last(t)[0]
    t.rolls(3).do("attack Ksarik Kyra grenade at 200")
    assert "-18 range 200 ft" in last(t)[0]
    for line in ("attack Ksarik Kyra laser at 801", "attack Ksarik Kyra grenade at 201"):
        with pytest.raises(GMError) as err:
            t.do(line)
        assert "maximum range (10 increments of" in render(err.value.message, "en")
    assert t.hp("Kyra") == 30


def offered(t: Table, lang: str = "en") -> list[tuple[str, str | None]]:
    return [(p.render(lang), p.command) for p in t.session.ruleset.warnings(t.state)
            if "critical" in p.render("en") or "crítico" in p.render("es") or "hit" in p.render("en")]


def test_critical_effects_that_ask_a_save_are_offered_with_the_condition_to_put_on():
    """starfinder.md §3.17.7: staggered (Fortitude or staggered 1 round), deafen (Fortitude or
    deafened 1d4 minutes, rolled), blind (Reflex or blinded 1d3 rounds): the save is the player's, so
    the condition is offered (`cond`), never put on; running it ends the offer."""
    t = sf('set Ksarik atk="stunner +7 1d4 E critical staggered; horn +9 1d6 So critical deafen; '
           'flash +5 1d4 F critical blind"')
    t.rolls(20, 1, 1).do("attack Ksarik Kyra stunner")
    assert offered(t) == [("Kyra: a Fortitude save against Ksarik's critical, or staggered for 1 round",
                           "cond Kyra staggered 1")]
    assert not t.c("Kyra").has("staggered")
    t.rolls(20, 1, 1, 3).do("attack Ksarik Kyra horn")
    assert offered(t)[1] == ("Kyra: a Fortitude save against Ksarik's critical, or deafened for 3 minutes",
                             "cond Kyra deafened 3m")
    assert offered(t, "es")[1][0] == "Kyra: una salvación de Fortaleza contra el crítico de Ksarik, o sordo durante 3 minutos"
    t.do("cond Kyra staggered 1")
    assert [o[1] for o in offered(t)] == ["cond Kyra deafened 3m"] and t.c("Kyra").has("staggered")
    t.rolls(20, 1, 1, 2).do("attack Ksarik Kyra flash")
    assert offered(t)[-1] == ("Kyra: a Reflex save against Ksarik's critical, or blinded for 2 rounds",
                              "cond Kyra blinded 2")
    assert not [p for p in pv.pending(t.state, t.session.ruleset) if "critical" in p.render("en")]


def test_arc_corrode_and_wound_are_offered_for_the_gm():
    """starfinder.md §3.17.7: arc 1d6 (the creature nearest the target within 10 ft takes it, the
    weapon's type), corrode 1d4 (acid as burning), wound (the GM's d20 on the wounding table)."""
    t = sf('set Ksarik atk="arc pistol +7 1d4 E critical arc 1d6; acid dart +7 1d4 A critical corrode 1d4; '
           'axe +9 1d8 S critical wound"')
    t.rolls(20, 1, 1).do("attack Ksarik Kyra arc")
    t.rolls(20, 1, 1).do("attack Ksarik Kyra acid")
    t.rolls(20, 1, 1).do("attack Ksarik Kyra axe")
    assert offered(t) == [
        ("Ksarik's critical arcs from Kyra: 1d6 electricity damage to the creature nearest it within 10 ft "
         "(dmg NAME 1d6 electricity)", None),
        ("Ksarik's critical corrodes Kyra: 1d4 acid damage at the start of their turns, as burning deals fire", None),
        ("Ksarik's critical wounds Kyra: a d20 on the wounding weapons table", "r 1d20 wound")]


def test_plus_poison_offers_the_attackers_own_poison_on_a_hit():
    """starfinder.md §3.17.7, §3.15: `plus poison` offers `poison Kyra from Ksarik` when Ksarik has poison=."""
    t = sf('set Ksarik poison="dc=13 track=dex every=round for=6 cure=2" atk="sting +9 1d4 P plus poison"')
    t.rolls(15, 2).do("attack Ksarik Kyra")
    assert offered(t) == [("Ksarik hit Kyra with its sting: its poison", "poison Kyra from Ksarik")]


def test_a_nonlethal_energy_weapon_targets_eac_and_says_its_damage_is_nonlethal():
    """starfinder.md §3.17.2 and §3.3.4: the stat block's "1d4+1 E nonlethal" (the bestiary's data
    writes `plus nonlethal`) is electricity, so it targets EAC 14 (KAC 16 would make 15 a miss),
    and the damage is nonlethal."""
    t = sf('set Ksarik atk="pulsecaster pistol +7 1d4+1 E range 30 plus nonlethal"')
    t.rolls(8, 3).do("attack Ksarik Kyra pulsecaster")
    assert last(t, 2) == ["Ksarik attacks Kyra with its pulsecaster pistol: hit, 4 electricity (nonlethal) "
                          "(8 +7 pulsecaster pistol = 15 vs EAC 14; 1d4+1 (4))",
                          "Kyra takes 4 electricity, nonlethal damage (vs EAC 14): SP 30→26"]
    said_es = [e.text("es") for e in t.session.done[-1].events if e.kind == "Said"]
    assert "impacta, 4 de electricidad (no letal)" in said_es[0]


def test_plus_nonlethal_is_the_damage_type_not_a_rider():
    from gm_console.engine.core import attacks

    a = attacks.parse("taclash +5 1d4+3 S reach 10 plus nonlethal plus trip")
    assert (a.types, a.riders, a.energy) == (("slashing", "nonlethal"), ("trip",), False)
    assert attacks.parse(a.text) == a


def test_an_attack_on_its_own_turn_is_its_standard_action_a_full_attack_its_full_action():
    """starfinder.md §3.2: the verbs spend the actor's actions on its own turn; a second attack
    is over the budget and still resolves, with a line saying so."""
    t = sf("init Kyra 5", "init Ksarik 20", "start")
    t.rolls(8, 2).do("attack Ksarik Kyra laser")
    assert t.said()[-3] == "Ksarik uses a standard action (attack); left: move, swift"
    t.rolls(8, 2).do("attack Ksarik Kyra laser")
    assert t.said()[-3] == ("Over the action budget: Ksarik has no standard action left this turn (standard); "
                            "left: move, swift; attack counted anyway")
    t.do("undo", "undo")
    t.rolls(1, 1).do("attack Ksarik Kyra claws full")
    assert t.said()[-3].startswith("Ksarik uses a full action (full attack); left: none")
