"""Negative levels (pathfinder1e.md §1.9): the valued condition ``energy-drained:N``.

Each level is -1 on attacks, CMB, CMD, saves, skill and ability checks (the
condition's modifiers) and -5 current and maximum HP, applied here as the
levels change (mark ``drain_hp`` = the levels already taken off the HP pool,
so adding, raising and removing levels move HP by the difference). Negative
levels equal to the Hit Dice (``hd``) kill.
"""

from __future__ import annotations

from gm_console.ruleset import Combatant, Context

from . import life
from .stats import hd

RULE = "pathfinder1e.md §1.9"
HP_PER_LEVEL = 5


def levels(c: Combatant) -> int:
    return sum(i.value or 0 for i in c.instances("energy-drained"))


def sync(ctx: Context, c: Combatant) -> None:
    """Bring HP in line with the negative levels it has now, then check death by HD."""
    now, applied = levels(c), int(c.marks.get("drain_hp") or 0)
    pool = c.pools.get("hp")
    if now != applied and pool is not None and c.life != "dead":
        delta = (now - applied) * HP_PER_LEVEL
        old = pool.value
        top = pool.max - delta if pool.max is not None else None
        value = old - delta
        if top is not None and value > top:
            value = top
        ctx.set_pool(c, "hp", value, max=top, rule=RULE)
        ctx.set_mark(c, "drain_hp", now or None)
        top_en = f", max {top}" if top is not None else ""
        if delta > 0:
            ctx.say(f"{c.name}: {now} negative level{'s' if now != 1 else ''}, -{delta} HP: HP {old} -> "
                    f"{value}{top_en}",
                    f"{c.name}: {now} nivel{'es' if now != 1 else ''} negativo{'s' if now != 1 else ''}, "
                    f"-{delta} PG: PG {old} -> {value}{top_en.replace('max', 'máx')}", rule=RULE, who=c.id)
        else:
            ctx.say(f"{c.name}: negative levels {applied} -> {now}, HP back: HP {old} -> {value}{top_en}",
                    f"{c.name}: niveles negativos {applied} -> {now}, recupera PG: PG {old} -> {value}"
                    f"{top_en.replace('max', 'máx')}", rule=RULE, who=c.id)
        life.reconcile(ctx, c)
    elif now != applied:
        ctx.set_mark(c, "drain_hp", now or None)
    check_death(ctx, c)


def check_death(ctx: Context, c: Combatant) -> None:
    now = levels(c)
    if not now or c.life == "dead":
        return
    dice = hd(c)
    if dice is None:
        ctx.say(f"{c.name} has {now} negative level{'s' if now != 1 else ''} (set hd= to check death at its HD)",
                f"{c.name} tiene {now} nivel{'es' if now != 1 else ''} negativo{'s' if now != 1 else ''} "
                f"(pon hd= para comprobar la muerte)", rule=RULE, who=c.id)
        return
    if now >= dice > 0:
        life.die(ctx, c, f"{now} negative levels >= {dice} HD", f"{now} niveles negativos >= {dice} DG",
                 rule=RULE, can_cheat=False)
