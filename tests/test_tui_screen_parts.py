"""The encounter screen's parts use the screen only through its Host (docs/ARCHITECTURE.md, "The
one path every action takes": a part is read on its own, with screens/host.py beside it)."""

from __future__ import annotations

import ast
from pathlib import Path

import gm_console.tui.screens as screens
from gm_console.tui.screens.encounter import EncounterScreen

SCREENS = Path(screens.__file__).parent
PARTS = ("turns.py", "acting.py", "selection.py", "files.py")


def host_members() -> set[str]:
    tree = ast.parse((SCREENS / "host.py").read_text(encoding="utf-8"))
    (host,) = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Host"]
    names = {n.target.id for n in host.body if isinstance(n, ast.AnnAssign)}
    return names | {n.name for n in host.body if isinstance(n, ast.FunctionDef)}


def used_of_the_screen(part: str) -> dict[str, int]:
    """What ``part`` reads of the screen it holds (``screen.X`` or ``self.screen.X``): name -> line."""
    tree = ast.parse((SCREENS / part).read_text(encoding="utf-8"))
    used = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            owner = node.value
            if (isinstance(owner, ast.Name) and owner.id == "screen") or (
                    isinstance(owner, ast.Attribute) and owner.attr == "screen"
                    and isinstance(owner.value, ast.Name) and owner.value.id == "self"):
                used.setdefault(node.attr, node.lineno)
    return used


def test_each_part_uses_only_what_the_host_lists():
    allowed = host_members()
    outside = [f"{part}:{line} screen.{name}" for part in PARTS
               for name, line in used_of_the_screen(part).items() if name not in allowed]
    assert outside == []
    assert {"run_line", "controller", "selected"} <= set().union(*(used_of_the_screen(p) for p in PARTS))


def test_the_screen_has_everything_the_host_lists():
    missing = [name for name in host_members() if not hasattr(EncounterScreen, name)
               and name not in ("controller", "lang", "selected", "marked", "finding", "group_turns")]
    assert missing == []


def test_every_key_of_the_encounter_has_an_action_on_the_screen():
    from gm_console.tui.bindings import ENCOUNTER_KEYS

    actions = {spec.action.split("(")[0] for spec in ENCOUNTER_KEYS} | {"read_only"}
    assert [a for a in sorted(actions) if not callable(getattr(EncounterScreen, f"action_{a}", None))] == []
