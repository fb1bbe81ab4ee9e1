"""The ruleset contract, for plugin authors: import from here, nothing else.

A game is a ``Ruleset`` subclass registered under the entry-point group
``gm_console.rulesets``::

    [project.entry-points."gm_console.rulesets"]
    mygame = "mygame_plugin:MyGame"

It composes five parts (``Sheet``, ``Health``, ``Conditions``, ``Turns``,
``Checks``; each with a generic default), declares its verbs with the same
``Verb`` and argument kinds as the core language, and writes every sentence a GM
reads as a message of its own catalogue (``Domain``), its arguments typed by what they
are (``named(c)``, ``of(c, hp)``, ``dealt(c, 7)``, ``gm(dc)``, ``public(n)``: who may read
them, gm_console/engine/core/told.py); whose a combatant's things are in English, ``possessive(c)``
(her, his, their, its: a player character is never "it"). See ``docs/CONTRIBUTING.md``
and the worked plugin under ``examples/``.
"""

from gm_console.engine.rules import afflictions  # poisons and diseases: their words and their clock
from gm_console.engine.rules import attack_flow  # the d20 attack's shared helpers: range increments, riders offered
from gm_console.engine.rules.attack_flow import AttackRules, Crit, Plan, Roll, Tick, type_term
from gm_console.engine.rules.attack_flow import run as run_attack
from gm_console.engine.core.attacks import Attack
from gm_console.engine.core.attacks import of as attacks_of
from gm_console.engine.core.attacks import parse as parse_attack
from gm_console.engine.rules.bonuses import Mod, combine  # the d20 stacking rule (typed bonuses), for rulesets
from gm_console.engine.rules.checks import record_check
from gm_console.engine.core.context import Context
from gm_console.engine.core.contract import (
    ActionSlot,
    Catalogue,
    Checks,
    ConditionDef,
    Conditions,
    Difficulty,
    Figure,
    Health,
    OptionDef,
    Part,
    Pending,
    Ruleset,
    RulesError,
    Sheet,
    Spendable,
    StatField,
    Turns,
    Use,
    fold_text,
    listing,
    part,
    slug,
    with_every_game,
)
from gm_console.engine.core.dice import RollResult
from gm_console.engine.core import marks as engine_marks  # the engine's own marks a game may read (BESTIARY, AWARE...)
from gm_console.engine.core.marks import EncounterMark, Mark
from gm_console.engine.rules.experience import by_xp_table
from gm_console.engine.language.figure_words import types_for, words_for
from gm_console.engine.language.sheets import CR_FIELD, EXPERIENCE, XP_FIELD
from gm_console.engine.rules.groups import group_of, keep_together, places
from gm_console.engine.core.state import Combatant, ConditionInstance, EncounterState, Pool
from gm_console.engine.core.told import dealt, gm, named, of, public
from gm_console.engine.core.whose import possessive
from gm_console.engine.language.verbs import (Amount, Call, Choice, Count, Fields, Flag, Int, Keyword, Number, Param,
                                              Rest, Text, Usage, Verb, Who, Word, choice_map, usage)
from gm_console.engine.core.words import THREATS, life, threat
from gm_console.i18n import N_, Domain, Msg, Row, Term, joined, render

__all__ = [
    "afflictions", "attack_flow", "Attack", "AttackRules", "Crit", "Plan", "Roll", "Tick", "attacks_of", "parse_attack", "run_attack", "type_term",
    "CR_FIELD", "EXPERIENCE", "XP_FIELD", "ActionSlot", "Amount", "Call", "Catalogue", "Checks", "Choice",
    "Combatant", "ConditionDef", "ConditionInstance", "Difficulty", "by_xp_table",
    "Conditions", "Context", "Count", "Domain", "EncounterMark", "engine_marks", "Mark", "dealt", "gm", "named", "of", "public", "EncounterState", "Fields", "Figure", "Flag", "Health", "Int",
    "Keyword", "Mod", "Msg", "N_", "Number", "OptionDef", "Param", "Part", "Pending", "Pool", "possessive", "Rest",
           "RollResult", "Ruleset",
    "Row", "RulesError", "Sheet", "Spendable", "StatField", "Term", "Text", "Turns", "Use", "Usage", "usage", "Verb", "Who", "Word", "choice_map",
    "combine", "fold_text", "group_of", "joined", "keep_together", "life", "listing", "part", "places", "record_check", "render", "slug", "types_for",
    "with_every_game", "words_for", "THREATS", "threat",
]
