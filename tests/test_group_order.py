"""The initiative order a GM sees with groups and ties (issue 24): a group is one place in the
roll-off and in the order, `init` on one member moves the whole group by its count, a long tie
saves and reopens.

Driven as the GM drives it: `gm-console exec` on a save file (then `show --json` / `log`), or
the ``Table`` helper for the turn-by-turn properties.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from conftest import Table
from hypothesis import given, settings
from hypothesis import strategies as st

from gm_console.cli import main
from gm_console.engine import groups
from gm_console.storage import Encounter


def gm(path: Path, *lines: str, rolls: str | None = None, ruleset: str | None = None) -> None:
    argv = ["exec", str(path)]
    if ruleset and not path.exists():
        argv += ["--new", ruleset]
    if rolls:
        argv += ["--rolls", rolls]
    assert main([*argv, "-q", "--", *lines]) == 0


def shown(path: Path, capsys) -> dict:
    capsys.readouterr()
    assert main(["show", str(path), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def log_lines(path: Path, capsys, *extra: str) -> list[str]:
    capsys.readouterr()
    assert main(["log", str(path), *extra]) == 0
    return capsys.readouterr().out.splitlines()


def order_of(data: dict) -> list[str]:
    return list(data["order"])


# -- a long tie saves and reopens (pathfinder1e.md §1.1 ties) ---------------------------------------------


@settings(max_examples=12, deadline=None)
@given(st.integers(2, 12).flatmap(lambda n: st.permutations(range(1, n + 1))))
def test_a_tie_of_any_size_saves_and_reopens(dice):
    """pathfinder1e.md#11-initiative: ties at the same count and modifier are rolled off. A tie of six
    or more once made a save that would not reopen ("nested deeper than 16")."""
    n = len(dice)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "tie.toml"
        inits = [f'init "Goblin {i}" 12' for i in range(1, n + 1)]
        gm(path, f"add Goblin x{n} hp=6", *inits, "start", rolls=",".join(map(str, dice)), ruleset="pathfinder1e")
        # the highest roll-off acts first, and so on down
        expected = [f"goblin-{i + 1}" for i in sorted(range(n), key=lambda i: -dice[i])]
        again = Encounter.open(path, read_only=True)
        assert again.state.order == expected
        again.close()


def test_a_long_tie_reads_whole_for_gm_and_players(tmp_path, capsys):
    path = tmp_path / "tie.toml"
    inits = [f'init "Goblin {i}" 12' for i in range(1, 9)]
    gm(path, "add Goblin x8 hp=6", *inits, "start", rolls="8,7,6,5,4,3,2,1", ruleset="pathfinder1e")
    line = next(x for x in log_lines(path, capsys) if "roll-off Goblin 1" in x)
    assert "Goblin 1 rolls 8, Goblin 2 rolls 7" in line and "Goblin 8 rolls 1" in line
    spanish = next(x for x in log_lines(path, capsys, "--lang", "es") if "Goblin 8" in x and "Goblin 1" in x)
    assert "Goblin 8" in spanish and "rolls" not in spanish  # each result in the reader's language
