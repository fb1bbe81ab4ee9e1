"""The library files a GM keeps beside the saves (bestiary, party, prepared encounters, keymap)
never give a traceback and never hang (issue 23): a value nested thousands of levels deep or a
number of thousands of digits is one line naming the file and the line; the GM's bestiary is
read when a creature is first looked up, not at every open; `party add` keeps what it does
not know and refuses to write a party `new --party` would refuse.

Everything goes through the command line a GM uses; the data folder is the test's own
(conftest.py)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from gm_console import cli
from gm_console.storage import Encounter
from gm_console.storage import bestiary_files as bestiary_file
from gm_console.storage import party as party_file
from gm_console.storage.config import load_config

DEEP = "[" * 5000 + "]" * 5000
LONG = "9" * 5000
NASTY = pytest.mark.parametrize("value, why", [(DEEP, "values nest more than 32 levels deep"),
                                               (LONG, "a number longer than 4300 digits")],
                                ids=["nested 5,000 deep", "5,000 digits"])


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def own_bestiary(game: str, text: str) -> Path:
    path = bestiary_file.user_path(game)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def one_line(text: str) -> str:
    assert text.count("\n") == 1 and "Traceback" not in text, text
    return text.strip()


# --- a value nested thousands deep, a number of thousands of digits -----------------------------


@NASTY
def test_the_bestiary_leaves_that_creature_out_in_one_line_and_the_rest_adds(tmp_path, capsys, value, why):
    path = own_bestiary("pathfinder1e", f'[brute]\nen = "Brute"\nhp = 30\n\n[deep]\nen = "Deep one"\nhp = 5\n'
                                        f'grip = {value}\n')
    save = tmp_path / "fight.toml"
    code, _, err = run(capsys, "exec", str(save), "--new", "pathfinder1e", "-q", "--", "add @brute", "add @goblin")
    assert code == 0, err
    code, _, err = run(capsys, "exec", str(save), "-q", "--", "add @deep")
    assert code == 1
    assert one_line(err) == (f"error: add: @deep cannot be added: {path}: line 8: {why}; the entry is left out; "
                             "nothing was saved")
    code, out, err = run(capsys, "bestiary", "list", "--ruleset", "pathfinder1e", "br")
    assert code == 0 and "@brute" in out
    assert [ln for ln in out.splitlines() if ln.startswith("warning")] == [
        f"warning: {path}: line 8: {why}; the entry is left out"]


@NASTY
def test_a_party_file_is_one_line_for_new_and_show(tmp_path, capsys, value, why):
    folder = party_file.parties_dir()
    folder.mkdir(parents=True)
    path = folder / "deep.toml"
    path.write_text(f'ruleset = "generic"\nname = "Deep"\n\n[[pc]]\nname = "Ash"\nnotes = {value}\n',
                    encoding="utf-8")
    code, _, err = run(capsys, "new", str(tmp_path / "f.toml"), "--party", "Deep", "--no-open")
    assert code == 1 and one_line(err) == f"error: {path}: line 6: {why}"
    assert not (tmp_path / "f.toml").exists()
    code, _, err = run(capsys, "party", "show", "Deep")
    assert code == 1 and one_line(err) == f"error: {path}: line 6: {why}"
    assert run(capsys, "party", "list")[0] == 0  # a broken party is left out of the list


@NASTY
def test_a_prepared_encounter_is_one_line_and_stays_as_it_was(tmp_path, capsys, value, why):
    plan = tmp_path / "plan.toml"
    text = f'ruleset = "generic"\n\n[[combatant]]\nname = "Orc"\nhp = 5\nnotes = {value}\n'
    plan.write_text(text, encoding="utf-8")
    code, _, err = run(capsys, "exec", str(plan), "--", "note hi")
    assert code == 1 and one_line(err) == f"error: {plan}: line 6: {why}"
    code, _, err = run(capsys, "show", str(plan))
    assert code == 1 and one_line(err) == f"error: {plan}: line 6: {why}"
    assert plan.read_text(encoding="utf-8") == text


@NASTY
def test_the_keymap_is_one_warning_and_the_default_keys(tmp_path, capsys, monkeypatch, value, why):
    """`gm-console SAVE` reads keymap.toml before the first frame: a bad one is a warning and
    the defaults, never a traceback."""
    from gm_console.tui.app import GMConsole

    seen = []
    monkeypatch.setattr(GMConsole, "run", lambda app: seen.append(app.config) or 0)
    save = tmp_path / "f.toml"
    run(capsys, "exec", str(save), "--new", "generic", "-q", "--", "add Ash pc hp=10")
    keymap = load_config().path
    keymap.parent.mkdir(parents=True)
    keymap.write_text(f'[keys]\nnext = "space"\n\n[settings]\nlang = {value}\n', encoding="utf-8")
    code, _, err = run(capsys, "open", str(save))
    assert code == 0, err
    assert seen[0].keys == {} and seen[0].settings == {}
    assert seen[0].problems == [f"{keymap}: line 5: {why}; using the default keys"]


def test_the_encounter_list_names_a_save_whose_name_nests_too_deep_by_its_file(tmp_path, capsys):
    save = tmp_path / "f.toml"
    run(capsys, "exec", str(save), "--new", "generic", "-q", "--", "add Ash pc hp=10")
    folder = tmp_path / "data" / "encounters"
    folder.mkdir(parents=True)
    text = save.read_text(encoding="utf-8").replace('name = "f"', f"name = {DEEP}")
    (folder / "deep.toml").write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "list")
    assert code == 0, err
    assert [ln.split()[:2] for ln in out.splitlines() if "deep.toml" in ln] == [["deep", "generic"]]


# --- the GM's bestiary: read when used, in linear time ------------------------------------------------


def test_the_gms_bestiary_is_read_at_the_first_add_from_it_not_when_the_encounter_opens(tmp_path):
    """So an open never waits for a big bestiary, and a creature written after the encounter
    opened is there at the first `add @...`."""
    enc = Encounter.create(tmp_path / "f.toml", "pathfinder1e")
    own_bestiary("pathfinder1e", '[brute]\nen = "Brute"\nes = "Bruto"\nhp = 30\n')
    enc.execute("add @bruto")
    assert enc.state.get("bruto").pools["hp"].value == 30
    enc.close()
    again = Encounter.open(tmp_path / "f.toml")
    own_bestiary("pathfinder1e", '[brute]\nen = "Brute"\nhp = 31\n')
    again.execute("add @brute")
    assert again.state.get("brute").pools["hp"].value == 31 and again.warning is None
    again.close()


def test_a_broken_entry_of_the_gm_is_said_when_it_is_used_and_never_replaced_by_the_games(tmp_path, capsys):
    """The GM's [goblin] wins over the game's; when it cannot be read, `add @goblin` says why
    instead of adding the game's goblin without a word."""
    path = own_bestiary("pathfinder1e", '[brute]\nen = "Brute"\nhp = 30\n\n[goblin]\nen = "Goblin"\nhp = {max = 7}\n')
    save = tmp_path / "f.toml"
    code, _, err = run(capsys, "exec", str(save), "--new", "pathfinder1e", "-q", "--", "add @brute")
    assert code == 0 and err == ""
    code, _, err = run(capsys, "exec", str(save), "-q", "--", "add @goblin")
    assert code == 1 and one_line(err) == (
        f"error: add: @goblin cannot be added: {path}: line 5: [goblin] hp: a stat is a number, text, true/false "
        "or a list; the entry is left out; nothing was saved")
    code, _, err = run(capsys, "exec", str(save), "-q", "--", "add @trasgo")  # the game's Spanish name for it
    assert code == 1 and "no creature 'trasgo'" in err  # the GM's entry took the game's place, names and all


def test_a_bestiary_that_is_not_toml_is_named_when_a_creature_is_not_found(tmp_path, capsys):
    path = own_bestiary("pathfinder1e", '[brute\nen = "Brute"\nhp = 30\n')
    save = tmp_path / "f.toml"
    code, _, err = run(capsys, "exec", str(save), "--new", "pathfinder1e", "-q", "--", "add @goblin")
    assert code == 0  # the game's own goblin: the GM's file has none it could be; what was met is said
    assert one_line(err).startswith(f"warning: {path}: line 1: not valid TOML")
    code, _, err = run(capsys, "exec", str(save), "-q", "--", "add @brute")
    assert code == 1 and one_line(err).startswith("error: add: no creature 'brute' in the bestiary")
    assert f"{path}: line 1: not valid TOML" in err


def test_a_prepared_encounter_that_adds_from_the_bestiary_shows_the_bestiarys_problem(tmp_path, capsys):
    path = own_bestiary("pathfinder1e", "[brute\n")
    plan = tmp_path / "plan.toml"
    plan.write_text('ruleset = "pathfinder1e"\n\n[[combatant]]\nfrom = "goblin"\n', encoding="utf-8")
    code, _, err = run(capsys, "exec", str(plan), "-q", "--", "note ready")
    assert code == 0 and f"{path}: line 1: not valid TOML" in err


def read_both_ways(text: str):
    """The bestiary as the first look-up reads it (entry by entry), and as tomllib reads it whole."""
    fast = bestiary_file.parse(text, "mine.toml")
    strict = bestiary_file.parse(text, "mine.toml", whole=True)
    return fast, strict


def test_a_big_bestiary_is_listed_without_reading_each_entry_and_finds_the_same_creatures():
    text = "".join(f'[orc-{i}]\nen = "Orc {i}"\nes = "Orco {i}"\nhp = {6 + i % 20}\nac = 13\n\n'
                   for i in range(2_000))
    fast, strict = read_both_ways(text)
    assert fast == strict and len(fast[0]) == 2_000 and fast[1] == []
    book = bestiary_file.Bestiary(lambda: bestiary_file.entries(text, "mine.toml", "user"))
    assert book.find("orco 1999").stats == {"hp": 6 + 1999 % 20, "ac": 13}
    assert book.find("@orc-7").line == 7 * 6 + 1


# --- party add ------------------------------------------------------------------------------------


def sheets(tmp_path, capsys, *lines: str) -> Path:
    save = tmp_path / "sheets.toml"
    code, _, err = run(capsys, "exec", str(save), "--new", "pathfinder1e", "-q", "--", *lines)
    assert code == 0, err
    return save


@pytest.mark.parametrize("hp, why", [('"thirty"', "hp takes a whole number or current/max like 6/38, not 'thirty'"),
                                     ("99999999999999999999", "hp=99999999999999999999 is out of range")])
def test_party_add_refuses_a_party_new_party_would_refuse_and_writes_nothing(tmp_path, capsys, hp, why):
    assert run(capsys, "party", "new", "Crew", "--ruleset", "pathfinder1e")[0] == 0
    path = party_file.party_path("Crew")
    text = (f'ruleset = "pathfinder1e"\nname = "Crew"\n\n[[pc]]\nname = "Kyra"\nhp = 30\n\n'
            f'[[pc]]\nname = "Valeros"\nhp = {hp}\n')
    path.write_text(text, encoding="utf-8")
    save = sheets(tmp_path, capsys, "add Kyra pc hp=38")
    code, _, err = run(capsys, "party", "add", "Crew", str(save), "Kyra")
    assert code == 1 and one_line(err) == f"error: {path}: Valeros: {why}"
    assert path.read_text(encoding="utf-8") == text
    code, _, err2 = run(capsys, "new", str(tmp_path / "f.toml"), "--party", "Crew", "--no-open")
    assert code == 1 and err2 == err  # the same judgement, the same line


def test_party_add_keeps_what_the_encounter_does_not_set(tmp_path, capsys):
    """A hand-added stat the encounter's combatant does not set (con = 14) and a key of the
    GM's own at the top of the file stay; what the encounter does set replaces the file's."""
    run(capsys, "party", "new", "Crew", "--ruleset", "pathfinder1e")
    path = party_file.party_path("Crew")
    path.write_text('ruleset = "pathfinder1e"\nname = "Crew"\ncampaign = "Rise of the Runelords"\n\n'
                    '[[pc]]\nname = "Kyra"\nhp = 30\ncon = 14\nwis = 17\n', encoding="utf-8")
    save = sheets(tmp_path, capsys, "add Kyra pc hp=38 wis=18")
    code, out, err = run(capsys, "party", "add", "Crew", str(save))
    assert code == 0, err
    assert out.splitlines() == [f"Crew: Kyra (stat blocks as they are in {save})",
                                "Kyra: kept from the party file, not set in the encounter: con=14"]
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert data["campaign"] == "Rise of the Runelords"
    assert [{k: v for k, v in pc.items() if k != "now"} for pc in data["pc"]] == [
        {"name": "Kyra", "hp": 38, "con": 14, "wis": 18}]
    assert data["pc"][0]["now"]["pools"]["hp"] == 38  # and as the encounter has it now (issue 24)
    enc_path = tmp_path / "next.toml"
    assert run(capsys, "new", str(enc_path), "--party", "Crew", "--no-open")[0] == 0
    kyra = Encounter.open(enc_path, read_only=True).state.get("kyra")
    assert (kyra.stats["con"], kyra.stats["wis"], kyra.pools["hp"].max) == (14, 18, 38)


def test_party_show_names_what_lasted_in_the_readers_words(tmp_path, capsys):
    """`party show` after a fight (issue 22): the stat block as `add` takes it (as the party's
    `add` line writes it: an attack list quoted whole, never a Python list), what lasted by the sheet's labels, the conditions' and
    life's names, in Spanish for a Spanish table."""
    save = sheets(tmp_path, capsys, 'add Kyra pc hp=20 gender=f atk="scimitar +2 1d6 18-20/x2 slashing"',
                  "add Orc hp=9", "start", "dmg Kyra 25", "end")
    assert run(capsys, "party", "new", "Crew", "--ruleset", "pathfinder1e")[0] == 0
    assert run(capsys, "party", "add", "Crew", str(save), "Kyra")[0] == 0
    code, out, err = run(capsys, "--lang", "es", "party", "show", "Crew")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[1] == "  Kyra: hp=20 'atk=scimitar +2 1d6 18-20/x2 slashing' gender=f"
    assert lines[2].startswith("    tras el último combate: PG -5, no letal 0, puntos de héroe")
    assert lines[2].endswith("; moribunda")
