"""Entry points of one group, read from the ``*.dist-info`` folders on ``sys.path``.

``importlib.metadata`` costs a start about 17 ms and 1.3 MiB (it brings email, zipfile,
csv...) to answer one question: which installed packages declare a ruleset. Installed
packages answer it in a small text file (``entry_points.txt``), which this reads the way
``importlib.metadata`` does: ``sys.path`` in order, a package found twice counts the first
time, and within a group the first entry of a name wins. Whatever it cannot read the same
way (a zip or an egg on the path, an ``.egg-info``, a finder that lists distributions of
its own, a file that is not plain ``name = value``) it leaves to ``importlib.metadata``.
"""

from __future__ import annotations

import os
import re
import sys
from functools import reduce
from importlib import import_module
from importlib.machinery import PathFinder
from typing import Any, NamedTuple


class EntryPoint(NamedTuple):
    """Where one plugin lives: ``value`` is ``module:attribute``, as in ``entry_points.txt``."""
    name: str
    value: str

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
        found.setdefault(ep.name, EntryPoint(ep.name, ep.value))
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
            for ep_name, value in _group(os.path.join(folder, "entry_points.txt"), group):
                found.setdefault(ep_name, EntryPoint(ep_name, value))
    return found


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
