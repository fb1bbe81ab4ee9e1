"""A campaign's record read from disk: the saves of the data folder and any paths given,
each opened read-only the usual way (checked, data only: nothing read runs code) and its
fights added up by ``engine.views.record``. A save that cannot be read is named and skipped; the
report goes on without it.
"""

from __future__ import annotations

import datetime as dt
import gc
import os
import pickle
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from gm_console import plugins
from gm_console.engine.core.errors import GMError, message_of
from gm_console.engine.views.record import Record
from gm_console.engine.core.text import fold_text
from gm_console.i18n import Msg, _

from . import prepared, records, store
from .encounter import Encounter
from .paths import saves_dir


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


def read(paths: Iterable[Path], party: str | None = None, since: dt.datetime | None = None,
         workers: int | None = None) -> Campaign:
    """Every fight of every save in ``paths`` (``save_paths``), the GM's figures; with
    ``party``, only the saves made for that party (``new --party``); with ``since``, only the
    fights from that moment (when the turn clock timed them, their first turn; else the
    save's creation). A save the console closed after a fight, unchanged since, is not
    replayed: its figures come from its record section; nor one read before and unchanged
    since: from the record's cache (storage/records.py).
    The saves that are replayed are read by ``workers`` processes side by side (None: one per
    processor, when there are enough of them to be worth it; 1: in this process), each the
    long way, as ``show`` reads a save."""
    out = Campaign()
    want = fold_text(party) if party else None
    paths = [path for path in paths if not prepared.looks_prepared(path)]  # a prepared one: no fight in it yet
    found: list[dict[str, Any] | Skipped | None] = [_cached(path) for path in paths]
    long_way = [i for i, made in enumerate(found) if made is None]
    for i, made in zip(long_way, _read_all([paths[i] for i in long_way], workers)):
        found[i] = made
    for path, made in zip(paths, found):
        if isinstance(made, Skipped):
            out.skipped.append(made)
            continue
        assert made is not None
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


#: fewer saves to replay than this are read in this process (starting workers costs more)
PARALLEL_FROM = 4


def _read_all(paths: list[Path], workers: int | None) -> list[dict[str, Any] | Skipped]:
    """``_read_long`` of each save, in order: side by side in worker processes when there are
    processors and saves enough; here, one by one, when not (or when workers cannot start)."""
    if workers is None:
        workers = min(_processors(), len(paths) // PARALLEL_FROM or 1)
    if workers > 1:
        try:
            from concurrent.futures import ProcessPoolExecutor

            with ProcessPoolExecutor(workers, initializer=_worker_start) as pool:
                return list(pool.map(_read_long, paths, chunksize=max(1, min(8, len(paths) // (workers * 4)))))
        except (OSError, ImportError, NotImplementedError, RuntimeError):  # no processes here (a sandbox...)
            pass
    return [_read_long(path) for path in paths]


def _processors() -> int:
    """The processors this program may run on (a container or `taskset` may allow fewer than
    the machine has)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):  # not on Linux
        return os.cpu_count() or 1


def _worker_start() -> None:
    """A worker replays log after log, making objects by the hundred thousand and little
    garbage: what it inherited is set aside from the collector's walks, and the collector runs
    ten times less often (7% of a save's time went to it)."""
    gc.freeze()
    gc.set_threshold(7000, 10, 10)


def _cached(path: Path) -> dict[str, Any] | Skipped | None:
    """The save's figures from its own record section or else from the record's cache (each
    believed only for exactly these bytes and this code), None when they must be worked out,
    or why the save cannot be read."""
    try:
        raw, _ident = store.read_bytes(path)
        return records.from_save(raw) or records.cached(path, raw)
    except (GMError, OSError, ValueError) as exc:
        return Skipped(path, message_of(exc) or type(exc).__name__)
    except Exception as exc:  # noqa: BLE001 - one unreadable save never stops the report
        return Skipped(path, f"{type(exc).__name__}: {exc}")


def _read_long(path: Path) -> dict[str, Any] | Skipped:
    """A save's figures the long way, kept in the record's cache; or why it cannot be read.
    Run in a worker process too: what it returns is plain data (a reason is made text if it
    could not travel back)."""
    try:
        raw, _ident = store.read_bytes(path)
        made = _summed(path)
        records.keep(path, raw, made)
        return made
    except (GMError, OSError, ValueError) as exc:
        why: Msg | str = message_of(exc) or type(exc).__name__
    except Exception as exc:  # noqa: BLE001 - one unreadable save never stops the report
        why = f"{type(exc).__name__}: {exc}"
    try:
        pickle.dumps(why)
    except Exception:  # noqa: BLE001 - a reason that cannot travel to the parent process goes as text
        why = str(why)
    return Skipped(path, why)


def _summed(path: Path) -> dict[str, Any]:
    """A save's fights the long way: opened as ``show`` opens it, every fight tallied."""
    enc = Encounter.open(path, read_only=True, keep_snapshot=False)  # the GM's snapshots stay in the cache
    try:
        return records.summed(enc.history, enc.ruleset, enc.doc)
    finally:
        enc.close()


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
