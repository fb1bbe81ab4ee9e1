"""The one way installed games are found: the entry points of one group (``GROUP``, the games'),
read from the ``*.dist-info`` folders on ``sys.path``. ``plugins`` lists and loads the games from
it (the picker, ``gm-console rulesets``, opening a save) and the catalogue tool finds the
built-in games' catalogues with it.

It reads the small text files installed packages answer in (``entry_points.txt``, and the
``METADATA`` head of a package that declares a game, for its name and version) the way
``importlib.metadata`` does: ``sys.path`` in order, a package found twice counts the first
time, and within a group the first entry of a name wins. Whatever it cannot read the same way
(a zip or an egg on the path, an ``.egg-info``, a finder that lists distributions of its own,
a file that is not plain ``name = value``) it leaves to ``importlib.metadata``.

Kept hand-written because it holds a start's gain: ``benchmarks/discovery.py`` (40 runs each,
alternating, 2 shared cores) lists the games in 1.1 ms (runs 1.0-5.9) against 12.5 ms
(11.3-42.8) through ``importlib.metadata``, which also adds 0.9 MiB (email, zipfile, csv...)
to every start. When that difference is gone, use ``importlib.metadata`` alone.
"""
from __future__ import annotations

import os
import re
import sys
from functools import reduce
from importlib import import_module
from importlib.machinery import PathFinder
from typing import Any, NamedTuple


GROUP = "gm_console.rulesets"


class EntryPoint(NamedTuple):
    """Where one plugin lives: ``value`` is ``module:attribute``, as in ``entry_points.txt``;
    ``package`` and ``version`` name the installed package that declares it."""
    name: str
    value: str
    package: str = "?"
    version: str = "?"

    def load(self) -> Any:
        """The module, or the object the value names in it (``importlib.metadata``'s way)."""
        match = _pattern().match(self.value)
        if match is None:  # importlib.metadata would fail on the same value, one step later
            raise ValueError(f"not a module:attribute reference: {self.value!r}")
        module = import_module(match.group("module"))
        return reduce(getattr, filter(None, (match.group("attr") or "").split(".")), module)


def _pattern() -> re.Pattern:
    return re.compile(r"(?P<module>[\w.]+)\s*(:\s*(?P<attr>[\w.]+)\s*)?((?P<extras>\[.*\])\s*)?$")


class _Odd(Exception):
    """Something only importlib.metadata knows how to read."""


def entry_points(group: str) -> dict[str, EntryPoint]:
    """Name -> entry point for ``group``, the first of each name, as ``importlib.metadata``
    would find them."""
    try:
        return _read(group)
    except _Odd:
        return _with_importlib_metadata(group)


def _with_importlib_metadata(group: str) -> dict[str, EntryPoint]:
    from importlib.metadata import entry_points as listed

    found: dict[str, EntryPoint] = {}
    for ep in listed(group=group):
        dist = getattr(ep, "dist", None)
        found.setdefault(ep.name, EntryPoint(ep.name, ep.value, *((dist.name, dist.version) if dist else ())))
    return found


def _read(group: str) -> dict[str, EntryPoint]:
    if any(getattr(finder, "find_distributions", None) is not None and finder is not PathFinder
           for finder in sys.meta_path):
        raise _Odd
    found: dict[str, EntryPoint] = {}
    seen: set[str] = set()
    for root in sys.path:
        for name, folder in _dist_infos(root):
            if name in seen:
                continue
            seen.add(name)
            pairs = _group(os.path.join(folder, "entry_points.txt"), group)
            if pairs:
                package, version = _identity(os.path.join(folder, "METADATA"))
                for ep_name, value in pairs:
                    found.setdefault(ep_name, EntryPoint(ep_name, value, package, version))
    return found


def _identity(path: str) -> tuple[str, str]:
    """The package's ``Name`` and ``Version``, from the head of its ``METADATA``."""
    fields: dict[str, str] = {}
    try:
        with open(path, encoding="utf-8") as f:
            for line in f:
                if not line.strip():
                    break
                key, sep, value = line.partition(":")
                if sep and key in ("Name", "Version"):
                    fields.setdefault(key, value.strip())
    except (OSError, UnicodeDecodeError):
        raise _Odd from None
    if "Name" not in fields or "Version" not in fields:
        raise _Odd
    return fields["Name"], fields["Version"]


def _dist_infos(root: Any) -> list[tuple[str, str]]:
    """(normalized name, folder) of each ``*.dist-info`` in one ``sys.path`` entry, grouped
    by name in the order the folder lists them (importlib.metadata's order)."""
    if not isinstance(root, str):
        raise _Odd
    where = root or "."
    try:
        children = os.listdir(where)
    except NotADirectoryError:
        raise _Odd from None  # a zip file on the path
    except OSError:
        return []  # a path entry that is not there: nothing installed in it
    if os.path.basename(root).lower().endswith(".egg"):
        raise _Odd
    by_name: dict[str, list[str]] = {}
    for child in children:
        low = child.lower()
        if low.endswith(".egg-info"):
            raise _Odd
        if low.endswith(".dist-info"):
            name = low.rpartition(".")[0].partition("-")[0]
            by_name.setdefault(_normalize(name), []).append(os.path.join(root, child))
    return [(name, folder) for name, folders in by_name.items() for folder in folders]


def _normalize(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower().replace("-", "_")


def _group(path: str, group: str) -> list[tuple[str, str]]:
    """(name, value) pairs of one section of an ``entry_points.txt``."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError, PermissionError):
        return []
    except (OSError, UnicodeDecodeError):
        raise _Odd from None
    section = None
    pairs = []
    for line in map(str.strip, text.splitlines()):
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line.strip("[]")
            continue
        if "=" not in line:
            raise _Odd
        name, value = line.split("=", 1)
        if section == group:
            pairs.append((name.strip(), value.strip()))
    return pairs
