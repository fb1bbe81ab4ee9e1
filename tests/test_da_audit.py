"""Dragon Age rules audit: the numbers, thresholds and timings of the rules page driven at their
edges through the command language, as a GM would (exactly at the threshold, one either side, at a
round boundary, after undo)."""

import pytest

from conftest import Table
from gm_console.engine.language.commands import CommandError


def da(*lines, rolls=(), options=None):
    t = Table("dragon_age", options)
    t.rolls(*rolls)
    t.do(*lines)
    return t


# --- docs/rulesets/dragon_age.md §2.8, §2.9: mana comes back per full hour of rest ---------------

def test_one_hour_of_rest_gives_1d6_plus_4_mana():
    """docs/rulesets/dragon_age.md §2.8: 1d6 + 4 mana per full hour of rest, from the first hour
    (sleep needs 6 h; mana does not)."""
    t = da("add Morrigan pc health=20 mana=0/40", rolls=(3,))
    t.do("pass 1h")
    assert t.hp("Morrigan", "mana") == 3 + 4


def test_under_an_hour_gives_no_mana_and_no_sleep():
    """docs/rulesets/dragon_age.md §2.8: 59 minutes is no full hour: nothing comes back."""
    t = da("add Morrigan pc health=5/20 mana=0/40")
    t.do("pass 59m")
    assert (t.hp("Morrigan", "mana"), t.hp("Morrigan", "health")) == (0, 5)


def test_five_hours_give_mana_but_no_sleep_six_give_both():
    """docs/rulesets/dragon_age.md §2.6, §2.8: 5 h: 5 x (1d6 + 4) mana, Health unchanged; 6 h: a
    night's 10 + Con + level Health too."""
    t = da("add Morrigan pc health=5/30 con=1 level=2 mana=0/60", rolls=(1,) * 5)
    t.do("pass 5h")
    assert (t.hp("Morrigan", "mana"), t.hp("Morrigan", "health")) == (25, 5)
    t.rolls(*(1,) * 6)
    t.do("pass 6h")
    assert (t.hp("Morrigan", "mana"), t.hp("Morrigan", "health")) == (25 + 30, 5 + 10 + 1 + 2)


def test_an_hour_of_rest_with_mana_rest_off_gives_nothing():
    """docs/rulesets/dragon_age.md §2.10: option mana_rest off."""
    t = da("add Morrigan pc health=20 mana=0/40", options={"mana_rest": "off"})
    t.do("pass 2h")
    assert t.hp("Morrigan", "mana") == 0


def test_an_hour_of_rest_is_undone_exactly():
    """docs/rulesets/dragon_age.md §2.8: undo takes the mana back."""
    t = da("add Morrigan pc health=20 mana=2/40", rolls=(6,))
    t.do("pass 1h")
    assert t.hp("Morrigan", "mana") == 12
    t.do("undo")
    assert t.hp("Morrigan", "mana") == 2


# --- §2.1 tests: success meets the TN ---------------------------------------------------------

@pytest.mark.parametrize("tn,outcome", [(17, "success"), (18, "success"), (19, "failure")])
def test_the_seed_example_meets_its_target_number(tn, outcome):
    """docs/rulesets/dragon_age.md §2.1: 3d6 + ability + 2 focus; success if the total meets the TN
    (the seed's Sera: 15 + 1 Con + 2 swimming = 18)."""
    t = da("add Sera pc health=20 con=1 focus=swimming")
    t.do(f"test Sera con:swimming {tn} 5,5,5")
    said = t.said()[-1]
    assert f"= 18 vs TN {tn}: {outcome}" in said


def test_opposed_tie_goes_to_the_higher_dragon_die():
    """docs/rulesets/dragon_age.md §2.1: a tie goes to the higher dragon die."""
    t = da("add Sera pc health=20 con=1 focus=swimming", "add Toro health=20 con=3")
    t.do("contest Sera con:swimming Toro con 6,5,4 5,6,4")
    assert t.said()[-1].startswith("Opposed test: Sera wins (")


# --- §2.5 stunt points: doubles on a hit, as many as the dragon die ----------------------------

@pytest.mark.parametrize("dice,sp", [("3,3,4", 3), ("4,3,3", 4), ("1,6,6", 1), ("5,5,5", 5), ("6,1,2", 0)])
def test_doubles_on_any_two_dice_pay_the_dragon_die(dice, sp):
    """docs/rulesets/dragon_age.md §2.5: doubles on any two of the three dice (the dragon die need not
    be one of them; triples count) on a hit pay the dragon die in stunt points."""
    t = da("add A pc health=20 str=3", "add B health=20 defense=9", "start", rolls=(6, 6, 6, 1, 1, 1))
    t.do(f"attack A B {dice} dmg=1")
    assert (t.c("A").pools["stunt"].value if "stunt" in t.c("A").pools else 0) == sp


@pytest.mark.parametrize("dice,hit", [("4,4,3", True), ("4,4,2", False)])
def test_an_attack_exactly_at_defense_hits_and_one_under_earns_no_points(dice, hit):
    """docs/rulesets/dragon_age.md §2.4-2.5: a hit meets Defense; doubles on a miss earn nothing."""
    t = da("add A pc health=20", "add B health=20 defense=11", "start", rolls=(6, 6, 6, 1, 1, 1))
    t.do(f"attack A B {dice} dmg=1")
    assert (t.hp("B", "health") == 19) == hit
    assert ("stunt" in t.c("A").pools) == hit


# --- §2.6 the dying countdown: Con + 2 of its own turns -----------------------------------------

def test_dying_after_its_own_turn_dies_in_round_r_plus_n():
    """docs/rulesets/dragon_age.md §2.6: Con 1 fell after its turn in round 1: N = 3, alive in round 3,
    dead at the start of its turn in round 4."""
    t = da("add Alistair pc health=10 con=1", "add Ogre health=10", "start", rolls=(6, 6, 6, 1, 1, 1))
    t.do("next", "dmg Alistair 10 penetrating")
    for rnd in (2, 3):
        t.do("next")
        assert (t.state.round, t.active, t.c("Alistair").life) == (rnd, "alistair", "dying")
        t.do("next")
    t.do("next")
    assert t.state.round == 4 and t.c("Alistair").life == "dead"


def test_dying_before_its_own_turn_dies_one_round_sooner():
    """docs/rulesets/dragon_age.md §2.6: fell before its turn in round 1: dead at its turn in round 3."""
    t = da("add Alistair pc health=10 con=1", "add Ogre health=10", "start", rolls=(1, 1, 1, 6, 6, 6))
    t.do("dmg Alistair 10 penetrating")
    t.do("next", "next", "next")
    assert (t.state.round, t.c("Alistair").life) == (2, "dying")
    t.do("next", "next")
    assert t.c("Alistair").life == "dead"


@pytest.mark.parametrize("con,turns", [(-3, 1), (-1, 1), (0, 2), (2, 4)])
def test_the_countdown_is_con_plus_2_and_at_least_1(con, turns):
    """docs/rulesets/dragon_age.md §2.6: Con + 2 turns; Con + 2 <= 0 still leaves one."""
    t = da(f"add Sera pc health=5/20 con={con}", "dmg Sera 5 penetrating")
    (dying,) = [x for x in t.c("Sera").conditions if x.cond == "dying"]
    assert dying.rounds == turns


def test_out_of_combat_the_countdown_runs_in_15_second_rounds_and_undo_restores_it():
    """docs/rulesets/dragon_age.md §2.6, §2.9: Con 1 = 3 rounds of 15 s: 30 s leaves one, 45 s kills;
    undo brings the dying PC back."""
    t = da("add Sera pc health=5/20 con=1", "dmg Sera 5 penetrating")
    t.do("pass 30s")
    assert t.c("Sera").life == "dying"
    t.do("undo", "pass 45s")
    assert t.c("Sera").life == "dead"
    t.do("undo")
    assert t.c("Sera").life == "dying"


def test_healing_above_zero_ends_dying():
    """docs/rulesets/dragon_age.md §2.6: healing that raises Health above 0 ends dying."""
    t = da("add Sera pc health=5/20 con=1", "dmg Sera 5 penetrating", "heal Sera 1")
    assert (t.c("Sera").life, t.hp("Sera", "health")) == ("ok", 1)


# --- §2.3 the Heal action: TN 11, 1d6 + Cunning, lockout until damaged --------------------------

def test_heal_action_at_tn_11_and_its_lockout():
    """docs/rulesets/dragon_age.md §2.3: Cunning (Healing) 10 fails, 11 heals 1d6 + Cunning; the
    patient then gets no Heal action until it takes damage."""
    t = da("add Wynne pc health=20 cunning=2", "add Sera pc health=5/20", "start", rolls=(6, 6, 6, 1, 1, 1))
    t.do("aid Wynne Sera 3,3,2")
    assert t.hp("Sera", "health") == 5
    t.do("next", "next")
    t.rolls(4)
    t.do("aid Wynne Sera 4,3,2")
    assert t.hp("Sera", "health") == 5 + 4 + 2
    t.do("next", "next")
    with pytest.raises(CommandError, match="until damaged again"):
        t.do("aid Wynne Sera 4,3,2")
    t.do("dmg Sera 1 penetrating")
    t.rolls(1)
    t.do("aid Wynne Sera 4,3,2")
    assert t.hp("Sera", "health") == 10 + 3


# --- §2.2.2 Seize the Initiative ---------------------------------------------------------------

def test_seize_the_initiative_goes_to_the_top_and_the_round_goes_on():
    """docs/rulesets/dragon_age.md §2.2.2: 4 SP: the seizer tops the order; the round goes on with
    whoever followed its old slot; next round it acts first."""
    t = da("add A health=30", "add B pc health=30", "add C health=30", "start",
           rolls=(6, 6, 6, 4, 4, 4, 2, 2, 2))
    t.do("next", "attack B C 4,4,3 dmg=1", "stunt B seize-the-initiative", "next")
    assert (t.state.round, t.active) == (1, "c")
    t.do("next")
    assert (t.state.round, t.active, t.order) == (2, "b", ["b", "a", "c"])
