"""Import hygiene: the engine and rulesets never import UI, storage or each other upward.

Checked twice: statically (every import statement in the source) and at run time
(importing the engine and a ruleset in a fresh interpreter loads no textual/rich).
"""

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN_FOR_ENGINE = ("textual", "rich", "gm_console.storage", "gm_console.tui", "gm_console.cli",
                        "gm_console.plugins", "gm_console.ruleset", "rulesets")
FORBIDDEN_FOR_RULESETS = ("textual", "rich", "gm_console.storage", "gm_console.tui", "gm_console.cli",
                          "gm_console.plugins")


def imports(folder: Path):
    for path in folder.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    yield path, alias.name
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                yield path, node.module


def offenders(folder, forbidden):
    return [f"{p.relative_to(ROOT)}: {m}" for p, m in imports(folder)
            if any(m == f or m.startswith(f + ".") for f in forbidden)]


def test_engine_imports_nothing_above_it():
    assert offenders(ROOT / "gm_console" / "engine", FORBIDDEN_FOR_ENGINE) == []


def test_rulesets_import_only_the_contract():
    assert offenders(ROOT / "rulesets", FORBIDDEN_FOR_RULESETS) == []


def test_storage_knows_no_ui():
    assert offenders(ROOT / "gm_console" / "storage", ("textual", "rich", "gm_console.tui", "gm_console.cli")) == []


def test_loading_engine_and_rulesets_pulls_in_no_ui_at_run_time():
    code = ("import sys, gm_console.engine.session, gm_console.plugins as p\n"
            "[p.load(i) for i in p.installed_ids()]\n"
            "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')]\n"
            "print(bad)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_import_linter_contracts_hold():
    lint = Path(sys.executable).parent / "lint-imports"
    if not lint.exists():
        import pytest

        pytest.skip("import-linter not installed (pip install -e .[test])")
    out = subprocess.run([str(lint)], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stdout + out.stderr
