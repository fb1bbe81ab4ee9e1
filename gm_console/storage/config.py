"""The user's TUI preferences: key remapping and settings, from one TOML file.

    # <config dir>/keymap.toml
    [keys]
    next = "n"            # binding id = key (comma-separated for several)
    damage = "d,f2"

    [settings]
    dice = "ask"          # auto | ask
    lang = "es"           # en | es

Reading it is I/O, so it lives in storage (which knows no UI): the TUI gets
plain dicts and decides what the ids mean. A broken file never stops the
program: the GM gets the problems as one-line warnings and the defaults.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from . import tomlfile
from .paths import config_dir

FILENAME = "keymap.toml"
SETTINGS = {"dice": ("auto", "ask"), "lang": ("en", "es")}


@dataclass
class UserConfig:
    keys: dict[str, str] = field(default_factory=dict)
    settings: dict[str, str] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    path: Path | None = None


def config_path() -> Path:
    return config_dir() / FILENAME


def load_config(path: Path | None = None) -> UserConfig:
    path = Path(path) if path is not None else config_path()
    out = UserConfig(path=path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return out
    except (OSError, UnicodeDecodeError) as exc:
        out.problems.append(f"{path}: cannot read: {exc}")
        return out
    try:
        data = tomlfile.loads(text)
    except tomlfile.TomlError as exc:
        out.problems.append(f"{path}: line {exc.line}: {exc.why}; using the default keys")
        return out
    keys = data.get("keys", {})
    if not isinstance(keys, dict):
        out.problems.append(f"{path}: [keys] must be a table of id = \"key\"")
        keys = {}
    for bid, key in keys.items():
        if isinstance(key, str) and key.strip():
            out.keys[str(bid)] = key.strip()
        else:
            out.problems.append(f"{path}: keys.{bid} must be a key name like \"n\" or \"ctrl+s\"")
    settings = data.get("settings", {})
    if not isinstance(settings, dict):
        out.problems.append(f"{path}: [settings] must be a table")
        settings = {}
    for name, value in settings.items():
        allowed = SETTINGS.get(name)
        if allowed is None:
            out.problems.append(f"{path}: unknown setting {name!r}; known: {', '.join(SETTINGS)}")
        elif value not in allowed:
            out.problems.append(f"{path}: settings.{name} takes {' or '.join(allowed)}, not {value!r}")
        else:
            out.settings[name] = value
    return out
