"""Turns a GM notices: groups acting as one, `prev` passing over the dead, names that outlive
their combatant, and the log's words in the GM's language (issue 10).

Typed as a GM types them (``Table(...).do``); asserts are on the order, the active
combatant, initiatives and the log lines.
"""

from __future__ import annotations

import pytest
from conftest import Table

from gm_console.engine.core.errors import CommandError

from gm_console.engine.rules import groups
from gm_console.engine.views.describe import describe_events


def log(t: Table, lang: str = "en", last: int = 1) -> list[str]:
    out = []
    for entry in t.session.done[-last:]:
        out += [text for _, text in describe_events(entry.events, t.state, t.session.ruleset, lang)]
    return out


def test_add_as_a_group_rolls_once_and_sits_together():
    t = Table("generic").rolls(11, 17, 5)
    t.do("add Kyra pc hp=20 init=2", "add Goblin x3 group hp=6 init=1", "add Ogre hp=30")
    t.do("roll")
    s = t.state
    gobs = [s.get(f"goblin-{n}") for n in (1, 2, 3)]
    assert {c.initiative for c in gobs} == {18}  # one d20 (17) + 1 for all three
    assert groups.group_of(gobs[0]) == groups.group_of(gobs[2]) is not None
    rolled = [e for e in t.session.done[-1].events if e.kind == "Rolled"]
    assert len(rolled) == 3  # Kyra, the goblins once, the ogre
    assert s.order[:3] == ["goblin-1", "goblin-2", "goblin-3"]
    assert any("Goblin 1, Goblin 2, Goblin 3 share one initiative: 18" in line for line in log(t))


def test_next_steps_through_a_group_and_group_done_passes_it():
    t = Table("generic").rolls(17, 10)
    t.do("add Goblin x3 group hp=6", "add Kyra pc hp=20", "roll", "start")
    assert t.state.active == "goblin-1"
    t.do("next")
    assert t.state.active == "goblin-2"  # each member has its own turn
    t.do("group-done")  # the rest of the block at once: one action
    assert t.state.active == "kyra"
    assert t.state.finished.get("goblin-3") == 1
    t.do("undo")
    assert t.state.active == "goblin-2"


def test_group_and_ungroup_existing_combatants():
    t = Table("generic")
    t.do("add Orc x2 hp=9", "add Kyra pc hp=20", "init Kyra 12", 'init "Orc 1" 15', 'init "Orc 2" 3')
    t.do('group "Orc 1","Orc 2"')
    assert t.state.get("orc-2").initiative == 15  # the group takes the first one's initiative
    assert t.state.order == ["orc-1", "orc-2", "kyra"]
    t.do("ungroup Orc*")
    assert groups.group_of(t.state.get("orc-1")) is None
    assert any("act on their own again" in line for line in log(t))
    with pytest.raises(CommandError, match="two or more"):
        t.do('group "Orc 1"')


def test_prev_passes_over_the_dead_like_next():
    t = Table("pathfinder1e")
    t.do("add A hp=5", "add B hp=5", "add C hp=5", "init A 20", "init B 15", "init C 10", "start")
    t.do("dmg B 30")  # well past -Con: dead
    t.do("next")
    assert t.state.active == "c"  # next passes over B
    t.do("prev")
    assert t.state.active == "a"  # and so does prev
    with pytest.raises(CommandError, match="first turn of round 1"):
        t.do("prev")


def test_prev_from_the_first_living_goes_to_the_last_living_of_the_round_before():
    t = Table("pathfinder1e")
    t.do("add A hp=5", "add B hp=5", "add C hp=5", "init A 20", "init B 15", "init C 10", "start")
    t.do("next", "next", "next")  # round 2, A's turn
    t.do("dmg C 30")
    t.do("prev")
    assert (t.state.round, t.state.active) == (1, "b")


def test_a_removed_combatant_keeps_its_name_in_the_log():
    t = Table("generic")
    t.do("add Goblin x2 hp=6", 'remove "Goblin 2"')
    assert log(t) == ["Goblin 2 leaves"]
    assert t.state.retired["goblin-2"] == "Goblin 2"


def test_log_lines_in_spanish_use_the_sheets_words():
    t = Table("pathfinder1e")
    t.do("add Goblin hp=6", "add Kyra pc hp=20")
    t.do("remove Goblin")
    assert log(t, "es") == ["Sale Goblin"]
    t.do("cond Kyra shaken 2")
    assert log(t, "es") == ["Kyra: + Estremecido (2 asaltos)"]
    t.do("set Kyra hp=20", "note hola")
    assert log(t, "es") == ["nota · hola"]


def test_figure_and_pool_labels_have_spanish_through_the_sheet_hook():
    from gm_console import plugins
    from gm_console.i18n import render

    pf = plugins.load("pathfinder1e")
    words = [render(pf.sheet.label(k), "es") for k in ("ac", "touch", "ff", "attack", "damage", "hp")]
    assert words == ["CA", "toque", "desprevenido", "ataque", "daño", "PG"]
    assert render(pf.sheet.label("ac"), "en") == "AC"
    assert render(pf.sheet.label("dr"), "es") == "RD"  # damage reduction: reducción de daño
    assert render(pf.sheet.label("zz"), "es") == "ZZ"  # nobody named it: the key, as it is
