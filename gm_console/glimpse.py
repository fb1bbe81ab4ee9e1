"""The fight's last screen on the terminal at once, while the program loads.

``gm-console PATH`` needs about a third of a second (the engine, the game, Textual, the save
replayed or its snapshot read) before its first frame. When the console kept the screen it
last drew for this save and nothing it depends on has changed (``storage.lastscreen``: the
save's bytes, the terminal's size, the settings, the code), that screen is painted first,
some tens of milliseconds after the program is started, on the terminal's alternate screen
as Textual's is; Textual then enters the same alternate screen (a second entry changes
nothing) and its first frame replaces the kept one cell for cell. Keys typed meanwhile are
not echoed over it and wait for the live screen, which applies them in order.

The kept screen is taken back (``withdraw``: the normal screen, the cursor, the terminal's
modes as they were) whenever the program does not go on to the live screen: an error
opening the save, a command that prints, a crash.
"""

from __future__ import annotations

import os
import sys

try:
    import termios
except ImportError:  # not a POSIX terminal (Windows' console reads escape sequences only once
    termios = None  # type: ignore[assignment]  # Textual turns them on): no kept screen

_painted = False  # a kept screen is on the terminal
_live = False  # the live screen has replaced it (the terminal is Textual's)
_modes: list | None = None  # the terminal's modes before the echo was turned off


def show(argv: list[str]) -> bool:
    """Paint the kept screen of the save ``argv`` opens (``[--lang L] [open] PATH``), if there
    is one for it as things are now; True if it is on the terminal."""
    global _painted, _modes
    opened = _opened(argv)
    out = sys.__stderr__  # where Textual's driver writes
    if termios is None or opened is None or out is None or not out.isatty() or not sys.stdin.isatty():
        return False
    if os.environ.get("TERM", "dumb") == "dumb" or os.environ.get("GM_CONSOLE_NO_LAST_SCREEN"):
        return False
    path, lang = opened
    try:
        from gm_console.storage import lastscreen

        cols, rows = os.get_terminal_size(out.fileno())
        digest = lastscreen.save_digest(path)
        frame = lastscreen.read(path, lastscreen.key_for(path, digest, cols, rows, lang)) if digest is not None else None
        if frame is None:
            return False
        _modes = _quiet(sys.stdin.fileno())
        out.write("\x1b[?1049h\x1b[?25l" + frame)  # the alternate screen, no cursor, the screen
        out.flush()
    except (OSError, ValueError):  # no terminal size, a closed stream: no kept screen
        return False
    _painted = True
    return True


def painted() -> bool:
    return _painted


def hand_over() -> None:
    """Textual is about to take the terminal: its modes as they were, for Textual to read
    (and to put back when it ends); the kept screen stays until Textual's first frame."""
    global _modes
    if _modes is not None:
        _restore(sys.stdin.fileno(), _modes)
        _modes = None


def live() -> None:
    """The live screen is on the terminal: nothing of ours is left to take back."""
    global _live
    _live = True


def withdraw() -> None:
    """The program will not show the live screen (an error, a command that prints): the kept
    screen goes, and the normal screen, the cursor and the echo come back. Safe to call
    more than once, and a no-op when nothing was painted or Textual has the terminal."""
    global _painted
    hand_over()
    if _painted and not _live:
        _painted = False
        try:
            sys.__stderr__.write("\x1b[?25h\x1b[?1049l")
            sys.__stderr__.flush()
        except (OSError, ValueError, AttributeError):
            pass


def _opened(argv: list[str]) -> tuple[str, str | None] | None:
    """(path, language asked for) of ``gm-console [--lang L] [open] PATH``; None for any other
    command line (cli.py reads those; a first word that names a command is never a path
    there, and a file of that name has no kept screen unless the TUI opened it)."""
    lang = None
    if argv[:1] == ["--lang"] and len(argv) >= 2:
        lang, argv = argv[1], argv[2:]
    elif argv[:1] and argv[0].startswith("--lang="):
        lang, argv = argv[0][len("--lang="):], argv[1:]
    if argv[:1] == ["open"]:
        argv = argv[1:]
    if len(argv) != 1 or argv[0].startswith("-") or not argv[0]:
        return None
    return argv[0], lang


def _quiet(fd: int) -> list | None:
    """Keys typed over the kept screen are not echoed onto it (they wait in the terminal's
    queue for the live screen); the modes before, to put back."""
    try:
        before = termios.tcgetattr(fd)
        quiet = [*before]
        quiet[3] = before[3] & ~(termios.ECHO | termios.ECHONL)
        termios.tcsetattr(fd, termios.TCSANOW, quiet)  # TCSANOW: what was typed stays queued
        return before
    except (OSError, ValueError, termios.error):
        return None


def _restore(fd: int, modes: list) -> None:
    try:
        termios.tcsetattr(fd, termios.TCSANOW, modes)
    except (OSError, ValueError, termios.error):
        pass
