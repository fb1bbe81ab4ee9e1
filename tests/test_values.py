"""The events' and the verb arguments' one equality, hash and repr (engine/core/values.py) mean what
dataclasses would have written: the history compares events, the registry compares arguments."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gm_console.engine.core import events as ev
from gm_console.engine.language import verbs

words = st.text(max_size=8)


@given(words, words, st.integers(-50, 50), st.integers(-50, 50))
def test_two_events_are_equal_exactly_when_a_dataclass_would_say_so(who, pool, a, b):
    one, other = ev.PoolSet(id=who, pool=pool, value=a, delta=1), ev.PoolSet(id=who, pool=pool, value=b, delta=1)
    assert (one == other) == (a == b)
    assert one == ev.PoolSet(id=who, pool=pool, value=a, delta=1)
    assert hash(one) == hash(ev.PoolSet(id=who, pool=pool, value=a, delta=1))
    assert one != ev.TurnStarted(id=who, round=1)  # another kind of event, never equal
    assert repr(one) == f"PoolSet(id={who!r}, pool={pool!r}, value={a!r}, max=None, delta=1, rule='', was_max=None, by=None)"


def test_every_event_and_argument_kind_is_frozen_and_compares_by_value():
    for cls in [*ev.EVENT_TYPES.values(), verbs.Who, verbs.Word, verbs.Int, verbs.Flag]:
        assert dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen, cls
        assert "__eq__" not in cls.__dict__ and "__repr__" not in cls.__dict__, cls  # the one written once
    who = verbs.Who("target")
    assert who == verbs.Who("target") and who != verbs.Who("other") and who != verbs.Word("target")
    assert {who, verbs.Who("target")} == {who}
    with pytest.raises(dataclasses.FrozenInstanceError):
        who.name = "x"  # type: ignore[misc]
