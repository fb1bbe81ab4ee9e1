"""A did-you-mean suggests another word, never the one typed (issue 24: "no 'perception'; did you
mean perception?"), whatever its case or accents, nor the same word in the other language."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from gm_console.engine.core.errors import CommandError
from gm_console.engine.core.text import closest, fold_text
from conftest import Table

WORDS = st.text(alphabet="abcdeioóuéíPRC -", min_size=1, max_size=10)


def variants(word: str) -> list[str]:
    accented = word.replace("o", "ó").replace("e", "é").replace("i", "í")
    return [word, word.upper(), word.title(), accented, accented.upper()]


@given(WORDS, st.lists(WORDS, max_size=6), st.data())
def test_a_word_among_the_choices_gets_no_suggestion(word, others, data):
    """Typed in any case, with or without accents: it is a known word, refused for another reason."""
    typed = data.draw(st.sampled_from(variants(word)))
    choice = data.draw(st.sampled_from(variants(word)))
    assert closest(typed, [*others, choice]) is None


@given(WORDS, st.lists(WORDS, max_size=6))
def test_a_suggestion_is_one_of_the_choices_and_not_the_word(word, choices):
    near = closest(word, choices)
    assert near is None or (near in choices and fold_text(near) != fold_text(word))


@given(st.lists(WORDS, min_size=1, max_size=6), st.data())
def test_a_typo_still_gets_its_suggestion(choices, data):
    target = data.draw(st.sampled_from(choices))
    typo = fold_text(target) + "x"
    if len(fold_text(target)) < 6 or any(fold_text(c) == fold_text(typo) for c in choices):
        return
    assert closest(typo, choices) is not None


@pytest.mark.parametrize("ruleset", ["generic", "starfinder"])
@pytest.mark.parametrize("typed", ["perception", "Perception", "percepcion", "Percepción"])
def test_a_check_on_a_skill_the_sheet_lacks_suggests_no_word_of_the_same_skill(ruleset, typed):
    t = Table(ruleset)
    t.do("add Kyra pc hp=20")
    with pytest.raises(CommandError) as err:
        t.do(f"check Kyra {typed}")
    line = err.value.render("en")
    assert "did you mean" not in line, line  # not "perception", not "percepcion"
    assert f"({typed}+5)" in line  # what to type instead


def test_a_typo_in_a_check_still_gets_its_suggestion():
    t = Table("starfinder")
    t.do("add Kyra pc hp=20")
    with pytest.raises(CommandError) as err:
        t.do("check Kyra perceptoin")
    assert "did you mean perception?" in err.value.render("en")
