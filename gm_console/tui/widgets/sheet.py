"""The selected combatant's sheet, drawn from what the ruleset describes.

Pools come from the stat block (health pools as bars side by side, the rest
as resources, GM-only ones marked), figures from ``ruleset.sheet.effective`` (with
``Figure.explain`` when the GM asks for the breakdown), countdowns from
``ruleset.status`` and the turn's actions from ``action_budget`` where the
ruleset has one. Any ruleset gets a full sheet without the TUI knowing it.

With the focus (Tab), its keys scroll it (``SHEET_KEYS`` in bindings.py: ↑/k ↓/j, Home, End;
Esc back to the list); Textual's own scrolling keys are not inherited, so PgUp/PgDn still
page the log, as from any pane.
"""

from __future__ import annotations

from gm_console.i18n import Term, render

from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static

from gm_console.engine.core.contract import status_of
from gm_console.engine.core.state import Combatant
from gm_console.engine.core.whose import possessive

from .. import lines, paint
from .. import present as p
from ..bindings import SHEET_KEYS, OwnKeys, bindings_for
from ..frame import Frame
from ..ui_text import life, side, tr
from ..safe import clean, visible
from ..guard import ask


class SheetPane(OwnKeys, VerticalScroll, inherit_bindings=False):
    DEFAULT_CSS = """
    SheetPane { height: 1fr; }
    SheetPane > Static { width: 1fr; }
    """
    KEYS = SHEET_KEYS
    BINDINGS = bindings_for(KEYS, "en")

    def compose(self):
        yield Static(id="sheet-body")

    frame: Frame | None = None
    _width = 0  # the width the shown text was made for

    def show(self, frame: Frame) -> None:
        self.frame = frame
        self.speak(frame.lang)
        self.border_title = tr(frame.lang, "sheet")
        if not self.size.width and self.display:  # not laid out yet: on_resize shows it at its width
            return
        width = self._width = max(20, self.scrollable_content_region.width - 1)
        paint.update(self.query_one("#sheet-body", Static), clean(sheet_text(frame, width)))

    # -- its keys, while it has the focus --------------------------------------------------
    def action_lines(self, step: int) -> None:
        self.scroll_relative(y=step, animate=False, immediate=True)

    def action_top(self) -> None:
        self.scroll_home(animate=False, immediate=True)

    def action_end(self) -> None:
        self.scroll_end(animate=False, immediate=True)

    def on_resize(self) -> None:
        """Bars are made to the pane's width: the first text waits for the pane to have one,
        and a new width makes it again at once, without waiting for the screen's redraw."""
        if self.frame is not None and max(20, self.scrollable_content_region.width - 1) != self._width:
            self.show(self.frame)


def _section(text: Text, title: str) -> None:
    text.append(f"\n{title}\n", style="bold underline")


def sheet_text(frame: Frame, width: int = 40) -> Text:
    lang, state = frame.lang, frame.state
    c = frame.selected_combatant
    if c is None:
        return Text(tr(lang, "nobody_selected"), style="italic")
    out = Text()
    s = c.side if c.side in p.SIDE_GLYPH else "foe"
    out.append(f"{p.SIDE_GLYPH[s]} {visible(c.name)}", style=p.SIDE_STYLE[s] + " bold")
    out.append(f"  {side(lang, c.side)}")
    if c.initiative is not None:
        out.append(" · " + tr(lang, "init_short", n=p.num(c.initiative)))
    out.append(" · ")
    out.append(life(lang, c.life), style=p.LIFE_STYLE.get(c.life, ""))
    if c.id == state.active:
        out.append(" ▶", style="bold green")
    if c.hidden:
        reveal = frame.spoken(lines.join("reveal", lines.ref(state, c)))
        out.append(f"\n{p.HIDDEN_GLYPH} " + tr(lang, "hidden_sheet", line=reveal), style=p.HIDDEN_STYLE)
    # most urgent first: what is about to happen, what applies now, then the numbers
    _pools(out, frame, c, width)
    _status(out, frame, c)
    _conditions(out, frame, c)
    _budget(out, frame, c)
    _figures(out, frame, c, width)
    _resources(out, frame, c, width)
    return out


def _pools(out: Text, frame: Frame, c: Combatant, width: int) -> None:
    keys = [k for k in p.health_pools(frame.ruleset) if k in c.pools]
    if not keys:
        return
    out.append("\n")
    each = max(14, (width - 2) // len(keys))
    for i, k in enumerate(keys):
        pool = c.pools[k]
        label = p.field_label(frame.ruleset, k, frame.lang, short=True)
        nums = p.pool_numbers(pool)
        bar_w = max(4, each - len(label) - len(nums) - 4)
        cell = Text(f"{label} ", style="bold")
        cell.append_text(p.bar(c, pool, bar_w))
        cell.append(f" {nums}", style=p.bar_style(c, pool))
        if i:
            out.append("  ")
        out.append_text(cell)


def _flow(out: Text, items: list[Text], width: int) -> None:
    """Items separated by " · ", wrapped between items only (never "fort" / "1")."""
    used = 0
    for i, item in enumerate(items):
        if i:
            if used + 3 + item.cell_len > width:
                out.append("\n")
                used = 0
            else:
                out.append(" · ", style="dim")
                used += 3
        out.append_text(item)
        used += item.cell_len
    out.append("\n")


def _figures(out: Text, frame: Frame, c: Combatant, width: int) -> None:
    figures = ask("figures", lambda: frame.ruleset.sheet.effective(frame.state, c), {})
    if not figures:
        return
    title = tr(frame.lang, "figures")
    if not frame.breakdown:
        title += f"  ({tr(frame.lang, 'breakdown_hint', key='b')})"
    _section(out, title)
    rs, lang = frame.ruleset, frame.lang
    if frame.breakdown:
        for name, fig in figures.items():
            style = "yellow" if fig.parts else ""
            out.append(fig.explain(p.label(rs, name, lang), lang) + "\n", style=style)
        return
    items = [Text(f"{p.label(rs, name, lang)} {p.num(fig.value)}", style="yellow" if fig.parts else "")
             for name, fig in figures.items()]
    _flow(out, items, width)


def _conditions(out: Text, frame: Frame, c: Combatant) -> None:
    rs, lang, state = frame.ruleset, frame.lang, frame.state
    _section(out, tr(lang, "conditions"))
    if not c.conditions:
        out.append(tr(lang, "no_conditions") + "\n", style="dim")
        return
    applying = {i.uid for i in rs.conditions.active(c)}
    for inst in c.conditions:
        d = rs.conditions.catalogue.define(inst.cond)
        style = p.badge_style(inst) if inst.uid in applying else "dim"
        name = d.name(lang)
        other = d.name("en" if lang == "es" else "es")
        out.append(f"• {name}", style=style)
        if inst.value is not None:
            out.append(f" {inst.value}", style=style)
        if other and other != name:
            out.append(f" ({other})", style="dim")
        if inst.rounds is None:
            out.append(f" — {until(c, inst, lang)}", style="dim")
        else:
            left = tr(lang, "one_round_left") if inst.rounds == 1 else tr(lang, "rounds_left", n=inst.rounds)
            out.append(f" — {left}", style="bold")
            if inst.clock and inst.clock != c.id:
                out.append(f", {tr(lang, 'clock_of', name=p.name_of(state, inst.clock))}", style="dim")
        out.append("\n")
        if frame.breakdown and d.summary(lang):
            out.append(f"    {d.summary(lang)}\n", style="dim italic")


def _resources(out: Text, frame: Frame, c: Combatant, width: int) -> None:
    rs, lang = frame.ruleset, frame.lang
    health = set(p.health_pools(rs))
    items: list[tuple[str, bool]] = []
    for key, pool in c.pools.items():
        if key in health:
            continue
        items.append((f"{p.field_label(rs, key, lang)} {p.pool_numbers(pool)}", p.is_gm_only(rs, key)))
    stats: list[tuple[str, bool]] = []
    for f in rs.sheet.block:
        if f.kind == "pool" or f.key not in c.stats or f.key == "pc":
            continue
        value = c.stats[f.key]
        if value is None or value == "" or value == ():
            continue
        stats.append((f"{f.label(lang)} {p.stat_value(value, f, lang)}", f.gm_only))
    for title, rows in ((tr(lang, "resources"), items), (tr(lang, "stats"), stats)):
        if not rows:
            continue
        _section(out, title)
        cells = []
        for text, gm in rows:
            cell = Text(text)
            if gm:
                cell.append(f" [{tr(lang, 'gm_only')}]", style="bold red")
            cells.append(cell)
        _flow(out, cells, width)


def _status(out: Text, frame: Frame, c: Combatant) -> None:
    lines = ask("status lines", lambda: [render(x, frame.lang)
                                         for x in status_of(frame.ruleset, frame.state, c, frame.lang)], [])
    if not lines:
        return
    _section(out, tr(frame.lang, "status"))
    for line in lines:
        glyph = p.STATUS_GLYPH if c.life != "ok" else "›"
        out.append(f"{glyph} {line}\n", style=p.LIFE_STYLE.get(c.life, "") if c.life != "ok" else "")


def _budget(out: Text, frame: Frame, c: Combatant) -> None:
    items = p.action_budget(frame.ruleset, frame.state, c)
    if not items:
        return
    _section(out, tr(frame.lang, "actions"))
    for i, item in enumerate(items):
        _, name, used = p.budget_item(item, frame.lang)
        if i:
            out.append("  ")
        out.append("☑ " if used else "☐ ", style="dim" if used else "bold green")
        out.append(name, style="dim strike" if used else "")
    out.append("\n")


def until(c, inst, lang: str) -> str:
    """When a condition without rounds ends, as the status line says it: a flat-footed mark
    at its owner's first turn (whose, as the reader says it: the note Pathfinder's and
    Starfinder's flat-footed carry in a save is the same thing), a ruleset's note where it
    left one, else when removed."""
    if inst.cond in p.EARLY_MARKS:
        return tr(lang, "until_first_turn", whose=possessive(c))
    if inst.note:
        return inst.note
    return tr(lang, "until_removed")
