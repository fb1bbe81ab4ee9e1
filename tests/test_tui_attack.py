"""The attack form (key f): the active creature's attacks, the selected or marked target, one line
that the engine rolls and applies (docs/sheets.md#attacks; docs/rulesets/pathfinder1e.md §1.19)."""

from __future__ import annotations

from gm_console.engine.dice import Dice
from gm_console.tui.app import GMConsole
from gm_console.tui.modals.attack import AttackModal
from gm_console.tui.screens.encounter import EncounterScreen
from test_tui_support import drive, make_encounter

SIZE = (100, 32)
FIGHT = [
    "add Kyra pc hp=20 ac=16 init=3",
    'add Goblin hp=6 init=1 atk="short sword +2 1d4 19-20/x2 slashing; short bow +4 1d4 x3 piercing range 60"',
    "cond Goblin shaken",
    "init Kyra 5", "init Goblin 12", "start",
]


@drive
async def test_the_form_lists_the_attacks_now_and_enter_rolls_and_applies(tmp_path):
    enc = make_encounter(tmp_path, FIGHT, ruleset="pathfinder1e")
    app = GMConsole(encounter=enc, dice=Dice.from_rolls([17, 3], seed=1))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("j")  # Kyra, below the goblin whose turn it is
        await pilot.press("f")
        await pilot.pause()
        modal = app.screen
        assert isinstance(modal, AttackModal)
        weapons = [str(modal.query_one("#weapons").get_option_at_index(i).prompt) for i in range(3)]
        assert weapons == ["short sword +0 (+2) 1d4 19-20/x2 slashing", "short bow +2 (+4) 1d4 x3 piercing",
                           "Every attack (full attack)"]
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, EncounterScreen)
    assert enc.session.done[-1].line == 'attack Goblin Kyra "short sword"'
    assert enc.state.get("kyra").pools["hp"].value == 17


@drive
async def test_no_attacks_or_no_target_says_so_and_opens_nothing(tmp_path):
    enc = make_encounter(tmp_path, FIGHT + ["next"], ruleset="pathfinder1e")  # Kyra's turn: no atk=
    app = GMConsole(encounter=enc, dice=Dice.from_rolls([], seed=1))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f")
        await pilot.pause()
        assert isinstance(app.screen, EncounterScreen)
    assert enc.session.done[-1].line == "next"
