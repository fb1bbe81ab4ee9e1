"""Bytes from the terminal read as the keys a GM typed, however fast.

Textual's terminal parser (``textual._xterm_parser.XTermParser``) reads two things
differently from what a GM at the table means:

- **Esc, then a key at once.** An Esc followed within Textual's escape delay (100 ms) by
  another byte is read as one sequence: ``Esc n`` becomes Alt+n (a letter typed into the
  form the Esc was closing), ``Esc :`` a colon, ``Esc Enter`` a bare Enter, ``Esc 7`` a
  pilcrow. A GM who closes a form and goes on typing hits it; keys sent in one burst always
  do. gm-console binds no Alt key, so an Esc followed by anything but the start of a real
  terminal sequence (``[`` CSI, ``O`` SS3, ``]`` OSC, ``P`` DCS, another Esc) is an Esc,
  then that key.
- **Enter typed before the first frame.** Until Textual switches the terminal to raw mode
  (a few hundred milliseconds after launch), the terminal still turns the Enter key's
  ``\\r`` into ``\\n``, which Textual reads as Ctrl+J: ``d 7 Enter n`` typed at once after
  launch opened the damage form holding "7n". A bare ``\\n`` byte is Enter (as in a shell,
  where Ctrl+J is Enter too); a pasted text keeps its line breaks (a paste is not keys).

``install()`` makes Textual's Linux driver read with this parser (the parser is a private
class: tui/compat.py refuses a Textual whose version was not tested).
"""

from __future__ import annotations

from typing import Iterable

from textual import events
from textual._xterm_parser import XTermParser

ESC = "\x1b"
#: what may follow an Esc in a sequence a terminal sends (keys, mouse, replies)
INTRODUCERS = frozenset("[O]P" + ESC)


class TableParser(XTermParser):
    """XTermParser that never glues an Esc to the key typed after it, and reads a raw
    ``\\n`` as Enter."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._after_esc = False  # the last byte fed was an Esc starting a sequence

    def feed(self, data: str) -> Iterable:
        if not data:
            yield from self._keys(super().feed(data))
            return
        start = 0
        for i, ch in enumerate(data):
            if self._after_esc and ch not in INTRODUCERS:
                if i > start:  # an empty feed would mean the end of the input
                    yield from self._keys(super().feed(data[start:i]))
                start = i
                yield from self._escape_now()
            self._after_esc = ch == ESC
        if start < len(data):
            yield from self._keys(super().feed(data[start:]))

    def tick(self) -> Iterable:
        for token in super().tick():
            self._after_esc = False
            yield from self._keys((token,))

    def _escape_now(self) -> Iterable:
        """The lone Esc waiting for its delay to run out: out now, before the next key."""
        self._after_esc = False
        if self._timeout_time is None:  # not waiting after an Esc (inside a paste): nothing to do
            return
        self._timeout_time = 0.0
        yield from self._keys(super().tick())

    @staticmethod
    def _keys(tokens: Iterable) -> Iterable:
        for token in tokens:
            if isinstance(token, events.Key) and token.key == "ctrl+j" and token.character == "\n":
                yield events.Key("enter", "\r")
            else:
                yield token


def install() -> None:
    """Textual's Linux driver reads the terminal through TableParser from now on."""
    from textual.drivers import linux_driver

    linux_driver.XTermParser = TableParser
