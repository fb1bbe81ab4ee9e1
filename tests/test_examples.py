"""The bundled examples: every script runs, every save opens, replays and can be undone."""

from pathlib import Path

import pytest

from gm_console.storage import Encounter

ROOT = Path(__file__).resolve().parent.parent
SAVES = sorted((ROOT / "saves").glob("*.toml"))
SCRIPTS = sorted((ROOT / "saves" / "scripts").glob("*.txt"))


def test_there_are_examples():
    assert SAVES and SCRIPTS


@pytest.mark.parametrize("save", SAVES, ids=lambda p: p.stem)
def test_example_opens_and_undo_works(save, tmp_path):
    enc = Encounter.open(save)
    assert enc.state.combatants
    copy = enc.save_as_copy(tmp_path / save.name)
    before = copy.state.copy()
    copy.execute("undo")
    copy.execute("redo")
    assert copy.state == before


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.stem)
def test_example_script_rebuilds(script, tmp_path, monkeypatch):
    import importlib.util

    spec = importlib.util.spec_from_file_location("build_examples", ROOT / "scripts" / "build_examples.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    monkeypatch.setattr(mod, "ROOT", tmp_path)
    (tmp_path / "saves").mkdir()
    built = mod.build(script)
    assert Encounter.open(built).state.combatants
