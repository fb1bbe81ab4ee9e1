"""Nothing the user typed is read as markup, and no control character reaches the terminal
(issue 14): names, notes, labels, command lines, encounter names and paths are shown as
typed, with ESC, OSC and C1 bytes shown escaped. Driven with Pilot, toasts on."""

from __future__ import annotations

from gm_console.engine.core.dice import Dice
from gm_console.tui.app import GMConsole
from gm_console.tui.modals.condition import ConditionModal
from gm_console.tui.modals.damage import DamageModal
from gm_console.tui.screens.encounter import EncounterScreen
from gm_console.tui.screens.picker import PickerScreen
from gm_console.tui.widgets.command_bar import CommandBar
from test_tui_support import drive, make_encounter

SIZE = (120, 40)
EVIL = "Evil\x1b]0;pwned\x07\x1b[2J\x9b"  # sets the window title, clears the screen, C1 CSI
KEYS = {" ": "space", ":": "colon", '"': "quotation_mark", "/": "slash", "[": "left_square_bracket",
        "]": "right_square_bracket", "=": "equals_sign"}


def screen_text(app) -> str:
    """What the terminal would be sent for the screen, toasts included, as characters."""
    strips = app.screen._compositor.render_strips()
    return "\n".join("".join(segment.text for segment in strip) for strip in strips)


def no_raw_control(text: str) -> None:
    assert "\x1b" not in text and "\x9b" not in text and "\x07" not in text


async def typed(pilot, text: str) -> None:
    for ch in text:
        await pilot.press(KEYS.get(ch, ch))


def app_for(enc) -> GMConsole:
    return GMConsole(encounter=enc, dice=Dice.from_rolls([], seed=3))


@drive
async def test_names_notes_and_labels_with_markup_are_shown_as_typed(tmp_path):
    enc = make_encounter(tmp_path, ['add "[/]" hp=4', 'add "[b]Boss[/b]" hp=9', "note [b]loot[/] under the [i]altar",
                                    'cond "[/]" "[b]"'], name="x[b]y[/]")
    async with app_for(enc).run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        text = screen_text(pilot.app)
        assert pilot.app.is_running and isinstance(pilot.app.screen, EncounterScreen)
        assert " x[b]y[/] " in text  # the encounter's name in the head line
        assert "● [/] " in text and "● [b]Boss[/b] " in text  # initiative pane
        assert "[[b]]" in text  # the label's badge
        assert "[/] · [b]" in text  # its timeline row
        assert "note · [b]loot[/] under the [i]altar" in text  # the log


@drive
async def test_markup_typed_in_the_command_bar_is_a_one_line_error_not_a_crash(tmp_path):
    enc = make_encounter(tmp_path, ["add Kyra hp=10"])
    async with app_for(enc).run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("colon")
        await typed(pilot, 'dmg "[/]" 5')
        await pilot.press("enter")
        await pilot.pause()
        assert pilot.app.is_running
        assert "no combatant '[/]'; combatants: Kyra" in screen_text(pilot.app)
        assert pilot.app.screen.query_one(CommandBar).value == 'dmg "[/]" 5'  # kept, to fix it
    assert enc.state.get("kyra").pools["hp"].value == 10 and len(enc.session.done) == 1


@drive
async def test_a_path_with_markup_is_shown_as_it_is(tmp_path):
    folder = tmp_path / "[b]campaign" / "[/]"
    folder.mkdir(parents=True)
    enc = make_encounter(folder, ["add Kyra hp=10"], name="ambush")
    async with app_for(enc).run_test(size=(200, 40), notifications=True) as pilot:
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "[b]campaign/[/]/ambush.toml" in screen_text(pilot.app)


@drive
async def test_control_characters_in_a_name_are_shown_escaped_never_sent(tmp_path):
    enc = make_encounter(tmp_path, [f'add "{EVIL}" hp=5', f"note {EVIL}", f'cond "{EVIL[:4]}" shaken 2'])
    async with app_for(enc).run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        text = screen_text(pilot.app)
        no_raw_control(text)
        assert "Evil\\x1b]0;pwned" in text and "\\x9b" in text
        await pilot.press("colon")
        await typed(pilot, "dmg Ev")
        await pilot.press("tab")  # completion puts the name in the bar
        await pilot.pause()
        assert pilot.app.screen.query_one(CommandBar).value.startswith("dmg Evil\\x1b]0;pwned")
        await typed(pilot, " 5x")
        await pilot.press("enter")  # an error that quotes the name, in a toast
        await pilot.pause()
        no_raw_control(screen_text(pilot.app))


@drive
async def test_forms_show_names_and_labels_as_typed(tmp_path):
    enc = make_encounter(tmp_path, ['add "[/]" hp=4', f'add "{EVIL}" hp=5'])
    async with app_for(enc).run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("d")  # damage the selected one: its name in the title, all in the target list
        await pilot.pause()
        assert isinstance(pilot.app.screen, DamageModal)
        text = screen_text(pilot.app)
        assert "[/]" in text
        no_raw_control(text)
        await pilot.press("escape")
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(pilot.app.screen, ConditionModal)
        await typed(pilot, "[/b]")  # a free label that is also a closing tag
        await pilot.pause()
        assert "[/b]" in screen_text(pilot.app)
        await pilot.press("enter")
        await pilot.pause()
        assert pilot.app.is_running and isinstance(pilot.app.screen, EncounterScreen)
    assert enc.session.done[-1].line == "cond [/] [/b]"


@drive
async def test_the_picker_lists_encounter_names_as_typed(tmp_path):
    from gm_console.storage import Encounter
    from gm_console.storage.paths import saves_dir

    saves_dir().mkdir(parents=True)
    Encounter.create(saves_dir() / "odd.toml", "generic", name=f"[/]{EVIL}")
    async with GMConsole(None).run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        assert isinstance(pilot.app.screen, PickerScreen)
        text = screen_text(pilot.app)
        assert "   [/]Evil" in text  # a name that is a closing tag, then what follows it
        no_raw_control(text)
