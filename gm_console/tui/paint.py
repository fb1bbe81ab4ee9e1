"""Panes repaint only what changed.

A Static's ``update`` re-renders it and, by default, lays the whole screen out again (its
height might have changed). After a command most texts are what they were (the head
between two damage rolls, the warnings, a sheet nobody touched): giving the same text
again is skipped, and a text whose height is fixed by the stylesheet skips the layout.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


def update(widget: Static, text: Text, layout: bool = True) -> bool:
    """Show ``text`` unless it is what the widget shows already; True if it was updated."""
    if getattr(widget, "_gm_shown", None) == text:
        return False
    widget._gm_shown = text
    widget.update(text, layout=layout)
    return True
