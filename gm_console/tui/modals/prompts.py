"""Small modals: a die result in ask mode, a line of text, a choice, a yes/no, a spend,
everyone's initiative at once."""

from __future__ import annotations

from typing import Callable, Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from gm_console.engine.core.contract import Spendable
from gm_console.engine.core.state import Combatant
from gm_console.i18n import Msg, render

from .. import lines
from ..frame import Frame
from ..ui_text import tr
from ..safe import plain
from .base import FormError, FormModal
from .fields import FieldGrid, GridField
from ..spending import spend_options


class DicePrompt(FormModal[int]):
    """Ask mode: the GM rolled a physical die; this takes its natural result."""

    FIRST = "#die"

    def __init__(self, sides: int, purpose: "str | Msg", lang: str = "en") -> None:
        super().__init__(lang, tr(lang, "dice_title", sides=sides))
        self.sides = sides
        self.purpose = render(purpose, lang)  # "iniciativa de Kyra": the engine's words, in the GM's language

    def fields(self) -> ComposeResult:
        if self.purpose:
            yield Label(plain(tr(self.lang, "dice_for", purpose=self.purpose)))
        yield self.label("dice_value", sides=self.sides)
        yield self.input("die", type="integer")

    def build(self) -> int:
        text = self.value("die")
        if not text.isdigit() or not 1 <= int(text) <= self.sides:
            raise FormError(tr(self.lang, "bad_die", sides=self.sides))
        return int(text)


class TextPrompt(FormModal[str]):
    """One line of text; ``check`` turns it into the result or raises FormError."""

    FIRST = "#text"

    def __init__(self, lang: str, title: str, label: str, check: Callable[[str], str],
                 placeholder: str = "", value: str = "") -> None:
        super().__init__(lang, title)
        self.label_text = label
        self.check = check
        self.placeholder = placeholder
        self.initial = value  # already typed, to edit (a name to rename)

    def fields(self) -> ComposeResult:
        yield Label(plain(self.label_text), classes="field-label")
        yield self.input("text", placeholder=self.placeholder, value=self.initial)

    def build(self) -> str:
        return self.check(self.value("text"))


class ChooseModal(FormModal[str]):
    """Pick one of a few (who resumes, whose readied action goes off)."""

    DEFAULT_CSS = """
    ChooseModal #choices { height: auto; max-height: 12; }
    """
    FIRST = "#choices"

    def __init__(self, lang: str, title: str, options: Sequence[tuple[str, str]]) -> None:
        super().__init__(lang, title)
        self.options = list(options)

    def fields(self) -> ComposeResult:
        yield OptionList(*[Option(plain(label), id=key) for key, label in self.options], id="choices")

    def on_mount(self) -> None:
        super().on_mount()
        self.highlight_first("#choices")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.submit()

    def build(self) -> str:
        choices = self.query_one("#choices", OptionList)
        if choices.highlighted is None:
            raise FormError("-")
        return str(choices.get_option_at_index(choices.highlighted).id)


class ConfirmModal(FormModal[bool]):
    """A yes/no the GM asked for (remove, quit unsaved): y or Enter yes, n or Esc no."""

    BINDINGS = [Binding("y,s", "yes", show=False), Binding("n", "no", show=False)]
    FIRST = "#ok"

    def __init__(self, lang: str, text: str) -> None:
        super().__init__(lang, text)

    def build(self) -> bool:
        return True

    def action_yes(self) -> None:
        self.dismiss(True)

    def action_no(self) -> None:
        self.dismiss(False)


def spend_line(state, c: Combatant, s: Spendable, use_id: str | None, amount: str = "") -> str:
    """The line for one choice of the spend modal: ``spend Kyra hero reroll``, ``spend Kyra hero 2``,
    or the ruleset's own verb (``stunt Ash skirmish``)."""
    who = lines.ref(state, c)
    if s.verb != "spend":
        return lines.join(s.verb, who, lines.quote(use_id) if use_id else "", amount)
    return lines.join("spend", who, lines.quote(s.resource), amount, lines.quote(use_id) if use_id else "")


class SpendModal(FormModal[str]):
    """What the selected combatant can spend now, and on what (``Health.spendable``)."""

    DEFAULT_CSS = """
    SpendModal #uses { height: auto; max-height: 12; margin-bottom: 1; }
    """
    FIRST = "#uses"

    def __init__(self, frame: Frame, target: Combatant) -> None:
        super().__init__(frame.lang, tr(frame.lang, "spend_title", name=target.name))
        self.frame = frame
        self.target = target
        self.choices = spend_options(frame.ruleset, frame.state, target, frame.lang)

    def fields(self) -> ComposeResult:
        yield self.label("resource")
        yield OptionList(*[Option(plain(label), id=key) for key, label, _, _ in self.choices], id="uses")
        yield self.label("spend_amount")
        yield self.input("amount", type="integer")

    def on_mount(self) -> None:
        super().on_mount()
        self.highlight_first("#uses")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.submit()

    def build(self) -> str:
        uses = self.query_one("#uses", OptionList)
        if uses.highlighted is None or not self.choices:
            raise FormError(tr(self.lang, "no_resources", name=self.target.name))
        _, _, s, use = self.choices[uses.highlighted]
        amount = self.value("amount")
        if amount and (not amount.isdigit() or int(amount) < 1):
            raise FormError(tr(self.lang, "bad_count"))
        return spend_line(self.frame.state, self.target, s, use, amount)


class InitiativeModal(FormModal[list]):
    """Everyone without initiative, PCs first: type the players' rolls, leave the rest empty.

    One Enter sets what was typed (``init Kyra 17``) and rolls for the others with the
    ruleset's formula (``roll``)."""

    DEFAULT_CSS = """
    InitiativeModal > #dialog { width: 60; }
    """
    FIRST = "#rolls"

    def __init__(self, frame: Frame, who: list[Combatant]) -> None:
        super().__init__(frame.lang, tr(frame.lang, "initiative_title"))
        self.frame = frame
        self.who = who

    def fields(self) -> ComposeResult:
        from .. import present as p

        rows = []
        dice = self.frame.ruleset.turns.initiative_dice
        for c in self.who:
            side = c.side if c.side in p.SIDE_STYLE else "foe"
            rows.append(GridField(c.id, f"{p.SIDE_GLYPH[side]} {c.name} {self._formula(c)}".rstrip(), kind="number",
                                  style=p.SIDE_STYLE[side], extra={"combatant": c}))
        yield FieldGrid(rows, columns=1, label_width=min(34, max(len(r.label) for r in rows) + 1),
                        value_width=8, id="rolls")
        # the form takes the total the order uses, never the bare die (issue 24)
        yield Static(plain(tr(self.lang, "initiative_help", dice=dice)), id="help")

    def _formula(self, c: Combatant) -> str:
        """What the total is for ``c``: ``(1d20+2)``; nothing when the game cannot say."""
        turns = self.frame.ruleset.turns
        try:
            bonus = int(turns.initiative_bonus(c))
        except (ArithmeticError, LookupError, TypeError, ValueError):
            return ""
        return f"({turns.initiative_dice}{bonus:+d})"

    def field_of_line(self, line: str) -> str | None:
        return self._rows.get(line)

    def build(self) -> list:
        grid = self.query_one("#rolls", FieldGrid)
        out, rest = [], False
        self._rows: dict[str, str] = {}
        for f in grid.fields:
            text = f.value.strip().replace(",", ".")
            if not text:
                rest = True
                continue
            try:
                float(text)
            except ValueError:
                raise FormError(tr(self.lang, "bad_initiative", name=f.extra["combatant"].name), f.key) from None
            out.append(lines.join("init", lines.ref(self.frame.state, f.extra["combatant"]), text))
            self._rows[out[-1]] = f.key  # the engine's refusal of this line is said under this row
        if rest:
            out.append("roll")
        return out
