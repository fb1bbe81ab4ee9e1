"""Pathfinder's own message catalogue (rulesets/pathfinder1e/locale): every sentence in English
here, its Spanish in locale/es."""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

from gm_console.ruleset import Domain, Row, Term, life, render

_ = Domain("gm_console_pathfinder1e", Path(__file__).resolve().parent / "locale")
C_ = _.context  # the same English another language tells apart (msgctxt)
_n = _.plural


def joined(items: Iterable) -> Term:
    """Names (terms, messages or plain words) as one comma-separated name in each language."""
    items = list(dict.fromkeys(items))
    return Term(", ".join(render(i, "en") for i in items), ", ".join(render(i, "es") for i in items), _)


def in_a_row(items: Iterable) -> Row:
    """Messages side by side, comma-separated, each keeping its typed arguments for the log (a
    ``joined`` Term is a fixed text that anyone may read, whatever names or numbers it holds).
    One flat argument however many there are: a tie of twelve saves like a tie of two."""
    return Row(tuple(items))


def flag_names(rules, ids: Iterable[str]) -> Term:
    """What sets a flag, as the log has always named it in English (condition ids, life states:
    "staggered, dying") and by its Spanish name in Spanish ("grogui, moribundo")."""
    ids = list(dict.fromkeys(ids))
    es = []
    for cid in ids:
        d = rules.conditions.catalogue.get(cid)
        es.append(d.es.lower() if d is not None else render(life(cid), "es"))
    return Term(", ".join(ids), ", ".join(es), _)
