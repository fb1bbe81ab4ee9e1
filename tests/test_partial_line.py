"""Completion reads a half-typed line as the parser reads a whole one (issue 28 §1: nothing
above the engine splits a command line itself): ``verbs.partial``."""

from hypothesis import given
from hypothesis import strategies as st

from gm_console.engine.language.verbs import partial, tokenize

WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyzáéñ0123456789-+", min_size=1, max_size=8)
NAME = st.lists(WORD, min_size=1, max_size=3).map(" ".join)


def test_the_word_being_typed_and_the_words_before_it():
    assert partial('dmg "Goblin 1" 5') == (["dmg", "Goblin 1"], 15, "5")
    assert partial("dmg ") == (["dmg"], 4, "")
    assert partial('cond "Gob') == (["cond"], 5, '"Gob')
    assert partial("") == ([], 0, "")


@given(st.lists(st.one_of(WORD, NAME.map(lambda n: f'"{n}"')), max_size=5), WORD)
def test_the_words_before_are_the_parsers_words(words, typing):
    """Whatever was typed before the last word, partial gives exactly the parser's words."""
    head = " ".join(words) + (" " if words else "")
    before, start, token = partial(head + typing)
    assert before == [str(w) for w in tokenize(head)]
    assert (start, token) == (len(head), typing)
