"""Initiative (pathfinder1e.md §1.1): d20 + modifier; ties by modifier, then a d20 roll-off.

The roll-off is rolled only when a tie exists (so forced dice stay one per
combatant otherwise) and is kept in the ``rolloff`` mark, which ``order_key``
reads after initiative and modifier.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace

from gm_console.ruleset import Combatant, Context, group_of, keep_together, named, of, places, public

from . import marks
from .i18n import _, in_a_row

RULE = "pathfinder1e.md §1.1"
FLAT_NOTE = "until its first turn"


def rolloff_key(c: Combatant) -> tuple:
    return tuple(marks.ROLLOFF.of(c) or ())


def order_key(c: Combatant) -> tuple:
    init = c.initiative if c.initiative is not None else float("-inf")
    return (init, *c.tiebreak, rolloff_key(c), -c.added)


def resolve_ties(ctx: Context, who: list[Combatant]) -> bool:
    """Roll off every set of places with the same initiative and modifier. True if any was rolled.

    A group is one place (generic.md#groups): it rolls once, for all its members, who keep the
    order they joined in; its members never roll off among themselves."""
    tied: dict[tuple, list[list[Combatant]]] = defaultdict(list)
    for place in places(ctx.state, sorted((c for c in who if c.initiative is not None), key=lambda c: c.added)):
        first = place[0]
        tied[(first.initiative, tuple(first.tiebreak))].append(place)
        _same_mark(ctx, place, marks.ROLLOFF.of(first))
    rolled = False
    for (init, tb), at in tied.items():
        if len(at) < 2:
            continue
        rolled = True
        _rolloff(ctx, at, init, tb)
    return rolled


def _same_mark(ctx: Context, place: list[Combatant], key) -> None:
    """A group's members share one roll-off result, as they share one initiative."""
    for c in place:
        if (None if key is None else tuple(key)) != (None if marks.ROLLOFF.of(c) is None else rolloff_key(c)):
            ctx.set_mark(c, marks.ROLLOFF, None if key is None else list(key))


def _rolled_by(place: list[Combatant]):
    """Who rolls for a place: the combatant, or the group (by its first member)."""
    return named(place[0]) if len(place) == 1 else _("{name}'s group", name=named(place[0]))


def _rolloff(ctx: Context, at: list[list[Combatant]], init, tb) -> None:
    keys: dict[int, tuple] = {i: () for i in range(len(at))}
    pending = list(range(len(at)))
    members = [c for place in at for c in place]
    for _round in range(20):
        results = []
        for i in pending:
            first = at[i][0]
            r = ctx.roll("1d20", purpose=_('initiative roll-off of {name}', name=_rolled_by(at[i])), who=first.id)
            keys[i] = keys[i] + (r.total,)
            results.append(_("{name} rolls {n}", name=_rolled_by(at[i]), n=public(r.total)))  # a bare d20
        # the count is on every view; the modifier they share is the initiative bonus of each of them
        ctx.say(_("Initiative tie at {init} (modifier {mod:+d}): roll-off {results}", init=public(_num(init)),
                  mod=of(_told(members), tb[0] if tb else 0), results=in_a_row(results)), rule=RULE)
        seen: dict[tuple, list[int]] = defaultdict(list)
        for i in pending:
            seen[keys[i]].append(i)
        pending = [i for same in seen.values() if len(same) > 1 for i in same]
        if not pending:
            break
    for i, place in enumerate(at):
        _same_mark(ctx, place, keys[i])


def _told(members: list[Combatant]) -> Combatant:
    """Whose number a shared initiative modifier is for the players: a PC's when one of them is
    (they know it already), else the first one's (the GM's then)."""
    return next((c for c in members if c.is_pc), members[0])


def reorder(ctx: Context) -> None:
    state = ctx.state
    with_init = [c for c in state.combatants.values() if c.initiative is not None]
    with_init.sort(key=order_key, reverse=True)
    ctx.set_order(keep_together(state, [c.id for c in with_init]), reason="initiative roll-off")


def combat_start(ctx: Context, flat_def) -> None:
    for c in ctx.state.combatants.values():
        ctx.set_mark(c, marks.HERO_ROUND, None)
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
    ctx.set_mark(c, marks.UNACTED, True)


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
    if marks.UNACTED.of(c):
        ctx.set_mark(c, marks.UNACTED, None)


def still_flat_footed(state, c: Combatant) -> bool:
    """Its first turn began but someone else acts before it has done anything (resume, trigger, hero act)."""
    return (bool(marks.UNACTED.of(c)) and state.in_combat and state.active != c.id
            and not any(i.cond == "flat-footed" and i.note == FLAT_NOTE for i in c.conditions))


def joined_mid_combat(ctx: Context, c: Combatant, total, tiebreak: tuple, flat_def) -> None:
    """A combatant rolling in during the fight (§1.1.9): roll off ties, flat-footed until it acts.

    Called before the engine records the new initiative, so it compares ``total``.
    """
    state = ctx.state
    own = group_of(c)
    others = [o for o in state.combatants.values() if o.id != c.id and o.initiative == total
              and tuple(o.tiebreak) == tuple(tiebreak) and (own is None or group_of(o) != own)]
    mates = [o for o in state.combatants.values() if own is not None and group_of(o) == own]
    if others:
        at = places(state, others)
        for place in at:
            if not marks.ROLLOFF.of(place[0]):
                r = ctx.roll("1d20", purpose=_('initiative roll-off of {name}', name=_rolled_by(place)),
                             who=place[0].id)
                _same_mark(ctx, place, (r.total,))
            _same_mark(ctx, place, rolloff_key(place[0]))
        taken = {rolloff_key(place[0]) for place in at}
        key: tuple = ()
        mine = [c, *(o for o in mates if o.id != c.id)]
        for _try in range(20):
            r = ctx.roll("1d20", purpose=_('initiative roll-off of {name}', name=_rolled_by(mine)), who=c.id)
            key = (r.total,)
            if key not in taken:
                break
        _same_mark(ctx, mine, key)
        names = in_a_row(_("{name} {n}", name=_rolled_by(place), n=public(rolloff_key(place[0])[0])) for place in at)
        ctx.say(_("Initiative tie at {init}: roll-off {name} rolls {n} (vs {names})", init=public(_num(total)),
                  name=_rolled_by(mine), n=public(key[0]), names=names), rule=RULE)
    else:
        _same_mark(ctx, [c, *(o for o in mates if o.id != c.id)], None)
    for o in [c, *(o for o in mates if o.id != c.id)]:  # a group rolling in: none of them has acted yet
        if state.started.get(o.id) is None and o.life != "dead":
            flat_footed(ctx, o, flat_def)


def _num(v) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:g}"
