"""The add modal's bestiary: search a creature by name (English or Spanish), see its stat block.

Typing filters the list (``tras`` finds the goblin by its Spanish name); the first match is
picked at once, so ``a``, ``gob``, Enter adds a goblin. ↑/↓ in the search box move through
the matches, Ctrl+R rolls their HP (or not), Tab goes on to the form below, whose values
override the creature's; the preview shows the picked one. The widget only says which
creature is picked (``chosen``) and whether its HP are rolled; the modal writes the line.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Checkbox, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from gm_console.engine.core.bestiary import Bestiary, Creature, preview
from gm_console.i18n import _, render

from ..safe import plain


class CreatureSearch(Input):
    """The search box; ↑/↓ move the highlight in the list below without leaving the box."""

    BINDINGS = [Binding("down", "move(1)", show=False), Binding("up", "move(-1)", show=False),
                Binding("ctrl+r", "roll", show=False)]

    @property
    def search(self) -> "BestiarySearch":
        return next(a for a in self.ancestors if isinstance(a, BestiarySearch))

    def action_move(self, step: int) -> None:
        self.search.move(step)

    def action_roll(self) -> None:
        box = self.search.query_one("#creature-roll", Checkbox)
        box.value = not box.value


class BestiarySearch(Vertical):
    class Picked(Message):
        """Another creature (or none) is picked: the form's line would add something else."""

    DEFAULT_CSS = """
    BestiarySearch { height: auto; margin-bottom: 1; }
    BestiarySearch #creature-row { height: auto; }
    BestiarySearch #creature-search { width: 1fr; }
    BestiarySearch #creature-roll { width: auto; margin-left: 1; }
    BestiarySearch #creature-list { height: auto; max-height: 5; border: none; padding: 0; }
    BestiarySearch #creature-preview { height: auto; max-height: 6; color: $text-muted; }
    """

    def __init__(self, bestiary: Bestiary, ruleset, lang: str = "en") -> None:
        super().__init__(id="bestiary")
        self.bestiary = bestiary
        self.ruleset = ruleset
        self.lang = lang
        self.matches: list[Creature] = []
        self.chosen: Creature | None = None

    def compose(self) -> ComposeResult:
        yield Label(plain(render(_("From the bestiary: search in English or Spanish ({n} creatures)",
                                   n=len(self.bestiary)), self.lang)), classes="field-label")
        with Horizontal(id="creature-row"):
            yield CreatureSearch(id="creature-search", compact=True,
                                 placeholder=render(_("goblin, trasgo... (empty: none)"), self.lang))
            roll = Checkbox(render(_("roll HP (Ctrl+R)"), self.lang), id="creature-roll", compact=True)
            roll.can_focus = False  # Tab goes from the search straight to the form
            yield roll
        matches = OptionList(id="creature-list")
        matches.can_focus = False  # ↑/↓ in the search box move through it
        yield matches
        yield Static("", id="creature-preview")

    def on_mount(self) -> None:
        self.query_one("#creature-list", OptionList).display = False

    @property
    def roll(self) -> bool:
        return self.query_one("#creature-roll", Checkbox).value

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id != "creature-search":
            return
        event.stop()
        text = event.value.strip()
        self.matches = self.bestiary.search(text, limit=30) if text else []
        widget = self.query_one("#creature-list", OptionList)
        widget.clear_options()
        widget.add_options([Option(plain(self._label(c)), id=c.id) for c in self.matches])
        widget.display = bool(self.matches)
        self.pick(0 if self.matches else None)

    def _label(self, c: Creature) -> str:
        other = c.es if self.lang != "es" else c.en
        rank = f" · {render(_('CR {cr}', cr=c.cr), self.lang)}" if c.cr else (f" · {c.threat}" if c.threat else "")
        return c.name(self.lang) + (f" ({other})" if other and other != c.name(self.lang) else "") + rank

    def move(self, step: int) -> None:
        if not self.matches:
            return
        now = self.matches.index(self.chosen) if self.chosen in self.matches else -1
        self.pick(max(0, min(len(self.matches) - 1, now + step)))

    def pick(self, index: int | None) -> None:
        widget = self.query_one("#creature-list", OptionList)
        self.chosen = self.matches[index] if index is not None else None
        if index is not None:
            widget.highlighted = index
        text = "\n".join(preview(self.chosen, self.ruleset, self.lang)) if self.chosen else ""
        self.query_one("#creature-preview", Static).update(plain(text))
        self.post_message(self.Picked())

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        if event.option_index is not None and event.option_index < len(self.matches):
            if self.chosen is not self.matches[event.option_index]:
                self.pick(event.option_index)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.pick(event.option_index)
        self.screen.submit()  # type: ignore[attr-defined]
