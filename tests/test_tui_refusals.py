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
