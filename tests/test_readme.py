"""The README tells the truth: its key table and ruleset sections match their sources,
and the test command it gives is the one CI runs."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_readme_generated_sections_are_current():
    out = subprocess.run([sys.executable, str(ROOT / "scripts" / "readme.py"), "--check"],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr


def test_readme_key_table_lists_every_binding():
    from gm_console.tui.bindings import ENCOUNTER_KEYS

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for spec in ENCOUNTER_KEYS:
        assert f"| `{spec.id}` |" in readme, spec.id


def test_ci_runs_the_readme_test_command():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "pip install -e '.[test]'" in readme and "pip\" install -q -e '.[test]'" in ci
    assert "python -m pytest" in readme and "python\" -m pytest" in ci


def test_readme_screenshots_exist():
    import re

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for path in re.findall(r"\]\((screenshots/[^)]+)\)", readme):
        assert (ROOT / path).exists(), path
