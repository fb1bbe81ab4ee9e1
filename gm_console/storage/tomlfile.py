"""TOML a GM writes by hand (bestiaries, parties, prepared encounters, keymap.toml), read so
that whatever the text, the answer is the data or one line saying where it went wrong.

``tomllib.loads`` alone is not enough for that: a value nested a few thousand levels deep
(``a = [[[[...]]]]``) makes it recurse until Python gives up (``RecursionError``), and an
integer of more than 4,300 digits is a ``ValueError`` from ``int``; neither names a line.
Here both are a ``TomlError`` with the line, and so is any value nested deeper than
``MAX_DEPTH`` (no file of ours needs more than a handful of levels, and code that walks the
values, writing them back or turning them into command lines, must never meet a deep one).
Saves have their own reader (codec.py) with its own limits.

tomllib says why in English, from a closed set of reasons (CPython's Lib/tomllib/_parser.py,
the same in Python 3.11 to 3.13): ``REASONS`` gives each its catalogue message, looked up
exactly (a reason with a part of the file in it, a key or a character, by its fixed words
around that part), and ``reason`` says where as a message too, with the line and column as
arguments. A reason the table does not know (a newer Python's) stays tomllib's English.
"""

from __future__ import annotations

import re
import sys
# tomllib is imported when a text is read: a start with no keymap.toml to read loads none of it
from typing import Any

from gm_console.i18n import C_, Msg, _

#: deeper than any library file needs (a party's `now` is five levels), shallow enough for any walk
MAX_DEPTH = 32

_LINE = re.compile(r"at line (\d+)")
_TOKENS = re.compile(r'"""(?:[^"\\]|\\.|"(?!""))*"""|\'\'\'.*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*'
                     r"|[\[\]{}\n]", re.S)


class TomlError(ValueError):
    """Where the text stopped being TOML we read, and why (a catalogue message)."""

    def __init__(self, line: int, why: Msg) -> None:
        super().__init__(why)
        self.line = line
        self.why = why


def loads(text: str) -> dict[str, Any]:
    """The TOML document in ``text``, at most ``MAX_DEPTH`` levels deep; else ``TomlError``."""
    import tomllib
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise TomlError(decode_line(exc, text), _("not valid TOML ({why})", why=decode_why(exc))) from None
    except RecursionError:
        raise TomlError(deep_line(text), too_deep()) from None
    except ValueError:  # int() of more digits than Python converts (tomllib lets it through)
        limit = sys.get_int_max_str_digits()
        m = re.search(r"[0-9_]{%d,}" % (limit + 1), text)
        line = text.count("\n", 0, m.start()) + 1 if m else last_line(text)
        raise TomlError(line, _("a number longer than {limit} digits", limit=limit)) from None
    if depth_over(data, MAX_DEPTH):
        raise TomlError(deep_line(text), too_deep())
    return data


def too_deep() -> Msg:
    return _("values nest more than {MAX_DEPTH} levels deep", MAX_DEPTH=MAX_DEPTH)


def depth_over(value: Any, limit: int) -> bool:
    """Whether lists and tables nest more than ``limit`` levels (the document itself is level 0);
    a walk with its own stack, so any depth is measured."""
    stack = [(value, 0)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            children = value.values()
        elif isinstance(value, list):
            children = value
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))
    return False


def deep_line(text: str) -> int:
    """The line of the deepest value: the first where brackets and braces outside strings and
    comments open more than ``MAX_DEPTH`` deep, else where they open deepest (the tables a
    value is in add a level or two to what its brackets show)."""
    depth, line, deepest, where = 0, 1, 0, last_line(text)
    for m in _TOKENS.finditer(text):
        token = m.group()
        if token == "\n":
            line += 1
        elif token in ("[", "{"):
            depth += 1
            if depth > deepest:
                deepest, where = depth, line
                if depth > MAX_DEPTH:
                    break
        elif token in ("]", "}"):
            depth = max(0, depth - 1)
        else:
            line += token.count("\n")
    return where


def decode_line(exc: tomllib.TOMLDecodeError, text: str) -> int:
    """Where tomllib stopped: its line, or the last line when the text ended too soon."""
    m = _LINE.search(str(exc))
    return int(m.group(1)) if m else last_line(text)


def decode_why(exc: tomllib.TOMLDecodeError) -> "Msg | str":
    """Why tomllib stopped, in the reader's language (its English when the table does not know it)."""
    return why_of(re.split(r" \(at (?:line|end)", str(exc))[0])


#: tomllib's reasons, each as the catalogue says it (msgctxt "toml"): the exact English, or its
#: fixed words around the part of the file it quotes ({key}, {char}, {expect}: kept as tomllib wrote them)
REASONS: dict[str, Msg] = {
    "Cannot overwrite a value": C_("toml", "a value is set twice"),
    "Escaped character is not a Unicode scalar value": C_("toml", "an escaped character is not a Unicode scalar value"),
    "Expected '=' after a key in a key/value pair": C_("toml", "expected '=' after a key"),
    "Expected ']' at the end of a table declaration": C_("toml", "expected ']' at the end of a table's header"),
    "Expected ']]' at the end of an array declaration":
        C_("toml", "expected ']]' at the end of an array of tables' header"),
    "Expected newline or end of document after a statement": C_("toml", "more after a value on its line"),
    "Invalid date or datetime": C_("toml", "not a valid date or date and time"),
    "Invalid hex value": C_("toml", "not a valid hexadecimal value"),
    "Invalid initial character for a key part": C_("toml", "a key cannot start with this character"),
    "Invalid statement": C_("toml", "not a key = value line nor a [table] header"),
    "Invalid value": C_("toml", "not a valid value"),
    "Unclosed array": C_("toml", "an array not closed with ']'"),
    "Unclosed inline table": C_("toml", "an inline table not closed with '}}'"),
    "Unescaped '\\' in a string": C_("toml", "a '\\' in a string that escapes nothing"),
    "Unterminated string": C_("toml", "a string not closed"),
    "Expected {expect}": C_("toml", "expected {expect}"),
    "Cannot declare {key} twice": C_("toml", "{key} is declared twice"),
    "Cannot mutate immutable namespace {key}": C_("toml", "{key} is already complete and cannot change"),
    "Cannot redefine namespace {key}": C_("toml", "{key} is defined again"),
    "Duplicate inline table key {key}": C_("toml", "the key {key} twice in an inline table"),
    "Found invalid character {char}": C_("toml", "the character {char} is not allowed here"),
    "Illegal character {char}": C_("toml", "the character {char} is not allowed in a string"),
}
#: the reasons that quote the file: their fixed words, and where the quoted part goes
_QUOTING = [(re.compile(re.escape(english).replace(r"\{" + name + r"\}", f"(?P<{name}>.+)"), re.S), message)
            for english, message in REASONS.items()
            for name in re.findall(r"\{(\w+)\}", english)]


def why_of(english: str) -> "Msg | str":
    """One tomllib reason as the catalogue says it: looked up whole, then by its fixed words."""
    found = REASONS.get(english)
    if found is not None:
        return found
    for pattern, message in _QUOTING:
        m = pattern.fullmatch(english)
        if m:
            return message.given(**m.groupdict())
    return english


def reason(exc: tomllib.TOMLDecodeError) -> "Msg | str":
    """tomllib's whole error in the reader's language: why, and where (line and column, or the
    end of the file); as tomllib wrote it when its shape is not the one we know."""
    m = re.fullmatch(r"(?P<why>.*) \(at (?:line (?P<line>\d+), column (?P<column>\d+)|end of document)\)",
                     str(exc), re.S)
    if m is None:
        return str(exc)
    why = why_of(m["why"])
    if m["line"] is None:
        return C_("toml", "{why} (at the end of the file)", why=why)
    return C_("toml", "{why} (at line {line}, column {column})", why=why, line=int(m["line"]),
              column=int(m["column"]))


def last_line(text: str) -> int:
    return max(1, text.count("\n") + (0 if text.endswith("\n") else 1))
