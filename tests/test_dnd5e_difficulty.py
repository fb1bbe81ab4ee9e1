"""Encounter difficulty by the XP budget (docs/rulesets/dnd5e.md §8.2)."""

from __future__ import annotations

from conftest import Table

from rulesets.dnd5e.difficulty import assess, party_budget


def rate(*lines: str):
    t = Table("dnd5e")
    t.do(*lines)
    return assess(t.session.ruleset, t.state)


def test_four_level_1_pcs_have_200_300_400():
    """dnd5e.md §8.2: 50 / 75 / 100 each."""
    assert party_budget([1, 1, 1, 1]) == (200, 300, 400)
    assert party_budget([5, 5, 5, 4]) == (1750, 2625, 3800)


def test_the_foes_xp_against_the_budgets():
    """Six goblins (CR 1/4, 50 XP) are 300: moderate for four level-1 PCs; a seventh, high; an
    ogre (CR 2, 450) on top, beyond high."""
    party = [f"add P{n} pc hp=10 level=1" for n in range(4)]
    a = rate(*party, "add Goblin x6 hp=7 cr=1/4")
    assert (a.xp, a.budgets, a.rating) == (300, (200, 300, 400), "moderate")
    assert rate(*party, "add Goblin x7 hp=7 cr=1/4").rating == "high"
    assert rate(*party, "add Goblin x7 hp=7 cr=1/4", "add Ogre hp=68 cr=2").rating == "beyond high"


def test_a_missing_level_is_unknown_and_a_foe_without_cr_is_named():
    a = rate("add Ana pc hp=10 level=3", "add Bo pc hp=10", "add Orc hp=15 cr=1/2")
    assert a.rating == "unknown" and a.unlevelled == ("Bo",)
    a = rate("add Ana pc hp=10 level=3", "add Orc hp=15 cr=1/2", "add Wolf hp=11 hidden")
    assert (a.xp, a.rating, a.unpriced) == (100, "low", ("Wolf",))


def test_the_games_difficulty_line_for_the_add_form_show_and_the_picker():
    """dnd5e.md §8.2, as Ruleset.difficulty answers it."""
    from gm_console.i18n import render

    t = Table("dnd5e")
    t.do(*[f"add P{n} pc hp=10 level=1" for n in range(4)], "add Goblin x7 hp=7 cr=1/4")
    d = t.session.ruleset.difficulty(t.state)
    assert render(d.summary) == "high: 350 XP against the party's budgets (low 200, moderate 300, high 400)"
    assert render(d.summary, "es") == "alta: 350 PX contra los presupuestos del grupo (baja 200, moderada 300, alta 400)"
    assert (d.xp, d.band.en) == (350, "high")
    t.do("add Lia pc hp=8")
    d = t.session.ruleset.difficulty(t.state)
    assert d.band is None and "no level on the sheet of: Lia" in [render(w) for w in d.why]
