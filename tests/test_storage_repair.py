"""The save's repair path (issue 23): what opening does with the end of a file a crash or a
hand edit left, and what it tells the GM.

- An `exec` batch whose last records are missing at the very end of the file (a crash, or the
  GM deleting its damaged last line as the error advised) is dropped whole, but its intact
  records are cut from the file only after a backup, and the warning names their command
  lines and the backup. A batch missing records before its end (a hand edit) is refused with
  its lines and commands; the file is left as it is.
- A tail of NUL bytes (what a file-system crash leaves) is a torn tail: dropped, with the
  warning; no whole record is lost.
- CRLF line ends: the file opens, and the warning says what was really done.
- A save this program writes is one it can open: an action that would take it past the
  size limit is refused before anything is written.
- After a snapshot, a batch cut by a crash reopens exactly as the full replay does.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from gm_console.cli import main
from gm_console.storage import Encounter, SaveError, snapshot, store

BATCH = [f"note {c}" for c in "abcdefg"]
FORMAT1 = Path(__file__).resolve().parent / "fixtures" / "format1"


def run(*args) -> int:
    return main([str(a) for a in args])


@pytest.fixture
def save(tmp_path):
    p = tmp_path / "s.toml"
    assert run("exec", p, "--new", "generic", "-q", "--", "add Kyra pc hp=20") == 0
    return p


def logged(path) -> list[str]:
    """The command lines of the [log] records in a file, as TOML reads them (no checks)."""
    log = tomllib.loads(path.read_text(encoding="utf-8"))["log"]
    return [rec.get("do", "undo" if "undo" in rec else "redo") for rec in log.values()]


def done(path) -> list[str]:
    """What the save replays to, opened without writing."""
    with Encounter.open(path, read_only=True) as enc:
        return [e.line for e in enc.session.done]


def lines_of(path) -> list[bytes]:
    return path.read_bytes().split(b"\n")


def write_lines(path, lines: list[bytes]) -> None:
    path.write_bytes(b"\n".join(lines))


def on_disk(folder, wanted: list[str]) -> int:
    """How many of ``wanted`` command lines some file in ``folder`` still holds as a record."""
    held = set()
    for f in folder.iterdir():
        if f.is_file() and ".toml" in f.name:
            try:
                held.update(logged(f))
            except tomllib.TOMLDecodeError:
                continue
    return sum(1 for w in wanted if w in held)


# -- item 2: following the error's advice never deletes intact actions ---------------------
def test_the_issue_story_deleting_the_damaged_last_line_of_a_batch_loses_no_intact_action(save, capsys):
    assert run("exec", save, "-q", "--", *BATCH) == 0
    lines = lines_of(save)
    assert b'"note g"' in lines[-2] and lines[-1] == b""
    lines[-2] = lines[-2].replace(b'"note g"', b'"note G"')  # damaged by hand
    write_lines(save, lines)
    capsys.readouterr()
    assert run("exec", save, "--", "note h") == 1
    assert "fix or delete that line" in capsys.readouterr().err
    del lines[-2]  # the GM follows the advice
    write_lines(save, lines)
    assert run("exec", save, "--", "note h") == 0
    err = capsys.readouterr().err
    backup = save.with_name("s.toml.before-repair.bak")
    # the batch is all or nothing, so it is not applied; but nothing intact is lost:
    assert done(save) == ["add Kyra pc hp=20", "note h"]
    assert logged(backup) == ["add Kyra pc hp=20", *BATCH[:6]]
    assert on_disk(save.parent, BATCH[:6]) == 6
    # and the GM is told which actions, and where they are kept
    assert "not completely written" in err and backup.name in err
    for line in BATCH[:6]:
        assert repr(line) in err
    assert err.count("\n") == 1  # one warning line
    # one more exec: nothing more is dropped, nothing more is said
    assert run("exec", save, "--", "note i") == 0
    assert "warning" not in capsys.readouterr().err
    assert done(save) == ["add Kyra pc hp=20", "note h", "note i"]
    assert on_disk(save.parent, BATCH[:6]) == 6


def test_a_short_last_batch_read_without_writing_changes_nothing(save, capsys):
    assert run("exec", save, "-q", "--", *BATCH) == 0
    write_lines(save, lines_of(save)[:-2] + [b""])  # its last line gone
    before = save.read_bytes()
    capsys.readouterr()
    assert run("show", save) == 0
    err = capsys.readouterr().err
    assert "not completely written" in err and "'note a'" in err and "'note f'" in err
    assert save.read_bytes() == before
    assert sorted(p.name for p in save.parent.iterdir() if p.is_file()) == ["s.toml"]


def test_a_batch_cut_by_a_crash_is_dropped_whole_and_kept_in_a_backup(save):
    before = save.read_bytes()
    assert run("exec", save, "-q", "--", "note a", "note b", "note c") == 0
    full = save.read_bytes()
    save.write_bytes(full[:len(full) - 30])  # the crash: two whole lines and part of the third
    with Encounter.open(save) as enc:
        assert "not completely written" in enc.warning and "'note a', 'note b'" in enc.warning
        assert "s.toml.before-repair.bak" in enc.warning
        assert [e.line for e in enc.session.done] == ["add Kyra pc hp=20"]
        assert save.read_bytes() == before  # cut at once, after the backup
        enc.execute("note d")
    assert done(save) == ["add Kyra pc hp=20", "note d"]
    assert save.with_name("s.toml.before-repair.bak").read_bytes() == full[:len(full) - 30]


def test_a_torn_line_alone_needs_no_backup(save, capsys):
    """Nothing intact is cut: the unfinished line goes at the next action, as before."""
    with open(save, "ab") as fh:
        fh.write(b'2 = {r = 0, do = "note lost", ev = [{t = "No')
    assert run("exec", save, "-q", "--", "note x") == 0
    assert "not completely written" in capsys.readouterr().err
    assert done(save) == ["add Kyra pc hp=20", "note x"]
    assert sorted(p.name for p in save.parent.iterdir() if p.is_file()) == ["s.toml"]


@pytest.mark.parametrize("gone", [-4, -3], ids=["a middle line", "its last line"])
def test_a_batch_missing_records_before_other_actions_is_refused_and_left_as_it_is(save, capsys, gone):
    """A crash only cuts the end of a file: a batch short in the middle is a hand edit.
    An exec counts all or nothing, so the GM is told which lines are left of it."""
    assert run("exec", save, "-q", "--", *BATCH[:4]) == 0
    assert run("exec", save, "-q", "--", "note later") == 0
    lines = lines_of(save)
    assert b'"note c"' in lines[-4] and b'"note d"' in lines[-3] and b'"note later"' in lines[-2]
    del lines[gone]
    write_lines(save, lines)
    before = save.read_bytes()
    capsys.readouterr()
    assert run("exec", save, "--", "note x") == 1
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "line " in err
    kept = [c for c in BATCH[:4] if c.encode() in before]
    assert len(kept) == 3
    for c in kept:
        assert repr(c) in err
    assert "put the missing line" in err and "delete" in err
    assert save.read_bytes() == before
    with pytest.raises(SaveError):
        Encounter.open(save, read_only=True)
    # doing as it says (deleting the rest of the batch) opens the file
    write_lines(save, [ln for ln in lines if not any(c.encode() in ln for c in kept)])
    assert run("exec", save, "-q", "--", "note x") == 0
    assert done(save) == ["add Kyra pc hp=20", "note later", "note x"]


def test_a_middle_line_deleted_from_the_last_batch_is_refused_too(save):
    """Not what a crash leaves (the records after the gap are there): a hand edit."""
    assert run("exec", save, "-q", "--", *BATCH) == 0
    lines = lines_of(save)
    del lines[-4]
    write_lines(save, lines)
    before = save.read_bytes()
    assert run("exec", save, "-q", "--", "note x") == 1
    assert save.read_bytes() == before


# -- item 5: a tail of NUL bytes, CRLF line ends ------------------------------------------
@pytest.mark.parametrize("tail", [
    b"\0" * 4096,
    b'2 = {r = 0, do = "note lo' + b"\0" * 300,
], ids=["zeros after the last line", "zeros after a torn line"])
def test_a_tail_of_zero_bytes_is_dropped_as_a_torn_tail(save, capsys, tail):
    before = save.read_bytes()
    save.write_bytes(before + tail)
    capsys.readouterr()
    assert run("exec", save, "--", "note x") == 0
    assert "not completely written" in capsys.readouterr().err
    assert done(save) == ["add Kyra pc hp=20", "note x"]
    assert save.read_bytes().startswith(before) and b"\0" not in save.read_bytes()


def test_zero_bytes_after_a_whole_record_without_its_newline_keep_the_record(save):
    assert run("exec", save, "-q", "--", "note kept") == 0
    whole = save.read_bytes()
    save.write_bytes(whole[:-1] + b"\0" * 100)  # the newline and what came after: zeros
    assert run("exec", save, "-q", "--", "note x") == 0
    assert done(save) == ["add Kyra pc hp=20", "note kept", "note x"]
    assert save.read_bytes().startswith(whole)


def test_zero_bytes_inside_a_batch_drop_the_batch_whole_with_a_backup(save, capsys):
    before = save.read_bytes()
    assert run("exec", save, "-q", "--", "note a", "note b", "note c") == 0
    full = save.read_bytes()
    third = full.rindex(b"\n", 0, len(full) - 1) + 1
    damaged = full[:third] + b"\0" * (len(full) - third)  # the last line's block never written
    save.write_bytes(damaged)
    capsys.readouterr()
    assert run("exec", save, "--", "note x") == 0
    err = capsys.readouterr().err
    assert "not completely written" in err and "'note a', 'note b'" in err
    assert done(save) == ["add Kyra pc hp=20", "note x"]
    assert save.read_bytes().startswith(before)
    assert save.with_name("s.toml.before-repair.bak").read_bytes() == damaged


def test_a_file_with_crlf_line_ends_is_rewritten_with_lf_and_says_so(save, capsys):
    assert run("exec", save, "-q", "--", "note a", "note b") == 0
    with open(save, "ab") as fh:
        fh.write(b"# a comment of the GM's\n")
    lf = save.read_bytes()
    crlf = lf.replace(b"\n", b"\r\n")  # saved by a Windows editor
    save.write_bytes(crlf)
    capsys.readouterr()
    assert run("show", save) == 0  # reading changes nothing
    assert save.read_bytes() == crlf
    capsys.readouterr()
    assert run("exec", save, "--", "note c") == 0
    err = capsys.readouterr().err
    assert "CRLF" in err and "s.toml.before-repair.bak" in err
    assert "was not the last table" not in err
    assert save.with_name("s.toml.before-repair.bak").read_bytes() == crlf
    assert save.read_bytes().startswith(lf)  # nothing else changed: the GM's comment too
    assert done(save) == ["add Kyra pc hp=20", "note a", "note b", "note c"]
    assert run("exec", save, "--", "note d") == 0
    assert "warning" not in capsys.readouterr().err


def test_crlf_and_a_table_after_log_says_both(save, capsys):
    with open(save, "ab") as fh:
        fh.write(b"\n[extra]\nx = 1\n")
    save.write_bytes(save.read_bytes().replace(b"\n", b"\r\n"))
    capsys.readouterr()
    assert run("exec", save, "--", "note c") == 0
    err = capsys.readouterr().err
    assert "CRLF" in err and "was not the last table" in err
    assert b"\r" not in save.read_bytes()
    assert done(save) == ["add Kyra pc hp=20", "note c"]


# -- item 4: a save the program writes is one it can open ----------------------------------
@pytest.fixture
def limit(monkeypatch):
    def set_to(n: int) -> None:
        monkeypatch.setattr(store, "LIMIT", n)
    return set_to


def growth(save, tmp_path, *commands) -> int:
    """How many bytes these commands add to the save (measured on a copy)."""
    copy = tmp_path / "copy.toml"
    copy.write_bytes(save.read_bytes())
    assert run("exec", copy, "-q", "--", *commands) == 0
    grown = copy.stat().st_size - save.stat().st_size
    copy.unlink()
    return grown


def test_an_action_that_would_pass_the_size_limit_is_refused_and_nothing_written(save, tmp_path, capsys, limit):
    long = "note " + "x" * 300_000
    needed = save.stat().st_size + growth(save, tmp_path, long, long)
    limit(1 << 20)
    assert needed > 1 << 20 > save.stat().st_size
    before = save.read_bytes()
    capsys.readouterr()
    assert run("exec", save, "--", long, long) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"error: {save}: not saved") and "\n" not in err
    assert "1 MiB" in err and "nothing was changed" in err
    assert save.read_bytes() == before
    assert run("exec", save, "-q", "--", "note short") == 0  # the save goes on
    assert done(save) == ["add Kyra pc hp=20", "note short"]


def test_the_session_is_taken_back_when_the_limit_refuses(save, limit):
    limit(save.stat().st_size + 100)
    with Encounter.open(save) as enc:
        with pytest.raises(SaveError, match="MiB"):
            enc.execute("note " + "y" * 200)
        assert [e.line for e in enc.session.done] == ["add Kyra pc hp=20"]
        assert enc.session.journal == []
        enc.execute("note ok")
    assert done(save) == ["add Kyra pc hp=20", "note ok"]


def test_a_save_exactly_at_the_limit_is_written_and_opens(save, tmp_path, limit):
    note = "note " + "z" * 1000
    exact = save.stat().st_size + growth(save, tmp_path, note)
    limit(exact - 1)
    assert run("exec", save, "-q", "--", note) == 1
    limit(exact)
    assert run("exec", save, "-q", "--", note) == 0
    assert save.stat().st_size == exact
    assert done(save)[-1] == note


def test_a_migration_past_the_limit_is_refused_and_the_original_stays(tmp_path, limit):
    """A rewrite that would write a file this program cannot open is not done: the save
    opens read-only and says why."""
    save = tmp_path / "old.toml"
    save.write_bytes((FORMAT1 / "generic.toml").read_bytes())
    before = save.read_bytes()
    limit(len(before))  # readable; in format 2 (a checksum a line) it is longer
    with Encounter.open(save) as enc:
        assert enc.read_only and "MiB" in str(enc.holder) and "could not be rewritten" in str(enc.holder)
    assert save.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir() if p.is_file()] == ["old.toml"]


def test_a_copy_past_the_limit_is_refused(tmp_path, limit):
    limit(100)
    with pytest.raises(SaveError, match="MiB"):
        store.atomic_write(tmp_path / "big.toml", b"x" * 101)
    assert not (tmp_path / "big.toml").exists()
    assert [p.name for p in tmp_path.iterdir()] == []  # no temp file left either


# -- item 6: after a snapshot, a batch cut by a crash --------------------------------------
def test_after_a_snapshot_a_batch_cut_between_two_lines_reopens_as_the_full_replay(tmp_path, monkeypatch):
    p = tmp_path / "long.toml"
    with Encounter.create(p, "generic") as enc:
        enc.execute_all(["add Kyra pc hp=500", "add Goblin hp=500", "init Kyra 15", "init Goblin 10", "start"])
        for k in range(4):
            enc.execute_all(["dmg Goblin 1", "next", f"note round {k}"] * 17)
    assert len(done(p)) >= snapshot.FROM
    before = p.read_bytes()
    with Encounter.open(p) as enc:
        assert enc.replayed == 0  # from the snapshot
        state_before = enc.state.copy()
        enc.execute_all(["dmg Kyra 7", "note cut", "next", "dmg Goblin 3"])
        enc.lock.release()  # killed before it closed: the snapshot is still the one before
        enc.lock = None
    full = p.read_bytes()
    batch = full[len(before):].split(b"\n")
    assert len(batch) == 5 and b"more = 3" in batch[0]
    p.write_bytes(before + b"\n".join(batch[:2]) + b"\n")  # the crash: between two whole lines

    reopened = Encounter.open(p, read_only=True)
    monkeypatch.setenv("GM_CONSOLE_CACHE_DIR", str(tmp_path / "no-cache"))  # the full replay
    replayed = Encounter.open(p, read_only=True)
    assert replayed.replayed > snapshot.FROM
    for enc in (reopened, replayed):
        assert "not completely written" in enc.warning and "'dmg Kyra 7', 'note cut'" in enc.warning
        assert enc.state == state_before  # the batch gone whole
        assert not any(e.line in ("dmg Kyra 7", "note cut") for e in enc.session.done)
    assert reopened.state == replayed.state
    assert reopened.session.done == replayed.session.done
    assert reopened.session.undone == replayed.session.undone
    assert reopened.session._next_n == replayed.session._next_n
    assert p.read_bytes() == before + b"\n".join(batch[:2]) + b"\n"  # reading changed nothing

    monkeypatch.setenv("GM_CONSOLE_CACHE_DIR", str(tmp_path / "cache"))
    with Encounter.open(p) as enc:  # for writing: cut after a backup, then the action is saved
        assert enc.state == state_before
        enc.execute("note after")
    assert p.read_bytes().startswith(before)
    assert done(p)[-1] == "note after" and "note cut" not in done(p)
