"""The console starts only on a Textual it is tested with (issue 28 §4): the type-ahead reads
Textual's private attributes (tui/compat.py), so another version is one clear line, not keys
applied out of order."""

from importlib.metadata import version

import pytest

from gm_console.cli import main
from gm_console.tui import compat


def test_the_installed_textual_is_read_and_is_a_tested_one():
    assert compat.installed_version() == tuple(int(p) for p in version("textual").split(".")[:3])
    compat.check()  # the suite runs on a tested Textual: the pin in pyproject and TESTED agree


@pytest.mark.parametrize("other", [(8, 3, 0), (9, 0, 0), (8, 1, 4)])
def test_another_textual_is_refused_in_one_line_naming_what_works(other):
    with pytest.raises(compat.UnsupportedTextual) as refused:
        compat.check(other)
    text = str(refused.value)
    assert text.startswith(f"Textual {'.'.join(map(str, other))} is not one") and "8.2.x" in text
    assert "\n" not in text


def test_opening_the_console_on_another_textual_says_so_and_opens_nothing(tmp_path, capsys, monkeypatch):
    save = tmp_path / "f.toml"
    assert main(["new", str(save), "--ruleset", "generic", "--no-open"]) == 0
    capsys.readouterr()
    monkeypatch.setattr(compat, "installed_version", lambda: (9, 1, 0))
    assert main(["--lang", "es", "open", str(save)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: Textual 9.1.0 no es una versión con la que se haya probado") and "\n" not in err
