"""The Textual application: settings, keymap, and which screen comes first.

``run(path, lang, dice_mode)`` is what the CLI calls. Settings come from the
command line first, then ``keymap.toml`` (``[settings]``), then defaults.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Callable, Iterable

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.command import CommandPalette
from textual.screen import Screen

from gm_console.engine.core.dice import Dice
from gm_console.i18n import LANGS
from gm_console.storage import Encounter, SaveError
from gm_console.storage import config as _config
from gm_console.storage.config import UserConfig, load_config

from . import compat, keyboard
from .controller import Controller
from .ui_text import problem_text, tr
from .keymap import check_keymap
from .palette import ActionsProvider
from .players.clipboard import PostProvider
from .safe import visible
from .typeahead import Typeahead


#: the TUI's own [settings] in keymap.toml, declared to the reader so it accepts them:
#: groups = "each" (n steps through a group's members) or "block" (n ends the whole group's turns)
GROUP_TURNS = ("each", "block")
_config.SETTINGS.setdefault("groups", GROUP_TURNS)
#: turn_clock = "on" (the head shows how long this turn has taken) or "off"
_config.SETTINGS.setdefault("turn_clock", ("on", "off"))


KEEP_AFTER = 1.0  # seconds after the first frame a fight's screen is kept, once the screen is still


class GMConsole(App):
    CSS_PATH = "app.tcss"
    TITLE = "gm-console"
    COMMANDS = App.COMMANDS | {ActionsProvider, PostProvider}

    def __init__(self, path: Path | str | None = None, lang: str = "en", dice_mode: str = "auto",
                 config: UserConfig | None = None, dice: Dice | None = None,
                 encounter: Encounter | None = None, first_frame: Callable[[], None] | None = None,
                 clock: Callable[[], float] | None = None,
                 keep_screen: Callable[[str, int, int], bool] | None = None, painted: bool = False) -> None:
        keyboard.install()  # an Esc, then a key at once, is not Alt+key; an early Enter is Enter
        super().__init__(driver_class=_over_kept_screen(self.get_driver_class()) if painted else None)
        self.first_frame = first_frame  # called once, when the first screen has been painted
        self.config = config if config is not None else UserConfig()
        self.lang = lang if lang in LANGS else "en"  # any compiled catalogue (a third language too)
        self.dice_mode = dice_mode if dice_mode in ("auto", "ask") else "auto"
        self.dice = dice
        self.path = Path(path) if path is not None else None
        self.initial = encounter
        self.clock = clock  # the wall clock of the turn clock (None: the system's); tests fix it
        self.user_keys, self.key_problems = check_keymap(self.config.keys)
        self.typeahead = Typeahead(self)
        # the screen of the fight ``path`` names, kept for its next open (storage/lastscreen.py):
        # when it closes, and after the first frame of an open that found none kept
        self.keep_screen = keep_screen
        self.painted = painted

    def exit(self, result=None, return_code: int = 0, message=None) -> None:
        """Out of the program: a turn left running stops being timed until the fight is opened
        again (``clock pause``, docs/stats.md#the-turn-clock), and the fight's screen is kept
        for its next open."""
        for controller in {id(c): c for s in self.screen_stack
                           if isinstance(c := getattr(s, "controller", None), Controller)}.values():
            controller.pause_clock()
        if return_code == 0:  # not after an error, nor a quit that left actions unsaved
            self.keep_last_screen()
        super().exit(result, return_code, message)

    def keep_last_screen(self) -> None:
        """The fight's screen as drawn now, kept for its next open (the one ``path`` names:
        not another opened from the picker since)."""
        if self.keep_screen is None or self.path is None:
            return
        for screen in reversed(self.screen_stack):
            controller = getattr(screen, "controller", None)
            if isinstance(controller, Controller):
                # a read-only console is looking at a file another one writes: that one keeps it
                if not controller.read_only and os.path.realpath(controller.path) == os.path.realpath(self.path):
                    frame = compat.drawn(screen, self.console)
                    if frame is not None:
                        self.keep_screen(frame, *screen.size)
                return

    # -- the command palette, in the GM's language ------------------------------------------
    def action_command_palette(self) -> None:
        if self.use_command_palette and not CommandPalette.is_open(self):
            self.push_screen(CommandPalette(id="--command-palette", placeholder=tr(self.lang, "palette_search")))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """Textual's own commands (theme, quit, keys panel, screenshot) with our words."""
        yield SystemCommand(tr(self.lang, "sys_theme"), tr(self.lang, "sys_theme_help"), self.action_change_theme)
        yield SystemCommand(tr(self.lang, "sys_quit"), tr(self.lang, "sys_quit_help"), self.action_quit)
        if screen.query("HelpPanel"):
            yield SystemCommand(tr(self.lang, "sys_keys"), tr(self.lang, "sys_keys_hide"), self.action_hide_help_panel)
        else:
            yield SystemCommand(tr(self.lang, "sys_keys"), tr(self.lang, "sys_keys_show"), self.action_show_help_panel)
        yield SystemCommand(tr(self.lang, "sys_screenshot"), tr(self.lang, "sys_screenshot_help"),
                            lambda: self.set_timer(0.1, self.deliver_screenshot))

    # -- keys: one at a time, each after the last has done all it does (see typeahead) ----
    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and not event.is_forwarded:
            # the offers on the screen as the key is typed: `y` runs one of these (screens/turns.py)
            event.gm_offers = getattr(self.screen, "shown_offers", None) if self.screen_stack else None
        if isinstance(event, events.Key) and self.typeahead.take(event):
            await self._pump_keys()
            return
        await super().on_event(event)

    async def _pump_keys(self) -> None:
        if not self.screen_stack:  # closing: nothing left to type into
            self.typeahead.keys.clear()
            return
        await self.typeahead.pump(super().on_event, self._key_starts)

    def _key_starts(self) -> None:
        """A key is about to be handled: a refusal the last key left on a screen is over."""
        for screen in self.screen_stack:
            said = getattr(screen, "key_pressed", None)
            if said is not None:
                said()

    def push_screen(self, screen, callback=None, wait_for_dismiss=False, *, mode=None):
        result = super().push_screen(screen, callback, wait_for_dismiss, mode=mode)
        self.typeahead.opened(screen)
        pushed = self.screen_stack[-1] if self.screen_stack else None
        if pushed is not None:
            pushed.call_after_refresh(self.typeahead.painted, pushed)
            if self.first_frame is not None:
                pushed.call_after_refresh(self.first_frame)
                self.first_frame = None
        return result

    def notify(self, message: str, *, title: str = "", severity="information", timeout=None,
               markup: bool = True) -> None:
        """Every notification carries user words (names, paths, engine errors quoting what was
        typed): never markup, never raw control bytes (see ``safe``)."""
        super().notify(visible(message), title=visible(title), severity=severity, timeout=timeout,
                       markup=False)

    def on_mount(self) -> None:
        # Textual's own Ctrl+P binding, with its footer word and tooltip in the GM's language
        self._bindings.key_to_bindings[self.COMMAND_PALETTE_BINDING] = [Binding(
            self.COMMAND_PALETTE_BINDING, "command_palette", tr(self.lang, "palette_key"), show=False,
            key_display=self.COMMAND_PALETTE_DISPLAY, priority=True, tooltip=tr(self.lang, "palette_tip"))]
        if self.user_keys:
            self.set_keymap(self.user_keys)
        for problem in self.config.problems + self.key_problems:
            self.notify(tr(self.lang, "config_problem", text=problem), severity="warning", timeout=10)
        if self.initial is not None:
            self.open_encounter(self.initial)
            return
        if self.path is not None:
            try:
                self.open_encounter(Encounter.open(self.path))
                return
            except SaveError as exc:  # the CLI checks first; a file changed since then lands here
                self.notify(problem_text(exc, self.lang), severity="error", timeout=15)
        from .screens.picker import PickerScreen  # only when there is no encounter to open

        self.push_screen(PickerScreen(self.lang))

    def open_encounter(self, encounter: Encounter) -> None:
        from .screens.encounter import EncounterScreen

        encounter.lang = self.lang  # a creature added from the bestiary is named in the table's language
        controller = Controller(encounter, self.dice_mode, self.dice, clock=self.clock)
        controller.resume_clock()  # a turn left running when it closed: the closed time is not its
        if encounter.warning:
            self.notify(encounter.warning, severity="warning", timeout=10)
        self.push_screen(EncounterScreen(controller, self.lang, self.config.settings.get("groups", "each"),
                                         turn_clock=self.config.settings.get("turn_clock", "on") == "on"))
        if not self.painted:  # no screen was kept for this fight as it is: one for its next open
            self.painted = True
            self.set_timer(KEEP_AFTER, self.keep_last_screen)


def _over_kept_screen(driver: type) -> type:
    """Textual's terminal driver, for a start that painted the fight's kept screen on the
    alternate screen already (gm_console/glimpse.py): the driver's own first entry into the
    alternate screen is not sent again (some terminals clear the screen at it, which would
    blank the kept screen until the first frame). Any later entry (after a suspend) is sent."""
    from textual.drivers.linux_driver import LinuxDriver

    if not issubclass(driver, LinuxDriver):  # another driver (TEXTUAL_DRIVER, Windows): as it is
        return driver

    class OverKeptScreen(driver):  # type: ignore[misc, valid-type]
        _entered = False

        def write(self, data: str) -> None:
            if data == ENTER_ALTERNATE_SCREEN and not self._entered:
                self._entered = True
                return
            super().write(data)

    return OverKeptScreen


ENTER_ALTERNATE_SCREEN = "\x1b[?1049h"  # what LinuxDriver.start_application_mode writes first


def resolve_settings(config: UserConfig, lang: str | None, dice_mode: str | None,
                     default_lang: str = "en") -> tuple[str, str]:
    """(lang, dice mode): the command line wins, then keymap.toml's [settings], then the
    environment's language (``default_lang``)."""
    lang = lang or config.settings.get("lang") or default_lang
    return lang, dice_mode or config.settings.get("dice", "auto")


def run(path: Path | None, lang: str | None = None, dice_mode: str | None = None,
        default_lang: str = "en", encounter: Encounter | None = None,
        first_frame: Callable[[], None] | None = None,
        keep_screen: Callable[[str, int, int], bool] | None = None, painted: bool = False) -> int:
    """Start the TUI; ``lang`` None means "not given on the command line"; an encounter the
    caller already opened is used as it is (no second read of the file). ``first_frame``:
    called once the first screen is painted (the CLI lets the garbage collector run again).
    ``keep_screen(frame, cols, rows)`` keeps the fight's screen for its next open; ``painted``:
    the start painted one kept for it as it is now (gm_console/glimpse.py)."""
    config = load_config()
    lang, mode = resolve_settings(config, lang, dice_mode, default_lang)
    app = GMConsole(path, lang=lang, dice_mode=mode, config=config, encounter=encounter, first_frame=first_frame,
                    keep_screen=keep_screen, painted=painted)
    result = app.run()
    if app.return_code:
        return app.return_code
    return result if isinstance(result, int) else 0
