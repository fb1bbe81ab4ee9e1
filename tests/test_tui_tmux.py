"""The real program in a real terminal: tmux runs this checkout's `python -m gm_console PATH`,
keys go in with send-keys, and capture-pane reads what a GM would see. The harness waits on
what the screen shows, never on fixed sleeps, and checks the program really ended.

- a round with a delay, a resume and a damage modal;
- kill -9 at random moments after the screen acknowledged an action, over and over: every
  action the screen showed is in the file, and the file always opens.
"""

from __future__ import annotations

import os
import random
import re
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from gm_console.storage import Encounter
from test_tui_support import SKIRMISH, make_encounter

TMUX = shutil.which("tmux")
ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed (CI installs it: apt-get install tmux)")


def _program() -> list[str]:
    """This checkout's code (PYTHONPATH below), not whatever gm-console is installed."""
    return [sys.executable, "-m", "gm_console"]


class Terminal:
    def __init__(self, tmp_path: Path, argv: list[str], size=(100, 30), name: str = "") -> None:
        self.socket = f"gm-test-{os.getpid()}-{tmp_path.name}{name}"
        self.status = tmp_path / f"exit-status{name}"  # the shell around the program writes it
        self.status.unlink(missing_ok=True)
        env = {
            "GM_CONSOLE_DATA_DIR": str(tmp_path / "data"),
            "GM_CONSOLE_CONFIG_DIR": str(tmp_path / "config"),
            "GM_CONSOLE_LANG": "en",
            "LANG": "C.UTF-8",
            "TERM": "xterm-256color",
            "PYTHONPATH": str(ROOT),
        }
        script = f"{shlex.join(argv)}; echo $? > {shlex.quote(str(self.status))}"
        command = ("exec env " + " ".join(f"{k}={shlex.quote(v)}" for k, v in env.items())
                   + " sh -c " + shlex.quote(script))
        self.tmux("-f", os.devnull, "new-session", "-d", "-s", "gm", "-x", str(size[0]), "-y", str(size[1]),
                  "-c", str(ROOT), command)

    def tmux(self, *args: str) -> str:
        result = subprocess.run([TMUX, "-L", self.socket, *args], capture_output=True, text=True,
                                env={**os.environ, "LANG": "C.UTF-8"})
        return result.stdout

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", "gm")

    def keys(self, *keys: str) -> None:
        """Sent at once, in order: the program reads them in order; the test waits on the screen."""
        for key in keys:
            self.tmux("send-keys", "-t", "gm", key)

    def type(self, text: str) -> None:
        self.tmux("send-keys", "-t", "gm", "-l", text)

    def wait_for(self, *texts: str, timeout: float = 15.0) -> str:
        deadline = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < deadline:
            screen = self.screen()
            if all(t in screen for t in texts):
                return screen
            time.sleep(0.03)
        raise AssertionError(f"{texts!r} not on the screen after {timeout}s:\n{screen}")

    def pid(self) -> int:
        """The program's pid (a child of the shell that records its exit status)."""
        shell = self.tmux("display-message", "-p", "-t", "gm", "#{pane_pid}").strip()
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                children = Path(f"/proc/{shell}/task/{shell}/children").read_text().split()
            except OSError:
                children = []
            if children:
                return int(children[0])
            time.sleep(0.02)
        raise AssertionError("the program is not running")

    def wait_exit(self, timeout: float = 15.0) -> int:
        """The program's exit status, once it has ended (fails if it does not end)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                return int(self.status.read_text().strip())
            except (OSError, ValueError):
                time.sleep(0.03)
        raise AssertionError(f"the program did not end within {timeout}s:\n{self.screen()}")

    def close(self) -> None:
        self.tmux("kill-server")


def test_a_round_with_a_delay_and_a_damage_modal_in_tmux(tmp_path):
    enc = make_encounter(tmp_path, SKIRMISH, name="tmux-fight")
    enc.close()  # the program in the terminal is the one that writes
    term = Terminal(tmp_path, [*_program(), str(enc.path)])
    try:
        screen = term.wait_for("Round 1", "Kyra's turn")
        assert "▶  15" in screen or "▶ 15" in screen
        assert "READ-ONLY" not in screen
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
        term.keys("n", "n")  # Goblin 2's turn continues; round 2: Goblin 1, Kyra, Goblin 2
        screen = term.wait_for("Round 2", "Goblin 1's turn")
        lines = screen.splitlines()
        order = [name for line in lines for name in ("Goblin 1", "Kyra", "Goblin 2")
                 if name in line and ("/" in line)]
        assert order[:3] == ["Goblin 1", "Kyra", "Goblin 2"], screen
        assert "‖" not in screen  # nobody is delaying any more
        term.keys("q")
        assert term.wait_exit() == 0
    finally:
        term.close()
    state = Encounter.open(enc.path).state
    assert state.round == 2 and state.active == "goblin-1"
    assert state.get("goblin-2").pools["hp"].value == 4
    assert state.acting_order() == ["goblin-1", "kyra", "goblin-2"]


def test_a_second_console_is_read_only_and_says_who_holds_the_save(tmp_path):
    enc = make_encounter(tmp_path, SKIRMISH, name="shared")
    enc.close()
    first = Terminal(tmp_path, [*_program(), str(enc.path)], name="a")
    second = None
    try:
        first.wait_for("Round 1", "Kyra's turn")
        second = Terminal(tmp_path, [*_program(), str(enc.path)], name="b")
        screen = second.wait_for("READ-ONLY: in use by another gm-console", "Kyra's turn")
        assert f"pid {first.pid()}" in screen
        before = enc.path.read_bytes()
        second.keys("n")
        second.wait_for("nothing was changed")
        assert enc.path.read_bytes() == before
        first.keys("n")
        first.wait_for("Goblin 1's turn")
        second.keys("q")
        assert second.wait_exit() == 0
        first.keys("q")
        assert first.wait_exit() == 0
    finally:
        first.close()
        if second is not None:
            second.close()


NOTE = re.compile(r"note · (k\d+-\d+)")


def _note(term: Terminal, tag: str) -> None:
    """`:note TAG` Enter; the bar must have the keyboard before the text goes in."""
    term.keys(":")
    term.wait_for("command (Tab completes")
    term.type(f"note {tag}")
    term.keys("Enter")


def _kill_rounds(tmp_path: Path, worker: int, rounds: int, seed: int, failures: list[str]) -> int:
    """One save, `rounds` times: start the TUI on it, add notes (each acknowledged on screen),
    send one more and kill -9 at a random moment after, then check the file."""
    rng = random.Random(seed)
    path = tmp_path / f"kill-{worker}.toml"
    make_encounter(tmp_path, SKIRMISH, name=f"kill-{worker}").close()
    acknowledged: set[str] = set()
    sent: set[str] = set()
    kills = 0
    for r in range(rounds):
        term = Terminal(tmp_path, [*_program(), str(path)], size=(100, 40), name=f"-{worker}-{r}")
        try:
            term.wait_for("Kyra", "Round", timeout=30)
            tags = [f"k{worker}{r:02d}-{j}" for j in range(rng.randint(1, 4))]
            for tag in tags:
                if rng.random() < 0.3:
                    term.keys("n")  # a turn too: the file must replay it
                _note(term, tag)
                sent.add(tag)
                if tag != tags[-1]:
                    acknowledged.update(NOTE.findall(term.wait_for(f"note · {tag}")))
            time.sleep(rng.uniform(0, 0.06))  # the last one: killed anywhere in its way to disk
            screen = term.screen()
            os.kill(term.pid(), signal.SIGKILL)
            kills += 1
            acknowledged.update(NOTE.findall(screen))
            assert term.wait_exit() == 128 + signal.SIGKILL
        finally:
            term.close()
        with Encounter.open(path, read_only=True) as enc:  # the file always opens
            saved = {e.line.split()[1] for e in enc.session.done if e.line.startswith("note ")}
        if not acknowledged <= saved:
            failures.append(f"round {r}: on screen but not in the file: {sorted(acknowledged - saved)}")
        if not saved <= sent:
            failures.append(f"round {r}: in the file but never sent: {sorted(saved - sent)}")
    return kills


def test_kill_minus_nine_never_loses_what_the_screen_acknowledged(tmp_path):
    workers, rounds = 2, 26
    failures: list[str] = []
    kills: list[int] = []

    def worker(w: int) -> None:
        try:
            kills.append(_kill_rounds(tmp_path, w, rounds, 1400 + w, failures))
        except Exception as exc:  # noqa: BLE001 - reported below, with the screen it saw
            failures.append(f"worker {w}: {exc}")

    threads = [threading.Thread(target=worker, args=(w,)) for w in range(workers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=300)
    assert not failures, failures
    assert sum(kills) == workers * rounds >= 50
