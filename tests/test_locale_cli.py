"""The command line in the language of the GM's environment, run as a GM runs it (issue 23).

Every other test runs under ``LANG=C.UTF-8`` (tests/conftest.py), so "passes in any locale" is
true there by construction. Here the program runs as a subprocess with the environment a
Spanish GM has: ``LANG=es_ES.UTF-8`` and no ``LC_ALL``, or ``LC_ALL=es_ES.UTF-8``. The machine
need not have that locale generated: gm-console reads the variables itself (cli.default_lang)
and Python falls back to UTF-8 I/O, so the output must be Spanish, whole and traceback-free
either way.
"""

from __future__ import annotations

import gettext
import os
import re
import subprocess
import sys
from functools import lru_cache
from pathlib import Path

import pytest

from gm_console.i18n import tool

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "saves" / "pathfinder1e.toml"
SPANISH = {"LANG": "es_ES.UTF-8"}
ENVIRONMENTS = [
    pytest.param({"LANG": "es_ES.UTF-8"}, id="LANG"),
    pytest.param({"LC_ALL": "es_ES.UTF-8"}, id="LC_ALL"),
    pytest.param({"LANG": "en_US.UTF-8", "LC_ALL": "es_ES.UTF-8"}, id="LC_ALL-over-LANG"),
]


def gm(*args: str, env: dict[str, str], cwd: Path = ROOT) -> subprocess.CompletedProcess:
    """``python -m gm_console ARGS`` with the test's folders and exactly the locale ``env``."""
    base = {k: v for k, v in os.environ.items()
            if k not in ("LANG", "LANGUAGE", "GM_CONSOLE_LANG", "PYTHONIOENCODING", "PYTHONUTF8")
            and not k.startswith("LC_")}
    r = subprocess.run([sys.executable, "-m", "gm_console", *args], capture_output=True, timeout=120, cwd=cwd,
                       env={**base, "PYTHONPATH": str(ROOT), **env})
    out, err = r.stdout.decode("utf-8"), r.stderr.decode("utf-8")  # UTF-8 whatever the locale
    assert "Traceback" not in err and "Error:" not in err, err
    return subprocess.CompletedProcess(r.args, r.returncode, out, err)


@lru_cache(maxsize=1)
def translated_sentences() -> tuple[str, ...]:
    """English sentences every catalogue translates (the core's and each game's): pieces of at
    least four words between placeholders, whose Spanish is something else. A Spanish output
    holding one of them shows English the GM should not read."""
    found = set()
    for pkg in tool.packages():
        with open(pkg.mo("es"), "rb") as fh:
            catalogue = gettext.GNUTranslations(fh)._catalog
        for key, spanish in catalogue.items():
            english = key[0] if isinstance(key, tuple) else key
            if not english or "\x04" in english:
                continue
            english = english.split("\x00")[0]
            for piece in re.split(r"\{[^}]*\}", english):
                piece = piece.strip(" \n:;,`'\"")
                if len(piece.split()) >= 4 and piece not in spanish:
                    found.add(piece)
    return tuple(sorted(found))


def english_in(text: str) -> list[str]:
    return [s for s in translated_sentences() if s in text]


def test_the_list_of_translated_english_sentences_is_not_empty():
    """The check below would pass on anything if it found no sentence to look for."""
    sentences = translated_sentences()
    assert len(sentences) > 200
    assert "apply commands to an encounter and save (all or nothing)" in sentences
    assert english_in("Kyra: apply commands to an encounter and save (all or nothing)!")


@pytest.mark.parametrize("env", ENVIRONMENTS)
def test_help_is_spanish_in_a_spanish_environment(env):
    r = gm("--help", env=env)
    assert r.returncode == 0
    assert r.stdout.startswith("uso: gm-console")
    for spanish in ("crear un encuentro", "opciones:", "mostrar esta ayuda y salir", "idioma de la interfaz"):
        assert spanish in r.stdout
    assert "usage:" not in r.stdout and "show this help message" not in r.stdout
    own = [s for s in english_in(r.stdout) if not _library_help(s)]
    assert own == []


def _library_help(sentence: str) -> bool:
    """bestiary/party help (cli_library.py) is not a catalogue message yet: reported, not ours."""
    return sentence in {"a campaign's PCs, carried from fight to fight"}


@pytest.mark.parametrize("env", ENVIRONMENTS)
def test_show_of_an_example_reads_in_spanish(env):
    r = gm("show", str(EXAMPLE), env=env)
    assert r.returncode == 0 and r.stderr == ""
    for spanish in ("Asalto", "Nombre", "Estados", "Situación", "Estremecido", "| muerto |", "| moribundo |", "Valeros (PJ)"):
        assert spanish in r.stdout
    assert english_in(r.stdout) == []
    assert "| dead |" not in r.stdout and "| dying |" not in r.stdout and "(PC)" not in r.stdout
    english = gm("show", str(EXAMPLE), env={"LANG": "C.UTF-8"}).stdout
    assert english_in(english) and "| dead |" in english  # what the checks above would have caught


def test_exec_log_and_errors_read_in_spanish(tmp_path):
    save = tmp_path / "vado.toml"
    r = gm("exec", str(save), "--new", "pathfinder1e", "--rolls", "12", "--",
           "add Kyra pc hp=20 ac=15", "add Goblin hp=6", "init Kyra 15", "init Goblin 10", "start",
           "dmg Goblin 4", "cond Kyra shaken 10m", env=SPANISH)
    assert r.returncode == 0, r.stderr
    assert "Goblin recibe 4 de daño" in r.stdout and "Asalto 1" in r.stdout
    assert "aviso: 1 de las --rolls no hizo falta: 12" in r.stderr
    assert english_in(r.stdout + r.stderr) == []
    r = gm("log", str(save), env=SPANISH)
    assert r.returncode == 0 and "Goblin recibe 4 de daño" in r.stdout and english_in(r.stdout) == []
    before = save.read_bytes()
    r = gm("exec", str(save), "--", "golpear Goblin", env=SPANISH)
    assert r.returncode == 1 and r.stdout == ""
    assert r.stderr.startswith("error: verbo desconocido 'golpear'") and r.stderr.count("\n") == 1
    r = gm("exec", str(save), "-inf", env=SPANISH)
    assert r.returncode == 2 and r.stderr.startswith("error: exec: '-inf' no es una opción de exec")
    assert r.stderr.count("\n") == 1 and save.read_bytes() == before


def test_list_rulesets_and_new_read_in_spanish(tmp_path):
    r = gm("list", env=SPANISH)
    assert r.returncode == 0 and "ejemplo" in r.stdout and "asalto 2" in r.stdout and "preparado" in r.stdout
    assert "example" not in r.stdout and "round" not in r.stdout
    r = gm("rulesets", env=SPANISH)
    assert r.returncode == 0 and "incluido" in r.stdout and "built-in" not in r.stdout
    r = gm("new", str(tmp_path / "n.toml"), "--ruleset", "generic", "--no-open", env=SPANISH)
    assert r.returncode == 0 and r.stdout.startswith("creado ")


def test_lc_all_c_wins_over_a_spanish_lang_and_gm_console_lang_over_both():
    """POSIX order: LC_ALL, then LC_MESSAGES, then LANG; GM_CONSOLE_LANG before them all."""
    assert gm("--help", env={"LANG": "es_ES.UTF-8", "LC_ALL": "C.UTF-8"}).stdout.startswith("usage: gm-console")
    r = gm("--help", env={"LC_ALL": "C.UTF-8", "GM_CONSOLE_LANG": "es"})
    assert r.stdout.startswith("uso: gm-console")
    assert gm("--lang", "en", "--help", env=SPANISH).stdout.startswith("usage: gm-console")


def test_a_third_language_is_offered_once_its_catalogue_is_there(tmp_path):
    """A third language is a catalogue, no code: the interface offers each language the core's
    catalogue is compiled in (docs/CONTRIBUTING.md, "A third language")."""
    from gm_console.i18n import languages

    for lang in ("es", "fr"):
        (tmp_path / lang / "LC_MESSAGES").mkdir(parents=True)
        (tmp_path / lang / "LC_MESSAGES" / "gm_console.mo").write_bytes(b"")
    (tmp_path / "de" / "LC_MESSAGES").mkdir(parents=True)  # made, not compiled yet
    assert languages(tmp_path) == ("en", "es", "fr")
    assert languages(tmp_path / "nowhere") == ("en",)


def test_a_language_the_interface_offers_runs_every_command_without_its_words_yet(monkeypatch, capsys):
    """With a third language's folder there and its catalogue still empty, --lang takes it and
    what has no translation yet reads English: never a refusal, never a crash."""
    from gm_console import cli

    monkeypatch.setattr(cli, "LANGS", ("en", "es", "fr"))
    monkeypatch.setenv("GM_CONSOLE_LANG", "fr_FR.UTF-8")
    assert cli.default_lang() == "fr"
    assert cli.main(["show", str(EXAMPLE), "--lang", "fr"]) == 0
    assert "Valeros" in capsys.readouterr().out
    assert cli.main(["log", str(EXAMPLE), "--lang", "fr"]) == 0
    assert "Round 1" in capsys.readouterr().out
