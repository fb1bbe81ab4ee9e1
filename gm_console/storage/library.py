"""The encounter picker's list: user saves and bundled examples, newest first."""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass
from pathlib import Path

from .paths import bundled_saves_dir, saves_dir

_FIELD = re.compile(r'^(ruleset|name)\s*=\s*"(.*)"\s*$')
_ROUND = re.compile(r'^\d+ = \'\{"r":(\d+)')


@dataclass(frozen=True)
class EncounterInfo:
    path: Path
    name: str
    ruleset: str
    round: int
    modified: float
    bundled: bool


def peek(path: Path, bundled: bool = False) -> EncounterInfo | None:
    """Name, ruleset and last round from the text, without replaying the log."""
    try:
        text = path.read_text(encoding="utf-8")
        mtime = path.stat().st_mtime
    except (OSError, UnicodeDecodeError):
        return None
    fields: dict[str, str] = {}
    last_round = 0
    for line in text.splitlines():
        m = _FIELD.match(line)
        if m and m.group(1) not in fields:
            fields[m.group(1)] = m.group(2)
            continue
        m = _ROUND.match(line)
        if m:
            last_round = int(m.group(1))
    if "ruleset" not in fields:
        return None
    return EncounterInfo(path=path, name=fields.get("name") or path.stem, ruleset=fields["ruleset"],
                         round=last_round, modified=mtime, bundled=bundled)


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


def copy_example(info: EncounterInfo) -> Path:
    """Bundled examples open as copies in the user folder, so they stay pristine."""
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / info.path.name
    n = 2
    while target.exists():
        target = folder / f"{info.path.stem}-{n}.toml"
        n += 1
    shutil.copyfile(info.path, target)
    return target
