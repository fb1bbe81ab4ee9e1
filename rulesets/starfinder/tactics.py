"""Combat actions that move numbers (starfinder.md §3.2-3.3): total defense, fighting defensively,
covering and harrying fire, charge, and the range-increment calculator.

Each becomes a condition with its own clock, so its bonus shows in the figures and
ends by itself: "until the start of your next turn" is one round on the actor's clock.
"""

from __future__ import annotations

import math

from gm_console.ruleset import Combatant, Context, named, of, public, possessive

from .common import check, creature, say, value
from .economy import cond_word, use
from .i18n import _
from .options import official


def _cond(ctx: Context, target: Combatant, cid: str, clock: Combatant) -> None:
    """One round on ``clock``'s turns; a second one from the same actor renews the first."""
    again = [i for i in target.instances(cid) if i.source == clock.id]
    if again:
        ctx.change_condition(target, again[0], rounds=1, keep_rounds=False)
        return
    ctx.apply_condition(target, ctx.ruleset.conditions.catalogue.define(cid), rounds=1, clock=clock.id, source=clock.id)


def total_defense(ctx: Context, call) -> None:
    """Standard action: +4 AC until the start of its next turn, no attacks of opportunity."""
    c = creature(ctx, call.who)
    use(ctx, c, "standard", _("total defense"))
    _cond(ctx, c, "total-defense", c)
    state, rules = ctx.state, ctx.ruleset
    eac, kac = value(rules, state, c, "eac"), value(rules, state, c, "kac")
    if official(state, "total_defense"):
        msg = _("{name} takes total defense: +4 AC until the start of {whose} next turn, no attacks of opportunity",
                whose=possessive(c), name=named(c))
    else:
        msg = _("{name} takes total defense: +4 AC until the start of {whose} next turn, no attacks of opportunity; "
                "combines with other AC boosts (seed)", whose=possessive(c), name=named(c))
    # its ACs now are a foe's secret: the detail
    say(ctx, c, msg, "starfinder.md §3.2 total defense [S]", _("EAC {eac}, KAC {kac}", eac=of(c, eac), kac=of(c, kac)))


def defensive(ctx: Context, call) -> None:
    """Part of an attack (standard) or a full attack: -4 attacks, +2 AC until its next turn."""
    c = creature(ctx, call.who)
    use(ctx, c, "full" if call.full else "standard", _("fight defensively"))
    _cond(ctx, c, "fighting-defensively", c)
    attack = value(ctx.ruleset, ctx.state, c, "attack")
    if c.has("total-defense") and official(ctx.state, "total_defense"):
        msg = _("{name} fights defensively: -4 on attacks this turn, +2 AC until {whose} next turn ({whose} +2 AC "
                "does not add to total defense: official)", whose=possessive(c), name=named(c))
    else:
        msg = _("{name} fights defensively: -4 on attacks this turn, +2 AC until {whose} next turn",
                whose=possessive(c), name=named(c))
    say(ctx, c, msg, "starfinder.md §3.2 fight defensively [S]", _("attack {attack:+d}", attack=of(c, attack)))


def _fire(ctx: Context, call, verb: str, cid: str) -> None:
    shooter, ally = creature(ctx, call.shooter), creature(ctx, call.ally)
    if shooter.id == ally.id:
        ctx.fail(_("{verb}: the ally must be someone other than {name}", verb=verb, name=named(shooter)))
    name = "covering fire" if cid == "covering-fire" else "harrying fire"
    what = cond_word(ctx.ruleset, cid)
    use(ctx, shooter, "standard", what)
    total, _text = check(ctx, value(ctx.ruleset, ctx.state, shooter, "ranged"),
                         _('{name} of {shooter} (vs AC 15)', name=what, shooter=named(shooter)),
                         shooter, call.total, what=f"{name} for {ally.name}", dc=15, against="AC 15")
    rule = f"starfinder.md §3.2 {name} [S]"
    if total < 15:
        say(ctx, shooter, _("{name}'s {fire} misses: {total} vs AC 15; {ally} gains nothing", name=named(shooter),
                            fire=what, total=of(shooter, total), ally=named(ally)), rule)
        return
    _cond(ctx, ally, cid, shooter)
    if cid == "covering-fire":
        msg = _("{name}'s {fire} hits AC 15 ({total}): {ally} gets +2 AC against the next attack until the start of "
                "{name}'s next turn", name=named(shooter), fire=what, total=of(shooter, total), ally=named(ally))
    else:
        msg = _("{name}'s {fire} hits AC 15 ({total}): {ally} gets +2 on {whose} next attack until the start of "
                "{name}'s next turn", whose=possessive(ally), name=named(shooter), fire=what, total=of(shooter, total),
                ally=named(ally))
    say(ctx, shooter, msg, rule)


def cover(ctx: Context, call) -> None:
    _fire(ctx, call, "cover", "covering-fire")


def harry(ctx: Context, call) -> None:
    _fire(ctx, call, "harry", "harrying-fire")


def charge(ctx: Context, call) -> None:
    """Full action: up to double speed, +1 attack (seed) or -2 (official), -2 AC until its next turn."""
    c = creature(ctx, call.who)
    target = ctx.combatant(call.target) if call.target else None
    rules = ctx.ruleset
    for inst in rules.conditions.active(c):
        d = rules.conditions.catalogue.define(inst.cond)
        if "no-run" in d.flags or "immobile" in d.flags:
            ctx.fail(_("{name} is {cond} and cannot charge", name=named(c), cond=cond_word(rules, d.id)))
    use(ctx, c, "full", _("charge"))
    _cond(ctx, c, "charging", c)
    off = official(ctx.state, "charge_attack")
    bonus = -2 if off else 1
    path = _("no creature at all in the path") if off else _("no enemy in the path (allies are fine)")
    if target is not None:
        msg = _("{name} charges at {target}: up to double speed in a line, {path}; {bonus:+d} on the attack, -2 AC "
                "until {whose} next turn", whose=possessive(c), name=named(c), target=named(target), path=path,
                bonus=public(bonus))
    else:
        msg = _("{name} charges: up to double speed in a line, {path}; {bonus:+d} on the attack, -2 AC until {whose} "
                "next turn", whose=possessive(c), name=named(c), path=path, bonus=public(bonus))
    say(ctx, c, msg, "starfinder.md §3.2 charge [Δ official]" if off else "starfinder.md §3.2 charge [S]")


def range_penalty(distance: int, increment: int) -> int:
    """starfinder.md §3.3 [S]: -2 per full increment beyond the first: -2 x (ceil(d / inc) - 1)."""
    return -2 * (math.ceil(distance / increment) - 1)


def range_verb(ctx: Context, call) -> None:
    distance, increment = call.distance, call.increment
    if increment <= 0:
        ctx.fail(_("range: the increment must be more than 0 ft (range DISTANCE INCREMENT [thrown])"))
    limit = 5 if call.thrown and official(ctx.state, "thrown_range") else 10
    steps = max(1, math.ceil(distance / increment))
    rule = "starfinder.md §3.3 range [Δ official]" if limit == 5 else "starfinder.md §3.3 range [S]"
    if steps > limit:
        say(ctx, None, _("Out of range: {distance} ft is increment {steps} of {increment} ft; the maximum is {limit} "
                         "increments ({reach} ft)", distance=public(distance), steps=public(steps),
                         increment=public(increment), limit=public(limit), reach=public(limit * increment)), rule)
        return
    pen = range_penalty(max(distance, 1), increment)
    say(ctx, None, _("Range {distance} ft with a {increment} ft increment: increment {steps}, {pen:+d} to attack (max "
                     "{limit} increments)", distance=public(distance), increment=public(increment), steps=public(steps),
                     pen=public(pen), limit=public(limit)), rule)
