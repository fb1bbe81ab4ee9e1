"""The GM's flows, driven with Textual's Pilot: keys in, the saved encounter checked.

Every flow asserts on the encounter (and, where it matters, on the file on
disk), because the TUI's only way to change anything is a command line.
"""

from __future__ import annotations

import pytest

from gm_console.engine.core.dice import Dice
from gm_console.engine.views.export import state_dict
from gm_console.storage import Encounter
from gm_console.storage.config import UserConfig
from gm_console.tui.app import GMConsole
from gm_console.tui.modals.add import AddCombatantModal
from gm_console.tui.modals.condition import ConditionModal
from gm_console.tui.modals.damage import DamageModal
from gm_console.tui.modals.prompts import DicePrompt
from gm_console.tui.screens.encounter import EncounterScreen
from gm_console.tui.screens.picker import PickerScreen
from gm_console.tui.widgets.command_bar import CommandBar
from gm_console.tui.widgets.initiative import InitiativePane
from test_tui_support import SKIRMISH, demo_ruleset, drive, make_encounter  # noqa: F401 (fixture)

SIZE = (100, 32)


def app_for(enc, **kwargs) -> GMConsole:
    kwargs.setdefault("dice", Dice.from_rolls([], seed=3))
    return GMConsole(encounter=enc, **kwargs)


def active_line(app) -> str:
    text = app.screen.query_one(InitiativePane).render().plain
    return next(line for line in text.splitlines() if line.startswith("▶"))


def reopened(enc):
    return Encounter.open(enc.path).state


async def type_text(pilot, text: str) -> None:
    for ch in text:
        await pilot.press({" ": "space", ":": "colon", "+": "plus", "-": "minus", '"': "quotation_mark",
                           "/": "slash", "=": "equals_sign", ".": "full_stop"}.get(ch, ch))


@drive
async def test_next_moves_the_active_row(tmp_path):
    enc = make_encounter(tmp_path, SKIRMISH)
    app = app_for(enc)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Kyra" in active_line(app)
        await pilot.press("n")
        await pilot.pause()
        assert enc.state.active == "goblin-1"
        assert "Goblin 1" in active_line(app)
        assert "Kyra" not in active_line(app)
    assert reopened(enc).active == "goblin-1"  # autosaved


@drive
async def test_previous_undo_and_redo(tmp_path):
    enc = make_encounter(tmp_path, SKIRMISH)
    app = app_for(enc)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n", "n")
        await pilot.pause()
        assert enc.state.active == "goblin-2"
        await pilot.press("u")
        await pilot.pause()
        assert enc.state.active == "goblin-1"
        await pilot.press("U")
        await pilot.pause()
        assert enc.state.active == "goblin-2"
        await pilot.press("p")
        await pilot.pause()
        assert enc.state.active == "goblin-1"
    assert [e.line for e in Encounter.open(enc.path).session.done][-3:] == ["next", "next", "prev"]


@drive
async def test_damage_modal_changes_hp(tmp_path):
    enc = make_encounter(tmp_path, SKIRMISH)
    app = app_for(enc)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("j")  # select Goblin 1
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, DamageModal)
        await type_text(pilot, "5")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, EncounterScreen)
    assert enc.state.get("goblin-1").pools["hp"].value == 2
    assert enc.session.done[-1].line == 'dmg "Goblin 1" 5'
    assert reopened(enc).get("goblin-1").pools["hp"].value == 2


@drive
async def test_damage_modal_dice_type_and_nonlethal_build_one_line(tmp_path):
    enc = make_encounter(tmp_path, SKIRMISH)
    app = app_for(enc, dice=Dice.from_rolls([1, 1], seed=1))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await pilot.pause()
        modal = app.screen
        await type_text(pilot, "2d6+3")
        modal.query_one("#types").value = "fire"
        modal.query_one("#nonlethal").value = True
        await pilot.press("enter")
        await pilot.pause()
    assert enc.session.done[-1].line == "dmg Kyra 2d6+3 fire nonlethal"
    assert enc.state.get("kyra").pools["hp"].value == 15


@drive
async def test_heal_modal(tmp_path):
    enc = make_encounter(tmp_path, SKIRMISH + ["dmg Kyra 8"])
    app = app_for(enc)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")
        await type_text(pilot, "3")
        await pilot.press("enter")
        await pilot.pause()
    assert enc.state.get("kyra").pools["hp"].value == 15


@drive
async def test_condition_modal_finds_a_spanish_name(tmp_path, demo_ruleset):
    enc = make_encounter(tmp_path, SKIRMISH, ruleset="tui-demo")
    app = app_for(enc, lang="es")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("j", "c")
        await pilot.pause()
        assert isinstance(app.screen, ConditionModal)
        await type_text(pilot, "aturd")
        await pilot.press("tab")  # to ROUNDS
        await type_text(pilot, "2")
        await pilot.press("enter")
        await pilot.pause()
    goblin = enc.state.get("goblin-1")
    assert [(i.cond, i.rounds) for i in goblin.conditions] == [("stunned", 2)]
    assert enc.session.done[-1].line == 'estado "Goblin 1" aturdido 2'  # as a Spanish table types it


@drive
async def test_condition_search_is_fuzzy_in_both_languages(demo_ruleset):
    from gm_console.tui.modals.condition import search

    assert search(demo_ruleset, "estremec")[0].id == "shaken"
    assert search(demo_ruleset, "shak")[0].id == "shaken"
    assert search(demo_ruleset, "DESPREVENIDO")[0].id == "flat-footed"
    assert search(demo_ruleset, "flat footed")[0].id == "flat-footed"
    assert search(demo_ruleset, "sngrd")[0].id == "bleed"  # letters in order
    assert search(demo_ruleset, "zzz") == []


@drive
async def test_condition_modal_with_value_and_free_label(tmp_path):
    enc = make_encounter(tmp_path, SKIRMISH)  # generic: free labels
    app = app_for(enc)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await type_text(pilot, "on fire")
        app.screen.query_one("#value").value = "2"
        await pilot.press("enter")
        await pilot.pause()
    assert enc.session.done[-1].line == 'cond Kyra "on fire":2'
    assert [(i.cond, i.value) for i in enc.state.get("kyra").conditions] == [("on-fire", 2)]


@drive
@pytest.mark.parametrize("lang, line", [("en", "uncond Kyra prone"), ("es", "quitar-estado Kyra tumbado")])
async def test_uncondition_modal(tmp_path, lang, line):
    """The line the form writes is the one the GM's table would type (the log shows it)."""
    enc = make_encounter(tmp_path, SKIRMISH + ["cond Kyra prone"], ruleset="pathfinder1e")
    app = app_for(enc, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("C")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
    assert enc.state.get("kyra").conditions == []
    assert enc.session.done[-1].line == line


@drive
async def test_add_combatant_form_from_the_stat_block(tmp_path, demo_ruleset):
    enc = make_encounter(tmp_path, [], ruleset="tui-demo")
    app = app_for(enc)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("a")
        await pilot.pause()
        modal = app.screen
        assert isinstance(modal, AddCombatantModal)
        grid = modal.query_one("#form")
        for key in ("stamina", "hp", "hero", "init", "ac", "size"):  # the ruleset's stat block
            assert grid.get(f"f-{key}")
        await type_text(pilot, "Orc")
        await pilot.press("tab")  # How many
        await type_text(pilot, "3")
        grid.focus_field("f-hp")
        await type_text(pilot, "15")
        grid.focus_field("f-size")
        await pilot.press("right", "right")  # -, small, medium...: choices cycle
        assert grid.value("f-size") == "medium"
        await pilot.press("left")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, EncounterScreen)
    assert enc.session.done[-1].line == "add Orc x3 hp=15 size=small"
    assert [c.name for c in enc.state.combatants.values()] == ["Orc 1", "Orc 2", "Orc 3"]
    assert enc.state.get("orc-2").stats["size"] == "small"


@drive
async def test_add_form_keeps_every_field_when_one_value_is_refused(tmp_path, demo_ruleset):
    """Issue 10: hp=3O is refused under the field, the field marked, nothing lost (the engine's
    refusal names the stat: ``Outcome.field``)."""
    enc = make_encounter(tmp_path, [], ruleset="tui-demo")
    app = app_for(enc)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("a")
        await pilot.pause()
        modal = app.screen
        grid = modal.query_one("#form")
        await type_text(pilot, "Orc")
        grid.focus_field("f-hp")
        await type_text(pilot, "3O")
        grid.focus_field("f-ac")
        await type_text(pilot, "14")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is modal  # still open, as typed
        assert "hp takes a whole number" in grid.get("f-hp").error and not grid.get("f-ac").error
        drawn = str(grid.render()).splitlines()
        row = next(i for i, ln in enumerate(drawn) if ln.lstrip().startswith("HP"))
        assert drawn[row + 1].startswith("✗ hp takes a whole number")  # the line under the row
        assert str(modal.query_one("#error").render()) == ""
        assert (grid.value("name"), grid.value("f-hp"), grid.value("f-ac")) == ("Orc", "3O", "14")
        grid.focus_field("f-hp")
        await pilot.press("backspace")
        await type_text(pilot, "0")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, EncounterScreen)
    assert enc.session.done[-1].line == "add Orc hp=30 ac=14"
    assert not app._notifications or not any("hp" in n.message for n in app._notifications)


@drive
async def test_command_bar_runs_a_line_and_keeps_history(tmp_path):
    enc = make_encounter(tmp_path, SKIRMISH)
    app = app_for(enc)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("colon")
        bar = app.screen.query_one(CommandBar)
        assert bar.display and bar.has_focus
        await type_text(pilot, 'dmg "Goblin 2" 4')
        await pilot.press("enter")
        await pilot.pause()
        assert not bar.display
        assert enc.state.get("goblin-2").pools["hp"].value == 3
        await pilot.press("colon", "up")
        assert bar.value == 'dmg "Goblin 2" 4'
        await pilot.press("escape")
        assert not bar.display


@drive
async def test_command_bar_error_leaves_state_unchanged(tmp_path):
    enc = make_encounter(tmp_path, SKIRMISH)
    before = state_dict(enc.state, enc.ruleset)
    text_before = enc.path.read_text()
    app = app_for(enc)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("colon")
        await type_text(pilot, "dmg Nobody 5")
        await pilot.press("enter")
        await pilot.pause()
        bar = app.screen.query_one(CommandBar)
        assert bar.display and bar.value == "dmg Nobody 5"  # kept, to fix the typo
        messages = [n.message for n in app._notifications]
        assert any("no combatant 'Nobody'" in m for m in messages)
    assert state_dict(enc.state, enc.ruleset) == before
    assert enc.path.read_text() == text_before


@drive
async def test_command_bar_completes_verbs_names_and_conditions(tmp_path, demo_ruleset):
    enc = make_encounter(tmp_path, SKIRMISH, ruleset="tui-demo")
    app = app_for(enc)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("colon")
        bar = app.screen.query_one(CommandBar)
        await type_text(pilot, "con")
        await pilot.press("tab")
        assert bar.value == "cond "
        await type_text(pilot, "gob")
        await pilot.press("tab")
        assert bar.value == 'cond "Goblin '  # two goblins: the common part
        await type_text(pilot, '2"')
        await type_text(pilot, " stu")
        await pilot.press("tab")
        assert bar.value == 'cond "Goblin 2" Stunned '
        await pilot.press("enter")
        await pilot.pause()
    assert enc.state.get("goblin-2").has("stunned")


@drive
async def test_delay_then_resume(tmp_path):
    enc = make_encounter(tmp_path, SKIRMISH)
    app = app_for(enc)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("w")
        await pilot.pause()
        await type_text(pilot, "10")
        await pilot.press("enter")
        await pilot.pause()
        assert "kyra" in enc.state.delayed and enc.state.delayed["kyra"].count == 10
        pane = app.screen.query_one(InitiativePane).render().plain
        assert "until 10" in pane
        await pilot.press("e")
        await pilot.pause()
    assert "kyra" not in enc.state.delayed
    assert enc.state.active == "kyra"
    assert [e.line for e in enc.session.done][-2:] == ["delay 10", "resume Kyra"]


@drive
async def test_ready_then_trigger(tmp_path):
    enc = make_encounter(tmp_path, SKIRMISH)
    app = app_for(enc)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        await type_text(pilot, "when a goblin moves")
        await pilot.press("enter")
        await pilot.pause()
        assert enc.state.readied["kyra"].trigger == "when a goblin moves"
        assert "when a goblin moves" in app.screen.query_one(InitiativePane).render().plain
        await pilot.press("t")
        await pilot.pause()
    assert "kyra" not in enc.state.readied
    assert enc.session.done[-1].line == "trigger Kyra"


@drive
async def test_remove_asks_first(tmp_path):
    enc = make_encounter(tmp_path, SKIRMISH)
    app = app_for(enc)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("j", "j", "x")
        await pilot.pause()
        await pilot.press("n")  # no
        await pilot.pause()
        assert "goblin-2" in enc.state.combatants
        await pilot.press("x")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
    assert "goblin-2" not in enc.state.combatants


@drive
async def test_roll_initiative_in_ask_mode_prompts_for_each_die(tmp_path):
    enc = make_encounter(tmp_path, ["add Kyra pc hp=20 init=3", "add Ogre hp=30 init=-1"])
    app = app_for(enc, dice_mode="ask")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("i")  # the initiative form: Enter with nothing typed rolls for everyone
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, DicePrompt)
        assert app.screen.sides == 20 and "Kyra" in app.screen.purpose
        await type_text(pilot, "25")  # not a d20 result: refused, the prompt stays
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, DicePrompt)
        app.screen.query_one("#die").value = "15"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, DicePrompt) and "Ogre" in app.screen.purpose
        await type_text(pilot, "4")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, EncounterScreen)
    assert enc.state.get("kyra").initiative == 18
    assert enc.state.get("ogre").initiative == 3
    assert len([e for e in enc.session.done if e.line == "roll"]) == 1


@drive
async def test_ask_mode_cancel_changes_nothing(tmp_path):
    enc = make_encounter(tmp_path, SKIRMISH)
    before = state_dict(enc.state, enc.ruleset)
    app = app_for(enc, dice_mode="ask")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await type_text(pilot, "1d8")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, DicePrompt) and app.screen.sides == 8
        await pilot.press("escape")
        await pilot.pause()
    assert state_dict(enc.state, enc.ruleset) == before


@drive
async def test_picker_opens_an_example_as_a_copy(tmp_path):
    from gm_console.storage.paths import bundled_saves_dir, saves_dir

    original = bundled_saves_dir() / "generic.toml"
    pristine = original.read_bytes()
    app = GMConsole(None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)
        picker = app.screen
        key = next(k for k, info in picker.infos.items() if info.bundled and info.path == original)
        picker.open_option(key)
        await pilot.pause()
        assert isinstance(app.screen, EncounterScreen)
        enc = app.screen.controller.encounter
        assert enc.path.parent == saves_dir()
        await pilot.press("n")
        await pilot.pause()
    assert original.read_bytes() == pristine
    assert Encounter.open(enc.path).session.done[-1].line == "next"


@drive
async def test_picker_lists_saves_recent_first_and_creates_new(tmp_path):
    import os

    from gm_console.storage.paths import saves_dir

    folder = saves_dir()
    folder.mkdir(parents=True)
    for n, name in enumerate(("old", "new")):
        enc = make_encounter(folder, SKIRMISH[:1], name=name)
        os.utime(enc.path, (1_000_000 + n, 1_000_000 + n))
    app = GMConsole(None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        saved = [info.name for info in app.screen.infos.values() if not info.bundled]
        assert saved == ["new", "old"]
        await pilot.press("N")
        await pilot.pause()
        await type_text(pilot, "Bridge fight")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, EncounterScreen)
    assert (folder / "bridge-fight.toml").exists()


@drive
async def test_user_keymap_remaps_a_binding(tmp_path):
    enc = make_encounter(tmp_path, SKIRMISH)
    app = app_for(enc, config=UserConfig(keys={"next": "space", "bogus": "z"}))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert enc.state.active == "kyra"  # n no longer means next
        await pilot.press("space")
        await pilot.pause()
        assert enc.state.active == "goblin-1"
        assert any("bogus" in n.message for n in app._notifications)


@drive
async def test_spanish_labels_and_condition_names(tmp_path, demo_ruleset):
    enc = make_encounter(tmp_path, SKIRMISH + ["cond Kyra shaken 2"], ruleset="tui-demo")
    app = app_for(enc, lang="es")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        head = str(app.screen.query_one("#head").render())
        assert "Asalto 1" in head and "turno de Kyra" in head
        sheet = str(app.screen.query_one("#sheet-body").render())
        assert "Estremecido" in sheet and "quedan 2 asaltos" in sheet
        assert "Estremecido" in app.screen.query_one(InitiativePane).render().plain


@drive
async def test_sheet_breakdown_budget_and_gm_only(tmp_path, demo_ruleset):
    enc = make_encounter(tmp_path, ["add Kyra pc stamina=10 hp=20 hero=2 ac=17", "cond Kyra shaken"],
                         ruleset="tui-demo")
    app = app_for(enc)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        sheet = str(app.screen.query_one("#sheet-body").render())
        assert "AC 15" in sheet and "Stamina" not in sheet.split("\n")[1][:3]
        assert "Hero points 2/2 [GM]" in sheet
        assert "☐ Standard" in sheet
        await pilot.press("b")
        await pilot.pause()
        sheet = str(app.screen.query_one("#sheet-body").render())
        assert "AC 15 = 17 - 2 shaken" in sheet


@drive
async def test_warnings_show_the_rulesets_pending(tmp_path, demo_ruleset):
    enc = make_encounter(tmp_path, ["add Kyra pc hp=5", "add Ogre hp=30", "init Kyra 10", "init Ogre 5",
                                    "start"], ruleset="tui-demo")
    app = app_for(enc)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await type_text(pilot, "8")
        await pilot.press("enter")
        await pilot.pause()
        warnings = app.screen.query_one("#warnings")
        assert warnings.display
        assert "Kyra is dying: Con check" in str(warnings.render())
        assert not any("Kyra is dying" in n.message for n in app._notifications)  # said once, on its line
        assert "dies at -10 (7 to go)" in app.screen.query_one(InitiativePane).render().plain


@pytest.mark.parametrize("lang", ["en", "es"])
@drive
async def test_help_screen_lists_every_binding_and_verb(tmp_path, lang):
    """Every key, and every verb's usage line in the GM's language: a Spanish GM reads
    `daño NOMBRE[,NOMBRE...] CANTIDAD ...`, not the English lines (issue 22)."""
    from rich.console import Console

    from gm_console.engine.language.core_verbs import registry_for
    from gm_console.i18n import render
    from gm_console.tui.bindings import ENCOUNTER_PLACES
    from gm_console.tui.screens.help import HelpScreen

    enc = make_encounter(tmp_path, SKIRMISH)
    app = app_for(enc, lang=lang)
    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        console = Console(width=140, record=True, file=open("/dev/null", "w"))
        for static in app.screen.query("Static"):
            console.print(static.content)
        text = console.export_text()
        for spec in (s for _where, specs in ENCOUNTER_PLACES for s in specs):
            assert spec.id in text
        # a tooltip is words, never markup
        assert {"en": "offers ([y] on that line)", "es": "avisos ([y] en esa línea)"}[lang] in text
        for verb in registry_for(enc.ruleset):
            assert " ".join(render(verb.usage(), lang).split()[:2]) in text, verb.name  # long usages wrap
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, EncounterScreen)
    if lang == "es":
        assert "daño NOMBRE[,NOMBRE...] CANTIDAD" in text and "estado NOMBRE[,NOMBRE...] ESTADO[:VALOR]" in text
        assert "AMOUNT" not in text and "NAME[" not in text


@drive
async def test_palette_lists_every_action(tmp_path):
    from gm_console.tui.bindings import ENCOUNTER_KEYS, INITIATIVE_KEYS
    from gm_console.tui.palette import ActionsProvider

    enc = make_encounter(tmp_path, SKIRMISH)
    app = app_for(enc)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        provider = ActionsProvider(app.screen)
        found = [hit.text async for hit in provider.discover()]
        assert len(found) == len(ENCOUNTER_KEYS) + len(INITIATIVE_KEYS)  # the sheet's and log's scroll
        hits = [hit async for hit in provider.search("damage")]
        assert hits and "Damage" in hits[0].text
        hits[0].command()
        await pilot.pause()
        assert isinstance(app.screen, DamageModal)


@drive
async def test_narrow_terminal_switches_log_and_timeline(tmp_path):
    enc = make_encounter(tmp_path, SKIRMISH)
    app = app_for(enc)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.query_one("#log").display and not screen.query_one("#timeline").display
        await pilot.press("v")
        await pilot.pause()
        assert screen.query_one("#timeline").display and not screen.query_one("#log").display


@drive
async def test_tick_an_action_off_the_budget(tmp_path, demo_ruleset):
    enc = make_encounter(tmp_path, SKIRMISH, ruleset="tui-demo")
    app = app_for(enc)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("A")
        await pilot.pause()
        await pilot.press("down", "enter")  # the move action
        await pilot.pause()
        assert enc.session.done[-1].line == "use Kyra move"
        sheet = str(app.screen.query_one("#sheet-body").render())
        assert "☑ Move" in sheet and "☐ Standard" in sheet


@drive
async def test_generic_ruleset_has_no_budget_to_tick(tmp_path):
    enc = make_encounter(tmp_path, SKIRMISH)
    app = app_for(enc)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("A")
        await pilot.pause()
        assert isinstance(app.screen, EncounterScreen)
        assert any("does not count actions" in n.message for n in app._notifications)


@drive
async def test_page_keys_scroll_the_log(tmp_path):
    enc = make_encounter(tmp_path, SKIRMISH + ["next"] * 12)
    app = app_for(enc)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        log = app.screen.query_one("#log")
        bottom = log.scroll_y
        assert bottom > 0  # opens on the latest events
        await pilot.press("pageup")
        await pilot.pause()
        assert log.scroll_y < bottom
        await pilot.press("pagedown", "pagedown")
        await pilot.pause()
        assert log.scroll_y == bottom


@drive
async def test_a_warning_offers_its_command_on_an_explicit_key(tmp_path, demo_ruleset, monkeypatch):
    """Issue 10: "Seelah would die: heal 5?" never takes a key the GM uses (`n` is next turn);
    `y`, shown on the warning line, runs the ruleset's line; ignoring it costs nothing."""
    from gm_console.engine.core.contract import Pending

    def pending(state):
        return [Pending(c.id, f"{c.name} would die: heal 5?", command=f"heal {c.id} 5")
                for c in state.combatants.values() if c.life == "dying"]

    monkeypatch.setattr(demo_ruleset, "pending", pending)
    enc = make_encounter(tmp_path, ["add Seelah pc hp=5", "add Ogre hp=30", "init Seelah 10", "init Ogre 5",
                                    "start"], ruleset="tui-demo")
    app = app_for(enc)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await type_text(pilot, "7")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, EncounterScreen)
        line = str(app.screen.query_one("#warnings").render())
        assert "Seelah would die" in line and "[y]" in line and "heal seelah 5" in line
        await pilot.press("n")  # next turn, as always
        await pilot.pause()
        assert enc.state.active == "ogre"
        await pilot.press("y")
        await pilot.pause()
    assert [e.line for e in enc.session.done][-3:] == ["dmg Seelah 7", "next", "heal seelah 5"]
    assert enc.state.get("seelah").pools["hp"].value == 3


@drive
async def test_a_long_order_scrolls_to_keep_the_selection_visible(tmp_path):
    enc = make_encounter(tmp_path, ["add Orc x40 hp=9 init=2", "roll", "start"])
    app = app_for(enc)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        pane = app.screen.query_one(InitiativePane)
        assert "▼" in pane.render().plain and "▲" not in pane.render().plain
        for _ in range(25):
            await pilot.press("j")
        await pilot.pause()
        text = pane.render().plain
        selected = app.screen.selected
        assert enc.state.get(selected).name in text
        assert "▲" in text and "▼" in text
        assert len(text.splitlines()) <= pane.content_size.height


@drive
async def test_dice_tray_rolls_and_shows_the_last_rolls(tmp_path):
    """Issue 7: any roll a keystroke away (R), the last rolls in view, the roll in the log."""
    from gm_console.tui.modals.dice_tray import DiceTrayModal

    enc = make_encounter(tmp_path, SKIRMISH)
    app = app_for(enc, dice=Dice.from_rolls([17, 3, 5], seed=3))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("R")
        await pilot.pause()
        assert isinstance(app.screen, DiceTrayModal)
        await type_text(pilot, "1d20+5 stealth")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, EncounterScreen)
        assert enc.session.done[-1].line == "r 1d20+5 stealth"
        await pilot.press("R")
        await pilot.pause()
        history = str(app.screen.query_one("#history").render())
        assert "stealth: 1d20 (17) + 5 = 22" in history
        await type_text(pilot, "check Kyra perception+2 vs 15")
        await pilot.press("enter")
        await pilot.pause()
    said = [e.text() for e in enc.session.done[-1].events if e.kind == "Said"]
    assert said == ["Kyra perception: 1d20 (3) +2 bonus = 5 vs DC 15: failure"]


@drive
async def test_undo_does_not_prompt_to_redo_what_it_took_back(tmp_path):
    """A warning that reappears because of an undo is not offered as a yes/no prompt."""
    from gm_console.tui.modals.prompts import ConfirmModal

    enc = make_encounter(tmp_path, ["add Kyra pc hp=10 con=10 hero=2", "add Gob hp=5", "init Gob 20",
                                    "init Kyra 10", "start", "dmg Kyra 30", "undo"], ruleset="pathfinder1e")
    app = app_for(enc)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("U")  # redo the killing blow: "spend 2 hero points?" is back as a warning
        await pilot.pause()
        assert enc.state.get("kyra").life == "dead"
        assert any(p.command for p in enc.ruleset.pending(enc.state))
        assert not isinstance(app.screen, ConfirmModal)


@pytest.mark.parametrize("rows", [24, 22, 20])
@drive
async def test_the_selected_combatants_name_is_never_under_the_more_above_mark(tmp_path, rows):
    """Rows of two lines (badges under the name): the "N more" mark takes a line of its own,
    never the selected combatant's name line (seen at 80x24 with two warnings on top)."""
    enc = make_encounter(tmp_path, ["add Orc x30 hp=9 init=2", "roll", "start",
                                    'cond Orc* shaken 9', 'cond Orc* "Shield of the Dawn" 9',
                                    'cond Orc* "Stone Skin" 9', 'cond Orc* "Mirror Dance" 9'])
    app = app_for(enc)
    async with app.run_test(size=(80, rows)) as pilot:
        await pilot.pause()
        pane = app.screen.query_one(InitiativePane)
        for steps in range(1, 28):
            await pilot.press("j")
            await pilot.pause()
            text = pane.render().plain
            name = enc.state.get(app.screen.selected).name
            assert any(f" {name} " in line for line in text.splitlines()), (steps, name, text)
            assert len(text.splitlines()) <= pane.content_size.height
