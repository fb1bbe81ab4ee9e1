"""Starfinder damage: temporary HP, stamina, HP; types and resistances; massive damage; healing."""

import pytest

from conftest import Table
from gm_console.engine.language.commands import CommandError


def navasi(*extra, options=None):
    t = Table("starfinder", options)
    t.do("add Navasi pc sp=30 hp=22 rp=4 " + " ".join(extra))
    return t


def test_stamina_absorbs_first():
    """starfinder.md §3.3 [S]: damage comes off stamina before hit points."""
    t = navasi()
    t.do("dmg Navasi 12")
    assert (t.hp("Navasi", "sp"), t.hp("Navasi")) == (18, 22)
    assert t.c("Navasi").life == "ok"


def test_leftover_after_stamina_goes_to_hp_in_the_same_hit():
    """starfinder.md §3.3 [S]: what stamina cannot hold goes to HP in the same hit."""
    t = navasi()
    t.do("dmg Navasi 40")
    assert (t.hp("Navasi", "sp"), t.hp("Navasi")) == (0, 12)
    assert "SP 30→0, HP 22→12" in t.said()[-1]


def test_temporary_hp_go_before_stamina():
    """starfinder.md §3.3 [S/O]: temporary HP, then SP, then HP."""
    t = navasi("temp=5")
    t.do("dmg Navasi 8")
    assert (t.hp("Navasi", "temp"), t.hp("Navasi", "sp"), t.hp("Navasi")) == (0, 27, 22)


def test_current_and_max_stamina_from_the_stat_block():
    """starfinder.md §3.3: sp=12/30 is 12 of 30; 15 damage spills 3 into HP."""
    t = Table("starfinder")
    t.do("add Navasi pc sp=12/30 hp=22 rp=4", "dmg Navasi 15")
    assert t.c("Navasi").pools["sp"].max == 30
    assert (t.hp("Navasi", "sp"), t.hp("Navasi")) == (0, 19)


def test_hp_never_below_zero():
    """starfinder.md §3.3 [S]: no negative hit points in Starfinder."""
    t = navasi()
    t.do("dmg Navasi 60")
    assert t.hp("Navasi") == 0


@pytest.mark.parametrize("words,ac", [("fire", "EAC 14"), ("plasma", "EAC 14"), ("laser", "EAC 14"),
                                      ("slashing", "KAC 16"), ("piercing", "KAC 16"), ("", "KAC 16")])
def test_damage_type_chooses_eac_or_kac(words, ac):
    """starfinder.md §3.3 [S]: energy (plasma, laser, fire...) targets EAC; kinetic and any other type, KAC."""
    t = navasi("eac=14 kac=16")
    t.do(f"dmg Navasi 3 {words}".strip())
    assert f"(vs {ac})" in t.said()[-1]


def test_spanish_damage_words_are_accepted():
    """starfinder.md §3.3 [S]: the seed's own words for energy (fuego) pick EAC too."""
    t = navasi("eac=14 kac=16")
    t.do("dmg Navasi 3 fuego")
    assert "vs EAC 14" in t.said()[-1]


def test_unknown_damage_type_is_refused_naming_the_types():
    """Engine contract: a typo in the type is refused with the accepted words."""
    t = navasi()
    with pytest.raises(CommandError) as exc:
        t.do("dmg Navasi 3 firre")
    assert "fire" in str(exc.value)


def test_energy_resistance_applies_to_its_type_only():
    """starfinder.md §3.3 [O]: energy resistance reduces damage of that type."""
    t = navasi("er=fire:5")
    t.do("dmg Navasi 8 fire")
    assert t.hp("Navasi", "sp") == 27
    t.do("dmg Navasi 8 cold")
    assert t.hp("Navasi", "sp") == 19


def test_damage_reduction_applies_to_kinetic_not_energy():
    """starfinder.md §3.3 [O]: DR stops kinetic damage; energy goes through."""
    t = navasi("dr=3")
    t.do("dmg Navasi 5 piercing")
    assert t.hp("Navasi", "sp") == 28
    t.do("dmg Navasi 5 electricity")
    assert t.hp("Navasi", "sp") == 23


def test_rolled_damage_is_forced_by_the_gm_dice():
    """Engine: `dmg NAME 2d6` rolls with the GM's dice."""
    t = navasi()
    t.rolls(4, 5)
    t.do("dmg Navasi 2d6")
    assert t.hp("Navasi", "sp") == 21


# -- massive damage: the seed's own examples ------------------------------------------


def test_seed_example_navasi_at_0_sp_and_5_hp_takes_30_and_dies():
    """starfinder.md §3.4.1 [S]: 5 HP absorbs 5; 25 left over beats max HP 22: dead."""
    t = Table("starfinder")
    t.do("add Navasi pc sp=0/30 hp=5/22 rp=4", "dmg Navasi 30")
    assert t.c("Navasi").life == "dead"
    assert "Massive damage" in t.said()[-1]


def test_seed_example_navasi_at_full_dies_from_74():
    """starfinder.md §3.4.1 [S]: 74 - 30 SP - 22 HP = 22 left over = max HP: dead (≥, the seed's example)."""
    t = navasi()
    t.do("dmg Navasi 74")
    assert t.c("Navasi").life == "dead"
    assert t.hp("Navasi") == 0


def test_navasi_at_full_survives_73_dying():
    """starfinder.md §3.4.1 [S]: 73 leaves 21 over, one less than max HP: dying, not dead."""
    t = navasi()
    t.do("dmg Navasi 73")
    assert t.c("Navasi").life == "dying"
    assert t.hp("Navasi", "rp") == 4


def test_massive_damage_exactly_max_hp_left_over_kills():
    """starfinder.md §3.4.1 [S]: remaining damage equal to max HP is enough."""
    t = Table("starfinder")
    t.do("add Kira pc hp=10 rp=3", "dmg Kira 20")
    assert t.c("Kira").life == "dead"


def test_massive_damage_one_less_than_max_hp_is_dying():
    """starfinder.md §3.4.1 [S]: one point short of max HP left over: dying."""
    t = Table("starfinder")
    t.do("add Kira pc hp=10 rp=3", "dmg Kira 19")
    assert t.c("Kira").life == "dying"


def test_massive_damage_while_already_at_zero():
    """starfinder.md §3.4.1 [S]: at 0 HP a single attack of at least max HP kills."""
    t = navasi()
    t.do("dmg Navasi 52", "dmg Navasi 22")
    assert t.c("Navasi").life == "dead"


def test_below_max_hp_at_zero_costs_resolve_instead():
    """starfinder.md §3.4.1/3.4.4 [S]: at 0 HP, 21 damage (less than max 22) costs 1 RP, not life."""
    t = navasi()
    t.do("dmg Navasi 52", "dmg Navasi 21")
    assert t.c("Navasi").life == "dying"
    assert t.hp("Navasi", "rp") == 3


def test_stamina_regained_at_zero_still_absorbs_first():
    """starfinder.md §3.4.1 [I]/[O]: any SP left at 0 HP absorbs damage before the RP cost."""
    t = navasi()
    t.do("dmg Navasi 52", "heal Navasi 5 sp", "dmg Navasi 4")
    assert t.hp("Navasi", "sp") == 1
    assert t.hp("Navasi", "rp") == 4


# -- nonlethal and NPCs -------------------------------------------------------------------


def test_nonlethal_knocks_out_stable_not_dying():
    """starfinder.md §3.3 [O]: nonlethal to 0 HP: exactly 0 HP, unconscious and stable."""
    t = navasi()
    t.do("dmg Navasi 60 nonlethal")
    c = t.c("Navasi")
    assert (c.life, t.hp("Navasi")) == ("stable", 0)
    assert "unconscious and stable" in t.said()[-1]


def test_nonlethal_does_not_cause_massive_death():
    """starfinder.md §3.3 [O]/[I]: a nonlethal blow knocks out, however large."""
    t = navasi()
    t.do("dmg Navasi 200 nonlethal")
    assert t.c("Navasi").life == "stable"


def test_npc_without_resolve_dies_at_zero():
    """starfinder.md §3.4.10 [O]: creatures without RP die at 0 HP."""
    t = Table("starfinder")
    t.do("add Goblin hp=10", "dmg Goblin 10")
    assert t.c("Goblin").life == "dead"
    assert "no Resolve Points" in t.said()[-1]


def test_npc_knocked_out_by_nonlethal_survives():
    """starfinder.md §3.4.10 [O]: unless the damage was nonlethal."""
    t = Table("starfinder")
    t.do("add Goblin hp=10", "dmg Goblin 15 nonlethal")
    assert t.c("Goblin").life == "stable"


def test_damage_to_the_dead_is_refused():
    """A dead combatant takes no more damage; the GM is told so."""
    t = Table("starfinder")
    t.do("add Goblin hp=10", "dmg Goblin 10")
    with pytest.raises(CommandError, match="dead"):
        t.do("dmg Goblin 3")


# -- healing ------------------------------------------------------------------------------


def test_healing_restores_hp_not_stamina():
    """starfinder.md §3.5 [S]: devices and spells restore HP, not stamina."""
    t = navasi()
    t.do("dmg Navasi 40", "heal Navasi 30")
    assert (t.hp("Navasi", "sp"), t.hp("Navasi")) == (0, 22)


def test_healing_wakes_the_dying():
    """starfinder.md §3.4.6 [O]: healing to 1 HP or more: conscious and fully functional."""
    t = navasi()
    t.do("dmg Navasi 60", "heal Navasi 3")
    assert t.c("Navasi").life == "ok"
    assert t.hp("Navasi") == 3


def test_stamina_heal_does_not_wake_at_zero():
    """starfinder.md §3.4.2 [O]: regaining SP does not help while at 0 HP."""
    t = navasi()
    t.do("dmg Navasi 60", "heal Navasi 10 sp")
    assert t.c("Navasi").life == "dying"
    assert t.hp("Navasi", "sp") == 10


def test_temporary_hp_take_the_higher_value():
    """starfinder.md §3.3 [O]: temporary HP do not stack."""
    t = navasi()
    t.do("heal Navasi 5 temp", "heal Navasi 3 temp")
    assert t.hp("Navasi", "temp") == 5
