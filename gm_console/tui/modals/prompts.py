"""Small modals: a die result in ask mode, a line of text, a choice, a yes/no, a spend."""

from __future__ import annotations

from typing import Callable, Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Input, Label, OptionList, Select
from textual.widgets.option_list import Option

from gm_console.engine.state import Combatant

from .. import lines
from ..frame import Frame
from ..i18n import tr
from ..safe import plain
from .base import FormError, FormModal


class DicePrompt(FormModal[int]):
    """Ask mode: the GM rolled a physical die; this takes its natural result."""

    def __init__(self, sides: int, purpose: str, lang: str = "en") -> None:
        super().__init__(lang, tr(lang, "dice_title", sides=sides))
        self.sides = sides
        self.purpose = purpose

    def fields(self) -> ComposeResult:
        if self.purpose:
            yield Label(plain(tr(self.lang, "dice_for", purpose=self.purpose)))
        yield self.label("dice_value", sides=self.sides)
        yield Input(id="die", type="integer", placeholder=f"1-{self.sides}")

    def on_mount(self) -> None:
        self.query_one("#die", Input).focus()

    def build(self) -> int:
        text = self.value("die")
        if not text.isdigit() or not 1 <= int(text) <= self.sides:
            raise FormError(tr(self.lang, "bad_die", sides=self.sides))
        return int(text)


class TextPrompt(FormModal[str]):
    """One line of text; ``check`` turns it into the result or raises FormError."""

    def __init__(self, lang: str, title: str, label: str, check: Callable[[str], str],
                 placeholder: str = "") -> None:
        super().__init__(lang, title)
        self.label_text = label
        self.check = check
        self.placeholder = placeholder

    def fields(self) -> ComposeResult:
        yield Label(plain(self.label_text), classes="field-label")
        yield Input(id="text", placeholder=self.placeholder)

    def on_mount(self) -> None:
        self.query_one("#text", Input).focus()

    def build(self) -> str:
        return self.check(self.value("text"))


class ChooseModal(FormModal[str]):
    """Pick one of a few (who resumes, whose readied action goes off)."""

    DEFAULT_CSS = """
    ChooseModal #choices { height: auto; max-height: 12; }
    """

    def __init__(self, lang: str, title: str, options: Sequence[tuple[str, str]]) -> None:
        super().__init__(lang, title)
        self.options = list(options)

    def fields(self) -> ComposeResult:
        yield OptionList(*[Option(plain(label), id=key) for key, label in self.options], id="choices")

    def on_mount(self) -> None:
        choices = self.query_one("#choices", OptionList)
        choices.focus()
        if choices.option_count:
            choices.highlighted = 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.submit()

    def build(self) -> str:
        choices = self.query_one("#choices", OptionList)
        if choices.highlighted is None:
            raise FormError("-")
        return str(choices.get_option_at_index(choices.highlighted).id)


class ConfirmModal(FormModal[bool]):
    BINDINGS = [Binding("y,s", "yes", show=False), Binding("n", "no", show=False)]

    def __init__(self, lang: str, text: str) -> None:
        super().__init__(lang, text)

    def on_mount(self) -> None:
        self.query_one("#ok").focus()

    def build(self) -> bool:
        return True

    def action_yes(self) -> None:
        self.dismiss(True)

    def action_no(self) -> None:
        self.dismiss(False)


class SpendModal(FormModal[str]):
    def __init__(self, frame: Frame, target: Combatant) -> None:
        super().__init__(frame.lang, tr(frame.lang, "spend_title", name=target.name))
        self.frame = frame
        self.target = target

    def fields(self) -> ComposeResult:
        rs = self.frame.ruleset
        options = []
        for key, pool in self.target.pools.items():
            f = rs.fields.get(key)
            label = (f.label(self.lang) if f else key) + f" ({lines.quote(key)}: {pool.value})"
            options.append((plain(label), key))
        yield self.label("resource")
        yield Select(options, allow_blank=False, id="resource")
        yield self.label("spend_amount")
        yield Input(id="amount", type="integer", placeholder="1")

    def on_mount(self) -> None:
        self.query_one("#amount", Input).focus()

    def build(self) -> str:
        resource = self.query_one("#resource", Select).value
        amount = self.value("amount")
        if amount and (not amount.isdigit() or int(amount) < 1):
            raise FormError(tr(self.lang, "bad_count"))
        return lines.join("spend", lines.ref(self.frame.state, self.target), str(resource), amount)
