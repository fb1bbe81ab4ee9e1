"""Starfinder 0 HP: dying, resolve loss and its timing, stabilising, staying in the fight, long-term
stability, the zero-resolve grace and the errata option."""

import pytest

from conftest import Table
from gm_console.engine.language.commands import CommandError
from gm_console.i18n import render


def rendered(lines, lang="en"):
    """A sheet's status lines as the GM reads them."""
    return [render(x, lang) for x in lines]


def fight(rp="4", goblin_first=False, options=None, con=""):
    """Navasi (init 17) and a goblin (init 4); or the goblin first (init 21 against 17)."""
    t = Table("starfinder", options)
    t.rolls(*((15, 20) if goblin_first else (15, 3)))
    t.do(f"add Navasi pc sp=30 hp=22 rp={rp} init=2 {con}".strip(), "add Goblin hp=10 init=1", "start")
    return t


def status(t, who):
    return rendered(t.session.ruleset.sheet.status(t.state, t.c(who)))


def test_zero_hp_means_unconscious_and_dying():
    """starfinder.md §3.4.2 [S]: at 0 HP unconscious and dying; the sheet counts the resolve down."""
    t = fight()
    t.do("next", "dmg Navasi 60")
    assert t.c("Navasi").life == "dying"
    assert "dying: 4 resolve left" in status(t, "Navasi")


def test_resolve_lost_at_the_end_of_each_own_turn():
    """starfinder.md §3.4.3 [S/O]: 1 RP at the end of each of its turns, not at the start, not on others' turns."""
    t = fight()
    t.do("next", "dmg Navasi 60")            # the goblin's turn, round 1
    t.do("next")                              # round 2: Navasi's turn starts
    assert t.hp("Navasi", "rp") == 4
    t.do("next")                              # ... and ends
    assert t.hp("Navasi", "rp") == 3
    assert "dying: 3 resolve left" in status(t, "Navasi")
    t.do("next")                              # round 3, Navasi again
    assert t.hp("Navasi", "rp") == 3
    t.do("next")
    assert t.hp("Navasi", "rp") == 2


def test_dropped_during_own_turn_first_loss_at_end_of_next_turn():
    """starfinder.md §3.4.3 [O]: dropped during its own turn (e.g. an AoO): first loss at the end of its next turn."""
    t = fight()
    t.do("dmg Navasi 60")                     # Navasi's own turn, round 1
    t.do("next")                              # end of that turn: no loss
    assert t.hp("Navasi", "rp") == 4
    assert "first RP loss comes at the end of their next turn" in t.said()[-2] + t.said()[-1] or \
        any("first RP loss" in s for s in t.said())
    t.do("next", "next")                      # round 2, Navasi's turn ends
    assert t.hp("Navasi", "rp") == 3


def test_each_further_hit_at_zero_costs_one_resolve():
    """starfinder.md §3.4.4 [S]: each further attack at 0 HP costs 1 RP (seed default)."""
    t = fight()
    t.do("next", "dmg Navasi 60", "dmg Navasi 3", "dmg Navasi 4")
    assert t.hp("Navasi", "rp") == 2
    assert t.hp("Navasi") == 0


def test_hit_at_zero_with_no_resolve_left_kills():
    """starfinder.md §3.4.5 [O]: must lose RP with 0 RP: dead."""
    t = fight(rp="1/4")
    t.do("next", "dmg Navasi 60", "dmg Navasi 2")
    assert t.hp("Navasi", "rp") == 0 and t.c("Navasi").life == "dying"
    t.do("dmg Navasi 2")
    assert t.c("Navasi").life == "dead"


def test_death_when_a_turn_end_loss_finds_zero_resolve():
    """starfinder.md §3.4.3/3.4.5: RP 1 -> 0 at one turn end, dead at the next."""
    t = fight(rp="1/4")
    t.do("next", "dmg Navasi 60", "next", "next")
    assert (t.hp("Navasi", "rp"), t.c("Navasi").life) == (0, "dying")
    assert "dying: 0 resolve left" in status(t, "Navasi")
    t.do("next", "next", "next")
    assert t.c("Navasi").life == "dead"


def test_zero_resolve_grace_until_end_of_turn_in_next_round():
    """starfinder.md §3.4.5 [O]: 0 RP when first dropped: until the end of its turn in the next round."""
    t = fight(rp="0/4", goblin_first=True)     # goblin 21, Navasi 17
    assert t.active == "goblin"
    t.do("dmg Navasi 60")                       # round 1, before Navasi's turn
    t.do("next", "next")                        # Navasi's round-1 turn ends: grace
    assert t.c("Navasi").life == "dying"
    assert any("dies at the end of their turn in round 2" in s for s in t.said())
    t.do("next", "next")                        # round 2: Navasi's turn ends
    assert t.c("Navasi").life == "dead"


def test_zero_resolve_grace_when_dropped_after_its_turn():
    """starfinder.md §3.4.5 [O]: dropped after its own turn in round 1: dies at the end of its round-2 turn."""
    t = fight(rp="0/4")
    t.do("next", "dmg Navasi 60", "next")       # round 2 Navasi's turn
    assert t.c("Navasi").life == "dying"
    t.do("next")
    assert t.c("Navasi").life == "dead"


# -- stabilising ------------------------------------------------------------------------


@pytest.mark.parametrize("top,cost", [(3, 1), (4, 1), (7, 1), (8, 2), (11, 2), (12, 3), (20, 3)])
def test_stabilise_cost_is_a_quarter_of_max_clamped_1_to_3(top, cost):
    """starfinder.md §3.4.6 [S/O]: cost = clamp(floor(max RP / 4), 1, 3)."""
    t = Table("starfinder")
    t.do(f"add Navasi pc sp=30 hp=22 rp={top}", "dmg Navasi 60", "spend Navasi resolve stabilize")
    assert t.hp("Navasi", "rp") == top - cost
    assert t.c("Navasi").life == "stable"


def test_stabilise_with_exactly_the_cost():
    """starfinder.md §3.4.6 [S]: RP exactly the cost is enough, leaving 0."""
    t = Table("starfinder")
    t.do("add Navasi pc sp=30 hp=22 rp=2/8", "dmg Navasi 60", "spend Navasi resolve stabilize")
    assert (t.hp("Navasi", "rp"), t.c("Navasi").life) == (0, "stable")


def test_stabilise_refused_with_less_than_the_cost():
    """starfinder.md §3.4.6 [S]: needs current RP at least the cost."""
    t = Table("starfinder")
    t.do("add Navasi pc sp=30 hp=22 rp=1/8", "dmg Navasi 60")
    with pytest.raises(CommandError, match="needs 2 RP"):
        t.do("spend Navasi resolve stabilize")
    assert t.c("Navasi").life == "dying"


def test_stabilise_only_on_its_own_turn_in_combat():
    """starfinder.md §3.4.6 [S]: the dying spend RP on their turn."""
    t = fight()
    t.do("next", "dmg Navasi 60")
    with pytest.raises(CommandError, match="own turn"):
        t.do("spend Navasi resolve stabilize")
    t.do("next", "spend Navasi resolve stabilize", "next")
    assert t.hp("Navasi", "rp") == 3                   # the cost only: no loss at the end of the turn
    assert t.c("Navasi").life == "stable"


def test_stable_loses_no_more_resolve():
    """starfinder.md §3.4.6 [S]: stable: still 0 HP, no further RP loss."""
    t = fight()
    t.do("next", "dmg Navasi 60", "next", "spend Navasi resolve stabilize")
    for _ in range(4):
        t.do("next")
    assert t.hp("Navasi", "rp") == 3
    assert t.hp("Navasi") == 0


def test_spend_resolve_names_the_uses():
    """Spend: an unknown use is refused listing the accepted ones."""
    t = Table("starfinder")
    t.do("add Navasi pc sp=30 hp=22 rp=4")
    with pytest.raises(CommandError, match="stabilize, fight, stamina"):
        t.do("spend Navasi resolve dance")


def test_medicine_dc_15_stabilises():
    """starfinder.md §3.4.6 [S]: Medicine DC 15 by someone else stabilises; 14 does not."""
    t = fight()
    t.do("next", "dmg Navasi 60", "medicine Navasi 14 by Goblin")
    assert t.c("Navasi").life == "dying"
    t = fight()
    t.do("next", "dmg Navasi 60", "medicine Navasi 15")
    assert t.c("Navasi").life == "stable"


def test_medicine_rolls_with_the_healers_bonus():
    """starfinder.md §3.4.6 [S]: 1d20 + the healer's Medicine against DC 15."""
    t = Table("starfinder")
    t.do("add Navasi pc sp=30 hp=22 rp=4", "add Keskodai pc hp=20 medicine=5", "dmg Navasi 60")
    t.rolls(10)
    t.do("medicine Navasi by Keskodai")
    assert t.c("Navasi").life == "stable"


def test_stabilize_spell_seed_needs_a_passed_will_save():
    """starfinder.md §3.4.6 [S]: the seed's stabilize spell works only if the target passes its Will save."""
    t = Table("starfinder")
    t.do("add Navasi pc sp=30 hp=22 rp=4 will=3", "dmg Navasi 60")
    t.rolls(9)
    t.do("stabilize Navasi spell dc=13")
    assert t.c("Navasi").life == "dying"
    t.rolls(10)
    t.do("stabilize Navasi spell dc=13")
    assert t.c("Navasi").life == "stable"


def test_stabilize_spell_official_just_works():
    """starfinder.md §3.4.6 [Δ official]: harmless, no save."""
    t = Table("starfinder", {"stabilize_spell": "official"})
    t.do("add Navasi pc sp=30 hp=22 rp=4", "dmg Navasi 60", "stabilize Navasi spell")
    assert t.c("Navasi").life == "stable"


# -- stay in the fight -------------------------------------------------------------------


def test_stay_in_the_fight_at_the_start_of_its_turn():
    """starfinder.md §3.4.7 [S]: stable at the start of its turn: 1 RP -> 1 HP and conscious."""
    t = fight()
    t.do("next", "dmg Navasi 60", "medicine Navasi 20", "next")
    t.do("spend Navasi resolve fight")
    c = t.c("Navasi")
    assert (c.life, t.hp("Navasi"), t.hp("Navasi", "rp")) == ("ok", 1, 3)


def test_stay_in_the_fight_not_in_the_round_it_stabilised_with_resolve():
    """starfinder.md §3.4.7 [O]: not in the same round it stabilised with RP."""
    t = fight()
    t.do("next", "dmg Navasi 60", "next", "spend Navasi resolve stabilize")
    with pytest.raises(CommandError, match="next turn"):
        t.do("spend Navasi resolve fight")
    t.do("next", "next")                                # round 3, Navasi's turn
    t.do("spend Navasi resolve fight")
    assert (t.hp("Navasi"), t.hp("Navasi", "rp")) == (1, 2)


def test_stay_in_the_fight_after_a_nonlethal_knockout():
    """starfinder.md §3.4.7 [S]: also when knocked out by nonlethal damage."""
    t = fight()
    t.do("next", "dmg Navasi 60 nonlethal", "next", "spend Navasi resolve fight")
    assert t.c("Navasi").life == "ok" and t.hp("Navasi") == 1


def test_stay_in_the_fight_refused_while_dying():
    """starfinder.md §3.4.7 [S]: only stable (or knocked out), not dying."""
    t = Table("starfinder")
    t.do("add Navasi pc sp=30 hp=22 rp=4", "dmg Navasi 60")
    with pytest.raises(CommandError, match="stable"):
        t.do("spend Navasi resolve fight")


def test_damage_while_stable_means_dying_again():
    """starfinder.md §3.4.8 [O]: damage while stable: dying again, and the hit costs 1 RP."""
    t = Table("starfinder")
    t.do("add Navasi pc sp=30 hp=22 rp=4", "dmg Navasi 60", "spend Navasi resolve stabilize", "dmg Navasi 3")
    assert t.c("Navasi").life == "dying"
    assert t.hp("Navasi", "rp") == 2


# -- long-term stability --------------------------------------------------------------------


def stable_without_resolve(con="con=12"):
    t = Table("starfinder")
    t.do(f"add Navasi pc sp=30 hp=22 rp=1/4 level=3 {con}", "dmg Navasi 60", "spend Navasi resolve stabilize")
    assert t.hp("Navasi", "rp") == 0
    return t


@pytest.mark.parametrize("die,life,hp", [(19, "ok", 1), (18, "stable", 0), (9, "stable", 0), (8, "dead", 0)])
def test_long_term_con_check_thresholds(die, life, hp):
    """starfinder.md §3.4.9 [S]: Con check after an hour: 20+ wakes with 1 HP, 10-19 stays, under 10 dies (Con 12: +1)."""
    t = stable_without_resolve()
    t.rolls(die)
    t.do("pass 1h")
    assert (t.c("Navasi").life, t.hp("Navasi")) == (life, hp)


def test_long_term_check_waits_a_full_hour():
    """starfinder.md §3.4.9 [S]: after 1 hour: 30 minutes twice make the hour."""
    t = stable_without_resolve()
    t.do("pass 30m")
    assert not any("Con check" in s for s in t.said())
    t.rolls(12)
    t.do("pass 30m")
    assert any("Con check after hour 1" in s for s in t.said())


def test_long_term_check_again_each_hour():
    """starfinder.md §3.4.9 [S]: 10-19 means another check an hour later."""
    t = stable_without_resolve()
    t.rolls(12, 19)
    t.do("pass 2h")
    assert t.c("Navasi").life == "ok"


def test_no_con_check_while_it_has_resolve_to_stay_in_the_fight():
    """starfinder.md §3.4.9 [S]: the hourly check is for the stable with no RP left."""
    t = Table("starfinder")
    t.do("add Navasi pc sp=30 hp=22 rp=4", "dmg Navasi 60", "spend Navasi resolve stabilize", "pass 1h")
    assert t.c("Navasi").life == "stable"
    assert any("no Con check while any RP is left" in s for s in t.said())


def test_a_healers_care_gives_plus_2_and_at_least_10():
    """starfinder.md §3.4.9 [O]: Medicine DC 15 each hour: +2, and under 10 counts as 10."""
    t = stable_without_resolve()
    t.do("medicine Navasi 16 tend")
    t.rolls(1)
    t.do("pass 1h")
    assert t.c("Navasi").life == "stable"


def test_eight_hours_stable_wakes_with_one_hp_per_level():
    """starfinder.md §3.4.9 [O]: after 8 hours without waking or dying: HP = level."""
    t = stable_without_resolve()
    t.rolls(*[12] * 8)
    t.do("pass 8h")
    assert (t.c("Navasi").life, t.hp("Navasi")) == ("ok", 3)


# -- stamina -------------------------------------------------------------------------------


def test_resolve_restores_all_stamina_after_ten_minutes():
    """starfinder.md §3.5 [S]: 1 RP and 10 minutes of rest restore all stamina."""
    t = Table("starfinder")
    t.do("add Navasi pc sp=30 hp=22 rp=4", "dmg Navasi 20", "spend Navasi resolve stamina")
    assert (t.hp("Navasi", "rp"), t.hp("Navasi", "sp")) == (3, 10)
    t.do("pass 5m")
    assert t.hp("Navasi", "sp") == 10
    t.do("pass 5m")
    assert t.hp("Navasi", "sp") == 30


def test_stamina_rest_not_during_combat():
    """starfinder.md §3.5 [S]: 10 uninterrupted minutes cannot happen in a combat."""
    t = fight()
    t.do("dmg Navasi 5")
    with pytest.raises(CommandError, match="10 minutes"):
        t.do("spend Navasi resolve stamina")


def test_stamina_rest_interrupted_by_combat():
    """starfinder.md §3.5 [S/I]: combat breaks the 10 minutes: no stamina back."""
    t = Table("starfinder")
    t.rolls(15, 3)
    t.do("add Navasi pc sp=30 hp=22 rp=4", "add Goblin hp=10", "dmg Navasi 20",
         "spend Navasi resolve stamina", "start", "end", "pass 10m")
    assert t.hp("Navasi", "sp") == 10


def test_npc_with_resolve_is_dying_not_dead():
    """starfinder.md §3.4.10 [O]: only creatures without RP die at 0 HP."""
    t = Table("starfinder")
    t.do("add Boss hp=30 rp=2", "dmg Boss 30")
    assert t.c("Boss").life == "dying"


# -- the errata option ------------------------------------------------------------------------


def test_errata_first_hit_each_round_only():
    """starfinder.md §3.4.4 [Δ errata]: after the first, a hit costs RP only if it deals more than half max HP."""
    t = fight(options={"damage_at_zero_hp": "official"})
    t.do("next", "dmg Navasi 60", "dmg Navasi 3")
    assert t.hp("Navasi", "rp") == 3
    t.do("dmg Navasi 11")                               # exactly half of 22: no cost
    assert t.hp("Navasi", "rp") == 3
    t.do("dmg Navasi 12")                               # over half: costs 1
    assert t.hp("Navasi", "rp") == 2
    t.do("next", "dmg Navasi 2")                        # a new round: the first hit costs again
    assert t.hp("Navasi", "rp") == 1


def test_seed_counts_every_hit_at_zero():
    """starfinder.md §3.4.4 [S]: the seed default, for contrast: every hit costs 1 RP."""
    t = fight()
    t.do("next", "dmg Navasi 60", "dmg Navasi 3", "dmg Navasi 11")
    assert t.hp("Navasi", "rp") == 2


def test_pending_warns_about_the_dying():
    """The GM is warned of a dying PC and how to save it."""
    t = Table("starfinder")
    t.do("add Navasi pc sp=30 hp=22 rp=4", "dmg Navasi 60")
    warnings = t.session.ruleset.pending(t.state)
    assert any("Navasi is dying" in p.render() and "1 RP" in p.render() for p in warnings)


def test_a_pc_with_zero_resolve_is_dying_not_dead():
    """starfinder.md §3.4.5 [O]: a PC at 0 RP when dropped gets the grace round; only creatures without RP die."""
    t = Table("starfinder")
    t.do("add Navasi pc sp=30 hp=22 rp=0", "dmg Navasi 60")
    assert t.c("Navasi").life == "dying"
    assert "dying: 0 resolve left" in status(t, "Navasi")[0]


def test_a_pc_without_a_resolve_line_counts_zero():
    """starfinder.md §3.5: every PC has Resolve; none recorded counts as 0 (grace round), not as an NPC's death."""
    t = Table("starfinder")
    t.do("add Navasi pc sp=30 hp=22", "dmg Navasi 60")
    assert t.c("Navasi").life == "dying" and t.hp("Navasi", "rp") == 0


def test_stable_without_resolve_is_passed_over_in_the_order():
    """starfinder.md §3.4.6-7: the stable take no actions; only RP to stay in the fight makes their turn matter."""
    t = fight(rp="1/4")
    t.do("next", "dmg Navasi 60", "next", "spend Navasi resolve stabilize", "next")
    assert t.hp("Navasi", "rp") == 0
    t.do("next")
    assert (t.state.round, t.active) == (3, "goblin")


def test_stable_with_resolve_keeps_its_turn():
    """starfinder.md §3.4.7 [S]: with RP left, its turn comes: it may spend 1 to stay in the fight."""
    t = fight()
    t.do("next", "dmg Navasi 60", "medicine Navasi 15", "next")
    assert t.active == "navasi"
    assert any("1 RP now puts Navasi back in the fight" in s for s in t.said())


# -- warnings that offer a command (Pending.command) ----------------------------------------


def pending(t, who):
    return [p for p in t.session.ruleset.pending(t.state) if p.who == t.c(who).id]


def test_dying_warning_offers_resolve_stabilize_on_its_turn():
    """starfinder.md §3.4.6 [S]: the dying spend RP to stabilise on their own turn; the warning offers the command."""
    t = fight()
    t.do("next", "dmg Navasi 60")
    (note,) = pending(t, "Navasi")
    assert note.render().startswith("Navasi is dying: 4 resolve left") and note.command is None  # the goblin's turn
    t.do("next")
    (note,) = pending(t, "Navasi")
    assert note.command == "spend navasi resolve stabilize"
    t.do(note.command)
    assert t.c("Navasi").life == "stable"


def test_dying_warning_offers_nothing_without_the_resolve():
    t = fight(rp="1/8")
    t.do("next", "dmg Navasi 60", "next")
    (note,) = pending(t, "Navasi")
    assert note.command is None  # stabilising costs 2 RP


def test_stable_with_resolve_is_offered_to_stay_in_the_fight_on_its_turn():
    """starfinder.md §3.4.7 [S]: stable at 0 HP, at the start of its turn: 1 RP puts it back in the fight."""
    t = fight()
    t.do("next", "dmg Navasi 60", "medicine Navasi 20")
    assert pending(t, "Navasi") == []
    t.do("next")
    (note,) = pending(t, "Navasi")
    assert note.command == "spend navasi resolve fight" and "(spend navasi resolve fight)" in note.render()
    t.do(note.command)
    assert t.c("Navasi").life == "ok" and pending(t, "Navasi") == []


def test_stable_without_resolve_offers_pass_out_of_combat():
    """starfinder.md §3.4.9 [S]: long-term stability: a Con check every hour; `pass` is offered, in the
    words and as the command, only once the combat is over (it cannot run during one)."""
    t = fight(rp="0/4")
    t.do("next", "dmg Navasi 60", "medicine Navasi 20")
    (note,) = pending(t, "Navasi")
    assert note.render() == "Navasi is stable with no RP: a Con check every hour once the combat is over"
    assert note.command is None and "pass" not in note.render("es")
    t.do("end")
    (note,) = pending(t, "Navasi")
    assert note.command == "pass 1h" and note.render() == "Navasi is stable with no RP: a Con check every hour (pass 1h)"


def test_stamina_rest_offers_pass_ten_minutes():
    """starfinder.md §3.5 [S]: 1 RP and 10 minutes of rest restore all stamina."""
    t = Table("starfinder")
    t.do("add Navasi pc sp=30 hp=22 rp=4", "dmg Navasi 10", "spend Navasi resolve stamina")
    (note,) = pending(t, "Navasi")
    assert note.command == "pass 10m"
    t.do(note.command)
    assert t.hp("Navasi", "sp") == 30
