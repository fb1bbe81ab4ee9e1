"""Small input bugs a GM runs into (issue 23, item 5): a quoted name holding `=`, a command
starting with `-` given to exec, a name with a broken character given to duplicate or rename.
Each is one clear line, never argparse's usage page or a traceback, and nothing is written."""

from __future__ import annotations

import os

import pytest

from conftest import Table
from gm_console.cli import main
from gm_console.engine.language.commands import CommandError, parse
from gm_console.storage import Encounter, SaveError, manage
from gm_console.storage.paths import saves_dir
from gm_console.tui.lines import quote


# -- a quoted name may hold `=` -----------------------------------------------------------------


@pytest.mark.parametrize("name", ["[url=x]y", "a=b", "HP=10 golem"])
def test_a_quoted_name_holding_an_equals_sign_is_a_name(name):
    """`add "[url=x]y" hp=5`: in quotes, `=` is a letter of the name, not a stat."""
    t = Table("generic")
    t.do(f'add "{name}" hp=5', f'dmg "{name}" 2')
    assert [c.name for c in t.state.combatants.values()] == [name]
    assert t.hp(name) == 3 and t.c(name).pools["hp"].max == 5


def test_the_add_form_line_of_such_a_name_adds_it_numbered_with_its_stats():
    """The TUI's add form quotes the name it builds the line from (tui/lines.py)."""
    t = Table("generic")
    t.do(f"add {quote('[b]=boss')} x2 hp=7")
    assert [c.name for c in t.state.combatants.values()] == ["[b]=boss 1", "[b]=boss 2"]
    assert t.hp("[b]=boss 2") == 7


def test_a_key_value_where_the_name_goes_is_still_refused():
    """Unquoted, `add hp=5` has no name: one line saying so, nothing added."""
    t = Table("generic")
    with pytest.raises(CommandError, match="add: expected a name first; usage: add NAME"):
        t.do("add hp=5")
    assert t.state.combatants == {}


def test_quoted_stats_stay_stats_and_values_are_plain_text():
    """A party's add line quotes whole `key=value` tokens (storage/party.py); they stay stats."""
    call = parse("add Kyra pc 'notes=owes the guild' \"hp=12\"")
    assert call.name == "Kyra" and call.fields == (("notes", "owes the guild"), ("hp", "12"))
    call = parse('add "[url=x]y" hp=5')
    assert type(call.name) is str  # what the events and the save hold is plain text


def test_such_a_name_is_saved_and_read_back(tmp_path):
    path = tmp_path / "f.toml"
    with Encounter.create(path, "generic") as enc:
        enc.execute('add "[url=x]y" hp=5')
        enc.execute('dmg "[url=x]y" 1')
    with Encounter.open(path, read_only=True) as again:
        assert [(c.name, c.pools["hp"].value) for c in again.state.combatants.values()] == [("[url=x]y", 4)]


# -- exec and a command starting with `-` ---------------------------------------------------------


@pytest.fixture
def fight(tmp_path):
    p = tmp_path / "f.toml"
    assert main(["exec", str(p), "--new", "generic", "-q", "--", "add Kyra pc hp=20", "add Goblin hp=7"]) == 0
    return p


def one_line(capsys) -> str:
    out = capsys.readouterr()
    err = out.err.strip()
    assert out.out == "" and "\n" not in err and "usage:" not in err and "Traceback" not in err, out.err
    return err


def test_exec_with_a_command_starting_with_a_dash_is_one_line_saying_where_commands_go(fight, capsys):
    before = fight.read_bytes()
    capsys.readouterr()
    assert main(["exec", str(fight), "-inf"]) == 2
    err = one_line(capsys)
    assert err.startswith("error: exec: '-inf' is not an option of exec")
    assert "gm-console exec PATH -- CMD" in err
    assert fight.read_bytes() == before


def test_commands_after_an_option_are_commands_in_the_order_typed(fight, capsys):
    """`exec PATH --rolls 12,8 roll start`: what follows the option is still the commands,
    run in the order typed (the GM need not know argparse's ways)."""
    assert main(["exec", str(fight), "add Orc hp=9", "--quiet", "dmg Orc 2", "dmg Orc 3"]) == 0
    enc = Encounter.open(fight, read_only=True)
    assert [e.line for e in enc.session.done][-3:] == ["add Orc hp=9", "dmg Orc 2", "dmg Orc 3"]
    assert enc.state.combatants["orc"].pools["hp"].value == 4


def test_after_dashes_such_a_command_is_the_engines_refusal_in_one_line(fight, capsys):
    before = fight.read_bytes()
    capsys.readouterr()
    assert main(["exec", str(fight), "--", "-inf"]) == 1
    assert one_line(capsys).startswith("error: unknown verb '-inf'")
    assert fight.read_bytes() == before


@pytest.mark.parametrize("argv, said", [
    (["show"], "error: gm-console show: missing PATH; see `gm-console show --help`"),
    (["post", "{p}", "--format", "html"],
     "error: gm-console post: --format takes 'bbcode', 'markdown', not 'html'; see `gm-console post --help`"),
    (["post", "{p}", "--round"], "error: gm-console post: --round needs a value; see `gm-console post --help`"),
    (["show", "{p}", "--json", "--markdown"],
     "error: gm-console show: --markdown cannot go with --json; see `gm-console show --help`"),
    (["show", "{p}", "--colour"], "error: gm-console show: unexpected --colour; see `gm-console show --help`"),
    (["--bogus"], "error: gm-console: unexpected --bogus; see `gm-console --help`"),
])
def test_any_argument_mistake_is_one_line_not_the_usage_page(fight, capsys, argv, said):
    capsys.readouterr()
    assert main([a.format(p=fight) for a in argv]) == 2
    assert one_line(capsys) == said


def test_the_parser_alone_still_exits_with_status_2_as_argparse_promises():
    """Code that builds the parser itself (tests, the served view) gets argparse's exit."""
    from gm_console.cli import _parser

    with pytest.raises(SystemExit) as exc:
        _parser().parse_args(["serve", "fight.toml"])
    assert exc.value.code == 2


def test_the_argument_mistake_reads_in_spanish(fight, capsys):
    capsys.readouterr()
    assert main(["--lang", "es", "exec", str(fight), "-inf"]) == 2
    err = one_line(capsys)
    assert err.startswith("error: exec: '-inf' no es una opción de exec") and "después de `--`" in err
    assert main(["show", "--lang", "es"]) == 2
    assert one_line(capsys) == "error: gm-console show: falta PATH; consulta `gm-console show --help`"


# -- duplicate and rename with a broken character ------------------------------------------------


def _saves() -> list[str]:
    folder = saves_dir()
    return sorted(os.listdir(folder)) if folder.exists() else []


@pytest.mark.parametrize("chore", [manage.duplicate, manage.rename])
def test_a_name_with_a_lone_surrogate_is_refused_in_one_line_and_nothing_changes(fight, chore):
    """A pasted name holding half a character (U+D800) cannot be written to any file: refused,
    not a UnicodeEncodeError; no copy made, the save as it was."""
    before, listed = fight.read_bytes(), _saves()
    with pytest.raises(SaveError) as refused:
        chore(fight, "Goblins \ud800 at the ford")
    message = str(refused.value)
    assert "holds a broken character" in message and "\n" not in message
    assert fight.read_bytes() == before and _saves() == listed


def test_duplicate_and_rename_still_take_any_real_name(fight):
    copy = manage.duplicate(fight, "Trasgos en el vado 🐸 \"2\"")
    manage.rename(fight, "Goblins = trouble")
    with Encounter.open(copy, read_only=True) as enc:
        assert enc.name == "Trasgos en el vado 🐸 \"2\"" and "kyra" in enc.state.combatants
    with Encounter.open(fight, read_only=True) as enc:
        assert enc.name == "Goblins = trouble"
