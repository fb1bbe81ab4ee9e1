"""The encounter picker's list: user saves and bundled examples, newest first."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from . import tomlfile
from .errors import SaveError
from .paths import bundled_saves_dir, safe_file_name, saves_dir
from .store import atomic_write, first_free, read_bytes

_FIELD = re.compile(r"^(ruleset|name)\s*=")
_FORMAT = re.compile(r"^format\s*=")
_PLAN = re.compile(r"^[ \t]*\[\[[ \t]*combatant[ \t]*\]\]", re.M)
_ROUND = re.compile(r"""^\d+ = (?:\{r = |'\{"r":)(\d+)""")  # format 2, format 1


@dataclass(frozen=True)
class EncounterInfo:
    path: Path
    name: str
    ruleset: str
    round: int
    modified: float
    bundled: bool
    prepared: bool = False  # written by hand (storage/prepared.py): becomes a save when opened


def peek(path: Path, bundled: bool = False) -> EncounterInfo | None:
    """Name, ruleset and last round from the text, without replaying the log."""
    try:
        raw, _size = read_bytes(path)
        text = raw.decode("utf-8")
        mtime = path.stat().st_mtime
    except (SaveError, OSError, UnicodeDecodeError):
        return None
    fields: dict[str, str] = {}
    lines = text.split("\n")
    has_format = False
    for line in lines:
        if line.strip() == "[log]" or line.lstrip().startswith("["):
            break
        has_format = has_format or bool(_FORMAT.match(line))
        m = _FIELD.match(line)
        if m and m.group(1) not in fields:
            try:
                value = tomlfile.loads(line).get(m.group(1))
            except tomlfile.TomlError:
                continue
            if isinstance(value, str):
                fields[m.group(1)] = value
    last_round = 0
    for line in reversed(lines):
        m = _ROUND.match(line)
        if m:
            last_round = int(m.group(1))
            break
    if "ruleset" not in fields:
        return None
    return EncounterInfo(path=path, name=fields.get("name") or path.stem, ruleset=fields["ruleset"],
                         round=last_round, modified=mtime, bundled=bundled,
                         prepared=not has_format and bool(_PLAN.search(text)))


def list_encounters() -> list[EncounterInfo]:
    out: list[EncounterInfo] = []
    user = saves_dir()
    if user.is_dir():
        found = [peek(p) for p in user.glob("*.toml")]
        out += sorted((f for f in found if f), key=lambda f: f.modified, reverse=True)
    bundled = bundled_saves_dir()
    if bundled is not None:
        found = [peek(p, bundled=True) for p in sorted(bundled.glob("*.toml"))]
        out += [f for f in found if f]
    return out


def new_save_path(name: str) -> Path:
    """Where the picker saves a new encounter called ``name``: in the saves folder, always."""
    return saves_dir() / f"{safe_file_name(name)}.toml"


def copy_example(info: EncounterInfo) -> Path:
    """Bundled examples open as copies in the user folder, so they stay pristine. The copy is
    written whole or not at all, and never over another: two copies get two names."""
    raw, _size = read_bytes(info.path)
    folder = saves_dir()
    stem = safe_file_name(info.path.stem)
    names = (f"{stem}.toml" if n == 1 else f"{stem}-{n}.toml" for n in range(1, 10_000))
    return first_free((folder / name for name in names), lambda target: atomic_write(target, raw, exclusive=True))


def _copy_folder(current: Path) -> Path:
    """Where a copy goes by default: beside the save, unless that folder is gone."""
    return current.parent if current.parent.is_dir() else saves_dir()


def suggest_copy(current: Path) -> str:
    """A free name for a copy of ``current``: ``goblins-copy.toml``, ``goblins-copy-2.toml``..."""
    folder = _copy_folder(current)
    stem = safe_file_name(current.stem)
    for n in range(1, 10_000):
        name = f"{stem}-copy.toml" if n == 1 else f"{stem}-copy-{n}.toml"
        if not (folder / name).exists():
            return name
    return f"{stem}-copy.toml"


def copy_path(current: Path, typed: str) -> Path:
    """What the GM typed for "save as": a bare name goes beside the save (or in the saves
    folder if that is gone); a path is taken as it is; `.toml` is added when missing."""
    path = Path(typed.strip()).expanduser()
    if not path.is_absolute():
        path = _copy_folder(current) / path
    return path if path.suffix == ".toml" else path.with_name(path.name + ".toml")
