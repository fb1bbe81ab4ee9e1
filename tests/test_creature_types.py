"""A bestiary entry's type line reads in the GM's language (issue 22: a Spanish table met
"Small humanoid (goblinoid)" in `bestiary show` and the add form)."""

from hypothesis import given, strategies as st

from gm_console.cli import main
from gm_console.engine.core.creature_types import type_line


def test_bestiary_show_in_spanish_gives_the_type_in_spanish(capsys):
    assert main(["--lang", "es", "bestiary", "show", "trasgo", "--ruleset", "pathfinder1e"]) == 0
    out = capsys.readouterr().out
    assert "Humanoide pequeño (goblinoide)" in out and "Small humanoid" not in out
    assert main(["bestiary", "show", "goblin", "--ruleset", "pathfinder1e"]) == 0
    assert "Small humanoid (goblinoid)" in capsys.readouterr().out


def test_the_size_agrees_with_the_type():
    assert type_line("Small magical beast", "es") == "Bestia mágica pequeña"
    assert type_line("Large monstrous humanoid", "es") == "Humanoide monstruoso grande"
    assert type_line("Medium humanoid (reptoid, shapechanger)", "es") == "Humanoide mediano (reptoide, cambiaformas)"


def test_a_type_it_does_not_know_stays_as_the_book_has_it():
    assert type_line("Huge eldritch horror", "es") == "Huge eldritch horror"
    assert type_line("Medium humanoid (velstrac)", "es") == "Humanoide mediano (velstrac)"


@given(st.text(max_size=60))
def test_any_line_reads_in_english_as_written_and_never_fails(text):
    assert type_line(text, "en") == text
    assert isinstance(type_line(text, "es"), str)
