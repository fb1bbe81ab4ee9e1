"""Pure pieces of the TUI: the condition timeline fold, completion and command-line quoting."""

from __future__ import annotations

from gm_console.engine.core.state import EncounterState
from gm_console.tui.completion import complete
from gm_console.tui.lines import quote, ref
from gm_console.engine.views.timeline import TimelineModel
from test_tui_support import SKIRMISH


def _session(table, *lines):
    t = table()
    t.do(*lines)
    return t


def test_timeline_spans_come_from_the_log_with_their_rounds(table):
    t = _session(table, *SKIRMISH, "cond goblin-1 shaken 2", "next", "next", "next")
    spans = TimelineModel().update(t.session.done, t.state)
    (span,) = spans
    assert (span.who, span.cond, span.start) == ("goblin-1", "shaken", 1)
    # clock = Kyra (her turn): ticks at her turn in round 2 -> 1 left; ends at her turn in round 3
    assert span.end is None and span.projected_end == 3
    t.do("next", "next", "next")  # round 3, Kyra's turn: it expires
    spans = TimelineModel().update(t.session.done, t.state)
    assert spans[0].end == 3


def test_timeline_is_incremental_and_refolds_after_undo(table):
    t = _session(table, *SKIRMISH, "cond kyra prone")
    model = TimelineModel()
    assert len(model.update(t.session.done, t.state)) == 1
    t.do("cond goblin-2 dazed 1")
    assert len(model.update(t.session.done, t.state)) == 2
    t.do("undo", "undo")
    assert model.update(t.session.done, t.state) == []


def test_timeline_projection_follows_a_clock_owner_who_delayed(table):
    t = _session(table, *SKIRMISH, "cond goblin-2 shaken 2", "delay")  # clock Kyra; Kyra delays
    spans = TimelineModel().update(t.session.done, t.state)
    assert spans[0].projected_end == 3
    t.do("next", "resume kyra")  # Kyra re-enters before Goblin 2: her slot moved
    assert t.state.acting_order() == ["goblin-1", "kyra", "goblin-2"]
    spans = TimelineModel().update(t.session.done, t.state)
    assert spans[0].projected_end == 3 and spans[0].open_ended is False


def test_open_ended_conditions_run_off_the_edge(table):
    t = _session(table, *SKIRMISH, "cond kyra prone")
    (span,) = TimelineModel().update(t.session.done, t.state)
    assert span.open_ended and span.projected_end is None


def test_completion(table):
    t = _session(table, *SKIRMISH)
    state, rs = t.state, t.session.ruleset
    assert complete("ne", state, rs).apply("ne") == "next "
    assert complete("dmg ky", state, rs).apply("dmg ky") == "dmg Kyra "
    assert set(complete("dmg Gob", state, rs).candidates) == {'"Goblin 1"', '"Goblin 2"'}
    assert complete("siguie", state, rs).apply("siguie") == "siguiente "  # Spanish aliases too
    assert complete("set kyra h", state, rs).apply("set kyra h") == "set kyra hp="
    assert complete("", state, rs).candidates[:3] == ("add", "remove", "set")


def test_quote_and_ref_make_lines_that_parse_back(table):
    t = _session(table, "add \"Goblin 1\" hp=3", "add \"Goblin 10\" hp=3", 'add "Odd \\"one\\"" hp=1')
    assert quote("Kyra") == "Kyra" and quote("Goblin 1") == '"Goblin 1"'
    for c in t.state.combatants.values():
        t.do(f"dmg {ref(t.state, c)} 1")
    assert all(c.pools["hp"].value == c.pools["hp"].max - 1 for c in t.state.combatants.values())
    assert ref(EncounterState(ruleset="generic"), t.state.get("goblin-1")) == "goblin-1"  # not found: id


def test_log_lines_keep_the_rule_apart_even_with_brackets_inside():
    from gm_console.tui.widgets.log import _split_rule

    assert _split_rule("Vex: stable [SF §3.4.6 Medicine [S]]") == ("Vex: stable", "SF §3.4.6 Medicine [S]")
    assert _split_rule("Kyra: dying [generic: 0 HP]") == ("Kyra: dying", "generic: 0 HP")
    assert _split_rule("a note [x") == ("a note [x", "")
    assert _split_rule("[all] bracketed]") == ("[all] bracketed]", "")


def test_short_names_keep_their_number():
    from gm_console.tui.present import short_name

    assert short_name("Space Pirate 12", 12) == "Space Pi… 12"
    assert len(short_name("Space Pirate 12", 12)) == 12
    assert short_name("Kyra", 12) == "Kyra"
    assert short_name("Brother Aldo the Wise", 12) == "Brother Ald…"
