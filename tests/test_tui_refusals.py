"""A refusal shows where the GM is looking (issue 24): on the warnings line under the head when no
form is open, under the command bar when it is, on a form's error line; the next key takes it
away. A `/` search previews only a combatant it found."""

from __future__ import annotations

from gm_console.tui.widgets.sheet import SheetPane
from test_tui_flows import SIZE, app_for, type_text
from test_tui_support import SKIRMISH, drive, make_encounter


def shown(app, selector: str) -> str:
    widget = app.screen.query_one(selector)
    return str(widget.render()) if widget.display else ""


def sheet_name(app) -> str:
    return str(app.screen.query_one(SheetPane).query_one("#sheet-body").render()).splitlines()[0]


@drive
async def test_a_refusal_with_no_form_open_is_on_the_warnings_line_until_the_next_key(tmp_path):
    enc = make_encounter(tmp_path, SKIRMISH)
    app = app_for(enc)
    async with app.run_test(size=SIZE) as pilot:
        assert shown(app, "#warnings") == ""
        await pilot.press("i")  # everyone has rolled
        await pilot.pause()
        assert "✗ Everyone has an initiative already" in shown(app, "#warnings")
        await pilot.press("j")
        await pilot.pause()
        assert "✗" not in shown(app, "#warnings")


@drive
async def test_a_refusal_of_the_command_bar_is_under_the_bar(tmp_path):
    enc = make_encounter(tmp_path, SKIRMISH)
    app = app_for(enc)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("colon")
        await type_text(pilot, "dmg Nobody 5")
        await pilot.press("enter")
        await pilot.pause()
        assert "✗ dmg: no combatant 'Nobody'" in shown(app, "#hint") or "✗ no combatant 'Nobody'" in shown(app, "#hint")
        assert "✗" not in shown(app, "#warnings")  # said once, where the GM types
        await pilot.press("backspace")
        await pilot.pause()
        assert shown(app, "#hint") == ""


@drive
async def test_a_search_never_previews_a_combatant_it_did_not_find(tmp_path):
    enc = make_encounter(tmp_path, SKIRMISH)
    app = app_for(enc)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("slash", "g")
        await pilot.pause()
        assert "Goblin 1" in sheet_name(app)  # found: the sheet shows what Enter would select
        await type_text(pilot, "zz")
        await pilot.pause()
        assert "Kyra" in sheet_name(app)  # "gzz" matches nobody: back to who was selected
        await pilot.press("enter")
        await pilot.pause()
        assert not app.screen.query_one("#find-bar").display
        assert "✗ No combatant matches 'gzz'" in shown(app, "#warnings")
        assert app.screen.selected == "kyra"


@drive
async def test_the_gm_sees_who_is_hidden_in_its_row_and_sheet_and_the_players_see_nothing_new(tmp_path):
    """issue 24: a hidden combatant is marked on the GM's screen, so no one forgets to reveal it."""
    from gm_console.storage import Encounter
    from gm_console.tui.players.model import frame
    from gm_console.tui.widgets.initiative import InitiativePane

    enc = make_encounter(tmp_path, SKIRMISH + ['hide "Goblin 2"', 'dmg "Goblin 2" 9'])
    app = app_for(enc)
    async with app.run_test(size=(120, 40)) as pilot:
        rows = app.screen.query_one(InitiativePane).render().plain.splitlines()
        assert "unconscious ◌ hidden" in next(r for r in rows if "Goblin 2" in r)
        assert not any("◌" in r for r in rows if "Goblin 2" not in r)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        rows = app.screen.query_one(InitiativePane).render().plain.splitlines()
        assert "uncon. ◌" in next(r for r in rows if "Goblin 2" in r)  # the mark fits at 80x24
        assert "hidden" not in sheet_name(app)  # Kyra's sheet
        await pilot.press("j", "j")
        await pilot.pause()
        sheet = str(app.screen.query_one("#sheet-body").render())
        assert "◌ hidden from the players (reveal \"Goblin 2\")" in sheet.replace("\n", " ").replace("  ", " ")
    players = frame(Encounter.open(enc.path, read_only=True))
    assert [r.name for r in players.rows] == ["Kyra", "Goblin 1"]  # unchanged: they never see it


@drive
async def test_the_spanish_sheet_offers_revelar(tmp_path):
    enc = make_encounter(tmp_path, SKIRMISH + ['hide "Goblin 2"'])
    app = app_for(enc, lang="es")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("j", "j")
        await pilot.pause()
        sheet = str(app.screen.query_one("#sheet-body").render())
        assert "◌ oculto a los jugadores (revelar \"Goblin 2\")" in sheet
