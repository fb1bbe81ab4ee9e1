"""TOML a GM writes by hand (bestiaries, parties, prepared encounters, keymap.toml), read so
that whatever the text, the answer is the data or one line saying where it went wrong.

``tomllib.loads`` alone is not enough for that: a value nested a few thousand levels deep
(``a = [[[[...]]]]``) makes it recurse until Python gives up (``RecursionError``), and an
integer of more than 4,300 digits is a ``ValueError`` from ``int``; neither names a line.
Here both are a ``TomlError`` with the line, and so is any value nested deeper than
``MAX_DEPTH`` (no file of ours needs more than a handful of levels, and code that walks the
values, writing them back or turning them into command lines, must never meet a deep one).
Saves have their own reader (codec.py) with its own limits.
"""

from __future__ import annotations

import re
import sys
import tomllib
from typing import Any

from gm_console.i18n import Msg, _

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


def decode_why(exc: tomllib.TOMLDecodeError) -> str:
    return re.split(r" \(at (?:line|end)", str(exc))[0]


def last_line(text: str) -> int:
    return max(1, text.count("\n") + (0 if text.endswith("\n") else 1))
