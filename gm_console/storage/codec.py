"""The save format (2): a TOML header, then ``[log]`` with one TOML line per GM action.

    format = 2
    ruleset = "pathfinder1e"
    name = "Goblin ambush"
    created = "2026-11-29T12:00:00+00:00"

    [options]
    fear_escalation = false

    [log]
    1 = {r = 0, do = "add Kyra pc hp=38", ev = [{t = "CombatantAdded", id = "kyra", ...}], ck = "5f3c0a1e"}
    2 = {undo = 1, ck = "1d7a88b2"}

Why one inline table per line: appending a line is O(1) whatever the length of
the log (the autosave after action 10,000 costs what the one after action 10
costs), a diff shows one line per action, and any TOML reader sees the events
themselves, with no second parser.

``ck`` is the CRC-32 of the line's UTF-8 text up to ``, ck = ``: a bit flipped
on disk, or a hand edit, makes the record fail it, and it is reported with its
line instead of being replayed. Reformatting by a TOML tool does not: a record
read the slow way is checked against its canonical re-encoding. The header
(name, options) carries no checksum: it is the GM's to edit.

Values are TOML's own, except the two TOML lacks: None is ``{"~" = "null"}``
and an integer beyond 64 bits is ``{"~" = "123..."}`` (its digits). A key of
ours that starts with ``~`` is written with one more ``~``, so the encoding is
exact for every value events hold. Strings escape control characters,
U+2028/9, and the two characters `` =`` (as `` \\u003d``), which keeps every
line valid JSON once its keys are quoted: the fast path reads a canonical line
with ``json.loads`` (tomllib is pure Python and several times slower) and any
other line falls back to tomllib.

A record that ends a batch early carries ``more = K`` (K more records of the
same ``exec`` follow), so a batch cut by a crash is dropped whole. A crash only
cuts the end of a file: a batch missing records anywhere else was edited by hand,
and is reported with its lines and commands (``_batches``).
The state is not stored: it is the fold of the log, so it can never disagree
with it. A comment line at the end of [log] may hold the record section (``#:figures``:
each fight's figures for `gm-console stats`, written by records.py when the console closes a
save, and trusted only by it, after its own checks); reading a save skips it as it skips any
comment.
"""

from __future__ import annotations

import json
import re
# tomllib is imported where a text is read with it: a fight opened from its snapshot, and its
# canonical lines, read none (its parser loaded for nothing held 0.14 MiB)
import zlib
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence

from gm_console.engine.core.text import listing
from gm_console.i18n import Msg, _
from . import format1, tomlfile
from .errors import CodecError

FORMAT = 2
MAX_DEPTH = 64  # events nest a few levels; a file nesting deeper is not ours

HEADER_COMMENT = (
    "# gm-console encounter (format 2). [log] holds one line per GM action: the command, the\n"
    "# events it produced and a checksum (ck). The state is what those events add up to.\n"
    "# The header and [options] are yours to edit; a changed [log] line fails its checksum.\n"
)

_INT64 = (-(2 ** 63), 2 ** 63 - 1)
_BARE = re.compile(r"[A-Za-z0-9_-]+")
_TAG_INT = re.compile(r"-?[0-9]+")
_NEEDS_ESCAPE = re.compile('["\\\\\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]| =')
_SHORT = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r", "\b": "\\b", "\f": "\\f",
          " =": " \\u003d"}
# A line exactly as encode_record writes it: number, fields, checksum.
_CANONICAL = re.compile(r'(\d+) = \{(.*), ck = "([0-9a-f]{8})"\}')
# One flipped bit turns a leading 3 into # and a record into a comment: such a line is damage.
_COMMENTED = re.compile(r'#\d* = \{.*, ck = "[0-9a-f]{8}"\}')
_ENDED = re.compile(r'ck = "[0-9a-f]{8}"\}')
_KNOWN = {"format", "ruleset", "name", "created", "options", "log"}
_KEY_AT_START = re.compile(r"""\s*("[^"]*"|'[^']*'|[A-Za-z0-9_-]+)\s*=""")
# Where a bare key starts: after `{` or `, ` and before ` = ` (never inside a string, which holds
# no ` =`). A quote goes there; the replacement is a plain string, so re does it all in C, and
# each pattern starts with a literal, which re looks for quickly (a lookbehind is tried at
# every character: seven times slower on a long log).
_KEY_AFTER_BRACE = re.compile(r"\{(?=[A-Za-z0-9_-]+ = )")
_KEY_AFTER_COMMA = re.compile(r", (?=[A-Za-z0-9_-]+ = )")
_HEADER_LINE = re.compile(r"^[ \t]*\[(\[?)[ \t]*([^\[\]#]*?)[ \t]*\]\]?[ \t]*(#.*)?$")
_TOML_LINE_NO = re.compile(r"at line (\d+)")


@dataclass
class Document:
    format: int
    ruleset: str
    name: str = ""
    created: str = ""
    options: dict[str, Any] = field(default_factory=dict)
    records: list[dict[str, Any]] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)  # what a GM added (a table of notes...): kept
    # How the file was laid out (reading only):
    read_format: int = FORMAT  # 1: to be migrated before anything is appended
    lines: list[int] = field(default_factory=list)  # the line of each record
    more: list[int] = field(default_factory=list)  # each record's `more` (records of its batch still to come)
    appendable: bool = True  # [log] is the last table: a new line at the end lands in it
    crlf: bool = False  # the lines ended in CRLF (read as LF): new lines cannot simply go at the end
    unfinished: int | None = None  # the first record of a batch the file ends before the end of


# -- writing -------------------------------------------------------------------------------
def encode_header(doc: Document) -> str:
    head = {"format": FORMAT, "ruleset": doc.ruleset, "name": doc.name, "created": doc.created}
    tables = {k: v for k, v in doc.extra.items() if isinstance(v, dict)}
    head.update((k, v) for k, v in doc.extra.items() if k not in tables)
    text = HEADER_COMMENT + _pairs(head)
    for name, table in {"options": doc.options, **tables}.items():
        text += f"\n[{_key(name)}]\n" + _pairs(table)
    return text + "\n[log]\n"


def _pairs(table: dict[str, Any]) -> str:
    return "".join(f"{_key(k)} = {_value(v, 0)}\n" for k, v in table.items())


def encode_record(record: dict[str, Any], more: int = 0) -> str:
    """One log line, checksum included; ``more``: records of the same batch after this one."""
    fields = {k: v for k, v in record.items() if k != "n"}
    if not fields or "ck" in fields or "more" in fields:
        raise CodecError(_('record {value!r}: nothing to save, or a field named ck/more', value=record.get('n')))
    if more:
        fields["more"] = more
    head = _prefix(record["n"], fields)
    return f'{head}, ck = "{_crc(head)}"}}\n'


def encode_records(records: list[dict[str, Any]]) -> str:
    """A batch: all of it is read back, or (cut by a crash) none of it."""
    last = len(records) - 1
    return "".join(encode_record(r, last - i) for i, r in enumerate(records))


def encode(doc: Document) -> str:
    return encode_header(doc) + "".join(encode_record(r) for r in doc.records)


def _prefix(n: Any, fields: dict[str, Any]) -> str:
    if type(n) is not int or n < 0:
        raise CodecError(_('record number {n!r} is not a whole number', n=n))
    return f"{n} = {{" + ", ".join(f"{_key(k)} = {_value(v, 1)}" for k, v in fields.items())


def _crc(text: str) -> str:
    return f"{zlib.crc32(text.encode('utf-8')):08x}"


def _key(key: Any) -> str:
    if not isinstance(key, str):
        raise CodecError(_('cannot save a key of type {name} ({key!r})', name=type(key).__name__, key=key))
    if key.startswith("~"):
        key = "~" + key
    return key if _BARE.fullmatch(key) else _string(key)


def _value(value: Any, depth: int) -> str:
    if depth > MAX_DEPTH:
        raise CodecError(_('values nest more than {MAX_DEPTH} levels deep', MAX_DEPTH=MAX_DEPTH))
    if value is None:
        return '{"~" = "null"}'
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        try:
            digits = str(int(value))
        except ValueError:  # more digits than Python will print
            raise CodecError(_('a number too large to save')) from None
        return digits if _INT64[0] <= value <= _INT64[1] else f'{{"~" = "{digits}"}}'
    if isinstance(value, float):
        if value != value:
            return "nan"
        if value in (float("inf"), float("-inf")):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_value(v, depth + 1) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_key(k)} = {_value(v, depth + 1)}" for k, v in value.items()) + "}"
    raise CodecError(_('cannot save a value of type {name}', name=type(value).__name__))


def _string(text: str) -> str:
    return '"' + _NEEDS_ESCAPE.sub(_escape, text) + '"'


def _escape(m: re.Match) -> str:
    s = m.group()
    short = _SHORT.get(s)
    if short is not None:
        return short
    if "\ud800" <= s <= "\udfff":
        raise CodecError(_('text with a broken character (not valid Unicode, e.g. from a mis-set terminal)'))
    return f"\\u{ord(s):04x}"


# -- reading -------------------------------------------------------------------------------
def decode(text: str) -> Document:
    """The document a save's text holds. CRLF line ends read as LF (``crlf`` says so); a batch
    the text ends in the middle of is read, and ``unfinished`` says where it starts."""
    crlf = "\r\n" in text
    try:
        doc = _decode(text.replace("\r\n", "\n") if crlf else text)
        doc.crlf = crlf
        doc.unfinished = _batches(doc.records, doc.more, doc.lines)
        return doc
    except RecursionError:
        raise CodecError(_('values nest too deeply to read')) from None
    except MemoryError:
        raise CodecError(_('too large to read')) from None


def _decode(text: str) -> Document:
    cut = text.find("\n[log]\n")
    if cut >= 0:
        head = _toml(text[:cut + 1], text)
        fmt = _format(head, text)
        if fmt == 1:
            return _decode_format1(text)
        first = text.count("\n", 0, cut + 1) + 2
        fast = _fast_records(text[cut + 7:].split("\n"), first)
        if fast is not None:
            return _document(head, fast, appendable=True, text=text)
    data = _toml(text, text)
    if _format(data, text) == 1:
        return _decode_format1(text)
    log = data.get("log", {})
    if not isinstance(log, dict):
        raise CodecError(_('[log] must be a table'), _find(text, "[log]"))
    _check_nothing_lost(data, text)
    line_of = _line_finder(text)
    return _document(data, [_slow_record(k, v, line_of(k)) for k, v in log.items()],
                     appendable=_log_is_last(text), text=text)


def decode_appended(text: str, first: int) -> list[tuple[dict[str, Any], int]] | None:
    """The [log] records in lines appended after a known part of a save (a snapshot's), as
    (record, more) pairs; ``first`` is the number of the first of these lines. None when the
    lines are not all whole records as this program writes them, a hand-edited record on a
    line of its own, or a batch that is not whole: then the whole file is read, with its usual
    errors and warnings. A damaged record raises CodecError."""
    if not text:
        return []
    if not text.endswith("\n"):
        return None
    read = _fast_records(text[:-1].split("\n"), first)
    if read is None:
        return None
    lines, records, more = zip(*read) if read else ((), (), ())
    try:
        if _batches(records, more, lines) is not None:
            return None  # a batch cut short: dropped, and said, the long way
    except CodecError:
        return None  # a batch edited by hand: the long way reports it
    return list(zip(records, more))


def _toml(part: str, whole: str) -> dict[str, Any]:
    import tomllib
    try:
        return tomllib.loads(part)
    except tomllib.TOMLDecodeError as exc:
        m = _TOML_LINE_NO.search(str(exc))
        line = int(m.group(1)) if m else None
        bad = _first_bad_log_line(whole)
        if bad is not None and (line is None or bad <= line):
            raise CodecError(_('a [log] line is not `N = {{...}}` (cut short or edited?)'), bad) from None
        raise CodecError(_('not valid TOML: {exc}', exc=tomlfile.reason(exc)), line) from None
    except (ValueError, RecursionError) as exc:  # a number of 5,000 digits; nested 100,000 deep
        why = "values nest too deeply" if isinstance(exc, RecursionError) else str(exc).split("\n")[0][:120]
        raise CodecError(_('cannot be read: {why}', why=why), _first_bad_log_line(whole)) from None


def _format(data: dict[str, Any], text: str) -> int:
    fmt = data.get("format")
    if type(fmt) is not int:  # not a bool: `format = true` is not a format
        raise CodecError(_('missing `format = 2` at the top: is this a gm-console encounter?'),
                         _find(text, "format") or 1)
    if fmt > FORMAT:
        raise CodecError(_('format {fmt} was written by a newer gm-console (this one reads up to {FORMAT})', fmt=fmt, FORMAT=FORMAT),
                         _find(text, "format"))
    if fmt < 1:
        raise CodecError(_('format {fmt} is not a gm-console format (1 or {FORMAT})', fmt=fmt, FORMAT=FORMAT), _find(text, "format"))
    return fmt


_Read = tuple[int | None, dict[str, Any], int]  # (line, record with n, more)


def _fast_records(lines: list[str], first: int) -> list[_Read] | None:
    """Records from the [log] lines, lifted without tomllib when they are exactly as
    encode_record writes them (checksum first, then all of them as one JSON document);
    None when a line is not a record on its own line (a table...): tomllib reads the file."""
    out: list[_Read | None] = []
    canonical: list[tuple[int, int, str, str]] = []  # (index in out, line, key, fields)
    seen: dict[str, int] = {}
    for i, line in enumerate(lines, first):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            if _COMMENTED.fullmatch(line):
                raise _commented(i)
            continue
        m = _CANONICAL.fullmatch(line)
        single = None if m else _single_record(line)
        if m is None and single is None:
            return None
        key = m.group(1) if m else single[0]
        if key in seen:
            raise CodecError(_('record {key} appears twice (lines {value} and {i})', key=key, value=seen[key], i=i), i)
        seen[key] = i
        if m is None:  # a hand-edited or reformatted line: tomllib read it, the checksum judges it
            out.append(_slow_record(key, single[1], i))
        elif _crc(line[:m.end(2)]) != m.group(3):
            raise _damaged(key, i)
        else:
            canonical.append((len(out), i, key, m.group(2)))
            out.append(None)
    for (slot, i, key, body), fields in zip(canonical, _parse_fields(canonical, lines, first)):
        if '"~' in body:
            fields = _untag(fields, 0, i)
        out[slot] = _record(key, fields, i)
    return out  # type: ignore[return-value]


def _parse_fields(canonical: list[tuple[int, int, str, str]], lines: list[str], first: int) -> list[dict]:
    try:
        return json.loads(_as_json("[" + ",".join("{" + body + "}" for _, _, _, body in canonical) + "]"))
    except (ValueError, RecursionError):
        pass  # inf or nan somewhere, which JSON lacks: line by line, TOML reading its own words
    out = []
    for _n, i, key, body in canonical:
        try:
            out.append(json.loads(_as_json("{" + body + "}")))
        except ValueError:
            line = lines[i - first]
            fields = _toml(line, line)[key]
            del fields["ck"]
            out.append(fields)
        except RecursionError:
            raise CodecError(_('record {key} nests too deeply', key=key), i) from None
    return out


def _as_json(text: str) -> str:
    """Canonical fields as JSON: quote the bare keys, then `key = ` becomes `"key":`."""
    text = _KEY_AFTER_COMMA.sub(', "', _KEY_AFTER_BRACE.sub('{"', text))
    return text.replace('" = ', '":').replace(" = ", '":')


def _single_record(line: str) -> tuple[str, dict[str, Any]] | None:
    """(number, table) when this one line is a whole TOML `N = {...}` on its own."""
    import tomllib
    try:
        data = tomllib.loads(line)
    except (tomllib.TOMLDecodeError, ValueError, RecursionError):
        return None
    if len(data) == 1:
        key, value = next(iter(data.items()))
        if key.isdigit() and isinstance(value, dict):
            return key, value
    return None


def _slow_record(key: str, value: Any, line: int | None) -> _Read:
    if not key.isdigit():
        raise CodecError(_('log key {key!r} is not a record number', key=key), line)
    if not isinstance(value, dict):
        raise CodecError(_('log record {key} must be an inline table {{...}}', key=key), line)
    ck = value.get("ck")
    if not isinstance(ck, str):
        raise CodecError(_('log record {key} has no checksum (ck); was it typed by hand?', key=key), line)
    fields = _untag({k: v for k, v in value.items() if k != "ck"}, 0, line)
    try:
        canonical = _prefix(int(key), fields)
    except CodecError:
        raise _damaged(key, line) from None
    if _crc(canonical) != ck:
        raise _damaged(key, line)
    return _record(key, fields, line)


def _record(key: str, fields: dict[str, Any], line: int | None) -> _Read:
    more = fields.pop("more", 0)
    if type(more) is not int or more < 0:
        raise CodecError(_('log record {key}: `more` must be a whole number', key=key), line)
    fields["n"] = int(key)
    return line, fields, more


def _check_nothing_lost(data: dict[str, Any], text: str) -> None:
    """Records that a damaged line hides from [log]: under another table, or commented out."""
    for name, table in data.items():
        if name not in _KNOWN and isinstance(table, dict) and any(
                k.isdigit() and isinstance(v, dict) and "ck" in v for k, v in table.items()):
            raise CodecError(_('log records under [{name}] instead of [log] (a damaged line?)', name=name),
                             _find(text, f"[{name}"))
    for i, line in enumerate(text.split("\n"), 1):
        if _COMMENTED.fullmatch(line):
            raise _commented(i)


def _batches(records: Sequence[dict[str, Any]], more: Sequence[int], lines: Sequence[int | None]) -> int | None:
    """Where the batch the records end in the middle of starts (what a crash leaves: the last
    records of the last batch missing), or None when every batch is whole. A batch is a run
    of records with one ``n + more`` (its last record's number); a run shorter than its first
    record says, anywhere else, is not a crash but lines deleted by hand: CodecError, with the
    lines and commands left of it and what the GM can do."""
    i, count = 0, len(records)
    while i < count:
        end = records[i]["n"] + more[i]
        j = i + 1
        while j < count and more[j - 1] and records[j]["n"] + more[j] == end:
            j += 1
        if j - i != more[i] + 1:
            if j == count and all(more[k] == more[i] - (k - i) for k in range(i, j)):
                return i
            raise CodecError(_(
                "an exec batch of {total} actions lacks {missing} (deleted by hand?): only lines {lines} are left "
                "of it ({commands}); an exec counts all or nothing, so the file is left as it is: put the missing "
                "lines back, or delete these lines too to drop the whole batch",
                total=more[i] + 1, missing=more[i] + 1 - (j - i), lines=", ".join(str(lines[k]) for k in range(i, j)),
                commands=commands(records[i:j])), lines[i] or None)
        i = j
    return None


def commands(records: Iterable[dict[str, Any]], width: int = 60) -> "str | Msg":
    """The command lines of records, quoted, for a message: 'note a', 'undo' (a long one cut)."""
    def shown(record: dict[str, Any]) -> str:
        line = str(record.get("do", "undo" if "undo" in record else "redo"))
        return repr(line if len(line) <= width else line[:width - 3] + "...")
    return listing(shown(r) for r in records)


def _commented(line: int) -> CodecError:
    return CodecError(_('a log record turned into a comment (a damaged line?); restore its number or delete the line'), line)


def _damaged(key: str, line: int | None) -> CodecError:
    return CodecError(_('record {key} is damaged: its checksum (ck) does not match, so it was not applied and the file was left as it is; fix or delete that line', key=key), line)


def _untag(value: Any, depth: int, line: int | None) -> Any:
    if depth > MAX_DEPTH:
        raise CodecError(_('values nest more than {MAX_DEPTH} levels deep', MAX_DEPTH=MAX_DEPTH), line)
    if isinstance(value, dict):
        if "~" in value:
            tag = value["~"]
            if len(value) == 1 and tag == "null":
                return None
            if len(value) == 1 and isinstance(tag, str) and _TAG_INT.fullmatch(tag) and len(tag) < 4000:
                return int(tag)
            raise CodecError(_('unknown value {{"~" = {tag!r}}} (expected "null" or digits)', tag=tag), line)
        out = {}
        for k, v in value.items():
            if k.startswith("~"):
                if not k.startswith("~~"):
                    raise CodecError(_('key {k!r}: keys starting with ~ are written with ~~', k=k), line)
                k = k[1:]
            out[k] = _untag(v, depth + 1, line)
        return out
    if isinstance(value, list):
        return [_untag(v, depth + 1, line) for v in value]
    return value


def _document(head: dict[str, Any], read: Iterable[_Read], appendable: bool, read_format: int = FORMAT,
              text: str = "") -> Document:
    ruleset = head.get("ruleset")
    if not isinstance(ruleset, str) or not ruleset:
        raise CodecError(_('missing `ruleset = "..."` at the top'), _find(text, "ruleset"))
    options = head.get("options", {})
    if not isinstance(options, dict):
        raise CodecError(_('[options] must be a table'), _find(text, "[options]"))
    if read_format == FORMAT:
        options = _untag(options, 0, _find(text, "[options]"))
    doc = Document(format=FORMAT, ruleset=ruleset, name=_text(head.get("name")),
                   created=_text(head.get("created")), options=dict(options), read_format=read_format,
                   appendable=appendable, extra=_extra(head))
    for line, record, more in read:
        doc.lines.append(line or 0)
        doc.records.append(record)
        doc.more.append(more)
    return doc


def _extra(head: dict[str, Any]) -> dict[str, Any]:
    extra = {k: v for k, v in head.items() if k not in _KNOWN}
    try:
        return _untag(extra, 0, None)
    except CodecError:
        return extra


def _text(value: Any) -> str:
    return "" if value is None else value if isinstance(value, str) else str(value)


def _decode_format1(text: str) -> Document:
    split = format1.split_log(text)
    if split is not None:
        head_text, lines = split
        head = _toml(head_text, text)
        read = [(i, format1.record(key, raw, i), 0) for i, key, raw in lines]
    else:
        head = _toml(text, text)
        log = head.get("log", {})
        if not isinstance(log, dict):
            raise CodecError(_('[log] must be a table'), _find(text, "[log]"))
        line_of = _line_finder(text)
        read = [(line, rec, 0) for line, rec in format1.records(log, line_of)]
    return _document(head, read, appendable=False, read_format=1, text=text)


# -- where things are in the text -------------------------------------------------------------
def tail_is_torn(segment: str) -> bool:
    """Whether the last line of a file, one without its newline, is an action a crash cut
    short (drop it) rather than a complete line (keep it: a record, a comment, `[log]`)."""
    stripped = segment.strip()
    if not stripped or not stripped[0].isdigit():
        return False
    import tomllib

    try:
        tomllib.loads(segment)
        return False
    except (tomllib.TOMLDecodeError, ValueError, RecursionError):
        pass
    # What a crash leaves is the beginning of a line we wrote: no control characters (we escape
    # them all) and no end of a record. A whole line that does not read is damage: keep it.
    if re.search("[\x00-\x1f\x7f]", segment) or _ENDED.search(segment) or segment.count("'") >= 2:
        return False
    return True


def _log_is_last(text: str) -> bool:
    """Whether the last table the file opens is [log], so a line added at the end lands in it."""
    last = None
    for line in text.split("\n"):
        m = _HEADER_LINE.match(line)
        if m:
            last = (m.group(1), m.group(2).strip())
    return last == ("", "log")


def _line_finder(text: str) -> Callable[[str], int | None]:
    """Key -> line, for records read the slow way (the first `N =` after [log])."""
    lines = text.split("\n")
    start = next((i for i, ln in enumerate(lines) if ln.strip() == "[log]"), 0)
    where: dict[str, int] = {}
    for i in range(start, len(lines)):
        m = _KEY_AT_START.match(lines[i])
        if m:
            key = m.group(1).strip('"').strip("'")
            where.setdefault(key, i + 1)
    return where.get


def _first_bad_log_line(text: str) -> int | None:
    """The [log] line that breaks the file, when TOML's own message points further down."""
    import tomllib
    in_log = False
    for i, line in enumerate(text.split("\n"), 1):
        stripped = line.strip()
        if stripped == "[log]":
            in_log = True
            continue
        if not in_log or not stripped or stripped.startswith("#"):
            continue
        if stripped.startswith("["):
            in_log = False
            continue
        if format1.LINE.match(line) or _CANONICAL.fullmatch(line):
            continue
        try:
            tomllib.loads(line)
        except (tomllib.TOMLDecodeError, ValueError, RecursionError):
            return i
    return None


def _find(text: str, needle: str) -> int | None:
    for i, line in enumerate(text.split("\n"), 1):
        if line.strip().startswith(needle):
            return i
    return None
