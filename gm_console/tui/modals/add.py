"""Adding combatants: a form built from the ruleset's stat block, several at once.

Every StatField becomes an input of its kind (a checkbox for bool, a choice
list for choice, text for the rest, with its doc as placeholder); empty fields
are left out so the ruleset's defaults apply. The result is one ``add`` line:
``add Goblin x3 hp=7 init=1``.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Grid, Vertical
from textual.widgets import Checkbox, Input, Label, Select

from gm_console.engine.contract import RulesError, StatField

from .. import lines
from ..frame import Frame
from ..i18n import side, tr
from ..widgets.bestiary_search import BestiarySearch
from .base import FormError, FormModal


def _placeholder(f: StatField) -> str:
    if f.kind == "pool":
        return "7 or 3/7 (now/max)"
    if f.doc and not f.doc.startswith(f"{f.key}="):
        return f.doc
    if f.default is not None and not isinstance(f.default, bool):
        return str(f.default)
    return ""


def _finds(bestiary, name: str, creature) -> bool:
    try:
        return bestiary.find(name) is creature
    except RulesError:
        return False


class AddCombatantModal(FormModal[str]):
    DEFAULT_CSS = """
    AddCombatantModal > #dialog { width: 76; }
    AddCombatantModal #form { grid-size: 2; grid-gutter: 0 2; height: auto; }
    AddCombatantModal .field { height: auto; }
    """

    def __init__(self, frame: Frame) -> None:
        super().__init__(frame.lang, tr(frame.lang, "add_title", ruleset=frame.ruleset.name))
        self.frame = frame

    def stat_fields(self) -> list[StatField]:
        # `pc` is the side selector's job; the rest is the ruleset's stat block as it is
        return [f for f in self.frame.ruleset.stat_block() if f.key != "pc"]

    @property
    def bestiary(self):
        return getattr(self.frame.session, "bestiary", None) or {}

    def fields(self) -> ComposeResult:
        lang = self.lang
        if self.bestiary:  # the game's creatures and the GM's: search, preview, the stats below override
            yield BestiarySearch(self.bestiary, self.frame.ruleset, lang)
        with Grid(id="form"):  # two columns: a long stat block still fits 80x24 with little scrolling
            with Vertical(classes="field"):
                yield self.label("name")
                yield Input(id="name", placeholder="Goblin")
            with Vertical(classes="field"):
                yield self.label("count")
                yield Input(id="count", value="1", type="integer")
            with Vertical(classes="field"):
                yield self.label("side")
                yield Select([(side(lang, s), s) for s in ("foe", "ally", "pc")], value="foe",
                             allow_blank=False, id="side")
            cats = self.frame.ruleset.sheet.categories()
            if cats:
                with Vertical(classes="field"):
                    yield self.label("category")
                    yield Select([("-", "")] + [(c, c) for c in cats], value="", allow_blank=False,
                                 id="category")
            for f in self.stat_fields():
                with Vertical(classes="field"):
                    if f.kind == "bool":
                        yield Label(" ", classes="field-label")
                        yield Checkbox(f.label(lang) + (" [GM]" if f.gm_only else ""), value=bool(f.default),
                                       id=f"f-{f.key}")
                    elif f.kind == "choice" and f.choices:
                        yield self.label_text(f)
                        yield Select([("-", "")] + [(c, c) for c in f.choices], value="", allow_blank=False,
                                     id=f"f-{f.key}")
                    else:
                        yield self.label_text(f)
                        yield Input(id=f"f-{f.key}", placeholder=_placeholder(f))

    def label_text(self, f: StatField) -> Label:
        text = f"{f.label(self.lang)} ({f.key})" + (" [GM]" if f.gm_only else "")
        return Label(text, classes="field-label")

    def on_mount(self) -> None:
        self.query_one("#creature-search" if self.bestiary else "#name", Input).focus()

    def build(self) -> str:
        name = self.value("name")
        search = self.query(BestiarySearch)
        creature = search.first().chosen if search else None
        if (not name and creature is None) or "=" in name:
            raise FormError(tr(self.lang, "need_name"))
        count_text = self.value("count") or "1"
        if not count_text.isdigit() or not 1 <= int(count_text) <= 100:
            raise FormError(tr(self.lang, "bad_count"))
        count = int(count_text)
        parts = ["add", lines.quote(name) if name else ""]
        if creature is not None:  # by its name in the GM's language, which names the new combatants
            spoken = creature.name(self.lang)
            parts.append(lines.quote(f"@{spoken}") if self.bestiary.get(creature.id) is creature
                         and _finds(self.bestiary, spoken, creature) else f"@{creature.id}")
        if count > 1:
            parts.append(f"x{count}")
        if creature is not None and search.first().roll:
            parts.append("roll")
        who = self.query_one("#side", Select).value
        if who in ("pc", "ally"):
            parts.append(who)
        if self.frame.ruleset.sheet.categories():
            cat = self.query_one("#category", Select).value
            if cat:
                parts.append(lines.quote(cat))
        for f in self.stat_fields():
            if f.kind == "bool":
                checked = self.query_one(f"#f-{f.key}", Checkbox).value
                if checked != bool(f.default):
                    parts.append(f"{f.key}={'true' if checked else 'false'}")
            elif f.kind == "choice" and f.choices:
                choice = self.query_one(f"#f-{f.key}", Select).value
                if choice:
                    parts.append(lines.field(f.key, str(choice)))
            else:
                raw = self.value(f"f-{f.key}")
                if raw:
                    parts.append(lines.field(f.key, raw))
        return lines.join(*parts)
