"""Turn order, rounds, delay and ready: the generic mechanics every ruleset shares.

Rules cited from docs/ARCHITECTURE.md ("Order") and docs/rulesets/*.md: pathfinder1e.md §1.1.5-6
(delay/ready across round boundaries), and issue 2's command language.
"""

import pytest

from gm_console.engine.language.commands import CommandError


def four(table):
    t = table("generic")
    t.do("add Alba hp=10", "add Bruno hp=10", "add Cora hp=10", "add Dax hp=10",
         "init Alba 20", "init Bruno 15", "init Cora 10", "init Dax 5")
    return t


def test_start_highest_initiative_acts_first(table):
    t = four(table)
    t.do("start")
    assert t.state.round == 1
    assert t.active == "alba"
    assert t.order == ["alba", "bruno", "cora", "dax"]


def test_next_walks_the_order_and_wraps_into_round_two(table):
    t = four(table)
    t.do("start", "next", "next", "next")
    assert t.active == "dax" and t.state.round == 1
    t.do("next")
    assert t.active == "alba" and t.state.round == 2


def test_round_is_zero_and_no_one_active_before_start(table):
    t = four(table)
    assert t.state.round == 0 and t.active is None


def test_start_rolls_initiative_for_those_without(table):
    t = table("generic")
    t.rolls(7, 18)
    t.do("add Uno hp=5", "add Dos hp=5", "start")
    assert t.c("Uno").initiative == 7 and t.c("Dos").initiative == 18
    assert t.active == "dos"


def test_ties_broken_by_initiative_bonus_then_roster_order(table):
    t = table("generic")
    t.do("add Low hp=5 init=1", "add High hp=5 init=4", "add Later hp=5 init=4",
         "init Low 12", "init High 12", "init Later 12")
    assert t.order == ["high", "later", "low"]


def test_delay_leaves_the_order_and_resume_acts_before_the_one_up(table):
    """pathfinder1e.md §1.1.5 [S]: the delayer re-enters between turns; its initiative becomes that count."""
    t = four(table)
    t.do("start", "delay")
    assert t.active == "bruno"
    assert t.order == ["bruno", "cora", "dax"]
    assert t.state.delayed.keys() == {"alba"}
    t.do("next")  # Bruno ends, Cora is up
    t.do("resume Alba")
    assert t.active == "alba"
    assert t.c("Alba").initiative == 10
    assert t.order == ["bruno", "alba", "cora", "dax"]
    t.do("next")  # Alba done: Cora's interrupted turn continues
    assert t.active == "cora"


def test_new_position_persists_into_later_rounds(table):
    """docs/ARCHITECTURE.md, Order [I]: moves made by delay persist into later rounds."""
    t = four(table)
    t.do("start", "delay", "next", "resume Alba", "next", "next", "next")
    assert t.state.round == 2 and t.active == "bruno"
    t.do("next")
    assert t.active == "alba"


def test_delay_with_count_re_enters_by_itself(table):
    t = four(table)
    t.do("start", "delay 12")
    assert t.active == "bruno"
    t.do("next")  # count 12 comes up between Bruno (15) and Cora (10)
    assert t.active == "alba"
    assert t.c("Alba").initiative == 12
    assert t.order == ["bruno", "alba", "cora", "dax"]


def test_delay_count_below_everyone_acts_at_the_end_of_the_round(table):
    t = four(table)
    t.do("start", "delay 1", "next", "next")
    assert t.active == "dax"
    t.do("next")
    assert t.active == "alba" and t.state.round == 1
    assert t.order[-1] == "alba"


def test_delay_count_above_own_initiative_is_refused(table):
    t = four(table)
    t.do("start")
    with pytest.raises(CommandError, match="at most"):
        t.do("delay 25")
    assert t.active == "alba" and not t.state.delayed


def test_delayer_whose_count_comes_round_again_acts_there(table):
    """Issue 2 / pathfinder1e.md §1.1.5 [O]: original slot comes round while still delaying: normal turn."""
    t = four(table)
    t.do("start", "delay", "next", "next", "next")  # Bruno, Cora, Dax; Alba never resumes
    assert t.state.round == 2
    assert t.active == "alba"
    assert not t.state.delayed
    assert any("delay is forfeit" in s for s in t.said())


def test_resume_in_next_round_before_original_slot_uses_that_rounds_turn(table):
    """pathfinder1e.md §1.1.5 [S]: resuming next round before the original count replaces that round's turn."""
    t = four(table)
    t.do("start", "next", "next", "delay")  # Cora delays in round 1
    t.do("next")  # Dax ends -> round 2, Alba up
    assert t.state.round == 2 and t.active == "alba"
    t.do("resume Cora")  # acts before Alba in round 2
    assert t.active == "cora"
    assert t.order == ["cora", "alba", "bruno", "dax"]
    t.do("next", "next", "next")  # Alba, Bruno, Dax
    assert t.active == "dax" and t.state.round == 2  # no second turn for Cora this round
    t.do("next")
    assert t.state.round == 3 and t.active == "cora"


def test_ready_ends_the_turn_and_trigger_moves_before_the_active(table):
    """pathfinder1e.md §1.1.6 [S]: readied action just before the trigger; new position for the rest of combat."""
    t = four(table)
    t.do("start", "ready when the ogre moves")
    assert t.active == "bruno"
    assert t.state.readied["alba"].trigger == "when the ogre moves"
    t.do("next")  # Cora up
    t.do("trigger Alba")
    assert "alba" not in t.state.readied
    assert t.order == ["bruno", "alba", "cora", "dax"]
    assert t.active == "cora"  # the readied action interrupts; Cora's turn goes on
    assert t.c("Alba").initiative == 10


def test_trigger_next_round_before_own_count_costs_the_regular_turn(table):
    """pathfinder1e.md §1.1.6 [S]: triggered next round before its count: no regular action that round."""
    t = four(table)
    t.do("start", "next", "next", "ready if anyone casts")  # Cora readies in round 1
    t.do("next")  # round 2, Alba up
    t.do("trigger Cora")
    assert t.order == ["cora", "alba", "bruno", "dax"]
    t.do("next", "next")
    assert t.active == "dax" and t.state.round == 2
    t.do("next")
    assert t.active == "cora" and t.state.round == 3


def test_untriggered_readied_action_is_kept_by_default(table):
    """pathfinder1e.md §1.1.6 [Δ] seed: the ready may simply continue."""
    t = four(table)
    t.do("start", "ready x", "next", "next", "next")
    assert t.active == "alba" and t.state.round == 2 and "alba" in t.state.readied


def test_unready_drops_the_action(table):
    t = four(table)
    t.do("start", "ready x", "unready Alba")
    assert not t.state.readied


def test_trigger_without_ready_is_refused_with_who_is_readied(table):
    t = four(table)
    t.do("start", "ready x")
    with pytest.raises(CommandError, match="readied: Alba"):
        t.do("trigger Cora")


def test_prev_moves_the_marker_back(table):
    t = four(table)
    t.do("start", "next", "prev")
    assert t.active == "alba"
    with pytest.raises(CommandError):
        t.do("prev")


def test_dead_combatants_are_passed_over(table):
    t = four(table)
    t.do("start", "cond Bruno dead", "next")
    assert t.active == "cora"
    t.do("next", "next")
    assert t.state.round == 2 and t.active == "alba"
    t.do("next")
    assert t.active == "cora"


def test_joining_mid_combat_is_inserted_by_initiative(table):
    t = four(table)
    t.do("start", "next", "add Eve hp=3", "init Eve 12")
    assert t.order == ["alba", "bruno", "eve", "cora", "dax"]
    t.do("next")
    assert t.active == "eve"


def test_removing_the_active_combatant_passes_the_turn(table):
    t = four(table)
    t.do("start", "remove Alba")
    assert t.active == "bruno"
    assert t.order == ["bruno", "cora", "dax"]


def test_end_stops_the_round_counter_and_start_begins_a_new_combat(table):
    t = four(table)
    t.do("start", "next", "end")
    assert not t.state.in_combat and t.active is None
    with pytest.raises(CommandError):
        t.do("next")
    t.do("start")
    assert t.state.round == 1 and t.active == "alba"


def test_add_many_numbers_them_and_continues_numbering(table):
    t = table("generic")
    t.do("add Goblin x3 hp=7")
    t.do("add Goblin x2 hp=7")
    assert [c.name for c in t.state.combatants.values()] == [f"Goblin {i}" for i in range(1, 6)]


def test_names_resolve_by_id_name_or_unambiguous_prefix(table):
    t = table("generic")
    t.do("add \"Goblin Boss\" hp=7", "add Kyra hp=5")
    t.do("dmg kyr 2", "dmg \"goblin boss\" 1", "dmg goblin-boss 1")
    assert t.hp("Kyra") == 3 and t.hp("Goblin Boss") == 5
    with pytest.raises(CommandError, match="no combatant"):
        t.do("dmg zed 1")


def test_surprise_round_lets_only_the_aware_act_then_round_one(table):
    """pathfinder1e.md §1.1.3 [O]: some aware, some not: a surprise round first, in initiative order."""
    t = four(table)
    t.do("surprise Bruno Dax", "start")
    assert t.state.round == 0 and t.active == "bruno"
    t.do("next")
    assert t.active == "dax" and t.state.round == 0
    t.do("next")
    assert t.state.round == 1 and t.active == "alba"
    assert "surprise-round" not in t.state.marks


def test_everyone_aware_means_no_surprise_round(table):
    t = four(table)
    t.do("surprise Alba Bruno Cora Dax", "start")
    assert t.state.round == 1 and t.active == "alba"


def test_surprise_after_start_is_refused(table):
    t = four(table)
    t.do("start")
    with pytest.raises(CommandError, match="before `start`"):
        t.do("surprise Alba")


def test_moving_to_the_top_mid_round_gives_no_second_turns(table):
    """dragon_age.md §2.2.2 [S] Seize the Initiative: the round continues with whoever followed the old slot."""
    from rulesets.generic import GenericRuleset

    from gm_console.engine.language.session import Session
    from gm_console.ruleset import Verb, Who

    class Seizing(GenericRuleset):
        def verbs(self):
            return (Verb("seize", (Who("who"),), lambda ctx, call: ctx.move_to_top(ctx.combatant(call.who))),)

    t = four(table)
    t.session = Session(Seizing())
    t.do("add Alba hp=10", "add Bruno hp=10", "add Cora hp=10", "add Dax hp=10",
         "init Alba 20", "init Bruno 15", "init Cora 10", "init Dax 5", "start", "next")
    t.do("seize Bruno")
    assert t.order == ["bruno", "alba", "cora", "dax"]
    t.do("next")
    assert t.active == "cora" and t.state.round == 1  # Alba already acted this round
    t.do("next", "next")
    assert t.active == "bruno" and t.state.round == 2


def test_prev_then_next_replays_the_marker_in_order(table):
    t = four(table)
    t.do("start", "next", "next", "prev", "prev")
    assert t.active == "alba"
    t.do("next")
    assert t.active == "bruno"
    t.do("next")
    assert t.active == "cora"


def test_initiative_corrected_above_the_marker_before_acting_still_acts_this_round(table):
    t = four(table)
    t.do("start", "next", "init Dax 25")  # Bruno's turn; Dax has not acted and jumps to the top
    assert t.order[0] == "dax"
    t.do("next", "next")  # Cora, then Dax's owed turn before the round ends
    assert (t.state.round, t.active) == (1, "dax")
    t.do("next")
    assert (t.state.round, t.active) == (2, "dax")  # from now on at its corrected count
    t.do("next")
    assert t.active == "alba"


def test_typos_in_stats_and_conditions_get_a_suggestion(table):
    t = table("pathfinder1e")
    with pytest.raises(CommandError, match=r"unknown stat 'hpp' for Pathfinder 1e; did you mean hp\?"):
        t.do("add Kyra hpp=20")
    t.do("add Kyra hp=20")
    with pytest.raises(CommandError, match=r"unknown condition 'estremecdo'; did you mean Estremecido\?"):
        t.do("cond Kyra estremecdo")
