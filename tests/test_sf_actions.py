"""Starfinder actions: the per-turn budget, total defense, fighting defensively, covering and harrying
fire, charge, and the range-increment calculator."""

import pytest

from conftest import Table
from gm_console.engine.language.commands import CommandError
from gm_console.i18n import render


def rendered(lines, lang="en"):
    """A sheet's status lines as the GM reads them."""
    return [render(x, lang) for x in lines]


def table(options=None):
    """Navasi acts first (17), Obozaya (11), a pirate (4)."""
    t = Table("starfinder", options)
    t.rolls(15, 10, 3)
    t.do("add Navasi pc sp=30 hp=22 rp=4 eac=15 kac=16 attack=6 ranged=7 init=2",
         "add Obozaya pc sp=30 hp=30 rp=4 eac=16 kac=18 attack=8 init=1",
         "add Pirate hp=20 eac=13 kac=14 attack=5 init=1", "start")
    return t


def fig(t, who, key):
    return t.session.ruleset.sheet.effective(t.state, t.c(who))[key].value


def status(t, who):
    return rendered(t.session.ruleset.sheet.status(t.state, t.c(who)))


# -- the budget ----------------------------------------------------------------------------


def test_standard_move_swift_each_turn():
    """starfinder.md §3.2 [S]: a standard, a move and a swift action per turn."""
    t = table()
    assert "actions left: standard, move, swift" in status(t, "Navasi")
    t.do("action standard", "action move", "action swift")
    assert "actions left: none" in status(t, "Navasi")
    with pytest.raises(CommandError, match="no standard action left"):
        t.do("action standard")


def test_standard_can_be_a_move_and_three_swifts():
    """starfinder.md §3.2 [S]: move + move + swift, or three swift actions."""
    t = table()
    t.do("action move", "action move", "action swift")
    with pytest.raises(CommandError):
        t.do("action move")
    t.do("next")
    t.do("action swift", "action swift", "action swift")
    with pytest.raises(CommandError):
        t.do("action swift")


def test_full_action_takes_the_whole_turn():
    """starfinder.md §3.2 [S/O]: a full action uses the whole turn: nothing else but free actions."""
    t = table()
    t.do("action full")
    assert "full action taken: free actions only" in status(t, "Navasi")
    with pytest.raises(CommandError):
        t.do("action swift")
    t.do("action free")
    t.do("next")
    t.do("action move")
    with pytest.raises(CommandError, match="whole turn"):
        t.do("action full")


def test_actions_reset_when_the_turn_starts():
    """starfinder.md §3.2 [S]: the budget is per turn."""
    t = table()
    t.do("action standard", "next", "next", "next")
    assert t.active == "navasi"
    assert "actions left: standard, move, swift" in status(t, "Navasi")


def test_one_reaction_per_round_and_none_before_its_first_turn():
    """starfinder.md §3.2 [O]: one reaction a round, regained at its turn; none before it has acted."""
    t = table()
    with pytest.raises(CommandError, match="first turn"):
        t.do("action Pirate aoo")
    t.do("action Navasi aoo")
    assert "reaction used" in status(t, "Navasi")
    with pytest.raises(CommandError, match="used their reaction"):
        t.do("action Navasi reaction")
    t.do("next", "next", "next")
    t.do("action Navasi reaction")


def test_flat_footed_has_no_reactions():
    """starfinder.md §3.6 [O]: flat-footed: no reactions (no attacks of opportunity)."""
    t = table()
    t.do("cond Navasi flat-footed")
    with pytest.raises(CommandError, match="flat-footed"):
        t.do("action Navasi aoo")


def test_action_off_turn_is_refused_for_plain_kinds():
    """starfinder.md §3.2: the budget belongs to the turn; off-turn actions are readied ones."""
    t = table()
    with pytest.raises(CommandError, match="not the one acting"):
        t.do("action Obozaya standard")


def test_run_makes_flat_footed_until_its_next_turn():
    """starfinder.md §3.2 [S]: run: a full action, 4x speed, flat-footed."""
    t = table()
    t.do("action run")
    assert fig(t, "Navasi", "kac") == 14
    t.do("next", "next", "next")
    assert fig(t, "Navasi", "kac") == 16


def test_withdraw_barred_when_stunned_seed_or_blinded_official():
    """starfinder.md §3.2 [S] vs [Δ official]: withdraw is barred by disoriented/stunned (seed) or blinded (official)."""
    t = table()
    t.do("cond Navasi off-target")
    with pytest.raises(CommandError, match="cannot withdraw"):
        t.do("action withdraw")
    t.do("uncond Navasi off-target", "cond Navasi blinded", "action withdraw")
    t = table({"withdraw": "official"})
    t.do("cond Navasi blinded")
    with pytest.raises(CommandError, match="blinded"):
        t.do("action withdraw")


# -- total defense, fighting defensively ----------------------------------------------------


def test_total_defense_plus_4_until_the_start_of_its_next_turn():
    """starfinder.md §3.2 [S]: total defense: +4 AC until the start of its next turn."""
    t = table()
    t.do("total-defense Navasi")
    assert (fig(t, "Navasi", "eac"), fig(t, "Navasi", "kac")) == (19, 20)
    assert "actions left: move, swift" in status(t, "Navasi")
    t.do("next", "next")
    assert fig(t, "Navasi", "kac") == 20
    t.do("next")
    assert t.active == "navasi" and fig(t, "Navasi", "kac") == 16


def test_total_defense_means_no_attacks_of_opportunity():
    """starfinder.md §3.2 [S]: no attacks of opportunity while in total defense."""
    t = table()
    t.do("total-defense Navasi", "next")
    with pytest.raises(CommandError, match="total defense: no reactions"):
        t.do("action Navasi aoo")


def test_total_defense_combines_with_fighting_defensively_seed():
    """starfinder.md §3.2 [S]: total defense may be combined with other AC boosts (seed)."""
    t = table()
    t.do("next", "total-defense Obozaya", "cond Obozaya fighting-defensively 1")
    assert fig(t, "Obozaya", "kac") == 24


def test_total_defense_does_not_combine_official():
    """starfinder.md §3.2 [Δ official]: total defense cannot combine with other actions that raise AC."""
    t = table({"total_defense": "official"})
    t.do("next", "total-defense Obozaya", "cond Obozaya fighting-defensively 1")
    assert fig(t, "Obozaya", "kac") == 22
    assert fig(t, "Obozaya", "attack") == 4


def test_fight_defensively():
    """starfinder.md §3.2 [S]: -4 on attacks, +2 AC until its next turn."""
    t = table()
    t.do("defensive Navasi")
    assert (fig(t, "Navasi", "attack"), fig(t, "Navasi", "kac"), fig(t, "Navasi", "eac")) == (2, 18, 17)
    t.do("next", "next", "next")
    assert (fig(t, "Navasi", "attack"), fig(t, "Navasi", "kac")) == (6, 16)


# -- covering and harrying fire ----------------------------------------------------------------


def test_covering_fire_gives_an_ally_plus_2_ac():
    """starfinder.md §3.2 [S]: ranged attack vs AC 15: an ally gets +2 AC until the start of the shooter's next turn."""
    t = table()
    t.rolls(8)                                           # 8 + 7 ranged = 15: hits AC 15
    t.do("cover Navasi Obozaya")
    assert fig(t, "Obozaya", "kac") == 20
    t.do("next", "next")
    assert fig(t, "Obozaya", "kac") == 20
    t.do("next")                                         # Navasi's next turn starts
    assert fig(t, "Obozaya", "kac") == 18


def test_covering_fire_miss_gives_nothing():
    """starfinder.md §3.2 [S]: below AC 15 it does nothing."""
    t = table()
    t.do("cover Navasi Obozaya 14")
    assert fig(t, "Obozaya", "kac") == 18
    assert "misses" in t.said()[-1]


def test_harrying_fire_gives_an_ally_plus_2_on_its_next_attack():
    """starfinder.md §3.2 [S]: harrying fire: an ally +2 on its next attack until the start of the shooter's next turn."""
    t = table()
    t.do("harry Navasi Obozaya 15")
    assert fig(t, "Obozaya", "attack") == 10
    t.do("next")
    t.do("uncond Obozaya harrying-fire")                  # used on its attack
    assert fig(t, "Obozaya", "attack") == 8


# -- charge -----------------------------------------------------------------------------------


def test_charge_plus_1_attack_minus_2_ac_seed():
    """starfinder.md §3.2 [S]: charge: +1 attack (seed); -2 AC until the start of its next turn [O]."""
    t = table()
    t.do("charge Navasi Pirate")
    assert (fig(t, "Navasi", "attack"), fig(t, "Navasi", "kac")) == (7, 14)
    assert "full action taken: free actions only" in status(t, "Navasi")
    t.do("next")
    assert (fig(t, "Navasi", "attack"), fig(t, "Navasi", "kac")) == (6, 14)
    t.do("next", "next")
    assert fig(t, "Navasi", "kac") == 16


def test_charge_minus_2_attack_official():
    """starfinder.md §3.2 [Δ official]: charge attack -2."""
    t = table({"charge_attack": "official"})
    t.do("charge Navasi")
    assert fig(t, "Navasi", "attack") == 4
    assert any("no creature at all in the path" in s for s in t.said())


def test_charge_needs_the_whole_turn():
    """starfinder.md §3.2 [S]: charge is a full action; after a move the GM is warned (the verb still resolves)."""
    t = table()
    t.do("action move", "charge Navasi")
    assert "a full action needs the whole turn" in t.said()[-2]
    assert "counted anyway" in t.said()[-2]
    with pytest.raises(CommandError, match="whole turn"):
        t.do("action full")


# -- range --------------------------------------------------------------------------------------


@pytest.mark.parametrize("dist,pen", [(30, 0), (60, 0), (61, -2), (119, -2), (120, -2), (121, -4), (180, -4),
                                      (181, -6), (600, -18)])
def test_range_penalty_minus_2_per_increment_beyond_the_first(dist, pen):
    """starfinder.md §3.3 [S]: -2 per full increment beyond the first; the seed's 60 ft example: 61-119 ft is -2."""
    t = Table("starfinder")
    t.do(f"range {dist} 60")
    assert f"{pen:+d} to attack" in t.said()[-1]


def test_range_beyond_ten_increments_is_out_of_range():
    """starfinder.md §3.3 [S]: maximum 10 increments for all weapons."""
    t = Table("starfinder")
    t.do("range 601 60")
    assert t.said()[-1].startswith("Out of range")


def test_thrown_range_ten_increments_seed_five_official():
    """starfinder.md §3.3 [S] vs [Δ official]: thrown weapons 10 increments (seed), 5 (official)."""
    t = Table("starfinder")
    t.do("range 60 10 thrown")
    assert "-10 to attack" in t.said()[-1]
    t = Table("starfinder", {"thrown_range": "official"})
    t.do("range 50 10 thrown")
    assert "-8 to attack" in t.said()[-1]
    t.do("range 51 10 thrown")
    assert t.said()[-1].startswith("Out of range")


def test_range_accepts_feet_units_and_refuses_junk():
    """The calculator reads `range 130ft 60`; junk is refused with the usage."""
    t = Table("starfinder")
    t.do("range 130ft 60")
    assert "-4 to attack" in t.said()[-1]
    with pytest.raises(CommandError, match="usage"):
        t.do("range far 60")


# -- the budget on the sheet (action_budget) ------------------------------------------------


def slots(t, who):
    return t.session.ruleset.sheet.action_budget(t.state, t.c(who))


def test_budget_lists_the_turns_actions_with_their_command():
    """starfinder.md §3.2 [S]: standard, move, swift, or a full action; each slot ticks itself off."""
    t = table()
    budget = slots(t, "Navasi")
    assert [(s.id, s.used) for s in budget] == [("standard", False), ("move", False), ("swift", False),
                                                ("full", False)]
    assert budget[1].command == "action navasi move" and budget[1].es == "Movimiento"
    t.do(budget[0].command)
    assert [(s.en, s.used) for s in slots(t, "Navasi")] == [("Standard", True), ("Move", False), ("Swift", False)]
    assert "actions left: move, swift" in status(t, "Navasi")


def test_budget_after_a_full_action_and_with_stand_ins():
    """starfinder.md §3.2 [S/O]: a full action takes the whole turn; a standard may stand in for a move."""
    t = table()
    t.do("action full")
    assert [(s.en, s.used) for s in slots(t, "Navasi")] == [("Full", True)]
    t.do("next", "action move", "action move")
    assert [(s.en, s.used, s.command) for s in slots(t, "Obozaya")] == [
        ("Move", True, None), ("Move", True, None), ("Swift", False, "action obozaya swift")]


def test_budget_only_for_the_acting_combatant_who_can_act():
    """starfinder.md §3.2: the budget belongs to the turn; no actions when dying or stunned."""
    t = table()
    assert slots(t, "Obozaya") == []
    t.do("cond Navasi stunned")
    assert slots(t, "Navasi") == []


def test_budget_follows_staggered():
    """starfinder.md §3.6 [S]: staggered: a single move or standard action per turn, no full action."""
    t = table()
    t.do("cond Navasi staggered", "action move")
    assert [(s.en, s.used) for s in slots(t, "Navasi")] == [("Move", True), ("Swift", False)]


def test_health_bars_are_stamina_then_hp():
    """starfinder.md §3.3 [S]: stamina absorbs damage before HP; resolve is not health."""
    assert Table("starfinder").session.ruleset.sheet.health_pools() == ("sp", "hp")
