"""Folding a name for look-ups (engine/core/text.py): case and accents do not matter, so
`cond goblin enmaranado` finds "Enmarañado" and `percepcion` finds "Percepción"; the accented
letters' table folds them exactly as Unicode's decomposition does."""

from __future__ import annotations

import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from gm_console.engine.core.text import _UNACCENTED, fold_text


def unmarked(text: str) -> str:
    """Unicode's compatibility decomposition without the combining marks."""
    return "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))


def by_unicode(text: str) -> str:
    """The fold as Unicode's tables define it."""
    return " ".join(unmarked(text).casefold().replace("_", " ").replace("-", " ").split())


def test_every_accented_letter_in_the_table_folds_as_unicode_says():
    assert len(_UNACCENTED) > 150
    for code, bare in _UNACCENTED.items():
        assert chr(bare) == unmarked(chr(code)), chr(code)


def test_spanish_and_french_names_fold_to_their_bare_letters():
    assert fold_text("Enmarañado") == "enmaranado"
    assert fold_text("Conocimiento (religión)") == "conocimiento (religion)"
    assert fold_text("Énergie consumée") == "energie consumee"
    assert fold_text("Flat-footed") == "flat footed"


@given(st.text(alphabet=st.sampled_from("aAeEnñÑáÁéÉíóúüÜçÇ-_ ßﬁſ²ÆøŁİ¿ǅ\u0301\u0303x9")))
def test_any_text_folds_as_unicode_says(text):
    assert fold_text(text) == by_unicode(text)


@given(st.text())
def test_any_text_at_all_folds_as_unicode_says(text):
    assert fold_text(text) == by_unicode(text)
