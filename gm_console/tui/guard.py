"""The one place the screen calls a ruleset for something to draw, and survives its bugs.

A plugin's reading bug (a status line that raises, a figure that divides by zero) must not
take the screen down in the middle of a fight, nor vanish without a trace: ``ask`` returns
the default the pane can draw without, and writes the traceback once to
``gm-console.log`` in the platformdirs log folder, where a GM can find it for a bug report.
The engine's own path (commands) is not guarded here: a command that fails is rolled back
and reported by the controller.
"""

from __future__ import annotations

import logging
from typing import Any, Callable, TypeVar

T = TypeVar("T")
LOG = logging.getLogger("gm_console.plugins")
_seen: set[tuple[str, str]] = set()


def ask(what: str, call: Callable[[], T], default: T) -> T:
    """``call()``; on any exception, log it (once per place and kind) and return ``default``."""
    try:
        return call()
    except Exception as exc:  # the single guard for plugin code drawn on the screen
        report(what, exc)
        return default


def report(what: str, exc: BaseException) -> None:
    key = (what, type(exc).__name__)
    if key in _seen:
        return
    _seen.add(key)
    _ensure_handler()
    LOG.error("%s failed: %s: %s", what, type(exc).__name__, exc, exc_info=exc)


def log_path() -> Any:
    from gm_console.storage.paths import log_dir

    return log_dir() / "gm-console.log"


def _ensure_handler() -> None:
    """The log file is opened only when there is something to write (no cost at start-up)."""
    if LOG.handlers:
        return
    try:
        path = log_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = logging.FileHandler(path, encoding="utf-8")
    except OSError:
        handler = logging.NullHandler()  # no log folder: the screen still must not fall
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    LOG.addHandler(handler)
    LOG.propagate = False
