"""Snapshots of the screen a GM sees, for every ruleset's example in saves/.

The examples are parametrised from saves/*.toml, so each ruleset's example
joins when its save lands (a ruleset that does not load yet is skipped, with
the reason). New snapshots are accepted with ``pytest --snapshot-update``
after looking at them (the HTML report shows the picture).

Deterministic: each test opens a copy of the save, never rolls a die, shows no
clock, and the picker's "last change" is pinned with a fixed mtime in UTC.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from gm_console import plugins
from gm_console.storage import Encounter
from gm_console.storage.library import peek
from gm_console.tui.app import GMConsole
from test_tui_support import picker_library

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _fixed_clock(monkeypatch):
    """The turn clock reads a fixed time: a turn started in a test shows 0:00, however slow."""
    monkeypatch.setattr("gm_console.tui.controller.wall_clock", lambda: 1_000_000.0)
EXAMPLES = sorted(p for p in (ROOT / "saves").glob("*.toml") if not p.stem.startswith("prepared-"))  # test_library.py
SIZES = {"80x24": (80, 24), "120x40": (120, 40)}


def _open_copy(example: Path, tmp_path: Path) -> Encounter:
    info = peek(example)
    if info is None:
        pytest.skip(f"{example.name} is not an encounter")
    try:
        plugins.load(info.ruleset)
    except plugins.UnknownRuleset as exc:
        pytest.skip(f"{example.name}: ruleset not loadable yet ({exc})")
    copy = tmp_path / example.name
    shutil.copyfile(example, copy)
    return Encounter.open(copy)


@pytest.mark.parametrize("size", list(SIZES), ids=list(SIZES))
@pytest.mark.parametrize("example", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_example(example, size, snap_compare, tmp_path):
    app = GMConsole(encounter=_open_copy(example, tmp_path), lang="en")
    assert snap_compare(app, terminal_size=SIZES[size])


@pytest.mark.parametrize("example", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_example_in_spanish_with_timeline(example, snap_compare, tmp_path):
    app = GMConsole(encounter=_open_copy(example, tmp_path), lang="es")
    assert snap_compare(app, terminal_size=(80, 24), press=["v", "j"])


def test_damage_modal(snap_compare, tmp_path):
    app = GMConsole(encounter=_open_copy(ROOT / "saves" / "generic.toml", tmp_path), lang="en")
    assert snap_compare(app, terminal_size=(80, 24), press=["j", "j", "d", "2", "d", "6"])


def test_picker(snap_compare, tmp_path, monkeypatch):
    picker_library(tmp_path, monkeypatch, ("Tuesday goblins", "Ogre bridge"), examples=("generic",))
    assert snap_compare(GMConsole(None, lang="en"), terminal_size=(80, 24))


def _app(stem: str, tmp_path, lang: str = "en") -> GMConsole:
    return GMConsole(encounter=_open_copy(ROOT / "saves" / f"{stem}.toml", tmp_path), lang=lang)


def test_add_form(snap_compare, tmp_path):
    """The whole stat block in one grid, the field under the cursor explained below it (the
    bestiary's search box, above it, has the focus first: Tab goes on to the grid)."""
    assert snap_compare(_app("starfinder", tmp_path), terminal_size=(100, 32),
                        press=["a", "tab", "O", "r", "c", "tab", "3"])


def test_condition_form_searching(snap_compare, tmp_path):
    assert snap_compare(_app("pathfinder1e", tmp_path, "es"), terminal_size=(80, 24),
                        press=["c", "e", "s", "t", "r", "tab", "2"])


def test_initiative_form(snap_compare, tmp_path):
    """Before the fight: the players' rolls typed, PCs first; the rest will be rolled."""
    enc = Encounter.create(tmp_path / "ambush.toml", "generic", name="Ambush")
    for line in ("add Orc x2 hp=9 init=1", "add Lia pc hp=12 init=2", "add Kyra pc hp=20 init=3"):
        enc.execute(line)
    assert snap_compare(GMConsole(encounter=enc, lang="en"), terminal_size=(80, 24), press=["i", "1", "7", "tab"])


def test_attack_form(snap_compare, tmp_path):
    """`f` on the goblin's turn: its attacks with the bonus they have now (shaken: -2, the printed
    bonus in brackets), Kyra the selected target (docs/sheets.md#attacks)."""
    enc = Encounter.create(tmp_path / "raid.toml", "pathfinder1e", name="Raid")
    for line in ("add Kyra pc hp=20 ac=16 init=3",
                 'add Goblin hp=6 init=1 atk="short sword +2 1d4 19-20/x2 slashing; short bow +4 1d4 x3 piercing '
                 'range 60"', "cond Goblin shaken", "init Kyra 5", "init Goblin 12", "start"):
        enc.execute(line)
    assert snap_compare(GMConsole(encounter=enc, lang="en"), terminal_size=(80, 24), press=["j", "f"])


def test_spend_form(snap_compare, tmp_path):
    assert snap_compare(_app("pathfinder1e", tmp_path), terminal_size=(80, 24), press=["slash", "k", "y", "r", "enter", "dollar_sign"])


def test_timeline_with_its_legend_and_marks(snap_compare, tmp_path):
    """`v` at 120 columns: the timeline alone, its legend; two goblins marked for one blow."""
    assert snap_compare(_app("pathfinder1e", tmp_path), terminal_size=(120, 40),
                        press=["v", "slash", "g", "o", "b", "2", "enter", "space", "space"])
