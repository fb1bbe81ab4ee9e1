"""Where things live: platformdirs folders (overridable for tests and portable use)."""

from __future__ import annotations

import os
import re
import unicodedata
from pathlib import Path

import platformdirs

from . import cachefolder

APP = cachefolder.APP


def data_dir() -> Path:
    override = os.environ.get("GM_CONSOLE_DATA_DIR")
    return Path(override) if override else Path(platformdirs.user_data_dir(APP, appauthor=False))


def config_dir() -> Path:
    return Path(cachefolder.config_root())


def log_dir() -> Path:
    """Where the TUI writes what a plugin's bug looked like (never the screen)."""
    override = os.environ.get("GM_CONSOLE_LOG_DIR")
    return Path(override) if override else Path(platformdirs.user_log_dir(APP, appauthor=False))


def cache_dir() -> Path:
    """What can be thrown away: snapshots of replayed encounters (snapshot.py), the last
    screen of each fight (lastscreen.py), the records' figures (records.py)."""
    return Path(cachefolder.cache_root())


def saves_dir() -> Path:
    return data_dir() / "encounters"


def bundled_saves_dir() -> Path | None:
    """The example encounters: packaged copy in a wheel, else the checkout's saves/."""
    here = Path(__file__).resolve().parent.parent
    for candidate in (here / "_saves", here.parent / "saves"):
        if candidate.is_dir():
            return candidate
    return None


_UNSAFE = re.compile(r"[^\w-]+")
_RESERVED = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)), *(f"lpt{i}" for i in range(10))}
NAME_LIMIT = 80  # characters of a file name made from an encounter's name (the name itself is kept whole)


def safe_file_name(name: str) -> str:
    """An encounter's name as a file name and nothing more: ``../../escape`` is ``escape``,
    ``a/b`` is ``a-b``; no folder, no hidden file, no control character, not too long."""
    text = unicodedata.normalize("NFKD", str(name))
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).casefold()
    text = _UNSAFE.sub("-", text).strip("-_")[:NAME_LIMIT].strip("-_")
    if not text:
        return "encounter"
    return f"{text}-1" if text in _RESERVED else text
