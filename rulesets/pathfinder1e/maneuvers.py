"""`maneuver ATTACKER TARGET [ROLL] [KIND] [+N|-N]` (rules digest §1.7).

d20 + effective CMB (which already holds every attack-roll modifier of the
attacker's conditions) vs the target's effective CMD (flat-footed: no Dex).
Natural 20 succeeds, natural 1 fails, +4 against the stunned, automatic
against the helpless. ``+N/-N`` is anything else (e.g. -5 for the damage of the
attack of opportunity the maneuver provoked).
"""

from __future__ import annotations

import re

from gm_console.ruleset import Context, fold_text

from .options import option

RULE = "PF1 §1.7"

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


def maneuver(ctx: Context, args: tuple[str, ...]) -> None:
    if len(args) < 2:
        ctx.fail(f"usage: {USAGE}")
    rs = ctx.ruleset
    a, t = ctx.combatant(args[0]), ctx.combatant(args[1])
    if a.id == t.id:
        ctx.fail("maneuver: the attacker and the target must differ")
    natural, kind, extra = None, None, 0
    for word in args[2:]:
        key = fold_text(word).replace(" ", "-")
        if re.fullmatch(r"\d{1,2}", word):
            natural = int(word)
            if not 1 <= natural <= 20:
                ctx.fail(f"maneuver: ROLL is the natural d20 (1-20), not {word}")
        elif re.fullmatch(r"[+-]\d{1,3}", word):
            extra += int(word)
        elif key in KINDS:
            kind = KINDS[key]
        else:
            ctx.fail(f"maneuver: unexpected {word!r}; usage: {USAGE}")
    fa = rs.effective(ctx.state, a)
    ft = rs.effective(ctx.state, t)
    cmb, cmd = fa["cmb"].value, ft["cmd"].value
    parts: list[tuple[str, int]] = [("CMB", cmb)]
    kid = kind[0] if kind else None
    if kid == "grapple" and a.has("grappled") and not a.has("pinned"):
        parts.append(("grappling while grappled: no -2", 2))
    if t.has("stunned"):
        parts.append(("stunned target", 4))
    if a.has("charging") and kid == option(ctx.state, "charge_maneuver"):
        parts.append(("charging", 2))
    if extra:
        parts.append(("other", extra))
    bonus = sum(d for _, d in parts)
    label_en = kind[0] if kind else "maneuver"
    label_es = kind[1] if kind else "maniobra"
    helpless = "helpless" in _flags(rs, ctx.state, t)
    if helpless:
        ctx.say(f"{a.name} {label_en} vs {t.name}: {t.name} is helpless, automatic success",
                f"{a.name} {label_es} contra {t.name}: {t.name} está indefenso, éxito automático",
                rule=RULE, who=a.id)
        _outcome(ctx, a, t, kid)
        return
    if natural is None:
        natural = ctx.roll("1d20", purpose=f"{a.name}: combat maneuver vs {t.name}", who=a.id).total
    total = natural + bonus
    if natural == 20:
        ok, why_en, why_es = True, "natural 20, success", "20 natural, éxito"
    elif natural == 1:
        ok, why_en, why_es = False, "natural 1, failure", "1 natural, fallo"
    else:
        ok = total >= cmd
        why_en, why_es = ("success", "éxito") if ok else ("failure", "fallo")
    text = " ".join(f"{d:+d} {label}" for label, d in parts)
    ctx.say(f"{a.name} {label_en} vs {t.name}: {natural} {text} = {total} vs CMD {cmd}: {why_en}",
            f"{a.name} {label_es} contra {t.name}: {natural} {text} = {total} contra DMC {cmd}: {why_es}",
            rule=RULE, who=a.id)
    if ok:
        _outcome(ctx, a, t, kid)


def _flags(rs, state, c) -> set[str]:
    flags = set()
    for inst in rs.active_conditions(c):
        flags |= set(rs.catalogue.define(inst.cond).flags)
    if c.life in ("dying", "stable", "unconscious", "dead"):
        flags.add("helpless")
    return flags


def _outcome(ctx: Context, a, t, kind: str | None) -> None:
    cat = ctx.ruleset.catalogue
    if kind == "trip":
        ctx.apply_condition(t, cat.get("prone"), source=a.id)
        ctx.say(f"{t.name} is knocked prone", f"{t.name} cae tumbado", rule=RULE, who=t.id)
    elif kind == "grapple":
        ctx.apply_condition(t, cat.get("grappled"), source=a.id)
        ctx.apply_condition(a, cat.get("grappled"), source=t.id)
        ctx.say(f"{a.name} and {t.name} are grappled", f"{a.name} y {t.name} quedan apresados",
                rule="PF1 §1.7 grapple [O]", who=t.id)
    elif kind == "pin":
        ctx.apply_condition(t, cat.get("pinned"), source=a.id)
        if not any(i.source == t.id for i in a.instances("pinning")):
            ctx.apply_condition(a, cat.get("pinning"), source=t.id)
        ctx.say(f"{t.name} is pinned; {a.name}, holding the pin, loses its Dex bonus to AC",
                f"{t.name} queda sujeto; {a.name}, que lo sujeta, pierde su bonificador de Des a la CA",
                rule="PF1 §1.7 grapple [O]", who=t.id)


def pin_ended(ctx: Context, c, cond: str) -> None:
    """§1.7 [O]: the pinning grappler regains its Dex bonus when the pin (or its grapple) ends."""
    if cond == "pinned" and not c.has("pinned"):
        for other in ctx.state.combatants.values():
            for inst in other.instances("pinning"):
                if inst.source == c.id:
                    ctx.remove_condition(other, inst, reason="pin ended")
    elif cond == "grappled" and not c.has("grappled"):
        for inst in c.instances("pinning"):
            ctx.remove_condition(c, inst, reason="grapple ended")
