"""The group verbs (`group`, `ungroup`, `group-done`): the GM's commands over ``groups``.

``groups`` answers questions about groups (who is in one, one roll for all); these change
them, through the turn machinery, so they live above both.
"""

from __future__ import annotations

from typing import Iterable

from gm_console.i18n import _

from ..rules import effects, groups, order, turns
from ..core import events as ev
from ..core.contract import RulesError
from ..core.context import Context
from ..core.marks import GROUP
from ..core.state import Combatant


def make(ctx: Context, who: list[Combatant]) -> None:
    """``who`` become one group: one initiative (the first one's that has any), side by side."""
    state = ctx.state
    unique = list({c.id: c for c in who}.values())
    if len(unique) < 2:
        raise RulesError(_("group: name two or more combatants (group NAME NAME ...)"))
    gid = next((groups.group_of(c) for c in unique if groups.group_of(c)), None) or groups.new_id(state, unique[0].name)
    for c in unique:
        ctx.set_mark(c, GROUP, gid)
    leader = next((c for c in unique if c.initiative is not None), None)
    if leader is not None:
        for c in unique:
            if c.id != leader.id and (c.initiative != leader.initiative or c.tiebreak != leader.tiebreak):
                ctx.emit(ev.InitiativeSet(id=c.id, value=leader.initiative, tiebreak=leader.tiebreak))
        if state.in_combat:
            order.place_by_initiative(ctx, state.get(leader.id))  # one place, at its count, in join order
        elif state.order:
            ctx.set_order(order.sorted_order(ctx), reason="group")
    ctx.say(_("{names} act together (one initiative)", names=", ".join(c.name for c in unique)))


def ungroup(ctx: Context, who: list[Combatant]) -> None:
    gone = [c for c in who if groups.group_of(c) is not None]
    if not gone:
        raise RulesError(_("ungroup: {names} are in no group", names=", ".join(c.name for c in who)))
    for c in gone:
        ctx.set_mark(c, GROUP, None)
    ctx.say(_("{names} act on their own again", names=", ".join(c.name for c in gone)))


def next_group(ctx: Context) -> None:
    """End the turns of the active combatant and of every member of its group after it."""
    state = ctx.state
    gid = groups.group_of(state.combatants.get(state.active)) if state.active else None
    left = len(groups.members(state, gid))
    turns.end_turn(ctx)
    while gid is not None and left > 1 and state.active is not None \
            and groups.group_of(state.combatants.get(state.active)) == gid:
        left -= 1
        turns.end_turn(ctx)


def names_in(ctx: Context, refs: Iterable[str]) -> list[Combatant]:
    """``group A B``, ``group "A","B"`` and ``group Goblin*`` alike: every name and pattern."""
    parts = tuple(part.strip() for ref in refs for part in str(ref).split(",") if part.strip())
    return effects.targets(ctx, parts)
