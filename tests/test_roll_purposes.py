"""What a roll was for reads in the GM's language (issue 10: a Spanish log said "Con check to
stabilize" in English). A purpose is a catalogue message; the log event keeps both languages,
as a spoken line does, so a save opened in either language reads right."""

from __future__ import annotations

import pytest

from gm_console import plugins
from gm_console.engine.core import events as ev
from gm_console.engine.views.describe import describe, roll_purpose
from gm_console.engine.core.dice import Dice, NeedDie
from gm_console.engine.language.session import Session
from gm_console.i18n import render


def rolls(session: Session) -> list[ev.Rolled]:
    return [e for entry in session.done for e in entry.events if isinstance(e, ev.Rolled)]


@pytest.mark.parametrize("game", plugins.installed_ids())
def test_initiative_rolls_say_whose_in_both_languages(game):
    s = Session(plugins.load(game))
    s.execute("add Kyra pc", Dice.from_rolls([], seed=2))
    s.execute("roll", Dice.from_rolls([], seed=2))
    (roll,) = rolls(s)
    assert roll_purpose(roll, "en") == "initiative of Kyra"
    assert roll_purpose(roll, "es") == "iniciativa de Kyra"
    line = render(describe(roll, s.state, s.ruleset, "es"), "es")
    assert line.startswith("tirada · iniciativa de Kyra: ")


def test_a_pathfinder_dying_check_is_spanish_in_a_spanish_log():
    """docs/rulesets/pathfinder1e.md §1.4: the Con check to stabilize at the start of its turn."""
    s = Session(plugins.load("pathfinder1e"))
    dice = Dice.from_rolls([5, 15, 18], seed=1)
    for line in ["add Goblin hp=6 con=10", "add Kyra pc hp=20", "roll", "start", "dmg Goblin 8", "next"]:
        s.execute(line, dice)
    check = rolls(s)[-1]
    assert roll_purpose(check, "en") == "Goblin: Con check to stabilize (DC 10)"
    assert roll_purpose(check, "es") == "Goblin: prueba de Con para estabilizarse (CD 10)"


def test_an_area_save_names_the_save_in_spanish():
    s = Session(plugins.load("generic"))
    dice = Dice.from_rolls([4, 10], seed=1)
    s.execute("add Orc hp=20", dice)
    s.execute("dmg Orc 1d6 save=ref:15", dice)
    save = [r for r in rolls(s) if "save" in roll_purpose(r, "en")]
    assert [roll_purpose(r, "es") for r in save] == ["salvación de ref de Orc"]


def test_a_typed_label_stays_as_typed():
    s = Session(plugins.load("generic"))
    s.execute("r 1d20+2 sigilo", Dice.from_rolls([7]))
    (roll,) = rolls(s)
    assert roll.purpose == "sigilo" and roll.purpose_es == ""
    assert roll_purpose(roll, "es") == "sigilo"


def test_saves_from_before_keep_reading_in_spanish():
    """A save written before purposes carried their Spanish holds only the English."""
    old = ev.event_from_dict({"t": "Rolled", "expr": "1d20+2", "total": 9, "purpose": "initiative of Kyra"})
    assert render(roll_purpose(old, "es"), "es") == "iniciativa de Kyra"


def test_the_prompt_for_a_physical_die_reads_in_the_gms_language():
    s = Session(plugins.load("pathfinder1e"))
    s.execute("add Kyra pc hp=20")
    with pytest.raises(NeedDie) as asked:
        s.execute("roll", Dice(strict=True))
    need = asked.value
    assert need.sides == 20
    assert render(need.purpose, "es") == "iniciativa de Kyra"
    assert s.state.combatants["kyra"].initiative is None
