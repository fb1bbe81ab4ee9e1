"""Dragon Age's initiative line shows the Dex it adds (issue 24): "3d6 (1, 5, 1) + 1 = 8", and
that total is the count the order uses (docs/rulesets/dragon_age.md §2.2.1: 3d6 + Dex)."""

from __future__ import annotations

import json

from gm_console.cli import main


def test_the_initiative_line_adds_dex_and_its_total_is_the_count(tmp_path, capsys):
    path = tmp_path / "da.toml"
    assert main(["exec", str(path), "--new", "dragon_age", "--rolls", "1,5,1,6,6,6", "--",
                 "add Alistair pc health=30 dex=1", "add Sera pc health=30 dex=-1", "roll"]) == 0
    out = capsys.readouterr().out
    assert "initiative of Alistair: 3d6 (1, 5, 1) + 1 = 8" in out
    assert "initiative of Sera: 3d6 (6, 6, 6) - 1 = 17" in out
    assert main(["show", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {c["name"]: c["initiative"] for c in data["combatants"]} == {"Alistair": 8, "Sera": 17}
    assert data["order"] == ["sera", "alistair"]


def test_the_initiative_focus_shows_in_the_sum(tmp_path, capsys):
    path = tmp_path / "da.toml"
    assert main(["exec", str(path), "--new", "dragon_age", "--rolls", "2,3,4", "--",
                 "add Leliana pc health=30 dex=3 focus=initiative", "roll"]) == 0
    assert "3d6 (2, 3, 4) + 5 = 14" in capsys.readouterr().out  # Dex 3, +2 for the focus
