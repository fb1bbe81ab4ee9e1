"""A Spanish GM reads why a file is not TOML in Spanish (issue 22): tomllib says why in English,
from a closed set of reasons, and storage/tomlfile.py gives each its catalogue message, looked up
exactly, with the line and the column as arguments. A reason it does not know (a newer Python's)
stays tomllib's English, never a crash."""

from __future__ import annotations

import ast
import inspect
import tomllib

import pytest

from gm_console.cli import main
from gm_console.i18n import Msg, render
from gm_console.storage import tomlfile


def tomllibs_reasons() -> list[str]:
    """Every reason the running Python's tomllib gives, a quoted part of the file as ``'x'``."""
    from tomllib import _parser

    out = []
    for node in ast.walk(ast.parse(inspect.getsource(_parser))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "suffixed_err":
            msg = node.args[2]
            if isinstance(msg, ast.Constant):
                out.append(msg.value)
            else:
                out.append("".join(p.value if isinstance(p, ast.Constant) else "'x'" for p in msg.values))
    return out


def test_every_reason_tomllib_gives_has_its_catalogue_message():
    reasons = tomllibs_reasons()
    assert len(reasons) >= 20
    assert [r for r in reasons if not isinstance(tomlfile.why_of(r), Msg)] == []


@pytest.fixture
def save(tmp_path):
    path = tmp_path / "fight.toml"
    assert main(["exec", str(path), "--new", "generic", "-q", "--", "add Kyra pc hp=20"]) == 0
    return path


@pytest.mark.parametrize("old, new, said", [
    ('ruleset = "generic"', 'ruleset "generic"',
     "no es TOML válido: falta '=' después de una clave (en la línea 5, columna 9)"),
    ('ruleset = "generic"', 'ruleset = "generic" x = 1',
     "no es TOML válido: hay algo más después de un valor en su línea (en la línea 5, columna 21)"),
    ('ruleset = "generic"', 'ruleset = "generic"\nruleset = "pathfinder1e"',
     "no es TOML válido: un valor se da dos veces (en la línea 6, columna 25)"),
    ('name = "fight"', 'name = "fight', "no es TOML válido: el carácter '\\n' no se admite en una cadena (en la línea 6"),
])
def test_a_broken_save_says_why_in_spanish(save, capsys, old, new, said):
    text = save.read_text(encoding="utf-8")
    save.write_text(text.replace(old, new, 1), encoding="utf-8")
    assert main(["show", str(save), "--lang", "es"]) != 0
    err = capsys.readouterr().err
    assert said in err and "línea" in err, err
    assert save.read_text(encoding="utf-8") == text.replace(old, new, 1)  # never rewritten


def test_a_library_file_says_why_in_spanish():
    with pytest.raises(tomlfile.TomlError) as refused:
        tomlfile.loads('[goblin]\nen = "Goblin"\nhp = [6\n')
    assert refused.value.line == 3
    assert render(refused.value.why, "es") == "no es TOML válido (una lista sin cerrar con ']')"
    assert render(refused.value.why, "en") == "not valid TOML (an array not closed with ']')"


def test_the_end_of_the_file_is_said_as_such():
    with pytest.raises(tomllib.TOMLDecodeError) as exc:
        tomllib.loads('a = "never closed')
    assert render(tomlfile.reason(exc.value), "es") == "una cadena sin cerrar (al final del archivo)"


def test_a_reason_the_table_does_not_know_stays_tomllibs_english():
    assert tomlfile.why_of("Some reason of a newer Python") == "Some reason of a newer Python"
    assert render(tomlfile.reason(tomllib.TOMLDecodeError("Odd (at line 3, column 2)")), "es") == \
        "Odd (en la línea 3, columna 2)"
    assert tomlfile.reason(tomllib.TOMLDecodeError("no position at all")) == "no position at all"
