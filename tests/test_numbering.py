"""Numbering (issue 16): a removed creature's name and id are never handed out again, so two
creatures never share a history in the log; undo and reopening give the same numbers."""

import json

import pytest

from conftest import Table
from gm_console import plugins
from gm_console.engine.core.errors import CommandError
from gm_console.engine.language.session import Session


def names(t: Table) -> list[str]:
    return [c.name for c in t.state.combatants.values()]


def goblins_minus_two() -> Table:
    t = Table("generic")
    t.do("add Goblin x2 hp=7", 'remove "Goblin 2"')
    return t


def test_after_goblin_2_is_removed_the_next_goblin_is_goblin_3_with_a_new_id():
    t = goblins_minus_two()
    t.do("add Goblin x1 hp=7")
    assert names(t) == ["Goblin 1", "Goblin 3"]
    assert t.c("Goblin 3").id == "goblin-3"


def test_the_removed_goblins_log_is_its_own():
    t = goblins_minus_two()
    t.do("add Goblin x1 hp=7", 'dmg "Goblin 3" 2')
    ids = {e.id for entry in t.session.done for e in entry.events if e.kind in ("CombatantAdded", "CombatantRemoved")}
    assert ids == {"goblin-1", "goblin-2", "goblin-3"}


def test_a_name_typed_again_by_hand_gets_a_new_id():
    t = Table("generic")
    t.do("add Kyra pc hp=20", "remove Kyra", "add Kyra pc hp=20")
    assert names(t) == ["Kyra"] and t.c("Kyra").id == "kyra-2"


def test_numbering_follows_the_highest_number_ever_given_accent_and_case_blind():
    t = Table("generic")
    t.do('add "Dragón 4" hp=50', 'remove "Dragón 4"', "add dragon x2 hp=50")
    assert names(t) == ["dragon 5", "dragon 6"]


def test_a_renamed_number_counts_too():
    t = Table("generic")
    t.do("add Goblin x1 hp=7", 'set "Goblin 1" name="Goblin 7"', "add Goblin x1 hp=7")
    assert names(t) == ["Goblin 7", "Goblin 8"]


def test_undo_restores_the_numbering_exactly():
    t = goblins_minus_two()
    t.do("undo", "undo")  # the remove, then the add: nothing was ever there
    assert t.state == Session(plugins.load("generic")).state
    t.do("add Goblin x1 hp=7")
    assert names(t) == ["Goblin 1"] and t.c("Goblin 1").id == "goblin-1"


def test_undo_of_the_remove_brings_goblin_2_back_and_the_next_is_goblin_3():
    t = goblins_minus_two()
    t.do("add Goblin x1 hp=7", "undo", "undo")
    assert names(t) == ["Goblin 1", "Goblin 2"]
    t.do("add Goblin x1 hp=7")
    assert names(t) == ["Goblin 1", "Goblin 2", "Goblin 3"]


def test_a_reopened_save_numbers_as_the_session_that_wrote_it():
    t = goblins_minus_two()
    records = json.loads(json.dumps(t.session.journal))
    reopened = Session.from_journal(plugins.load("generic"), None, records)
    assert reopened.state == t.state
    reopened.execute("add Goblin x1 hp=7")
    assert [c.name for c in reopened.state.combatants.values()] == ["Goblin 1", "Goblin 3"]
    assert "goblin-3" in reopened.state.combatants


def test_a_crowd_is_numbered_in_order_and_found_by_name():
    t = Table("generic")
    for _ in range(30):
        t.do("add Orc x100 hp=9")
    assert t.c("Orc 3000").id == "orc-3000"
    t.do('dmg "Orc 2999" 4')
    assert t.hp("Orc 2999") == 5
    t.do("undo")
    assert t.hp("Orc 2999") == 9


# --- issue 24: one more of a numbered creature, and names in the table's language --------------


def test_one_more_goblin_after_two_is_goblin_3_and_no_one_is_renamed():
    from gm_console.storage.bestiary_files import lazy

    t = Table("pathfinder1e", bestiary=lazy(plugins.load("pathfinder1e")))
    t.do("add @goblin x2", "add @goblin")
    assert names(t) == ["Goblin 1", "Goblin 2", "Goblin 3"]
    t.do("add Orc hp=9")
    with pytest.raises(CommandError, match="already a combatant named 'Orc'"):
        t.do("add Orc hp=9")  # an unnumbered name is still refused a twin, not numbered


def test_a_creature_found_by_its_spanish_name_is_named_in_the_tables_language(tmp_path, capsys):
    from gm_console import cli
    from gm_console.storage import Encounter

    plan = tmp_path / "plan.toml"
    plan.write_text('ruleset = "pathfinder1e"\n\n[[combatant]]\nfrom = "trasgo"\ncount = 3\n', encoding="utf-8")
    assert cli.main(["--lang", "en", "show", str(plan)]) == 0
    assert "Goblin 1" in capsys.readouterr().out
    assert cli.main(["--lang", "en", "exec", str(plan), "-q", "--", "add @ogro"]) == 0
    enc = Encounter.open(plan, read_only=True)
    assert names_of(enc) == ["Goblin 1", "Goblin 2", "Goblin 3", "Ogre"]
    fight = tmp_path / "f.toml"
    assert cli.main(["--lang", "es", "exec", str(fight), "--new", "pathfinder1e", "-q", "--", "add @goblin x2"]) == 0
    assert names_of(Encounter.open(fight, read_only=True)) == ["Trasgo 1", "Trasgo 2"]


def names_of(enc) -> list[str]:
    return [c.name for c in enc.state.combatants.values()]
