"""Natural healing and rest (pathfinder1e.md §1.8).

Days are the encounter's time passed with `pass` (``state.seconds``): day k runs
from k x 24 h to (k+1) x 24 h and its first 8 hours are its night's rest. Each
day a creature heals once, by the best rest it had that day: a night (1 HP per
level and 1 point of each damaged ability), a day of bed rest (2 each), doubled
with long-term care. `pass` gives everyone the night when a night's 8 hours go
by; `rest NAME [night|day] [care]` states a rest now (only what it adds over the
day's best counts). The mark ``rested`` = [day, rate] remembers the day's best.
A creature disabled at negative HP does not heal: each day's rest is its daily
Con check instead, unless it is helped (long-term care) or passed that check.
"""

from __future__ import annotations

import re

from gm_console.ruleset import Combatant, Context, Msg, dealt, life as life_word, named, of, public, possessive

from . import abilities, life, marks
from .i18n import _, _n
from .stats import hd

RULE = "pathfinder1e.md §1.8"
DAY = 24 * 3600
NIGHT = 8 * 3600
DAY_WORDS = ("day", "día", "24h", "1d", "bed", "bed-rest", "full-day", "dia", "cama", "reposo")
NIGHT_WORDS = ("night", "noche", "8h", "sleep", "dormir")
CARE_WORDS = ("care", "cuidados", "heal", "cuidado", "long-term-care", "long-term", "curar", "treat")
ALL_WORDS = ("all", "todos", "everyone")


def day_of(seconds: int) -> int:
    """The day a moment belongs to: (k x 24 h, (k+1) x 24 h] is day k; the start is day 0."""
    return max(0, (seconds - 1) // DAY)


def nights_in(start: int, end: int) -> range:
    """The days whose night's 8 hours are completed within (start, end]."""
    return range((start - NIGHT) // DAY + 1, (end - NIGHT) // DAY + 1)


def got(c: Combatant, day: int) -> int:
    mark = marks.RESTED.of(c)
    return int(mark[1]) if mark and int(mark[0]) == day else 0


def level(c: Combatant) -> int:
    return max(1, hd(c) or 1)


def disabled_unhelped(c: Combatant) -> bool:
    return c.life == "disabled" and life.hp_of(c) < 0 and not marks.RECOVERING.of(c)


def needs_healing(c: Combatant) -> bool:
    pool = c.pools.get("hp")
    hurt = pool is not None and pool.max is not None and pool.value < pool.max
    return hurt or bool(marks.ABILITY_DAMAGE.of(c))


def can_heal(c: Combatant) -> bool:
    """Natural healing needs a living creature that is not dying, stable, or disabled at negative
    HP without help."""
    return c.life not in ("dead", "dying", "stable") and not disabled_unhelped(c)


def nights(ctx: Context, c: Combatant, start: int, end: int) -> None:
    """The nights completed in (start, end] for ``c``: daily checks while it is disabled at
    negative HP, then its healing in one step (at most a few events however long the time)."""
    days = nights_in(start, end)
    for i, day in enumerate(days):
        if c.life == "dead":
            return
        if disabled_unhelped(c):
            if got(c, day) < 1:
                life.daily_check(ctx, c)
                ctx.set_mark(c, marks.RESTED, [day, 1])
            continue
        if not can_heal(c) or not needs_healing(c):
            return
        units = max(0, 1 - got(c, day)) + (len(days) - i - 1)
        if units:
            count = len(days) - i
            heal_naturally(ctx, c, units, _n("{n} night of rest", "{n} nights of rest", count, n=public(count)))
        ctx.set_mark(c, marks.RESTED, [days[-1], max(1, got(c, days[-1]))])
        return


def heal_naturally(ctx: Context, c: Combatant, units: int, what: Msg) -> None:
    """``units`` x level HP (and as much nonlethal), ``units`` points of each damaged ability."""
    pool = c.pools["hp"]
    lvl = level(c)
    gain = units * lvl
    old, nl_old = pool.value, life.nl_of(c)
    top = pool.max if pool.max is not None else old
    new = max(old, min(top, old + gain))
    if new != old:
        ctx.set_pool(c, "hp", new, rule=RULE)
    if nl_old:
        ctx.set_pool(c, "nl", max(0, nl_old - gain), rule=RULE)
    per = (_("{units} x level {level}", units=public(units), level=of(c, lvl)) if units != 1
           else _("level {level}", level=of(c, lvl)))
    args = dict(name=named(c), what=what, per=per, gain=dealt(c, gain), old=of(c, old), new=of(c, new))
    capped = new - old < gain
    if nl_old and capped:
        text = _("{name} heals naturally after {what} ({per} = {gain} HP, up to {whose} maximum): HP {old} -> {new}, "
                 "nonlethal {nl_old} -> {nl}", whose=possessive(c), nl_old=of(c, nl_old), nl=of(c, life.nl_of(c)),
                 **args)
    elif nl_old:
        text = _("{name} heals naturally after {what} ({per} = {gain} HP): HP {old} -> {new}, nonlethal {nl_old} -> "
                 "{nl}", nl_old=of(c, nl_old), nl=of(c, life.nl_of(c)), **args)
    elif capped:
        text = _("{name} heals naturally after {what} ({per} = {gain} HP, up to {whose} maximum): HP {old} -> {new}",
                 whose=possessive(c), **args)
    else:
        text = _("{name} heals naturally after {what} ({per} = {gain} HP): HP {old} -> {new}", **args)
    ctx.say(text, rule=RULE, who=c.id)
    for key, hurt in sorted((marks.ABILITY_DAMAGE.of(c) or {}).items()):
        back = min(units, int(hurt))
        abilities.damage(ctx, c, key, back, heal=True,
                         why=_("{name} recovers {n} {ability} with rest", name=named(c), n=dealt(c, back),
                               ability=abilities.NAMES[key]))
    if old < 0 <= new:
        ctx.set_mark(c, marks.RECOVERING, None)
    life.settle(ctx, c, rule=RULE)


def rest(ctx: Context, call) -> None:
    """`rest [NAME ...|all] [night|day] [care]`: the day's rest for each, applied now."""
    if ctx.state.in_combat:
        ctx.fail(_("rest: the combat is running; `end` it first"))
    for word in call.who:
        if re.fullmatch(r"\d+[a-z]*", word.casefold()):
            ctx.fail(_("rest: {word!r}: one rest at a time, a night (8h) or a day of bed rest (day); more days pass "
                       "with `pass`; usage: {usage}", word=word, usage=ctx.verb.usage()))
    day, care = call.day and not call.night, call.care
    rate = (2 if day else 1) * (2 if care else 1)
    names = [] if call.all else list(call.who)
    if names:
        who = [ctx.combatant(n) for n in names]
        for c in who:
            life.need_hp(ctx, c)
            if c.life == "dead":
                ctx.fail(_("rest: {name} is dead and cannot rest (revive {ref} HP first)", name=c.name, ref=c.id))
            if c.life in ("dying", "stable"):
                ctx.fail(_("rest: {name} is {life} and cannot rest yet (stabilize or heal {name} first)", name=c.name,
                           life=life_word(c.life)))
    else:
        who = [c for c in ctx.state.combatants.values()
               if "hp" in c.pools and c.life not in ("dead", "dying", "stable")]
    kind = {(False, False): _("a night's rest"), (True, False): _("a day of bed rest"),
            (False, True): _("a night's rest with long-term care"),
            (True, True): _("a day of bed rest with long-term care")}[(day, care)]
    today = day_of(ctx.state.seconds)
    for c in who:
        _rest_one(ctx, c, today, rate, care, kind)


def _rest_one(ctx: Context, c: Combatant, today: int, rate: int, care: bool, kind: Msg) -> None:
    had = got(c, today)
    if disabled_unhelped(c):
        if care:
            ctx.set_mark(c, marks.RECOVERING, True)
            ctx.say(_("{name} is tended (long-term care) and heals naturally from now on", name=named(c)), rule=RULE,
                    who=c.id)
        elif had:
            ctx.say(_("{name} already made today's Con check (the next one after another day: pass 24h)",
                      name=named(c)),
                    rule=RULE, who=c.id)
            return
        else:
            life.daily_check(ctx, c)
            ctx.set_mark(c, marks.RESTED, [today, 1])
            return
    units = max(0, rate - had)
    if not units:
        ctx.say(_("{name} already had that much rest today ({kind} adds nothing; pass 24h for the next day)",
                  name=named(c), kind=kind), rule=RULE, who=c.id)
        return
    ctx.set_mark(c, marks.RESTED, [today, max(rate, had)])
    if not needs_healing(c):
        ctx.say(_("{name} rests ({kind}): nothing to heal", name=named(c), kind=kind), rule=RULE, who=c.id)
        return
    if had:
        kind = _("{kind} (beyond the rest already counted today)", kind=kind)
    heal_naturally(ctx, c, units, kind)
