"""Ability damage and ability drain, the Starfinder way (starfinder.md §3.14.6).

A Starfinder sheet gives its figures as totals (Reflex, EAC, attack), not from its scores, so
the loss weighs on the figures directly: every 2 points of **damage** are -1 to what the ability
governs; **drain** lowers the score, so the figures lose what its modifier lost. Constitution
costs stamina (level x that penalty, current and maximum), damage to the key ability costs 1 RP
per 2 points; damage reaching the score knocks out (Constitution kills), as does a score drained
to 0. Marks: ``ability_damage`` and ``ability_drain`` ({ability: points}), ``con_sp`` (the SP the
Con penalty has taken), ``key_rp`` (the key ability's damage steps already paid in RP).
"""

from __future__ import annotations

from collections.abc import Mapping

from gm_console.ruleset import Combatant, Context, Mark, Mod, Msg, dealt, gm, named, of, possessive

from . import life, marks
from .common import say
from .i18n import C_, T_, _
from .stats import ABILITY_NAMES_SHORT, SKILL_ABILITY, level, mod, skill_bonus

RULE = "starfinder.md §3.14.6 [O]"
KEYS = ("str", "dex", "con", "int", "wis", "cha")
#: the words `dmg` and `heal` take for each ability, in both languages
WORDS = {"str": "str", "fue": "str", "dex": "dex", "des": "dex", "con": "con", "int": "int", "wis": "wis",
         "sab": "wis", "cha": "cha", "car": "cha"}
DRAIN = ("drain", "drained", "consuncion", "consunción", "drenaje")
NAMES = ABILITY_NAMES_SHORT
#: the same as a breakdown names them in English, in lower case (``dex damage``)
LOW = {k: T_("ability label", t.en.lower(), t.es) for k, t in NAMES.items()}
#: the figures each ability governs on a Starfinder sheet (CRB ch. 2, Ability Descriptions); its skills too
GOVERNS = {"str": ("melee", "damage"), "dex": ("ac", "ranged", "init", "ref"), "con": ("fort",), "int": (),
           "wis": ("will",), "cha": ()}
WHAT = {
    "str": T_("ability governs", "melee attacks, melee damage and Strength skills",
              "ataques y daño cuerpo a cuerpo y habilidades de Fue"),
    "dex": T_("ability governs", "EAC, KAC, ranged attacks, initiative, Reflex and Dexterity skills",
              "CAE, CAC, ataques a distancia, iniciativa, Reflejos y habilidades de Des"),
    "con": T_("ability governs", "Fortitude and stamina", "Fortaleza y estamina"),
    "int": T_("ability governs", "Intelligence skills", "habilidades de Int"),
    "wis": T_("ability governs", "Will and Wisdom skills", "Voluntad y habilidades de Sab"),
    "cha": T_("ability governs", "Charisma skills", "habilidades de Car"),
}


def points(c: Combatant, mark: Mark[Mapping[str, int]], key: str) -> int:
    """Points of ability damage or drain (``marks.ABILITY_DAMAGE``, ``marks.ABILITY_DRAIN``) on one score."""
    return int((mark.of(c) or {}).get(key, 0))


def score(c: Combatant, key: str) -> int | None:
    value = c.stats.get(key)
    return None if value is None else int(value)


def drain_drop(c: Combatant, key: str) -> int:
    """What the drained score's modifier lost (Dex 15 drained 1 is still +2: nothing)."""
    base, drained = score(c, key), points(c, marks.ABILITY_DRAIN, key)
    if base is None or not drained:
        return 0
    return mod(base) - mod(max(0, base - drained))


def penalty_points(c: Combatant, key: str) -> int:
    """The ability penalties on ``key`` (``cond NAME dex-penalty:2``, §3.14.7): they add to the damage."""
    return sum(int(i.value or 0) for i in c.instances(f"{key}-penalty"))


def penalty(c: Combatant, key: str) -> int:
    """The whole penalty on what ``key`` governs: -1 per 2 points of damage and ability penalty together,
    and the drain's."""
    return (points(c, marks.ABILITY_DAMAGE, key) + penalty_points(c, key)) // 2 + drain_drop(c, key)


def modifiers(c: Combatant):
    """(figure, Mod) for each figure and skill an ability loss weighs on; the damage (with the penalty,
    which weighs "the same way as damage") and the drain are separate sources, so they add."""
    for key in KEYS:
        hurt = points(c, marks.ABILITY_DAMAGE, key)
        a = LOW[key]
        for (en, label), delta in (((f"{key} damage", C_("breakdown", "{a} damage", a=a)), hurt // 2),
                                   ((f"{key} penalty", C_("breakdown", "{a} penalty", a=a)),
                                    (hurt + penalty_points(c, key)) // 2 - hurt // 2),
                                   ((f"{key} drained", C_("breakdown", "{a} drained", a=a)), drain_drop(c, key))):
            if not delta:
                continue
            figs = GOVERNS[key] + tuple(s for s, a in SKILL_ABILITY.items()
                                        if a == key and skill_bonus(c, s) is not None)
            for fig in figs:
                yield fig, Mod(label, -delta, "", en)


def _store(ctx: Context, c: Combatant, mark: Mark[Mapping[str, int]], key: str, value: int) -> None:
    table = dict(mark.of(c) or {})
    table[key] = value
    ctx.set_mark(c, mark, {k: v for k, v in table.items() if v} or None)


def _ref(c: Combatant) -> str:
    return f'"{c.name}"' if " " in c.name else c.name


# -- damage and drain ------------------------------------------------------------------------------

def damage(ctx: Context, c: Combatant, key: str, amount: int, heal: bool = False, why: Msg | None = None,
           quiet: bool = False) -> None:
    """Ability damage: capped at what is left of the score (more changes nothing); the penalty
    follows, then stamina (Con), resolve (the key ability) and consciousness."""
    old, base, name = points(c, marks.ABILITY_DAMAGE, key), score(c, key), NAMES[key]
    if heal:
        new = max(0, old - amount)
    elif base is None:  # no score to stop at
        new = old + amount
    else:
        new = min(old + amount, max(base - points(c, marks.ABILITY_DRAIN, key), old))
    _store(ctx, c, marks.ABILITY_DAMAGE, key, new)
    head = dict(name=named(c), amount=dealt(c, amount), ability=name)
    if why is None and heal:
        why = _("{name} recovers {amount} {ability} damage", **head)
    elif why is None:
        why = _("{name} takes {amount} {ability} damage", **head)
    if penalty(c, key):
        line = _("{why}: {ability} damage {old} -> {new}, {penalty} to {what}", why=why, ability=name,
                 old=of(c, old), new=of(c, new), penalty=of(c, -penalty(c, key)), what=WHAT[key])
    else:
        line = _("{why}: {ability} damage {old} -> {new}, no penalty yet (-1 per 2 points)", why=why, ability=name,
                 old=of(c, old), new=of(c, new))
    detail = None
    if base is None and not heal and new:
        detail = _("no {ability} score on the sheet: set {ref} {key}=N to know when it knocks out", ability=name,
                   ref=gm(_ref(c)), key=gm(key))
    if not quiet:
        say(ctx, c, line, RULE, detail)
    _follow(ctx, c, key, heal)


def drain(ctx: Context, c: Combatant, key: str, amount: int, heal: bool = False) -> None:
    """Ability drain lowers the score itself; rest never restores it (magic does: ``heal NAME N dex drain``)."""
    base = score(c, key)
    name = NAMES[key]
    if base is None:
        ctx.fail(_("drain lowers the score: give {name}'s {ability} first (set {ref} {key}=N)", name=c.name,
                   ability=name, ref=_ref(c), key=key))
    old = points(c, marks.ABILITY_DRAIN, key)
    new = max(0, old - amount) if heal else min(base, old + amount)
    _store(ctx, c, marks.ABILITY_DRAIN, key, new)
    args = dict(name=named(c), amount=dealt(c, amount), ability=name, old=of(c, base - old), new=of(c, base - new),
                penalty=of(c, -penalty(c, key)), what=WHAT[key])
    if heal:
        text = _("{name} recovers {amount} drained {ability}: {ability} {old} -> {new}, {penalty} to {what}", **args)
    else:
        text = _("{name} is drained of {amount} {ability}: {ability} {old} -> {new}, {penalty} to {what} (rest does "
                 "not restore it)", **args)
    say(ctx, c, text, RULE)
    _follow(ctx, c, key, heal)


def _follow(ctx: Context, c: Combatant, key: str, heal: bool) -> None:
    if key == "con":
        con_stamina(ctx, c)
    if not heal and c.stats.get("key_ability") == key:
        key_resolve(ctx, c)
    elif heal:
        steps = points(c, marks.ABILITY_DAMAGE, key) // 2
        if c.stats.get("key_ability") == key and int(marks.KEY_RP.of(c) or 0) > steps:
            ctx.set_mark(c, marks.KEY_RP, steps or None)  # the RP lost stay lost; damage taken again costs again
    settle(ctx, c, key)


def settle(ctx: Context, c: Combatant, key: str) -> None:
    """Damage reaching the score, or a score drained to 0, knocks out until it is below (Con: dead);
    healing below it wakes the creature it knocked out."""
    base = score(c, key)
    if base is None or base <= 0 or c.life == "dead":
        return
    left = base - points(c, marks.ABILITY_DRAIN, key)
    hurt = points(c, marks.ABILITY_DAMAGE, key)
    out = left <= 0 or hurt >= left
    name = NAMES[key]
    if left <= 0:
        reason = _("{ability} drained to 0", ability=name)
    else:
        reason = _("{ability} damage {n} reaches its score {top}", ability=name, n=of(c, hurt), top=of(c, left))
    if key == "con":
        if out:
            life.kill(ctx, c, "con", _("{name} dies: {whose} Constitution is gone", whose=possessive(c),
                                       name=named(c)), RULE, reason)
        return
    note = f"{key} loss"
    have = [i for i in c.instances("unconscious") if i.note == note]
    if out and not have:
        ctx.apply_condition(c, ctx.ruleset.conditions.catalogue.define("unconscious"), note=note)
        say(ctx, c, _("{name} falls unconscious", name=named(c)), RULE, reason)
    elif not out and have:
        for inst in have:
            ctx.remove_condition(c, inst, reason="healed")
        say(ctx, c, _("{name} wakes up: {whose} {ability} loss is below its score", whose=possessive(c),
                      name=named(c), ability=name), RULE)


def penalty_added(ctx: Context, c: Combatant, key: str) -> None:
    """An ability penalty put on: what it costs now (§3.14.7); Con's costs stamina. It never knocks out:
    the damage alone is weighed against the score (``settle``)."""
    pen, name = penalty_points(c, key), NAMES[key]
    if penalty(c, key):
        line = _("{name}: {ability} penalty {points}, {penalty} to {what} (it never knocks out)", name=named(c),
                 ability=name, points=of(c, pen), penalty=of(c, -penalty(c, key)), what=WHAT[key])
    else:
        line = _("{name}: {ability} penalty {points}, no penalty yet (-1 per 2 points)", name=named(c),
                 ability=name, points=of(c, pen))
    say(ctx, c, line, "starfinder.md §3.14.7 [O]")
    if key == "con":
        con_stamina(ctx, c)


def con_stamina(ctx: Context, c: Combatant) -> None:
    """The Con penalty costs level x penalty in current and maximum stamina, given back as it heals
    (mark ``con_sp``: what is already taken, so each change moves SP by the difference)."""
    sp = c.pools.get("sp")
    if sp is None:
        return
    due = max(1, level(c)) * penalty(c, "con")
    applied = int(marks.CON_SP.of(c) or 0)
    if due == applied:
        return
    delta = due - applied
    top = None if sp.max is None else max(0, sp.max - delta)
    old = sp.value
    new = max(0, old - delta)
    if top is not None:
        new = min(new, top)
    ctx.set_mark(c, marks.CON_SP, due or None)
    ctx.set_pool(c, "sp", new, max=top, rule=RULE)
    lvl = max(1, level(c))
    if top is None:
        text = _("{name}: Con penalty {penalty} x level {level}: SP {old} -> {new}", name=named(c),
                 penalty=of(c, -penalty(c, "con")), level=of(c, lvl), old=of(c, old), new=of(c, new))
    else:
        text = _("{name}: Con penalty {penalty} x level {level}: SP {old} -> {new}, max {max}", name=named(c),
                 penalty=of(c, -penalty(c, "con")), level=of(c, lvl), old=of(c, old), new=of(c, new), max=of(c, top))
    say(ctx, c, text, RULE)


def key_resolve(ctx: Context, c: Combatant) -> None:
    """Damage to the key ability: 1 RP per 2 points taken, each step paid once (mark ``key_rp``)."""
    steps = points(c, marks.ABILITY_DAMAGE, c.stats["key_ability"]) // 2
    paid = int(marks.KEY_RP.of(c) or 0)
    if steps <= paid:
        return
    ctx.set_mark(c, marks.KEY_RP, steps)
    rp = c.pools.get("rp")
    if rp is None:
        return
    lost = min(rp.value, steps - paid)
    ctx.set_pool(c, "rp", rp.value - lost, rule=RULE)
    say(ctx, c, _("{name}: damage to {whose} key ability costs {lost} RP: RP {old} -> {new}", whose=possessive(c),
                  name=named(c), lost=dealt(c, lost), old=of(c, rp.value + lost), new=of(c, rp.value)), RULE)


# -- rest, and the sheet --------------------------------------------------------------------------

def rest(ctx: Context, c: Combatant, hours: int) -> "list[Msg]":
    """A night (8h) heals 1 point of each damaged ability, a day of bed rest (24h) 2; drain stays."""
    back = 2 if hours >= 24 else 1 if hours >= 8 else 0
    done: list[Msg] = []
    for key in KEYS:
        hurt = points(c, marks.ABILITY_DAMAGE, key)
        if back and hurt:
            damage(ctx, c, key, back, heal=True, quiet=True)  # the rest's own line says it
            done.append(_("{ability} damage {old}→{new}", ability=NAMES[key], old=of(c, hurt),
                          new=of(c, points(c, marks.ABILITY_DAMAGE, key))))
    return done


def status(c: Combatant) -> "list[Msg]":
    """The GM's sheet lines: each ability's damage and drain, and what they cost."""
    out: list[Msg] = []
    for key in KEYS:
        hurt, drained = points(c, marks.ABILITY_DAMAGE, key), points(c, marks.ABILITY_DRAIN, key)
        if not hurt and not drained:
            continue
        name = NAMES[key]
        if hurt:
            out.append(_("{ability} damage {n}: {penalty} to {what} (a night's rest heals 1)", ability=name, n=hurt,
                         penalty=-(hurt // 2), what=WHAT[key]))
        if drained:
            out.append(_("{ability} drained {n}: {ability} {score} (rest does not restore it)", ability=name,
                         n=drained, score=max(0, (score(c, key) or 0) - drained)))
    if marks.CON_SP.of(c):
        out.append(_("Con penalty: {n} SP off current and maximum stamina", n=marks.CON_SP.of(c)))
    return out
