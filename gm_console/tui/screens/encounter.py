"""The main screen: initiative, sheet, timeline and log, driven by keys.

Each key either runs a command line at once (next, undo, roll...) or opens a
modal that builds one (damage, condition, add...). Every line goes through
``Controller.run``; after it, every pane redraws from the new state. The
screen keeps only view choices: who is selected and marked, breakdown on or
off, which lower pane a narrow terminal shows.

Read it in parts (host.py says what each part may use of the screen):

- this module: the layout, the warnings line, running a line, the command bar,
  the focus (Tab), and the keys about the screen itself (``:`` ``?`` ``b`` ``v`` PgUp/PgDn);
  then one line per key naming the part that does it;
- ``head.py``: what the top row says;
- ``turns.py``, ``acting.py``, ``selection.py``, ``files.py``: what the other
  keys do, one family each.

Keys live where they act (bindings.py says which, with ids, labels, tooltips; the user's
keymap.toml remaps them by id wherever they are bound). The screen binds ``ENCOUNTER_KEYS``,
which work whichever pane has the focus: the fight's keys and the selected combatants'
actions. Each pane binds its own, working while it has the focus: the initiative list (which
has it when the screen opens) walks the rows, the sheet and the log scroll; Tab and Shift+Tab
move the focus between them, Esc brings it back to the list. The two bars bind theirs (Esc,
history, Tab) and give the focus back to the pane that had it when they close.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import BindingsMap
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input, Static

from gm_console.engine.rules.durations import wall_time
from gm_console.i18n import render

from .. import paint
from .. import present as p
from ..bindings import ENCOUNTER_KEYS, INITIATIVE_KEYS, bindings_for, shown_key
from ..controller import Controller, Outcome
from ..footer import FittedFooter
from ..frame import Frame
from ..ui_text import error_text, tr
from ..safe import clean, plain
from ..warnings import collapse
from ..widgets.command_bar import CommandBar, FindBar
from ..widgets.initiative import InitiativePane
from ..widgets.log import LogPane
from ..widgets.sheet import SheetPane
from ..widgets.timeline import TimelinePane
from .acting import Acting
from .files import Files
from .head import head_text
from .host import Done
from .selection import Selection
from .turns import Turns

if TYPE_CHECKING:  # the modals load when one opens: the first frame shows none
    from ..modals.base import FormModal


class EncounterScreen(Screen):
    AUTO_FOCUS = "#initiative"  # its keys work at once, and the footer shows them
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
        self._lent_by: Widget | None = None  # the pane that had the focus when a bar took it
        self.group_turns = group_turns if group_turns in ("each", "block") else "each"
        self._drawn_for = None  # the terminal's size the last redraw drew for (on_resize)
        # what the keys do, one family each (host.py: what a part may use of this screen)
        self.turns = Turns(self)
        self.acting = Acting(self)
        self.selection = Selection(self)
        self.files = Files(self)

    def bind_keys(self) -> None:
        """The keys; on a read-only save every key that would change it says who holds it."""
        self._bindings = BindingsMap(bindings_for(ENCOUNTER_KEYS, self.lang, self.controller.read_only))

    def rebind(self) -> None:
        """The keys again, and the footer (a copy saved under another name may be writable)."""
        self.bind_keys()
        self.refresh_bindings()

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
        bar = CommandBar(lang=self.lang, id="command-bar", placeholder=tr(self.lang, "command_placeholder"), compact=True)
        bar.context = lambda: (self.controller.state, self.controller.ruleset, self.lang)
        yield bar
        yield FindBar(lang=self.lang, id="find-bar", placeholder=tr(self.lang, "find_placeholder"), compact=True)
        yield FittedFooter(compact=True, show_command_palette=False)  # ctrl+p is in the help

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
        # The panes make their own rows again at a new width (their on_resize); the screen draws
        # again only for a size it has not drawn for (the head's width). Textual sends a Resize
        # as the screen mounts and another once the terminal reports its size, both for the
        # size the first frame is drawn at: drawing everything again after each cost the
        # big fight 27 ms of processor time and 0.5 MiB (benchmarks/start_cost.py).
        if self.app.size != self._drawn_for:
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
        self._drawn_for = self.app.size
        self._paint_head(frame)
        self._warnings()
        self.query_one(InitiativePane).show(frame)
        self.query_one(SheetPane).show(frame)
        self.query_one(TimelinePane).show(frame)
        self.query_one(LogPane).show(frame)
        offered = tuple(self.check_action(s.action.removeprefix("screen."), ())
                        for s in (*ENCOUNTER_KEYS, *INITIATIVE_KEYS))
        if offered != getattr(self, "_offered", None):  # the footer redraws only when it changes
            self._offered = offered
            self.refresh_bindings()

    def _paint_head(self, frame: Frame, widget: Static | None = None) -> None:
        widget = widget or self.query_one("#head", Static)
        paint.update(widget, clean(self._head(frame)), layout=False)  # one row, always

    def _head(self, frame: Frame) -> Text:
        return head_text(frame, self.controller, self.app.size.width or 80, self._elapsed(frame.state))

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
                 report: bool = True, typed: bool = False) -> None:
        """Run one command line; ask for dice when the engine needs them; redraw.

        ``report``: say a refusal in a notification (a form shows it on its own error line).
        ``typed``: the GM typed it, and it runs as typed; a key's or a form's line runs as the
        GM's table types it (`siguiente`, `atacar`), so the log echoes the table's words."""
        if not line:
            if done:
                done(Outcome(False, ""))
            return
        if not typed:
            line = self.controller.spoken(line, self.lang)
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
                self.run_line(line, done, (*collected, value), report, typed=True)

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
            self.files.after_line(was_in_combat)  # a fight that ended: its summary
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

    def target(self):
        """The selected combatant (None: says so)."""
        c = self.frame().selected_combatant
        if c is None:
            self.notify(tr(self.lang, "no_selection"), severity="warning")
        return c

    def targets(self) -> list:
        """The marked combatants, or else the selected one."""
        state = self.controller.state
        if self.marked:
            return [state.get(cid) for cid in self.roster_ids() if cid in self.marked]
        c = self.target()
        return [c] if c is not None else []

    def active(self):
        """Whose turn it is (None: nobody's yet)."""
        state = self.controller.state
        return state.get(state.active) if state.active in state.combatants else None

    # -- the focus: one pane at a time has it, and its keys --------------------------------------
    def panes(self) -> list[Widget]:
        """The panes the focus goes through, in order: those on the screen now."""
        return [w for w in (self.query_one(InitiativePane), self.query_one(SheetPane), self.query_one(LogPane))
                if w.display and w.focusable]

    def action_pane(self, step: int) -> None:
        """Tab / Shift+Tab: the next or previous pane (not while a bar has the keys)."""
        panes = self.panes()
        if self.focused is not None and self.focused not in panes:
            return
        i = panes.index(self.focused) if self.focused in panes else 0
        self.set_focus(panes[(i + step) % len(panes)])

    def action_pane_home(self) -> None:
        """Esc in the sheet or the log: the list again."""
        self.set_focus(self.query_one(InitiativePane))

    def lend_focus(self, bar: Widget) -> None:
        """A bar takes the keys; ``return_focus`` gives them back to the pane that had them."""
        if self.focused is not bar:
            self._lent_by = self.focused
        bar.focus()

    def return_focus(self) -> None:
        pane, self._lent_by = self._lent_by, None
        self.set_focus(pane if pane in self.panes() else self.query_one(InitiativePane))

    # -- the command bar -------------------------------------------------------------------
    def action_command_bar(self) -> None:
        bar = self.query_one(CommandBar)
        bar.display = True
        self.lend_focus(bar)

    def open_bar(self, text: str) -> None:
        """The command bar with a line begun for the GM to finish (the cursor at its end)."""
        self.action_command_bar()
        bar = self.query_one(CommandBar)
        bar.value = text
        bar.cursor_position = len(text)

    def _close_bar(self) -> None:
        bar = self.query_one(CommandBar)
        bar.value = ""
        bar.display = False
        hint = self.query_one("#hint", Static)
        hint.update("")
        hint.display = False
        self._bar_error = False
        self.return_focus()

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

        self.run_line(line, finished, typed=True)

    # -- the find bar (selection.py) -----------------------------------------------------------
    @on(Input.Changed, "#find-bar")
    def _find_typed(self, event: Input.Changed) -> None:
        event.stop()
        self.selection.typed(event.value)

    @on(Input.Submitted, "#find-bar")
    def _find_entered(self, event: Input.Submitted) -> None:
        event.stop()
        self.selection.entered(event.value)

    @on(FindBar.Closed)
    def _find_closed(self, event: FindBar.Closed) -> None:
        event.stop()
        self.selection.end_find(keep=False)

    # -- the keys about the screen itself (`:` is the command bar's, above) ----------------------
    def action_help(self) -> None:
        from .help import HelpScreen

        self.app.push_screen(HelpScreen(self.lang, self.controller.ruleset))

    def action_scroll_log(self, pages: int) -> None:
        log = self.query_one(LogPane)
        if not log.display:
            self.remove_class("-show-timeline")
        log.page(pages)

    def action_breakdown(self) -> None:
        self.breakdown = not self.breakdown
        self.redraw()

    def action_toggle_view(self) -> None:
        self.toggle_class("-show-timeline")
        self.call_after_refresh(self._view_toggled)

    def _view_toggled(self) -> None:
        if self.focused is None or not self.focused.display:  # the log it was reading went
            self.action_pane_home()
        self.redraw()

    # -- every other key (bindings.py's table), and the part that does it ----------------------
    def check_action(self, action: str, parameters: tuple) -> bool | None:
        """False: the game has no such thing (the key is hidden); None: not now (dimmed, the key
        does nothing); the parts say which of their keys can act now."""
        for part in (self.turns, self.acting):
            offered = part.offered(action)
            if offered is not True:
                return offered
        return True

    def action_next(self) -> None:
        self.turns.next()

    def action_previous(self) -> None:
        self.turns.previous()

    def action_start(self) -> None:
        self.turns.start()

    def action_roll_initiative(self) -> None:
        self.turns.roll_initiative()

    def action_undo(self) -> None:
        self.turns.undo()

    def action_redo(self) -> None:
        self.turns.redo()

    def action_accept(self) -> None:
        self.turns.accept()

    def action_delay(self) -> None:
        self.turns.delay()

    def action_ready(self) -> None:
        self.turns.ready()

    def action_resume(self) -> None:
        self.turns.resume()

    def action_trigger(self) -> None:
        self.turns.trigger()

    def action_end_fight(self) -> None:
        self.turns.end_fight()

    def action_damage(self) -> None:
        self.acting.damage()

    def action_heal(self) -> None:
        self.acting.heal()

    def action_attack(self) -> None:
        self.acting.attack()

    def action_condition(self) -> None:
        self.acting.condition()

    def action_uncondition(self) -> None:
        self.acting.uncondition()

    def action_spend(self) -> None:
        self.acting.spend()

    def action_tick_action(self) -> None:
        self.acting.tick_action()

    def action_dice_tray(self) -> None:
        self.acting.dice_tray()

    def action_add(self) -> None:
        self.acting.add()

    def action_remove(self) -> None:
        self.acting.remove()

    def action_group(self) -> None:
        self.acting.group()

    # the initiative list's keys (bound on it: INITIATIVE_KEYS) change who is selected, the screen's
    def action_select(self, step: int) -> None:
        self.selection.select(step)

    def action_select_active(self) -> None:
        self.selection.select_active()

    def action_mark(self) -> None:
        self.selection.mark()

    def action_clear_marks(self) -> None:
        self.clear_marks()

    def action_find(self) -> None:
        self.selection.find()

    def action_save(self) -> None:
        self.files.save()

    def action_save_as(self) -> None:
        self.files.save_as()

    def action_store_creature(self) -> None:
        self.files.store_creature()

    def action_party_write_back(self) -> None:
        self.files.party_write_back()

    def action_read_only(self) -> None:
        self.files.read_only()

    def action_quit(self) -> None:
        self.files.quit()
