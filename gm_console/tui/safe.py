"""What the GM typed, on the screen exactly as typed: never markup, never raw control bytes.

Names, notes, condition labels, command lines, encounter names and paths come from the
GM or from a file edited by hand. Textual reads a ``str`` given to a Label, a Static, an
Option, a Select or a notification as markup (``[/]`` raises MarkupError and closes the
program; ``[@click=app.quit]`` is an action), and it passes ESC, OSC and C1 bytes to the
terminal as they are (a window title set, the screen cleared). So every such text
reaches the screen through ``visible``: as a ``rich.text.Text`` (``plain``), or, for a
Text built from pieces, through ``clean``.
"""

from __future__ import annotations

import re

from rich.text import Text

# C0 (but the newline of multi-line text), DEL and C1: what a terminal would obey
_CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f]")


def visible(text: object) -> str:
    """``text`` with each control character shown as ``\\x1b`` instead of being sent."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", str(text))


def plain(text: object, style: str = "") -> Text:
    """User text for a widget that would read a ``str`` as markup."""
    return Text(visible(text), style=style)


def clean(text: Text) -> Text:
    """A Text assembled from user words, its control characters shown (styles kept)."""
    whole = text.plain
    if not _CONTROL.search(whole):
        return text
    cuts = sorted({i for m in _CONTROL.finditer(whole) for i in (m.start(), m.end())})
    out = text.blank_copy()
    for piece in text.divide(cuts):
        if _CONTROL.fullmatch(piece.plain):
            shown = Text(visible(piece.plain), style=piece.style)
            for span in piece.spans:
                shown.stylize(span.style, 0, len(shown))
            out.append_text(shown)
        else:
            out.append_text(piece)
    return out
