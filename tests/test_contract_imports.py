"""The import rules of docs/ARCHITECTURE.md and docs/CONTRIBUTING.md are import-linter's
contracts in pyproject.toml; this runs them, so a broken contract fails CI, and checks the
things a contract cannot say: what a ruleset pulls in when the program loads it through
its entry point, that a built-in game needs nothing outside the standard library, and that the
imports the cycle and layer contracts ignore are made only for type checking, and that every
module of the engine sits in one of its rooms."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parent.parent


def contracts() -> list[dict]:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["tool"]["importlinter"]["contracts"]


def test_the_import_contracts_hold():
    lint = Path(sys.executable).parent / "lint-imports"
    assert lint.exists(), "import-linter is a test dependency: pip install -e '.[test]'"
    out = subprocess.run([str(lint), "--no-cache"], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "0 broken" in out.stdout and len(contracts()) >= 8


def test_loading_the_engine_and_every_ruleset_pulls_in_no_ui():
    """Rulesets are imported by their entry point's name at run time, which no static graph sees."""
    code = ("import sys, gm_console.engine.language.session, gm_console.plugins as p\n"
            "[p.load(i) for i in p.installed_ids()]\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_a_built_in_game_imports_only_the_standard_library_outside_gm_console_ruleset():
    graph = grimp.build_graph("rulesets", include_external_packages=True, cache_dir=None)
    outside = {(m, imported) for m in graph.find_descendants("rulesets")
               for imported in graph.find_modules_directly_imported_by(m)
               if imported.split(".")[0] not in ("rulesets", "gm_console") + tuple(sys.stdlib_module_names)}
    assert outside == set()


def test_the_imports_the_contracts_ignore_are_for_type_checking_only():
    """An ignored import that came to run would hide a real cycle: each is absent from the graph
    of what runs, and present in the whole one (else the ignore is stale)."""
    ignored = [tuple(s.strip() for s in line.split("->")) for c in contracts()
               if c["type"] in ("acyclic_siblings", "layers") for line in c.get("ignore_imports", ())]
    assert len(ignored) >= 3
    running = grimp.build_graph("gm_console", exclude_type_checking_imports=True, cache_dir=None)
    whole = grimp.build_graph("gm_console", cache_dir=None)
    for importer, imported in ignored:
        assert not running.direct_import_exists(importer=importer, imported=imported), (importer, imported)
        assert whole.direct_import_exists(importer=importer, imported=imported), (importer, imported)


def test_no_package_and_a_module_inside_it_import_each_other_at_run_time():
    """A package's __init__ importing one of its modules that imports the package back is a cycle
    the sibling-cycle contract does not look at (the package is their ancestor, not a sibling)."""
    graph = grimp.build_graph("gm_console", "rulesets", exclude_type_checking_imports=True, cache_dir=None)
    both_ways = [(package, m) for package in graph.modules if graph.find_children(package)
                 for m in graph.find_descendants(package)
                 if graph.chain_exists(importer=m, imported=package)
                 and graph.chain_exists(importer=package, imported=m)]
    assert both_ways == []


def test_every_module_of_the_engine_is_in_a_room():
    """The rooms contract sees the rooms only: a module left loose in engine/ would escape it."""
    (rooms,) = [c for c in contracts() if c.get("containers") == ["gm_console.engine"]]
    engine = ROOT / "gm_console" / "engine"
    loose = sorted(p.name for p in engine.iterdir()
                   if p.name not in ("__init__.py", "__pycache__", *rooms["layers"]))
    assert loose == []
