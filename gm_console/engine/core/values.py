"""One equality, hash and repr for families of frozen dataclasses (the events, a verb's kinds
of argument).

Python 3.11 writes each dataclass's methods as source and compiles them one by one; for the
thirty-odd events and the dozen argument kinds, equality, hash and repr were a third of the
time those modules took to load, before every first frame. The family's base class inherits
them from ``ByValue`` instead, written once, meaning what dataclasses would have written: equal
when the class and every field's value are the same; the hash of those values; and
``Kind(field=value, ...)``. Declare each member with ``by_value`` (and the base class too:
a plain ``@dataclass`` would write an equality over the base's own fields only).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from types import MemberDescriptorType
from typing import Any, Callable

#: a frozen dataclass whose equality, hash and repr are ByValue's
by_value = dataclass(frozen=True, eq=False, repr=False)
#: the same with its fields in slots, no dictionary per instance: for the events, which a long
#: fight holds by the thousand (5,385 distinct ones in a 10,000-action fight: 1.1 MiB less)
by_value_slots = dataclass(frozen=True, eq=False, repr=False, slots=True)

_NAMES: dict[type, tuple[str, ...]] = {}


def field_names(cls: type) -> tuple[str, ...]:
    """The dataclass's field names, worked out once per class (a long save asks thousands of times)."""
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(f.name for f in fields(cls))
    return names


def field_setter(cls: type, name: str) -> Callable[[Any, Any], None]:
    """What puts a value into a field of a new instance of ``cls`` (frozen: its own
    ``__setattr__`` refuses): the slot's own setter, or ``object.__setattr__`` for a class
    with a dictionary (a plugin's plain dataclass)."""
    setter = _SETTERS.get((cls, name))
    if setter is None:
        slot = getattr(cls, name, None)
        if isinstance(slot, MemberDescriptorType):
            setter = slot.__set__
        else:
            def setter(obj: Any, value: Any) -> None:
                object.__setattr__(obj, name, value)
        _SETTERS[(cls, name)] = setter
    return setter


_SETTERS: dict[tuple[type, str], Callable[[Any, Any], None]] = {}


class ByValue:
    __slots__ = ()

    def _values(self) -> tuple:
        return tuple(getattr(self, n) for n in field_names(type(self)))

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self._values() == other._values()  # type: ignore[attr-defined]
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        return f"{type(self).__qualname__}({', '.join(f'{n}={getattr(self, n)!r}' for n in field_names(type(self)))})"
