"""What each key of the encounter screen does: a command line, or a modal that builds one.

A mixin of ``EncounterScreen`` (kept apart so the screen module stays about
layout and drawing). Every action ends in ``self.run_line(LINE)``: the screen
runs it through the controller and redraws.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import lines
from .. import present as p
from ..i18n import error_text, tr
from ..modals.add import AddCombatantModal
from ..modals.base import FormError
from ..modals.condition import ConditionModal, UnconditionModal
from ..modals.damage import DamageModal
from ..modals.dice_tray import DiceTrayModal
from ..modals.prompts import ChooseModal, ConfirmModal, SpendModal, TextPrompt
from ..widgets.log import LogPane

if TYPE_CHECKING:
    from .encounter import EncounterScreen

    _Base = EncounterScreen
else:
    _Base = object


class EncounterActions(_Base):
    # -- actions: turns ----------------------------------------------------------------
    def action_next(self) -> None:
        self.run_line("next")

    def action_previous(self) -> None:
        self.run_line("prev")

    def action_start(self) -> None:
        self.run_line("start")

    def action_roll_initiative(self) -> None:
        self.run_line("roll")

    def action_undo(self) -> None:
        self.run_line("undo")

    def action_redo(self) -> None:
        self.run_line("redo")

    def action_delay(self) -> None:
        c = self._active()
        if c is None:
            self.run_line("delay")  # the engine says why not, in its words
            return

        def check(text: str) -> str:
            if not text:
                return "delay"
            try:
                float(text.replace(",", "."))
            except ValueError:
                raise FormError(tr(self.lang, "bad_number")) from None
            return f"delay {text.replace(',', '.')}"

        self.app.push_screen(TextPrompt(self.lang, tr(self.lang, "delay_title", name=c.name),
                                        tr(self.lang, "delay_count"), check, placeholder="15"), self.run_line)

    def action_ready(self) -> None:
        c = self._active()
        if c is None:
            self.run_line("ready -")
            return

        def check(text: str) -> str:
            if not text:
                raise FormError(tr(self.lang, "need_trigger"))
            return f"ready {text}"

        self.app.push_screen(TextPrompt(self.lang, tr(self.lang, "ready_title", name=c.name),
                                        tr(self.lang, "ready_trigger"), check), self.run_line)

    def _pick(self, ids: list[str], verb: str, title: str, empty: str) -> None:
        state = self.controller.state
        if not ids:
            self.notify(tr(self.lang, empty), severity="warning")
            return
        if len(ids) == 1:
            self.run_line(lines.join(verb, lines.ref(state, state.get(ids[0]))))
            return
        options = [(cid, state.get(cid).name) for cid in ids]

        def chosen(cid: str | None) -> None:
            if cid:
                self.run_line(lines.join(verb, lines.ref(state, state.get(cid))))

        self.app.push_screen(ChooseModal(self.lang, tr(self.lang, title), options), chosen)

    def action_resume(self) -> None:
        ids = [cid for cid in self.controller.state.delayed if cid in self.controller.state.combatants]
        self._pick(ids, "resume", "resume_title", "no_delaying")

    def action_trigger(self) -> None:
        ids = [cid for cid in self.controller.state.readied if cid in self.controller.state.combatants]
        self._pick(ids, "trigger", "trigger_title", "no_readied")

    # -- actions: the selected combatant ------------------------------------------------
    def action_damage(self) -> None:
        c = self._target()
        if c:
            self.app.push_screen(DamageModal(self.frame(), c), self.run_line)

    def action_heal(self) -> None:
        c = self._target()
        if c:
            self.app.push_screen(DamageModal(self.frame(), c, heal=True), self.run_line)

    def action_condition(self) -> None:
        c = self._target()
        if c:
            self.app.push_screen(ConditionModal(self.frame(), c), self.run_line)

    def action_uncondition(self) -> None:
        c = self._target()
        if c is None:
            return
        if not c.conditions:
            self.notify(tr(self.lang, "no_conditions_to_remove", name=c.name), severity="warning")
            return
        self.app.push_screen(UnconditionModal(self.frame(), c), self.run_line)

    def action_dice_tray(self) -> None:
        entries = self.controller.encounter.session.done
        self.app.push_screen(DiceTrayModal(self.lang, entries), self.run_line)

    def action_spend(self) -> None:
        c = self._target()
        if c is None:
            return
        if not c.pools:
            self.notify(tr(self.lang, "no_resources", name=c.name), severity="warning")
            return
        self.app.push_screen(SpendModal(self.frame(), c), self.run_line)

    def action_tick_action(self) -> None:
        state, rs = self.controller.state, self.controller.ruleset
        c = self._active() or self._target()
        if c is None:
            return
        items = p.action_budget(rs, state, c)
        lines_by_id = {}
        for item in items:
            cid, en, es, used = p.budget_item(item)
            line = p.budget_command(rs, state, c, item)
            if line and not used:
                lines_by_id[cid] = (line, es if self.lang == "es" else en)
        if not items or not any(p.budget_command(rs, state, c, i) for i in items):
            self.notify(tr(self.lang, "no_budget", ruleset=rs.name), severity="warning")
            return
        if not lines_by_id:
            self.notify(tr(self.lang, "budget_spent", name=c.name), severity="warning")
            return
        options = [(cid, label) for cid, (_, label) in lines_by_id.items()]

        def chosen(cid: str | None) -> None:
            if cid:
                self.run_line(lines_by_id[cid][0])

        self.app.push_screen(ChooseModal(self.lang, tr(self.lang, "tick_title", name=c.name), options), chosen)

    def action_add(self) -> None:
        self.app.push_screen(AddCombatantModal(self.frame()), self.run_line)

    def action_remove(self) -> None:
        c = self._target()
        if c is None:
            return
        line = lines.join("remove", lines.ref(self.controller.state, c))

        def answer(yes: bool | None) -> None:
            if yes:
                self.run_line(line)

        self.app.push_screen(ConfirmModal(self.lang, tr(self.lang, "remove_confirm", name=c.name)), answer)

    # -- actions: view ---------------------------------------------------------------------
    def action_select(self, step: int) -> None:
        ids = self.roster_ids()
        if not ids:
            return
        i = ids.index(self.selected) if self.selected in ids else 0
        self.selected = ids[max(0, min(len(ids) - 1, i + step))]
        self.redraw()

    def action_select_active(self) -> None:
        if self.controller.state.active:
            self.selected = self.controller.state.active
            self.redraw()

    def action_scroll_log(self, pages: int) -> None:
        log = self.query_one(LogPane)
        if not log.display:
            self.remove_class("-show-timeline")
        log.scroll_to(y=log.scroll_y + pages * max(1, log.size.height - 1), animate=False)

    def action_breakdown(self) -> None:
        self.breakdown = not self.breakdown
        self.redraw()

    def action_toggle_view(self) -> None:
        self.toggle_class("-show-timeline")

    def action_save(self) -> None:
        enc = self.controller.encounter
        if enc.read_only:
            self.action_read_only()
            return
        pending = bool(enc.session.journal)
        error = self.controller.save()
        if error:
            self.notify(error, severity="error", timeout=8)
        else:
            self.notify(tr(self.lang, "saved" if pending else "nothing_to_save", path=str(enc.path)))

    def action_save_as(self) -> None:
        from gm_console.storage.library import copy_path, suggest_copy

        current = self.controller.encounter.path
        suggestion = suggest_copy(current)

        def chosen(text: str | None) -> None:
            if not text:
                return
            target = copy_path(current, text)
            error = self.controller.save_as(target)
            if error:
                self.notify(error_text(error, self.lang), severity="error", timeout=10)
                return
            self.bind_keys()
            self.refresh_bindings()
            self.redraw()
            self.notify(tr(self.lang, "saved_copy", path=str(target)))

        self.app.push_screen(TextPrompt(self.lang, tr(self.lang, "save_as_title"),
                                        tr(self.lang, "save_as_path", path=suggestion),
                                        lambda text: text.strip() or suggestion, placeholder=suggestion), chosen)

    def action_help(self) -> None:
        from .help import HelpScreen

        self.app.push_screen(HelpScreen(self.lang, self.controller.ruleset))

    def action_quit(self) -> None:
        error = self.controller.save()
        if error is None:
            self.app.exit(0)
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self.app.exit(1)

        self.app.push_screen(ConfirmModal(self.lang, tr(self.lang, "quit_unsaved", error=error)), answer)
