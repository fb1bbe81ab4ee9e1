"""Rests (dnd5e.md §2.5, §2.6). A long rest: all hit points back, temporary ones gone, one
exhaustion level less, every spent Hit Point Die back; a monster's legendary resistances back
(they count per day). A short rest: Hit Point Dice spent, each rolled plus the Constitution
modifier, healing that much."""

from __future__ import annotations

import re

from gm_console.ruleset import Combatant, Context, dealt, fold_text, named, of, public, possessive

from .common import modifier, names, rule
from .i18n import _, _n

HIT_DICE = re.compile(r"^(\d*)\s*d\s*([2-9]|\d\d+)$")
SHORT_WORDS = ("short", "corto", "breve")
LONG_WORDS = ("long", "largo")


def hit_dice(c: Combatant) -> tuple[int, int] | None:
    """(how many, the die's faces) from ``hit_dice`` (``d10`` with ``level``, or ``5d10``), else None."""
    raw = c.stats.get("hit_dice")
    m = HIT_DICE.match(fold_text(str(raw))) if raw else None
    if not m or int(m.group(2)) < 2:
        return None
    level = c.stats.get("level")
    count = int(m.group(1)) if m.group(1) else (level if isinstance(level, int) and not isinstance(level, bool) else 0)
    return (count, int(m.group(2))) if count > 0 else None


def dice_left(c: Combatant, total: int) -> int:
    pool = c.pools.get("hit_dice_left")
    return min(total, pool.value) if pool is not None else total


def _zero(ctx: Context, c: Combatant, section: str) -> bool:
    hp = c.pools.get("hp")
    if c.life in ("dying", "stable") or (hp is not None and hp.value <= 0):
        ctx.say(_("{name} is at 0 HP: no benefit from the rest until healed", name=named(c)), rule=rule(section),
                who=c.id)
        return True
    return False


def _out_of_combat(ctx: Context, who: list[Combatant]) -> None:
    if ctx.state.in_combat:
        ctx.fail(_("rest: the combat is running; `end` it first"))
    if not who:
        ctx.fail(_("rest: no one to rest (name them, or rest with everyone: rest all)"))


def short_rest(ctx: Context, who: list[Combatant], n: int, everyone: bool = False) -> None:
    """``rest NAME short [N]``: N Hit Point Dice spent (1 by default), each d + Con modifier,
    at least 1 a die (dnd5e.md §2.6). ``rest all short``: those with Hit Point Dice left."""
    if everyone:
        who = [c for c in who if hit_dice(c) is not None and dice_left(c, hit_dice(c)[0]) >= n]  # type: ignore[index]
    _out_of_combat(ctx, who)
    for c in who:
        if hit_dice(c) is None:
            ctx.fail(_("rest: {name} has no Hit Point Dice on {whose} sheet: set {ref} hit_dice=d8 (as many as "
                       "{whose} level) or hit_dice=5d8", whose=possessive(c), name=c.name, ref=c.id))
        total, _faces = hit_dice(c)  # type: ignore[misc]
        if dice_left(c, total) < n:
            ctx.fail(_("rest: {name} has {left} of {total} Hit Point Dice left, not {n} to spend (a long rest gives "
                       "them back)", name=c.name, left=dice_left(c, total), total=total, n=n))
    for c in who:
        if c.life == "dead" or _zero(ctx, c, "2.6"):
            continue
        total, faces = hit_dice(c)  # type: ignore[misc]
        con = modifier(c, "con")
        die = f"1d{faces}{con:+d}" if con else f"1d{faces}"
        rolls = [ctx.roll(die, purpose=_("Hit Point Die of {name}", name=named(c)), who=c.id) for _i in range(n)]
        gained = sum(max(1, r.total) for r in rolls)
        hp = c.pools.get("hp")
        left = dice_left(c, total) - n
        ctx.set_pool(c, "hit_dice_left", left, rule=rule("2.6"))
        shown = ", ".join(r.text or str(r.total) for r in rolls)
        if hp is not None:
            before = hp.value
            top = hp.max if hp.max is not None else before + gained
            now = min(top, before + gained)
            ctx.set_pool(c, "hp", now, rule=rule("2.6"))
            ctx.say(_n("{name} spends {n} Hit Point Die ({rolls}): regains {gained} HP, HP {hp}; {left} of {total} "
                       "left", "{name} spends {n} Hit Point Dice ({rolls}): regains {gained} HP, HP {hp}; {left} of "
                       "{total} left", n, name=named(c), n=public(n), rolls=of(c, shown), gained=dealt(c, now - before),
                      hp=of(c, now), left=of(c, left), total=of(c, total)), rule=rule("2.6"), who=c.id)
    ctx.say(_("A short rest ends for {names} (the hour passes with `pass 1h`)",
              names=names(c for c in who if c.life != "dead")), rule=rule("2.6"))


def long_rest(ctx: Context, who: list[Combatant]) -> None:
    _out_of_combat(ctx, who)
    for c in who:
        if c.life == "dead" or _zero(ctx, c, "2.5"):
            continue
        hp = c.pools.get("hp")
        if hp is not None and hp.max is not None and hp.value < hp.max:
            gained = hp.max - hp.value
            ctx.set_pool(c, "hp", hp.max, rule=rule("2.5"))
            ctx.say(_("{name} regains {n} HP: HP {hp}", name=named(c), n=dealt(c, gained), hp=of(c, hp.max)),
                    rule=rule("2.5"), who=c.id)
        temp = c.pools.get("temp")
        if temp is not None and temp.value:
            ctx.set_pool(c, "temp", 0, rule=rule("2.5"))
        dice = hit_dice(c)
        if dice is not None and dice_left(c, dice[0]) < dice[0]:
            ctx.set_pool(c, "hit_dice_left", dice[0], rule=rule("2.5"))
            ctx.say(_("{name} regains the spent Hit Point Dice: {n} of {n}", name=named(c), n=of(c, dice[0])),
                    rule=rule("2.5"), who=c.id)
        for inst in c.instances("exhaustion"):
            level = int(inst.value or 1) - 1
            if level < 1:
                ctx.remove_condition(c, inst, reason="rested")
            else:
                ctx.change_condition(c, inst, value=level)
            ctx.say(_("{name}: exhaustion level {level}", name=named(c), level=public(max(0, level))),
                    rule=rule("2.5"), who=c.id)
        uses = c.stats.get("legendary_resistance")
        pool = c.pools.get("legendary_resistance")
        if isinstance(uses, int) and pool is not None and pool.value < uses:
            ctx.set_pool(c, "legendary_resistance", uses, rule=rule("7.5"))
    ctx.say(_("A long rest ends for {names} (the 8 hours pass with `pass 8h`)",
              names=names(c for c in who if c.life != "dead")), rule=rule("2.5"))
