"""One message catalogue for everything a GM reads: every id has Spanish, with its placeholders.

The ids are extracted from the code by Babel (``python -m gm_console.i18n.tool``), exactly
as a translator's tools see them, for the core and every built-in ruleset found through
the entry points; the compiled ``.mo`` files the program reads are in step with the ``.po``.
"""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from gm_console.i18n import Domain, Msg, Term, _, render, tool

PACKAGES = tool.packages()


def _fields(text: str) -> set[str]:
    return set(re.findall(r"(?<!{){(\w*)", text))


@pytest.mark.parametrize("pkg", PACKAGES, ids=lambda p: p.domain)
def test_every_data_name_is_declared_with_its_catalogue(pkg):
    """A name the code declares in English and Spanish (a ``Term`` at module level, a condition,
    a stat) knows the catalogue a third language finds it in, and one English word under one
    msgctxt has one Spanish name: else the tool says which and ``--check`` fails."""
    assert tool.data(pkg).problems == ()


@pytest.mark.parametrize("pkg", PACKAGES, ids=lambda p: p.domain)
def test_every_message_has_spanish_and_the_catalogues_are_compiled(pkg):
    po, mo, missing = tool.refresh(pkg, "es")
    assert missing == [], f"{pkg.domain}: messages without Spanish: {missing[:10]}"
    assert pkg.po("es").read_bytes() == po, "the .po is stale: run python -m gm_console.i18n.tool"
    assert pkg.mo("es").read_bytes() == mo, "the .mo is stale: run python -m gm_console.i18n.tool"


@pytest.mark.parametrize("pkg", PACKAGES, ids=lambda p: p.domain)
def test_spanish_keeps_the_placeholders_of_the_english(pkg):
    catalog = tool.load_po(pkg.po("es"), "es", pkg.domain)
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = set().union(*(_fields(i) for i in ids))
        for s in strings:
            # ``g``: the combatant a word is said of, for agreement ({g:?muerto|muerta}; words.life)
            assert _fields(s) <= wanted | {"n", "g"}, (message.id, s)
            if len(ids) == 1:
                assert _fields(s) - {"g"} == wanted, (message.id, s)


def test_a_message_renders_in_the_language_asked_and_its_arguments_too():
    cond = Term("shaken", "estremecido")
    msg = _("{verb}: {why}", verb="cond", why=_("{verb}: missing arguments; usage: {usage}", verb="x", usage="u"))
    assert render(msg, "es") == "cond: x: faltan argumentos; uso: u"
    assert str(msg) == "cond: x: missing arguments; usage: u"
    assert render(Term("shaken", "estremecido"), "es") == "estremecido" and str(cond) == "shaken"


def test_a_language_without_a_catalogue_reads_english(tmp_path):
    d = Domain("nowhere", tmp_path)
    assert d("Hello {name}", name="Kyra").render("fr") == "Hello Kyra"
    assert render(_("{verb}: missing arguments; usage: {usage}", verb="x", usage="u"), "fr") == \
        "x: missing arguments; usage: u"


def test_a_third_language_is_a_catalogue_and_no_code(tmp_path):
    """A French .po (compiled) is all it takes: the same message renders in French."""
    from babel.messages.catalog import Catalog

    catalog = Catalog(locale="fr", domain="demo")
    catalog.add("{name} is staggered", "{name} est chancelant")
    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "demo.mo").write_bytes(tool.mo_bytes(catalog))
    demo = Domain("demo", tmp_path)
    assert demo("{name} is staggered", name="Kyra").render("fr") == "Kyra est chancelant"
    assert isinstance(demo("x"), Msg)


def test_the_tool_check_passes_from_a_checkout():
    r = subprocess.run([sys.executable, "-m", "gm_console.i18n.tool", "--check"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[-2000:]


def test_no_function_both_calls_the_catalogue_and_reuses_its_name():
    """``for _ in ...`` or ``a, _ = ...`` inside a function that writes ``_("...")`` makes ``_`` a local:
    the message then fails with UnboundLocalError at the table. Every package is checked."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    bad = []
    for path in [*root.glob("gm_console/**/*.py"), *root.glob("rulesets/**/*.py"), *root.glob("examples/**/*.py")]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for fn in ast.walk(tree):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            own = [n for n in ast.walk(fn) if not isinstance(n, (ast.ListComp, ast.SetComp, ast.DictComp,
                                                                  ast.GeneratorExp))]
            calls = any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "_" for n in own)
            binds = any(isinstance(n, ast.Name) and n.id == "_" and isinstance(n.ctx, ast.Store)
                        and not _in_comprehension(fn, n) for n in ast.walk(fn))
            if calls and binds:
                bad.append(f"{path.relative_to(root)}:{fn.lineno} {fn.name}")
    assert bad == []


def _in_comprehension(fn, target) -> bool:
    import ast

    for comp in ast.walk(fn):
        if isinstance(comp, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            if any(n is target for n in ast.walk(comp)):
                return True
    return False
