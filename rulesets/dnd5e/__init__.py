"""Dungeons & Dragons fifth edition, from the System Reference Document 5.2 (CC-BY-4.0;
docs/rulesets/dnd5e.md).

This work includes material from the System Reference Document 5.2 by Wizards of the Coast
LLC, available at https://www.dndbeyond.com/srd, licensed under CC-BY-4.0.

Five parts, each the module that owns its rules: ``sheet`` (stat block, figures, status),
``health`` (hit points, temporary HP, damage types, 0 HP, death saves), ``conditions`` (the
document's conditions and exhaustion), ``turns`` (initiative and turn hooks), ``checks``.
"""

from __future__ import annotations

from gm_console.ruleset import EncounterState, Pending, Ruleset, part

from . import difficulty, legendary

from .checks import DnDChecks
from .conditions import DnDConditions
from .health import DnDHealth
from .i18n import _
from .options import OPTIONS
from .sheet import DnDSheet
from .turns import DnDTurns
from .verbs import VERBS

__all__ = ["DnD5e", "_"]


class DnD5e(Ruleset):
    id = "dnd5e"
    name = "D&D 5e (SRD 5.2)"
    version = "1.0"
    domain = _  # its catalogue: where another language finds its conditions' and stats' names
    seconds_per_round = 6
    sheet = part(DnDSheet)
    health = part(DnDHealth)
    conditions = part(DnDConditions)
    turns = part(DnDTurns)
    checks = part(DnDChecks)

    def options(self):
        return OPTIONS

    def verbs(self):
        return VERBS

    def pending(self, state: EncounterState) -> list[Pending]:
        return legendary.pending(state)

    def difficulty(self, state: EncounterState):
        """The SRD 5.2's XP budget per character (dnd5e.md §8.2): low, moderate, high."""
        return difficulty.difficulty(self, state)

    def legendary_resist(self, ctx, c) -> None:
        """A legendary resistance spent (dnd5e.md §7.5): ``legres`` and ``spend`` both come here."""
        legendary.resist(ctx, c)
