"""The key table: every binding has an id and help text, the docs match, remapping is checked."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from gm_console.storage.config import load_config
from gm_console.storage.config import UserConfig
from gm_console.tui.bindings import TABLES, bindings_for, markdown_table
from gm_console.tui.keymap import check_keymap
from gm_console.tui.widgets.command_bar import CommandBar, FindBar
from test_tui_flows import SIZE, app_for, type_text
from test_tui_support import drive, make_encounter

ROOT = Path(__file__).resolve().parent.parent
REQUIRED = {"next", "previous", "damage", "heal", "condition", "delay", "ready", "trigger", "resume",
            "undo", "redo", "add", "remove", "roll", "save", "help", "quit", "command_bar",
            "select_up", "select_down"}


def test_docs_keys_md_matches_the_bindings():
    assert (ROOT / "docs" / "keys.md").read_text(encoding="utf-8") == markdown_table(), (
        "docs/keys.md is stale: run .venv/bin/python scripts/keys_table.py")


def test_keys_table_script_check_mode():
    result = subprocess.run([sys.executable, str(ROOT / "scripts" / "keys_table.py"), "--check"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_every_binding_has_an_id_a_description_and_a_tooltip_in_both_languages():
    by_id: dict = {}
    for spec in (s for table in TABLES for s in table):  # one id, one key (Esc-to-the-list is two panes')
        assert by_id.setdefault(spec.id, spec) is spec, spec.id
    assert REQUIRED <= set(by_id)
    for lang in ("en", "es"):
        for b in (b for table in TABLES for b in bindings_for(table, lang)):
            assert b.id and b.description and b.tooltip


def test_each_action_is_one_keystroke():
    """Two keystrokes plus arguments at most: one key, then (for some) a modal's Enter."""
    for spec in (s for table in TABLES for s in table):
        for key in spec.key.split(","):
            assert " " not in key.strip()  # no key sequences


def test_every_key_in_the_table_appears_in_the_markdown():
    text = markdown_table()
    for spec in (s for table in TABLES for s in table):
        assert re.search(rf"\| `[^`]+` \| `{spec.id}` \|", text)


def test_keymap_problems_are_reported(tmp_path):
    good, problems = check_keymap({"next": "space", "nope": "z", "damage": "h"})
    assert good == {"next": "space", "damage": "h"}
    assert any("nope" in p for p in problems)
    assert any("'h'" in p and "heal" in p for p in problems)


def test_config_file_keys_and_settings(tmp_path):
    path = tmp_path / "keymap.toml"
    path.write_text('[keys]\nnext = "space"\n\n[settings]\ndice = "ask"\nlang = "es"\ncolour = "x"\n')
    config = load_config(path)
    assert config.keys == {"next": "space"}
    assert config.settings == {"dice": "ask", "lang": "es"}
    assert any("colour" in p for p in config.problems)
    path.write_text("[keys\n")
    assert load_config(path).problems  # broken TOML: a warning, defaults
    assert load_config(tmp_path / "missing.toml").keys == {}


def test_settings_precedence():
    from gm_console.storage.config import UserConfig
    from gm_console.tui.app import resolve_settings

    config = UserConfig(settings={"lang": "es", "dice": "ask"})
    assert resolve_settings(config, None, None, "en") == ("es", "ask")  # --lang not typed
    assert resolve_settings(config, "en", "auto", "es") == ("en", "auto")  # --lang en typed
    assert resolve_settings(UserConfig(), None, None, "es") == ("es", "auto")  # from the environment


@drive
async def test_the_bars_keys_are_the_bars_own_in_the_gms_language_and_remapped_by_id(tmp_path):
    """Esc, the history and Tab belong to the command bar (and Esc to the find bar) while it is
    open: their words come from the catalogue, and keymap.toml moves them by id."""
    enc = make_encounter(tmp_path, ["add Kyra pc hp=30 init=20", "add Goblin hp=7 init=10"])
    app = app_for(enc, lang="es", config=UserConfig(keys={"bar_close": "ctrl+g", "find_close": "ctrl+g"}))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("colon")
        await pilot.pause()
        bar = app.screen.query_one(CommandBar)
        assert bar.has_focus
        shown = {key: (b.binding.description, b.tooltip) for key, b in app.screen.active_bindings.items()
                 if b.node is bar}
        assert shown["tab"][0] == "Completar" and shown["up"][0] == "Historial atrás"
        assert "ctrl+g" in shown and "escape" not in shown
        await type_text(pilot, "da")
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert not bar.display and bar.value == ""
        await pilot.press("slash")
        await type_text(pilot, "gob")
        await pilot.pause()
        assert app.screen.selected == "goblin"
        await pilot.press("ctrl+g")  # closed: whoever was selected before is again
        await pilot.pause()
        assert not app.screen.query_one(FindBar).display and app.screen.selected == "kyra"
    assert not any("bar_close" in n.message for n in app._notifications)
