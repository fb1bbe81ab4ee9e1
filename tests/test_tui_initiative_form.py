"""The initiative form says it takes the total, not the bare die (issue 24): its title, its help
line and each row's formula ("Kyra (1d20+3)"), in English and Spanish, and a typed 17 is the
count the order uses. Driven with Textual's Pilot, keys as the GM types them."""

from __future__ import annotations

from textual.widgets import Label, Static

from gm_console.engine.core.dice import Dice
from gm_console.tui.app import GMConsole
from gm_console.tui.modals.prompts import InitiativeModal
from test_tui_support import drive, make_encounter
from test_tui_table import SIZE, burst


def _screen_text(modal) -> str:
    title = str(modal.query_one("#title", Label).render())
    help_line = str(modal.query_one("#help", Static).render())
    rows = " | ".join(f.label for f in modal.query_one("#rolls").fields)
    return f"{title}\n{help_line}\n{rows}"


@drive
async def test_the_initiative_form_asks_for_totals(tmp_path):
    enc = make_encounter(tmp_path, ["add Kyra pc hp=20 init=3", "add Goblin hp=7 init=1"], ruleset="pathfinder1e")
    app = GMConsole(encounter=enc, dice=Dice.from_rolls([9], seed=3))
    async with app.run_test(size=SIZE) as pilot:
        await burst(app, pilot, "i")
        modal = app.screen
        assert isinstance(modal, InitiativeModal)
        text = _screen_text(modal)
        assert "Initiative: type totals" in text
        assert "total" in text and "type 17" in text
        assert "Kyra (1d20+3)" in text and "Goblin (1d20+1)" in text
        await burst(app, pilot, "1", "7", "enter")
    assert enc.state.get("kyra").initiative == 17  # the total, as typed: no modifier added on top


@drive
async def test_the_dragon_age_form_in_spanish_names_3d6(tmp_path):
    enc = make_encounter(tmp_path, ["add Alistair pc health=30 dex=2"], ruleset="dragon_age")
    app = GMConsole(encounter=enc, lang="es", dice=Dice.from_rolls([], seed=3))
    async with app.run_test(size=SIZE) as pilot:
        await burst(app, pilot, "i")
        text = _screen_text(app.screen)
        assert "Iniciativa: escribe totales" in text
        assert "el total de cada jugador" in text and "3d6+2" in text
        assert "Alistair (3d6+2)" in text


@drive
async def test_a_count_the_engine_refuses_is_said_under_its_row(tmp_path):
    """The form lets "1e9" through (it reads as a number); the engine refuses it as out of range,
    and the GM reads why under Kyra's row, not at the foot, with Goblin's 17 kept as typed and
    nothing set (the first refusal stops the form)."""
    enc = make_encounter(tmp_path, ["add Goblin hp=7 init=1", "add Kyra pc hp=20 init=3"], ruleset="pathfinder1e")
    app = GMConsole(encounter=enc, dice=Dice.from_rolls([9], seed=3))
    async with app.run_test(size=SIZE) as pilot:
        await burst(app, pilot, "i")
        modal = app.screen
        grid = modal.query_one("#rolls")
        assert [f.extra["combatant"].name for f in grid.fields] == ["Kyra", "Goblin"]  # PCs first
        await burst(app, pilot, "1", "e", "9", "down", "1", "7", "enter")
        assert app.screen is modal  # still open: nothing to dismiss
        errors = {f.extra["combatant"].name: f.error for f in grid.fields}
        assert "out of range" in errors["Kyra"] and errors["Goblin"] == ""
        assert str(modal.query_one("#error", Static).render()) == ""
    assert enc.state.get("kyra").initiative is None and enc.state.get("goblin").initiative is None
