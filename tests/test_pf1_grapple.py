"""Grapple, maintain, pin, escape and release (docs/rulesets/pathfinder1e.md §1.7.1).

Valeros: CMB 6 (BAB 3, Str 16), CMD 17 (16 with grappled's -4 Dex: Dex 13 -> 9).
Goblin (small): CMB 0 (BAB 1, Str 11, size -1), CMD 12 (10 grappled, 8 pinned... see each test).
"""

from __future__ import annotations

import pytest

from conftest import Table
from pf1_support import sheet_lines
from gm_console.engine.language.commands import CommandError

VALEROS = "add Valeros pc hp=30 bab=3 str=16 dex=13"
GOBLIN = "add Goblin hp=6 size=small bab=1 str=11 dex=15"


def pf(combat: bool = False) -> Table:
    t = Table("pathfinder1e")
    t.do(VALEROS, GOBLIN)
    if combat:
        t.do("init Valeros 20", "init Goblin 10", "start")
    return t


def conds(t: Table, name: str) -> list[str]:
    """Its conditions, leaving out the flat-footed of round 1."""
    return sorted(i.cond for i in t.c(name).conditions if i.cond != "flat-footed")


def grappled(combat: bool = True) -> Table:
    """Valeros grapples the goblin in round 1 (his turn)."""
    t = pf(combat)
    t.do("maneuver Valeros Goblin 10 grapple")
    assert conds(t, "Goblin") == ["grappled"] and "grappled" in conds(t, "Valeros")
    return t


def last(t: Table, start: str) -> str:
    return next(s for s in reversed(t.said()) if s.startswith(start))


# -- pin ----------------------------------------------------------------------------------------

def test_pin_without_a_grapple_is_refused_with_a_clear_line():
    """pathfinder1e.md §1.7.1: a pin is a grapple check made while already grappling the target."""
    t = pf()
    with pytest.raises(CommandError, match="Valeros is not grappling Goblin.*maneuver valeros goblin grapple"):
        t.do("maneuver Valeros Goblin 15 pin")
    assert conds(t, "Goblin") == [] and t.dice.forced == []


def test_pin_by_the_one_held_is_refused():
    """pathfinder1e.md §1.7.1: only the one holding the grapple pins; the held one escapes or reverses."""
    t = grappled()
    with pytest.raises(CommandError, match="Valeros holds the grapple.*escape goblin"):
        t.do("maneuver Goblin Valeros 20 pin")


def test_pin_by_a_third_creature_is_refused():
    t = grappled()
    t.do("add Ogre hp=30 bab=4 str=20", "cond Ogre grappled")
    with pytest.raises(CommandError, match="Goblin is held by Valeros, not by Ogre"):
        t.do("maneuver Ogre Goblin 20 pin")


def test_pin_takes_no_grappled_penalty_and_gets_plus_five_in_a_later_round():
    """pathfinder1e.md §1.7.1: grapple checks skip grappled's -2 (seed); maintaining later: +5 (CRB)."""
    t = grappled()
    t.do("next", "next")  # round 2, Valeros again
    t.do("maneuver Valeros Goblin 2 pin")
    line = last(t, "Valeros pin vs Goblin")
    assert "Goblin: success (2 +4 CMB +2 grappling while grappled: no -2 +5 maintaining = 13 vs CMD 10)" in line
    assert conds(t, "Goblin") == ["grappled", "pinned"]


def test_a_pin_in_the_round_the_grapple_began_gets_no_plus_five():
    """pathfinder1e.md §1.7.1: the +5 is for later rounds."""
    t = grappled()
    t.do("maneuver Valeros Goblin 2 pin")
    assert "Goblin: failure (2 +4 CMB +2 grappling while grappled: no -2 = 8 vs CMD 10)" in last(t, "Valeros pin")


def test_the_pinner_stays_grappled_and_loses_its_dex_bonus():
    """pathfinder1e.md §1.7.1: the pinning grappler keeps grappled and is denied its Dex bonus [O]."""
    t = grappled()
    t.do("set Valeros dex=18")  # AC 14; grappled: Dex 14, +2
    assert t.session.ruleset.sheet.effective(t.state, t.c("Valeros"))["ac"].value == 12
    t.do("maneuver Valeros Goblin 15 pin")
    assert conds(t, "Valeros") == ["grappled", "pinning"]
    assert "pinned" in [i.cond for i in t.session.ruleset.conditions.active(t.c("Goblin"))]
    assert "grappled" not in [i.cond for i in t.session.ruleset.conditions.active(t.c("Goblin"))]
    ac = t.session.ruleset.sheet.effective(t.state, t.c("Valeros"))["ac"].value
    assert ac == 10  # the +2 Dex bonus is gone while it holds the pin


def test_a_failed_pin_ends_the_grapple():
    """pathfinder1e.md §1.7.1 [O]: a pin is made with the maintain check; failing it ends the hold."""
    t = grappled()
    t.do("maneuver Valeros Goblin 1 pin")
    assert conds(t, "Goblin") == [] and conds(t, "Valeros") == []
    assert "Valeros fails to maintain the grapple: Valeros and Goblin are free" in t.said()


def test_natural_20_pins_against_any_cmd():
    t = grappled()
    t.do("set Goblin cmd=60", "maneuver Valeros Goblin 20 pin")
    assert "pinned" in conds(t, "Goblin")


def test_pin_against_the_helpless_is_automatic():
    """pathfinder1e.md §1.7: an unconscious or otherwise helpless target: automatic success."""
    t = grappled()
    t.do("cond Goblin unconscious", "maneuver Valeros Goblin pin")
    assert "pinned" in conds(t, "Goblin") and t.dice.forced == []


def test_grappled_by_hand_counts_as_grappling():
    """pathfinder1e.md §1.7.1: with both grappled by `cond`, the GM's word stands: the pin is allowed."""
    t = pf()
    t.do("cond Valeros grappled", "cond Goblin grappled", "maneuver Valeros Goblin 15 pin")
    assert "pinned" in conds(t, "Goblin")


def test_maneuver_pin_in_spanish():
    t = grappled()
    t.do("maniobra Valeros Goblin 15 sujetar")
    assert "pinned" in conds(t, "Goblin")


# -- maintain -------------------------------------------------------------------------------------

def test_maintain_later_round_gets_plus_five_and_no_minus_two():
    """pathfinder1e.md §1.7.1: `maintain` is the holder's grapple check, +5 after the first round."""
    t = grappled()
    t.do("next", "next", "maintain Valeros Goblin 1 +0")
    assert last(t, "Valeros maintains the grapple vs Goblin: natural 1, failure (1 ")
    assert conds(t, "Goblin") == []  # natural 1 fails: the grapple ends
    t = grappled()
    t.do("next", "next", "mantener Valeros Goblin 2")
    line = last(t, "Valeros maintains the grapple")
    assert "Goblin: success (2 +4 CMB +2 grappling while grappled: no -2 +5 maintaining = 13 vs CMD 10)" in line
    assert "Valeros keeps the grapple on Goblin" in t.said()


def test_grapple_again_on_the_one_you_hold_is_a_maintain_check():
    t = grappled()
    t.do("next", "next", "maneuver Valeros Goblin 2 grapple")
    assert "+5 maintaining" in last(t, "Valeros maintains the grapple")


def test_maintain_without_holding_is_refused():
    t = pf()
    with pytest.raises(CommandError, match="not grappling"):
        t.do("maintain Valeros Goblin 15")


@pytest.mark.parametrize("word,said", [("move", "moves Goblin"), ("damage", "dmg goblin N"), ("pin", "is pinned")])
def test_maintain_actions(word, said):
    t = grappled()
    t.do(f"maintain Valeros Goblin 15 {word}")
    assert any(said in s for s in t.said())


def test_maintain_usage_errors():
    t = grappled()
    for bad in ("maintain Valeros", "maintain Valeros Valeros 5", "maintain Valeros Goblin 25",
                "maintain Valeros Goblin fly", "maintain Valeros Goblin pin move"):
        with pytest.raises(CommandError):
            t.do(bad)


# -- escape ---------------------------------------------------------------------------------------

def test_escape_with_cmb_takes_no_grappled_penalty():
    """pathfinder1e.md §1.7.1: CMB vs the holder's CMD; the seed exempts escaping from the -2."""
    t = grappled()
    t.do("next", "escape Goblin 15")
    line = last(t, "Goblin escape attempt vs Valeros")
    assert "Valeros: success (15 -2 CMB +2 escaping: no grappled -2 = 15 vs CMD 15)" in line
    assert conds(t, "Goblin") == [] and conds(t, "Valeros") == []
    assert "grappling" not in t.c("Valeros").marks


def test_escape_failure_keeps_the_grapple():
    t = grappled()
    t.do("next", "escapar Goblin 14")
    assert "Goblin stays in Valeros's grapple" in t.said()
    assert conds(t, "Goblin") == ["grappled"]


def test_escape_natural_20_succeeds_with_cmb():
    t = grappled()
    t.do("set Valeros cmd=60", "zafarse Goblin 20")
    assert conds(t, "Goblin") == []


def test_escape_artist_is_a_skill_check_with_its_penalties_and_no_automatic_20():
    """pathfinder1e.md §1.7.1: Escape Artist vs CMD; conditions' skill penalties apply; a 20 is not automatic."""
    t = grappled()
    t.do("cond Goblin shaken", "escape Goblin 10 artist 7")
    assert "Goblin Escape Artist vs Valeros: success (10 +7 -2 shaken = 15 vs CMD 15)" in t.said()
    assert conds(t, "Goblin") == ["shaken"]
    t = grappled()
    t.do("set Valeros cmd=60", "escape Goblin 20 artist 7")
    assert "grappled" in conds(t, "Goblin")


def test_escaping_a_pin_frees_the_escaper_and_the_pinner():
    """pathfinder1e.md §1.7.1: a pinned creature may always try to escape; success frees it."""
    t = grappled()
    t.do("maneuver Valeros Goblin 15 pin", "escape Goblin 18")
    assert "18 +0 CMB = 18 vs CMD 15" in last(t, "Goblin escape attempt")  # pinned: no -2; Valeros: no Dex
    assert conds(t, "Goblin") == [] and conds(t, "Valeros") == []


def test_escape_reverse_takes_the_hold():
    """pathfinder1e.md §1.7.1: on a success the escaper may become the grappler instead."""
    t = grappled()
    t.do("next", "escape Goblin 18 reverse")
    assert conds(t, "Goblin") == ["grappled"] and conds(t, "Valeros") == ["grappled"]
    assert t.c("Goblin").marks["grappling"] == {"valeros": 1} and "grappling" not in t.c("Valeros").marks
    with pytest.raises(CommandError, match="Goblin holds the grapple"):
        t.do("maintain Valeros Goblin 15")


def test_a_grapple_check_by_the_one_held_is_a_reversal():
    t = grappled()
    t.do("maneuver Goblin Valeros 18 grapple")
    assert "valeros" in t.c("Goblin").marks["grappling"]


def test_escape_when_not_grappled_is_refused():
    t = pf()
    with pytest.raises(CommandError, match="Goblin is not grappled"):
        t.do("escape Goblin 15")


def test_escape_from_a_hand_set_grapple_names_the_holder():
    t = pf()
    t.do("cond Goblin grappled")
    with pytest.raises(CommandError, match="who holds Goblin"):
        t.do("escape Goblin 15")
    t.do("cond Valeros grappled", "escape Goblin 18 from Valeros")
    assert conds(t, "Goblin") == []


def test_a_holder_of_two_stays_grappled_when_one_escapes():
    t = grappled()
    t.do("add Kobold hp=5 size=small", "maneuver Valeros Kobold 15 grapple", "escape Goblin 19")
    assert conds(t, "Goblin") == [] and conds(t, "Valeros") == ["grappled"]
    assert t.c("Valeros").marks["grappling"] == {"kobold": 1}


# -- release and removal --------------------------------------------------------------------------

def test_release_frees_both():
    t = grappled()
    t.do("maneuver Valeros Goblin 15 pin", "soltar Valeros")
    assert conds(t, "Goblin") == [] and conds(t, "Valeros") == []


def test_release_only_by_the_holder():
    t = grappled()
    with pytest.raises(CommandError, match="Goblin holds no one"):
        t.do("release Goblin")


def test_removing_grappled_by_hand_ends_the_whole_grapple():
    t = grappled()
    t.do("maneuver Valeros Goblin 15 pin", "uncond Goblin grappled")  # the pin goes with it
    assert conds(t, "Goblin") == [] and conds(t, "Valeros") == []


def test_removing_only_the_pin_keeps_the_grapple():
    t = grappled()
    t.do("maneuver Valeros Goblin 15 pin", "uncond Goblin pinned")
    assert conds(t, "Goblin") == ["grappled"] and conds(t, "Valeros") == ["grappled"]


def test_undo_brings_the_grapple_back():
    t = grappled()
    t.do("escape Goblin 19", "undo")
    assert conds(t, "Goblin") == ["grappled"] and t.c("Valeros").marks["grappling"] == {"goblin": 1}


def test_a_holder_removed_from_the_encounter_lets_its_target_escape_cleanly():
    t = grappled()
    t.do("add Kobold hp=5 size=small", "maneuver Valeros Kobold 15 grapple", "remove Goblin",
         "escape Kobold 19")
    assert conds(t, "Kobold") == [] and conds(t, "Valeros") == []


def test_the_sheets_say_who_holds_whom_and_what_comes_next():
    t = grappled()
    rs = t.session.ruleset
    assert "holds Goblin in a grapple: maintain valeros goblin [pin] each round" in sheet_lines(rs, t.state, t.c("Valeros"))
    assert "held by Valeros: escape goblin [artist N] [reverse]" in sheet_lines(rs, t.state, t.c("Goblin"))
    assert "apresado por Valeros: escapar goblin [artist N] [reverse]" in sheet_lines(rs, t.state, t.c("Goblin"), "es")
    t.do("release Valeros")
    assert not any("grapple" in s or "held" in s for s in sheet_lines(rs, t.state, t.c("Goblin")))
