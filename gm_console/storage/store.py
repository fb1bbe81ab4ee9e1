"""File operations for saves: careful reading, atomic rewrite, O(1) append, backups.

Reading: only a regular file (never a pipe, a folder or a device, which hang or
never end) of at most 64 MiB. A last line without its newline is kept when it is
whole (a record, a comment, `[log]`) and dropped when a crash cut it short, and so
is a tail of NUL bytes (what a file-system crash leaves where the last write did
not reach the disk); a batch of records cut by a crash is dropped whole. Nothing
is cut here: ``Loaded`` says what was dropped, and the records a cut would remove
(``dropped``) are never cut without a backup (encounter.py).

Nothing is written that could not be read back: a rewrite or an append that
would make a file larger than ``LIMIT`` is refused before anything is written.

Rewrite (new file, migration, repair): write a temp file in the same folder,
fsync, then rename over (or hard-link, when the name must not exist yet), fsync
the folder. A crash leaves the old file or the new one, never half of each.

Append (every GM action): one write of whole lines at the end we know, then
fsync. Any OS error (disk full, read-only disk, vanished folder, I/O error)
cuts the file back to where it was and becomes a SaveError: nothing
half-written stays. Before writing we check the file is still the one we read,
so another program's changes are never written over.

A file that cannot be read is never written to: the GM gets the path, the line
and the reason, and the file stays as it was.
"""

from __future__ import annotations

import os
import stat
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from gm_console.engine.core.errors import message_of
from gm_console.i18n import _
from .codec import Document, decode, encode, encode_records, tail_is_torn
from .errors import CodecError, SaveError, SaveExists, why

__all__ = ["SaveError", "SaveExists", "Tail", "Loaded", "read", "read_bytes", "atomic_write", "append",
           "append_bytes", "backup", "first_free", "LIMIT"]

LIMIT = 64 * 1024 * 1024  # no encounter comes near it; a bigger "save" is the wrong file
_KINDS = {stat.S_IFDIR: "a folder", stat.S_IFIFO: "a pipe (FIFO)", stat.S_IFCHR: "a device",
          stat.S_IFBLK: "a device", stat.S_IFSOCK: "a socket"}


@dataclass
class Tail:
    """Where the file ends, as this program last saw it."""

    size: int  # bytes holding whole lines: the next record goes here
    end: int  # the file's length then; more than size when a torn tail is to be cut first
    ident: tuple[int, int]  # (device, inode): the same file, not one put in its place
    needs_newline: bool = False  # the kept text does not end with a newline


@dataclass
class Loaded:
    doc: Document
    tail: Tail
    torn: bool = False  # an unfinished last line (or batch) was dropped
    dropped: list[dict[str, Any]] = field(default_factory=list)  # whole records of a batch cut short
    zeros: int = 0  # NUL bytes at the end of the file (a file-system crash), dropped
    raw: bytes = b""  # the file's bytes; ``raw[:tail.size]`` is what the document was read from


def read_bytes(path: Path) -> tuple[bytes, tuple[int, int]]:
    """The file's bytes and identity, if it is a regular file within the size limit."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise SaveError(_('{path}: no such file', path=path)) from None
    except OSError as exc:
        raise SaveError(_('{path}: cannot read it: {value}', path=path, value=why(exc))) from None
    try:
        st = os.fstat(fd)
        kind = _KINDS.get(stat.S_IFMT(st.st_mode))
        if not stat.S_ISREG(st.st_mode):
            raise SaveError(_('{path}: is {value}, not a save file', path=path, value=kind or 'not a regular file'))
        if st.st_size > LIMIT:
            raise SaveError(_('{path}: is {value:.0f} MiB; a save may have at most {value2} MiB, so this is not read (is it the right file?)', path=path, value=st.st_size / 2**20, value2=LIMIT // 2**20))
        chunks, total = [], 0
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            total += len(chunk)
            if total > LIMIT:
                raise SaveError(_('{path}: grew beyond the {value} MiB a save may have', path=path, value=LIMIT // 2**20))
            chunks.append(chunk)
        return b"".join(chunks), (st.st_dev, st.st_ino)
    except OSError as exc:
        raise SaveError(_('{path}: cannot read it: {value}', path=path, value=why(exc))) from None
    finally:
        os.close(fd)


def read(path: Path, data: tuple[bytes, tuple[int, int]] | None = None) -> Loaded:
    """``data``: the file's bytes and identity as ``read_bytes`` just gave them."""
    path = Path(path)
    raw, ident = data if data is not None else read_bytes(path)
    keep = len(raw.rstrip(b"\0"))  # zeros where the last write did not reach the disk: not ours
    zeros = len(raw) - keep
    torn = zeros > 0
    if keep and raw[keep - 1:keep] != b"\n":
        cut = raw.rfind(b"\n", 0, keep) + 1
        if tail_is_torn(raw[cut:keep].decode("utf-8", "replace")):
            keep, torn = cut, True
    text = _text(path, raw[:keep])
    try:
        doc = decode(text)
    except CodecError as exc:
        if exc.line:
            raise SaveError(_("{path}: line {line}: {why}", path=path, line=exc.line, why=exc.message)) from None
        raise SaveError(_("{path}: {why}", path=path, why=exc.message)) from None
    start, dropped = doc.unfinished, []
    if start is not None:  # a crash cut an exec's batch: none of it happened
        keep, torn, dropped = _offset_of_line(raw, doc.lines[start]), True, doc.records[start:]
        del doc.records[start:], doc.lines[start:], doc.more[start:]
        doc.unfinished = None
    tail = Tail(size=keep, end=len(raw), ident=ident, needs_newline=bool(keep) and raw[keep - 1:keep] != b"\n")
    return Loaded(doc=doc, tail=tail, torn=torn, dropped=dropped, zeros=zeros, raw=raw)


def _text(path: Path, raw: bytes) -> str:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise SaveError(_('{path}: line {line}: not UTF-8 text', path=path, line=line)) from None
    return text[1:] if text.startswith("\ufeff") else text  # a BOM from a Windows editor


def _offset_of_line(raw: bytes, line: int) -> int:
    pos = 0
    for _line in range(line - 1):
        pos = raw.index(b"\n", pos) + 1
    return pos


# -- writing ---------------------------------------------------------------------------------
def atomic_write(path: Path, data: str | bytes, exclusive: bool = False,
                 durable: bool = True) -> tuple[int, tuple[int, int]]:
    """Write a whole file (temp, fsync, rename); ``exclusive``: fail with SaveExists if the
    name is taken, even by a file another program creates at the same moment; ``durable``
    False: no fsync, for a cache whose reader checks what it reads (a crash may leave it
    empty, never half another's). Returns the size and identity of what was written."""
    path = Path(path)
    if isinstance(data, str):
        data = data.encode("utf-8")
    if len(data) > LIMIT:  # it could not be opened again
        raise SaveError(_('{path}: not written: it would be {size:.1f} MiB, more than the {limit} MiB a file of '
                          'gm-console may have (it could not be opened again); nothing was changed',
                          path=path, size=len(data) / 2**20, limit=LIMIT // 2**20))
    folder = path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".gm-", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise SaveError(_('{path}: cannot write it: {value}', path=path, value=why(exc))) from None
    try:
        os.fchmod(fd, _mode_for(path))
        _write_all(fd, data, 0)
        if durable:
            os.fsync(fd)
        ident = _ident(os.fstat(fd))
        os.close(fd)
        fd = -1
        if exclusive:
            _link_exclusive(tmp, path, data)
            ident = _ident(os.stat(path))
        else:
            os.replace(tmp, path)
    except FileExistsError:
        raise SaveExists(f"{path}: already exists; open it, or pick another name") from None
    except OSError as exc:
        raise SaveError(_('{path}: cannot write it: {value}', path=path, value=why(exc))) from None
    finally:
        if fd >= 0:
            os.close(fd)
        try:
            os.unlink(tmp)
        except OSError:
            pass
    if durable:
        _fsync_dir(folder)
    return len(data), ident


def _link_exclusive(tmp: str, path: Path, data: bytes) -> None:
    """A hard link is an atomic create-if-absent; where links are not supported, O_EXCL."""
    try:
        os.link(tmp, path)
        return
    except FileExistsError:
        raise
    except OSError:
        pass
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), _mode_for(path))
    try:
        _write_all(fd, data, 0)
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        os.unlink(path)
        raise
    os.close(fd)


def _write_all(fd: int, data: bytes, offset: int) -> None:
    view = memoryview(data)
    while view:
        written = os.pwrite(fd, view, offset)
        view, offset = view[written:], offset + written


def _ident(st: os.stat_result) -> tuple[int, int]:
    return st.st_dev, st.st_ino


def _mode_for(path: Path) -> int:
    """Keep an existing file's permissions; a new one gets the usual ones (mkstemp's are 0600)."""
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_new(path: Path, doc: Document, exclusive: bool = True) -> Tail:
    size, ident = atomic_write(path, encode(doc), exclusive=exclusive)
    return Tail(size=size, end=size, ident=ident)


def backup(path: Path, tag: str) -> Path:
    """Keep the file as it is under ``NAME.TAG.bak`` (numbered if taken) before it is rewritten:
    a hard link (instant, the old bytes stay put), or a copy where links are not supported."""
    path = Path(path)

    def keep(target: Path) -> None:
        try:
            os.link(path, target)
        except FileExistsError:
            raise
        except OSError:
            atomic_write(target, read_bytes(path)[0], exclusive=True)

    names = (f"{path.name}.{tag}.bak" if n == 1 else f"{path.name}.{tag}-{n}.bak" for n in range(1, 1000))
    return first_free((path.with_name(name) for name in names), keep)


def first_free(candidates: Iterable[Path], create: Callable[[Path], None]) -> Path:
    """The first of ``candidates`` that ``create`` makes without finding it taken."""
    last = None
    for last in candidates:
        try:
            create(last)
            return last
        except (FileExistsError, SaveExists):
            continue
    raise SaveError(_('{last}: every name like it is taken; move some files away', last=last))


def append(path: Path, records: list[dict[str, Any]], tail: Tail) -> None:
    """Append records as one batch; updates ``tail``. All or nothing: on any error the file
    is cut back to what it held and a SaveError says why."""
    if not records:
        return
    try:
        data = (("\n" if tail.needs_newline else "") + encode_records(records)).encode("utf-8")
    except (CodecError, UnicodeEncodeError, RecursionError) as exc:
        raise SaveError(_('{path}: not saved: {exc}', path=path, exc=message_of(exc))) from None
    append_bytes(path, data, tail)


def append_bytes(path: Path, data: bytes, tail: Tail) -> None:
    """Append whole lines (``append``'s, or the record section's: records.py), with the same
    checks and the same all or nothing; updates ``tail``."""
    if tail.size + len(data) > LIMIT:  # a save this program writes is one it can open
        raise SaveError(_('{path}: not saved: the save would grow to {size:.1f} MiB, more than the {limit} MiB a save '
                          'may have (it could not be opened again); nothing was changed: add less at a time, or go '
                          'on in a new encounter', path=path, size=(tail.size + len(data)) / 2**20,
                          limit=LIMIT // 2**20))
    try:
        fd = os.open(path, os.O_RDWR | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise SaveError(_('{path}: not saved: {value}; nothing was changed', path=path, value=why(exc))) from None
    try:
        st = os.fstat(fd)
        if _ident(st) != tail.ident:
            raise SaveError(_('{path}: not saved: another file took its place since it was opened (moved, restored or rewritten by another program); reopen it', path=path))
        if st.st_size != tail.end:
            raise SaveError(_('{path}: not saved: another program changed this save since it was opened; reopen it (nothing was overwritten)', path=path))
        try:
            if tail.end > tail.size:  # the unfinished line a crash left: cut it first
                os.ftruncate(fd, tail.size)
                tail.end = tail.size
            _write_all(fd, data, tail.size)
            os.fsync(fd)
        except OSError as exc:
            raise SaveError(_undo_partial(fd, path, tail, exc)) from None
    finally:
        os.close(fd)
    tail.size = tail.end = tail.size + len(data)
    tail.needs_newline = False


def _undo_partial(fd: int, path: Path, tail: Tail, exc: OSError) -> str:
    """Cut off whatever part of the batch reached the file; say what the file holds now."""
    try:
        os.ftruncate(fd, tail.size)
        os.fsync(fd)
        tail.end = tail.size
        return f"{path}: not saved: {why(exc)}; the file holds everything before this action"
    except OSError:
        try:
            tail.end = os.fstat(fd).st_size
        except OSError:
            pass
        return (f"{path}: not saved: {why(exc)}; part of this action may be left at the end of the "
                "file (it is dropped when the file is next opened)")
