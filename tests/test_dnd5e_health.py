"""Fifth edition's hit points, damage types, 0 HP and death saves (docs/rulesets/dnd5e.md §2, §3),
played through the command line as a GM types it."""

from __future__ import annotations

import pytest
from conftest import Table

from gm_console.engine.language.commands import CommandError


def fight(*extra: str) -> Table:
    """Ana (PC, 20 HP) acts first, then a goblin (7 HP) and a troll (84 HP, fire resistance,
    cold vulnerability)."""
    t = Table("dnd5e")
    t.do("add Ana pc hp=20 ac=15 dex=14", "add Goblin hp=7 ac=15", "add Troll hp=84 resist=fire vulnerable=cold",
         "init Ana 20", "init Goblin 10", "init Troll 5", *extra, "start")
    return t


def dying_ana(t: Table) -> None:
    t.do("dmg Ana 20")
    assert t.c("Ana").life == "dying"


def to_anas_turn(t: Table) -> None:
    t.do("next")
    while t.active != "ana":
        t.do("next")


# --- §1 the sheet ---------------------------------------------------------------------------------


def test_the_game_is_listed_and_its_initiative_bonus_is_dex_without_init():
    """dnd5e.md §1.1 and §7.1: Dex 14 is +2; an `init` on the sheet wins."""
    from gm_console import plugins

    assert "dnd5e" in plugins.installed_ids()
    t = Table("dnd5e")
    t.do("add Ana pc hp=20 dex=14", "add Bo pc hp=20 dex=8", "add Cy hp=5 dex=14 init=7")
    rs = t.session.ruleset
    assert [rs.turns.initiative_bonus(t.c(n)) for n in ("Ana", "Bo", "Cy")] == [2, -1, 7]


def test_spanish_keys_and_conditions_read_as_the_english_ones():
    t = Table("dnd5e")
    t.do("add Ana pj pg=20 ca=16 fue=18 des=12 velocidad=25")
    c = t.c("Ana")
    assert (c.pools["hp"].max, c.stats["ac"], c.stats["str"], c.stats["speed"]) == (20, 16, 18, 25)


# --- §2 damage ------------------------------------------------------------------------------------


def test_resistance_halves_rounding_down_and_vulnerability_doubles():
    """dnd5e.md §2.3: 11 fire to a fire-resistant troll is 5; 10 cold to a cold-vulnerable one 20."""
    t = fight()
    t.do("dmg Troll 11 fire")
    assert t.hp("Troll") == 79
    t.do("dmg Troll 10 frío")
    assert t.hp("Troll") == 59
    t.do("dmg Troll 10 slashing")
    assert t.hp("Troll") == 49


def test_immunity_takes_no_damage():
    """dnd5e.md §2.3."""
    t = Table("dnd5e")
    t.do("add Skeleton hp=13 immune=poison vulnerable=bludgeoning", "dmg Skeleton 9 poison")
    assert t.hp("Skeleton") == 13
    assert "Skeleton takes no damage (9 immune to poison)" in t.said()


def test_temporary_hp_do_not_add_up_and_go_first():
    """dnd5e.md §2.2: 5 then 3 temporary HP is 5, then 8 is 8; damage takes them first."""
    t = fight()
    t.do("heal Ana 5 temp", "heal Ana 3 temp")
    assert t.hp("Ana", "temp") == 5
    t.do("heal Ana 8 temporales")
    assert t.hp("Ana", "temp") == 8
    t.do("dmg Ana 11")
    assert (t.hp("Ana", "temp"), t.hp("Ana")) == (0, 17)


def test_healing_stops_at_the_maximum_and_the_dead_are_not_healed():
    """dnd5e.md §2.4."""
    t = fight()
    t.do("dmg Ana 5", "heal Ana 30")
    assert t.hp("Ana") == 20
    t.do("dmg Goblin 7")
    with pytest.raises(CommandError):
        t.do("heal Goblin 3")


# --- §3 dropping to 0 -----------------------------------------------------------------------------


def test_a_monster_dies_at_0_and_a_pc_falls_unconscious_and_dying():
    """dnd5e.md §3.1."""
    t = fight()
    t.do("dmg Goblin 9")
    assert t.c("Goblin").life == "dead"
    t.do("dmg Ana 25")
    ana = t.c("Ana")
    assert (ana.life, t.hp("Ana")) == ("dying", 0) and ana.has("unconscious")


def test_monsters_dying_option_makes_a_monster_fall_like_a_pc():
    """dnd5e.md §3.1 and §9: the GM's choice."""
    t = fight("option monsters_dying on")
    t.do("dmg Goblin 7")
    assert t.c("Goblin").life == "dying"


def test_massive_damage_kills_when_the_damage_left_over_reaches_the_maximum():
    """dnd5e.md §3.2: 20 HP max at 6 HP; 26 leaves 20 over: dead; 25 leaves 19: dying."""
    t = fight()
    t.do("dmg Ana 14", "dmg Ana 26")
    assert t.c("Ana").life == "dead"
    t = fight()
    t.do("dmg Ana 14", "dmg Ana 25")
    assert t.c("Ana").life == "dying"


def test_temporary_hp_count_before_the_left_over_of_massive_damage():
    """dnd5e.md §3.2: 10 temporary HP soak the first 10 of 45 at 15 HP: 20 over, dead; 9 temp: 21."""
    t = fight()
    t.do("dmg Ana 5", "heal Ana 11 temp", "dmg Ana 45")
    assert t.c("Ana").life == "dying"  # 45 - 11 temp = 34, 15 HP, 19 over
    t = fight()
    t.do("dmg Ana 5", "heal Ana 10 temp", "dmg Ana 45")
    assert t.c("Ana").life == "dead"  # 35 - 15 = 20 over


def test_three_successes_make_a_dying_pc_stable():
    """dnd5e.md §3.3: 10 is a success; the third success: stable, still at 0 and unconscious."""
    t = fight()
    dying_ana(t)
    for roll in (10, 15, 12):
        t.rolls(roll)
        to_anas_turn(t)
    ana = t.c("Ana")
    assert (ana.life, t.hp("Ana")) == ("stable", 0) and ana.has("unconscious")
    t.rolls(1)
    to_anas_turn(t)
    assert t.c("Ana").life == "stable"  # no more saves


def test_the_third_failure_kills():
    """dnd5e.md §3.3: 9 is a failure; three of them and the PC is dead."""
    t = fight()
    dying_ana(t)
    t.rolls(9)
    to_anas_turn(t)
    t.rolls(2)
    to_anas_turn(t)
    assert t.c("Ana").life == "dying" and t.c("Ana").marks["ds_fail"] == 2
    t.rolls(5)
    to_anas_turn(t)
    assert t.c("Ana").life == "dead"
    assert "Ana dies: three death-save failures" in t.said()


def test_a_natural_1_counts_two_failures():
    """dnd5e.md §3.3."""
    t = fight()
    dying_ana(t)
    t.rolls(1)
    to_anas_turn(t)
    assert t.c("Ana").marks["ds_fail"] == 2


def test_a_natural_20_at_0_hp_brings_the_pc_back_with_1_hp():
    """dnd5e.md §3.3: 1 HP, conscious, the tally gone."""
    t = fight()
    dying_ana(t)
    t.rolls(9)
    to_anas_turn(t)
    t.rolls(20)
    to_anas_turn(t)
    ana = t.c("Ana")
    assert (ana.life, t.hp("Ana"), ana.has("unconscious")) == ("ok", 1, False)
    assert "ds_fail" not in ana.marks


def test_damage_at_0_is_a_failure_and_a_critical_two():
    """dnd5e.md §3.4: 3 damage at 0 is one failure; a critical hit's 3 two more: dead."""
    t = fight()
    dying_ana(t)
    t.do("dmg Ana 3")
    assert t.c("Ana").marks["ds_fail"] == 1
    t.do("dmg Ana 3 crit")
    assert t.c("Ana").life == "dead"


def test_damage_at_0_of_the_hp_maximum_kills_at_once():
    """dnd5e.md §3.4: 20 damage to a dying PC with 20 HP max."""
    t = fight()
    dying_ana(t)
    t.do("dmg Ana 19")
    assert t.c("Ana").life == "dying"
    t.do("dmg Ana 20")
    assert t.c("Ana").life == "dead"


def test_damage_to_a_stable_pc_makes_it_dying_again():
    """dnd5e.md §3.4."""
    t = fight()
    dying_ana(t)
    t.do("cond Ana stable")
    assert t.c("Ana").life == "stable"
    t.do("dmg Ana 2")
    assert t.c("Ana").life == "dying" and t.c("Ana").marks["ds_fail"] == 1


def test_healing_ends_dying_and_wakes_the_pc():
    """dnd5e.md §3.5."""
    t = fight()
    dying_ana(t)
    t.do("dmg Ana 2", "heal Ana 4")
    ana = t.c("Ana")
    assert (ana.life, t.hp("Ana"), ana.has("unconscious")) == ("ok", 4, False)
    assert "ds_fail" not in ana.marks


def test_deathsave_rolls_now_takes_a_die_and_refuses_a_creature_not_dying():
    """dnd5e.md §3.3: `deathsave NAME [DIE]`; one not dying is refused with nothing changed."""
    t = fight()
    with pytest.raises(CommandError, match="not dying"):
        t.do("deathsave Ana")
    dying_ana(t)
    t.do("deathsave Ana 12", "salvacion-muerte Ana 4")
    assert (t.c("Ana").marks["ds_ok"], t.c("Ana").marks["ds_fail"]) == (1, 1)
    with pytest.raises(CommandError):
        t.do("deathsave Ana 21")
    t.do("undo")
    assert t.c("Ana").marks.get("ds_fail") is None


def test_the_players_read_a_foes_death_but_not_its_numbers():
    """A foe's HP stay the GM's in the players' log (docs/players.md)."""
    from gm_console.engine.views.export import play_log

    t = fight()
    t.do("dmg Troll 30 fire")
    text = play_log(t.session.done, t.state, t.session.ruleset, players=True)
    assert "84" not in text and "69" not in text


# --- §1 the sheet's words, and a stat block as the bestiary writes it -----------------------------------


def test_a_misspelt_damage_type_or_condition_on_the_sheet_is_refused():
    """dnd5e.md §2.3: a typo would never resist anything; Spanish types are fine."""
    t = Table("dnd5e")
    with pytest.raises(CommandError, match="not a damage type"):
        t.do("add X hp=5 resist=fyre")
    with pytest.raises(CommandError, match="did you mean Poisoned"):
        t.do("add X hp=5 condition_immune=poisned")
    assert t.state.combatants == {}
    t.do("add X hp=20 resist=fuego,cold", "dmg X 10 fire")
    assert t.hp("X") == 15


def test_setting_hp_to_0_drops_it_and_above_0_wakes_it():
    """dnd5e.md §3.1 and §3.5 through `set`."""
    t = fight()
    t.do("set Ana hp=0")
    assert t.c("Ana").life == "dying"
    t.do("set Ana hp=3")
    assert t.c("Ana").life == "ok" and not t.c("Ana").has("unconscious")
    t.do("set Goblin hp=0")
    assert t.c("Goblin").life == "dead"


ADULT_RED = '''
[adult-red-dragon]
en = "Adult Red Dragon"
es = "Dragón rojo adulto"
cr = "17"
xp = 18000
type = "Huge Dragon (Chromatic)"
size = "huge"
source = "a stat block shaped like the SRD 5.2's, for this test"
hp = 256
hit_dice = "19d12+133"
ac = 19
speed = 40
str = 27
dex = 10
con = 25
int = 16
wis = 13
cha = 23
init = 12
prof = 6
save_dex = 6
save_wis = 7
perception = 23
immune = "fire"
condition_immune = "frightened, charmed"
legendary_actions = 3
legendary_resistance = 3
atk = ["3 rend +14 1d10+8 slashing reach 10 plus 2d8 fire"]
recharge = "fire breath 5-6"
'''


def test_a_bestiary_entry_with_every_5e_key_adds_and_counts_its_xp():
    """The keys the game's bestiary writes (dnd5e.md §1): all taken, the numbers kept, its CR's XP."""
    from gm_console.engine.core.bestiary import Bestiary
    from gm_console.storage.bestiary_files import parse

    creatures, problems = parse(ADULT_RED, "test", origin="built-in")
    assert problems == []
    t = Table("dnd5e", bestiary=Bestiary(creatures))
    t.do("add @\"dragon rojo adulto\"")
    d = t.c("Dragón rojo adulto")
    assert (d.pools["hp"].max, d.stats["ac"], d.stats["save_dex"], d.stats["legendary_actions"]) == (256, 19, 6, 3)
    assert d.pools["legendary_resistance"].value == 3 and d.stats["atk"] == ("3 rend +14 1d10+8 slashing reach 10 plus 2d8 fire",)
    assert t.session.ruleset.sheet.xp(d) == 18000
    t.do("dmg Dragón 30 fire")
    assert t.hp("Dragón") == 256
    with pytest.raises(CommandError, match="immune"):
        t.do("cond Dragón asustado")


def test_xp_by_challenge_rating_when_the_sheet_has_no_xp():
    """dnd5e.md §8.1: CR 1/4 is 50 XP, CR 5 1,800."""
    t = Table("dnd5e")
    t.do("add Wolf hp=11 cr=1/4", "add Troll hp=94 cr=5")
    xp = t.session.ruleset.sheet.xp
    assert (xp(t.c("Wolf")), xp(t.c("Troll"))) == (50, 1800)


def test_a_long_rest_restores_hp_ends_temporary_hp_and_takes_one_exhaustion_level():
    """dnd5e.md §2.5: and nothing for one at 0 HP; refused in combat."""
    t = Table("dnd5e")
    t.do("add Ana pc hp=30", "add Bo pc hp=20", "add Dragon hp=100 legendary_resistance=3", "dmg Ana 10",
         "heal Ana 5 temp", "cond Ana exhaustion:2", "dmg Bo 20", "legres Dragon", "descansar all", "rest Dragon")
    assert (t.hp("Ana"), t.hp("Ana", "temp"), t.c("Ana").instances("exhaustion")[0].value) == (30, 0, 1)
    assert (t.hp("Bo"), t.c("Bo").life) == (0, "dying")
    assert t.hp("Dragon", "legendary_resistance") == 3
    t.do("init Ana 10", "init Bo 5", "init Dragon 1", "start")
    with pytest.raises(CommandError, match="combat is running"):
        t.do("rest Ana")


def test_a_stable_pc_regains_1_hp_after_1d4_hours():
    """dnd5e.md §3.6: 3 hours rolled; 2 hours pass, still stable; the third, 1 HP and awake."""
    t = fight()
    dying_ana(t)
    t.do("end")
    t.rolls(3)
    t.do("cond Ana stable")
    t.do("pass 2h")
    assert (t.c("Ana").life, t.hp("Ana")) == ("stable", 0)
    t.do("pass 1h")
    assert (t.c("Ana").life, t.hp("Ana")) == ("ok", 1) and not t.c("Ana").has("unconscious")


def test_the_temp_verb_gives_temporary_hp_to_several_never_adding_up():
    """dnd5e.md §2.2: `temp Ana,Bo 5`, then `pgt Ana 3` keeps 5."""
    t = Table("dnd5e")
    t.do("add Ana pc hp=10", "add Bo pc hp=10", "temp Ana,Bo 5", "pgt Ana 3")
    assert (t.hp("Ana", "temp"), t.hp("Bo", "temp")) == (5, 5)


def test_a_death_save_of_exactly_10_succeeds_and_9_fails():
    """dnd5e.md §3.3: 10 or more a success, else a failure."""
    t = fight()
    dying_ana(t)
    t.do("deathsave Ana 10", "deathsave Ana 9")
    assert (t.c("Ana").marks["ds_ok"], t.c("Ana").marks["ds_fail"]) == (1, 1)


def test_a_critical_on_a_pc_with_one_failure_is_the_third_and_kills():
    """dnd5e.md §3.4 and §3.3: one failure, then a critical hit at 0 HP adds two: dead; a
    stable PC critically hit starts dying again with two failures."""
    t = fight()
    dying_ana(t)
    t.do("deathsave Ana 5", "dmg Ana 1 crit")
    assert t.c("Ana").life == "dead"
    t = fight()
    dying_ana(t)
    t.do("cond Ana stable", "dmg Ana 1 crit")
    assert (t.c("Ana").life, t.c("Ana").marks["ds_fail"]) == ("dying", 2)


def test_massive_damage_exactly_at_the_maximum_kills_one_less_does_not():
    """dnd5e.md §3.2: Ana, 20 HP max, at full: 40 leaves 20 over (dead), 39 leaves 19 (dying)."""
    t = fight()
    t.do("dmg Ana 40")
    assert t.c("Ana").life == "dead"
    t = fight()
    t.do("dmg Ana 39")
    assert t.c("Ana").life == "dying"
