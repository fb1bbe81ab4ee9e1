"""Catalogue access for modules that apply conditions without the ruleset at hand."""

from __future__ import annotations

from gm_console.ruleset import Catalogue, ConditionDef

from .conditions import CONDITIONS

CATALOGUE = Catalogue(CONDITIONS)


def cdef(cid: str) -> ConditionDef:
    d = CATALOGUE.get(cid)
    assert d is not None, cid
    return d
