"""Negative levels (pathfinder1e.md §1.9): the valued condition ``energy-drained:N``.

Each level is -1 on attacks, CMB, CMD, saves, skill and ability checks (the
condition's modifiers) and -5 current and maximum HP, applied here as the
levels change (mark ``drain_hp`` = the levels already taken off the HP pool,
so adding, raising and removing levels move HP by the difference). Negative
levels equal to the Hit Dice (``hd``) kill.
"""

from __future__ import annotations

from gm_console.ruleset import Combatant, Context, named, of, possessive

from . import life, marks
from .i18n import _, _n
from .stats import hd

RULE = "pathfinder1e.md §1.9"
HP_PER_LEVEL = 5


def levels(c: Combatant) -> int:
    return sum(i.value or 0 for i in c.instances("energy-drained"))


def sync(ctx: Context, c: Combatant) -> None:
    """Bring HP in line with the negative levels it has now, then check death by HD."""
    now, applied = levels(c), int(marks.DRAIN_HP.of(c) or 0)
    pool = c.pools.get("hp")
    if now != applied and pool is not None and c.life != "dead":
        delta = (now - applied) * HP_PER_LEVEL
        old = pool.value
        top = pool.max - delta if pool.max is not None else None
        value = old - delta
        if top is not None and value > top:
            value = top
        ctx.set_pool(c, "hp", value, max=top, rule=RULE)
        ctx.set_mark(c, marks.DRAIN_HP, now or None)
        args = dict(name=named(c), n=of(c, now), delta=of(c, delta), old=of(c, old), new=of(c, value), max=of(c, top),
                    applied=of(c, applied))
        if delta > 0 and top is not None:
            text = _n("{name}: {n} negative level, -{delta} HP: HP {old} -> {new}, max {max}",
                      "{name}: {n} negative levels, -{delta} HP: HP {old} -> {new}, max {max}", now, **args)
        elif delta > 0:
            text = _n("{name}: {n} negative level, -{delta} HP: HP {old} -> {new}",
                      "{name}: {n} negative levels, -{delta} HP: HP {old} -> {new}", now, **args)
        elif top is not None:
            text = _("{name}: negative levels {applied} -> {n}, HP back: HP {old} -> {new}, max {max}", **args)
        else:
            text = _("{name}: negative levels {applied} -> {n}, HP back: HP {old} -> {new}", **args)
        ctx.say(text, rule=RULE, who=c.id)
        if value < old:  # HP lost: a disabled creature at 0 HP is dying (§1.4), as for any HP loss
            life.hp_lost(ctx, ctx.state.get(c.id), old, value)
        else:
            life.reconcile(ctx, c)
    elif now != applied:
        ctx.set_mark(c, marks.DRAIN_HP, now or None)
    check_death(ctx, c)


def check_death(ctx: Context, c: Combatant) -> None:
    now = levels(c)
    if not now or c.life == "dead":
        return
    dice = hd(c)
    if dice is None:
        # a reminder for the GM: the players see the negative levels as the condition itself
        ctx.say(_n("{name} has {n} negative level (set hd= to check death at {whose} HD)",
                   "{name} has {n} negative levels (set hd= to check death at {whose} HD)", now, name=named(c),
                   n=of(c, now), whose=possessive(c, several=True)), rule=RULE, who=c.id, gm_only=True)
        return
    if now >= dice > 0:
        life.die(ctx, c, _("{n} negative levels >= {hd} HD", n=of(c, now), hd=of(c, dice)), rule=RULE, can_cheat=False)
