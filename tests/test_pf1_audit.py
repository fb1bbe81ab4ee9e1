"""A rules audit of Pathfinder 1e at its edges: each threshold exactly, one either side, at a
round boundary, after undo, with delay and ready moving the clock (docs/rulesets/pathfinder1e.md)."""

from __future__ import annotations

import pytest

from conftest import Table
from pf1_support import sheet_lines
from gm_console.engine.commands import CommandError


def fight(*adds: str, **options) -> Table:
    """Combatants given as 'NAME INIT stats...', started; the highest init acts first."""
    t = Table("pathfinder1e", options=options or None)
    for spec in adds:
        name, init, *stats = spec.split()
        t.do(f"add {name} {' '.join(stats)}", f"init {name} {init}")
    t.do("start")
    return t


def conds(t: Table, name: str) -> list[str]:
    return [i.cond for i in t.c(name).conditions]


# -- §1.4 disabled: every standard action costs 1 HP -------------------------------------


@pytest.mark.parametrize("line", ["defend kyra", "charge kyra", "aid kyra valeros attack 15",
                                  "aid kyra valeros ac 2", "action kyra standard", "standard kyra"])
def test_a_disabled_combatant_pays_1_hp_for_any_standard_action(line):
    """docs/rulesets/pathfinder1e.md §1.4 [S]: disabled (HP 0), a standard action (total defense,
    a charge limited to a standard, aid another, hit or miss) deals 1 damage after it: HP -1, dying."""
    t = fight("Kyra 20 pc hp=10 con=10", "Valeros 15 pc hp=10", "Goblin 5 hp=6")
    t.do("dmg kyra 10")
    assert t.c("kyra").life == "disabled"
    t.do(line)
    assert t.hp("kyra") == -1 and t.c("kyra").life == "dying"


def test_a_disabled_combatants_move_action_is_safe():
    """docs/rulesets/pathfinder1e.md §1.4 [S]: move actions do not cost HP while disabled."""
    t = fight("Kyra 20 pc hp=10 con=10", "Goblin 5 hp=6")
    t.do("dmg kyra 10", "action kyra move")
    assert t.hp("kyra") == 0 and t.c("kyra").life == "disabled"


def test_total_defense_while_healthy_costs_nothing():
    """docs/rulesets/pathfinder1e.md §1.2: total defense costs no HP to one who is not disabled."""
    t = fight("Kyra 20 pc hp=10 con=10", "Goblin 5 hp=6")
    t.do("defend kyra")
    assert t.hp("kyra") == 10 and t.c("kyra").life == "ok"


# -- §1.1.6 a readied action kept into a new turn is readying again ---------------------------


def test_a_kept_readied_action_holds_the_turns_standard_action():
    """docs/rulesets/pathfinder1e.md §1.1.6 [I]: untriggered at its next turn, keeping it is readying
    again (a standard action): move and swift are left; `unready` gives the standard back."""
    t = fight("Kyra 20 pc hp=10", "Goblin 10 hp=6")
    t.do("next", 'ready "when kyra moves"', "next")
    assert (t.state.round, t.active) == (2, "goblin")
    assert "actions left: move, swift" in sheet_lines(t.session.ruleset, t.state, t.c("goblin"))
    with pytest.raises(CommandError, match="readied action"):
        t.do("action goblin standard")
    t.do("action goblin move")
    t.do("unready goblin", "action goblin standard")
    assert "actions left: swift" in sheet_lines(t.session.ruleset, t.state, t.c("goblin"))


def test_a_readied_action_set_this_turn_is_not_kept_and_lapses_with_the_option():
    """docs/rulesets/pathfinder1e.md §1.1.6 [Δ]: with option ready_lapses the readied action is lost at
    its owner's next turn, which is a whole turn again."""
    t = fight("Kyra 20 pc hp=10", "Goblin 10 hp=6", ready_lapses="on")
    t.do("next", 'ready "when kyra moves"', "next")
    assert "goblin" not in t.state.readied
    assert "actions left: standard, move, swift" in sheet_lines(t.session.ruleset, t.state, t.c("goblin"))


# -- §1.5 fatigue: new fatigue starts the rest again --------------------------------------------


def test_fatigue_on_a_resting_fatigued_creature_starts_its_rest_again():
    """docs/rulesets/pathfinder1e.md §1.5 [S]: fatigued again after 4 h of rest is exhausted; 1 h
    later fatigued, which then needs 8 more hours: not one minute less (the 4 h do not count)."""
    t = Table("pathfinder1e")
    t.do("add Kyra pc hp=10", "cond kyra fatigued", "pass 4h", "cond kyra fatigued")
    assert conds(t, "kyra") == ["exhausted"]
    t.do("pass 59m")
    assert conds(t, "kyra") == ["exhausted"]
    t.do("pass 1m")
    assert conds(t, "kyra") == ["fatigued"]
    t.do("pass 479m")
    assert conds(t, "kyra") == ["fatigued"]
    t.do("pass 1m")
    assert conds(t, "kyra") == []


def test_exhaustion_on_a_resting_fatigued_creature_needs_its_full_hour():
    """docs/rulesets/pathfinder1e.md §1.5 [S]: exhausted -> fatigued after 1 h of complete rest,
    counted from the exhaustion, not from the earlier fatigue."""
    t = Table("pathfinder1e")
    t.do("add Kyra pc hp=10", "cond kyra fatigued", "pass 7h", "cond kyra exhausted", "pass 59m")
    assert "exhausted" in conds(t, "kyra")
    t.do("pass 1m")
    assert conds(t, "kyra") == ["fatigued"]


def test_fatigue_timing_survives_undo():
    """docs/rulesets/pathfinder1e.md §1.5: undoing the new fatigue gives the rest already done back."""
    t = Table("pathfinder1e")
    t.do("add Kyra pc hp=10", "cond kyra fatigued", "pass 4h", "cond kyra fatigued", "undo", "pass 4h")
    assert conds(t, "kyra") == []
