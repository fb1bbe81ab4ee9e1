"""Starfinder rules audit: the numbers, thresholds and timings of the rules page driven at their
edges through the command language, as a GM would (exactly at the threshold, one either side, at a
round boundary, after undo, with delay moving a clock)."""

import pytest

from conftest import Table
from gm_console.engine.language.commands import CommandError


def sf(*lines, rolls=(), options=None):
    t = Table("starfinder", options)
    t.rolls(*rolls)
    t.do(*lines)
    return t


def fig(t, who, key):
    return t.session.ruleset.sheet.effective(t.state, t.c(who))[key].value


# --- §3.4.1 massive damage: the seed's Navasi -----------------------------------------------------

@pytest.mark.parametrize("amount,life", [(73, "dying"), (74, "dead")])
def test_navasi_massive_damage_at_exactly_max_hp_kills(amount, life):
    """docs/rulesets/starfinder.md §3.4.1: 22 HP and 30 SP; 74 leaves 22 = max HP over: dead; 73 dying."""
    t = sf("add Navasi pc hp=22 sp=30 rp=4", "add Goblin hp=5", "start", rolls=(15, 3))
    t.do(f"dmg Navasi {amount}")
    assert (t.c("Navasi").life, t.hp("Navasi", "sp"), t.hp("Navasi", "hp")) == (life, 0, 0)


@pytest.mark.parametrize("amount,life,rp", [(21, "dying", 3), (22, "dead", 4)])
def test_at_zero_hp_a_hit_of_max_hp_kills_one_less_costs_1_rp(amount, life, rp):
    """docs/rulesets/starfinder.md §3.4.1, §3.4.4: at 0 HP a hit of max HP kills; below it costs 1 RP."""
    t = sf("add Navasi pc hp=22 sp=0 rp=4", "add Goblin hp=5", "start", "dmg Navasi 22", rolls=(15, 3))
    t.do(f"dmg Navasi {amount}")
    assert (t.c("Navasi").life, t.hp("Navasi", "rp")) == (life, rp)


def test_stamina_then_hp_in_one_hit_temp_first():
    """docs/rulesets/starfinder.md §3.3.2: temporary HP, then stamina, then HP in the same hit."""
    t = sf("add Navasi pc hp=22 sp=10 rp=4", "heal Navasi 3 temp", "dmg Navasi 15")
    assert (t.hp("Navasi", "sp"), t.hp("Navasi", "hp")) == (0, 20)


# --- §3.4.6 stabilising: cost clamp(max RP / 4, 1, 3) --------------------------------------------

@pytest.mark.parametrize("max_rp,cost", [(3, 1), (4, 1), (7, 1), (8, 2), (11, 2), (12, 3), (16, 3)])
def test_stabilising_costs_a_quarter_of_max_resolve_between_1_and_3(max_rp, cost):
    """docs/rulesets/starfinder.md §3.4.6: cost = floor(max RP / 4), at least 1, at most 3."""
    t = sf(f"add Navasi pc hp=10 sp=0 rp={max_rp}", "add Goblin hp=5", "start", rolls=(15, 3))
    t.do("next", "dmg Navasi 10", "next", "spend Navasi resolve stabilize")
    assert (t.c("Navasi").life, t.hp("Navasi", "rp")) == ("stable", max_rp - cost)


def test_stay_in_the_fight_not_the_round_it_stabilised_but_the_next():
    """docs/rulesets/starfinder.md §3.4.7: 1 RP -> 1 HP at the start of its turn, not in the round it
    stabilised with RP."""
    t = sf("add Navasi pc hp=10 sp=0 rp=4", "add Goblin hp=5", "start", rolls=(15, 3))
    t.do("next", "dmg Navasi 10", "next", "spend Navasi resolve stabilize")
    with pytest.raises(CommandError, match="next turn"):
        t.do("spend Navasi resolve fight")
    t.do("next", "next")
    assert (t.state.round, t.active) == (3, "navasi")
    t.do("spend Navasi resolve fight")
    assert (t.c("Navasi").life, t.hp("Navasi", "hp"), t.hp("Navasi", "rp")) == ("ok", 1, 2)


# --- §3.4.3, §3.4.5 losing resolve and the 0-RP grace ---------------------------------------------

def test_dropped_with_0_rp_after_its_turn_dies_at_the_end_of_its_next_turn():
    """docs/rulesets/starfinder.md §3.4.5: dropped with 0 RP in round 1 (after its turn): alive through
    its turn in round 2, dead at that turn's end."""
    t = sf("add Navasi pc hp=10 sp=0 rp=0/4", "add Goblin hp=5", "start", rolls=(15, 3))
    t.do("next", "dmg Navasi 10", "next")
    assert (t.state.round, t.active, t.c("Navasi").life) == (2, "navasi", "dying")
    t.do("next")
    assert t.c("Navasi").life == "dead"


def test_dropped_during_its_own_turn_first_loss_a_turn_later_and_undo():
    """docs/rulesets/starfinder.md §3.4.3: dropped on its own turn, no loss at that turn's end; 1 RP at
    the end of its next; undo gives it back."""
    t = sf("add Navasi pc hp=10 sp=0 rp=4", "add Goblin hp=5", "start", rolls=(15, 3))
    t.do("dmg Navasi 10", "next")
    assert t.hp("Navasi", "rp") == 4
    t.do("next", "next")
    assert t.hp("Navasi", "rp") == 3
    t.do("undo")
    assert t.hp("Navasi", "rp") == 4


@pytest.mark.parametrize("second,rp", [(5, 3), (6, 2)])
def test_errata_a_second_hit_in_the_round_costs_only_over_half_max_hp(second, rp):
    """docs/rulesets/starfinder.md §3.4.4 [Δ] damage_at_zero_hp official: the first hit each round
    costs 1 RP, a later one only if over half max HP (10: 5 is not, 6 is)."""
    t = sf("add Navasi pc hp=10 sp=0 rp=4", "add Goblin hp=5", "start", rolls=(15, 3),
           options={"damage_at_zero_hp": "official"})
    t.do("dmg Navasi 10", "dmg Navasi 1", f"dmg Navasi {second}")
    assert t.hp("Navasi", "rp") == rp


# --- §3.4.9 long-term stability: Con check 20 / 10-19 / under 10 ----------------------------------

@pytest.mark.parametrize("natural,life,hp", [(20, "ok", 1), (19, "stable", 0), (10, "stable", 0), (9, "dead", 0)])
def test_hourly_con_check_thresholds(natural, life, hp):
    """docs/rulesets/starfinder.md §3.4.9: d20 + Con modifier: 20+ wakes with 1 HP, 10-19 stays stable,
    under 10 dies; checked after each full hour."""
    t = sf("add Navasi pc hp=10 sp=0 rp=1/4 con=10", "add Goblin hp=3", "start", rolls=(15, 3))
    t.do("next", "dmg Navasi 10", "next", "spend Navasi resolve stabilize", "end")
    t.rolls(natural)
    t.do("pass 59m")
    assert t.c("Navasi").life == "stable"
    t.do("pass 1m")
    assert (t.c("Navasi").life, t.hp("Navasi")) == (life, hp)


# --- §3.5.1 resolve and the 10-minute stamina rest ------------------------------------------------

@pytest.mark.parametrize("level,key,rp", [(1, 0, 1), (1, -2, 1), (2, 3, 4), (3, 3, 4), (4, 18, 6), (20, 5, 15)])
def test_resolve_is_half_level_at_least_1_plus_key(level, key, rp):
    """docs/rulesets/starfinder.md §3.5.1: max(1, level / 2) + key modifier, at least 1 (key 18 a score)."""
    t = sf(f"add Navasi pc hp=10 level={level} key={key}")
    assert t.c("Navasi").pools["rp"].max == rp


def test_stamina_comes_back_after_ten_full_minutes_not_nine():
    """docs/rulesets/starfinder.md §3.5.1: 1 RP and 10 minutes of rest bring all the stamina back."""
    t = sf("add Navasi pc hp=10 sp=5/20 rp=4", "spend Navasi resolve stamina", "pass 9m")
    assert (t.hp("Navasi", "sp"), t.hp("Navasi", "rp")) == (5, 3)
    t.do("pass 1m")
    assert t.hp("Navasi", "sp") == 20


# --- §3.7 combat maneuvers vs KAC + 8 -------------------------------------------------------------

@pytest.mark.parametrize("total,cond", [(22, None), (23, "grappled"), (28, "grappled"), (29, "pinned")])
def test_grapple_meets_kac_plus_8_and_pins_over_kac_plus_13(total, cond):
    """docs/rulesets/starfinder.md §3.7: KAC 15: 23 grapples, 22 fails; the seed pins over 28."""
    t = sf("add A attack=5", "add B kac=15", "start", rolls=(15, 3))
    t.do(f"grapple A B {total}")
    held = {x.cond for x in t.c("B").conditions}
    assert (("pinned" if "pinned" in held else "grappled" if "grappled" in held else None)) == cond


def test_official_pin_at_exactly_kac_plus_13():
    """docs/rulesets/starfinder.md §3.7 [Δ] pin_threshold official: KAC + 13 or more pins."""
    t = sf("add A attack=5", "add B kac=15", "start", rolls=(15, 3), options={"pin_threshold": "official"})
    t.do("grapple A B 28")
    assert "pinned" in {x.cond for x in t.c("B").conditions}


@pytest.mark.parametrize("total,rounds", [(23, 1), (27, 1), (28, 2), (32, 2), (33, 3)])
def test_dirty_trick_lasts_1_round_plus_1_per_full_5_over(total, rounds):
    """docs/rulesets/starfinder.md §3.7: 1 round + 1 per 5 over KAC + 8 (whole fives)."""
    t = sf("add A attack=5", "add B kac=15", "start", rolls=(15, 3))
    t.do(f"dirty-trick A B {total} shaken")
    (shaken,) = [x for x in t.c("B").conditions if x.cond == "shaken"]
    assert shaken.rounds == rounds


def test_pinned_replaces_grappled_and_flat_footed_counts_once():
    """docs/rulesets/starfinder.md §3.6, §3.7: pinned -4 KAC and flat-footed -2, not grappled's -2 as
    well; at the end of the grappler's turn grappled again (-2)."""
    t = sf("add A attack=5", "add B kac=15 init=1", "start", rolls=(15, 3))
    t.do("grapple A B 31", "cond B stunned")
    assert fig(t, "B", "kac") == 15 - 4 - 2
    t.do("uncond B stunned", "next")
    assert fig(t, "B", "kac") == 15 - 2


# --- §3.6 stacking --------------------------------------------------------------------------------

def test_fatigued_twice_is_exhausted_for_the_total():
    """docs/rulesets/starfinder.md §3.6: fatigued on a fatigued creature: exhausted for both durations."""
    t = sf("add A hp=5", "add B kac=15 init=1", "start", rolls=(15, 3))
    t.do("cond B fatigued 2", "cond B fatigued 3")
    assert [(x.cond, x.rounds) for x in t.c("B").conditions] == [("exhausted", 5)]
    assert (fig(t, "B", "kac"), fig(t, "B", "init")) == (12, -2)


# --- §3.3.5 range ---------------------------------------------------------------------------------

@pytest.mark.parametrize("feet,penalty", [(60, "+0"), (61, "-2"), (120, "-2"), (121, "-4"), (600, "-18")])
def test_range_penalty_per_full_increment(feet, penalty):
    """docs/rulesets/starfinder.md §3.3.5: -2 per increment beyond the first; 120 ft is still the 2nd."""
    t = sf(f"range {feet} 60")
    assert f"{penalty} to attack" in t.said()[-1]


def test_range_past_ten_increments_is_out_of_range():
    """docs/rulesets/starfinder.md §3.3.5: at most 10 increments."""
    t = sf("range 601 60")
    assert t.said()[-1].startswith("Out of range")


# --- §3.2 total defense and charge: until the start of its next turn -------------------------------

def test_total_defense_lasts_until_the_start_of_its_next_turn():
    """docs/rulesets/starfinder.md §3.2: +4 AC through the others' turns, gone when its turn starts."""
    t = sf("add A kac=15", "add B hp=5", "start", rolls=(15, 10))
    t.do("total-defense A", "next")
    assert fig(t, "A", "kac") == 19
    t.do("next")
    assert (t.active, fig(t, "A", "kac")) == ("a", 15)


# --- §3.1 the surprise round: one move or standard action, and the log says so ------------------


def test_the_surprise_round_log_says_nothing_is_left_after_the_one_action():
    """docs/rulesets/starfinder.md §3.1 [S]: a single move or standard action in the surprise turn;
    the line that ticks it must not offer the normal round's move and swift."""
    t = sf("add Ana pc hp=20 sp=10", "add Orc hp=20", "init Ana 20", "init Orc 15", "surprise Ana", "start")
    t.do("action Ana standard")
    assert t.said()[-1] == "Ana uses a standard action; left: none"
    with pytest.raises(CommandError):
        t.do("action Ana move")


def test_the_official_surprise_round_leaves_the_swift_action():
    """docs/rulesets/starfinder.md §3.1 [Δ official]: plus swift actions."""
    t = sf("add Ana pc hp=20 sp=10", "add Orc hp=20", "init Ana 20", "init Orc 15",
           "option partial_surprise official", "surprise Ana", "start")
    t.do("action Ana move")
    assert t.said()[-1] == "Ana uses a move action; left: swift"
    t.do("action Ana swift")
