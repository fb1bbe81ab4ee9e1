"""The save's repair path (issue 23): what opening does with the end of a file a crash or a
hand edit left, what it tells the GM, and what is never written.

- A tail of NUL bytes (what a file-system crash leaves) is a torn tail: dropped, with the
  warning; no whole record is lost.
- CRLF line ends: the file opens, and the warning says what was really done.
- A save this program writes is one it can open: an action that would take it past the
  size limit is refused before anything is written.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gm_console.cli import main
from gm_console.storage import Encounter, SaveError, store

FORMAT1 = Path(__file__).resolve().parent / "fixtures" / "format1"


def run(*args) -> int:
    return main([str(a) for a in args])


@pytest.fixture
def save(tmp_path):
    p = tmp_path / "s.toml"
    assert run("exec", p, "--new", "generic", "-q", "--", "add Kyra pc hp=20") == 0
    return p


def done(path) -> list[str]:
    """What the save replays to, opened without writing."""
    with Encounter.open(path, read_only=True) as enc:
        return [e.line for e in enc.session.done]


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
