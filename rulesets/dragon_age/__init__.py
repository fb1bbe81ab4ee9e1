"""Dragon Age RPG (AGE system), from the table's Spanish seed and the published rules (docs/rulesets/dragon_age.md).

Five parts, each the module that owns its rules: ``sheet`` (stat block, figures, status
lines), ``health`` (damage, dying, pulled blows, what is spent), ``conditions`` (the
catalogue with the spells and talents, life states), ``turns`` (initiative, Seize the
Initiative, surprise, turn and time hooks), ``checks`` (3d6 and the dragon die). The verbs
live with their rules: tests, attacks, stunts, moves, magic, recovery.
"""

from __future__ import annotations

from gm_console.ruleset import EncounterState, Pending, Ruleset, part

from . import ability_tests, attacks, difficulty, magic, moves, recovery, stunt_effects
from .ability_tests import DAChecks
from .conditions import DAConditions
from .health import DAHealth
from .i18n import _
from .options import OPTIONS
from .pending import warnings
from .sheet import DASheet
from .turns import DATurns


class DragonAge(Ruleset):
    id = "dragon_age"
    name = "Dragon Age RPG (AGE)"
    version = "1.0"
    domain = _  # its catalogue: where another language finds its conditions' and stats' names
    seconds_per_round = 15
    sheet = part(DASheet)
    health = part(DAHealth)
    conditions = part(DAConditions)
    turns = part(DATurns)
    checks = part(DAChecks)

    def options(self):
        return OPTIONS

    def verbs(self):
        return (ability_tests.TEST, ability_tests.CONTEST, attacks.ATTACK, attacks.CHARGE_VERB, stunt_effects.STUNT,
                *moves.VERBS, recovery.AID, magic.CAST, attacks.COUP, recovery.BREATHER, recovery.LEVELUP)

    def pending(self, state: EncounterState) -> list[Pending]:
        return warnings(state)

    def difficulty(self, state: EncounterState):
        """What the game offers while building (docs/rulesets/dragon_age.md#214-difficulty-while-building):
        the foes counted by threat, no band (the rules give none)."""
        return difficulty.difficulty(state)
