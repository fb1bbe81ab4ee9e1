"""The real program in a real terminal: tmux runs `gm-console PATH`, keys go in with
send-keys, and capture-pane reads what a GM would see, through a round with a delay,
a resume and a damage modal.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gm_console.storage import Encounter
from test_tui_support import SKIRMISH, make_encounter

TMUX = shutil.which("tmux")
pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed (CI installs it: apt-get install tmux)")


def _program() -> list[str]:
    script = Path(sys.executable).parent / "gm-console"
    return [str(script)] if script.exists() else [sys.executable, "-m", "gm_console"]


class Terminal:
    def __init__(self, tmp_path: Path, argv: list[str], size=(100, 30)) -> None:
        self.socket = f"gm-test-{os.getpid()}-{tmp_path.name}"
        env = {
            "GM_CONSOLE_DATA_DIR": str(tmp_path / "data"),
            "GM_CONSOLE_CONFIG_DIR": str(tmp_path / "config"),
            "GM_CONSOLE_LANG": "en",
            "LANG": "C.UTF-8",
            "TERM": "xterm-256color",
        }
        command = "env " + " ".join(f"{k}={v}" for k, v in env.items()) + " " + " ".join(argv)
        self.tmux("new-session", "-d", "-s", "gm", "-x", str(size[0]), "-y", str(size[1]), command)

    def tmux(self, *args: str) -> str:
        result = subprocess.run([TMUX, "-L", self.socket, *args], capture_output=True, text=True,
                                env={**os.environ, "LANG": "C.UTF-8"})
        return result.stdout

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", "gm")

    def keys(self, *keys: str) -> None:
        for key in keys:
            self.tmux("send-keys", "-t", "gm", key)
            time.sleep(0.15)

    def wait_for(self, *texts: str, timeout: float = 15.0) -> str:
        deadline = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < deadline:
            screen = self.screen()
            if all(t in screen for t in texts):
                return screen
            time.sleep(0.2)
        raise AssertionError(f"{texts!r} not on the screen after {timeout}s:\n{screen}")

    def close(self) -> None:
        self.tmux("kill-server")


def test_a_round_with_a_delay_and_a_damage_modal_in_tmux(tmp_path):
    enc = make_encounter(tmp_path, SKIRMISH, name="tmux-fight")
    term = Terminal(tmp_path, [*_program(), str(enc.path)])
    try:
        screen = term.wait_for("Round 1", "Kyra's turn")
        assert "▶  15" in screen or "▶ 15" in screen
        term.keys("w")  # Kyra delays: a prompt for the count
        term.wait_for("Kyra delays", "Until initiative count")
        term.keys("Enter")
        screen = term.wait_for("Goblin 1's turn", "Delaying")
        assert "holding" in screen
        term.keys("j", "d")  # the damage modal, on Goblin 2
        term.wait_for("Damage Goblin 2", "Amount or dice")
        term.keys("3", "Enter")
        screen = term.wait_for("4/7")
        term.keys("n")
        term.wait_for("Goblin 2's turn")
        term.keys("e")  # Kyra resumes before Goblin 2
        term.wait_for("Kyra's turn")
        term.keys("n")  # Goblin 2's turn continues
        term.keys("n")  # round 2: the order is now Goblin 1, Kyra, Goblin 2
        screen = term.wait_for("Round 2", "Goblin 1's turn")
        lines = screen.splitlines()
        order = [name for line in lines for name in ("Goblin 1", "Kyra", "Goblin 2")
                 if name in line and ("/" in line)]
        assert order[:3] == ["Goblin 1", "Kyra", "Goblin 2"], screen
        assert "‖" not in screen  # nobody is delaying any more
        term.keys("q")
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and "gm" in term.tmux("list-sessions"):
            time.sleep(0.2)
    finally:
        term.close()
    state = Encounter.open(enc.path).state
    assert state.round == 2 and state.active == "goblin-1"
    assert state.get("goblin-2").pools["hp"].value == 4
    assert state.acting_order() == ["goblin-1", "kyra", "goblin-2"]
