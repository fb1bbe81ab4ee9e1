"""The encounter screen's keys that act on combatants: d h f c C $ A R a x g.

Damage, healing and conditions go to the marked combatants, or else the selected one; once a
form for the marked ones has run, their marks go (the next ``d`` is for the selected one
again). Each opens a form that builds a command line the screen runs while the form is open,
so a refusal stays on the form. A key that cannot act now is dimmed (``offered``).
"""

from __future__ import annotations

from gm_console.engine.rules import groups

from .. import lines
from .. import present as p
from ..ui_text import tr
from ..spending import spend_options
from .host import Host


class Acting:
    def __init__(self, screen: Host) -> None:
        self.screen = screen

    def offered(self, action: str) -> bool | None:
        """None: not now (dimmed, the key does nothing); True: offered, or not one of these keys."""
        screen = self.screen
        state = screen.controller.state
        if action == "uncondition":
            c = screen.frame().selected_combatant
            return True if c is not None and c.conditions else None
        if action == "spend":
            c = screen.frame().selected_combatant
            return True if c is not None and spend_options(screen.controller.ruleset, state, c, screen.lang) else None
        if action in ("damage", "heal", "condition", "remove", "mark"):
            return True if state.combatants else None
        return True

    def damage(self, heal: bool = False) -> None:
        from ..modals.damage import DamageModal

        screen = self.screen
        targets = screen.targets()
        if targets:
            screen.open_form(DamageModal(screen.frame(), targets, heal=heal), for_marks=bool(screen.marked))

    def heal(self) -> None:
        self.damage(heal=True)

    def attack(self) -> None:
        """The active creature's attack form (docs/sheets.md#attacks): its attacks, the targets
        chosen in its list of the other side, the selected or marked combatants chosen already."""
        from gm_console.engine.core.attacks import of as attacks_of

        from ..modals.attack import AttackModal

        screen = self.screen
        attacker = screen.active() or screen.target()
        if attacker is None:
            return
        state, selected = screen.controller.state, screen.frame().selected_combatant
        chosen = [state.get(cid) for cid in screen.roster_ids() if cid in screen.marked] if screen.marked else \
            [selected] if selected is not None else []
        targets = [c for c in chosen if c.id != attacker.id]
        if screen.controller.ruleset.sheet.attack_rules() is None:
            # a game whose attacks are not a stat block's list (Dragon Age: the weapon's dice and an
            # ability): its own `attack` verb, in the command bar with the attacker and targets typed
            if "attack" in screen.frame().language():
                screen.open_bar(screen.frame().spoken(lines.join("attack", lines.ref(state, attacker),
                                                               lines.refs(state, targets))) + " ")
            else:
                screen.notify(tr(screen.lang, "no_attack_verb", ruleset=screen.controller.ruleset.name),
                              severity="warning")
            return
        if not attacks_of(attacker.stats.get("atk")):
            screen.notify(tr(screen.lang, "no_attacks", name=attacker.name), severity="warning")
            return
        screen.open_form(AttackModal(screen.frame(), attacker, targets), for_marks=bool(screen.marked))

    def condition(self) -> None:
        from ..modals.condition import ConditionModal

        screen = self.screen
        targets = screen.targets()
        if targets:
            screen.open_form(ConditionModal(screen.frame(), targets), for_marks=bool(screen.marked))

    def uncondition(self) -> None:
        from ..modals.condition import UnconditionModal

        screen = self.screen
        c = screen.target()
        if c is None:
            return
        if not c.conditions:
            screen.notify(tr(screen.lang, "no_conditions_to_remove", name=c.name), severity="warning")
            return
        screen.open_form(UnconditionModal(screen.frame(), c))

    def dice_tray(self) -> None:
        from ..modals.dice_tray import DiceTrayModal

        self.screen.open_form(DiceTrayModal(self.screen.lang, self.screen.controller.history))

    def spend(self) -> None:
        from ..modals.prompts import SpendModal

        screen = self.screen
        c = screen.target()
        if c is None:
            return
        if not spend_options(screen.controller.ruleset, screen.controller.state, c, screen.lang):
            screen.notify(tr(screen.lang, "no_resources", name=c.name), severity="warning")
            return
        screen.open_form(SpendModal(screen.frame(), c))

    def tick_action(self) -> None:
        """``A``: tick off one of this turn's actions where the game counts them."""
        from ..modals.prompts import ChooseModal

        screen = self.screen
        state, rs = screen.controller.state, screen.controller.ruleset
        c = screen.active() or screen.target()
        if c is None:
            return
        items = p.action_budget(rs, state, c)
        lines_by_id = {}
        for item in items:
            cid, name, used = p.budget_item(item, screen.lang)
            line = p.budget_command(rs, state, c, item)
            if line and not used:
                lines_by_id[cid] = (line, name)
        if not items or not any(p.budget_command(rs, state, c, i) for i in items):
            screen.notify(tr(screen.lang, "no_budget", ruleset=rs.name), severity="warning")
            return
        if not lines_by_id:
            screen.notify(tr(screen.lang, "budget_spent", name=c.name), severity="warning")
            return
        options = [(cid, label) for cid, (_, label) in lines_by_id.items()]

        def chosen(cid: str | None) -> None:
            if cid:
                screen.run_line(lines_by_id[cid][0])

        screen.app.push_screen(ChooseModal(screen.lang, tr(screen.lang, "tick_title", name=c.name), options), chosen)

    def add(self) -> None:
        from ..modals.add import AddCombatantModal

        screen = self.screen
        screen.open_form(AddCombatantModal(screen.frame(), difficulty=screen.controller.difficulty))

    def remove(self) -> None:
        """``x``: remove the marked or selected combatants, after a y/n."""
        from ..modals.prompts import ConfirmModal

        screen = self.screen
        targets = screen.targets()
        if not targets:
            return
        state = screen.controller.state
        lines_ = [lines.join("remove", lines.ref(state, c)) for c in targets]

        def answer(yes: bool | None) -> None:
            if yes:
                for line in lines_:
                    screen.run_line(line)
                screen.clear_marks()  # the marked ones are gone; none is left marked for the next key

        names = ", ".join(c.name for c in targets)
        screen.app.push_screen(ConfirmModal(screen.lang, tr(screen.lang, "remove_confirm", name=names)), answer)

    def group(self) -> None:
        """The marked combatants share one initiative; with none marked, the selected one's
        group breaks up."""
        screen = self.screen
        state = screen.controller.state
        if len(screen.marked) >= 2:
            targets = [state.get(cid) for cid in screen.roster_ids() if cid in screen.marked]
            screen.run_line(lines.join("group", lines.refs(state, targets)))
            screen.clear_marks()
            return
        c = screen.target()
        if c is None:
            return
        if groups.group_of(c) is None:
            screen.notify(tr(screen.lang, "group_how"), severity="warning")
            return
        members = [state.get(cid) for cid in groups.members(state, groups.group_of(c))]
        screen.run_line(lines.join("ungroup", lines.refs(state, members)))
