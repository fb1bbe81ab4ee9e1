"""A second creature of a name already at the table (issue 24): `add @goblin` beside an
unnumbered "Goblin" numbers both, as a GM would write them on the battle map: the one there
becomes "Goblin 1" (a rename the log shows), the newcomer "Goblin 2". The same for `add Goblin
x2`; a name typed by hand once more is refused with the way to number both (docs/sheets.md)."""

from __future__ import annotations

import pytest

from conftest import Table as Base
from gm_console import plugins
from gm_console.cli import main
from gm_console.engine.core.errors import CommandError
from gm_console.storage import bestiary_files as bestiary_file


def Table(game: str = "pathfinder1e", lang: str | None = None) -> Base:  # noqa: N802
    bestiary, problems = bestiary_file.load(plugins.load(game))
    assert problems == []
    t = Base(game, bestiary=bestiary)
    t.session.lang = lang
    return t


def names(t: Base) -> list[str]:
    return [c.name for c in t.state.combatants.values()]


def run(*args) -> int:
    return main(list(map(str, args)))


def test_add_from_the_bestiary_beside_an_unnumbered_goblin_numbers_both():
    t = Table()
    t.do("add @goblin", "dmg Goblin 3", "add @goblin")
    assert names(t) == ["Goblin 1", "Goblin 2"]
    assert t.hp("Goblin 1") == 3 and t.hp("Goblin 2") == 6  # the hurt one kept its wounds, and its id
    assert t.c("Goblin 1").id == "goblin"
    t.do("add @goblin")
    assert names(t) == ["Goblin 1", "Goblin 2", "Goblin 3"]


def test_a_count_beside_an_unnumbered_name_numbers_it_first():
    t = Table("generic")
    t.do("add Orc hp=15", "add orc x2 hp=15")
    assert names(t) == ["Orc 1", "Orc 2", "Orc 3"]  # the newcomers spelled as the one there


def test_a_name_typed_again_by_hand_is_refused_with_the_way_to_number_both():
    t = Table("generic")
    t.do("add Orc hp=15")
    before = t.state.copy()
    with pytest.raises(CommandError) as err:
        t.do("add Orc hp=15")
    assert "already a combatant named 'Orc'" in str(err.value)
    assert "`add Orc x1` to number both (Orc 1, Orc 2)" in str(err.value)
    assert t.state == before
    t.do("add Orc x1 hp=15")
    assert names(t) == ["Orc 1", "Orc 2"]


def test_a_pc_of_that_name_is_never_renamed():
    t = Table()
    t.do("add Goblin pc hp=10")
    with pytest.raises(CommandError, match="already a combatant named 'Goblin'"):
        t.do("add @goblin")
    assert names(t) == ["Goblin"]


def test_undo_gives_the_goblin_its_name_back_and_the_numbers_start_again():
    t = Table()
    t.do("add @goblin", "add @goblin", "undo")
    assert names(t) == ["Goblin"]
    t.do("add @goblin x2")
    assert names(t) == ["Goblin 1", "Goblin 2", "Goblin 3"]


def test_spanish_table_the_rename_reads_in_spanish():
    t = Table(lang="es")
    t.do("add @trasgo", "add @goblin")
    assert names(t) == ["Trasgo 1", "Trasgo 2"]
    from gm_console.engine.views.describe import describe_events
    lines = [text for entry in t.session.done for _e, text in describe_events(entry.events, t.state, t.session.ruleset, "es")]
    assert "Trasgo pasa a llamarse Trasgo 1" in lines


def test_the_log_reads_right_before_and_after_the_rename_for_the_gm_and_the_players(tmp_path, capsys):
    """Through the CLI: the damage dealt before the rename names the goblin the GM now calls
    Goblin 1; the rename is a line of its own, the players read it too (names, no numbers),
    and a hidden goblin's rename is not theirs to read."""
    fight = tmp_path / "f.toml"
    assert run("exec", fight, "--new", "pathfinder1e", "--", "add @goblin", "dmg Goblin 3", "add @goblin") == 0
    capsys.readouterr()
    assert run("log", fight) == 0
    gm = capsys.readouterr().out
    assert "Goblin 1 takes 3 damage: HP 6 -> 3" in gm
    assert gm.index("Goblin 1 takes 3 damage") < gm.index("Goblin is now Goblin 1") < gm.index("Goblin 2 joins")
    assert run("log", fight, "--players") == 0
    players = capsys.readouterr().out
    assert "Goblin is now Goblin 1" in players and "HP" not in players
    hidden = tmp_path / "h.toml"
    assert run("exec", hidden, "--new", "pathfinder1e", "--", "add Kyra pc hp=20", "add @goblin hidden",
               "add @goblin") == 0
    capsys.readouterr()
    assert run("log", hidden, "--players") == 0
    players = capsys.readouterr().out
    assert "Goblin 2 joins" in players and "Goblin is now" not in players and "Goblin 1" not in players


def test_set_name_logs_the_old_name_too():
    t = Table("generic")
    t.do("add Orc hp=15", 'set Orc name="Grash"')
    from gm_console.engine.views.describe import describe_events
    assert [text for _e, text in describe_events(t.session.done[-1].events, t.state)] == ["Orc is now Grash"]
