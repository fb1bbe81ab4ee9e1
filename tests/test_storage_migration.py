"""Format 1 saves (a JSON string per log line) open and are migrated to format 2 atomically,
the original kept beside them, against frozen files the format-1 code wrote
(tests/fixtures/format1/, with the records and state they held)."""

from __future__ import annotations

import json
import shutil
import tomllib
from pathlib import Path

import pytest

from gm_console.cli import main
from gm_console.storage import Encounter, SaveError, store
from gm_console.storage.codec import decode

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "format1"
SAVES = sorted(FIXTURES.glob("*.toml"))


def expected(fixture: Path) -> dict:
    return json.loads(fixture.with_suffix(".expected.json").read_text(encoding="utf-8"))


def test_the_fixtures_are_format_1():
    assert len(SAVES) == 5
    for fixture in SAVES:
        assert tomllib.loads(fixture.read_text(encoding="utf-8"))["format"] == 1


@pytest.mark.parametrize("fixture", SAVES, ids=lambda p: p.stem)
def test_a_format_1_save_is_migrated_with_the_original_kept(fixture, tmp_path):
    path = tmp_path / fixture.name
    shutil.copyfile(fixture, path)
    want = expected(fixture)
    with Encounter.open(path) as enc:
        assert enc.warning == (f"migrated from format 1 to format 2; the original is kept as "
                               f"{fixture.name}.format1.bak")
        assert [e.n for e in enc.session.done] == want["done"]
        assert [e.n for e in enc.session.undone] == want["undone"]
        assert enc.state.round == want["round"] and enc.state.active == want["active"]
        assert list(enc.state.combatants) == want["combatants"]
        assert enc.name == want["name"]
    assert (tmp_path / f"{fixture.name}.format1.bak").read_bytes() == fixture.read_bytes()
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == 2 and all(isinstance(v, dict) for v in data["log"].values())
    doc = decode(path.read_text(encoding="utf-8"))
    assert doc.records == want["records"] and doc.created == want["created"]
    assert doc.options == want["options"] and doc.ruleset == want["ruleset"]
    with Encounter.open(path) as again:  # once is enough
        assert again.warning is None and again.state.round == want["round"]
        if again.session.done:
            again.execute("undo")
    beside = sorted(p.name for p in tmp_path.iterdir() if p.name != "cache")  # the test's cache folder (conftest)
    assert beside == sorted([fixture.name, f"{fixture.name}.format1.bak"])


def test_reading_without_writing_leaves_a_format_1_file_alone(tmp_path, capsys):
    path = tmp_path / "generic.toml"
    shutil.copyfile(FIXTURES / "generic.toml", path)
    assert main(["show", str(path), "--json"]) == 0
    assert main(["log", str(path)]) == 0
    assert path.read_bytes() == (FIXTURES / "generic.toml").read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["generic.toml"]


def test_exec_on_a_format_1_file_says_so_in_one_line(tmp_path, capsys):
    path = tmp_path / "generic.toml"
    shutil.copyfile(FIXTURES / "generic.toml", path)
    capsys.readouterr()
    assert main(["exec", str(path), "-q", "--", "note after the move"]) == 0
    err = capsys.readouterr().err.strip()
    assert err == (f"warning: {path}: migrated from format 1 to format 2; "
                   "the original is kept as generic.toml.format1.bak")
    assert decode(path.read_text(encoding="utf-8")).records[-1]["do"] == "note after the move"


def test_a_second_migration_keeps_the_first_backup(tmp_path):
    path = tmp_path / "generic.toml"
    shutil.copyfile(FIXTURES / "generic.toml", path)
    (tmp_path / "generic.toml.format1.bak").write_text("an older backup", encoding="utf-8")
    with Encounter.open(path) as enc:
        assert "generic.toml.format1-2.bak" in enc.warning
    assert (tmp_path / "generic.toml.format1.bak").read_text(encoding="utf-8") == "an older backup"


@pytest.mark.parametrize("ending", ["cut", "no-newline", "comment"])
def test_format_1_files_with_odd_endings_migrate(tmp_path, ending):
    path = tmp_path / "generic.toml"
    raw = (FIXTURES / "generic.toml").read_bytes()
    last = raw.rstrip(b"\n").rsplit(b"\n", 1)[1]
    if ending == "cut":
        raw += last[:25]  # a crash mid-line: dropped
    elif ending == "no-newline":
        raw = raw[:-1]  # the record is whole
    else:
        raw += b"# hand-added"
    path.write_bytes(raw)
    with Encounter.open(path) as enc:
        assert ("dropped" in enc.warning) == (ending == "cut")
        assert [e.n for e in enc.session.done] == expected(FIXTURES / "generic.toml")["done"]
        enc.execute("note then")
    assert decode(path.read_text(encoding="utf-8")).records[-1]["do"] == "note then"


def test_a_migration_that_cannot_be_written_changes_nothing_and_opens_read_only(tmp_path, monkeypatch):
    path = tmp_path / "generic.toml"
    shutil.copyfile(FIXTURES / "generic.toml", path)

    def disk_full(*args, **kwargs):
        raise SaveError(f"{path}: cannot write it: the disk is full")

    monkeypatch.setattr(store, "atomic_write", disk_full)
    with Encounter.open(path) as enc:
        assert enc.read_only and "the disk is full" in str(enc.holder)
        assert enc.state.round == expected(FIXTURES / "generic.toml")["round"]
        with pytest.raises(SaveError, match="read-only"):
            enc.execute("next")
    assert path.read_bytes() == (FIXTURES / "generic.toml").read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["generic.toml"]


def test_a_symlinked_save_stays_a_symlink(tmp_path):
    (tmp_path / "sync").mkdir()
    real = tmp_path / "sync" / "generic.toml"
    shutil.copyfile(FIXTURES / "generic.toml", real)
    link = tmp_path / "fight.toml"
    link.symlink_to(real)
    with Encounter.open(link) as enc:
        assert "migrated" in enc.warning
        enc.execute("note via the link")
    assert link.is_symlink() and (tmp_path / "sync" / "generic.toml.format1.bak").exists()
    assert decode(real.read_text(encoding="utf-8")).records[-1]["do"] == "note via the link"
