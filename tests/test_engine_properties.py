"""Properties that hold for any sequence of GM actions (hypothesis).

- undo of any N actions restores the exact earlier state; redo restores the later one;
- the acting order is always a permutation of the non-delaying combatants with initiative;
- the save codec round-trips the history: reopening gives the same state and stacks.
"""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gm_console import plugins
from gm_console.engine.language.commands import CommandError
from gm_console.engine.core.dice import Dice
from gm_console.engine.language.session import Session
from gm_console.storage.codec import Document, decode, encode

NAMES = ["Alba", "Bruno", "Cora", "Dax", "Eve"]

command = st.one_of(
    st.sampled_from(NAMES).map(lambda n: f"add {n} hp=12 init=2"),
    st.tuples(st.sampled_from(NAMES), st.integers(1, 25)).map(lambda t: f"init {t[0]} {t[1]}"),
    st.just("roll"),
    st.just("start"),
    st.just("next"), st.just("next"), st.just("next"),
    st.just("prev"),
    st.just("delay"),
    st.integers(1, 20).map(lambda n: f"delay {n}"),
    st.sampled_from(NAMES).map(lambda n: f"resume {n}"),
    st.just("ready when it moves"),
    st.sampled_from(NAMES).map(lambda n: f"trigger {n}"),
    st.sampled_from(NAMES).map(lambda n: f"unready {n}"),
    st.tuples(st.sampled_from(NAMES), st.integers(0, 15)).map(lambda t: f"dmg {t[0]} {t[1]}"),
    st.tuples(st.sampled_from(NAMES), st.integers(0, 15)).map(lambda t: f"heal {t[0]} {t[1]}"),
    st.tuples(st.sampled_from(NAMES), st.sampled_from(["shaken", "prone", "bleed:2"]),
              st.integers(1, 3)).map(lambda t: f"cond {t[0]} {t[1]} {t[2]}"),
    st.tuples(st.sampled_from(NAMES), st.sampled_from(["shaken", "prone"])).map(lambda t: f"uncond {t[0]} {t[1]}"),
    st.sampled_from(NAMES).map(lambda n: f"remove {n}"),
    st.just("end"),
    st.just("pass 1m"),
    st.just("undo"),
    st.just("redo"),
)


def run(lines, seed=7):
    session = Session(plugins.load("generic"))
    dice = Dice.from_rolls([], seed=seed)
    for line in lines:
        try:
            session.execute(line, dice)
        except CommandError:
            pass
    return session


def check_order(state):
    order = state.acting_order()
    assert len(order) == len(set(order))
    expected = {cid for cid, c in state.combatants.items() if c.initiative is not None and cid not in state.delayed}
    if state.in_combat or state.order:
        assert set(order) == expected
    assert set(state.order) <= set(state.combatants)
    if state.in_combat and state.active is not None:
        assert state.active in state.combatants


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(command, min_size=1, max_size=40), st.integers(0, 40))
def test_undo_n_restores_the_exact_earlier_state(lines, n):
    session = Session(plugins.load("generic"))
    dice = Dice.from_rolls([], seed=3)
    snapshots = [session.state.copy()]
    for line in lines:
        if line in ("undo", "redo"):
            continue
        try:
            session.execute(line, dice)
        except CommandError:
            continue
        snapshots.append(session.state.copy())
        check_order(session.state)
    n = min(n, len(session.done))
    final = session.state.copy()
    for _ in range(n):
        session.execute("undo")
    assert session.state == snapshots[len(snapshots) - 1 - n]
    for _ in range(n):
        session.execute("redo")
    assert session.state == final


@settings(max_examples=150, deadline=None)
@given(st.lists(command, min_size=1, max_size=50))
def test_order_is_a_permutation_of_the_non_delaying(lines):
    session = Session(plugins.load("generic"))
    dice = Dice.from_rolls([], seed=5)
    for line in lines:
        try:
            session.execute(line, dice)
        except CommandError:
            pass
        check_order(session.state)


@settings(max_examples=100, deadline=None)
@given(st.lists(command, min_size=1, max_size=40))
def test_save_codec_round_trips_history_and_undo(lines):
    session = run(lines)
    doc = Document(format=1, ruleset="generic", name="t", records=session.take_journal())
    text = encode(doc)
    back = decode(text)
    reopened = Session.from_journal(plugins.load("generic"), back.options, back.records)
    assert reopened.state == session.state
    assert [e.n for e in reopened.done] == [e.n for e in session.done]
    assert [e.n for e in reopened.undone] == [e.n for e in session.undone]
    if reopened.done:
        reopened.execute("undo")
        session.execute("undo")
        assert reopened.state == session.state


@settings(max_examples=60, deadline=None)
@given(st.text(min_size=1, max_size=60))
def test_notes_with_any_text_survive_the_codec(text):
    session = Session(plugins.load("generic"))
    try:
        session.execute("note " + text)
    except CommandError:
        return
    records = session.take_journal()
    back = decode(encode(Document(format=1, ruleset="generic", records=records)))
    assert back.records[0]["do"] == records[0]["do"]
    assert back.records[0]["ev"] == records[0]["ev"]


@settings(max_examples=80, deadline=None)
@given(st.lists(st.text(min_size=1, max_size=30), min_size=1, max_size=5))
def test_fast_log_reader_agrees_with_tomllib(notes):
    """The codec lifts log lines with a pattern; it must read exactly what TOML says is there."""
    import tomllib

    session = Session(plugins.load("generic"))
    for text in notes:
        try:
            session.execute("note " + text)
        except CommandError:
            pass
    text = encode(Document(format=1, ruleset="generic", records=session.take_journal()))
    fast = decode(text).records
    slow = [{**{f: x for f, x in v.items() if f != "ck"}, "n": int(k)}
            for k, v in tomllib.loads(text).get("log", {}).items()]
    assert fast == slow
