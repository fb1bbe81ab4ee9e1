"""Combat actions that move numbers (starfinder.md §3.2-3.3): total defense, fighting defensively,
covering and harrying fire, charge, and the range-increment calculator.

Each becomes a condition with its own clock, so its bonus shows in the figures and
ends by itself: "until the start of your next turn" is one round on the actor's clock.
"""

from __future__ import annotations

import math
import re

from gm_console.ruleset import Combatant, Context

from .common import Args, check, creature, need, no_more, say
from .economy import use
from .figures import value
from .options import official


def _cond(rs, ctx: Context, target: Combatant, cid: str, clock: Combatant) -> None:
    ctx.apply_condition(target, rs.catalogue.define(cid), rounds=1, clock=clock.id, source=clock.id)


def _one(ctx: Context, args: tuple[str, ...], usage: str) -> Combatant:
    a = Args.parse(args, usage)
    need(a.words, 1, usage)
    no_more(a.words, 1, usage)
    return creature(ctx, a.words[0])


TD_USAGE = "total-defense NAME"


def total_defense(rs, ctx: Context, args: tuple[str, ...]) -> None:
    """Standard action: +4 AC until the start of its next turn, no attacks of opportunity."""
    c = _one(ctx, args, TD_USAGE)
    use(ctx, c, "standard", "total defense")
    _cond(rs, ctx, c, "total-defense", c)
    extra_en = "" if official(ctx.state, "total_defense") else "; combines with other AC boosts (seed)"
    extra_es = "" if official(ctx.state, "total_defense") else "; se suma a otras mejoras de CA (semilla)"
    say(ctx, c, f"{c.name} takes total defense: +4 AC until the start of its next turn, no attacks of "
                f"opportunity{extra_en} (EAC {value(rs, ctx.state, c, 'eac')}, KAC {value(rs, ctx.state, c, 'kac')})",
        f"{c.name} se pone en defensa total: +4 CA hasta el inicio de su próximo turno, sin ataques de "
        f"oportunidad{extra_es} (CAE {value(rs, ctx.state, c, 'eac')}, CAC {value(rs, ctx.state, c, 'kac')})",
        "starfinder.md §3.2 total defense [S]")


DEF_USAGE = "defensive NAME [full]"


def defensive(rs, ctx: Context, args: tuple[str, ...]) -> None:
    """Part of an attack (standard) or a full attack: -4 attacks, +2 AC until its next turn."""
    a = Args.parse(args, DEF_USAGE)
    full = a.flag("full", "completa", "full-attack")
    need(a.words, 1, DEF_USAGE)
    no_more(a.words, 1, DEF_USAGE)
    c = creature(ctx, a.words[0])
    use(ctx, c, "full" if full else "standard", "fight defensively")
    _cond(rs, ctx, c, "fighting-defensively", c)
    note_en = note_es = ""
    if c.has("total-defense") and official(ctx.state, "total_defense"):
        note_en = " (its +2 AC does not add to total defense: official)"
        note_es = " (su +2 CA no se suma a la defensa total: oficial)"
    say(ctx, c, f"{c.name} fights defensively: -4 on attacks this turn, +2 AC until its next turn{note_en} "
                f"(attack {value(rs, ctx.state, c, 'attack'):+d})",
        f"{c.name} lucha a la defensiva: -4 a los ataques este turno, +2 CA hasta su próximo turno{note_es} "
        f"(ataque {value(rs, ctx.state, c, 'attack'):+d})", "starfinder.md §3.2 fight defensively [S]")


FIRE_USAGE = "{verb} SHOOTER ALLY [ATTACK_TOTAL]"


def _fire(rs, ctx: Context, args: tuple[str, ...], verb: str, cid: str) -> None:
    usage = FIRE_USAGE.format(verb=verb)
    a = Args.parse(args, usage)
    need(a.words, 2, usage)
    no_more(a.words, 2, usage)
    shooter, ally = creature(ctx, a.words[0]), creature(ctx, a.words[1])
    if shooter.id == ally.id:
        ctx.fail(f"{verb}: the ally must be someone other than {shooter.name}")
    name = "covering fire" if cid == "covering-fire" else "harrying fire"
    nombre = "fuego de cobertura" if cid == "covering-fire" else "fuego hostigador"
    use(ctx, shooter, "standard", name)
    total, _ = check(ctx, value(rs, ctx.state, shooter, "ranged"), f"{name} of {shooter.name} (vs AC 15)",
                     shooter, a.total(usage), what=f"{name} for {ally.name}", dc=15, against="AC 15")
    if total < 15:
        say(ctx, shooter, f"{shooter.name}'s {name} misses: {total} vs AC 15; {ally.name} gains nothing",
            f"El {nombre} de {shooter.name} falla: {total} contra CA 15; {ally.name} no gana nada",
            f"starfinder.md §3.2 {name} [S]")
        return
    _cond(rs, ctx, ally, cid, shooter)
    if cid == "covering-fire":
        en = f"+2 AC against the next attack until the start of {shooter.name}'s next turn"
        es = f"+2 CA contra el próximo ataque hasta el inicio del próximo turno de {shooter.name}"
    else:
        en = f"+2 on its next attack until the start of {shooter.name}'s next turn"
        es = f"+2 a su próximo ataque hasta el inicio del próximo turno de {shooter.name}"
    say(ctx, shooter, f"{shooter.name}'s {name} hits AC 15 ({total}): {ally.name} gets {en}",
        f"El {nombre} de {shooter.name} supera CA 15 ({total}): {ally.name} obtiene {es}", f"starfinder.md §3.2 {name} [S]")


def cover(rs, ctx: Context, args: tuple[str, ...]) -> None:
    _fire(rs, ctx, args, "cover", "covering-fire")


def harry(rs, ctx: Context, args: tuple[str, ...]) -> None:
    _fire(rs, ctx, args, "harry", "harrying-fire")


CHARGE_USAGE = "charge NAME [TARGET]"


def charge(rs, ctx: Context, args: tuple[str, ...]) -> None:
    """Full action: up to double speed, +1 attack (seed) or -2 (official), -2 AC until its next turn."""
    a = Args.parse(args, CHARGE_USAGE)
    need(a.words, 1, CHARGE_USAGE)
    no_more(a.words, 2, CHARGE_USAGE)
    c = creature(ctx, a.words[0])
    target = ctx.combatant(a.words[1]) if len(a.words) > 1 else None
    for inst in rs.active_conditions(c):
        d = rs.catalogue.define(inst.cond)
        if "no-run" in d.flags or "immobile" in d.flags:
            ctx.fail(f"{c.name} is {d.id} and cannot charge")
    use(ctx, c, "full", "charge")
    _cond(rs, ctx, c, "charging", c)
    off = official(ctx.state, "charge_attack")
    bonus = -2 if off else 1
    at_en = f" at {target.name}" if target else ""
    at_es = f" contra {target.name}" if target else ""
    path_en = "no creature at all in the path" if off else "no enemy in the path (allies are fine)"
    path_es = "ninguna criatura en el camino" if off else "ningún enemigo en el camino (aliados sí)"
    say(ctx, c, f"{c.name} charges{at_en}: up to double speed in a line, {path_en}; {bonus:+d} on the attack, "
                f"-2 AC until its next turn",
        f"{c.name} carga{at_es}: hasta el doble de velocidad en línea, {path_es}; {bonus:+d} al ataque, -2 CA hasta "
        f"su próximo turno", "starfinder.md §3.2 charge [Δ official]" if off else "starfinder.md §3.2 charge [S]")


_FEET = re.compile(r"^(\d{1,6})\s*(ft|feet|foot|pies|pie|')?$", re.IGNORECASE)
RANGE_USAGE = "range DISTANCE INCREMENT [thrown]   (feet, e.g. range 130 60)"


def range_penalty(distance: int, increment: int) -> int:
    """starfinder.md §3.3 [S]: -2 per full increment beyond the first: -2 x (ceil(d / inc) - 1)."""
    return -2 * (math.ceil(distance / increment) - 1)


def range_verb(rs, ctx: Context, args: tuple[str, ...]) -> None:
    thrown = False
    nums: list[int] = []
    for tok in args:
        if tok.casefold() in ("thrown", "arrojadiza", "arrojadizo", "throw"):
            thrown = True
            continue
        m = _FEET.match(tok.strip())
        if not m:
            ctx.fail(f"range: unexpected {tok!r}; usage: {RANGE_USAGE}")
        nums.append(int(m.group(1)))
    if len(nums) != 2:
        ctx.fail(f"range takes a distance and an increment in feet; usage: {RANGE_USAGE}")
    distance, increment = nums
    if increment <= 0:
        ctx.fail(f"range: the increment must be more than 0 ft; usage: {RANGE_USAGE}")
    limit = 5 if thrown and official(ctx.state, "thrown_range") else 10
    steps = max(1, math.ceil(distance / increment))
    rule = "starfinder.md §3.3 range [Δ official]" if limit == 5 else "starfinder.md §3.3 range [S]"
    if steps > limit:
        say(ctx, None, f"Out of range: {distance} ft is increment {steps} of {increment} ft; the maximum is "
                       f"{limit} increments ({limit * increment} ft)",
            f"Fuera de alcance: {distance} pies es el incremento {steps} de {increment} pies; el máximo son "
            f"{limit} incrementos ({limit * increment} pies)", rule)
        return
    pen = range_penalty(max(distance, 1), increment)
    say(ctx, None, f"Range {distance} ft with a {increment} ft increment: increment {steps}, {pen:+d} to attack"
                   f" (max {limit} increments)",
        f"Distancia {distance} pies con incremento de {increment} pies: incremento {steps}, {pen:+d} al ataque"
        f" (máx. {limit} incrementos)", rule)
