"""Pathfinder's own message catalogue (rulesets/pathfinder1e/locale): every sentence in English
here, its Spanish in locale/es."""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

from gm_console.ruleset import Domain, Row, Term, joined as glued, life


_ = Domain("gm_console_pathfinder1e", Path(__file__).resolve().parent / "locale")
C_ = _.context  # the same English another language tells apart (msgctxt)
_n = _.plural
T_ = _.term  # a name that is data: T_("ctx", "English", "Spanish"); the tool puts it in the catalogue


def joined(items: Iterable) -> Term:
    """Names (terms, messages or plain words) as one comma-separated name, each in the reader's
    language."""
    return glued(dict.fromkeys(items), ", ")


def in_a_row(items: Iterable) -> Row:
    """Messages side by side, comma-separated, each keeping its typed arguments for the log (a
    ``joined`` Term is a fixed text that anyone may read, whatever names or numbers it holds).
    One flat argument however many there are: a tie of twelve saves like a tie of two."""
    return Row(tuple(items))


def flag_names(rules, ids: Iterable[str]) -> Term:
    """What sets a flag, as the log has always named it in English (condition ids, life states:
    "staggered, dying") and by its Spanish name in Spanish ("grogui, moribundo")."""
    names = []
    for cid in dict.fromkeys(ids):
        d = rules.conditions.catalogue.get(cid)
        names.append(d.label_term if d is not None else life(cid))
    return glued(names, ", ")
