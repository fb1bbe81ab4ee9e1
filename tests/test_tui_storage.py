"""What the screen does when the save cannot be written (issue 14): a save another console
holds opens read-only and says who holds it, every change refused with that one line; a
failed save leaves the screen showing what the file holds; "save as" gets the GM out.
The picker's new encounter name is a file name, nothing more; example copies are atomic."""

from __future__ import annotations

import errno
import os
from pathlib import Path

from gm_console.storage import Encounter
from gm_console.storage.library import copy_example, list_encounters, new_save_path
from gm_console.storage.paths import safe_file_name, saves_dir
from gm_console.tui.app import GMConsole
from gm_console.tui.screens.encounter import EncounterScreen
from gm_console.tui.screens.picker import PickerScreen
from test_storage_lock import Holder
from test_tui_flows import SIZE, type_text
from test_tui_support import SKIRMISH, drive, make_encounter


def head(app) -> str:
    return str(app.screen.query_one("#head").render())


def messages(app) -> list[str]:
    return [n.message for n in app._notifications]


@drive
async def test_a_held_save_opens_read_only_says_who_and_refuses_every_change(tmp_path):
    enc = make_encounter(tmp_path, SKIRMISH)
    enc.close()
    before = enc.path.read_bytes()
    holder = Holder(enc.path)
    try:
        app = GMConsole(encounter=Encounter.open(enc.path), lang="en")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert f"READ-ONLY: in use by another gm-console (host " in head(app)
            assert f"pid {holder.proc.pid}" in head(app)
            state = app.screen.controller.state.copy()
            for key in ("n", "d", "c", "u", "a", "x", "i"):
                await pilot.press(key)
                await pilot.pause()
                assert isinstance(app.screen, EncounterScreen), key  # no modal opens for nothing
            await pilot.press("colon")
            await type_text(pilot, "next")
            await pilot.press("enter")
            await pilot.pause()
            refusals = [m for m in messages(app) if "read-only" in m]
            assert len(refusals) == 8 and all(m.endswith("nothing was changed") for m in refusals)
            assert app.screen.controller.state == state
        assert enc.path.read_bytes() == before
    finally:
        holder.close()


@drive
async def test_the_read_only_line_in_spanish(tmp_path):
    enc = make_encounter(tmp_path, SKIRMISH)
    enc.close()
    holder = Holder(enc.path)
    try:
        app = GMConsole(encounter=Encounter.open(enc.path), lang="es")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert "SOLO LECTURA: en uso por otro gm-console (equipo " in head(app)
            await pilot.press("n")
            await pilot.pause()
            assert any("solo lectura" in m and "no ha cambiado nada" in m for m in messages(app))
    finally:
        holder.close()


@drive
async def test_save_as_from_a_read_only_console_goes_on_in_the_copy(tmp_path):
    enc = make_encounter(tmp_path, SKIRMISH)
    enc.close()
    before = enc.path.read_bytes()
    holder = Holder(enc.path)
    try:
        app = GMConsole(encounter=Encounter.open(enc.path), lang="en")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("S")
            await pilot.pause()
            await pilot.press("enter")  # the suggested name: test-copy.toml, beside the save
            await pilot.pause()
            controller = app.screen.controller
            assert controller.encounter.path == tmp_path / "test-copy.toml"
            assert not controller.read_only and "READ-ONLY" not in head(app)
            await pilot.press("n")
            await pilot.pause()
            assert controller.state.active == "goblin-1"
        assert enc.path.read_bytes() == before
        with Encounter.open(tmp_path / "test-copy.toml", read_only=True) as copy:
            assert copy.session.done[-1].line == "next"
    finally:
        holder.close()


@drive
async def test_a_full_disk_in_the_tui_then_save_as_elsewhere(tmp_path, monkeypatch):
    enc = make_encounter(tmp_path, SKIRMISH)
    app = GMConsole(encounter=enc, lang="en")
    real = os.pwrite

    def full(fd, data, offset):
        raise OSError(errno.ENOSPC, "No space left on device")

    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        monkeypatch.setattr(os, "pwrite", full)
        await pilot.press("n")
        await pilot.pause()
        assert any("not saved: the disk is full" in m for m in messages(app))
        assert app.screen.controller.state.active == "kyra"  # what the file holds
        assert "Kyra's turn" in head(app)
        monkeypatch.setattr(os, "pwrite", real)
        other = tmp_path / "elsewhere"
        other.mkdir()
        await pilot.press("S")
        await pilot.pause()
        await type_text(pilot, str(other / "rescue"))
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.controller.encounter.path == other / "rescue.toml"
        await pilot.press("n")
        await pilot.pause()
    with Encounter.open(other / "rescue.toml", read_only=True) as copy:
        assert copy.state.active == "goblin-1"


# -- the picker -------------------------------------------------------------------------------------
def test_a_new_encounter_name_is_a_file_name_and_nothing_more():
    assert safe_file_name("../../escape") == "escape"
    assert safe_file_name("a/b\\c") == "a-b-c"
    assert safe_file_name("..") == "encounter" and safe_file_name("") == "encounter"
    assert safe_file_name(".hidden") == "hidden"
    assert safe_file_name("Emboscada en el vado: ¡goblins!") == "emboscada-en-el-vado-goblins"
    assert safe_file_name("Esc\x1b[2J\nname") == "esc-2j-name"
    assert len(safe_file_name("g" * 300)) == 80
    assert new_save_path("../../escape") == saves_dir() / "escape.toml"


@drive
async def test_the_picker_never_writes_outside_the_saves_folder(tmp_path):
    data = Path(os.environ["GM_CONSOLE_DATA_DIR"])
    for name in ("../../escape", "a/b/c", "n" * 300):
        app = GMConsole(None)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, PickerScreen)
            await pilot.press("N")
            await pilot.pause()
            await type_text(pilot, name)
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, EncounterScreen), messages(app)
            enc = app.screen.controller.encounter
            assert enc.path.parent == saves_dir() and enc.name == name
            enc.close()
    made = sorted(p.relative_to(data).as_posix() for p in data.rglob("*") if p.is_file())
    assert made == sorted(["encounters/a-b-c.toml", "encounters/escape.toml", f"encounters/{'n' * 80}.toml"])
    assert not (tmp_path.parent / "escape.toml").exists()


def test_two_copies_of_one_example_get_two_names_and_leave_nothing_half_written():
    example = next(i for i in list_encounters() if i.bundled and i.path.name == "generic.toml")
    pristine = example.path.read_bytes()
    first, second = copy_example(example), copy_example(example)
    assert first.name == "generic.toml" and second.name == "generic-2.toml"
    assert first.read_bytes() == second.read_bytes() == pristine == example.path.read_bytes()
    assert sorted(os.listdir(saves_dir())) == ["generic-2.toml", "generic.toml"]
