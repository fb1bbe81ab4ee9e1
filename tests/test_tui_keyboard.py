"""The terminal's bytes read as the keys a GM typed (gm_console/tui/keyboard.py); the same keys
in a real terminal: tests/test_tui_tmux_keys.py."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, strategies as st

from gm_console.tui.keyboard import TableParser


def keys(*chunks: str) -> list[str]:
    parser = TableParser()
    out = []
    for chunk in chunks:
        out += list(parser.feed(chunk))
    time.sleep(0.12)  # past Textual's escape delay: a lone Esc comes out
    out += list(parser.tick())
    return [getattr(e, "key", type(e).__name__) for e in out]


@pytest.mark.parametrize("typed, read", [
    ("\x1bn", ["escape", "n"]),            # was Alt+n: an "n" typed into the form Esc closed
    ("\x1b:", ["escape", "colon"]),        # was a bare colon
    ("\x1b\r", ["escape", "enter"]),       # was a bare Enter
    ("\x1b7", ["escape", "7"]),            # was a pilcrow
    ("\x1b\t", ["escape", "tab"]),         # was Shift+Tab
    ("\x1b\x1b", ["escape", "escape"]),
    ("\x1b", ["escape"]),
    ("\x1b[A", ["up"]),                    # sequences a terminal sends are left alone
    ("\x1bOP", ["f1"]),
    ("\x1b[1;3A", ["alt+up"]),
    ("d7\nn", ["d", "7", "enter", "n"]),   # Enter sent before raw mode: a line feed
    ("\x1b[200~a\nb\x1b[201~", ["Paste"]),  # a paste keeps its line break
])
def test_bytes_read_as_the_keys_typed(typed, read):
    assert keys(typed) == read


def test_an_escape_and_its_key_in_two_reads():
    assert keys("\x1b", "n") == ["escape", "n"]
    assert keys("a\x1b", "[A") == ["a", "up"]


@given(st.lists(st.sampled_from(["\x1b", "n", ":", "7", "\r", "\x1b[A"]), max_size=12),
       st.integers(min_value=1, max_value=5))
def test_how_the_bytes_are_split_never_changes_the_keys(parts, size):
    """The same bytes read in chunks of any size give the same keys (ESC runs aside)."""
    data = "".join(parts)
    parser_whole, parser_chunks = TableParser(), TableParser()
    whole = [e.key for e in parser_whole.feed(data)]
    chunked = [e.key for i in range(0, len(data), size) for e in parser_chunks.feed(data[i:i + size])]
    assert whole == chunked
