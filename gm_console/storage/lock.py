"""One writer per save: a lock file beside it, held with flock while the encounter is open.

    .goblins.toml.lock      host=table-laptop pid=4242 since=2026-11-29T20:03:11+01:00

An flock belongs to the open file, so the kernel drops it when its process ends,
however it ends (kill -9 included): there is never a stale lock to clear by hand.
The file says who holds it, for the second console's one line ("in use by ...").
Whoever releases it deletes the file; whoever takes it checks that the file it
locked is still the one at that name, so a lock taken on a file being deleted
is never mistaken for the lock.

Within one process the lock is shared (a test holding two Encounter objects of
one file, the picker reopening it): store.append's check that the file is as it
was read keeps those from interleaving. Between programs it is exclusive.
"""

from __future__ import annotations

import atexit
import datetime as _dt
import errno
import fcntl
import os
import socket
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from gm_console.i18n import Msg, _, joined
from .errors import SaveError, why


class Busy(Exception):
    """Another program holds the save; ``holder`` says who, in a few words."""

    def __init__(self, holder) -> None:
        super().__init__(holder)
        self.holder = holder


@dataclass
class _Held:
    fd: int
    path: Path
    ino: int
    pid: int
    count: int = 1


_HELD: dict[str, _Held] = {}
_GUARD = threading.Lock()
POLL = 0.05


@atexit.register
def _release_all() -> None:
    """A program that ends normally leaves no lock file behind (a killed one leaves an
    unlocked file, which the next program simply takes)."""
    for held in list(_HELD.values()):
        held.count = 1
        Lock(str(held.path)).release()


def lock_path(save: Path) -> Path:
    """Beside the real file (two names of one file share one lock), hidden, within NAME_MAX."""
    real = Path(os.path.realpath(save))
    name = f".{real.name}.lock"
    if len(name.encode("utf-8", "surrogateescape")) > 255:
        import hashlib  # only for a name too long for the folder: no start waits on it

        name = f".{hashlib.sha1(real.name.encode('utf-8', 'surrogateescape')).hexdigest()[:16]}.lock"
    return real.with_name(name)


class Lock:
    """This Encounter's share of the lock on its save; ``release`` (or garbage collection) ends it."""

    def __init__(self, key: str) -> None:
        self._key: str | None = key

    def release(self) -> None:
        key, self._key = self._key, None
        if key is None:
            return
        with _GUARD:
            held = _HELD.get(key)
            if held is None or held.pid != os.getpid():
                return
            held.count -= 1
            if held.count > 0:
                return
            del _HELD[key]
            try:
                if os.stat(held.path).st_ino == held.ino:
                    os.unlink(held.path)
            except OSError:
                pass
            os.close(held.fd)

    @property
    def held(self) -> bool:
        return self._key is not None

    def __del__(self) -> None:
        try:
            self.release()
        except Exception:
            pass


def acquire(save: Path, wait: float = 0.0) -> Lock:
    """Take the save's lock, waiting up to ``wait`` seconds; Busy if another program keeps it,
    SaveError if no lock file can be made beside it (a read-only folder)."""
    path = lock_path(save)
    key = str(path)
    with _GUARD:
        held = _HELD.get(key)
        if held is not None and held.pid == os.getpid():
            held.count += 1
            return Lock(key)
    deadline = time.monotonic() + max(0.0, wait)
    while True:
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o644)
        except OSError as exc:
            if exc.errno == errno.ENOENT and not path.parent.exists():
                raise SaveError(_('{save}: no such file', save=save)) from None
            raise Unlockable(save, _("cannot take the lock beside it ({value})", value=why(exc))) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            holder = _holder(fd) if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN) else None
            os.close(fd)
            if holder is None:
                raise Unlockable(save, _("cannot lock it ({value})", value=why(exc))) from None
            if time.monotonic() >= deadline:
                raise Busy(holder) from None
            time.sleep(POLL)
            continue
        ino = os.fstat(fd).st_ino
        try:
            same = os.stat(path).st_ino == ino
        except OSError:
            same = False
        if not same:  # its holder deleted it as we took it: take the new one
            os.close(fd)
            continue
        _describe(fd)
        with _GUARD:
            _HELD[key] = _Held(fd=fd, path=path, ino=ino, pid=os.getpid())
        return Lock(key)


def _describe(fd: int) -> None:
    since = _dt.datetime.now().astimezone().isoformat(timespec="seconds")
    text = f"host={socket.gethostname()} pid={os.getpid()} since={since}\n".encode("utf-8", "replace")
    try:
        os.ftruncate(fd, 0)
        os.pwrite(fd, text, 0)
    except OSError:
        pass  # the lock holds without its description


class Unlockable(SaveError):
    """No lock can be had (a read-only folder): ``reason`` says why, without the path."""

    def __init__(self, save, reason: "Msg") -> None:
        super().__init__(_("{save}: {reason}", save=save, reason=reason))
        self.reason = reason


def _holder(fd: int) -> "Msg":
    try:
        raw = os.pread(fd, 512, 0).decode("utf-8", "replace")
    except OSError:
        raw = ""
    fields = dict(part.split("=", 1) for part in raw.split() if "=" in part)
    bits = []
    if fields.get("host"):
        bits.append(_("host {host}", host=fields["host"]))
    if fields.get("pid"):
        bits.append(_("pid {pid}", pid=fields["pid"]))
    if fields.get("since"):
        try:
            since = _dt.datetime.fromisoformat(fields["since"]).astimezone().strftime("%Y-%m-%d %H:%M")
        except ValueError:
            since = fields["since"]
        bits.append(_("since {since}", since=since))
    if not bits:
        return _("in use by another gm-console")
    return _("in use by another gm-console ({who})", who=joined(bits, ", "))
