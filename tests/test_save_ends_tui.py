"""Effects that end on a save in the TUI (issue 31): the condition form takes the save and its DC,
and with the table option ``save_rolls offer`` the warnings line offers the save, `y` runs it
(docs/rulesets/pathfinder1e.md#1111-effects-that-end-on-a-save)."""

from __future__ import annotations

import pytest

from gm_console.engine.core.dice import Dice
from gm_console.tui.app import GMConsole
from gm_console.tui.modals.condition import ConditionModal
from gm_console.tui.screens.encounter import EncounterScreen
from gm_console.tui.widgets.log import LogPane
from test_tui_flows import SIZE, type_text
from test_tui_support import drive, make_encounter

FIGHT = ["add Kyra pc hp=20", "add Gob hp=6 will=1", "init Kyra 15", "init Gob 10", "start"]


def held(enc) -> list[tuple[str, int | None]]:
    return [(i.save, i.dc) for i in enc.state.get("gob").conditions if i.cond == "hold-person"]


async def fill_condition(pilot, app, search: str, rounds: str, save: str) -> None:
    await pilot.press("j", "c")  # Gob, then the condition form
    await pilot.pause()
    assert isinstance(app.screen, ConditionModal)
    await type_text(pilot, search)
    app.screen.query_one("#rounds").value = rounds
    app.screen.query_one("#save").value = save
    await pilot.press("enter")
    await pilot.pause()


@pytest.mark.parametrize("lang, search, rounds, save, line, dc", [
    ("en", "hold person", "10", "will:15", "cond Gob hold-person 10 save=will:15", 15),
    ("es", "inmovilizar persona", "", "salvación=16", "estado Gob hold-person save=16", 16),  # the entry names Will;
    # the form writes its line as a Spanish table types it (`estado`)
])
@drive
async def test_the_condition_form_gives_the_save_and_its_dc(tmp_path, lang, search, rounds, save, line, dc):
    enc = make_encounter(tmp_path, FIGHT, ruleset="pathfinder1e")
    app = GMConsole(encounter=enc, dice=Dice.from_rolls([], seed=3), lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await fill_condition(pilot, app, search, rounds, save)
    assert enc.session.done[-1].line == line
    assert held(enc) == [("will", dc)]


@drive
async def test_a_save_written_wrong_is_refused_in_the_form_and_nothing_changes(tmp_path):
    enc = make_encounter(tmp_path, FIGHT, ruleset="pathfinder1e")
    before = len(enc.session.done)
    app = GMConsole(encounter=enc, dice=Dice.from_rolls([], seed=3))
    async with app.run_test(size=SIZE) as pilot:
        await fill_condition(pilot, app, "hold person", "10", "save=")
        assert isinstance(app.screen, ConditionModal)
        assert "like will:15" in str(app.screen.query_one("#save-error").render())  # under the field
        app.screen.query_one("#save").value = "mind:15"  # no such save: the engine's line, in the form
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConditionModal)
        assert "fort, ref, will" in str(app.screen.query_one("#error").render())
    assert len(enc.session.done) == before and held(enc) == []


def offered_fight(tmp_path):
    return make_encounter(tmp_path, ["option save_rolls offer", *FIGHT, "cond Gob hold-person 10 save=will:15"],
                          ruleset="pathfinder1e")


@drive
async def test_y_runs_the_offered_save_and_a_success_ends_the_effect(tmp_path):
    enc = offered_fight(tmp_path)
    app = GMConsole(encounter=enc, dice=Dice.from_rolls([19], seed=3))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")  # Gob's turn: the save is offered, not rolled
        await pilot.pause()
        assert held(enc) == [("will", 15)]
        line = str(app.screen.query_one("#warnings").render())
        assert "Gob: Will save against Hold person (DC 15)" in line and "[y] runs: save Gob hold-person" in line
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, EncounterScreen)
        log = "\n".join(r.plain for r in app.screen.query_one(LogPane).rows)
        assert not app.screen.query_one("#warnings").display
    assert enc.session.done[-1].line == "save Gob hold-person"
    assert held(enc) == []
    assert "Gob shakes off Hold person (Will save 1d20 (19) +1 = 20 vs DC 15)" in log


@drive
async def test_a_failed_offered_save_keeps_the_effect_and_the_offer_goes(tmp_path):
    enc = offered_fight(tmp_path)
    app = GMConsole(encounter=enc, dice=Dice.from_rolls([2], seed=3))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert not app.screen.query_one("#warnings").display
        log = "\n".join(r.plain for r in app.screen.query_one(LogPane).rows)
    assert held(enc) == [("will", 15)]
    assert "Gob fails to shake off Hold person (Will save 1d20 (2) +1 = 3 vs DC 15)" in log


@drive
async def test_a_spanish_table_reads_salvar_on_the_warnings_line_and_in_the_log(tmp_path):
    enc = offered_fight(tmp_path)
    app = GMConsole(encounter=enc, dice=Dice.from_rolls([19], seed=3), lang="es")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        line = str(app.screen.query_one("#warnings").render())
        assert "salvar Gob hold-person" in line and " save " not in line
        log = "\n".join(r.plain for r in app.screen.query_one(LogPane).rows)
        assert "Gob puede salvar ahora contra Inmovilizar persona: salvar Gob hold-person" in log
        await pilot.press("y")
        await pilot.pause()
    assert held(enc) == []


@pytest.mark.parametrize("game, lang, example, saves", [
    ("dnd5e", "en", "wis:15", "str, dex, con, int, wis, cha"),
    ("dnd5e", "es", "sab:15", "fue, des, con, int, sab, car"),
    ("pathfinder1e", "en", "will:15", "fort, ref, will"),
    ("pathfinder1e", "es", "voluntad:15", "fortaleza, reflejos, voluntad"),
    ("starfinder", "es", "voluntad:15", "fortaleza, reflejos, voluntad"),
    ("dragon_age", "en", "willpower:courage:15", "ABILITY, ABILITY:FOCUS"),
    ("dragon_age", "es", "voluntad:coraje:15", "ATRIBUTO, ATRIBUTO:CONCENTRACIÓN"),
])
@drive
async def test_the_save_example_and_refusal_name_the_games_own_saves(tmp_path, game, lang, example, saves):
    """Each game names its saves (dnd5e by ability, AGE by an ability test): the form's example
    and both refusals say them in the GM's language, and the example is one the game accepts."""
    enc = make_encounter(tmp_path, ["add Kyra pc hp=20", "add Gob hp=6"], ruleset=game)
    app = GMConsole(encounter=enc, dice=Dice.from_rolls([], seed=3), lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("j", "c")
        await pilot.pause()
        assert isinstance(app.screen, ConditionModal)
        assert app.screen.query_one("#save").placeholder.startswith(example + ",")
        await type_text(pilot, "blinded" if lang == "en" else "cegado")
        app.screen.query_one("#save").value = "save="
        await pilot.press("enter")
        await pilot.pause()
        assert f" {example} " in str(app.screen.query_one("#save-error").render())
        app.screen.query_one("#save").value = "mind:15"
        await pilot.press("enter")
        await pilot.pause()
        error = str(app.screen.query_one("#error").render())
        assert saves in error and "will:15" not in error.replace(example, ""), error
        app.screen.query_one("#save").value = example
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, ConditionModal), str(app.screen.query_one("#error").render())
    assert " save=" in enc.session.done[-1].line
