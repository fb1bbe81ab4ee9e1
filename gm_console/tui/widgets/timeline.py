"""The condition timeline: each combatant's conditions as bars along the rounds.

Past rounds are dimmed, the current round is marked, projected ends are drawn
ahead (▒ until the round it ends in, ▌ for that round: it ends at its clock
owner's turn), and open-ended conditions run off the edge (┄). Rows follow the
current acting order, so a combatant whose initiative moved is still found in
its place. "Who is still stunned next round?" is the column right of the mark.
"""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from .. import present as p
from ..frame import Frame
from ..i18n import tr
from ..safe import clean
from gm_console.engine.timeline import Span, TimelineModel

CELL = 3


class TimelinePane(Widget):
    DEFAULT_CSS = """
    TimelinePane { height: 1fr; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.frame: Frame | None = None
        self.model = TimelineModel()
        self.spans: list[Span] = []

    def show(self, frame: Frame) -> None:
        self.frame = frame
        self.border_title = tr(frame.lang, "timeline")
        self.spans = self.model.update(frame.session.done, frame.state)
        self.refresh()

    def render(self) -> Text:
        if self.frame is None:
            return Text("")
        width = max(30, self.content_size.width or 60)
        height = max(2, self.content_size.height or 8)
        return clean(timeline_text(self.frame, self.spans, width, height))


def timeline_text(frame: Frame, spans: list[Span], width: int, height: int) -> Text:
    state, lang = frame.state, frame.lang
    if not spans:
        return Text(tr(lang, "no_conditions_timeline"), style="italic dim")
    now = state.round
    longest = max((len(_label(frame, s)) for s in spans), default=12)
    label_w = max(12, min(longest + 1, 30, width // 2))
    n_cells = max(3, (width - label_w) // CELL)
    floor = 1 if now >= 1 else 0
    furthest = max((s.projected_end or now) for s in spans)
    last = max(now + 2, min(furthest + 1, now + n_cells // 2))
    first = max(floor, min(max(floor, min(s.start for s in spans)), last - n_cells + 1))
    rounds = list(range(first, min(last, first + n_cells - 1) + 1))
    lines = [_header(rounds, now, label_w, lang)]
    rows = _ordered(state, [s for s in spans if _visible(s, first)])
    room = height - 1
    for i, span in enumerate(rows):
        if i == room - 1 and len(rows) > room:
            lines.append(Text(tr(lang, "more_below", n=len(rows) - i), style="dim"))
            break
        lines.append(_row(frame, span, rounds, now, label_w))
    return Text("\n").join(lines)


def _visible(span: Span, first: int) -> bool:
    return span.end is None or span.end >= first


def _ordered(state, spans: list[Span]) -> list[Span]:
    acting, delaying, rest = p.roster(state)
    rank = {cid: i for i, cid in enumerate(acting + delaying + rest)}
    # what still applies first (who is stunned next round?), then the record of the past
    return sorted(spans, key=lambda s: (s.end is not None, rank.get(s.who, len(rank)), s.uid))


def _header(rounds: list[int], now: int, label_w: int, lang: str) -> Text:
    text = Text(f"{tr(lang, 'round', n='')[:label_w - 1]:<{label_w}}", style="bold")
    for r in rounds:
        cell = f"{r:>{CELL - 1}} "
        if r == now:
            text.append(cell, style="bold reverse")
        else:
            text.append(cell, style="dim" if r < now else "")
    return text


def _row(frame: Frame, span: Span, rounds: list[int], now: int, label_w: int) -> Text:
    state = frame.state
    label = _label(frame, span)
    if len(label) > label_w - 1:
        label = label[: label_w - 2] + "…"
    c = state.combatants.get(span.who)
    side = c.side if c and c.side in p.SIDE_STYLE else "foe"
    text = Text(f"{label:<{label_w}}", style=p.SIDE_STYLE[side] if span.ongoing else "dim")
    for r in rounds:
        glyph, style = _cell(span, r, now)
        text.append(glyph, style=style)
    return text


def _label(frame: Frame, span: Span) -> str:
    cond = p.cond_name(frame.ruleset, span.cond, frame.lang)
    if span.value is not None:
        cond += f" {span.value}"
    return f"{p.name_of(frame.state, span.who)} · {cond}"


def _cell(span: Span, r: int, now: int) -> tuple[str, str]:
    """One round's cell, CELL characters wide, and its style."""
    full, half, point, proj, open_, empty = "██ ", "▌  ", "▪  ", "▒▒ ", "┄┄ ", "   "
    base = "magenta"
    if r < span.start:
        return empty, ""
    if span.end is not None:  # finished: a record of the past
        if r < span.end:
            return full, "dim " + base
        if r == span.end:
            return (half if r > span.start else point), "dim " + base
        return empty, ""
    if r <= now:
        return full, ("dim " + base) if r < now else ("bold " + base)
    if span.open_ended:
        return open_, "dim " + base
    end = span.projected_end
    if end is None or r > end:
        return empty, ""
    if r < end:
        return proj, base
    return half, base
