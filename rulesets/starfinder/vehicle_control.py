"""Vehicle control verbs (starfinder.md §3.8): take control, hand over, autopilot, autocontrol, board."""

from __future__ import annotations

from gm_console.ruleset import Context, named, of

from . import marks
from .common import creature, say
from .economy import use
from .i18n import _
from .stats import is_vehicle
from .vehicles import MOTION, control, find, follow_pilot, motion, pilot_of, the_vehicle


def take_control(ctx: Context, call) -> None:
    """Move action: NAME takes the controls (starfinder.md §3.8 "take control")."""
    v, p = the_vehicle(ctx, call.vehicle), ctx.combatant(call.pilot)
    if is_vehicle(p):
        ctx.fail(_("{name} is a vehicle; a pilot is a creature", name=p.name))
    use(ctx, p, "move", _("take control of {name}", name=named(v)))
    ctx.set_stats(v, {"pilot": p.id, "control": None})
    follow_pilot(ctx, v)
    say(ctx, v, _("{pilot} takes control of {name}", pilot=named(p), name=named(v)), "starfinder.md §3.8 [S]")


def hand_over(ctx: Context, call) -> None:
    """Swift action of the pilot: control passes to NAME, or to no one (relinquish)."""
    v = the_vehicle(ctx, call.vehicle)
    old = pilot_of(ctx.state, v)
    new = ctx.combatant(call.to) if call.to else None
    if new is not None and is_vehicle(new):
        ctx.fail(_("{name} is a vehicle; a pilot is a creature", name=new.name))
    if old is not None:
        use(ctx, old, "swift", _("hand over {name}", name=named(v)))
    who = named(old) if old else _("No one")
    if new is None:
        ctx.set_stats(v, {"pilot": None, "control": None})
        if motion(v) != "stopped":
            msg = _("{who} relinquishes control of {name}; it keeps moving ({motion}) with no one in control", who=who,
                    name=named(v), motion=MOTION[motion(v)])
        else:
            msg = _("{who} relinquishes control of {name}", who=who, name=named(v))
        say(ctx, v, msg, "starfinder.md §3.8 [S]")
        return
    ctx.set_stats(v, {"pilot": new.id, "control": None})
    follow_pilot(ctx, v)
    say(ctx, v, _("{who} hands control of {name} over to {to}", who=who, name=named(v), to=named(new)),
        "starfinder.md §3.8 [S]")


def autopilot(ctx: Context, call) -> None:
    """Swift action: the AI drives (counts as controlled; never rams or runs over unless a war machine)."""
    v = the_vehicle(ctx, call.vehicle)
    on = call.switch == "on"
    p = pilot_of(ctx.state, v)
    if p is not None:
        use(ctx, p, "swift", _("autopilot on") if on else _("autopilot off"))
    if on:
        ctx.set_stats(v, {"control": "autopilot"})
        say(ctx, v, _("{name}'s autopilot is on (Piloting {bonus:+d}): it acts on its own count, cautiously",
                      name=named(v), bonus=of(v, int(v.stats.get("autopilot") or 0))),
            "starfinder.md §3.8 autopilot [S]")
    else:
        ctx.set_stats(v, {"control": None})
        say(ctx, v, _("{name}'s autopilot is off", name=named(v)), "starfinder.md §3.8 autopilot [S]")


def autocontrol(ctx: Context, call) -> None:
    """Swift action: the controls lock on a straight line so the pilot can do other things."""
    v = the_vehicle(ctx, call.vehicle)
    on = call.switch == "on"
    p = pilot_of(ctx.state, v)
    if p is not None:
        use(ctx, p, "swift", _("autocontrol on") if on else _("autocontrol off"))
    if on:
        ctx.set_stats(v, {"control": "autocontrol"})
        say(ctx, v, _("{name} is on autocontrol: it keeps a straight line (not an autopilot)", name=named(v)),
            "starfinder.md §3.8 [S]")
    else:
        ctx.set_stats(v, {"control": None})
        say(ctx, v, _("{name}'s autocontrol is off", name=named(v)), "starfinder.md §3.8 [S]")


def board(ctx: Context, call) -> None:
    c, v = creature(ctx, call.who), the_vehicle(ctx, call.vehicle)
    use(ctx, c, "move", _("board {name}", name=named(v)))
    ctx.set_mark(c, marks.ABOARD, v.id)
    say(ctx, c, _("{name} boards {vehicle}", name=named(c), vehicle=named(v)), "starfinder.md §3.8 [S]")


def disembark(ctx: Context, call) -> None:
    c = ctx.combatant(call.who)
    v = find(ctx.state, marks.ABOARD.of(c))
    if v is None:
        ctx.fail(_("{name} is not aboard a vehicle", name=c.name))
    use(ctx, c, "move", _("disembark from {name}", name=named(v)))
    ctx.set_mark(c, marks.ABOARD, None)
    if pilot_of(ctx.state, v) is c:
        ctx.set_stats(v, {"pilot": None} if control(v) == "autopilot" else {"pilot": None, "control": None})
    say(ctx, c, _("{name} gets off {vehicle}", name=named(c), vehicle=named(v)), "starfinder.md §3.8 [S]")
