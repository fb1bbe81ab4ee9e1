"""Every TUI text exists in English and Spanish, with the same placeholders."""

from __future__ import annotations

import re

from gm_console.tui.i18n import TEXT, life, tr


def test_every_text_has_both_languages_and_the_same_placeholders():
    for key, (en, es) in TEXT.items():
        assert en and es, key
        assert set(re.findall(r"{(\w+)", en)) == set(re.findall(r"{(\w+)", es)), key


def test_tr_formats_and_life_states_translate():
    assert tr("es", "round", n=3) == "Asalto 3"
    assert tr("en", "turn_of", name="Kyra") == "Kyra's turn"
    assert life("es", "dying") == "moribundo"
    assert life("en", "unconscious", short=True) == "uncon."
