"""The add form's difficulty line (issue 27): it follows the creature being typed, read through
the Controller (tried on a copy: nothing is added until the GM submits), in the GM's language
(docs/rulesets/pathfinder1e.md#118-difficulty-while-building)."""

from __future__ import annotations

from gm_console.tui.modals.add import AddCombatantModal
from gm_console.tui.screens.encounter import EncounterScreen
from test_tui_flows import SIZE, app_for, type_text
from test_tui_support import drive, make_encounter

PARTY = [f"add {name} pc hp=10 hd=1" for name in ("Kyra", "Ezren", "Valeros", "Merisiel")]


def line(app) -> str:
    return str(app.screen.query_one("#difficulty").render())


async def typed(pilot, text: str) -> None:
    await type_text(pilot, text)
    await pilot.pause()


async def add_form(pilot) -> None:
    await pilot.press("a")
    await pilot.pause()


@drive
async def test_the_add_forms_difficulty_follows_the_creature_and_its_count(tmp_path):
    enc = make_encounter(tmp_path, PARTY, ruleset="pathfinder1e")
    app = app_for(enc)
    async with app.run_test(size=SIZE) as pilot:
        await add_form(pilot)
        assert isinstance(app.screen, AddCombatantModal)
        assert line(app) == "Difficulty: no foes with a CR or XP yet (APL 1)"
        await typed(pilot, "goblin")  # the search box has the focus; the first match is picked
        assert line(app) == "Difficulty: easy: CR 1/3 (135 XP) against APL 1"
        await pilot.press("tab", "down")  # to the form, then its count
        await typed(pilot, "3")
        assert line(app) == "Difficulty: average: CR 1 (405 XP) against APL 1"
        await pilot.press("backspace")
        await typed(pilot, "6")
        assert line(app) == "Difficulty: hard: CR 3 (810 XP) against APL 1"
        assert len(enc.state.combatants) == 4 and len(enc.history) == 4  # only tried: nothing added
        await pilot.press("backspace")
        await typed(pilot, "0")  # a count the form refuses: the encounter as it is
        assert line(app) == "Difficulty: no foes with a CR or XP yet (APL 1)"
        await pilot.press("backspace")
        await type_text(pilot, "3")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, EncounterScreen)
        await add_form(pilot)
        assert line(app) == "Difficulty: average: CR 1 (405 XP) against APL 1"  # the three goblins added
    assert enc.history[-1].line == "add @Goblin x3"


@drive
async def test_in_spanish_and_without_a_party_level(tmp_path):
    enc = make_encounter(tmp_path, ["add Kyra pc hp=10"], ruleset="pathfinder1e")
    app = app_for(enc, lang="es")
    async with app.run_test(size=SIZE) as pilot:
        await add_form(pilot)
        await typed(pilot, "trasgo")
        assert line(app) == ("Dificultad: VD 1/3 (135 PX); nivel de grupo desconocido (pon nivel a los PJ)")


@drive
async def test_a_game_without_difficulty_shows_no_line(tmp_path):
    enc = make_encounter(tmp_path, [])
    app = app_for(enc)
    async with app.run_test(size=SIZE) as pilot:
        await add_form(pilot)
        assert app.screen.query_one("#difficulty").display is False


@drive
async def test_the_picker_says_how_hard_the_highlighted_prepared_encounter_is(tmp_path):
    from gm_console.storage.library import new_save_path
    from gm_console.tui.app import GMConsole
    from gm_console.tui.screens.picker import PickerScreen

    mine = new_save_path("Cellar")
    mine.parent.mkdir(parents=True, exist_ok=True)
    mine.write_text('ruleset = "pathfinder1e"\nname = "Cellar"\n\n[[combatant]]\nfrom = "dire-rat"\ncount = 3\n'
                    + "".join(f'\n[[combatant]]\nname = "PC{i}"\nside = "pc"\nhp = 9\nhd = 1\n' for i in range(4)),
                    encoding="utf-8")
    before = mine.read_bytes()
    app = GMConsole(None)
    async with app.run_test(size=(110, 36)) as pilot:
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, PickerScreen)
        detail = picker.query_one("#picker-detail")
        widget = picker.query_one("#encounters")
        keys = [o.id for o in widget._options]

        async def highlight(info_test) -> None:
            widget.highlighted = keys.index(next(k for k, i in picker.infos.items() if info_test(i)))
            await pilot.pause()

        await highlight(lambda i: i.name == "Cellar")
        assert detail.display and str(detail.render()) == "Difficulty: average: CR 1 (405 XP) against APL 1"
        await highlight(lambda i: i.bundled and i.prepared)  # the bundled example: four goblins, Grak, a dog
        assert str(detail.render()) == "Difficulty: hard: CR 3 (1,140 XP) against APL 1"
        await highlight(lambda i: i.bundled and not i.prepared)  # a save: no line
        assert not detail.display
    assert mine.read_bytes() == before  # read, never built into a save
