"""The library files a GM keeps beside the saves (bestiary, party, prepared encounters, keymap)
never give a traceback (issue 23): a value nested thousands of levels deep or a number of
thousands of digits is one line naming the file and the line.

Everything goes through the command line a GM uses; the data folder is the test's own
(conftest.py)."""

from __future__ import annotations

import pytest

from gm_console import cli
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


def one_line(text: str) -> str:
    assert text.count("\n") == 1 and "Traceback" not in text, text
    return text.strip()


# --- a value nested thousands deep, a number of thousands of digits -----------------------------


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
