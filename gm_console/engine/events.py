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

import dataclasses
from dataclasses import dataclass, field
from typing import Any, ClassVar, Mapping

EVENT_TYPES: dict[str, type["Event"]] = {}


@dataclass(frozen=True)
class Event:
    kind: ClassVar[str] = "Event"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
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
            out[f.name] = _plain(value)
        return out


_FIELDS: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls))
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
    """Rebuild an event from its save-file form; unknown types are an error, not a skip."""
    try:
        kind = data["t"]
    except (KeyError, TypeError):
        raise EventDecodeError(f"event without a type: {data!r}") from None
    cls = EVENT_TYPES.get(kind)
    if cls is None:
        raise EventDecodeError(f"unknown event type {kind!r}")
    kwargs = {k: v for k, v in data.items() if k != "t"}
    try:
        return cls(**kwargs)
    except TypeError as exc:
        raise EventDecodeError(f"bad {kind} event: {exc}") from None


# --- roster -----------------------------------------------------------------


@dataclass(frozen=True)
class CombatantAdded(Event):
    id: str
    name: str
    stats: Mapping[str, Any] = field(default_factory=dict)
    pools: Mapping[str, Any] = field(default_factory=dict)  # name -> [value, max]
    side: str = "foe"  # "pc" | "ally" | "foe"
    category: str = "creature"  # "creature" | "vehicle" | ruleset-defined


@dataclass(frozen=True)
class CombatantRemoved(Event):
    id: str


@dataclass(frozen=True)
class Renamed(Event):
    id: str
    name: str


@dataclass(frozen=True)
class StatsSet(Event):
    """Merge stats into the block; a value of None removes the key."""

    id: str
    stats: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class PoolSet(Event):
    id: str
    pool: str
    value: int
    max: int | None = None
    delta: int = 0  # for the log only: how much it moved
    rule: str = ""


@dataclass(frozen=True)
class PoolRemoved(Event):
    """A transient pool is gone (AGE stunt points once spent or lapsed)."""

    id: str
    pool: str


@dataclass(frozen=True)
class SideSet(Event):
    id: str
    side: str


# --- initiative and turns ---------------------------------------------------


@dataclass(frozen=True)
class InitiativeSet(Event):
    id: str
    value: float | None
    tiebreak: tuple = ()
    roll: str = ""


@dataclass(frozen=True)
class OrderSet(Event):
    """The whole turn order (slots, delaying combatants included)."""

    order: tuple = ()
    reason: str = ""


@dataclass(frozen=True)
class CombatStarted(Event):
    pass


@dataclass(frozen=True)
class RoundStarted(Event):
    round: int


@dataclass(frozen=True)
class TurnStarted(Event):
    id: str
    round: int


@dataclass(frozen=True)
class TurnResumed(Event):
    """An interrupted turn continues (someone acted before it): no start-of-turn rules again."""

    id: str


@dataclass(frozen=True)
class TurnEnded(Event):
    id: str


@dataclass(frozen=True)
class TurnRewound(Event):
    """`prev`: the GM steps back to an earlier turn without undoing what happened."""

    id: str
    round: int
    reopen: tuple = ()  # whose turns count as not yet ended again


@dataclass(frozen=True)
class CombatEnded(Event):
    pass


@dataclass(frozen=True)
class Delayed(Event):
    id: str
    round: int
    count: float | None = None


@dataclass(frozen=True)
class DelayEnded(Event):
    id: str
    reason: str = "resumed"  # resumed | forfeit | removed


@dataclass(frozen=True)
class Readied(Event):
    id: str
    trigger: str
    round: int


@dataclass(frozen=True)
class ReadyEnded(Event):
    id: str
    reason: str = "triggered"  # triggered | dropped | lapsed


# --- health, conditions, ruleset data --------------------------------------


@dataclass(frozen=True)
class LifeSet(Event):
    id: str
    life: str
    rule: str = ""


@dataclass(frozen=True)
class ConditionAdded(Event):
    id: str
    uid: int
    cond: str
    rounds: int | None = None
    value: int | None = None
    clock: str | None = None
    source: str | None = None
    note: str = ""


@dataclass(frozen=True)
class ConditionChanged(Event):
    """New rounds/value/clock of one instance (all three are written, unchanged or not)."""

    id: str
    uid: int
    rounds: int | None = None
    value: int | None = None
    clock: str | None = None


@dataclass(frozen=True)
class ConditionRemoved(Event):
    id: str
    uid: int
    reason: str = "removed"
    cond: str = ""  # removed | expired | replaced | healed | ...


@dataclass(frozen=True)
class MarkSet(Event):
    """Ruleset-private per-combatant data (dying countdown, stable kind...); None deletes."""

    id: str
    key: str
    value: Any = None


@dataclass(frozen=True)
class EncounterMarkSet(Event):
    key: str
    value: Any = None


@dataclass(frozen=True)
class OptionSet(Event):
    key: str
    value: Any = None


@dataclass(frozen=True)
class TimePassed(Event):
    seconds: int


# --- log-only ---------------------------------------------------------------


@dataclass(frozen=True)
class Rolled(Event):
    expr: str
    total: int
    dice: tuple = ()  # natural results, in order
    purpose: str = ""
    who: str | None = None
    hidden: bool = False
    text: str = ""


@dataclass(frozen=True)
class Note(Event):
    text: str


@dataclass(frozen=True)
class Said(Event):
    """An explanation for the log, in English and Spanish, with the rule that produced it."""

    en: str
    es: str = ""
    rule: str = ""
    who: str | None = None
    gm_only: bool = False
