"""The shape every form modal shares: a title, fields, a one-line error, OK/Cancel.

A form's whole job is to build one command line (``build``) or say, on one
line, what is missing (``FormError``); Enter in any field submits, Escape
cancels. The screen runs the line; the modal never touches the encounter.
"""

from __future__ import annotations

from typing import Generic, TypeVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from ..i18n import tr
from ..safe import plain

T = TypeVar("T")


class FormError(ValueError):
    pass


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
    FormModal #buttons { height: auto; align-horizontal: right; margin-top: 1; }
    FormModal #buttons Button { margin-left: 2; min-width: 10; }
    FormModal Input, FormModal Select { margin-bottom: 1; }
    FormModal Input { background: $panel; }
    FormModal Input:focus { background: $primary 25%; }
    FormModal Checkbox { border: none; padding: 0; margin-bottom: 1; background: transparent; }
    FormModal .field-label { color: $text-muted; }
    """

    def __init__(self, lang: str = "en", title: str = "") -> None:
        super().__init__()
        self.lang = lang
        self.title_text = title

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="dialog"):
            yield Label(plain(self.title_text), id="title")
            yield from self.fields()
            yield Static("", id="error")
            with Horizontal(id="buttons"):
                yield Button(tr(self.lang, "cancel"), id="cancel")
                yield Button(tr(self.lang, "ok"), id="ok", variant="primary")

    def fields(self) -> ComposeResult:
        yield from ()

    def on_mount(self) -> None:
        # compact fields (no borders): the whole form fits an 80x24 terminal
        for widget in self.query("Input, Select, Button"):
            widget.compact = True

    def label(self, key: str, **kwargs) -> Label:
        return Label(plain(tr(self.lang, key, **kwargs)), classes="field-label")

    def build(self) -> T:
        raise NotImplementedError

    def submit(self) -> None:
        try:
            result = self.build()
        except FormError as exc:
            self.query_one("#error", Static).update(plain(exc))
            return
        self.dismiss(result)

    def on_input_submitted(self, event: Input.Submitted) -> None:
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
