"""Opening a fight again shows its last screen at once, in a real terminal (tmux), before the
program has loaded the engine or Textual; the live screen then replaces it, with the keys
typed meanwhile applied in order and never echoed over it; and whenever the live screen does
not come (an error opening the save) the terminal is given back as it was: the normal screen,
the echo on, the error readable. (gm_console/glimpse.py, storage/lastscreen.py.)
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from test_tui_support import copy_example

TMUX = shutil.which("tmux")
ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed (CI installs it: apt-get install tmux)")

#: runs gm-console as its command does, noting what the kept screen's paint found and held
WRAPPER = r'''
import json, os, runpy, sys, time
import gm_console.glimpse as glimpse

NOTES, HOLD = os.environ["GM_NOTES"], float(os.environ.get("GM_HOLD", "0"))
show = glimpse.show

def shown(argv):
    painted = show(argv)
    loaded = sorted(m for m in sys.modules if m.split(".")[0] in ("textual", "rich") or m.startswith(
        ("gm_console.engine", "gm_console.cli", "gm_console.tui", "gm_console.storage.encounter")))
    with open(NOTES, "w") as f:
        json.dump({"painted": painted, "loaded": loaded}, f)
    count_entries()  # after the paint: Textual is not loaded before it
    if painted:
        time.sleep(HOLD)  # the kept screen stays this long, for the test to read it and type over it
    return painted

glimpse.show = shown

def count_entries():
    """Notes each time Textual's driver enters the alternate screen."""
    from textual.drivers import linux_driver
    write = linux_driver.LinuxDriver.write

    def counted(self, data):
        if data == "\x1b[?1049h":
            with open(NOTES + ".entries", "a") as f:
                f.write("entered\n")
        return write(self, data)

    linux_driver.LinuxDriver.write = counted
if os.environ.get("GM_FAIL_OPEN"):
    from gm_console.storage import encounter, errors
    def refuse(*args, **kwargs):
        raise errors.SaveError("the disk went away (a test)")
    encounter.Encounter.open = refuse
sys.argv = ["gm_console", *sys.argv[1:]]
runpy.run_module("gm_console", run_name="__main__", alter_sys=True)
'''


class Terminal:
    def __init__(self, tmp_path: Path) -> None:
        self.tmp = tmp_path
        self.socket = f"gm-last-{os.getpid()}-{tmp_path.name}"  # a server per test: one killed may linger
        self.env = {"GM_CONSOLE_DATA_DIR": str(tmp_path / "data"), "GM_CONSOLE_CONFIG_DIR": str(tmp_path / "config"),
                    "GM_CONSOLE_CACHE_DIR": str(tmp_path / "cache"), "LANG": "C.UTF-8", "TERM": "xterm-256color",
                    "PYTHONPATH": str(ROOT)}
        self.runs = 0

    def start(self, save: Path, **env: str) -> Path:
        """gm-console --lang en SAVE in a new window; its notes' path."""
        self.runs += 1
        notes, after = self.tmp / f"notes{self.runs}.json", self.tmp / f"after{self.runs}.txt"
        env = {**self.env, **env, "GM_NOTES": str(notes)}
        line = (shlex.join(["env", "-u", "COLUMNS", "-u", "LINES", *(f"{k}={v}" for k, v in env.items()),
                            sys.executable, "-c", WRAPPER, "--lang", "en", str(save)])
                + f"; {{ echo \"exit $?\"; stty -a; }} > {shlex.quote(str(after))}.part"
                + f"; mv {shlex.quote(str(after))}.part {shlex.quote(str(after))}; sleep 30")
        subprocess.run([TMUX, "-L", self.socket, "-f", os.devnull, "new-session", "-d", "-s", f"w{self.runs}",
                        "-x", "120", "-y", "40", "-c", str(ROOT), line], check=True)
        self.window, self.after = f"w{self.runs}", after
        return notes

    def screen(self) -> str:
        return subprocess.run([TMUX, "-L", self.socket, "capture-pane", "-p", "-t", self.window],
                              capture_output=True, text=True).stdout

    def alternate(self) -> bool:
        return subprocess.run([TMUX, "-L", self.socket, "display", "-p", "-t", self.window, "#{alternate_on}"],
                              capture_output=True, text=True).stdout.strip() == "1"

    def keys(self, *keys: str) -> None:
        subprocess.run([TMUX, "-L", self.socket, "send-keys", "-t", self.window, *keys], check=True)

    def wait(self, what, timeout: float = 20.0):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            got = what()
            if got:
                return got
            time.sleep(0.05)
        raise AssertionError(f"not within {timeout} s; the screen:\n{self.screen()}")

    def ended(self) -> tuple[int, str]:
        text = self.wait(lambda: self.after.exists() and self.after.read_text())
        first, _, stty = text.partition("\n")
        return int(first.split()[1]), stty

    def close(self) -> None:
        subprocess.run([TMUX, "-L", self.socket, "kill-server"], capture_output=True)


@pytest.fixture
def terminal(tmp_path):
    t = Terminal(tmp_path)
    yield t
    t.close()


def notes_of(path: Path) -> dict:
    return json.loads(path.read_text())


def echo_on(stty: str) -> bool:
    return "echo" in stty.replace(";", " ").split()


def kept(tmp_path: Path) -> list[Path]:
    return list((tmp_path / "cache" / "snapshots").glob("*.screen"))


def test_a_fight_reopens_on_its_last_screen_then_the_live_one_takes_the_keys(terminal, tmp_path):
    save = copy_example(tmp_path, "pathfinder1e")
    first = terminal.start(save)
    terminal.wait(lambda: "Valeros's turn" in terminal.screen())
    assert not notes_of(first)["painted"]  # never opened here: nothing kept yet
    assert Path(f"{first}.entries").read_text() == "entered\n"  # Textual's own entry
    terminal.wait(lambda: kept(tmp_path))  # kept after its first frame
    terminal.keys("n")
    terminal.wait(lambda: "Goblin 2's turn" in terminal.screen())
    terminal.keys("q")
    assert terminal.ended()[0] == 0

    second = terminal.start(save, GM_HOLD="2")
    notes = terminal.wait(lambda: second.exists() and notes_of(second))
    assert notes == {"painted": True, "loaded": []}  # painted before the engine, storage or Textual loaded
    shown = terminal.wait(lambda: (s := terminal.screen()) and "Goblin 2's turn" in s and s)
    for pane in ("Goblin ambush on the Lost Coast road", "Initiative", "Valeros", "Sheet", "Log"):
        assert pane in shown, f"{pane!r} is not on the kept screen:\n{shown}"
    assert terminal.alternate()
    assert not Path(f"{second}.entries").exists()  # Textual did not enter it again (a terminal may clear it)
    terminal.keys("n")  # typed over the kept screen
    time.sleep(0.3)
    assert terminal.screen() == shown  # not echoed onto it
    terminal.wait(lambda: "Kyra's turn" in terminal.screen())  # the live screen took it, once
    time.sleep(0.5)
    assert "Kyra's turn" in terminal.screen()
    terminal.keys("q")
    code, stty = terminal.ended()
    assert code == 0 and not terminal.alternate()
    assert echo_on(stty), stty


def played_once(terminal: Terminal, tmp_path: Path) -> Path:
    """The example opened and closed once: its screen kept."""
    save = copy_example(tmp_path, "pathfinder1e")
    terminal.start(save)
    terminal.wait(lambda: kept(tmp_path))
    terminal.keys("q")
    terminal.ended()
    return save


def test_a_fight_changed_since_its_screen_was_kept_opens_without_it(terminal, tmp_path):
    save = played_once(terminal, tmp_path)
    subprocess.run([sys.executable, "-m", "gm_console", "exec", str(save), "next"], cwd=ROOT, check=True,
                   env={**os.environ, **terminal.env}, capture_output=True)
    again = terminal.start(save)
    assert not terminal.wait(lambda: again.exists() and notes_of(again) or None)["painted"]
    terminal.wait(lambda: "Goblin 2's turn" in terminal.screen())
    terminal.keys("q")


def test_an_open_that_fails_after_the_kept_screen_gives_the_terminal_back_with_the_error(terminal, tmp_path):
    save = played_once(terminal, tmp_path)
    failing = terminal.start(save, GM_FAIL_OPEN="1")
    code, stty = terminal.ended()
    assert notes_of(failing)["painted"]
    assert code == 1
    assert not terminal.alternate()  # the normal screen
    assert "the disk went away (a test)" in terminal.screen()  # the error, readable there
    assert echo_on(stty), stty  # what is typed shows again
