"""Fifth edition's rests (docs/rulesets/dnd5e.md §2.5, §2.6): a short rest spends Hit Point Dice,
a long rest gives them all back."""

from __future__ import annotations

import pytest
from conftest import Table

from gm_console.engine.language.commands import CommandError
from gm_console.engine.views.export import play_log


def party() -> Table:
    """Ana: level 5 fighter (d10, Con 14: +2), 20 of 44 HP; Bo: 3d8, Con 8 (-1), 10 of 20 HP."""
    t = Table("dnd5e")
    t.do("add Ana pc hp=20/44 level=5 hit_dice=d10 con=14", "add Bo pc hp=10/20 hd=3d8 con=8")
    return t


def test_a_short_rest_spends_hit_point_dice_each_plus_con():
    """dnd5e.md §2.6: Ana spends 2 (7 and 3, +2 each): 14 HP back, 3 of 5 dice left."""
    t = party()
    t.rolls(7, 3).do("rest Ana short 2")
    assert (t.hp("Ana"), t.hp("Ana", "hit_dice_left")) == (34, 3)
    assert ("Ana spends 2 Hit Point Dice (1d10 (7) + 2 = 9, 1d10 (3) + 2 = 5): regains 14 HP, HP 34; "
            "3 of 5 left") in t.said()


def test_one_die_by_default_at_least_1_a_die_and_never_above_the_maximum():
    """dnd5e.md §2.6: Bo's d8 shows 1, -1 Con: still 1 HP; Ana near her maximum stops at it."""
    t = party()
    t.rolls(1).do("descansar Bo corto")
    assert (t.hp("Bo"), t.hp("Bo", "hit_dice_left")) == (11, 2)
    t.do("set Ana hp=40")
    t.rolls(10).do("rest Ana short")
    assert t.hp("Ana") == 44


def test_no_more_dice_than_are_left_and_a_long_rest_gives_them_all_back():
    """dnd5e.md §2.5, §2.6: the 2024 long rest restores every spent Hit Point Die."""
    t = party()
    t.rolls(5, 5, 5).do("rest Bo short 3")
    with pytest.raises(CommandError, match="0 of 3 Hit Point Dice left, not 1"):
        t.do("rest Bo short")
    t.do("rest Bo")
    assert t.hp("Bo", "hit_dice_left") == 3 and t.hp("Bo") == 20
    assert "Bo regains the spent Hit Point Dice: 3 of 3" in t.said()


def test_bad_short_rests_are_refused_and_change_nothing():
    """dnd5e.md §2.6: no dice on the sheet, a bad die, in combat, at 0 HP (no benefit)."""
    t = party()
    t.do("add Cy pc hp=10")
    for line, why in (("rest Cy short", "no Hit Point Dice on their sheet"), ("rest Ana short 0", "at least 1"),
                      ("rest Ana 2", "goes with a short rest"), ("set Ana hit_dice=10", "not a Hit Point Die")):
        with pytest.raises(CommandError, match=why):
            t.do(line)
    assert (t.hp("Ana"), "hit_dice_left" in t.c("Ana").pools) == (20, False)
    t.do("dmg Ana 20")
    t.do("rest Ana short")
    assert t.hp("Ana") == 0 and "hit_dice_left" not in t.c("Ana").pools
    t.do("heal Ana 5", "add Orc hp=10", "init Ana 10", "init Bo 5", "init Orc 1", "start")
    with pytest.raises(CommandError, match="combat is running"):
        t.do("rest Ana short")


def test_rest_all_short_spends_for_those_with_dice():
    """dnd5e.md §2.6: `rest all short` rests the party, Cy (no dice) left out."""
    t = party()
    t.do("add Cy pc hp=5/10")
    t.rolls(4, 4).do("rest all short")
    assert (t.hp("Ana"), t.hp("Bo"), t.hp("Cy")) == (26, 13, 5)


def test_the_players_do_not_read_a_foes_hit_point_dice():
    """A monster given Hit Point Dice rests out of the players' sight of its numbers."""
    t = Table("dnd5e")
    t.do("add Ogre hp=30/59 hit_dice=7d10 con=16")
    t.rolls(8).do("rest Ogre short")
    text = play_log(t.session.done, t.state, t.session.ruleset, players=True)
    assert t.hp("Ogre") == 41
    assert "41" not in text and "11" not in text and "6 of 7" not in text


def test_a_numbered_name_is_not_a_count_of_dice():
    """`rest Goblin 2 short 1`: Goblin 2 rests, spending one die."""
    t = Table("dnd5e")
    t.do('add "Goblin 1" hp=3/7 hit_dice=2d6', 'add "Goblin 2" hp=3/7 hit_dice=2d6')
    t.rolls(4).do("rest Goblin 2 short 1")
    assert (t.hp("Goblin 2"), t.hp("Goblin 1")) == (7, 3)
