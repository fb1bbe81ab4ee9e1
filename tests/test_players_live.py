"""The players' live view (`gm-console players SAVE`, docs/players.md §6): it follows the GM's
actions made by another program, undo included, shows only what the players may see, and
nothing typed into it changes the encounter."""

from __future__ import annotations

import asyncio
import functools
import subprocess
import sys
from pathlib import Path

import pytest

from gm_console.cli import main
from gm_console.tui.players.app import PlayersApp
from gm_console.tui.players.model import frame
from gm_console.storage import Encounter

ROOT = Path(__file__).resolve().parent.parent


def drive(fn):
    """An async Pilot test, run without an asyncio pytest plugin."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return asyncio.run(fn(*args, **kwargs))

    return wrapper


def gm(path: Path, *lines: str) -> None:
    """The GM acting from another terminal: another process, which takes the save's lock."""
    r = subprocess.run([sys.executable, "-m", "gm_console", "exec", str(path), "--", *lines],
                       capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert r.returncode == 0, r.stderr


@pytest.fixture
def save(tmp_path):
    path = tmp_path / "fight.toml"
    assert main(["new", "--ruleset", "pathfinder1e", "--no-open", str(path)]) == 0
    assert main(["exec", str(path), "--", "add Kyra pc hp=20 hero=2", "add Goblin hp=6", "add Sniper hp=12",
                 "hide sniper", "init Kyra 15", "init Goblin 10", "init Sniper 5", "start"]) == 0
    return path


async def until(pilot, app, check, what: str, tries: int = 400):
    """Wait on the screen (bounded): the app polls the file on its own timer."""
    for _ in range(tries):
        if app.shown is not None and check(app.shown):
            return
        await pilot.pause(0.05)
    raise AssertionError(f"the players' view never showed {what}; it shows {app.shown}")


def row(view, name):
    return next((r for r in view.rows if r.name == name), None)


@drive
async def test_the_view_follows_next_damage_and_undo_from_another_process(save):
    app = PlayersApp(save, "en", poll=0.05)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, app, lambda v: v.status == "Round 1 · Kyra's turn", "Kyra's turn")
        assert [r.name for r in app.shown.rows] == ["Kyra", "Goblin"]  # the sniper is hidden
        gm(save, "next")
        await until(pilot, app, lambda v: v.status == "Round 1 · Goblin's turn", "the goblin's turn")
        gm(save, "dmg Goblin 4")
        await until(pilot, app, lambda v: row(v, "Goblin").figures == "bloodied", "the goblin bloodied")
        assert "Goblin is hurt: bloodied" in app.shown.log
        gm(save, "undo")
        await until(pilot, app, lambda v: row(v, "Goblin").figures == "unhurt", "the undo")
        assert "Goblin is hurt: bloodied" not in app.shown.log
        gm(save, "next")  # the hidden sniper's turn: the players see nobody's
        await until(pilot, app, lambda v: v.status == "Round 1", "a turn they cannot see")
        gm(save, "reveal sniper")
        await until(pilot, app, lambda v: row(v, "Sniper") is not None, "the sniper revealed")
        screen = app.export_screenshot().replace("&#160;", " ")
        assert "hero" not in screen.lower() and "12/12" not in screen and "HP 20/20" in screen


@drive
async def test_keys_in_the_view_change_nothing(save):
    before = save.read_bytes()
    app = PlayersApp(save, "en", poll=0.05)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, app, lambda v: v.rows, "the encounter")
        for key in ("n", "u", "d", "enter", "ctrl+z", "ctrl+s", "ctrl+p", "colon", "escape", "space", "delete"):
            await pilot.press(key)
        await pilot.pause()
        assert app.is_running
    assert save.read_bytes() == before


def test_the_view_never_takes_the_lock_so_the_gm_keeps_writing(save):
    """A second program opens the save read-only; the GM's console holds the lock meanwhile."""
    with Encounter.open(save) as gm_console:
        assert not gm_console.read_only
        view = frame(Encounter.open(save, read_only=True))
        assert view.status == "Round 1 · Kyra's turn"
        gm_console.execute("next")
        assert frame(Encounter.open(save, read_only=True)).status == "Round 1 · Goblin's turn"


@drive
async def test_a_save_that_cannot_be_read_keeps_the_last_picture_and_says_why(save, tmp_path):
    app = PlayersApp(save, "en", poll=0.05)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, app, lambda v: v.rows, "the encounter")
        moved = tmp_path / "elsewhere.toml"
        save.rename(moved)
        for _ in range(400):
            await pilot.pause(0.05)
            if app.query_one("#problem").has_class("-shown"):
                break
        assert app.query_one("#problem").has_class("-shown")
        assert [r.name for r in app.shown.rows] == ["Kyra", "Goblin"]
        moved.rename(save)
        for _ in range(400):
            await pilot.pause(0.05)
            if not app.query_one("#problem").has_class("-shown"):
                break
        assert not app.query_one("#problem").has_class("-shown")


def test_serve_listens_on_this_computer_only_unless_told_and_quotes_the_path(tmp_path):
    """docs/players.md §7: 127.0.0.1 by default; the command each browser tab runs is this
    Python on this save, whatever its name holds."""
    import shlex

    from gm_console.cli import _parser
    from gm_console.tui.players.serve import command, public_url

    args = _parser().parse_args(["serve", "fight.toml", "--players"])
    assert (args.host, args.port) == ("127.0.0.1", 8000)
    odd = tmp_path / "a b; rm -rf $HOME.toml"
    words = shlex.split(command(odd, "es"))
    assert words[0] == sys.executable and words[1:] == ["-m", "gm_console", "--lang", "es", "players", str(odd)]
    assert public_url("127.0.0.1", 8123) == "http://127.0.0.1:8123"
    assert not public_url("0.0.0.0", 80).startswith("http://0.0.0.0")
    with pytest.raises(SystemExit):
        _parser().parse_args(["serve", "fight.toml"])  # only the players' view is ever served
