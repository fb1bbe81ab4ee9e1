"""The encounter screen's keys for the turn and the history: n p s i u U y w r t e E.

Each ends in a command line (``next``, ``undo``, ``delay 12``...) the screen runs through the
Controller, or in a small form or choice that builds one. A key the game does not have, or
that cannot act now, is not offered (``offered``): its footer key is hidden or dimmed and the
key does nothing, instead of opening a form that can only be refused.
"""

from __future__ import annotations

from gm_console.engine.rules import groups
from gm_console.i18n import _, render

from .. import lines
from ..guard import ask
from ..ui_text import tr
from .host import Host


class Turns:
    def __init__(self, screen: Host) -> None:
        self.screen = screen

    def offered(self, action: str) -> bool | None:
        """False: the game has no such thing (hidden); None: not now (dimmed); True: offered,
        or not one of these keys."""
        screen = self.screen
        controller = screen.controller
        state, rs = controller.state, controller.ruleset
        if action in ("delay", "ready"):
            if not getattr(rs.turns, action, True):
                return False
            c = screen.active()
            if c is None or _refusal(rs, c):
                return None
        elif action == "resume":
            return True if any(cid in state.combatants for cid in state.delayed) else None
        elif action == "trigger":
            return True if any(cid in state.combatants for cid in state.readied) else None
        elif action in ("next", "previous", "end_fight"):
            return True if state.in_combat else None
        elif action == "start":
            return None if state.in_combat or not state.combatants else True
        elif action == "undo":
            return True if controller.can_undo else None
        elif action == "redo":
            return True if controller.can_redo else None
        elif action == "accept":
            return True if screen.offers() or self._offers_when_typed() else False
        return True

    def next(self) -> None:
        """``n``: the next one acts; with groups = "block", a group's turns end together."""
        state = self.screen.controller.state
        if self.screen.group_turns == "block" and groups.rest_of_block(state, state.active):
            self.screen.run_line("group-done")
            return
        self.screen.run_line("next")

    def previous(self) -> None:
        self.screen.run_line("prev")

    def start(self) -> None:
        self.screen.run_line("start")

    def undo(self) -> None:
        self.screen.run_line("undo")

    def redo(self) -> None:
        self.screen.run_line("redo")

    def roll_initiative(self) -> None:
        """``i``: the initiative form for everyone without one, PCs first."""
        from ..modals.prompts import InitiativeModal

        screen = self.screen
        state = screen.controller.state
        missing = [state.get(cid) for cid in state.without_initiative()]
        if not missing:
            screen.notify(tr(screen.lang, "everyone_has_initiative"), severity="warning")
            return
        rank = {"pc": 0, "ally": 1}
        missing.sort(key=lambda c: (rank.get(c.side, 2), c.added))
        screen.open_form(InitiativeModal(screen.frame(), missing))

    def accept(self) -> None:
        """``y``: run the command the warnings line offers; with several, choose one."""
        from ..modals.prompts import ChooseModal

        screen = self.screen
        shown = self._offers_when_typed()
        offers = list(shown) if shown is not None else screen.offers()
        if not offers:
            return
        if len(offers) == 1:
            screen.run_line(offers[0][1])
            return

        def chosen(line: str | None) -> None:
            if line:
                screen.run_line(line)

        screen.app.push_screen(ChooseModal(screen.lang, tr(screen.lang, "accept_title"),
                                           [(line, f"{text} → {line}") for text, line in offers]), chosen)

    def _offers_when_typed(self) -> tuple[tuple[str, str], ...] | None:
        """The offers the warnings line showed when the key now handled was typed (None: not
        typed on this screen). Keys typed ahead are handled later, after the keys before them
        have changed the fight: `n y` on Kyra's offer must not run the offer Navasi's turn brings
        (it runs Kyra's, which the engine then takes or refuses in one line)."""
        key = self.screen.app.typeahead.current
        shown = getattr(key, "gm_offers", None)
        return shown if isinstance(shown, tuple) else None

    def delay(self) -> None:
        """``w``: the active combatant delays, optionally until a count."""
        from ..modals.base import FormError
        from ..modals.prompts import TextPrompt

        screen = self.screen
        lang = screen.lang
        c = screen.active()
        if c is None:
            screen.run_line("delay")  # the engine says why not, in its words
            return

        def check(text: str) -> str:
            if not text:
                return "delay"
            try:
                float(text.replace(",", "."))
            except ValueError:
                raise FormError(tr(lang, "bad_number")) from None
            return f"delay {text.replace(',', '.')}"

        screen.open_form(TextPrompt(lang, tr(lang, "delay_title", name=c.name), tr(lang, "delay_count"), check))

    def ready(self) -> None:
        """``r``: the active combatant readies an action with a trigger."""
        from ..modals.base import FormError
        from ..modals.prompts import TextPrompt

        screen = self.screen
        lang = screen.lang
        c = screen.active()
        if c is None:
            screen.run_line("ready -")
            return

        def check(text: str) -> str:
            if not text:
                raise FormError(tr(lang, "need_trigger"))
            return f"ready {lines.quote(text)}"

        screen.open_form(TextPrompt(lang, tr(lang, "ready_title", name=c.name), tr(lang, "ready_trigger"), check))

    def resume(self) -> None:
        """``e``: a delaying combatant acts now."""
        state = self.screen.controller.state
        self._pick([cid for cid in state.delayed if cid in state.combatants], "resume", "resume_title", "no_delaying")

    def trigger(self) -> None:
        """``t``: a readied action goes off now."""
        state = self.screen.controller.state
        self._pick([cid for cid in state.readied if cid in state.combatants], "trigger", "trigger_title", "no_readied")

    def _pick(self, ids: list[str], verb: str, title: str, empty: str) -> None:
        from ..modals.prompts import ChooseModal

        screen = self.screen
        state = screen.controller.state
        if not ids:
            screen.notify(tr(screen.lang, empty), severity="warning")
            return
        if len(ids) == 1:
            screen.run_line(lines.join(verb, lines.ref(state, state.get(ids[0]))))
            return
        options = [(cid, state.get(cid).name) for cid in ids]

        def chosen(cid: str | None) -> None:
            if cid:
                screen.run_line(lines.join(verb, lines.ref(state, state.get(cid))))

        screen.app.push_screen(ChooseModal(screen.lang, tr(screen.lang, title), options), chosen)

    def end_fight(self) -> None:
        """``E``: ``end``, after a y/n: the fight is over; its summary follows (files.py)."""
        from ..modals.prompts import ConfirmModal

        screen = self.screen
        if not screen.controller.state.in_combat:
            return

        def answer(yes: bool | None) -> None:
            if yes:
                screen.run_line("end")

        screen.app.push_screen(ConfirmModal(screen.lang, render(_("End the fight? (y/n)"), screen.lang)), answer)


def _refusal(rs, c) -> str | None:
    why = ask("can_change_initiative", lambda: rs.turns.can_change_initiative(c), None)
    return render(why) if why else None
