"""Targets as they are: a PC typed with AC and flat-footed AC but no Dex score is flat-footed as its own numbers say
(docs/rulesets/pathfinder1e.md#114-flat-footed): the goblin that acts first hits AC 14, not 16."""

from __future__ import annotations

from conftest import Table


def _ambush() -> Table:
    t = Table("pathfinder1e")
    t.do("add Kyra pc hp=22 ac=16 touch=12 ff=14 cmd=14 init=2",
         'add Goblin hp=6 init=6 atk="short sword +2 1d4 19-20/x2 piercing"', "init Goblin 20", "init Kyra 5", "start")
    return t


def test_flat_footed_without_a_dex_score_loses_what_ac_and_ff_differ_by():
    t = _ambush()
    figs = t.session.ruleset.sheet.effective(t.state, t.c("Kyra"))
    assert (figs["ac"].value, figs["touch"].value, figs["ff"].value, figs["cmd"].value) == (14, 10, 14, 12)
    t.rolls(12, 3)  # 12 + 2 = 14: hits AC 14 (it would miss the 16 she has once she has acted)
    t.do("attack Goblin Kyra")
    assert t.said()[-2].startswith("Goblin attacks Kyra with its short sword: hit, 3 piercing (12 +2 short sword "
                                   "= 14 vs AC 14 (-2 Dex (flat-footed))")
    assert t.hp("Kyra") == 19


def test_once_she_has_acted_her_ac_is_her_own_again():
    t = _ambush()
    t.do("next")  # Kyra's turn: she acts, no longer flat-footed
    figs = t.session.ruleset.sheet.effective(t.state, t.c("Kyra"))
    assert (figs["ac"].value, figs["touch"].value, figs["cmd"].value) == (16, 12, 14)


def test_a_dex_score_is_still_what_is_lost():
    """With Dex on the sheet the score decides (Dex 14: +2), whatever ff says."""
    t = Table("pathfinder1e")
    t.do("add Lia pc hp=12 dex=14 ac=15 ff=13 init=2", "add Goblin hp=6 init=6", "init Goblin 20", "init Lia 5",
         "start")
    assert t.session.ruleset.sheet.effective(t.state, t.c("Lia"))["ac"].value == 13


def test_an_incorporeal_target_takes_a_threat_as_a_normal_hit():
    """pathfinder1e.md §1.16 (incorporeal creatures are immune to critical hits) and §1.19.1: a
    natural 20 on a shadow is a hit with no confirmation roll and the damage once."""
    t = Table("pathfinder1e")
    t.do("add Shadow hp=19 ac=15 touch=15 ff=13 init=2 incorporeal=true",
         'add Orc hp=6 init=6 atk="falchion +5 2d4+4 18-20/x2 slashing&magic plus 1d6 fire"', "init Orc 20",
         "init Shadow 5", "start")
    t.rolls(20, 3, 2, 4)  # the d20, the falchion's 2d4 (no confirmation roll is asked), the fire rider
    t.do("attack Orc Shadow")
    line = next(s for s in t.said() if s.startswith("Orc attacks Shadow"))
    assert "immune to critical hits" in line and "confirm" not in line
