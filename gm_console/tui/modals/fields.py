"""A whole form of short fields in one widget: label and value per row, one or two columns.

A form of thirty Textual Inputs, Labels and Selects is two hundred widgets to style
and lay out, which took the add form half a second to open (two on a busy laptop),
long enough for a GM to press the key again. This draws every field itself, so a
modal built on it opens in one frame: typing goes to the field under the cursor,
Tab/↓ and Shift+Tab/↑ move, ←/→ or Space change a choice or a yes/no, Backspace
deletes, Ctrl+U clears, Enter submits the form. Empty fields show nothing (a grey
hint that looks like a value would be read as one); the field under the cursor
explains itself on the line below the grid.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.widget import Widget

from ..safe import visible


@dataclass
class GridField:
    key: str
    label: str
    value: str = ""
    kind: str = "text"  # "text" | "number" | "choice" | "bool"
    choices: tuple[tuple[str, str], ...] = ()  # (value, label) for "choice"
    help: str = ""  # shown on the help line while the cursor is here
    style: str = ""  # the label's style (a PC's name in its colour, GM-only fields...)
    error: str = ""  # why the last submit was refused because of this field: said under its row
    extra: dict = field(default_factory=dict)

    def shown(self) -> str:
        if self.kind == "bool":
            return "✓" if self.value == "true" else "✗"
        if self.kind == "choice":
            for value, label in self.choices:
                if value == self.value:
                    return label
            return "-"
        return self.value

    def cycle(self, step: int) -> None:
        if self.kind == "bool":
            self.value = "false" if self.value == "true" else "true"
        elif self.kind == "choice" and self.choices:
            values = [v for v, _ in self.choices]
            i = values.index(self.value) if self.value in values else 0
            self.value = values[(i + step) % len(values)]


class FieldGrid(Widget, can_focus=True):
    """Every field of a form, drawn and edited by this one widget."""

    DEFAULT_CSS = """
    FieldGrid { height: auto; background: $boost; }
    FieldGrid:focus { background: $boost; }
    """
    BINDINGS = [
        Binding("tab,down", "move(1)", show=False, priority=True),
        Binding("shift+tab,up", "move(-1)", show=False, priority=True),
        Binding("left", "cycle(-1)", show=False),
        Binding("right", "cycle(1)", show=False),
        Binding("backspace", "erase", show=False),
        Binding("ctrl+u", "clear", show=False),
        Binding("enter", "submit", show=False),
    ]

    class Moved(Message):
        """The cursor moved: the form shows the new field's help."""

        def __init__(self, grid: "FieldGrid") -> None:
            super().__init__()
            self.grid = grid

    class Submitted(Message):
        def __init__(self, grid: "FieldGrid") -> None:
            super().__init__()
            self.grid = grid

    class Changed(Message):
        """A value was typed, erased or cycled: a form showing what its line would do redraws it."""

        def __init__(self, grid: "FieldGrid") -> None:
            super().__init__()
            self.grid = grid

    def __init__(self, fields: list[GridField], columns: int = 2, label_width: int | None = None,
                 value_width: int = 12, **kwargs) -> None:
        super().__init__(**kwargs)
        self.fields = fields
        self.columns = max(1, columns)
        self.cursor = 0
        longest = max((len(f.label) for f in fields), default=6)
        self.label_width = label_width if label_width is not None else min(24, longest)
        self.value_width = value_width

    # -- reading ---------------------------------------------------------------------
    def get(self, key: str) -> GridField:
        for f in self.fields:
            if f.key == key:
                return f
        raise KeyError(key)

    def value(self, key: str) -> str:
        return self.get(key).value.strip()

    @property
    def current(self) -> GridField | None:
        return self.fields[self.cursor] if self.fields else None

    def focus_field(self, key: str) -> None:
        for i, f in enumerate(self.fields):
            if f.key == key:
                self._go(i)
                return

    # -- layout ------------------------------------------------------------------------
    def _cols(self, width: int) -> int:
        cell = self.label_width + self.value_width + 3
        return max(1, min(self.columns, width // cell))

    def _rows(self, width: int) -> int:
        cols = self._cols(width)
        return (len(self.fields) + cols - 1) // cols

    def _error_row(self, width: int) -> tuple[int, str] | None:
        """(row, message) of the field a refusal is about: its message is a line under that row."""
        for i, f in enumerate(self.fields):
            if f.error:
                return self._place(i, width)[0], f.error
        return None

    def _line_of(self, row: int, width: int) -> int:
        """The screen line of a row, the refusal's line counted."""
        error = self._error_row(width)
        return row + 1 if error is not None and row > error[0] else row

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        error = self._error_row(width)
        return max(1, self._rows(width)) + (len(self._error_lines(error[1], width)) if error else 0)

    def _error_lines(self, message: str, width: int) -> list[Text]:
        return list(Text("✗ " + visible(message), style="bold red").wrap(self.app.console, max(8, width)))

    def _place(self, index: int, width: int) -> tuple[int, int]:
        """(row, column) of a field: down the first column, then the next."""
        rows = self._rows(width)
        return index % rows, index // rows

    def render(self) -> Text:
        width = self.content_size.width or 60
        cols = self._cols(width)
        rows = self._rows(width)
        cell = width // cols
        value_w = max(4, min(self.value_width, cell - self.label_width - 3))
        lines = [Text(no_wrap=True, overflow="ellipsis") for _ in range(rows)]
        for i, f in enumerate(self.fields):
            row, col = self._place(i, width)
            line = lines[row]
            if col:
                line.append(" " * max(0, col * cell - line.cell_len))
            label = visible(f.label)
            if len(label) > self.label_width:
                label = label[: self.label_width - 1] + "…"
            style = "bold red" if f.error else (f.style or "")
            line.append(f"{label:<{self.label_width}} ", style=style)
            shown = visible(f.shown())
            here = i == self.cursor and self.has_focus
            if len(shown) > value_w - 1:
                shown = "…" + shown[-(value_w - 2):]
            body = Text(shown, style="bold" if shown else "")
            if here:
                if f.kind in ("text", "number"):
                    body.append("▏", style="bold")
                body.pad_right(max(0, value_w - body.cell_len))
                body.stylize("reverse")
            else:
                if not shown:
                    body = Text("·" * min(3, value_w), style="dim")
                body.pad_right(max(0, value_w - body.cell_len))
                body.stylize("underline" if f.kind in ("text", "number") else "")
            line.append_text(body)
            line.append("  ")
        error = self._error_row(width)
        if error is not None:
            row, message = error
            lines[row + 1:row + 1] = list(self._error_lines(message, width))
        return Text("\n").join(lines)

    # -- editing ---------------------------------------------------------------------------
    def _go(self, index: int) -> None:
        if not self.fields:
            return
        self.cursor = max(0, min(len(self.fields) - 1, index))
        self.refresh()
        self._keep_visible()
        self.post_message(self.Moved(self))

    def _keep_visible(self) -> None:
        parent = self.parent
        if parent is None or not hasattr(parent, "scroll_to_region"):
            return
        width = self.content_size.width or 60
        row = self._line_of(self._place(self.cursor, width)[0], width)
        top = self.virtual_region.y
        try:
            parent.scroll_to_region(Region(0, top + row, 1, 1), animate=False, immediate=True)
        except Exception:  # not laid out yet: it is visible enough
            pass

    def action_move(self, step: int) -> None:
        if self.fields:
            self._go((self.cursor + step) % len(self.fields))

    def action_cycle(self, step: int) -> None:
        f = self.current
        if f is not None and f.kind in ("choice", "bool"):
            f.cycle(step)
            f.error = ""
            self.refresh()
            self.post_message(self.Changed(self))

    def action_erase(self) -> None:
        f = self.current
        if f is not None and f.kind in ("text", "number") and f.value:
            f.value = f.value[:-1]
            f.error = ""
            self.refresh()
            self.post_message(self.Changed(self))

    def action_clear(self) -> None:
        f = self.current
        if f is not None and f.kind in ("text", "number"):
            f.value = ""
            f.error = ""
            self.refresh()
            self.post_message(self.Changed(self))

    def action_submit(self) -> None:
        self.post_message(self.Submitted(self))

    def type_text(self, text: str) -> None:
        f = self.current
        if f is None:
            return
        if f.kind in ("choice", "bool"):
            if text == " ":
                f.cycle(1)
            else:  # a letter picks the next choice that starts with it
                values = [(v, lab) for v, lab in f.choices] if f.kind == "choice" else [
                    ("true", "yes sí"), ("false", "no")]
                low = text.casefold()
                starts = [v for v, lab in values if lab.casefold().startswith(low) or v.casefold().startswith(low)]
                if starts:
                    i = starts.index(f.value) + 1 if f.value in starts else 0
                    f.value = starts[i % len(starts)]
        else:
            clean = "".join(ch for ch in text if ch.isprintable())
            f.value += clean
        f.error = ""
        self.refresh()
        self.post_message(self.Changed(self))

    def on_key(self, event: events.Key) -> None:
        if event.character and event.is_printable:
            event.stop()
            event.prevent_default()
            self.type_text(event.character)

    def on_paste(self, event: events.Paste) -> None:
        event.stop()
        self.type_text(event.text.replace("\n", " ").replace("\r", " "))

    def on_click(self, event: events.Click) -> None:
        width = self.content_size.width or 60
        cols, rows = self._cols(width), self._rows(width)
        col = min(cols - 1, event.x // max(1, width // cols))
        row, error = event.y, self._error_row(width)
        if error is not None and row > error[0]:
            row -= len(self._error_lines(error[1], width))
            if row <= error[0]:  # a click on the refusal's own line
                return
        index = col * rows + row
        if 0 <= index < len(self.fields):
            self._go(index)

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()
