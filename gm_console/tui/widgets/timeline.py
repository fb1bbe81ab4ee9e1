"""The condition timeline: each combatant's conditions as bars along the rounds.

Past rounds are dimmed, the current round is marked, projected ends are drawn
ahead (▒ until the round it ends in, ▌ for that round: it ends at its clock
owner's turn), and open-ended conditions run off the edge (┄); one that a save ends is open-ended
too, its name marked ↺ (the save may end it at any of its turns). The last row is
the legend. Rows follow the current acting order, so a combatant whose
initiative moved is still found in its place. "Who is still stunned next
round?" is the column right of the mark.

Marks that only last until a first turn (everyone flat-footed at the start)
share one row per condition and round ("Flat-footed ×6") instead of a row each.
"""

from __future__ import annotations

from dataclasses import replace

from rich.text import Text
from textual.widget import Widget

from .. import present as p
from ..frame import Frame
from ..ui_text import tr
from ..safe import clean
from gm_console.engine.views.timeline import Span, TimelineModel

CELL = 3
FULL, HALF, POINT, AHEAD, OPEN, EMPTY = "██ ", "▌  ", "▪  ", "▒▒ ", "┄┄ ", "   "
SAVE_MARK = "↺"


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
        catalogue = frame.ruleset.conditions.catalogue
        self.spans = self.model.update(frame.history, frame.state,
                                       lambda cond: "save-ends" in catalogue.define(cond).flags)
        self.refresh()

    def on_resize(self) -> None:
        # drawn to the pane's size: repainted once it has one, or the first frame leaves it blank
        self.refresh()

    def render(self) -> Text:
        if self.frame is None:
            return Text("")
        width = max(30, self.content_size.width or 60)
        height = max(2, self.content_size.height or 8)
        return clean(timeline_text(self.frame, self.spans, width, height))


def collapse(spans: list[Span]) -> list[tuple[Span, int]]:
    """(span, how many it stands for): brief marks of one condition begun in one round share
    a row; the rest stand alone."""
    out: list[tuple[Span, int]] = []
    shared: dict[tuple[str, int], list[Span]] = {}
    for s in spans:
        if s.brief:
            shared.setdefault((s.cond, s.start), []).append(s)
        else:
            out.append((s, 1))
    for group in shared.values():
        if len(group) == 1:
            out.append((group[0], 1))
            continue
        ongoing = [g for g in group if g.ongoing]
        ends = [g.end for g in group if g.end is not None]
        merged = replace(group[0], who="", end=None if ongoing else max(ends),
                         projected_end=max((g.projected_end or 0) for g in ongoing) or None if ongoing else None,
                         uid=min(g.uid for g in group), open_ended=any(g.open_ended for g in ongoing),
                         first_turn=bool(ongoing))
        out.append((merged, len(group)))
    return out


def timeline_text(frame: Frame, spans: list[Span], width: int, height: int) -> Text:
    state, lang = frame.state, frame.lang
    if not spans:
        return Text(tr(lang, "no_conditions_timeline"), style="italic dim")
    now = state.round
    rows_all = collapse(spans)
    longest = max((len(_label(frame, s, n)) for s, n in rows_all), default=12)
    label_w = max(12, min(longest + 1, 30, width // 2))
    n_cells = max(3, (width - label_w) // CELL)
    floor = 1 if now >= 1 else 0
    furthest = max((s.projected_end or now) for s in spans)
    last = max(now + 2, min(furthest + 1, now + n_cells // 2))
    first = max(floor, min(max(floor, min(s.start for s in spans)), last - n_cells + 1))
    rounds = list(range(first, min(last, first + n_cells - 1) + 1))
    lines = [_header(rounds, now, label_w, lang)]
    rows = _ordered(state, [(s, n) for s, n in rows_all if _visible(s, first)])
    room = height - 2  # the header and the legend
    for i, (span, n) in enumerate(rows):
        if i == room - 1 and len(rows) > room:
            lines.append(Text(tr(lang, "more_below", n=len(rows) - i), style="dim"))
            break
        lines.append(_row(frame, span, n, rounds, now, label_w))
    if height >= 3:
        lines.append(legend(lang, width, saves=any(s.save and s.ongoing for s in spans)))
    return Text("\n").join(lines)


def legend(lang: str, width: int, saves: bool = False) -> Text:
    """What the glyphs mean, on one row: short words when the pane is narrow, and only the
    entries that fit (the save mark's while an effect that a save ends is on the timeline)."""
    short = width < 100
    pieces = []
    entries = [(FULL.strip(), "legend_on", "magenta"), (HALF.strip(), "legend_ends", "magenta"),
               (AHEAD.strip(), "legend_ahead", "magenta"), (OPEN.strip(), "legend_open", "dim magenta")]
    if saves:
        entries.append((SAVE_MARK, "legend_save", "magenta"))
    for glyph, key, style in entries:
        piece = Text(glyph, style=style)
        piece.append(" " + tr(lang, key + ("_short" if short else "")) + "  ", style="dim")
        pieces.append(piece)
    now = Text(" N ", style="bold reverse")
    now.append(" " + tr(lang, "legend_now"), style="dim")
    pieces.append(now)
    text = Text(no_wrap=True)
    for piece in pieces:
        if text.cell_len + piece.cell_len > width:
            break
        text.append_text(piece)
    return text


def _visible(span: Span, first: int) -> bool:
    return span.end is None or span.end >= first


def _ordered(state, rows: list[tuple[Span, int]]) -> list[tuple[Span, int]]:
    acting, delaying, rest = p.roster(state)
    rank = {cid: i for i, cid in enumerate(acting + delaying + rest)}
    # what still applies first (who is stunned next round?), then the record of the past
    return sorted(rows, key=lambda r: (r[0].end is not None, rank.get(r[0].who, -1 if r[1] > 1 else len(rank)),
                                       r[0].uid))


def _header(rounds: list[int], now: int, label_w: int, lang: str) -> Text:
    text = Text(f"{tr(lang, 'round', n='')[:label_w - 1]:<{label_w}}", style="bold")
    for r in rounds:
        cell = f"{r:>{CELL - 1}} "
        if r == now:
            text.append(cell, style="bold reverse")
        else:
            text.append(cell, style="dim" if r < now else "")
    return text


def _row(frame: Frame, span: Span, n: int, rounds: list[int], now: int, label_w: int) -> Text:
    state = frame.state
    label = _label(frame, span, n)
    if len(label) > label_w - 1:
        label = label[: label_w - 2] + "…"
    c = state.combatants.get(span.who)
    side = c.side if c and c.side in p.SIDE_STYLE else "foe"
    style = (p.SIDE_STYLE[side] if n == 1 else "bold yellow") if span.ongoing else "dim"
    text = Text(f"{label:<{label_w}}", style=style)
    for r in rounds:
        glyph, cell_style = _cell(span, r, now)
        text.append(glyph, style=cell_style)
    return text


def _label(frame: Frame, span: Span, n: int = 1) -> str:
    cond = p.cond_name(frame.ruleset, span.cond, frame.lang)
    if span.value is not None:
        cond += f" {span.value}"
    if span.save and span.ongoing:
        cond += f" {SAVE_MARK}"
    if n > 1:
        return f"{cond} ×{n}"
    return f"{p.name_of(frame.state, span.who)} · {cond}"


def _cell(span: Span, r: int, now: int) -> tuple[str, str]:
    """One round's cell, CELL characters wide, and its style."""
    base = "magenta"
    if r < span.start:
        return EMPTY, ""
    if span.end is not None:  # finished: a record of the past
        if r < span.end:
            return FULL, "dim " + base
        if r == span.end:
            return (HALF if r > span.start else POINT), "dim " + base
        return EMPTY, ""
    end = span.projected_end
    if r <= now:
        if end is not None and r == end and r == now:
            return HALF, "bold " + base
        return FULL, ("dim " + base) if r < now else ("bold " + base)
    if span.open_ended:
        return OPEN, "dim " + base
    if end is None or r > end:
        return EMPTY, ""
    if r < end:
        return AHEAD, base
    return HALF, base
