"""PF1 actions per turn (pathfinder1e.md §1.2): the budget, the `action` verb, conditions, hero points."""

from __future__ import annotations

import pytest

from conftest import Table
from pf1_support import sheet_lines
from gm_console.engine.language.commands import CommandError
from gm_console.ruleset import ActionSlot


def fight(*extra: str, surprise: bool = False) -> Table:
    """Valeros (20), Goblin (15), Kyra (10); Valeros acting."""
    t = Table("pathfinder1e")
    t.do("add Valeros pc hp=30 con=12 hero=2", "add Goblin hp=6", "add Kyra pc hp=20 hero=3",
         "init Valeros 20", "init Goblin 15", "init Kyra 10", *extra)
    if surprise:
        t.do("surprise Valeros")
    t.do("start")
    return t


def budget(t: Table, who: str = "Valeros") -> list[ActionSlot]:
    return t.session.ruleset.sheet.action_budget(t.state, t.c(who))


def free(t: Table, who: str = "Valeros") -> list[str]:
    return [s.id for s in budget(t, who) if not s.used]


def ticked(t: Table, who: str = "Valeros") -> list[str]:
    return [s.en for s in budget(t, who) if s.used]


def status(t: Table, who: str = "Valeros") -> list[str]:
    return sheet_lines(t.session.ruleset, t.state, t.c(who))


def left(t: Table, who: str = "Valeros") -> str:
    return next(s for s in status(t, who) if s.startswith("actions left:"))


# -- the normal turn -----------------------------------------------------------------------------


def test_a_turn_is_standard_move_swift():
    """pathfinder1e.md §1.2 [O]: 1 standard + 1 move + 1 swift (+ free); the sheet lists them with their command."""
    t = fight()
    assert left(t) == "actions left: standard, move, swift"
    slots = {s.id: s for s in budget(t)}
    assert list(slots) == ["standard", "move", "swift", "full", "step"]
    assert slots["move"].command == "action valeros move" and slots["move"].es == "Movimiento"
    t.do("action Valeros standard", "action Valeros move", "action Valeros swift")
    assert left(t) == "actions left: none"
    assert ticked(t) == ["Standard", "Move", "Swift"] and free(t) == []
    with pytest.raises(CommandError, match="no standard action left this turn; left: none"):
        t.do("action Valeros standard")


def test_the_budget_commands_tick_it_off():
    """The TUI runs each slot's command through the normal command path."""
    t = fight()
    for slot in budget(t):
        if slot.id == "swift":
            t.do(slot.command)
    assert ticked(t) == ["Swift"]


def test_a_standard_can_be_spent_as_a_move():
    """pathfinder1e.md §1.2 [O]: a standard can be swapped for a second move."""
    t = fight()
    t.do("action Valeros move", "action Valeros move")
    assert left(t) == "actions left: swift"
    with pytest.raises(CommandError, match="no standard action left"):
        t.do("action Valeros standard")


def test_full_round_uses_standard_and_move():
    """pathfinder1e.md §1.2 [O]: 1 full-round action + 1 swift; not after a standard or move."""
    t = fight()
    t.do("action Valeros full")
    assert left(t) == "actions left: swift"
    assert ticked(t) == ["Full-round"] and free(t) == ["swift", "step"]
    with pytest.raises(CommandError, match="no move action left"):
        t.do("action Valeros move")
    t.do("next", "next", "next")
    assert t.active == "valeros"
    t.do("action Valeros move")
    with pytest.raises(CommandError, match=r"already acted this turn \(move\): a full-round action needs"):
        t.do("action Valeros full")


def test_budget_resets_at_the_start_of_its_turn():
    """pathfinder1e.md §1.2: the budget is per turn."""
    t = fight()
    t.do("action Valeros full", "action Valeros swift", "next")
    assert budget(t) == []  # only the combatant whose turn it is has a budget
    t.do("next", "next")
    assert t.active == "valeros" and left(t) == "actions left: standard, move, swift"


def test_actions_are_counted_on_its_own_turn():
    t = fight()
    with pytest.raises(CommandError, match="Kyra is not acting now"):
        t.do("action Kyra move")
    t = Table("pathfinder1e")
    t.do("add Valeros hp=10")
    with pytest.raises(CommandError, match="start the combat"):
        t.do("action Valeros move")


def test_the_acting_combatant_by_default_and_spanish_words():
    t = fight()
    t.do("accion estandar", "acción Valeros movimiento", "accion rapida")
    assert left(t) == "actions left: none"
    t.do("accion Valeros reiniciar")
    t.do("accion completa")
    assert ticked(t) == ["Full-round"]
    assert any(s.startswith("Valeros: full-round action; left: swift") for s in t.said())


def test_spanish_status_line():
    t = fight()
    t.do("action Valeros move")
    assert "acciones restantes: estándar, rápida" in sheet_lines(t.session.ruleset, t.state, t.c("Valeros"), "es")


def test_unknown_action_is_refused_with_the_usage():
    t = fight()
    with pytest.raises(CommandError, match="expected standard, move, swift, full, step, immediate, reset, "
                                           "not 'dance'"):
        t.do("action Valeros dance")


# -- 5-foot step ---------------------------------------------------------------------------------


def test_five_foot_step_only_without_other_movement():
    """pathfinder1e.md §1.2 [O]: a 5-ft step only if it moves no other distance that round."""
    t = fight()
    t.do("action Valeros move")
    assert "step" not in free(t)
    with pytest.raises(CommandError, match="cannot take a 5-ft step: already moved this turn"):
        t.do("action Valeros step")


def test_five_foot_step_after_a_move_that_does_not_move():
    """pathfinder1e.md §1.2 [O]: drawing a weapon is a move action that moves no distance."""
    t = fight()
    t.do("action Valeros move draw", "action Valeros step")
    assert ticked(t) == ["Move", "5-ft step"]
    with pytest.raises(CommandError, match="already taken a 5-ft step"):
        t.do("action Valeros paso")


def test_move_after_a_step_is_a_move_that_does_not_move():
    t = fight()
    t.do("action Valeros step", "action Valeros move")
    assert any("after their 5-ft step, a move action that covers no distance" in s for s in t.said())


def test_no_five_foot_step_with_a_charge():
    """pathfinder1e.md §1.2 [S] charge: full-round, no 5-ft step that round."""
    t = fight()
    t.do("charge Valeros")
    assert ticked(t) == ["Full-round"] and free(t) == ["swift"]
    with pytest.raises(CommandError, match="no 5-ft step when charging"):
        t.do("action Valeros step")


def test_no_five_foot_step_when_it_cannot_move():
    """pathfinder1e.md §1.5 [S] grappled: can't move."""
    t = fight("cond Valeros grappled")
    assert "step" not in free(t)
    with pytest.raises(CommandError, match="no movement possible"):
        t.do("action Valeros step")


# -- restricted turns --------------------------------------------------------------------------


@pytest.mark.parametrize("cond", ["staggered", "disabled"])
def test_staggered_or_disabled_one_move_or_standard(cond):
    """pathfinder1e.md §1.2 [S]: staggered / disabled -> one move OR one standard (no full-round; swift allowed)."""
    t = fight()
    if cond == "disabled":
        t.do("dmg Valeros 30")
    else:
        t.do("cond Valeros staggered")
    assert left(t) == "actions left: move or standard, swift"
    with pytest.raises(CommandError, match=f"cannot take a full-round action \\({cond}: one move or standard\\)"):
        t.do("action Valeros full")
    t.do("action Valeros move", "action Valeros swift")
    with pytest.raises(CommandError, match=f"their one move or standard action \\({cond}\\); left: none"):
        t.do("action Valeros standard")


def test_disabled_standard_action_costs_one_hp():
    """pathfinder1e.md §1.4 [S]: a disabled character's standard action deals 1 damage after it -> dying."""
    t = fight("dmg Valeros 30")
    assert t.c("Valeros").life == "disabled"
    t.do("action Valeros standard")
    assert t.hp("Valeros") == -1 and t.c("Valeros").life == "dying"
    assert any("takes a standard action while disabled: 1 damage" in s for s in t.said())


def test_disabled_move_action_is_safe():
    """pathfinder1e.md §1.4 [S]: move actions are safe."""
    t = fight("dmg Valeros 30")
    t.do("action Valeros move")
    assert t.hp("Valeros") == 0 and t.c("Valeros").life == "disabled"


def test_standard_verb_ticks_the_budget_too():
    """`standard NAME` (disabled) is the same standard action: ticked on its turn."""
    t = fight()
    t.do("dmg Valeros 30", "action Valeros swift", "standard Valeros")
    assert t.c("Valeros").life == "dying"
    t = fight("dmg Valeros 30")
    t.do("action Valeros move", "standard Valeros")  # over the budget: resolved, and the log says so
    assert any(s.startswith("Over the action budget") for s in t.said())
    assert t.hp("Valeros") == -1


def test_nauseated_a_single_move_action():
    """pathfinder1e.md §1.2/§1.5 [S]: nauseated -> one move action only (no swift)."""
    t = fight("cond Valeros nauseated")
    assert left(t) == "actions left: move"
    for kind in ("standard", "swift", "full"):
        with pytest.raises(CommandError, match="nauseated: a single move action only; left: move"):
            t.do(f"action Valeros {kind}")
    t.do("action Valeros move")
    with pytest.raises(CommandError, match="single move action"):
        t.do("action Valeros move")


@pytest.mark.parametrize("cond", ["dazed", "stunned", "cowering", "paralyzed", "helpless", "unconscious"])
def test_no_actions(cond):
    """pathfinder1e.md §1.2 [S]: dazed/stunned/cowering/paralysed/helpless -> no actions."""
    t = fight(f"cond Valeros {cond}")
    if t.active != "valeros":
        pytest.skip(f"{cond}: not its turn")
    assert budget(t) == []
    with pytest.raises(CommandError, match=f"cannot act: no actions \\({cond}"):
        t.do("action Valeros move")


def test_dying_has_no_actions():
    """pathfinder1e.md §1.4: dying -> unconscious, helpless, no actions."""
    t = fight()
    t.do("dmg Valeros 33")
    assert t.c("Valeros").life == "dying" and t.active == "valeros"
    assert budget(t) == []
    with pytest.raises(CommandError, match="no actions \\(dying"):
        t.do("action Valeros move")


def test_surprise_round_one_standard_or_move():
    """pathfinder1e.md §1.1.3 / §1.2 [O]: surprise round: one standard OR one move (+ free)."""
    t = fight(surprise=True)
    assert t.state.round == 0 and t.active == "valeros"
    assert left(t) == "actions left: move or standard"
    for kind in ("full", "swift"):
        with pytest.raises(CommandError, match="surprise round: one move or standard"):
            t.do(f"action Valeros {kind}")
    t.do("action Valeros standard")
    with pytest.raises(CommandError, match="one move or standard action \\(surprise round\\)"):
        t.do("action Valeros move")
    t.do("next")
    assert t.state.round == 1 and left(t) == "actions left: standard, move, swift"


def test_charge_limited_to_a_standard_in_the_surprise_round():
    """pathfinder1e.md §1.2 [S] charge: if limited to a standard action, it moves at most its speed."""
    t = fight(surprise=True)
    t.do("charge Valeros")
    assert ticked(t) == ["Standard"]
    assert any("limited to a standard action" in s for s in t.said())


# -- rules verbs spend actions on their owner's turn ----------------------------------------------


def test_total_defense_and_aid_are_standard_actions():
    """pathfinder1e.md §1.2 [S]: aid another is a standard action; total defense too [O]."""
    t = fight()
    t.do("defend Valeros")
    assert ticked(t) == ["Standard"]
    t.do("aid Valeros Kyra attack")  # no standard left: resolved, logged as over the budget
    assert t.c("Kyra").has("aid-attack")
    assert any("Over the action budget: Valeros has no standard action left" in s for s in t.said())


def test_off_turn_rules_verbs_do_not_touch_the_budget():
    t = fight()
    t.do("defend Kyra")
    assert t.c("Kyra").marks.get("actions") is None


# -- immediate actions -----------------------------------------------------------------------------


def test_immediate_off_turn_spends_the_next_swift():
    """pathfinder1e.md §1.2 [O]: an immediate action off-turn consumes the next turn's swift."""
    t = fight()
    t.do("next", "next", "next", "next")  # round 2, the goblin acting: Valeros has acted
    t.do("action Valeros immediate")
    with pytest.raises(CommandError, match="already used an immediate action"):
        t.do("action Valeros immediate")
    t.do("next", "next")
    assert t.active == "valeros"
    assert left(t) == "actions left: standard, move"
    with pytest.raises(CommandError, match="no swift action left"):
        t.do("action Valeros swift")


def test_no_immediate_action_while_flat_footed():
    """pathfinder1e.md §1.2 [O]: not usable while flat-footed (before its first turn)."""
    t = fight()
    with pytest.raises(CommandError, match="flat-footed"):
        t.do("action Kyra immediate")


def test_immediate_on_its_own_turn_is_its_swift():
    t = fight()
    t.do("action Valeros immediate")
    assert left(t) == "actions left: standard, move"


# -- hero points -------------------------------------------------------------------------------------


def test_hero_extra_action_adds_a_standard_or_move():
    """pathfinder1e.md §1.2 / §1.6 [S]: hero point extra action: +1 standard or move this turn."""
    t = fight()
    t.do("spend Valeros hero extra-action")
    assert left(t) == "actions left: standard, move, swift, extra standard or move"
    t.do("action Valeros full", "action Valeros standard", "action Valeros swift")
    assert left(t) == "actions left: none"
    t.do("next", "next", "next")
    assert left(t) == "actions left: standard, move, swift"


def test_hero_extra_action_only_on_its_own_turn():
    t = fight()
    with pytest.raises(CommandError, match="on their own turn"):
        t.do("spend Kyra hero extra-action")
    assert t.hp("Kyra", "hero") == 3


def test_hero_extra_action_refused_when_it_cannot_act():
    t = fight("cond Valeros dazed")
    with pytest.raises(CommandError, match="of no use"):
        t.do("spend Valeros hero extra-action")
    assert t.hp("Valeros", "hero") == 2


def test_hero_act_out_of_turn_is_one_move_or_standard():
    """pathfinder1e.md §1.1.7 [S]: act out of turn: only one move OR one standard action."""
    t = fight()
    t.do("next", "spend Kyra hero act")
    assert t.active == "kyra"
    assert left(t, "Kyra") == "actions left: move or standard"
    with pytest.raises(CommandError, match="acting out of turn: one move or standard"):
        t.do("action Kyra full")
    t.do("action Kyra move")
    with pytest.raises(CommandError, match="acting out of turn"):
        t.do("action Kyra standard")


# -- the sheet's other lines stay ----------------------------------------------------------------


def test_only_the_acting_combatant_has_a_status_line():
    t = fight()
    assert not any(s.startswith("actions left") for s in status(t, "Kyra"))
    t = fight("cond Valeros dazed")
    assert "actions: none (dazed)" in status(t) and not any(s.startswith("actions left") for s in status(t))


def test_budget_is_cleared_when_the_combat_ends():
    t = fight()
    t.do("action Valeros move", "end")
    assert t.c("Valeros").marks.get("actions") is None


def test_an_attack_on_its_own_turn_spends_the_standard_a_full_attack_the_full_round():
    """pathfinder1e.md §1.2: `attack` is the actor's standard action, `attack ... full` its
    full-round action; an attack off its turn (an attack of opportunity) spends nothing here."""
    t = fight('set Valeros atk="longsword +7/+2 1d8+2 S"', 'set Goblin hp=60/60 atk="short sword +2 1d4 P"')
    t.rolls(3).do("attack Valeros Goblin")
    assert left(t) == "actions left: move, swift"
    t.rolls(2).do("attack Goblin Valeros")  # the goblin's attack of opportunity: Valeros still has his move
    assert left(t) == "actions left: move, swift"
    t.do("undo", "undo")
    t.rolls(3, 3).do("attack Valeros Goblin full")
    assert left(t) == "actions left: swift"
