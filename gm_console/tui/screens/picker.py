"""The encounter picker: your saves (most recent first), the bundled examples, a new one.

Examples are opened as copies in the user folder (``library.copy_example``)
so they stay pristine for the next table. Prepared encounters (written by hand) are marked,
and the line under the list says how hard the highlighted one is (the game's
``Ruleset.difficulty``, built in memory as ``show`` builds it; nothing written);
the campaign's parties are listed last, and Enter on one starts a new encounter with it. Saves are renamed, duplicated and
deleted here (``storage.manage``: refused while another console has one open);
two saves with one name show their file names, so two copies of an example are
told apart.
"""

from __future__ import annotations

import datetime as _dt

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import BindingsMap
from textual.screen import Screen
from textual.widgets import Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from gm_console import plugins
from gm_console.i18n import _, render
from gm_console.storage import Encounter, SaveError
from gm_console.storage import manage
from gm_console.storage import party as party_file
from gm_console.storage.library import EncounterInfo, copy_example, list_encounters, new_save_path
from gm_console.storage.party import list_parties

from ..bindings import PICKER_KEYS, bindings_for
from ..footer import FittedFooter
from .. import present as p
from ..guard import ask
from ..ui_text import problem_text, tr
from ..modals.base import FormError, FormModal
from ..modals.prompts import ConfirmModal, TextPrompt
from ..safe import plain, visible

NEW = "\x00new"
PARTY = "\x00party:"


def when(mtime: float) -> str:
    return _dt.datetime.fromtimestamp(mtime).strftime("%Y-%m-%d %H:%M")


#: what a row holds besides the name: the ruleset (15), the round (14), the date (16), the indent
#: (2) and the list's padding and scrollbar (4)
ROW_REST = 15 + 14 + 16 + 2 + 4


def name_width(infos: list[EncounterInfo], screen: int = 120) -> int:
    """Wide enough for the longest name (within reason) and no wider than the screen leaves:
    a row never runs past the right edge (80 columns give a name 28 cells)."""
    wanted = max(28, min(44, max((len(visible(i.name)) for i in infos), default=0)))
    return max(12, min(wanted, screen - ROW_REST - 1))


def row(info: EncounterInfo, lang: str, width: int = 28, twin: bool = False) -> Text:
    """One encounter; ``twin``: another has the same name, so its file name tells them apart."""
    text = Text(no_wrap=True, overflow="ellipsis")
    name = visible(info.name) + (f" ({visible(info.path.stem)})" if twin else "")
    if len(name) > width:
        name = name[: width - 1] + "…"
    text.append(f"{name:<{width + 1}}", style="bold" if not info.bundled else "")
    text.append(f"{visible(info.ruleset)[:14]:<15}", style="cyan")
    rnd = tr(lang, "picker_round", n=info.round) if info.round else (
        render(_("prepared"), lang) if info.prepared else tr(lang, "picker_not_started"))
    text.append(f"{rnd[:13]:<14}")
    if info.bundled:
        text.append(tr(lang, "picker_example"), style="dim italic")
    else:
        text.append(when(info.modified), style="dim")
    return text


def header(lang: str, width: int = 28) -> Text:
    text = Text(style="bold")
    text.append(f"{tr(lang, 'name'):<{width + 1}}{tr(lang, 'ruleset'):<15}{tr(lang, 'picker_round_h'):<14}")
    text.append(tr(lang, "picker_changed"))
    return text


class NewEncounterModal(FormModal[tuple[str, str, str]]):
    FIRST = "#name"

    def __init__(self, lang: str = "en", title: str = "", party: str = "") -> None:
        super().__init__(lang, title)
        self.parties = {p.name: p.ruleset for p in list_parties()}
        self.party = party

    def fields(self) -> ComposeResult:
        yield self.label("name")
        yield self.input("name", placeholder="Goblin ambush")
        yield self.label("ruleset")
        options = [(info.id, info.id) for info in plugins.available()]
        first = self.parties.get(self.party) or (options[0][1] if options else Select.BLANK)
        yield Select(options, value=first, allow_blank=not options, id="ruleset", compact=True)
        if self.parties:  # the campaign's PCs join from the first line, as their last fight left them
            yield Label(plain(render(_("Party (its game decides the ruleset)"), self.lang)), classes="field-label")
            yield Select([("-", "")] + [(plain(name), name) for name in self.parties], value=self.party,
                         allow_blank=False, id="party", compact=True)

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "party" and event.value in self.parties:
            self.query_one("#ruleset", Select).value = self.parties[event.value]

    def build(self) -> tuple[str, str, str]:
        name = self.value("name")
        if not name:
            raise FormError(tr(self.lang, "need_name"))
        ruleset = self.query_one("#ruleset", Select).value
        if not isinstance(ruleset, str):
            raise FormError(tr(self.lang, "ruleset"))
        party = self.query_one("#party", Select).value if self.parties else ""
        return name, ruleset, party if isinstance(party, str) else ""


class PickerScreen(Screen):
    DEFAULT_CSS = """
    PickerScreen #picker-title { text-style: bold; padding: 0 1; background: $primary-background; }
    PickerScreen OptionList, PickerScreen OptionList:focus { height: 1fr; border: none; padding: 0 1; }
    PickerScreen #picker-detail { height: auto; padding: 0 1; color: $accent; }
    """

    def __init__(self, lang: str = "en") -> None:
        super().__init__()
        self.lang = lang
        self._bindings = BindingsMap(bindings_for(PICKER_KEYS, lang))
        self.infos: dict[str, EncounterInfo] = {}
        #: a prepared encounter's difficulty line, by file and modification time (built once)
        self._difficulty: dict[tuple[str, float], str] = {}

    def compose(self) -> ComposeResult:
        yield Static(f" gm-console · {tr(self.lang, 'picker_title')}", id="picker-title")
        yield OptionList(id="encounters")
        detail = Static("", id="picker-detail")
        detail.display = False
        yield detail
        yield FittedFooter(compact=True)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        info = self.infos.get(event.option.id or "")
        detail = self.query_one("#picker-detail", Static)
        text = self.difficulty_of(info) if info is not None and info.prepared else ""
        detail.update(plain(text))
        detail.display = bool(text)

    def difficulty_of(self, info: EncounterInfo) -> str:
        """The difficulty line of a prepared encounter, built in memory (read only: no lock, no
        write; as ``show`` does): "" when its game offers none; a file that cannot be built says why."""
        key = (str(info.path), info.modified)
        if key not in self._difficulty:
            try:
                enc = Encounter.open(info.path, read_only=True, lang=self.lang)
            except (SaveError, OSError) as exc:
                self._difficulty[key] = problem_text(exc, self.lang)
            else:
                try:
                    found = ask("difficulty", lambda: enc.ruleset.difficulty(enc.state), None)
                finally:
                    enc.close()
                self._difficulty[key] = p.difficulty_text(found, self.lang)
        return self._difficulty[key]

    def on_mount(self) -> None:
        self.reload()

    def on_screen_resume(self) -> None:
        self.reload()

    def on_resize(self) -> None:
        widget = self.query_one(OptionList)
        highlighted = widget.highlighted
        key = widget.get_option_at_index(highlighted).id if highlighted is not None else None
        self.reload(key)

    def reload(self, keep: str | None = None) -> None:
        """The list again (``keep``: the option to highlight, by key)."""
        lang = self.lang
        found = list_encounters()
        saved = [i for i in found if not i.bundled]
        examples = [i for i in found if i.bundled]
        width = name_width(found, self.app.size.width or 80)
        options: list[Option | None] = [Option(Text(tr(lang, "picker_new"), style="bold green"), id=NEW)]
        options.append(Option(Text(""), disabled=True))
        options.append(Option(Text("  ").append_text(header(lang, width)), disabled=True))
        options.append(Option(Text(tr(lang, "picker_saved"), style="bold underline"), disabled=True))
        if not saved:
            options.append(Option(Text("  " + tr(lang, "picker_none"), style="dim italic"), disabled=True))
        self.infos = {}
        names = [i.name.casefold() for i in saved]
        twins = {n for n in names if names.count(n) > 1}
        for n, info in enumerate(saved):
            key = f"saved-{n}"
            self.infos[key] = info
            options.append(Option(Text("  ").append_text(row(info, lang, width, info.name.casefold() in twins)),
                                  id=key))
        if examples:
            options.append(Option(Text(tr(lang, "picker_examples"), style="bold underline"), disabled=True))
            for n, info in enumerate(examples):
                key = f"example-{n}"
                self.infos[key] = info
                options.append(Option(Text("  ").append_text(row(info, lang, width)), id=key))
        parties = list_parties()
        if parties:  # Enter on one starts a new encounter with it
            options.append(Option(Text(render(_("Parties (Enter: a new encounter with them)"), lang),
                                       style="bold underline"), disabled=True))
            for party in parties:
                text = Text("  ", no_wrap=True, overflow="ellipsis")
                text.append(f"{visible(party.name)[:width]:<{width + 1}}", style="bold")
                text.append(f"{visible(party.ruleset)[:14]:<15}", style="cyan")
                text.append(visible(", ".join(m.name for m in party.members) or "-"), style="dim")
                options.append(Option(text, id=PARTY + party.name))
        widget = self.query_one(OptionList)
        widget.clear_options()
        widget.add_options(options)
        keys = [o.id for o in options if o is not None]
        first = 4 if saved else (keys.index("example-0") if examples else 0)
        widget.highlighted = keys.index(keep) if keep is not None and keep in keys else first
        widget.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.open_option(event.option.id)

    def action_open(self) -> None:
        widget = self.query_one(OptionList)
        if widget.highlighted is not None:
            self.open_option(widget.get_option_at_index(widget.highlighted).id)

    def open_option(self, key: str | None) -> None:
        if key == NEW:
            self.action_new()
            return
        if key and key.startswith(PARTY):
            self.action_new(key.removeprefix(PARTY))
            return
        info = self.infos.get(key or "")
        if info is None:
            return
        try:
            if info.bundled:
                path = copy_example(info)
                self.notify(tr(self.lang, "opened_copy", path=str(path)))
            else:
                path = info.path
            enc = Encounter.open(path, lang=self.lang)
        except (SaveError, OSError) as exc:
            self.notify(problem_text(exc, self.lang), severity="error", timeout=8)
            return
        self.app.open_encounter(enc)

    def action_new(self, party: str = "") -> None:
        def made(result: tuple[str, str, str] | None) -> None:
            if not result:
                return
            name, ruleset, party_name = result
            path = new_save_path(name)  # a file name made from it: never outside the saves folder
            try:
                party = party_file.load(party_name) if party_name else None
                enc = Encounter.create(path, party.ruleset if party else ruleset, name=name, party=party,
                                       lang=self.lang)
            except SaveError as exc:
                self.notify(problem_text(exc, self.lang), severity="error", timeout=8)
                return
            self.notify(tr(self.lang, "created", path=str(path)))
            self.app.open_encounter(enc)

        self.app.push_screen(NewEncounterModal(self.lang, tr(self.lang, "new_title"), party), made)

    def action_help(self) -> None:
        from .help import HelpScreen

        self.app.push_screen(HelpScreen(self.lang, None, picker=True))

    # -- the file chores (storage.manage) --------------------------------------------------
    def _highlighted(self) -> tuple[str | None, EncounterInfo | None]:
        widget = self.query_one(OptionList)
        if widget.highlighted is None:
            return None, None
        key = widget.get_option_at_index(widget.highlighted).id
        return key, self.infos.get(key or "")

    def _saved(self) -> tuple[str | None, EncounterInfo | None]:
        key, info = self._highlighted()
        if info is not None and info.bundled:
            self.notify(tr(self.lang, "example_untouched"), severity="warning")
            return None, None
        return key, info

    def _chore(self, work, done_key: str, keep: str | None = None, **kwargs) -> None:
        try:
            work()
        except (SaveError, OSError) as exc:
            self.notify(problem_text(exc, self.lang), severity="error", timeout=8)
            return
        self.notify(tr(self.lang, done_key, **kwargs))
        self.reload(keep)

    def action_rename(self) -> None:
        key, info = self._saved()
        if info is None:
            return

        def named(name: str | None) -> None:
            if name:
                self._chore(lambda: manage.rename(info.path, name), "renamed", keep=key, name=name)

        self.app.push_screen(TextPrompt(self.lang, tr(self.lang, "rename_title", name=info.name),
                                        tr(self.lang, "name"), _needs_name(self.lang), value=info.name), named)

    def action_duplicate(self) -> None:
        _, info = self._highlighted()
        if info is None:
            return
        copy_name = tr(self.lang, "copy_of", name=info.name)

        def named(name: str | None) -> None:
            if name:
                made: list = []
                self._chore(lambda: made.append(manage.duplicate(info.path, name)), "duplicated", name=name)

        self.app.push_screen(TextPrompt(self.lang, tr(self.lang, "duplicate_title", name=info.name),
                                        tr(self.lang, "name"), _needs_name(self.lang, copy_name),
                                        value=copy_name), named)

    def action_delete(self) -> None:
        _, info = self._saved()
        if info is None:
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self._chore(lambda: manage.delete(info.path), "deleted", name=info.name)

        self.app.push_screen(ConfirmModal(self.lang, tr(self.lang, "delete_confirm", name=info.name,
                                                        file=info.path.name)), answer)


def _needs_name(lang: str, default: str = ""):
    def check(text: str) -> str:
        text = text.strip() or default
        if not text:
            raise FormError(tr(lang, "need_name"))
        return text

    return check
