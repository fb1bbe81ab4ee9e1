"""``engine.core.values.dataclass`` makes the classes ``dataclasses.dataclass`` makes (a start
loads some 110 of them before its first frame, and it makes them without compiling their
equality, hash and repr): every class shape the code uses, and the unusual ones, made both
ways and compared by what a reader of them sees."""

from __future__ import annotations

import copy
import dataclasses
import itertools
import math
import pickle
import sys
import textwrap
import types
import typing

import pytest

from gm_console.engine.core import values

SHAPES = {
    "plain": """
        @dataclass
        class K:
            a: int
            b: str = "x"
            c: list = field(default_factory=list)
    """,
    "frozen": """
        @dataclass(frozen=True)
        class K:
            a: int
            b: tuple = ()
            c: float = 0.5
    """,
    "frozen, no equality": """
        @dataclass(frozen=True, eq=False)
        class K:
            a: int
            b: str = ""
    """,
    "frozen, slots": """
        @dataclass(frozen=True, slots=True)
        class K:
            a: int
            b: str = "x"
    """,
    "no fields": """
        @dataclass(frozen=True)
        class K:
            pass
    """,
    "one field": """
        @dataclass(frozen=True)
        class K:
            a: float
    """,
    "fields left out of compare, repr and hash": """
        @dataclass(frozen=True)
        class K:
            a: int
            b: int = field(default=0, compare=False)
            c: int = field(default=0, repr=False)
            d: int = field(default=0, hash=False)
            e: int = field(default=0, compare=False, hash=True)
    """,
    "class variables and a post-init": """
        @dataclass
        class K:
            a: int
            kind: ClassVar[str] = "k"
            b: int = field(init=False, default=0)

            def __post_init__(self):
                self.b = self.a * 2
    """,
    "its own equality": """
        @dataclass
        class K:
            a: int

            def __eq__(self, other):
                return True
    """,
    "its own equality and hash": """
        @dataclass(frozen=True)
        class K:
            a: int

            def __eq__(self, other):
                return isinstance(other, K)

            def __hash__(self):
                return 7
    """,
    "its own repr": """
        @dataclass(frozen=True)
        class K:
            a: int

            def __repr__(self):
                return "mine"
    """,
    "its own docstring": """
        @dataclass
        class K:
            '''What it is.'''
            a: int
    """,
    "unsafe hash": """
        @dataclass(unsafe_hash=True)
        class K:
            a: int
    """,
    "keyword-only": """
        @dataclass(frozen=True, kw_only=True)
        class K:
            a: int
            b: int = 2
    """,
    "no init, no match args": """
        @dataclass(init=False, match_args=False)
        class K:
            a: int = 1
    """,
    "ordered (left to dataclasses)": """
        @dataclass(order=True, frozen=True)
        class K:
            a: int
    """,
    "a dataclass subclass of a dataclass": """
        @dataclass(frozen=True)
        class Base:
            a: int

        @dataclass(frozen=True)
        class K(Base):
            b: str = "x"
    """,
}


def make(source: str, maker) -> dict:
    """The classes of ``source``, made by ``maker`` in a module of their own (pickle finds them)."""
    module = types.ModuleType(f"shapes_{next(_numbers)}")
    sys.modules[module.__name__] = module
    module.__dict__.update(dataclass=maker, field=dataclasses.field, ClassVar=typing.ClassVar)
    exec(textwrap.dedent(source), module.__dict__)  # noqa: S102 - the test's own class definitions
    return module.__dict__


_numbers = itertools.count()


def instances(cls) -> list:
    """Two equal objects, a third that is not, and one holding NaN (equal only to itself)."""
    names = [f.name for f in dataclasses.fields(cls) if f.init] if cls.__dataclass_params__.init else []
    others = {name: 10 + i for i, name in enumerate(names)}  # each field its own value
    return [cls(**{**others, **{n: v for n, v in (("a", a), ("b", str(a))) if n in names}})
            for a in (1, 1, 2, math.nan)]


def seen(cls) -> dict:
    """What a reader of the class sees: its fields, parameters, docstring, methods' results."""
    objs = instances(cls)
    out = {
        "fields": [(f.name, f.default, f.init, f.repr, f.compare, f.hash, f.kw_only) for f in dataclasses.fields(cls)],
        "params": repr(cls.__dataclass_params__),
        "doc": cls.__doc__,
        "match_args": getattr(cls, "__match_args__", None),
        "slots": getattr(cls, "__slots__", None),
        "hashable": cls.__hash__ is not None,
        "reprs": [repr(o) for o in objs],
        "eq": [[o == p for p in objs] for o in objs],
        "ne": [[o != p for p in objs] for o in objs],
        "eq other type": [o == (1,) for o in objs],
        "eq a subclass": [o == p for o, p in zip(objs, instances(type("Sub", (cls,), {})))],
        "hashes": [hash(o) if cls.__hash__ not in (None, object.__hash__) else cls.__hash__ for o in objs],
        "pickled": [pickle.loads(pickle.dumps(o)) == o for o in objs],
        "copied": [copy.deepcopy(o) == o for o in objs],
        "as dict": [repr(dataclasses.asdict(o)) for o in objs],
    }
    for o in objs[:1]:
        for act in (lambda: setattr(o, "a", 5), lambda: delattr(o, "a"), lambda: setattr(o, "zz", 1)):
            try:
                act()
                out.setdefault("changes", []).append("allowed")
            except Exception as exc:  # noqa: BLE001 - the error itself is what is compared
                out.setdefault("changes", []).append(f"{type(exc).__name__}: {exc}")
    return out


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_a_class_made_quickly_is_the_class_dataclasses_makes(shape):
    theirs = make(SHAPES[shape], dataclasses.dataclass)["K"]
    ours = make(SHAPES[shape], values.dataclass)["K"]
    assert seen(ours) == seen(theirs)


def test_the_methods_are_named_as_dataclasses_names_them():
    ours = make(SHAPES["frozen"], values.dataclass)["K"]
    theirs = make(SHAPES["frozen"], dataclasses.dataclass)["K"]
    for name in ("__eq__", "__hash__", "__repr__"):
        assert getattr(ours, name).__qualname__ == getattr(theirs, name).__qualname__ == f"K.{name}"


def test_a_repr_of_an_object_inside_itself_stops_as_dataclasses_does():
    for maker in (dataclasses.dataclass, values.dataclass):
        K = make(SHAPES["plain"], maker)["K"]
        k = K(1)
        k.c.append(k)
        assert repr(k) == "K(a=1, b='x', c=[...])"


@pytest.mark.parametrize("source, error", [
    ("""
        @dataclass(unsafe_hash=True)
        class K:
            a: int
            def __hash__(self):
                return 1
    """, "Cannot overwrite attribute __hash__ in class K"),
    ("""
        @dataclass(frozen=True)
        class Base:
            a: int

        @dataclass
        class K(Base):
            b: int = 0
    """, "cannot inherit non-frozen dataclass from a frozen one"),
    ("""
        @dataclass
        class K:
            a: int = 0
            b: int
    """, "non-default argument 'b' follows default argument"),
])
def test_a_class_dataclasses_refuses_is_refused_in_the_same_words(source, error):
    for maker in (dataclasses.dataclass, values.dataclass):
        with pytest.raises(TypeError, match=error):
            make(source, maker)


def test_either_kind_of_frozen_class_subclasses_the_other():
    for base_maker, maker in ((values.dataclass, dataclasses.dataclass), (dataclasses.dataclass, values.dataclass)):
        space = make(SHAPES["frozen"], base_maker)
        space["dataclass"] = maker
        exec(textwrap.dedent("""
            @dataclass(frozen=True)
            class Sub(K):
                d: int = 4
        """), space)  # noqa: S102
        sub = space["Sub"](1)
        assert repr(sub) == "Sub(a=1, b=(), c=0.5, d=4)" and sub == space["Sub"](1) and hash(sub) == hash((1, (), 0.5, 4))


@pytest.mark.skipif(sys.version_info >= (3, 13), reason="3.13 compiles a class's methods at once: dataclasses' own")
def test_a_frozen_class_refuses_changes_without_compiled_methods():
    """What the start saves (values.py): on 3.11 and 3.12 a frozen class's __setattr__ and
    __delattr__ are closures, not compiled by dataclasses; a Python that changes the private
    function they come from fails here rather than silently costing the start again."""
    K = make(SHAPES["frozen"], values.dataclass)["K"]
    for name in ("__setattr__", "__delattr__"):
        method = getattr(K, name)
        assert method.__code__.co_filename == values.__file__
        assert method.__qualname__ == f"K.{name}" and method.__module__ == K.__module__
    assert dataclasses._frozen_get_del_attr is values._COMPILED_FROZEN  # given back once made


def test_gm_console_makes_its_dataclasses_with_values_dataclass():
    """A new module's dataclasses are made the quick way too (i18n sits below the engine and
    keeps the standard one: its three classes cost the start nothing to speak of)."""
    import re
    from pathlib import Path

    root = Path(values.__file__).resolve().parents[2]  # the gm_console package
    slow = [str(path.relative_to(root.parent)) for path in root.rglob("*.py")
            if path.parent.name != "i18n" and path != Path(values.__file__).resolve()
            and re.search(r"^from dataclasses import .*\bdataclass\b|^\s*@dataclasses\.dataclass",
                          path.read_text(encoding="utf-8"), re.M)]
    assert slow == [], ("make these dataclasses with gm_console.engine.core.values.dataclass "
                        f"(the same classes, made faster): {slow}")
