"""Dragon Age attacks: roll vs Defense, damage = weapon + Str (Perception for bows) - armor, stunt points."""

from __future__ import annotations

import pytest

from conftest import Table
from gm_console.engine.language.commands import CommandError


def table() -> Table:
    t = Table("dragon_age")
    t.do("add Alistair pc health=30 str=3 dex=1 perception=1 weapon=2d6 focus=heavy-blades weapon_focus=heavy-blades",
         "add Leliana pc health=25 dex=3 perception=2 str=1 weapon=1d6+3 weapon_kind=bow",
         "add Hurlock health=20 str=2 dex=1 armor=3 defense=12",
         "init Alistair 16", "init Leliana 14", "init Hurlock 9", "start")
    return t


def hp(t: Table, who: str) -> int:
    return t.hp(who, "health")


def stunt_points(t: Table, who: str) -> int:
    pool = t.c(who).pools.get("stunt")
    return pool.value if pool else 0


def test_hit_when_the_total_equals_defense():
    """dragon_age.md §2.4 [S]: hit if the attack roll is equal to or greater than Defense."""
    t = table()
    t.rolls(3, 2, 2, 4, 3)  # 7 + 3 Str + 2 focus = 12 vs 12: hit; damage 7 + 3 - 3 = 7
    t.do("attack Alistair Hurlock")
    said = t.said()
    assert said[-3] == ("Alistair attacks Hurlock: hit (7 (3,2,2; dragon 3) +3 Str +2 heavy blades = 12 vs Defense 12)")
    assert said[-2] == "Hurlock takes 10 - 3 armor = 7 damage: health 20 -> 13 (damage 2d6 (7) +3 Str)"
    assert hp(t, "Hurlock") == 13


def test_miss_one_below_defense():
    """dragon_age.md §2.4 [S]: below Defense is a miss and deals nothing."""
    t = table()
    t.rolls(3, 2, 1)  # 6 + 3 + 2 = 11 vs 12
    t.do("attack Alistair Hurlock")
    assert t.said()[-1].startswith("Alistair attacks Hurlock: miss (") and t.said()[-1].endswith("= 11 vs Defense 12)")
    assert hp(t, "Hurlock") == 20


def test_bows_add_perception_not_strength():
    """dragon_age.md §2.4 [S]: bows add Perception to damage instead of Strength; the attack uses Dex."""
    t = table()
    t.do("next")
    t.rolls(4, 5, 1, 2)  # 10 + 3 Dex = 13 vs 12: hit; 1d6+3 = 5 + 2 Per = 7 - 3 armor = 4
    t.do("attack Leliana Hurlock")
    assert t.said()[-2].startswith("Leliana attacks Hurlock: hit (") and "+3 Dex = 13 vs Defense 12)" in t.said()[-2]
    assert t.said()[-1] == "Hurlock takes 7 - 3 armor = 4 damage: health 20 -> 16 (damage 1d6+3 (5) +2 Per)"


def test_armor_can_stop_all_damage():
    """dragon_age.md §2.4 [S]: the result may be 0; a well-armoured foe takes nothing."""
    t = table()
    t.do("set Hurlock armor=12")
    t.rolls(6, 5, 4, 1, 1)
    t.do("attack Alistair Hurlock")
    assert t.said()[-1] == "Hurlock takes 5 - 12 armor = 0 damage: the armor stops it (damage 2d6 (2) +3 Str)"
    assert hp(t, "Hurlock") == 20


def test_penetrating_ignores_armor():
    """dragon_age.md §2.4 [S]: penetrating damage skips the armor step."""
    t = table()
    t.rolls(6, 5, 4, 3, 3)
    t.do("attack Alistair Hurlock penetrating")
    assert "takes 9 (penetrating: armor ignored) = 9 damage: health 20 -> 11" in t.said()[-1]


def test_damage_given_on_the_line():
    """Weapon damage may be typed on the attack line: dmg=EXPR overrides the weapon stat."""
    t = table()
    t.rolls(6, 5, 4, 6)
    t.do("attack Alistair Hurlock dmg=1d6+1")
    assert t.said()[-1] == "Hurlock takes 10 - 3 armor = 7 damage: health 20 -> 13 (damage 1d6+1 (7) +3 Str)"


def test_unarmed_without_a_weapon_stat():
    """dragon_age.md §2.4 [S]: weapon dice + Str; no weapon stat = unarmed 1d3 [O]."""
    t = table()
    t.do("next", "next")
    t.rolls(6, 5, 4, 2)  # 15 + 2 Str = 17 vs Alistair 11 (10 + 1 Dex)
    t.do("attack Hurlock Alistair")
    assert t.said()[-1] == "Alistair takes 4 damage: health 30 -> 26 (damage 1d3 (2) +2 Str)"


def test_explicit_ability_and_modifier():
    """dragon_age.md §2.4 [S]: the weapon group's ability (+2 focus) and modifiers."""
    t = table()
    t.rolls(2, 3, 4, 1, 1)  # 9 + 1 Dex + 2 = 12: hit (the Dex of a light blade)
    t.do("attack Alistair Hurlock dex +2")
    assert t.said()[-2] == "Alistair attacks Hurlock: hit (9 (2,3,4; dragon 2) +1 Dex +2 heavy blades +2 mod = 14 vs Defense 12)"


def test_health_never_below_zero():
    """dragon_age.md §2.4 [S]: Health never goes below 0."""
    t = table()
    t.rolls(6, 5, 4, 6, 6)
    t.do("set Hurlock health=3/20", "attack Alistair Hurlock")
    assert hp(t, "Hurlock") == 0
    assert t.c("Hurlock").life == "dead"


def test_doubles_on_a_hit_earn_the_dragon_die():
    """dragon_age.md §2.5 [S]: a hit with doubles on any two dice earns stunt points = the dragon die."""
    t = table()
    t.rolls(2, 5, 5, 1, 1)  # the pair need not include the dragon die
    t.do("attack Alistair Hurlock")
    assert stunt_points(t, "Alistair") == 2
    assert t.said()[-1].startswith("Doubles (2,5,5) on a hit: Alistair earns 2 stunt points (the dragon die)")


def test_triples_count_as_doubles():
    """dragon_age.md §2.5 [S]: triples count."""
    t = table()
    t.rolls(4, 4, 4, 1, 1)
    t.do("attack Alistair Hurlock")
    assert stunt_points(t, "Alistair") == 4


def test_doubles_on_a_miss_earn_nothing():
    """dragon_age.md §2.5 [S]: only a successful attack earns stunt points."""
    t = table()
    t.rolls(1, 1, 3)
    t.do("attack Alistair Hurlock")
    assert stunt_points(t, "Alistair") == 0
    assert t.said()[-1] == "Doubles, but a miss earns no stunt points"


def test_no_doubles_no_points():
    """dragon_age.md §2.5 [S]: no doubles, no stunt points (and no stunt pool)."""
    t = table()
    t.rolls(6, 5, 4, 1, 1)
    t.do("attack Alistair Hurlock")
    assert stunt_points(t, "Alistair") == 0
    assert "stunt" not in t.c("Alistair").pools


def test_dice_given_on_the_line():
    """The GM may type the table's dice: three naturals, the first the dragon die."""
    t = table()
    t.rolls(1, 1)
    t.do("attack Alistair Hurlock 6,6,1")
    assert stunt_points(t, "Alistair") == 6


def test_a_given_sum_cannot_earn_points():
    """dragon_age.md §2.5: with only the 3d6 sum the doubles are unknown: no points, and the log says why."""
    t = table()
    t.rolls(1, 1)
    t.do("attack Alistair Hurlock 15")
    assert stunt_points(t, "Alistair") == 0
    assert "no stunt points (give the three dice like 5,5,3)" in t.said()[-1]


def test_melee_against_prone_gets_plus_one_ranged_does_not():
    """dragon_age.md §2.7: melee attacks against a prone target +1 (not ranged ones)."""
    t = table()
    t.do("cond Hurlock prone")
    t.rolls(3, 2, 1)
    t.do("attack Alistair Hurlock")
    assert "+2 heavy blades +1 prone target = 12 vs Defense 12)" in t.said()[-2] and ": hit (" in t.said()[-2]
    t.do("next")
    t.rolls(3, 2, 1)
    t.do("attack Leliana Hurlock")
    assert "prone" not in t.said()[-1]


def test_dead_target_refused():
    """dragon_age.md §2.6: the dead cannot be attacked."""
    t = table()
    t.do("cond Hurlock dead")
    with pytest.raises(CommandError, match="already dead"):
        t.do("attack Alistair Hurlock")


@pytest.mark.parametrize("line,msg", [
    ("attack Alistair", "missing arguments"),
    ("attack Alistair Hurlock sideways", "unexpected 'sideways'"),
    ("attack Alistair Hurlock 12 13", "too many numbers"),
    ("attack Alistair Hurlock melee bow", "choose one of melee"),
    ("attack Alistair Alistair", "cannot attack itself"),
    ("attack Alistair Nobody", "no combatant"),
])
def test_bad_attack_lines(line, msg):
    """Refusals are one line naming what is accepted; the state is untouched."""
    t = table()
    with pytest.raises(CommandError, match=msg):
        t.do(line)


def test_coup_de_grace_kills_a_dying_target():
    """dragon_age.md §2.3 [S]: coup de grace by an adjacent enemy on a dying or unconscious target: death."""
    t = table()
    t.do("dmg Leliana 40")
    assert t.c("Leliana").life == "dying"
    t.do("next", "next", "coup Hurlock Leliana")
    assert t.c("Leliana").life == "dead"


def test_coup_de_grace_needs_a_helpless_target():
    """dragon_age.md §2.3 [S]: coup de grace only on a dying or unconscious target."""
    t = table()
    with pytest.raises(CommandError, match="dying or unconscious"):
        t.do("coup Alistair Hurlock")


def test_ranged_coup_de_grace_rolls_against_defense_10():
    """dragon_age.md §2.3 [S]: ranged coup de grace: attack roll vs Defense 10; a hit kills."""
    t = table()
    t.rolls(3, 4)  # 7 minutes asleep
    t.do("dmg Hurlock 30 pull", "next")
    t.rolls(2, 2, 2)  # 6 + 3 Dex = 9 < 10
    t.do("coup Leliana Hurlock ranged")
    assert t.c("Hurlock").life == "unconscious"
    t2 = table()
    t2.rolls(3, 4)
    t2.do("dmg Hurlock 30 pull", "next")
    t2.rolls(2, 2, 3)  # 7 + 3 = 10
    t2.do("coup Leliana Hurlock ranged")
    assert t2.c("Hurlock").life == "dead"
