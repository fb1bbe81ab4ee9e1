"""The footer every screen shows, fitted to the terminal's width (docs/keys.md).

Textual's footer draws every shown key on one row and cuts whatever passes the right edge: at 80
columns in Spanish the encounter screen's ended "... : Comando / Bu". This footer leaves whole
keys out instead, the ones their table marks ``spare`` (bindings.py), the highest first, until
the rest fit; a key left out is still in the help (``?``, always shown) and the command palette,
and comes back when the terminal is wide enough again.

Each key's width is the compact footer's: its key, a space, its word, a space between keys; a
group (``↑↓ Select``) a space, its keys, a space, its word.
"""

from __future__ import annotations

from itertools import groupby

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from .bindings import spare_of


class FittedFooter(Footer):
    """A compact ``Footer`` that leaves out its spare keys, whole, where the width is short."""

    _left_out: frozenset[str] = frozenset()

    def shown(self) -> list[tuple[str, int, int]]:
        """What the footer would draw, in order: (action, columns with the space after it, spare
        rank), a group of keys as one entry that is never left out."""
        actions: dict[str, object] = {}
        for _node, binding, _enabled, _tip in self.screen.active_bindings.values():
            if binding.show:
                actions.setdefault(binding.action, binding)
        out = []
        for group, members in groupby(actions.values(), lambda b: b.group):
            members = list(members)
            if group is not None and len(members) > 1:
                keys = sum(cell_len(self.app.get_key_display(b)) for b in members)
                out.append(("", 1 + keys + 1 + cell_len(group.description) + 1, 0))
            else:
                out += [(b.action, cell_len(self.app.get_key_display(b)) + 1 + cell_len(b.description) + 1,
                         spare_of(b.id)) for b in members]
        return out

    def left_out(self) -> frozenset[str]:
        """The actions whose keys do not fit this width: the spare ones, the highest first, until
        the rest do (the last key's space after it may pass the edge)."""
        width = self.size.width or self.app.size.width
        if not self.compact or not width or not self.is_attached:
            return frozenset()
        entries = self.shown()
        palette = self.screen.active_bindings.get(self.app.COMMAND_PALETTE_BINDING)
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE and palette is not None:
            binding = palette[1]  # docked at the right, a rule before it
            width -= 1 + cell_len(self.app.get_key_display(binding)) + 1 + cell_len(binding.description)
        used = sum(w for _a, w, _s in entries) - 1
        gone: set[str] = set()
        for action, w, spare in sorted((e for e in entries if e[2]), key=lambda e: -e[2]):
            if used <= width:
                break
            gone.add(action)
            used -= w
        return frozenset(gone)

    def compose(self) -> ComposeResult:
        self._left_out = self.left_out()
        for widget in super().compose():
            if isinstance(widget, FooterKey) and widget.action in self._left_out:
                continue
            yield widget

    def on_resize(self, event: events.Resize) -> None:
        if self._bindings_ready and self.left_out() != self._left_out:
            self.call_after_refresh(self.recompose)
