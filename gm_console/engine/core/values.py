"""Dataclasses made quickly (Python 3.11 writes each one's methods as source and compiles
them one by one, before every first frame), and one equality, hash and repr for families of
frozen dataclasses (the events, a verb's kinds of argument).

``dataclass`` is ``dataclasses.dataclass``, the same classes to every reader (``fields``,
``replace``, ``asdict``, pickling, subclassing, the same equality, hash, repr, ``__doc__`` and
errors; tests/test_values_dataclass.py compares them), made without compiling what needs no
compiling: equality, hash and repr, and a frozen class's ``__setattr__`` and ``__delattr__``,
are closures over the class and its fields' names; the docstring (the signature, which
``inspect`` works out slowly) is written when something first reads it. Only ``__init__``
is still compiled, by dataclasses itself. The frozen methods come from dataclasses' own
``_frozen_get_del_attr`` on Python 3.11 and 3.12 (a private function, so: only while one of
our classes is made, only where it has the shape those versions give it, and otherwise
dataclasses compiles them as before). Made so, the 110 dataclasses a start loads before its
first frame take some 30 ms less processor time (see docs/benchmarks.md). Anything unusual
(``order``, a ``weakref_slot``) is left to dataclasses as it is, and so is everything from
Python 3.13 on, which compiles a class's methods at once (and compares field by field).

A family's base class inherits equality, hash and repr from ``ByValue`` instead, written once,
meaning what dataclasses would have written: equal when the class and every field's value are
the same; the hash of those values; and ``Kind(field=value, ...)``. Declare each member with
``by_value`` (and the base class too: a plain ``@dataclass`` would write an equality over the
base's own fields only).
"""

from __future__ import annotations

import _thread
import dataclasses
import sys
from dataclasses import fields
from contextlib import contextmanager
from operator import attrgetter
from types import MemberDescriptorType
from typing import Any, Callable, Iterator


def dataclass(cls: type | None = None, /, *, init: bool = True, repr: bool = True, eq: bool = True,
              order: bool = False, unsafe_hash: bool = False, frozen: bool = False, match_args: bool = True,
              kw_only: bool = False, slots: bool = False, weakref_slot: bool = False) -> Any:
    """``dataclasses.dataclass``, made without compiling what needs no compiling (above)."""
    def wrap(cls: type) -> type:
        if order or weakref_slot:
            return dataclasses.dataclass(cls, init=init, repr=repr, eq=eq, order=order, unsafe_hash=unsafe_hash,
                                         frozen=frozen, match_args=match_args, kw_only=kw_only, slots=slots,
                                         weakref_slot=weakref_slot)
        own = cls.__dict__
        # what dataclasses reads before it adds anything: an equality, repr or hash of the
        # class's own is kept (a class body with __eq__ and no __hash__ has __hash__ = None)
        add_eq, add_repr = eq and "__eq__" not in own, repr and "__repr__" not in own
        class_hash = own.get("__hash__", dataclasses.MISSING)
        explicit_hash = not (class_hash is dataclasses.MISSING or (class_hash is None and "__eq__" in own))
        doc = None if own.get("__doc__") else _Doc()
        if doc is not None:
            cls.__doc__ = doc  # read by dataclasses below as "there is one": written when first read
        with _frozen_closures(frozen):
            cls = dataclasses.dataclass(cls, init=init, repr=False, eq=False, unsafe_hash=False, frozen=frozen,
                                        match_args=match_args, kw_only=kw_only, slots=slots)
        real = fields(cls)  # dataclasses' own list: the real fields, in order
        params = cls.__dataclass_params__  # what was asked, as dataclasses tells it
        params.repr, params.eq, params.unsafe_hash = repr, eq, unsafe_hash
        if add_repr:
            _method(cls, "__repr__", _repr([f.name for f in real if f.repr]))
        if add_eq:
            _method(cls, "__eq__", _eq(_getter([f.name for f in real if f.compare])))
        # dataclasses' table of when to add a hash, remove it, or refuse (bpo-32929)
        if unsafe_hash and explicit_hash:
            raise TypeError(f"Cannot overwrite attribute __hash__ in class {cls.__name__}")
        if unsafe_hash or (eq and frozen and not explicit_hash):
            hashed = [f.name for f in real if (f.hash is None and f.compare) or f.hash]
            _method(cls, "__hash__", _hash(_getter(hashed)))
        elif eq and not frozen and not explicit_hash:
            cls.__hash__ = None
        if doc is not None:
            doc.ready = True
        return cls

    return wrap if cls is None else wrap(cls)


#: what writes a frozen class's __setattr__ and __delattr__ in dataclasses (3.11, 3.12: compiled)
_COMPILED_FROZEN = getattr(dataclasses, "_frozen_get_del_attr", None)
if getattr(_COMPILED_FROZEN, "__code__", None) is None or (
        _COMPILED_FROZEN.__code__.co_varnames[:3] != ("cls", "fields", "globals")):
    _COMPILED_FROZEN = None  # another shape: dataclasses makes them its own way
_swapping = _thread.RLock()


@contextmanager
def _frozen_closures(frozen: bool) -> Iterator[None]:
    """While one class is made, dataclasses makes its frozen methods with ``_frozen_methods``."""
    if not frozen or _COMPILED_FROZEN is None:
        yield
        return
    with _swapping:
        dataclasses._frozen_get_del_attr = _frozen_methods
        try:
            yield
        finally:
            dataclasses._frozen_get_del_attr = _COMPILED_FROZEN


def _frozen_methods(cls: type, fields: list, globals: dict) -> tuple[Callable, Callable]:
    """What dataclasses compiles for a frozen class, as closures: any field, and anything at all
    of the class itself, refuses to be set or deleted."""
    names = tuple(f.name for f in fields)
    FrozenInstanceError = dataclasses.FrozenInstanceError

    def __setattr__(self, name, value):
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self, name):
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    __setattr__.__module__ = __delattr__.__module__ = cls.__module__
    return __setattr__, __delattr__


class _Doc:
    """The docstring dataclasses writes for a class without one (its name and the signature of
    its ``__init__``), worked out the first time it is read, then kept in the class."""

    ready = False  # the class is still being made: dataclasses only asks whether there is one

    def __get__(self, obj: Any, owner: type) -> str:
        if not self.ready:
            return "..."
        import inspect

        try:
            text = owner.__name__ + str(inspect.signature(owner)).replace(" -> None", "")
        except (TypeError, ValueError):
            text = owner.__name__
        owner.__doc__ = text
        return text


def _method(cls: type, name: str, fn: Callable) -> None:
    fn.__name__, fn.__qualname__, fn.__module__ = name, f"{cls.__qualname__}.{name}", cls.__module__
    setattr(cls, name, fn)


def _getter(names: list[str]) -> Callable[[Any], tuple]:
    """The tuple of an object's values for ``names``, as the compiled ``(self.a, self.b,)``."""
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        one = attrgetter(names[0])
        return lambda obj: (one(obj),)
    return lambda obj: ()


def _eq(values: Callable[[Any], tuple]) -> Callable:
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return values(self) == values(other)
        return NotImplemented

    return __eq__


def _hash(values: Callable[[Any], tuple]) -> Callable:
    def __hash__(self):
        return hash(values(self))

    return __hash__


def _repr(names: list[str]) -> Callable:
    running: set[tuple[int, int]] = set()

    def __repr__(self):
        key = id(self), _thread.get_ident()
        if key in running:  # the object inside itself
            return "..."
        running.add(key)
        try:
            return (self.__class__.__qualname__ + "("
                    + ", ".join(f"{name}={getattr(self, name)!r}" for name in names) + ")")
        finally:
            running.discard(key)

    return __repr__


if sys.version_info >= (3, 13):  # one compilation a class, and an equality field by field there
    dataclass = dataclasses.dataclass  # noqa: F811

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
