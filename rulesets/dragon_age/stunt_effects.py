"""Spending stunt points: ``stunt NAME STUNT [N] [TARGET] [cost=N]`` (dragon_age.md §2.5).

Each effect is applied by the tracker where it changes numbers (damage, armor,
Defense, prone, the order, mana) and narrated where it does not (Skirmish's
metres, Rapid Reload). ``cost=N`` records a class's cheaper price.
"""

from __future__ import annotations

import re
from typing import Callable

from gm_console.ruleset import (N_, Combatant, Context, Fields, Msg, Rest, Term, Verb, Who, dealt, fold_text, gm,
                                named, of, public, possessive)

from . import marks
from .ability_tests import opposed, versus
from .age_roll import keep, make_check, roll_3d6
from .attacks import default_ability, roll_damage
from .common import defense_of, rule, waiting_points
from .conditions import cdef
from .i18n import T_, _, _n
from .options import option
from .stats import ability, has_focus, weapon_kind
from .stunt_points import mark_used, used_ids
from .stunts import COMBAT, Stunt, cost_of, find, known

_METRES = re.compile(r"^(\d{1,3})\s*(?:m|metres|meters|metros)$")
_COST = re.compile(r"^(?:cost|coste)=(.*)$", re.I)
KIND = {COMBAT: T_("stunt kind", "combat", "de combate"), "spell": T_("stunt kind", "spell", "mágica")}
SOURCE = {COMBAT: T_("stunt source", "an attack", "un ataque"), "spell": T_("stunt source", "a spell", "un hechizo")}
THE_TARGET = T_("stunt", "the target", "el objetivo")
FOCUS = T_("breakdown", "focus")


def stunt_verb(ctx: Context, call) -> None:
    """The ``stunt`` verb: the stunt's name may take several words (``golpe poderoso``)."""
    cost = None
    for key, value in call.fields:
        if fold_text(key) not in ("cost", "coste"):
            ctx.fail(_("{verb}: unexpected {key}=; usage: {usage}", verb=STUNT.word, key=key, usage=STUNT.usage()))
        cost = value
    buy(ctx, ctx.combatant(call.who), call.words, cost)


def buy(ctx: Context, c: Combatant, words: tuple[str, ...], cost: str | None = None) -> None:
    """Find the stunt named by the first words (longest first) and spend the points on it."""
    rest = []
    for w in words:
        m = _COST.match(w)
        if m:
            cost = m.group(1)
        else:
            rest.append(w)
    if not rest:
        ctx.fail(_("stunt: which stunt? usage: {usage}", usage=STUNT.usage()))
    pending = marks.STUNT_ROLL.of(c)
    kind = pending.get("kind") if pending else None
    stunt = None
    for n in range(min(4, len(rest)), 0, -1):
        stunt = find(" ".join(rest[:n]), kind)
        if stunt is not None:
            rest = rest[n:]
            break
    if stunt is None:
        ctx.fail(_("unknown stunt {word!r}; stunts: {known}", word=words[0], known=known(kind)))
    spend(ctx, c, stunt, tuple(rest), cost)


def spend(ctx: Context, c: Combatant, stunt: Stunt, rest: tuple[str, ...], cost_given: str | None = None) -> None:
    state = ctx.state
    ctx.acting(c)  # a stunt's damage is the one whose roll earned the points
    pending = marks.STUNT_ROLL.of(c)
    points = waiting_points(c)
    if not pending or points <= 0:
        ctx.fail(_("{name} has no stunt points waiting (a hit or casting with doubles earns them; "
                   "they vanish at the end of the turn or at the next roll)", name=c.name))
    kind = pending.get("kind")
    if stunt.kind != kind:
        ctx.fail(_("{stunt} is a {kind} stunt, but {name}'s points come from {source}; stunts: {known}",
                   stunt=stunt.id, kind=KIND[stunt.kind], name=c.name, source=SOURCE[kind], known=known(kind)))
    if stunt.id in used_ids(state, c) and not stunt.repeatable:
        ctx.fail(_("{name} has already used {stunt} this round (each stunt once per round, except Skirmish)",
                   name=c.name, stunt=stunt.term))
    numbers: list[int] = []
    names: list[str] = []
    for tok in rest:
        m = _METRES.match(tok.casefold())
        if tok.isdigit() and len(tok) <= 3:
            numbers.append(int(tok))
        elif m and stunt.id == "skirmish":  # "skirmish 4m": metres, 2 per point
            metres = int(m.group(1))
            if metres < 2 or metres % 2:
                ctx.fail(_("Skirmish moves 2 m per stunt point: an even number of metres, not {value}", value=tok))
            numbers.insert(0, metres // 2)
        else:
            m = _COST.match(tok)
            if m:
                cost_given = m.group(1)
            else:
                names.append(tok)
    base = cost_of(stunt, int(option(state, "disarm_cost")))
    if base is None:
        n = numbers.pop(0) if numbers else 1
        if n < 1 or (stunt.max_points is not None and n > stunt.max_points):
            span = _("1 to {n}", n=stunt.max_points) if stunt.max_points else _("at least 1")
            ctx.fail(_("{stunt} takes {span} points, not {n}", stunt=stunt.term, span=span, n=n))
        cost = n
    else:
        n = 1
        cost = base
        if numbers and numbers[0] == base:  # "stunt Sera mighty-blow 2": the cost, restated
            numbers.pop(0)
    if numbers:
        ctx.fail(_("{stunt}: unexpected number {n}; usage: {usage}", stunt=stunt.id, n=numbers[0], usage=STUNT.usage()))
    if len(names) > 1:
        ctx.fail(_("stunt: unexpected {extra!r}; usage: {usage}", extra=" ".join(names[1:]), usage=STUNT.usage()))
    if cost_given is not None:
        if not cost_given.isdigit() or int(cost_given) > cost:
            ctx.fail(_("cost= takes a reduced price from 0 to {cost}, not {value!r}", cost=cost, value=cost_given))
        cost = int(cost_given)
    if cost > points:
        ctx.fail(_n("{stunt} costs {n} stunt point; {name} has {have}",
                    "{stunt} costs {n} stunt points; {name} has {have}",
                    cost, stunt=stunt.term, name=c.name, have=points))
    other = ctx.combatant(names[0]) if names else None
    if stunt.id == "dual-strike" and other is None:
        ctx.fail(_("dual-strike needs the second target: stunt {ref} dual-strike TARGET", ref=c.id))
    left = points - cost
    if left:
        ctx.set_pool(c, "stunt", left, rule=rule("2.5"))
    else:
        ctx.remove_pool(c, "stunt")  # the pool exists only while points wait (issue 5)
    mark_used(ctx, c, stunt.id)
    ctx.say(_n("{name} spends {n} stunt point on {stunt}; {left} left",
               "{name} spends {n} stunt points on {stunt}; {left} left", cost, name=named(c), n=of(c, cost),
               stunt=stunt.term, left=of(c, left)), rule=rule("2.5"), who=c.id)
    EFFECTS[stunt.id](ctx, c, dict(pending), n, other)
    if left == 0 and marks.STUNT_ROLL.of(c) is not None:
        ctx.set_mark(c, marks.STUNT_ROLL, None)


def _target(ctx: Context, rec: dict) -> Combatant | None:
    return ctx.state.combatants.get(rec.get("target") or "")


def _say(ctx: Context, c: Combatant, text: Msg, detail: "Msg | None" = None) -> None:
    ctx.say(text, rule=rule("2.5"), who=c.id, detail=detail)


def _redo_damage(ctx: Context, c: Combatant, rec: dict, label: Msg, extra: int = 0, halve: bool = False) -> None:
    """Recompute this attack's damage with the stunt and deal only the difference."""
    target = _target(ctx, rec)
    raw = rec["raw"] + extra
    halved = rec.get("halved") or halve
    armor = 0 if rec.get("penetrating") else (rec["armor"] // 2 if halved else rec["armor"])
    final = max(0, raw - armor)
    delta = final - rec["dealt"]
    ctx.set_mark(c, marks.STUNT_ROLL, {**rec, "raw": raw, "halved": halved, "dealt": max(final, rec["dealt"])})
    if target is None or target.life == "dead":
        _say(ctx, c, _("{label}: no effect, the target is already dead", label=label))
        return
    formula = _("{raw} - {armor} armor = {dealt}", raw=dealt(target, raw), armor=of(target, armor),
                dealt=dealt(target, final)) if armor else dealt(target, final)
    if delta <= 0:
        _say(ctx, c, _("{label}: the attack's damage is {formula}, nothing more", label=label, formula=formula))
        return
    ctx.ruleset.health.take_damage(ctx, target, delta, armor=0, pull=bool(rec.get("pull")),
                                   label=_("{label}: damage {formula} instead of {before}", label=label,
                                           formula=formula, before=dealt(target, rec["dealt"])))


def _skirmish(ctx, c, rec, n, other):
    who = _target(ctx, rec)
    _say(ctx, c, _("Skirmish: {name} moves itself or {target} {m} m", name=named(c), m=of(c, 2 * n),
                   target=named(who) if who else THE_TARGET))


def _rapid_reload(ctx, c, rec, n, other):
    _say(ctx, c, _("Rapid Reload: {name}'s missile weapon is loaded again", name=named(c)))


def _knock_prone(ctx, c, rec, n, other):
    target = _target(ctx, rec)
    if target is None:
        return
    ctx.apply_condition(target, cdef("prone"), source=c.id)
    _say(ctx, c, _("Knock Prone: {name} is prone (melee attacks against {name} +1)", name=named(target)))


def _until_next_turn(ctx, c, cid):
    d = cdef(cid)
    ctx.apply_condition(c, d, rounds=1, clock=c.id, source=c.id)
    fig = ctx.ruleset.sheet.defense(ctx.state, c)
    _say(ctx, c, _("{stunt}: {defense} until the start of {whose} next turn", whose=possessive(c), stunt=d.term,
                   defense=defense_of(c, fig)))


def _defensive_stance(ctx, c, rec, n, other):
    _until_next_turn(ctx, c, "defensive-stance")


def _mana_shield(ctx, c, rec, n, other):
    _until_next_turn(ctx, c, "mana-shield")


def _disarm(ctx, c, rec, n, other):
    """Opposed attack rolls that never earn stunt points."""
    target = _target(ctx, rec)
    if target is None:
        return
    mine = roll_3d6(ctx, None, None, _('{name}: disarm (opposed)', name=named(c)), c.id)
    fb = int(rec.get("focus_bonus") or 0)
    check_a = make_check(c, mine, rec.get("ability") or "str", None, ((FOCUS, fb),) if fb else ())
    theirs = roll_3d6(ctx, None, None, _('{target}: resists disarm (opposed)', target=named(target)), target.id)
    key = default_ability(target, weapon_kind(target))
    focus = target.stats.get("weapon_focus")
    check_b = make_check(target, theirs, key, focus if has_focus(target, focus) else None)
    winner = opposed(c, check_a, target, check_b)
    keep(ctx, c, check_a, f"disarm {target.name} (opposed attack)", f"{target.name} attack", None,
         "win" if winner is c else "loss" if winner is target else "tie", opponent=target,
         opponent_total=check_b.total)
    # who keeps the weapon, and where it lands (in sight), are the table's; the rolls are each side's
    vs = versus(c, check_a, target, check_b)
    if winner is c:
        d = ctx.roll("1d6", purpose=_("metres {target}'s weapon flies", target=named(target)), who=c.id).total
        metres = max(0, d + ability(c, "str"))
        ctx.apply_condition(target, cdef("disarmed"), source=c.id, note=f"{metres} m")
        _say(ctx, c, _("Disarm: {name}'s weapon lands {m} m away", name=named(target), m=public(metres)),
             detail=_("{vs}; 1d6 {d} + Str", vs=vs, d=of(c, d)))
    else:
        _say(ctx, c, _("Disarm: {name} keeps {whose} weapon", whose=possessive(target), name=named(target)), detail=vs)


def _mighty_blow(ctx, c, rec, n, other):
    d = ctx.roll("1d6", purpose=_('{name}: Mighty Blow', name=named(c)), who=c.id).total
    _redo_damage(ctx, c, rec, _("Mighty Blow +1d6 ({n})", n=dealt(_target(ctx, rec), d)), extra=d)


def _pierce_armor(ctx, c, rec, n, other):
    _redo_damage(ctx, c, rec, _("Pierce Armor (armor {n} halved)", n=of(_target(ctx, rec), rec["armor"])),
                 halve=True)


def _lightning_attack(ctx, c, rec, n, other):
    ctx.set_mark(c, marks.BONUS_ATTACK, True)
    _say(ctx, c, _("Lightning Attack: {name} attacks again now: no action, and {whose} doubles earn no stunt points",
                   whose=possessive(c, several=True), name=named(c)), detail=_("attack {ref} TARGET", ref=gm(c.id)))


def _dual_strike(ctx, c, rec, n, other):
    if other is None or other.id == rec.get("target") or other is c:
        ctx.fail(_("dual-strike needs a second target other than the first and the attacker"))
    if other.life == "dead":
        ctx.fail(_("{name} is already dead", name=other.name))
    fig = ctx.ruleset.sheet.defense(ctx.state, other)
    total = int(rec["total"])
    roll_vs = _("the attack roll {total} vs {defense}", total=of(c, total), defense=defense_of(other, fig))
    if total < fig.value:
        _say(ctx, c, _("Dual Strike on {name}: miss", name=named(other)), detail=roll_vs)
        return
    _say(ctx, c, _("Dual Strike on {name}: hit", name=named(other)), detail=roll_vs)
    roll_damage(ctx, c, other, rec, rec.get("weapon"))


def _seize(ctx, c, rec, n, other):
    ctx.ruleset.turns.seize(ctx, c)


def _powerful_casting(ctx, c, rec, n, other):
    sp = int(rec.get("spellpower") or ctx.ruleset.sheet.spellpower(c).value) + n
    ctx.set_mark(c, marks.STUNT_ROLL, {**rec, "spellpower": sp})
    _say(ctx, c, _("Powerful Casting: +{n} Spellpower, now {power}", n=of(c, n), power=of(c, sp)))


def _mighty_spell(ctx, c, rec, n, other):
    target = other or _target(ctx, rec)
    if target is None:
        ctx.fail(_("mighty-spell needs the damaged target: stunt {ref} mighty-spell TARGET", ref=c.id))
    d = ctx.roll("1d6", purpose=_('{name}: Mighty Spell', name=named(c)), who=c.id).total
    ctx.ruleset.health.take_damage(ctx, target, d, armor=0, label=_("Mighty Spell +1d6 ({n})", n=dealt(target, d)),
                                   section="2.5")


def _skillful_casting(ctx, c, rec, n, other):
    paid = int(rec.get("cost") or 0) - int(rec.get("refunded") or 0)
    pool = c.pools.get("mana")
    if paid <= 0 or pool is None:
        _say(ctx, c, _("Skillful Casting: the spell already cost 0 mana"))
        return
    ctx.set_pool(c, "mana", pool.value + 1, rule=rule("2.8"))
    ctx.set_mark(c, marks.STUNT_ROLL, {**rec, "refunded": int(rec.get("refunded") or 0) + 1})
    _say(ctx, c, _("Skillful Casting: the spell costs {cost} mana; {name} gets 1 back (mana {mana})",
                   cost=of(c, paid - 1), name=named(c), mana=of(c, pool.value)))


def _imposing_spell(ctx, c, rec, n, other):
    tn = 10 + ability(c, "magic")
    ctx.apply_condition(c, cdef("imposing-spell"), rounds=1, clock=c.id, value=tn, source=c.id)
    _say(ctx, c, _("Imposing Spell: until the start of {name}'s next turn, melee attackers must pass "
                   "Willpower (Courage) or Move/Defend instead", name=named(c)), detail=_("TN {tn}", tn=of(c, tn)))


def _fast_casting(ctx, c, rec, n, other):
    ctx.set_mark(c, marks.BONUS_CAST, True)
    _say(ctx, c, _("Fast Casting: {name} casts another spell now: no action, and {whose} doubles earn no stunt points",
           whose=possessive(c, several=True),
                   name=named(c)), detail=_("cast {ref} ... with a major or minor casting time", ref=gm(c.id)))


EFFECTS: dict[str, Callable[..., None]] = {
    "skirmish": _skirmish, "rapid-reload": _rapid_reload, "knock-prone": _knock_prone,
    "defensive-stance": _defensive_stance, "disarm": _disarm, "mighty-blow": _mighty_blow,
    "pierce-armor": _pierce_armor, "lightning-attack": _lightning_attack, "dual-strike": _dual_strike,
    "seize-the-initiative": _seize, "powerful-casting": _powerful_casting, "mighty-spell": _mighty_spell,
    "skillful-casting": _skillful_casting, "mana-shield": _mana_shield, "imposing-spell": _imposing_spell,
    "fast-casting": _fast_casting,
}


STUNT = Verb("stunt", (Who("who"), Fields("fields", meta=N_("cost=N"), completes=""),
                       Rest("words", required=True, spelled=N_("STUNT [N] [TARGET]"))), stunt_verb,
             _("spend waiting stunt points; each stunt once per round except Skirmish"), es=("proeza",),
             group="ruleset", note=_("e.g. stunt Sera mighty-blow; stunt Sera skirmish 2, or skirmish 4m"))
