"""PF1 checks from the dice tray and the surprise round (engine features, PF1 numbers)."""

from __future__ import annotations

from conftest import Table


def pf(**options) -> Table:
    return Table("pathfinder1e", options=options or None)


def test_save_check_uses_the_sheet_and_the_conditions():
    """pathfinder1e.md §1.5 [S]: shaken -2 on saving throws, shown in the check's breakdown."""
    t = pf()
    t.do("add Kyra pc hp=20 will=7", "cond Kyra shaken")
    t.rolls(10)
    t.do("check Kyra will vs 15")
    assert "Kyra will: 1d20 (10) +7 will -2 shaken = 15 vs DC 15: success" in t.said()


def test_reflex_follows_dex_penalties():
    """pathfinder1e.md §1.5 [S] entangled -4 Dex: Reflex drops with the Dex modifier."""
    t = pf()
    t.do("add Kyra pc hp=20 dex=14 ref=3", "cond Kyra entangled")
    t.rolls(10)
    t.do("check Kyra ref")
    assert t.said()[-1] == "Kyra ref: 1d20 (10) +3 ref -2 Dex (entangled) = 11"


def test_ability_check_uses_the_modifier():
    """pathfinder1e.md §1.5 [S]: fatigued -2 Str lowers Str checks; sickened -2 on ability checks."""
    t = pf()
    t.do("add Valeros pc hp=30 str=16", "cond Valeros fatigued", "cond Valeros sickened")
    t.rolls(10)
    t.do("check Valeros str")
    assert t.said()[-1] == "Valeros str: 1d20 (10) +3 str -1 str 14 -2 sickened = 10"


def test_skill_checks_get_condition_penalties():
    """pathfinder1e.md §1.5 [S]: shaken -2 on skill checks; fascinated -4 Perception; dazzled -1 sight Perception."""
    t = pf()
    t.do("add Kyra pc hp=20", "cond Kyra shaken", "cond Kyra fascinated", "cond Kyra dazzled")
    t.rolls(10)
    t.do("check Kyra perception +6")
    assert t.said()[-1] == ("Kyra perception: 1d20 (10) +6 bonus -2 shaken -4 fascinated "
                            "-1 dazzled (sight) = 9")


def test_surprise_round_aware_act_unaware_stay_flat_footed():
    """pathfinder1e.md §1.1.3/§1.1.4 [O][S]: only the aware act in the surprise round; the others stay
    flat-footed until their first regular turn."""
    t = pf()
    t.do("add Kyra pc hp=20 dex=14 ac=16", "add Goblin hp=6 dex=15 ac=16", "add Seelah pc hp=20",
         "init Kyra 20", "init Goblin 15", "init Seelah 10", "surprise Goblin", "start")
    assert t.state.round == 0 and t.active == "goblin"
    assert any(s.startswith("Surprise round: each aware combatant takes one standard or one move") for s in t.said())
    assert not t.c("Goblin").has("flat-footed")
    assert t.c("Kyra").has("flat-footed") and t.c("Seelah").has("flat-footed")
    t.do("next")
    assert t.state.round == 1 and t.active == "kyra"
    assert not t.c("Kyra").has("flat-footed") and t.c("Seelah").has("flat-footed")


def test_no_surprise_round_when_everyone_is_aware():
    """pathfinder1e.md §1.1.3 [O]: everyone aware -> no surprise round."""
    t = pf()
    t.do("add Kyra pc hp=20", "add Goblin hp=6", "init Kyra 20", "init Goblin 15", "surprise Kyra Goblin",
         "start")
    assert t.state.round == 1
