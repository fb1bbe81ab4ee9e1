"""Undo and redo are exact at any depth, past the checkpoints the session keeps every 50 actions.

A model of the history (a stack of the states after each action, and a stack of what undo
took back) is run beside the real session over long random sequences with undo and redo
mixed in; after every step the session's state must equal the model's.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gm_console import plugins
from gm_console.engine.language.commands import CommandError
from gm_console.engine.core.dice import Dice
from gm_console.engine.language.session import CHECKPOINT_EVERY, Session

NAMES = ["Alba", "Bruno", "Cora"]

step = st.one_of(
    st.tuples(st.sampled_from(NAMES), st.integers(0, 9)).map(lambda t: f"dmg {t[0]} {t[1]}"),
    st.tuples(st.sampled_from(NAMES), st.integers(0, 9)).map(lambda t: f"heal {t[0]} {t[1]}"),
    st.tuples(st.sampled_from(NAMES), st.integers(1, 3)).map(lambda t: f"cond {t[0]} shaken {t[1]}"),
    st.sampled_from(["next", "next", "prev", "undo", "undo", "redo", "note x"]),
)


SETUP = ("add Alba hp=40 init=3", "add Bruno hp=40 init=2", "add Cora hp=40 init=1", "roll", "start")


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(step, min_size=60, max_size=160))
def test_undo_and_redo_match_a_model_of_the_history_past_every_checkpoint(lines):
    s = Session(plugins.load("generic"))
    dice = Dice.from_rolls([], seed=5)
    done = [s.state.copy()]  # the state before any action, then after each action still done
    undone: list = []
    for line in [*SETUP, *lines]:
        try:
            s.execute(line, dice)
        except CommandError:
            continue
        if line == "undo":
            undone.append(done.pop())
        elif line == "redo":
            done.append(undone.pop())
        else:
            done.append(s.state.copy())
            undone.clear()
        assert s.state == done[-1], line
        assert s.can_redo == bool(undone)


def test_undoing_the_action_after_a_checkpoint_restores_the_hp_before_it(table):
    """Undo of action 51 rebuilds from the checkpoint laid at 50: it must be a copy, not the live state."""
    t = table("generic")
    t.do("add Orc hp=500")
    for _ in range(CHECKPOINT_EVERY - 1):
        t.do("dmg Orc 1")
    assert len(t.session.done) == CHECKPOINT_EVERY
    t.do("dmg Orc 7")  # action 51
    assert t.hp("Orc") == 500 - 49 - 7
    t.do("undo")
    assert t.hp("Orc") == 500 - 49
    t.do("undo", "undo")
    assert t.hp("Orc") == 500 - 47
    t.do("redo", "redo", "redo")
    assert t.hp("Orc") == 500 - 49 - 7


def test_a_new_action_after_undo_clears_redo_in_the_same_session(table):
    t = table("generic")
    t.do("add Orc hp=20", "dmg Orc 5", "undo")
    assert t.session.can_redo
    t.do("dmg Orc 2")
    assert not t.session.can_redo
    with pytest.raises(CommandError, match="nothing to redo"):
        t.do("redo")
    assert t.hp("Orc") == 18


def test_a_checkpoint_copy_is_deep_even_of_what_pickle_cannot_copy():
    """State.copy is a pickle round trip (fast); a value pickle refuses (a plugin's function in
    a mark) falls back to a deep copy: the checkpoint is still a copy, never the live state."""
    from gm_console.engine.core.state import Combatant, EncounterState

    state = EncounterState(ruleset="generic")
    state.combatants["orc"] = Combatant(id="orc", name="Orc", marks={"rage": {"rounds": 3}})
    copied = state.copy()
    copied.combatants["orc"].marks["rage"]["rounds"] = 1
    assert state.combatants["orc"].marks["rage"]["rounds"] == 3 and copied == copied.copy()
    state.combatants["orc"].marks["hook"] = lambda: None
    fallback = state.copy()
    fallback.combatants["orc"].marks["rage"]["rounds"] = 0
    assert state.combatants["orc"].marks["rage"]["rounds"] == 3
    assert fallback.combatants["orc"].marks["hook"] is state.combatants["orc"].marks["hook"]
