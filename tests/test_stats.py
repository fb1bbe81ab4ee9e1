"""`gm-console stats`: a campaign's record from many saves (issue 27, docs/stats.md)."""

from __future__ import annotations

import json
import os
from pathlib import Path

from gm_console.cli import main
from gm_console.i18n import render
from gm_console.storage import Encounter

DAY = 86400
MARCH = 1_772_323_200  # 2026-03-01 00:00 UTC


def run(*args) -> int:
    return main(list(map(str, args)))


def save(path: Path, lines: list[tuple[float | None, str]], created: str = "2026-01-10T20:00:00+00:00",
         header: str = "") -> Path:
    """A Pathfinder save from (time, command) pairs."""
    with Encounter.create(path, "pathfinder1e", created=created) as enc:
        for at, line in lines:
            enc.execute(line, at=at)
    if header:
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace("created =", header + "\ncreated =", 1), encoding="utf-8")
    return path


def first_fight(at: float = MARCH) -> list:
    """Kyra (hero 3) drops two goblins (CR 1/3, 135 XP each): deals 7 + 9, takes 4, spends a
    hero point; Valeros goes down once."""
    return [(at, "add Kyra pc hp=20 init=3 hero=3"), (at, "add Valeros pc hp=12 init=2"),
            (at, 'add Goblin x2 hp=7 init=1 cr=1/3'), (at, "init Kyra 20"), (at, "init Valeros 15"),
            (at, 'init "Goblin 1" 10'), (at, 'init "Goblin 2" 5'), (at, "start"),
            (at + 30, 'dmg "Goblin 1" 7'), (at + 40, "spend Kyra hero 1"), (at + 60, "next"),
            (at + 100, "next"), (at + 110, "dmg Kyra 4"), (at + 120, "next"), (at + 125, "dmg Valeros 13"),
            (at + 130, "next"), (at + 180, 'dmg "Goblin 2" 9'), (at + 200, "end")]


def second_fight(at: float) -> list:
    """A week later, an orc (CR 1, 400 XP): Kyra deals 12 and takes 6."""
    return [(at, "add Kyra pc hp=20 init=3 hero=2"), (at, "add Orc hp=12 init=1 cr=1"), (at, "init Kyra 20"),
            (at, "init Orc 5"), (at, "start"), (at + 50, "dmg Orc 12"), (at + 60, "next"), (at + 70, "dmg Kyra 6"),
            (at + 90, "end")]


def stats(capsys, *args) -> tuple[int, str, str]:
    capsys.readouterr()
    code = run("stats", *args)
    got = capsys.readouterr()
    return code, got.out, got.err


def test_stats_add_up_every_pc_and_the_party_over_several_saves_and_name_a_corrupt_one(tmp_path, capsys):
    data = Path(os.environ["GM_CONSOLE_DATA_DIR"]) / "encounters"
    data.mkdir(parents=True)
    save(data / "goblins.toml", first_fight())  # found in the data folder
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    save(elsewhere / "orc.toml", second_fight(MARCH + 7 * DAY))
    (elsewhere / "broken.toml").write_text("format = 2\nruleset = [\n", encoding="utf-8")
    code, out, err = stats(capsys, "--json", elsewhere)
    assert code == 0
    data = json.loads(out)
    kyra, valeros = data["pcs"]
    assert kyra == {"name": "Kyra", "fights": 2, "rounds": 3, "dealt": 7 + 9 + 12, "taken": 4 + 6, "knockouts": 0,
                    "foes_felled": 3, "spent": {"hero": 1}, "xp": 135 + 400, "average_turn_seconds": 63.333}  # (60 + 70 + 60) / 3
    assert valeros["fights"] == 1 and valeros["knockouts"] == 1 and valeros["taken"] == 13 and valeros["xp"] == 135
    assert data["party"]["fights"] == 2 and data["party"]["rounds"] == 3 and data["party"]["xp"] == 270 + 400
    assert data["party"]["dealt"] == 28 and data["party"]["foes_felled"] == 3
    assert data["saves"] == 2 and data["fights"] == 2
    assert data["damage_by_round"] == {"1": 7 + 4 + 13 + 12 + 6, "2": 9}
    assert data["skipped"] == [{"path": str(elsewhere / "broken.toml"), "why": data["skipped"][0]["why"]}]
    assert err.count("broken.toml") == 1 and len(err.strip().splitlines()) == 1  # one line, the report goes on
    code, out, err = stats(capsys, elsewhere)
    assert code == 0 and "broken.toml" in err
    kyra_row = next(line for line in out.splitlines() if line.strip().startswith("Kyra"))
    assert kyra_row.split() == ["Kyra", "2", "3", "28", "10", "0", "3", "1", "535", "1:03"]
    assert "Damage by round" in out and "Round 1" in out and "█" in out
    assert "Damage dealt by combatant" in out


def test_since_counts_only_the_fights_from_that_date(tmp_path, capsys):
    save(tmp_path / "a.toml", first_fight(MARCH))  # timed: 2026-03-01
    save(tmp_path / "b.toml", second_fight(MARCH + 7 * DAY))  # 2026-03-08
    untimed = [(None, line) for _at, line in second_fight(0)]
    save(tmp_path / "c.toml", untimed, created="2026-02-01T20:00:00+00:00")  # untimed: its creation date
    _code, out, _err = stats(capsys, "--json", tmp_path)
    assert json.loads(out)["fights"] == 3
    _code, out, _err = stats(capsys, "--json", "--since", "2026-03-05", tmp_path)
    data = json.loads(out)
    assert data["fights"] == 1 and data["pcs"][0]["dealt"] == 12
    _code, out, _err = stats(capsys, "--json", "--since", "2026-01-15", tmp_path)
    assert json.loads(out)["fights"] == 3
    code, out, err = stats(capsys, "--since", "last tuesday", tmp_path)
    assert code == 1 and "--since 'last tuesday' is not a date; expected YYYY-MM-DD" in err


def test_party_counts_only_the_saves_made_for_it(tmp_path, capsys):
    save(tmp_path / "ours.toml", first_fight(), header='party = "Heroes"')
    save(tmp_path / "theirs.toml", second_fight(MARCH), header='party = "Villains"')
    _code, out, _err = stats(capsys, "--json", "--party", "heroes", tmp_path)
    data = json.loads(out)
    assert data["fights"] == 1 and [p["name"] for p in data["pcs"]] == ["Kyra", "Valeros"]


def test_markdown_for_the_forum_and_spanish(tmp_path, capsys):
    save(tmp_path / "a.toml", first_fight())
    _code, out, _err = stats(capsys, "--markdown", tmp_path)
    assert "| PC | Fights | Rounds | Dealt | Taken | Knockouts | Foes felled | hero points spent | XP |" in out
    assert "| Kyra | 1 | 2 | 16 | 4 | 0 | 2 | 1 | 135 |" in out
    assert "```" in out and "Damage by round" in out
    _code, out, _err = stats(capsys, "--markdown", "--lang", "es", tmp_path)
    assert "| PJ | Combates | Asaltos | Causado | Recibido | Caídas | Enemigos abatidos |" in out
    assert "Daño por asalto" in out and "Grupo" in out


def test_no_saves_is_one_line_not_an_error(tmp_path, capsys):
    code, out, _err = stats(capsys, tmp_path)
    assert code == 0 and out.strip() == "no fights found in 0 saves"


def test_a_save_read_once_is_not_replayed_again_until_it_changes(tmp_path, capsys, monkeypatch):
    from gm_console.storage import campaign

    path = save(tmp_path / "a.toml", first_fight())
    _code, first, _err = stats(capsys, "--json", tmp_path)
    calls = []
    real = campaign._summed
    monkeypatch.setattr(campaign, "_summed", lambda p: calls.append(p) or real(p))
    _code, again, _err = stats(capsys, "--json", tmp_path)
    assert again == first and calls == []  # from the record's cache
    with Encounter.open(path) as enc:  # the GM plays on: the cache no longer stands for the save
        enc.execute("start", at=MARCH + DAY)
        enc.execute('dmg Kyra 3', at=MARCH + DAY)
    _code, changed, _err = stats(capsys, "--json", tmp_path)
    assert calls == [path] and json.loads(changed)["fights"] == 2
    for cached in (Path(os.environ["GM_CONSOLE_CACHE_DIR"]) / "records").glob("*.json"):
        cached.write_text('{"v": 1, "fights": "a lie"}', encoding="utf-8")  # damaged: never believed
    _code, read_again, _err = stats(capsys, "--json", tmp_path)
    assert read_again == changed and len(calls) == 2


def test_a_fight_over_when_the_console_closes_the_save_is_not_replayed_by_stats(tmp_path, capsys, monkeypatch):
    from gm_console.storage import campaign

    path = tmp_path / "a.toml"
    enc = Encounter.create(path, "pathfinder1e")
    for at, line in first_fight():
        enc.execute(line, at=at)
    enc.close()  # the fight is over: its figures are kept for stats
    monkeypatch.setattr(campaign, "_summed", lambda p: (_ for _ in ()).throw(AssertionError(f"replayed {p}")))
    _code, out, err = stats(capsys, "--json", tmp_path)
    assert err == "" and json.loads(out)["pcs"][0]["dealt"] == 16


def test_many_saves_read_side_by_side_add_up_as_one_by_one_and_name_the_unreadable_in_order(tmp_path, capsys):
    from gm_console.storage import campaign, records as kept

    def bare(raw: bytes) -> bytes:  # saves without their record section, which stats would not replay
        return b"".join(ln for ln in raw.splitlines(keepends=True) if not ln.startswith(kept.MARK))

    one = bare(save(tmp_path / "src" / "a.toml", first_fight()).read_bytes())
    other = bare(save(tmp_path / "src" / "b.toml", second_fight(MARCH + 7 * DAY)).read_bytes())
    for i in range(8):
        (tmp_path / f"c{i}.toml").write_bytes(one if i % 2 else other)
    (tmp_path / "c3.toml").write_text("format = 2\nruleset = [\n", encoding="utf-8")  # not TOML
    (tmp_path / "c5.toml").write_bytes(one.replace(b"Goblin 1", b"Goblin 9", 1))  # fails its checksum
    paths = campaign.save_paths([tmp_path], data_folder=False)
    apart = campaign.read(paths, workers=2)
    records = Path(os.environ["GM_CONSOLE_CACHE_DIR"]) / "records"
    assert len(list(records.glob("*.json"))) == 6  # the workers kept each readable save's figures
    for cached in records.glob("*.json"):
        cached.unlink()
    here = campaign.read(paths, workers=1)
    assert apart.record.as_dict() == here.record.as_dict()
    assert apart.record.as_dict()["fights"] == 6 and apart.record.saves == 6
    assert [s.path.name for s in apart.skipped] == ["c3.toml", "c5.toml"]
    assert [str(s.why) for s in apart.skipped] == [str(s.why) for s in here.skipped]
    # the reasons travel back from the workers as messages: a Spanish GM reads them in Spanish
    assert [render(s.why, "es") for s in apart.skipped] == [render(s.why, "es") for s in here.skipped]
    assert "no es TOML válido" in render(apart.skipped[0].why, "es")
    assert "c5.toml" in str(apart.skipped[1].why) and "checksum" in str(apart.skipped[1].why)
