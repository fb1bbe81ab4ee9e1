"""Pathfinder 1e with the table's house rules (docs/rulesets/pathfinder1e.md; the Spanish seed wins).

The game is its five parts (sheet, health, conditions, turns, checks), its house
rules (options), its own verbs and the warnings it gives the GM; the rules live
in the modules those parts use, one job each.
"""

from __future__ import annotations

from gm_console.ruleset import Ruleset, by_xp_table, part

from .checks import PF1Checks
from .conditions import PF1Conditions
from .health import PF1Health
from .i18n import _
from .options import OPTIONS
from .pending import pending
from .sheet import PF1Sheet
from .turns import PF1Turns
from .verbs import VERBS

__all__ = ["Pathfinder1e", "_"]


class Pathfinder1e(Ruleset):
    id = "pathfinder1e"
    name = "Pathfinder 1e"
    version = "1.0"
    domain = _  # its catalogue: where another language finds its conditions' and stats' names
    seconds_per_round = 6
    sheet = part(PF1Sheet)
    health = part(PF1Health)
    conditions = part(PF1Conditions)
    turns = part(PF1Turns)
    checks = part(PF1Checks)

    def options(self):
        return OPTIONS

    def verbs(self):
        return VERBS

    def pending(self, state):
        return pending(self, state)

    def difficulty(self, state):
        """The Core Rulebook's encounter building (docs/rulesets/pathfinder1e.md#118-difficulty-while-building):
        the foes' XP summed, the CR it reaches on the XP table, against the PCs' average level (``hd``)."""
        return by_xp_table(self, state, _level)


def _level(c):
    level = c.stats.get("hd")
    return level if isinstance(level, int) and not isinstance(level, bool) else None
