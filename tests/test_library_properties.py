"""Invariants of what a GM writes by hand between sessions: hit-dice formulas, creature names,
bestiary files and prepared encounters. Whatever the text, the answer is a number in range,
a creature, or one line saying what is wrong; never a crash."""

from __future__ import annotations

import tomllib

from hypothesis import given, settings
from hypothesis import strategies as st

from gm_console.engine.bestiary import Bestiary, Creature, average, dice_terms
from gm_console.engine.errors import RulesError
from gm_console.storage import bestiary as bestiary_file
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
    from gm_console.engine.errors import CommandError
    from gm_console.engine.session import Session

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
