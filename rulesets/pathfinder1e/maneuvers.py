"""`maneuver ATTACKER TARGET [ROLL] [KIND] [+N|-N]` (pathfinder1e.md §1.7).

d20 + effective CMB (which already holds every attack-roll modifier of the
attacker's conditions) vs the target's effective CMD (flat-footed: no Dex).
Natural 20 succeeds, natural 1 fails, +4 against the stunned, automatic
against the helpless. ``+N/-N`` is anything else (e.g. -5 for the damage of the
attack of opportunity the maneuver provoked). Grapple, pin, maintain and escape
are in ``grapple``, the check both roll in ``cmb``; a sunder's damage to the item is
the `sunder` verb (``items``).
"""

from __future__ import annotations

from gm_console.ruleset import Context, Term, gm, named

from . import grapple, life
from .cmb import RULE, contest, parse_roll_and_extra
from .i18n import T_, _
from .options import option

_TRIP, _BULL = T_("maneuver", "trip", "derribo"), T_("maneuver", "bull-rush", "embestida")
_GRAPPLE, _DISARM = T_("maneuver", "grapple", "presa"), T_("maneuver", "disarm", "desarme")
_SUNDER, _OVERRUN = T_("maneuver", "sunder", "romper arma"), T_("maneuver", "overrun", "arrollar")
_PIN = T_("maneuver", "pin", "sujetar")
KINDS: dict[str, tuple[str, Term]] = {
    "trip": ("trip", _TRIP), "derribo": ("trip", _TRIP), "derribar": ("trip", _TRIP),
    "bull-rush": ("bull-rush", _BULL), "bullrush": ("bull-rush", _BULL),
    "embestida": ("bull-rush", _BULL), "embestir": ("bull-rush", _BULL),
    "grapple": ("grapple", _GRAPPLE), "presa": ("grapple", _GRAPPLE), "apresar": ("grapple", _GRAPPLE),
    "disarm": ("disarm", _DISARM), "desarme": ("disarm", _DISARM), "desarmar": ("disarm", _DISARM),
    "sunder": ("sunder", _SUNDER), "romper": ("sunder", _SUNDER), "romper-arma": ("sunder", _SUNDER),
    "overrun": ("overrun", _OVERRUN), "arrollar": ("overrun", _OVERRUN),
    "pin": ("pin", _PIN), "sujetar": ("pin", _PIN),
}
MANEUVER = T_("maneuver", "maneuver", "maniobra")


def maneuver(ctx: Context, call) -> None:
    """``maneuver``; a disabled attacker on its own turn pays 1 HP after it, as for any standard
    (strenuous) action (pathfinder1e.md §1.4)."""
    a = ctx.combatant(call.who)
    strained = a.life == "disabled" and ctx.state.active == a.id
    _maneuver(ctx, call)
    if strained and a.id in ctx.state.combatants and ctx.state.get(a.id).life == "disabled":
        life.strain(ctx, ctx.state.get(a.id))


def _maneuver(ctx: Context, call) -> None:
    a, t = ctx.combatant(call.who), ctx.combatant(call.target)
    if a.id == t.id:
        ctx.fail(_("maneuver: the attacker and the target must differ"))
    natural, extra, found = parse_roll_and_extra(ctx, call.rest, KINDS)
    if len(found) > 1:
        ctx.fail(_("maneuver: one kind at a time, not {kinds}", kinds=", ".join(found)))
    kid, kind = next(iter(found.values())) if found else (None, None)
    if kid == "grapple" and grapple.holds(ctx.state, t, a):
        grapple.break_free(ctx, a, t, natural, extra, reverse=True)  # the held one takes the hold
        return
    if kid == "pin" or (kid == "grapple" and grapple.holds(ctx.state, a, t)):
        grapple.maintain_check(ctx, a, t, natural, extra, "pin" if kid == "pin" else None)
        return
    parts: list[tuple[str, int]] = [("CMB", ctx.ruleset.sheet.effective(ctx.state, a)["cmb"].value)]
    if kid == "grapple":
        parts += grapple.no_grappled_penalty(ctx, a, "grappling while grappled: no -2")
    if a.has("charging") and kid == option(ctx.state, "charge_maneuver"):
        parts.append(("charging", 2))
    if contest(ctx, a, t, natural, parts, extra, kind or MANEUVER):
        _outcome(ctx, a, t, kid)


def _outcome(ctx: Context, a, t, kind: str | None) -> None:
    cat = ctx.ruleset.conditions.catalogue
    if kind == "trip":
        ctx.apply_condition(t, cat.get("prone"), source=a.id)
        ctx.say(_("{name} is knocked prone", name=named(t)), rule=RULE, who=t.id)
    elif kind == "grapple":
        grapple.start(ctx, a, t)
    elif kind == "sunder":
        ctx.say(_("{name} hits {target}'s item: roll the weapon's damage against it", name=named(a), target=named(t)),
                rule="pathfinder1e.md §1.7.2", who=t.id, detail=_("sunder {ref} ITEM DAMAGE", ref=gm(t.id)))
