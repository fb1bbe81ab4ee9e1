"""The save format: a TOML header, then ``[log]`` with one line per GM action.

    format = 1
    ruleset = "pathfinder1e"
    name = "Goblin ambush"
    created = "2026-11-29T12:00:00+00:00"

    [options]
    fear_escalation = false

    [log]
    1 = '{"r":0,"do":"add Kyra pc hp=38","ev":[{"t":"CombatantAdded",...}]}'
    2 = '{"undo":1}'

Why one JSON line per action: appending a line is O(1) whatever the length of
the log (the autosave after action 10,000 costs what the one after action 10
costs), a diff shows one line per action, and the file still parses as TOML
(a literal string per key). tomllib reads 10,000 such lines in about a tenth
of a second, where 10,000 nested tables take well over a second.
The state is not stored: it is the fold of the log, so it can never disagree
with it.
"""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass, field
from typing import Any

import tomli_w

FORMAT = 1
# format -> function upgrading a decoded document to format + 1
MIGRATIONS: dict[int, Any] = {}

HEADER_COMMENT = (
    "# gm-console encounter. [log] holds one line per GM action (JSON: the command and its events);\n"
    "# the encounter's state is what those events add up to. Edit with care, or use the app.\n"
)


class CodecError(ValueError):
    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.line = line


@dataclass
class Document:
    format: int
    ruleset: str
    name: str = ""
    created: str = ""
    options: dict[str, Any] = field(default_factory=dict)
    records: list[dict[str, Any]] = field(default_factory=list)


def encode_header(doc: Document) -> str:
    head = {"format": doc.format, "ruleset": doc.ruleset, "name": doc.name, "created": doc.created}
    text = HEADER_COMMENT + tomli_w.dumps(head)
    text += "\n[options]\n" + tomli_w.dumps(dict(doc.options))
    text += "\n[log]\n"
    return text


def encode_record(record: dict[str, Any]) -> str:
    """One log line. JSON inside a TOML literal string: quotes and DEL are escaped for TOML."""
    body = {k: v for k, v in record.items() if k != "n"}
    text = json.dumps(body, ensure_ascii=False, separators=(",", ":"))
    text = text.replace("'", "\\u0027").replace("\x7f", "\\u007f")
    return f"{int(record['n'])} = '{text}'\n"


def encode(doc: Document) -> str:
    return encode_header(doc) + "".join(encode_record(r) for r in doc.records)


_LINE_NO = re.compile(r"at line (\d+)")


def decode(text: str) -> Document:
    fast = _fast_split(text)
    if fast is not None:
        head, log = fast
    else:
        head, log = text, None
    try:
        data = tomllib.loads(head)
    except tomllib.TOMLDecodeError as exc:
        m = _LINE_NO.search(str(exc))
        line = int(m.group(1)) if m else None
        bad_log_line = _first_bad_log_line(text)
        if bad_log_line is not None and (line is None or bad_log_line <= line):
            raise CodecError("a [log] line is not `N = '{...}'` (cut short or edited?)", bad_log_line) from None
        raise CodecError(f"not valid TOML: {exc}", line) from None
    if log is not None:
        data["log"] = log
    fmt = data.get("format")
    if not isinstance(fmt, int):
        raise CodecError("missing `format = 1` at the top: is this a gm-console encounter?", _find(text, "format") or 1)
    if fmt > FORMAT:
        raise CodecError(f"format {fmt} was written by a newer gm-console (this one reads up to {FORMAT})",
                         _find(text, "format"))
    while fmt < FORMAT:
        if fmt not in MIGRATIONS:
            raise CodecError(f"no migration from format {fmt}", 1)
        data = MIGRATIONS[fmt](data)
        fmt = data["format"]
    ruleset = data.get("ruleset")
    if not isinstance(ruleset, str) or not ruleset:
        raise CodecError("missing `ruleset = \"...\"` at the top", _find(text, "ruleset"))
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise CodecError("[options] must be a table", _find(text, "[options]"))
    log = data.get("log", {})
    if not isinstance(log, dict):
        raise CodecError("[log] must be a table", _find(text, "[log]"))
    records = []
    for key, raw in log.items():
        if not key.isdigit():
            raise CodecError(f"log key {key!r} is not a number", _find_key(text, key))
        if not isinstance(raw, str):
            raise CodecError(f"log line {key} must be a string", _find_key(text, key))
        try:
            record = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise CodecError(f"log line {key} is not valid JSON: {exc.msg}", _find_key(text, key)) from None
        if not isinstance(record, dict):
            raise CodecError(f"log line {key} must be a JSON object", _find_key(text, key))
        record["n"] = int(key)
        records.append(record)
    return Document(format=FORMAT, ruleset=ruleset, name=str(data.get("name", "")),
                    created=str(data.get("created", "")), options=dict(options), records=records)


_FAST_LINE = re.compile(r"^(\d+) = '([^'\n]*)'[ \t]*$")


def _fast_split(text: str) -> tuple[str, dict[str, str]] | None:
    """Header text and log lines, when the log is exactly as we write it.

    A literal string's content is verbatim in TOML, so lifting it with a pattern is
    what tomllib would return, at a fraction of the cost. Anything unusual (hand
    edits, another table after [log]) falls back to tomllib for the whole file.
    """
    cut = text.find("\n[log]\n")
    if cut < 0:
        return None
    log: dict[str, str] = {}
    for line in text[cut + 7:].splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        m = _FAST_LINE.match(line)
        if m is None or m.group(1) in log:
            return None
        log[m.group(1)] = m.group(2)
    return text[:cut + 1], log


_LOG_LINE = re.compile(r"^\d+ = '[^'\n]*'\s*$")


def _first_bad_log_line(text: str) -> int | None:
    """The line that breaks the log, when TOML's own message points at the end of the file."""
    in_log = False
    for i, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if stripped == "[log]":
            in_log = True
            continue
        if not in_log or not stripped or stripped.startswith("#"):
            continue
        if stripped.startswith("["):
            in_log = False
            continue
        if not _LOG_LINE.match(line):
            return i
    return None


def _find(text: str, needle: str) -> int | None:
    for i, line in enumerate(text.splitlines(), 1):
        if line.strip().startswith(needle):
            return i
    return None


def _find_key(text: str, key: str) -> int | None:
    pattern = re.compile(rf"^\s*{re.escape(key)}\s*=")
    for i, line in enumerate(text.splitlines(), 1):
        if pattern.match(line):
            return i
    return None


def line_of_record(text: str, n: int) -> int | None:
    return _find_key(text, str(n))
