"""A rules audit of Pathfinder 1e at its edges: each threshold exactly, one either side, at a
round boundary, after undo, with delay and ready moving the clock (docs/rulesets/pathfinder1e.md)."""

from __future__ import annotations

import pytest

from conftest import Table
from pf1_support import sheet_lines
from gm_console.engine.language.commands import CommandError


def fight(*adds: str, **options) -> Table:
    """Combatants given as 'NAME INIT stats...', started; the highest init acts first."""
    t = Table("pathfinder1e", options=options or None)
    for spec in adds:
        name, init, *stats = spec.split()
        t.do(f"add {name} {' '.join(stats)}", f"init {name} {init}")
    t.do("start")
    return t


def conds(t: Table, name: str) -> list[str]:
    return [i.cond for i in t.c(name).conditions]


# -- §1.4 disabled: every standard action costs 1 HP -------------------------------------


@pytest.mark.parametrize("line", ["defend kyra", "charge kyra", "aid kyra valeros attack 15",
                                  "aid kyra valeros ac 2", "action kyra standard", "standard kyra"])
def test_a_disabled_combatant_pays_1_hp_for_any_standard_action(line):
    """docs/rulesets/pathfinder1e.md §1.4 [S]: disabled (HP 0), a standard action (total defense,
    a charge limited to a standard, aid another, hit or miss) deals 1 damage after it: HP -1, dying."""
    t = fight("Kyra 20 pc hp=10 con=10", "Valeros 15 pc hp=10", "Goblin 5 hp=6")
    t.do("dmg kyra 10")
    assert t.c("kyra").life == "disabled"
    t.do(line)
    assert t.hp("kyra") == -1 and t.c("kyra").life == "dying"


def test_a_disabled_combatants_move_action_is_safe():
    """docs/rulesets/pathfinder1e.md §1.4 [S]: move actions do not cost HP while disabled."""
    t = fight("Kyra 20 pc hp=10 con=10", "Goblin 5 hp=6")
    t.do("dmg kyra 10", "action kyra move")
    assert t.hp("kyra") == 0 and t.c("kyra").life == "disabled"


def test_total_defense_while_healthy_costs_nothing():
    """docs/rulesets/pathfinder1e.md §1.2: total defense costs no HP to one who is not disabled."""
    t = fight("Kyra 20 pc hp=10 con=10", "Goblin 5 hp=6")
    t.do("defend kyra")
    assert t.hp("kyra") == 10 and t.c("kyra").life == "ok"


# -- §1.1.6 a readied action kept into a new turn is readying again ---------------------------


def test_a_kept_readied_action_holds_the_turns_standard_action():
    """docs/rulesets/pathfinder1e.md §1.1.6 [I]: untriggered at its next turn, keeping it is readying
    again (a standard action): move and swift are left; `unready` gives the standard back."""
    t = fight("Kyra 20 pc hp=10", "Goblin 10 hp=6")
    t.do("next", 'ready "when kyra moves"', "next")
    assert (t.state.round, t.active) == (2, "goblin")
    assert "actions left: move, swift" in sheet_lines(t.session.ruleset, t.state, t.c("goblin"))
    with pytest.raises(CommandError, match="readied action"):
        t.do("action goblin standard")
    t.do("action goblin move")
    t.do("unready goblin", "action goblin standard")
    assert "actions left: swift" in sheet_lines(t.session.ruleset, t.state, t.c("goblin"))


def test_a_readied_action_set_this_turn_is_not_kept_and_lapses_with_the_option():
    """docs/rulesets/pathfinder1e.md §1.1.6 [Δ]: with option ready_lapses the readied action is lost at
    its owner's next turn, which is a whole turn again."""
    t = fight("Kyra 20 pc hp=10", "Goblin 10 hp=6", ready_lapses="on")
    t.do("next", 'ready "when kyra moves"', "next")
    assert "goblin" not in t.state.readied
    assert "actions left: standard, move, swift" in sheet_lines(t.session.ruleset, t.state, t.c("goblin"))


# -- §1.5 fatigue: new fatigue starts the rest again --------------------------------------------


def test_fatigue_on_a_resting_fatigued_creature_starts_its_rest_again():
    """docs/rulesets/pathfinder1e.md §1.5 [S]: fatigued again after 4 h of rest is exhausted; 1 h
    later fatigued, which then needs 8 more hours: not one minute less (the 4 h do not count)."""
    t = Table("pathfinder1e")
    t.do("add Kyra pc hp=10", "cond kyra fatigued", "pass 4h", "cond kyra fatigued")
    assert conds(t, "kyra") == ["exhausted"]
    t.do("pass 59m")
    assert conds(t, "kyra") == ["exhausted"]
    t.do("pass 1m")
    assert conds(t, "kyra") == ["fatigued"]
    t.do("pass 479m")
    assert conds(t, "kyra") == ["fatigued"]
    t.do("pass 1m")
    assert conds(t, "kyra") == []


def test_exhaustion_on_a_resting_fatigued_creature_needs_its_full_hour():
    """docs/rulesets/pathfinder1e.md §1.5 [S]: exhausted -> fatigued after 1 h of complete rest,
    counted from the exhaustion, not from the earlier fatigue."""
    t = Table("pathfinder1e")
    t.do("add Kyra pc hp=10", "cond kyra fatigued", "pass 7h", "cond kyra exhausted", "pass 59m")
    assert "exhausted" in conds(t, "kyra")
    t.do("pass 1m")
    assert conds(t, "kyra") == ["fatigued"]


def test_fatigue_timing_survives_undo():
    """docs/rulesets/pathfinder1e.md §1.5: undoing the new fatigue gives the rest already done back."""
    t = Table("pathfinder1e")
    t.do("add Kyra pc hp=10", "cond kyra fatigued", "pass 4h", "cond kyra fatigued", "undo", "pass 4h")
    assert conds(t, "kyra") == []


# -- edges that hold (kept so they keep holding) -------------------------------------------------


@pytest.mark.parametrize("natural, life, hp", [(11, "dying", -3), (12, "stable", -2)])
def test_the_dying_con_check_at_exactly_dc_10(natural, life, hp):
    """docs/rulesets/pathfinder1e.md §1.4 [S]: d20 + Con mod - negative HP vs DC 10 at the first
    turn after going negative (the same round: it had not acted); 12+0-2 = 10 succeeds, 11 fails."""
    t = fight("Goblin 20 hp=6", "Kyra 10 pc hp=10 con=10")
    t.do("dmg kyra 12")
    t.rolls(natural - 1 if natural == 11 else natural)
    t.do("next")
    assert (t.c("kyra").life, t.hp("kyra")) == (life, hp)


def test_a_natural_1_on_the_dying_check_is_not_a_failure():
    """docs/rulesets/pathfinder1e.md §1.4 [S]: a 1 does not fail by itself: 1 + 10 - 1 = 10 stabilizes."""
    t = fight("Goblin 20 hp=6", "Kyra 10 pc hp=10 con=30")
    t.do("dmg kyra 11")
    t.rolls(1)
    t.do("next")
    assert t.c("kyra").life == "stable" and t.hp("kyra") == -1


@pytest.mark.parametrize("damage, life", [(22, "dying"), (23, "dead")])
def test_death_is_at_minus_con_exactly(damage, life):
    """docs/rulesets/pathfinder1e.md §1.4 [S]: Con 13: HP -12 is dying, HP -13 dead."""
    t = Table("pathfinder1e")
    t.do("add Kyra pc hp=10 con=13", f"dmg kyra {damage}")
    assert t.c("kyra").life == life


@pytest.mark.parametrize("nl, life", [(4, "ok"), (5, "staggered"), (6, "unconscious")])
def test_nonlethal_against_current_hp(nl, life):
    """docs/rulesets/pathfinder1e.md §1.3 [S]: NL = HP staggers, NL > HP knocks out."""
    t = Table("pathfinder1e")
    t.do("add Kyra pc hp=10/10", "dmg kyra 5", f"dmg kyra {nl} nl")
    assert t.c("kyra").life == life and t.hp("kyra") == 5


@pytest.mark.parametrize("damage, top, life", [(50, 100, "dead"), (49, 98, "ok"), (50, 101, "ok")])
def test_massive_damage_threshold(damage, top, life):
    """docs/rulesets/pathfinder1e.md §1.3 [O option]: 50+ damage and at least half the maximum HP."""
    t = Table("pathfinder1e", options={"massive_damage": "on"})
    t.do(f"add Ogre hp={top}")
    t.rolls(1)
    t.do(f"dmg ogre {damage}")
    assert t.c("ogre").life == life


@pytest.mark.parametrize("natural, prone", [(9, False), (10, True), (1, False), (20, True)])
def test_a_maneuver_succeeds_at_the_cmd_exactly(natural, prone):
    """docs/rulesets/pathfinder1e.md §1.7 [S]: d20 + CMB >= CMD succeeds; natural 20 and 1 decide.
    CMB 3 (BAB 1, Str 14) vs CMD 13 (10 + BAB 1 + Str 1 + Dex 1)."""
    t = Table("pathfinder1e")
    t.do("add Valeros hp=10 bab=1 str=14", "add Goblin hp=10 bab=1 str=12 dex=12",
         f"maneuver valeros goblin {natural} trip")
    assert ("prone" in conds(t, "goblin")) is prone


def test_a_delayer_acting_next_round_before_its_count_loses_that_rounds_turn():
    """docs/rulesets/pathfinder1e.md §1.1.5 [S]: resumed in round 2 before its old count, its count
    rises there (Kyra's 20) and it has no second turn at 15 that round."""
    t = fight("Kyra 20 pc hp=10", "Goblin 15 hp=6", "Orc 10 hp=10")
    t.do("next", "delay", "next")
    assert (t.state.round, t.active) == (2, "kyra")
    t.do("resume goblin")
    assert t.active == "goblin" and t.c("goblin").initiative == 20
    t.do("next", "next", "next")
    assert (t.state.round, t.active) == (3, "goblin")


def test_one_hero_point_a_round_except_cheat_death():
    """docs/rulesets/pathfinder1e.md §1.6 [O]: a second point in the same round is refused; cheat
    death is not limited."""
    t = fight("Kyra 20 pc hp=10 con=10", "Goblin 10 hp=6")
    t.do("hero kyra 3", "spend kyra hero reroll")
    with pytest.raises(CommandError, match="one per round"):
        t.do("spend kyra hero reroll")
    t.do("dmg kyra 30", "spend kyra hero cheat-death")
    assert t.c("kyra").life == "stable" and t.hp("kyra") == -9


# -- §1.1.5 / §1.1.6 delay is chosen before acting; ready is a standard action ----------------


def test_delay_is_refused_once_the_turn_has_spent_an_action_and_the_state_stays():
    """docs/rulesets/pathfinder1e.md §1.1.5: delaying means taking no action now."""
    t = fight("Kyra 20 pc hp=10", "Goblin 5 hp=6")
    t.do("action kyra move")
    with pytest.raises(CommandError) as refused:
        t.do("delay")
    assert "already acted this turn (move)" in str(refused.value)
    assert t.state.active == "kyra" and "kyra" not in t.state.delayed


def test_delay_at_the_start_of_the_turn_is_allowed():
    t = fight("Kyra 20 pc hp=10", "Goblin 5 hp=6")
    t.do("delay")
    assert "kyra" in t.state.delayed and t.state.active == "goblin"


def test_ready_after_a_move_is_allowed_but_not_after_the_standard_action():
    """docs/rulesets/pathfinder1e.md §1.1.6: readying is a standard action (a move first is fine)."""
    t = fight("Kyra 20 pc hp=10", "Goblin 5 hp=6")
    t.do("action kyra move", 'ready "when the goblin moves"')
    assert "kyra" in t.state.readied
    t2 = fight("Kyra 20 pc hp=10", "Goblin 5 hp=6")
    t2.do("action kyra standard")
    with pytest.raises(CommandError) as refused:
        t2.do('ready "when the goblin moves"')
    assert "already used their standard action this turn (standard)" in str(refused.value)
    assert "kyra" not in t2.state.readied and t2.state.active == "kyra"


@pytest.mark.parametrize("kind", ["trip", "grapple", "bull-rush"])
def test_a_disabled_combatants_maneuver_costs_1_hp_on_its_turn(kind):
    """docs/rulesets/pathfinder1e.md §1.4 [S]: a combat maneuver is a standard (strenuous) action."""
    t = fight("Kyra 20 pc hp=10 con=10", "Goblin 5 hp=6")
    t.do("dmg kyra 10")
    t.rolls(15)
    t.do(f"maneuver kyra goblin {kind}")
    assert t.hp("kyra") == -1 and t.c("kyra").life == "dying"


def test_a_healthy_combatants_maneuver_costs_no_hp():
    t = fight("Kyra 20 pc hp=10 con=10", "Goblin 5 hp=6")
    t.rolls(15)
    t.do("maneuver kyra goblin trip")
    assert t.hp("kyra") == 10


def test_enredado_is_entangled_in_pathfinder_too():
    """docs/rulesets/pathfinder1e.md §1.5: the seed says enmarañado; tables also say enredado (issue 10)."""
    t = fight("Kyra 20 pc hp=10", "Goblin 5 hp=6")
    t.do("cond goblin enredado 2")
    assert "entangled" in conds(t, "goblin")  # beside its flat-footed until it acts
