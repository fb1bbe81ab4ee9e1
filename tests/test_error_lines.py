"""Errors stay one readable line (issue 14): a list of names in an error or a hint shows at
most a dozen and says how many more, however big the roster."""

import pytest

from conftest import Table
from gm_console.engine.language.commands import CommandError
from gm_console.engine.core.contract import listing
from gm_console.tui.ui_text import error_text


@pytest.fixture(scope="module")
def horde():
    t = Table("generic")
    for _ in range(50):
        t.do("add Orc x100 hp=9")
    return t


def refused(t: Table, line: str) -> str:
    before = t.state.copy()
    with pytest.raises(CommandError) as exc:
        t.do(line)
    assert t.state == before
    message = str(exc.value)
    assert "\n" not in message and len(message) < 400, f"{len(message)} characters"
    return message


def test_an_unknown_name_in_a_roster_of_5000_is_one_short_line(horde):
    message = refused(horde, "dmg Nobody 5")
    assert message.startswith("no combatant 'Nobody'; combatants: Orc 1, Orc 2,")
    assert message.endswith("Orc 12 ... and 4,988 more")


def test_a_near_miss_is_named_even_when_the_list_is_cut(horde):
    assert "did you mean Orc 4999?" in refused(horde, 'dmg "Orc 49999" 5')


def test_an_ambiguous_prefix_in_a_crowd_says_how_many_match(horde):
    assert refused(horde, "dmg Or 5").endswith("... and 4,988 more")


def test_the_spanish_screen_counts_the_rest_the_spanish_way(horde):
    with pytest.raises(CommandError) as exc:
        horde.do("dmg Nadie 5")
    assert error_text(exc.value.message, "es").endswith("Orc 12 ... y 4.988 más")


def test_the_verbs_of_an_unknown_verb_are_a_dozen_and_the_rest_counted():
    message = refused(Table("generic"), "atack Orc")
    assert "verbs: add, check, clock, cond, delay, dmg" in message and " more" in message


def test_a_short_list_is_listed_whole():
    assert listing(["hp", "ac"]) == "hp, ac"
    assert listing([], "none") == "none"
    assert str(listing(range(13))) == "0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 ... and 1 more"


def test_a_spanish_table_reads_the_verbs_it_types():
    """The refusal lists each verb in the reader's language, with its accents (`acción`), and
    a verb's offered spelling is its Spanish infinitive (`atacar`), as the core's are."""
    with pytest.raises(CommandError) as exc:
        Table("pathfinder1e").do("tira")
    spanish = error_text(exc.value.message, "es")
    assert "verbos: acción, añadir, anterior" in spanish and "¿quizá tirar?" in spanish
    assert " add," not in spanish and "accion" not in spanish
    assert "verbs: action, add, aid" in error_text(exc.value.message, "en")
