"""What each key of the encounter screen does: a command line, or a modal that builds one.

A mixin of ``EncounterScreen`` (kept apart so the screen module stays about
layout and drawing). Every action ends in ``self.run_line(LINE)``: the screen
runs it through the controller and redraws. An action the ruleset does not
have, or the combatant cannot take now, is not offered (``check_action``): its
footer key is hidden or dimmed and the key does nothing, instead of opening a
form that can only be refused.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gm_console.engine import groups
from gm_console.engine.contract import fold_text
from gm_console.i18n import render

from .. import lines
from .. import present as p
from ..i18n import error_text, tr
from ..spending import spend_options
from ..widgets.command_bar import FindBar
from ..widgets.log import LogPane
from ..guard import ask

if TYPE_CHECKING:
    from .encounter import EncounterScreen

    _Base = EncounterScreen
else:
    _Base = object


class EncounterKeys(_Base):
    # -- what is offered ---------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple) -> bool | None:
        """False: the game has no such thing (hidden); None: not now (dimmed, the key does nothing)."""
        state, rs = self.controller.state, self.controller.ruleset
        if action in ("delay", "ready"):
            if not getattr(rs.turns, action, True):
                return False
            c = self._active()
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
            return True if self.controller.can_undo else None
        elif action == "redo":
            return True if self.controller.can_redo else None
        elif action == "accept":
            return True if self.offers() or self._offers_when_typed() else False
        elif action == "uncondition":
            c = self.frame().selected_combatant
            return True if c is not None and c.conditions else None
        elif action == "spend":
            c = self.frame().selected_combatant
            return True if c is not None and spend_options(rs, state, c, self.lang) else None
        elif action in ("damage", "heal", "condition", "remove", "mark"):
            return True if state.combatants else None
        return True

    # -- actions: turns ----------------------------------------------------------------
    def action_next(self) -> None:
        state = self.controller.state
        if self.group_turns == "block" and groups.rest_of_block(state, state.active):
            self.run_line("group-done")
            return
        self.run_line("next")

    def action_previous(self) -> None:
        self.run_line("prev")

    def action_start(self) -> None:
        self.run_line("start")

    def action_roll_initiative(self) -> None:
        from ..modals.prompts import InitiativeModal

        state = self.controller.state
        missing = [state.get(cid) for cid in state.without_initiative()]
        if not missing:
            self.notify(tr(self.lang, "everyone_has_initiative"), severity="warning")
            return
        rank = {"pc": 0, "ally": 1}
        missing.sort(key=lambda c: (rank.get(c.side, 2), c.added))
        self.open_form(InitiativeModal(self.frame(), missing))

    def action_undo(self) -> None:
        self.run_line("undo")

    def action_redo(self) -> None:
        self.run_line("redo")

    def action_accept(self) -> None:
        from ..modals.prompts import ChooseModal

        shown = self._offers_when_typed()
        offers = list(shown) if shown is not None else self.offers()
        if not offers:
            return
        if len(offers) == 1:
            self.run_line(offers[0][1])
            return

        def chosen(line: str | None) -> None:
            if line:
                self.run_line(line)

        self.app.push_screen(ChooseModal(self.lang, tr(self.lang, "accept_title"),
                                         [(line, f"{text} → {line}") for text, line in offers]), chosen)

    def _offers_when_typed(self) -> tuple[tuple[str, str], ...] | None:
        """The offers the warnings line showed when the key now handled was typed (None: not
        typed on this screen). Keys typed ahead are handled later, after the keys before them
        have changed the fight: `n y` on Kyra's offer must not run the offer Navasi's turn brings
        (it runs Kyra's, which the engine then takes or refuses in one line)."""
        key = self.app.typeahead.current
        shown = getattr(key, "gm_offers", None)
        return shown if isinstance(shown, tuple) else None

    def action_delay(self) -> None:
        from ..modals.base import FormError
        from ..modals.prompts import TextPrompt

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

        self.open_form(TextPrompt(self.lang, tr(self.lang, "delay_title", name=c.name),
                                  tr(self.lang, "delay_count"), check))

    def action_ready(self) -> None:
        from ..modals.base import FormError
        from ..modals.prompts import TextPrompt

        c = self._active()
        if c is None:
            self.run_line("ready -")
            return

        def check(text: str) -> str:
            if not text:
                raise FormError(tr(self.lang, "need_trigger"))
            return f"ready {lines.quote(text)}"

        self.open_form(TextPrompt(self.lang, tr(self.lang, "ready_title", name=c.name),
                                  tr(self.lang, "ready_trigger"), check))

    def _pick(self, ids: list[str], verb: str, title: str, empty: str) -> None:
        from ..modals.prompts import ChooseModal

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

    # -- actions: the selected (or marked) combatants ---------------------------------------
    def action_damage(self) -> None:
        from ..modals.damage import DamageModal

        targets = self._targets()
        if targets:
            self.open_form(DamageModal(self.frame(), targets), for_marks=bool(self.marked))

    def action_attack(self) -> None:
        """The active creature's attack form (docs/sheets.md#attacks): its attacks, the targets
        chosen in its list of the other side, the selected or marked combatants chosen already."""
        from gm_console.engine.attacks import of as attacks_of

        from ..modals.attack import AttackModal

        attacker = self._active() or self._target()
        if attacker is None:
            return
        if self.controller.ruleset.sheet.attack_rules() is None or not attacks_of(attacker.stats.get("atk")):
            self.notify(tr(self.lang, "no_attacks", name=attacker.name), severity="warning")
            return
        state, selected = self.controller.state, self.frame().selected_combatant
        chosen = [state.get(cid) for cid in self.roster_ids() if cid in self.marked] if self.marked else \
            [selected] if selected is not None else []
        targets = [c for c in chosen if c.id != attacker.id]
        self.open_form(AttackModal(self.frame(), attacker, targets), for_marks=bool(self.marked))

    def action_heal(self) -> None:
        from ..modals.damage import DamageModal

        targets = self._targets()
        if targets:
            self.open_form(DamageModal(self.frame(), targets, heal=True), for_marks=bool(self.marked))

    def action_condition(self) -> None:
        from ..modals.condition import ConditionModal

        targets = self._targets()
        if targets:
            self.open_form(ConditionModal(self.frame(), targets), for_marks=bool(self.marked))

    def action_uncondition(self) -> None:
        from ..modals.condition import UnconditionModal

        c = self._target()
        if c is None:
            return
        if not c.conditions:
            self.notify(tr(self.lang, "no_conditions_to_remove", name=c.name), severity="warning")
            return
        self.open_form(UnconditionModal(self.frame(), c))

    def action_dice_tray(self) -> None:
        from ..modals.dice_tray import DiceTrayModal

        entries = self.controller.history
        self.open_form(DiceTrayModal(self.lang, entries))

    def action_spend(self) -> None:
        from ..modals.prompts import SpendModal

        c = self._target()
        if c is None:
            return
        if not spend_options(self.controller.ruleset, self.controller.state, c, self.lang):
            self.notify(tr(self.lang, "no_resources", name=c.name), severity="warning")
            return
        self.open_form(SpendModal(self.frame(), c))

    def action_tick_action(self) -> None:
        from ..modals.prompts import ChooseModal

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
        from ..modals.add import AddCombatantModal

        self.open_form(AddCombatantModal(self.frame(), difficulty=self.controller.difficulty))

    def action_remove(self) -> None:
        from ..modals.prompts import ConfirmModal

        targets = self._targets()
        if not targets:
            return
        state = self.controller.state
        lines_ = [lines.join("remove", lines.ref(state, c)) for c in targets]

        def answer(yes: bool | None) -> None:
            if yes:
                for line in lines_:
                    self.run_line(line)
                self.clear_marks()  # the marked ones are gone; none is left marked for the next key

        names = ", ".join(c.name for c in targets)
        self.app.push_screen(ConfirmModal(self.lang, tr(self.lang, "remove_confirm", name=names)), answer)

    def action_group(self) -> None:
        """The marked combatants share one initiative; with none marked, the selected one's
        group breaks up."""
        state = self.controller.state
        if len(self.marked) >= 2:
            targets = [state.get(cid) for cid in self.roster_ids() if cid in self.marked]
            self.run_line(lines.join("group", lines.refs(state, targets)))
            self.clear_marks()
            return
        c = self._target()
        if c is None:
            return
        if groups.group_of(c) is None:
            self.notify(tr(self.lang, "group_how"), severity="warning")
            return
        members = [state.get(cid) for cid in groups.members(state, groups.group_of(c))]
        self.run_line(lines.join("ungroup", lines.refs(state, members)))

    # -- actions: selection -------------------------------------------------------------------
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

    def action_mark(self) -> None:
        """Space: mark (or unmark) the selected combatant and go on to the next row."""
        if self.selected is None:
            return
        if self.selected in self.marked:
            self.marked.remove(self.selected)
        else:
            self.marked.append(self.selected)
        ids = self.roster_ids()
        if self.selected in ids and ids.index(self.selected) + 1 < len(ids):
            self.selected = ids[ids.index(self.selected) + 1]
        self.redraw()

    def action_clear_marks(self) -> None:
        self.clear_marks()

    def action_find(self) -> None:
        bar = self.query_one(FindBar)
        self._before_find = self.selected
        self.finding = True
        bar.value = ""
        bar.display = True
        bar.focus()
        self.redraw()

    def _end_find(self, keep: bool) -> None:
        bar = self.query_one(FindBar)
        if not keep:
            self.selected = getattr(self, "_before_find", self.selected)
        bar.value = ""
        bar.display = False
        self.finding = False
        self.set_focus(None)
        self.redraw()

    def on_input_changed(self, event) -> None:
        if event.input.id != "find-bar":
            return
        event.stop()
        if not self.finding:  # the bar emptied as it closed: whoever it selected stays
            return
        found = find(self.controller.state, self.roster_ids(), event.value)
        # the sheet shows what Enter would select: nobody matches, whoever was selected before
        self.selected = found if found is not None else getattr(self, "_before_find", self.selected)
        self.redraw()

    def on_input_submitted(self, event) -> None:
        if event.input.id != "find-bar":
            return
        event.stop()
        if not event.value.strip():
            self._end_find(keep=False)
            return
        found = find(self.controller.state, self.roster_ids(), event.value)
        if found is None:  # the bar closes (the next keys are keys again) and says so once
            self._end_find(keep=False)
            self.notify(tr(self.lang, "find_none", text=event.value.strip()), severity="warning")
            return
        self.selected = found
        self._end_find(keep=True)

    def on_find_bar_closed(self, event: FindBar.Closed) -> None:
        event.stop()
        self._end_find(keep=False)

    # -- actions: view ---------------------------------------------------------------------
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
        self.call_after_refresh(self.redraw)

    def action_save(self) -> None:
        enc = self.controller.encounter
        if enc.read_only:
            self.action_read_only()
            return
        pending = enc.unsaved
        error = self.controller.save()
        if error:
            self.notify(error_text(error, self.lang), severity="error", timeout=8)
        else:
            self.notify(tr(self.lang, "saved" if pending else "nothing_to_save", path=str(enc.path)))

    def action_save_as(self) -> None:
        from gm_console.storage.library import copy_path, suggest_copy

        from ..modals.prompts import TextPrompt

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
        """Quit; an encounter opened from the picker goes back to it (its file let go)."""
        from ..modals.prompts import ConfirmModal

        error = self.controller.save()
        if error is None:
            self.leave(0)
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self.leave(1)

        self.app.push_screen(ConfirmModal(self.lang, tr(self.lang, "quit_unsaved", error=error_text(error, self.lang))), answer)


def _refusal(rs, c) -> str | None:
    why = ask("can_change_initiative", lambda: rs.turns.can_change_initiative(c), None)
    return render(why) if why else None


def find(state, ids: list[str], text: str) -> str | None:
    """The combatant a few typed letters mean: a row number (1 = the top row), else the best
    match of the name: whole name, its beginning, a word's beginning, inside it, then its
    letters in order (``gob2`` is Goblin 2); ties go to the higher row."""
    text = text.strip()
    if not text:
        return None
    if text.isdigit():
        n = int(text)
        return ids[n - 1] if 1 <= n <= len(ids) else None
    key = fold_text(text)
    best: tuple[int, int, str] | None = None
    for row, cid in enumerate(ids):
        name = fold_text(state.get(cid).name)
        squeezed, hay = key.replace(" ", ""), name.replace(" ", "")
        if name == key:
            score = 0
        elif name.startswith(key):
            score = 1
        elif any(w.startswith(key) for w in name.split()):
            score = 2
        elif key in name:
            score = 3
        elif _in_order(squeezed, hay):
            score = 4
        else:
            continue
        if best is None or (score, row) < best[:2]:
            best = (score, row, cid)
    return best[2] if best else None


def _in_order(needle: str, hay: str) -> bool:
    it = iter(hay)
    return all(ch in it for ch in needle)
