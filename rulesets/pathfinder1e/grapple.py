"""Grapple, maintain, pin, escape and release (pathfinder1e.md §1.7.1).

Both creatures in a grapple are ``grappled``; who holds whom is the mark
``grappling`` on the one in control ({held id: round the hold began, or None out
of combat}). Only the holder maintains, pins or releases; the held one escapes
(or reverses the hold). A check to grapple, maintain, pin or escape does not
take the grappled -2 (seed); maintaining a hold begun in an earlier round gets
+5 (Core Rulebook); a failed maintain ends the grapple.
"""

from __future__ import annotations

from gm_console.ruleset import Combatant, Context, EncounterState, fold_text

from .maneuvers import contest, parse_roll_and_extra

RULE = "pathfinder1e.md §1.7.1"
MARK = "grappling"
MAINTAIN_BONUS = 5

MAINTAIN_USAGE = "maintain HOLDER TARGET [ROLL] [pin|move|damage] [+N|-N]"
ESCAPE_USAGE = "escape NAME [ROLL] [artist N] [reverse] [from HOLDER] [+N|-N]"
RELEASE_USAGE = "release HOLDER [TARGET]"
ACTIONS = {
    "pin": ("pin", ("pin", "sujetar")), "sujetar": ("pin", ("pin", "sujetar")),
    "move": ("move", ("move", "mover")), "mover": ("move", ("move", "mover")),
    "damage": ("damage", ("damage", "dañar")), "danar": ("damage", ("damage", "dañar")),
    "dmg": ("damage", ("damage", "dañar")),
}


def holding(c: Combatant) -> dict:
    return dict(c.marks.get(MARK) or {})


def holds(state: EncounterState, a: Combatant, t: Combatant) -> bool:
    return t.id in holding(a)


def holder_of(state: EncounterState, t: Combatant) -> Combatant | None:
    for other in state.combatants.values():
        if t.id in holding(other):
            return other
    return None


def _in_a_grapple(state: EncounterState, c: Combatant) -> bool:
    """Holding or held by anyone still in the encounter (a removed combatant holds no one)."""
    return any(cid in state.combatants for cid in holding(c)) or holder_of(state, c) is not None


def no_grappled_penalty(ctx: Context, a: Combatant, label: str) -> list[tuple[str, int]]:
    """Cancel the grappled -2 that the CMB figure carries: checks to grapple or escape skip it."""
    cmb = ctx.ruleset.effective(ctx.state, a)["cmb"]
    penalty = sum(v for name, v in cmb.parts if name == "grappled")
    return [(label, -penalty)] if penalty else []


def start(ctx: Context, a: Combatant, t: Combatant) -> None:
    cat = ctx.ruleset.catalogue
    ctx.apply_condition(t, cat.get("grappled"), source=a.id)
    ctx.apply_condition(a, cat.get("grappled"), source=t.id)
    hold = holding(a)
    hold[t.id] = ctx.state.round if ctx.state.in_combat else None
    ctx.set_mark(a, MARK, hold)
    ctx.say(f"{a.name} and {t.name} are grappled; {a.name} holds the grapple (maintain it each round: "
            f"maintain {a.id} {t.id}, +5 from next round)",
            f"{a.name} y {t.name} quedan apresados; {a.name} controla la presa (mantenerla cada asalto: "
            f"maintain {a.id} {t.id}, +5 desde el siguiente asalto)", rule=RULE, who=t.id)


def _must_hold(ctx: Context, a: Combatant, t: Combatant, what: str) -> None:
    """Refuse a maintain or pin unless ``a`` is grappling ``t`` (hand-set conditions count)."""
    state = ctx.state
    if holds(state, a, t):
        return
    if holds(state, t, a):
        ctx.fail(f"{what}: {t.name} holds the grapple, not {a.name}; {a.name} can escape or reverse it "
                 f"(escape {a.id} [reverse])")
    other = holder_of(state, t)
    if other is not None:
        ctx.fail(f"{what}: {t.name} is held by {other.name}, not by {a.name}")
    if not (a.has("grappled") and (t.has("grappled") or t.has("pinned"))):
        ctx.fail(f"{what}: {a.name} is not grappling {t.name}; a pin or maintain is a grapple check made "
                 f"while already grappling (first: maneuver {a.id} {t.id} grapple)")
    hold = holding(a)
    hold[t.id] = None  # grappled by hand: take the GM's word that a holds t
    ctx.set_mark(a, MARK, hold)


def maintain_check(ctx: Context, a: Combatant, t: Combatant, natural: int | None, extra: int,
                   action: str | None) -> bool:
    what = "pin" if action == "pin" else "maintain"
    _must_hold(ctx, a, t, what)
    state = ctx.state
    parts = [("CMB", ctx.ruleset.effective(state, a)["cmb"].value)]
    parts += no_grappled_penalty(ctx, a, "grappling while grappled: no -2")
    began = holding(a).get(t.id)
    if state.in_combat and began is not None and state.round > began:
        parts.append(("maintaining", MAINTAIN_BONUS))
    label = ("pin", "sujetar") if action == "pin" else ("maintains the grapple", "mantiene la presa")
    ok = contest(ctx, a, t, natural, parts, extra, label, rule=RULE)
    if not ok:
        free(ctx, a, t, (f"{a.name} fails to maintain the grapple: {a.name} and {t.name} are free",
                         f"{a.name} no mantiene la presa: {a.name} y {t.name} quedan libres"))
        return False
    if action == "pin":
        cat = ctx.ruleset.catalogue
        ctx.apply_condition(t, cat.get("pinned"), source=a.id)
        if not any(i.source == t.id for i in a.instances("pinning")):
            ctx.apply_condition(a, cat.get("pinning"), source=t.id)
        ctx.say(f"{t.name} is pinned; {a.name} stays grappled and, holding the pin, loses its Dex bonus to AC",
                f"{t.name} queda sujeto; {a.name} sigue apresado y, al sujetarlo, pierde su bonificador de "
                f"Des a la CA", rule=RULE, who=t.id)
    elif action == "move":
        ctx.say(f"{a.name} keeps the grapple and moves {t.name} with it (up to half its speed)",
                f"{a.name} mantiene la presa y arrastra a {t.name} (hasta la mitad de su velocidad)",
                rule=RULE, who=t.id)
    elif action == "damage":
        ctx.say(f"{a.name} keeps the grapple and deals its damage to {t.name} (dmg {t.id} N)",
                f"{a.name} mantiene la presa y hace su daño a {t.name} (dmg {t.id} N)", rule=RULE, who=t.id)
    else:
        ctx.say(f"{a.name} keeps the grapple on {t.name}", f"{a.name} mantiene la presa sobre {t.name}",
                rule=RULE, who=t.id)
    return True


def maintain(ctx: Context, args: tuple[str, ...]) -> None:
    if len(args) < 2:
        ctx.fail(f"usage: {MAINTAIN_USAGE}")
    a, t = ctx.combatant(args[0]), ctx.combatant(args[1])
    if a.id == t.id:
        ctx.fail("maintain: the holder and the target must differ")
    natural, extra, found = parse_roll_and_extra(ctx, args[2:], MAINTAIN_USAGE, "maintain", ACTIONS)
    if len(found) > 1:
        ctx.fail(f"maintain: one action at a time, not {', '.join(found)}")
    maintain_check(ctx, a, t, natural, extra, next(iter(found), None))


def escape(ctx: Context, args: tuple[str, ...]) -> None:
    """Break free: CMB (no grappled -2) or Escape Artist vs the holder's CMD; `reverse` takes the hold."""
    if not args:
        ctx.fail(f"usage: {ESCAPE_USAGE}")
    c = ctx.combatant(args[0])
    words = list(args[1:])
    artist, reverse, holder, rest = None, False, None, []
    while words:
        word = words.pop(0)
        key = fold_text(word)
        if key in ("artist", "escape-artist", "escapismo", "ea", "skill"):
            if not words or not words[0].lstrip("+-").isdigit() or len(words[0]) > 4:
                ctx.fail(f"escape: {word} needs the Escape Artist bonus, e.g. {word} 7; usage: {ESCAPE_USAGE}")
            artist = int(words.pop(0))
        elif key in ("reverse", "invertir", "control", "controlar"):
            reverse = True
        elif key in ("from", "de") and words:
            holder = ctx.combatant(words.pop(0))
        else:
            rest.append(word)
    natural, extra, _ = parse_roll_and_extra(ctx, rest, ESCAPE_USAGE, "escape")
    if not (c.has("grappled") or c.has("pinned")):
        ctx.fail(f"escape: {c.name} is not grappled")
    holder = holder or holder_of(ctx.state, c) or _source(ctx, c)
    if holder is None:
        ctx.fail(f"escape: who holds {c.name}? escape {c.id} from HOLDER")
    if holder.id == c.id:
        ctx.fail("escape: a creature does not escape from itself")
    break_free(ctx, c, holder, natural, extra, reverse, artist)


def break_free(ctx: Context, c: Combatant, holder: Combatant, natural: int | None, extra: int,
               reverse: bool = False, artist: int | None = None) -> None:
    if artist is not None:
        ok = _artist(ctx, c, holder, natural, artist, extra)
    else:
        parts = [("CMB", ctx.ruleset.effective(ctx.state, c)["cmb"].value)]
        parts += no_grappled_penalty(ctx, c, "escaping: no grappled -2")
        ok = contest(ctx, c, holder, natural, parts, extra, ("escape attempt", "intento de escapar"), rule=RULE)
    if not ok:
        ctx.say(f"{c.name} stays in {holder.name}'s grapple", f"{c.name} sigue en la presa de {holder.name}",
                rule=RULE, who=c.id)
        return
    if reverse:
        _reverse(ctx, c, holder)
        return
    free(ctx, holder, c, (f"{c.name} breaks free of {holder.name}'s grapple",
                          f"{c.name} se libera de la presa de {holder.name}"))


def _artist(ctx: Context, c: Combatant, holder: Combatant, natural, bonus: int, extra: int) -> bool:
    """Escape Artist: a skill check (no automatic 20 or 1) with the conditions' skill penalties."""
    rs = ctx.ruleset
    cmd = rs.effective(ctx.state, holder)["cmd"].value
    penalties = list(rs.effective(ctx.state, c)["skills"].parts)
    if natural is None:
        natural = ctx.roll("1d20", purpose=f"{c.name}: Escape Artist vs {holder.name}'s CMD", who=c.id).total
    total = natural + bonus + extra + sum(v for _, v in penalties)
    text = "".join(f" {v:+d} {name}" for name, v in penalties) + (f" {extra:+d} other" if extra else "")
    ok = total >= cmd
    ctx.say(f"{c.name} Escape Artist vs {holder.name}: {natural} {bonus:+d}{text} = {total} vs CMD {cmd}: "
            f"{'success' if ok else 'failure'}",
            f"{c.name} Escapismo contra {holder.name}: {natural} {bonus:+d}{text} = {total} contra DMC {cmd}: "
            f"{'éxito' if ok else 'fallo'}", rule=RULE, who=c.id)
    return ok


def _source(ctx: Context, c: Combatant) -> Combatant | None:
    for inst in (*c.instances("pinned"), *c.instances("grappled")):
        if inst.source and inst.source in ctx.state.combatants:
            return ctx.state.get(inst.source)
    return None


def _reverse(ctx: Context, c: Combatant, holder: Combatant) -> None:
    old = holding(holder)
    old.pop(c.id, None)
    ctx.set_mark(holder, MARK, old or None)
    for inst in c.instances("pinned"):
        ctx.remove_condition(c, inst, reason="reversed")
    hold = holding(c)
    hold[holder.id] = ctx.state.round if ctx.state.in_combat else None
    ctx.set_mark(c, MARK, hold)
    ctx.say(f"{c.name} reverses the grapple: it now holds {holder.name} (both stay grappled)",
            f"{c.name} invierte la presa: ahora controla a {holder.name} (ambos siguen apresados)",
            rule=RULE, who=c.id)


def release(ctx: Context, args: tuple[str, ...]) -> None:
    """The holder lets go (a free action): both free, unless held elsewhere."""
    if not 1 <= len(args) <= 2:
        ctx.fail(f"usage: {RELEASE_USAGE}")
    a = ctx.combatant(args[0])
    held = [ctx.state.get(cid) for cid in holding(a) if cid in ctx.state.combatants]
    if len(args) == 2:
        t = ctx.combatant(args[1])
        if t.id not in holding(a):
            ctx.fail(f"release: {a.name} is not holding {t.name}")
        held = [t]
    if not held:
        ctx.fail(f"release: {a.name} holds no one in a grapple")
    for t in held:
        free(ctx, a, t, (f"{a.name} releases {t.name}: both free", f"{a.name} suelta a {t.name}: ambos libres"))


def free(ctx: Context, a: Combatant, t: Combatant, why: tuple[str, str]) -> None:
    """End the grapple in which ``a`` holds ``t``: pins go; grappled goes from each one that is in
    no other grapple."""
    hold = holding(a)
    hold.pop(t.id, None)
    ctx.set_mark(a, MARK, hold or None)
    for inst in [i for i in t.instances("pinned") if i.source in (a.id, None)]:
        ctx.remove_condition(t, inst, reason="grapple ended")
    for inst in [i for i in a.instances("pinning") if i.source == t.id]:
        ctx.remove_condition(a, inst, reason="grapple ended")
    for who in (t, a):
        if not _in_a_grapple(ctx.state, who):
            for inst in list(who.instances("pinned")) + list(who.instances("grappled")):
                ctx.remove_condition(who, inst, reason="grapple ended")
    ctx.say(*why, rule=RULE, who=t.id)


def condition_removed(ctx: Context, c: Combatant, cond: str) -> None:
    """Conditions taken off by hand (or by their clock) end what depends on them."""
    state = ctx.state
    if cond == "pinned" and not c.has("pinned"):
        for other in state.combatants.values():
            for inst in other.instances("pinning"):
                if inst.source == c.id:
                    ctx.remove_condition(other, inst, reason="pin ended")
    elif cond == "grappled" and not c.has("grappled"):
        for inst in c.instances("pinning"):
            ctx.remove_condition(c, inst, reason="grapple ended")
        for t in [state.get(cid) for cid in holding(c) if cid in state.combatants]:
            free(ctx, c, t, (f"{c.name} is no longer grappled: {t.name} is free",
                             f"{c.name} ya no está apresado: {t.name} queda libre"))
        holder = holder_of(state, c)
        while holder is not None:
            free(ctx, holder, c, (f"{c.name} is no longer grappled: {holder.name}'s hold ends",
                                  f"{c.name} ya no está apresado: termina la presa de {holder.name}"))
            holder = holder_of(state, c)
