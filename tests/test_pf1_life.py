"""PF1 damage and the life-state machine (pathfinder1e.md §1.3 and §1.4)."""

from __future__ import annotations

import pytest

from conftest import Table
from pf1_support import sheet_lines
from gm_console.engine.language.commands import CommandError


def pf(**options) -> Table:
    return Table("pathfinder1e", options=options or None)


def fight(*adds: str, **options) -> Table:
    """Combatants given as 'NAME INIT stats...', started; the highest init acts first."""
    t = pf(**options)
    for spec in adds:
        name, init, *stats = spec.split()
        t.do(f"add {name} {' '.join(stats)}", f"init {name} {init}")
    t.do("start")
    return t


def life(t: Table, name: str) -> str:
    return t.c(name).life


# -- lethal damage and thresholds --------------------------------------------------


def test_damage_reduces_hp_and_hp_goes_negative():
    """pathfinder1e.md §1.3 [S]: lethal damage reduces current HP; HP can go negative."""
    t = pf()
    t.do("add Kyra pc hp=20 con=14", "dmg Kyra 7")
    assert t.hp("Kyra") == 13 and life(t, "Kyra") == "ok"
    t.do("dmg Kyra 15")
    assert t.hp("Kyra") == -2
    assert "Kyra takes 15 damage: HP 13 -> -2" in t.said()


def test_exactly_zero_hp_is_disabled():
    """pathfinder1e.md §1.4 [S]: HP = 0 -> disabled."""
    t = pf()
    t.do("add Kyra pc hp=20 con=14", "dmg Kyra 20")
    assert t.hp("Kyra") == 0 and life(t, "Kyra") == "disabled"


def test_minus_one_is_dying():
    """pathfinder1e.md §1.4 [S]: -Con < HP < 0, not stable -> dying."""
    t = pf()
    t.do("add Kyra pc hp=20 con=14", "dmg Kyra 21")
    assert life(t, "Kyra") == "dying"


def test_minus_con_plus_one_is_still_dying():
    """pathfinder1e.md §1.4 [S]: dead only at HP <= -Con; -Con + 1 is dying."""
    t = pf()
    t.do("add Kyra pc hp=20 con=14", "dmg Kyra 33")
    assert t.hp("Kyra") == -13 and life(t, "Kyra") == "dying"


def test_exactly_minus_con_is_dead():
    """pathfinder1e.md §1.4 [S]: HP <= -Con -> dead."""
    t = pf()
    t.do("add Gob hp=20 con=14", "dmg Gob 34")
    assert t.hp("Gob") == -14 and life(t, "Gob") == "dead"
    assert any("Gob dies" in s for s in t.said())


def test_below_minus_con_in_one_blow_is_dead():
    t = pf()
    t.do("add Gob hp=6 con=12", "dmg Gob 40")
    assert life(t, "Gob") == "dead"


def test_con_default_ten_when_not_given():
    """A stat block without Con counts as Con 10: dead at -10."""
    t = pf()
    t.do("add Gob hp=6", "dmg Gob 15")
    assert life(t, "Gob") == "dying"
    t.do("dmg Gob 1")
    assert life(t, "Gob") == "dead"


def test_no_con_score_is_destroyed_at_zero():
    """pathfinder1e.md §1.4: con=0 stands for no Con score (undead, constructs): destroyed at 0 HP."""
    t = pf()
    t.do("add Skeleton hp=5 con=0", "dmg Skeleton 5")
    assert life(t, "Skeleton") == "dead"


def test_temporary_hp_absorb_first():
    """pathfinder1e.md §1.3 [O]: temporary HP are lost first."""
    t = pf()
    t.do("add Kyra pc hp=20 temp=5", "dmg Kyra 8")
    assert t.hp("Kyra", "temp") == 0 and t.hp("Kyra") == 17


def test_damage_words_are_checked():
    t = pf()
    t.do("add Kyra pc hp=20")
    t.do("dmg Kyra 3 fire", "dmg Kyra 2 fuego")
    assert t.hp("Kyra") == 15
    with pytest.raises(CommandError, match="unknown damage type"):
        t.do("dmg Kyra 3 firre")


def test_dice_damage_is_rolled_with_the_forced_dice():
    t = pf()
    t.do("add Gob hp=20")
    t.rolls(4, 5)
    t.do("dmg Gob 2d6+1")
    assert t.hp("Gob") == 10


def test_dead_combatants_are_passed_over():
    """Dead combatants take no turns (engine skips them)."""
    t = fight("Kyra 20 pc hp=20", "Gob 15 hp=6", "Seelah 10 pc hp=20")
    t.do("dmg Gob 30", "next")
    assert t.active == "seelah"


# -- nonlethal -----------------------------------------------------------------------


def test_nonlethal_equal_to_hp_staggers_and_above_knocks_out():
    """pathfinder1e.md §1.3 [S]: NL == current HP -> staggered; NL > current HP -> unconscious (not dying).

    Kyra is hurt (20 of 30 HP) so her nonlethal stays below her maximum HP, where it would turn
    lethal (that rule: test_pf1_nonlethal.py)."""
    t = pf()
    t.do("add Kyra pc hp=20/30", "dmg Kyra 19 nonlethal")
    assert t.hp("Kyra", "nl") == 19 and t.hp("Kyra") == 20 and life(t, "Kyra") == "ok"
    t.do("dmg Kyra 1 nonlethal")
    assert life(t, "Kyra") == "staggered"
    t.do("dmg Kyra 1 nl")
    assert life(t, "Kyra") == "unconscious"
    assert "Kyra falls unconscious (nonlethal 21 exceeds HP 20)" in t.said()


def test_lethal_damage_below_nonlethal_knocks_out():
    """pathfinder1e.md §1.3 [S]: lethal damage that lowers HP to NL staggers, below NL knocks out."""
    t = pf()
    t.do("add Kyra pc hp=20 nl=10", "dmg Kyra 10")
    assert life(t, "Kyra") == "staggered"
    t.do("dmg Kyra 1")
    assert life(t, "Kyra") == "unconscious"


def test_zero_hp_with_nonlethal_is_unconscious_without_it_disabled():
    """pathfinder1e.md §1.3/§1.4: at 0 HP any nonlethal exceeds HP."""
    t = pf()
    t.do("add A hp=10", "add B hp=10", "dmg A 10", "dmg B 10", "dmg B 1 nonlethal")
    assert life(t, "A") == "disabled"
    assert life(t, "B") == "unconscious"


def test_healing_removes_the_same_amount_of_nonlethal():
    """pathfinder1e.md §1.3 [O]: healing X HP also removes X nonlethal."""
    t = pf()
    t.do("add Kyra pc hp=20", "dmg Kyra 5", "dmg Kyra 16 nonlethal")
    assert life(t, "Kyra") == "unconscious"
    t.do("heal Kyra 5")
    assert t.hp("Kyra") == 20 and t.hp("Kyra", "nl") == 11
    assert life(t, "Kyra") == "ok"


def test_nonlethal_healing_only():
    t = pf()
    t.do("add Kyra pc hp=20", "dmg Kyra 20 nonlethal")
    assert life(t, "Kyra") == "staggered"
    t.do("heal Kyra 3 nonlethal")
    assert t.hp("Kyra", "nl") == 17 and t.hp("Kyra") == 20 and life(t, "Kyra") == "ok"


def test_nonlethal_recovers_one_per_hour_per_level():
    """pathfinder1e.md §1.3 [O]: NL heals 1 per hour per character level."""
    t = pf()
    t.do("add Kyra pc hp=20 hd=3", "add Gob hp=10", "dmg Kyra 8 nonlethal", "dmg Gob 4 nonlethal")
    t.do("pass 1h")
    assert t.hp("Kyra", "nl") == 5
    assert t.hp("Gob", "nl") == 3


def test_nonlethal_recovery_wakes_the_knocked_out():
    t = pf()
    t.do("add Kyra pc hp=5/10 hd=2", "dmg Kyra 7 nonlethal")
    assert life(t, "Kyra") == "unconscious"
    t.do("pass 1h")
    assert t.hp("Kyra", "nl") == 5 and life(t, "Kyra") == "staggered"
    t.do("pass 1h")
    assert life(t, "Kyra") == "ok"


# -- dying checks ------------------------------------------------------------------


def test_dying_con_check_fails_and_loses_one_hp():
    """pathfinder1e.md §1.4 [S]: dying Con check DC 10, penalty = negative HP; failure -1 HP."""
    t = fight("Gob 20 hp=6", "Kyra 10 pc hp=20 con=12")
    t.do("dmg Kyra 23")
    t.rolls(11)
    t.do("next")
    assert "Kyra: Con check 11+1-3 = 9 vs DC 10, fails: HP -4" in t.said()
    assert t.hp("Kyra") == -4 and life(t, "Kyra") == "dying"


def test_dying_con_check_success_stabilizes_unaided():
    """pathfinder1e.md §1.4 [S]: success -> stable (on its own: unaided)."""
    t = fight("Gob 20 hp=6", "Kyra 10 pc hp=20 con=12")
    t.do("dmg Kyra 23")
    t.rolls(12)
    t.do("next")
    assert t.hp("Kyra") == -3 and life(t, "Kyra") == "stable"
    assert t.c("Kyra").marks["stable"] == "unaided"
    assert any(s.startswith("Kyra: Con check 12+1-3 = 10 vs DC 10, succeeds") for s in t.said())


def test_stable_makes_no_more_checks_in_combat():
    """pathfinder1e.md §1.4 [S]: a stable character does not roll the dying check."""
    t = fight("Gob 20 hp=6", "Kyra 10 pc hp=20 con=12")
    t.do("dmg Kyra 23")
    t.rolls(15)
    t.do("next", "next", "next")
    assert t.dice.forced == [] and t.hp("Kyra") == -3
    t.rolls(1)
    t.do("next", "next")
    assert t.dice.forced == [1]


def test_natural_20_stabilizes_even_when_the_total_misses():
    """pathfinder1e.md §1.4 [S]: a natural 20 on the dying check is an automatic success."""
    t = fight("Gob 20 hp=6", "Kyra 10 pc hp=20 con=18")
    t.do("dmg Kyra 37")
    t.rolls(20)
    t.do("next")
    assert life(t, "Kyra") == "stable"
    assert any("Con check 20+4-17 = 7 vs DC 10 (natural 20), succeeds" in s for s in t.said())


def test_natural_1_is_not_an_automatic_failure():
    """pathfinder1e.md §1.4 [S]: natural 1 is not an auto-fail on the dying check."""
    t = fight("Gob 20 hp=6", "Kyra 10 pc hp=20 con=30")
    t.do("dmg Kyra 21")
    t.rolls(1)
    t.do("next")
    assert life(t, "Kyra") == "stable"


def test_failed_check_reaching_minus_con_kills():
    """pathfinder1e.md §1.4 [S]: HP reaching -Con after the 1 HP loss -> dead."""
    t = fight("Gob 20 hp=6", "Kyra 10 hp=20 con=10")
    t.do("dmg Kyra 29")
    t.rolls(2)
    t.do("next")
    assert t.hp("Kyra") == -10 and life(t, "Kyra") == "dead"


def test_dying_check_same_round_if_it_has_not_acted_yet():
    """pathfinder1e.md §1.4 [O]: first check on its first turn after going negative, this round if still to act."""
    t = fight("Kyra 20 pc hp=20", "Gob 15 hp=6", "Seelah 10 pc hp=20 con=10")
    t.do("next", "dmg Seelah 22")
    t.rolls(3)
    t.do("next")
    assert t.active == "seelah" and t.state.round == 1
    assert t.hp("Seelah") == -3


def test_dying_check_waits_for_next_round_if_it_already_acted():
    """pathfinder1e.md §1.4 [O]: a combatant that already acted this round rolls on its next turn."""
    t = fight("Kyra 20 pc hp=20 con=10", "Gob 15 hp=6", "Seelah 10 pc hp=20")
    t.do("next", "dmg Kyra 22")
    t.rolls(3)
    t.do("next")
    assert t.dice.forced == [3] and t.hp("Kyra") == -2
    t.do("next")
    assert t.state.round == 2 and t.active == "kyra"
    assert t.dice.forced == [] and t.hp("Kyra") == -3


def test_dying_combatant_cannot_delay_or_ready():
    """pathfinder1e.md §1.1.8 [O]: a dying character cannot change its initiative."""
    t = fight("Gob 20 hp=6", "Kyra 10 pc hp=20 con=12")
    t.do("dmg Kyra 23")
    t.rolls(3)
    t.do("next")
    with pytest.raises(CommandError, match="dying and cannot delay"):
        t.do("delay")
    with pytest.raises(CommandError, match="dying and cannot delay"):
        t.do("ready when the goblin moves")


def test_damage_to_a_stable_creature_makes_it_dying_again():
    """pathfinder1e.md §1.4 [O]: damage to a stable creature -> dying again."""
    t = fight("Gob 20 hp=6", "Kyra 10 pc hp=20 con=12")
    t.do("dmg Kyra 23")
    t.rolls(15)
    t.do("next")
    assert life(t, "Kyra") == "stable"
    t.do("dmg Kyra 2")
    assert life(t, "Kyra") == "dying" and "stable" not in t.c("Kyra").marks


# -- bleed -------------------------------------------------------------------------------


def test_bleed_at_the_start_of_the_turn():
    """pathfinder1e.md §1.5 [S]: bleed deals its damage at the beginning of the creature's turn."""
    t = fight("Gob 20 hp=6", "Kyra 10 pc hp=20")
    t.do("cond Kyra bleed:3")
    assert t.hp("Kyra") == 20
    t.do("next")
    assert t.hp("Kyra") == 17
    assert "Kyra bleeds 3: HP 20 -> 17" in t.said()


def test_same_type_bleeds_do_not_stack_the_worst_applies():
    """pathfinder1e.md §1.5 [S]: bleeds of the same damage type do not stack; the worst applies."""
    t = fight("Gob 20 hp=6", "Kyra 10 pc hp=20")
    t.do("cond Kyra bleed:2", "cond Kyra bleed:3", "cond Kyra bleed:1")
    assert [(i.cond, i.value) for i in t.c("Kyra").conditions if i.cond == "bleed"] == [("bleed", 3)]
    t.do("next")
    assert t.hp("Kyra") == 17


def test_different_type_bleeds_stack():
    """pathfinder1e.md §1.5 [S]: bleeds of different types both apply."""
    t = fight("Gob 20 hp=6", "Kyra 10 pc hp=20 con=12")
    t.do("cond Kyra bleed:2", "cond Kyra con-bleed:1")
    t.do("next")
    assert t.hp("Kyra") == 18
    assert t.c("Kyra").marks["ability_damage"] == {"con": 1}
    # one point of Con damage is no penalty yet (-1 per 2 points, §1.9): the figure keeps the modifier
    assert t.session.ruleset.sheet.effective(t.state, t.c("Kyra"))["con"].value == 12


def test_any_hp_healing_stops_bleeding():
    """pathfinder1e.md §1.5 [S]: any HP-curing effect stops bleeding."""
    t = fight("Gob 20 hp=6", "Kyra 10 pc hp=20")
    t.do("cond Kyra bleed:2", "cond Kyra con-bleed:1", "dmg Kyra 5", "heal Kyra 1")
    assert not any(i.cond.endswith("bleed") for i in t.c("Kyra").conditions)
    t.do("next")
    assert t.hp("Kyra") == 16


def test_nonlethal_healing_does_not_stop_bleeding():
    t = pf()
    t.do("add Kyra pc hp=20", "cond Kyra bleed:2", "dmg Kyra 3 nonlethal", "heal Kyra 3 nonlethal")
    assert t.c("Kyra").has("bleed")


def test_stabilize_verb_stops_bleeding_of_the_living():
    """pathfinder1e.md §1.5 [S]: Heal DC 15 stops bleeding."""
    t = pf()
    t.do("add Kyra pc hp=20", "cond Kyra bleed:2", "stabilize Kyra")
    assert not t.c("Kyra").has("bleed")


def test_bleeding_dying_creature_fails_its_check_automatically_and_loses_one_more():
    """pathfinder1e.md §1.4 [O]: continuous damage makes the dying check fail; 1 HP lost in addition."""
    t = fight("Gob 20 hp=6", "Kyra 10 pc hp=20 con=12")
    t.do("dmg Kyra 23", "cond Kyra bleed:2")
    t.rolls(19)
    t.do("next")
    assert t.hp("Kyra") == -3 - 2 - 1
    assert t.dice.forced == [19]
    assert "Kyra: Con check fails automatically (continuous damage): HP -6" in t.said()


def test_bleed_that_drops_a_creature_starts_dying_without_a_check_that_turn():
    """pathfinder1e.md §1.4 [O] (tracker reading): the first check is on the turn *after* going negative."""
    t = fight("Gob 20 hp=6", "Kyra 10 pc hp=20 con=12")
    t.do("dmg Kyra 19", "cond Kyra bleed:3")
    t.rolls(19)
    t.do("next")
    assert t.hp("Kyra") == -2 and life(t, "Kyra") == "dying"
    assert t.dice.forced == [19]


def test_bleed_can_kill():
    t = fight("Gob 20 hp=6", "Kyra 10 hp=20 con=10")
    t.do("dmg Kyra 28", "cond Kyra bleed:5")
    t.do("next")
    assert life(t, "Kyra") == "dead"


# -- healing thresholds -------------------------------------------------------------------


@pytest.mark.parametrize("amount,hp,state", [(2, -2, "stable"), (4, 0, "disabled"), (5, 1, "ok")])
def test_healing_a_dying_character(amount, hp, state):
    """pathfinder1e.md §1.4 [O]: healing to <0 -> stable (aided); to exactly 0 -> disabled; to >=1 -> functional."""
    t = pf()
    t.do("add Kyra pc hp=20 con=12", "dmg Kyra 24", f"heal Kyra {amount}")
    assert t.hp("Kyra") == hp and life(t, "Kyra") == state
    if state == "stable":
        assert t.c("Kyra").marks["stable"] == "aided"


def test_healing_is_capped_at_max_hp():
    t = pf()
    t.do("add Kyra pc hp=20", "dmg Kyra 3", "heal Kyra 10")
    assert t.hp("Kyra") == 20


def test_healing_the_dead_is_refused():
    """pathfinder1e.md §1.4 [S]: the dead get no healing, only raised by magic."""
    t = pf()
    t.do("add Gob hp=6 con=10", "dmg Gob 16")
    with pytest.raises(CommandError, match="dead"):
        t.do("heal Gob 5")
    t.do("revive Gob 3")
    assert life(t, "Gob") == "ok" and t.hp("Gob") == 3


def test_healing_a_stable_unaided_makes_it_aided():
    """pathfinder1e.md §1.4 [O]: any magical healing that leaves HP < 0 -> stable, aided."""
    t = fight("Gob 20 hp=6", "Kyra 10 pc hp=20 con=12")
    t.do("dmg Kyra 25")
    t.rolls(18)
    t.do("next")
    assert t.c("Kyra").marks["stable"] == "unaided"
    t.do("heal Kyra 1")
    assert t.c("Kyra").marks["stable"] == "aided" and t.hp("Kyra") == -4


def test_stabilize_verb_is_first_aid():
    """pathfinder1e.md §1.4 [O]: Heal DC 15 first aid -> stable, aided."""
    t = pf()
    t.do("add Kyra pc hp=20 con=12", "dmg Kyra 24", "stabilize Kyra")
    assert life(t, "Kyra") == "stable" and t.c("Kyra").marks["stable"] == "aided"
    with pytest.raises(CommandError, match="nothing to stabilize"):
        t.do("add Seelah pc hp=20", "stabilize Seelah")


# -- time out of combat -----------------------------------------------------------------


def stable_kyra(kind: str) -> Table:
    """Kyra at HP -4 (Con 12), stable: aided by first aid, or unaided by her own check; combat over."""
    t = pf()
    t.do("add Gob hp=5", "add Kyra pc hp=20 con=12", "init Gob 20", "init Kyra 10", "start",
         "dmg Kyra 24")
    if kind == "aided":
        t.do("stabilize Kyra", "end")
    else:
        t.rolls(15)
        t.do("next", "end")
    assert t.c("Kyra").marks["stable"] == kind and t.hp("Kyra") == -4
    return t


def test_unaided_stable_hourly_check_failure_loses_hp():
    """pathfinder1e.md §1.4 [S]: stable unaided, each hour Con DC 10; failure -1 HP."""
    t = stable_kyra("unaided")
    assert t.c("Kyra").marks["stable"] == "unaided"
    t.rolls(3)
    t.do("pass 1h")
    assert t.hp("Kyra") == -5 and life(t, "Kyra") == "stable"
    assert "Kyra: Con check 3+1-4 = 0 vs DC 10, fails: HP -5" in t.said()


def test_unaided_stable_hourly_check_success_becomes_aided():
    """pathfinder1e.md §1.4 [S]: success -> stable as if aided."""
    t = stable_kyra("unaided")
    t.rolls(13)
    t.do("pass 1h")
    assert t.c("Kyra").marks["stable"] == "aided" and t.hp("Kyra") == -4


def test_aided_stable_hourly_check_wakes_disabled():
    """pathfinder1e.md §1.4 [S]: aided stable, hourly Con check -> conscious and disabled at its negative HP."""
    t = stable_kyra("aided")
    t.rolls(5)
    t.do("pass 1h")
    assert life(t, "Kyra") == "stable"
    t.rolls(13)
    t.do("pass 1h")
    assert life(t, "Kyra") == "disabled" and t.hp("Kyra") == -4
    assert "Kyra: Con check 13+1-4 = 10 vs DC 10, succeeds: conscious and disabled at HP -4" in t.said()


def test_several_hours_make_several_checks():
    t = stable_kyra("unaided")
    t.rolls(3, 14, 15)
    t.do("pass 3h")
    assert life(t, "Kyra") == "disabled" and t.hp("Kyra") == -5


def test_half_hours_add_up_to_an_hourly_check():
    t = stable_kyra("unaided")
    t.rolls(3)
    t.do("pass 30m")
    assert t.dice.forced == [3]
    t.do("pass 30m")
    assert t.dice.forced == [] and t.hp("Kyra") == -5


def test_unaided_hourly_failures_can_kill():
    t = pf()
    t.do("add Gob hp=5", "add Kyra pc hp=20 con=10", "init Gob 20", "init Kyra 10", "start", "dmg Kyra 29")
    t.rolls(20)
    t.do("next", "end")
    assert life(t, "Kyra") == "stable" and t.hp("Kyra") == -9
    t.rolls(1)
    t.do("pass 1h")
    assert life(t, "Kyra") == "dead"


def test_dying_out_of_combat_rolls_every_round_while_time_passes():
    """pathfinder1e.md §1.4 [S]: the dying check is each round (6 s) until stable or dead."""
    t = pf()
    t.do("add Kyra pc hp=20 con=12", "dmg Kyra 23")
    t.rolls(5, 5, 15)
    t.do("pass 1m")
    assert t.hp("Kyra") == -5 and life(t, "Kyra") == "stable"
    assert t.dice.forced == []


def test_disabled_at_negative_hp_daily_check():
    """pathfinder1e.md §1.4 [S]: disabled at negative HP, after 8 h rest Con DC 10; failure -1 HP, stays conscious."""
    t = stable_kyra("aided")
    t.rolls(13)
    t.do("pass 1h")
    assert life(t, "Kyra") == "disabled"
    t.rolls(2)
    t.do("pass 8h")
    assert t.hp("Kyra") == -5 and life(t, "Kyra") == "disabled"
    t.rolls(19)
    t.do("pass 8h")  # the same day (hours 9-17): no second check (it used to roll one per `pass`)
    assert t.dice.forced == [19] and "recovering" not in t.c("Kyra").marks
    t.do("pass 16h")  # the next day's night (hour 32): its check
    assert t.c("Kyra").marks["recovering"] is True and t.dice.forced == []
    t.rolls(1)
    t.do("pass 24h")  # recovering: no more checks, it heals naturally (1 HP per level, level 1)
    assert t.dice.forced == [1] and t.hp("Kyra") == -4


def test_disabled_standard_action_costs_one_hp():
    """pathfinder1e.md §1.4 [S]: a disabled character's standard action deals 1 damage after it -> dying."""
    t = pf()
    t.do("add Kyra pc hp=20 con=12", "dmg Kyra 20", "standard Kyra")
    assert t.hp("Kyra") == -1 and life(t, "Kyra") == "dying"
    with pytest.raises(CommandError, match="not disabled"):
        t.do("standard Kyra")


def test_woken_disabled_at_negative_hp_standard_action_is_dying_again():
    t = stable_kyra("aided")
    t.rolls(13)
    t.do("pass 1h", "standard Kyra")
    assert t.hp("Kyra") == -5 and life(t, "Kyra") == "dying"


# -- optional rules and ability damage ---------------------------------------------------


def test_massive_damage_is_off_by_default():
    """pathfinder1e.md §1.3 [O optional]: massive damage, seed silent -> off."""
    t = pf()
    t.do("add Ogre hp=100 fort=3", "dmg Ogre 60")
    assert life(t, "Ogre") == "ok" and t.dice.forced == []


def test_massive_damage_option_fort_dc_15():
    """pathfinder1e.md §1.3 [O optional]: 50+ damage and at least half max HP: Fort DC 15 or die."""
    t = pf(massive_damage=True)
    t.do("add Ogre hp=100 fort=3", "add Troll hp=100 fort=3")
    t.rolls(11)
    t.do("dmg Ogre 50")
    assert life(t, "Ogre") == "dead"
    t.rolls(12)
    t.do("dmg Troll 50")
    assert life(t, "Troll") == "ok"
    t.do("dmg Troll 49")
    assert t.dice.forced == []


def test_con_damage_lowers_the_dying_check_and_kills_at_the_score():
    """pathfinder1e.md §1.9 [O] ability damage: Con damage lowers the Con modifier; equal to the score -> dead.
    4 Con damage is -2, which also costs 2 HP per Hit Die (1 when not given): 20 -> 18 before the 21 damage."""
    t = fight("Gob 20 hp=6", "Kyra 10 pc hp=20 con=12")
    t.do("dmg Kyra 4 con", "dmg Kyra 21")
    t.rolls(11)
    t.do("next")
    assert "Kyra: Con check 11-1-3 = 7 vs DC 10, fails: HP -4" in t.said()
    t.do("dmg Kyra 8 con")
    assert life(t, "Kyra") == "dead"


def test_status_countdown():
    """Issue: a countdown on the sheet, 'dies at -14 (9 to go)'."""
    t = pf()
    t.do("add Kyra pc hp=20 con=14", "dmg Kyra 25")
    lines = sheet_lines(t.session.ruleset, t.state, t.c("Kyra"))
    assert any("dies at -14 (9 to go)" in s for s in lines)
    es = sheet_lines(t.session.ruleset, t.state, t.c("Kyra"), "es")
    assert any("muere a -14 (faltan 9)" in s for s in es)


def test_hp_typed_by_hand_sets_the_life_state_at_once():
    """pathfinder1e.md §1.4: HP typed on `add` or `set` is dying / disabled as soon as it is typed."""
    t = pf()
    t.do("add Kyra pc hp=-3/20 con=12", "add Gob hp=6", "init Gob 20", "init Kyra 10")
    assert t.c("Kyra").life == "dying"
    t.do("start")
    assert t.c("Kyra").life == "dying"
    t.do("set Gob hp=0/6")
    assert t.c("Gob").life == "disabled"
