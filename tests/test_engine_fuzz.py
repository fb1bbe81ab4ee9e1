"""No command line crashes the engine, in any ruleset: it applies or it is refused in one line.

Hypothesis drives random GM sessions (valid verbs with plausible and junk arguments) through
every built-in ruleset; a refusal must leave the state exactly as it was.
"""

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import builtin_rulesets
from gm_console import plugins
from gm_console.engine.language.commands import CommandError
from gm_console.engine.core.dice import Dice
from gm_console.engine.language.session import Session

RULESETS = builtin_rulesets()
NAMES = ["Alba", "Bruno", "Cora"]
STATS = {  # a plausible stat block per game; a game not named here gets hp=10
    "generic": "hp=12 init=1",
    "pathfinder1e": "hp=12 con=12 dex=14 str=10 ac=15",
    "starfinder": "sp=10 hp=12 rp=3 con=12 dex=14 eac=14 kac=15",
    "dragon_age": "health=12 con=1 dex=2 str=2 defense=12 armor=3",
    "dnd5e": "hp=12 con=14 dex=14 ac=15 resist=fire",
}


def lines(ruleset_id):
    rs = plugins.load(ruleset_id)
    conds = sorted(d.id for d in rs.conditions.catalogue)[:40] or ["shaken"]
    name = st.sampled_from(NAMES)
    verbs = [getattr(spec, "name", None) or spec.verb for spec in rs.verbs()]  # Verb or the older VerbSpec
    junk = st.text(alphabet="abcdefgh0123456789 -+:=", max_size=10)
    return st.one_of(
        st.tuples(name, st.sampled_from(["", " pc"])).map(lambda t: f"add {t[0]}{t[1]} {STATS.get(ruleset_id, 'hp=10')}"),
        st.tuples(name, st.integers(1, 25)).map(lambda t: f"init {t[0]} {t[1]}"),
        st.sampled_from(["roll", "start", "next", "next", "next", "prev", "delay", "end", "undo", "redo",
                         "pass 1h", "pass 10m", "pass 8h", "ready when it moves"]),
        st.tuples(name, st.integers(0, 40), st.sampled_from(["", " nonlethal", " fire", " pull", " bleed"]))
        .map(lambda t: f"dmg {t[0]} {t[1]}{t[2]}"),
        st.tuples(name, st.integers(0, 20)).map(lambda t: f"heal {t[0]} {t[1]}"),
        st.tuples(name, st.sampled_from(conds), st.sampled_from(["", " 1", " 3"]), st.sampled_from(["", ":2"]))
        .map(lambda t: f"cond {t[0]} {t[1]}{t[3]}{t[2]}"),
        st.tuples(name, st.sampled_from(conds)).map(lambda t: f"uncond {t[0]} {t[1]}"),
        st.tuples(st.sampled_from(["resume", "trigger", "unready", "remove"]), name).map(" ".join),
        st.tuples(name, st.sampled_from(["hero", "resolve", "mana", "stunt", "hp"]),
                  st.sampled_from(["", " 1", " act", " stabilize", " fight", " stamina", " cheat-death"]))
        .map(lambda t: f"spend {t[0]} {t[1]}{t[2]}"),
        st.tuples(st.sampled_from(verbs or ["note"]), name, name, junk).map(" ".join),
        st.tuples(st.sampled_from(verbs or ["note"]), name, junk).map(" ".join),
        st.tuples(name, st.sampled_from(["perception", "str", "dex", "+3"]), st.integers(5, 25))
        .map(lambda t: f"check {t[0]} {t[1]} vs {t[2]}"),
    )


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_random_sessions_never_crash(ruleset_id):
    @settings(max_examples=int(os.environ.get("GM_FUZZ_EXAMPLES", "120")), deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(st.lists(lines(ruleset_id), min_size=1, max_size=35), st.integers(0, 10_000))
    def run(script, seed):
        session = Session(plugins.load(ruleset_id))
        dice = Dice.from_rolls([], seed=seed)
        for line in script:
            before = session.state.copy()
            n_done = len(session.done)
            try:
                session.execute(line, dice)
            except CommandError as exc:
                assert "\n" not in str(exc), line
                assert session.state == before, f"refused {line!r} but changed the state"
                assert len(session.done) == n_done

    run()


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_undo_and_reopen_are_exact_in_every_ruleset(ruleset_id):
    """Whatever a ruleset's hooks do, they do it through events: undoing each action gives back
    the state before it, and the save's journal replays to the same state."""
    from gm_console.storage.codec import Document, decode, encode

    @settings(max_examples=int(os.environ.get("GM_FUZZ_EXAMPLES", "40")), deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(st.lists(lines(ruleset_id), min_size=1, max_size=30), st.integers(0, 10_000))
    def run(script, seed):
        session = Session(plugins.load(ruleset_id))
        dice = Dice.from_rolls([], seed=seed)
        snapshots = [session.state.copy()]
        for line in script:
            if line in ("undo", "redo"):
                continue
            try:
                session.execute(line, dice)
            except CommandError:
                continue
            snapshots.append(session.state.copy())
        doc = decode(encode(Document(format=1, ruleset=ruleset_id, records=list(session.journal))))
        reopened = Session.from_journal(plugins.load(ruleset_id), doc.options, doc.records)
        assert reopened.state == session.state
        for i in range(len(session.done)):
            session.execute("undo")
            assert session.state == snapshots[-2 - i]

    run()
