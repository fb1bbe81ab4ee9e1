"""Saves edited by hand (issue 14): a log that replays gives a state every view can read; one
that does not is refused at opening with the record at fault and a one-line reason, never a
traceback later in `show`, `log` or the TUI."""

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import Table, builtin_rulesets, run_example_script
from gm_console import plugins
from gm_console.engine.views.describe import describe_events
from gm_console.engine.views.export import markdown, play_log, state_dict
from gm_console.engine.language.session import JournalError, Session
from gm_console.engine.views.timeline import TimelineModel
from gm_console.tui.frame import Frame
from gm_console.tui.widgets.initiative import InitiativePane
from gm_console.tui.widgets.log import log_lines
from gm_console.tui.widgets.sheet import sheet_text
from gm_console.tui.widgets.timeline import timeline_text

DEEP = [1]
for _ in range(49):  # one list deeper than events may nest
    DEEP = [DEEP]


def journal(t: Table) -> list[dict]:
    """The session's log records as the save holds them (JSON and back: lists, not tuples)."""
    return json.loads(json.dumps(t.session.journal))


def replay(ruleset_id: str, records, options=None) -> Session:
    return Session.from_journal(plugins.load(ruleset_id), options, records)


def refused(ruleset_id: str, records, options=None) -> JournalError:
    with pytest.raises(JournalError) as exc:
        replay(ruleset_id, records, options)
    assert "\n" not in str(exc.value) and len(str(exc.value)) < 300, str(exc.value)
    return exc.value


def event(records, n: int, kind: str) -> dict:
    """The first event of ``kind`` in log record ``n``, to edit in place."""
    rec = next(r for r in records if r["n"] == n)
    return next(e for e in rec["ev"] if e["t"] == kind)


@pytest.fixture
def goblins():
    t = Table("generic")
    t.do("add Goblin x2 hp=7 init=2", "add Kyra pc hp=20 init=3", "dmg \"Goblin 1\" 3", "roll", "start")
    return t


@pytest.mark.parametrize("value", ["abc", None, 1e400, True, [1, 2], 2**80])
def test_a_pool_value_that_is_not_a_number_is_refused_with_its_record(goblins, value):
    records = journal(goblins)
    event(records, 3, "PoolSet")["value"] = value
    err = refused("generic", records)
    assert err.n == 3
    assert str(err).startswith("log record 3: PoolSet value: ")


def test_a_pool_in_the_roster_that_is_not_a_pair_of_numbers_is_refused(goblins):
    records = journal(goblins)
    event(records, 1, "CombatantAdded")["pools"]["hp"] = ["abc", 7]
    assert "CombatantAdded pools: hp: expected a whole number, not 'abc'" in str(refused("generic", records))
    event(records, 1, "CombatantAdded")["pools"]["hp"] = None
    assert "expected a list, not None" in str(refused("generic", records))


def test_a_stat_of_the_wrong_kind_is_refused_by_the_stat_block():
    t = Table("pathfinder1e")
    t.do("add Kobold hp=8 con=10", "set Kobold con=12")
    records = journal(t)
    event(records, 1, "CombatantAdded")["stats"]["con"] = "high"
    err = refused("pathfinder1e", records)
    assert str(err) == "log record 1: CombatantAdded stat con: expected a whole number, not 'high'"
    records = journal(t)
    event(records, 2, "StatsSet")["stats"]["con"] = "high"
    assert refused("pathfinder1e", records).n == 2


def test_a_choice_stat_outside_its_choices_is_refused():
    t = Table("starfinder")
    t.do("add Drone hp=10 sp=0 rp=0 size=large")
    records = journal(t)
    event(records, 1, "CombatantAdded")["stats"]["size"] = "enormous"
    assert "stat size: expected one of" in str(refused("starfinder", records))


def test_a_round_of_infinity_is_refused(goblins):
    records = journal(goblins)
    records[2]["r"] = 1e400
    err = refused("generic", records)
    assert err.n == 3 and "the round must be a whole number" in str(err)


@pytest.mark.parametrize("record,why", [
    ({"n": 9, "do": 5, "ev": []}, "the command must be text"),
    ({"n": 9, "do": "note", "ev": "x"}, "its events must be a list"),
    ({"n": 9, "do": "note", "ev": [{"t": "Note", "text": "x", "colour": "red"}]}, "has no field 'colour'"),
    ({"n": 9, "do": "note", "ev": [{"t": "Boom"}]}, "unknown event type 'Boom'"),
    ({"n": 9, "do": "dmg", "ev": [{"t": "PoolSet", "id": "kyra", "pool": "hp"}]}, "a PoolSet event without its value"),
    ({"n": 9, "do": "note", "ev": [["Note"]]}, "event without a type"),
    ({"n": 9, "do": "roll", "ev": [{"t": "Rolled", "expr": "1d6", "total": 3, "dice": ["3"]}]},
     "Rolled dice: expected a whole number, not '3'"),
    ({"n": 9, "do": "x", "ev": [{"t": "MarkSet", "id": "kyra", "key": "k", "value": DEEP}]},
     "nested deeper than 48"),
])
def test_wrong_types_in_any_field_are_refused_in_one_line(goblins, record, why):
    err = refused("generic", journal(goblins) + [record])
    assert err.n == 9 and why in str(err)


@pytest.mark.parametrize("kind,field,value", [
    ("PoolSet", "id", "ghost"),
    ("OrderSet", "order", ["goblin-1", "ghost"]),
])
def test_events_naming_a_missing_combatant_are_refused(goblins, kind, field, value):
    records = journal(goblins)
    n = next(r["n"] for r in records if any(e["t"] == kind for e in r.get("ev", ())))
    event(records, n, kind)[field] = value
    assert "names combatant 'ghost', who is not there" in str(refused("generic", records))


def test_a_turn_for_a_missing_combatant_is_refused_not_shown(goblins):
    records = journal(goblins) + [{"n": 9, "r": 1, "do": "next", "ev": [{"t": "TurnStarted", "id": "ghost", "round": 1}]}]
    assert str(refused("generic", records)) == \
        "log record 9: TurnStarted names combatant 'ghost', who is not there"


def test_the_engine_marks_keep_their_types(goblins):
    records = journal(goblins) + [{"n": 9, "r": 1, "do": "x",
                                   "ev": [{"t": "EncounterMarkSet", "key": "owed-turns", "value": 5}]}]
    assert "expected a list or null, not 5" in str(refused("generic", records))


def test_an_option_outside_its_choices_is_refused():
    t = Table("pathfinder1e")
    t.do("add Kobold hp=8")
    opt = next(o for o in plugins.load("pathfinder1e").options() if o.choices == (False, True))
    assert "[options]: option" in str(refused("pathfinder1e", journal(t), {opt.key: "maybe"}))
    records = journal(t) + [{"n": 9, "do": "option", "ev": [{"t": "OptionSet", "key": opt.key, "value": "maybe"}]}]
    assert f"option {opt.key}: expected one of False, True, not 'maybe'" in str(refused("pathfinder1e", records))


def test_a_save_the_engine_wrote_still_replays_exactly(goblins):
    goblins.do("cond Kyra shaken 2", "next", "delay", "undo", "note fine")
    again = replay("generic", journal(goblins))
    assert again.state == goblins.state


# -- hypothesis: any edit of a field either replays into a readable state or is refused ----------

JUNK = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(-3, 40),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=6),
    st.sampled_from(["kyra", "goblin-1", "ghost", "hp", "shaken", "dying", "[/]", "\x1b[2J"]),
    st.lists(st.one_of(st.integers(-2, 30), st.sampled_from(["kyra", "goblin-2", "x"]), st.none()), max_size=3),
    st.dictionaries(st.sampled_from(["hp", "init", "ac", "con", "x"]),
                    st.one_of(st.integers(-5, 30), st.text(max_size=3), st.none()), max_size=3),
)



def alike(value):
    """Junk of the same type as ``value``: it passes the type check and tests what comes after."""
    if isinstance(value, bool):
        return st.booleans()
    if isinstance(value, int):
        return st.one_of(st.integers(-3, 40), st.integers(-2**53, 2**53))
    if isinstance(value, float):
        return st.floats(-1e9, 1e9)
    if isinstance(value, str):
        return st.one_of(st.text(max_size=6), st.sampled_from(["kyra", "goblin-1", "hp", "shaken", "dying", "ok",
                                                               "dead", "foe", "[/]", "\x1b]0;x\x07"]))
    if isinstance(value, list) and value:
        return st.lists(st.one_of(*(alike(v) for v in value)), max_size=len(value) + 1)
    return JUNK


_BASES: dict[str, list[dict]] = {}


def base_records(ruleset_id: str) -> list[dict]:
    if ruleset_id not in _BASES:
        _BASES[ruleset_id] = journal(run_example_script(ruleset_id))
    return copy.deepcopy(_BASES[ruleset_id])


def read_everything(session: Session, ruleset_id: str) -> None:
    """What `show`, `show --json`, `log` and the TUI's panes read."""
    rs, state = session.ruleset, session.state
    for players in (False, True):
        json.dumps(state_dict(state, rs, players=players))
        for lang in ("en", "es"):
            markdown(state, rs, players=players, lang=lang)
            play_log(session.done, state, rs, lang=lang, players=players)
            for entry in session.done:
                describe_events(entry.events, state, rs, lang=lang, players=players)
    spans = TimelineModel().update(session.done, state)
    for selected in [None, *state.combatants]:  # the TUI's panes, as pure functions of a frame
        frame = Frame(state=state, ruleset=rs, history=session.done, verbs=session.verbs, selected=selected, breakdown=True)
        sheet_text(frame, 60)
        timeline_text(frame, spans, 80, 12)
        log_lines(frame)
        pane = InitiativePane()
        pane._window(pane.entries(frame), frame, 80, 40)


@st.composite
def edits(draw, records):
    """1-3 field values of the log replaced by junk (events' fields, or a record's round)."""
    for _ in range(draw(st.integers(1, 3))):
        rec = draw(st.sampled_from([r for r in records if r.get("ev")]))
        if draw(st.integers(0, 9)) == 0:
            rec["r"] = draw(JUNK)
            continue
        e = draw(st.sampled_from(rec["ev"]))
        fields = [k for k in e if k != "t"] or ["value"]
        key = draw(st.sampled_from(fields))
        junk = draw(st.booleans())  # else a value of the same type, which passes the type check
        if isinstance(e.get(key), dict) and e[key] and draw(st.booleans()):
            inner = draw(st.sampled_from(sorted(e[key])))  # inside stats / pools
            e[key][inner] = draw(JUNK if junk else alike(e[key][inner]))
        else:
            e[key] = draw(JUNK if junk else alike(e.get(key)))
    return records


@pytest.mark.parametrize("ruleset_id", builtin_rulesets())
def test_edited_saves_replay_into_a_readable_state_or_are_refused(ruleset_id):
    @settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.data())
    def run(data):
        records = data.draw(edits(base_records(ruleset_id)))
        try:
            session = replay(ruleset_id, records)
        except JournalError as exc:
            assert "\n" not in str(exc)
            return
        read_everything(session, ruleset_id)

    run()


def test_a_kept_check_whose_roller_was_edited_into_a_table_still_reads():
    """Found by the fuzz above (Starfinder): `show --players` hashed a check's `who` edited into a dict."""
    from gm_console.engine.rules.checks import CHECK_MARK

    t = Table("generic")
    t.do("add A hp=5", "add B hp=5", "check A +2 vs 10", "check B +3 vs 10")
    state = t.state.copy()
    first = next(k for k in state.marks if k.startswith(CHECK_MARK))
    state.marks[first] = {**state.marks[first], "who": {"x": 1}}
    shown = state_dict(state, t.session.ruleset, players=True)["checks"]
    assert [c["who"] for c in shown] == ["b"]  # the edited one names no one the players see


def test_a_kept_check_whose_number_was_edited_away_still_reads():
    """Found by the fuzz above (Dragon Age): a recent check with n = null sorted against numbers."""
    from gm_console.engine.rules.checks import CHECK_MARK, recent_checks

    t = Table("generic")
    t.do("add A hp=5", "check A +2 vs 10", "check A +3 vs 10")
    state = t.state.copy()
    first = next(k for k in state.marks if k.startswith(CHECK_MARK))
    state.marks[first] = {**state.marks[first], "n": None}
    assert len(recent_checks(state)) == 2
