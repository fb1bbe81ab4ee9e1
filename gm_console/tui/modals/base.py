"""The shape every form modal shares: a title, fields, a one-line error, OK/Cancel.

A form's whole job is to build one command line (``build``) or say, on one
line, what is missing (``FormError``); Enter in any field submits, Escape
cancels. The screen runs the line (``runner``): if the engine refuses it, the
refusal shows under the field at fault (the argument the engine names,
``Outcome.param``/``field``, mapped by ``PARAMS`` or the grid's stat keys),
else on the error line at the form's foot, and the form stays as typed, so one
bad value never throws the other fields away. The modal never touches the encounter.

Forms open in one frame: few widgets (a ``FieldGrid`` draws a whole stat block),
compact from the start, and the first field focused as soon as it exists.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Generic, TypeVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from ..ui_text import error_text, tr
from ..safe import plain
from .fields import FieldGrid

if TYPE_CHECKING:
    from ..controller import Outcome

T = TypeVar("T")

#: what the screen hands a form to run its line: (line, done(outcome)) — done may come later
#: (in "ask" dice mode the screen first asks for the dice)
Runner = Callable[[str, Callable[["Outcome"], None]], None]


class FormError(ValueError):
    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field  # the field at fault (an Input's id or a grid field's key): said under it


class FormModal(ModalScreen[T], Generic[T]):
    BINDINGS = [Binding("escape", "cancel", "Cancel", show=False)]
    DEFAULT_CSS = """
    FormModal { align: center middle; }
    FormModal > #dialog {
        width: 64; max-width: 100%; height: auto; max-height: 100%;
        border: round $accent; background: $surface; padding: 0 1;
    }
    FormModal #title { text-style: bold; width: 1fr; margin-bottom: 1; color: $accent; }
    FormModal #error { color: $error; height: auto; }
    FormModal .field-error { color: $error; height: auto; margin-bottom: 1; display: none; }
    FormModal Input.-refused { margin-bottom: 0; }
    FormModal #help { color: $text-muted; height: auto; }
    FormModal #buttons { height: auto; align-horizontal: right; margin-top: 1; }
    FormModal #buttons Button { margin-left: 2; min-width: 10; }
    FormModal Input, FormModal Select { margin-bottom: 1; }
    FormModal Input { background: $panel; }
    FormModal Input:focus { background: $primary 25%; }
    FormModal Checkbox { border: none; padding: 0; margin-bottom: 1; background: transparent; }
    FormModal .field-label { color: $text-muted; }
    FormModal OptionList { border: none; background: $boost; margin-bottom: 1; }
    """
    #: the widget focused when the form opens (a CSS selector); None: the first focusable one
    FIRST: str | None = None
    #: the engine's argument each field fills (``{"amount": "amount"}``: param -> Input id or grid
    #: key): a refusal about that argument is said under that field
    PARAMS: dict[str, str] = {}

    def __init__(self, lang: str = "en", title: str = "") -> None:
        super().__init__()
        self.lang = lang
        self.title_text = title
        self.runner: Runner | None = None
        self._submitting = False

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="dialog"):
            yield Label(plain(self.title_text), id="title")
            for widget in self.fields():
                yield widget
                if isinstance(widget, Input) and widget.id:  # where a refusal about it is said
                    yield Static("", id=f"{widget.id}-error", classes="field-error")
            yield Static("", id="error")
            with Horizontal(id="buttons"):
                yield Button(tr(self.lang, "cancel"), id="cancel", compact=True)
                yield Button(tr(self.lang, "ok"), id="ok", variant="primary", compact=True)

    def fields(self) -> ComposeResult:
        yield from ()

    def on_mount(self) -> None:
        target = self.query_one(self.FIRST) if self.FIRST else None
        if target is None:
            for widget in self.query("Input, FieldGrid, OptionList, Checkbox, Button"):
                if widget.focusable:
                    target = widget
                    break
        if target is not None:
            target.focus(scroll_visible=False)

    # -- building blocks ---------------------------------------------------------------
    def label(self, key: str, **kwargs) -> Label:
        return Label(plain(tr(self.lang, key, **kwargs)), classes="field-label")

    def input(self, widget_id: str, **kwargs) -> Input:
        return Input(id=widget_id, compact=True, **kwargs)

    # -- submitting ----------------------------------------------------------------------
    def build(self) -> T:
        raise NotImplementedError

    def show_error(self, message: str, field: str | None = None) -> None:
        """Say ``message`` under ``field`` (an Input's id or a grid field's key), the field
        marked; without a field of this form, on the error line at the foot."""
        self.clear_errors()
        under = self.query(f"#{field}-error") if field else None
        grids = [g for g in self.query(FieldGrid) if field and any(f.key == field for f in g.fields)]
        if under:
            under.first(Static).update(plain(message))
            under.first(Static).display = True
            self.query_one(f"#{field}").add_class("-refused", "-invalid")
        elif grids:
            grids[0].get(field).error = message
            grids[0].refresh(layout=True)
        else:
            self.query_one("#error", Static).update(plain(message))

    def clear_errors(self) -> None:
        self.query_one("#error", Static).update("")
        for line in self.query(".field-error"):
            line.display = False
        for widget in self.query(".-refused"):
            widget.remove_class("-refused", "-invalid")
        for grid in self.query(FieldGrid):
            if any(f.error for f in grid.fields):
                for f in grid.fields:
                    f.error = ""
                grid.refresh(layout=True)

    def field_for(self, outcome: "Outcome") -> str | None:
        """The field of this form a refusal concerns: the one filling its argument, or the grid
        field of its stat key."""
        if outcome.field:
            for grid in self.query(FieldGrid):
                for f in grid.fields:
                    stat = f.extra.get("field")
                    if f.key == outcome.field or (stat is not None and stat.key == outcome.field):
                        return f.key
        return self.PARAMS.get(outcome.param or "")

    def field_of_line(self, line: str) -> str | None:
        """The field whose value made ``line`` (a form that builds one line per row says a
        refusal under the row at fault); None: the error line at the foot."""
        return None

    def submit(self) -> None:
        """Build the line (or lines) and have the screen run them, in order; the first refusal
        stops there and shows on the error line, the form as typed."""
        if self._submitting:
            return
        try:
            result = self.build()
        except FormError as exc:
            self.show_error(str(exc), exc.field)
            return
        todo = [result] if isinstance(result, str) else result
        if self.runner is None or not isinstance(todo, list) or not all(isinstance(x, str) for x in todo):
            self.dismiss(result)
            return
        self._submitting = True
        queue = list(todo)

        running: list[str] = []

        def step(outcome: "Outcome | None" = None) -> None:
            if outcome is not None and not outcome.ok:
                self._submitting = False
                if outcome.error:
                    field = self.field_for(outcome) or self.field_of_line(running[-1])
                    self.show_error(error_text(outcome.error, self.lang), field)
                return
            if not queue:
                self._submitting = False
                self.dismiss(result)
                return
            running.append(queue.pop(0))
            self.runner(running[-1], step)

        step()

    def picked(self, selector: str) -> str | None:
        """The id of the option under the cursor in that option list (None: nothing there)."""
        from textual.widgets import OptionList

        options = self.query_one(selector, OptionList)
        return None if options.highlighted is None else options.get_option_at_index(options.highlighted).id

    def highlight_first(self, selector: str) -> None:
        """An option list opens with its first option under the cursor (Enter takes it)."""
        from textual.widgets import OptionList

        options = self.query_one(selector, OptionList)
        if options.option_count:
            options.highlighted = 0

    def on_input_changed(self, event: Input.Changed) -> None:
        """Typing in the field at fault: what was refused is over (the line under it goes)."""
        if event.input.has_class("-refused"):
            event.input.remove_class("-refused")
            for line in self.query(f"#{event.input.id}-error"):
                line.display = False

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.submit()

    def on_field_grid_submitted(self, event: FieldGrid.Submitted) -> None:
        event.stop()
        self.submit()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "ok":
            self.submit()
        else:
            self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)

    def value(self, widget_id: str) -> str:
        return self.query_one(f"#{widget_id}", Input).value.strip()
