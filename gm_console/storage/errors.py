"""The two ways reading or writing a save fails, and how an OS error reads to a GM."""

from __future__ import annotations

import errno


class SaveError(Exception):
    """One line for the GM: which file, where, what is wrong."""


class SaveExists(SaveError):
    """The file is already there, and creating never overwrites."""


class CodecError(ValueError):
    """The text is not a save this program can read; ``line`` says where, when known."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.line = line


_WHY = {
    errno.ENOSPC: "the disk is full",
    errno.EDQUOT: "the disk quota is used up",
    errno.EROFS: "the disk is read-only",
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.ENOENT: "the file or its folder is gone",
    errno.ENOTDIR: "part of the path is a file, not a folder",
    errno.EISDIR: "it is a folder",
    errno.ENAMETOOLONG: "the name is too long",
    errno.EIO: "input/output error (a failing or removed disk?)",
    errno.EEXIST: "it already exists",
    errno.EFBIG: "the file is too large",
}


def why(exc: OSError) -> str:
    """An OS error in a few words a GM can act on (``the disk is full``)."""
    return _WHY.get(exc.errno or 0) or (exc.strerror or str(exc) or type(exc).__name__).lower()
