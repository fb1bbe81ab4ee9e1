"""Grapple, maintain, pin, escape and release (pathfinder1e.md §1.7.1).

Both creatures in a grapple are ``grappled``; who holds whom is the mark
``grappling`` on the one in control ({held id: round the hold began, or None out
of combat}). Only the holder maintains, pins or releases; the held one escapes
(or reverses the hold). A check to grapple, maintain, pin or escape does not
take the grappled -2 (seed); maintaining a hold begun in an earlier round gets
+5 (Core Rulebook); a failed maintain ends the grapple.
"""

from __future__ import annotations

from gm_console.ruleset import Combatant, Context, EncounterState, Msg, attack_flow, gm, joined, named, of, possessive

from . import marks
from .checks import keep
from .i18n import T_, _
from .cmb import contest, parse_roll_and_extra

RULE = "pathfinder1e.md §1.7.1"
MAINTAIN_BONUS = 5

ACTIONS = {
    "pin": ("pin", None), "sujetar": ("pin", None), "move": ("move", None), "mover": ("move", None),
    "damage": ("damage", None), "danar": ("damage", None), "dmg": ("damage", None),
}
PIN, MAINTAIN = T_("grapple", "pin", "sujetar"), T_("grapple", "maintains the grapple", "mantiene la presa")
ESCAPE = T_("grapple", "escape attempt", "intento de escapar")


def holding(c: Combatant) -> dict:
    return dict(marks.GRAPPLING.of(c) or {})


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
    cmb = ctx.ruleset.sheet.effective(ctx.state, a)["cmb"]
    penalty = sum(v for name, v in cmb.said() if name == "grappled")
    return [(label, -penalty)] if penalty else []


def start(ctx: Context, a: Combatant, t: Combatant) -> None:
    cat = ctx.ruleset.conditions.catalogue
    ctx.apply_condition(t, cat.get("grappled"), source=a.id)
    ctx.apply_condition(a, cat.get("grappled"), source=t.id)
    hold = holding(a)
    hold[t.id] = ctx.state.round if ctx.state.in_combat else None
    ctx.set_mark(a, marks.GRAPPLING, hold)
    ctx.say(_("{name} and {target} are grappled; {name} holds the grapple", name=named(a), target=named(t)),
            rule=RULE, who=t.id,
            detail=_("maintain it each round: maintain {ref} {target_ref}, +5 from next round", ref=gm(a.id),
                     target_ref=gm(t.id)))


def _must_hold(ctx: Context, a: Combatant, t: Combatant, what: str) -> None:
    """Refuse a maintain or pin unless ``a`` is grappling ``t`` (hand-set conditions count)."""
    state = ctx.state
    if holds(state, a, t):
        return
    if holds(state, t, a):
        ctx.fail(_("{verb}: {target} holds the grapple, not {name}; {name} can escape or reverse it (escape {ref} "
                   "[reverse])", verb=what, target=t.name, name=a.name, ref=a.id))
    other = holder_of(state, t)
    if other is not None:
        ctx.fail(_("{verb}: {target} is held by {other}, not by {name}", verb=what, target=t.name, other=other.name,
                   name=a.name))
    if not (a.has("grappled") and (t.has("grappled") or t.has("pinned"))):
        ctx.fail(_("{verb}: {name} is not grappling {target}; a pin or maintain is a grapple check made while already "
                   "grappling (first: maneuver {ref} {target_ref} grapple)", verb=what, name=a.name, target=t.name,
                   ref=a.id, target_ref=t.id))
    hold = holding(a)
    hold[t.id] = None  # grappled by hand: take the GM's word that a holds t
    ctx.set_mark(a, marks.GRAPPLING, hold)


def maintain_check(ctx: Context, a: Combatant, t: Combatant, natural: int | None, extra: int,
                   action: str | None) -> bool:
    what = "pin" if action == "pin" else "maintain"
    _must_hold(ctx, a, t, what)
    state = ctx.state
    parts = [("CMB", ctx.ruleset.sheet.effective(state, a)["cmb"].value)]
    parts += no_grappled_penalty(ctx, a, "grappling while grappled: no -2")
    began = holding(a).get(t.id)
    if state.in_combat and began is not None and state.round > began:
        parts.append(("maintaining", MAINTAIN_BONUS))
    ok = contest(ctx, a, t, natural, parts, extra, PIN if action == "pin" else MAINTAIN, rule=RULE)
    if not ok:
        free(ctx, a, t, _("{name} fails to maintain the grapple: {name} and {target} are free", name=named(a),
                          target=named(t)))
        return False
    if action == "pin":
        cat = ctx.ruleset.conditions.catalogue
        ctx.apply_condition(t, cat.get("pinned"), source=a.id)
        if not any(i.source == t.id for i in a.instances("pinning")):
            ctx.apply_condition(a, cat.get("pinning"), source=t.id)
        ctx.say(_("{target} is pinned; {name} stays grappled and, holding the pin, loses {whose} Dex bonus to AC",
                  whose=possessive(a), target=named(t), name=named(a)), rule=RULE, who=t.id)
    elif action == "move":
        ctx.say(_("{name} keeps the grapple and moves {target} along (up to half {whose} speed)", whose=possessive(a),
                  name=named(a), target=named(t)), rule=RULE, who=t.id)
    elif action == "damage":
        ctx.say(_("{name} keeps the grapple and deals {whose} damage to {target}", whose=possessive(a), name=named(a),
                  target=named(t)), rule=RULE, who=t.id, detail=_("dmg {ref} N", ref=gm(t.id)))
    else:
        ctx.say(_("{name} keeps the grapple on {target}", name=named(a), target=named(t)), rule=RULE, who=t.id)
    return True


def maintain(ctx: Context, call) -> None:
    a, t = ctx.combatant(call.who), ctx.combatant(call.target)
    if a.id == t.id:
        ctx.fail(_("maintain: the holder and the target must differ"))
    natural, extra, found = parse_roll_and_extra(ctx, call.rest, ACTIONS)
    if len(found) > 1:
        ctx.fail(_("maintain: one action at a time, not {actions}", actions=", ".join(found)))
    maintain_check(ctx, a, t, natural, extra, next(iter(found), None))


def escape(ctx: Context, call) -> None:
    """Break free: CMB (no grappled -2) or Escape Artist vs the holder's CMD; `reverse` takes the hold."""
    c = ctx.combatant(call.who)
    artist = None
    if call.artist is not None:
        if not call.artist.lstrip("+-").isdigit() or len(call.artist) > 4:
            ctx.fail(_("escape: artist needs the Escape Artist bonus, e.g. artist 7; usage: {usage}",
                       usage=ctx.verb.usage()))
        artist = int(call.artist)
    holder = ctx.combatant(call.holder) if call.holder else None
    natural, extra, _found = parse_roll_and_extra(ctx, call.rest)
    if not (c.has("grappled") or c.has("pinned")):
        ctx.fail(_("escape: {name} is not grappled", name=c.name))
    holder = holder or holder_of(ctx.state, c) or _source(ctx, c)
    if holder is None:
        ctx.fail(_("escape: who holds {name}? escape {ref} from HOLDER", name=c.name, ref=c.id))
    if holder.id == c.id:
        ctx.fail(_("escape: a creature does not escape from itself"))
    break_free(ctx, c, holder, natural, extra, call.reverse, artist)


def break_free(ctx: Context, c: Combatant, holder: Combatant, natural: int | None, extra: int,
               reverse: bool = False, artist: int | None = None) -> None:
    if artist is not None:
        ok = _artist(ctx, c, holder, natural, artist, extra)
    else:
        parts = [("CMB", ctx.ruleset.sheet.effective(ctx.state, c)["cmb"].value)]
        parts += no_grappled_penalty(ctx, c, "escaping: no grappled -2")
        ok = contest(ctx, c, holder, natural, parts, extra, ESCAPE, rule=RULE)
    if not ok:
        ctx.say(_("{name} stays in {holder}'s grapple", name=named(c), holder=named(holder)), rule=RULE, who=c.id)
        return
    if reverse:
        _reverse(ctx, c, holder)
        return
    free(ctx, holder, c, _("{name} breaks free of {holder}'s grapple", name=named(c), holder=named(holder)))


def _artist(ctx: Context, c: Combatant, holder: Combatant, natural, bonus: int, extra: int) -> bool:
    """Escape Artist: a skill check (no automatic 20 or 1) with the conditions' skill penalties."""
    rs = ctx.ruleset
    cmd = rs.sheet.effective(ctx.state, holder)["cmd"].value
    penalties = list(rs.sheet.effective(ctx.state, c)["skills"].parts)
    if natural is None:
        natural = ctx.roll("1d20", purpose=_("{name}: Escape Artist vs {holder}'s CMD", name=named(c),
                                             holder=named(holder)), who=c.id).total
    total = natural + bonus + extra + sum(v for _l, v in penalties)
    text = joined([*(joined([f"{v:+d}", name]) for name, v in penalties),
                   *([joined([f"{extra:+d}", attack_flow.OTHER])] if extra else [])])
    text = joined([" ", text], "") if text.en else ""
    ok = total >= cmd
    keep(ctx, c, "escape artist", natural, total - natural, total, cmd, ok, against=f"{holder.name} CMD {cmd}")
    # who escapes is the players' to read; the roll is the escaper's, the CMD the holder's
    ctx.say(_("{name} Escape Artist vs {holder}: {outcome}", name=named(c), holder=named(holder),
              outcome=_("success") if ok else _("failure")), rule=RULE, who=c.id,
            detail=_("{nat} {bonus:+d}{parts} = {total} vs CMD {cmd}", nat=of(c, natural), bonus=of(c, bonus),
                     parts=of(c, text), total=of(c, total), cmd=of(holder, cmd)))
    return ok


def _source(ctx: Context, c: Combatant) -> Combatant | None:
    for inst in (*c.instances("pinned"), *c.instances("grappled")):
        if inst.source and inst.source in ctx.state.combatants:
            return ctx.state.get(inst.source)
    return None


def _reverse(ctx: Context, c: Combatant, holder: Combatant) -> None:
    old = holding(holder)
    old.pop(c.id, None)
    ctx.set_mark(holder, marks.GRAPPLING, old or None)
    for inst in c.instances("pinned"):
        ctx.remove_condition(c, inst, reason="reversed")
    hold = holding(c)
    hold[holder.id] = ctx.state.round if ctx.state.in_combat else None
    ctx.set_mark(c, marks.GRAPPLING, hold)
    ctx.say(_("{name} reverses the grapple and now holds {holder} (both stay grappled)", name=named(c),
              holder=named(holder)), rule=RULE, who=c.id)


def release(ctx: Context, call) -> None:
    """The holder lets go (a free action): both free, unless held elsewhere."""
    a = ctx.combatant(call.who)
    held = [ctx.state.get(cid) for cid in holding(a) if cid in ctx.state.combatants]
    if call.target is not None:
        t = ctx.combatant(call.target)
        if t.id not in holding(a):
            ctx.fail(_("release: {name} is not holding {target}", name=a.name, target=t.name))
        held = [t]
    if not held:
        ctx.fail(_("release: {name} holds no one in a grapple", name=a.name))
    for t in held:
        free(ctx, a, t, _("{name} releases {target}: both free", name=named(a), target=named(t)))


def free(ctx: Context, a: Combatant, t: Combatant, why: Msg) -> None:
    """End the grapple in which ``a`` holds ``t``: pins go; grappled goes from each one that is in
    no other grapple."""
    hold = holding(a)
    hold.pop(t.id, None)
    ctx.set_mark(a, marks.GRAPPLING, hold or None)
    for inst in [i for i in t.instances("pinned") if i.source in (a.id, None)]:
        ctx.remove_condition(t, inst, reason="grapple ended")
    for inst in [i for i in a.instances("pinning") if i.source == t.id]:
        ctx.remove_condition(a, inst, reason="grapple ended")
    for who in (t, a):
        if not _in_a_grapple(ctx.state, who):
            for inst in list(who.instances("pinned")) + list(who.instances("grappled")):
                ctx.remove_condition(who, inst, reason="grapple ended")
    ctx.say(why, rule=RULE, who=t.id)


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
            free(ctx, c, t, _("{name} is no longer grappled: {target} is free", name=named(c), target=named(t)))
        holder = holder_of(state, c)
        while holder is not None:
            free(ctx, holder, c, _("{name} is no longer grappled: {holder}'s hold ends", name=named(c),
                                   holder=named(holder)))
            holder = holder_of(state, c)
