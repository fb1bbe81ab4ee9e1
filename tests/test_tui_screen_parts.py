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


# -- keys live where they act (docs/keys.md, bindings.py) ------------------------------------
def test_each_pane_binds_its_own_table_and_its_actions_exist():
    from gm_console.tui.bindings import INITIATIVE_KEYS, LOG_KEYS, SHEET_KEYS
    from gm_console.tui.widgets.initiative import InitiativePane
    from gm_console.tui.widgets.log import LogPane
    from gm_console.tui.widgets.sheet import SheetPane

    for pane, table in ((InitiativePane, INITIATIVE_KEYS), (SheetPane, SHEET_KEYS), (LogPane, LOG_KEYS)):
        assert pane.KEYS is table
        # its whole binding map (no key inherited: Textual's PgUp/PgDn would hide the screen's)
        assert sorted(b.id for _key, b in pane._merged_bindings) == sorted(
            s.id for s in table for _key in s.key.split(","))
        for spec in table:
            name = spec.action.split("(")[0]
            owner = EncounterScreen if name.startswith("screen.") else pane
            assert callable(getattr(owner, "action_" + name.removeprefix("screen."), None)), spec.id


def test_a_panes_keys_only_look():
    """A key that changes the fight is the screen's, where a read-only save refuses it."""
    from gm_console.tui.bindings import INITIATIVE_KEYS, LOG_KEYS, READ_ONLY_KEYS, SHEET_KEYS

    assert [s.id for t in (INITIATIVE_KEYS, SHEET_KEYS, LOG_KEYS) for s in t if s.id not in READ_ONLY_KEYS] == []


def test_no_screen_key_acts_on_one_pane_unless_it_says_so():
    """A screen key works from every pane; one that reaches into a single pane (PgUp/PgDn into the
    log) declares it (``reaches``), so docs/keys.md lists it with that pane. The others belong on
    the pane, where they work while it has the focus."""
    from gm_console.tui.bindings import ENCOUNTER_KEYS

    panes = {"InitiativePane": "initiative", "SheetPane": "sheet", "LogPane": "log", "TimelinePane": "timeline"}
    tree = ast.parse((SCREENS / "encounter.py").read_text(encoding="utf-8"))
    (screen,) = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "EncounterScreen"]
    methods = {n.name: n for n in screen.body if isinstance(n, ast.FunctionDef)}
    reached = {}
    for spec in ENCOUNTER_KEYS:
        method = methods[f"action_{spec.action.split('(')[0]}"]
        names = {panes[n.id] for n in ast.walk(method) if isinstance(n, ast.Name) and n.id in panes}
        if len(names) == 1:
            reached[spec.id] = names.pop()
    by_id = {s.id: s for s in ENCOUNTER_KEYS}
    assert [k for k, pane in reached.items() if by_id[k].reaches != pane] == []
    assert reached == {"log_up": "log", "log_down": "log"}  # the walk sees them
    # and `b`, whose breakdown only the sheet draws (a view choice in the Frame)
    assert {s.id for s in ENCOUNTER_KEYS if s.reaches} == {"log_up", "log_down", "breakdown"}
