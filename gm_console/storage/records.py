"""The record's cache: each save's fights as ``engine.record.figures``, so `gm-console stats`
replays a save only the first time and after it changes.

One small JSON file per save in ``records/`` under the cache folder, named like the save's
snapshot. It is data only, read back only when it stands for exactly the save's bytes (their
size and BLAKE2b digest) and was summed by this code (the snapshot's fingerprint of the
engine, storage and the game); any other shape, or the least doubt, and the save is read the
long way. The console writes it when it closes a save whose fight is over (``Encounter.close``),
`stats` when it reads one the long way.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

from gm_console import plugins
from gm_console.engine.errors import GMError
from gm_console.engine.record import fight_summaries, figures, figures_problem

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
