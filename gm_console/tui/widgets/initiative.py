"""The initiative pane: who acts, in what order, and how each one is doing.

Rows are drawn to the pane's width: a narrow terminal keeps the marks, the
name and the health bar; a wide one adds the numbers and every badge. Only the
rows that fit are drawn, scrolled so the selected combatant is visible, which
keeps a 200-combatant fight as fast as a 4-combatant one.

It has the focus when the encounter screen opens, and its keys walk the rows (``INITIATIVE_KEYS``
in bindings.py: ↑/k ↓/j, Home, Space, Esc): who is selected and marked is the screen's, which
every pane draws, so they run the screen's actions (``screen.select(1)``...).
"""

from __future__ import annotations

from gm_console.i18n import render

from dataclasses import dataclass

from rich.text import Text
from textual.strip import Strip
from textual.visual import Visual, visualize
from textual.widget import Widget

from gm_console.engine.core.contract import status_of
from gm_console.engine.core.state import Combatant

from .. import present as p
from ..bindings import INITIATIVE_KEYS, OwnKeys, bindings_for
from ..frame import Frame
from ..ui_text import life, tr
from ..safe import clean, visible
from ..guard import ask


#: rows of strips kept between draws (a tall pane's worth several times over)
STRIPS_KEPT = 200


@dataclass
class Block:
    cid: str | None  # None: a section title
    lines: list[Text]


class InitiativePane(OwnKeys, Widget, can_focus=True):
    DEFAULT_CSS = """
    InitiativePane { height: 1fr; }
    """
    KEYS = INITIATIVE_KEYS
    BINDINGS = bindings_for(KEYS, "en")

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.frame: Frame | None = None
        self._row_numbers: dict[str, str] = {}
        self._health: tuple[str, ...] = ()  # the ruleset's health pools, asked once per render
        self._lines: list[Text] | None = None  # the rows drawn since the last show or resize
        self._strips: dict[tuple, Strip] = {}
        #: marks lasting until a first turn that several combatants carry (everyone flat-footed
        #: at the start): a glyph on each row and one line for all, not a badge (and a line) each
        self._shared: dict[str, int] = {}

    def show(self, frame: Frame) -> None:
        self.frame = frame
        self.speak(frame.lang)
        self.border_title = tr(frame.lang, "initiative")
        self._lines = None
        self.refresh()

    def on_resize(self) -> None:
        # rows made before the pane had its size are dropped: drawn again now, or the first
        # frame leaves the pane blank until something else redraws it
        self._lines = None
        self.refresh()

    # -- drawing -------------------------------------------------------------------
    def render(self) -> Text:
        return Text("\n").join(self._rows())

    def _rows(self) -> list[Text]:
        frame = self.frame
        if frame is None:
            return [Text("")]
        width = max(20, self.content_size.width or self.size.width or 40)
        height = max(1, self.content_size.height or self.size.height or 10)
        entries = self.entries(frame)
        self._health = p.health_pools(frame.ruleset)
        self._row_numbers = {cid: str(n) for n, cid in enumerate((cid for cid, _ in entries if cid), 1)}
        if not any(cid for cid, _ in entries):
            return [Text(tr(frame.lang, "empty_roster", key="a"), style="italic")]
        self._shared = shared_marks(frame)
        head: list[Text] = []
        if self._shared and height > 2:  # one line says what the glyph on the rows stands for
            head = [shared_line(frame, self._shared, width)]
        return [_spans_only(clean(line)) for line in head + self._window(entries, frame, width, height - len(head))]

    def render_line(self, y: int) -> Strip:
        """Rows as strips, each made once while it looks the same: `n` changes two rows of
        thirty (the one whose turn ended, the one whose turn starts), so the other rows
        are not turned into cells again. Made by Textual's own path, row by row."""
        if self._lines is None:
            self._lines = self._rows()
        width, style = self.size.width, self.visual_style
        if y >= len(self._lines):
            return Strip.blank(width, style.rich_style)
        text = self._lines[y]
        key = (text.plain, tuple(text.spans), width, style.rich_style)
        strip = self._strips.get(key)
        if strip is None:
            if len(self._strips) > 4 * STRIPS_KEPT:
                self._strips.clear()
            strips = Visual.to_strips(self, visualize(self, text), width, 1, style)
            strip = self._strips[key] = strips[0] if strips else Strip.blank(width, style.rich_style)
        return strip

    def entries(self, frame: Frame) -> list[tuple[str | None, Text | None]]:
        """(combatant id, None) rows and (None, title) section lines, in the order drawn."""
        lang = frame.lang
        acting, delaying, rest = p.roster(frame.state)
        out: list[tuple[str | None, Text | None]] = [(cid, None) for cid in acting]
        if delaying:
            out.append((None, Text(f"— {tr(lang, 'delaying')} —", style="bold yellow")))
            out += [(cid, None) for cid in delaying]
        if rest:
            out.append((None, Text(f"— {tr(lang, 'no_initiative')} —", style="bold bright_black")))
            out += [(cid, None) for cid in rest]
        return out

    def _window(self, entries, frame: Frame, width: int, height: int) -> list[Text]:
        """Build only the rows that fit, around the selected one (a third from the top)."""
        state = frame.state
        longest = max((len(visible(c.name)) for c in state.combatants.values()), default=8)
        name_w = max(6, min(longest, 12 if width < 50 else 18))
        ids = [cid for cid, _ in entries]
        focus = ids.index(frame.selected) if frame.selected in ids else (
            ids.index(state.active) if state.active in ids else 0)
        built: dict[int, Block] = {}

        def block(i: int) -> Block:
            if i not in built:
                cid, title = entries[i]
                built[i] = Block(None, [title]) if cid is None else self._block(
                    frame, state.get(cid), width, name_w)
            return built[i]

        first = last = focus
        used = len(block(focus).lines)
        while first > 0 and used + len(block(first - 1).lines) <= max(1, height // 3):
            first -= 1
            used += len(block(first).lines)
        while last + 1 < len(entries) and used + len(block(last + 1).lines) <= height:
            last += 1
            used += len(block(last).lines)
        while first > 0 and used + len(block(first - 1).lines) <= height:
            first -= 1
            used += len(block(first).lines)
        # the "N more" marks take a line each: give it up from the far side, never from the
        # selected combatant's own rows (its name must stay on screen, whatever wraps under it)
        def size() -> int:
            return sum(len(block(i).lines) for i in range(first, last + 1)) + (first > 0) + (last + 1 < len(entries))

        while size() > height and last > focus:
            last -= 1
        while size() > height and first < focus:
            first += 1
        lines = [line for i in range(first, last + 1) for line in block(i).lines]
        if first > 0 and height > 1:
            lines.insert(0, Text(tr(frame.lang, "more_above", n=sum(1 for cid in ids[:first] if cid)), style="dim"))
        if last + 1 < len(entries) and height > 1:
            lines = lines[:height - 1] + [Text(tr(frame.lang, "more_below", n=sum(1 for cid in ids[last + 1:] if cid)),
                                               style="dim")]
        return lines[:height]

    def _block(self, frame: Frame, c: Combatant, width: int, name_w: int) -> Block:
        state, rs, lang = frame.state, frame.ruleset, frame.lang
        active = c.id == state.active
        selected = c.id == frame.selected
        marked = c.id in frame.marked
        row = Text(no_wrap=True)
        if frame.numbered:  # selecting by typing: the row number to type
            row.append(f"{self._row_numbers.get(c.id, ''):>2}", style="bold reverse")
        if active:
            row.append("▶", style="bold green")
        elif c.id in state.delayed:
            row.append(p.DELAY_GLYPH, style="bold yellow")
        elif c.id in state.readied:
            row.append(p.READY_GLYPH, style="bold yellow")
        else:
            row.append(" ")
        init = p.num(c.initiative) if c.initiative is not None else "-"
        row.append(f"{init:>3}", style="bold" if active else "")
        row.append(p.group_glyph(state, c), style="cyan")
        side = c.side if c.side in p.SIDE_GLYPH else "foe"
        if marked:
            row.append(p.MARK_GLYPH + " ", style="bold yellow")
        else:
            row.append(p.SIDE_GLYPH[side] + " ", style=p.SIDE_STYLE[side])
        name = p.short_name(visible(c.name), name_w)
        name_style = p.SIDE_STYLE[side] if c.life != "dead" else "strike bright_black"
        if c.hidden:  # the players do not see it: the GM sees that at a glance, and reveals it
            name_style += " italic dim"
        if marked:
            name_style += " underline"
        row.append(f"{name:<{name_w}} ", style=name_style)
        if self._shared:  # a column of its own, so the glyphs line up under the shared line's
            carries = any(inst.cond in self._shared for inst in c.conditions)
            row.append((p.SHARED_MARK_GLYPH if carries else " ") + " ", style="bold yellow")
        pools = [k for k in self._health if k in c.pools]
        bar_w = 8 if width < 56 else 10
        if pools:
            each = max(3, bar_w // len(pools)) if len(pools) > 1 else bar_w
            for k in pools:
                row.append_text(p.bar(c, c.pools[k], each))
                if width >= 40:
                    row.append(f" {p.pool_numbers(c.pools[k]):>5}", style=p.bar_style(c, c.pools[k]))
                row.append(" ")
        if c.life != "ok":
            row.append(life(lang, c.life, short=width < 60) + " ", style=p.LIFE_STYLE.get(c.life, ""))
        if c.hidden:  # after how it is doing (more urgent); a narrow pane keeps the mark alone
            row.append(p.HIDDEN_GLYPH + (f" {tr(lang, 'hidden_mark')} " if width >= 60 else " "),
                       style=p.HIDDEN_STYLE)
        if c.id in state.delayed:
            count = state.delayed[c.id].count
            label = tr(lang, "delaying_until", n=p.num(count)) if count is not None else tr(lang, "holding")
            row.append(f"{label} ", style="yellow")
        badges: list[Text] = []
        insts = sorted(rs.conditions.active(c), key=lambda i: (i.cond not in p.EARLY_MARKS, i.uid))
        shown = {i.uid for i in insts}
        insts += [i for i in c.conditions if i.uid not in shown]
        insts = [inst for inst in insts if inst.cond not in self._shared]
        for inst in insts:
            style = p.badge_style(inst) if inst.uid in shown else "dim magenta"
            badges.append(Text(f"[{p.cond_badge(rs, inst, lang, short=width < 60)}]", style=style))
        lines = [row]
        for n, badge in enumerate(badges):  # what does not fit goes on one continuation line
            if lines[-1].cell_len + badge.cell_len + 1 > width and lines[-1].cell_len > 8:
                if len(lines) == 2:
                    lines[-1].append(f"+{len(badges) - n}", style="bold magenta")
                    break
                lines.append(Text(" " * 6, no_wrap=True))
            lines[-1].append_text(badge)
            lines[-1].append(" ")
        for line in lines:
            line.truncate(width, overflow="ellipsis", pad=True)
            if active:
                line.stylize(p.ACTIVE_BG)
            if marked:
                line.stylize(p.MARKED_BG)
            if selected:
                line.stylize(p.SELECTED_BG)
        if c.id in state.readied:
            sub = Text(f"      {p.READY_GLYPH} {state.readied[c.id].trigger}", style="yellow", no_wrap=True)
            sub.truncate(width, overflow="ellipsis")
            lines.append(sub)
        if c.life in ("dying", "stable", "disabled", "staggered", "unconscious"):
            status = _status(frame, c)
            if status:
                sub = Text(f"      {p.STATUS_GLYPH} {status[0]}", style=p.LIFE_STYLE.get(c.life, ""),
                           no_wrap=True)
                sub.truncate(width, overflow="ellipsis")
                lines.append(sub)
        return Block(c.id, lines)


def shared_marks(frame: Frame) -> dict[str, int]:
    """{condition: how many carry it} for the marks that last until a first turn and that two
    or more combatants carry: those share one line instead of a badge on every row."""
    counts: dict[str, int] = {}
    for c in frame.state.combatants.values():
        for cond in {inst.cond for inst in c.conditions if inst.cond in p.EARLY_MARKS}:
            counts[cond] = counts.get(cond, 0) + 1
    return {cond: n for cond, n in counts.items() if n >= 2}


def shared_line(frame: Frame, shared: dict[str, int], width: int) -> Text:
    """``▫ Flat-footed ×7 until they act``: the line the rows' glyph refers to."""
    text = Text(no_wrap=True)
    text.append(p.SHARED_MARK_GLYPH + " ", style="bold yellow")
    names = " · ".join(f"{p.cond_name(frame.ruleset, cond, frame.lang)} ×{n}" for cond, n in shared.items())
    text.append(names, style="bold yellow")
    text.append(" " + tr(frame.lang, "shared_until_act"), style="yellow")
    text.truncate(width, overflow="ellipsis")
    return text


def _spans_only(line: Text) -> Text:
    """The line's own style as a span: ``Text.render`` ignores the style of a Text without
    spans (``Text.join`` made the same span when the pane was one Text)."""
    if not line.style:
        return line
    out = Text(no_wrap=True)
    out.append(line)
    return out


def _status(frame: Frame, c: Combatant) -> list[str]:
    return ask("status lines", lambda: [render(x, frame.lang)
                                        for x in status_of(frame.ruleset, frame.state, c, frame.lang)], [])
