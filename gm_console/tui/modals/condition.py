"""Adding and removing conditions: search over the catalogue in both languages.

The search matches English and Spanish names, ids and aliases, accent- and
case-blind ("aturd" finds stunned, "estremec" finds shaken); it ends as
``cond NAME <id>[:VALUE] [ROUNDS]``. Rulesets with free labels (generic) take
whatever was typed as a new label.

Whole words and their beginnings (names and aliases alike) always rank above
letters found scattered in a longer name, and a scattered-letters match is only
picked by Enter when it is the only one: ``enred`` must find *enredado* (an
alias of entangled) or nothing, never *ensordecido*. Enter with nothing typed
does nothing.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Input, OptionList
from textual.widgets.option_list import Option

from gm_console.engine.core.contract import ConditionDef, Ruleset, fold_text
from gm_console.engine.rules.effects import SAVE_WORDS
from gm_console.engine.core.errors import GMError
from gm_console.engine.core.state import Combatant

from .. import lines
from ..frame import Frame
from ..ui_text import render, tr
from ..safe import plain
from .base import FormError, FormModal
from .damage import names

FREE = "\x00free"
#: the ranks of a match, best first; FUZZY (letters in order, scattered) is never picked blindly
EXACT, PREFIX, WORD, INSIDE, FUZZY = range(5)


def _scattered(needle: str, hay: str) -> int | None:
    """How spread out ``needle``'s letters are in ``hay`` (None: not all there, in order)."""
    start = None
    pos = -1
    for ch in needle:
        pos = hay.find(ch, pos + 1)
        if pos < 0:
            return None
        if start is None:
            start = pos
    return pos - (start or 0) + 1


def rank(d: ConditionDef, key: str, lang: str) -> tuple[int, int] | None:
    """(rank, spread) of the best way ``key`` matches this entry, or None."""
    best: tuple[int, int] | None = None
    for name in (d.name(lang), d.en, d.es, d.id, *d.aliases):
        n = fold_text(name)
        if not n:
            continue
        if n == key:
            found = (EXACT, 0)
        elif n.startswith(key):
            found = (PREFIX, len(n))
        elif any(w.startswith(key) for w in n.replace("-", " ").split()):
            found = (WORD, len(n))
        elif key in n:
            found = (INSIDE, len(n))
        else:
            squeezed = key.replace(" ", "")
            spread = _scattered(squeezed, n.replace(" ", ""))
            # letters far apart are a coincidence, not a typo ("enred" in "ensordecido")
            if spread is None or spread > len(squeezed) + 3:
                continue
            found = (FUZZY, spread)
        if best is None or found < best:
            best = found
    return best


def search(ruleset: Ruleset, text: str, lang: str = "en", limit: int = 40,
           seen: tuple[str, ...] = ()) -> list[ConditionDef]:
    """Catalogue entries ranked: exact, prefix, word prefix, substring, then letters in order.

    ``seen``: labels already used in this encounter, offered too when the ruleset
    takes free labels (generic), so "prone" is one Enter away the second time.
    """
    return [d for d, _ in ranked(ruleset, text, lang, limit, seen)]


def ranked(ruleset: Ruleset, text: str, lang: str = "en", limit: int = 40,
           seen: tuple[str, ...] = ()) -> list[tuple[ConditionDef, int]]:
    key = fold_text(text)
    defs = [d for d in ruleset.conditions.catalogue if not d.system] + [d for d in ruleset.conditions.catalogue if d.system]
    if ruleset.conditions.catalogue.free_labels:
        defs += [ruleset.conditions.catalogue.define(cid) for cid in seen if ruleset.conditions.catalogue.get(cid) is None]
    if not key:
        return [(d, EXACT) for d in sorted(defs, key=lambda d: fold_text(d.name(lang)))[:limit]]
    scored = []
    for d in defs:
        found = rank(d, key, lang)
        if found is not None:
            scored.append((found, fold_text(d.name(lang)), d))
    scored.sort(key=lambda t: (t[0], t[1]))
    return [(d, r[0]) for r, _, d in scored[:limit]]


def _labels_used(frame: Frame) -> tuple[str, ...]:
    from gm_console.engine.core import events as ev

    out: dict[str, None] = {}
    for entry in frame.history:
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
    """
    FIRST = "#search"

    def __init__(self, frame: Frame, targets: "Combatant | list[Combatant]") -> None:
        targets = targets if isinstance(targets, list) else [targets]
        super().__init__(frame.lang, tr(frame.lang, "condition_title", name=names(targets)))
        self.frame = frame
        self.targets = targets
        self.matches: list[ConditionDef] = []
        self.strength: list[int] = []
        self.searched: str | None = None
        self.seen = _labels_used(frame)

    @property
    def target(self) -> Combatant:
        return self.targets[0]

    def fields(self) -> ComposeResult:
        yield self.input("search", placeholder=tr(self.lang, "search"))
        results = OptionList(id="results")
        results.can_focus = False  # ↑/↓ in the search move it; Tab goes on to ROUNDS
        yield results
        yield self.label("rounds_opt")
        yield self.input("rounds", type="integer")
        yield self.label("value_opt")
        yield self.input("value", type="integer")
        yield self.label("save_opt")
        yield self.input("save", placeholder=tr(self.lang, "save_example", example=self._example()))

    def on_mount(self) -> None:
        super().on_mount()
        self._refresh("")

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "search":
            self._refresh(event.value)

    def _refresh(self, text: str) -> None:
        rs, lang = self.frame.ruleset, self.lang
        found = ranked(rs, text, lang, seen=self.seen)
        self.matches = [d for d, _ in found]
        self.strength = [r for _, r in found]
        self.searched = text
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
        if text.strip() and rs.conditions.catalogue.free_labels and not any(
                fold_text(text) in (fold_text(d.en), fold_text(d.es), d.id) for d in self.matches):
            options.append(Option(plain(tr(lang, "free_label", text=text.strip())), id=FREE))  # known ones first
        if not options and text.strip():
            options.append(Option(plain(tr(lang, "no_match", text=text.strip())), disabled=True))
        results.add_options(options)
        results.highlighted = self._pick(text, options)

    def _pick(self, text: str, options: list[Option]) -> int | None:
        """What Enter takes: nothing while the search is empty; a scattered-letters match
        only when it is the only candidate."""
        if not text.strip() or not options or options[0].disabled:
            return None
        if self.strength and self.strength[0] == FUZZY:
            fuzzy = sum(1 for s in self.strength if s == FUZZY)
            if fuzzy > 1 or any(o.id == FREE for o in options):
                return None
        return 0

    def action_move(self, step: int) -> None:
        results = self.query_one("#results", OptionList)
        if results.option_count:
            current = results.highlighted
            current = (-1 if step > 0 else results.option_count) if current is None else current
            results.highlighted = max(0, min(results.option_count - 1, current + step))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.submit()

    def build(self) -> str:
        text = self.value("search")
        if self.searched != self.query_one("#search", Input).value:
            self._refresh(self.query_one("#search", Input).value)  # typed faster than the list redrew
        if not text:
            raise FormError("")  # Enter on an empty search: nothing to add, nothing to say
        results = self.query_one("#results", OptionList)
        if results.highlighted is None or not results.option_count or \
                results.get_option_at_index(results.highlighted).disabled:
            key = "pick_one" if results.option_count and not results.get_option_at_index(0).disabled \
                else "no_match"
            raise FormError(tr(self.lang, key, text=text))
        option = results.get_option_at_index(results.highlighted)
        cond = lines.quote(text) if option.id == FREE else typed(self.frame.ruleset, option.id, self.lang)
        value = self.value("value")
        if value:
            if not value.isdigit():
                raise FormError(tr(self.lang, "bad_value"), "value")
            cond = f"{cond}:{int(value)}"
        rounds = self.value("rounds")
        if rounds and (not rounds.isdigit() or int(rounds) < 1):
            raise FormError(tr(self.lang, "bad_rounds"), "rounds")
        return lines.join("cond", lines.refs(self.frame.state, self.targets), cond, rounds, self._save())

    def _example(self) -> str:
        """A save of this game as the GM types it in their language (``wis``, ``voluntad``)."""
        return render(self.frame.ruleset.checks.save_example(), self.lang)

    def _save(self) -> str:
        """The SAVE field as ``save=will:15`` (typed with or without ``save=``, in either language);
        what it holds is the engine's to judge, with the line that says what it takes."""
        typed = self.value("save").replace(" ", "")
        if not typed:
            return ""
        head, sep, rest = typed.partition("=")
        if sep and fold_text(head + sep) in {fold_text(w) for w in SAVE_WORDS}:
            typed = rest
        if not typed or "=" in typed or '"' in typed:
            raise FormError(tr(self.lang, "bad_save", example=self._example()), "save")
        return f"save={typed}"


class UnconditionModal(FormModal[str]):
    DEFAULT_CSS = """
    UnconditionModal #current { height: auto; max-height: 10; }
    """
    FIRST = "#current"

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
            seen.append(Option(plain(rs.conditions.catalogue.define(inst.cond).name(self.lang)), id=inst.cond))
        yield OptionList(*seen, id="current")

    def on_mount(self) -> None:
        super().on_mount()
        self.highlight_first("#current")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.submit()

    def build(self) -> str:
        current = self.query_one("#current", OptionList)
        if current.highlighted is None:
            raise FormError(tr(self.lang, "no_conditions_to_remove", name=self.target.name))
        cond = current.get_option_at_index(current.highlighted).id
        return lines.join("uncond", lines.ref(self.frame.state, self.target),
                          typed(self.frame.ruleset, cond, self.lang, quoted=True))


def typed(ruleset: Ruleset, cid: str, lang: str, quoted: bool = False) -> str:
    """A condition in the line a form writes, as the GM's table types it: its name in the GM's
    language when that is one word that leads back to it (``estado Kyra estremecido``, not
    ``shaken`` at a Spanish table), else its id (one word always; ``quoted``: as ``lines.quote``
    gives it)."""
    catalogue = ruleset.conditions.catalogue
    definition = catalogue.get(cid)
    if definition is not None and lang != "en":
        word = str(definition.name(lang)).lower()
        if word.isalpha():
            try:
                if catalogue.lookup(word).id == cid:
                    return word
            except GMError:
                pass
    return lines.quote(cid) if quoted else cid
