"""The engine's modules form no import cycle, counting the imports hidden inside functions
(issue 17: local imports used to hide context <-> turns <-> actions). A cycle makes the order
modules load in matter and is the first sign of a layer doing another's job."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "gm_console" / "engine"


def _module(path: Path) -> str:
    rel = path.relative_to(ENGINE).with_suffix("")
    parts = [p for p in rel.parts if p != "__init__"]
    return ".".join(["engine", *parts])


def _resolve(current: str, is_package: bool, node: ast.ImportFrom) -> list[str]:
    if node.level == 0:
        if not (node.module or "").startswith("gm_console.engine"):
            return []
        base = node.module.replace("gm_console.", "", 1)
    else:
        parts = current.split(".")
        keep = len(parts) - node.level + (1 if is_package else 0)
        base = ".".join(parts[:keep] + ([node.module] if node.module else []))
    return [base] + [f"{base}.{a.name}" for a in node.names]


def graph() -> dict[str, set[str]]:
    modules = {_module(p): p for p in ENGINE.rglob("*.py")}
    edges: dict[str, set[str]] = {m: set() for m in modules}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        typing_only = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If)
                       and getattr(node.test, "id", "") == "TYPE_CHECKING" for n in ast.walk(node)}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and id(node) not in typing_only:
                for target in _resolve(name, path.name == "__init__.py", node):
                    if target in modules and target != name:
                        edges[name].add(target)
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    found, state, stack = [], {}, []

    def visit(m: str) -> None:
        state[m] = "open"
        stack.append(m)
        for n in sorted(edges[m]):
            if state.get(n) == "open":
                found.append(stack[stack.index(n):] + [n])
            elif n not in state:
                visit(n)
        stack.pop()
        state[m] = "done"

    for m in sorted(edges):
        if m not in state:
            visit(m)
    return found


def test_the_engine_has_no_import_cycle_even_through_local_imports():
    assert cycles(graph()) == []


def test_the_graph_is_the_engines_own_with_its_local_imports_and_without_typing_ones():
    """A graph that found no module or no import would have no cycle either: it holds every
    engine module, the session's imports, an import made only inside a function (language's
    durations, in _Duration.take_all) and not one made only for type checking (its contract)."""
    edges = graph()
    modules = {_module(p) for p in ENGINE.rglob("*.py")}
    assert set(edges) == modules and len(modules) >= 30
    assert {"engine.context", "engine.language", "engine.turns", "engine.apply"} <= edges["engine.session"]
    assert "engine.durations" in edges["engine.language"]
    assert "engine.contract" not in edges["engine.language"]
    assert sum(len(targets) for targets in edges.values()) > 100


def test_a_cycle_through_a_local_import_is_found(tmp_path, monkeypatch):
    """a imports b at the top, b imports a inside a function: a cycle. c imports a only for
    type checking: no cycle through c."""
    engine = tmp_path / "engine"
    engine.mkdir()
    (engine / "__init__.py").write_text("", encoding="utf-8")
    (engine / "a.py").write_text("from .b import helper\nfrom . import c\n", encoding="utf-8")
    (engine / "b.py").write_text("def helper():\n    from .a import thing\n    return thing\n", encoding="utf-8")
    (engine / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import thing\n",
                                 encoding="utf-8")
    monkeypatch.setitem(globals(), "ENGINE", engine)
    assert cycles(graph()) == [["engine.a", "engine.b", "engine.a"]]
