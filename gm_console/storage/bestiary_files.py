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
game's by id. Nothing is read when an encounter opens: the files are read at the first
``add @...`` (``lazy``), and a broken file or entry is a one-line problem naming the file and
the line, said when the GM asks for that creature (or for one not found); the rest is read.

Reading is linear in the file's size. A file laid out the plain way (the way this program and
most GMs write it) is listed from its header and name lines alone, and each table is read by
tomllib when it is asked for: adding one creature from a 100,000-entry file (4 MB) takes well
under a second (``benchmarks/bench.py``). A table that is not valid TOML leaves only that
creature out. Any other layout (multi-line strings or arrays, dotted tables) is read whole.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache, partial
from itertools import accumulate, repeat
from pathlib import Path
from typing import Any

import tomli_w

from gm_console.engine.core import attacks
from gm_console.engine.core.bestiary import META, Bestiary, Creature, Listing, Problem, fold_many, hit_pool
from gm_console.engine.core.marks import BESTIARY
from gm_console.engine.core.contract import Ruleset
from gm_console.engine.core.errors import RulesError
from gm_console.engine.core.state import Combatant
from gm_console.engine.core.text import fold_text, slug
from gm_console.i18n import Msg, _

from . import tomlfile
from .errors import LibraryError, SaveError
from .paths import data_dir
from .store import atomic_write, read_bytes

_VALUE = (int, str, bool)
_NAMED = {quoted: name for name in ("en", "es", "aliases") for quoted in (name, f'"{name}"', f"'{name}'")}
_EN = {quoted for quoted, name in _NAMED.items() if name == "en"}
_ALIASES = {quoted for quoted, name in _NAMED.items() if name == "aliases"}

# A file laid out the plain way (every line blank, a comment, a [table] header or a `key = ...`
# line, no multi-line strings, no repeated table) is listed from its header and name lines
# and each table is read when it is asked for; any other layout is read whole by tomllib.
_KEY = r"""(?:[A-Za-z0-9_-]+|"[^"\\\n]*"|'[^'\n]*')"""
_ODD_LINE = re.compile(r"\n(?!(?:[A-Za-z0-9_-]+ = |\[[A-Za-z0-9_-]+\]\r?\n|\r?\n)"  # the usual lines, quickly
                       r"|[ \t]*(?:[#\r\n]|$|\[[ \t]*" + _KEY + r"[ \t]*\][ \t]*(?:#[^\n]*)?\r?$|"
                       + _KEY + r"(?:[ \t]*\.[ \t]*" + _KEY + r")*[ \t]*=))", re.M)
_TABLE_START = re.compile(r"\n(?=[ \t]*\[)")
_NOT_A_COMMENT = re.compile(r"\n[ \t]*[^ \t\r\n#]")
_HEADS_AND_NAMES = re.compile(
    r"\n[ \t]*(?:\[[ \t]*(" + _KEY + r")|(en|es|aliases|\"en\"|\"es\"|\"aliases\"|'en'|'es'|'aliases')[ \t]*=[ \t]*"
    r"""(?:"([^"\\\n]*)"[ \t]*(?:#[^\n]*)?\r?$|'([^'\n]*)'[ \t]*(?:#[^\n]*)?\r?$|([^\n]*)))""", re.M)
_HEADER_LINE = re.compile(r"^[ \t]*\[[ \t]*(" + _KEY + r")[ \t]*\]", re.M)


def user_path(ruleset_id: str) -> Path:
    """Where the GM's own creatures for one game live."""
    return data_dir() / "bestiary" / f"{slug(ruleset_id)}.toml"


def lazy(ruleset: Ruleset) -> Bestiary:
    """The game's bestiary then the GM's, as an encounter adds from them: nothing is read
    before the first look-up (no open waits for a bestiary, and a creature stored after the
    encounter opened is found). A problem in the GM's file reaches the GM when it matters:
    the entry asked for says why it cannot be added, a creature not found says what was met
    (``Bestiary.find``), and ``Bestiary.problems`` holds what was met so far."""
    return Bestiary(partial(entries_of, ruleset))


def entries_of(ruleset: Ruleset) -> list["Creature | Listing | Problem"]:
    """The game's bestiary then the GM's, as they are now (entries a table at a time: ``Listing``)."""
    return [*_builtin(type(ruleset))[0], *_user_entries(user_path(ruleset.id))]


def load(ruleset: Ruleset) -> tuple[Bestiary, list["Msg | str"]]:
    """Both bestiaries read whole now, and every problem met: for the commands that list them."""
    bestiary = lazy(ruleset)
    list(bestiary)  # reads every entry
    return bestiary, list(bestiary.problems)


class Met:
    """The problems a lazy bestiary has met, as they are when this is iterated (``enc.warnings
    += Met(bestiary)`` after a prepared encounter is built: what building it read; nothing when
    no creature was looked up, and then nothing was read)."""

    def __init__(self, bestiary: Bestiary) -> None:
        self.bestiary = bestiary

    def __iter__(self):
        return iter(self.bestiary.problems)


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
    more: dict[str, dict[str, Any]] = {}
    for file in cls().bestiary_supplements():
        _supplement(file, more, problems)
    if more:
        creatures = [replace(c, stats={**more[c.id], **c.stats}) if c.id in more else c for c in creatures]
    return tuple(creatures), tuple(problems)


def _supplement(file, more: dict[str, dict[str, Any]], problems: list) -> None:
    """One supplement (``Ruleset.bestiary_supplements``): tables by entry id whose keys join that
    entry's stats; an attack list's unreadable strings are left out, each a problem line."""
    try:
        if not file.is_file():
            return
        data = tomlfile.loads(file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        problems.append(_("{file}: cannot read it ({why})", file=str(file), why=getattr(exc, "why", str(exc))))
        return
    for key, table in data.items():
        if not isinstance(table, dict):
            problems.append(_("{file}: [{key}] must be a table", file=str(file), key=key))
            continue
        stats = more.setdefault(slug(key), {})
        for name, value in table.items():
            if name == "atk":
                value = _readable_attacks(file, key, value, problems)
            if isinstance(value, list) and all(isinstance(v, _VALUE) for v in value) or isinstance(value, _VALUE):
                stats[name] = value
            else:
                problems.append(_("{file}: [{key}] {field}: a stat is a number, text, true/false or a list",
                                  file=str(file), key=key, field=name))


def _readable_attacks(file, key: str, value: Any, problems: list) -> Any:
    if not isinstance(value, list):
        value = [value]
    kept = []
    for text in value:
        try:
            kept.append(attacks.parse(text).text)
        except RulesError as exc:
            problems.append(_("{file}: [{key}] atk: {why}", file=str(file), key=key, why=exc.message))
    return kept


def _user_entries(path: Path) -> list["Listing | Problem"]:
    if not path.exists():
        return []
    text = _text(path)
    return [text] if isinstance(text, Problem) else entries(text, str(path), "user")


def _text(path: Path) -> "str | Problem":
    try:
        raw, _ident = read_bytes(path)
        return raw.decode("utf-8")
    except SaveError as exc:
        return Problem(exc.message)
    except UnicodeDecodeError:
        return Problem(_("{file}: not UTF-8 text", file=str(path)))


def parse(text: str, where: str, origin: str = "", whole: bool = False) -> tuple[list[Creature], list["Msg | str"]]:
    """Creatures from the text of one bestiary file, and a problem line for each entry left out,
    table by table in the file's order. ``whole``: read by tomllib at once, whatever the layout
    (the way a look-up reads a file of any other layout; tests hold the two to one answer)."""
    found = (_Whole if whole else _tables)(text, where, origin)
    creatures, problems = [], []
    for result in found.results():
        if isinstance(result, Creature):
            creatures.append(result)
        else:
            problems.append(result.message)
    return creatures, problems


def entries(text: str, where: str, origin: str = "", whole: bool = False) -> list["Listing | Problem"]:
    """One file as a bestiary takes it: a listing of its entries, each read when asked for
    (``whole``: as ``parse`` says)."""
    return (_Whole if whole else _tables)(text, where, origin).items()


def _tables(text: str, where: str, origin: str) -> "_Plain | _Whole":
    """The file's tables found from their headers when its layout is plain, else tomllib's."""
    if '"""' in text or "'''" in text:
        return _Whole(text, where, origin)
    lined = "\n" + text
    if _ODD_LINE.search(lined):
        return _Whole(text, where, origin)
    chunks = _TABLE_START.split(lined)
    if _NOT_A_COMMENT.search("\n" + chunks[0]):  # keys before the first [table]
        return _Whole(text, where, origin)
    plain = _Plain(lined, chunks, where, origin)
    return plain if plain.ok else _Whole(text, where, origin)


class _Plain:
    """A plainly laid out file, listed in one pass over its header and name lines: the index
    of names is built without reading any table, and a table is read (by tomllib, on its own
    text) when the GM asks for it. Every step is linear in the file's size."""

    def __init__(self, lined: str, chunks: list[str], where: str, origin: str) -> None:
        """``lined``: the file's text after a line break (every line starts with one);
        ``chunks``: it cut before each [table] header."""
        self.chunks, self.where, self.origin = chunks, where, origin
        keys: list[str] = []
        owners: list[int] = []  # the table each name is of
        raw: list[str | None] = []  # None: the table's id, known once every key is slugged
        en: list[str] = []  # each table's English name
        doubtful: list[int] = []
        k = -1
        add_key, add_en, add_owner, add_raw = keys.append, en.append, owners.append, raw.append
        for head, name, basic, literal, other in _HEADS_AND_NAMES.findall(lined):
            if head:
                k += 1
                add_key(head)
                add_en("")
                add_owner(k)
                add_raw(None)
            elif other or name in _ALIASES:  # not a plain text, or a list
                values = _names(_NAMED[name], other.rstrip("\r")) if other else None  # aliases = "x"
                if values is None:
                    doubtful.append(k)  # read now: what is wrong with it goes with every "not found"
                    continue
                if name in _EN and values and not en[k]:
                    en[k] = values[0]
                for v in values:
                    if v:
                        add_owner(k)
                        add_raw(v)
            elif basic or literal:
                if name in _EN and not en[k]:
                    en[k] = basic or literal
                add_owner(k)
                add_raw(basic or literal)
        if any(key[0] in "\"'" for key in keys):
            keys = [_unquote(key) for key in keys]
        self.ok = len(keys) == len(chunks) - 1 and len(set(keys)) == len(keys)
        if not self.ok:
            return
        self.keys = keys
        self.ids = ids = "\n".join(fold_many(keys)).replace(" ", "-").split("\n")  # slug() of each, at once
        if "" in ids:
            ids = self.ids = [cid or "x" for cid in ids]
        last = dict(zip(ids, range(len(keys))))  # [Goblin] then [goblin]: the later one
        if len(last) != len(keys):  # ...in the later one's place, its names only
            last = dict(sorted(last.items(), key=lambda item: item[1]))
            kept = [(k, name) for k, name in zip(owners, raw) if last[ids[k]] == k]
            owners, raw = [k for k, _name in kept], [name for _k, name in kept]
        self.listing = Listing(en={cid: en[k] or keys[k] for cid, k in last.items()},
                               ids=[ids[k] for k in owners],
                               names=[ids[k] if name is None else name for k, name in zip(owners, raw)],
                               read=lambda cid: self.table(last[cid]))
        self._lines: list[int] | None = None
        self.read: dict[int, Creature | Problem] = {}
        self.doubtful = doubtful

    def items(self) -> list["Listing | Problem"]:
        """The listing, and what is wrong with a table whose names did not read as names."""
        found = (self.listing.read(self.ids[k]) for k in self.doubtful if self.ids[k] in self.listing.en)
        return [self.listing, *(p for p in found if isinstance(p, Problem))]

    def results(self) -> list["Creature | Problem"]:
        return [self.table(k) for k in range(len(self.keys))]

    def line(self, k: int) -> int:
        """The line of table ``k``'s header (every line counted once, whatever is asked)."""
        if self._lines is None:  # chunk i starts after i line breaks of its own and those in chunks before
            counts = accumulate(map(str.count, self.chunks, repeat("\n")))
            self._lines = [before + i for i, before in enumerate(counts, 1)]
        return self._lines[k]

    def table(self, k: int) -> "Creature | Problem":
        if k not in self.read:
            line = self.line(k)
            try:
                data = tomlfile.loads(self.chunks[k + 1] + "\n")  # its own line break went with the cut
            except tomlfile.TomlError as exc:
                self.read[k] = Problem(_("{file}: line {line}: {why}; the entry is left out", file=self.where,
                                         line=line + exc.line - 1, why=exc.why))
            else:
                self.read[k] = _entry(self.keys[k], data.get(self.keys[k]), self.where, self.origin, line)
        return self.read[k]


def _names(name: str, value: str) -> "list[str] | tuple[str] | None":
    """The names a name line gives as TOML reads it (``aliases`` a list, ``en``/``es`` one
    text), or None when it gives something else."""
    try:
        read = tomlfile.loads(f"{name} = {value}").get(name)
    except tomlfile.TomlError:
        return None
    if name == "aliases":
        return read if isinstance(read, list) and all(isinstance(v, str) for v in read) else None
    return (read,) if isinstance(read, str) else None


class _Whole:
    """A file read by tomllib at once. When it is not TOML, every creature of the file is left
    out with that one line; a look-up of a name its [tables] give says so too."""

    def __init__(self, text: str, where: str, origin: str) -> None:
        self.problem: Problem | None = None
        self.found: list[tuple[str, Creature | Problem, Any]] = []
        try:
            data = tomlfile.loads(text)
        except tomlfile.TomlError as exc:
            self.problem = Problem(_("{file}: line {line}: {why}", file=where, line=exc.line, why=exc.why))
            keys = [_unquote(m.group(1)) for m in _HEADER_LINE.finditer(text)]
            self.found = [(key, self.problem, {}) for key in keys]
            return
        lines = _header_lines(text)
        for key, table in data.items():
            self.found.append((key, _entry(key, table, where, origin, lines.get(key)), table))

    def items(self) -> list["Listing | Problem"]:
        final: dict[str, tuple[str, Creature | Problem, Any]] = {}
        for key, result, table in self.found:  # a later table of the same id wins, in its place
            cid = result.id if isinstance(result, Creature) else slug(key)
            final.pop(cid, None)
            final[cid] = (key, result, table)
        en: dict[str, str] = {}
        ids: list[str] = []
        names: list[str] = []
        for cid, (key, result, table) in final.items():
            if isinstance(result, Creature):
                en[cid], spelled = result.en, result.names()
            else:
                spelled = (cid, *_names_in(table))
                en[cid] = spelled[1] or key
            spelled = [name for name in spelled if name]
            ids += [cid] * len(spelled)
            names += spelled
        listing = Listing(en=en, ids=ids, names=names, read=lambda cid: final[cid][1])
        return [listing, self.problem] if self.problem is not None else [listing]

    def results(self) -> list["Creature | Problem"]:
        if self.problem is not None:
            return [self.problem]
        return [result for _key, result, _table in self.found]


def _names_in(table: Any) -> tuple[str, ...]:
    """The names of a table left out, as far as they are text: a look-up of them says why."""
    if not isinstance(table, dict):
        return ("",)
    aliases = table.get("aliases")
    names = [table.get("en"), table.get("es"), *(aliases if isinstance(aliases, list) else [])]
    en = names[0] if isinstance(names[0], str) else ""
    return (en, *(n for n in names[1:] if isinstance(n, str)))


def _entry(key: str, table: Any, where: str, origin: str, line: int | None) -> "Creature | Problem":
    try:
        return creature_from_table(key, table, origin, line)
    except ValueError as exc:
        return Problem(_("{file}: line {line}: {why}; the entry is left out", file=where, line=line or "?",
                         why=exc.args[0]))


def _unquote(key: str) -> str:
    return key[1:-1] if key[:1] in ("\"", "'") else key


def _header_lines(text: str) -> dict[str, int]:
    """The line of each ``[key]`` (quoted or not), the first of each, counted in one pass."""
    lines: dict[str, int] = {}
    line, at = 1, 0
    for m in _HEADER_LINE.finditer(text):
        line += text.count("\n", at, m.start())
        at = m.start()
        lines.setdefault(_unquote(m.group(1)), line)
    return lines


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
    origin = BESTIARY.of(c) if isinstance(BESTIARY.of(c), dict) else {}
    known = (bestiary or {}).get(origin.get("id", "")) if origin else None
    en = (en or (known.en if known and fold_text(base) in {fold_text(known.en), fold_text(known.es)} else base)).strip()
    table: dict[str, Any] = {"en": en}
    es = es or (known.es if known and known.en == en else "")
    if es:
        table["es"] = es
    cr = cr or c.stats.get("cr") or origin.get("cr", "")  # the GM's cr= stat too (docs/sheets.md)
    if cr:
        table["cr"] = str(cr)
    if c.stats.get("xp") is not None:
        table["xp"] = c.stats["xp"]
    elif origin.get("xp") is not None and not (cr and cr != origin.get("cr")):
        table["xp"] = origin["xp"]
    if origin.get("threat"):
        table["threat"] = origin["threat"]
    if known is not None:
        table["source"] = f"{known.en}: {known.source}" if known.source else known.en
        if known.type:
            table["type"] = known.type
    stats: dict[str, Any] = {}
    for f in ruleset.sheet.block:
        value = c.stats.get(f.key)
        if f.key in ("pc", *META) or value is None or (value == f.default and f.kind != "pool"):
            continue  # cr and xp are the entry's own keys, above
        stats[f.key] = list(value) if isinstance(value, tuple) else value  # a list stat (atk) is a TOML array
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
