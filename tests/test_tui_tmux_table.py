"""A round typed at machine speed into the real program (issue 10's "done means").

tmux runs this checkout's program on a Starfinder fight; every key of the round
goes in with one ``send-keys`` after the other, no sleep between them: select by
name (``/``), damage, a condition with rounds, next, accept the command a
warning offers (``y``, shown on its line), undo. The test waits on what the
screen shows, then checks the file with ``gm-console show --json`` and that the
program ended when told to.
"""

from __future__ import annotations

import json
import subprocess
import sys

from test_tui_tmux import ROOT, Terminal, _program, pytestmark  # noqa: F401 (skip without tmux)
from test_tui_support import make_encounter

FIGHT = ["add Kyra pc hp=10 sp=5 rp=3", "add Pirate x2 hp=12", "init Kyra 15", 'init "Pirate 1" 20',
         'init "Pirate 2" 8', "start"]


def show(path) -> dict:
    out = subprocess.run([sys.executable, "-m", "gm_console", "show", str(path), "--json"], capture_output=True,
                         text=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}, check=True)
    return json.loads(out.stdout)


def combatant(data: dict, name: str) -> dict:
    return next(c for c in data["combatants"] if c["name"] == name)


def test_a_round_at_machine_speed_in_tmux(tmp_path):
    enc = make_encounter(tmp_path, FIGHT, ruleset="starfinder", name="machine-speed")
    enc.close()
    term = Terminal(tmp_path, [*_program(), str(enc.path)], size=(100, 30))
    try:
        term.wait_for("Round 1", "Pirate 1's turn")
        # Pirate 1 hits Kyra; Pirate 2 takes 5 and is shaken for 2 rounds; next: Kyra's turn
        term.keys("/")
        term.type("kyr")
        term.keys("Enter", "d")
        term.type("15")
        term.keys("Enter", "/")
        term.type("pir2")
        term.keys("Enter", "d", "5", "Enter", "c")
        term.type("shak")
        term.keys("Tab", "2", "Enter", "n")
        screen = term.wait_for("Kyra's turn", "[y]", "spend kyra resolve stabilize")
        assert "Kyra is dying" in screen
        term.keys("y")  # accept what the warning offers
        term.wait_for("Kyra", "stable")
        term.keys("u")
        screen = term.wait_for("Undone: spend kyra resolve stabilize")
        assert "dying" in screen
        term.keys("q")
        assert term.wait_exit() == 0
    finally:
        term.close()
    data = show(enc.path)
    kyra, p2 = combatant(data, "Kyra"), combatant(data, "Pirate 2")
    assert kyra["life"] == "dying" and kyra["pools"]["rp"]["value"] == 3  # the spend was undone
    assert p2["pools"]["hp"]["value"] == 7
    assert [(c["id"], c["rounds"]) for c in p2["conditions"]] == [("shaken", 2)]
    assert data["active"] == "kyra" and data["round"] == 1
