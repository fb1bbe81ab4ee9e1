"""Vehicle control verbs (starfinder.md §3.8): take control, hand over, autopilot, autocontrol, board."""

from __future__ import annotations

from gm_console.ruleset import Combatant, Context

from .common import Args, creature, need, no_more, say
from .economy import use
from .stats import is_vehicle
from .vehicles import MOTION_ES, control, find, follow_pilot, motion, pilot_of, the_vehicle

PILOT_USAGE = "pilot VEHICLE NAME"


def take_control(rs, ctx: Context, args: tuple[str, ...]) -> None:
    """Move action: NAME takes the controls (starfinder.md §3.8 "take control")."""
    a = Args.parse(args, PILOT_USAGE)
    need(a.words, 2, PILOT_USAGE)
    no_more(a.words, 2, PILOT_USAGE)
    v, p = the_vehicle(ctx, a.words[0]), ctx.combatant(a.words[1])
    if is_vehicle(p):
        ctx.fail(f"{p.name} is a vehicle; a pilot is a creature")
    use(ctx, p, "move", f"take control of {v.name}")
    ctx.set_stats(v, {"pilot": p.id, "control": None})
    follow_pilot(ctx, v)
    say(ctx, v, f"{p.name} takes control of {v.name}", f"{p.name} toma el control de {v.name}", "starfinder.md §3.8 [S]")


HANDOVER_USAGE = "handover VEHICLE [NAME]"


def hand_over(rs, ctx: Context, args: tuple[str, ...]) -> None:
    """Swift action of the pilot: control passes to NAME, or to no one (relinquish)."""
    a = Args.parse(args, HANDOVER_USAGE)
    need(a.words, 1, HANDOVER_USAGE)
    no_more(a.words, 2, HANDOVER_USAGE)
    v = the_vehicle(ctx, a.words[0])
    old = pilot_of(ctx.state, v)
    new = ctx.combatant(a.words[1]) if len(a.words) > 1 else None
    if new is not None and is_vehicle(new):
        ctx.fail(f"{new.name} is a vehicle; a pilot is a creature")
    if old is not None:
        use(ctx, old, "swift", f"hand over {v.name}")
    if new is None:
        ctx.set_stats(v, {"pilot": None, "control": None})
        moving = motion(v) != "stopped"
        warn_en = f"; it keeps moving ({motion(v)}) with no one in control" if moving else ""
        warn_es = f"; sigue en movimiento ({MOTION_ES[motion(v)]}) sin nadie al mando" if moving else ""
        say(ctx, v, f"{old.name if old else 'No one'} relinquishes control of {v.name}{warn_en}",
            f"{old.name if old else 'Nadie'} cede el control de {v.name}{warn_es}", "starfinder.md §3.8 [S]")
        return
    ctx.set_stats(v, {"pilot": new.id, "control": None})
    follow_pilot(ctx, v)
    say(ctx, v, f"{old.name if old else 'No one'} hands control of {v.name} over to {new.name}",
        f"{old.name if old else 'Nadie'} traspasa el control de {v.name} a {new.name}", "starfinder.md §3.8 [S]")


SWITCH_USAGE = "{verb} VEHICLE on|off"
ON = ("on", "si", "sí", "yes", "true", "activar", "poner")
OFF = ("off", "no", "false", "desactivar", "quitar")


def _switch(ctx: Context, args: tuple[str, ...], verb: str) -> tuple[Combatant, bool]:
    usage = SWITCH_USAGE.format(verb=verb)
    a = Args.parse(args, usage)
    need(a.words, 2, usage)
    no_more(a.words, 2, usage)
    v = the_vehicle(ctx, a.words[0])
    word = a.words[1].casefold()
    if word not in ON + OFF:
        ctx.fail(f"{verb} takes on or off, not {a.words[1]!r}; usage: {usage}")
    return v, word in ON


def autopilot(rs, ctx: Context, args: tuple[str, ...]) -> None:
    """Swift action: the AI drives (counts as controlled; never rams or runs over unless a war machine)."""
    v, on = _switch(ctx, args, "autopilot")
    p = pilot_of(ctx.state, v)
    if p is not None:
        use(ctx, p, "swift", f"autopilot {'on' if on else 'off'}")
    if on:
        ctx.set_stats(v, {"control": "autopilot"})
        say(ctx, v, f"{v.name}'s autopilot is on (Piloting {int(v.stats.get('autopilot') or 0):+d}): it acts on its "
                    "own count, cautiously",
            f"El piloto automático de {v.name} se activa (Pilotaje {int(v.stats.get('autopilot') or 0):+d}): actúa "
            "en su propia cuenta, con cautela", "starfinder.md §3.8 autopilot [S]")
    else:
        ctx.set_stats(v, {"control": None})
        say(ctx, v, f"{v.name}'s autopilot is off", f"El piloto automático de {v.name} se desactiva",
            "starfinder.md §3.8 autopilot [S]")


def autocontrol(rs, ctx: Context, args: tuple[str, ...]) -> None:
    """Swift action: the controls lock on a straight line so the pilot can do other things."""
    v, on = _switch(ctx, args, "autocontrol")
    p = pilot_of(ctx.state, v)
    if p is not None:
        use(ctx, p, "swift", f"autocontrol {'on' if on else 'off'}")
    if on:
        ctx.set_stats(v, {"control": "autocontrol"})
        say(ctx, v, f"{v.name} is on autocontrol: it keeps a straight line (not an autopilot)",
            f"{v.name} en autocontrol: mantiene la línea recta (no es un piloto automático)", "starfinder.md §3.8 [S]")
    else:
        ctx.set_stats(v, {"control": None})
        say(ctx, v, f"{v.name}'s autocontrol is off", f"{v.name} desactiva el autocontrol", "starfinder.md §3.8 [S]")


BOARD_USAGE = "board NAME VEHICLE"


def board(rs, ctx: Context, args: tuple[str, ...]) -> None:
    a = Args.parse(args, BOARD_USAGE)
    need(a.words, 2, BOARD_USAGE)
    no_more(a.words, 2, BOARD_USAGE)
    c, v = creature(ctx, a.words[0]), the_vehicle(ctx, a.words[1])
    use(ctx, c, "move", f"board {v.name}")
    ctx.set_mark(c, "aboard", v.id)
    say(ctx, c, f"{c.name} boards {v.name}", f"{c.name} sube a {v.name}", "starfinder.md §3.8 [S]")


def disembark(rs, ctx: Context, args: tuple[str, ...]) -> None:
    usage = "disembark NAME"
    a = Args.parse(args, usage)
    need(a.words, 1, usage)
    no_more(a.words, 1, usage)
    c = ctx.combatant(a.words[0])
    v = find(ctx.state, c.marks.get("aboard"))
    if v is None:
        ctx.fail(f"{c.name} is not aboard a vehicle")
    use(ctx, c, "move", f"disembark from {v.name}")
    ctx.set_mark(c, "aboard", None)
    if pilot_of(ctx.state, v) is c:
        ctx.set_stats(v, {"pilot": None} if control(v) == "autopilot" else {"pilot": None, "control": None})
    say(ctx, c, f"{c.name} gets off {v.name}", f"{c.name} baja de {v.name}", "starfinder.md §3.8 [S]")


