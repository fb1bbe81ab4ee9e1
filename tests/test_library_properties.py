"""Invariants of what a GM writes by hand between sessions: hit-dice formulas, creature names,
bestiary files and prepared encounters. Whatever the text, the answer is a number in range,
a creature, or one line saying what is wrong; never a crash."""

from __future__ import annotations

import tomllib

from hypothesis import given, settings
from hypothesis import strategies as st

from gm_console.engine.core.bestiary import Bestiary, Creature, average, dice_terms
from gm_console.engine.core.errors import RulesError
from gm_console.storage import bestiary_files as bestiary_file
from gm_console.storage import prepared
from gm_console.storage.errors import SaveError

DIE = st.tuples(st.integers(1, 20), st.sampled_from([2, 3, 4, 6, 8, 10, 12, 20]))


@given(st.lists(DIE, min_size=1, max_size=4), st.integers(-30, 60))
def test_the_average_of_hit_dice_lies_between_their_least_and_most(dice, bonus):
    formula = "+".join(f"{n}d{s}" for n, s in dice) + (f"{bonus:+d}" if bonus else "")
    low = sum(n for n, _ in dice) + bonus
    high = sum(n * s for n, s in dice) + bonus
    got = average(formula)
    assert got == max(1, (sum(n * (s + 1) for n, s in dice) + 2 * bonus) // 2)
    assert max(1, low) <= got <= max(1, high)
    assert dice_terms(formula) is not None


@given(st.text(max_size=40))
def test_any_text_is_a_formula_or_not_never_a_crash(text):
    terms = dice_terms(text)
    assert terms is None or average(text) >= 1


NAMES = ["Goblin", "Goblin dog", "Dire rat", "Ogre"]
SPANISH = ["Trasgo", "Perro trasgo", "Rata terrible", "Ogro"]
BESTIARY = Bestiary(Creature(id=en.lower().replace(" ", "-"), en=en, es=es, stats={"hp": 5})
                    for en, es in zip(NAMES, SPANISH))


@given(st.text(max_size=30))
def test_any_name_finds_a_creature_or_says_why_in_one_line(text):
    try:
        found = BESTIARY.find(text)
    except RulesError as exc:
        assert "\n" not in str(exc) and str(exc).startswith("add: ")
        return
    assert found.id in BESTIARY
    assert found.spelled(text) in (found.en, found.es)


@given(st.sampled_from(NAMES + SPANISH), st.sampled_from([str.upper, str.lower, str.title]))
def test_every_name_finds_its_creature_whatever_the_case(name, case):
    creature = BESTIARY.find(case(name))
    assert name in (creature.en, creature.es)


KEY = st.text("abcdefghij-_", min_size=1, max_size=8)
VALUE = st.one_of(st.integers(-5, 50), st.text(max_size=8), st.booleans(), st.lists(st.text(max_size=4), max_size=3),
                  st.dictionaries(KEY, st.integers(), max_size=2))


def toml_text(data: dict) -> str:
    import tomli_w

    return tomli_w.dumps(data)


@settings(max_examples=60)
@given(st.dictionaries(KEY, st.dictionaries(KEY, VALUE, max_size=5), max_size=4))
def test_a_bestiary_file_reads_into_creatures_and_one_line_problems(data):
    text = toml_text(data)
    creatures, problems = bestiary_file.parse(text, "mine.toml")
    assert len(creatures) + len(problems) == len(data)
    for problem in problems:
        assert "\n" not in str(problem) and str(problem).startswith("mine.toml: line ")


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=200))
def test_a_prepared_file_is_a_plan_or_one_line_never_a_crash(tmp_path_factory, text):
    path = tmp_path_factory.mktemp("plan") / "plan.toml"
    path.write_text(text, encoding="utf-8")
    try:
        plan = prepared.read(path)
    except SaveError as exc:
        assert "\n" not in str(exc).strip()
        return
    assert isinstance(tomllib.loads(text), dict) and plan.ruleset


COMBATANT = st.dictionaries(st.sampled_from(["name", "from", "count", "initiative", "side", "roll", "hp", "ac",
                                             "init", "notes", "wings"]),
                            st.one_of(st.integers(-3, 120), st.text(max_size=10), st.booleans(),
                                      st.floats(allow_nan=False, width=16)), max_size=6)


@settings(max_examples=80, deadline=None)
@given(st.lists(COMBATANT, max_size=4))
def test_a_written_plan_is_refused_in_one_line_or_every_table_is_an_add_line_that_parses(tmp_path_factory, tables):
    from gm_console import plugins
    from gm_console.engine.core.errors import CommandError
    from gm_console.engine.language.session import Session

    path = tmp_path_factory.mktemp("plan") / "plan.toml"
    path.write_text(toml_text({"ruleset": "generic", "combatant": tables}), encoding="utf-8")
    try:
        plan = prepared.read(path)
    except SaveError as exc:
        assert "\n" not in str(exc).strip() and "line " in str(exc)
        return
    session = Session(plugins.load("generic"))
    for c in plan.combatants:
        line = prepared.add_line(c)
        try:
            call = session.parse(line)
        except CommandError as exc:
            assert "\n" not in str(exc)
            continue
        assert call.verb == "add"


# A bestiary a GM writes by hand, line by line: the plain layout a look-up lists without reading
# every table (storage/bestiary_files.py), and the layouts that make it read the file whole instead.
NAME = st.text(st.sampled_from("aeoñÉ -_Zz'\"\\\t"), min_size=0, max_size=6)
HEADER = st.sampled_from(["[{k}]", "[ {k} ]", '["{k}"]', "['{k}']", "[{k}] # a note", "[{k}]\r"])
TABLE_KEY = st.text("abcAB-_0", min_size=1, max_size=4)


def _string(text: str, how: str) -> str:
    if how == "literal" and "'" not in text and "\t" not in text:
        return f"'{text}'"
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t") + '"'


LINE = st.one_of(
    st.builds(lambda key, text, how: f"{key} = {_string(text, how)}", st.sampled_from(["en", "es", '"en"', "'es'"]),
              NAME, st.sampled_from(["basic", "literal"])),
    st.builds(lambda names: "aliases = [" + ", ".join(_string(n, "basic") for n in names) + "]",
              st.lists(NAME, max_size=2)),
    st.sampled_from(["hp = 6", "ac = 15 # armour", "resist = [\"fire\", 5]", "cr = 1", "xp = -1", "grip = {a = 1}",
                     "stats.hp = 3", "en = 5", "aliases = \"x\"", "", "# [not] a table", "  ", "hp = = 3",
                     "attacks = [\n  \"bite\",\n  [\"x\"]\n]", "notes = \"\"\"\n[fake]\n\"\"\"", "en = \"a\" \"b\"",
                     "[[many]]", "[a.b]", "root = 1"]))
TABLE = st.tuples(TABLE_KEY, HEADER, st.lists(LINE, max_size=5))


def bestiary_text(tables) -> str:
    return "".join(header.format(k=key) + "\n" + "".join(line + "\n" for line in lines) for key, header, lines in tables)


@settings(max_examples=300, deadline=None)
@given(st.lists(TABLE, max_size=5))
def test_a_bestiary_listed_table_by_table_reads_as_tomllib_reads_it_whole(tables):
    """Whatever the layout: a file tomllib reads gives the same creatures and problem lines
    either way; one it refuses is one line per entry left out (a plain layout: the rest is read)
    or one line for the file."""
    text = bestiary_text(tables)
    fast, whole = bestiary_file.parse(text, "mine.toml"), bestiary_file.parse(text, "mine.toml", whole=True)
    try:
        tomllib.loads(text)
    except (tomllib.TOMLDecodeError, ValueError, RecursionError):
        assert len(whole[1]) == 1 and not whole[0]
        for problem in fast[1]:
            assert "\n" not in str(problem) and str(problem).startswith("mine.toml: line ")
        return
    assert fast == whole


@settings(max_examples=200, deadline=None)
@given(st.lists(TABLE, max_size=5), st.lists(NAME, min_size=1, max_size=4))
def test_a_look_up_finds_in_a_listed_bestiary_what_it_finds_in_one_read_whole(tables, refs):
    text = bestiary_text(tables)
    try:
        tomllib.loads(text)
    except (tomllib.TOMLDecodeError, ValueError, RecursionError):
        return
    listed = Bestiary(lambda: bestiary_file.entries(text, "mine.toml", "user"))
    whole = Bestiary(bestiary_file.entries(text, "mine.toml", "user", whole=True))
    creatures, _problems = bestiary_file.parse(text, "mine.toml", "user", whole=True)

    def outcome(book: Bestiary, ref: str):
        try:
            return book.find(ref)
        except RulesError as exc:
            return str(exc).split(";")[0]

    for ref in refs + [c.en for c in creatures] + [c.id for c in creatures]:
        got, expected = outcome(listed, ref), outcome(whole, ref)
        if isinstance(expected, Creature) or isinstance(got, Creature):
            assert got == expected, ref
        assert sorted(listed) == sorted(whole)
