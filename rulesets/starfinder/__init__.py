"""Starfinder (1e) for gm-console, after the table's seed and the Core Rulebook (docs/rulesets/starfinder.md).

Stamina before HP, Resolve Points, the dying/stable machine, conditions and effects with
their numbers, the action economy, maneuvers and vehicles. The class names the parts; each
part, and each module behind it, has one job.
"""

from __future__ import annotations

from gm_console.ruleset import Ruleset, by_xp_table, part

from .checks import StarfinderChecks
from .conditions import StarfinderConditions
from .damage import StarfinderHealth
from .i18n import _
from .options import OPTIONS
from .sheet import StarfinderSheet, pending
from .turns import StarfinderTurns
from .verbs import VERBS

__all__ = ["Starfinder", "_"]  # `_`: the catalogue tool finds the domain through it


class Starfinder(Ruleset):
    id = "starfinder"
    name = "Starfinder"
    version = "1.0"
    domain = _  # its catalogue: where another language finds its conditions' and stats' names
    seconds_per_round = 6

    sheet = part(StarfinderSheet)
    health = part(StarfinderHealth)
    conditions = part(StarfinderConditions)
    turns = part(StarfinderTurns)
    checks = part(StarfinderChecks)

    def options(self):
        return OPTIONS

    def verbs(self):
        return VERBS

    def pending(self, state):
        return pending(self, state)

    def difficulty(self, state):
        """The Core Rulebook's encounter building (docs/rulesets/starfinder.md#316-difficulty-while-building):
        the foes' XP summed, the CR it reaches on the XP table, against the PCs' average level; a
        vehicle's level is no CR: named, not counted."""
        return by_xp_table(self, state, _level, counted=lambda c: c.category != "vehicle")


def _level(c):
    level = c.stats.get("level")
    return level if isinstance(level, int) and not isinstance(level, bool) else None
