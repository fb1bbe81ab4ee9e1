"""The compact attack form a stat block's attacks are written in (docs/sheets.md#attacks, "The attack form"):
read once for Pathfinder and Starfinder, taken by `add`/`set` as the stat key `atk` (`ataque`),
refused in one line naming the form, and added to the starter bestiary's entries from a supplement."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import Table
from hypothesis import given
from hypothesis import strategies as st

from gm_console import plugins
from gm_console.engine.core.attacks import Attack, find, parse, parse_many
from gm_console.engine.core.errors import GMError, RulesError
from gm_console.i18n import render
from gm_console.storage import bestiary_files as bestiary_file

GRAMMAR_EXAMPLES = [
    ("short sword +2 1d4 19-20/x2 slashing",
     Attack("short sword", (2,), "1d4", threat=19, multiplier=2, types=("slashing",))),
    ("short bow +4 1d4 x3 piercing ranged range 60",
     Attack("short bow", (4,), "1d4", multiplier=3, types=("piercing",), kind="ranged", range="60")),
    ("greataxe +9/+4 3d6+6 x3 slashing", Attack("greataxe", (9, 4), "3d6+6", multiplier=3, types=("slashing",))),
    ("2 claws +7 1d6+5 slashing plus grab",
     Attack("claws", (7,), "1d6+5", count=2, types=("slashing",), riders=("grab",))),
    ("incorporeal touch +4 - touch plus 1d6 Strength damage",
     Attack("incorporeal touch", (4,), "-", defence="touch", riders=("1d6 Strength damage",))),
    ("laser pistol, azimuth +9 1d4+2 F range 80 critical burn 1d4",
     Attack("laser pistol, azimuth", (9,), "1d4+2", types=("fire",), kind="ranged", range="80",
            critical="burn 1d4")),
    ("dogslicer +0 1d4 S", Attack("dogslicer", (0,), "1d4", types=("slashing",))),
    ("scimitar +4 1d6+2 slashing reach 5", Attack("scimitar", (4,), "1d6+2", types=("slashing",), reach=5)),
    ("shortbow +4 1d6+2 piercing range 80/320",
     Attack("shortbow", (4,), "1d6+2", types=("piercing",), kind="ranged", range="80/320")),
]


@pytest.mark.parametrize("text,expected", GRAMMAR_EXAMPLES)
def test_every_example_of_the_form_reads_as_written(text, expected):
    assert parse(text) == expected
    assert parse(parse(text).text) == expected


def test_spanish_words_and_free_order():
    a = parse("2 garras +7/+2 1d6+5 cortante&contundente 18-20/×3 cuerpo toque alcance 10 pies crítico sangrado 1d4 "
              "más derribo")
    assert (a.count, a.name, a.bonuses, a.threat, a.multiplier) == (2, "garras", (7, 2), 18, 3)
    assert (a.types, a.kind, a.defence, a.reach) == (("slashing", "bludgeoning"), "melee", "touch", 10)
    assert (a.critical, a.riders) == ("sangrado 1d4", ("derribo",))
    assert parse("jabalina +3 1d6 P distancia 30").range == "30"
    assert parse("honda +3 1d4 B distancia").kind == "ranged"


def test_a_magic_weapons_plus_stays_in_its_name():
    a = parse("+1 longsword +6 1d8+4 19-20 S")
    assert (a.name, a.bonuses, a.dice) == ("+1 longsword", (6,), "1d8+4")


@pytest.mark.parametrize("bad", ["claw 1d4", "+3 1d4", "bite +3 1d6 purple", "bite +3 1d6 x3 x2",
                                 "bite +3 1d6 plus", "bite +3 1d6 plus grab critical bleed", "0 claws +1 1d4",
                                 "bite +3 1d6 reach", "gun +2 1d6 range far"])
def test_an_unreadable_attack_is_refused_naming_the_form(bad):
    with pytest.raises(RulesError) as err:
        parse(bad)
    line = render(err.value.message, "en")
    assert "cannot read the attack" in line and "[COUNT] NAME +BONUS" in line and "\n" not in line


WORDS = st.sampled_from(["short", "sword", "+2", "-1", "+8/+3", "1d4", "2d6+3", "-", "19-20/x2", "x3", "18-20",
                         "slashing", "S&P", "F", "So", "melee", "ranged", "touch", "eac", "kac", "reach", "10",
                         "range", "60", "80/320", "critical", "bleed", "plus", "grab", "2", "crítico", "más",
                         "alcance", "distancia", "ft", "crit", "19-20", "×2", ",", "claws", "&", "/"])


@given(st.lists(WORDS, max_size=14).map(" ".join) | st.text(max_size=60))
def test_any_text_is_read_or_refused_and_what_is_read_writes_back_the_same(text):
    """Never a crash: a RulesError or an attack, and parse(format(a)) == a (docs/sheets.md#attacks)."""
    try:
        a = parse(text)
    except RulesError:
        return
    assert parse(a.text) == a


def test_several_attacks_separated_by_semicolons_and_found_by_a_word():
    atks = parse_many("short sword +2 1d4 19-20/x2 S; short bow +4 1d4 x3 P range 60")
    assert [a.name for a in atks] == ["short sword", "short bow"]
    assert find(atks, "bow").name == "short bow" and find(atks, "short-sword").name == "short sword"
    assert find(atks, "short") is None and find(atks, "axe") is None


# --- the stat key ---------------------------------------------------------------------------------


@pytest.mark.parametrize("game", ["pathfinder1e", "starfinder"])
def test_add_and_set_take_attacks_in_either_language(game):
    t = Table(game)
    t.do('add Orc hp=15 atk="falchion +5 2d4+4 18-20/x2 slashing; javelin +1 1d6+3 P range 30"')
    assert t.c("Orc").stats["atk"] == ("falchion +5 2d4+4 18-20/x2 slashing", "javelin +1 1d6+3 piercing range 30")
    t.do('set Orc ataque="mordisco +3 1d6 P"')
    assert t.c("Orc").stats["atk"] == ("mordisco +3 1d6 piercing",)


@pytest.mark.parametrize("game", ["pathfinder1e", "starfinder"])
def test_an_unreadable_attack_key_is_refused_and_nothing_changes(game):
    t = Table(game)
    t.do('add Orc hp=15 atk="falchion +5 2d4+4"')
    before = len(t.session.done)
    for line in ('add Bad hp=5 atk="claw 1d4"', 'set Orc atk="falchion +5 2d4+4; bite 1d6"'):
        with pytest.raises(GMError) as err:
            t.do(line)
        assert "the form is [COUNT] NAME +BONUS" in render(err.value.message, "en")
    assert len(t.session.done) == before and "Bad" not in [c.name for c in t.state.combatants.values()]
    assert t.c("Orc").stats["atk"] == ("falchion +5 2d4+4",)


# --- the starter bestiary's supplement ------------------------------------------------------------


def test_a_supplement_adds_attacks_to_the_bestiary_entries(tmp_path: Path):
    extra = tmp_path / "bestiary_attacks.toml"
    extra.write_text('[goblin]\natk = ["short sword +2 1d4 19-20/x2 slashing", "short bow +4 1d4 x3 P range 60", '
                     '"claw 1d4"]\n[nobody]\natk = ["bite +1 1d3"]\n', encoding="utf-8")
    base = type(plugins.load("pathfinder1e"))

    class WithAttacks(base):
        def bestiary_files(self):
            return base().bestiary_files()

        def bestiary_supplements(self):
            return (extra,)

    class Without(WithAttacks):
        def bestiary_supplements(self):
            return (tmp_path / "absent.toml",)

    creatures, problems = bestiary_file._builtin(WithAttacks)
    goblin = next(c for c in creatures if c.id == "goblin")
    assert goblin.stats["atk"] == ["short sword +2 1d4 19-20/x2 slashing", "short bow +4 1d4 x3 piercing range 60"]
    assert goblin.stats["ac"] == 16
    assert [render(p, "en").split(": ", 1)[1] for p in problems] == [
        "[goblin] atk: " + render(_refusal("claw 1d4"), "en")]
    creatures, problems = bestiary_file._builtin(Without)
    assert problems == () and "atk" not in next(c for c in creatures if c.id == "goblin").stats
    # the entry's list becomes the add line's `atk="...; ..."` and back
    bestiary = bestiary_file.Bestiary(bestiary_file._builtin(WithAttacks)[0])
    t = Table("pathfinder1e")
    t.session = type(t.session)(WithAttacks(), None, bestiary=bestiary)
    t.do("add @goblin x2")
    assert t.c("Goblin 2").stats["atk"] == tuple(goblin.stats["atk"])


def _refusal(text):
    try:
        parse(text)
    except RulesError as exc:
        return exc.message


def test_a_weapon_reads_in_the_readers_language_and_an_unknown_one_as_typed():
    """docs/sheets.md#attacks: the bestiaries print weapons in English; the Spanish table reads
    them in Spanish (a masterwork weapon, a Starfinder model after the comma, a grenade's level),
    and a weapon the table does not know is shown as the GM typed it."""
    from gm_console.engine.core.weapon_names import weapon_term

    cases = {"short sword": "espada corta", "mwk longsword": "espada larga de gran calidad",
             "laser pistol, azimuth": "pistola láser, azimut", "assault rifle, AG": "rifle de asalto, AG",
             "frag grenade II": "granada de fragmentación II", "2 claws": "2 claws", "Vorpal Cleaver": "Vorpal Cleaver"}
    for en, es in cases.items():
        term = weapon_term(en)
        assert (render(term, "en"), render(term, "es")) == (en, es)


def test_the_breakdown_names_conditions_and_words_in_spanish():
    """pathfinder1e.md §1.19: the roll's breakdown in the Spanish log names the weapon, the
    attacker's condition, flanking and the prone target's penalty in Spanish."""
    t = Table("pathfinder1e")
    t.do('add Kyra pc hp=22 ac=16 touch=12 ff=14 init=2',
         'add Goblin hp=6 ac=16 init=6 atk="short sword +2 1d4 19-20/x2 piercing"',
         "init Goblin 18", "init Kyra 10", "start", "cond Goblin shaken 3", "cond Kyra prone")
    t.rolls(7, 3)
    t.do("attack Goblin Kyra flank")
    said = [e for entry in t.session.done for e in entry.events if e.kind == "Said"][-1]  # 9 misses AC 10
    es, en = said.text("es"), said.text("en")
    assert "(7 +2 espada corta -2 estremecido +2 flanqueo = 9 contra CA 10 (" in es
    assert es.endswith(" -4 tumbado contra cuerpo a cuerpo))")
    assert "(7 +2 short sword -2 shaken +2 flanking = 9 vs AC 10 (" in en and en.endswith(" -4 prone vs melee))")


def test_cac_is_the_kinetic_armor_class_as_spanish_starfinder_names_it():
    """docs/sheets.md#attacks: Spanish Starfinder calls EAC and KAC CAE and CAC, so `cac` in an
    attack is the kinetic AC (never "cuerpo a cuerpo": melee is the default, `cuerpo` says it)."""
    assert parse("pistola láser, azimut +9 1d4+2 F cac range 80").defence == "kac"
    assert parse("pistola láser, azimut +9 1d4+2 F cae range 80").defence == "eac"
    assert not parse("mordisco +3 1d6 P cuerpo").ranged


def test_a_weapon_is_named_in_either_language_from_one_table_of_names():
    """docs/sheets.md#attacks: `ataca Trasgo Kyra espada` finds the short sword, `arco corto` the
    short bow, `garra` the claws: the Spanish names the log shows are the ones a GM may type."""
    atks = parse_many("short sword +2 1d4 19-20/x2 S; short bow +4 1d4 x3 P range 60; 2 claws +7 1d6+5 S; "
                      "bite +3 1d6 P")
    assert [find(atks, w).name for w in ("espada", "arco corto", "garra", "mordisco", "bow")] == \
        ["short sword", "short bow", "claws", "bite", "short bow"]
    assert find(atks, "hacha") is None
