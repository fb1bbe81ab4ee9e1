"""The players' live view: a read-only screen that follows the encounter as the GM plays it.

It never takes the save's lock and never writes: it polls the file a few times a second
(``storage.watch``) and, when it changed, opens it read-only, as a second program does, and
redraws through the players' filter. An undo is a change like any other. Nothing on this
screen changes the encounter: it has no command bar, no palette, no key but quit, so the
same app served to a browser (``serve.py``) is read-only too.
"""

from __future__ import annotations

from pathlib import Path

from rich.table import Table
from rich.text import Text
from textual.app import App, ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from gm_console.i18n import LANGS, _, render
from gm_console.storage import Encounter, SaveError
from gm_console.storage.watch import Watcher

from ..safe import plain, visible
from .model import PlayerFrame, Row, frame

POLL = 0.25  # seconds between looks at the file: an action shows within a second

HEALTH_STYLE = {"unhurt": "green", "wounded": "yellow", "bloodied": "dark_orange", "near-death": "bold red",
                "down": "dim"}

CSS = """
Screen { layout: vertical; }
#title { height: 1; background: $primary-background; color: $text; padding: 0 1; text-style: bold; }
#order { height: 1fr; border-top: solid $primary; border-title-color: $text; border-title-style: bold; padding: 0 1; }
#story { height: auto; max-height: 12; border-top: solid $primary; border-title-color: $text;
         border-title-style: bold; padding: 0 1; }
#problem { height: auto; background: $warning 20%; padding: 0 1; display: none; }
#problem.-shown { display: block; }
#now { display: none; }
/* the projector: whose turn and the round in a banner across the top, bars in the order, a
   short story; the browser's large type (serve --projector) does the rest */
Screen.-projector #now { display: block; height: 3; content-align: center middle; text-style: bold;
                         background: $accent 30%; color: $text; }
Screen.-projector #title { display: none; }
Screen.-projector #story { max-height: 6; }
"""

#: cells of a projector's health bar
BAR = 12


class PlayersApp(App):
    """``gm-console players SAVE``: what the table may see, live."""

    CSS = CSS
    TITLE = "gm-console"
    ENABLE_COMMAND_PALETTE = False  # nothing to run from here: the view only shows

    def __init__(self, path: Path | str, lang: str = "en", poll: float = POLL, projector: bool = False) -> None:
        super().__init__()
        self.path = Path(path)
        self.projector = projector
        self.lang = lang if lang in LANGS else "en"  # any compiled catalogue (a third language too)
        self.poll = poll
        self.watcher = Watcher(self.path)
        self.shown: PlayerFrame | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="now")
        yield Static(id="title")
        yield Static(id="problem")
        with VerticalScroll(id="order"):
            yield Static(id="initiative")
        yield Static(id="story")

    def on_mount(self) -> None:
        self.screen.set_class(self.projector, "-projector")
        self.query_one("#order").border_title = render(_("Initiative"), self.lang)
        self.query_one("#story").border_title = render(_("What happened"), self.lang)
        self.refresh_view()
        self.set_interval(self.poll, self.refresh_view)

    def refresh_view(self) -> None:
        """Redraw if the save changed since the last look; a save that cannot be read now (being
        rewritten, gone) keeps the last picture and says why."""
        if not self.watcher.changed():
            return
        try:
            encounter = Encounter.open(self.path, read_only=True)
            self.draw(frame(encounter, self.lang))
            self.problem("")
        except SaveError as exc:
            self.watcher.seen = None  # look again next time
            self.problem(render(exc.message, self.lang))

    def problem(self, text: str) -> None:
        box = self.query_one("#problem", Static)
        box.update(plain(text))
        box.set_class(bool(text), "-shown")

    def draw(self, view: PlayerFrame) -> None:
        self.shown = view
        title = Text(visible(view.title), style="bold")
        title.append("  " + visible(view.status), style="")
        self.query_one("#title", Static).update(title)
        self.query_one("#now", Static).update(banner(view, self.lang))
        self.query_one("#initiative", Static).update(initiative_table(view, self.lang, bars=self.projector))
        story = Text("\n".join(visible(line) for line in view.log)) if view.log else Text("")
        self.query_one("#story", Static).update(story)


def banner(view: PlayerFrame, lang: str) -> Text:
    """The projector's top line: the encounter, the round and whose turn (or what the fight is at)."""
    text = Text(visible(view.title) + "   ", style="")
    if not view.round:
        text.append(visible(view.status), style="bold")
        return text
    text.append(render(_("Round {n}", n=view.round), lang).upper(), style="bold")
    if view.turn:
        text.append("   ▶ " + visible(view.turn), style="bold")
    return text


def health_bar(row: Row) -> Text:
    """A bar for anyone with health to measure: filled to ``row.share``, in its word's colour."""
    if row.share is None:
        return Text("")
    filled = round(row.share * BAR)
    if row.share > 0 and filled == 0:
        filled = 1
    text = Text("█" * filled, style=HEALTH_STYLE.get(row.health or "", "green"))
    text.append("░" * (BAR - filled), style="bright_black")
    return text


def initiative_table(view: PlayerFrame, lang: str, bars: bool = False) -> Table:
    """Rich Text in every cell: a name is never read as markup. ``bars``: the projector's
    health bars (a foe's from its health word, never from its numbers)."""
    table = Table(box=None, show_header=False, expand=True, padding=(0, 1))
    table.add_column(width=1)
    table.add_column(justify="right", width=4)
    table.add_column(ratio=2)
    if bars:
        table.add_column(width=BAR, no_wrap=True)
    table.add_column(ratio=2)
    table.add_column(ratio=3)
    for row in view.rows:
        marker = Text("▶", style="bold reverse") if row.active else Text(" ")
        name = Text(visible(row.name), style="bold" if row.active else "")
        if row.pc:
            name.append(" (PC)" if lang != "es" else " (PJ)", style="dim")
        figures = Text(visible(row.figures), style="" if row.pc else HEALTH_STYLE.get(row.health or "", ""))
        extra = Text(visible(row.conditions))
        if row.note:
            extra.append(("  " if row.conditions else "") + visible(row.note), style="italic")
        cells = [marker, Text(row.init), name] + ([health_bar(row)] if bars else []) + [figures, extra]
        table.add_row(*cells)
    return table


def run_players(path: Path | str, lang: str = "en", projector: bool = False) -> int:
    app = PlayersApp(path, lang, projector=projector)
    app.run()
    return app.return_code or 0
