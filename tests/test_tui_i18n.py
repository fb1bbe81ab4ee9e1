"""Every TUI text exists in English and Spanish, with the same placeholders."""

from __future__ import annotations

import re

import pytest

from gm_console.tui.ui_text import TEXT, life, tr


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


def test_every_refusal_a_gm_meets_reads_in_spanish():
    """Refusals are catalogue messages: the screen renders them in the GM's language, each one."""
    import sys
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).parent))
    from conftest import Table

    from gm_console.engine.language.commands import CommandError
    from gm_console.tui.ui_text import error_text

    t = Table("pathfinder1e")
    t.do("add Kyra pc hp=20", "add Goblin x2 hp=5")
    spanish = {}
    for line in ("dmg zed 3", "dmg gob 3", "nxet", "frobnicate", "cond Kyra estremecdo", "add X hpp=3",
                 "add X zzz=3", "dmg", "redo", "next", "resume Kyra", "trigger Kyra", "pass forever",
                 "r 1/0", "check Kyra stelth vs 10", "option nonsense"):
        with pytest.raises(CommandError) as exc:
            t.do(line)
        spanish[line] = error_text(exc.value.message, "es")
        assert spanish[line] != str(exc.value), (line, spanish[line])
    assert spanish["dmg zed 3"].startswith("no hay ningún combatiente 'zed'")
    assert spanish["nxet"].startswith("verbo desconocido 'nxet'; ¿quizá next?")
    assert spanish["redo"] == "no hay nada que rehacer"


def test_the_damage_forms_types_are_each_once_in_the_gms_language_and_typeable():
    """The damage form names the types its game's `dmg` takes, once each in the GM's language
    (`fuego, frío, ... hierro-frío`), not every spelling it reads (`fire, fuego, frio, frío...`),
    and each word shown is taken as typed."""
    from conftest import Table
    from gm_console import plugins
    from gm_console.tui.modals.damage import type_words

    for game, defence in (("pathfinder1e", "dr=5/cold-iron"), ("starfinder", "sp=0"), ("dnd5e", "")):
        words = type_words(plugins.load(game).health.damage_types(), "es")
        assert "fuego" in words and "fire" not in words and "letal" not in words and len(words) == len(set(words))
        for word in words:
            t = Table(game)
            t.do(f"add Target hp=30 {defence}", f"dmg Target 1 {word}")
    assert "hierro-frío" in type_words(plugins.load("pathfinder1e").health.damage_types(), "es")


def test_a_key_runs_its_line_in_the_tables_words_and_a_typed_line_runs_as_typed(tmp_path):
    """At a Spanish table `n` logs `siguiente`, not `next`; a line the GM typed in English in the
    command bar is kept as typed."""
    import asyncio

    from gm_console.engine.core.dice import Dice
    from gm_console.tui.app import GMConsole
    from test_tui_support import make_encounter

    async def run() -> list[str]:
        enc = make_encounter(tmp_path, ["add Kyra pc hp=20 init=15", "add Goblin hp=6 init=10", "start"],
                             ruleset="pathfinder1e")
        app = GMConsole(encounter=enc, dice=Dice.from_rolls([], seed=1), lang="es")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("n")
            await pilot.pause()
            await pilot.press("colon", *"next", "enter")
            await pilot.pause()
        return [e.line for e in enc.session.done][-2:]

    assert asyncio.run(run()) == ["siguiente", "next"]


def test_the_screens_take_any_compiled_language(monkeypatch, tmp_path):
    """A third language is a catalogue: once compiled (i18n.LANGS lists it) the console and the
    players' view speak it instead of falling back to English; an unknown one is English."""
    from gm_console.tui import app as console
    from gm_console.tui.players import app as players

    monkeypatch.setattr(console, "LANGS", ("en", "es", "xx"))
    monkeypatch.setattr(players, "LANGS", ("en", "es", "xx"))
    assert console.GMConsole(lang="xx").lang == "xx" and console.GMConsole(lang="zz").lang == "en"
    assert players.PlayersApp(tmp_path / "f.toml", lang="xx").lang == "xx"
    assert players.PlayersApp(tmp_path / "f.toml", lang="zz").lang == "en"
