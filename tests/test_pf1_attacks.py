"""Pathfinder's `attack`: the stat block's attack rolled, resolved and applied in one action
(docs/rulesets/pathfinder1e.md §1.19; the compact form: docs/sheets.md#attacks).

Dice are queued in the order they are rolled: the d20, a confirmation d20 on a threat, the
damage dice (once per multiplier), a d% for a miss chance."""

from __future__ import annotations

import re

import pytest
from conftest import Table

from gm_console.engine.views import players_filter as pv
from gm_console.engine.core.errors import GMError
from gm_console.engine.views.export import play_log
from gm_console.i18n import render

KYRA = "add Kyra pc hp=30 ac=16 touch=12 ff=14 dex=14"          # Dex +2 in her AC
GOBLIN = 'add Goblin hp=6 atk="short sword +2 1d4 19-20/x2 slashing; short bow +4 1d4 x3 piercing range 60"'
FIGHTER = 'add Fighter hp=40 str=16 atk="longsword +7/+2 1d8+3 19-20/x2 slashing; touch of fire +5 1d6 fire touch"'


def pf(*more: str, **options) -> Table:
    t = Table("pathfinder1e", options=options or None)
    t.do(KYRA, GOBLIN, FIGHTER, *more)
    return t


def last(t: Table, n: int = 1) -> list[str]:
    return [re.sub(r" \[pathfinder1e\.md [^\]]*\]$", "", s) for s in t.said()[-n:]]


def test_a_hit_names_the_roll_the_ac_and_the_damage_and_takes_the_hp():
    """pathfinder1e.md §1.19: d20 + the weapon's bonus vs AC; on a hit the weapon's damage is dealt."""
    t = pf()
    t.rolls(17, 3).do("attack Goblin Kyra")
    assert last(t, 2) == ["Goblin attacks Kyra with its short sword: hit, 3 slashing "
                          "(17 +2 short sword = 19 vs AC 16; 1d4 (3))", "Kyra takes 3 damage: HP 30 -> 27"]
    t.rolls(11).do("attack Goblin Kyra bow")
    assert last(t) == ["Goblin attacks Kyra with its short bow: miss (11 +4 short bow = 15 vs AC 16)"]
    assert t.hp("Kyra") == 27


def test_a_critical_threat_confirmed_multiplies_dice_and_bonus():
    """pathfinder1e.md §1.19.1: a natural 19 with a 19-20 weapon that hits threatens; the confirmation
    roll hits the same AC: the damage is rolled twice, dice and Str alike (4+3 and 6+3 = 16)."""
    t = pf()
    t.rolls(19, 12, 4, 6).do("attack Fighter Kyra")
    assert last(t, 2) == [
        "Fighter attacks Kyra with its longsword: critical hit (x2), 16 slashing (19 +7 longsword = 26 vs AC 16; "
        "confirmation 12 = 19: confirmed; 1d8+3 x2 (7+9))", "Kyra takes 16 damage: HP 30 -> 14"]


def test_a_critical_threat_not_confirmed_is_a_plain_hit():
    """pathfinder1e.md §1.19.1: the confirmation roll misses AC 16 (2 + 7 = 9): normal damage."""
    t = pf()
    t.rolls(20, 2, 4).do("attack Fighter Kyra")
    assert last(t, 2)[0].startswith("Fighter attacks Kyra with its longsword: hit, critical not confirmed, 7 slashing "
                                 "(20 +7 longsword = 27 vs AC 16; confirmation 2 = 9: not confirmed; 1d8+3 (7))")
    assert t.hp("Kyra") == 23


def test_a_natural_1_misses_whatever_the_total_and_a_natural_20_hits():
    """pathfinder1e.md §1.19: a natural 1 always misses, a natural 20 always hits."""
    t = pf("set Kyra ac=5 touch=5 ff=5")
    t.rolls(1).do("attack Fighter Kyra")
    assert last(t) == ["Fighter attacks Kyra with its longsword: natural 1, miss (1 +7 longsword = 8 vs AC 5)"]
    assert t.hp("Kyra") == 30
    t.do("set Kyra ac=40")
    t.rolls(20, 1, 3).do("attack Goblin Kyra")
    assert last(t, 2)[0].startswith("Goblin attacks Kyra with its short sword: hit, critical not confirmed, 3 slashing")


def test_a_full_attack_whose_second_iterative_misses():
    """pathfinder1e.md §1.19.2: a full attack makes one attack per iterative bonus, in order:
    +7 hits AC 16 with 10, +2 misses it with 10."""
    t = pf()
    t.rolls(10, 5, 10).do("attack Fighter Kyra full longsword")
    assert last(t, 3) == [
        "Fighter attacks Kyra with its longsword: hit, 8 slashing (10 +7 longsword = 17 vs AC 16; 1d8+3 (8))",
        "Kyra takes 8 damage: HP 30 -> 22",
        "Fighter attacks Kyra with its longsword: miss (10 +2 longsword = 12 vs AC 16)"]
    assert len(t.session.done) == 4  # one action: one undo
    t.do("undo")
    assert t.hp("Kyra") == 30


def test_a_full_attack_runs_every_natural_attack_and_stops_at_a_fallen_target():
    """pathfinder1e.md §1.19.2: 2 claws and a bite, in order; `stop`: no more rolls once the target falls."""
    t = Table("pathfinder1e")
    t.do("add Kyra pc hp=5 ac=10", 'add Wolf hp=13 atk="2 claws +3 1d4+1 S; bite +3 1d6+1 P plus trip"')
    t.rolls(15, 4, 15, 3).do("attack Wolf Kyra full stop")
    said = last(t, 7)
    assert said[0] == "Wolf attacks Kyra with its claws: hit, 5 slashing (15 +3 claws = 18 vs AC 10; 1d4+1 (5))"
    assert said[3].startswith("Wolf attacks Kyra with its claws: hit, 4 slashing")
    assert said[-1] == "Wolf stops: Kyra is down" and not any("bite" in s for s in said)
    assert t.c("Kyra").life == "dying"
    t.do("undo", "set Kyra hp=40/40")
    t.rolls(15, 1, 15, 1, 15, 1).do("attack Wolf Kyra full")
    bites = [s for s in t.said() if "with its bite" in s]
    assert bites[-1].startswith("Wolf attacks Kyra with its bite: hit, 2 piercing, plus trip")


def test_a_flat_footed_target_loses_its_dex_to_ac():
    """pathfinder1e.md §1.19 (§1.1.4): flat-footed, Kyra's AC 16 is 14 without her Dex +2: 14 hits."""
    t = pf("cond Kyra flat-footed")
    t.rolls(12, 2).do("attack Goblin Kyra")
    assert last(t, 2)[0] == ("Goblin attacks Kyra with its short sword: hit, 2 slashing "
                             "(12 +2 short sword = 14 vs AC 14 (-2 Dex (flat-footed)); 1d4 (2))")
    assert t.hp("Kyra") == 28


def test_a_prone_target_is_easier_in_melee_and_harder_at_range():
    """pathfinder1e.md §1.19: prone, -4 AC against melee, +4 against ranged."""
    t = pf("cond Kyra prone")
    t.rolls(10, 2).do("attack Goblin Kyra sword")
    assert last(t, 2)[0] == ("Goblin attacks Kyra with its short sword: hit, 2 slashing "
                             "(10 +2 short sword = 12 vs AC 12 (-4 prone vs melee); 1d4 (2))")
    t.rolls(15).do("attack Goblin Kyra bow")
    assert last(t) == ["Goblin attacks Kyra with its short bow: miss (15 +4 short bow = 19 vs AC 20 "
                       "(+4 prone vs ranged))"]


def test_the_attacker_as_it_is_now():
    """pathfinder1e.md §1.19: the stat block's bonus plus what weighs on the attacker now: shaken -2,
    dazzled -1, two negative levels -2, flanking +2, +N."""
    t = pf("set Goblin hd=4 hp=30/30", "cond Goblin shaken", "cond Goblin dazzled", "cond Goblin energy-drained:2")
    t.rolls(15).do("attack Goblin Kyra flank +1")
    assert last(t)[0].startswith("Goblin attacks Kyra with its short sword: miss (15 +2 short sword ")
    assert "-2 shaken" in last(t)[0] and "-1 dazzled" in last(t)[0] and "-2 energy drained 2" in last(t)[0]
    assert "+2 flanking +1 other = 15 vs AC 16" in last(t)[0]


def test_a_prone_attacker_and_a_charge():
    """pathfinder1e.md §1.19, §1.2: prone, -4 in melee; `charge` charges first: +2, and -2 AC after."""
    t = pf("cond Goblin prone")
    t.rolls(15).do("attack Goblin Kyra")
    assert "-4 prone" in last(t)[0]
    t = pf()
    t.rolls(12, 1).do("attack Goblin Kyra charge")
    assert t.c("Goblin").has("charging")
    assert "12 +2 short sword +2 charging = 16 vs AC 16" in t.said()[-2]


def test_a_touch_attack_against_touch_ac_and_a_helpless_target():
    """pathfinder1e.md §1.19: a touch attack targets touch AC (12); melee against the helpless +4."""
    t = pf()
    t.rolls(8, 3).do("attack Fighter Kyra touch")
    assert last(t, 2)[0] == ("Fighter attacks Kyra with its touch of fire: hit, 3 fire "
                             "(8 +5 touch of fire = 13 vs touch AC 12; 1d6 (3))")


def test_damage_goes_through_damage_reduction_and_nonlethal():
    """pathfinder1e.md §1.13: the hit's damage is the game's damage: DR 5/magic takes 5 of 8."""
    t = pf("add Golem hp=40 ac=10 dr=5/magic", 'add Thug hp=10 atk="sap +3 1d6 B nonlethal"')
    t.rolls(15, 5).do("attack Fighter Golem")
    assert t.hp("Golem") == 37
    t.rolls(15, 4).do("attack Thug Kyra")
    assert t.c("Kyra").pools["nl"].value == 4 and t.hp("Kyra") == 30


def test_concealment_rolls_the_miss_chance_on_a_hit():
    """pathfinder1e.md §1.19.3: total concealment, a hit misses on d% 1-50."""
    t = pf()
    t.rolls(15, 30).do("attack Goblin Kyra total-concealment")
    assert last(t)[0].startswith("Goblin attacks Kyra with its short sword: miss (50% miss chance)")
    t.rolls(15, 80, 2).do("attack Goblin Kyra ocultacion-total")
    assert t.hp("Kyra") == 28
    t.do("cond Goblin blinded")
    t.rolls(15, 10).do("attack Goblin Kyra")
    assert "miss (50% miss chance)" in last(t)[0] and t.hp("Kyra") == 28


def test_several_targets_one_attack_each():
    t = pf("add Valeros pc hp=20 ac=10")
    t.rolls(15, 2, 15, 3).do("attack Goblin Kyra,Valeros")
    assert (t.hp("Kyra"), t.hp("Valeros")) == (28, 17)


@pytest.mark.parametrize("line,words", [
    ("attack Goblin Kyra axe", "Goblin has no attack 'axe'; its attacks: short sword, short bow"),
    ("attack Kyra Goblin", "Kyra has no attacks in their stat block"),
    ("attack Goblin Goblin", "cannot attack itself"),
    ("attack Goblin Kyra 25", "ROLL is a natural d20 (1-20)"),
])
def test_refusals_change_nothing(line, words):
    t = pf()
    before = len(t.session.done)
    with pytest.raises(GMError) as err:
        t.do(line)
    assert words in render(err.value.message, "en")
    assert len(t.session.done) == before and t.hp("Kyra") == 30


def test_a_dead_or_removed_target_is_refused():
    t = pf("add Rat hp=1")
    t.do("dmg Rat 20")
    assert t.c("Rat").life == "dead"
    with pytest.raises(GMError) as err:
        t.do("attack Goblin Rat")
    assert "Rat is already dead" in render(err.value.message, "en")
    t.do("remove Rat")
    with pytest.raises(GMError):
        t.do("attack Goblin Rat")


def test_the_natural_d20_typed_and_the_spanish_verb():
    """The die rolled at the table: `ataca Goblin Kyra 17` (then the damage is rolled)."""
    t = pf()
    t.rolls(3).do("ataca Goblin Kyra sword 17")
    assert last(t, 2)[0].startswith("Goblin attacks Kyra with its short sword: hit, 3 slashing (17 +2")
    t.rolls(2).do("atacar Goblin Kyra arco 15")  # a weapon's Spanish name finds the printed one
    assert last(t, 2)[0].startswith("Goblin attacks Kyra with its short bow: hit, 2 piercing (15 +4")


# --- what the players read (docs/players.md) -----------------------------------------------------


def players_said(t: Table, lang: str = "en") -> list[str]:
    return [ln.text for ln in pv.lines(t.session.done, t.session.ruleset, t.state.options, lang)]


def test_the_players_read_the_outcome_never_a_foes_numbers():
    t = pf()
    t.rolls(17, 3).do("attack Goblin Kyra")
    said = players_said(t)
    assert "Goblin attacks Kyra with its short sword: hit, 3 slashing" in said
    assert not any("+2 short sword" in s for s in said)
    es = players_said(t, "es")
    assert any(s.startswith("Goblin ataca a Kyra con su espada corta: impacta, 3 cortante") for s in es)
    gm_es = play_log(t.session.done, t.state, t.session.ruleset, lang="es")
    assert "(17 +2 espada corta = 19 contra CA 16; 1d4 (3))" in gm_es


def test_the_tables_option_shows_the_players_the_roll():
    """docs/sheets.md#attacks: option players_attack_rolls: the players read the d20 and the total."""
    t = pf(players_attack_rolls=True)
    t.rolls(17, 3).do("attack Goblin Kyra")
    assert "Goblin attacks Kyra with its short sword: hit, 3 slashing (d20 17, total 19)" in players_said(t)


# --- show --json (docs/json.md) -------------------------------------------------------------------


def test_show_json_lists_the_attacks_with_their_bonus_now():
    """docs/json.md: each combatant's attacks, the printed bonus and the bonus with its conditions."""
    from gm_console.engine.views.export import state_dict

    t = pf("cond Goblin shaken", "cond Fighter prone", 'set Kyra atk="rapier +5 1d6+1 18-20 P"')
    by_id = {c["id"]: c for c in state_dict(t.state, t.session.ruleset)["combatants"]}
    sword, bow = by_id["goblin"]["attacks"]
    assert (sword["name"], sword["printed"], sword["bonus"], sword["crit"], sword["defence"]) == \
        ("short sword", [2], [0], "19-20/x2", "ac")
    assert (bow["bonus"], bow["kind"], bow["range"], bow["crit"]) == ([2], "ranged", "60", "x3")
    longsword, touch = by_id["fighter"]["attacks"]
    assert (longsword["printed"], longsword["bonus"], touch["defence"]) == ([7, 2], [3, -2], "touch")
    players = {c["id"]: c for c in state_dict(t.state, t.session.ruleset, players=True)["combatants"]}
    assert players["kyra"]["attacks"][0]["bonus"] == [5] and players["goblin"]["attacks"] == []


def test_the_players_read_their_own_attack_on_a_foe_without_the_foes_numbers():
    """docs/players.md: the foe's AC and its damage taken stay the GM's (a health word reaches them)."""
    t = pf('set Kyra atk="rapier +5 1d6+1 18-20 P"', "set Goblin hp=20/20")
    t.rolls(15, 4).do("attack Kyra Goblin")
    assert "Kyra attacks Goblin with their rapier: hit, piercing" in players_said(t)
    assert "Kyra ataca a Goblin con su estoque: impacta, perforante" in players_said(t, "es")


def test_an_attacker_that_cannot_act_is_refused_and_a_disabled_one_strains():
    """pathfinder1e.md §1.19, §1.4: no actions (stunned), no attack; disabled, 1 HP after it."""
    t = pf("cond Goblin stunned")
    with pytest.raises(GMError) as err:
        t.do("attack Goblin Kyra")
    assert "Goblin cannot attack: no actions (stunned)" in render(err.value.message, "en")
    t = pf("set Fighter hp=0", "init Fighter 20", "init Kyra 10", "init Goblin 5", "start")
    assert t.c("Fighter").life == "disabled"
    t.rolls(2).do("attack Fighter Kyra")
    assert t.hp("Fighter") == -1


def test_a_creature_immune_to_critical_hits_takes_a_threat_as_a_hit():
    """pathfinder1e.md §1.19.1, §1.13: immune=critical, no confirmation roll, normal damage."""
    t = pf("add Skeleton hp=20 ac=14 immune=critical")
    t.rolls(19, 4).do("attack Fighter Skeleton")
    assert last(t, 2)[0] == ("Fighter attacks Skeleton with its longsword: hit, 7 slashing "
                             "(19 +7 longsword = 26 vs AC 14; Skeleton is immune to critical hits; 1d8+3 (7))")
    assert t.hp("Skeleton") == 13


def test_extra_damage_riders_are_rolled_apart_and_never_multiplied():
    """pathfinder1e.md §1.19.1: a flaming weapon's 1d6 fire and sneak attack's precision dice are not
    multiplied on a critical: 1d6+1 twice (5+6), then 1d6 fire (3) and 2d6 precision (2+3) once each."""
    t = pf("add Rogue hp=20 atk=\"flaming rapier +6 1d6+1 18-20 P plus 1d6 fire plus 2d6 precision plus trip\"",
           "add Shade hp=40 ac=10 immune=precision")
    t.rolls(18, 15, 4, 5, 3, 2, 3).do("attack Rogue Kyra")
    assert last(t, 4) == [
        "Rogue attacks Kyra with its flaming rapier: critical hit (x2), 11 piercing, plus 1d6 fire; plus 2d6 "
        "precision; plus trip (18 +6 flaming rapier = 24 vs AC 16; confirmation 15 = 21: confirmed; 1d6+1 x2 (5+6); "
        "plus 1d6 (3); plus 2d6 (5))",
        "Kyra takes 11 damage: HP 30 -> 19", "Kyra takes 3 damage: HP 19 -> 16", "Kyra takes 5 damage: HP 16 -> 11"]
    t.rolls(10, 3, 3, 2, 3).do("attack Rogue Shade")
    assert t.hp("Shade") == 40 - 4 - 3


def test_a_full_attack_moves_to_the_next_target_when_the_first_falls():
    """pathfinder1e.md §1.19.2: the longsword's +7 drops the goblin (6 HP), the +2 goes to Kyra."""
    t = pf()
    t.rolls(15, 8, 15, 2).do("attack Fighter Goblin,Kyra full longsword")
    said = [s for s in t.said() if s.startswith("Fighter attacks")]
    assert [s.split(":")[0] for s in said[-2:]] == ["Fighter attacks Goblin with its longsword",
                                                     "Fighter attacks Kyra with its longsword"]
    assert t.c("Goblin").life == "dying" and t.hp("Kyra") == 25


# --- range increments (pathfinder1e.md §1.19.4) ---------------------------------------------------


def test_beyond_the_first_range_increment_each_full_increment_is_minus_2():
    """pathfinder1e.md §1.19.4: the short bow's 60 ft increment: at 60 no penalty, at 70 -2,
    at 121 -4 (each full increment beyond the first); Spanish `a 70` says the same."""
    t = pf()
    t.rolls(12, 1).do("attack Goblin Kyra bow at 60")
    assert last(t, 2)[0] == "Goblin attacks Kyra with its short bow: hit, 1 piercing (12 +4 short bow = 16 vs AC 16; 1d4 (1))"
    t.rolls(12).do("attack Goblin Kyra bow at 70")
    assert last(t) == ["Goblin attacks Kyra with its short bow: miss (12 +4 short bow -2 range 70 ft = 14 vs AC 16)"]
    t.rolls(12).do("ataca Goblin Kyra arco a 121")
    assert last(t) == ["Goblin attacks Kyra with its short bow: miss (12 +4 short bow -4 range 121 ft = 12 vs AC 16)"]
    said = [e for entry in t.session.done for e in entry.events if e.kind == "Said"][-1]
    assert "-4 distancia 121 pies = 12 contra CA 16" in said.text("es")


def test_beyond_ten_increments_or_five_thrown_the_attack_is_refused():
    """pathfinder1e.md §1.19.4: a projectile weapon reaches 10 increments (600 ft for the short bow),
    a thrown one 5 (150 ft for a 30 ft javelin); refused before anything is rolled."""
    t = pf('set Goblin atk="short bow +4 1d4 x3 piercing range 60; javelin +3 1d6 P range 30"')
    before = len(t.session.done)
    t.rolls(12).do("attack Goblin Kyra bow at 600")
    assert "-18 range 600 ft" in last(t)[0]
    for line, why in (("attack Goblin Kyra bow at 601", "601 ft is beyond the short bow's maximum range "
                                                        "(10 increments of 60 ft = 600 ft)"),
                      ("attack Goblin Kyra javelin at 151", "151 ft is beyond the javelin's maximum range "
                                                            "(5 increments of 30 ft = 150 ft)"),
                      ("attack Goblin Kyra bow at", "at takes the distance in feet, like at 70")):
        with pytest.raises(GMError) as err:
            t.do(line)
        assert why in render(err.value.message, "en") and err.value.param == "distance"
    assert len(t.session.done) == before + 1 and t.hp("Kyra") == 30


def test_a_melee_attack_ignores_the_distance_and_notes_its_reach_for_the_gm():
    """pathfinder1e.md §1.19.4: reach is noted, not enforced; no range penalty in melee."""
    t = pf('set Goblin atk="spear +3 1d8 x3 P reach 5"')
    t.rolls(13, 2).do("attack Goblin Kyra at 10")
    lines = last(t, 3)
    assert lines[0] == "Goblin's spear reaches 5 ft and the target is 10 ft away (the GM's call)"
    assert lines[1].startswith("Goblin attacks Kyra with its spear: hit, 2 piercing (13 +3 spear = 16 vs AC 16")
    players = players_said(t)
    assert not any("reaches" in s for s in players) and "Goblin attacks Kyra with its spear: hit" in players[-2]


def test_two_miss_chances_of_the_same_size_roll_one():
    """pathfinder1e.md §1.19.3: a blinded attacker against a target with total concealment: 50%,
    rolled once (only the largest chance is rolled)."""
    t = pf("cond Goblin blinded")
    t.rolls(15, 80, 2).do("attack Goblin Kyra total-concealment")
    assert last(t, 2)[0].startswith("Goblin attacks Kyra with its short sword: hit, 2 slashing")


# --- riders offered (pathfinder1e.md §1.19.5) -----------------------------------------------------


def offers(t: Table) -> list[tuple[str, str | None]]:
    return [(p.render("en"), p.command) for p in t.session.ruleset.warnings(t.state) if p.command or "critical" in
            p.render("en")]


def test_plus_grab_and_plus_trip_offer_the_free_maneuver_on_a_hit_never_doing_it():
    """pathfinder1e.md §1.19.5: a hit with `plus grab` offers a free grapple check at +4 (the
    Bestiary's grab), `plus trip` a free trip; a miss offers nothing; running it ends the offer."""
    t = pf('add Wolf hp=13 cmb=2 atk="bite +2 1d6+1 P plus trip"',
           'set Goblin atk="2 claws +7 1d6+5 slashing plus grab" cmb=4')
    t.rolls(3).do("attack Goblin Kyra")
    assert offers(t) == []
    t.rolls(15, 2, 15, 3).do("attack Goblin Kyra full")
    assert offers(t) == [("Goblin hit Kyra with its claws: grab, a free grapple check at +4",
                          "maneuver Goblin Kyra grapple +4")]
    assert not any(c.has("grappled") for c in t.state.combatants.values())
    assert not [p for p in pv.pending(t.state, t.session.ruleset) if "grab" in p.render("en")]  # the GM's
    t.rolls(15, 4).do("attack Wolf Kyra")
    assert ("Wolf hit Kyra with its bite: trip, a free trip attempt", "maneuver Wolf Kyra trip") in offers(t)
    t.rolls(18).do("maneuver Goblin Kyra grapple +4")
    assert offers(t) == [("Wolf hit Kyra with its bite: trip, a free trip attempt", "maneuver Wolf Kyra trip")]
    es = [p.render("es") for p in t.session.ruleset.warnings(t.state) if p.command]
    assert es == ["Wolf impactó a Kyra con su mordisco: derribo, un intento de derribo gratuito"]


def test_plus_poison_offers_the_attackers_own_poison_and_a_new_turn_ends_the_offer():
    """pathfinder1e.md §1.19.5, §1.17: the giant spider's bite `plus poison` offers `poison Kyra
    from Spider` (its own poison=); a creature without poison= only tells the rider."""
    t = pf('add Spider hp=16 init=1 poison="dc=14 str=1d2 every=round for=4 cure=1 name=Giant spider venom" '
           'atk="bite +5 1d6 P plus poison"', 'add Rat hp=4 atk="bite +1 1d3 P plus disease"',
           "init Kyra 10", "init Spider 5", "init Rat 3", "init Goblin 2", "init Fighter 1", "start", "next")
    t.rolls(16, 4).do("attack Spider Kyra")
    assert offers(t) == [("Spider hit Kyra with its bite: its poison", "poison Kyra from Spider")]
    t.rolls(16, 2).do("attack Rat Kyra")
    assert len(offers(t)) == 1
    t.do("next")
    assert offers(t) == []
