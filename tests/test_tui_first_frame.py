"""The first frame the program writes to a real terminal is the whole screen: the head, the
initiative, the sheet, the timeline, the log and the footer, all in the one write that first
shows a combatant's name. A pane drawn to its size that does not repaint once it has one is
blank in that frame and comes a frame later (the initiative and the timeline did, when the
screen stopped drawing everything again at each Resize: issue 28).

The program runs in tmux (a real terminal, 120x40: the timeline beside the log) under a small
wrapper that keeps, from Textual's driver, the first write holding the name.
"""

from __future__ import annotations

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

WRAPPER = r'''
import os, re, runpy, sys
from textual.drivers import linux_driver

NAME, OUT = os.environ["GM_FIRST_NAME"], os.environ["GM_FIRST_OUT"]
write = linux_driver.LinuxDriver.write

def first(self, data):
    if NAME in data and not os.path.exists(OUT):
        with open(OUT + ".part", "w", encoding="utf-8") as f:
            f.write(re.sub(r"\x1b\[[0-9;?<>=]*[A-Za-z]", "", data))  # the text, not its colours
        os.replace(OUT + ".part", OUT)
    return write(self, data)

linux_driver.LinuxDriver.write = first
sys.argv = ["gm_console", *sys.argv[1:]]
runpy.run_module("gm_console", run_name="__main__", alter_sys=True)
'''


def test_the_first_frame_written_holds_every_pane(tmp_path):
    save = copy_example(tmp_path, "pathfinder1e")
    out = tmp_path / "first-frame.txt"
    env = {"GM_CONSOLE_DATA_DIR": str(tmp_path / "data"), "GM_CONSOLE_CONFIG_DIR": str(tmp_path / "config"),
           "GM_CONSOLE_CACHE_DIR": str(tmp_path / "cache"), "LANG": "C.UTF-8", "TERM": "xterm-256color",
           "PYTHONPATH": str(ROOT), "GM_FIRST_NAME": "Goblin 1", "GM_FIRST_OUT": str(out)}
    # COLUMNS and LINES (which pytest's run of Textual leaves set) would make the first frame 80x24
    command = ("exec env -u COLUMNS -u LINES " + " ".join(f"{k}={shlex.quote(v)}" for k, v in env.items()) + " "
               + shlex.join([sys.executable, "-c", WRAPPER, "--lang", "en", str(save)]))
    socket = f"gm-first-{os.getpid()}"
    subprocess.run([TMUX, "-L", socket, "-f", os.devnull, "new-session", "-d", "-s", "gm", "-x", "120", "-y", "40",
                    "-c", str(ROOT), command], check=True)
    try:
        deadline = time.monotonic() + 30
        while not out.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        frame = out.read_text(encoding="utf-8")
    finally:
        subprocess.run([TMUX, "-L", socket, "kill-server"], capture_output=True)
    for shown in ("Goblin ambush on the Lost Coast road",  # the head
                  "Initiative", "Valeros", "Warchanter",  # the initiative and its rows
                  "Sheet", "Status",  # the sheet of whose turn it is
                  "Conditions by round", "Entangled",  # the timeline and a bar's row
                  "Log", "Round 2",  # the log
                  "Find"):  # the footer's last key
        assert shown in frame, f"{shown!r} is not in the first frame written:\n{frame}"
