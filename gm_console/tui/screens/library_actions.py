"""The encounter screen's keys for what outlasts the encounter: the bestiary and the party.

A mixin of ``EncounterScreen``, like ``keys.py``. These change files beside the save,
not the encounter, so they are not command lines: storage does the writing (whole files,
atomic), the screen only asks and says what happened.

- ``B`` stores the selected combatant in the GM's bestiary (``add @NAME`` finds it later).
- ``P`` writes what lasted of the party's PCs back to the party, after showing what changes;
  when a combat ends, the summary after the fight (``summary.py``) offers it.
- ``E`` ends the fight after a y/n; ``q`` from an encounter opened in the picker goes back to it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gm_console.i18n import _, render
from gm_console.storage import SaveError
from gm_console.storage import bestiary as bestiary_file
from gm_console.storage import party as party_file


if TYPE_CHECKING:
    from .encounter import EncounterScreen

    _Base = EncounterScreen
else:
    _Base = object


class LibraryActions(_Base):
    def action_store_creature(self) -> None:
        from ..modals.base import FormError
        from ..modals.prompts import TextPrompt

        c = self._target()
        if c is None:
            return
        enc = self.controller.encounter
        suggestion, _table = bestiary_file.entry_of(c, enc.ruleset, bestiary=enc.bestiary)

        def check(text: str) -> str:
            name = text.strip() or _table["en"]
            if "=" in name or not name:
                raise FormError(render(_("A name is needed"), self.lang))
            return name

        def named(name: str | None) -> None:
            if name:
                self._store(c, name, replace=False)

        self.app.push_screen(TextPrompt(self.lang, render(_("Store {name} in your bestiary", name=c.name), self.lang),
                                        render(_("Its name there (Enter: {name})", name=_table["en"]), self.lang),
                                        check, placeholder=_table["en"]), named)

    def _store(self, c, name: str, replace: bool) -> None:
        from ..modals.prompts import ConfirmModal

        enc = self.controller.encounter
        cid, table = bestiary_file.entry_of(c, enc.ruleset, en=name, bestiary=enc.bestiary)
        if not replace and cid in enc.bestiary and enc.bestiary[cid].origin == "user":
            def answer(yes: bool | None) -> None:
                if yes:
                    self._store(c, name, replace=True)

            self.app.push_screen(ConfirmModal(self.lang, render(_("Your bestiary already has @{id}. Replace it?",
                                                                  id=cid), self.lang)), answer)
            return
        try:
            path = bestiary_file.store(enc.ruleset.id, cid, table, replace=replace)
        except SaveError as exc:
            self._refused(exc)
            return
        enc.bestiary_changed()  # add @NAME finds it at once, read when asked
        self.notify(render(_("stored {name} as @{id} in {file}; add it with: add @{id}", name=c.name, id=cid,
                             file=str(path)), self.lang))

    def action_party_write_back(self) -> None:
        from ..modals.prompts import ConfirmModal

        enc = self.controller.encounter
        name = enc.doc.extra.get("party")
        if not isinstance(name, str) or not name:
            self.notify(render(_("This encounter did not start with a party (gm-console new PATH --party NAME)"),
                               self.lang), severity="warning")
            return
        try:
            party = party_file.load(name)
            changes = party_file.write_back(party, enc.state, enc.ruleset, dry_run=True)
        except SaveError as exc:
            self._refused(exc)
            return
        line = party_file.summary(changes, self.lang)

        def answer(yes: bool | None) -> None:
            if not yes:
                return
            try:
                party_file.write_back(party_file.load(name), enc.state, enc.ruleset)
            except SaveError as exc:
                self._refused(exc)
                return
            self.notify(render(_("{party}: {changes}", party=name, changes=line), self.lang), timeout=8)

        self.app.push_screen(ConfirmModal(self.lang, render(_("Write back to the party {party}?\n{changes}",
                                                              party=name, changes=line), self.lang)), answer)

    def _refused(self, exc: SaveError) -> None:
        """A file that could not be read or written: its one line, in the GM's language."""
        self.notify(problem_text(exc, self.lang), severity="error", timeout=8)

    def offer_party_write_back(self, was_in_combat: bool) -> None:
        """After a line that ended the combat: its summary, which offers the party write-back."""
        enc = self.controller.encounter
        if was_in_combat and not enc.state.in_combat:
            self.show_summary()

    def show_summary(self) -> None:
        from .summary import PARTY, SummaryScreen

        enc = self.controller.encounter
        party = enc.doc.extra.get("party")
        party = party if isinstance(party, str) and party and not enc.read_only else None

        def answer(choice: str | None) -> None:
            if choice == PARTY:
                self.action_party_write_back()

        self.app.push_screen(SummaryScreen(enc, self.lang, party), answer)

    def action_end_fight(self) -> None:
        """``end``, after a y/n: the fight is over; its summary follows (``run_line``)."""
        from ..modals.prompts import ConfirmModal

        if not self.controller.state.in_combat:
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self.run_line("end")

        self.app.push_screen(ConfirmModal(self.lang, render(_("End the fight? (y/n)"), self.lang)), answer)

    def leave(self, code: int) -> None:
        """Out of the encounter: back to the picker it was opened from (the file let go, the
        list read again), else out of the program."""
        from .picker import PickerScreen

        stack = self.app.screen_stack
        if len(stack) >= 2 and isinstance(stack[-2], PickerScreen):
            self.controller.pause_clock()  # the closed time is not the running turn's
            self.controller.encounter.close()
            self.app.pop_screen()
            return
        self.app.exit(code)
