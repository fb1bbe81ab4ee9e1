"""The log pane: every event of the encounter, grouped by round, through ``describe``.

A line-API widget: only the visible lines are drawn, and each action's lines
are described once and cached by its number, so a 10,000-action log scrolls
and updates as fast as a short one. Undo simply drops the cached entries that
are no longer done.
"""

from __future__ import annotations

from rich.text import Text
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from gm_console.engine import events as ev
from gm_console.engine.describe import describe_events
from gm_console.engine.session import Entry

from ..frame import Frame
from ..i18n import tr
from ..safe import visible


class LogPane(ScrollView, can_focus=False):
    DEFAULT_CSS = """
    LogPane { height: 1fr; overflow-x: hidden; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.lines: list[Text] = []
        self._cache: dict[tuple[int, str], list[Text]] = {}

    def show(self, frame: Frame) -> None:
        self.border_title = tr(frame.lang, "log")
        at_end = self.scroll_y >= self.max_scroll_y - 1
        self.lines = log_lines(frame, self._cache)
        # lines are cut to the pane's width when drawn: no horizontal scrolling to measure for
        self.virtual_size = Size(self.scrollable_content_region.width, len(self.lines))
        self.refresh()
        if at_end or not self.lines:
            self.call_after_refresh(self.scroll_end, animate=False, immediate=True, x_axis=False)

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        index = scroll_y + y
        width = self.scrollable_content_region.width
        if index >= len(self.lines):
            return Strip.blank(width, self.rich_style)
        text = self.lines[index].copy()
        text.truncate(max(1, width), overflow="ellipsis")
        strip = Strip(list(text.render(self.app.console)), text.cell_len)
        return strip.crop_extend(0, width, self.rich_style).apply_style(self.rich_style)


def log_lines(frame: Frame, cache: dict[tuple[int, str], list[Text]] | None = None) -> list[Text]:
    cache = {} if cache is None else cache
    done = frame.session.done
    if not done:
        return [Text(tr(frame.lang, "no_events"), style="italic dim")]
    out: list[Text] = []
    if not any(isinstance(e, ev.RoundStarted) for e in done[0].events):
        out.append(_header(tr(frame.lang, "setup_round")))
    for entry in done:
        key = (entry.n, frame.lang)
        lines = cache.get(key)
        if lines is None:
            lines = _entry_lines(frame, entry)
            cache[key] = lines
        out.extend(lines)
    return out


def _header(title: str) -> Text:
    return Text(f"── {title} ──", style="bold cyan")


def _entry_lines(frame: Frame, entry: Entry) -> list[Text]:
    lines = [Text(f"› {visible(entry.line)}", style="dim")]
    try:
        described = dict((id(e), text) for e, text in
                         describe_events(entry.events, frame.state, frame.ruleset, frame.lang))
    except Exception:  # a plugin's describing bug must not blank the log
        described = {}
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
