"""The ruleset contract, for plugin authors: import from here, nothing else.

A game is a ``Ruleset`` subclass registered under the entry-point group
``gm_console.rulesets``::

    [project.entry-points."gm_console.rulesets"]
    mygame = "mygame_plugin:MyGame"

See ``gm_console.engine.contract`` for what each hook decides.
"""

from gm_console.engine.context import Context
from gm_console.engine.contract import (
    ActionSlot,
    Catalogue,
    ConditionDef,
    Figure,
    OptionDef,
    Pending,
    Ruleset,
    RulesError,
    StatField,
    VerbSpec,
    fold_text,
    listing,
    slug,
)
from gm_console.engine.dice import RollResult
from gm_console.engine.state import Combatant, ConditionInstance, EncounterState, Pool

__all__ = [
    "ActionSlot", "Catalogue", "Combatant", "ConditionDef", "ConditionInstance", "Context", "EncounterState",
    "Figure", "OptionDef", "Pending", "Pool", "RollResult", "Ruleset", "RulesError", "StatField",
    "VerbSpec", "fold_text", "listing", "slug",
]
