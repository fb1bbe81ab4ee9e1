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

from gm_console.engine.core.contract import Ruleset
from gm_console.engine.language.core_verbs import CORE, registry_for
from gm_console.i18n import Msg, render
from gm_console.storage.config import config_path

from ..bindings import ENCOUNTER_PLACES, PICKER_KEYS, KeySpec, key_label
from ..ui_text import tr
from ..safe import plain


def key_text(spec: KeySpec, keymap: dict[str, str]) -> str:
    return key_label(keymap.get(spec.id, spec.key))


def keys_table(lang: str, keymap: dict[str, str], specs: tuple[KeySpec, ...], where: Msg | None = None) -> Table:
    """One place's keys (``where``: where they work, under the title)."""
    title = tr(lang, "help_keys") + (" · " + render(where, lang) if where is not None else "")
    table = Table(title=title, title_justify="left", expand=True, show_edge=False)
    table.add_column(tr(lang, "key"), style="bold cyan", no_wrap=True)
    table.add_column(tr(lang, "key_id"), style="dim", no_wrap=True)
    table.add_column(tr(lang, "what"))
    for spec in specs:
        table.add_row(plain(key_text(spec, keymap)), spec.id, Text(spec.tooltip(lang)))  # "[y]" is words, not markup
    return table


def language_table(lang: str, ruleset: Ruleset | None) -> Group:
    """Every verb from its one declaration: usage, what it does, its aliases in the GM's language."""
    verbs = registry_for(ruleset) if ruleset is not None else CORE
    parts = []
    core = Table(title=tr(lang, "help_language"), title_justify="left", expand=True, show_edge=False,
                 show_header=False)
    own = Table(title=tr(lang, "help_ruleset_verbs", ruleset=ruleset.name if ruleset else ""), title_justify="left",
                expand=True, show_edge=False, show_header=False)
    for table in (core, own):
        table.add_column(style="bold")
        table.add_column()
    for verb in verbs:
        names = verb.es if lang == "es" else verb.en
        what = render(verb.summary, lang)
        if names:
            what += f" ({', '.join(names)})"
        (core if verb.name in verbs.core else own).add_row(Text(render(verb.usage(), lang)), Text(what))
    parts.append(core)
    if own.row_count:
        parts.append(own)
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
            if self.picker:
                yield Static(keys_table(lang, keymap, PICKER_KEYS))
            else:  # where each key works: anywhere, then each pane while it has the focus
                for where, specs in ENCOUNTER_PLACES:
                    yield Static(keys_table(lang, keymap, specs, where))
            yield Static(Text(tr(lang, "help_palette"), style="bold"))
            yield Static(Text(tr(lang, "help_keymap", path=str(config_path())), style="dim"))
            yield Static(language_table(lang, self.ruleset))

    def action_dismiss(self) -> None:
        self.dismiss(None)
