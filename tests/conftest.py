"""Shared test helpers: an encounter driven by command lines, like a GM would."""

from __future__ import annotations

from pathlib import Path

import os

import pytest
from hypothesis import settings

# CI runs the same examples every time (a red CI is about the change, not the draw) and
# keeps no example database; locally hypothesis explores, with its database outside the repo.
settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.register_profile("dev", database=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

from gm_console import plugins
from gm_console.engine.core.dice import Dice
from gm_console.engine.language.session import Session


class Table:
    """An encounter under test: ``t.do("dmg kyra 7")``; ``t.rolls(15, 3)`` queues natural dice."""

    def __init__(self, ruleset_id: str = "generic", options=None, bestiary=None) -> None:
        self.session = Session(plugins.load(ruleset_id), options, bestiary=bestiary)
        self.dice = Dice.from_rolls([], seed=1234)
        self.clock: float | None = None  # the wall clock the commands carry (None: untimed)

    def at(self, seconds: float) -> "Table":
        """The wall clock reads ``seconds`` for the next commands (the turns they start and end)."""
        self.clock = seconds
        return self

    def rolls(self, *values: int) -> "Table":
        self.dice.forced.extend(values)
        return self

    def do(self, *lines: str):
        entry = None
        for line in lines:
            entry = self.session.execute(line, self.dice, self.clock)
        return entry

    @property
    def state(self):
        return self.session.state

    def c(self, ref: str):
        from gm_console.engine.core.context import find_combatant

        return find_combatant(self.state, ref)

    def hp(self, ref: str, pool: str = "hp") -> int:
        return self.c(ref).pools[pool].value

    def said(self) -> list[str]:
        """Every log explanation so far (English)."""
        out = []
        for entry in self.session.done:
            for e in entry.events:
                if e.kind == "Said":
                    out.append(e.text())
        return out

    def turns(self, n: int) -> list[tuple[int, str]]:
        """``next`` n times: the round and who is up after each."""
        out = []
        for _ in range(n):
            self.do("next")
            out.append((self.state.round, self.active))
        return out

    @property
    def order(self) -> list[str]:
        return self.state.acting_order()

    @property
    def active(self):
        return self.state.active


SCRIPTS = Path(__file__).resolve().parent.parent / "saves" / "scripts"


def builtin_rulesets() -> list[str]:
    """The games this package installs, found as the product finds them (its own entry points
    in the ``gm_console.rulesets`` group, gm_console/plugins.py): a test "in every game" covers
    a new built-in game without naming it, and a third-party plugin in the venv is not ours to test."""
    return [info.id for info in plugins.available() if info.builtin]


def run_example_script(ruleset_id: str) -> Table:
    """Play saves/scripts/<ruleset>.txt line by line with the dice on its `# rolls:` line."""
    text = (SCRIPTS / f"{ruleset_id}.txt").read_text(encoding="utf-8")
    t = Table(ruleset_id)
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("# rolls:"):
            t.rolls(*(int(x) for x in line.split(":", 1)[1].replace(" ", "").split(",") if x))
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            t.do(line)
    return t


@pytest.fixture
def table():
    return Table


@pytest.fixture(autouse=True)
def _no_user_dirs(tmp_path, monkeypatch):
    """Tests never touch the real user data/config folders, and never depend on the user's
    language: our users run ``LANG=es_ES.UTF-8``, and a test that wants Spanish says so."""
    monkeypatch.setenv("GM_CONSOLE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("GM_CONSOLE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("GM_CONSOLE_LOG_DIR", str(tmp_path / "log"))
    monkeypatch.setenv("GM_CONSOLE_CACHE_DIR", str(tmp_path / "cache"))
    for var in ("GM_CONSOLE_LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
