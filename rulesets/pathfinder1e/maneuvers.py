"""`maneuver ATTACKER TARGET [ROLL] [KIND] [+N|-N]` (pathfinder1e.md §1.7).

d20 + effective CMB (which already holds every attack-roll modifier of the
attacker's conditions) vs the target's effective CMD (flat-footed: no Dex).
Natural 20 succeeds, natural 1 fails, +4 against the stunned, automatic
against the helpless. ``+N/-N`` is anything else (e.g. -5 for the damage of the
attack of opportunity the maneuver provoked). Grapple, pin, maintain and escape
are in ``grapple``; a sunder's damage to the item is the `sunder` verb (``items``).
"""

from __future__ import annotations

import re

from gm_console.ruleset import Combatant, Context, Term, fold_text, gm, named, of

from .checks import keep
from .i18n import _
from .options import option

RULE = "pathfinder1e.md §1.7"

_TRIP, _BULL = Term("trip", "derribo"), Term("bull-rush", "embestida")
_GRAPPLE, _DISARM = Term("grapple", "presa"), Term("disarm", "desarme")
_SUNDER, _OVERRUN = Term("sunder", "romper arma"), Term("overrun", "arrollar")
_PIN = Term("pin", "sujetar")
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
MANEUVER = Term("maneuver", "maniobra")


def parse_roll_and_extra(ctx: Context, words, usage: str, verb: str, more: dict | None = None):
    """The tail the maneuver verbs share: ROLL (the natural d20 rolled at the table), +N/-N (summed)
    and the words of ``more`` (word -> (key, what)), in any order; anything else is refused."""
    natural, extra, found = None, 0, {}
    for word in words:
        key = fold_text(word).replace(" ", "-")
        if re.fullmatch(r"\d{1,2}", word):
            natural = int(word)
            if not 1 <= natural <= 20:
                ctx.fail(_("{verb}: ROLL is the natural d20 (1-20), not {word}", verb=verb, word=word))
        elif re.fullmatch(r"[+-]\d{1,3}", word):
            extra += int(word)
        elif more and key in more:
            found[more[key][0]] = more[key]
        else:
            ctx.fail(_("{verb}: unexpected {word!r}; usage: {usage}", verb=verb, word=word, usage=usage))
    return natural, extra, found


def maneuver(ctx: Context, call) -> None:
    """``maneuver``; a disabled attacker on its own turn pays 1 HP after it, as for any standard
    (strenuous) action (pathfinder1e.md §1.4)."""
    from . import life

    a = ctx.combatant(call.who)
    strained = a.life == "disabled" and ctx.state.active == a.id
    _maneuver(ctx, call)
    if strained and a.id in ctx.state.combatants and ctx.state.get(a.id).life == "disabled":
        life.strain(ctx, ctx.state.get(a.id))


def _maneuver(ctx: Context, call) -> None:
    from . import grapple  # local: grapple uses this module's check

    a, t = ctx.combatant(call.who), ctx.combatant(call.target)
    if a.id == t.id:
        ctx.fail(_("maneuver: the attacker and the target must differ"))
    natural, extra, found = parse_roll_and_extra(ctx, call.rest, USAGE, "maneuver", KINDS)
    if len(found) > 1:
        ctx.fail(_("maneuver: one kind at a time, not {kinds}", kinds=", ".join(found)))
    kid, kind = next(iter(found.values())) if found else (None, None)
    if kid == "grapple" and grapple.holds(ctx.state, t, a):
        grapple.break_free(ctx, a, t, natural, extra, reverse=True)  # the held one takes the hold
        return
    if kid == "pin" or (kid == "grapple" and grapple.holds(ctx.state, a, t)):
        grapple.maintain_check(ctx, a, t, natural, extra, "pin" if kid == "pin" else None)
        return
    parts: list[tuple[str, int]] = [("CMB", ctx.ruleset.effective(ctx.state, a)["cmb"].value)]
    if kid == "grapple":
        parts += grapple.no_grappled_penalty(ctx, a, "grappling while grappled: no -2")
    if a.has("charging") and kid == option(ctx.state, "charge_maneuver"):
        parts.append(("charging", 2))
    if contest(ctx, a, t, natural, parts, extra, kind or MANEUVER):
        _outcome(ctx, a, t, kid)


USAGE = "maneuver ATTACKER TARGET [ROLL] [trip|bull-rush|grapple|disarm|sunder|overrun|pin] [+N|-N]"


def contest(ctx: Context, a: Combatant, t: Combatant, natural: int | None, parts: list[tuple[str, int]],
            extra: int, label: Term, rule: str = RULE, cmd_of: Combatant | None = None) -> bool:
    """The combat maneuver check itself: d20 + parts vs the CMD of ``cmd_of`` (default the target).

    Helpless defender: automatic success, no roll; stunned: +4; natural 20 / 1 decide.
    Kept with the state's recent checks.
    """
    d = cmd_of or t
    parts = list(parts)
    if d.has("stunned"):
        parts.append(("stunned target", 4))
    if extra:
        parts.append(("other", extra))
    if "helpless" in ctx.ruleset.conditions.flags(d):
        ctx.say(_("{name} {what} vs {target}: {target} is helpless, automatic success", name=named(a), what=label,
                  target=named(d)), rule=rule, who=a.id)
        return True
    cmd = ctx.ruleset.effective(ctx.state, d)["cmd"].value
    if natural is None:
        natural = ctx.roll("1d20", purpose=_('{attacker}: combat maneuver vs {defender}', attacker=named(a),
                                             defender=named(d)), who=a.id).total
    bonus = sum(v for _l, v in parts)
    total = natural + bonus
    if natural == 20:
        ok, outcome = True, _("natural 20, success")
    elif natural == 1:
        ok, outcome = False, _("natural 1, failure")
    else:
        ok = total >= cmd
        outcome = _("success") if ok else _("failure")
    keep(ctx, a, str(label), natural, bonus, total, cmd, ok, against=f"{d.name} CMD {cmd}")
    text = " ".join(f"{v:+d} {name}" for name, v in parts)
    # the outcome is the players' to read; the roll is the attacker's, the CMD the defender's
    ctx.say(_("{name} {what} vs {target}: {outcome}", name=named(a), what=label, target=named(d), outcome=outcome),
            rule=rule, who=a.id,
            detail=_("{nat} {parts} = {total} vs CMD {cmd}", nat=of(a, natural), parts=of(a, text), total=of(a, total),
                     cmd=of(d, cmd)))
    return ok


def _outcome(ctx: Context, a, t, kind: str | None) -> None:
    from . import grapple

    cat = ctx.ruleset.catalogue
    if kind == "trip":
        ctx.apply_condition(t, cat.get("prone"), source=a.id)
        ctx.say(_("{name} is knocked prone", name=named(t)), rule=RULE, who=t.id)
    elif kind == "grapple":
        grapple.start(ctx, a, t)
    elif kind == "sunder":
        ctx.say(_("{name} hits {target}'s item: roll the weapon's damage against it", name=named(a), target=named(t)),
                rule="pathfinder1e.md §1.7.2", who=t.id, detail=_("sunder {ref} ITEM DAMAGE", ref=gm(t.id)))
