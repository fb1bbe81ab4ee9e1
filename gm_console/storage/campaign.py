"""A campaign's record read from disk: the saves of the data folder and any paths given,
each opened read-only the usual way (checked, data only: nothing read runs code) and its
fights added up by ``engine.record``. A save that cannot be read is named and skipped; the
report goes on without it.
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from gm_console.engine.errors import GMError, message_of
from gm_console import plugins
from gm_console.engine.record import Record, fight_summaries, figures, figures_problem
from gm_console.engine.text import fold_text
from gm_console.i18n import Msg, _

from . import prepared, snapshot, store
from .encounter import Encounter
from .paths import cache_dir, saves_dir


@dataclass
class Skipped:
    path: Path
    why: "Msg | str"


@dataclass
class Campaign:
    record: Record = field(default_factory=Record)
    skipped: list[Skipped] = field(default_factory=list)


def save_paths(paths: Iterable[Path] = (), data_folder: bool = True) -> list[Path]:
    """The saves to read: the data folder's, then each path given (a folder: its ``*.toml``),
    each once, in that order."""
    found: list[Path] = []
    if data_folder and saves_dir().is_dir():
        found += sorted(saves_dir().glob("*.toml"))
    for path in paths:
        found += sorted(path.glob("*.toml")) if path.is_dir() else [path]
    seen: set[Path] = set()
    out = []
    for path in found:
        key = path.resolve()
        if key not in seen:
            seen.add(key)
            out.append(path)
    return out


def parse_since(text: str) -> dt.datetime:
    """``--since``: a date (2026-03-01) or a date and time (2026-03-01T18:00), read as UTC
    unless it says its zone. A GMError names what is accepted."""
    try:
        when = dt.datetime.fromisoformat(text.strip())
    except ValueError:
        raise GMError(_("--since {value!r} is not a date; expected YYYY-MM-DD, e.g. 2026-03-01",
                           value=text)) from None
    return when if when.tzinfo else when.replace(tzinfo=dt.timezone.utc)


def read(paths: Iterable[Path], party: str | None = None, since: dt.datetime | None = None) -> Campaign:
    """Every fight of every save in ``paths`` (``save_paths``), the GM's figures; with
    ``party``, only the saves made for that party (``new --party``); with ``since``, only the
    fights from that moment (when the turn clock timed them, their first turn; else the
    save's creation). A save read before and unchanged since is not replayed: its figures come
    from the record's cache (``records/`` in the cache folder), checked against the save's
    bytes and the code that summed them."""
    out = Campaign()
    want = fold_text(party) if party else None
    for path in paths:
        if prepared.looks_prepared(path):
            continue  # a prepared encounter: no fight in it yet
        try:
            raw, _ident = store.read_bytes(path)
            made = _cached(path, raw)
            if made is None:
                made = _summed(path)
                _keep(path, raw, made)
        except (GMError, OSError, ValueError) as exc:
            out.skipped.append(Skipped(path, message_of(exc) or type(exc).__name__))
            continue
        except Exception as exc:  # noqa: BLE001 - one unreadable save never stops the report
            out.skipped.append(Skipped(path, f"{type(exc).__name__}: {exc}"))
            continue
        made_for = made["party"]
        if want is not None and (not isinstance(made_for, str) or fold_text(made_for) != want):
            continue
        created = _created(made["created"])
        counted = False
        for fight in made["fights"]:
            when = (dt.datetime.fromtimestamp(fight["clock_from"], dt.timezone.utc)
                    if fight["clock_from"] is not None else created)
            if since is not None and (when is None or when < since):
                continue
            out.record.add(fight)
            counted = True
        ruleset = plugins.load(made["ruleset"])
        for key in ruleset.health.record_pools:
            out.record.labels.setdefault(key, ruleset.sheet.label(key))
        out.record.saves += 1 if counted or since is None else 0
    return out


def _summed(path: Path) -> dict[str, Any]:
    """A save's fights, each as ``record.figures`` (the long way: the save opened as ``show``
    opens it, every fight tallied)."""
    enc = Encounter.open(path, read_only=True, keep_snapshot=False)  # the GM's snapshots stay in the cache
    try:
        fights = [figures(s) for s, _span in fight_summaries(enc.history, enc.ruleset, enc.doc.options)]
        created = enc.doc.created
        return {"ruleset": enc.doc.ruleset, "party": enc.doc.extra.get("party"),
                "created": created.isoformat() if isinstance(created, (dt.date, dt.datetime)) else created,
                "fights": fights}
    finally:
        enc.close()


# -- the record's cache: a save's figures, kept beside its snapshot ----------------------------
CACHE_VERSION = 1
CACHE_LIMIT = 16 * 1024 * 1024  # a larger file is not ours


def _cache_file(save: Path) -> Path:
    return cache_dir() / "records" / (snapshot.name_for(save).rsplit(".", 1)[0] + ".json")


def _cached(save: Path, raw: bytes) -> dict[str, Any] | None:
    """The figures kept for exactly these bytes, summed by this code; None at the least doubt."""
    try:
        path = _cache_file(save)
        if path.stat().st_size > CACHE_LIMIT:
            return None
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or data.get("v") != CACHE_VERSION or data.get("size") != len(raw):
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


def _keep(save: Path, raw: bytes, made: dict[str, Any]) -> None:
    """Keep a save's figures for the next report; a cache that cannot be written is no loss."""
    try:
        code = snapshot.fingerprint(type(plugins.load(made["ruleset"])).__module__)
        path = _cache_file(save)
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        body = {"v": CACHE_VERSION, "size": len(raw), "digest": snapshot.digest(raw), "code": code, **made}
        store.atomic_write(path, json.dumps(body, ensure_ascii=False, separators=(",", ":")))
    except (OSError, ValueError, TypeError, GMError, plugins.UnknownRuleset):
        pass


def _created(value) -> dt.datetime | None:
    """The save's ``created`` header (text the GM may have edited, or a TOML date)."""
    if isinstance(value, dt.datetime):
        return value if value.tzinfo else value.replace(tzinfo=dt.timezone.utc)
    if isinstance(value, dt.date):
        return dt.datetime(value.year, value.month, value.day, tzinfo=dt.timezone.utc)
    if isinstance(value, str):
        try:
            return _created(dt.datetime.fromisoformat(value))
        except ValueError:
            return None
    return None
