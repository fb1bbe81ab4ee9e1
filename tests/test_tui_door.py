"""The Controller is the one door from the TUI to the encounter (docs/ARCHITECTURE.md, "The one
path every action takes"): nothing under gm_console/tui reaches past it into the session, and
nothing there parses a command line or reads an error's text to learn what the engine knows
(the outcome carries the verb, the targets and the argument a refusal concerns)."""

from __future__ import annotations

import ast
from pathlib import Path

import gm_console.tui

TUI = Path(gm_console.tui.__file__).parent
#: the engine's readers of a command line: the screen asks the outcome instead
PARSERS = {"parse", "tokenize", "_parse"}


def modules() -> list[tuple[str, ast.Module]]:
    return [(str(path.relative_to(TUI.parent.parent)), ast.parse(path.read_text(encoding="utf-8")))
            for path in sorted(TUI.rglob("*.py"))]


def test_the_tui_is_read_as_a_whole():
    names = [name for name, _tree in modules()]
    assert "gm_console/tui/controller.py" in names and "gm_console/tui/modals/base.py" in names


def test_no_module_of_the_tui_reaches_into_the_session():
    found = [f"{name}:{node.lineno}" for name, tree in modules() for node in ast.walk(tree)
             if isinstance(node, ast.Attribute) and node.attr == "session"]
    assert found == []


def test_no_module_of_the_tui_parses_a_command_line():
    found = []
    for name, tree in modules():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                func = node.func
                called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                if called in PARSERS:
                    found.append(f"{name}:{node.lineno} {called}()")
                owner = getattr(getattr(func, "value", None), "id", "")
                if owner == "shlex" and called in ("split", "shlex"):  # words of a line: verbs.partial/tokenize
                    found.append(f"{name}:{node.lineno} shlex.{called}()")
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("gm_console.engine"):
                found += [f"{name}:{node.lineno} imports {a.name}" for a in node.names if a.name in PARSERS]
    assert found == []


def test_no_module_of_the_tui_reads_a_refusals_text_to_find_its_field():
    """The field at fault comes from ``Outcome.param``/``field``: no ``field_in(error)`` matching."""
    found = [f"{name}:{node.lineno}" for name, tree in modules() for node in ast.walk(tree)
             if isinstance(node, ast.FunctionDef) and node.name == "field_in"]
    assert found == []


def test_screens_reach_the_encounter_only_through_the_controllers_own_words():
    """A screen (or a palette entry) asks the Controller (``controller.party``,
    ``controller.store_in_bestiary``...), never ``controller.encounter`` behind it."""
    found = []
    for name, tree in modules():
        if name == "gm_console/tui/controller.py":
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr == "encounter":
                owner = node.value
                owner_name = owner.attr if isinstance(owner, ast.Attribute) else getattr(owner, "id", "")
                if owner_name == "controller":
                    found.append(f"{name}:{node.lineno}")
    assert found == []
