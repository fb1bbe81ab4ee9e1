"""Saves: round trip, undo across reopen, atomic and O(1) writes, bad files never overwritten."""

import os
import tomllib

import pytest

from gm_console.engine.core.errors import CommandError
from gm_console.storage import Encounter, SaveError
from gm_console.storage.codec import decode


@pytest.fixture
def enc(tmp_path):
    e = Encounter.create(tmp_path / "fight.toml", "generic")
    e.execute("add Goblin x2 hp=7 init=1")
    e.execute("add Kyra pc hp=20")
    e.execute("init Kyra 15")
    e.execute("init \"Goblin 1\" 12")
    e.execute("init \"Goblin 2\" 9")
    e.execute("start")
    e.execute("dmg Kyra 5")
    e.execute("cond Kyra shaken 2")
    return e


def test_reopen_shows_the_same_state(enc):
    again = Encounter.open(enc.path)
    assert again.state == enc.state
    assert again.state.active == "kyra" and again.state.round == 1


def test_undo_works_on_what_was_done_before_the_file_was_closed(enc):
    again = Encounter.open(enc.path)
    again.execute("undo")
    assert not again.state.get("kyra").has("shaken")
    third = Encounter.open(enc.path)
    assert not third.state.get("kyra").has("shaken")
    third.execute("redo")
    assert Encounter.open(enc.path).state.get("kyra").has("shaken")


def test_every_action_appends_exactly_one_line(enc):
    before = enc.path.read_text().count("\n")
    enc.execute("next")
    assert enc.path.read_text().count("\n") == before + 1


def test_the_file_is_toml_through_and_through(enc):
    """Any TOML reader sees the actions and their events as tables, no second parser."""
    data = tomllib.loads(enc.path.read_text(encoding="utf-8"))
    assert data["format"] == 2 and data["ruleset"] == "generic"
    first = data["log"]["1"]
    assert first["do"] == "add Goblin x2 hp=7 init=1" and first["r"] == 0
    assert [e["t"] for e in first["ev"]] == ["CombatantAdded", "CombatantAdded"]
    assert first["ev"][0]["name"] == "Goblin 1" and len(first["ck"]) == 8
    lines = enc.path.read_text(encoding="utf-8").split("\n")
    assert lines[lines.index("[log]") + 1].startswith('1 = {r = 0, do = "add Goblin x2 hp=7 init=1", ev = [{t = ')
    doc = decode(enc.path.read_text())
    assert doc.format == 2 and doc.records[0]["do"] == "add Goblin x2 hp=7 init=1"


def test_a_failed_command_leaves_the_file_untouched(enc):
    """A typo is refused in one line naming what was wrong and who is there; nothing is written."""
    before, state = enc.path.read_bytes(), enc.state.copy()
    with pytest.raises(CommandError) as refused:
        enc.execute("dmg nobody 5")
    assert str(refused.value) == "no combatant 'nobody'; combatants: Goblin 1, Goblin 2, Kyra"
    assert enc.path.read_bytes() == before and enc.state == state
    assert enc.execute("undo") and not enc.state.get("kyra").has("shaken")  # the refusal is not undone


def test_unparseable_save_names_file_and_line_and_is_not_overwritten(tmp_path):
    p = tmp_path / "broken.toml"
    p.write_text('format = 1\nruleset = "generic"\n[log]\n1 = \'{"r":0,"do":"x"\n2 = oops\n')
    before = p.read_bytes()
    with pytest.raises(SaveError) as exc:
        Encounter.open(p)
    assert "broken.toml" in str(exc.value) and "line" in str(exc.value)
    assert p.read_bytes() == before
    with pytest.raises(SaveError):
        Encounter.create(p, "generic")
    assert p.read_bytes() == before


def test_log_that_does_not_replay_is_reported(tmp_path):
    p = tmp_path / "bad.toml"
    p.write_text('format = 1\nruleset = "generic"\n[log]\n1 = \'{"r":0,"do":"x","ev":[{"t":"Nope"}]}\'\n')
    with pytest.raises(SaveError, match="unknown event type"):
        Encounter.open(p)


def test_unknown_ruleset_lists_installed(tmp_path):
    with pytest.raises(SaveError, match="installed: .*generic"):
        Encounter.create(tmp_path / "x.toml", "chess")


def test_newer_format_is_refused(tmp_path):
    p = tmp_path / "future.toml"
    p.write_text('format = 99\nruleset = "generic"\n')
    with pytest.raises(SaveError, match="newer"):
        Encounter.open(p)


def test_torn_last_line_is_dropped_and_cut_before_the_next_append(enc):
    enc.close()
    with open(enc.path, "ab") as fh:
        fh.write(b'9 = {r = 1, do = "next", ev = [{t = "TurnEnded"')  # a crash mid-write
    again = Encounter.open(enc.path)
    assert again.warning and again.state == enc.state
    again.execute("next")
    third = Encounter.open(enc.path)
    assert third.warning is None and third.state == again.state


def test_two_programs_do_not_interleave_histories(enc):
    other = Encounter.open(enc.path)
    other.execute("next")
    with pytest.raises(SaveError, match="another program"):
        enc.execute("next")


def test_atomic_rewrite_leaves_no_temp_files(tmp_path):
    e = Encounter.create(tmp_path / "a.toml", "generic")
    e.execute("add X hp=1")
    assert sorted(os.listdir(tmp_path)) == [".a.toml.lock", "a.toml"]  # the lock, while it is open
    e.close()
    assert sorted(os.listdir(tmp_path)) == ["a.toml"]


def test_example_copy_keeps_history(enc, tmp_path):
    copy = enc.save_as_copy(tmp_path / "copy.toml")
    assert copy.state == enc.state
    copy.execute("undo")
    assert Encounter.open(enc.path).state.get("kyra").has("shaken")


def test_new_saves_get_ordinary_permissions_and_rewrites_keep_them(tmp_path):
    e = Encounter.create(tmp_path / "p.toml", "generic")
    mode = e.path.stat().st_mode & 0o777
    umask = os.umask(0)
    os.umask(umask)
    assert mode == 0o666 & ~umask
    os.chmod(e.path, 0o640)
    copy = e.save_as_copy(tmp_path / "q.toml")
    assert copy.path.stat().st_mode & 0o777 == 0o666 & ~umask


def test_an_action_that_cannot_be_saved_is_taken_back(enc):
    """Two programs on one file: the refused action does not linger on screen unsaved."""
    other = Encounter.open(enc.path)
    other.execute("next")
    before = enc.state.copy()
    with pytest.raises(SaveError):
        enc.execute("dmg Kyra 3")
    assert enc.state == before
    assert enc.session.journal == []
    with pytest.raises(SaveError):
        enc.execute("undo")
    assert enc.state == before
