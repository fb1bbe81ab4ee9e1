"""Help: every key (as remapped by the user) and the whole command language."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from gm_console.engine.commands import ALIASES, USAGE
from gm_console.engine.contract import Ruleset
from gm_console.storage.config import config_path

from ..bindings import ENCOUNTER_KEYS, PICKER_KEYS, KeySpec, key_label
from ..i18n import tr
from ..safe import plain


def key_text(spec: KeySpec, keymap: dict[str, str]) -> str:
    return key_label(keymap.get(spec.id, spec.key))


def keys_table(lang: str, keymap: dict[str, str], specs=ENCOUNTER_KEYS) -> Table:
    table = Table(title=tr(lang, "help_keys"), title_justify="left", expand=True, show_edge=False)
    table.add_column(tr(lang, "key"), style="bold cyan", no_wrap=True)
    table.add_column("id", style="dim", no_wrap=True)
    table.add_column(tr(lang, "what"))
    for spec in specs:
        table.add_row(plain(key_text(spec, keymap)), spec.id, spec.tooltip(lang))
    return table


def language_table(lang: str, ruleset: Ruleset | None) -> Group:
    parts = []
    table = Table(title=tr(lang, "help_language"), title_justify="left", expand=True, show_edge=False,
                  show_header=False)
    table.add_column(style="bold")
    for usage in USAGE.values():
        table.add_row(usage)
    parts.append(table)
    if ruleset is not None and ruleset.verbs():
        extra = Table(title=tr(lang, "help_ruleset_verbs", ruleset=ruleset.name), title_justify="left",
                      expand=True, show_edge=False, show_header=False)
        extra.add_column(style="bold")
        extra.add_column()
        for spec in ruleset.verbs():
            extra.add_row(spec.usage, spec.doc)
        parts.append(extra)
    by_verb: dict[str, list[str]] = {}
    for alias, verb in ALIASES.items():
        by_verb.setdefault(verb, []).append(alias)
    aliases = Text(tr(lang, "help_aliases") + ": ", style="bold")
    aliases.append("; ".join(f"{verb}: {', '.join(names)}" for verb, names in sorted(by_verb.items())))
    parts.append(aliases)
    return Group(*parts)


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,q,question_mark", "dismiss", "Close", show=False)]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll {
        width: 100; max-width: 100%; height: 100%; max-height: 100%;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    """

    def __init__(self, lang: str = "en", ruleset: Ruleset | None = None, picker: bool = False) -> None:
        super().__init__()
        self.lang = lang
        self.ruleset = ruleset
        self.picker = picker

    def compose(self) -> ComposeResult:
        keymap = dict(getattr(self.app, "user_keys", {}) or {})
        lang = self.lang
        with VerticalScroll():
            yield Static(Text(tr(lang, "help_title") + " — " + tr(lang, "help_close"), style="bold"))
            specs = PICKER_KEYS if self.picker else ENCOUNTER_KEYS
            yield Static(keys_table(lang, keymap, specs))
            yield Static(Text(tr(lang, "help_palette"), style="bold"))
            yield Static(Text(tr(lang, "help_keymap", path=str(config_path())), style="dim"))
            yield Static(language_table(lang, self.ruleset))

    def action_dismiss(self) -> None:
        self.dismiss(None)
