"""Starfinder: every warning that offers Resolve Points checks the RP actually there
(starfinder.md §3.4.6, §3.4.7)."""

from __future__ import annotations

import pytest

from conftest import Table
from gm_console.i18n import render


def rendered(lines, lang="en"):
    """A sheet's status lines as the GM reads them."""
    return [render(x, lang) for x in lines]


def dying(rp: str) -> Table:
    """Navasi (max RP 8: stabilising costs 2) drops to 0 HP on the goblin's turn in round 1."""
    t = Table("starfinder")
    t.do(f"add Navasi pc sp=0/10 hp=5/22 rp={rp}", "add Goblin hp=6 init=0",
         "init Goblin 20", "init Navasi 10", "start", "dmg Navasi 5")
    assert t.c("Navasi").life == "dying"
    return t


def turn_start_line(t: Table) -> str:
    return [s for s in t.said() if s.startswith("Navasi is dying")][-1]


def warning(t: Table):
    return next(p for p in t.session.ruleset.pending(t.state) if p.who == "navasi")


def test_zero_rp_is_not_told_it_may_spend_rp():
    """starfinder.md §3.4.5-6: 0 RP: no offer to stabilise; the line says who can save it and when
    it dies (end of its turn next round: dropped with 0 RP)."""
    t = dying("0/8")
    t.do("next")
    line = turn_start_line(t)
    assert "may stabilise" not in line and "spend navasi resolve stabilize" not in line
    assert "too few to self-stabilise (2 needed)" in line
    assert "Medicine DC 15 or healing by someone else" in line
    assert "death at the end of their turn in round 2" in line


def test_zero_rp_in_the_deadline_round_says_this_turn():
    """starfinder.md §3.4.5: in round 2 the grace runs out at the end of this turn."""
    t = dying("0/8")
    t.do("next", "next")
    assert t.state.round == 2 and t.active == "goblin"
    t.do("next")
    assert "with 0 RP, death at the end of this turn" in turn_start_line(t)
    t.do("next")
    assert t.c("Navasi").life == "dead"


def test_one_rp_short_of_the_cost_gets_no_offer_and_no_command():
    """starfinder.md §3.4.6: 1 RP, cost 2: no offer, no command, the spend is refused."""
    t = dying("1/8")
    t.do("next")
    line = turn_start_line(t)
    assert "too few to self-stabilise (2 needed)" in line
    assert "1 RP is lost at the end of this turn" in line
    w = warning(t)
    assert w.command is None
    assert "stabilise with" not in w.render() and "too few to self-stabilise (2 needed)" in w.render()


def test_exactly_the_cost_is_offered_with_its_command():
    """starfinder.md §3.4.6: 2 RP, cost 2: offered, and the command works."""
    t = dying("2/8")
    t.do("next")
    line = turn_start_line(t)
    assert "2 RP may stabilise Navasi now, else" in line and line.endswith("(spend navasi resolve stabilize)")
    w = warning(t)
    assert w.command == "spend navasi resolve stabilize"
    t.do(w.command)
    assert t.c("Navasi").life == "stable" and t.hp("Navasi", "rp") == 0


def test_the_offer_follows_the_rp_lost_at_the_end_of_a_turn():
    """starfinder.md §3.4.3, §3.4.6: 2 RP (offered), declines, loses 1 at the end of its turn:
    next turn 1 RP is too few, no offer."""
    t = dying("2/8")
    t.do("next")
    assert "may stabilise Navasi now" in turn_start_line(t)
    t.do("next")                      # end of Navasi's turn: 1 RP left
    assert t.hp("Navasi", "rp") == 1
    t.do("next")                      # round 2: Goblin, then Navasi
    assert t.active == "navasi"
    assert "may stabilise" not in turn_start_line(t)
    assert warning(t).command is None


def test_off_its_turn_the_warning_has_no_command_even_with_the_rp():
    """starfinder.md §3.4.6: RP spent on its own turn only."""
    t = dying("4/8")
    w = warning(t)
    assert t.active == "goblin"
    assert w.command is None and "stabilise with 2 RP on their turn" in w.render()


@pytest.mark.parametrize("rp,expected", [("0/8", "no le bastan para estabilizarse (2 necesarios)"),
                                         ("2/8", "se estabiliza con 2 PR en su turno")])
def test_spanish_warnings(rp, expected):
    """Both languages say the same thing."""
    t = dying(rp)
    t.do("next")
    assert expected in warning(t).render("es")
    said = [e for entry in t.session.done for e in entry.events
            if e.kind == "Said" and e.text().startswith("Navasi is dying")][-1]
    assert ("puede gastar 2 PR" in said.text("es")) == (rp == "2/8")


def test_a_stable_character_with_no_rp_is_never_offered_the_fight():
    """starfinder.md §3.4.7, §3.4.9: stable with 0 RP: no "1 RP now" line, no command; the hourly
    Con check instead."""
    t = dying("2/8")
    t.do("next", "spend navasi resolve stabilize", "next", "next")
    assert t.c("Navasi").life == "stable" and t.hp("Navasi", "rp") == 0
    texts = [p.render() for p in t.session.ruleset.pending(t.state)]
    assert not any("back in the fight" in x for x in texts)
    assert not any("resolve fight" in line for line in rendered(t.session.ruleset.sheet.status(t.state, t.c("Navasi"))))
    assert any("Con check every hour" in x for x in texts)
