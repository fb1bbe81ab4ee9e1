"""gm-console as users install it (issue 28 §4): built into a wheel, installed into a fresh
venv, the picker's bundled examples are there, `add @goblin` finds its bestiary and the Spanish
catalogue speaks. A checkout hides what a wheel leaves out; this test does not run from one."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    where = tmp_path_factory.mktemp("wheel")
    env = {**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", str(ROOT), "-w", str(where)],
                           capture_output=True, text=True, env=env)
    assert built.returncode == 0, built.stderr[-3000:]
    (wheel,) = where.glob("gm_console-*.whl")
    venv = where / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, capture_output=True)
    python = venv / "bin" / "python"
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          check=True, capture_output=True, text=True).stdout.strip()
    # the dependencies come from the environment running the tests; gm-console only from the wheel
    (Path(site) / "dependencies_under_test.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    done = subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", str(wheel)],
                          capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr[-3000:]
    return python


def _run(python: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GM_CONSOLE_")}
    env.update(HOME=str(cwd), PYTHONPATH="")
    return subprocess.run([str(python), "-m", "gm_console", *args], capture_output=True, text=True, cwd=cwd,
                          env=env, timeout=120)


def test_the_wheel_is_what_runs(installed, tmp_path):
    code = "import gm_console, pathlib; print(pathlib.Path(gm_console.__file__).parent.parent.name)"
    r = subprocess.run([str(installed), "-c", code], capture_output=True, text=True, cwd=tmp_path)
    assert r.returncode == 0 and r.stdout.strip() == "site-packages", r.stderr


def test_the_picker_lists_the_bundled_examples(installed, tmp_path):
    r = _run(installed, "list", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    examples = [ln for ln in r.stdout.splitlines() if "_saves" in ln]
    assert len(examples) >= 4 and any("pathfinder1e" in ln for ln in examples), r.stdout


def test_an_installed_copy_adds_from_the_bestiary_in_both_languages(installed, tmp_path):
    r = _run(installed, "exec", "f.toml", "--new", "pathfinder1e", "--", "add @goblin x2", cwd=tmp_path)
    assert r.returncode == 0 and "Goblin 2 joins" in r.stdout, r.stderr
    r = _run(installed, "--lang", "es", "exec", "f.toml", "--", "añadir @trasgo", cwd=tmp_path)
    assert r.returncode == 0 and r.stdout.startswith("Entra "), r.stderr
