"""The key table: every binding has an id and help text, the docs match, remapping is checked."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from gm_console.storage.config import load_config
from gm_console.tui.bindings import ENCOUNTER_KEYS, PICKER_KEYS, SUMMARY_KEYS, bindings_for, markdown_table
from gm_console.tui.keymap import check_keymap

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
    ids = [s.id for s in ENCOUNTER_KEYS + PICKER_KEYS + SUMMARY_KEYS]
    assert len(ids) == len(set(ids))
    assert REQUIRED <= set(ids)
    for lang in ("en", "es"):
        for b in bindings_for(ENCOUNTER_KEYS, lang) + bindings_for(PICKER_KEYS, lang) + bindings_for(SUMMARY_KEYS, lang):
            assert b.id and b.description and b.tooltip


def test_each_action_is_one_keystroke():
    """Two keystrokes plus arguments at most: one key, then (for some) a modal's Enter."""
    for spec in ENCOUNTER_KEYS + PICKER_KEYS + SUMMARY_KEYS:
        for key in spec.key.split(","):
            assert " " not in key.strip()  # no key sequences


def test_every_key_in_the_table_appears_in_the_markdown():
    text = markdown_table()
    for spec in ENCOUNTER_KEYS + PICKER_KEYS + SUMMARY_KEYS:
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
