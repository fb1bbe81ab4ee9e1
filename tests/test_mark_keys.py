"""Every mark in the product is reached through its declared key (docs/CONTRIBUTING.md, "Marks";
gm_console/engine/core/marks.py): no module of gm_console/, rulesets/ or the example plugin reads
``c.marks`` by itself (``.marks.get(...)``, ``.marks[...]``, ``"key" in c.marks``) or hands
``set_mark``/``set_encounter_mark`` a text key. Only the fold (engine/core/apply.py, which stores
what an event says) and the key class (engine/core/marks.py) touch the dict. Tests may still read a
mark by its text: that is what the save holds."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TREES = (ROOT / "gm_console", ROOT / "rulesets", ROOT / "examples")
#: the only modules that handle the marks dict itself
ALLOWED = {ROOT / "gm_console" / "engine" / "core" / "apply.py", ROOT / "gm_console" / "engine" / "core" / "marks.py"}


def _is_marks(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "marks"


def _text(node: ast.AST) -> bool:
    return isinstance(node, ast.JoinedStr) or (isinstance(node, ast.Constant) and isinstance(node.value, str))


def problems(source: str, name: str) -> list[str]:
    """The places in ``source`` that reach a mark without its declared key."""
    out = []
    for node in ast.walk(ast.parse(source)):
        where = f"{name}:{getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            f = node.func
            if _is_marks(f.value) and f.attr in ("get", "pop", "setdefault", "__getitem__"):
                out.append(f"{where}: .marks.{f.attr}(...): read it as KEY.of(c)")
            elif f.attr in ("set_mark", "set_encounter_mark"):
                key = node.args[1 if f.attr == "set_mark" else 0] if len(node.args) > (f.attr == "set_mark") else None
                if key is not None and _text(key):
                    out.append(f"{where}: {f.attr} with the text {ast.unparse(key)}: declare a Mark and pass it")
        elif isinstance(node, ast.Subscript) and _is_marks(node.value):
            out.append(f"{where}: .marks[...]: read it as KEY.of(c)")
        elif isinstance(node, ast.Compare) and any(_is_marks(c) for c in node.comparators) \
                and any(isinstance(op, (ast.In, ast.NotIn)) for op in node.ops):
            out.append(f"{where}: ... in .marks: read it as KEY.of(c) is not None")
    return out


def _modules() -> list[Path]:
    return sorted(p for tree in TREES for p in tree.rglob("*.py") if p not in ALLOWED and ".venv" not in p.parts)


def test_no_module_reaches_a_mark_by_its_text():
    found = [line for p in _modules() for line in problems(p.read_text(encoding="utf-8"), str(p.relative_to(ROOT)))]
    assert found == []


@pytest.mark.parametrize("line", [
    'x = c.marks.get("dying")',
    'x = c.marks.get(DYING)',
    'x = state.marks["aware"]',
    'ok = "stable" in c.marks',
    'ctx.set_mark(c, "stable", "aided")',
    'ctx.set_mark(c, f"check:{n}", 1)',
    'ctx.set_encounter_mark("ties", None)',
])
def test_the_check_finds_each_way_of_reaching_a_mark_by_text(line):
    assert problems(line, "m.py")


@pytest.mark.parametrize("line", ['x = DYING.of(c)', 'ctx.set_mark(c, marks.STABLE, "aided")',
                                  'ctx.set_encounter_mark(TIES, None)', 'x = c.stats.get("hp")'])
def test_the_check_lets_a_declared_key_through(line):
    assert problems(line, "m.py") == []


def test_a_text_key_is_refused_where_it_is_set():
    from conftest import Table

    from gm_console.engine.core.context import Context

    t = Table("generic")
    t.do("add Kyra hp=10")
    ctx = Context(t.state, t.session.ruleset, t.dice)
    with pytest.raises(TypeError, match=r"set_mark takes a Mark, not the text 'stable': declare it once "
                                        r"\(Mark\('stable', TYPE, DOC, owner=GAME\) in your game's marks.py\)"):
        ctx.set_mark(t.c("kyra"), "stable", "aided")
    with pytest.raises(TypeError, match="set_encounter_mark takes an EncounterMark, not the text 'ties'"):
        ctx.set_encounter_mark("ties", None)
    assert ctx.events == [] and t.c("kyra").marks == {}
