"""All or nothing when the disk says no (issue 14): disk full, I/O error, read-only disk,
vanished folder. The GM gets one line, nothing half-written stays in the file, the action is
taken back in memory, and a retry or "save as" works."""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
import uuid
from pathlib import Path

import pytest

from gm_console.cli import main
from gm_console.storage import Encounter, SaveError
from gm_console.tui.controller import Controller


@pytest.fixture
def save(tmp_path):
    p = tmp_path / "fight.toml"
    assert main(["exec", str(p), "--new", "generic", "-q", "--", "add Kyra pc hp=20", "add Goblin hp=7",
                 "init Kyra 15", "init Goblin 10", "start"]) == 0
    return p


class Disk:
    """os.pwrite / os.fsync that fail like a real disk: the first write lands in part."""

    def __init__(self, monkeypatch, err: int, on: str = "pwrite", fail_times: int = 10 ** 9) -> None:
        self.err, self.left = err, fail_times
        self.real = {"pwrite": os.pwrite, "fsync": os.fsync}
        monkeypatch.setattr(os, on, getattr(self, on))

    def pwrite(self, fd, data, offset):
        if self.left <= 0:
            return self.real["pwrite"](fd, data, offset)
        self.left -= 1
        half = bytes(data[: max(1, len(data) // 2)])
        self.real["pwrite"](fd, half, offset)  # part of the batch reaches the file...
        raise OSError(self.err, os.strerror(self.err))  # ...then the disk gives up

    def fsync(self, fd):
        if self.left <= 0:
            return self.real["fsync"](fd)
        self.left -= 1
        raise OSError(self.err, os.strerror(self.err))


def notes(path):
    with Encounter.open(path, read_only=True) as enc:
        return [e.line for e in enc.session.done if e.line.startswith("note")]


@pytest.mark.parametrize("err, on, words", [
    (errno.ENOSPC, "pwrite", "the disk is full"),
    (errno.EIO, "fsync", "input/output error"),
    (errno.EDQUOT, "pwrite", "quota"),
])
def test_exec_of_three_notes_on_a_failing_disk_saves_none_and_says_so_in_one_line(
        save, capsys, monkeypatch, err, on, words):
    before = save.read_bytes()
    Disk(monkeypatch, err, on)
    capsys.readouterr()
    assert main(["exec", str(save), "--", "note 1", "note 2", "note 3"]) == 1
    out = capsys.readouterr()
    line = out.err.strip()
    assert line.startswith(f"error: {save}: not saved: ") and words in line and "\n" not in line
    assert "Traceback" not in out.err and out.out == ""
    assert save.read_bytes() == before  # nothing half-written stays
    monkeypatch.undo()
    assert main(["exec", str(save), "-q", "--", "note 1", "note 2", "note 3"]) == 0  # the retry works
    assert notes(save) == ["note 1", "note 2", "note 3"]


def test_the_tui_takes_an_unsaved_turn_back_and_a_retry_saves_one_turn(save, monkeypatch):
    """Disk full in the TUI: `n` is refused in one line, the screen shows what the file holds,
    and once space is freed one more `n` is one more turn, not three."""
    with Encounter.open(save) as enc:
        controller = Controller(enc)
        before = enc.state.copy()
        Disk(monkeypatch, errno.ENOSPC, fail_times=2)
        for _ in range(2):
            outcome = controller.run("next")
            assert not outcome.ok and "the disk is full" in outcome.error and "\n" not in outcome.error
            assert enc.state == before and enc.session.journal == []
        outcome = controller.run("next")
        assert outcome.ok
        assert enc.state.active == "goblin"
    with Encounter.open(save, read_only=True) as again:
        assert again.state == enc.state and [e.line for e in again.session.done][-2:] == ["start", "next"]


@pytest.mark.parametrize("err, words", [(errno.EROFS, "read-only"), (errno.EACCES, "permission denied"),
                                        (errno.ENOENT, "gone")])
def test_a_save_that_cannot_be_opened_for_writing_is_one_line_and_rolled_back(save, monkeypatch, err, words):
    """Tests run as root, where chmod stops nothing: the refusal is simulated where it happens."""
    real_open = os.open

    def refuse(path, flags, *args, **kwargs):
        if str(path) == str(save) and flags & os.O_RDWR:
            raise OSError(err, os.strerror(err), str(path))
        return real_open(path, flags, *args, **kwargs)

    with Encounter.open(save) as enc:
        before, raw = enc.state.copy(), save.read_bytes()
        monkeypatch.setattr(os, "open", refuse)
        with pytest.raises(SaveError) as exc:
            enc.execute("dmg Kyra 5")
        assert words in str(exc.value) and "\n" not in str(exc.value)
        assert enc.state == before and save.read_bytes() == raw


def test_a_vanished_folder_is_one_line_and_save_as_gets_everything_out(tmp_path):
    folder = tmp_path / "usb-stick"
    enc = Encounter.create(folder / "fight.toml", "generic")
    for line in ["add Kyra pc hp=20", "add Goblin hp=7", "init Kyra 15", "init Goblin 10", "start",
                 "dmg Goblin 3", "next", "note one", "undo"]:
        enc.execute(line)
    shutil.rmtree(folder)  # the stick is pulled out
    state = enc.state.copy()
    with pytest.raises(SaveError, match="the file or its folder is gone"):
        enc.execute("dmg Kyra 2")
    assert enc.state == state
    copy = enc.save_as_copy(tmp_path / "rescued.toml")
    assert copy.state == state and not copy.read_only
    copy.execute("redo")  # the undo history came along
    assert copy.session.done[-1].line == "note one"
    copy.execute("dmg Kyra 2")
    copy.close()
    with Encounter.open(tmp_path / "rescued.toml", read_only=True) as again:
        assert again.state == copy.state


def test_save_as_copies_the_file_exactly_when_it_is_there(save, tmp_path):
    with Encounter.open(save) as enc:
        copy = enc.save_as_copy(tmp_path / "copy.toml")
        assert copy.path.read_bytes() == save.read_bytes()
        copy.close()
        with pytest.raises(SaveError, match="already exists; not overwriting it"):
            enc.save_as_copy(tmp_path / "copy.toml")


def test_save_as_works_on_a_read_only_console_too(save, tmp_path):
    """Another console holds the save: this one reads it only, and "save as" gets a copy of its
    own that takes the next action (Kyra's turn over, the Goblin's), while the held save is
    untouched."""
    from test_storage_lock import Holder

    before = save.read_bytes()
    holder = Holder(save)
    try:
        with Encounter.open(save) as enc:
            assert enc.read_only and enc.state.active == "kyra"
            with enc.save_as_copy(tmp_path / "mine.toml") as copy:
                assert not copy.read_only and copy.state == enc.state
                copy.execute("next")
                assert copy.state.active == "goblin"
            assert enc.state.active == "kyra"
    finally:
        holder.close()
    assert save.read_bytes() == before
    with Encounter.open(tmp_path / "mine.toml", read_only=True) as mine:
        assert mine.state.active == "goblin" and [e.line for e in mine.session.done][-2:] == ["start", "next"]
        assert [c.name for c in mine.state.combatants.values()] == ["Kyra", "Goblin"]


# -- creating a save -------------------------------------------------------------------------
def test_new_where_the_disk_says_no_is_one_line(tmp_path, capsys, monkeypatch):
    import tempfile

    def refuse(*args, **kwargs):
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    target = tmp_path / "ro" / "x.toml"
    capsys.readouterr()
    assert main(["new", str(target), "--no-open"]) == 1
    err = capsys.readouterr().err.strip()
    assert err == f"error: {target}: cannot write it: the disk is read-only"
    assert not target.exists()


def test_new_under_a_path_that_is_a_file(tmp_path, capsys):
    (tmp_path / "notes.txt").write_text("x", encoding="utf-8")
    assert main(["new", str(tmp_path / "notes.txt" / "x.toml"), "--no-open"]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: ") and "\n" not in err and ("not a folder" in err or "exists" in err)


def test_new_with_a_300_character_name(tmp_path, capsys):
    target = tmp_path / ("g" * 300 + ".toml")
    assert main(["new", str(target), "--no-open"]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: ") and "the name is too long" in err and "\n" not in err


def test_exec_new_that_fails_leaves_no_file(tmp_path, capsys):
    p = tmp_path / "n.toml"
    assert main(["exec", str(p), "--new", "generic", "--", "add A hp=1", "bogus"]) == 1
    assert sorted(os.listdir(tmp_path)) == []


# -- a real small disk, where the machine allows mounting one ---------------------------------------
@pytest.fixture
def tiny_disk(tmp_path):
    where = tmp_path / "tiny"
    where.mkdir()
    r = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k,nr_inodes=64", f"gm-test-{uuid.uuid4().hex[:6]}", str(where)],
                       capture_output=True)
    if r.returncode != 0:
        pytest.skip("mounting a tmpfs is not allowed here")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], capture_output=True)


def test_a_real_full_disk(tiny_disk, capsys):
    p = tiny_disk / "fight.toml"
    assert main(["exec", str(p), "--new", "generic", "-q", "--", "add Kyra pc hp=20"]) == 0
    filler = tiny_disk / "filler"
    with open(filler, "wb", buffering=0) as fh:  # fill what is left
        try:
            while True:
                fh.write(b"x" * 1024)
        except OSError:
            pass
    before = p.read_bytes()
    capsys.readouterr()
    assert main(["exec", str(p), "--", "note " + "a" * 3000, "note " + "b" * 3000, "note " + "c" * 3000]) == 1
    err = capsys.readouterr().err.strip()
    assert "the disk is full" in err and "\n" not in err
    assert p.read_bytes() == before
    filler.unlink()
    assert main(["exec", str(p), "-q", "--", "note after"]) == 0
    assert notes(p) == ["note after"]


def test_a_real_read_only_disk(tiny_disk, capsys):
    """A save on a disk mounted read-only opens read-only, says why, and exec refuses in one line.
    (A disk going read-only under an open save cannot be staged: the kernel refuses to remount
    while the lock file is open for writing; that case is simulated above.)"""
    p = tiny_disk / "fight.toml"
    assert main(["exec", str(p), "--new", "generic", "-q", "--", "add Kyra pc hp=20"]) == 0
    if subprocess.run(["mount", "-o", "remount,ro", str(tiny_disk)], capture_output=True).returncode != 0:
        pytest.skip("remounting read-only is not allowed here")
    with Encounter.open(p) as enc:
        assert enc.read_only and "the disk is read-only" in str(enc.holder)
        before = enc.state.copy()
        with pytest.raises(SaveError, match="read-only"):
            enc.execute("dmg Kyra 3")
        assert enc.state == before
    capsys.readouterr()
    assert main(["exec", str(p), "--", "note x"]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"error: {p}: read-only: cannot take the lock beside it (the disk is read-only)")
    assert "\n" not in err
    assert main(["show", str(p), "--json"]) == 0
