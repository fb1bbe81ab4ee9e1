"""What happens when a turn starts and when time passes out of combat.

Start of a turn (digest order): flat-footed ends at the first turn, bleeds
hit, a dying combatant that was already dying rolls its Con check (bleeding
makes it fail), a confused one rolls d%. ``pass`` runs the same bleed and
dying rounds (6 s each), then the hourly checks of the stable, the daily check
of the disabled at negative HP, rest for fatigue, and nonlethal recovery.
"""

from __future__ import annotations

from gm_console.ruleset import Combatant, Context

from . import damage, hero, initiative, life
from .conditions import BLEEDS
from .options import option
from .stats import mod

ROUND = 6
HOUR = 3600
REST_FATIGUED = 8 * HOUR


def turn_start(ctx: Context, c: Combatant, catalogue) -> None:
    hero.close_windows(ctx)
    for other in list(ctx.state.combatants.values()):
        life.reconcile(ctx, other)
    initiative.first_turn(ctx, c)
    if c.life == "dead":
        return
    was_dying = c.life == "dying"
    bleeding = bleed(ctx, c)
    if c.life == "dead":
        return
    if was_dying and c.life == "dying":
        life.dying_check(ctx, c, bleeding)
    if c.life not in ("dead", "dying", "stable", "unconscious"):
        confusion(ctx, c, catalogue)
    if c.id in ctx.state.readied and option(ctx.state, "ready_lapses"):

        ctx.end_ready(c, "lapsed")
        ctx.say(f"{c.name}'s readied action lapses (option ready_lapses: official rule)",
                f"La acción preparada de {c.name} se pierde (opción ready_lapses: regla oficial)",
                rule="PF1 §1.1.6 [Δ]", who=c.id)


def bleed(ctx: Context, c: Combatant) -> bool:
    """Apply every bleed (PF1 §1.5 [S]); one per type, the worst, by the catalogue's max stacking."""
    found = False
    for inst in list(c.conditions):
        kind = BLEEDS.get(inst.cond)
        if kind is None or not inst.value or c.life == "dead":
            continue
        found = True
        if kind == "hp":
            life.lose_hp(ctx, c, inst.value, rule="PF1 §1.5 bleed",
                         cause=(f"{c.name} bleeds {inst.value}", f"{c.name} sangra {inst.value}"))
        else:
            damage.ability_damage(ctx, c, kind, inst.value)
    return found


def confusion(ctx: Context, c: Combatant, catalogue) -> None:
    if not any(i.cond == "confused" for i in c.conditions):
        return
    r = ctx.roll("1d100", purpose=f"{c.name}: confusion (d%)", who=c.id)
    n = r.total
    if n <= 25:
        en, es = "acts normally", "actúa con normalidad"
    elif n <= 50:
        en, es = "does nothing but babble incoherently", "solo balbucea incoherencias"
    elif n <= 75:
        smod = mod(int(c.stats.get("str") or 10))
        en, es = (f"deals 1d8{smod:+d} damage to itself with the item in hand",
                  f"se inflige 1d8{smod:+d} de daño con lo que tenga en la mano")
    else:
        en, es = "attacks the nearest creature", "ataca a la criatura más cercana"
    ctx.say(f"{c.name} is confused: d% {n}, {en}", f"{c.name} está confuso: d% {n}, {es}",
            rule="PF1 §1.5 confused [O]", who=c.id)


def time_passed(ctx: Context, seconds: int) -> None:
    hero.close_windows(ctx)
    for c in list(ctx.state.combatants.values()):
        life.reconcile(ctx, c)
        if c.life == "dead" or "hp" not in c.pools:
            continue
        left = _rounds(ctx, c, seconds)
        if c.life == "dead":
            continue
        _stable_hours(ctx, c, left)
        if c.life == "disabled" and life.hp_of(c) < 0 and not c.marks.get("recovering"):
            for _ in range(_days(seconds)):
                if c.life != "disabled":
                    break
                life.daily_check(ctx, c)
        if c.life == "dead":
            continue
        _rest(ctx, c, seconds)
        _nonlethal(ctx, c, seconds)


def _rounds(ctx: Context, c: Combatant, seconds: int) -> int:
    """Bleed and dying checks go on round by round while time passes; returns the seconds left."""
    left = seconds
    while left >= ROUND and c.life != "dead" and (c.life == "dying" or _bleeds(c)):
        was_dying = c.life == "dying"
        bleeding = bleed(ctx, c)
        if was_dying and c.life == "dying":
            life.dying_check(ctx, c, bleeding)
        left -= ROUND
    return left


def _bleeds(c: Combatant) -> bool:
    return any(i.cond in BLEEDS and i.value for i in c.conditions)


def _stable_hours(ctx: Context, c: Combatant, seconds: int) -> None:
    if c.life != "stable":
        return
    acc = int(c.marks.get("stable_secs") or 0) + seconds
    while acc >= HOUR and c.life == "stable":
        acc -= HOUR
        life.hourly_check(ctx, c)
    if c.life == "stable":
        ctx.set_mark(c, "stable_secs", acc or None)


def _days(seconds: int) -> int:
    days, rest = divmod(seconds, 24 * HOUR)
    return days + (1 if rest >= 8 * HOUR else 0)


def _rest(ctx: Context, c: Combatant, seconds: int) -> None:
    """`pass` is rest: exhausted -> fatigued after 1 h, fatigued gone after 8 h (PF1 §1.5 [S])."""
    exhausted = c.instances("exhausted")
    fatigued = c.instances("fatigued")
    if not exhausted and not fatigued:
        if c.marks.get("rest_secs"):
            ctx.set_mark(c, "rest_secs", None)
        return
    acc = int(c.marks.get("rest_secs") or 0) + seconds
    if exhausted:
        if acc < HOUR:
            ctx.set_mark(c, "rest_secs", acc)
            return
        acc -= HOUR
        for inst in exhausted:
            ctx.remove_condition(c, inst, reason="rested")
        if not c.has("fatigued"):
            ctx.apply_condition(c, ctx.ruleset.catalogue.get("fatigued"), note="after exhaustion")
        ctx.say(f"{c.name} rests 1 hour: exhausted -> fatigued",
                f"{c.name} descansa 1 hora: exhausto -> fatigado", rule="PF1 §1.5 exhausted", who=c.id)
    if acc >= REST_FATIGUED:
        for inst in c.instances("fatigued"):
            ctx.remove_condition(c, inst, reason="rested")
        ctx.say(f"{c.name} rests 8 hours: no longer fatigued",
                f"{c.name} descansa 8 horas: ya no está fatigado", rule="PF1 §1.5 fatigued", who=c.id)
        acc = 0
    ctx.set_mark(c, "rest_secs", acc or None)


def _nonlethal(ctx: Context, c: Combatant, seconds: int) -> None:
    """Nonlethal damage heals 1 per hour per character level [O]."""
    nl = life.nl_of(c)
    if not nl:
        if c.marks.get("nl_secs"):
            ctx.set_mark(c, "nl_secs", None)
        return
    acc = int(c.marks.get("nl_secs") or 0) + seconds
    hours, acc = divmod(acc, HOUR)
    ctx.set_mark(c, "nl_secs", acc or None)
    if not hours:
        return
    per = max(1, int(c.stats.get("hd") or 1))
    new = max(0, nl - hours * per)
    ctx.set_pool(c, "nl", new, rule="PF1 §1.3 nonlethal recovery [O]")
    ctx.say(f"{c.name} recovers {nl - new} nonlethal over {hours} h: nonlethal {nl} -> {new}",
            f"{c.name} recupera {nl - new} de no letal en {hours} h: no letal {nl} -> {new}",
            rule="PF1 §1.3 [O]", who=c.id)
    life.settle(ctx, c)
