"""Snapshots: a long fight opens without replaying its whole log.

The save is the truth; a snapshot is a cache of what replaying it gave. Opening a save of
10,000 actions reads and checks every line and applies every event (about 0.3 s here); a
snapshot holds the replayed session (state, undo and redo history, checkpoints) as it was
for the first ``size`` bytes of the file.

A cache file is something read from disk, so it is treated like one (issue 23): it is data,
never code, and it is believed only when it proves it is ours and unchanged.

- **Data only.** A snapshot is JSON (``snapcodec``): text, numbers, lists and tables, and from
  them only the engine's own plain classes (the state's, an action's, the events') are made,
  by their fields. Nothing in it names a function, a module or any other class.
- **Ours and unchanged.** Its bytes carry a keyed checksum (HMAC-BLAKE2b) made with a secret
  of this user's (``key``, 32 random bytes in a 0600 file beside the snapshots), checked before
  a single byte of it is parsed: a file somebody else wrote or edited is not used, whoever owns
  it. The folder must be this user's and closed to everybody else (0700: made so when it is
  ours, not used otherwise: a USB stick or share that says every file is ours and open to all
  gets no snapshots), and nothing in it is reached through a symbolic link.
- **Standing for these bytes.** The head says which bytes of the save it replays (their length
  and BLAKE2 digest, their line count) and which code replayed them (``fingerprint``: the
  engine's and the game's source files): a hand edit, a rewrite, a migration or an upgrade and
  the snapshot is not used.

Lines appended after those bytes (every action since the snapshot) are read and replayed as
a normal open reads them. Any doubt (a damaged or unusual tail, a replay problem, a cache
file that fails any check) and the save is read the long way, with its usual errors.
Snapshots live in the cache folder (``paths.cache_dir``), one file per save, the newest
``KEEP`` kept; deleting them is always safe.
"""

from __future__ import annotations

import gc
import json
import os
import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator

from . import cachefolder
from .codec import Document
from .paths import cache_dir

VERSION = 4  # 1 was a pickle: never read again, and deleted when the folder is pruned; 2 held
# the checkpoints in the session's line; 3 wrote every action's number
KEEP = 64  # snapshot files kept; the oldest go first
FROM = 200  # actions in a save before a snapshot is worth its file (fewer replay in a blink)
SUFFIX = ".snap"
KEY = cachefolder.KEY
LIMIT = 512 * 1024 * 1024  # a snapshot file larger than this is not ours (a save holds at most 64 MiB)


@dataclass(frozen=True)
class Head:
    """What says which bytes a snapshot stands for, read before its (larger) body."""

    version: int
    fingerprint: str
    size: int  # bytes of the save the snapshot stands for
    digest: str  # their BLAKE2b digest
    lines: int  # how many lines they hold, so the lines after them are numbered right


@dataclass(frozen=True)
class Snapshot:
    head: Head
    doc: Document  # the header of the save (records empty)
    session: dict[str, Any]  # Session.frozen()


def digest(data: bytes) -> str:
    import hashlib  # here: an open without a snapshot never pays for loading it (OpenSSL's, 2 ms)

    return hashlib.blake2b(data, digest_size=32).hexdigest()


def fingerprint(ruleset_module: str) -> str:
    """The code that gives a state from a log: the engine's and the game's source files."""
    return _fingerprint(ruleset_module.split(".")[0])


@lru_cache(maxsize=None)
def _fingerprint(top: str) -> str:
    here = Path(__file__).resolve().parent.parent  # gm_console
    folders = [here / "engine", here / "storage"]  # storage: the snapshot's own codec
    module = sys.modules.get(top)
    for folder in getattr(module, "__path__", ()) or ():
        folders.append(Path(folder))
    import hashlib

    h = hashlib.blake2b(digest_size=16)
    h.update(f"{VERSION} {sys.version} {top}".encode())
    for folder in folders:
        for root, dirs, files in os.walk(folder):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for name in sorted(files):
                if name.endswith((".py", ".toml")):
                    st = os.stat(os.path.join(root, name))
                    h.update(f"{root}/{name} {st.st_size} {st.st_mtime_ns}\n".encode())
    return h.hexdigest()


def folder() -> Path:
    return cache_dir() / "snapshots"


def name_for(save: Path) -> str:
    return cachefolder.name_for(save, SUFFIX)


def file_for(save: Path) -> Path:
    return folder() / name_for(save)


# -- reading and writing ------------------------------------------------------------------------
def find(save: Path, raw: bytes, fingerprint_of: Any) -> Snapshot | None:
    """The snapshot of this save whose bytes ``raw`` starts with, or None (never an error).
    ``fingerprint_of(doc)`` gives the fingerprint of the code that would replay the save now
    (it loads the game), or None when there is no such game."""
    try:
        found = cachefolder.read_signed(str(folder()), name_for(save), LIMIT)
        if found is None:
            return None
        data, start = found
        lines = _lines(data, start)
        head = Head(**json.loads(next(lines)))
        if (head.version != VERSION or not 0 < head.size <= len(raw)
                or raw[head.size - 1:head.size] != b"\n" or digest(memoryview(raw)[:head.size]) != head.digest):
            return None
        from . import snapcodec  # the engine's classes, made from data: only when there is a snapshot

        doc = snapcodec.document(json.loads(next(lines)))
        if fingerprint_of(doc) != head.fingerprint:
            return None
        session = _parsed(lines)
    except Exception:  # noqa: BLE001 - a damaged or foreign cache file is just not used
        return None
    if not isinstance(session, dict):
        return None
    return Snapshot(head, doc, session)


def _lines(data: bytes, start: int) -> Iterator[bytes]:
    """The lines of ``data`` from ``start``, each copied out only when asked for: the file, or
    its body, copied whole (a few MiB for a long fight) stayed in the process's memory once
    freed (the C library keeps what it was given back among what the start keeps)."""
    while start < len(data):
        end = data.find(b"\n", start)
        end = len(data) if end < 0 else end
        yield data[start:end]
        start = end + 1


def _parsed(lines: Iterator[bytes]) -> Any:
    """Tens of thousands of new objects that hold no cycles: the cyclic collector, which would
    walk them again and again as they are made, waits (half the time of a 10,000-action load)."""
    was = gc.isenabled()
    gc.disable()
    from . import snapcodec

    try:
        session = json.loads(next(lines))
        return snapcodec.session(session, list(lines))
    finally:
        if was:
            gc.enable()


def keep(save: Path, raw: bytes, doc: Document, session: dict[str, Any], code: str) -> bool:
    """Write the snapshot of a session that is what the save's bytes ``raw`` replay to.
    Best effort: a cache that cannot be written is no loss (False)."""
    head = Head(VERSION, code, len(raw), digest(raw), raw.count(b"\n"))
    from . import snapcodec

    try:
        data, checkpoints = snapcodec.encode_session(session)
        body = b"\n".join((
            _json(head.__dict__),
            _json(snapcodec.encode_document(doc)),
            _json(data),
            *(_json(state) for state in checkpoints),  # one line each, read when needed
        ))
        # the newest KEEP snapshots stay; any pickle an older version left (never read) goes
        return cachefolder.write_signed(str(folder()), name_for(save), body, KEEP, stale=(".pickle",))
    except Exception:  # noqa: BLE001 - see above (a value the codec cannot hold: no snapshot)
        return False


def _json(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=True).encode("utf-8")


def forget(save: Path) -> None:
    """The save's snapshot gone (a link is removed, never what it points to)."""
    try:
        file_for(save).unlink()
    except OSError:
        pass
