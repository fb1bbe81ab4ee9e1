"""The shape every form modal shares: a title, fields, a one-line error, OK/Cancel.

A form's whole job is to build one command line (``build``) or say, on one
line, what is missing (``FormError``); Enter in any field submits, Escape
cancels. The screen runs the line (``runner``): if the engine refuses it, the
refusal shows on the error line and the form stays as typed, so one bad value
never throws the other fields away. The modal never touches the encounter.

Forms open in one frame: few widgets (a ``FieldGrid`` draws a whole stat block),
compact from the start, and the first field focused as soon as it exists.
"""

from __future__ import annotations

from typing import Callable, Generic, TypeVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from ..i18n import error_text, tr
from ..safe import plain
from .fields import FieldGrid

T = TypeVar("T")

#: what the screen hands a form to run its line: (line, done(ok, error)) — done may come later
#: (in "ask" dice mode the screen first asks for the dice)
Runner = Callable[[str, Callable[[bool, "str | None"], None]], None]


class FormError(ValueError):
    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field  # the grid field at fault, marked in red


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

    def __init__(self, lang: str = "en", title: str = "") -> None:
        super().__init__()
        self.lang = lang
        self.title_text = title
        self.runner: Runner | None = None
        self._submitting = False

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="dialog"):
            yield Label(plain(self.title_text), id="title")
            yield from self.fields()
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
        self.query_one("#error", Static).update(plain(message))
        if field:
            for grid in self.query(FieldGrid):
                for f in grid.fields:
                    f.error = "x" if f.key == field else ""
                grid.refresh()

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

        def step(ok: bool = True, error: "str | None" = None) -> None:
            if not ok:
                self._submitting = False
                if error:
                    self.show_error(error_text(error, self.lang), self.field_in(error))
                return
            if not queue:
                self._submitting = False
                self.dismiss(result)
                return
            self.runner(queue.pop(0), step)

        step()

    def highlight_first(self, selector: str) -> None:
        """An option list opens with its first option under the cursor (Enter takes it)."""
        from textual.widgets import OptionList

        options = self.query_one(selector, OptionList)
        if options.option_count:
            options.highlighted = 0

    def field_in(self, error: str) -> str | None:
        """The grid field an engine refusal names (``hp takes a whole number, not '3O'``)."""
        for grid in self.query(FieldGrid):
            for f in grid.fields:
                if str(error).startswith(f"{f.key} ") or f" {f.key}=" in str(error) or f"'{f.key}'" in str(error):
                    return f.key
        return None

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
