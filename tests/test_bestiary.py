"""The bestiary: `add @goblin x4` in every game, with the numbers of the game's own data file.

The numbers each game ships are in rulesets/<game>/bestiary.toml, every entry naming the book
and page they come from (its `source`); the tests read that file and check the combatants the
engine makes against it. HP are the stat block's own unless the GM says `roll` (README.md,
"Prepare between sessions": the average is the default).
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from conftest import Table as Base
from conftest import builtin_rulesets

from gm_console import plugins
from gm_console.engine.core.bestiary import average, dice_terms
from gm_console.engine.language.commands import CommandError
from gm_console.storage import Encounter
from gm_console.storage import bestiary_files as bestiary_file

ROOT = Path(__file__).resolve().parent.parent
DATA = {game: tomllib.loads((ROOT / "rulesets" / game / "bestiary.toml").read_text(encoding="utf-8"))
        for game in builtin_rulesets() if (ROOT / "rulesets" / game / "bestiary.toml").exists()}
META = ("en", "es", "aliases", "cr", "xp", "threat", "type", "source", "hit_dice", "attacks")


def Table(game: str) -> Base:  # noqa: N802 - reads like the Table it returns
    """An encounter of one game with that game's bestiary and the GM's, as storage reads them."""
    bestiary, problems = bestiary_file.load(plugins.load(game))
    assert problems == []
    return Base(game, bestiary=bestiary)


def stats_of(game: str, cid: str) -> dict:
    return {k: v for k, v in DATA[game][cid].items() if k not in META}


def held(c, keys) -> dict:
    """The combatant's stats for these keys, lists as the file writes them."""
    return {k: list(c.stats[k]) if isinstance(c.stats[k], tuple) else c.stats[k] for k in keys}


# --- every game -----------------------------------------------------------------------------------


def test_four_goblins_come_with_the_books_numbers():
    """Pathfinder RPG Bestiary p. 156 (the entry's source): goblin, hp 6 (1d10+1), AC 16, touch 13,
    flat-footed 14, init +6, Fort +3 Ref +2 Will -1."""
    t = Table("pathfinder1e")
    t.do("add @goblin x4")
    goblins = [c for c in t.state.combatants.values()]
    assert [c.name for c in goblins] == ["Goblin 1", "Goblin 2", "Goblin 3", "Goblin 4"]
    for g in goblins:
        assert held(g, stats_of("pathfinder1e", "goblin")) == stats_of("pathfinder1e", "goblin")
        assert (g.pools["hp"].value, g.pools["hp"].max) == (6, 6)
        assert (g.stats["ac"], g.stats["touch"], g.stats["ff"], g.stats["init"]) == (16, 13, 14, 6)
        assert g.side == "foe" and g.marks["bestiary"] == {"id": "goblin", "cr": "1/3", "xp": 135}
    assert "Goblin 1, Goblin 2, Goblin 3, Goblin 4: Goblin from the bestiary (Pathfinder RPG Bestiary, p. 156 " \
           "(OGL))" in t.said()


def test_a_space_goblin_and_a_ksarik_in_starfinder():
    """Starfinder Alien Archive p. 54 (space goblin zaperator: HP 6, EAC 11, KAC 12) and p. 70
    (ksarik: HP 52, RP 3, EAC 16, KAC 18)."""
    t = Table("starfinder")
    t.do("add @space-goblin x2", "add @ksarik")
    zap = t.c("space-goblin-1")
    assert held(zap, stats_of("starfinder", "space-goblin")) == stats_of("starfinder", "space-goblin")
    assert (zap.pools["hp"].max, zap.stats["eac"], zap.stats["kac"]) == (6, 11, 12)
    assert "rp" not in zap.pools  # no Resolve Points: it dies at 0 HP
    ksarik = t.c("ksarik")
    assert (ksarik.pools["hp"].max, ksarik.pools["rp"].max, ksarik.stats["eac"], ksarik.stats["kac"]) == (52, 3, 16, 18)


def test_genlocks_and_a_shriek_in_dragon_age():
    """The Dragon Age entries (dragon_age/bestiary.toml, entered after the Set 1 GM's Guide):
    a genlock has Health 25, Defense 11, Armor 5, Str 3 and the axes focus."""
    t = Table("dragon_age")
    t.do("add @genlock x2", "add @chillon")
    g = t.c("genlock-1")
    assert held(g, stats_of("dragon_age", "genlock")) == stats_of("dragon_age", "genlock")
    assert (g.pools["health"].max, g.stats["defense"], g.stats["armor"], g.stats["str"]) == (25, 11, 5, 3)
    assert list(g.stats["focus"]) == ["stamina", "axes"]
    shriek = t.c("chillon")
    assert shriek.name == "Chillón" and shriek.pools["health"].max == 35  # typed in Spanish, named in Spanish


@pytest.mark.parametrize("game,cid", [(g, c) for g in DATA for c in DATA[g]], ids=lambda v: str(v))
def test_every_entry_adds_with_the_numbers_of_its_file(game, cid):
    """Every creature a game ships adds cleanly through `add`, and what the engine holds is what
    the file says: a key the stat block does not know would be refused here, not at the table."""
    t = Table(game)
    t.do(f"add @{cid}")
    c = next(iter(t.state.combatants.values()))
    assert held(c, stats_of(game, cid)) == stats_of(game, cid)


@pytest.mark.parametrize("game", list(DATA))
def test_every_entry_names_where_its_numbers_come_from_in_both_languages(game):
    for cid, entry in DATA[game].items():
        assert entry["en"] and entry["es"], cid
        assert entry["source"], cid
        assert entry.get("cr") or entry.get("threat"), cid


def test_published_hit_dice_average_to_the_published_hp_where_no_class_level_maximises_them():
    """PF1 monsters' HP are the hit dice's average rounded down (goblin 1d10+1 = 6, ogre 4d8+12 = 30);
    PC-class NPCs (hobgoblin fighter 1: 1d10+7 = 17) take the first die at its maximum."""
    data = DATA["pathfinder1e"]
    assert average(data["goblin"]["hit_dice"]) == data["goblin"]["hp"] == 6
    assert average(data["ogre"]["hit_dice"]) == data["ogre"]["hp"] == 30
    assert average("1d10+7") == 12 and data["hobgoblin"]["hp"] == 17
    monsters = [e for e in data.values() if e["source"].startswith("Pathfinder RPG Bestiary")]
    off = [e["en"] for e in monsters if average(e["hit_dice"]) != e["hp"]]
    assert off == ["Hobgoblin"]


# --- names ---------------------------------------------------------------------------------------


def test_names_in_either_language_accent_and_case_blind():
    t = Table("pathfinder1e")
    t.do("add @TRASGO", "add @kóbold", 'add @"rata terrible" x2', "add @lobo")
    assert [c.name for c in t.state.combatants.values()] == ["Trasgo", "Kóbold", "Rata terrible 1",
                                                              "Rata terrible 2", "Lobo"]
    assert t.c("trasgo").stats["ac"] == 16 and t.c("lobo").pools["hp"].max == 13


def test_a_name_of_its_own_with_a_creatures_stat_block():
    t = Table("pathfinder1e")
    t.do('add "Grak the chief" @hobgoblin')
    grak = t.c("grak-the-chief")
    assert grak.pools["hp"].max == 17 and grak.stats["ac"] == 16


def test_a_near_miss_is_refused_with_the_likely_creature_and_nothing_is_added():
    t = Table("pathfinder1e")
    with pytest.raises(CommandError) as err:
        t.do("add @gobiln x4")
    assert "no creature 'gobiln' in the bestiary; did you mean @goblin?" in str(err.value)
    assert t.state.combatants == {}


def test_a_start_of_a_name_finds_it_and_an_ambiguous_one_lists_the_choices():
    t = Table("pathfinder1e")
    t.do("add @owl")
    assert t.c("owlbear").pools["hp"].max == 47
    with pytest.raises(CommandError) as err:
        t.do("add @gob")
    assert "could be Goblin, Goblin dog" in str(err.value)


def test_a_game_without_a_bestiary_says_so():
    t = Table("generic")
    with pytest.raises(CommandError) as err:
        t.do("add @goblin")
    assert "there is no bestiary for this game" in str(err.value)


# --- overrides and hit points ---------------------------------------------------------------------


def test_a_typed_stat_overrides_the_creatures():
    t = Table("pathfinder1e")
    t.do("add @goblin x2 hp=9 ac=17")
    for cid in ("goblin-1", "goblin-2"):
        # touch moves with the AC (13 + 1): docs/sheets.md, issue 24
        assert (t.c(cid).pools["hp"].max, t.c(cid).stats["ac"], t.c(cid).stats["touch"]) == (9, 17, 14)


def test_average_hp_by_default_and_each_copy_rolls_its_own_with_roll():
    """Average: the stat block's 6 for every goblin. `roll`: 1d10+1 for each (1, 10, 5 -> 2, 11, 6)."""
    t = Table("pathfinder1e")
    t.do("add @goblin x2")
    assert [t.c(c).pools["hp"].max for c in ("goblin-1", "goblin-2")] == [6, 6]
    t.rolls(1, 10, 5)
    entry = t.do("add @goblin x3 roll")
    assert [t.c(c).pools["hp"].max for c in ("goblin-3", "goblin-4", "goblin-5")] == [2, 11, 6]
    assert [(e.expr, e.total) for e in entry.events if e.kind == "Rolled"] == [
        ("1d10+1", 2), ("1d10+1", 11), ("1d10+1", 6)]
    assert "Goblin 3, Goblin 4, Goblin 5: Hit points rolled on 1d10+1: 2, 11, 6" in t.said()
    assert "Goblin 1, Goblin 2: Hit points 6 as the stat block gives (`roll` rolls 1d10+1 instead)" in t.said()


def test_typed_hit_dice_are_their_average_or_rolled():
    t = Table("generic")
    t.do("add Orc hp=2d8+2")
    assert t.c("orc").pools["hp"].max == 11  # 2 x 4.5 + 2
    t.rolls(8, 8)
    t.do("add Brute hp=2d8+2 roll")
    assert t.c("brute").pools["hp"].max == 18


def test_rolling_a_creature_with_fixed_hp_keeps_them_and_says_why():
    t = Table("starfinder")
    t.do("add @ksarik roll")
    assert t.c("ksarik").pools["hp"].max == 52
    assert "Ksarik: no hit dice to roll; Hit points 52 as the stat block gives" in t.said()


def test_hit_dice_formulas():
    assert dice_terms("2d8+1d10+3") == [(1, 2, 8), (1, 1, 10), (1, 3, 0)]
    assert average("1d8") == 4 and average("3d8-5") == 8 and average("1d4-5") == 1
    assert dice_terms("4d6kh3") is None and dice_terms("12") is None and dice_terms("") is None


# --- saves ---------------------------------------------------------------------------------------


def test_a_save_replays_without_the_bestiary_and_a_later_change_to_it_changes_nothing(tmp_path):
    enc = Encounter.create(tmp_path / "fight.toml", "dragon_age")
    enc.execute("add @genlock x2 health=8")
    enc.execute("add @ogre")
    enc.close()
    mine = bestiary_file.user_path("dragon_age")
    mine.parent.mkdir(parents=True)
    mine.write_text('[ogre]\nen = "Ogre"\nhealth = 99\n', encoding="utf-8")
    again = Encounter.open(tmp_path / "fight.toml", read_only=True)
    assert len(again.session.bestiary) == 0  # a reader never looks at the bestiary
    assert [c.pools["health"].max for c in again.state.combatants.values()] == [8, 8, 90]
    assert again.state.get("ogre").stats["str"] == 8
    assert Encounter.open(tmp_path / "fight.toml").session.bestiary["ogre"].stats["health"] == 99


def test_foes_from_the_bestiary_are_worth_their_crs_xp_after_the_fight():
    """The CR of the entry a foe was added from gives its award (Pathfinder RPG Core Rulebook,
    Table 12-2: CR 1/3 is 135 XP, CR 3 is 800), also where the stat block has no `cr` key."""
    from gm_console.engine.views.aftermath import fight_summary

    t = Table("pathfinder1e")
    t.do("add Kyra pc hp=30 init=20", "add @goblin x2", "add @ogre", "roll", "start",
         'dmg "Goblin 1" 20', 'dmg "Goblin 2" 20', "dmg Ogre 60", "end")
    summary = fight_summary(t.session.done, t.session.ruleset)
    assert sorted((a.name, a.cr, a.xp) for a in summary.awards) == [
        ("Goblin 1", "1/3", 135), ("Goblin 2", "1/3", 135), ("Ogre", "3", 800)]


def test_starfinder_cr_half_creatures_and_the_corrected_ranged_attacks():
    """Checked against the books (each entry's source): the skeletal undead (Alien Archive p. 114),
    formian worker (p. 50), gang tough (Pact Worlds p. 178), asteroid louse and orc technician
    (Alien Archive 2 pp. 132, 90) are CR 1/2, 200 XP (the CR 1/2 arrays: 12-13 HP, EAC 10); the
    patrol-class robot's integrated tactical arc emitter is +13 (p. 94); the skittermander's static
    arc pistol, printed without a bonus, takes the CR 2 expert array's high attack, +8 (p. 106)."""
    from gm_console.engine.views.aftermath import fight_summary

    t = Table("starfinder")
    half = ["skeleton", "formian-worker", "gang-tough", "asteroid-louse", "orc-technician"]
    t.do("add Kyra pc hp=30 init=20", *(f"add @{cid}" for cid in half), "add @patrol-robot", "add @skittermander")
    for cid in half:
        assert t.c(cid).marks["bestiary"] == {"id": cid, "cr": "1/2", "xp": 200}
    assert t.c("patrol-robot").stats["ranged"] == 13 and t.c("skittermander").stats["ranged"] == 8
    t.do("roll", "start", *(f"dmg {cid} 40" for cid in half), "end")
    summary = fight_summary(t.session.done, t.session.ruleset)
    assert sorted((a.cr, a.xp) for a in summary.awards) == [("1/2", 200)] * 5


def test_a_count_before_the_creature_adds_that_many():
    """`add 2 @goblin` is what a GM types for two goblins: the same as `add @goblin x2` (never a
    combatant called "2")."""
    t = Table("pathfinder1e")
    t.do("add 2 @goblin")
    assert sorted(c.name for c in t.state.combatants.values()) == ["Goblin 1", "Goblin 2"]
    t.do("add Archer @goblin x2 hp=9")  # the count after the creature, too
    assert sorted(c.name for c in t.state.combatants.values())[:2] == ["Archer 1", "Archer 2"]
    assert t.c("archer-2").pools["hp"].max == 9


def test_two_counts_are_refused():
    t = Table("pathfinder1e")
    with pytest.raises(CommandError) as err:
        t.do("add @goblin x2 x3")
    assert "add: one count at a time, not x2, x3" in str(err.value)


@pytest.mark.parametrize("line", ["add 7 hp=3", "add 2 @goblin x3", "add 0 @goblin", "add 101 @goblin"])
def test_a_name_of_digits_alone_is_refused_and_nothing_is_added(line):
    t = Table("pathfinder1e")
    with pytest.raises(CommandError) as err:
        t.do(line)
    assert "a name cannot be only a number" in str(err.value) and "x3" in str(err.value)
    assert t.state.combatants == {}
