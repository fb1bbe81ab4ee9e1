"""A game written with nothing but the contract's defaults is a whole game.

The plugin example of docs/plugins.md is run here exactly as printed, so the page a plugin author
copies from cannot drift from what works.
"""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest

from gm_console.engine.core.dice import Dice
from gm_console.engine.language.session import Session

README = Path(__file__).resolve().parent.parent / "docs" / "plugins.md"


def readme_game():
    text = README.read_text(encoding="utf-8")
    block = re.search(r"    # mygame_rules\.py\n((?:    .*\n|\n)+?)(?=\S)", text)
    assert block, "docs/plugins.md lost its plugin example"
    namespace: dict = {}
    exec(compile(textwrap.dedent(block.group(1)), "README:mygame_rules.py", "exec"), namespace)
    return namespace["MyGame"]()


@pytest.fixture
def session():
    s = Session(readme_game())
    dice = Dice.from_rolls([5, 19], seed=1)
    for line in ["add Orc hp=12 dex=2", "add Kyra pc hp=10 dex=3", "roll", "start"]:
        s.execute(line, dice)
    return s


def orc(s):
    return s.state.combatants["orc"]


def test_initiative_is_d20_plus_the_games_bonus(session):
    assert orc(session).initiative == 7
    assert session.state.combatants["kyra"].initiative == 22
    assert session.state.active == "kyra"


def test_damage_takes_hp_to_zero_and_no_lower_and_the_fallen_are_unconscious(session):
    session.execute("dmg Orc 5")
    assert orc(session).pools["hp"].value == 7 and orc(session).life == "ok"
    entry = session.execute("dmg Orc 9")
    assert orc(session).pools["hp"].value == 0
    assert orc(session).life == "unconscious"
    said = [e for e in entry.events if type(e).__name__ == "Said"]
    assert said and said[0].text() == "Orc takes 9 damage: HP 0"
    assert said[0].text("es") == "Orc recibe 9 de daño: PG 0"


def test_healing_above_zero_puts_the_fallen_back_up_and_stops_at_the_maximum(session):
    session.execute("dmg Orc 20")
    entry = session.execute("heal Orc 3")
    assert orc(session).pools["hp"].value == 3 and orc(session).life == "ok"
    assert [e.text() for e in entry.events if type(e).__name__ == "Said"] == ["Orc heals 3: HP 3"]
    session.execute("heal Orc 50")
    assert orc(session).pools["hp"].value == 12


def test_undo_takes_the_fall_back(session):
    session.execute("dmg Orc 12")
    session.undo()
    assert orc(session).pools["hp"].value == 12 and orc(session).life == "ok"


def test_a_free_effect_lasts_its_rounds_on_the_casters_clock(session):
    session.execute('cond Orc "Shield of the Dawn" 2')  # cast on Kyra's turn: Kyra's clock
    (inst,) = orc(session).conditions
    assert inst.cond == "shield-of-the-dawn" and inst.rounds == 2 and inst.clock == "kyra"
    session.execute("next")  # the orc's turn: not the clock's owner
    assert orc(session).conditions[0].rounds == 2
    session.execute("next")  # Kyra, round 2
    assert orc(session).conditions[0].rounds == 1
    session.execute("next")
    session.execute("next")  # Kyra, round 3: over
    assert orc(session).conditions == []
