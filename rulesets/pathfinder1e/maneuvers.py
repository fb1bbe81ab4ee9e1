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

from gm_console.ruleset import Combatant, Context, fold_text

from .options import option

RULE = "pathfinder1e.md §1.7"

KINDS = {
    "trip": ("trip", "derribo"), "derribo": ("trip", "derribo"), "derribar": ("trip", "derribo"),
    "bull-rush": ("bull-rush", "embestida"), "bullrush": ("bull-rush", "embestida"),
    "embestida": ("bull-rush", "embestida"), "embestir": ("bull-rush", "embestida"),
    "grapple": ("grapple", "presa"), "presa": ("grapple", "presa"), "apresar": ("grapple", "presa"),
    "disarm": ("disarm", "desarme"), "desarme": ("disarm", "desarme"), "desarmar": ("disarm", "desarme"),
    "sunder": ("sunder", "romper arma"), "romper": ("sunder", "romper arma"),
    "romper-arma": ("sunder", "romper arma"),
    "overrun": ("overrun", "arrollar"), "arrollar": ("overrun", "arrollar"),
    "pin": ("pin", "sujetar"), "sujetar": ("pin", "sujetar"),
}

USAGE = "maneuver ATTACKER TARGET [ROLL] [trip|bull-rush|grapple|disarm|sunder|overrun|pin] [+N|-N]"


def parse_roll_and_extra(ctx: Context, words, usage: str, verb: str, more: dict | None = None):
    """ROLL (natural d20), +N/-N and the words of ``more`` (word -> key); anything else fails."""
    natural, extra, found = None, 0, {}
    for word in words:
        key = fold_text(word).replace(" ", "-")
        if re.fullmatch(r"\d{1,2}", word):
            natural = int(word)
            if not 1 <= natural <= 20:
                ctx.fail(f"{verb}: ROLL is the natural d20 (1-20), not {word}")
        elif re.fullmatch(r"[+-]\d{1,3}", word):
            extra += int(word)
        elif more and key in more:
            found[more[key][0]] = more[key]
        else:
            ctx.fail(f"{verb}: unexpected {word!r}; usage: {usage}")
    return natural, extra, found


def maneuver(ctx: Context, args: tuple[str, ...]) -> None:
    from . import grapple  # local: grapple uses this module's check

    if len(args) < 2:
        ctx.fail(f"usage: {USAGE}")
    a, t = ctx.combatant(args[0]), ctx.combatant(args[1])
    if a.id == t.id:
        ctx.fail("maneuver: the attacker and the target must differ")
    natural, extra, found = parse_roll_and_extra(ctx, args[2:], USAGE, "maneuver",
                                                 {k: (v[0], v) for k, v in KINDS.items()})
    if len(found) > 1:
        ctx.fail(f"maneuver: one kind at a time, not {', '.join(found)}")
    kind = next(iter(found.values()))[1] if found else None
    kid = kind[0] if kind else None
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
    if contest(ctx, a, t, natural, parts, extra, kind or ("maneuver", "maniobra")):
        _outcome(ctx, a, t, kid)


def contest(ctx: Context, a: Combatant, t: Combatant, natural: int | None, parts: list[tuple[str, int]],
            extra: int, label: tuple[str, str], rule: str = RULE, cmd_of: Combatant | None = None) -> bool:
    """The combat maneuver check itself: d20 + parts vs the CMD of ``cmd_of`` (default the target).

    Helpless defender: automatic success, no roll; stunned: +4; natural 20 / 1 decide.
    """
    d = cmd_of or t
    parts = list(parts)
    if d.has("stunned"):
        parts.append(("stunned target", 4))
    if extra:
        parts.append(("other", extra))
    if "helpless" in _flags(ctx.ruleset, d):
        ctx.say(f"{a.name} {label[0]} vs {d.name}: {d.name} is helpless, automatic success",
                f"{a.name} {label[1]} contra {d.name}: {d.name} está indefenso, éxito automático",
                rule=rule, who=a.id)
        return True
    cmd = ctx.ruleset.effective(ctx.state, d)["cmd"].value
    if natural is None:
        natural = ctx.roll("1d20", purpose=f"{a.name}: combat maneuver vs {d.name}", who=a.id).total
    total = natural + sum(v for _, v in parts)
    if natural == 20:
        ok, why_en, why_es = True, "natural 20, success", "20 natural, éxito"
    elif natural == 1:
        ok, why_en, why_es = False, "natural 1, failure", "1 natural, fallo"
    else:
        ok = total >= cmd
        why_en, why_es = ("success", "éxito") if ok else ("failure", "fallo")
    text = " ".join(f"{v:+d} {name}" for name, v in parts)
    ctx.say(f"{a.name} {label[0]} vs {d.name}: {natural} {text} = {total} vs CMD {cmd}: {why_en}",
            f"{a.name} {label[1]} contra {d.name}: {natural} {text} = {total} contra DMC {cmd}: {why_es}",
            rule=rule, who=a.id)
    return ok


def _flags(rs, c) -> set[str]:
    flags = set()
    for inst in rs.active_conditions(c):
        flags |= set(rs.catalogue.define(inst.cond).flags)
    if c.life in ("dying", "stable", "unconscious", "dead"):
        flags.add("helpless")
    return flags


def _outcome(ctx: Context, a, t, kind: str | None) -> None:
    from . import grapple

    cat = ctx.ruleset.catalogue
    if kind == "trip":
        ctx.apply_condition(t, cat.get("prone"), source=a.id)
        ctx.say(f"{t.name} is knocked prone", f"{t.name} cae tumbado", rule=RULE, who=t.id)
    elif kind == "grapple":
        grapple.start(ctx, a, t)
    elif kind == "sunder":
        ctx.say(f"{a.name} hits {t.name}'s item: roll the weapon's damage against it "
                f"(sunder {t.id} ITEM DAMAGE)",
                f"{a.name} golpea el objeto de {t.name}: tira el daño del arma contra él "
                f"(sunder {t.id} OBJETO DAÑO)", rule="pathfinder1e.md §1.7.2", who=t.id)
