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

from gm_console.ruleset import Combatant, Context, fold_text

from . import abilities, life
from .stats import hd

RULE = "pathfinder1e.md §1.8"
DAY = 24 * 3600
NIGHT = 8 * 3600
USAGE = "rest [NAME ...|all] [night|day] [care]"
DAY_WORDS = {"day", "24h", "1d", "bed", "bed-rest", "full-day", "dia", "día", "cama", "reposo"}
NIGHT_WORDS = {"night", "8h", "noche", "sleep", "dormir"}
CARE_WORDS = {"care", "heal", "cuidados", "cuidado", "long-term-care", "long-term", "curar", "treat"}
ALL_WORDS = {"all", "todos", "everyone"}


def day_of(seconds: int) -> int:
    """The day a moment belongs to: (k x 24 h, (k+1) x 24 h] is day k; the start is day 0."""
    return max(0, (seconds - 1) // DAY)


def nights_in(start: int, end: int) -> range:
    """The days whose night's 8 hours are completed within (start, end]."""
    return range((start - NIGHT) // DAY + 1, (end - NIGHT) // DAY + 1)


def got(c: Combatant, day: int) -> int:
    mark = c.marks.get("rested")
    return int(mark[1]) if mark and int(mark[0]) == day else 0


def level(c: Combatant) -> int:
    return max(1, hd(c) or 1)


def disabled_unhelped(c: Combatant) -> bool:
    return c.life == "disabled" and life.hp_of(c) < 0 and not c.marks.get("recovering")


def needs_healing(c: Combatant) -> bool:
    pool = c.pools.get("hp")
    hurt = pool is not None and pool.max is not None and pool.value < pool.max
    return hurt or bool(c.marks.get("ability_damage"))


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
                ctx.set_mark(c, "rested", [day, 1])
            continue
        if not can_heal(c) or not needs_healing(c):
            return
        units = max(0, 1 - got(c, day)) + (len(days) - i - 1)
        if units:
            heal_naturally(ctx, c, units, (f"{len(days) - i} night{'s' if len(days) - i != 1 else ''} of rest",
                                           f"{len(days) - i} noche{'s' if len(days) - i != 1 else ''} de descanso"))
        ctx.set_mark(c, "rested", [days[-1], max(1, got(c, days[-1]))])
        return


def heal_naturally(ctx: Context, c: Combatant, units: int, what: tuple[str, str]) -> None:
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
    nl_en = f", nonlethal {nl_old} -> {life.nl_of(c)}" if nl_old else ""
    nl_es = f", no letal {nl_old} -> {life.nl_of(c)}" if nl_old else ""
    per = f"{units} x level {lvl}" if units != 1 else f"level {lvl}"
    per_es = f"{units} x nivel {lvl}" if units != 1 else f"nivel {lvl}"
    cap_en, cap_es = (", up to its maximum", ", hasta su máximo") if new - old < gain else ("", "")
    ctx.say(f"{c.name} heals naturally after {what[0]} ({per} = {gain} HP{cap_en}): HP {old} -> {new}{nl_en}",
            f"{c.name} se cura de forma natural tras {what[1]} ({per_es} = {gain} PG{cap_es}): PG {old} -> {new}"
            f"{nl_es}", rule=RULE, who=c.id)
    for key, hurt in sorted((c.marks.get("ability_damage") or {}).items()):
        back = min(units, int(hurt))
        abilities.damage(ctx, c, key, back, heal=True,
                         why=(f"{c.name} recovers {back} {abilities.NAMES[key][0]} with rest",
                              f"{c.name} recupera {back} de {abilities.NAMES[key][1]} con el descanso"))
    if old < 0 <= new:
        ctx.set_mark(c, "recovering", None)
    life.settle(ctx, c, rule=RULE)


def rest(ctx: Context, args: tuple[str, ...]) -> None:
    """`rest [NAME ...|all] [night|day] [care]`: the day's rest for each, applied now."""
    if ctx.state.in_combat:
        ctx.fail("rest: the combat is running; `end` it first")
    day, care, names = False, False, []
    for word in args:
        key = fold_text(word).replace(" ", "-")
        if key in DAY_WORDS:
            day = True
        elif key in NIGHT_WORDS:
            day = False
        elif key in CARE_WORDS:
            care = True
        elif key in ALL_WORDS:
            names = []
        elif re.fullmatch(r"\d+[a-z]*", key):
            ctx.fail(f"rest: {word!r}: one rest at a time, a night (8h) or a day of bed rest (day); "
                     f"more days pass with `pass`; usage: {USAGE}")
        else:
            names.append(word)
    rate = (2 if day else 1) * (2 if care else 1)
    if names:
        who = [ctx.combatant(n) for n in names]
        for c in who:
            life.need_hp(ctx, c)
            if c.life == "dead":
                ctx.fail(f"rest: {c.name} is dead and cannot rest (revive {c.id} HP first)")
            if c.life in ("dying", "stable"):
                ctx.fail(f"rest: {c.name} is {c.life} and cannot rest yet (stabilize or heal it first)")
    else:
        who = [c for c in ctx.state.combatants.values()
               if "hp" in c.pools and c.life not in ("dead", "dying", "stable")]
    kind = (("a day of bed rest", "un día de reposo en cama") if day else ("a night's rest", "una noche de descanso"))
    if care:
        kind = (kind[0] + " with long-term care", kind[1] + " con cuidados a largo plazo")
    today = day_of(ctx.state.seconds)
    for c in who:
        _rest_one(ctx, c, today, rate, care, kind)


def _rest_one(ctx: Context, c: Combatant, today: int, rate: int, care: bool, kind: tuple[str, str]) -> None:
    had = got(c, today)
    if disabled_unhelped(c):
        if care:
            ctx.set_mark(c, "recovering", True)
            ctx.say(f"{c.name} is tended (long-term care): it heals naturally from now on",
                    f"{c.name} recibe cuidados a largo plazo: se cura de forma natural a partir de ahora",
                    rule=RULE, who=c.id)
        elif had:
            ctx.say(f"{c.name} already made today's Con check (the next one after another day: pass 24h)",
                    f"{c.name} ya hizo hoy su prueba de Con (la siguiente tras otro día: pass 24h)",
                    rule=RULE, who=c.id)
            return
        else:
            life.daily_check(ctx, c)
            ctx.set_mark(c, "rested", [today, 1])
            return
    units = max(0, rate - had)
    if not units:
        ctx.say(f"{c.name} already had that much rest today ({kind[0]} adds nothing; pass 24h for the next day)",
                f"{c.name} ya descansó eso hoy ({kind[1]} no añade nada; pass 24h para el día siguiente)",
                rule=RULE, who=c.id)
        return
    ctx.set_mark(c, "rested", [today, max(rate, had)])
    if not needs_healing(c):
        ctx.say(f"{c.name} rests ({kind[0]}): nothing to heal", f"{c.name} descansa ({kind[1]}): nada que curar",
                rule=RULE, who=c.id)
        return
    extra = (" (beyond the rest already counted today)", " (además del descanso ya contado hoy)") if had else ("", "")
    heal_naturally(ctx, c, units, (kind[0] + extra[0], kind[1] + extra[1]))
