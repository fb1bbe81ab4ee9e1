"""Combat maneuvers (starfinder.md §3.7): a melee attack roll against the target's KAC + 8.

"Each 5 over" counts whole fives. Bull rush counts from KAC (seed, literal) or from
KAC + 8 (official); grapple pins above KAC + 13 (seed) or at it (official). A grapple
lasts until the end of the grappler's next turn unless renewed; the seed's pin only
until the end of the grappler's turn, leaving the target grappled.
"""

from __future__ import annotations

from gm_console.ruleset import Combatant, Context, Msg, choice_map, named, of, public

from .catalogue import DIRTY_TRICK
from .common import check, creature, joined, say, value
from . import marks, monsters
from .economy import use
from .i18n import T_, _, _n
from .options import official

KINDS = choice_map(
    ("bull-rush", "bullrush", "embestida"),
    ("dirty-trick", "dirtytrick", "truco-sucio", "truco"),
    ("disarm", "desarmar"),
    ("grapple", "presa", "apresar"),
    ("reposition", "reposicionar"),
    ("sunder", "romper"),
    ("trip", "zancadilla", "derribo"),
)
#: maneuvers that are verbs of their own (`grapple A B 25`), with their Spanish names
DIRECT = {"grapple": ("apresar", "presa"), "trip": ("zancadilla",), "bull-rush": ("bullrush", "embestida"),
          "dirty-trick": ("dirtytrick", "truco-sucio"), "disarm": ("desarmar",), "reposition": ("reposicionar",),
          "sunder": ("romper",)}
NAMES = {"bull-rush": T_("maneuver", "bull rush", "embestida"),
         "dirty-trick": T_("maneuver", "dirty trick", "truco sucio"),
         "disarm": T_("maneuver", "disarm", "desarmar"), "grapple": T_("maneuver", "grapple", "presa"),
         "reposition": T_("maneuver", "reposition", "reposicionar"), "sunder": T_("maneuver", "sunder", "romper"),
         "trip": T_("maneuver", "trip", "zancadilla")}


def maneuver(ctx: Context, call) -> None:
    """``maneuver ATTACKER KIND TARGET [TOTAL] [CONDITION] [zero-g] [flying] [full] [dist=FT]``."""
    resolve(ctx, call, call.kind)


def direct(kind: str):
    """`grapple A B 25` is `maneuver A grapple B 25`."""
    return lambda ctx, call: resolve(ctx, call, kind)


def resolve(ctx: Context, call, kind: str) -> None:
    rules = ctx.ruleset
    attacker = creature(ctx, call.attacker)
    target = creature(ctx, call.target)
    trick = None
    if kind == "dirty-trick":
        if not call.trick:
            ctx.fail(_("dirty trick needs the condition: {conditions}", conditions=", ".join(DIRTY_TRICK)))
        trick = rules.conditions.catalogue.lookup(call.trick)
        if trick.id not in DIRTY_TRICK:
            ctx.fail(_("a dirty trick inflicts one of {conditions}, not {cond}", conditions=", ".join(DIRTY_TRICK),
                       cond=trick.term))
    elif call.trick:
        ctx.fail(_("unexpected {word!r}: only a dirty trick names a condition", word=call.trick))
    if attacker.id == target.id:
        ctx.fail(_("a maneuver needs a target other than the attacker"))
    refusal = monsters.maneuver_refusal(attacker, target)
    if refusal is not None:
        ctx.fail(refusal)
    use(ctx, attacker, "full" if call.full and kind == "reposition" else "standard", NAMES[kind])
    state = ctx.state
    kac = value(rules, state, target, "kac")
    threshold = kac + 8
    bonus = value(rules, state, attacker, "melee")
    thrown_pen = -2 * (call.dist // 5) if kind == "dirty-trick" and call.dist and call.total is None else 0
    total, _text = check(ctx, bonus + thrown_pen, _('{kind} by {attacker} (vs KAC+8 {threshold})', kind=kind,
                                                    attacker=named(attacker), threshold=of(target, threshold)),
                         attacker, call.total, what=f"{kind} on {target.name}", dc=threshold,
                         against=f"KAC + 8 = {threshold}")
    name = NAMES[kind]
    # the players read what the maneuver did; the roll against a foe's KAC is the GM's (the detail)
    roll = _("{total} vs KAC + 8 = {threshold}", total=of(attacker, total), threshold=of(target, threshold))
    if total < threshold:
        say(ctx, attacker, _("{name}'s {maneuver} fails", name=named(attacker), maneuver=name),
            "starfinder.md §3.7 [S]", roll)
        return
    fives = (total - threshold) // 5
    head = _("{name}'s {maneuver} succeeds", name=named(attacker), maneuver=name)
    rule = "starfinder.md §3.7 [S]"
    if kind == "bull-rush":
        off = official(state, "bull_rush_baseline")
        base = threshold if off else kac
        feet = 5 + 5 * ((total - base) // 5)
        if off:
            why = _("5 + 5 per 5 over KAC + 8 {base}", base=of(target, base))
        else:
            why = _("5 + 5 per 5 over KAC {base}", base=of(target, base))
        say(ctx, attacker, _("{head}: {target} is pushed back {feet} ft", head=head, target=named(target),
                             feet=public(feet)),
            "starfinder.md §3.7 bull rush [Δ official]" if off else "starfinder.md §3.7 bull rush [S]",
            joined([roll, why]))
    elif kind == "dirty-trick":
        rounds = 1 + fives
        clock = attacker.id if state.in_combat else target.id
        ctx.apply_condition(target, trick, rounds=rounds, clock=clock, source=attacker.id)
        say(ctx, attacker, _n("{head}: {target} is {cond} for {n} round (1 + 1 per 5 over); a move action removes it",
                              "{head}: {target} is {cond} for {n} rounds (1 + 1 per 5 over); a move action removes it",
                              rounds, n=public(rounds), head=head, target=named(target),
                              cond=trick.label_term), rule, roll)
    elif kind == "disarm":
        say(ctx, attacker, _("{head}: {target} drops the weapon ({name} may catch it with a free hand)", head=head,
                             target=named(target), name=named(attacker)), rule, roll)
    elif kind == "grapple":
        _grapple(ctx, attacker, target, total, kac, head, roll)
    elif kind == "reposition":
        feet = 5 + 5 * fives
        if call.full:
            msg = _("{head}: {target} moves up to {feet} ft within reach, not through obstacles; as a full action "
                    "{name} may move {feet} ft dragging {target}", head=head, target=named(target), feet=public(feet),
                    name=named(attacker))
        else:
            msg = _("{head}: {target} moves up to {feet} ft within reach, not through obstacles", head=head,
                    target=named(target), feet=public(feet))
        say(ctx, attacker, msg, rule, roll)
    elif kind == "sunder":
        say(ctx, attacker, _("{head}: roll damage against the object (minus its hardness)", head=head), rule, roll)
    elif kind == "trip":
        if call.zero_g:
            ctx.apply_condition(target, rules.conditions.catalogue.define("off-kilter"), source=attacker.id)
            say(ctx, attacker, _("{head}: in zero-g {target} is off-kilter", head=head, target=named(target)),
                "starfinder.md §3.7 trip [O]", roll)
        elif call.flying:
            say(ctx, attacker, _("{head}: {target} descends 10 ft (prone on landing)", head=head,
                                 target=named(target)), rule, roll)
        else:
            ctx.apply_condition(target, rules.conditions.catalogue.define("prone"), source=attacker.id)
            say(ctx, attacker, _("{head}: {target} is prone", head=head, target=named(target)), rule, roll)


def _grapple(ctx: Context, g: Combatant, t: Combatant, total: int, kac: int, head: Msg, roll: Msg) -> None:
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
    ctx.apply_condition(t, ctx.ruleset.conditions.catalogue.define("grappled"), source=g.id)
    if pins:
        ctx.apply_condition(t, ctx.ruleset.conditions.catalogue.define("pinned"), source=g.id)
    ctx.set_mark(t, marks.HELD, {"by": g.id, "grappled_until": grappled_until,
                                 "pinned_until": pinned_until if pins else None})
    rule = "starfinder.md §3.7 grapple [Δ official]" if off else "starfinder.md §3.7 grapple [S]"
    pin = _("a pin needs KAC + 13 = {pin} or more", pin=of(t, pin_at)) if off else \
        _("a pin needs over KAC + 13 = {pin}", pin=of(t, pin_at))
    if pins:
        msg = _("{head}: {target} is pinned (replaces grappled: -4 AC, attack, Reflex, initiative; flat-footed) until "
                "the end of {name}'s turn, then grappled", head=head, target=named(t), name=named(g))
    else:
        msg = _("{head}: {target} is grappled until the end of {name}'s next turn unless renewed", head=head,
                target=named(t), name=named(g))
    say(ctx, g, msg, rule, joined([roll, pin]))


def turn_end(ctx: Context, g: Combatant) -> None:
    """The grappler's turn ends: a seed pin ends, an unrenewed grapple ends (starfinder.md §3.7 [S/O])."""
    state = ctx.state
    for t in list(state.combatants.values()):
        held = marks.HELD.of(t)
        if not held or held.get("by") != g.id:
            continue
        held = dict(held)
        if held.get("grappled_until") is not None and state.round >= held["grappled_until"]:
            ctx.set_mark(t, marks.HELD, None)
            ctx.remove_all(t, "pinned", reason="expired")
            ctx.remove_all(t, "grappled", reason="expired")
            say(ctx, t, _("{name} did not renew the grapple: {target} is free", name=named(g), target=named(t)),
                "starfinder.md §3.7 grapple [O]")
            continue
        if held.get("pinned_until") is not None and state.round >= held["pinned_until"]:
            held["pinned_until"] = None
            ctx.set_mark(t, marks.HELD, held)
            if t.has("pinned"):
                ctx.remove_all(t, "pinned", reason="expired")
                say(ctx, t, _("End of {name}'s turn: {target} is no longer pinned, still grappled", name=named(g),
                              target=named(t)), "starfinder.md §3.7 grapple [S]")
