"""The two ways reading or writing a save fails, and how an OS error reads to a GM."""

from __future__ import annotations

import errno

from gm_console.engine.core.errors import GMError
from gm_console.i18n import _


class SaveError(GMError):
    """One line for the GM: which file, where, what is wrong (a message in any language)."""


class SaveExists(SaveError):
    """The file is already there, and creating never overwrites."""


class LibraryError(SaveError, GMError):
    """A bestiary, party or prepared encounter that cannot be read or written: one line, any language."""


class CodecError(GMError, ValueError):
    """The text is not a save this program can read; ``line`` says where, when known."""

    def __init__(self, message, line: int | None = None) -> None:
        super().__init__(message)
        self.line = line


_WHY = {
    errno.ENOSPC: _("the disk is full"),
    errno.EDQUOT: _("the disk quota is used up"),
    errno.EROFS: _("the disk is read-only"),
    errno.EACCES: _("permission denied"),
    errno.EPERM: _("permission denied"),
    errno.ENOENT: _("the file or its folder is gone"),
    errno.ENOTDIR: _("part of the path is a file, not a folder"),
    errno.EISDIR: _("it is a folder"),
    errno.ENAMETOOLONG: _("the name is too long"),
    errno.EIO: _("input/output error (a failing or removed disk?)"),
    errno.EEXIST: _("it already exists"),
    errno.EFBIG: _("the file is too large"),
}


def why(exc: OSError) -> str:
    """An OS error in a few words a GM can act on (``the disk is full``)."""
    return _WHY.get(exc.errno or 0) or (exc.strerror or str(exc) or type(exc).__name__).lower()
