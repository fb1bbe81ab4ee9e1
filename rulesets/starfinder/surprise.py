"""Surprise (starfinder.md §3.1): the GM settles Stealth against Perception; the rules decide what follows.

The surprise *round* belongs to the engine (``surprise NAME...`` names the aware before
``start``). What is Starfinder's is whether it is played: by the seed, when only some
defenders are unaware there is no surprise round at all, and only the unaware are
flat-footed until they act; officially, a surprise round for everyone aware.
``outcome`` answers that and marks the unaware; the engine's ``surprise_round`` hook
calls it. The flat-footed instance carries the note ``surprise`` and ends when the
creature's first turn starts (``turn_start``), however many slots were skipped before.
"""

from __future__ import annotations

from typing import Sequence

from gm_console.ruleset import Combatant, Context

from .common import say
from .i18n import _
from .options import official
from .stats import is_vehicle


NOTE = "surprise: until it acts"


def _team(c: Combatant) -> str:
    return "foe" if c.side == "foe" else "party"


def outcome(rules, ctx: Context, unaware: Sequence[Combatant]) -> list[Combatant]:
    """Mark the unaware flat-footed until they act; return who acts in a surprise round ([] = none).

    Defenders are every creature on the unaware ones' side(s). All of them unaware: a
    surprise round for everyone else. Only some: none (seed) or one for all the aware (official).
    """
    state = ctx.state
    unaware = [c for c in unaware if not is_vehicle(c)]
    if not unaware:
        return []
    ids = {c.id for c in unaware}
    teams = {_team(c) for c in unaware}
    defenders = [c for c in state.combatants.values()
                 if _team(c) in teams and not is_vehicle(c) and c.life != "dead"]
    aware = [c for c in state.combatants.values() if c.id not in ids and c.life != "dead" and not is_vehicle(c)]
    ff = rules.conditions.catalogue.define("flat-footed")
    for c in unaware:
        ctx.apply_condition(c, ff, note=NOTE)
    names = ", ".join(c.name for c in unaware)
    everyone = all(c.id in ids for c in defenders)
    if everyone:
        say(ctx, None, _("Every defender is unaware ({names}): a surprise round for the others, one move or standard "
                         "action each; the unaware are flat-footed until they act", names=names),
            "starfinder.md §3.1 surprise [S]")
        return aware
    if official(state, "partial_surprise"):
        say(ctx, None, _("Only some defenders are unaware ({names}): a surprise round for everyone aware (a standard "
                         "or move action, plus swift); the unaware are flat-footed until they act", names=names),
            "starfinder.md §3.1 surprise [Δ official]")
        return aware
    say(ctx, None, _("Only some defenders are unaware ({names}): no surprise round; a normal round in initiative "
                     "order, and only they are flat-footed (-2 AC, no reactions) until they act", names=names),
        "starfinder.md §3.1 surprise [S]")
    return []


def turn_start(ctx: Context, c: Combatant) -> None:
    """Flat-footed from surprise ends once the creature acts (starfinder.md §3.1 [O])."""
    for inst in list(c.instances("flat-footed")):
        if inst.note == NOTE:
            ctx.remove_condition(c, inst, reason="acted")
