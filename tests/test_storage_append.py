"""Appending never loses or glues a record, whatever the end of the file looks like
(issue 14: a hand-added comment without newline, `[log]` without newline, a table after
`[log]`, a file cut to its header, a complete last record without newline, a torn one)."""

from __future__ import annotations

import tomllib

import pytest

from gm_console.cli import main
from gm_console.storage import Encounter, SaveError


def run(*args) -> int:
    return main([str(a) for a in args])


@pytest.fixture
def save(tmp_path):
    p = tmp_path / "a.toml"
    assert run("exec", p, "--new", "generic", "-q", "--", "add Kyra pc hp=20", "add Goblin hp=7") == 0
    return p


def notes(path) -> list[str]:
    with Encounter.open(path, read_only=True) as enc:
        return [e.line for e in enc.session.done if e.line.startswith("note")]


def assert_valid_toml(path):
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert all(k.isdigit() for k in data["log"])


def test_a_comment_added_without_newline_does_not_swallow_the_next_action(save):
    with open(save, "ab") as fh:
        fh.write(b"# note")  # printf '# note' >> a.toml
    assert run("exec", save, "-q", "--", "note x") == 0
    assert notes(save) == ["note x"]
    assert run("exec", save, "-q", "--", "note y", "undo") == 0
    assert notes(save) == ["note x"]
    assert_valid_toml(save)
    assert "# note\n" in save.read_text(encoding="utf-8")  # the GM's comment stays


def test_log_header_without_final_newline(tmp_path):
    p = tmp_path / "b.toml"
    p.write_text('format = 2\nruleset = "generic"\nname = "b"\n\n[options]\n\n[log]', encoding="utf-8")
    assert run("exec", p, "-q", "--", "note x", "note y") == 0
    assert notes(p) == ["note x", "note y"]
    assert_valid_toml(p)


def test_a_table_after_log_is_kept_and_the_records_still_land_in_log(save):
    with open(save, "a", encoding="utf-8") as fh:
        fh.write('\n[gm_notes]\nlair = "behind the waterfall"\n')
    assert run("exec", save, "-q", "--", "note x") == 0
    assert notes(save) == ["note x"]
    data = tomllib.loads(save.read_text(encoding="utf-8"))
    assert data["gm_notes"] == {"lair": "behind the waterfall"} and len(data["log"]) == 3
    backups = list(save.parent.glob("a.toml.before-repair*.bak"))
    assert len(backups) == 1 and "[gm_notes]" in backups[0].read_text(encoding="utf-8")


def test_a_table_after_log_is_said_to_the_gm(save, capsys):
    with open(save, "a", encoding="utf-8") as fh:
        fh.write("[extra]\nx = 1\n")
    capsys.readouterr()
    assert run("exec", save, "--", "note x") == 0
    err = capsys.readouterr().err
    assert "[log] was not the last table" in err and "a.toml.before-repair.bak" in err


@pytest.mark.parametrize("cut_at", ["\n[log]\n", "\n[options]\n", "\nname ="])
def test_a_file_cut_to_its_header(save, cut_at):
    text = save.read_text(encoding="utf-8")
    save.write_text(text[:text.index(cut_at) + 1], encoding="utf-8")  # everything after is gone
    assert run("exec", save, "-q", "--", "add Ogre hp=30", "note x") == 0
    assert notes(save) == ["note x"]
    assert_valid_toml(save)


def test_a_complete_last_record_without_its_newline_is_kept(save):
    """truncate -s -1 after an exec: the record is whole, only its newline is gone."""
    assert run("exec", save, "-q", "--", "note kept") == 0
    save.write_bytes(save.read_bytes()[:-1])
    with Encounter.open(save, read_only=True) as enc:
        assert enc.warning is None
    assert run("exec", save, "-q", "--", "note next") == 0
    assert notes(save) == ["note kept", "note next"]
    assert_valid_toml(save)


def test_a_truly_torn_last_line_is_dropped_with_a_warning_and_cut_before_the_next_append(save, capsys):
    assert run("exec", save, "-q", "--", "note kept") == 0
    whole = save.read_bytes()
    save.write_bytes(whole + b'4 = {r = 0, do = "note lost", ev = [{t = "No')
    capsys.readouterr()
    assert run("exec", save, "-q", "--", "note next") == 0
    assert "not completely written" in capsys.readouterr().err
    assert notes(save) == ["note kept", "note next"]
    assert save.read_bytes().startswith(whole) and b"note lost" not in save.read_bytes()


def test_a_batch_cut_by_a_crash_is_dropped_whole(save):
    """exec is all or nothing, also when a crash cuts its write between two records."""
    before = save.read_bytes()
    assert run("exec", save, "-q", "--", "note a", "note b", "note c") == 0
    full = save.read_bytes()
    lines = full[len(before):].split(b"\n")
    assert b"more = 2" in lines[0] and b"more = 1" in lines[1] and b"more" not in lines[2]
    save.write_bytes(before + lines[0] + b"\n" + lines[1] + b"\n" + lines[2][:10])
    with Encounter.open(save) as enc:
        assert "dropped" in enc.warning and notes(save) == []
        enc.execute("note d")
    assert notes(save) == ["note d"]
    assert save.read_bytes().startswith(before)


def test_a_damaged_last_line_is_an_error_not_a_torn_line(save):
    """A whole record with damage is not what a crash leaves: it is reported, never cut off."""
    assert run("exec", save, "-q", "--", "note x") == 0
    raw = save.read_bytes()
    damaged = raw[:-1] + b"\x0b"  # its newline, one bit flipped
    save.write_bytes(damaged)
    with pytest.raises(SaveError, match="line"):
        Encounter.open(save)
    assert run("exec", save, "-q", "--", "note y") == 1
    assert save.read_bytes() == damaged


def test_another_program_appending_is_not_written_over(save):
    with Encounter.open(save) as enc:
        with open(save, "a", encoding="utf-8") as fh:
            fh.write("# an editor was here\n")
        with pytest.raises(SaveError, match="another program changed this save"):
            enc.execute("note x")
        assert notes(save) == []


def test_a_file_put_in_its_place_is_not_written_to(save, tmp_path):
    with Encounter.open(save) as enc:
        other = tmp_path / "other.toml"
        other.write_bytes(save.read_bytes())
        other.replace(save)  # same bytes, another file (a restored backup)
        with pytest.raises(SaveError, match="another file took its place"):
            enc.execute("note x")


def test_appending_stays_one_line_per_action(save):
    before = save.read_text(encoding="utf-8").count("\n")
    with Encounter.open(save) as enc:
        for n in range(5):
            enc.execute(f"note {n}")
    assert save.read_text(encoding="utf-8").count("\n") == before + 5
