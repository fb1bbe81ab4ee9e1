"""The command language: one line per GM action, the same everywhere.

``parse(line)`` turns text into a ``Call`` (the verb and its typed values) or
raises ``CommandError`` with one line saying what was wrong and what is
accepted; it never raises anything else (the hypothesis fuzz test holds it to
that). The verbs themselves are declared once, in ``engine.language.core_verbs`` (the
core's) and in each ruleset's ``verbs()``: see ``engine.language.verbs``.
"""

from __future__ import annotations

from ..rules.durations import parse_duration
from ..core.errors import CommandError
from .core_verbs import CORE
from .verbs import Call, Registry, tokenize

__all__ = ["Call", "CommandError", "parse", "parse_duration", "tokenize"]


def parse(line: str, registry: Registry | None = None) -> Call:
    """Parse one command line with ``registry`` (default: the core verbs alone)."""
    return (registry or CORE).parse(line)
