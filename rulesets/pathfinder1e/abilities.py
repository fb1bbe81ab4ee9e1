"""Ability damage and ability drain (pathfinder1e.md §1.9).

Damage is a running total beside the score (mark ``ability_damage``): it weighs
on the figures like a lower score, knocks out at the score (Con: kills), and
heals with rest. Drain lowers the score itself (mark ``ability_drain``): a
drained Con also moves death to -(Con - drain); it never heals with rest, only
by magic (`heal NAME N con drain`, restoration).
"""

from __future__ import annotations

from collections.abc import Mapping

from gm_console.ruleset import Combatant, Context, Mark, Msg, dealt, named, of

from . import marks
from .i18n import T_, _
from .life import die, lose_hp, reconcile
from .stats import ability_points, hd, mod, score

RULE = "pathfinder1e.md §1.9"
NAMES = {"str": T_("ability", "Str", "Fue"), "dex": T_("ability", "Dex", "Des"), "con": T_("ability", "Con", "Con"),
         "int": T_("ability", "Int", "Int"), "wis": T_("ability", "Wis", "Sab"), "cha": T_("ability", "Cha", "Car")}
#: the same in lower case, as a breakdown names it in English (``dex 12``, ``str damage``)
LOW = {k: T_("ability label", t.en.lower(), t.es) for k, t in NAMES.items()}
#: what a score at 0 does when drain takes it there [O, Core Rulebook, Ability Score Damage, Penalty, and
#: Drain: Str helpless, Dex paralyzed, Int, Wis or Cha unconscious]
ZERO = {"str": "helpless", "dex": "paralyzed", "int": "unconscious", "wis": "unconscious", "cha": "unconscious"}


def points(c: Combatant, mark: Mark[Mapping[str, int]], key: str) -> int:
    """Points of ability damage or drain (``marks.ABILITY_DAMAGE``, ``marks.ABILITY_DRAIN``) on one score."""
    return int((mark.of(c) or {}).get(key, 0))


def _store(ctx: Context, c: Combatant, mark: Mark[Mapping[str, int]], key: str, value: int) -> None:
    table = dict(mark.of(c) or {})
    table[key] = value
    ctx.set_mark(c, mark, {k: v for k, v in table.items() if v} or None)


def left(c: Combatant, key: str) -> int:
    """The score after drain: what ability damage is measured against."""
    return max(0, score(c, key) - points(c, marks.ABILITY_DRAIN, key))


def damage(ctx: Context, c: Combatant, key: str, amount: int, heal: bool = False,
           why: Msg | None = None) -> None:
    """Ability damage: capped at the score (more changes nothing); at the score, unconscious
    (Con: dead); healing below it wakes a creature the damage knocked out."""
    old = points(c, marks.ABILITY_DAMAGE, key)
    top = left(c, key)
    new = max(0, old - amount) if heal else min(old + amount, max(top, old))
    _store(ctx, c, marks.ABILITY_DAMAGE, key, new)
    name = NAMES[key]
    if why is None:
        why = (_("{name} recovers {amount} {ability} damage", name=named(c), amount=dealt(c, amount), ability=name)
               if heal else _("{name} takes {amount} {ability} damage", name=named(c), amount=dealt(c, amount),
                              ability=name))
    ctx.say(_("{why}: {ability} damage {old} -> {new}", why=why, ability=name, old=of(c, old), new=of(c, new)),
            rule=RULE, who=c.id)
    if key == "con" and new < top:
        con_hp(ctx, c)
    if c.life == "dead" or score(c, key) <= 0:
        return
    if heal:
        if new < top:
            _wake(ctx, c, f"{key} damage")
        return
    if new >= top:
        if key == "con":
            die(ctx, c, _("Con damage {new} reaches Con {top}", new=of(c, new), top=of(c, top)), rule=RULE,
                can_cheat=False)
        elif not any(i.note == f"{key} damage" for i in c.instances("unconscious")):
            ctx.apply_condition(c, ctx.ruleset.conditions.catalogue.get("unconscious"), note=f"{key} damage")
            ctx.say(_("{name} falls unconscious", name=named(c)), rule=RULE, who=c.id,
                    detail=_("{ability} damage {new} reaches its score {top}", ability=name, new=of(c, new),
                             top=of(c, top)))


def drain(ctx: Context, c: Combatant, key: str, amount: int, heal: bool = False) -> None:
    """Ability drain lowers the score; at 0, Con kills, Str leaves it helpless, Dex paralyzed, Int, Wis or
    Cha unconscious."""
    base = score(c, key)
    old = points(c, marks.ABILITY_DRAIN, key)
    new = max(0, old - amount) if heal else min(base, old + amount)
    _store(ctx, c, marks.ABILITY_DRAIN, key, new)
    name = NAMES[key]
    args = dict(name=named(c), amount=dealt(c, amount), ability=name, old=of(c, base - old), new=of(c, base - new),
                drain=of(c, new))
    if heal:
        text = _("{name} recovers {amount} {ability}: {ability} {old} -> {new} (drain {drain}; rest does not "
                 "restore it)", **args)
    else:
        text = _("{name} is drained of {amount} {ability}: {ability} {old} -> {new} (drain {drain}; rest does not "
                 "restore it)", **args)
    ctx.say(text, rule=RULE, who=c.id)
    if c.life == "dead" or base <= 0:
        return
    note = f"{key} drained to 0"
    if heal:
        if base - new > 0:
            for cond in ("helpless", "paralyzed", "unconscious"):
                for inst in c.instances(cond):
                    if inst.note == note:
                        ctx.remove_condition(c, inst, reason="restored")
        if key == "con":
            con_hp(ctx, c)  # the restored modifier gives its HP back
        return
    if base - new <= 0:
        if key == "con":
            die(ctx, c, _("Con drained to 0"), rule=RULE, can_cheat=False)
            return
        if not any(i.note == note for i in c.instances(ZERO[key])):
            cdef = ctx.ruleset.conditions.catalogue.get(ZERO[key])
            ctx.apply_condition(c, cdef, note=note)
            ctx.say(_("{name}: {ability} 0, {cond}", name=named(c), ability=name, cond=cdef.term), rule=RULE,
                    who=c.id)
    elif key == "con" and "hp" in c.pools:
        con_hp(ctx, c)
        reconcile(ctx, c)  # death moved up to -(Con - drain)


def _wake(ctx: Context, c: Combatant, note: str) -> None:
    gone = [i for i in c.instances("unconscious") if i.note == note]
    for inst in gone:
        ctx.remove_condition(c, inst, reason="healed")
    if gone:
        ctx.say(_("{name} wakes up: {what} below its score", name=named(c), what=NOTE_WORDS.get(note, note)),
                rule=RULE, who=c.id)


NOTE_WORDS = {f"{key} damage": _("{ability} damage", ability=name) for key, name in NAMES.items()}


# -- Constitution and hit points (CRB Ability Score Damage: Constitution) ------------------------

def con_penalty(c: Combatant, more_damage: int = 0) -> int:
    """What Con damage, penalties and drain take off the Con modifier: -1 per 2 points of damage and
    penalty, and the drained score's lower modifier (pathfinder1e.md §1.9). ``more_damage``: as if that
    much more damage."""
    con = score(c, "con")
    drain_part = mod(con) - mod(max(0, con - points(c, marks.ABILITY_DRAIN, "con")))
    damage, penalty = ability_points(c, "con", more_damage)
    return (damage + penalty) // 2 + drain_part


def con_hp_due(c: Combatant, more_damage: int = 0) -> int:
    """The HP the Con penalty takes off current and maximum HP: Hit Dice (1 when not given) x penalty."""
    if score(c, "con") <= 0:
        return 0
    return max(1, hd(c) or 1) * con_penalty(c, more_damage)


def con_hp(ctx: Context, c: Combatant) -> None:
    """Bring HP in line with the Con penalty (pathfinder1e.md §1.9): Hit Dice x penalty off current and
    maximum HP, given back as the damage heals or the drain is restored. Mark ``con_hp``: the HP already
    taken off, so each change moves HP by the difference. HP lost this way is not damage: temporary HP
    do not soak it; below 0 it is dying as any HP loss (§1.4)."""
    pool = c.pools.get("hp")
    if pool is None or c.life == "dead":
        return
    now, applied = con_hp_due(c), int(marks.CON_HP.of(c) or 0)
    if now == applied:
        return
    delta = now - applied
    old = pool.value
    top = pool.max - delta if pool.max is not None else None
    value = old - delta
    if top is not None and value > top:
        value = top
    ctx.set_mark(c, marks.CON_HP, now or None)
    args = dict(name=named(c), penalty=of(c, -con_penalty(c)), hd=of(c, max(1, hd(c) or 1)), old=of(c, old),
                new=of(c, value), max=of(c, top))
    if top is not None:
        ctx.say(_("{name}: Con penalty {penalty} x {hd} HD: HP {old} -> {new}, max {max}", **args), rule=RULE,
                who=c.id)
    else:
        ctx.say(_("{name}: Con penalty {penalty} x {hd} HD: HP {old} -> {new}", **args), rule=RULE, who=c.id)
    if delta > 0:
        ctx.set_pool(c, "hp", old, max=top, rule=RULE)
        lose_hp(ctx, c, old - value, rule=RULE, quiet=True, soak=False)
    else:
        ctx.set_pool(c, "hp", value, max=top, rule=RULE)
        reconcile(ctx, c)
