"""Reading format 1 saves (a JSON string per [log] line), so they can be migrated.

    format = 1
    [log]
    1 = '{"r":0,"do":"add Kyra pc hp=38","ev":[{"t":"CombatantAdded",...}]}'
    2 = '{"undo":1}'

Frozen: nothing writes this format any more. Opening such a file for writing
rewrites it as format 2 (codec.py) and keeps the original beside it. The
fixtures in tests/fixtures/format1/ were written by the code that wrote it.
"""

from __future__ import annotations

import json
import re
from typing import Any

from gm_console.i18n import _
from .errors import CodecError

LINE = re.compile(r"^(\d+) = '([^'\n]*)'[ \t]*$")


def split_log(text: str) -> tuple[str, list[tuple[int, str, str]]] | None:
    """(header text, [(line number, key, JSON text)]) when the log is exactly as format 1
    wrote it: a literal string's content is verbatim in TOML, so a pattern lifts what
    tomllib would return, at a fraction of the cost. None: let tomllib read it all."""
    cut = text.find("\n[log]\n")
    if cut < 0:
        return None
    first = text.count("\n", 0, cut + 1) + 2  # the line after [log]
    out: list[tuple[int, str, str]] = []
    seen: set[str] = set()
    for i, line in enumerate(text[cut + 7:].split("\n"), first):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        m = LINE.match(line)
        if m is None or m.group(1) in seen:
            return None
        seen.add(m.group(1))
        out.append((i, m.group(1), m.group(2)))
    return text[:cut + 1], out


def records(log: dict[str, Any], line_of) -> list[tuple[int | None, dict[str, Any]]]:
    """The [log] table's JSON strings as records, each with the line it came from."""
    out = []
    for key, raw in log.items():
        line = line_of(key)
        if not key.isdigit():
            raise CodecError(_('log key {key!r} is not a number', key=key), line)
        if not isinstance(raw, str):
            raise CodecError(_('log line {key} must be a string', key=key), line)
        out.append((line, record(key, raw, line)))
    return out


def record(key: str, raw: str, line: int | None) -> dict[str, Any]:
    try:
        rec = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise CodecError(_('log line {key} is not valid JSON: {msg}', key=key, msg=exc.msg), line) from None
    except (RecursionError, ValueError) as exc:  # nested 100k deep; a number of 5,000 digits
        raise CodecError(_('log line {key} cannot be read ({value})', key=key, value=_why(exc)), line) from None
    if not isinstance(rec, dict):
        raise CodecError(_('log line {key} must be a JSON object', key=key), line)
    rec["n"] = int(key)
    return rec


def _why(exc: BaseException) -> str:
    return "nested too deeply" if isinstance(exc, RecursionError) else str(exc).split("\n")[0][:120]
