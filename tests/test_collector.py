"""The garbage collector waits while the TUI starts, and is always back after it
(gm_console/collector.py): a collector left off would let a long evening's cycles pile up."""

from __future__ import annotations

import gc
import subprocess
import sys

import gm_console.tui.app as tui_app
from gm_console import cli


def test_the_collector_waits_for_the_first_frame_and_then_runs(tmp_path, monkeypatch):
    seen = {}

    def fake_run(path, first_frame=None, **kwargs):
        seen["starting"] = gc.isenabled()
        first_frame()
        seen["after first frame"] = gc.isenabled()
        return 0

    monkeypatch.setattr(tui_app, "run", fake_run)
    assert gc.isenabled()
    assert cli.main(["new", str(tmp_path / "a.toml"), "--ruleset", "generic", "--no-open"]) == 0
    assert cli.main([str(tmp_path / "a.toml")]) == 0
    assert seen == {"starting": False, "after first frame": True}
    assert gc.isenabled()
    gc.unfreeze()


def test_the_collector_is_back_when_the_tui_fails_to_start(tmp_path, monkeypatch):
    def broken_run(path, first_frame=None, **kwargs):
        raise RuntimeError("no terminal")

    monkeypatch.setattr(tui_app, "run", broken_run)
    assert cli.main(["new", str(tmp_path / "a.toml"), "--ruleset", "generic", "--no-open"]) == 0
    try:
        cli.main([str(tmp_path / "a.toml")])
    except RuntimeError:
        pass
    assert gc.isenabled()


def test_importing_the_command_line_leaves_the_collector_on():
    code = "import gc, gm_console.cli; print(gc.isenabled())"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "True"
