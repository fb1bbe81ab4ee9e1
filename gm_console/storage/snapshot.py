"""Snapshots: a long fight opens without replaying its whole log.

The save is the truth; a snapshot is a cache of what replaying it gave. Opening a save of
10,000 actions reads and checks every line and applies every event (about 0.3 s here); a
snapshot holds the replayed session (state, undo and redo history, checkpoints) as it was
for the first ``size`` bytes of the file, and is used only when:

- those bytes are the same now (a BLAKE2 digest of them): a hand edit anywhere in them, a
  rewrite or a migration, and the snapshot is not used;
- the code that replayed them is the same (``fingerprint``: the engine's and the game's
  source files, their sizes and times): an upgrade replays the long way once;
- the file is ours (owned by this user, written by nobody else) and unpickles as a session.

Lines appended after those bytes (every action since the snapshot) are read and replayed as
a normal open reads them. Any doubt (a damaged or unusual tail, a replay problem) and the
save is read the long way, with its usual errors. Snapshots live in the cache folder
(``paths.cache_dir``), one file per save, the newest ``KEEP`` kept; deleting them is
always safe.
"""

from __future__ import annotations

import gc
import os
import pickle
import sys
import tempfile
import zlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from .codec import Document
from .paths import cache_dir

VERSION = 1
KEEP = 64  # snapshot files kept; the oldest go first
FROM = 200  # actions in a save before a snapshot is worth its file (fewer replay in a blink)


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
    folders = [here / "engine"]
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


def file_for(save: Path) -> Path:
    """The snapshot's file for a save, named by the save's real path (two checksums of it: two
    saves that shared a name would only take turns at the file; the digest tells them apart)."""
    real = os.path.realpath(save).encode("utf-8", "surrogateescape")
    return cache_dir() / "snapshots" / f"{zlib.crc32(real):08x}{zlib.adler32(real):08x}.pickle"


def find(save: Path, raw: bytes, fingerprint_of: Any) -> Snapshot | None:
    """The snapshot of this save whose bytes ``raw`` starts with, or None (never an error).
    ``fingerprint_of(doc)`` gives the fingerprint of the code that would replay the save now
    (it loads the game), or None when there is no such game."""
    try:
        with open(file_for(save), "rb") as f:
            st = os.fstat(f.fileno())
            if st.st_uid != os.getuid() or st.st_mode & 0o022:
                return None  # somebody else could have written it: not unpickled
            head = pickle.load(f)
            if (not isinstance(head, Head) or head.version != VERSION or head.size > len(raw)
                    or raw[head.size - 1:head.size] != b"\n" or digest(raw[:head.size]) != head.digest):
                return None
            doc = pickle.load(f)
            if not isinstance(doc, Document) or fingerprint_of(doc) != head.fingerprint:
                return None
            session = _unpickled(f)
    except FileNotFoundError:
        return None
    except Exception:  # noqa: BLE001 - a damaged or foreign cache file is just not used
        return None
    if not isinstance(session, dict):
        return None
    return Snapshot(head, doc, session)


def _unpickled(f: Any) -> Any:
    """Tens of thousands of new objects that hold no cycles: the cyclic collector, which would
    walk them again and again as they are made, waits (half the time of a 10,000-action load)."""
    was = gc.isenabled()
    gc.disable()
    try:
        return pickle.load(f)
    finally:
        if was:
            gc.enable()


def keep(save: Path, raw: bytes, doc: Document, session: dict[str, Any], code: str) -> bool:
    """Write the snapshot of a session that is what the save's bytes ``raw`` replay to.
    Best effort: a cache that cannot be written is no loss (False)."""
    head = Head(VERSION, code, len(raw), digest(raw), raw.count(b"\n"))
    header = Document(format=doc.format, ruleset=doc.ruleset, name=doc.name, created=doc.created,
                      options=dict(doc.options), extra=dict(doc.extra), read_format=doc.read_format,
                      appendable=doc.appendable)
    target = file_for(save)
    try:
        data = b"".join(pickle.dumps(part, protocol=pickle.HIGHEST_PROTOCOL) for part in (head, header, session))
        target.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".snap-", dir=target.parent)  # mode 0600
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.replace(tmp, target)
        except BaseException:
            os.unlink(tmp)
            raise
    except Exception:  # noqa: BLE001 - see above
        return False
    _prune(target.parent)
    return True


def forget(save: Path) -> None:
    try:
        file_for(save).unlink()
    except OSError:
        pass


def _prune(folder: Path) -> None:
    try:
        files = sorted(folder.glob("*.pickle"), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in files[KEEP:]:
            old.unlink()
    except OSError:
        pass
