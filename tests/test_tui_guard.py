"""A plugin's bug while the screen draws it: the pane draws without it and the traceback goes to
the log folder, once, never silently (issue 17: one guarded place instead of silent excepts)."""

from __future__ import annotations

from test_tui_support import DemoRuleset, DemoSheet

from conftest import Table
from gm_console.engine.core.contract import part
from gm_console.tui import guard
from gm_console.tui.frame import Frame
from gm_console.tui.widgets.sheet import sheet_text


class BrokenSheet(DemoSheet):
    def status(self, state, c, lang="en"):
        raise ZeroDivisionError("a status line divided by zero")


class Broken(DemoRuleset):
    id = "broken-demo"
    sheet = part(BrokenSheet)


def test_a_status_line_that_raises_is_left_out_and_logged(monkeypatch):
    monkeypatch.setattr(guard, "_seen", set())
    # the log opens once per process: one an earlier test opened writes to that test's folder
    monkeypatch.setattr(guard.LOG, "handlers", [])
    t = Table("generic")
    t.session.ruleset = Broken()
    t.do("add Kyra hp=10 stamina=5")
    frame = Frame(state=t.state, ruleset=Broken(), history=t.session.done, lang="en", selected="kyra", breakdown=False)
    text = sheet_text(frame).plain
    assert "Kyra" in text and "AC" in text  # the rest of the sheet is there
    log = guard.log_path().read_text(encoding="utf-8")
    assert "status lines failed: ZeroDivisionError: a status line divided by zero" in log
    assert "Traceback" in log
    sheet_text(frame)
    assert guard.log_path().read_text(encoding="utf-8").count("status lines failed") == 1  # once, not per redraw


def test_ask_returns_the_value_when_nothing_goes_wrong():
    assert guard.ask("x", lambda: [1, 2], []) == [1, 2]
