"""Keys live on the pane they act on (issue 28 §3, docs/keys.md): the initiative list has the
focus when the encounter opens, Tab and Shift+Tab move it to the sheet and the log, each pane's
keys work while it has it and lead the footer, and the fight's keys (``d``, ``n``, ``u``...)
work whichever pane has it. keymap.toml moves a pane's key by its id, as a screen key's."""

from __future__ import annotations

from gm_console.storage import Encounter
from gm_console.storage.config import UserConfig
from gm_console.tui.modals.damage import DamageModal
from gm_console.tui.widgets.command_bar import CommandBar, FindBar
from gm_console.tui.widgets.initiative import InitiativePane
from gm_console.tui.widgets.log import LogPane, is_header
from gm_console.tui.widgets.sheet import SheetPane
from test_tui_flows import SIZE, app_for, type_text
from test_tui_support import SKIRMISH, copy_example, drive, make_encounter

#: three rounds of turns: a log taller than its pane, with round titles to jump between
ROUNDS = SKIRMISH + ["dmg Kyra 2", "next", "dmg \"Goblin 1\" 3", "next", "next", "next", "next", "next",
                     "next", "next"]


def footer(app) -> list[tuple[str, str]]:
    """(key, word) as the footer shows them, in order: the focused pane's first."""
    return [(key, b.binding.description) for key, b in app.screen.active_bindings.items() if b.binding.show]


def words(app) -> list[str]:
    return list(dict.fromkeys(word for _key, word in footer(app)))


def drawn(app) -> str:
    """The footer as drawn: its keys' and groups' words, in order."""
    from textual.widgets import Footer

    bar = app.screen.query_one(Footer)
    return " ".join(str(w.render()) for w in bar.query("FooterKey, FooterLabel"))


@drive
async def test_the_initiative_list_has_the_focus_at_once_and_its_keys_lead_the_footer(tmp_path):
    enc = make_encounter(tmp_path, SKIRMISH)
    app = app_for(enc)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen.focused, InitiativePane)
        shown = words(app)
        assert shown[:2] == ["Select up", "Select down"]  # the list's, then the fight's
        assert {"Next", "Damage", "Undo", "Help", "Command", "Find"} <= set(shown)
        assert drawn(app).startswith("↑ ↓ Select n Next d Damage"), drawn(app)
        await pilot.press("j")
        await pilot.pause()
        assert screen.selected == "goblin-1"
        await pilot.press("space", "space")  # marks Goblin 1 and 2, walking down
        await pilot.pause()
        assert screen.marked == ["goblin-1", "goblin-2"]
        await pilot.press("escape")
        await pilot.pause()
        assert screen.marked == []
        await pilot.press("home")  # the one whose turn it is
        await pilot.pause()
        assert screen.selected == "kyra"


@drive
async def test_the_sheet_scrolls_with_its_keys_and_d_still_damages_the_selected(tmp_path):
    enc = Encounter.open(copy_example(tmp_path, "pathfinder1e"))
    app = app_for(enc)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        selected = screen.selected
        await pilot.press("tab")
        await pilot.pause()
        sheet = screen.query_one(SheetPane)
        assert screen.focused is sheet
        assert words(app)[:2] == ["Sheet up", "Sheet down"] and "Select up" not in words(app)
        await pilot.press("j", "j", "j")
        await pilot.pause()
        assert sheet.scroll_y == 3 and screen.selected == selected  # j scrolls here, selects nothing
        await pilot.press("end")
        await pilot.pause()
        assert sheet.scroll_y == sheet.max_scroll_y > 3
        await pilot.press("home")
        await pilot.pause()
        assert sheet.scroll_y == 0
        await pilot.press("d")  # the fight's keys work from any pane
        await pilot.pause()
        assert isinstance(app.screen, DamageModal)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and screen.focused is sheet  # back where the GM was
        await pilot.press("escape")  # Esc: the list's keys again
        await pilot.pause()
        assert isinstance(screen.focused, InitiativePane)


@drive
async def test_the_log_reads_line_by_line_and_round_by_round_and_the_fight_goes_on(tmp_path):
    enc = make_encounter(tmp_path, ROUNDS)
    app = app_for(enc)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        log = screen.query_one(LogPane)
        await pilot.press("tab", "tab")
        await pilot.pause()
        assert screen.focused is log
        assert words(app)[:3] == ["Line up", "Line down", "Filter"]
        assert drawn(app).startswith("↑ ↓ Scroll o Filter n Next")
        bottom = log.scroll_y
        await pilot.press("k", "up")
        await pilot.pause()
        assert log.scroll_y == bottom - 2 and not log.following
        titles = [i for i, row in enumerate(log.rows) if is_header(row)]
        above = [i for i in titles if i < log.scroll_y]
        assert [log.rows[i].plain for i in titles][-3:] == ["── Round 1 ──", "── Round 2 ──", "── Round 3 ──"]
        await pilot.press("left")  # the start of the round above the top row: its title on top
        await pilot.pause()
        assert log.scroll_y == above[-1]
        await pilot.press("left")
        await pilot.pause()
        assert log.scroll_y == above[-2]
        await pilot.press("right")
        await pilot.pause()
        assert log.scroll_y == above[-1]
        await pilot.press("home")
        await pilot.pause()
        assert log.scroll_y == 0
        await pilot.press("end")
        await pilot.pause()
        assert log.following and log.scroll_y == bottom
        active = enc.state.active
        await pilot.press("n")  # the fight's keys from the log
        await pilot.pause()
        assert enc.state.active != active and screen.focused is log
        await pilot.press("pageup")  # PgUp pages the log from any pane (here too)
        await pilot.pause()
        assert not log.following
        await pilot.press("shift+tab")
        await pilot.pause()
        assert isinstance(screen.focused, SheetPane)
        await pilot.press("shift+tab")
        await pilot.pause()
        assert isinstance(screen.focused, InitiativePane)
        await pilot.press("shift+tab")  # round the ring
        await pilot.pause()
        assert screen.focused is log


@drive
async def test_the_logs_filter_keeps_the_actions_about_the_selected_combatant(tmp_path):
    """`o` in the log: only what was done to the selected combatant, by it or rolled for it;
    its title says whose; `o` on another one moves the filter to it, `o` again shows all."""
    enc = make_encounter(tmp_path, SKIRMISH + ["dmg Kyra 2", "dmg \"Goblin 1\" 3", "dmg \"Goblin 2\" 1"])
    app = app_for(enc)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        log = screen.query_one(LogPane)

        def lines() -> list[str]:
            return [row.plain for row in log.rows if row.plain.startswith("›")]

        assert lines()[-3:] == ["› dmg Kyra 2", '› dmg "Goblin 1" 3', '› dmg "Goblin 2" 1']
        await pilot.press("j", "tab", "tab", "o")
        await pilot.pause()
        assert "Filter" in words(app)
        assert log.border_title == "Log · only Goblin 1"
        assert lines() == ["› add Goblin x2 hp=7 init=1", "› init \"Goblin 1\" 12", "› dmg \"Goblin 1\" 3"]
        await pilot.press("escape", "j", "tab", "tab", "o")  # Goblin 2 now
        await pilot.pause()
        assert log.border_title == "Log · only Goblin 2" and lines()[-1] == '› dmg "Goblin 2" 1'
        await pilot.press("o")
        await pilot.pause()
        assert log.border_title == "Log" and lines()[-3:] == ["› dmg Kyra 2", '› dmg "Goblin 1" 3', '› dmg "Goblin 2" 1']


@drive
async def test_the_bars_give_the_focus_back_to_the_pane_that_had_it(tmp_path):
    enc = make_encounter(tmp_path, ROUNDS)
    app = app_for(enc)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab", "tab")
        await pilot.pause()
        screen = app.screen
        log = screen.query_one(LogPane)
        await pilot.press("colon")
        await pilot.pause()
        assert screen.query_one(CommandBar).has_focus
        await pilot.press("tab")  # Tab completes in the bar: the focus stays there
        await pilot.pause()
        assert screen.query_one(CommandBar).has_focus
        await pilot.press("escape")
        await pilot.pause()
        assert screen.focused is log
        await pilot.press("slash")
        await type_text(pilot, "gob2")
        await pilot.press("tab")  # the find bar keeps the keys until Enter or Esc
        await pilot.pause()
        assert screen.query_one(FindBar).has_focus
        await pilot.press("enter")
        await pilot.pause()
        assert screen.selected == "goblin-2" and screen.focused is log


@drive
async def test_the_log_going_out_of_view_gives_the_focus_to_the_list(tmp_path):
    """A narrow screen shows the log or the timeline: `v` with the log focused."""
    enc = make_encounter(tmp_path, ROUNDS)
    app = app_for(enc)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("tab", "tab")
        await pilot.pause()
        assert isinstance(app.screen.focused, LogPane)
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen.focused, InitiativePane)
        await pilot.press("tab", "tab")  # the sheet, then round to the list: no log to go to
        await pilot.pause()
        assert isinstance(app.screen.focused, InitiativePane)


@drive
async def test_a_pane_key_moved_by_its_id_in_keymap_toml(tmp_path):
    """`mark = "m"` and `log_line_up = "o"`: the new keys act and the footer shows them; the
    old ones no longer do. A screen key given a pane's default key (`damage = "j"`) wins over
    it: the list keeps ↓ only."""
    enc = make_encounter(tmp_path, ROUNDS)
    keys = {"mark": "m", "select_down": "ctrl+n", "log_line_up": "o", "damage": "j"}
    app = app_for(enc, config=UserConfig(keys=keys))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert ("ctrl+n", "Select down") in footer(app)
        await pilot.press("up", "up")
        await pilot.pause()
        assert screen.selected == "kyra"
        await pilot.press("space")
        await pilot.pause()
        assert screen.marked == []
        await pilot.press("m")
        await pilot.pause()
        assert screen.marked == ["kyra"] and screen.selected == "goblin-1"
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert screen.selected == "goblin-2"
        await pilot.press("escape", "j")  # j is damage now, even with the list focused
        await pilot.pause()
        assert isinstance(app.screen, DamageModal)
        await pilot.press("escape", "tab", "tab")
        await pilot.pause()
        log = screen.query_one(LogPane)
        assert screen.focused is log
        bottom = log.scroll_y
        await pilot.press("k")
        await pilot.pause()
        assert log.scroll_y == bottom  # k was log_line_up's, which has moved
        await pilot.press("o")
        await pilot.pause()
        assert log.scroll_y == bottom - 1
    assert any("'j'" in n.message and "damage" in n.message for n in app._notifications)  # said, once


@drive
async def test_the_panes_keys_in_spanish(tmp_path):
    enc = make_encounter(tmp_path, SKIRMISH)
    app = app_for(enc, lang="es")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert words(app)[:2] == ["Elegir arriba", "Elegir abajo"]
        await pilot.press("tab", "tab")
        await pilot.pause()
        assert words(app)[:2] == ["Línea arriba", "Línea abajo"]
        tips = {b.binding.id: b.tooltip for b in app.screen.active_bindings.values()}
        assert tips["pane_back"] == "Vuelve a la lista de iniciativa (sus teclas: elegir, marcar)"
        assert tips["damage"].startswith("Daño al combatiente elegido")
