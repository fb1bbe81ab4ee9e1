"""Combat maneuvers (starfinder.md §3.7): a melee attack roll against the target's KAC + 8.

"Each 5 over" counts whole fives. Bull rush counts from KAC (seed, literal) or from
KAC + 8 (official); grapple pins above KAC + 13 (seed) or at it (official). A grapple
lasts until the end of the grappler's next turn unless renewed; the seed's pin only
until the end of the grappler's turn, leaving the target grappled.
"""

from __future__ import annotations

from gm_console.ruleset import Combatant, Context, fold_text

from .catalogue import DIRTY_TRICK
from .common import Args, check, creature, need, say
from .economy import use
from .figures import value
from .options import official

USAGE = ("maneuver ATTACKER bull-rush|dirty-trick|disarm|grapple|reposition|sunder|trip TARGET [ATTACK_TOTAL] "
         "[CONDITION] [zero-g] [flying] [full] [dist=FT]")
KINDS = {
    "bull-rush": "bull-rush", "bullrush": "bull-rush", "embestida": "bull-rush",
    "dirty-trick": "dirty-trick", "dirtytrick": "dirty-trick", "truco-sucio": "dirty-trick", "truco": "dirty-trick",
    "disarm": "disarm", "desarmar": "disarm",
    "grapple": "grapple", "presa": "grapple", "apresar": "grapple",
    "reposition": "reposition", "reposicionar": "reposition",
    "sunder": "sunder", "romper": "sunder",
    "trip": "trip", "zancadilla": "trip", "derribo": "trip",
}
#: maneuvers that are verbs of their own (`grapple A B 25`), with their Spanish names
DIRECT = {"grapple": ("apresar", "presa"), "trip": ("zancadilla",), "bull-rush": ("bullrush", "embestida"),
          "dirty-trick": ("dirtytrick", "truco-sucio"), "disarm": ("desarmar",), "reposition": ("reposicionar",),
          "sunder": ("romper",)}
ES = {"bull-rush": "embestida", "dirty-trick": "truco sucio", "disarm": "desarmar", "grapple": "presa",
      "reposition": "reposicionar", "sunder": "romper", "trip": "zancadilla"}


def maneuver(rs, ctx: Context, args: tuple[str, ...]) -> None:
    a = Args.parse(args, USAGE)
    zero_g = a.flag("zero-g", "zerog", "gravedad-cero", "ingravidez")
    flying = a.flag("flying", "volando", "flies")
    full = a.flag("full", "completa")
    need(a.words, 3, USAGE)
    attacker = creature(ctx, a.words[0])
    kind = KINDS.get(fold_text(a.words[1]).replace(" ", "-"))
    if kind is None:
        ctx.fail(f"unknown maneuver {a.words[1]!r}; maneuvers: {', '.join(sorted(set(KINDS.values())))}")
    target = creature(ctx, a.words[2])
    extra_words = a.words[3:]
    trick = None
    if kind == "dirty-trick":
        if len(extra_words) != 1:
            ctx.fail(f"dirty trick needs the condition: {', '.join(DIRTY_TRICK)}; usage: {USAGE}")
        trick = rs.catalogue.lookup(extra_words[0])
        if trick.id not in DIRTY_TRICK:
            ctx.fail(f"a dirty trick inflicts one of {', '.join(DIRTY_TRICK)}, not {trick.id}")
    elif extra_words:
        ctx.fail(f"unexpected {' '.join(extra_words)!r}; usage: {USAGE}")
    if attacker.id == target.id:
        ctx.fail("a maneuver needs a target other than the attacker")
    use(ctx, attacker, "full" if full and kind == "reposition" else "standard", f"{kind.replace('-', ' ')}")
    state = ctx.state
    kac = value(rs, state, target, "kac")
    threshold = kac + 8
    given = a.total(USAGE)
    bonus = value(rs, state, attacker, "melee")
    dist = a.key_int(("dist", "distance", "distancia"), USAGE)
    thrown_pen = 0
    if kind == "dirty-trick" and dist and given is None:
        thrown_pen = -2 * (dist // 5)
    total, _ = check(ctx, bonus + thrown_pen, f"{kind} by {attacker.name} (vs KAC+8 {threshold})", attacker, given,
                     what=f"{kind} on {target.name}", dc=threshold, against=f"KAC + 8 = {threshold}")
    name_en, name_es = kind.replace("-", " "), ES[kind]
    if total < threshold:
        say(ctx, attacker, f"{attacker.name}'s {name_en} fails: {total} vs KAC + 8 = {threshold}",
            f"La maniobra {name_es} de {attacker.name} falla: {total} contra CAC + 8 = {threshold}", "starfinder.md §3.7 [S]")
        return
    fives = (total - threshold) // 5
    head_en = f"{attacker.name}'s {name_en} succeeds: {total} vs KAC + 8 = {threshold}"
    head_es = f"La maniobra {name_es} de {attacker.name} tiene éxito: {total} contra CAC + 8 = {threshold}"
    rule = "starfinder.md §3.7 [S]"
    if kind == "bull-rush":
        off = official(state, "bull_rush_baseline")
        base = threshold if off else kac
        feet = 5 + 5 * ((total - base) // 5)
        over = "KAC + 8" if off else "KAC"
        say(ctx, attacker, f"{head_en}: {target.name} is pushed back {feet} ft (5 + 5 per 5 over {over} {base})",
            f"{head_es}: {target.name} retrocede {feet} pies (5 + 5 por cada 5 sobre {'CAC + 8' if off else 'CAC'} "
            f"{base})", "starfinder.md §3.7 bull rush [Δ official]" if off else "starfinder.md §3.7 bull rush [S]")
    elif kind == "dirty-trick":
        rounds = 1 + fives
        clock = attacker.id if state.in_combat else target.id
        ctx.apply_condition(target, trick, rounds=rounds, clock=clock, source=attacker.id)
        say(ctx, attacker, f"{head_en}: {target.name} is {trick.id} for {rounds} round{'s' if rounds > 1 else ''} "
                           f"(1 + 1 per 5 over); a move action removes it",
            f"{head_es}: {target.name} queda {trick.es.lower()} {rounds} asalto{'s' if rounds > 1 else ''} "
            f"(1 + 1 por cada 5 de más); lo quita con una acción de movimiento", rule)
    elif kind == "disarm":
        say(ctx, attacker, f"{head_en}: {target.name} drops its weapon ({attacker.name} may catch it with a free hand)",
            f"{head_es}: {target.name} suelta el arma ({attacker.name} puede cogerla con una mano libre)", rule)
    elif kind == "grapple":
        _grapple(rs, ctx, attacker, target, total, kac, head_en, head_es)
    elif kind == "reposition":
        feet = 5 + 5 * fives
        drag_en = f"; as a full action {attacker.name} may move {feet} ft dragging it" if full else ""
        drag_es = f"; como acción completa {attacker.name} puede moverse {feet} pies arrastrándolo" if full else ""
        say(ctx, attacker, f"{head_en}: {target.name} moves up to {feet} ft within reach, not through obstacles"
                           f"{drag_en}",
            f"{head_es}: {target.name} se mueve hasta {feet} pies dentro del alcance, sin atravesar obstáculos"
            f"{drag_es}", rule)
    elif kind == "sunder":
        say(ctx, attacker, f"{head_en}: roll damage against the object (minus its hardness)",
            f"{head_es}: tira el daño contra el objeto (menos su dureza)", rule)
    elif kind == "trip":
        if zero_g:
            ctx.apply_condition(target, rs.catalogue.define("off-kilter"), source=attacker.id)
            say(ctx, attacker, f"{head_en}: in zero-g {target.name} is off-kilter",
                f"{head_es}: en gravedad cero {target.name} queda desequilibrado", "starfinder.md §3.7 trip [O]")
        elif flying:
            say(ctx, attacker, f"{head_en}: {target.name} descends 10 ft (prone if it lands)",
                f"{head_es}: {target.name} desciende 10 pies (tumbado si toca tierra)", rule)
        else:
            ctx.apply_condition(target, rs.catalogue.define("prone"), source=attacker.id)
            say(ctx, attacker, f"{head_en}: {target.name} is prone", f"{head_es}: {target.name} queda tumbado", rule)


def _grapple(rs, ctx: Context, g: Combatant, t: Combatant, total: int, kac: int, head_en: str,
             head_es: str) -> None:
    state = ctx.state
    pin_at = kac + 13
    off = official(state, "pin_threshold")
    pins = total >= pin_at if off else total > pin_at
    if state.in_combat:
        r = state.round
        if state.active == g.id:
            grappled_until, pinned_until = r + 1, r
        else:
            nxt = r + 1 if state.started.get(g.id) == r else r
            grappled_until, pinned_until = nxt, nxt
    else:
        grappled_until = pinned_until = None
    ctx.apply_condition(t, rs.catalogue.define("grappled"), source=g.id)
    if pins:
        ctx.apply_condition(t, rs.catalogue.define("pinned"), source=g.id)
    ctx.set_mark(t, "held", {"by": g.id, "grappled_until": grappled_until,
                             "pinned_until": pinned_until if pins else None})
    rule = "starfinder.md §3.7 grapple [Δ official]" if off else "starfinder.md §3.7 grapple [S]"
    if pins:
        cmp_en = "meets" if off else "exceeds"
        cmp_es = "iguala o supera" if off else "supera"
        say(ctx, g, f"{head_en}; {total} {cmp_en} KAC + 13 = {pin_at}: {t.name} is pinned (replaces grappled: "
                    f"-4 AC, attack, Reflex, initiative; flat-footed) until the end of {g.name}'s turn, then grappled",
            f"{head_es}; {total} {cmp_es} CAC + 13 = {pin_at}: {t.name} queda atrapado (sustituye a apresado: "
            f"-4 CA, ataque, Reflejos, iniciativa; desprevenido) hasta el final del turno de {g.name}, luego apresado",
            rule)
    else:
        need_en = f"{pin_at} or more" if off else f"over {pin_at}"
        need_es = f"{pin_at} o más" if off else f"más de {pin_at}"
        say(ctx, g, f"{head_en}: {t.name} is grappled until the end of {g.name}'s next turn unless renewed "
                    f"(a pin needs {need_en})",
            f"{head_es}: {t.name} queda apresado hasta el final del próximo turno de {g.name} salvo que lo renueve "
            f"(atrapar requiere {need_es})", rule)


def turn_end(ctx: Context, g: Combatant) -> None:
    """The grappler's turn ends: a seed pin ends, an unrenewed grapple ends (starfinder.md §3.7 [S/O])."""
    state = ctx.state
    for t in list(state.combatants.values()):
        held = t.marks.get("held")
        if not held or held.get("by") != g.id:
            continue
        held = dict(held)
        if held.get("grappled_until") is not None and state.round >= held["grappled_until"]:
            ctx.set_mark(t, "held", None)
            ctx.remove_all(t, "pinned", reason="expired")
            ctx.remove_all(t, "grappled", reason="expired")
            say(ctx, t, f"{g.name} did not renew the grapple: {t.name} is free",
                f"{g.name} no renovó la presa: {t.name} queda libre", "starfinder.md §3.7 grapple [O]")
            continue
        if held.get("pinned_until") is not None and state.round >= held["pinned_until"]:
            held["pinned_until"] = None
            ctx.set_mark(t, "held", held)
            if t.has("pinned"):
                ctx.remove_all(t, "pinned", reason="expired")
                say(ctx, t, f"End of {g.name}'s turn: {t.name} is no longer pinned, still grappled",
                    f"Fin del turno de {g.name}: {t.name} deja de estar atrapado, sigue apresado", "starfinder.md §3.7 grapple [S]")
