"""What a monster's stat block gives it beyond the turn (dnd5e.md §7.4-§7.6): legendary
actions (a pool per round, spent right after other creatures' turns, back at its own),
legendary resistance (uses per day) and Recharge abilities rolled at the start of its turn.

Marks: ``legendary`` = uses left this round; ``legendary_after`` = the turn (round, id) after
which it last spent one; ``spent`` = the Recharge abilities used and not yet back.
"""

from __future__ import annotations

import re

from gm_console.ruleset import Combatant, Context, EncounterState, Pending, fold_text, gm, named, of, public, possessive

from . import marks
from .common import rule
from .conditions import flagged
from .i18n import _, _n

_RECHARGE = re.compile(r"^(.*?)\s*(?:\(?\s*(?:recharge|recarga)\s*)?(\d)(?:\s*[-–]\s*(\d))?\)?\s*$", re.I)


def per_round(c: Combatant) -> int:
    """Its legendary action uses a round, one more in its lair (dnd5e.md §7.4, §7.7)."""
    n = c.stats.get("legendary_actions")
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        return 0
    return n + (1 if c.stats.get("lair") is True else 0)


def left(c: Combatant) -> int:
    n = marks.LEGENDARY.of(c)
    return per_round(c) if n is None else int(n)


def refill(ctx: Context, c: Combatant) -> None:
    """All uses back at the start of its turn (dnd5e.md §7.4)."""
    if per_round(c):
        ctx.set_mark(c, marks.LEGENDARY, None)
        ctx.set_mark(c, marks.LEGENDARY_AFTER, None)


def spend(ctx: Context, c: Combatant, cost: int) -> None:
    """``legendary NAME [N]``: right after another creature's turn, one use (or N for a costly
    option) of its legendary actions (dnd5e.md §7.4)."""
    state = ctx.state
    if not per_round(c):
        ctx.fail(_("{name} has no legendary actions (legendary_actions=N on {whose} sheet)", whose=possessive(c),
                   name=c.name))
    if c.life != "ok" or flagged(c, "incapacitated", ctx.ruleset.conditions.catalogue):
        ctx.fail(_("{name} cannot take legendary actions now", name=c.name))
    if not state.in_combat or state.active is None:
        ctx.fail(_("legendary actions are taken in combat, after another creature's turn"))
    if state.active == c.id:
        ctx.fail(_("{name} takes {whose} legendary actions after other creatures' turns, not in {whose} own",
                   whose=possessive(c, several=True), name=c.name))
    after = [state.round, state.active]
    if list(marks.LEGENDARY_AFTER.of(c) or ()) == after:
        ctx.fail(_("{name} has already taken a legendary action after this turn", name=c.name))
    have = left(c)
    if cost > have:
        ctx.fail(_("{name} has {have} legendary actions left this round, not {cost}", name=c.name, have=have,
                   cost=cost))
    ctx.set_mark(c, marks.LEGENDARY, have - cost)
    ctx.set_mark(c, marks.LEGENDARY_AFTER, after)
    ctx.say(_n("{name} takes a legendary action ({left} left this round)",
               "{name} takes a legendary action costing {cost} ({left} left this round)", cost,
               name=named(c), cost=public(cost), left=of(c, have - cost)), rule=rule("7.4"), who=c.id)


def resist(ctx: Context, c: Combatant) -> None:
    """``legres NAME``: a failed save becomes a success, one use a day (dnd5e.md §7.5)."""
    pool = c.pools.get("legendary_resistance")
    if pool is None or pool.value < 1:
        ctx.fail(_("{name} has no legendary resistance left today", name=c.name))
    ctx.set_pool(c, "legendary_resistance", pool.value - 1, rule=rule("7.5"))
    ctx.say(_("{name} uses a legendary resistance: the failed save succeeds instead ({n} left today)",
              name=named(c), n=of(c, pool.value)), rule=rule("7.5"), who=c.id)


def abilities(c: Combatant) -> dict[str, tuple[str, int]]:
    """Its Recharge abilities: folded name -> (name, lowest roll that recharges it)."""
    raw = c.stats.get("recharge") or ()
    if isinstance(raw, str):
        raw = raw.split(",")
    out = {}
    for text in raw:
        m = _RECHARGE.match(str(text).strip())
        if m and m.group(1).strip():
            out[fold_text(m.group(1).strip())] = (m.group(1).strip(), int(m.group(2)))
    return out


def use(ctx: Context, c: Combatant, name: str) -> None:
    """``recharge-use NAME ABILITY``: it used a Recharge ability; gone until it recharges."""
    known = abilities(c)
    key = fold_text(name)
    found = known.get(key) or next((v for k, v in known.items() if k.startswith(key)), None)
    if found is None:
        names = ", ".join(v[0] for v in known.values()) or "-"
        ctx.fail(_("{name} has no Recharge ability {what!r} ({whose} recharge: {names})",
                   whose=possessive(c, several=True), name=c.name, what=name, names=names))
    spent = list(marks.SPENT.of(c) or ())
    if found[0] in spent:
        ctx.fail(_("{name}'s {what} has not recharged yet (rolled at the start of {whose} turns)",
                   whose=possessive(c, several=True), name=c.name, what=found[0]))
    ctx.set_mark(c, marks.SPENT, [*spent, found[0]])
    ctx.say(_("{name} uses {what}: it recharges on {low}-6 at the start of {whose} turns",
              whose=possessive(c, several=True), name=named(c),
              what=gm(found[0]), low=gm(found[1])), rule=rule("7.6"), who=c.id, gm_only=True)


def roll_recharges(ctx: Context, c: Combatant) -> None:
    """At the start of its turn, 1d6 for each spent Recharge ability (dnd5e.md §7.6)."""
    spent = list(marks.SPENT.of(c) or ())
    if not spent:
        return
    known = {v[0]: v[1] for v in abilities(c).values()}
    still = []
    for what in spent:
        low = known.get(what)
        if low is None:
            continue
        r = ctx.roll("1d6", purpose=_("{name}: recharge {what}", name=named(c), what=gm(what)), who=c.id,
                     hidden=True)
        if r.total >= low:
            ctx.say(_("{name}'s {what} recharges ({n})", name=named(c), what=gm(what), n=gm(r.total)),
                    rule=rule("7.6"), who=c.id, gm_only=True)
        else:
            still.append(what)
            ctx.say(_("{name}'s {what} does not recharge ({n}, needs {low})", name=named(c), what=gm(what),
                      n=gm(r.total), low=gm(low)), rule=rule("7.6"), who=c.id, gm_only=True)
    ctx.set_mark(c, marks.SPENT, still or None)


def pending(state: EncounterState) -> list[Pending]:
    """While another creature acts: the legendary actions a monster still has this round."""
    out: list[Pending] = []
    if not state.in_combat or state.active is None:
        return out
    for c in state.combatants.values():
        n = left(c)
        if not per_round(c) or c.id == state.active or c.life != "ok" or n < 1:
            continue
        if list(marks.LEGENDARY_AFTER.of(c) or ()) == [state.round, state.active]:
            continue
        name = f'"{c.name}"' if " " in c.name else c.name
        out.append(Pending(c.id, _n("{name}: {n} legendary action left this round, after this turn",
                                    "{name}: {n} legendary actions left this round, after this turn", n,
                                    name=c.name, n=n), gm_only=True, command=f"legendary {name}"))
    return out
