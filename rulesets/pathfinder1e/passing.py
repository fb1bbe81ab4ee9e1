"""Time passing out of combat (`pass`), in closed form (pathfinder1e.md §1.10).

For each creature, in the order things happen: the rounds while it bleeds or
is dying, then the hours while it is stable, then the days (its daily check or
its natural healing), then fatigue and nonlethal recovery. Nothing is played
one round or one hour at a time when its outcome is known: bleeding while HP
stays at 0 or more, and bleeding while dying (the check fails by itself), are
one step each. Only what needs a roll is rolled one at a time (a dying check,
an hourly or daily Con check), and each of those either ends the phase or costs
HP, so a `pass` of a year makes a few dozen events at most.
"""

from __future__ import annotations

from gm_console.ruleset import Combatant, Context, dealt, named, of, public

from . import abilities, afflictions, hero, life, marks, rest
from .catalogue import BLEEDS
from .i18n import _

RULE = "pathfinder1e.md §1.10"
ROUND = 6
HOUR = 3600
REST_FATIGUED = 8 * HOUR
ENDLESS = 10**12


def time_passed(ctx: Context, seconds: int) -> None:
    hero.close_windows(ctx)
    end = ctx.state.seconds  # TimePassed is already applied
    start = end - seconds
    for c in list(ctx.state.combatants.values()):
        life.reconcile(ctx, c)
        if c.life == "dead" or "hp" not in c.pools:
            continue
        used = rounds(ctx, c, seconds // ROUND) * ROUND
        if c.life == "dead":
            continue
        used += stable_hours(ctx, c, seconds - used)
        if c.life == "dead":
            continue
        _afflicted_nights(ctx, c, start + used, end)
        c = ctx.state.get(c.id)
        if c.life == "dead":
            continue
        fatigue(ctx, c, seconds)
        nonlethal(ctx, c, seconds)


def _afflicted_nights(ctx: Context, c: Combatant, start: int, end: int) -> None:
    """The nights of rest and the saves of its poisons and diseases (§1.17), in the order they fall:
    each save at its time, the nights before it healed first."""
    pos = start
    while pos < end and c.life != "dead":
        due = afflictions.next_due(c)
        step = end - pos if due is None else min(due, end - pos)
        rest.nights(ctx, c, pos, pos + step)
        c = ctx.state.get(c.id)
        if c.life == "dead":
            return
        afflictions.advance(ctx, c, step)
        c = ctx.state.get(c.id)
        pos += step


# -- rounds: bleeding and dying ---------------------------------------------------------------

def _bleeds(c: Combatant) -> dict[str, int]:
    """What bleeds at each of its turns: {"hp": N, "str": N, ...} (one per type, the worst)."""
    out: dict[str, int] = {}
    for inst in c.conditions:
        kind = BLEEDS.get(inst.cond)
        if kind and inst.value:
            out[kind] = max(out.get(kind, 0), inst.value)
    return out


def rounds(ctx: Context, c: Combatant, available: int) -> int:
    """Play the rounds in which it bleeds or is dying; returns how many passed."""
    done = 0
    while done < available and c.life != "dead" and (c.life == "dying" or _bleeds(c) or fierce(c)):
        quiet = min(quiet_rounds(c), available - done)
        if quiet > 0:
            _batch(ctx, c, quiet)
            done += quiet
        else:
            ctx.ruleset.turns.play_round(ctx, c)
            done += 1
    return done


def fierce(c: Combatant) -> bool:
    """Below 0 HP fighting on with ferocity: 1 HP a round until it dies at -Con (§1.15), played as rounds."""
    return c.life == "staggered" and life.ferocious(c) and life.hp_of(c) < 0


def quiet_rounds(c: Combatant) -> int:
    """How many rounds change nothing but the numbers (no new life state, no roll needed).

    Within such rounds every loss only lowers HP, so the HP after k rounds (bleeds soaked by temporary
    HP, a dying creature's failed check, the HP the growing Con penalty takes, §1.9) is the lowest it
    reaches: k rounds are quiet when that HP keeps the life state (0 or more; unchanged if negative
    and not dying; above death while dying) and Con damage stays below the score."""
    bleeds = _bleeds(c)
    if c.life == "dying" and not bleeds:
        return 0  # each round is a Con check
    hp = life.hp_of(c)
    if hp < 0 and c.life == "staggered" and life.ferocious(c):
        return 0  # ferocity's 1 HP a round (§1.15): played round by round, dead at -Con in a few
    temp = max(0, c.pools["temp"].value if "temp" in c.pools else 0)
    dying = c.life == "dying"
    soaked = bleeds.get("hp", 0) + (1 if dying else 0)  # its bleed and the automatic failure of its check
    con = bleeds.get("con", 0)
    applied = int(marks.CON_HP.of(c) or 0)
    thr = life.death_threshold(c)
    floor = thr + 1 if dying else min(hp, 0)

    def hp_after(k: int) -> int:
        con_loss = abilities.con_hp_due(c, k * con) - applied if con else 0
        return hp - max(0, k * soaked - temp) - con_loss

    top = ENDLESS
    if con:
        room = abilities.left(c, "con") - abilities.points(c, marks.ABILITY_DAMAGE, "con")
        top = max(0, (room - 1) // con)
    if hp_after(top) >= floor:
        return top
    lo, hi = 0, top  # hp_after(lo) >= floor > hp_after(hi): HP only goes down as k grows
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if hp_after(mid) >= floor:
            lo = mid
        else:
            hi = mid
    return lo


def _batch(ctx: Context, c: Combatant, k: int) -> None:
    bleeds = _bleeds(c)
    b = bleeds.get("hp", 0)
    secs = k * ROUND
    if c.life == "dying":
        if b:
            cause = _("{name} bleeds {b} a round and fails the Con check each round (continuous damage), {k} rounds "
                      "({secs} s)", name=named(c), b=dealt(c, b), k=public(k), secs=public(secs))
        else:
            cause = _("{name} fails the Con check each round (continuous damage), {k} rounds ({secs} s)",
                      name=named(c), k=public(k), secs=public(secs))
        life.lose_hp(ctx, c, k * (b + 1), rule=RULE, cause=cause)
    elif b:
        life.lose_hp(ctx, c, k * b, rule=RULE,
                     cause=_("{name} bleeds {b} a round for {k} rounds ({secs} s)", name=named(c), b=dealt(c, b),
                             k=public(k), secs=public(secs)))
    for key in abilities.NAMES:
        v = bleeds.get(key, 0)
        if v and c.life != "dead":
            abilities.damage(ctx, c, key, k * v, why=_("{name} bleeds {v} {ability} a round for {k} rounds",
                                                        name=named(c), v=dealt(c, v), ability=abilities.NAMES[key],
                                                        k=public(k)))


# -- hours: the stable --------------------------------------------------------------------------

def stable_hours(ctx: Context, c: Combatant, seconds: int) -> int:
    """Hourly Con checks while stable; returns the time it stayed stable within ``seconds``."""
    if c.life != "stable" or seconds <= 0:
        return 0
    prior = int(marks.STABLE_SECS.of(c) or 0)
    acc = prior + seconds
    checks = 0
    while acc >= HOUR and c.life == "stable":
        acc -= HOUR
        checks += 1
        life.hourly_check(ctx, c)
    if c.life == "stable":
        ctx.set_mark(c, marks.STABLE_SECS, acc or None)
        return seconds
    return min(seconds, max(0, checks * HOUR - prior))


# -- fatigue and nonlethal ----------------------------------------------------------------------

def fatigue(ctx: Context, c: Combatant, seconds: int) -> None:
    """`pass` is rest: exhausted -> fatigued after 1 h, fatigued gone after 8 h (pathfinder1e.md §1.5)."""
    exhausted = c.instances("exhausted")
    fatigued = c.instances("fatigued")
    if not exhausted and not fatigued:
        if marks.REST_SECS.of(c):
            ctx.set_mark(c, marks.REST_SECS, None)
        return
    acc = int(marks.REST_SECS.of(c) or 0) + seconds
    if exhausted:
        if acc < HOUR:
            ctx.set_mark(c, marks.REST_SECS, acc)
            return
        acc -= HOUR
        for inst in exhausted:
            ctx.remove_condition(c, inst, reason="rested")
        if not c.has("fatigued"):
            ctx.apply_condition(c, ctx.ruleset.conditions.catalogue.get("fatigued"), note="after exhaustion")
        ctx.say(_("{name} rests 1 hour: exhausted -> fatigued", name=named(c)), rule="pathfinder1e.md §1.5 exhausted",
                who=c.id)
    if acc >= REST_FATIGUED:
        for inst in c.instances("fatigued"):
            ctx.remove_condition(c, inst, reason="rested")
        ctx.say(_("{name} rests 8 hours: no longer fatigued", name=named(c)), rule="pathfinder1e.md §1.5 fatigued",
                who=c.id)
        acc = 0
    ctx.set_mark(c, marks.REST_SECS, acc or None)


def nonlethal(ctx: Context, c: Combatant, seconds: int) -> None:
    """Nonlethal damage heals 1 per hour per character level [O] (pathfinder1e.md §1.3)."""
    nl = life.nl_of(c)
    if not nl:
        if marks.NL_SECS.of(c):
            ctx.set_mark(c, marks.NL_SECS, None)
        return
    acc = int(marks.NL_SECS.of(c) or 0) + seconds
    hours, acc = divmod(acc, HOUR)
    ctx.set_mark(c, marks.NL_SECS, acc or None)
    if not hours:
        return
    per = rest.level(c)
    new = max(0, nl - hours * per)
    ctx.set_pool(c, "nl", new, rule="pathfinder1e.md §1.3 nonlethal recovery [O]")
    ctx.say(_("{name} recovers {n} nonlethal over {hours} h: nonlethal {old} -> {new}", name=named(c),
              n=dealt(c, nl - new), hours=public(hours), old=of(c, nl), new=of(c, new)), rule="pathfinder1e.md §1.3 [O]",
            who=c.id)
    life.settle(ctx, c)
