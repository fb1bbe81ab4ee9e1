"""Snapshots (storage/snapshot.py): a long fight reopens from its snapshot, and is then
exactly what replaying its log gives: same state, same undo and redo, same warnings; at the
least doubt (an edited byte, other code, a damaged tail, a foreign cache file) the save is
read the long way, with its usual errors. The cache is never the truth: deleting it, or it
being unwritable, changes nothing the GM sees."""

from __future__ import annotations

import json
import os
import pickle

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import builtin_rulesets
from gm_console import plugins
from gm_console.storage import Encounter, SaveError
from gm_console.storage import bestiary_files as bestiary_file
from gm_console.storage import cachefolder, snapshot
from gm_console.engine.core import events as ev

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


def test_what_a_long_fight_repeats_is_held_once_when_it_reopens(tmp_path):
    """The same game named in every roll's purpose, a condition's empty tables: one object each
    (a 10,000-action fight: 0.4 MiB less), and still what the log replays to."""
    p = tmp_path / "fight.toml"
    fight(p, 16)
    quick = Encounter.open(p, read_only=True)
    assert quick.replayed == 0
    events = [e for entry in quick.session.done for e in entry.events]
    rolls = [e.why for e in events if isinstance(e, ev.Rolled) and e.why]
    conds = [e for e in events if isinstance(e, ev.ConditionAdded)]
    assert len(rolls) >= 3 and len(conds) >= 3
    assert len({id(why["d"]) for why in rolls}) == 1
    assert len({id(e.mods) for e in conds}) == len({id(e.mod_types) for e in conds}) == 1
    same(quick, long_way(p))


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


def resigned(cache, body: bytes) -> None:
    """The cache file with ``body`` and a valid keyed checksum: what only this user's own
    gm-console (holding the key) could have written."""
    key = (cache.parent / snapshot.KEY).read_bytes()
    cache.write_bytes(cachefolder.mac(key, body).encode() + b"\n" + body)


@pytest.mark.parametrize("damage", ["garbage", "open to others", "edited", "edited and re-signed with another key",
                                    "another shape, signed", "an unknown class, signed", "another user's"])
def test_a_bad_cache_file_is_not_used(tmp_path, damage):
    p = tmp_path / "fight.toml"
    fight(p)
    cache = snapshot.file_for(p)
    mac, body = cache.read_bytes().split(b"\n", 1)
    if damage == "garbage":
        cache.write_bytes(b"\x80\x05not a snapshot at all")
    elif damage == "open to others":
        cache.chmod(0o644)  # anybody could read it, so it is not what the folder promises
    elif damage == "edited":  # HP 29 shown as 99: the checksum no longer matches
        cache.write_bytes(mac + b"\n" + body.replace(b'"value":29', b'"value":99'))
    elif damage == "edited and re-signed with another key":
        body = body.replace(b'"value":29', b'"value":99')
        cache.write_bytes(cachefolder.mac(b"k" * 32, body).encode() + b"\n" + body)
    elif damage == "another shape, signed":
        resigned(cache, body.replace(b'"base":', b'"bass":'))
    elif damage == "an unknown class, signed":
        resigned(cache, body.replace(b'"~":"Pool"', b'"~":"Popen"', 1))
    else:
        os.chown(cache, 4242, 4242)
    enc = Encounter.open(p, read_only=True)
    assert enc.replayed == 10
    assert enc.state.combatants["valeros"].pools["hp"].value == 29
    same(enc, long_way(p))


class Boom:
    """What an attacker's pickle would do: leave a file behind when it is loaded."""

    def __init__(self, marker):
        self.marker = marker

    def __reduce__(self):
        return (os.system, (f"touch {self.marker}",))


@pytest.mark.parametrize("owner", ["the user's, 0600", "the user's, 0644"])
def test_a_pickle_in_the_cache_never_runs(tmp_path, owner):
    """Issue 23, 1: a cache file built to run a command when loaded, placed where the save's
    snapshot goes, owned by the user: the save opens the long way and the command never runs."""
    p = tmp_path / "fight.toml"
    fight(p)
    marker = tmp_path / "ran"
    cache = snapshot.file_for(p)
    cache.write_bytes(pickle.dumps(Boom(marker)))
    cache.chmod(0o600 if "0600" in owner else 0o644)
    assert Encounter.open(p, read_only=True).replayed == 10
    assert not marker.exists()
    legacy = cache.with_suffix(".pickle")  # the old format's name: never read, pruned at the next write
    legacy.write_bytes(pickle.dumps(Boom(marker)))
    with Encounter.open(p) as enc:
        enc.execute("note one more")
    assert not marker.exists() and not legacy.exists()


def test_no_link_is_followed(tmp_path):
    """A snapshot reached through a symbolic link (to a valid snapshot of ours, even) is not
    read, nor a snapshots folder that is a link."""
    p, q = tmp_path / "fight.toml", tmp_path / "copy.toml"
    fight(p)
    q.write_bytes(p.read_bytes())
    real = tmp_path / "elsewhere.snap"
    snapshot.file_for(p).rename(real)
    snapshot.file_for(p).symlink_to(real)
    assert Encounter.open(p, read_only=True).replayed == 10
    folder = snapshot.folder()
    folder.rename(tmp_path / "moved")
    folder.symlink_to(tmp_path / "moved")
    assert Encounter.open(q, read_only=True).replayed == 10
    assert Encounter.open(q, read_only=True).replayed == 10  # and nothing was written through it
    assert not any(x.name.startswith(snapshot.name_for(q)) for x in (tmp_path / "moved").iterdir())


def test_a_folder_open_to_others_is_closed_or_not_used(tmp_path, monkeypatch):
    p = tmp_path / "fight.toml"
    fight(p)
    folder = snapshot.folder()
    folder.chmod(0o777)
    assert Encounter.open(p, read_only=True).replayed == 0  # ours: closed (0700) and used
    assert folder.stat().st_mode & 0o777 == 0o700
    folder.chmod(0o777)
    monkeypatch.setattr(os, "fchmod", lambda fd, mode: None)  # a USB stick: chmod changes nothing
    assert Encounter.open(p, read_only=True).replayed == 10
    snapshot.forget(p)
    assert Encounter.open(p, read_only=True).replayed == 10
    assert not snapshot.file_for(p).exists()  # nor is one written there


def test_a_folder_of_somebody_else_is_not_used(tmp_path):
    p = tmp_path / "fight.toml"
    fight(p)
    if os.getuid() != 0:
        pytest.skip("making a folder another user's needs root")
    os.chown(snapshot.folder(), 4242, 4242)
    assert Encounter.open(p, read_only=True).replayed == 10


def test_a_key_open_to_others_signs_nothing(tmp_path):
    p = tmp_path / "fight.toml"
    fight(p)
    (snapshot.folder() / snapshot.KEY).chmod(0o644)
    assert Encounter.open(p, read_only=True).replayed == 10


def test_the_snapshot_is_text_data(tmp_path):
    """What the cache holds is readable JSON, no pickle: the README says so."""
    p = tmp_path / "fight.toml"
    fight(p)
    _mac, head, doc, body, *checkpoints = snapshot.file_for(p).read_bytes().split(b"\n")
    assert json.loads(head)["version"] == snapshot.VERSION
    assert json.loads(doc)["name"] == "fight"
    assert '"Valeros"' in body.decode("utf-8")
    assert checkpoints and all('"Valeros"' in json.dumps(json.loads(line)) for line in checkpoints[1:])
    assert oct(snapshot.file_for(p).stat().st_mode & 0o777) == "0o600"
    assert oct(snapshot.folder().stat().st_mode & 0o777) == "0o700"


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


_SCALARS = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8)
_KEYS = st.text(max_size=4) | st.sampled_from(["~", "~x", "t", "i"]) | st.integers(-5, 5) | st.tuples(st.integers(0, 3))
_VALUES = st.recursive(
    _SCALARS,
    lambda inner: (st.lists(inner, max_size=4) | st.lists(inner, max_size=4).map(tuple)
                   | st.dictionaries(_KEYS, inner, max_size=4) | st.frozensets(st.integers(0, 9), max_size=3)
                   | st.sets(st.text(max_size=3), max_size=3)),
    max_leaves=12)


def _typed(value):
    """A value with the type of every part spelled out: 1 == 1.0 == True, (1,) != [1]."""
    if isinstance(value, dict):
        return ("dict", sorted(((repr(_typed(k)), _typed(v)) for k, v in value.items()), key=lambda kv: kv[0]))
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, [_typed(v) for v in value])
    if isinstance(value, (set, frozenset)):
        return (type(value).__name__, sorted(repr(_typed(v)) for v in value))
    return (type(value).__name__, value)


@settings(max_examples=200, deadline=None)
@given(_VALUES)
def test_any_state_value_comes_back_exactly_as_it_was_kept(value):
    """Property: a value a game keeps in a mark (tuples, sets, keys that are not text, keys
    that look like the codec's own tag) comes back from the snapshot's JSON with every type."""
    from gm_console.storage import snapcodec

    back = snapcodec.decode(json.loads(json.dumps(snapcodec.encode(value))))
    assert _typed(back) == _typed(value)


def test_a_value_no_snapshot_can_hold_means_no_snapshot(tmp_path):
    """A plugin that keeps a function in a mark: the fight is saved and reopens the long way."""
    p = tmp_path / "fight.toml"
    fight(p)
    with Encounter.open(p) as enc:
        enc.state.marks["plugin"] = print  # what no save holds either; only a cache could try
        assert enc.keep_snapshot() is False
