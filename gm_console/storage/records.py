"""The record's cache: each save's fights as ``engine.views.record.figures``, so `gm-console stats`
replays a save only the first time and after it changes.

One small JSON file per save in ``records/`` under the cache folder, named like the save's
snapshot. It is data only, read back only when it stands for exactly the save's bytes (their
size and BLAKE2b digest) and was summed by this code (the snapshot's fingerprint of the
engine, storage and the game); any other shape, or the least doubt, and the save is read the
long way. The console writes it when it closes a save whose fight is over (``Encounter.close``),
`stats` when it reads one the long way.

**The record section** (``section``, ``from_save``): the console also writes a save's figures
into the save itself, when it closes it with its fight over, so `stats` need not replay a save
it has never seen (copied from another computer, the cache cleared, a new install). It is one
TOML comment line at the end of ``[log]`` (any TOML reader and every older gm-console skip it;
the codec does too)::

    #:figures 3b0c...e1 {"v":1,"code":"9f2a...","ruleset":"pathfinder1e","party":null,...}

The hex is a BLAKE2b digest of every byte of the file before the line and of the JSON after
it, so the figures stand for exactly that file: an action appended since, a line edited, a
header or an option changed, a torn or edited section, and the digest fails and the save is
read the long way. ``code`` is a digest of the source of the code that summed them (the
engine, the game, this module and the codec: the same on every computer with the same
version): another version and they are not used either. A section that grows with each close
does not repeat the fights it already holds: ``base`` is the offset of the previous section
line and ``keep`` how many of its fights (as it resolves) still stand, ``fights`` the rest;
the last line's digest covers the earlier ones, which are in the bytes before it.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

from gm_console import plugins
from gm_console.engine.core.errors import GMError
from gm_console.engine.views.record import fight_summaries, figures, figures_problem

from . import snapshot, store
from .codec import Document
from .paths import cache_dir

VERSION = 1
LIMIT = 16 * 1024 * 1024  # a larger file is not ours


def summed(history, ruleset, doc: Document) -> dict[str, Any]:
    """What the cache keeps of a save: its game, party, creation and every fight's figures."""
    fights = [figures(s) for s, _span in fight_summaries(history, ruleset, doc.options)]
    created = doc.created
    return {"ruleset": doc.ruleset, "party": doc.extra.get("party") if isinstance(doc.extra.get("party"), str) else None,
            "created": created.isoformat() if isinstance(created, (dt.date, dt.datetime)) else
            created if isinstance(created, str) else None,
            "fights": fights}


def file_for(save: Path) -> Path:
    return cache_dir() / "records" / (snapshot.name_for(save).rsplit(".", 1)[0] + ".json")


def cached(save: Path, raw: bytes) -> dict[str, Any] | None:
    """The figures kept for exactly these bytes, summed by this code; None at the least doubt."""
    try:
        path = file_for(save)
        if path.stat().st_size > LIMIT:
            return None
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or data.get("v") != VERSION or data.get("size") != len(raw):
            return None
        if not isinstance(data.get("ruleset"), str) or data.get("digest") != snapshot.digest(raw):
            return None
        if data.get("code") != snapshot.fingerprint(type(plugins.load(data["ruleset"])).__module__):
            return None
        fights = data.get("fights")
        if not isinstance(fights, list) or any(figures_problem(f) for f in fights):
            return None
        if not (data.get("party") is None or isinstance(data["party"], str)) or \
                not (data.get("created") is None or isinstance(data["created"], str)):
            return None
        return data
    except (OSError, ValueError, RecursionError, plugins.UnknownRuleset):
        return None


def keep(save: Path, raw: bytes, made: dict[str, Any]) -> bool:
    """Keep a save's figures for the next report; a cache that cannot be written is no loss."""
    try:
        code = snapshot.fingerprint(type(plugins.load(made["ruleset"])).__module__)
        path = file_for(save)
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        body = {"v": VERSION, "size": len(raw), "digest": snapshot.digest(raw), "code": code, **made}
        # No fsync: a cache file a crash left empty fails ``cached``'s checks and the save is read again.
        store.atomic_write(path, json.dumps(body, ensure_ascii=False, separators=(",", ":")), durable=False)
        return True
    except (OSError, ValueError, TypeError, GMError, plugins.UnknownRuleset):
        return False


# -- the record section, in the save ---------------------------------------------------------
MARK = b"#:figures "
SECTION = 1  # the section's own layout
# Section lines one may build on before a whole one is written again (each `exec` after a
# fight adds a short one; the reader follows at most this many).
CHAIN = 256


def code_version(ruleset_module: str) -> str:
    """What summed a save's figures: a digest of the source of the engine, of the game's
    package, of the codec and of this module (their bytes, not their paths or times: the same
    on every computer with the same version of gm-console and of the game)."""
    return _code_version(ruleset_module.split(".")[0])


@lru_cache(maxsize=None)
def _code_version(top: str) -> str:
    here = Path(__file__).resolve().parent
    files = [here / "codec.py", here / "records.py"]
    folders = [here.parent / "engine"]
    module = sys.modules.get(top)
    folders += [Path(folder) for folder in getattr(module, "__path__", ()) or ()]
    if not getattr(module, "__path__", None) and getattr(module, "__file__", None):
        files.append(Path(module.__file__))  # a game that is one module, not a package
    for folder in folders:
        for root, dirs, names in os.walk(folder):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            files += [Path(root, name) for name in sorted(names) if name.endswith((".py", ".toml"))]
    h = hashlib.blake2b(f"{SECTION} {top}".encode(), digest_size=16)
    for path in files:
        try:
            data = path.read_bytes()
        except OSError:
            data = b"?"
        h.update(f"{path.relative_to(path.parents[1]).as_posix()} {len(data)}\n".encode())
        h.update(data)
    return h.hexdigest()


def _seal(before: "bytes | memoryview", payload: bytes) -> str:
    h = hashlib.blake2b(before, digest_size=16)
    h.update(payload)
    return h.hexdigest()


def section(raw: bytes, made: dict[str, Any]) -> bytes | None:
    """The line that puts ``made`` (``summed``) at the end of a save whose bytes are ``raw``
    (ending in a newline): only the fights that differ from those of the section already in
    the file, if there is one it can build on. None when there is nothing to write."""
    if not made["fights"] or not raw.endswith(b"\n"):
        return None
    fights = json.loads(json.dumps(made["fights"]))  # as they will read back
    base, keep = None, 0
    at = raw.rfind(b"\n" + MARK) + 1
    if at > 0:
        try:
            before = _resolve(raw, at, len(raw))
        except (ValueError, TypeError, RecursionError):  # a comment of the GM's that only looks like one
            before = None
        if before is not None and before[1] < CHAIN:
            while keep < min(len(before[0]), len(fights)) and before[0][keep] == fights[keep]:
                keep += 1
            base = at if keep else None
    body = {"v": SECTION, "code": code_version(type(plugins.load(made["ruleset"])).__module__),
            "ruleset": made["ruleset"], "party": made["party"], "created": made["created"],
            "base": base, "keep": keep, "fights": fights[keep:]}
    payload = json.dumps(body, ensure_ascii=True, separators=(",", ":")).encode("ascii")
    return MARK + _seal(raw, payload).encode("ascii") + b" " + payload + b"\n"


def from_save(raw: bytes) -> dict[str, Any] | None:
    """A save's figures from its record section (``summed``'s shape), when the section is the
    file's last line, its digest stands for every byte before it and for itself, and this
    code summed them; None otherwise (never an error): then the save is read the long way."""
    try:
        if not raw.endswith(b"\n"):
            return None
        at = raw.rfind(b"\n", 0, len(raw) - 1) + 1
        if not raw.startswith(MARK, at):
            return None
        seal, payload = raw[at + len(MARK):-1].split(b" ", 1)
        if seal.decode("ascii") != _seal(memoryview(raw)[:at], payload):
            return None
        made = _resolve(raw, at, len(raw))
        if made is None:
            return None
        fights, _depth, last = made
        ruleset, party, created = last.get("ruleset"), last.get("party"), last.get("created")
        if not isinstance(ruleset, str) or last.get("code") != code_version(type(plugins.load(ruleset)).__module__):
            return None
        if not (party is None or isinstance(party, str)) or not (created is None or isinstance(created, str)):
            return None
        if any(figures_problem(f) for f in fights):
            return None
        return {"ruleset": ruleset, "party": party, "created": created, "fights": fights}
    except (ValueError, TypeError, RecursionError, UnicodeDecodeError, plugins.UnknownRuleset):
        return None


def _resolve(raw: bytes, at: int, end: int) -> tuple[list, int, dict] | None:
    """The fights the section line at ``at`` stands for, following its ``base`` lines back
    (each before the last, each a section line of ours), how many lines that took, and the
    line's own fields; None if any link is not what ``section`` writes."""
    links: list[dict] = []
    while True:
        stop = raw.find(b"\n", at, end)
        if stop < 0 or not raw.startswith(MARK, at) or len(links) > CHAIN or (at and raw[at - 1:at] != b"\n"):
            return None
        _seal_hex, payload = raw[at + len(MARK):stop].split(b" ", 1)
        body = json.loads(payload)
        if not isinstance(body, dict) or body.get("v") != SECTION or not isinstance(body.get("fights"), list):
            return None
        keep, base = body.get("keep"), body.get("base")
        if type(keep) is not int or keep < 0 or (base is None) != (keep == 0):
            return None
        links.append(body)
        if base is None:
            break
        if type(base) is not int or not 0 < base < at:
            return None
        at, end = base, at
    fights: list = []
    for body in reversed(links):
        if body["keep"] > len(fights):
            return None
        fights = fights[:body["keep"]] + body["fights"]
    return fights, len(links), links[0]
