"""The Dragon Age example encounter script runs line by line with its forced dice."""

from __future__ import annotations

from conftest import Table, run_example_script



def run_script() -> Table:
    return run_example_script("dragon_age")


def test_every_line_runs_and_uses_exactly_the_forced_dice():
    """The example script runs line by line and its rolls line is exact."""
    t = run_script()
    assert t.dice.forced == []


def test_the_story_the_dice_tell():
    """The example shows the rules at work: stunts, a kill, a dying PC saved by the Heal action, Prepare."""
    t = run_script()
    assert t.c("Hurlock 1").life == "dead"
    morrigan = t.c("Morrigan")
    assert (morrigan.life, morrigan.pools["health"].value, morrigan.pools["mana"].value) == ("ok", 5, 27)
    assert morrigan.has("heal-lockout") and morrigan.has("defending")
    assert t.hp("Leliana", "health") == 26
    assert t.hp("Emissary", "health") == 15 and t.hp("Emissary", "mana") == 15
    assert t.c("Emissary").has("imposing-spell")
    assert t.hp("Hurlock 2", "health") == 12
    assert t.c("Genlock Archer").has("prepared")  # dragon_age.md §2.2 [S]: Prepare ends its turn at once
    assert (t.state.round, t.active) == (3, "leliana")
    said = t.said()
    assert "Morrigan is above 0 health: no longer dying" in said
    assert any(s.startswith("Doubles (3,3,6) on a hit: Leliana earns 3 stunt points") for s in said)
