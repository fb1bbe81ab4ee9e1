"""Adding combatants: a form built from the ruleset's stat block, several at once.

Every StatField becomes a row of one ``FieldGrid`` (a yes/no for bool, a choice
for choice, text for the rest, its doc on the help line), so even a 36-key
stat block opens in one frame; empty fields are left out so the ruleset's
defaults apply. The result is one ``add`` line: ``add Goblin x3 hp=7 init=1``,
with ``group`` when several share one initiative roll. A value the engine
refuses (``hp=3O``) comes back on the error line with the field marked; the
form keeps everything typed.
"""

from __future__ import annotations

from typing import Callable

from textual.app import ComposeResult
from textual.widgets import Static

from gm_console.engine.core.contract import Difficulty, RulesError, StatField

from .. import lines
from .. import present as p
from ..frame import Frame
from ..ui_text import side, tr
from ..safe import plain
from ..widgets.bestiary_search import BestiarySearch
from .base import FormError, FormModal
from .fields import FieldGrid, GridField

SIDES = ("foe", "ally", "pc")


def _help(f: StatField, lang: str) -> str:
    label = f.label(lang)
    if f.kind == "pool":
        return tr(lang, "pool_help", label=label, key=f.key)
    if f.doc and not f.doc.startswith(f"{f.key}="):
        return f"{label} ({f.key}): {f.doc}"
    if f.default is not None and not isinstance(f.default, bool):
        return tr(lang, "default_help", label=label, key=f.key, value=f.default)
    return f"{label} ({f.key})"


def _finds(bestiary, name: str, creature) -> bool:
    try:
        return bestiary.find(name) is creature
    except RulesError:
        return False


class AddCombatantModal(FormModal[str]):
    DEFAULT_CSS = """
    AddCombatantModal > #dialog { width: 84; }
    AddCombatantModal #difficulty { color: $accent; dock: top; height: auto; background: $surface; }
    """
    FIRST = "#form"
    PARAMS = {"name": "name", "count": "count"}

    def __init__(self, frame: Frame, difficulty: "Callable[[str | None], Difficulty | None] | None" = None) -> None:
        super().__init__(frame.lang, tr(frame.lang, "add_title", ruleset=frame.ruleset.name))
        self.frame = frame
        #: the encounter's difficulty, as it would be after a line (the Controller's): the line
        #: at the top follows the creature being typed
        self.difficulty = difficulty
        if self.bestiary:
            self.FIRST = "#creature-search"

    @property
    def bestiary(self):
        return self.frame.bestiary

    def stat_fields(self) -> list[StatField]:
        # `pc` is the side selector's job; the rest is the ruleset's stat block as it is
        return [f for f in self.frame.ruleset.sheet.block if f.key != "pc"]

    def grid_fields(self) -> list[GridField]:
        lang, rs = self.lang, self.frame.ruleset
        out = [
            GridField("name", tr(lang, "name"), help=tr(lang, "name_help"), style="bold"),
            GridField("count", tr(lang, "count"), kind="number", help=tr(lang, "count_help")),
            GridField("side", tr(lang, "side"), "foe", kind="choice",
                      choices=tuple((s, side(lang, s)) for s in SIDES), help=tr(lang, "side_help")),
            GridField("group", tr(lang, "group_field"), "false", kind="bool", help=tr(lang, "group_help")),
        ]
        cats = rs.sheet.categories()
        if cats:
            out.append(GridField("category", tr(lang, "category"), "", kind="choice",
                                 choices=(("", "-"),) + tuple((c, c) for c in cats), help=tr(lang, "category")))
        for f in self.stat_fields():
            label = p.field_label(rs, f.key, lang, short=True)
            if f.gm_only:
                label += " [GM]"
            if f.kind == "bool":
                out.append(GridField(f"f-{f.key}", label, "true" if f.default else "false", kind="bool",
                                     help=_help(f, lang), extra={"field": f}))
            elif f.kind == "choice" and f.choices:
                out.append(GridField(f"f-{f.key}", label, "", kind="choice",
                                     choices=(("", "-"),) + tuple((c, p.stat_value(c, f, lang)) for c in f.choices),
                                     help=_help(f, lang), extra={"field": f}))
            else:
                kind = "number" if f.kind in ("int", "pool", "counter") else "text"
                out.append(GridField(f"f-{f.key}", label, kind=kind, help=_help(f, lang), extra={"field": f}))
        return out

    def fields(self) -> ComposeResult:
        found = self.difficulty(None) if self.difficulty is not None else None
        line = Static(plain(p.difficulty_text(found, self.lang)), id="difficulty")
        line.display = found is not None
        yield line
        if self.bestiary:  # the game's creatures and the GM's: search, preview; the grid's stats override
            yield BestiarySearch(self.bestiary, self.frame.ruleset, self.lang)
        yield FieldGrid(self.grid_fields(), columns=2, label_width=14, value_width=14, id="form")
        yield Static("", id="help")

    def on_mount(self) -> None:
        super().on_mount()
        self._show_help(self.query_one("#form", FieldGrid))

    def on_field_grid_moved(self, event: FieldGrid.Moved) -> None:
        self._show_help(event.grid)

    def on_field_grid_changed(self, event: FieldGrid.Changed) -> None:
        self.show_difficulty()

    def on_bestiary_search_picked(self, event: BestiarySearch.Picked) -> None:
        event.stop()
        self.show_difficulty()

    def show_difficulty(self) -> None:
        """The difficulty line with what the form would add (nothing yet, while it would be
        refused: the encounter as it is)."""
        if self.difficulty is None:
            return
        try:
            line = self.build()
        except FormError:
            line = None
        found = self.difficulty(line)
        widget = self.query_one("#difficulty", Static)
        widget.display = found is not None
        widget.update(plain(p.difficulty_text(found, self.lang)))

    def _show_help(self, grid: FieldGrid) -> None:
        f = grid.current
        self.query_one("#help", Static).update(plain(f.help if f else ""))

    def build(self) -> str:
        grid = self.query_one("#form", FieldGrid)
        name = grid.value("name")
        search = self.query(BestiarySearch)
        creature = search.first().chosen if search else None
        if not name and creature is None:  # a name holding `=` is quoted (lines.quote), not refused
            raise FormError(tr(self.lang, "need_name"), "name")
        count_text = grid.value("count") or "1"
        if not count_text.isdigit() or not 1 <= int(count_text) <= 100:
            raise FormError(tr(self.lang, "bad_count"), "count")
        count = int(count_text)
        parts = ["add", lines.quote(name) if name else ""]
        if creature is not None:  # by its name in the GM's language, which names the new combatants
            spoken = creature.name(self.lang)
            parts.append(lines.quote(f"@{spoken}") if _finds(self.bestiary, spoken, creature) else f"@{creature.id}")
        if count > 1:
            parts.append(f"x{count}")
        if creature is not None and search.first().roll:
            parts.append("roll")
        who = grid.value("side")
        if who in ("pc", "ally"):
            parts.append(who)
        if grid.value("group") == "true":
            parts.append("group")
        if self.frame.ruleset.sheet.categories():
            cat = grid.value("category")
            if cat:
                parts.append(lines.quote(cat))
        for gf in grid.fields:
            f = gf.extra.get("field")
            if f is None:
                continue
            raw = gf.value.strip()
            if f.kind == "bool":
                if (raw == "true") != bool(f.default):
                    parts.append(f"{f.key}={raw}")
            elif raw:
                parts.append(lines.field(f.key, raw))
        return lines.join(*parts)
