"""The last screen of a fight, kept so that opening it again shows it at once.

Loading the program (the engine, the game, Textual) and opening the save takes about a third
of a second before the first frame; a GM reopening yesterday's fight waits on a blank
terminal for it. So the console keeps the screen it last drew for a save (when it closes, and
after the first frame of an open that had none), and the next ``gm-console PATH`` paints it
before loading anything else (``gm_console.glimpse``); the live screen replaces it a moment
later. It is shown only when nothing it depends on has changed: the key below.

**The key.** Every byte of the save (BLAKE2b: a fight changed by ``exec``, an edit, a copy
from another computer: not shown), the terminal's size, the language asked for on the
command line, the environment that changes how Textual draws (the terminal's kind and
colours, the locale, gm-console's and Textual's variables), the settings file
(keymap.toml: keys, language, theme) and the code that draws (gm-console's and the
built-in games' source files; the version of every package installed beside Textual: Rich,
a third-party game... An edit to an installed package's files that keeps its version is not
seen: the kept screen then shows for the moment the live one takes.)

**Trusted only when checked** (a cache file is read from disk: issue 23). The file lives in
the snapshots' folder under its rules (``cachefolder``: ours, 0700, no links) and carries
the same keyed checksum, checked before anything else is read; and what it holds goes to
the terminal only as text and two kinds of escape sequence, the colours and styles (SGR,
``ESC [ ... m``) and the cursor's place (``ESC [ row ; col H``): ``safe`` refuses anything
else (a control character, a title, a clipboard write, a mode change). Any doubt, no
screen: the program starts as it would without one.

Standard library only, and nothing costly at import (no typing, no pathlib, no json): this
runs before the rest of the program is loaded.
"""

from __future__ import annotations

import os
import sys

from . import cachefolder

VERSION = 1
SUFFIX = ".screen"
KEEP = 64  # screens kept (one per save); the oldest go first
LIMIT = 8 * 1024 * 1024  # a screen is some tens of KiB (a 300x100 terminal in full colour: ~1 MiB)
SAVE_LIMIT = 64 * 1024 * 1024  # as a save may be (store.LIMIT): larger is not one
HEAD = "gm-console-screen"
#: what may go to the terminal besides text: an SGR's or a cursor place's parameters
_PARAMS = frozenset("0123456789;:")
_FINALS = frozenset("mH")
#: never sent to the terminal raw: C0 and C1 controls, DEL, and what reorders or breaks lines
#: (the command line's printable() escapes the same characters)
UNPRINTABLE = frozenset([*map(chr, range(0x20)), *map(chr, range(0x7f, 0xa0)), "\u061c", "\u200e", "\u200f",
                       *map(chr, range(0x2028, 0x202f)), *map(chr, range(0x2066, 0x206a))])
#: the environment that changes what Textual draws, or how
_ENV = ("TERM", "COLORTERM", "NO_COLOR", "FORCE_COLOR", "TERM_PROGRAM", "LANG", "LANGUAGE", "LC_ALL",
        "LC_MESSAGES", "LC_CTYPE", "COLUMNS", "LINES")
_ENV_PREFIXES = ("TEXTUAL", "GM_CONSOLE_", "XDG_CONFIG_HOME")


def folder() -> str:
    """The snapshots' folder: the same rules, the same key."""
    return os.path.join(cachefolder.cache_root(), "snapshots")


def key_for(save: str, digest: bytes, cols: int, rows: int, lang: str | None) -> str:
    """What a kept screen must have been drawn for to be shown now (see the module's text)."""
    import hashlib

    h = hashlib.blake2b(digest_size=20)
    for part in (f"{VERSION} {cols}x{rows} {lang or '-'}", os.path.realpath(save), _code(), _environment()):
        h.update(part.encode("utf-8", "surrogateescape") + b"\0")
    h.update(digest)
    h.update(_settings())
    return h.hexdigest()


def read(save: str, expected: str) -> str | None:
    """The screen kept for ``save`` under the key ``expected``, checked; None otherwise."""
    try:
        found = cachefolder.read_signed(folder(), cachefolder.name_for(save, SUFFIX), LIMIT)
        if found is None:
            return None
        data, start = found
        head, _, frame = data[start:].decode("utf-8").partition("\n")
        if head != f"{HEAD} {VERSION} {expected}" or not safe(frame):
            return None
        return frame
    except (OSError, ValueError):  # UnicodeDecodeError is a ValueError
        return None


def write(save: str, key: str, frame: str) -> bool:
    """Keep ``frame`` as the screen of ``save`` under ``key``. Best effort: False when it is
    not kept (a frame that is not ``safe`` never is; nor where the folder is not ours)."""
    if not safe(frame):
        return False
    body = f"{HEAD} {VERSION} {key}\n{frame}".encode("utf-8")
    if len(body) > LIMIT:
        return False
    try:
        return cachefolder.write_signed(folder(), cachefolder.name_for(save, SUFFIX), body, KEEP)
    except OSError:
        return False


def keep(save: str, lang: str | None, frame: str, cols: int, rows: int) -> bool:
    """Keep the screen drawn for ``save`` as its file is now (read again: the key is of the
    bytes the next open will read)."""
    digest = save_digest(save)
    return digest is not None and write(save, key_for(save, digest, cols, rows, lang), frame)


def save_digest(save: str) -> bytes | None:
    """The BLAKE2b digest of every byte of the save, read a piece at a time: the whole file in
    one object (some MiB for a long fight) would leave the C library's allocator keeping that
    much more for the rest of the program (3 MiB more resident in the big fight, measured)."""
    import hashlib

    h = hashlib.blake2b()
    piece = bytearray(64 * 1024)
    read = 0
    try:
        with open(save, "rb", buffering=0) as f:
            while n := f.readinto(piece):
                read += n
                if read > SAVE_LIMIT:
                    return None
                h.update(memoryview(piece)[:n])
    except OSError:
        return None
    return h.digest()


def safe(frame: str) -> bool:
    """Only text, SGR sequences and cursor places: nothing that would make the terminal do
    anything but show characters (see the module's text)."""
    parts = frame.split("\x1b")
    if not UNPRINTABLE.isdisjoint(parts[0]):
        return False
    for part in parts[1:]:
        if part[:1] != "[":
            return False
        end = 1
        while end < len(part) and part[end] in _PARAMS:
            end += 1
        if end >= len(part) or part[end] not in _FINALS or not UNPRINTABLE.isdisjoint(part[end + 1:]):
            return False
    return True


def _code() -> str:
    """gm-console's and the built-in games' source files (names, sizes, times), and the
    versions of the packages installed beside Textual (their dist-info folders' names)."""
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # gm_console
    found = []
    for top in (here, os.path.join(os.path.dirname(here), "rulesets")):
        for root, dirs, files in os.walk(top):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for name in sorted(files):
                if name.endswith((".py", ".tcss", ".mo", ".toml")):
                    try:
                        st = os.stat(os.path.join(root, name))
                    except OSError:
                        continue
                    found.append(f"{root}/{name} {st.st_size} {st.st_mtime_ns}")
    for entry in sys.path:
        if os.path.isdir(os.path.join(entry, "textual")):
            try:  # every package installed beside Textual, by version: Rich, a third-party game...
                found.extend(sorted(n for n in os.listdir(entry) if n.endswith(".dist-info")))
            except OSError:
                pass
            break
    found.append(sys.version)
    return "\n".join(found)


def _environment() -> str:
    return "\n".join(f"{k}={v}" for k, v in sorted(os.environ.items())
                     if k in _ENV or k.startswith(_ENV_PREFIXES))


def _settings() -> bytes:
    try:
        with open(os.path.join(cachefolder.config_root(), "keymap.toml"), "rb") as f:
            return b"keymap\0" + f.read(1024 * 1024)
    except OSError:
        return b"no keymap"
