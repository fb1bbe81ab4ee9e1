"""The encounter screen's keys for what outlasts the fight: Ctrl+S S B P q, and the summary.

These are not command lines: they write files (the save, a copy of it, the GM's bestiary, the
party) through the Controller, which has storage do the writing (whole files, atomic); this
part only asks and says what happened.

- ``Ctrl+S`` saves now, ``S`` saves a copy under another name and goes on in it;
- ``B`` stores the selected combatant in the GM's bestiary (``add @NAME`` finds it later);
- ``P`` writes what lasted of the party's PCs back to the party, after showing what changes;
  when a combat ends, its summary (``summary.py``) offers it;
- ``q`` quits, or goes back to the picker the encounter was opened from.
"""

from __future__ import annotations

from gm_console.i18n import _, render
from gm_console.storage import SaveError

from ..ui_text import error_text, problem_text, tr
from .host import Host


class Files:
    def __init__(self, screen: Host) -> None:
        self.screen = screen

    def read_only(self) -> None:
        """Any key that would change a read-only save: who holds it."""
        screen = self.screen
        screen.notify(error_text(screen.controller.refusal(), screen.lang), severity="error", timeout=8)

    def save(self) -> None:
        screen = self.screen
        controller = screen.controller
        if controller.read_only:
            self.read_only()
            return
        pending = controller.unsaved
        error = controller.save()
        if error:
            screen.notify(error_text(error, screen.lang), severity="error", timeout=8)
        else:
            screen.notify(tr(screen.lang, "saved" if pending else "nothing_to_save", path=str(controller.path)))

    def save_as(self) -> None:
        from gm_console.storage.library import copy_path, suggest_copy

        from ..modals.prompts import TextPrompt

        screen = self.screen
        current = screen.controller.path
        suggestion = suggest_copy(current)

        def chosen(text: str | None) -> None:
            if not text:
                return
            target = copy_path(current, text)
            error = screen.controller.save_as(target)
            if error:
                screen.notify(error_text(error, screen.lang), severity="error", timeout=10)
                return
            screen.rebind()
            screen.redraw()
            screen.notify(tr(screen.lang, "saved_copy", path=str(target)))

        screen.app.push_screen(TextPrompt(screen.lang, tr(screen.lang, "save_as_title"),
                                          tr(screen.lang, "save_as_path", path=suggestion),
                                          lambda text: text.strip() or suggestion, placeholder=suggestion), chosen)

    # -- the bestiary --------------------------------------------------------------------
    def store_creature(self) -> None:
        from ..modals.base import FormError
        from ..modals.prompts import TextPrompt

        screen = self.screen
        lang = screen.lang
        c = screen.target()
        if c is None:
            return
        _suggestion, table = screen.controller.bestiary_entry(c)

        def check(text: str) -> str:
            name = text.strip() or table["en"]
            if "=" in name or not name:
                raise FormError(render(_("A name is needed"), lang))
            return name

        def named(name: str | None) -> None:
            if name:
                self._store(c, name, replace=False)

        screen.app.push_screen(TextPrompt(lang, render(_("Store {name} in your bestiary", name=c.name), lang),
                                          render(_("Its name there (Enter: {name})", name=table["en"]), lang),
                                          check, placeholder=table["en"]), named)

    def _store(self, c, name: str, replace: bool) -> None:
        from ..modals.prompts import ConfirmModal

        screen = self.screen
        controller = screen.controller
        cid, table = controller.bestiary_entry(c, name)
        if not replace and controller.in_user_bestiary(cid):
            def answer(yes: bool | None) -> None:
                if yes:
                    self._store(c, name, replace=True)

            screen.app.push_screen(ConfirmModal(screen.lang, render(_("Your bestiary already has @{id}. Replace it?",
                                                                      id=cid), screen.lang)), answer)
            return
        try:
            path = controller.store_in_bestiary(cid, table, replace=replace)
        except SaveError as exc:
            self._refused(exc)
            return
        screen.notify(render(_("stored {name} as @{id} in {file}; add it with: add @{id}", name=c.name, id=cid,
                               file=str(path)), screen.lang))

    # -- the party -----------------------------------------------------------------------
    def party_write_back(self) -> None:
        from gm_console.storage import party as party_file

        from ..modals.prompts import ConfirmModal

        screen = self.screen
        controller = screen.controller
        name = controller.party
        if name is None:
            screen.notify(render(_("This encounter did not start with a party (gm-console new PATH --party NAME)"),
                                 screen.lang), severity="warning")
            return
        try:
            changes = controller.party_write_back(name, dry_run=True)
        except SaveError as exc:
            self._refused(exc)
            return
        line = party_file.summary(changes, screen.lang)

        def answer(yes: bool | None) -> None:
            if not yes:
                return
            try:
                controller.party_write_back(name)
            except SaveError as exc:
                self._refused(exc)
                return
            screen.notify(render(_("{party}: {changes}", party=name, changes=line), screen.lang), timeout=8)

        screen.app.push_screen(ConfirmModal(screen.lang, render(_("Write back to the party {party}?\n{changes}",
                                                                  party=name, changes=line), screen.lang)), answer)

    def _refused(self, exc: SaveError) -> None:
        """A file that could not be read or written: its one line, in the GM's language."""
        self.screen.notify(problem_text(exc, self.screen.lang), severity="error", timeout=8)

    # -- after the fight -------------------------------------------------------------------
    def after_line(self, was_in_combat: bool) -> None:
        """After a line that ended the combat: its summary, which offers the party write-back."""
        if was_in_combat and not self.screen.controller.state.in_combat:
            self.show_summary()

    def show_summary(self) -> None:
        from .summary import PARTY, SummaryScreen

        screen = self.screen
        controller = screen.controller
        party = controller.party if not controller.read_only else None

        def answer(choice: str | None) -> None:
            if choice == PARTY:
                self.party_write_back()

        screen.app.push_screen(SummaryScreen(controller, screen.lang, party), answer)

    # -- leaving -------------------------------------------------------------------------
    def quit(self) -> None:
        """Quit; an encounter opened from the picker goes back to it (its file let go)."""
        from ..modals.prompts import ConfirmModal

        screen = self.screen
        error = screen.controller.save()
        if error is None:
            self.leave(0)
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self.leave(1)

        screen.app.push_screen(ConfirmModal(screen.lang, tr(screen.lang, "quit_unsaved",
                                                            error=error_text(error, screen.lang))), answer)

    def leave(self, code: int) -> None:
        """Out of the encounter: back to the picker it was opened from (the file let go, the
        list read again), else out of the program."""
        from .picker import PickerScreen

        app = self.screen.app
        stack = app.screen_stack
        if len(stack) >= 2 and isinstance(stack[-2], PickerScreen):
            self.screen.controller.pause_clock()  # the closed time is not the running turn's
            self.screen.controller.close()
            app.pop_screen()
            return
        app.exit(code)
