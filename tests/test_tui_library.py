"""The console's side of preparing: the add modal's bestiary search with its preview, storing a
combatant in the GM's bestiary (B), writing the party back when a combat ends (P), and the
picker's parties and prepared encounters (README.md, "Prepare between sessions")."""

from __future__ import annotations

import tomllib
from pathlib import Path

from gm_console.storage import Encounter
from gm_console.storage import bestiary_files as bestiary_file
from gm_console.storage import party as party_file
from gm_console.tui.app import GMConsole
from gm_console.tui.modals.add import AddCombatantModal
from gm_console.tui.modals.prompts import ConfirmModal, TextPrompt
from gm_console.tui.screens.encounter import EncounterScreen
from gm_console.tui.screens.picker import PARTY, NewEncounterModal, PickerScreen
from gm_console.tui.screens.summary import SummaryScreen
from gm_console.tui.widgets.bestiary_search import BestiarySearch
from test_tui_flows import SIZE, app_for, type_text
from test_tui_support import drive, make_encounter

ROOT = Path(__file__).resolve().parent.parent


def own_bestiary(game: str, text: str) -> Path:
    path = bestiary_file.user_path(game)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


ORCS = '[orc]\nen = "Orc"\nes = "Orco"\nhit_dice = "2d8+2"\nhp = 11\nac = 13\n\n[ogre]\nen = "Ogre"\nes = "Ogro"\nhp = 30\n'


@drive
async def test_the_add_modal_finds_a_creature_in_spanish_and_previews_it(tmp_path):
    own_bestiary("generic", ORCS)
    enc = make_encounter(tmp_path, [])
    app = app_for(enc)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        await pilot.pause()
        modal = app.screen
        assert isinstance(modal, AddCombatantModal) and modal.query_one(BestiarySearch)
        await type_text(pilot, "orc")  # the search box has the focus
        await pilot.pause()
        preview = str(modal.query_one("#creature-preview").render())
        assert preview.splitlines()[:2] == ["Orc (Orco)", "hp 11 (2d8+2) · ac 13"]
        modal.query_one("#form").get("count").value = "3"
        await pilot.press("ctrl+r", "enter")
        await pilot.pause()
        assert isinstance(app.screen, EncounterScreen)
    assert enc.session.done[-1].line == "add @Orc x3 roll"
    assert [c.name for c in enc.state.combatants.values()] == ["Orc 1", "Orc 2", "Orc 3"]
    assert all(3 <= c.pools["hp"].max <= 18 for c in enc.state.combatants.values())


@drive
async def test_in_spanish_the_modal_adds_by_the_spanish_name_with_a_name_of_its_own_too(tmp_path):
    own_bestiary("generic", ORCS)
    enc = make_encounter(tmp_path, [])
    app = app_for(enc, lang="es")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        await pilot.pause()
        await type_text(pilot, "ogr")
        await pilot.pause()
        assert str(app.screen.query_one("#creature-preview").render()).startswith("Ogro (Ogre)")
        app.screen.query_one("#form").get("f-hp").value = "40"
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        await type_text(pilot, "orco")
        await pilot.press("tab")
        assert app.screen.focused is app.screen.query_one("#form")  # Tab: from the search to the form
        await type_text(pilot, "Grak")
        await pilot.press("enter")
        await pilot.pause()
    assert [e.line for e in enc.session.done] == ["añadir @Ogro hp=40", "añadir Grak @Orco"]
    assert enc.state.get("ogro").pools["hp"].max == 40 and enc.state.get("grak").stats["ac"] == 13


@drive
async def test_b_stores_the_selected_combatant_and_add_finds_it_at_once(tmp_path):
    enc = make_encounter(tmp_path, ["add Brute hp=25 ac=15 init=2"])
    app = app_for(enc)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("j")
        await pilot.press("B")
        await pilot.pause()
        assert isinstance(app.screen, TextPrompt)
        await type_text(pilot, "Cave brute")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("colon")
        await type_text(pilot, "add @cave x2")
        await pilot.press("enter")
        await pilot.pause()
    mine = tomllib.loads(bestiary_file.user_path("generic").read_text(encoding="utf-8"))
    assert mine["cave-brute"] == {"en": "Cave brute", "hp": 25, "init": 2, "ac": 15}
    assert [c.pools["hp"].max for c in enc.state.combatants.values()] == [25, 25, 25]


@drive
async def test_ending_the_combat_offers_to_write_the_party_back(tmp_path):
    sheets = make_encounter(tmp_path, ["add Ash pc hp=10 init=5"], name="sheets")
    party = party_file.create("Band", "generic")
    party_file.add_members(party, list(sheets.state.combatants.values()), sheets.ruleset)
    enc = Encounter.create(tmp_path / "fight.toml", "generic", party=party_file.load("Band"))
    for line in ("add Rat hp=3", "start", "dmg Ash 4", "cond Ash poisoned"):
        enc.execute(line)
    app = app_for(enc)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("colon")
        await type_text(pilot, "end")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)  # the summary after the fight offers it
        await pilot.press("P")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmModal)
        assert "Ash: Hit points 10 → 6, +Poisoned" in str(app.screen.query_one("#title").render())
        await pilot.press("y")
        await pilot.pause()
    now = party_file.load("Band").members[0].now
    assert now["pools"]["hp"] == 6 and now["conditions"] == [{"cond": "poisoned"}]


@drive
async def test_the_picker_lists_parties_and_prepared_encounters_and_starts_one_with_a_party(tmp_path):
    sheets = make_encounter(tmp_path, ["add Ash pc hp=10"], name="sheets")
    party = party_file.create("Band", "generic")
    party_file.add_members(party, list(sheets.state.combatants.values()), sheets.ruleset)
    app = GMConsole(None)
    async with app.run_test(size=(110, 36)) as pilot:
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, PickerScreen)
        prepared = [i for i in picker.infos.values() if i.prepared]
        assert [i.name for i in prepared] == ["Goblin ambush at the bridge"]
        listing = "\n".join(str(o.prompt) for o in picker.query_one("#encounters")._options)
        assert "Goblin ambush at the bridge" in listing and "prepared" in listing
        assert "Band" in listing and "Ash" in listing
        picker.open_option(PARTY + "Band")
        await pilot.pause()
        assert isinstance(app.screen, NewEncounterModal) and app.screen.query_one("#party").value == "Band"
        await type_text(pilot, "Rat cellar")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, EncounterScreen)
        enc = app.screen.controller.encounter
    assert [c.name for c in enc.state.combatants.values()] == ["Ash"] and enc.doc.extra["party"] == "Band"


@drive
async def test_a_prepared_encounter_opens_in_the_console(tmp_path):
    plan = tmp_path / "cellar.toml"
    plan.write_text('ruleset = "generic"\nname = "Rat cellar"\n\n[[combatant]]\nname = "Rat"\ncount = 3\nhp = 4\n'
                    'initiative = 12\n', encoding="utf-8")
    enc = Encounter.open(plan)
    app = app_for(enc)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
    again = Encounter.open(plan, read_only=True)
    assert again.state.active == "rat-2" and [c.initiative for c in again.state.combatants.values()] == [12] * 3
    assert (tmp_path / "cellar.toml.prepared.bak").exists()


@drive
async def test_p_on_a_party_file_gone_says_so_in_one_line_and_the_encounter_goes_on(tmp_path):
    sheets = make_encounter(tmp_path, ["add Ash pc hp=10 init=5"], name="sheets")
    party = party_file.create("Band", "generic")
    party_file.add_members(party, list(sheets.state.combatants.values()), sheets.ruleset)
    enc = Encounter.create(tmp_path / "fight.toml", "generic", party=party_file.load("Band"))
    party_file.party_path("Band").unlink()  # deleted between sessions
    app = app_for(enc)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("P")
        await pilot.pause()
        assert isinstance(app.screen, EncounterScreen)
        said = [n.message for n in app._notifications]
        assert len(said) == 1 and "no party 'Band'" in said[0], said
        assert "no party 'Band'" in str(app.screen.query_one("#warnings").render())
    assert [c.name for c in enc.state.combatants.values()] == ["Ash"]
