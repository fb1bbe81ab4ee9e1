"""Every TUI text exists in English and Spanish, with the same placeholders."""

from __future__ import annotations

import re

from gm_console.tui.i18n import TEXT, life, tr


def test_every_text_has_both_languages_and_the_same_placeholders():
    for key in TEXT:
        en, es = tr("en", key), tr("es", key)
        assert en and es, key
        assert set(re.findall(r"{(\w+)", en)) == set(re.findall(r"{(\w+)", es)), key


def test_tr_formats_and_life_states_translate():
    assert tr("es", "round", n=3) == "Asalto 3"
    assert tr("en", "turn_of", name="Kyra") == "Kyra's turn"
    assert life("es", "dying") == "moribundo"
    assert life("en", "unconscious", short=True) == "uncon."


def test_frequent_engine_errors_read_in_spanish():
    """The Spanish table reads the usual slips in Spanish; the rest stays as the engine said it."""
    from gm_console.tui.i18n import error_text

    assert error_text("no combatant 'zed'; combatants: Kyra, Goblin 1", "es") == \
        "no hay ningún combatiente 'zed'; combatientes: Kyra, Goblin 1"
    assert error_text("unknown verb 'nxet'; did you mean next? verbs: add, next", "es") == \
        "verbo desconocido 'nxet'; ¿quizá next? verbos: add, next"
    assert error_text("nothing to undo", "es") == "no hay nada que deshacer"
    assert error_text("nothing to undo", "en") == "nothing to undo"
    assert error_text("some rule text", "es") == "some rule text"


def test_every_spanish_error_pattern_matches_a_real_engine_message():
    import sys
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).parent))
    from conftest import Table

    from gm_console.engine.commands import CommandError
    from gm_console.tui.i18n import error_text

    t = Table("pathfinder1e")
    t.do("add Kyra pc hp=20", "add Goblin x2 hp=5")
    for line in ("dmg zed 3", "dmg gob 3", "nxet", "frobnicate",
                 "add X hpp=3", "add X zzz=3", "dmg", "redo", "next", "resume Kyra", "trigger Kyra"):
        try:
            t.do(line)
        except CommandError as exc:
            assert error_text(str(exc), "es") != str(exc), line
