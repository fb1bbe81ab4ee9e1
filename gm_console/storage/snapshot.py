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
import stat
import sys
import zlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator

from .codec import Document
from .paths import cache_dir

VERSION = 4  # 1 was a pickle: never read again, and deleted when the folder is pruned; 2 held
# the checkpoints in the session's line; 3 wrote every action's number
KEEP = 64  # snapshot files kept; the oldest go first
FROM = 200  # actions in a save before a snapshot is worth its file (fewer replay in a blink)
SUFFIX = ".snap"
KEY = "key"
KEY_BYTES = 32
LIMIT = 512 * 1024 * 1024  # a snapshot file larger than this is not ours (a save holds at most 64 MiB)
_DIR_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_NOFOLLOW", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)


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
    """The snapshot's file name for a save, from the save's real path (two checksums of it: two
    saves that shared a name would only take turns at the file; the digest tells them apart)."""
    real = os.path.realpath(save).encode("utf-8", "surrogateescape")
    return f"{zlib.crc32(real):08x}{zlib.adler32(real):08x}{SUFFIX}"


def file_for(save: Path) -> Path:
    return folder() / name_for(save)


# -- the folder and the key: ours, closed to others, no links ----------------------------------
class _Folder:
    """The snapshots' folder, opened once as a directory descriptor that was checked: every
    file in it is then reached relative to that descriptor and never through a link, so a
    folder swapped or linked away after the check is not the one used."""

    def __init__(self, fd: int) -> None:
        self.fd = fd

    def __enter__(self) -> "_Folder":
        return self

    def __exit__(self, *exc: Any) -> None:
        os.close(self.fd)

    def read(self, name: str, limit: int) -> bytes | None:
        """A regular file of ours, closed to others, at most ``limit`` bytes; else None."""
        try:
            fd = os.open(name, os.O_RDONLY | _NOFOLLOW, dir_fd=self.fd)
        except OSError:
            return None
        try:
            st = os.fstat(fd)
            if not _private(st, stat.S_ISREG) or st.st_size > limit:
                return None
            with os.fdopen(os.dup(fd), "rb") as f:  # its size, not the limit: read(n) sets n bytes aside first
                return f.read(st.st_size + 1)
        finally:
            os.close(fd)

    def write(self, name: str, data: bytes) -> None:
        """A new file of ours (0600) with ``data``, put in place in one rename."""
        tmp = f".{name}.{os.getpid()}.tmp"
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, 0o600, dir_fd=self.fd)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.replace(tmp, name, src_dir_fd=self.fd, dst_dir_fd=self.fd)
        except BaseException:
            try:
                os.unlink(tmp, dir_fd=self.fd)
            except OSError:
                pass
            raise

    def remove(self, name: str) -> None:
        try:
            os.unlink(name, dir_fd=self.fd)
        except OSError:
            pass

    def key(self, make: bool) -> bytes | None:
        """This user's secret that signs the snapshots; made (``make``) when there is none."""
        key = self.read(KEY, KEY_BYTES)
        if key is not None:
            return key if len(key) == KEY_BYTES else None
        if not make:
            return None
        try:
            fd = os.open(KEY, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, 0o600, dir_fd=self.fd)
        except FileExistsError:  # another gm-console made it just now
            key = self.read(KEY, KEY_BYTES)
            return key if key is not None and len(key) == KEY_BYTES else None
        secret = os.urandom(KEY_BYTES)
        with os.fdopen(fd, "wb") as f:
            f.write(secret)
        return secret

    def names(self) -> list[tuple[float, str]]:
        out = []
        with os.scandir(self.fd) as it:
            for entry in it:
                if entry.name.endswith((SUFFIX, ".pickle")):
                    try:
                        out.append((entry.stat(follow_symlinks=False).st_mtime, entry.name))
                    except OSError:
                        pass
        return out


def _private(st: os.stat_result, kind: Any) -> bool:
    return kind(st.st_mode) and st.st_uid == os.getuid() and not st.st_mode & 0o077


def _open_folder(make: bool) -> _Folder | None:
    """The snapshots' folder if it is this user's and closed to everybody else (a folder of
    ours that is open to others is closed first); None when it is not, or is not there."""
    path = folder()
    if make:
        try:
            path.mkdir(mode=0o700, parents=True, exist_ok=True)
        except OSError:
            return None
    try:
        fd = os.open(path, _DIR_FLAGS)
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode) and st.st_uid == os.getuid() and st.st_mode & 0o077:
            os.fchmod(fd, 0o700)  # ours, but open to others: closed (a file system may not let us)
            st = os.fstat(fd)
        if _private(st, stat.S_ISDIR):
            return _Folder(fd)
    except OSError:
        pass
    os.close(fd)
    return None


# -- reading and writing ------------------------------------------------------------------------
def _mac(key: bytes, body: bytes) -> str:
    import hmac  # here, like hashlib: an open without a snapshot never loads OpenSSL's module

    return hmac.new(key, body, "blake2b").hexdigest()


def find(save: Path, raw: bytes, fingerprint_of: Any) -> Snapshot | None:
    """The snapshot of this save whose bytes ``raw`` starts with, or None (never an error).
    ``fingerprint_of(doc)`` gives the fingerprint of the code that would replay the save now
    (it loads the game), or None when there is no such game."""
    try:
        dir_ = _open_folder(make=False)
        if dir_ is None:
            return None
        with dir_:
            key = dir_.key(make=False)
            data = dir_.read(name_for(save), LIMIT) if key is not None else None
        if key is None or data is None:
            return None
        end = data.find(b"\n")
        import hmac

        if end < 0 or not hmac.compare_digest(data[:end], _mac(key, memoryview(data)[end + 1:]).encode("ascii")):
            return None  # not written by this user's gm-console, or changed since: not parsed
        lines = _lines(data, end + 1)
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
        dir_ = _open_folder(make=True)
        if dir_ is None:
            return False
        with dir_:
            key = dir_.key(make=True)
            if key is None:
                return False
            dir_.write(name_for(save), _mac(key, body).encode("ascii") + b"\n" + body)
            _prune(dir_)
    except Exception:  # noqa: BLE001 - see above (a value the codec cannot hold: no snapshot)
        return False
    return True


def _json(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=True).encode("utf-8")


def forget(save: Path) -> None:
    """The save's snapshot gone (a link is removed, never what it points to)."""
    try:
        file_for(save).unlink()
    except OSError:
        pass


def _prune(dir_: _Folder) -> None:
    """The newest ``KEEP`` snapshots stay; older ones, and any left by an older version (a
    pickle, never read), go."""
    try:
        files = sorted(dir_.names(), reverse=True)
    except OSError:
        return
    kept = 0
    for _mtime, name in files:
        if name.endswith(SUFFIX) and kept < KEEP:
            kept += 1
            continue
        dir_.remove(name)
