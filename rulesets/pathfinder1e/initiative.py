"""Initiative (pathfinder1e.md §1.1): d20 + modifier; ties by modifier, then a d20 roll-off.

The roll-off is rolled only when a tie exists (so forced dice stay one per
combatant otherwise) and is kept in the ``rolloff`` mark, which ``order_key``
reads after initiative and modifier.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace

from gm_console.ruleset import Combatant, Context, named, of, public

from .i18n import _, in_a_row

RULE = "pathfinder1e.md §1.1"
FLAT_NOTE = "until its first turn"


def rolloff_key(c: Combatant) -> tuple:
    return tuple(c.marks.get("rolloff") or ())


def order_key(c: Combatant) -> tuple:
    init = c.initiative if c.initiative is not None else float("-inf")
    return (init, *c.tiebreak, rolloff_key(c), -c.added)


def resolve_ties(ctx: Context, who: list[Combatant]) -> bool:
    """Roll off every group with the same initiative and modifier. True if any was rolled."""
    groups: dict[tuple, list[Combatant]] = defaultdict(list)
    for c in who:
        if c.initiative is not None:
            groups[(c.initiative, tuple(c.tiebreak))].append(c)
    rolled = False
    for (init, tb), members in groups.items():
        if len(members) < 2:
            continue
        rolled = True
        _rolloff(ctx, sorted(members, key=lambda c: c.added), init, tb)
    return rolled


def _rolloff(ctx: Context, members: list[Combatant], init, tb) -> None:
    keys = {c.id: () for c in members}
    pending = list(members)
    for _round in range(20):
        results = []
        for c in pending:
            r = ctx.roll("1d20", purpose=_('initiative roll-off of {name}', name=named(c)), who=c.id)
            keys[c.id] = keys[c.id] + (r.total,)
            results.append(_("{name} rolls {n}", name=named(c), n=public(r.total)))  # a bare d20
        # the count is on every view; the modifier they share is the initiative bonus of each of them
        ctx.say(_("Initiative tie at {init} (modifier {mod:+d}): roll-off {results}", init=public(_num(init)),
                  mod=of(_told(members), tb[0] if tb else 0), results=in_a_row(results)), rule=RULE)
        seen: dict[tuple, list[Combatant]] = defaultdict(list)
        for c in pending:
            seen[keys[c.id]].append(c)
        pending = [c for group in seen.values() if len(group) > 1 for c in group]
        if not pending:
            break
    for c in members:
        ctx.set_mark(c, "rolloff", list(keys[c.id]))


def _told(members: list[Combatant]) -> Combatant:
    """Whose number a shared initiative modifier is for the players: a PC's when one of them is
    (they know it already), else the first one's (the GM's then)."""
    return next((c for c in members if c.is_pc), members[0])


def reorder(ctx: Context) -> None:
    state = ctx.state
    with_init = [c for c in state.combatants.values() if c.initiative is not None]
    with_init.sort(key=order_key, reverse=True)
    ctx.set_order([c.id for c in with_init], reason="initiative roll-off")


def combat_start(ctx: Context, flat_def) -> None:
    for c in ctx.state.combatants.values():
        ctx.set_mark(c, "hero_round", None)
    if resolve_ties(ctx, list(ctx.state.combatants.values())):
        reorder(ctx)
    for cid in ctx.state.order:
        c = ctx.state.get(cid)
        if c.life == "dead":
            continue
        flat_footed(ctx, c, flat_def)


def flat_footed(ctx: Context, c: Combatant, flat_def) -> None:
    """pathfinder1e.md §1.1.4 [S]: flat-footed until its first turn in this combat."""
    if any(i.note == FLAT_NOTE for i in c.instances(flat_def.id)):
        return
    ctx.apply_condition(c, replace(flat_def, stack="separate"), note=FLAT_NOTE)
    ctx.set_mark(c, "unacted", True)


def first_turn(ctx: Context, c: Combatant) -> None:
    """Its first turn starts: the flat-footed instance goes (it is acting now).

    The ``unacted`` mark stays until that turn ends (``acted``): whoever acts in
    the middle of it (a delayer resuming before it, a readied action, a hero
    point) finds it flat-footed still, since it has not done anything yet
    (``still_flat_footed``; pathfinder1e.md §1.1.4).
    """
    for inst in list(c.conditions):
        if inst.cond == "flat-footed" and inst.note == FLAT_NOTE:
            ctx.remove_condition(c, inst, reason="first turn")


def acted(ctx: Context, c: Combatant) -> None:
    """Its first turn is over (or the combat is): no longer flat-footed for not having acted."""
    first_turn(ctx, c)
    if c.marks.get("unacted"):
        ctx.set_mark(c, "unacted", None)


def still_flat_footed(state, c: Combatant) -> bool:
    """Its first turn began but someone else acts before it has done anything (resume, trigger, hero act)."""
    return (bool(c.marks.get("unacted")) and state.in_combat and state.active != c.id
            and not any(i.cond == "flat-footed" and i.note == FLAT_NOTE for i in c.conditions))


def joined_mid_combat(ctx: Context, c: Combatant, total, tiebreak: tuple, flat_def) -> None:
    """A combatant rolling in during the fight (§1.1.9): roll off ties, flat-footed until it acts.

    Called before the engine records the new initiative, so it compares ``total``.
    """
    state = ctx.state
    others = [o for o in state.combatants.values() if o.id != c.id and o.initiative == total
              and tuple(o.tiebreak) == tuple(tiebreak)]
    if others:
        for o in others:
            if not o.marks.get("rolloff"):
                r = ctx.roll("1d20", purpose=_('initiative roll-off of {name}', name=named(o)), who=o.id)
                ctx.set_mark(o, "rolloff", [r.total])
        taken = {rolloff_key(o) for o in others}
        key: tuple = ()
        for _try in range(20):
            r = ctx.roll("1d20", purpose=_('initiative roll-off of {name}', name=named(c)), who=c.id)
            key = (r.total,)
            if key not in taken:
                break
        ctx.set_mark(c, "rolloff", list(key))
        names = in_a_row(_("{name} {n}", name=named(o), n=public(rolloff_key(o)[0])) for o in others)
        ctx.say(_("Initiative tie at {init}: roll-off {name} rolls {n} (vs {names})", init=public(_num(total)),
                  name=named(c), n=public(key[0]), names=names), rule=RULE)
    else:
        ctx.set_mark(c, "rolloff", None)
    if state.started.get(c.id) is None and c.life != "dead":
        flat_footed(ctx, c, flat_def)


def _num(v) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:g}"
