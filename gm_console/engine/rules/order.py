"""The initiative order: sorting by the ruleset's key, placing one combatant, rolling.

Kept apart from ``turns`` (which moves the marker through the order) so that the roster
handlers, the turn machinery and groups all use it without importing each other.
"""

from __future__ import annotations

from ..core import events as ev
from . import groups
from ..core.context import Context
from ..core.marks import MOVED_PAST
from ..core.state import Combatant


def sorted_order(ctx: Context) -> list[str]:
    rs, state = ctx.ruleset, ctx.state
    with_init = [c for c in state.combatants.values() if c.initiative is not None]
    with_init.sort(key=rs.turns.order_key, reverse=True)
    return groups.keep_together(state, [c.id for c in with_init])  # a group is one place in the round


def place_by_initiative(ctx: Context, c: Combatant) -> None:
    """Insert (or move) ``c`` in a running order by its initiative; a group member brings its
    whole group, which is one place at its count, its members in the order they joined."""
    state, rs = ctx.state, ctx.ruleset
    block = [cid for cid in groups.members(state, groups.group_of(c))
             if (cid in state.order or cid == c.id) and state.get(cid).initiative == c.initiative]
    if c.id not in block:
        block = [c.id]
    order = [cid for cid in state.order if cid not in block]
    key = rs.turns.order_key(state.get(block[0]))
    pos = len(order)
    for i, cid in enumerate(order):
        if rs.turns.order_key(state.get(cid)) < key:
            pos = i
            break
    passed = _passed_by_active(ctx, block, order, pos)
    order[pos:pos] = block
    ctx.set_order(groups.keep_together(state, order), reason="initiative")
    if passed:
        mark = tuple(MOVED_PAST.of(state) or ())
        before = [cid for cid in mark[1:] if cid not in passed] if mark[:1] == (state.active,) else []
        ctx.set_encounter_mark(MOVED_PAST, (state.active, *before, *passed))


def _passed_by_active(ctx: Context, block: list[str], rest: list[str], pos: int) -> list[str]:
    """Those the active combatant's block (it, or its group) moves below by going to ``pos`` of
    ``rest`` (the order without the block): they follow its old slot and have not acted yet, so
    its turn must still end into them (docs/rulesets/generic.md, "Changing a count mid-round")."""
    state = ctx.state
    if not state.in_combat or state.active not in block or state.active not in state.order:
        return []
    old = sum(1 for cid in state.order[:state.order.index(state.active)] if cid not in block)
    return [cid for cid in rest[old:pos] if state.started.get(cid) != state.round]


def roll_initiative(ctx: Context, who: list[Combatant]) -> None:
    who = groups.with_members(ctx.state, who)  # a group rolls once, for all its members
    for c, (value, tiebreak, text) in groups.rolls(ctx, who):
        ctx.emit(ev.InitiativeSet(id=c.id, value=value, tiebreak=tuple(tiebreak), roll=text))
    reorder(ctx, who)


def reorder(ctx: Context, changed: list[Combatant]) -> None:
    if ctx.state.in_combat:
        for c in changed:
            place_by_initiative(ctx, ctx.state.get(c.id))
    else:
        ctx.set_order(sorted_order(ctx), reason="initiative")
