"""Where things live: platformdirs folders (overridable for tests and portable use)."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP = "gm-console"


def data_dir() -> Path:
    override = os.environ.get("GM_CONSOLE_DATA_DIR")
    return Path(override) if override else Path(platformdirs.user_data_dir(APP, appauthor=False))


def config_dir() -> Path:
    override = os.environ.get("GM_CONSOLE_CONFIG_DIR")
    return Path(override) if override else Path(platformdirs.user_config_dir(APP, appauthor=False))


def saves_dir() -> Path:
    return data_dir() / "encounters"


def bundled_saves_dir() -> Path | None:
    """The example encounters: packaged copy in a wheel, else the checkout's saves/."""
    here = Path(__file__).resolve().parent.parent
    for candidate in (here / "_saves", here.parent / "saves"):
        if candidate.is_dir():
            return candidate
    return None
