"""Initiative (starfinder.md §3.1): 1d20 + modifier; ties act together (seed) or are broken by the
higher modifier, then a roll-off (official option).

The engine runs one turn at a time, so a seed tie is shown rather than merged: the tied
combatants are remembered at the start of combat (encounter mark ``ties``), the sheet
says "acts together with ...", and the log announces the shared slot when it comes up.
"""

from __future__ import annotations

from gm_console.ruleset import Combatant, Context, EncounterState, Msg, fold_text, keep_together, named, places, public

from . import marks
from .common import say, value
from .i18n import _
from .options import official
from .stats import is_vehicle
from .vehicles import initiative as vehicle_initiative


def roll(rules, ctx: Context, c: Combatant) -> tuple[float, tuple, str]:
    if is_vehicle(c):
        return vehicle_initiative(ctx.state, c)
    bonus = value(rules, ctx.state, c, "init")
    expr = f"1d20{bonus:+d}" if bonus else "1d20"
    r = ctx.roll(expr, purpose=_('initiative of {name}', name=named(c)), who=c.id)
    return r.total, (bonus,), r.text


def order_key(c: Combatant) -> tuple:
    init = c.initiative if c.initiative is not None else float("-inf")
    return (init, *c.tiebreak, tuple(marks.ROLLOFF.of(c) or ()), -c.added)


def _places(state: EncounterState, ids, by_modifier: bool) -> list[list[list[str]]]:
    """The places tied on a count (and modifier): each a list of ids, a group's members in one
    place in the order they joined (a group is one place in the order, generic.md#groups)."""
    buckets: dict[tuple, list[list[str]]] = {}
    who = [state.get(cid) for cid in ids]
    for place in places(state, [c for c in who if c.initiative is not None and not is_vehicle(c)]):
        c = place[0]
        key = (c.initiative, *c.tiebreak) if by_modifier else (c.initiative,)
        buckets.setdefault(key, []).append([o.id for o in place])
    return [g for g in buckets.values() if len(g) > 1]


def _groups(state: EncounterState, ids, by_modifier: bool) -> list[list[str]]:
    return [[cid for place in g for cid in place] for g in _places(state, ids, by_modifier)]


def combat_start(ctx: Context) -> None:
    state = ctx.state
    for c in state.combatants.values():
        if marks.ROLLOFF.of(c) is not None:
            ctx.set_mark(c, marks.ROLLOFF, None)
    if official(state, "tie_order"):
        _roll_off(ctx)
        ctx.set_encounter_mark(marks.TIES, None)
        return
    groups = _groups(state, state.order, by_modifier=False)
    ctx.set_encounter_mark(marks.TIES, groups or None)
    for g in groups:
        names = [state.get(cid).name for cid in g]
        say(ctx, None, _("{names} and {last} tie at initiative {init}: they act together, in one shared slot",
                         names=", ".join(names[:-1]), last=named(state.get(g[-1])),
                         init=public(_num(state.get(g[0]).initiative))), "starfinder.md §3.1 ties [S]")


def _roll_off(ctx: Context) -> None:
    """Official: the higher initiative modifier first (the tie-break key), then a d20 roll-off;
    a group rolls once, its members share the result and keep the order they joined in."""
    state = ctx.state
    pending = _places(state, state.order, by_modifier=True)
    rounds = 0
    while pending and rounds < 20:
        rounds += 1
        nxt = []
        for g in pending:
            for place in g:
                first = state.get(place[0])
                who = named(first) if len(place) == 1 else _("{name}'s group", name=named(first))
                r = ctx.roll("1d20", purpose=_('initiative roll-off of {name}', name=who), who=first.id)
                key = [*(marks.ROLLOFF.of(first) or ()), r.total]
                for cid in place:
                    ctx.set_mark(state.get(cid), marks.ROLLOFF, key)
            buckets: dict[tuple, list[list[str]]] = {}
            for place in g:
                buckets.setdefault(tuple(marks.ROLLOFF.of(state.get(place[0]))), []).append(place)
            nxt += [b for b in buckets.values() if len(b) > 1]
        pending = nxt
    order = sorted(state.order, key=lambda cid: order_key(state.get(cid)), reverse=True)
    ctx.set_order(keep_together(state, order), reason="initiative roll-off")
    say(ctx, None, _("Initiative ties broken by the higher modifier, then a roll-off (official)"),
        "starfinder.md §3.1 ties [Δ official]")


def tied_with(state: EncounterState, c: Combatant) -> list[Combatant]:
    """Who shares ``c``'s slot: the ties recorded at the start, still on that count and alive."""
    if c.initiative is None or is_vehicle(c) or c.life == "dead" or official(state, "tie_order"):
        return []
    if state.in_combat:
        for g in marks.TIES.of(state) or ():
            if c.id in g:
                return [state.get(o) for o in g if o != c.id and o in state.combatants
                        and state.get(o).initiative == c.initiative and state.get(o).life != "dead"]
        return []
    if state.ended:
        return []
    return [o for o in state.combatants.values()
            if o.id != c.id and not is_vehicle(o) and o.initiative == c.initiative and o.life != "dead"]


def turn_start(ctx: Context, c: Combatant) -> None:
    state = ctx.state
    if marks.READY_TEXT.of(c) is not None:
        ctx.set_mark(c, marks.READY_TEXT, None)
    mates = [o for o in tied_with(state, c) if o.life != "dead"]
    if not mates:
        return
    group = [c, *mates]
    first = min(group, key=lambda o: state.order.index(o.id) if o.id in state.order else 10**6)
    if first is c:
        names = ", ".join(o.name for o in group)
        say(ctx, c, _("Shared slot at initiative {init}: {names} act together (resolve them as one)",
                      init=public(_num(c.initiative)), names=names), "starfinder.md §3.1 ties [S]")


def status(state: EncounterState, c: Combatant) -> list[Msg]:
    mates = tied_with(state, c)
    if not mates:
        return []
    names = ", ".join(o.name for o in mates)
    return [_("acts together with {names} (tied at {init})", names=names, init=_num(c.initiative))]


def _num(v) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:g}"


DEFENSIVE_WORDS = ("defensive", "defensiva", "defensivo", "def", "before", "antes")


def remember_ready(ctx: Context, c: Combatant) -> None:
    """The turn ends with a readied action: keep its words, the trigger may call it defensive."""
    ready = ctx.state.readied.get(c.id)
    if ready is not None:
        ctx.set_mark(c, marks.READY_TEXT, ready.trigger)


def trigger_position(ctx: Context, c: Combatant, trigger_args: tuple[str, ...]) -> str:
    """Purely defensive readied actions go just before the trigger, all others just after (starfinder.md §3.1 [O]).

    Defensive: `trigger NAME defensive`, or a readied text that says so ("ready defensive: duck").
    """
    words = {a.casefold() for a in trigger_args}
    text = fold_text(str(marks.READY_TEXT.of(c) or ""))
    ctx.set_mark(c, marks.READY_TEXT, None)
    defensive = bool(words & set(DEFENSIVE_WORDS)) or any(w in text for w in ("defensiv", "defensa", "defend"))
    where = "before" if defensive else "after"
    active = ctx.state.combatants.get(ctx.state.active or "")
    if active is not None and active.id != c.id:
        if where == "before":
            say(ctx, c, _("Purely defensive: {name}'s readied action resolves just before {active}", name=named(c),
                          active=named(active)), "starfinder.md §3.1 ready [O]")
        else:
            say(ctx, c, _("Not purely defensive: {name}'s readied action resolves just after {active}'s triggering "
                          "action (add `defensive` to the trigger to go before)", name=named(c), active=named(active)),
                "starfinder.md §3.1 ready [O]")
    return where
