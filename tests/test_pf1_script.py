"""The shipped Pathfinder example encounter runs line by line (saves/scripts/pathfinder1e.txt)."""

from __future__ import annotations

from conftest import Table, run_example_script



def run_script() -> Table:
    return run_example_script("pathfinder1e")


def test_every_line_runs_and_uses_exactly_the_listed_dice():
    t = run_script()
    assert t.dice.forced == []
    assert t.state.round == 2 and t.active == "valeros"


def test_it_shows_a_dying_pc():
    """pathfinder1e.md §1.4: Ezren drops, rolls his Con check at the start of his turn and fails."""
    t = run_script()
    assert t.c("Ezren").life == "dying" and t.hp("Ezren") == -3
    assert "Ezren: Con check 5+0-2 = 3 vs DC 10, fails: HP -3" in t.said()


def test_it_shows_delay_and_ready():
    t = run_script()
    said = t.said()
    assert any("readied action goes off" in s for s in said)
    lines = [e.line for e in t.session.done]
    assert "delay" in lines and "resume Kyra" in lines


def test_it_shows_stacked_conditions_and_a_fear_family():
    """pathfinder1e.md §1.5: entangled + sickened stack; frightened supersedes shaken (which waits)."""
    t = run_script()
    rs = t.session.ruleset
    valeros = t.c("Valeros")
    assert {"entangled", "shaken", "frightened", "sickened"} <= {i.cond for i in valeros.conditions}
    assert "shaken" not in [i.cond for i in rs.conditions.active(valeros)]
    assert rs.sheet.effective(t.state, valeros)["attack"].value == 7 - 2 - 2 - 2
    assert t.c("Goblin 1").life == "dead"
    assert t.c("Seelah").has("prone")
