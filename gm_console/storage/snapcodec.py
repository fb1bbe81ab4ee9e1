"""A replayed session as JSON and back: the snapshot's body (snapshot.py).

Data only: what JSON holds (text, numbers, true/false, null, lists, tables) and, tagged by a
``"~"`` key, the few shapes JSON lacks that the state uses (tuples, sets, tables with keys
that are not text, TOML's dates) and the engine's own plain classes, made from their fields.
The classes are a closed list (the state's, an action's, the events by their type name); a
name outside it, a field a class does not have, or a field it needs missing is a ValueError
or TypeError, and the snapshot is not used. Nothing read here can name a function or a module.

The state and its checkpoints round-trip exactly (a tuple stays a tuple, a set a set, an
integer key an integer), so a session reopened from its snapshot equals the one its log
replays to (tests/test_storage_snapshot.py holds it to that for any history).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import zlib
from typing import Any, Callable, Mapping

from gm_console.engine.core.events import EVENT_TYPES, Event
from gm_console.engine.language.session import Entry
from gm_console.engine.core.values import field_setter
from gm_console.engine.core.state import Combatant, ConditionInstance, Delay, EncounterState, Pool, Ready

from .codec import Document

TAG = "~"
CLASSES: dict[str, type] = {cls.__name__: cls for cls in (EncounterState, Combatant, Pool, ConditionInstance,
                                                          Delay, Ready)}
_FIELDS = {cls: tuple(f.name for f in dataclasses.fields(cls)) for cls in CLASSES.values()}
_TIMES: dict[str, Callable[[str], Any]] = {"datetime": dt.datetime.fromisoformat, "date": dt.date.fromisoformat,
                                           "time": dt.time.fromisoformat}
HEADER = ("format", "ruleset", "name", "created", "options", "extra", "read_format", "appendable")
SESSION_KEYS = ("base", "state", "done", "undone", "events", "checkpoints", "next_n")


# -- writing ----------------------------------------------------------------------------------
def encode(value: Any) -> Any:
    """``value`` as JSON data; a value of a kind not listed above is a TypeError (no snapshot)."""
    kind = type(value)
    if value is None or kind in (str, int, float, bool):
        return value
    if kind is list:
        return [encode(v) for v in value]
    if kind is dict:
        if TAG not in value and all(type(k) is str for k in value):
            return {k: encode(v) for k, v in value.items()}
        return {TAG: "map", "i": [[encode(k), encode(v)] for k, v in value.items()]}
    if kind is tuple:
        return {TAG: "tuple", "i": [encode(v) for v in value]}
    if kind in (set, frozenset):
        return {TAG: kind.__name__, "i": [encode(v) for v in value]}
    if kind in _FIELDS:
        return {TAG: kind.__name__, "f": {name: encode(getattr(value, name)) for name in _FIELDS[kind]}}
    if kind in (dt.datetime, dt.date, dt.time):
        return {TAG: kind.__name__, "v": value.isoformat()}
    raise TypeError(f"a snapshot cannot hold a {kind.__name__}")


def encode_session(frozen: Mapping[str, Any]) -> tuple[dict[str, Any], list[Any]]:
    """``Session.frozen()`` as JSON data, and its checkpoints' states apart (``checkpoints``
    holds their keys): each is read only when an undo first needs it. The actions' events are
    written once each in ``events`` and named by their place there: a fight repeats many (the
    same turn ending, the same condition ticking), and an event is immutable, so one made once
    serves them all."""
    places: dict[str, int] = {}
    events: list[dict[str, Any]] = []

    def entry(e: Entry, after: int) -> list[Any]:
        refs = []
        for event in e.events:
            data = event.to_dict()
            key = json.dumps(data, separators=(",", ":"))  # a class writes its fields in one order
            place = places.get(key)
            if place is None:
                place = places[key] = len(events)
                events.append(data)
            refs.append(place)
        row = [e.line, e.round, refs]
        return row if e.n == after + 1 else [e.n, *row]

    def entries(done: list[Entry]) -> list[list[Any]]:
        """Each action as [line, round, events], its number only when it is not the one before's
        plus one (after an undo and a new action): ``_entries`` counts them again."""
        out, after = [], 0
        for e in done:
            out.append(entry(e, after))
            after = e.n
        return out

    return {
        "base": encode(frozen["base"]),
        "state": encode(frozen["state"]),
        "done": entries(frozen["done"]),
        "undone": entries(frozen["undone"]),
        "events": events,
        "checkpoints": list(frozen["checkpoints"]),
        "next_n": frozen["next_n"],
    }, [encode(v) for v in frozen["checkpoints"].values()]


def encode_document(doc: Document) -> dict[str, Any]:
    """The save's header (its records are in the session)."""
    return {name: encode(getattr(doc, name)) for name in HEADER}


# -- reading ----------------------------------------------------------------------------------
def decode(value: Any, texts: dict[str, str] | None = None) -> Any:
    """JSON data as the values it was written from; ``texts``: the texts already read, so that
    one met again (a condition's name on 200 combatants) is held once."""
    kind = type(value)
    if kind is list:
        return [decode(v, texts) for v in value]
    if kind is not dict:
        return texts.setdefault(value, value) if kind is str and texts is not None else value
    tag = value.get(TAG)
    if tag is None:
        return {k: decode(v, texts) for k, v in value.items()}
    if tag == "tuple":
        return tuple(decode(v, texts) for v in value["i"])
    if tag == "map":
        return {_key(decode(k, texts)): decode(v, texts) for k, v in value["i"]}
    if tag == "set":
        return {_key(decode(v, texts)) for v in value["i"]}
    if tag == "frozenset":
        return frozenset(_key(decode(v, texts)) for v in value["i"])
    if tag in _TIMES:
        return _TIMES[tag](_text(value["v"]))
    cls = CLASSES.get(tag) if type(tag) is str else None
    if cls is None:
        raise ValueError(f"not a shape a snapshot holds: {tag!r}")
    fields = value["f"]
    if type(fields) is not dict:
        raise ValueError(f"a {tag} without its fields")
    return cls(**{_text(k): decode(v, texts) for k, v in fields.items()})


def _key(value: Any) -> Any:
    hash(value)  # a list where a key goes: a TypeError, not a snapshot
    return value


def _text(value: Any) -> str:
    if type(value) is not str:
        raise ValueError("text expected")
    return value


def event(data: Mapping[str, Any], texts: dict[str, str] | None = None) -> Event:
    """An event from its save-file form (``Event.to_dict``), by its type's own fields: what the
    event's constructor would make (lists frozen to tuples), without running it, since a long
    fight holds tens of thousands (a third of the snapshot's load). The keyed checksum already
    proved the values are the ones a checked replay gave; their names are checked here.
    ``texts``: the texts already read, so that a value met again (the same combatant, the
    same condition, the same message, thousands of times) is held once."""
    if type(data) is not dict:
        raise ValueError("an event must be a table")
    maker = _MAKERS.get(data.get("t"))  # type: ignore[arg-type]
    if maker is None:
        raise ValueError("an event of no known type")
    return maker(data, {} if texts is None else texts)


def _maker(cls: type[Event]) -> Callable[[dict[str, Any], dict[str, str]], Event]:
    fields = dataclasses.fields(cls)
    names = frozenset(f.name for f in fields) | {"t"}
    required = frozenset(f.name for f in fields if f.default is dataclasses.MISSING
                         and f.default_factory is dataclasses.MISSING)
    plain = {f.name: f.default for f in fields if f.default is not dataclasses.MISSING}
    factories = [(f.name, _empty if f.default_factory is dict else f.default_factory) for f in fields
                 if f.default_factory is not dataclasses.MISSING]
    new = object.__new__
    put = {f.name: field_setter(cls, f.name) for f in fields}  # its fields are slots (values.by_value_slots)
    put["t"] = lambda obj, value: None  # the type's name: the class says it

    def make(data: dict[str, Any], texts: dict[str, str]) -> Event:
        if not names.issuperset(data) or not required.issubset(data):
            raise ValueError(f"not the fields of a {cls.__name__}")
        obj = new(cls)
        for name, value in plain.items():
            if name not in data:
                put[name](obj, value)
        for name, factory in factories:
            if name not in data:
                put[name](obj, factory())
        for name, value in data.items():
            kind = type(value)
            put[name](obj, texts.setdefault(value, value) if kind is str  # type: ignore[arg-type]
                      else _held(value, texts) if kind in (list, dict) else value)
        return obj

    return make


_EMPTY: dict[str, Any] = {}  # an event's tables are read, never changed (Mapping): one empty one serves all


def _empty() -> dict[str, Any]:
    return _EMPTY


def _held(value: Any, texts: dict[str, str]) -> Any:
    """What ``_frozen`` makes of an event's list or table (its lists as tuples), with each text
    in it held once (``texts``) and every empty table the same one: a roll's purpose names the
    same game, message and argument names five hundred times, and a condition carries two
    empty tables (a 10,000-action fight: 0.4 MiB less)."""
    kind = type(value)
    if kind is str:
        return texts.setdefault(value, value)
    if kind is list:
        return tuple([_held(v, texts) for v in value])
    if kind is dict:
        return {k: _held(v, texts) for k, v in value.items()} if value else _EMPTY
    return value


_MAKERS = {name: _maker(cls) for name, cls in EVENT_TYPES.items()}


def _entries(data: Any, events: list[Event]) -> list[Entry]:
    """The actions, made as ``Entry``'s constructor would make them, without running it (ten
    thousand in a long fight). An action's number is the one before's plus one unless its row
    says it: counted here, ten thousand numbers are made together, after the text is read,
    instead of among the numbers the read makes and drops (the events' places), whose room
    they held on to (a 10,000-action fight: 1 MiB of memory)."""
    out = []
    new = object.__new__
    set_n, set_line, set_round, set_events = (field_setter(Entry, name) for name in ("n", "line", "round", "events"))
    # a fight types the same lines and does the same things again and again: each line, and
    # each list of events, is held once (a third of them are new in a long fight)
    lines: dict[str, str] = {}
    made: dict[tuple[int, ...], tuple[Event, ...]] = {}
    n = 0
    for row in data:
        if type(row) is not list or len(row) not in (3, 4):
            raise ValueError("not an action")
        if len(row) == 4:
            n, line, round_, refs = row
        else:
            n += 1
            line, round_, refs = row
        if type(n) is not int or type(line) is not str or type(round_) is not int or type(refs) is not list:
            raise ValueError("not an action")
        entry = new(Entry)
        set_n(entry, n)
        set_line(entry, lines.setdefault(line, line))
        set_round(entry, round_)
        refs = tuple(refs)
        these = made.get(refs)
        if these is None:
            these = made[refs] = tuple([events[i] for i in refs])
        set_events(entry, these)
        out.append(entry)
    return out


def session(data: Any, checkpoints: list[bytes]) -> dict[str, Any]:
    """What ``Session.thawed`` takes, from ``encode_session``'s data and its checkpoints'
    states, each as the JSON text it was written as: a checkpoint is the function that reads
    its state, called when an undo first needs it (two full states a first frame never shows:
    a quarter of the load of 200 combatants, and their memory)."""
    if type(data) is not dict or set(data) != set(SESSION_KEYS):
        raise ValueError("not a session")
    texts: dict[str, str] = {}
    base, state = decode(data["base"], texts), decode(data["state"], texts)
    keys = data["checkpoints"]
    if not all(type(s) is EncounterState for s in (base, state)) or type(keys) is not list \
            or len(keys) != len(checkpoints) or not all(type(k) is int for k in keys) \
            or type(data["next_n"]) is not int:
        raise ValueError("not a session")
    events = [event(e, texts) for e in data["events"]]
    return {"base": base, "state": state, "done": _entries(data["done"], events),
            "undone": _entries(data["undone"], events),
            "checkpoints": {k: _later(text) for k, text in zip(keys, checkpoints)}, "next_n": data["next_n"]}


def _later(text: bytes) -> Callable[[], EncounterState]:
    """The function that reads a checkpoint's state from its JSON text, kept compressed until
    then (a 200-combatant state: 283 KiB of text, 13 KiB compressed in 0.6 ms)."""
    packed = zlib.compress(text, 1)

    def state() -> EncounterState:
        value = decode(json.loads(zlib.decompress(packed)))
        if type(value) is not EncounterState:
            raise ValueError("not a checkpoint")
        return value

    return state


def document(data: Any) -> Document:
    if type(data) is not dict or set(data) != set(HEADER):
        raise ValueError("not a save's header")
    fields = {name: decode(data[name]) for name in HEADER}
    if type(fields["ruleset"]) is not str or type(fields["options"]) is not dict or type(fields["extra"]) is not dict:
        raise ValueError("not a save's header")
    return Document(**fields)
