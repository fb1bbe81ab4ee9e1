"""The ruleset contract: what a game plugin decides, and the engine asks.

The engine owns order, rounds, turns, delay/ready bookkeeping, condition
durations and the log. A ``Ruleset`` decides everything game-specific, in five
parts a game composes (``contract.parts``), each with a generic default:

- ``sheet``: the stat block, derived figures, the sheet's status lines and action budget;
- ``health``: damage, healing, the life-state machine, resources spent;
- ``conditions``: the catalogue and what adding or losing a condition does;
- ``turns``: initiative and order, who may act, turn/round/combat/time hooks;
- ``checks``: the dice tray's bonuses, penalties and ties.

plus, on the ruleset itself, its identity, ``options()`` (house rules kept in a
save), ``verbs()`` (its own commands, declared like the core's) and
``pending()`` (warnings for the GM). A new game is a few lines::

    class MyGame(Ruleset):
        id, name = "mygame", "My Game"
        sheet = part(MySheet)
        health = part(MyHealth)

Plugin authors import all of this through ``gm_console.ruleset``; the built-in
games in the top-level ``rulesets`` package use it exactly as a third party would.
"""

from __future__ import annotations

import inspect
import sys
from importlib import resources
from importlib.resources.abc import Traversable
from typing import TYPE_CHECKING, Any, ClassVar, Sequence

from ..state import EncounterState
from .parts import Checks, Conditions, Health, Part, Sheet, Spendable, Turns, Use, part
from .types import (ActionSlot, Catalogue, ConditionDef, Figure, OptionDef, Pending, RulesError, StatField,
                    VerbSpec, did_you_mean, fold_text, slug)
from ..text import listing

if TYPE_CHECKING:
    from ..verbs import Verb

__all__ = [
    "ActionSlot", "Catalogue", "Checks", "ConditionDef", "Conditions", "Figure", "Health", "OptionDef", "Part",
    "Pending", "Ruleset", "RulesError", "Sheet", "Spendable", "StatField", "Turns", "Use", "VerbSpec", "did_you_mean", "fold_text",
    "listing", "part", "slug",
]

PARTS: dict[str, type[Part]] = {"sheet": Sheet, "health": Health, "conditions": Conditions, "turns": Turns,
                                "checks": Checks}


class Ruleset:
    """Base class of every game plugin: an identity and five parts (see the module's doc)."""

    id: ClassVar[str]
    name: ClassVar[str]
    version: ClassVar[str] = "1.0"
    seconds_per_round: ClassVar[int] = 6

    sheet = part(Sheet)
    health = part(Health)
    conditions = part(Conditions)
    turns = part(Turns)
    checks = part(Checks)

    def __init__(self) -> None:
        _adopt_flat_hooks(self)

    def options(self) -> Sequence[OptionDef]:
        """House-rule switches kept in a save's ``[options]`` (the seed's reading is the default)."""
        return ()

    def verbs(self) -> "Sequence[Verb]":
        """This game's own verbs, declared like the core's (``gm_console.ruleset.Verb``)."""
        return ()

    def pending(self, state: EncounterState) -> list[Pending]:
        """Warnings a GM wants before they become surprises."""
        return []

    def bestiary_files(self) -> Sequence[Traversable]:
        """The game's starter bestiary, as data: TOML files of creatures (one table each, English
        and Spanish names, the stat block's keys, where the numbers come from; see the README's
        "Bestiary"), read by storage, never by the engine. Default: ``bestiary.toml`` beside
        the ruleset's module when its package ships one, so a game needs no code for it."""
        package = getattr(sys.modules.get(type(self).__module__), "__package__", None)
        if not package:
            return ()
        try:
            return (resources.files(package) / "bestiary.toml",)
        except (ModuleNotFoundError, TypeError, ValueError):
            return ()

    # -- shortcuts the engine and views use a lot ------------------------------------------
    @property
    def catalogue(self) -> Catalogue:
        return self.conditions.catalogue

    @property
    def fields(self):
        return self.sheet.fields

    @property
    def field_index(self):
        return self.sheet.field_index

    def stat_block(self) -> Sequence[StatField]:
        return self.sheet.stat_block()

    def effective(self, state: EncounterState, c) -> dict[str, Figure]:
        return self.sheet.effective(state, c)

    def gm_only_fields(self) -> tuple[str, ...]:
        return self.sheet.gm_only_fields()


# --- built-in rulesets written before the parts: their flat hooks fill the parts ----------------
#
# Transitional: a ruleset that still overrides the flat hook names of the old one-class contract
# (``def damage(self, ...)`` on the ruleset) has each override installed on the part that now
# owns it, so the engine, which asks the parts, runs it. It goes when the last built-in ruleset
# declares parts.

_FLAT: dict[str, tuple[str, str]] = {
    **{n: ("sheet", n) for n in ("categories", "health_pools", "pool_keys", "derive", "initial_pools",
                                 "side_of", "on_added", "on_stats_set", "status", "action_budget")},
    "stat_block": ("sheet", "stat_block"), "effective": ("sheet", "effective"),
    "gm_only_fields": ("sheet", "gm_only_fields"),
    **{n: ("health", n) for n in ("damage", "heal", "minimum_damage", "damage_types", "spend")},
    "add_condition": ("conditions", "add"), "on_condition_removed": ("conditions", "removed"),
    "active_conditions": ("conditions", "active"),
    **{n: ("turns", n) for n in ("initiative_bonus", "roll_initiative", "tiebreak_for", "order_key",
                                 "can_take_turn", "can_change_initiative", "surprise_round", "trigger_position",
                                 "on_combat_start", "on_turn_start", "on_turn_end", "on_round_end",
                                 "on_combat_end", "on_time_passed")},
    "before_check": ("checks", "before"), "check_bonus": ("checks", "bonus"), "check_names": ("checks", "names"),
    "check_modifiers": ("checks", "modifiers"), "check_focus": ("checks", "focus"),
    "check_tie_key": ("checks", "tie_key"), "check_degree": ("checks", "degree"),
}
_FLAT_ATTRS: dict[str, tuple[str, str]] = {
    "initiative_dice": ("turns", "initiative_dice"), "ready_lapses": ("turns", "ready_lapses"),
    "newcomers_roll_at_round_start": ("turns", "newcomers_roll_at_round_start"),
    "free_conditions": ("conditions", "free_labels"), "check_dice": ("checks", "dice"),
    "allows_take": ("checks", "allows_take"), "hidden_checks": ("checks", "hidden"),
}


def _adopt_flat_hooks(rules: Ruleset) -> None:
    cls = type(rules)
    declared = inspect.getattr_static(cls, "conditions")
    if not isinstance(declared, part):  # ``def conditions(self)``: the old catalogue hook
        made = Conditions(rules)
        made.definitions = declared.__get__(rules, cls)
        rules.__dict__["conditions"] = made
    for flat, (where, name) in _FLAT.items():
        impl = getattr(cls, flat, None)
        if impl is not None and impl is not getattr(_Flat, flat, None):
            setattr(getattr(rules, where), name, getattr(rules, flat))
    for flat, (where, name) in _FLAT_ATTRS.items():
        if hasattr(cls, flat):
            setattr(getattr(rules, where), name, getattr(cls, flat))


def _shim(where: str, name: str):
    base = getattr(PARTS[where], name)

    def flat(self, *args: Any, **kwargs: Any) -> Any:
        return base(getattr(self, where), *args, **kwargs)

    flat.__name__ = name
    return flat


class _Flat:
    """The old flat names, each running the part's generic default (what ``super()`` meant)."""


for _name, (_where, _attr) in _FLAT.items():
    if _name in ("stat_block", "effective", "gm_only_fields"):
        continue
    setattr(_Flat, _name, _shim(_where, _attr))
    setattr(Ruleset, _name, getattr(_Flat, _name))
for _name in ("stat_block", "effective", "gm_only_fields"):
    setattr(_Flat, _name, getattr(Ruleset, _name))
