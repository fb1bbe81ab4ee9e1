"""Fifth edition's conditions, exhaustion, and advantage and disadvantage on checks and saves
(docs/rulesets/dnd5e.md §4, §6), as a GM types them."""

from __future__ import annotations

import pytest
from conftest import Table

from gm_console.engine.language.commands import CommandError
from gm_console.engine.views.export import play_log


def table(*lines: str) -> Table:
    t = Table("dnd5e")
    t.do("add Ana pc hp=20 ac=15 dex=14 wis=12 speed=30 save_dex=5 perception=13", *lines)
    return t


def last(t: Table) -> str:
    return t.said()[-1]


# --- §4 conditions ----------------------------------------------------------------------------------


@pytest.mark.parametrize("es,cid", [("cegado", "blinded"), ("hechizado", "charmed"), ("ensordecido", "deafened"),
                                    ("asustado", "frightened"), ("agarrado", "grappled"),
                                    ("incapacitado", "incapacitated"), ("invisible", "invisible"),
                                    ("paralizado", "paralyzed"), ("petrificado", "petrified"),
                                    ("envenenado", "poisoned"), ("derribado", "prone"), ("apresado", "restrained"),
                                    ("aturdido", "stunned"), ("inconsciente", "unconscious")])
def test_the_documents_conditions_go_by_their_spanish_names(es, cid):
    """dnd5e.md §4.1."""
    t = table(f"cond Ana {es}")
    assert t.c("Ana").has(cid)


def test_speed_is_0_while_grappled_and_back_after():
    """dnd5e.md §4.1: grappled, Speed 0."""
    t = table("cond Ana grappled")
    rs = t.session.ruleset
    assert rs.sheet.effective(t.state, t.c("Ana"))["speed"].value == 0
    t.do("uncond Ana grappled")
    assert rs.sheet.effective(t.state, t.c("Ana"))["speed"].value == 30


def test_a_creature_immune_to_a_condition_refuses_it():
    """dnd5e.md §4.1: condition_immune."""
    t = table("add Skeleton hp=13 condition_immune=poisoned,exhaustion")
    with pytest.raises(CommandError, match="immune"):
        t.do("cond Skeleton envenenado")
    assert not t.c("Skeleton").has("poisoned")


def test_petrified_resists_all_damage_and_is_immune_to_poison():
    """dnd5e.md §4.1."""
    t = table("cond Ana petrified", "dmg Ana 9 slashing")
    assert t.hp("Ana") == 16
    t.do("dmg Ana 9 poison")
    assert t.hp("Ana") == 16


# --- §4.2 exhaustion ----------------------------------------------------------------------------------


def test_exhaustion_levels_add_take_speed_and_d20_tests_and_kill_at_6():
    """dnd5e.md §4.2: level 3 is -6 on d20 tests and -15 ft; three more levels, death."""
    t = table("cond Ana exhaustion:1", "cond Ana agotamiento:2")
    rs = t.session.ruleset
    ana = t.c("Ana")
    assert ana.instances("exhaustion")[0].value == 3
    assert rs.sheet.effective(t.state, ana)["speed"].value == 15
    t.rolls(12)
    t.do("check Ana dex")
    assert "= 8" in last(t)  # 12 + 2 Dex - 6
    t.do("cond Ana exhaustion:2")
    assert t.c("Ana").life == "ok"
    t.do("cond Ana exhaustion:1")
    assert t.c("Ana").life == "dead"


# --- §6 advantage and disadvantage -------------------------------------------------------------------


def test_advantage_keeps_the_higher_d20_and_shows_both():
    """dnd5e.md §6.1: 2d20kh1 (5, 17) + 2 Dex = 19."""
    t = table()
    t.rolls(5, 17)
    t.do("check Ana dex adv")
    assert "2d20kh1 (5, 17; advantage)" in last(t) and last(t).endswith("= 19")


def test_disadvantage_keeps_the_lower():
    t = table()
    t.rolls(5, 17)
    t.do("check Ana dex desventaja")
    assert "2d20kl1 (5, 17; disadvantage)" in last(t) and last(t).endswith("= 7")


def test_advantage_and_a_conditions_disadvantage_cancel_to_one_d20():
    """dnd5e.md §6.1 and §6.2: poisoned (disadvantage on checks) and the GM's advantage: one d20."""
    t = table("cond Ana poisoned")
    t.rolls(5, 17)
    t.do("check Ana dex adv")
    assert "1d20 (5; advantage and disadvantage cancel)" in last(t)


def test_two_advantages_and_one_disadvantage_still_cancel():
    """dnd5e.md §6.1: however many of each."""
    t = table("cond Ana frightened")
    t.rolls(5)
    t.do("check Ana dex adv adv")
    assert "1d20 (5; advantage and disadvantage cancel)" in last(t)


def test_a_poisoned_creature_rolls_checks_with_disadvantage_but_not_saves():
    """dnd5e.md §6.2: poisoned is disadvantage on ability checks only."""
    t = table("cond Ana poisoned")
    t.rolls(15, 4)
    t.do("check Ana dex")
    assert "2d20kl1 (15, 4; disadvantage)" in last(t)
    t.rolls(15)
    t.do("check Ana save_dex vs 12")
    assert "1d20 (15)" in last(t) and last(t).endswith("success")


def test_a_stunned_creature_fails_a_dex_save_against_an_area():
    """dnd5e.md §4.1 and §6.2: stunned fails Str and Dex saves; 10 fire, all of it."""
    t = table("add Bo hp=30 dex=12", "cond Bo stunned", "dmg Bo 10 fire save=dex:13")
    assert t.hp("Bo") == 20
    assert "automatic failure: Stunned" in " ".join(t.said())


def test_a_restrained_creature_saves_dex_with_disadvantage():
    """dnd5e.md §6.2."""
    t = table("cond Ana restrained")
    t.rolls(15, 4)
    t.do("dmg Ana 10 fire save=dex:13")
    assert t.hp("Ana") == 10  # 4 + 5 = 9, fails: all 10


def test_other_games_refuse_advantage_with_one_line():
    t = Table("pathfinder1e")
    t.do("add Bo hp=10")
    with pytest.raises(CommandError, match="no advantage or disadvantage"):
        t.do("check Bo +3 adv")


def test_the_players_read_the_spanish_condition():
    t = table("cond Ana derribado")
    text = play_log(t.session.done, t.state, t.session.ruleset, lang="es", players=True)
    assert "Derribado" in text


def test_an_effects_repeated_save_comes_at_the_end_of_the_creatures_turn():
    """dnd5e.md §6.4: paralyzed, Wis save DC 13 at the end of the orc's turn; 14 + 0 ends it."""
    t = Table("dnd5e")
    t.do("add Ana pc hp=20", "add Orc hp=15 wis=11", "init Ana 20", "init Orc 10", "start",
         "cond Orc paralyzed save=wis:13")
    t.do("next")
    assert t.active == "orc" and t.c("Orc").has("paralyzed")
    t.rolls(14)
    t.do("next")
    assert not t.c("Orc").has("paralyzed")


def test_the_dice_tray_takes_adv_and_dis_after_a_d20_roll():
    """dnd5e.md §6.1: `r 1d20+5 adv` is 2d20kh1+5; both words cancel; a roll without one d20 is refused."""
    t = table()
    t.rolls(3, 17)
    t.do("r 1d20+5 stealth adv")
    assert last(t) == "stealth: 2d20kh1 (3, 17) + 5 = 22"
    t.rolls(3)
    t.do("r 1d20+5 ventaja desventaja hidden")
    assert last(t) == "Roll: 1d20 (3) + 5 = 8"
    with pytest.raises(CommandError, match="one d20"):
        t.do("r 2d6 adv")


def test_exhaustion_takes_from_death_saves_and_initiative_too():
    """dnd5e.md §4.2: every d20 test: 12 - 4 is a failed death save; initiative 10 + 2 Dex - 4."""
    t = table("cond Ana exhaustion:2", "dmg Ana 20")
    t.do("deathsave Ana 12")
    assert t.c("Ana").marks["ds_fail"] == 1
    t = table("cond Ana exhaustion:2")
    t.rolls(10)
    t.do("start")
    assert t.c("Ana").initiative == 8
