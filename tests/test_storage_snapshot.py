"""Snapshots (storage/snapshot.py): a long fight reopens from its snapshot, and is then
exactly what replaying its log gives: same state, same undo and redo, same warnings; at the
least doubt (an edited byte, other code, a damaged tail, a foreign cache file) the save is
read the long way, with its usual errors. The cache is never the truth: deleting it, or it
being unwritable, changes nothing the GM sees."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import builtin_rulesets
from gm_console import plugins
from gm_console.storage import Encounter, SaveError
from gm_console.storage import bestiary as bestiary_file
from gm_console.storage import snapshot

FEW = 6  # actions from which a save keeps a snapshot, in these tests


@pytest.fixture(autouse=True)
def few(monkeypatch):
    monkeypatch.setattr(snapshot, "FROM", FEW)


def fight(path, actions: int = 10) -> None:
    with Encounter.create(path, "pathfinder1e") as enc:
        enc.execute("add Valeros pc hp=30")
        enc.execute("add Goblin x2 hp=6")
        enc.execute("roll")
        enc.execute("start")
        for i in range(actions - 4):
            enc.execute(["dmg Valeros 1", 'cond "Goblin 1" shaken', "next", "heal Valeros 1"][i % 4])


def long_way(path) -> Encounter:
    """The same save read without its snapshot."""
    snapshot.forget(path)
    return Encounter.open(path, read_only=True)


def same(a: Encounter, b: Encounter) -> None:
    assert a.state == b.state
    assert a.session.done == b.session.done
    assert a.session.undone == b.session.undone
    assert a.session._next_n == b.session._next_n
    assert a.doc.name == b.doc.name and a.doc.options == b.doc.options


def test_a_long_fight_reopens_from_its_snapshot_as_its_log_replays(tmp_path):
    p = tmp_path / "fight.toml"
    fight(p)
    assert snapshot.file_for(p).exists()
    quick = Encounter.open(p, read_only=True)
    assert quick.replayed == 0  # nothing replayed: the snapshot held it all
    assert quick.state.round >= 1 and quick.state.combatants["valeros"].pools["hp"].value == 29
    slow = long_way(p)
    assert slow.replayed == 10
    same(quick, slow)


def test_a_short_fight_keeps_no_snapshot(tmp_path):
    p = tmp_path / "short.toml"
    fight(p, FEW - 1)
    assert not snapshot.file_for(p).exists()


def test_actions_after_the_snapshot_are_replayed_from_the_file(tmp_path):
    p = tmp_path / "fight.toml"
    fight(p)
    before = snapshot.file_for(p).read_bytes()
    enc = Encounter.open(p)
    enc.execute("dmg Valeros 5")
    enc.execute("undo")
    enc.execute("undo")  # takes back an action the snapshot holds
    enc.execute("note after")
    enc.lock.release()  # no close: the program was killed, the snapshot is the old one
    assert snapshot.file_for(p).read_bytes() == before
    quick = Encounter.open(p, read_only=True)
    assert quick.replayed == 4
    same(quick, long_way(p))
    assert quick.session.done[-1].line == "note after"


def test_undo_goes_back_past_the_snapshot_and_redo_returns(tmp_path):
    p = tmp_path / "fight.toml"
    fight(p, 14)
    with Encounter.open(p) as enc:
        assert enc.replayed == 0
        for _ in range(12):
            enc.execute("undo")
        enc.execute("redo")
        hp = enc.state.combatants["valeros"].pools["hp"].value
    reopened = Encounter.open(p, read_only=True)
    assert reopened.state.combatants["valeros"].pools["hp"].value == hp
    same(reopened, long_way(p))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(["dmg Valeros 1", "heal Valeros 2", "next", "undo", "redo", 'cond "Goblin 2" sickened',
                                 "note x"]), min_size=1, max_size=30),
       st.integers(min_value=0, max_value=30))
def test_any_history_split_anywhere_reopens_as_the_long_way(tmp_path_factory, lines, cut):
    """Property: whatever the GM did, wherever the last snapshot was taken, reopening gives
    what replaying the whole log gives."""
    p = tmp_path_factory.mktemp("split") / "fight.toml"
    fight(p)
    enc = Encounter.open(p)
    for i, line in enumerate(lines):
        if i == cut:
            enc.keep_snapshot()
        try:
            enc.execute(line)
        except Exception:  # nothing to undo or redo: refused, nothing saved
            pass
    enc.lock.release()  # killed: no snapshot at close
    same(Encounter.open(p, read_only=True), long_way(p))


def test_an_edited_byte_before_the_snapshot_point_means_the_long_way(tmp_path):
    p = tmp_path / "fight.toml"
    fight(p)
    text = p.read_text(encoding="utf-8").replace('name = "fight"', 'name = "brawl"')  # as many bytes
    p.write_text(text, encoding="utf-8")
    enc = Encounter.open(p, read_only=True)
    assert enc.replayed == 10 and enc.doc.name == "brawl"


def test_a_damaged_line_after_the_snapshot_is_the_usual_error(tmp_path):
    p = tmp_path / "fight.toml"
    fight(p)
    with Encounter.open(p) as enc:
        enc.execute("note one")
        enc.lock.release()
        enc.lock = None
    raw = p.read_bytes()
    p.write_bytes(raw.replace(b'"note one"', b'"note two"'))
    with pytest.raises(SaveError, match=r"line \d+: .*record 11"):
        Encounter.open(p)
    assert p.read_bytes() == raw.replace(b'"note one"', b'"note two"')  # never written over


def test_a_torn_last_line_after_the_snapshot_is_dropped_with_the_usual_warning(tmp_path):
    p = tmp_path / "fight.toml"
    fight(p)
    with open(p, "ab") as fh:
        fh.write(b'11 = {r = 1, do = "dmg Val')
    enc = Encounter.open(p, read_only=True)
    assert "not completely written" in (enc.warning or "")
    same(enc, long_way(p))


def test_other_code_means_the_long_way(tmp_path, monkeypatch):
    p = tmp_path / "fight.toml"
    fight(p)
    monkeypatch.setattr("gm_console.storage.encounter._code_of", lambda doc: "another version")
    assert Encounter.open(p, read_only=True).replayed == 10


@pytest.mark.parametrize("damage", ["garbage", "not ours", "someone else's session"])
def test_a_bad_cache_file_is_not_used(tmp_path, damage):
    p = tmp_path / "fight.toml"
    fight(p)
    cache = snapshot.file_for(p)
    if damage == "garbage":
        cache.write_bytes(b"\x80\x05not a pickle at all")
    elif damage == "not ours":
        cache.chmod(0o666)  # anybody could have written it: never unpickled
    else:
        head, doc, session = [], None, None
        with open(cache, "rb") as f:
            head, doc, session = pickle.load(f), pickle.load(f), pickle.load(f)
        session["base"] = "not a state"
        cache.write_bytes(b"".join(pickle.dumps(x) for x in (head, doc, session)))
    enc = Encounter.open(p, read_only=True)
    assert enc.replayed == 10
    same(enc, long_way(p))


def test_an_unwritable_cache_changes_nothing(tmp_path, monkeypatch):
    blocked = tmp_path / "cache-is-a-file"
    blocked.write_text("")
    monkeypatch.setenv("GM_CONSOLE_CACHE_DIR", str(blocked))
    p = tmp_path / "fight.toml"
    fight(p)
    enc = Encounter.open(p)
    assert enc.replayed == 10 and enc.state.round >= 1 and not enc.warnings


def test_opening_for_reading_writes_the_snapshot_but_never_the_save(tmp_path):
    p = tmp_path / "fight.toml"
    fight(p)
    snapshot.forget(p)
    raw = p.read_bytes()
    assert Encounter.open(p, read_only=True).replayed == 10
    assert snapshot.file_for(p).exists() and p.read_bytes() == raw
    assert Encounter.open(p, read_only=True).replayed == 0


def test_a_snapshot_is_kept_only_for_what_the_file_holds(tmp_path):
    p = tmp_path / "fight.toml"
    fight(p)
    enc = Encounter.open(p)
    enc.execute("note unsaved", save=False)
    assert enc.keep_snapshot() is False  # the journal holds a line the file does not
    enc.session.rewind((list(enc.session.done[:-1]), [], 0, enc.session._next_n - 1))
    with open(p, "ab") as fh:  # another program appended behind its back
        fh.write(b"# a comment\n")
    assert enc.keep_snapshot() is False
    enc.lock.release()


def test_the_games_bestiaries_read_without_a_problem():
    """The game's own bestiary is read at the first look-up, after the encounter opened, so
    its problems would show nowhere: the files a game ships must have none."""
    for game in builtin_rulesets():
        assert bestiary_file.builtin_problems(plugins.load(game)) == ()
