"""Each event type's own decoder (engine/core/events.py, ``_Decoder``) refuses exactly what the
schema's checks refuse, with the same line, and makes exactly the event the dataclass makes:
a save edited by hand is judged the same whichever way its events are read."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gm_console.engine.core import events as ev

DEEP = [1]
for _ in range(49):  # one list deeper than events may nest
    DEEP = [DEEP]

# What a hand edit can put in a field: everything JSON or TOML reads, and worse.
scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=6),
                    st.sampled_from([2**53, 2**53 + 1, -(2**53) - 1, math.inf, math.nan, True, False, 0, 1.5]))
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.one_of(st.text(max_size=4), st.integers(0, 3)), inner, max_size=3)),
    max_leaves=12)

# A valid value of each annotation, to fill the other required fields of an event.
_GOOD = {str: "kyra", int: 1, float: 1.0, bool: False}


def _filled(cls: type) -> dict:
    import typing
    hints = typing.get_type_hints(cls)
    out = {"t": cls.__name__}
    for name in ev._required(cls):
        tp = hints[name]
        out[name] = _GOOD.get(tp, _GOOD.get(typing.get_args(tp)[0] if typing.get_args(tp) else None, "kyra"))
    return out


def _fields():
    return [(cls, name) for cls in ev.EVENT_TYPES.values() for name in ev._schema(cls)]


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(_fields()), values)
def test_a_field_is_refused_exactly_when_its_check_refuses_it_and_read_as_the_dataclass_reads_it(where, value):
    cls, name = where
    data = {**_filled(cls), name: value}
    problem = ev._schema(cls)[name](value, 0)
    if problem:
        with pytest.raises(ev.EventDecodeError) as err:
            ev.event_from_dict(data)
        assert str(err.value) == f"{cls.__name__} {name}: {problem}"
        return
    got = ev.event_from_dict(data)
    made = cls(**{k: v for k, v in data.items() if k != "t"})
    assert type(got) is cls and got == made and repr(got) == repr(made)
    assert not isinstance(getattr(got, name), list)  # lists become tuples, as __post_init__ makes them


def test_the_usual_refusals_name_the_field_and_what_it_expects():
    cases = [
        ({"t": "PoolSet", "id": "kyra", "pool": "hp", "value": True}, "PoolSet value: expected a whole number, not True"),
        ({"t": "PoolSet", "id": "kyra", "pool": "hp", "value": 2**60}, "out of range"),
        ({"t": "TurnClockStarted", "who": "kyra", "at": math.nan}, "TurnClockStarted at: nan is out of range"),
        ({"t": "TurnStarted", "id": ["kyra"], "round": 1}, "TurnStarted id: expected text, not ['kyra']"),
        ({"t": "Said", "msg": ["not", "a", "table"]}, "Said msg: expected a table"),
        ({"t": "Said", "msg": {"a": {1: "x"}}}, "Said msg: a: expected text keys, not 1"),
        ({"t": "MarkSet", "id": "kyra", "key": "k", "value": DEEP},
         "nested deeper than 48"),
        ({"t": "TurnStarted", "id": "kyra"}, "a TurnStarted event without its round"),
        ({"t": "TurnStarted", "id": "kyra", "round": 1, "hp": 3}, "a TurnStarted event has no field 'hp'"),
    ]
    for data, why in cases:
        with pytest.raises(ev.EventDecodeError, match=None) as err:
            ev.event_from_dict(data)
        assert why in str(err.value), (data, str(err.value))


def test_defaults_are_fresh_and_lists_are_tuples_all_the_way_down():
    one = ev.event_from_dict({"t": "Said", "msg": {"id": "x", "a": {"n": ["num", [1, [2]]]}}})
    assert one.msg == {"id": "x", "a": {"n": ("num", (1, (2,)))}}
    assert one.detail == {} and one == ev.Said(msg={"id": "x", "a": {"n": ["num", [1, [2]]]}})
    other = ev.event_from_dict({"t": "Said"})
    assert other.msg is not one.detail  # a default_factory's value is made for each event
