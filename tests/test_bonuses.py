"""Bonus stacking in the d20 games (docs/rulesets/pathfinder1e.md and starfinder.md, "Effects"):
same-type bonuses do not stack, dodge and untyped do, circumstance from different sources do;
penalties stack unless from the same source."""

from gm_console.engine.rules.bonuses import Mod, combine


def test_same_type_bonuses_keep_only_the_highest_and_say_which_did_not_count():
    total, counts, dropped = combine([Mod("bless", 1, "morale"), Mod("heroism", 2, "morale")])
    assert total == 2 and [m.label for m in counts] == ["heroism"] and [m.label for m in dropped] == ["bless"]


def test_dodge_and_untyped_always_stack():
    total, _, dropped = combine([Mod("haste", 1, "dodge"), Mod("defending", 1, "dodge"), Mod("a", 1), Mod("b", 2)])
    assert total == 5 and dropped == []


def test_circumstance_stacks_only_from_different_sources():
    assert combine([Mod("flank", 2, "circumstance", "kyra"), Mod("high ground", 1, "circumstance", "terrain")])[0] == 3
    assert combine([Mod("aid", 2, "circumstance", "kyra"), Mod("aid", 1, "circumstance", "kyra")])[0] == 2


def test_penalties_stack_unless_from_the_same_source():
    assert combine([Mod("shaken", -2), Mod("sickened", -2)])[0] == -4
    assert combine([Mod("bane", -1, "morale", "cleric"), Mod("bane", -1, "morale", "cleric")])[0] == -1
    assert combine([Mod("bane", -1, "morale", "cleric"), Mod("bane", -1, "morale", "witch")])[0] == -2


def test_a_bonus_and_a_penalty_of_one_type_both_count():
    assert combine([Mod("bless", 1, "morale"), Mod("crushing despair", -2, "morale", "x")])[0] == -1
