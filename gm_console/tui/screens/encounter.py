"""The main screen: initiative, sheet, timeline and log, driven by keys.

Each key either runs a command line at once (next, undo, roll...) or opens a
modal that builds one (damage, condition, add...). Every line goes through
``Controller.run``; after it, every pane redraws from the new state. The
screen keeps only view choices: who is selected and marked, breakdown on or
off, which lower pane a narrow terminal shows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import BindingsMap
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Footer, Input, Static

from gm_console.engine.durations import wall_time
from gm_console.i18n import render

from .. import paint
from .. import present as p
from ..bindings import ENCOUNTER_KEYS, bindings_for, shown_key
from ..controller import Controller, Outcome
from ..frame import Frame
from ..i18n import error_text, tr
from ..safe import clean, plain, visible
from ..warnings import collapse
from ..widgets.command_bar import CommandBar, FindBar
from ..widgets.initiative import InitiativePane
from ..widgets.log import LogPane
from ..widgets.sheet import SheetPane
from ..widgets.timeline import TimelinePane
from .keys import EncounterKeys
from .library_actions import LibraryActions

if TYPE_CHECKING:  # the modals load when one opens: the first frame shows none
    from ..modals.base import FormModal

TURN_VERBS = ("next", "prev", "start", "delay", "ready", "resume", "trigger", "end")
#: what a run reports back: the outcome (not ok, no error: nothing ran, or the GM cancelled)
Done = Callable[[Outcome], None]


class EncounterScreen(EncounterKeys, LibraryActions, Screen):
    AUTO_FOCUS = ""  # nothing: the keys belong to the screen until `:` opens the bar
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (34, "-tall")]

    def __init__(self, controller: Controller, lang: str = "en", group_turns: str = "each",
                 turn_clock: bool = True) -> None:
        super().__init__()
        self.controller = controller
        self.lang = lang
        self.turn_clock = turn_clock  # the head shows how long this turn has taken (setting turn_clock)
        self.bind_keys()
        self.selected: str | None = None
        self.marked: list[str] = []
        self.breakdown = False
        self.finding = False
        self.told: str | None = None  # the last refusal, on the warnings line until the next key
        self._bar_error = False  # the hint line under the command bar shows a refusal
        self.shown_offers: tuple[tuple[str, str], ...] = ()  # (warning, command) on the warnings line
        self.group_turns = group_turns if group_turns in ("each", "block") else "each"

    def bind_keys(self) -> None:
        """The keys; on a read-only save every key that would change it says who holds it."""
        self._bindings = BindingsMap(bindings_for(ENCOUNTER_KEYS, self.lang, self.controller.read_only))

    # -- refusals where the GM is looking ---------------------------------------------------
    def notify(self, message: str, *, title: str = "", severity="information", timeout=None,
               markup: bool = True) -> None:
        """A refusal or a warning is said where the GM is looking: under the command bar when it
        is open, else on the warnings line (a form says its own on its error line); the corner
        notice keeps it a few seconds more. The next key takes it away."""
        if severity in ("warning", "error"):
            self.tell(message)
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

    def tell(self, message: str | None) -> None:
        if message is None and self.told is None:
            return
        self.told = message
        if not self.is_mounted:
            return
        bar = self.query_one(CommandBar)
        if message is not None and bar.display:
            self._bar_says(Text("✗ " + message, style="bold red"))
            self.told = None
            return
        if message is None and self._bar_error:
            self._bar_says(None)
        self._warnings()

    def key_pressed(self) -> None:
        """Called before each key is handled: what the last one was refused is over."""
        if self.told is not None or self._bar_error:
            self.told = None
            if self._bar_error:
                self._bar_says(None)
            self._warnings()

    def _bar_says(self, text: Text | None) -> None:
        hint = self.query_one("#hint", Static)
        hint.update(clean(text) if text is not None else "")
        hint.display = text is not None
        self._bar_error = text is not None

    def action_read_only(self) -> None:
        self.notify(error_text(self.controller.encounter.refusal(), self.lang), severity="error", timeout=8)

    # -- layout --------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        self._breakpoints_now()
        # The head and the warnings get their text before they are mounted: a Static updated
        # from the screen's own on_mount (its children mounted, the screen not yet) is not
        # painted until something lays the screen out again, a frame later.
        head, warnings = Static(id="head"), Static(id="warnings")
        self._paint_head(self.frame(), head)
        self._warnings(warnings)
        yield head
        yield warnings
        with Horizontal(id="main"):
            yield InitiativePane(id="initiative")
            yield SheetPane(id="sheet")
        with Horizontal(id="lower"):
            yield TimelinePane(id="timeline")
            yield LogPane(id="log")
        yield Static(id="hint")
        bar = CommandBar(id="command-bar", placeholder=tr(self.lang, "command_placeholder"), compact=True)
        bar.context = lambda: (self.controller.state, self.controller.ruleset, self.lang)
        yield bar
        yield FindBar(id="find-bar", placeholder=tr(self.lang, "find_placeholder"), compact=True)
        yield Footer(compact=True, show_command_palette=False)  # ctrl+p is in the help

    def on_mount(self) -> None:
        self.redraw()
        if self.turn_clock:  # the head's elapsed time: one look a second, a repaint only when it changed
            self.query_one("#head", Static).set_interval(1.0, self._tick_clock)

    def _tick_clock(self) -> None:
        if self.controller.state.turn_clock is not None:
            self._paint_head(self.frame())

    def _elapsed(self, state) -> str | None:
        """How long this turn has taken, as the head shows it (None: untimed, or the setting is off)."""
        running = state.turn_clock
        if not self.turn_clock or running is None or running[0] != state.active or not state.in_combat:
            return None
        now = state.turn_paused if state.turn_paused is not None else self.controller.clock()  # `clock pause`
        return render(wall_time(now - running[1]), self.lang)

    def _breakpoints_now(self) -> None:
        """The -wide/-tall classes for the terminal's size from the first layout: Textual sets
        them at the first Resize, after a frame laid out without them (a log half as tall,
        a narrower sheet), which the next frame then redoes."""
        width, height = self.app.size
        for size, points in ((width, self.HORIZONTAL_BREAKPOINTS), (height, self.VERTICAL_BREAKPOINTS)):
            self.set_class(True, *self._get_breakpoint_classes(size, points))

    def on_resize(self) -> None:
        self.call_after_refresh(self.redraw)

    # -- drawing -------------------------------------------------------------------
    def frame(self) -> Frame:
        c = self.controller
        return Frame(state=c.state, ruleset=c.ruleset, history=c.history, verbs=c.verbs, bestiary=c.bestiary,
                     lang=self.lang,
                     selected=self.selected, breakdown=self.breakdown, marked=tuple(self.marked),
                     numbered=self.finding)

    def roster_ids(self) -> list[str]:
        acting, delaying, rest = p.roster(self.controller.state)
        return acting + delaying + rest

    def redraw(self) -> None:
        state = self.controller.state
        if self.selected not in state.combatants:
            ids = self.roster_ids()
            self.selected = state.active if state.active in state.combatants else (ids[0] if ids else None)
        self.marked = [cid for cid in self.marked if cid in state.combatants]
        frame = self.frame()
        self._paint_head(frame)
        self._warnings()
        self.query_one(InitiativePane).show(frame)
        self.query_one(SheetPane).show(frame)
        self.query_one(TimelinePane).show(frame)
        self.query_one(LogPane).show(frame)
        offered = tuple(self.check_action(s.action, ()) for s in ENCOUNTER_KEYS)
        if offered != getattr(self, "_offered", None):  # the footer redraws only when it changes
            self._offered = offered
            self.refresh_bindings()

    def _paint_head(self, frame: Frame, widget: Static | None = None) -> None:
        widget = widget or self.query_one("#head", Static)
        paint.update(widget, clean(self._head(frame)), layout=False)  # one row, always

    def _head(self, frame: Frame, width: int | None = None) -> Text:
        """One row: the encounter, the game, the round and whose turn, marks, dice mode. When
        it does not fit, the game's name goes first, then the encounter's name shortens: the
        round and whose turn always stay in view."""
        state, lang = frame.state, frame.lang
        width = width or self.app.size.width or 80
        enc = self.controller.encounter
        pieces: dict[str, tuple[str, str]] = {}  # in the order drawn
        if enc.read_only:
            holder = error_text(enc.holder or "", lang)
            pieces["read_only"] = (" " + tr(lang, "read_only_head", holder=holder) + " ", "bold reverse red")
        pieces["name"] = (f" {visible(self.controller.encounter.name)} ", "bold")
        pieces["ruleset"] = (f"· {frame.ruleset.name} ", "dim")
        if state.in_combat:
            pieces["round"] = (f"· {tr(lang, 'round', n=state.round)} ", "bold cyan")
            if state.active in state.combatants:
                turn = tr(lang, "turn_of", name=visible(state.get(state.active).name))
                pieces["turn"] = ("· " + turn + " ", "bold green")
                elapsed = self._elapsed(state)
                if elapsed is not None:
                    pieces["clock"] = ("· " + elapsed + " ", "green")
        elif state.round:
            pieces["round"] = ("· " + tr(lang, "combat_over") + " ", "yellow")
        else:
            pieces["round"] = ("· " + tr(lang, "setup") + " ", "italic")
        if self.marked:
            pieces["marked"] = ("· " + tr(lang, "marked_head", n=len(self.marked)) + " ", "bold yellow")
        if self.controller.dice_mode == "ask":
            pieces["dice"] = ("· " + tr(lang, "dice_mode", mode="ask"), "magenta")

        def size() -> int:
            return sum(Text(words).cell_len for words, _style in pieces.values())

        if size() > width:
            pieces.pop("ruleset")
        if size() > width:
            pieces.pop("clock", None)
        if size() > width and "marked" in pieces:
            pieces["marked"] = ("· " + tr(lang, "marked_short", n=len(self.marked)) + " ", "bold yellow")
        if size() > width:
            words, style = pieces["name"]
            room = max(6, Text(words).cell_len - (size() - width))
            pieces["name"] = (" " + p.short_name(words.strip(), room - 2) + " ", style)
        if size() > width and "read_only" in pieces:  # who holds the file, as much as fits
            words, style = pieces["read_only"]
            short = " " + tr(lang, "read_only_short") + " "
            room = max(len(short), len(words) - (size() - width))
            pieces["read_only"] = (words[:room - 2] + "… " if room > len(short) else short, style)
        text = Text(no_wrap=True, overflow="ellipsis")
        for words, style in pieces.values():
            text.append(words, style=style)
        return text

    def offers(self) -> list[tuple[str, str]]:
        """(warning, command) for every warning that offers a command (``Pending.command`` only)."""
        out = []
        for note in self.controller.pending():
            if note.command:
                out.append((note.render(self.lang), note.command))
        return out

    def _warnings(self, widget: Static | None = None) -> None:
        notes = self.controller.pending()
        widget = widget or self.query_one("#warnings", Static)
        widget.display = bool(notes) or self.told is not None
        accept = shown_key(self.app, "accept")
        # what [y] runs as the GM reads it: a key takes these with it when it is typed (app.py),
        # so a y queued behind other keys runs what was on the screen, not what they brought
        self.shown_offers = tuple((note.render(self.lang), note.command) for note in notes if note.command)
        text = Text()
        if self.told is not None:  # first: the warnings line shows three lines at most
            text.append("✗ " + self.told, style="bold red")
        offered = 0
        for i, note in enumerate(collapse(notes, self.controller.state, self.lang)):
            if i or self.told is not None:
                text.append("\n")
            text.append("⚠ " + note.text, style="bold yellow")
            if note.command:
                offered += 1
                text.append("  ")
                text.append(f"[{accept}]", style="bold reverse")
                line = self.controller.spoken(note.command, self.lang)
                text.append(" " + tr(self.lang, "offer_run", line=line), style="yellow")
        paint.update(widget, clean(text))

    # -- running lines ---------------------------------------------------------------
    def run_line(self, line: str | None, done: Done | None = None, collected: tuple[int, ...] = (),
                 report: bool = True) -> None:
        """Run one command line; ask for dice when the engine needs them; redraw.

        ``report``: say a refusal in a notification (a form shows it on its own error line)."""
        if not line:
            if done:
                done(Outcome(False, ""))
            return
        before = self.controller.state.active
        was_in_combat = self.controller.state.in_combat
        outcome = self.controller.run(line, collected)
        if outcome.need is not None:
            need = outcome.need

            def got(value: int | None) -> None:
                if value is None:
                    self.notify(tr(self.lang, "cancelled"), severity="warning")
                    if done:
                        done(Outcome(False, line))
                    return
                self.run_line(line, done, (*collected, value), report)

            from ..modals.prompts import DicePrompt

            self.app.push_screen(DicePrompt(need.sides, need.purpose, self.lang), got)
            return
        if not outcome.ok:
            if report:
                self.notify(error_text(outcome.error or "?", self.lang), severity="error", timeout=6)
            if done:
                done(outcome)
            return
        state = self.controller.state
        if state.active != before and state.active in state.combatants:
            self.selected = state.active
        history = outcome.history_move
        if history:
            self.app.clear_notifications()  # what they said is about a state that is gone
        self.redraw()
        if history and outcome.entry is not None:
            key = "undone" if outcome.verb == "undo" else "redone"
            self.notify(tr(self.lang, key, line=outcome.entry.line), timeout=4)
        if not history:
            self.offer_party_write_back(was_in_combat)
        if done:
            done(outcome)

    def open_form(self, modal: FormModal, for_marks: bool = False) -> None:
        """A form whose line the screen runs while it is open: a refusal stays on the form.
        ``for_marks``: the form acts on the marked combatants, whose marks go once it has (the
        next ``d`` is for the selected one again)."""

        def runner(line: str, done: Done) -> None:
            def after(outcome: Outcome) -> None:
                if outcome.ok and for_marks:
                    self.clear_marks()
                done(outcome)

            self.run_line(line, after, report=False)

        modal.runner = runner
        self.app.push_screen(modal)

    def clear_marks(self) -> None:
        if self.marked:
            self.marked = []
            self.redraw()

    def _target(self):
        c = self.frame().selected_combatant
        if c is None:
            self.notify(tr(self.lang, "no_selection"), severity="warning")
        return c

    def _targets(self) -> list:
        """The marked combatants, or else the selected one."""
        state = self.controller.state
        if self.marked:
            return [state.get(cid) for cid in self.roster_ids() if cid in self.marked]
        c = self._target()
        return [c] if c is not None else []

    def _active(self):
        state = self.controller.state
        return state.get(state.active) if state.active in state.combatants else None

    # -- the command bar -------------------------------------------------------------------
    def action_command_bar(self) -> None:
        bar = self.query_one(CommandBar)
        bar.display = True
        bar.focus()

    def _close_bar(self) -> None:
        bar = self.query_one(CommandBar)
        bar.value = ""
        bar.display = False
        hint = self.query_one("#hint", Static)
        hint.update("")
        hint.display = False
        self._bar_error = False
        self.set_focus(None)

    @on(CommandBar.Closed)
    def _bar_closed(self) -> None:
        self._close_bar()

    @on(CommandBar.Hint)
    def _bar_hint(self, event: CommandBar.Hint) -> None:
        hint = self.query_one("#hint", Static)
        hint.update(plain(tr(self.lang, "candidates", items=event.text)) if event.text else "")
        hint.display = bool(event.text)
        self._bar_error = False

    @on(Input.Submitted, "#command-bar")
    def _bar_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        line = event.value.strip()
        bar = self.query_one(CommandBar)
        if not line:
            self._close_bar()
            return
        bar.remember(line)
        if line.casefold() in ("help", "ayuda", "?"):
            self._close_bar()
            self.action_help()
            return

        def finished(outcome: Outcome) -> None:
            if outcome.ok:
                self._close_bar()

        self.run_line(line, finished)
