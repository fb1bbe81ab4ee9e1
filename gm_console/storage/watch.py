"""Noticing that a save changed, without opening it for writing or taking its lock.

The players' view polls this a few times a second: a stat is cheap, and it sees every
writer the same way (an append changes the size; a rewrite, the inode; an undo is an
append too). The reader then opens the encounter read-only, as a second program does.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Stamp:
    ino: int
    size: int
    mtime_ns: int


def stamp(path: Path | str) -> Stamp | None:
    """The file's identity, length and time of change; None while it cannot be seen."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return Stamp(st.st_ino, st.st_size, st.st_mtime_ns)


class Watcher:
    """``changed()`` is true the first time, then each time the file is not as last seen."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self.seen: Stamp | None = None
        self._first = True

    def changed(self) -> bool:
        now = stamp(self.path)
        if self._first or now != self.seen:
            self._first = False
            self.seen = now
            return True
        return False
