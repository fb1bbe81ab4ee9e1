"""File operations for saves: atomic rewrite, O(1) append, and careful reading.

Rewrite (new file, header change): write a temp file in the same folder, fsync,
rename over the old one, fsync the folder. A crash leaves the old file or the
new one, never half of each.

Append (every GM action): one ``write`` of whole lines on an append-mode file,
then fsync. A crash can at worst leave an unfinished last line; reading drops
it (that action is lost, nothing before it) and the next append cuts it off
first. Before appending we check the file is still the one we read, so two
programs never interleave their histories.

A file that cannot be read is never written to: the GM gets the path, the line
and the reason, and the file stays as it was.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from .codec import CodecError, Document, decode, encode, encode_record


class SaveError(Exception):
    """One line for the GM: which file, where, what is wrong."""


@dataclass
class Loaded:
    doc: Document
    size: int  # bytes that hold complete lines: where the next append goes
    torn: bool = False  # an unfinished last line was dropped


def atomic_write(path: Path, text: str) -> int:
    path = Path(path)
    data = text.encode("utf-8")
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        os.fchmod(fd, _mode_for(path))
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    _fsync_dir(folder)
    return len(data)


def _mode_for(path: Path) -> int:
    """Keep an existing file's permissions; a new one gets the usual ones (mkstemp's are 0600)."""
    try:
        return path.stat().st_mode & 0o777
    except FileNotFoundError:
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


def read(path: Path) -> Loaded:
    path = Path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise SaveError(f"{path}: no such file") from None
    except OSError as exc:
        raise SaveError(f"{path}: cannot read: {exc.strerror}") from None
    torn = False
    if raw and not raw.endswith(b"\n"):
        cut = raw.rfind(b"\n") + 1
        if cut > 0 and _is_log_line(raw[cut:]):
            raw, torn = raw[:cut], True
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise SaveError(f"{path}: line {line}: not UTF-8 text") from None
    try:
        doc = decode(text)
    except CodecError as exc:
        where = f"line {exc.line}: " if exc.line else ""
        raise SaveError(f"{path}: {where}{exc}") from None
    return Loaded(doc=doc, size=len(raw), torn=torn)


def _is_log_line(tail: bytes) -> bool:
    head = tail.split(b"=", 1)[0].strip()
    return head.isdigit()


def write_new(path: Path, doc: Document) -> int:
    return atomic_write(path, encode(doc))


def append(path: Path, records: list[dict], expected_size: int) -> int:
    """Append records as lines; returns the new size. Refuses if the file changed under us."""
    if not records:
        return expected_size
    data = "".join(encode_record(r) for r in records).encode("utf-8")
    path = Path(path)
    try:
        fd = os.open(path, os.O_RDWR)
    except OSError as exc:
        raise SaveError(f"{path}: cannot open for saving: {exc.strerror}") from None
    try:
        size = os.fstat(fd).st_size
        if size < expected_size:
            raise SaveError(f"{path}: the file shrank since it was opened; not saving over it")
        if size > expected_size:
            tail = os.pread(fd, size - expected_size, expected_size)
            if b"\n" in tail:
                raise SaveError(f"{path}: another program added to this save since it was opened; "
                                "reopen it (nothing was overwritten)")
            os.ftruncate(fd, expected_size)  # an unfinished line from a crash
        os.lseek(fd, expected_size, os.SEEK_SET)
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            view = view[written:]
        os.fsync(fd)
    finally:
        os.close(fd)
    return expected_size + len(data)
