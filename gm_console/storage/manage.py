"""The picker's file chores: rename, duplicate and delete a save, each refused while another
console has it open (its lock), each leaving a file that opens or the old one as it was.

A rename changes the name shown (the header's ``name``), not the file; a duplicate is a
new file in the saves folder with its own name; a deleted save goes to a ``.deleted``
folder beside it (not listed, recoverable by hand) rather than away for good.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from gm_console.i18n import _
from .errors import SaveError
from .lock import Busy, acquire
from .paths import safe_file_name, saves_dir
from .store import atomic_write, first_free, read_bytes

_NAME = re.compile(r"^name\s*=.*$", re.MULTILINE)
TRASH = ".deleted"


def _toml_string(text: str) -> str:
    """A TOML basic string (JSON's escapes are TOML's; DEL must be escaped too)."""
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


_BROKEN = re.compile("[\ud800-\udfff]")


def _name(name: str) -> str:
    """The name the GM typed, checked: text a save can hold (a lone surrogate, from a mis-set
    terminal or a bad paste, is not Unicode and no file can hold it)."""
    name = name.strip()
    if not name:
        raise SaveError(_('a name is needed'))
    if _BROKEN.search(name):
        raise SaveError(_('the name {name!r} holds a broken character (not valid Unicode, e.g. from a mis-set '
                          'terminal); type it again', name=name))
    return name


def _renamed(raw: bytes, name: str) -> bytes:
    text = raw.decode("utf-8")
    head, sep, log = text.partition("\n[log]")
    line = f"name = {_toml_string(name)}"
    head, found = _NAME.subn(lambda m: line, head, count=1)
    if not found:
        head = re.sub(r"^(ruleset\s*=.*)$", lambda m: m.group(1) + "\n" + line, head, count=1, flags=re.MULTILINE)
    return (head + sep + log).encode("utf-8")


def _held(path: Path):
    try:
        return acquire(path)
    except Busy as busy:
        raise SaveError(_('{path}: in use by another gm-console ({holder}); close it there first', path=path, holder=busy.holder)) from None


def rename(path: Path, name: str) -> None:
    name = _name(name)
    lock = _held(path)
    try:
        raw, _size = read_bytes(path)
        atomic_write(path, _renamed(raw, name))
    finally:
        lock.release()


def duplicate(path: Path, name: str) -> Path:
    """A copy called ``name``, in the saves folder under a file name of its own."""
    name = _name(name)
    raw, _size = read_bytes(path)
    data = _renamed(raw, name)
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    stem = safe_file_name(name)
    names = (f"{stem}.toml" if n == 1 else f"{stem}-{n}.toml" for n in range(1, 10_000))
    return first_free((folder / f for f in names), lambda target: atomic_write(target, data, exclusive=True))


def delete(path: Path) -> Path:
    """Move the save into ``.deleted`` beside it; returns where it went."""
    lock = _held(path)
    try:
        trash = path.parent / TRASH
        trash.mkdir(exist_ok=True)
        target = trash / path.name
        n = 2
        while target.exists():
            target = trash / f"{path.stem}-{n}{path.suffix}"
            n += 1
        os.replace(path, target)
        return target
    except OSError as exc:
        raise SaveError(_('{path}: cannot delete it ({value})', path=path, value=exc.strerror or exc)) from None
    finally:
        lock.release()
