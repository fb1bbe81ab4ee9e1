"""Spending stunt points: ``stunt NAME STUNT [N] [TARGET] [cost=N]`` (dragon_age.md §2.5).

Each effect is applied by the tracker where it changes numbers (damage, armor,
Defense, prone, the order, mana) and narrated where it does not (Skirmish's
metres, Rapid Reload). ``cost=N`` records a class's cheaper price.
"""

from __future__ import annotations

import re
from typing import Callable

from gm_console.ruleset import Combatant, Context

from . import initiative
from .ability_tests import keep, make_check, opposed, roll_3d6
from .attacks import default_ability, roll_damage
from .common import rule, tokens, waiting_points
from .conditions_lookup import cdef
from .health import take_damage
from .options import option
from .sheet import defense, spellpower
from .stats import ability, has_focus, weapon_kind
from .stunt_points import mark_used, used_ids
from .stunts import COMBAT, Stunt, cost_of, find, known

USAGE = ("stunt NAME STUNT [N] [TARGET] [cost=N]   (e.g. stunt Sera mighty-blow; stunt Sera skirmish 2, "
         "or skirmish 4m)")
_METRES = re.compile(r"^(\d{1,3})\s*(?:m|metres|meters|metros)$")


def stunt_verb(ctx: Context, args: tuple[str, ...]) -> None:
    if len(args) < 2:
        ctx.fail(f"stunt: missing arguments; usage: {USAGE}")
    c = ctx.combatant(args[0])
    pending = c.marks.get("stunt_roll")
    kind = pending.get("kind") if pending else None
    rest = list(args[1:])
    stunt = None
    for n in range(min(4, len(rest)), 0, -1):
        stunt = find(" ".join(rest[:n]), kind)
        if stunt is not None:
            rest = rest[n:]
            break
    if stunt is None:
        ctx.fail(f"unknown stunt {args[1]!r}; stunts: {known(kind)}")
    spend(ctx, c, stunt, tuple(rest))


def spend(ctx: Context, c: Combatant, stunt: Stunt, rest: tuple[str, ...]) -> None:
    state = ctx.state
    pending = c.marks.get("stunt_roll")
    points = waiting_points(c)
    if not pending or points <= 0:
        ctx.fail(f"{c.name} has no stunt points waiting (a hit or casting with doubles earns them; "
                 f"they vanish at the end of the turn or at the next roll)")
    if stunt.kind != pending.get("kind"):
        src = "an attack" if pending.get("kind") == COMBAT else "a spell"
        ctx.fail(f"{stunt.id} is a {stunt.kind} stunt, but {c.name}'s points come from {src}; "
                 f"stunts: {known(pending.get('kind'))}")
    if stunt.id in used_ids(state, c) and not stunt.repeatable:
        ctx.fail(f"{c.name} has already used {stunt.en} this round (each stunt once per round, except Skirmish)")
    t = tokens(ctx, rest, USAGE)
    if stunt.id == "skirmish":  # "skirmish 4m": metres, 2 per point
        for w in list(t.words):
            m = _METRES.match(w)
            if m:
                metres = int(m.group(1))
                if metres < 2 or metres % 2:
                    ctx.fail(f"Skirmish moves 2 m per stunt point: an even number of metres, not {w}")
                t.words.remove(w)
                t.numbers.insert(0, metres // 2)
    base = cost_of(stunt, int(option(state, "disarm_cost")))
    if base is None:
        n = t.numbers.pop(0) if t.numbers else 1
        if n < 1 or (stunt.max_points is not None and n > stunt.max_points):
            top = f"1 to {stunt.max_points}" if stunt.max_points else "at least 1"
            ctx.fail(f"{stunt.en} takes {top} points, not {n}")
        cost = n
    else:
        n = 1
        cost = base
        if t.numbers and t.numbers[0] == base:  # "stunt Sera mighty-blow 2": the cost, restated
            t.numbers.pop(0)
    if t.numbers:
        ctx.fail(f"{stunt.id}: unexpected number {t.numbers[0]}; usage: {USAGE}")
    if "cost" in t.kv:
        if not t.kv["cost"].isdigit() or int(t.kv["cost"]) > cost:
            ctx.fail(f"cost= takes a reduced price from 0 to {cost}, not {t.kv['cost']!r}")
        cost = int(t.kv["cost"])
    if cost > points:
        ctx.fail(f"{stunt.en} costs {cost} stunt point{'s' if cost != 1 else ''}; {c.name} has {points}")
    other = None
    if t.words:
        other = ctx.combatant(t.words[0])
    if stunt.target and other is None and stunt.id == "dual-strike":
        ctx.fail(f"dual-strike needs the second target: stunt {c.id} dual-strike TARGET")
    left = points - cost
    if left:
        ctx.set_pool(c, "stunt", left, rule=rule("2.5"))
    else:
        ctx.remove_pool(c, "stunt")  # the pool exists only while points wait (issue 5)
    mark_used(ctx, c, stunt.id)
    ctx.say(f"{c.name} spends {cost} stunt point{'s' if cost != 1 else ''} on {stunt.en} "
            f"({stunt.es}); {left} left",
            f"{c.name} gasta {cost} punto{'s' if cost != 1 else ''} de proeza en {stunt.es}; quedan {left}",
            rule=rule("2.5"), who=c.id)
    EFFECTS[stunt.id](ctx, c, dict(pending), n, other)
    if left == 0 and c.marks.get("stunt_roll") is not None:
        ctx.set_mark(c, "stunt_roll", None)


def _target(ctx: Context, rec: dict) -> Combatant | None:
    return ctx.state.combatants.get(rec.get("target") or "")


def _say(ctx: Context, c: Combatant, en: str, es: str) -> None:
    ctx.say(en, es, rule=rule("2.5"), who=c.id)


def _redo_damage(ctx: Context, c: Combatant, rec: dict, extra: int = 0, halve: bool = False,
                 label_en: str = "", label_es: str = "") -> None:
    """Recompute this attack's damage with the stunt and deal only the difference."""
    target = _target(ctx, rec)
    raw = rec["raw"] + extra
    halved = rec.get("halved") or halve
    armor = 0 if rec.get("penetrating") else (rec["armor"] // 2 if halved else rec["armor"])
    final = max(0, raw - armor)
    delta = final - rec["dealt"]
    ctx.set_mark(c, "stunt_roll", {**rec, "raw": raw, "halved": halved, "dealt": max(final, rec["dealt"])})
    if target is None or target.life == "dead":
        _say(ctx, c, f"{label_en}: no effect, the target is already dead",
             f"{label_es}: sin efecto, el objetivo ya está muerto")
        return
    arm_en = f" - {armor} armor" if armor else ""
    arm_es = f" - {armor} armadura" if armor else ""
    if delta <= 0:
        _say(ctx, c, f"{label_en}: the attack's damage is {raw}{arm_en} = {final}, nothing more",
             f"{label_es}: el daño del ataque es {raw}{arm_es} = {final}, nada más")
        return
    now_en = f"{raw}{arm_en} = {final}" if armor else str(final)
    now_es = f"{raw}{arm_es} = {final}" if armor else str(final)
    take_damage(ctx, target, delta, armor=0, pull=bool(rec.get("pull")),
                label_en=f"{label_en}: damage {now_en} instead of {rec['dealt']}",
                label_es=f"{label_es}: daño {now_es} en vez de {rec['dealt']}")


def _skirmish(ctx, c, rec, n, other):
    who = _target(ctx, rec)
    _say(ctx, c, f"Skirmish: {c.name} moves itself or {who.name if who else 'the target'} {2 * n} m",
         f"Hostigar: {c.name} se mueve o mueve a {who.name if who else 'el objetivo'} {2 * n} m")


def _rapid_reload(ctx, c, rec, n, other):
    _say(ctx, c, f"Rapid Reload: {c.name}'s missile weapon is loaded again",
         f"Recarga rápida: el arma de proyectiles de {c.name} vuelve a estar cargada")


def _knock_prone(ctx, c, rec, n, other):
    target = _target(ctx, rec)
    if target is None:
        return
    ctx.apply_condition(target, cdef("prone"), source=c.id)
    _say(ctx, c, f"Knock Prone: {target.name} is prone (melee attacks against it +1)",
         f"Derribo: {target.name} queda tumbado (+1 a los ataques cuerpo a cuerpo contra él)")


def _until_next_turn(ctx, c, cid, en, es, value=None):
    ctx.apply_condition(c, cdef(cid), rounds=1, clock=c.id, source=c.id, value=value)
    fig = defense(ctx.state, c)
    _say(ctx, c, f"{en}: {fig.explain('Defense')} until the start of its next turn",
         f"{es}: Defensa {fig.value} hasta el comienzo de su próximo turno")


def _defensive_stance(ctx, c, rec, n, other):
    _until_next_turn(ctx, c, "defensive-stance", "Defensive Stance", "Postura defensiva")


def _mana_shield(ctx, c, rec, n, other):
    _until_next_turn(ctx, c, "mana-shield", "Mana Shield", "Escudo de maná")


def _disarm(ctx, c, rec, n, other):
    """Opposed attack rolls that never earn stunt points."""
    target = _target(ctx, rec)
    if target is None:
        return
    mine = roll_3d6(ctx, None, None, f"{c.name}: disarm (opposed)", c.id)
    fb = int(rec.get("focus_bonus") or 0)
    check_a = make_check(c, mine, rec.get("ability") or "str", None, (("focus", fb),) if fb else ())
    theirs = roll_3d6(ctx, None, None, f"{target.name}: resists disarm (opposed)", target.id)
    key = default_ability(target, weapon_kind(target))
    focus = target.stats.get("weapon_focus")
    check_b = make_check(target, theirs, key, focus if has_focus(target, focus) else None)
    winner = opposed(ctx, c, check_a, target, check_b)
    keep(ctx, c, check_a, f"disarm {target.name} (opposed attack)", f"{target.name} attack", None,
         "win" if winner is c else "loss" if winner is target else "tie", opponent=target,
         opponent_total=check_b.total)
    vs_en = f"{c.name} {check_a.summary(c)} vs {target.name} {check_b.summary(target)}"
    vs_es = f"{c.name} {check_a.summary(c, 'es')} contra {target.name} {check_b.summary(target, 'es')}"
    if winner is c:
        d = ctx.roll("1d6", purpose=f"metres {target.name}'s weapon flies", who=c.id).total
        metres = max(0, d + ability(c, "str"))
        ctx.apply_condition(target, cdef("disarmed"), source=c.id, note=f"{metres} m")
        _say(ctx, c, f"Disarm: {vs_en}: {target.name}'s weapon lands {metres} m away (1d6 {d} + Str)",
             f"Desarmar: {vs_es}: el arma de {target.name} cae a {metres} m (1d6 {d} + Fuerza)")
    else:
        _say(ctx, c, f"Disarm: {vs_en}: {target.name} keeps its weapon",
             f"Desarmar: {vs_es}: {target.name} conserva su arma")


def _mighty_blow(ctx, c, rec, n, other):
    d = ctx.roll("1d6", purpose=f"{c.name}: Mighty Blow", who=c.id).total
    _redo_damage(ctx, c, rec, extra=d, label_en=f"Mighty Blow +1d6 ({d})", label_es=f"Golpe poderoso +1d6 ({d})")


def _pierce_armor(ctx, c, rec, n, other):
    _redo_damage(ctx, c, rec, halve=True, label_en=f"Pierce Armor (armor {rec['armor']} halved)",
                 label_es=f"Atravesar armadura (armadura {rec['armor']} a la mitad)")


def _lightning_attack(ctx, c, rec, n, other):
    ctx.set_mark(c, "bonus_attack", True)
    _say(ctx, c, f"Lightning Attack: {c.name} attacks again now (attack {c.id} TARGET): "
                 f"no action, and its doubles earn no stunt points",
         f"Ataque relámpago: {c.name} ataca otra vez ahora (attack {c.id} OBJETIVO): "
         f"sin gastar acción, y sus dobles no dan puntos de proeza")


def _dual_strike(ctx, c, rec, n, other):
    if other is None or other.id == rec.get("target") or other is c:
        ctx.fail("dual-strike needs a second target other than the first and the attacker")
    if other.life == "dead":
        ctx.fail(f"{other.name} is already dead")
    fig = defense(ctx.state, other)
    total = int(rec["total"])
    if total < fig.value:
        _say(ctx, c, f"Dual Strike: the attack roll {total} vs {other.name}'s {fig.explain('Defense')}: miss",
             f"Golpe doble: la tirada de ataque {total} contra Defensa {fig.value} de {other.name}: falla")
        return
    _say(ctx, c, f"Dual Strike: the attack roll {total} vs {other.name}'s {fig.explain('Defense')}: hit",
         f"Golpe doble: la tirada de ataque {total} contra Defensa {fig.value} de {other.name}: impacta")
    roll_damage(ctx, c, other, rec, rec.get("weapon"))


def _seize(ctx, c, rec, n, other):
    initiative.seize(ctx, c)


def _powerful_casting(ctx, c, rec, n, other):
    sp = int(rec.get("spellpower") or spellpower(c).value) + n
    ctx.set_mark(c, "stunt_roll", {**rec, "spellpower": sp})
    _say(ctx, c, f"Powerful Casting: +{n} Spellpower, now {sp}",
         f"Lanzamiento energético: +{n} a la Potencia mágica, ahora {sp}")


def _mighty_spell(ctx, c, rec, n, other):
    target = other or _target(ctx, rec)
    if target is None:
        ctx.fail(f"mighty-spell needs the damaged target: stunt {c.id} mighty-spell TARGET")
    d = ctx.roll("1d6", purpose=f"{c.name}: Mighty Spell", who=c.id).total
    take_damage(ctx, target, d, armor=0, label_en=f"Mighty Spell +1d6 ({d})",
                label_es=f"Hechizo potente +1d6 ({d})", section="2.5")


def _skillful_casting(ctx, c, rec, n, other):
    paid = int(rec.get("cost") or 0) - int(rec.get("refunded") or 0)
    pool = c.pools.get("mana")
    if paid <= 0 or pool is None:
        _say(ctx, c, "Skillful Casting: the spell already cost 0 mana", "Lanzamiento hábil: el hechizo ya costaba 0")
        return
    ctx.set_pool(c, "mana", pool.value + 1, rule=rule("2.8"))
    ctx.set_mark(c, "stunt_roll", {**rec, "refunded": int(rec.get("refunded") or 0) + 1})
    _say(ctx, c, f"Skillful Casting: the spell costs {paid - 1} mana; {c.name} gets 1 back (mana {pool.value})",
         f"Lanzamiento hábil: el hechizo cuesta {paid - 1} de maná; {c.name} recupera 1 (maná {pool.value})")


def _imposing_spell(ctx, c, rec, n, other):
    tn = 10 + ability(c, "magic")
    ctx.apply_condition(c, cdef("imposing-spell"), rounds=1, clock=c.id, value=tn, source=c.id)
    _say(ctx, c, f"Imposing Spell: until the start of {c.name}'s next turn, melee attackers must pass "
                 f"Willpower (Courage) vs TN {tn} or Move/Defend instead",
         f"Hechizo imponente: hasta el comienzo del próximo turno de {c.name}, quien le ataque cuerpo a cuerpo "
         f"debe superar Voluntad (Coraje) contra NO {tn} o Moverse/Defender")


def _fast_casting(ctx, c, rec, n, other):
    ctx.set_mark(c, "bonus_cast", True)
    _say(ctx, c, f"Fast Casting: {c.name} casts another spell now (cast {c.id} ... with a major or minor "
                 f"casting time): no action, and its doubles earn no stunt points",
         f"Lanzamiento rápido: {c.name} lanza otro hechizo ahora: sin gastar acción, y sus dobles no dan PP")


EFFECTS: dict[str, Callable[..., None]] = {
    "skirmish": _skirmish, "rapid-reload": _rapid_reload, "knock-prone": _knock_prone,
    "defensive-stance": _defensive_stance, "disarm": _disarm, "mighty-blow": _mighty_blow,
    "pierce-armor": _pierce_armor, "lightning-attack": _lightning_attack, "dual-strike": _dual_strike,
    "seize-the-initiative": _seize, "powerful-casting": _powerful_casting, "mighty-spell": _mighty_spell,
    "skillful-casting": _skillful_casting, "mana-shield": _mana_shield, "imposing-spell": _imposing_spell,
    "fast-casting": _fast_casting,
}
