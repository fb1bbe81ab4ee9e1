"""Bestiaries on disk: a game's starter one and the GM's own, read into the engine's ``Bestiary``.

One format for both, native TOML, one creature a table named by its id::

    [goblin]
    en = "Goblin"                      # names a GM types (@goblin, @trasgo), either language
    es = "Trasgo"
    aliases = ["goblin warrior"]       # optional
    cr = "1/3"                         # optional: challenge rating (threat in AGE games), xp
    xp = 135
    type = "Small humanoid (goblinoid)"
    source = "Pathfinder RPG Bestiary, p. 156 (OGL)"   # where the numbers come from
    hit_dice = "1d10+1"                # optional: what `add @goblin roll` rolls for its HP
    attacks = "short sword +2 (1d4/19-20)"             # optional, shown in the preview
    hp = 6                             # every other key is the game's stat block, as `add` takes it
    ac = 16

A game ships its own through ``Ruleset.bestiary_files()`` (``bestiary.toml`` beside its
module); the GM's own live in ``<data folder>/bestiary/<ruleset id>.toml`` and win over the
game's by id. Reading never stops an encounter from opening: a broken file or entry is a
one-line problem naming the file and the line, and the rest is read.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any

import tomli_w

from gm_console.engine.bestiary import META, Bestiary, Creature, hit_pool
from gm_console.engine.contract import Ruleset
from gm_console.engine.errors import GMError
from gm_console.engine.state import Combatant
from gm_console.engine.text import fold_text, slug
from gm_console.i18n import Msg, _

from . import tomlfile
from .errors import SaveError
from .paths import data_dir
from .store import atomic_write, read_bytes

_VALUE = (int, str, bool)


class LibraryError(SaveError, GMError):
    """A bestiary, party or prepared encounter that cannot be read or written: one line, any language."""


def user_path(ruleset_id: str) -> Path:
    """Where the GM's own creatures for one game live."""
    return data_dir() / "bestiary" / f"{slug(ruleset_id)}.toml"


def load(ruleset: Ruleset) -> tuple[Bestiary, list["Msg | str"]]:
    """The game's bestiary then the GM's, and every problem met reading the GM's. The GM's
    file is read now, so its problems show when the encounter opens; the game's own is
    parsed at the first look-up (its files ship with the game, and a test keeps them
    clean), so no fight waits for a bestiary before its first frame."""
    path = user_path(ruleset.id)
    mine: list[Creature] = []
    problems: list[Msg | str] = []
    if path.exists():
        mine, problems = read_file(path, origin="user")
    cls = type(ruleset)
    return Bestiary(lambda: [*_builtin(cls)[0], *mine]), problems


def builtin_problems(ruleset: Ruleset) -> tuple["Msg", ...]:
    """What is wrong in the bestiary a game ships (nothing, for the games here: a test says so)."""
    return _builtin(type(ruleset))[1]


@lru_cache(maxsize=None)
def _builtin(cls: type) -> tuple[tuple[Creature, ...], tuple[Msg, ...]]:
    """A game's own files never change while the program runs: read them once."""
    creatures: list[Creature] = []
    problems: list[Msg] = []
    for file in cls().bestiary_files():
        try:
            if not file.is_file():
                continue
            text = file.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            problems.append(_("{file}: cannot read it ({why})", file=str(file), why=str(exc)))
            continue
        found, trouble = parse(text, str(file), origin="built-in")
        creatures += found
        problems += trouble
    return tuple(creatures), tuple(problems)


def read_file(path: Path, origin: str = "user") -> tuple[list[Creature], list["Msg | str"]]:
    try:
        raw, _ident = read_bytes(path)
        text = raw.decode("utf-8")
    except SaveError as exc:
        return [], [str(exc)]
    except UnicodeDecodeError:
        return [], [_("{file}: not UTF-8 text", file=str(path))]
    return parse(text, str(path), origin)


def parse(text: str, where: str, origin: str = "") -> tuple[list[Creature], list[Msg]]:
    """Creatures from the text of one bestiary file, and a problem line for each entry left out."""
    try:
        data = tomlfile.loads(text)
    except tomlfile.TomlError as exc:
        return [], [_("{file}: line {line}: {why}", file=where, line=exc.line, why=exc.why)]
    creatures, problems = [], []
    for key, table in data.items():
        line = table_line(text, key)
        try:
            creatures.append(creature_from_table(key, table, origin, line))
        except ValueError as exc:
            problems.append(_("{file}: line {line}: {why}; the entry is left out", file=where, line=line or "?",
                              why=exc.args[0]))
    return creatures, problems


def creature_from_table(key: str, table: Any, origin: str = "", line: int | None = None) -> Creature:
    """One entry, checked for shape (the stat block's keys are checked when it is added)."""
    if not isinstance(table, dict):
        raise ValueError(_("{key} must be a table: [{key}] with en = \"...\" and its stats", key=key))
    cid = slug(key)
    en = table.get("en")
    if not isinstance(en, str) or not en.strip():
        raise ValueError(_("[{key}] needs its English name: en = \"...\"", key=key))
    for name in ("es", "cr", "threat", "source", "hit_dice", "type", "attacks"):
        value = table.get(name, "")
        if isinstance(value, bool) or not isinstance(value, (str, int)):
            raise ValueError(_("[{key}] {field} must be text", key=key, field=name))
    aliases = table.get("aliases", [])
    if not isinstance(aliases, list) or not all(isinstance(a, str) for a in aliases):
        raise ValueError(_("[{key}] aliases must be a list of names", key=key))
    xp = table.get("xp")
    if xp is not None and (not isinstance(xp, int) or isinstance(xp, bool) or xp < 0):
        raise ValueError(_("[{key}] xp must be a whole number", key=key))
    stats = {}
    for name, value in table.items():
        if name in META:
            continue
        if isinstance(value, list) and all(isinstance(v, _VALUE) for v in value):
            stats[name] = list(value)
        elif isinstance(value, _VALUE) or isinstance(value, float):
            stats[name] = value
        else:
            raise ValueError(_("[{key}] {field}: a stat is a number, text, true/false or a list", key=key,
                               field=name))
    return Creature(id=cid, en=en.strip(), es=str(table.get("es", "")).strip(), stats=stats,
                    aliases=tuple(aliases), hit_dice=str(table.get("hit_dice", "")), cr=str(table.get("cr", "")),
                    xp=xp, threat=str(table.get("threat", "")), source=str(table.get("source", "")),
                    type=str(table.get("type", "")), attacks=str(table.get("attacks", "")), origin=origin, line=line)


def table_line(text: str, key: str) -> int | None:
    """The line of ``[key]`` (quoted or not), for errors that name where to look."""
    pattern = re.compile(r"^[ \t]*\[[ \t]*(?:" + re.escape(key) + r"|\"" + re.escape(key) + r"\"|'"
                         + re.escape(key) + r"')[ \t]*\]", re.M)
    m = pattern.search(text)
    return text.count("\n", 0, m.start()) + 1 if m else None


# --- the GM's own creatures --------------------------------------------------------------------


def entry_of(c: Combatant, ruleset: Ruleset, en: str = "", es: str = "", cr: str = "",
             bestiary: Bestiary | None = None) -> tuple[str, dict[str, Any]]:
    """A combatant as a bestiary entry: its stat block as entered (HP at their maximum), its
    names, and what it remembers of the creature it was added from (CR, hit dice, source)."""
    base = re.sub(r"\s+\d+$", "", c.name).strip() or c.name
    origin = c.marks.get("bestiary") if isinstance(c.marks.get("bestiary"), dict) else {}
    known = (bestiary or {}).get(origin.get("id", "")) if origin else None
    en = (en or (known.en if known and fold_text(base) in {fold_text(known.en), fold_text(known.es)} else base)).strip()
    table: dict[str, Any] = {"en": en}
    es = es or (known.es if known and known.en == en else "")
    if es:
        table["es"] = es
    cr = cr or origin.get("cr", "")
    if cr:
        table["cr"] = str(cr)
    if origin.get("xp") is not None and not (cr and cr != origin.get("cr")):
        table["xp"] = origin["xp"]
    if origin.get("threat"):
        table["threat"] = origin["threat"]
    if known is not None:
        table["source"] = f"{known.en}: {known.source}" if known.source else known.en
        if known.type:
            table["type"] = known.type
    stats: dict[str, Any] = {}
    for f in ruleset.stat_block():
        value = c.stats.get(f.key)
        if f.key == "pc" or value is None or (value == f.default and f.kind != "pool"):
            continue
        stats[f.key] = value
    if known is not None and known.hit_dice:
        hp = hit_pool(ruleset)
        if hp and stats.get(hp) == known.stats.get(hp):
            table["hit_dice"] = known.hit_dice
    table.update(stats)
    return slug(en), table


def store(ruleset_id: str, cid: str, table: dict[str, Any], replace: bool = False) -> Path:
    """Write one creature into the GM's bestiary (all or nothing, the rest of the file as it
    was). An id already there is refused unless ``replace``."""
    path = user_path(ruleset_id)
    text = ""
    if path.exists():
        try:
            raw, _ident = read_bytes(path)
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise LibraryError(_("{file}: not UTF-8 text; not writing to it", file=str(path))) from None
        try:
            data = tomlfile.loads(text)
        except tomlfile.TomlError as exc:
            raise LibraryError(_("{file}: line {line}: {why}; fix it before storing more creatures",
                                 file=str(path), line=exc.line, why=exc.why)) from None
        if cid in data:
            if not replace:
                raise LibraryError(_("{file}: there is already a creature {id!r}; choose another name or "
                                     "replace it", file=str(path), id=cid))
            text = _without_table(text, cid)
    creature_from_table(cid, table)  # never write what would not read back
    block = tomli_w.dumps({cid: table})
    if text and not text.endswith("\n"):
        text += "\n"
    text = (text + "\n" if text.strip() else _HEADER.format(ruleset=ruleset_id)) + block
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise LibraryError(_("{file}: cannot create its folder ({why})", file=str(path), why=str(exc))) from None
    atomic_write(path, text)
    return path


_HEADER = ("# Your own creatures for {ruleset}: one table each, the same format as the game's bestiary.\n"
           "# `add @ID` adds one; `gm-console bestiary store` writes a combatant here.\n\n")


def _without_table(text: str, key: str) -> str:
    """The text without the table ``[key]`` (up to the next table), comments elsewhere kept."""
    line = table_line(text, key)
    if line is None:
        return text
    lines = text.split("\n")
    end = line
    while end < len(lines) and not re.match(r"^[ \t]*\[", lines[end]):
        end += 1
    return "\n".join(lines[:line - 1] + lines[end:]).rstrip("\n") + "\n"
