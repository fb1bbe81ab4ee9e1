"""The record section: a save's figures written into the save when the console closes it with
its fight over, read by `gm-console stats` without replaying the log, and believed only for
exactly the bytes and the code that made them (issue 27; docs/saves.md, "The record section").
"""

from __future__ import annotations

import json
import re
import zlib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gm_console import plugins
from gm_console.engine.language.commands import CommandError
from gm_console.engine.core.dice import Dice
from gm_console.storage import Encounter, campaign, records
from gm_console.storage.errors import SaveError

from test_stats import MARCH, first_fight, second_fight, stats

GAMES = plugins.installed_ids()


def bare(raw: bytes) -> bytes:
    """The save as a gm-console without the record section leaves it."""
    return b"".join(line for line in raw.splitlines(keepends=True) if not line.startswith(records.MARK))


def sections(path: Path) -> list[dict]:
    return [json.loads(line.split(b" ", 2)[2]) for line in path.read_bytes().splitlines()
            if line.startswith(records.MARK)]


def no_replay(monkeypatch) -> list[Path]:
    """The saves `stats` replays from now on (the long way), in order."""
    calls: list[Path] = []
    real = campaign._summed
    monkeypatch.setattr(campaign, "_summed", lambda p: calls.append(p) or real(p))
    return calls


def report(*paths: Path) -> dict:
    """What `stats --json` would print of these saves, with the labels of the pools."""
    found = campaign.read(list(paths), workers=1)
    assert found.skipped == []
    return {**found.record.as_dict(), "labels": sorted(found.record.labels)}


def played(path: Path, game: str, lines: list[str], closes: set[int] = frozenset(), seed: int = 1) -> Path:
    """A save of ``game`` where each line is run at a later minute (a refused one is skipped, as a
    GM retypes it), closed and reopened after the line numbers in ``closes``."""
    dice = Dice.from_rolls([], seed=seed)
    enc = Encounter.create(path, game, created="2026-03-01T20:00:00+00:00")
    try:
        for i, line in enumerate(lines):
            try:
                enc.execute(line, dice=dice, at=MARCH + 60.0 * i)
            except CommandError:
                pass
            if i in closes:
                enc.close()
                enc = Encounter.open(path)
    finally:
        enc.close()
    return path


def fight_lines(game: str, actions: list[tuple[int, int, int]]) -> list[str]:
    """A party of two against two foes, then the actions drawn: (kind, who, amount)."""
    ruleset = plugins.load(game)
    pool = ruleset.sheet.health_pools()[-1]
    extra = "".join(f" {key}=3" for key in ruleset.health.record_pools)
    lines = [f"add Kyra pc {pool}=30{extra}", f"add Lia pc {pool}=25{extra}", f"add Orc {pool}=20",
             f"add Wolf {pool}=12"]  # initiative rolled: every game has its own die
    names = ["Kyra", "Lia", "Orc", "Wolf"]
    for kind, who, amount in actions:
        name = names[who % 4]
        spent = ruleset.health.record_pools[0] if ruleset.health.record_pools else None
        lines.append(["start", "next", "next", f"dmg {name} {amount}", f"heal {name} {amount}", "end", "undo", "redo",
                      f"spend {name} {spent} 1" if spent else "next", f"add Goblin {pool}={amount + 1}",
                      f"dmg {name} {amount * 3}"][kind])
    return lines + ["end"]


actions = st.lists(st.tuples(st.integers(0, 10), st.integers(0, 3), st.integers(1, 9)), min_size=3, max_size=40)


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow])
@given(drawn=actions, closes=st.sets(st.integers(0, 44), max_size=4))
def test_the_section_gives_what_the_replay_gives_in_every_game(game, drawn, closes, tmp_path_factory):
    folder = tmp_path_factory.mktemp(game)
    path = played(folder / "a.toml", game, fight_lines(game, drawn), closes)
    replayed = folder / "b.toml"
    replayed.write_bytes(bare(path.read_bytes()))
    long_way = report(replayed)
    made = records.from_save(path.read_bytes())
    if long_way["fights"]:
        assert made is not None  # the console closed it with its fight over: the figures are in it
    if made is not None:
        assert report(path) == long_way


@pytest.mark.parametrize("game", GAMES)
def test_several_fights_in_every_game_are_read_from_the_section_not_replayed(game, tmp_path, monkeypatch):
    lines = fight_lines(game, [(0, 0, 1), (3, 2, 5), (1, 0, 1), (3, 0, 4), (8, 1, 1), (5, 0, 0),
                               (9, 0, 4), (0, 0, 0), (10, 3, 2), (2, 0, 0), (3, 1, 6), (5, 0, 0),
                               (0, 0, 0), (3, 3, 7), (5, 0, 0)])
    path = played(tmp_path / "a.toml", game, lines, closes={10, 15})  # after the first and the second end
    (tmp_path / "old").mkdir()
    old = tmp_path / "old" / "a.toml"
    old.write_bytes(bare(path.read_bytes()))
    calls = no_replay(monkeypatch)
    from_section = report(path)
    assert calls == []
    assert from_section == report(old) and calls == [old]
    assert from_section["fights"] == 3 and from_section["party"]["dealt"] > 0
    kept = sections(path)
    assert [s["keep"] for s in kept] == [0, 1, 2]  # each close added only its new fight
    assert [len(s["fights"]) for s in kept] == [1, 1, 1]


def test_the_console_reads_a_save_with_its_section_as_before_and_goes_on_after_it(tmp_path):
    path = played(tmp_path / "a.toml", "pathfinder1e", [line for _at, line in first_fight()])
    assert path.read_bytes().splitlines()[-1].startswith(b"#:figures ")
    with Encounter.open(path) as enc:
        assert enc.warnings == [] and len(enc.history) == len(first_fight())
        assert enc.state.combatants["kyra"].pools["hp"].value == 16
        enc.execute("dmg Kyra 2", at=MARCH + 999)
    with Encounter.open(path) as enc:
        assert enc.state.combatants["kyra"].pools["hp"].value == 14 and enc.warnings == []
    assert len(sections(path)) == 2  # closed again with the fight over: a new line, after the action


def test_a_log_line_edited_by_hand_makes_the_section_stale_and_the_save_is_replayed(tmp_path, capsys, monkeypatch):
    path = played(tmp_path / "a.toml", "pathfinder1e", [line for _at, line in first_fight()])
    _code, before, _err = stats(capsys, "--json", tmp_path)
    assert json.loads(before)["pcs"][0]["dealt"] == 16
    text = path.read_text(encoding="utf-8")
    line = next(ln for ln in text.splitlines() if 'do = "dmg \\"Goblin 1\\" 7"' in ln)
    edited = line.replace("value = 0, delta = -7", "value = 3, delta = -4")
    assert edited != line
    head = edited[:edited.rindex(', ck = "')]
    edited = f'{head}, ck = "{zlib.crc32(head.encode()):08x}"}}'  # a careful editor: the checksum made anew
    path.write_text(text.replace(line, edited), encoding="utf-8")
    calls = no_replay(monkeypatch)
    _code, after, _err = stats(capsys, "--json", tmp_path)
    assert calls == [path]  # the section no longer stands for the log: replayed
    assert json.loads(after)["pcs"][0]["dealt"] == 16 - 3


def test_an_edited_header_a_torn_or_garbage_section_or_another_code_are_never_believed(tmp_path, monkeypatch):
    path = played(tmp_path / "a.toml", "pathfinder1e", [line for _at, line in first_fight()])
    raw = path.read_bytes()
    truth = report(path)
    made = records.from_save(raw)
    assert made is not None and made["ruleset"] == "pathfinder1e"
    start = raw.rindex(b"\n#:figures ") + 1
    last = raw[start:]
    seal, payload = last[len(records.MARK):-1].split(b" ", 1)

    def sealed(body: dict) -> bytes:
        data = json.dumps(body, separators=(",", ":")).encode()
        return raw[:start] + records.MARK + records._seal(raw[:start], data).encode() + b" " + data + b"\n"

    lie = json.loads(payload)
    lie["fights"][0]["tallies"][0]["dealt"] = 999
    body = json.loads(payload)
    wrong = [
        raw.replace(b'name = "a"', b'name = "Goblin ambush"', 1),  # the header, edited
        raw[:-1],  # the section's newline lost
        raw[:start] + last[:len(last) // 2],  # cut short
        raw[:start] + b"#:figures zz {not json\n",
        raw[:start] + records.MARK + seal + b" " + payload.replace(b'"dealt":16', b'"dealt":999') + b"\n",
        sealed({**body, "fights": "a lie"}),
        sealed({**body, "fights": [{"rounds": "two"}]}),
        sealed({**body, "code": "0" * 32}),  # another version of the code summed them
        sealed({**body, "v": 99}),
        sealed({**body, "base": 10, "keep": 1}),  # builds on a line that is not a section
        sealed({**body, "ruleset": "no-such-game"}),
        raw + b"\x00" * 8,  # what a file-system crash leaves
    ]
    assert records.from_save(sealed(body)) == made  # the check itself: a faithful copy passes
    calls = no_replay(monkeypatch)
    for i, data in enumerate(wrong):
        assert records.from_save(data) is None, i
        other = tmp_path / f"w{i}.toml"
        other.write_bytes(data)
        found = campaign.read([other], workers=1)
        assert found.skipped == [], i  # each one still reads the long way
        assert {**found.record.as_dict(), "labels": sorted(found.record.labels)} == truth, i
    assert len(calls) == len(wrong)  # each one replayed, none believed
    # A digest, not a signature: whoever rewrites the section and seals it anew could as well
    # rewrite the log and its checksums; what it guards against is a stale, torn or edited file.
    assert records.from_save(sealed(lie)) == {**made, "fights": lie["fights"]}


def test_a_save_without_the_section_reads_and_reports_as_before(tmp_path, capsys, monkeypatch):
    path = played(tmp_path / "a.toml", "pathfinder1e", [line for _at, line in first_fight()])
    _code, with_section, _err = stats(capsys, "--json", tmp_path)
    path.write_bytes(bare(path.read_bytes()))
    calls = no_replay(monkeypatch)
    _code, without, _err = stats(capsys, "--json", tmp_path)
    assert without == with_section and calls == [path]
    with Encounter.open(path) as enc:
        assert enc.warnings == [] and len(enc.history) == len(first_fight())


def test_undo_into_a_fight_already_in_the_section_writes_it_anew(tmp_path):
    lines = [line for _at, line in first_fight()] + [line for _at, line in second_fight(MARCH)][1:]
    path = played(tmp_path / "a.toml", "pathfinder1e", lines, closes={len(first_fight()) - 1})
    assert [s["keep"] for s in sections(path)] == [0, 1]
    with Encounter.open(path) as enc:
        for _ in range(len(second_fight(MARCH)) - 1 + 2):  # back before the first fight's last blow
            enc.execute("undo")
        enc.execute("end")
    kept = sections(path)
    assert kept[-1]["keep"] == 0 and len(kept[-1]["fights"]) == 1 and kept[-1]["base"] is None
    assert report(path) == report_bare(path, tmp_path)


def report_bare(path: Path, tmp_path: Path) -> dict:
    other = tmp_path / "bare" / path.name
    other.parent.mkdir(exist_ok=True)
    other.write_bytes(bare(path.read_bytes()))
    return report(other)


def test_a_save_another_program_changed_gets_no_section_and_a_full_disk_loses_only_the_section(tmp_path, monkeypatch):
    path = tmp_path / "a.toml"
    enc = Encounter.create(path, "pathfinder1e")
    for at, line in first_fight():
        enc.execute(line, at=at)
    with path.open("a", encoding="utf-8") as f:
        f.write("# a note the GM typed meanwhile\n")
    enc.close()
    assert sections(path) == []
    from gm_console.storage import store

    def full(*_a, **_k):
        raise SaveError("no space left on device")

    other = tmp_path / "b.toml"
    enc = Encounter.create(other, "pathfinder1e")
    for at, line in first_fight():
        enc.execute(line, at=at)
    monkeypatch.setattr(store, "append_bytes", full)
    enc.close()  # never an error: the figures go to the record's cache instead
    assert sections(other) == [] and records.cached(other, other.read_bytes()) is not None


def test_a_comment_of_the_gms_that_looks_like_a_section_does_not_stop_the_next_one(tmp_path):
    path = played(tmp_path / "a.toml", "pathfinder1e", [line for _at, line in first_fight()][:-1])
    with path.open("a", encoding="utf-8") as f:
        f.write("#:figures a note of mine, not JSON\n")
    with Encounter.open(path) as enc:
        enc.execute("end", at=MARCH + 300)
    assert records.from_save(path.read_bytes()) is not None
    assert report(path) == report_bare(path, tmp_path)


def test_the_code_version_is_the_sources_not_where_they_are(tmp_path):
    here = records.code_version("rulesets.pathfinder1e")
    assert re.fullmatch(r"[0-9a-f]{32}", here)
    assert here == records.code_version("rulesets.generic")  # one package: the same sources
    assert here != records.code_version("gm_console")
