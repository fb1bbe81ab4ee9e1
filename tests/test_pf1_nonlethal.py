"""Nonlethal damage and its ceiling (docs/rulesets/pathfinder1e.md §1.3).

Core Rulebook, Nonlethal Damage: once a creature's nonlethal damage equals its
*maximum* hit points, all further nonlethal damage is lethal.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import Table


def pf() -> Table:
    return Table("pathfinder1e")


def hp(t: Table, name: str) -> tuple[int, int, str]:
    return t.hp(name), t.hp(name, "nl"), t.c(name).life


def test_kobold_eight_then_five_nonlethal_takes_three_hp():
    """pathfinder1e.md §1.3: 8 nonlethal fills an 8-HP kobold's maximum; the next 5 are lethal."""
    t = pf()
    t.do("add Kobold hp=8", "dmg Kobold 8 nonlethal")
    assert hp(t, "Kobold") == (8, 8, "staggered")
    t.do("dmg Kobold 5 nonlethal")
    assert hp(t, "Kobold") == (3, 8, "unconscious")
    assert any("nonlethal damage 8 equals its maximum HP 8: 5 more nonlethal is lethal: HP 8 -> 3" in s
               for s in t.said())


def test_the_part_beyond_the_maximum_is_lethal_the_rest_nonlethal():
    """pathfinder1e.md §1.3: 6 of 8 taken, 5 more: 2 fill the maximum, 3 are lethal."""
    t = pf()
    t.do("add Kobold hp=8", "dmg Kobold 6 nl", "dmg Kobold 5 nl")
    assert hp(t, "Kobold") == (5, 8, "unconscious")


def test_exactly_up_to_the_maximum_stays_nonlethal():
    """pathfinder1e.md §1.3: reaching the maximum is still nonlethal; only what goes past it is lethal."""
    t = pf()
    t.do("add Kobold hp=8", "dmg Kobold 7 nl", "dmg Kobold 1 nl")
    assert hp(t, "Kobold") == (8, 8, "staggered")


def test_the_ceiling_is_the_maximum_not_the_current_hp():
    """pathfinder1e.md §1.3: a hurt creature (5 of 20) piles nonlethal up to 20 before it turns lethal."""
    t = pf()
    t.do("add Kyra pc hp=5/20", "dmg Kyra 6 nl")
    assert hp(t, "Kyra") == (5, 6, "unconscious")
    t.do("dmg Kyra 14 nl")
    assert hp(t, "Kyra") == (5, 20, "unconscious")
    t.do("dmg Kyra 1 nl")
    assert hp(t, "Kyra") == (4, 20, "unconscious")


def test_lethal_overflow_can_drop_a_creature_to_dying_and_kill():
    """pathfinder1e.md §1.3 and §1.4: the lethal part follows the dying and dead thresholds."""
    t = pf()
    t.do("add Kobold hp=8 con=6", "dmg Kobold 8 nl", "dmg Kobold 10 nl")
    assert hp(t, "Kobold") == (-2, 8, "dying")
    t.do("dmg Kobold 4 nl")
    assert t.c("Kobold").life == "dead"


def test_temporary_hp_soak_the_lethal_part():
    """pathfinder1e.md §1.3: the lethal part is lethal damage, so temporary HP go first."""
    t = pf()
    t.do("add Kobold hp=8 temp=4", "dmg Kobold 8 nl", "dmg Kobold 5 nl")
    assert (t.hp("Kobold"), t.hp("Kobold", "temp"), t.hp("Kobold", "nl")) == (7, 0, 8)
    assert t.c("Kobold").life == "unconscious"


def test_temporary_hp_do_not_soak_nonlethal_below_the_ceiling():
    """pathfinder1e.md §1.3 [I]: nonlethal is its own total; temporary HP are for lethal damage."""
    t = pf()
    t.do("add Kobold hp=8 temp=4", "dmg Kobold 3 nl")
    assert (t.hp("Kobold", "temp"), t.hp("Kobold", "nl")) == (4, 3)


def test_healing_makes_room_again():
    """pathfinder1e.md §1.3: healing X removes X nonlethal, so nonlethal is nonlethal again."""
    t = pf()
    t.do("add Kobold hp=8", "dmg Kobold 8 nl", "dmg Kobold 5 nl", "heal Kobold 5")
    assert hp(t, "Kobold") == (8, 3, "ok")
    t.do("dmg Kobold 4 nl")
    assert hp(t, "Kobold") == (8, 7, "ok")


def test_nonlethal_healing_alone_also_makes_room():
    t = pf()
    t.do("add Kobold hp=8", "dmg Kobold 8 nl", "heal Kobold 2 nonlethal", "dmg Kobold 3 nl")
    assert hp(t, "Kobold") == (7, 8, "unconscious")


def test_nonlethal_typed_above_the_maximum_makes_all_further_nonlethal_lethal():
    t = pf()
    t.do("add Kobold hp=8 nl=10", "dmg Kobold 2 nl")
    assert hp(t, "Kobold") == (6, 10, "unconscious")


def test_negative_levels_lower_the_ceiling():
    """pathfinder1e.md §1.3 and §1.9: -5 maximum HP per negative level; the ceiling follows."""
    t = pf()
    t.do("add Kyra pc hp=20 hd=5", "cond Kyra energy-drained:1", "dmg Kyra 16 nl")
    assert hp(t, "Kyra") == (14, 15, "unconscious")


def test_nonlethal_on_a_dying_creature_adds_up_without_killing():
    t = pf()
    t.do("add Kobold hp=8 con=10", "dmg Kobold 10", "dmg Kobold 4 nl")
    assert hp(t, "Kobold") == (-2, 4, "dying")


def test_the_log_says_it_in_spanish_too():
    t = pf()
    t.do("add Kobold hp=8", "dmg Kobold 8 nl", "dmg Kobold 5 nl")
    es = [e.text("es") for entry in t.session.done for e in entry.events if e.kind == "Said"]
    assert any("iguala sus PG máximos 8: 5 más de no letal es letal: PG 8 -> 3" in s for s in es)


@settings(max_examples=60, deadline=None)
@given(top=st.integers(1, 40), hits=st.lists(st.integers(0, 30), min_size=1, max_size=6))
def test_nonlethal_never_exceeds_the_maximum_and_no_damage_is_lost(top, hits):
    """pathfinder1e.md §1.3: whatever the hits, NL <= max HP, and NL + HP lost = the nonlethal dealt."""
    t = pf()
    t.do(f"add Ogre hp={top} con=99")
    for n in hits:
        t.do(f"dmg Ogre {n} nl")
    nl, lost = t.hp("Ogre", "nl"), top - t.hp("Ogre")
    assert nl <= top
    assert nl + lost == sum(hits)
    assert lost == max(0, sum(hits) - top)


@pytest.mark.parametrize("taken,life", [(7, "ok"), (8, "staggered"), (9, "unconscious")])
def test_thresholds_around_the_ceiling(taken, life):
    """pathfinder1e.md §1.3: 8 HP: 7 ok, 8 staggered (NL = HP), 9 -> 1 lethal (HP 7 < NL 8)."""
    t = pf()
    t.do("add Kobold hp=8", f"dmg Kobold {taken} nl")
    assert t.c("Kobold").life == life
    assert t.hp("Kobold", "nl") == min(taken, 8) and t.hp("Kobold") == 8 - max(0, taken - 8)
