"""The log pane: every event of the encounter, grouped by round, through ``describe``.

A line-API widget: only the visible rows are drawn, and each action's lines
are described once and cached by its number, so a 10,000-action log scrolls
and updates as fast as a short one. Undo simply drops the cached entries that
are no longer done.

It follows the newest line: after every action, and after a resize, the end is
in view, unless the GM has paged back to read; then it stays put and its last
row says how many new lines wait below (PgDn to the end follows again). Long
lines wrap under their first word instead of losing the rule's result off the
right edge.

With the focus (Tab), its keys read it (``LOG_KEYS`` in bindings.py): ↑/k ↓/j a line, ←/[ →/]
the round above or the next, Home the first line, End the newest (following again), ``o`` only
the actions about the selected combatant (its title says whose; ``o`` again: all), Esc back
to the list. PgUp/PgDn page it from any pane: they are the screen's (``log_up``, ``log_down``),
which is why Textual's own scrolling keys are not inherited here.
"""

from __future__ import annotations

from functools import partial
from typing import Callable, Sequence

from rich.text import Text
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from gm_console.engine.core import events as ev
from gm_console.engine.views.describe import describe_events
from gm_console.engine.language.session import Entry

from ..bindings import LOG_KEYS, OwnKeys, bindings_for
from .. import present as p
from ..frame import Frame
from ..ui_text import tr
from ..safe import visible
from ..guard import ask

INDENT = 4  # a wrapped line's continuation starts under the text, not under the marker
TAIL_ROWS = 500  # rows built ahead of the GM at least: a whole evening's fight (see LogPane._rewrap)
ALL = 1 << 62  # rows enough for any log: `_rewrap(keep=ALL)` builds every action's


class LogPane(OwnKeys, ScrollView, inherit_bindings=False):
    DEFAULT_CSS = """
    LogPane { height: 1fr; overflow-x: hidden; }
    """
    KEYS = LOG_KEYS
    BINDINGS = bindings_for(KEYS, "en")

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.rows: list[Text] = []  # wrapped to the pane's width
        self.following = True
        self.unseen = 0  # rows added while the GM reads further up
        self.lang = "en"
        self._cache: dict[tuple[int, str], list[Text]] = {}
        self._rows_cache: dict[tuple, list[Text]] = {}
        self._wrapped_for = -1
        self._first = 0  # the first of LogSources built into rows: the ones before wait
        self._shown: tuple = ()
        self.frame: Frame | None = None
        self.only: str | None = None  # `o`: only the actions about this combatant

    # -- content ---------------------------------------------------------------------------
    def show(self, frame: Frame) -> None:
        self.frame = frame  # the selection too, which `o` reads, though the lines stay as they were
        self.speak(frame.lang)
        self.border_title = tr(frame.lang, "log")
        if self.only is not None:
            self.border_title += " · " + tr(frame.lang, "log_only", name=visible(p.name_of(frame.state, self.only)))
        done = frame.history
        key = (len(done), done[-1].n if done else 0, frame.lang, self.only)
        if key == self._shown and self._wrapped_for == self._width():
            return  # a new selection, a view toggle: the log is what it was
        self._shown = key
        self.lang = frame.lang
        before = len(self.rows)
        self._rewrap(keep=0 if self.following else before)
        if not self.following:
            self.unseen = max(0, self.unseen + len(self.rows) - before)
        self._settle()

    def _width(self) -> int:
        return max(10, self.scrollable_content_region.width or self.size.width or 40)

    def _rewrap(self, keep: int = 0) -> None:
        """Rows for the pane's width, built from the newest action back until a few pages are
        there (``keep``: at least that many rows, what the GM already paged back through);
        older actions are described only when the GM pages up to them, so a 10,000-action log
        opens and answers as fast as a short one. Each action's rows are made once per width."""
        width = self._width()
        if self.frame is None or (not self.size.width and self.display):  # on_resize builds them
            self._wrapped_for = -1
            return
        if width != self._wrapped_for:
            self._rows_cache.clear()
        sources = LogSources(self.frame, self.only)
        want = max(keep, self._tail_rows())
        blocks: list[list[Text]] = []
        count, first = 0, len(sources)
        while first > 0 and count < want:
            first -= 1
            key, make = sources[first]
            cached = self._rows_cache.get(key)
            if cached is None:
                lines = self._cache.get(key)
                if lines is None:
                    lines = self._cache[key] = make()
                cached = self._rows_cache[key] = [row for line in lines for row in wrap(line, width)]
            blocks.append(cached)
            count += len(cached)
        self.rows = [row for block in reversed(blocks) for row in block]
        self._first = first
        self._wrapped_for = width
        self.virtual_size = Size(width, len(self.rows))

    def _tail_rows(self) -> int:
        """Rows built ahead of the GM: the pane four times over, and never fewer than TAIL_ROWS."""
        return max(TAIL_ROWS, 4 * self._visible_rows())

    def _more_above(self, rows: int) -> None:
        """Older actions built until ``rows`` more rows are above, the same rows kept in view."""
        if self._first == 0:
            return
        before = len(self.rows)
        self._rewrap(keep=before + rows)
        added = len(self.rows) - before
        if added:
            self.scroll_to(y=self.scroll_y + added, animate=False, immediate=True)

    def _settle(self) -> None:
        """Keep the end in view when following; redraw either way."""
        self.refresh()
        if self.following:
            self.unseen = 0
            self.scroll_to(y=max(0, len(self.rows) - self._visible_rows()), animate=False, immediate=True, force=True)

    def _visible_rows(self) -> int:
        return max(1, self.scrollable_content_region.height or self.size.height or 1)

    def on_resize(self) -> None:
        if self._wrapped_for != self._width():
            self._rewrap(keep=0 if self.following else len(self.rows))
        self._settle()

    # -- the GM reading back -----------------------------------------------------------------
    def page(self, pages: int) -> None:
        """PgUp/PgDn (the screen's keys: from any pane)."""
        self._move(pages * max(1, self._visible_rows() - 1))

    def _move(self, rows: int) -> None:
        """``rows`` up (negative) or down; at the end, the log follows again."""
        short = -rows - int(self.scroll_y)  # rows the move needs that are not built yet
        if short > 0:
            self._more_above(short + self._tail_rows())
        self._go(int(self.scroll_y) + rows)

    def _go(self, y: int) -> None:
        bottom = max(0, len(self.rows) - self._visible_rows())
        y = max(0, min(bottom, y))
        self.scroll_to(y=y, animate=False, immediate=True)
        self.following = y >= bottom
        if self.following:
            self.unseen = 0
        self.refresh()

    # its keys, while it has the focus
    def action_lines(self, step: int) -> None:
        self._move(step)

    def action_oldest(self) -> None:
        if self._first:  # the older actions, described now
            self._rewrap(keep=len(self.rows) + ALL)
        self._go(0)

    def action_newest(self) -> None:
        self._go(len(self.rows))

    def action_only(self) -> None:
        """Only the actions about the selected combatant (done to it, by it, rolled for it), or
        all again (``o`` once more, on the same one)."""
        if self.frame is None:
            return
        chosen = self.frame.selected
        self.only = None if self.only == chosen else chosen
        self.following = True
        self.show(self.frame)

    def action_round(self, step: int) -> None:
        """The start of the round above (``step`` -1) or of the next one; past the last, the newest line."""
        top = int(self.scroll_y)
        if step < 0:
            while True:
                above = [i for i, row in enumerate(self.rows[:top]) if is_header(row)]
                if above or self._first == 0:
                    break
                built = len(self.rows)
                self._more_above(self._tail_rows())
                top += len(self.rows) - built
            self._go(above[-1] if above else 0)
            return
        below = [i for i, row in enumerate(self.rows[top + 1:], top + 1) if is_header(row)]
        self._go(below[0] if below else len(self.rows))

    def watch_scroll_y(self, old: float, new: float) -> None:
        super().watch_scroll_y(old, new)
        if new < self._visible_rows() and self._first > 0:  # the wheel near the top: build older ones
            self._more_above(self._tail_rows())
            return
        bottom = max(0, len(self.rows) - self._visible_rows())
        if new >= bottom and not self.following:
            self.following = True  # scrolled (wheel, drag) back to the end: follow again
            self.unseen = 0
            self.refresh()

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        if not self.following and self.unseen and y == self._visible_rows() - 1:
            mark = Text(tr(self.lang, "new_below", n=self.unseen), style="bold reverse yellow")
            mark.truncate(max(1, width), overflow="ellipsis", pad=True)
            strip = Strip(list(mark.render(self.app.console)), mark.cell_len)
            return strip.crop_extend(0, width, self.rich_style)
        index = int(self.scroll_y) + y
        if index >= len(self.rows):
            return Strip.blank(width, self.rich_style)
        text = self.rows[index]
        strip = Strip(list(text.render(self.app.console)), text.cell_len)
        return strip.crop_extend(0, width, self.rich_style).apply_style(self.rich_style)


def wrap(line: Text, width: int) -> list[Text]:
    """A logical line cut into rows of ``width`` cells, at spaces where it can, continuations
    indented under the text."""
    if line.cell_len <= width:
        return [line]
    first = line.wrap(_CONSOLE, width, overflow="fold")[0]
    cut = max(1, len(first.plain.rstrip()))
    out = [line[:cut]]
    rest = line[cut:]
    rest = rest[len(rest.plain) - len(rest.plain.lstrip(" ")):]
    for row in rest.wrap(_CONSOLE, max(8, width - INDENT), overflow="fold"):
        padded = Text(" " * INDENT)
        padded.append_text(row)
        out.append(padded)
    return out


def _console():
    from rich.console import Console

    return Console(width=200, color_system=None, force_terminal=False)


_CONSOLE = _console()


class LogSources(Sequence):
    """(key, what makes its logical lines) per block of the log, the "before combat" header
    first, oldest first: made when asked for, so the newest few cost the same in a log of
    ten actions and of ten thousand. ``only``: the actions about that combatant alone."""

    def __init__(self, frame: Frame, only: str | None = None) -> None:
        self.frame = frame
        done, lang = frame.history, frame.lang
        self.entries = done if only is None else [e for e in done if concerns(e, only)]
        self.head: tuple[tuple, Callable[[], list[Text]]] | None = None
        if not done:
            self.head = (("empty", lang), lambda: [Text(tr(lang, "no_events"), style="italic dim")])
        elif not any(isinstance(e, ev.RoundStarted) for e in done[0].events):
            self.head = (("setup", lang), lambda: [_header(tr(lang, "setup_round"))])

    def __len__(self) -> int:
        return len(self.entries) + (self.head is not None)

    def __getitem__(self, i: int) -> tuple[tuple, Callable[[], list[Text]]]:
        if self.head is not None:
            if i == 0:
                return self.head
            i -= 1
        entry = self.entries[i]
        return (entry.n, self.frame.lang), partial(_entry_lines, self.frame, entry)


def concerns(entry: Entry, cid: str) -> bool:
    """An action about ``cid``: one of its events is done to it, by it, or rolled for it."""
    return any(cid in (getattr(e, "id", None), getattr(e, "who", None), getattr(e, "by", None),
                       getattr(e, "source", None)) for e in entry.events)


def log_entries(frame: Frame, cache: dict[tuple, list[Text]] | None = None):
    """(key, logical lines) per action, the "before combat" header first; described once."""
    cache = {} if cache is None else cache
    for key, make in LogSources(frame):
        lines = cache.get(key)
        if lines is None:
            lines = cache[key] = make()
        yield key, lines


def log_lines(frame: Frame, cache: dict[tuple[int, str], list[Text]] | None = None) -> list[Text]:
    return [line for _, lines in log_entries(frame, cache) for line in lines]


HEADER_STYLE = "bold cyan"


def _header(title: str) -> Text:
    return Text(f"── {title} ──", style=HEADER_STYLE)


def is_header(row: Text) -> bool:
    """A round's title row (or the one before combat): where ←/→ stop."""
    return row.style == HEADER_STYLE and row.plain.startswith("── ")


def _entry_lines(frame: Frame, entry: Entry) -> list[Text]:
    lines = [Text(f"› {visible(entry.line)}", style="dim")]
    described = ask("log lines", lambda: dict((id(e), text) for e, text in
                                              describe_events(entry.events, frame.state, frame.ruleset,
                                                              frame.lang)), {})
    for event in entry.events:
        if isinstance(event, ev.RoundStarted):
            lines.append(_header(tr(frame.lang, "round", n=event.round)))
            continue
        said = described.get(id(event))
        if not said:
            continue
        text = Text("  ")
        body, rule = _split_rule(visible(said))
        style = "bold" if isinstance(event, (ev.TurnStarted, ev.TurnResumed)) else ""
        if isinstance(event, (ev.LifeSet,)):
            style = "bold red"
        elif isinstance(event, (ev.Rolled,)):
            style = "bright_black"
        text.append(body, style=style)
        if rule:
            text.append(f" [{rule}]", style="dim italic")
        lines.append(text)
    return lines


def _split_rule(line: str) -> tuple[str, str]:
    """describe() appends " [rule]" (which may hold brackets itself: "[SF §3.5 [S]]");
    keep it, dimmed, so the rule that acted is visible."""
    if not line.endswith("]"):
        return line, ""
    depth = 0
    for i in range(len(line) - 1, -1, -1):
        if line[i] == "]":
            depth += 1
        elif line[i] == "[":
            depth -= 1
            if depth == 0:
                if i > 0 and line[i - 1] == " ":
                    return line[: i - 1], line[i + 1:-1]
                return line, ""
    return line, ""
