"""The head shows how long this turn has taken (issue 27): timed by the clock the app is
handed, repainted once a second, off with the setting ``turn_clock = "off"``."""

from __future__ import annotations

from gm_console.engine.core.dice import Dice
from gm_console.storage.config import UserConfig
from gm_console.tui.app import GMConsole
from test_tui_support import SKIRMISH, drive, make_encounter

SIZE = (100, 32)


class Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def head(app) -> str:
    return app.screen.query_one("#head").render().plain


@drive
async def test_the_head_shows_this_turns_elapsed_time_and_repaints_it_each_second(tmp_path):
    enc = make_encounter(tmp_path, SKIRMISH)
    clock = Clock(10_000)
    app = GMConsole(encounter=enc, dice=Dice.from_rolls([], seed=3), clock=clock)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "0:" not in head(app)  # the fight began untimed (its save has no clock): nothing shown
        await pilot.press("n")  # Goblin 1's turn begins at 10,000
        await pilot.pause()
        assert enc.state.turn_clock == ("goblin-1", 10_000)
        assert "Goblin 1's turn · 0:00" in head(app)
        clock.now += 75
        await pilot.pause(1.2)  # the head's timer repaints without a key
        assert "Goblin 1's turn · 1:15" in head(app)
        clock.now += 2 * 86400 + 5 * 3600
        await pilot.pause(1.2)
        assert "· 2 d 5 h" in head(app)


@drive
async def test_the_setting_turns_the_heads_clock_off_but_the_turns_are_still_timed(tmp_path):
    enc = make_encounter(tmp_path, SKIRMISH)
    clock = Clock(500)
    app = GMConsole(encounter=enc, dice=Dice.from_rolls([], seed=3), clock=clock,
                    config=UserConfig(settings={"turn_clock": "off"}))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("n")
        clock.now += 75
        await pilot.pause(1.2)
        assert "Goblin 1's turn" in head(app) and "1:15" not in head(app) and "0:00" not in head(app)
        assert enc.state.turn_clock == ("goblin-1", 500)
