"""The worked third-party plugin (examples/lantern-ruleset) installs into a fresh venv and plays.

It is built and installed by pip exactly as a GM would install a game from PyPI, into a new
virtual environment that sees this checkout's gm-console (and its dependencies) but not the
plugin's source folder: only its entry point makes the game appear.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PLUGIN = ROOT / "examples" / "lantern-ruleset"


@pytest.fixture(scope="module")
def venv(tmp_path_factory) -> Path:
    where = tmp_path_factory.mktemp("plugin-venv") / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(where)], check=True, capture_output=True)
    python = where / "bin" / "python"
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          check=True, capture_output=True, text=True).stdout.strip()
    # gm-console and its dependencies come from the environment running the tests
    (Path(site) / "gm_console_under_test.pth").write_text(
        sysconfig.get_paths()["purelib"] + "\n" + str(ROOT) + "\n")
    source = where.parent / "lantern-ruleset"  # a copy, so the build leaves the checkout clean
    shutil.copytree(PLUGIN, source, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
    r = subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", str(source)],
                       capture_output=True, text=True, env={**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"})
    assert r.returncode == 0, r.stderr[-3000:]
    return python


def _run(python: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "GM_CONSOLE_DATA_DIR": str(cwd / "data"), "GM_CONSOLE_CONFIG_DIR": str(cwd / "cfg")}
    return subprocess.run([str(python), "-m", "gm_console", *args], capture_output=True, text=True, cwd=cwd, env=env)


def test_the_installed_plugin_is_listed_as_a_third_party_game(venv, tmp_path):
    r = _run(venv, "rulesets", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    line = next(ln for ln in r.stdout.splitlines() if ln.startswith("lantern"))
    assert "Lantern" in line and "from lantern-ruleset 0.1.0" in line


def test_a_fight_in_the_plugin_game_follows_its_rules_in_both_languages(venv, tmp_path):
    save = tmp_path / "fight.toml"
    r = _run(venv, "exec", str(save), "--new", "lantern", "--rolls", "6,1,4,1,4", "--",
             "add Ash pc hp=8 armor=1 agility=2", "add Rat hp=3", "roll", "start",
             "dmg Ash 4", "cond Ash aturdido", "dmg Ash 2", "rally Ash", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "Ash takes 3 (4 - 1 armor): HP 5" in r.stdout  # armor soaks
    assert "Ash takes 2 (2 - 0 armor): HP 3" in r.stdout  # stunned: armor 1 - 2 -> 0
    assert "Ash rallies: +4 HP" in r.stdout
    again = _run(venv, "exec", str(save), "--lang", "es", "--", "rally Ash", cwd=tmp_path)
    assert again.returncode == 1 and "Ash ya se ha reagrupado en este combate" in again.stderr
    shown = _run(venv, "show", str(save), "--json", cwd=tmp_path)
    import json

    ash = next(c for c in json.loads(shown.stdout)["combatants"] if c["name"] == "Ash")
    assert ash["pools"]["hp"] == {"value": 7, "max": 8} and ash["effective"]["armor"] == 0


def test_the_plugin_source_is_not_what_is_imported(venv, tmp_path):
    code = "import lantern_ruleset, pathlib; print(pathlib.Path(lantern_ruleset.__file__).parent.parent.name)"
    r = subprocess.run([str(venv), "-c", code], capture_output=True, text=True, cwd=tmp_path)
    assert r.returncode == 0 and r.stdout.strip() == "site-packages"


def test_the_plugin_catalogue_is_complete():
    from gm_console.i18n import tool

    pkg = tool.Package(PLUGIN / "lantern_ruleset", "lantern")
    po, mo, missing = tool.refresh(pkg, "es")
    assert missing == [] and pkg.mo("es").read_bytes() == mo


def test_the_plugin_ships_its_bestiary_as_data_beside_its_module(venv, tmp_path):
    """A third-party game adds creatures the way a built-in one does: a bestiary.toml in its
    package, found through Ruleset.bestiary_files, names in either language."""
    save = tmp_path / "rats.toml"
    r = _run(venv, "exec", str(save), "--new", "lantern", "--rolls", "4", "--",
             "add @rata x2", "add @rat roll", "add @shade", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    import json

    shown = json.loads(_run(venv, "show", str(save), "--json", cwd=tmp_path).stdout)
    hp = {c["name"]: c["pools"]["hp"]["max"] for c in shown["combatants"]}
    # named in the table's language (English here), one more rat numbered after two (issue 24)
    assert hp == {"Giant rat 1": 3, "Giant rat 2": 3, "Giant rat 3": 5, "Shade": 6}  # rolled 4 + 1
    assert next(c for c in shown["combatants"] if c["name"] == "Shade")["stats"]["armor"] == 1


def test_the_plugin_types_its_sentences_so_the_players_read_a_pcs_line_and_never_a_foes_hp(venv, tmp_path):
    """docs/players.md §1.1: the example a plugin author copies types each argument (named, dealt,
    of): the players read the PC's lines whole and the foe's health as a word; the GM reads all,
    the roll's purpose too, in the GM's language."""
    save = tmp_path / "typed.toml"
    r = _run(venv, "exec", str(save), "--new", "lantern", "--rolls", "6,1,4,1,4", "--",
             "add Ash pc hp=8 armor=1 agility=2", "add Rat hp=3", "roll", "start",
             "dmg Rat 2", "dmg Ash 4", "rally Ash", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    players = _run(venv, "log", str(save), "--players", cwd=tmp_path)
    assert players.returncode == 0, players.stderr
    assert "Ash takes 3 (4 - 1 armor): HP 5" in players.stdout and "Ash rallies: +4 HP" in players.stdout
    assert "Rat is hurt: bloodied" in players.stdout
    assert "HP 1" not in players.stdout and "(2 - 0 armor)" not in players.stdout
    gm = _run(venv, "log", str(save), "--lang", "es", cwd=tmp_path)
    assert "Rat recibe 2 (2 - 0 de armadura): PG 1" in gm.stdout
    assert "reagrupamiento de Ash" in gm.stdout
