"""Marks are reached through typed keys declared once (gm_console/engine/core/marks.py; docs/CONTRIBUTING.md,
"Marks"): a key declared twice, a game's key that is the engine's with another type, and a value
of the wrong type are refused; the save still holds the key as text."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from conftest import Table

from gm_console.engine.core.context import Context
from gm_console.engine.core.marks import AWARE, BESTIARY, EncounterMark, Mark, declared
from gm_console.ruleset import engine_marks


def _ctx(t: Table) -> Context:
    return Context(t.state, t.session.ruleset, t.dice)


def _kyra() -> tuple[Table, Context]:
    t = Table("generic")
    t.do("add Kyra hp=10")
    return t, _ctx(t)


def test_a_mark_is_kept_under_its_text_key_and_read_through_its_declaration():
    rallied = Mark("rallied", int, "test: rounds a rally lasts", owner="test-kept")
    t, ctx = _kyra()
    ctx.set_mark(t.c("kyra"), rallied, 3)
    assert [(e.kind, e.key, e.value) for e in ctx.events] == [("MarkSet", "rallied", 3)]
    assert t.c("kyra").marks == {"rallied": 3}  # what the save holds: the text, as before
    assert rallied.of(t.c("kyra")) == 3


def test_none_clears_a_mark_and_a_read_gives_the_default():
    rallied = Mark("rallied", int, "test: rounds a rally lasts", owner="test-none")
    t, ctx = _kyra()
    ctx.set_mark(t.c("kyra"), rallied, 3)
    ctx.set_mark(t.c("kyra"), rallied, None)
    assert "rallied" not in t.c("kyra").marks
    assert rallied.of(t.c("kyra")) is None and rallied.of(t.c("kyra"), 0) == 0


def test_an_encounter_mark_is_set_on_the_encounter():
    serial = EncounterMark("serial", int, "test: a counter of the encounter", owner="test-enc")
    t, ctx = _kyra()
    ctx.set_encounter_mark(serial, 2)
    assert t.state.marks["serial"] == 2 and serial.of(t.state) == 2
    assert [(e.kind, e.key) for e in ctx.events] == [("EncounterMarkSet", "serial")]


def test_a_value_of_the_wrong_type_is_refused_naming_the_mark():
    rallied = Mark("rallied", int, "test: rounds a rally lasts", owner="test-type")
    ids = Mark("friends", tuple[str, ...], "test: ids", owner="test-type")
    t, ctx = _kyra()
    with pytest.raises(TypeError, match=r"mark 'rallied' \(test-type\) holds int: expected a whole number or null, not 'three'"):
        ctx.set_mark(t.c("kyra"), rallied, "three")
    with pytest.raises(TypeError, match="holds int: expected a whole number or null, not True"):
        ctx.set_mark(t.c("kyra"), rallied, True)  # a yes/no is not a count
    with pytest.raises(TypeError, match=r"holds tuple\[str, \.\.\.\]"):
        ctx.set_mark(t.c("kyra"), ids, ["kyra", 3])
    ctx.set_mark(t.c("kyra"), ids, ["kyra"])  # a list is kept as the tuple it reads back as
    assert ids.of(t.c("kyra")) == ("kyra",)
    assert ctx.events[-1].key == "friends" and "rallied" not in t.c("kyra").marks


def test_a_mark_of_the_other_scope_is_refused():
    t, _ = _kyra()
    with pytest.raises(TypeError, match="set_mark takes a Mark, not EncounterMark: 'aware' is an EncounterMark, "
                                        "set with set_encounter_mark"):
        _ctx(t).set_mark(t.c("kyra"), AWARE, ("kyra",))
    with pytest.raises(TypeError, match="set_encounter_mark takes an EncounterMark, not Mark"):
        _ctx(t).set_encounter_mark(BESTIARY, {"id": "goblin"})


def test_the_same_key_declared_twice_by_one_owner_is_refused():
    Mark("twice", int, "test: first", owner="test-twice")
    with pytest.raises(ValueError, match="combatant mark 'twice' of test-twice is declared twice"):
        Mark("twice", int, "test: second", owner="test-twice")
    EncounterMark("twice", int, "test: the encounter's is another key", owner="test-twice")


def test_two_games_may_use_the_same_key():
    one = Mark("shared", int, "test: one game's", owner="test-game-one")
    two = Mark("shared", str, "test: another game's", owner="test-game-two")
    assert one in declared("test-game-one") and two in declared("test-game-two")


def test_a_game_key_that_is_the_engines_with_another_type_is_refused():
    with pytest.raises(TypeError, match="combatant mark 'bestiary' of test-shadow holds int, but the engine's "
                                        "mark of that key holds Mapping"):
        Mark("bestiary", int, "test: shadows the engine's", owner="test-shadow")
    Mark("bestiary", Mapping[str, Any], "test: the engine's own type is the same datum", owner="test-shadow-ok")


def test_every_mark_says_what_it_records():
    with pytest.raises(ValueError, match="say in its doc what it records"):
        Mark("undocumented", int, " ", owner="test-doc")
    assert all(m.doc.strip() for m in declared())


def test_the_engines_marks_are_in_the_plugin_contract():
    assert engine_marks.BESTIARY is BESTIARY and engine_marks.AWARE is AWARE
    assert {m.owner for m in declared() if m.key in ("aware", "surprise-round", "group")} >= {"engine"}
