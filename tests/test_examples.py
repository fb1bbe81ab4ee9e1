"""The bundled examples: every script runs, every save opens, replays and can be undone, and
each committed save is exactly what its script builds (so the examples never drift from the code)."""

import shutil
from pathlib import Path

import pytest

from conftest import builtin_rulesets
from gm_console.storage import Encounter

ROOT = Path(__file__).resolve().parent.parent
SAVES = sorted(p for p in (ROOT / "saves").glob("*.toml") if not p.stem.startswith("prepared-"))  # test_library.py
SCRIPTS = sorted((ROOT / "saves" / "scripts").glob("*.txt"))


def test_there_are_examples():
    assert SAVES and SCRIPTS
    assert {p.stem for p in SAVES} == {p.stem for p in SCRIPTS}


def test_every_builtin_game_has_its_example():
    """The picker offers an example of each game the package installs (its entry points)."""
    assert [p.stem for p in SCRIPTS] == builtin_rulesets()


@pytest.mark.parametrize("save", SAVES, ids=lambda p: p.stem)
def test_example_opens_and_undo_works(save, tmp_path):
    before = save.read_bytes()
    enc = Encounter.open(save, read_only=True)  # the checkout's own file is never written
    assert enc.state.combatants and enc.warning is None
    copy = enc.save_as_copy(tmp_path / save.name)
    state = copy.state.copy()
    copy.execute("undo")
    copy.execute("redo")
    assert copy.state == state
    assert save.read_bytes() == before and not list(save.parent.glob(".*.lock"))


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.stem)
def test_example_script_rebuilds_the_committed_save(script, tmp_path, monkeypatch):
    import importlib.util

    spec = importlib.util.spec_from_file_location("build_examples", ROOT / "scripts" / "build_examples.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    monkeypatch.setattr(mod, "ROOT", tmp_path)
    (tmp_path / "saves").mkdir()
    committed = ROOT / "saves" / f"{script.stem}.toml"
    shutil.copyfile(committed, tmp_path / "saves" / committed.name)  # its `created` is kept
    built = mod.build(script)
    assert Encounter.open(built).state.combatants
    assert built.read_text(encoding="utf-8") == committed.read_text(encoding="utf-8"), (
        f"saves/{committed.name} is not what saves/scripts/{script.name} builds: "
        "run python scripts/build_examples.py")
