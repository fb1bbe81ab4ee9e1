"""The event vocabulary: every change to an encounter is one of these.

Events are frozen dataclasses holding plain data (str, int, float, bool, None,
tuples and dicts of those), so a save file can store them as JSON and a fold
of them rebuilds the exact state. Rulesets express *all* their rules with this
vocabulary (``MarkSet`` carries ruleset-private data), which is why the save
codec never needs a ruleset to read a file.

``Said`` is the exception that proves the rule: it changes nothing, it is the
sentence a GM reads in the log ("Kyra: Con check 11+1-3 = 9 vs DC 10, fails").
"""

from __future__ import annotations

import collections.abc
import dataclasses
import math
import types
import typing
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Mapping

from .values import ByValue, by_value_slots, field_setter
from .values import field_names as _field_names

EVENT_TYPES: dict[str, type["Event"]] = {}


@by_value_slots
class Event(ByValue):
    kind: ClassVar[str] = "Event"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super(Event, cls).__init_subclass__(**kwargs)  # not super(): slots make the class anew
        cls.kind = cls.__name__
        EVENT_TYPES[cls.__name__] = cls

    def __post_init__(self) -> None:
        # Lists become tuples so an event read back from a save equals the one written.
        for name in _field_names(type(self)):
            value = getattr(self, name)
            if isinstance(value, (list, dict)):
                object.__setattr__(self, name, _frozen(value))

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"t": self.kind}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if value == f.default and f.default is not dataclasses.MISSING:
                continue
            if f.name in _OMITTED_EMPTY and not value:  # a sentence without a detail says nothing more
                continue
            out[f.name] = _plain(value)
        return out


_REQUIRED: dict[type, tuple[str, ...]] = {}
#: fields left out of the save when empty (``Said.detail``, ``Said.msg`` of an old sentence,
#: ``Rolled.why`` of a purpose the GM typed): they default to empty
_OMITTED_EMPTY = frozenset({"detail", "msg", "why", "mod_types"})


def _required(cls: type) -> tuple[str, ...]:
    """The fields without a default, once per class: a 10,000-action save asks 40,000 times."""
    names = _REQUIRED.get(cls)
    if names is None:
        names = _REQUIRED[cls] = tuple(f.name for f in dataclasses.fields(cls) if f.default is dataclasses.MISSING
                                       and f.default_factory is dataclasses.MISSING)
    return names


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


def _frozen(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        return {k: _frozen(v) for k, v in value.items()}
    return value


class EventDecodeError(ValueError):
    pass


def event_from_dict(data: Mapping[str, Any]) -> Event:
    """Rebuild an event from its save-file form; unknown types are an error, not a skip.

    The save may have been edited by hand, so every field is checked against the dataclass
    annotations below (they are the schema) before the event exists: a pool of "abc", a
    count of 1e400 or a list where a name goes is refused here, in one line, instead of
    crashing whatever reads the state later.

    Each event type has its decoder, worked out once from its annotations (``_Decoder``): a
    text, whole-number or yes/no field is checked by one type test in place, the rest by the
    schema's check; the event is then made with its lists as tuples (``__post_init__``'s
    work, done while checking). A 500-save campaign record decodes some two million events.
    """
    try:
        kind = data["t"]
    except (KeyError, TypeError, IndexError):
        raise EventDecodeError(f"event without a type: {shown(data)}") from None
    decoder = _DECODERS.get(kind) if kind.__class__ is str else None
    if decoder is None:
        cls = EVENT_TYPES.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise EventDecodeError(f"unknown event type {shown(kind)}")
        decoder = _DECODERS[kind] = _Decoder(cls)
    if data.__class__ is dict:
        return decoder.fast(data)
    if not isinstance(data, _TABLE):
        raise EventDecodeError(f"a {kind} event must be a table of fields")
    return decoder(data)


class _Decoder:
    """One event type's decoder: the checks of its fields, its defaults, how it is made."""

    def __init__(self, cls: type) -> None:
        self.cls, self.kind = cls, cls.__name__
        self.schema = _schema(cls)
        hints = typing.get_type_hints(cls)
        #: field -> the types its value is checked against in place (a text, a whole number...)
        self.simple: dict[str, tuple[type, ...]] = {}
        for name in self.schema:
            quick = _quick_types(hints[name])
            if quick is not None:
                self.simple[name] = quick
        #: field -> the type a free-form field (Any, or a table of Any) must be: checked and frozen in one walk
        self.plain: dict[str, type | None] = {}
        for name in self.schema:
            tp = hints[name]
            if tp is Any:
                self.plain[name] = None
            elif typing.get_origin(tp) in (Mapping, collections.abc.Mapping, dict) and \
                    typing.get_args(tp) == (str, Any):
                self.plain[name] = dict
        self.required = _required(cls)
        self.defaults: dict[str, Any] = {}
        self.factories: dict[str, Callable[[], Any]] = {}
        for f in dataclasses.fields(cls):
            if f.default is not dataclasses.MISSING:
                self.defaults[f.name] = f.default
            elif f.default_factory is not dataclasses.MISSING:
                self.factories[f.name] = f.default_factory
        # Made directly when its __init__ is the one dataclass wrote (compiled from a string: it
        # only sets the fields) and its __post_init__ only freezes lists, as the decoder does.
        init = getattr(cls.__init__, "__code__", None)
        self.direct = cls.__post_init__ is Event.__post_init__ and init is not None and \
            init.co_filename == "<string>"
        self.fast = self._compiled() if self.direct else self.__call__

    def _compiled(self) -> Callable[[Mapping[str, Any]], Event]:
        """The usual case as one function written for this event type: every field present is
        of its exact type (a text, a number within LIMIT, free-form data ``_plain_frozen``
        takes...) and no field is unknown or missing. At anything else it hands the data to
        ``__call__``, which accepts it the same or names what is wrong. The function's text is
        made from the class's annotations alone, never from what a save holds."""
        env: dict[str, Any] = {"CLS": self.cls, "SLOW": self.__call__, "NEW": object.__new__, "L": LIMIT,
                               "NOTPLAIN": _NotPlain, "PLAIN": _plain_frozen, "FROZEN": _frozen,
                               "ALLOWED": frozenset(self.schema) | {"t"}, "MISSING": dataclasses.MISSING}
        body = ["def decode(data):", "    if not data.keys() <= ALLOWED:", "        return SLOW(data)"]
        for i, name in enumerate(self.schema):
            assert name.isidentifier()
            quick = self.simple.get(name)
            if name in self.defaults:
                env[f"D{i}"] = self.defaults[name]
                body.append(f"    v = data.get({name!r}, D{i})")
            else:
                body.append(f"    v = data.get({name!r}, MISSING)")
                body.append("    if v is MISSING:")
                if name in self.factories:
                    env[f"F{i}"] = self.factories[name]
                    body.append(f"        x{i} = F{i}()")
                else:
                    body.append("        return SLOW(data)")
                body.append("    else:")
            pad = "    " if name in self.defaults else "        "
            if quick is not None:
                test = " or ".join(f"v.__class__ is {t.__name__ if t is not type(None) else 'type(None)'}"
                                   for t in quick)
                if any(t in _NUMBERS for t in quick):
                    test = f"({test}) and (v.__class__ is not int and v.__class__ is not float or -L <= v <= L)"
                body += [f"{pad}if not ({test}):", f"{pad}    return SLOW(data)", f"{pad}x{i} = v"]
            elif name in self.plain:
                env[f"C{i}"] = self.plain[name]
                body += [f"{pad}if C{i} is not None and v.__class__ is not C{i}:", f"{pad}    return SLOW(data)",
                         f"{pad}try:", f"{pad}    x{i} = PLAIN(v, 0)", f"{pad}except NOTPLAIN:",
                         f"{pad}    return SLOW(data)"]
            else:
                env[f"K{i}"] = self.schema[name]
                body += [f"{pad}if K{i}(v, 0) is not None:", f"{pad}    return SLOW(data)",
                         f"{pad}x{i} = FROZEN(v) if isinstance(v, (list, dict)) else v"]
        body.append("    event = NEW(CLS)")  # then each field into its slot (values.by_value_slots)
        for i, name in enumerate(self.schema):
            env[f"S{i}"] = field_setter(self.cls, name)
            body.append(f"    S{i}(event, x{i})")
        body.append("    return event")
        exec("\n".join(body), env)  # noqa: S102 - our own annotations' code, see above
        return env["decode"]

    def __call__(self, data: Mapping[str, Any]) -> Event:
        simple, schema = self.simple, self.schema
        values = dict(self.defaults)
        for name, value in data.items():
            if name == "t":
                continue
            quick = simple.get(name)
            if quick is not None and value.__class__ in quick and (  # exactly int: true is refused below
                    value.__class__ not in _NUMBERS or -LIMIT <= value <= LIMIT):  # false for nan
                values[name] = value
                continue
            if name in self.plain and (self.plain[name] is None or value.__class__ is dict):
                try:
                    values[name] = _plain_frozen(value, 0)
                    continue
                except _NotPlain:
                    pass  # its check says what is wrong, or (a table of another kind) that nothing is
            check = schema.get(name)
            if check is None:
                raise EventDecodeError(f"a {self.kind} event has no field {shown(name)}; its fields: {', '.join(schema)}")
            problem = check(value, 0)
            if problem:
                raise EventDecodeError(f"{self.kind} {name}: {problem}")
            values[name] = _frozen(value) if isinstance(value, (list, dict)) else value
        if len(values) < len(schema):
            missing = [name for name in self.required if name not in values]
            if missing:
                raise EventDecodeError(f"a {self.kind} event without its {', '.join(missing)}")
            for name, factory in self.factories.items():
                if name not in values:
                    values[name] = factory()
        if not self.direct:
            return self.cls(**values)
        event = object.__new__(self.cls)
        for name, value in values.items():  # what the frozen dataclass's __init__ and __post_init__ would set
            field_setter(self.cls, name)(event, value)
        return event


_DECODERS: dict[str, _Decoder] = {}
_NUMBERS = (int, float)


class _NotPlain(Exception):
    """A value ``_plain_frozen`` does not take as it is: the field's check looks at it."""


def _plain_frozen(v: Any, depth: int) -> Any:
    """Free-form data as JSON reads it, checked as ``plain_problem`` checks it and with its
    lists as tuples (``_frozen``), in one walk; _NotPlain at anything else."""
    c = v.__class__
    if c is str or c is bool or v is None:
        return v
    if c is int or c is float:
        if -LIMIT <= v <= LIMIT:  # false for nan
            return v
        raise _NotPlain
    if depth >= MAX_NESTING:
        raise _NotPlain
    if c is list:
        return tuple([_plain_frozen(x, depth + 1) for x in v])
    if c is dict:
        out = {}
        for k, x in v.items():
            if k.__class__ is not str:
                raise _NotPlain
            out[k] = _plain_frozen(x, depth + 1)
        return out
    raise _NotPlain


def _quick_types(tp: Any) -> tuple[type, ...] | None:
    """The exact types a value of annotation ``tp`` is accepted as by one test, or None: text,
    true or false, a number (within LIMIT, tested by the caller), null, and unions of them."""
    quick = {str: (str,), bool: (bool,), int: (int,), float: _NUMBERS, type(None): (type(None),)}
    if tp in quick:
        return quick[tp]
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        out: tuple[type, ...] = ()
        for arg in typing.get_args(tp):
            if arg not in quick:
                return None
            out += quick[arg]
        return out
    return None


# --- the schema, read from the annotations -------------------------------------------

#: the largest whole number any JSON or TOML reader holds exactly; beyond it is a typo
LIMIT = 2**53
#: how deep free-form data (marks, options, a log line's message and its arguments) may nest;
#: an attack's detail (its roll, a breakdown whose labels hold labels) reaches about 24, and
#: the save's writer checks every event against this (storage/codec.py), so a save the program
#: writes is one it reads back
MAX_NESTING = 48

_TABLE = collections.abc.Mapping  # typing.Mapping in isinstance is several times slower
_Check = Callable[[Any, int], "str | None"]  # (value, depth) -> what is wrong, or None
_SCHEMAS: dict[type, dict[str, _Check]] = {}


def _schema(cls: type) -> dict[str, _Check]:
    schema = _SCHEMAS.get(cls)
    if schema is None:
        hints = typing.get_type_hints(cls)
        schema = _SCHEMAS[cls] = {name: checker_for(hints[name]) for name in _field_names(cls)}
    return schema


def shown(value: Any) -> str:
    """A value quoted in an error: one short line, whatever a hand edit put there."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def checker_for(tp: Any) -> _Check:
    """A check for one annotation: str, int, float, bool, None, X | Y, tuple[X, ...],
    tuple[X, Y], Mapping[str, X], bare tuple and Any (plain data)."""
    if tp is Any:
        return plain_problem
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        checks = [checker_for(a) for a in args]
        wanted = " or ".join(_wanted(a) for a in args)
        return lambda v, d: None if any(c(v, d) is None for c in checks) else f"expected {wanted}, not {shown(v)}"
    if tp is tuple or origin is tuple:
        return _sequence_checker(args)
    if origin in (Mapping, collections.abc.Mapping, dict):
        return _mapping_checker(checker_for(args[1]) if args else plain_problem)
    if tp is type(None):
        return lambda v, d: None if v is None else f"expected null, not {shown(v)}"
    if tp in (str, int, float, bool):
        return lambda v, d: _scalar_problem(tp, v)
    raise TypeError(f"no check for the annotation {tp!r}")  # a new event needs a new case here


def _wanted(tp: Any) -> str:
    words = {str: "text", int: "a whole number", float: "a number", bool: "true or false",
             type(None): "null"}
    if tp in words:
        return words[tp]
    return "a table" if typing.get_origin(tp) in (Mapping, collections.abc.Mapping, dict) else "a list"


def _scalar_problem(tp: type, v: Any) -> str | None:
    if tp is str:
        ok = isinstance(v, str)
    elif tp is bool:
        ok = isinstance(v, bool)
    else:
        ok = isinstance(v, (int, float) if tp is float else int) and not isinstance(v, bool)
        if ok and not (math.isfinite(v) and -LIMIT <= v <= LIMIT):
            return f"{shown(v)} is out of range (at most {LIMIT:,} either way)"
    return None if ok else f"expected {_wanted(tp)}, not {shown(v)}"


def _sequence_checker(args: tuple) -> _Check:
    if not args:
        items: Callable[[int], _Check] = lambda i: plain_problem
    elif len(args) == 2 and args[1] is Ellipsis:
        one = checker_for(args[0])
        items = lambda i: one
    else:
        fixed = [checker_for(a) for a in args]
        items = lambda i: fixed[i]

    def check(v: Any, depth: int) -> str | None:
        if not isinstance(v, (list, tuple)):
            return f"expected a list, not {shown(v)}"
        if args and args[-1] is not Ellipsis and len(v) != len(args):
            return f"expected a list of {len(args)}, not {shown(v)}"
        if depth >= MAX_NESTING:
            return f"nested deeper than {MAX_NESTING}"
        for i, item in enumerate(v):
            problem = items(i)(item, depth + 1)
            if problem:
                return problem
        return None

    return check


def _mapping_checker(values: _Check) -> _Check:
    def check(v: Any, depth: int) -> str | None:
        if not isinstance(v, _TABLE):
            return f"expected a table, not {shown(v)}"
        if depth >= MAX_NESTING:
            return f"nested deeper than {MAX_NESTING}"
        for key, item in v.items():
            if not isinstance(key, str):
                return f"expected text keys, not {shown(key)}"
            problem = values(item, depth + 1)
            if problem:
                return f"{key}: {problem}"
        return None

    return check


def plain_problem(v: Any, depth: int) -> str | None:
    """Free-form data (Any): what JSON holds, bounded in size of numbers and in depth."""
    if v is None or isinstance(v, (str, bool)):
        return None
    if isinstance(v, (int, float)):
        return _scalar_problem(float, v)
    if isinstance(v, (list, tuple)):
        return _PLAIN_LIST(v, depth)
    if isinstance(v, _TABLE):
        return _PLAIN_TABLE(v, depth)
    return f"unexpected {shown(v)}"


_PLAIN_LIST = _sequence_checker(())
_PLAIN_TABLE = _mapping_checker(plain_problem)


# --- roster -----------------------------------------------------------------


@by_value_slots
class CombatantAdded(Event):
    id: str
    name: str
    stats: Mapping[str, Any] = field(default_factory=dict)
    pools: Mapping[str, tuple[int, int | None]] = field(default_factory=dict)  # name -> [value, max]
    side: str = "foe"  # "pc" | "ally" | "foe"
    category: str = "creature"  # "creature" | "vehicle" | ruleset-defined


@by_value_slots
class CombatantRemoved(Event):
    id: str


@by_value_slots
class Renamed(Event):
    id: str
    name: str
    was: str = ""  # the name it had: the log line reads "Goblin is now Goblin 1" whenever it is read


@by_value_slots
class StatsSet(Event):
    """Merge stats into the block; a value of None removes the key."""

    id: str
    stats: Mapping[str, Any] = field(default_factory=dict)


@by_value_slots
class PoolSet(Event):
    id: str
    pool: str
    value: int
    max: int | None = None
    delta: int = 0  # for the log only: how much it moved
    rule: str = ""
    was_max: int | None = None  # for the log only: the maximum before, when this changed it
    by: str | None = None  # who did it, when not the one whose turn it is (the summary's credit)


@by_value_slots
class PoolRemoved(Event):
    """A transient pool is gone (AGE stunt points once spent or lapsed)."""

    id: str
    pool: str


@by_value_slots
class SideSet(Event):
    id: str
    side: str


@by_value_slots
class HiddenSet(Event):
    """The GM hides a combatant from the players (an ambusher not yet seen) or reveals it."""

    id: str
    hidden: bool = True


# --- initiative and turns ---------------------------------------------------


@by_value_slots
class InitiativeSet(Event):
    """A combatant's initiative count; ``roll`` is the dice as rolled (numbers only, no words:
    the Rolled event beside it tells it in the reader's language), empty when the GM typed it."""

    id: str
    value: float | None
    tiebreak: tuple[float, ...] = ()
    roll: str = ""


@by_value_slots
class OrderSet(Event):
    """The whole turn order (slots, delaying combatants included)."""

    order: tuple[str, ...] = ()
    reason: str = ""


@by_value_slots
class CombatStarted(Event):
    pass


@by_value_slots
class RoundStarted(Event):
    round: int


@by_value_slots
class TurnStarted(Event):
    id: str
    round: int


@by_value_slots
class TurnResumed(Event):
    """An interrupted turn continues (someone acted before it): no start-of-turn rules again."""

    id: str


@by_value_slots
class TurnEnded(Event):
    id: str


@by_value_slots
class TurnRewound(Event):
    """`prev`: the GM steps back to an earlier turn without undoing what happened."""

    id: str
    round: int
    reopen: tuple[str, ...] = ()  # whose turns count as not yet ended again


@by_value_slots
class CombatEnded(Event):
    pass


@by_value_slots
class TurnClockStarted(Event):
    """The wall clock when ``who``'s turn began (seconds since 1970, UTC, as the front end read
    its clock when the GM pressed the key): the head's elapsed time and the summary's turn
    times. Written only when the command carried the time (``Session.run(at=...)``)."""

    who: str
    at: float


@by_value_slots
class TurnClockStopped(Event):
    """The wall clock when ``who``'s turn ended (its next turn, another's, the end of the
    fight). ``who``, not ``id``: a combatant removed during its turn still has its turn end."""

    who: str
    at: float


@by_value_slots
class TurnClockPaused(Event):
    """The turn clock of ``who`` stops without the turn ending (``clock pause``: the console
    closed, or a break): the time until ``TurnClockResumed`` is not the turn's."""

    who: str
    at: float


@by_value_slots
class TurnClockResumed(Event):
    """The paused turn clock of ``who`` goes on (``clock resume``: the console opened again)."""

    who: str
    at: float


@by_value_slots
class Delayed(Event):
    id: str
    round: int
    count: float | None = None


@by_value_slots
class DelayEnded(Event):
    id: str
    reason: str = "resumed"  # resumed | forfeit | removed


@by_value_slots
class Readied(Event):
    id: str
    trigger: str
    round: int


@by_value_slots
class ReadyEnded(Event):
    id: str
    reason: str = "triggered"  # triggered | dropped | lapsed


# --- health, conditions, ruleset data --------------------------------------


@by_value_slots
class LifeSet(Event):
    id: str
    life: str
    rule: str = ""


@by_value_slots
class ConditionAdded(Event):
    id: str
    uid: int
    cond: str
    rounds: int | None = None
    value: int | None = None
    clock: str | None = None
    source: str | None = None
    note: str = ""
    #: modifiers the GM typed with a free effect (``ac+2 attack+1``): figure -> delta
    mods: Mapping[str, int] = field(default_factory=dict)
    #: the bonus type of a typed modifier (``ac+1:deflection``): figure -> type; absent = untyped
    mod_types: Mapping[str, str] = field(default_factory=dict)
    #: a save that ends it (``save=will:15``): the save as the game names it, its DC, and when it
    #: is rolled: "start" or "end" of the affected's turn
    save: str = ""
    dc: int | None = None
    save_at: str = ""


@by_value_slots
class ConditionChanged(Event):
    """New rounds/value/clock of one instance (all three are written, unchanged or not)."""

    id: str
    uid: int
    rounds: int | None = None
    value: int | None = None
    clock: str | None = None


@by_value_slots
class ConditionRemoved(Event):
    id: str
    uid: int
    reason: str = "removed"
    cond: str = ""  # removed | expired | replaced | healed | ...


@by_value_slots
class MarkSet(Event):
    """Ruleset-private per-combatant data (dying countdown, stable kind...); None deletes."""

    id: str
    key: str
    value: Any = None


@by_value_slots
class EncounterMarkSet(Event):
    key: str
    value: Any = None


@by_value_slots
class OptionSet(Event):
    key: str
    value: Any = None


@by_value_slots
class TimePassed(Event):
    seconds: int


# --- log-only ---------------------------------------------------------------


@by_value_slots
class Rolled(Event):
    expr: str
    total: int
    dice: tuple[int, ...] = ()  # natural results, in order
    purpose: str = ""  # text the GM typed; before messages (format 2), the purpose in English
    who: str | None = None
    hidden: bool = False
    text: str = ""
    purpose_es: str = ""  # before messages: the purpose in Spanish, when it was a catalogue message
    why: Mapping[str, Any] = field(default_factory=dict)  # the purpose as a message (told.py)


@by_value_slots
class Note(Event):
    text: str


@by_value_slots
class Said(Event):
    """A sentence for the log, with the rule that produced it: a catalogue message and typed
    arguments (``msg``, and an optional ``detail`` after it), rendered when read, for the GM
    or the players, in their language (told.py). A save written before messages holds the
    sentence rendered (``en``, ``es``): the GM's alone, shown as written."""

    en: str = ""
    es: str = ""
    rule: str = ""
    who: str | None = None
    gm_only: bool = False
    msg: Mapping[str, Any] = field(default_factory=dict)
    detail: Mapping[str, Any] = field(default_factory=dict)

    def text(self, lang: str = "en") -> str:
        """The sentence as the GM reads it (its detail included, without the rule)."""
        if not self.msg:
            return self.es if lang == "es" and self.es else self.en
        from .told import Reader, joined_line, render

        reader = Reader(lang=lang)
        return joined_line(render(self.msg, reader) or "", render(self.detail, reader), "", reader)
