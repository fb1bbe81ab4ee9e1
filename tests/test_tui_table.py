"""At the table (issue 10): what a GM notices mid-fight, driven with Pilot.

Keys go in as a terminal delivers them to a fast typist: a burst of key events
with no pause between them (``burst``), then the test waits until the app has
handed every key on; asserts are on the saved encounter and on what the screen
shows.
"""

from __future__ import annotations

import asyncio

import pytest

from textual import events

from gm_console.engine.core.dice import Dice
from gm_console.engine.core.contract import Spendable, Use
from gm_console.tui.app import GMConsole
from gm_console.tui.bindings import ENCOUNTER_KEYS, INITIATIVE_KEYS
from gm_console.tui.modals.add import AddCombatantModal
from gm_console.tui.modals.condition import ConditionModal, search
from gm_console.tui.modals.prompts import InitiativeModal, SpendModal
from gm_console.tui.screens.encounter import EncounterScreen
from gm_console.tui.widgets.initiative import InitiativePane
from gm_console.tui.widgets.log import LogPane
from gm_console.tui.widgets.sheet import sheet_text
from gm_console.tui.widgets.timeline import timeline_text
from test_tui_support import SKIRMISH, demo_ruleset, drive, make_encounter  # noqa: F401 (fixture)

SIZE = (100, 32)
NAMES = {" ": "space", ":": "colon", '"': "quotation_mark", "-": "minus", "+": "plus", "/": "slash",
         ",": "comma", "=": "equals_sign", ".": "full_stop"}


def app_for(enc, **kwargs) -> GMConsole:
    kwargs.setdefault("dice", Dice.from_rolls([], seed=3))
    return GMConsole(encounter=enc, **kwargs)


def keys(text: str) -> list[str]:
    return [NAMES.get(ch, ch) for ch in text]


async def burst(app, pilot, *sequence: str) -> None:
    """Every key at once, as a terminal hands over fast typing; then wait for all to be handled."""
    for key in sequence:
        char = {"enter": "\r", "tab": "\t", "space": " ", "escape": "\x1b"}.get(key)
        if char is None:
            char = key if len(key) == 1 else {v: k for k, v in NAMES.items()}.get(key)
        app._driver.send_message(events.Key(key, char))
    await pilot.pause()
    while app.typeahead.keys or app.typeahead.busy:
        await asyncio.sleep(0.01)
    await pilot.pause()


@drive
async def test_damage_typed_at_machine_speed_is_applied(tmp_path):
    """`d` `7` Enter `n` with no gap: 7 damage, then the next turn (the modal got every key)."""
    enc = make_encounter(tmp_path, SKIRMISH)
    app = app_for(enc)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await burst(app, pilot, "j", "d", "7", "enter", "n")
        assert isinstance(app.screen, EncounterScreen)
    assert [e.line for e in enc.session.done][-2:] == ['dmg "Goblin 1" 7', "next"]
    assert enc.state.get("goblin-1").pools["hp"].value == 0


@drive
async def test_a_burst_through_the_command_bar_and_a_condition(tmp_path):
    enc = make_encounter(tmp_path, SKIRMISH)
    app = app_for(enc)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await burst(app, pilot, "colon", *keys('dmg "Goblin 2" 3'), "enter",
                    "c", *keys("shak"), "tab", "2", "enter")
    assert [e.line for e in enc.session.done][-2:] == ['dmg "Goblin 2" 3', "cond Kyra shaken 2"]


@drive
async def test_the_key_that_opened_a_form_pressed_again_is_not_typed_into_it(tmp_path):
    """A second `a` before the form was on the screen is a double press, not the Name's first letter."""
    enc = make_encounter(tmp_path, SKIRMISH)
    app = app_for(enc)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await burst(app, pilot, "a", "a", *keys("Orc"), "enter")
    assert enc.session.done[-1].line == "add Orc"


@drive
async def test_forms_open_with_their_first_field_focused_at_once(tmp_path, demo_ruleset):
    enc = make_encounter(tmp_path, SKIRMISH, ruleset="tui-demo")
    app = app_for(enc)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        modal = app.screen
        assert isinstance(modal, AddCombatantModal)
        assert app.focused is modal.query_one("#form")
        assert len(list(modal.query("*"))) < 20  # the whole stat block is one widget


@drive
async def test_condition_form_enter_on_nothing_does_nothing_and_no_placeholder_looks_like_a_value(
        tmp_path, demo_ruleset):
    enc = make_encounter(tmp_path, SKIRMISH, ruleset="tui-demo")
    app = app_for(enc)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        modal = app.screen
        assert isinstance(modal, ConditionModal)
        assert modal.query_one("#rounds").placeholder == ""
        assert modal.query_one("#value").placeholder == ""
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is modal  # still open, nothing added
        assert str(modal.query_one("#error").render()) == ""
    assert enc.state.get("kyra").conditions == []


def test_words_and_aliases_rank_above_scattered_letters(demo_ruleset, monkeypatch):
    """`enred` finds the alias enredado (entangled), never ensordecido (deafened)."""
    from gm_console.engine.core.contract import Catalogue, ConditionDef

    defs = [ConditionDef("deafened", "Deafened", "Ensordecido"),
            ConditionDef("entangled", "Entangled", "Enmarañado", aliases=("enredado",))]
    monkeypatch.setattr(type(demo_ruleset.conditions), "catalogue", Catalogue(defs))
    assert [d.id for d in search(demo_ruleset, "enred", "es")] == ["entangled"]
    defs[1] = ConditionDef("entangled", "Entangled", "Enmarañado")  # without the alias: no match at all
    monkeypatch.setattr(type(demo_ruleset.conditions), "catalogue", Catalogue(defs))
    assert search(demo_ruleset, "enred", "es") == []
    assert search(demo_ruleset, "ensrd", "es")[0].id == "deafened"  # a typo still finds it


@drive
async def test_the_log_follows_the_newest_line_unless_read_back(tmp_path):
    enc = make_encounter(tmp_path, SKIRMISH + [f"note line {n}" for n in range(40)])
    app = app_for(enc)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        log = app.screen.query_one(LogPane)
        bottom = lambda: max(0, len(log.rows) - log.scrollable_content_region.height)  # noqa: E731
        assert log.scroll_y == bottom()
        await pilot.press("n")
        await pilot.pause()
        assert log.scroll_y == bottom() and "Goblin 1's turn" in log.rows[-1].plain
        await pilot.press("pageup")
        await pilot.pause()
        where = log.scroll_y
        await pilot.press("n")
        await pilot.pause()
        assert log.scroll_y == where  # reading back: it stays
        assert "new lines below" in log.render_line(log.scrollable_content_region.height - 1).text
        await pilot.press("pagedown", "pagedown", "pagedown")
        await pilot.pause()
        assert log.following and log.scroll_y == bottom()
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert log.scroll_y == bottom()  # a resize keeps the newest line in view


@drive
@pytest.mark.parametrize("size", [(80, 24), (120, 40), (160, 50)])
async def test_the_log_opens_at_its_newest_line_at_any_size(tmp_path, size):
    """The GM never opens a fight on its first lines, whatever the terminal's size (the screen's
    size classes now come before the first layout, and the log scrolls to its end before its
    scrollbar is laid out)."""
    enc = make_encounter(tmp_path, SKIRMISH + [f"note line {n}" for n in range(60)])
    app = app_for(enc)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        log = app.screen.query_one(LogPane)
        height = log.scrollable_content_region.height
        assert app.screen.has_class("-wide") == (size[0] >= 110)
        assert log.render_line(height - 1).text.rstrip().endswith("line 59")


@drive
async def test_a_long_log_reads_back_to_its_first_line(tmp_path):
    """Only the newest rows are built when the screen opens; paging back builds the older ones
    and keeps the rows the GM was reading in view."""
    enc = make_encounter(tmp_path, SKIRMISH + [f"note line {n}" for n in range(400)])
    app = app_for(enc)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        log = app.screen.query_one(LogPane)
        height = log.scrollable_content_region.height
        assert log.rows[-1].plain.endswith("line 399")
        assert "› note line 0" not in [r.plain for r in log.rows]  # not built yet
        await pilot.press("pageup")
        await pilot.pause()
        shown = [log.render_line(y).text for y in range(height)]
        await pilot.press("pageup", "pagedown")
        await pilot.pause()
        assert [log.render_line(y).text for y in range(height)] == shown
        for _ in range(len(enc.session.done) * 2 // max(1, height - 1) + 5):  # beyond the top
            await pilot.press("pageup")
        await pilot.pause()
        top = "\n".join(log.render_line(y).text for y in range(height))
        assert log.scroll_y == 0 and top.startswith("── Before combat ──") and "› add Kyra" in top
        assert "› note line 0" in [r.plain for r in log.rows]


def test_long_log_lines_wrap_instead_of_losing_the_rule():
    from rich.text import Text

    from gm_console.tui.widgets.log import wrap

    line = Text("  Goblin 1: Con check 7+1-5 = 3 vs DC 10, fails: HP -6 [PF1 §1.4]")
    rows = wrap(line, 30)
    assert len(rows) > 1 and all(r.cell_len <= 30 for r in rows)
    assert "".join(r.plain.strip() + " " for r in rows).split() == line.plain.split()


@drive
async def test_undo_and_redo_say_what_they_took_back(tmp_path):
    enc = make_encounter(tmp_path, SKIRMISH)
    app = app_for(enc)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("colon", *keys("dmg nobody 3"), "enter")  # an error toast
        await pilot.press("escape")
        await pilot.press("d", "4", "enter")
        await pilot.press("u")
        await pilot.pause()
        messages = [n.message for n in app._notifications]
        assert messages == ["Undone: dmg Kyra 4"]  # the old error is gone with the state it was about
        await pilot.press("U")
        await pilot.pause()
        assert [n.message for n in app._notifications] == ["Redone: dmg Kyra 4"]


@drive
async def test_removed_combatants_keep_their_names_in_log_and_timeline(tmp_path):
    enc = make_encounter(tmp_path, SKIRMISH + ['cond "Goblin 2" prone', 'remove "Goblin 2"'])
    app = app_for(enc)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        log = "\n".join(r.plain for r in app.screen.query_one(LogPane).rows)
        assert "Goblin 2 leaves" in log and "goblin-2" not in log
        frame = app.screen.frame()
        timeline = timeline_text(frame, app.screen.query_one("#timeline").spans, 80, 10).plain
        assert "goblin 2 · prone" in timeline.casefold()


@drive
async def test_delay_and_ready_are_not_offered_when_they_cannot_be_taken(tmp_path, demo_ruleset, monkeypatch):
    enc = make_encounter(tmp_path, ["add Kyra pc hp=5", "add Ogre hp=30", "init Kyra 10", "init Ogre 5",
                                    "start", "dmg Kyra 8"], ruleset="tui-demo")  # Kyra is dying, and active
    app = app_for(enc)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("w")
        await pilot.pause()
        assert isinstance(app.screen, EncounterScreen)  # no form that can only be refused
        assert app.screen.check_action("delay", ()) is None  # dimmed in the footer
        monkeypatch.setattr(type(demo_ruleset.turns), "delay", False)  # a game without delay (Dragon Age)
        assert app.screen.check_action("delay", ()) is False  # not in the footer at all
        await pilot.press("n")
        await pilot.press("w")
        await pilot.pause()
        assert isinstance(app.screen, EncounterScreen)
    assert "delay" not in [e.line for e in enc.session.done]


@drive
async def test_select_by_typing_a_name_or_a_row_number(tmp_path):
    enc = make_encounter(tmp_path, SKIRMISH)
    app = app_for(enc)
    async with app.run_test(size=SIZE) as pilot:
        await burst(app, pilot, "slash", *keys("gob2"), "enter")
        assert app.screen.selected == "goblin-2"
        await burst(app, pilot, "slash", "2")
        assert "2" in app.screen.query_one(InitiativePane).render().plain.splitlines()[1][:3]  # rows numbered
        await burst(app, pilot, "enter")
        assert app.screen.selected == "goblin-1"
        await burst(app, pilot, "slash", *keys("kyr"), "escape")
        assert app.screen.selected == "goblin-1"  # Esc: back to who was selected


@drive
async def test_marked_combatants_take_damage_and_a_condition_together(tmp_path):
    enc = make_encounter(tmp_path, SKIRMISH)
    app = app_for(enc)
    async with app.run_test(size=SIZE) as pilot:
        await burst(app, pilot, "j", "space", "space")  # Goblin 1 and Goblin 2
        assert app.screen.marked == ["goblin-1", "goblin-2"]
        assert "2 marked" in str(app.screen.query_one("#head").render())
        await burst(app, pilot, "d", "3", "enter")
        assert app.screen.marked == []  # the marks were for that damage (issue 24)
        await burst(app, pilot, "k", "space", "space")  # marked again for the condition
        assert app.screen.marked == ["goblin-1", "goblin-2"]
        await burst(app, pilot, "c", *keys("prone"), "tab", "2", "enter")
        assert app.screen.marked == []
    assert [e.line for e in enc.session.done][-2:] == ['dmg "Goblin 1","Goblin 2" 3',
                                                      'cond "Goblin 1","Goblin 2" prone 2']
    assert [enc.state.get(c).pools["hp"].value for c in ("goblin-1", "goblin-2")] == [4, 4]
    assert len(enc.session.done[-2].events) >= 2  # one action, one undo, both goblins


@drive
async def test_group_key_and_block_turns_setting(tmp_path):
    from gm_console.storage.config import UserConfig

    enc = make_encounter(tmp_path, ["add Kyra pc hp=20 init=3", "add Goblin x3 hp=7", "init Kyra 5"])
    app = GMConsole(encounter=enc, dice=Dice.from_rolls([15], seed=3),
                    config=UserConfig(settings={"groups": "block"}))
    async with app.run_test(size=SIZE) as pilot:
        await burst(app, pilot, "j", "space", "space", "space", "g")
        assert app.screen.marked == []
        await burst(app, pilot, "i", "enter", "s")  # roll the rest (one roll for the group), start
        pane = app.screen.query_one(InitiativePane).render().plain
        assert "┌" in pane and "└" in pane  # the group's rows joined
        assert enc.state.active == "goblin-1"
        await burst(app, pilot, "n")  # block mode: the whole group's turns end at once
    assert enc.state.active == "kyra"
    assert enc.session.done[-1].line == "group-done"
    assert len({enc.state.get(f"goblin-{n}").initiative for n in (1, 2, 3)}) == 1


@drive
async def test_initiative_form_players_first_the_rest_rolled(tmp_path):
    enc = make_encounter(tmp_path, ["add Goblin x2 hp=7", "add Kyra pc hp=20", "add Seelah pc hp=20"])
    app = app_for(enc, dice=Dice.from_rolls([9, 4], seed=3))
    async with app.run_test(size=SIZE) as pilot:
        await burst(app, pilot, "i")
        modal = app.screen
        assert isinstance(modal, InitiativeModal)
        assert [f.key for f in modal.query_one("#rolls").fields] == ["kyra", "seelah", "goblin-1", "goblin-2"]
        await burst(app, pilot, "1", "7", "tab", "1", "2", "enter")
        assert isinstance(app.screen, EncounterScreen)
    assert [e.line for e in enc.session.done][-3:] == ["init Kyra 17", "init Seelah 12", "roll"]
    assert enc.state.get("goblin-1").initiative == 9 and enc.state.get("goblin-2").initiative == 4


@drive
async def test_spend_form_lists_what_the_ruleset_says_can_be_spent(tmp_path, demo_ruleset, monkeypatch):
    def spendable(state, c):
        return [Spendable("hero", "Hero points", 2, uses=(Use("reroll", "Reroll a d20"),
                                                           Use("cheat", "Cheat death", 2)))]

    monkeypatch.setattr(demo_ruleset.health, "spendable", spendable)
    enc = make_encounter(tmp_path, SKIRMISH, ruleset="tui-demo")
    app = app_for(enc)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("$")
        modal = app.screen
        assert isinstance(modal, SpendModal)
        labels = [str(modal.query_one("#uses").get_option_at_index(i).prompt) for i in range(2)]
        assert labels == ["Hero points (2): Reroll a d20", "Hero points (2): Cheat death · 2"]
        assert modal.query_one("#uses").option_count == 2
        await pilot.press("down")
        assert modal.build() == "spend Kyra hero cheat"


@drive
async def test_timeline_has_a_legend_and_one_row_for_everyones_flat_footed(tmp_path):
    enc = make_encounter(tmp_path, ["add Kyra pc hp=20", "add Goblin x4 hp=6", "roll", "start"],
                         ruleset="pathfinder1e")
    app = app_for(enc)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        frame = app.screen.frame()
        text = timeline_text(frame, app.screen.query_one("#timeline").spans, 100, 12).plain
        rows = text.splitlines()
        assert sum("Flat-footed" in r for r in rows) == 1 and "×5" in text
        assert "┄" not in "\n".join(rows[:-1])  # ends at each one's first turn, not "until removed"
        assert "still to come" in rows[-1] and "until removed" in rows[-1]  # the legend
        for who, words in (("foe", "until its first turn"), ("pc", "until their first turn")):
            one = next(c for c in enc.state.combatants.values() if c.has("flat-footed") and c.side == who)
            app.screen.selected = one.id
            assert f"Flat-footed (Desprevenido) — {words}" in sheet_text(app.screen.frame()).plain


@drive
async def test_view_key_changes_the_lower_pane_at_every_width(tmp_path):
    enc = make_encounter(tmp_path, SKIRMISH)
    app = app_for(enc)
    for size in ((80, 24), (130, 40)):
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            log, timeline = app.screen.query_one("#log"), app.screen.query_one("#timeline")
            before = (log.display, timeline.display, timeline.size.width)
            await pilot.press("v")
            await pilot.pause()
            assert (log.display, timeline.display, timeline.size.width) != before
        app = app_for(enc)


@drive
async def test_spanish_sheet_names_figures_and_pools_as_the_log_does(tmp_path):
    enc = make_encounter(tmp_path, ["add Kyra pc hp=20 ac=16 touch=12 ff=14", "dmg Kyra 3"],
                         ruleset="pathfinder1e")
    app = app_for(enc, lang="es")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        sheet = sheet_text(app.screen.frame(), 60).plain
        for word in ("PG", "CA 16", "toque 12", "desprevenido 14", "ataque"):
            assert word in sheet, word
        for word in ("AC ", "touch", "HP "):
            assert word not in sheet, word
        log = "\n".join(r.plain for r in app.screen.query_one(LogPane).rows)
        assert "PG" in log and "HP" not in log


def test_every_key_has_help_in_both_languages_and_no_key_is_taken_twice():
    from gm_console.tui.keymap import check_keymap

    assert check_keymap({})[1] == []
    ids = {s.id for s in (*ENCOUNTER_KEYS, *INITIATIVE_KEYS)}
    assert {"find", "mark", "clear_marks", "group", "accept"} <= ids


@drive
async def test_picker_renames_duplicates_and_deletes_and_tells_twins_apart(tmp_path):
    import shutil as _shutil

    from gm_console.storage.library import list_encounters
    from gm_console.storage.paths import saves_dir
    from gm_console.tui.screens.picker import PickerScreen
    from test_tui_support import ROOT

    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    for stem in ("generic", "generic-2"):  # two copies of one example
        _shutil.copyfile(ROOT / "saves" / "generic.toml", folder / f"{stem}.toml")
    app = GMConsole(None, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)
        listed = app.screen.query_one("OptionList")
        rows = [str(listed.get_option_at_index(i).prompt) for i in range(listed.option_count)]
        assert any("(generic)" in r for r in rows) and any("(generic-2)" in r for r in rows)
        before = {i.path.name: i.name for i in list_encounters() if not i.bundled}
        await burst(app, pilot, "r", "ctrl+u", *keys("Bridge"), "enter")
        after = {i.path.name: i.name for i in list_encounters() if not i.bundled}
        renamed = [f for f in after if after[f] != before[f]]
        assert len(renamed) == 1 and after[renamed[0]] == "Bridge"
        await burst(app, pilot, "c", "ctrl+u", *keys("Bridge two"), "enter")
        assert any(i.name == "Bridge two" for i in list_encounters())
        await burst(app, pilot, "d")
        await burst(app, pilot, "n")  # asked first: no
        assert len([i for i in list_encounters() if not i.bundled]) == 3
        await burst(app, pilot, "d", "y")
        assert len([i for i in list_encounters() if not i.bundled]) == 2
    from gm_console.storage import Encounter

    for info in list_encounters():  # every file still opens, its name as the picker shows it
        enc = Encounter.open(info.path, read_only=True)
        assert enc.name == info.name and enc.state.combatants
        enc.close()
    assert len(list((folder / ".deleted").glob("*.toml"))) == 1
