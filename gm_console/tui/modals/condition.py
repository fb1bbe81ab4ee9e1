"""Adding and removing conditions: fuzzy search over the catalogue in both languages.

The search matches English and Spanish names, ids and aliases, accent- and
case-blind ("aturd" finds stunned, "estremec" finds shaken); it ends as
``cond NAME <id>[:VALUE] [ROUNDS]``. Rulesets with free labels (generic) take
whatever was typed as a new label.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Input, OptionList
from textual.widgets.option_list import Option

from gm_console.engine.contract import ConditionDef, Ruleset, fold_text
from gm_console.engine.state import Combatant

from .. import lines
from ..frame import Frame
from ..i18n import tr
from ..safe import plain
from .base import FormError, FormModal

FREE = "\x00free"


def _subsequence(needle: str, hay: str) -> bool:
    it = iter(hay)
    return all(ch in it for ch in needle)


def search(ruleset: Ruleset, text: str, lang: str = "en", limit: int = 40,
           seen: tuple[str, ...] = ()) -> list[ConditionDef]:
    """Catalogue entries ranked: exact, prefix, word prefix, substring, then letters in order.

    ``seen``: labels already used in this encounter, offered too when the ruleset
    takes free labels (generic), so "prone" is one Enter away the second time.
    """
    key = fold_text(text)
    defs = [d for d in ruleset.catalogue if not d.system] + [d for d in ruleset.catalogue if d.system]
    if ruleset.catalogue.free_labels:
        defs += [ruleset.catalogue.define(cid) for cid in seen if ruleset.catalogue.get(cid) is None]
    if not key:
        return sorted(defs, key=lambda d: fold_text(d.name(lang)))[:limit]
    scored = []
    for d in defs:
        best = None
        for name in (d.name(lang), d.en, d.es, d.id, *d.aliases):
            n = fold_text(name)
            if not n:
                continue
            if n == key:
                score = 0
            elif n.startswith(key):
                score = 1
            elif any(w.startswith(key) for w in n.split()):
                score = 2
            elif key in n:
                score = 3
            elif _subsequence(key.replace(" ", ""), n.replace(" ", "")):
                score = 4
            else:
                continue
            best = score if best is None else min(best, score)
        if best is not None:
            scored.append((best, fold_text(d.name(lang)), d))
    scored.sort(key=lambda t: (t[0], t[1]))
    return [d for _, _, d in scored[:limit]]


def _labels_used(frame: Frame) -> tuple[str, ...]:
    from gm_console.engine import events as ev

    out: dict[str, None] = {}
    for entry in frame.session.done:
        for e in entry.events:
            if isinstance(e, ev.ConditionAdded):
                out[e.cond] = None
    return tuple(out)


class ConditionModal(FormModal[str]):
    BINDINGS = [
        Binding("down", "move(1)", show=False),
        Binding("up", "move(-1)", show=False),
    ]
    DEFAULT_CSS = """
    ConditionModal #results { height: 7; border: none; background: $boost; margin-bottom: 1; }
    ConditionModal #row { height: auto; }
    """

    def __init__(self, frame: Frame, target: Combatant) -> None:
        super().__init__(frame.lang, tr(frame.lang, "condition_title", name=target.name))
        self.frame = frame
        self.target = target
        self.matches: list[ConditionDef] = []
        self.seen = _labels_used(frame)

    def fields(self) -> ComposeResult:
        yield Input(id="search", placeholder=tr(self.lang, "search"))
        results = OptionList(id="results")
        results.can_focus = False  # ↑/↓ in the search move it; Tab goes on to ROUNDS
        yield results
        yield self.label("rounds_opt")
        yield Input(id="rounds", placeholder="3")
        yield self.label("value_opt")
        yield Input(id="value", placeholder="")

    def on_mount(self) -> None:
        self._refresh("")
        self.query_one("#search", Input).focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "search":
            self._refresh(event.value)

    def _refresh(self, text: str) -> None:
        rs, lang = self.frame.ruleset, self.lang
        self.matches = search(rs, text, lang, seen=self.seen)
        results = self.query_one("#results", OptionList)
        results.clear_options()
        options = []
        for d in self.matches:
            other = d.name("en" if lang == "es" else "es")
            label = d.name(lang) + (f" · {other}" if other and other != d.name(lang) else "")
            summary = d.summary(lang)
            if summary:
                label += f" — {summary}"
            options.append(Option(plain(label[:200]), id=d.id))
        if text.strip() and rs.catalogue.free_labels and not any(
                fold_text(text) in (fold_text(d.en), fold_text(d.es), d.id) for d in self.matches):
            options.append(Option(plain(tr(lang, "free_label", text=text.strip())), id=FREE))  # known ones first
        if not options and text.strip():
            options.append(Option(plain(tr(lang, "no_match", text=text.strip())), disabled=True))
        results.add_options(options)
        if options and not options[0].disabled:
            results.highlighted = 0

    def action_move(self, step: int) -> None:
        results = self.query_one("#results", OptionList)
        if results.option_count:
            current = results.highlighted or 0
            results.highlighted = max(0, min(results.option_count - 1, current + step))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.submit()

    def build(self) -> str:
        results = self.query_one("#results", OptionList)
        text = self.value("search")
        if results.highlighted is None or not results.option_count or \
                results.get_option_at_index(results.highlighted).disabled:
            raise FormError(tr(self.lang, "no_match", text=text))
        option = results.get_option_at_index(results.highlighted)
        cond = lines.quote(text) if option.id == FREE else option.id
        value = self.value("value")
        if value:
            if not value.isdigit():
                raise FormError(tr(self.lang, "bad_value"))
            cond = f"{cond}:{int(value)}"
        rounds = self.value("rounds")
        if rounds and (not rounds.isdigit() or int(rounds) < 1):
            raise FormError(tr(self.lang, "bad_rounds"))
        return lines.join("cond", lines.ref(self.frame.state, self.target), cond, rounds)


class UnconditionModal(FormModal[str]):
    DEFAULT_CSS = """
    UnconditionModal #current { height: auto; max-height: 10; }
    """

    def __init__(self, frame: Frame, target: Combatant) -> None:
        super().__init__(frame.lang, tr(frame.lang, "uncond_title", name=target.name))
        self.frame = frame
        self.target = target

    def fields(self) -> ComposeResult:
        rs = self.frame.ruleset
        seen: list[Option] = []
        ids: set[str] = set()
        for inst in self.target.conditions:
            if inst.cond in ids:
                continue
            ids.add(inst.cond)
            seen.append(Option(plain(rs.catalogue.define(inst.cond).name(self.lang)), id=inst.cond))
        yield OptionList(*seen, id="current")

    def on_mount(self) -> None:
        current = self.query_one("#current", OptionList)
        current.focus()
        if current.option_count:
            current.highlighted = 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.submit()

    def build(self) -> str:
        current = self.query_one("#current", OptionList)
        if current.highlighted is None:
            raise FormError(tr(self.lang, "no_conditions_to_remove", name=self.target.name))
        cond = current.get_option_at_index(current.highlighted).id
        return lines.join("uncond", lines.ref(self.frame.state, self.target), lines.quote(cond))
