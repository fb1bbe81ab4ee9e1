"""Dragon Age casting: mana spent even on failure, spell stunts."""

from __future__ import annotations

import pytest

from conftest import Table
from gm_console.engine.language.commands import CommandError


def table() -> Table:
    t = Table("dragon_age")
    t.do("add Morrigan pc health=20 magic=3 willpower=2 dex=1 mana=12 focus=primal defense=11",
         "add Ogre health=60 str=4 willpower=0 weapon=2d6 defense=10",
         "init Morrigan 15", "init Ogre 10", "start")
    return t


def mana(t: Table) -> int:
    return t.hp("Morrigan", "mana")


def sp(t: Table) -> int:
    pool = t.c("Morrigan").pools.get("stunt")
    return pool.value if pool else 0


def test_mana_is_spent_even_when_the_casting_fails():
    """dragon_age.md §2.8 [O?]: if the casting roll fails the mana is still spent and nothing happens."""
    t = table()
    t.rolls(3, 2, 1)
    t.do("cast Morrigan 'Arcane Bolt' 2 10")
    assert mana(t) == 10
    assert t.said()[-1] == ("Morrigan casts Arcane Bolt: fails, the mana is spent anyway (2 MP, mana 10 left; "
                            "6 (3,2,1; dragon 3) +3 Magic = 9 vs TN 10)")


def test_success_reports_spellpower_with_the_school_focus():
    """dragon_age.md §2.8 [O?]: Spellpower = 10 + Magic + 2 with the school focus."""
    t = table()
    t.rolls(6, 5, 4)
    t.do("cast Morrigan 'Stone Fist' 3 12 magic:primal")
    assert mana(t) == 9
    assert t.said()[-1].startswith("Morrigan casts Stone Fist: success (")
    assert t.said()[-1].endswith("= 20 vs TN 12; Spellpower 15)")


def test_not_enough_mana_is_refused_untouched():
    """dragon_age.md §2.8 [O?]: a spell is paid in mana; without enough it cannot be cast."""
    t = table()
    with pytest.raises(CommandError, match="has 12 mana; Inferno costs 14"):
        t.do("cast Morrigan Inferno 14 15")
    assert mana(t) == 12


def test_casting_is_a_major_action_unless_minor():
    """dragon_age.md §2.3 [O]: casting time per spell, major or minor."""
    t = table()
    t.rolls(1, 2, 3)
    t.do("cast Morrigan Rock 1 10")
    t.rolls(1, 2, 3)
    with pytest.raises(CommandError, match="already taken their major action"):
        t.do("cast Morrigan Rock 1 10")
    t.rolls(1, 2, 3)
    t.do("cast Morrigan Spark 1 10 minor")


def test_doubles_on_a_successful_casting_earn_spell_stunts():
    """dragon_age.md §2.5 [O]: casting rolls generate spell stunt points the same way."""
    t = table()
    t.rolls(5, 2, 5)
    t.do("cast Morrigan 'Winter Grasp' 3 12")
    assert sp(t) == 5
    assert "Doubles (5,2,5) on a successful casting: Morrigan earns 5 stunt points" in t.said()[-1]
    with pytest.raises(CommandError, match="mighty-blow is a combat stunt"):
        t.do("stunt Morrigan mighty-blow")


def test_doubles_on_a_failed_casting_earn_nothing():
    """dragon_age.md §2.5 [S]: only a successful roll earns stunt points."""
    t = table()
    t.rolls(1, 1, 2)
    t.do("cast Morrigan Rock 1 10")
    assert sp(t) == 0


def test_skillful_casting_refunds_one_mana():
    """dragon_age.md §2.5 [S]: Skillful Casting: mana cost -1 (can reach 0)."""
    t = table()
    t.rolls(3, 3, 4)
    t.do("cast Morrigan 'Heal' 1 10", "stunt Morrigan skillful-casting")
    assert mana(t) == 12
    assert t.said()[-1].startswith("Skillful Casting: the spell costs 0 mana")


def test_skillful_casting_on_a_free_spell_gives_nothing_back():
    """dragon_age.md §2.5 [S]: Skillful Casting cannot take a cost below 0."""
    t = table()
    t.rolls(3, 3, 4)
    t.do("cast Morrigan Light 0 10", "stunt Morrigan 'lanzamiento hábil'")
    assert mana(t) == 12


def test_mana_shield_adds_two_defense():
    """dragon_age.md §2.5 [S]: Mana Shield, 3 SP: +2 Defense until the start of your next turn."""
    t = table()
    t.rolls(3, 3, 4)
    t.do("cast Morrigan Rock 1 10", "stunt Morrigan mana-shield")
    assert t.session.ruleset.sheet.effective(t.state, t.c("Morrigan"))["defense"].value == 13


def test_powerful_casting_up_to_three():
    """dragon_age.md §2.5 [S]: Powerful Casting: +1 Spellpower per point, max +3."""
    t = table()
    t.rolls(6, 6, 4)
    t.do("cast Morrigan Rock 1 10")
    with pytest.raises(CommandError, match="1 to 3 points"):
        t.do("stunt Morrigan powerful-casting 4")
    t.do("stunt Morrigan powerful-casting 3")
    assert t.said()[-1] == "Powerful Casting: +3 Spellpower, now 16"
    assert sp(t) == 3


def test_mighty_spell_hurts_a_target():
    """dragon_age.md §2.5 [S]: Mighty Spell: one damaged target takes +1d6."""
    t = table()
    t.rolls(3, 3, 4, 5)
    t.do("cast Morrigan Bolt 1 10 target=Ogre", "stunt Morrigan mighty-spell")
    assert t.hp("Ogre", "health") == 55


def test_imposing_spell_daunts_melee_attackers():
    """dragon_age.md §2.5 [S]: Imposing Spell: melee attackers pass Willpower (Courage) vs 10 + Magic or Move/Defend."""
    t = table()
    t.rolls(4, 4, 1)
    t.do("cast Morrigan Rock 1 10", "stunt Morrigan imposing-spell", "next")
    t.rolls(2, 2, 2)  # 6 + 0 Willpower vs 13: fails
    t.do("attack Ogre Morrigan")
    assert "Imposing Spell: Move or Defend instead of attacking" in t.said()[-1]
    assert t.hp("Morrigan", "health") == 20
    t.do("defend Ogre")  # the major action was not spent


def test_fast_casting_second_spell_free_and_without_points():
    """dragon_age.md §2.5 [S]: Fast Casting: another spell at once; its doubles give no stunt points."""
    t = table()
    t.rolls(4, 4, 2)
    t.do("cast Morrigan Rock 1 10", "stunt Morrigan fast-casting")
    t.rolls(5, 5, 5)
    t.do("cast Morrigan Bolt 2 10")
    assert sp(t) == 0
    assert mana(t) == 9
    assert "Doubles on the Fast Casting spell: no stunt points" in t.said()


def test_spend_mana_by_hand():
    """dragon_age.md §2.8: mana is a pool the GM can spend from."""
    t = table()
    t.do("spend Morrigan mana 3")
    assert mana(t) == 9
