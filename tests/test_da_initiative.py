"""Dragon Age initiative (3d6 + Dex, ties by dragon die then Dex) and Seize the Initiative."""

from __future__ import annotations

import pytest

from conftest import Table
from gm_console.i18n import render
from gm_console.engine.language.commands import CommandError
from gm_console.engine.views.export import play_log


def test_initiative_is_3d6_plus_dex():
    """dragon_age.md §2.2 [S]: initiative 3d6 + Dexterity; the first die is the dragon die."""
    t = Table("dragon_age")
    t.do("add Sera health=20 dex=3")
    t.rolls(4, 2, 6)
    entry = t.do("roll Sera")
    sera = t.c("Sera")
    assert sera.initiative == 15
    assert sera.tiebreak == (4, 3)
    init = [e for e in entry.events if e.kind == "InitiativeSet"][0]
    assert init.roll == "3d6 (4, 2, 6) + 3 = 15"  # numbers only: the save holds no English
    assert "initiative of Sera: 3d6 (4, 2, 6) + 3 = 15" in play_log(t.session.done, t.state, t.session.ruleset)
    assert "iniciativa de Sera: 3d6 (4, 2, 6) + 3 = 15" in play_log(t.session.done, t.state, t.session.ruleset,
                                                                      lang="es")


def test_initiative_focus_adds_two():
    """dragon_age.md §2.2 [O]: +2 with the Initiative focus."""
    t = Table("dragon_age")
    t.do("add Zevran health=20 dex=4 focus=initiative")
    t.rolls(1, 1, 1)
    t.do("roll Zevran")
    assert t.c("Zevran").initiative == 9


def test_ties_go_to_the_higher_dragon_die():
    """dragon_age.md §2.2 [O?]: ties by higher dragon die first."""
    t = Table("dragon_age")
    t.do("add Sera health=20 dex=2", "add Alistair health=30 dex=2")
    t.rolls(3, 5, 4, 5, 4, 3)  # both 12 + 2 = 14; dragon 3 vs 5
    t.do("start")
    assert t.c("Sera").initiative == t.c("Alistair").initiative == 14
    assert t.order == ["alistair", "sera"]


def test_same_dragon_die_then_higher_dex():
    """dragon_age.md §2.2 [O?]: still tied on the dragon die -> higher Dexterity."""
    t = Table("dragon_age")
    t.do("add Bran health=20 dex=1", "add Sera health=20 dex=3")
    t.rolls(4, 6, 2, 4, 3, 3)  # Bran 12 + 1 = 13, Sera 10 + 3 = 13; dragon 4 both
    t.do("start")
    assert t.order == ["sera", "bran"]


def test_typed_initiative_ties_by_dex():
    """dragon_age.md §2.2: a typed result has no dragon die; the tie goes to the higher Dex."""
    t = Table("dragon_age")
    t.do("add Bran health=20 dex=1", "add Sera health=20 dex=3", "init Bran 12", "init Sera 12", "start")
    assert t.order == ["sera", "bran"]


def test_order_highest_first():
    """dragon_age.md §2.2 [O]: order highest to lowest."""
    t = Table("dragon_age")
    t.do("add A health=9", "add B health=9", "add C health=9", "init B 9", "init A 17", "init C 11", "start")
    assert t.order == ["a", "c", "b"]
    assert t.active == "a"


def four() -> Table:
    t = Table("dragon_age")
    t.do("add A health=30 str=2", "add B health=30", "add C health=30 str=2 weapon=1d6",
         "add D health=30 str=2 weapon=1d6 defense=5", "add E health=30 defense=5",
         "init A 20", "init B 15", "init C 10", "init D 5", "init E 1", "start")
    return t


def seize(t: Table, who: str, target: str) -> None:
    t.rolls(4, 4, 2, 1)  # a hit with doubles: 4 stunt points; 1 damage die
    t.do(f"attack {who} {target}", f"stunt {who} seize-the-initiative")


def test_seize_moves_to_the_top_at_once():
    """dragon_age.md §2.2 [S]: "you move to the top of the initiative order immediately": the order shows it
    while the seizer's turn is still going on."""
    t = four()
    t.do("next", "next")
    assert t.active == "c"
    seize(t, "C", "E")
    assert t.order == ["c", "a", "b", "d", "e"]
    assert t.active == "c"
    assert t.c("C").initiative == 21  # above A's 20, so the numbers read in the same order


def test_seize_continues_the_round_with_whoever_followed():
    """dragon_age.md §2.2 [S]: the round goes on with whoever followed the seizer's old slot; no one acts twice."""
    t = four()
    t.do("next", "next")
    seize(t, "C", "E")
    t.do("next")
    assert (t.active, t.state.round) == ("d", 1)
    t.do("next")
    assert (t.active, t.state.round) == ("e", 1)
    assert [e.id for e in t.session.done[-1].events if e.kind == "TurnStarted"] == ["e"]


def test_seizer_acts_first_from_the_next_round_on():
    """dragon_age.md §2.2 [S]: from then on the seizer acts first each round."""
    t = four()
    t.do("next", "next")
    seize(t, "C", "E")
    t.do("next", "next", "next")
    assert (t.active, t.state.round) == ("c", 2)
    seen = []
    for _ in range(5):
        t.do("next")
        seen.append((t.state.round, t.active))
    assert seen == [(2, "a"), (2, "b"), (2, "d"), (2, "e"), (3, "c")]


def test_seize_stays_until_someone_else_seizes():
    """dragon_age.md §2.2 [S]: the seizer stays on top until another seizes; they go above it, it drops to second."""
    t = four()
    t.do("next", "next")
    seize(t, "C", "E")
    t.do("next", "next", "next")  # D, E, round 2: C
    t.do("next", "next", "next")  # A, B, D
    assert t.active == "d"
    seize(t, "D", "E")
    assert t.order == ["d", "c", "a", "b", "e"]
    t.do("next")
    assert (t.state.round, t.active) == (2, "e")  # C, A, B already acted this round
    t.do("next")
    assert (t.state.round, t.active) == (3, "d")
    t.do("next")
    assert t.active == "c"


def test_the_last_in_the_order_seizing_acts_again_at_once():
    """dragon_age.md §2.2 [S]: "you may get another turn before some combatants act again"."""
    t = four()
    t.do("next", "next", "next", "next")
    assert t.active == "e"
    t.do("set E str=1 weapon=1d6", "set D defense=5")
    seize(t, "E", "D")
    assert t.order[0] == "e"
    t.do("next")
    assert (t.state.round, t.active) == (2, "e")


def test_the_first_in_the_order_seizing_keeps_the_round_as_it_is():
    """dragon_age.md §2.2 [S]: the round continues with whoever followed the old slot, here the second."""
    t = four()
    seize(t, "A", "E")
    assert t.order == ["a", "b", "c", "d", "e"]
    t.do("next")
    assert (t.state.round, t.active) == (1, "b")


def test_seizing_out_of_turn_before_its_slot():
    """dragon_age.md §2.2 [S] "to the top immediately" with a prepared attack [I]: the seizer now stands above
    the turn being played, so the round goes on from there and it acts first in the next round."""
    t = four()
    t.do("next", "next", "next")
    t.do("prepare D attack E")  # D's turn of round 1 ends at once: E is up
    t.do("next")  # round 2: A
    assert (t.state.round, t.active) == (2, "a")
    seize(t, "D", "E")  # the prepared attack interrupts A
    assert any("D interrupts with its prepared action" in s for s in t.said())
    assert t.order == ["d", "a", "b", "c", "e"]
    assert "D had not taken its turn this round: now above the current turn, D acts next at the start " \
           "of round 3" in t.said()
    seen = []
    for _ in range(5):
        t.do("next")
        seen.append((t.state.round, t.active))
    assert seen == [(2, "b"), (2, "c"), (2, "e"), (3, "d"), (3, "a")]


def test_seize_is_logged_and_shown_on_the_sheet():
    """dragon_age.md §2.2 [S]: Seize the Initiative is explained in the log and shown on the sheet at once."""
    t = four()
    t.do("next", "next")
    seize(t, "C", "E")
    assert ("C seizes the initiative: to the top of the order, there until someone else seizes it; this round goes "
            "on with whoever followed its old slot") in t.said()
    assert "seized the initiative: top of the order" in [render(x) for x in t.session.ruleset.sheet.status(t.state, t.c("C"))]
    t.do("end")
    assert "seized the initiative: top of the order" not in [render(x) for x in t.session.ruleset.sheet.status(t.state, t.c("C"))]


def test_seize_undo_restores_the_old_order():
    """dragon_age.md §2.2: the move is an engine event, so `undo` puts the seizer back in its old slot."""
    t = four()
    t.do("next", "next")
    seize(t, "C", "E")
    t.do("undo")  # the stunt
    assert t.order == ["a", "b", "c", "d", "e"]
    assert not t.c("C").marks.get("seized")


def test_a_newcomer_goes_below_the_seizer():
    """dragon_age.md §2.2 [S]: the seizer stays first until someone else *seizes*; a higher initiative does not."""
    t = four()
    t.do("next", "next")
    seize(t, "C", "E")
    t.do("add F health=9", "init F 30")
    assert t.order.index("c") < t.order.index("f")


def test_seize_costs_four_points():
    """dragon_age.md §2.5 [O?]: Seize the Initiative costs 4 stunt points."""
    t = four()
    t.do("next", "next")
    t.rolls(3, 3, 2, 1)  # doubles, dragon 3: 3 points
    t.do("attack C E")
    with pytest.raises(CommandError, match="costs 4 stunt points; C has 3"):
        t.do("stunt C seize")


def test_a_new_combat_forgets_the_seized_place():
    """dragon_age.md §2.2: a seized place lasts for the encounter only."""
    t = four()
    t.do("next", "next")
    seize(t, "C", "E")
    t.do("end", "init C 10", "start")
    assert t.order[0] == "a"
