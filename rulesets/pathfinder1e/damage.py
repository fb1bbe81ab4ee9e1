"""Damage and healing as the GM types them: lethal, nonlethal, ability damage, healing.

Each change goes through the life-state machine (``life``) so the thresholds of
pathfinder1e.md §1.3-§1.4 apply however the HP moved.
"""

from __future__ import annotations

from gm_console.ruleset import Combatant, Context

from . import abilities
from .conditions import BLEEDS
from .life import die, hp_of, lose_hp, make_stable, negative_state, need_hp, nl_of, settle
from .options import option

NONLETHAL = {"nonlethal", "nl", "noletal", "no-letal", "subdual", "no letal"}
ABILITIES = {"str": "str", "fue": "str", "dex": "dex", "des": "dex", "con": "con"}
DRAIN = {"drain", "drained", "consuncion", "consunción", "drenaje"}


def massive_check(ctx: Context, c: Combatant, amount: int, fort: int) -> None:
    """Optional official rule: 50+ damage that is at least half the max HP -> Fort DC 15 or die."""
    if not option(ctx.state, "massive_damage") or c.life == "dead":
        return
    top = c.pools["hp"].max or 0
    if amount < 50 or amount * 2 < top:
        return
    r = ctx.roll("1d20", purpose=f"{c.name}: Fort vs massive damage", who=c.id)
    total = r.total + fort
    ok = r.total == 20 or (r.total != 1 and total >= 15)
    ctx.say(f"{c.name}: massive damage, Fort {r.total}{fort:+d} = {total} vs DC 15, "
            f"{'survives' if ok else 'fails'}",
            f"{c.name}: daño masivo, Fort {r.total}{fort:+d} = {total} contra CD 15, "
            f"{'sobrevive' if ok else 'falla'}", rule="pathfinder1e.md §1.3 massive damage [O]", who=c.id)
    if not ok:
        die(ctx, c, "massive damage", "daño masivo", rule="pathfinder1e.md §1.3 massive damage [O]")


def damage(ctx: Context, c: Combatant, amount: int, types: tuple[str, ...], fort: int) -> None:
    need_hp(ctx, c)
    kinds = set(types)
    abilities = sorted({ABILITIES[t] for t in kinds if t in ABILITIES})
    if abilities:
        for key in abilities:
            if kinds & DRAIN:
                ability_drain(ctx, c, key, amount)
            else:
                ability_damage(ctx, c, key, amount)
        return
    if kinds & DRAIN:
        ctx.fail("drain needs the ability: dmg NAME N str|dex|con drain "
                 "(negative levels: cond NAME energy-drained:N)")
    if kinds & NONLETHAL:
        nonlethal(ctx, c, amount)
        return
    lose_hp(ctx, c, amount, rule="pathfinder1e.md §1.3")
    massive_check(ctx, c, amount, fort)


def nonlethal(ctx: Context, c: Combatant, amount: int) -> None:
    """Nonlethal adds to its own total; once that total equals the maximum HP, the rest is
    lethal (pathfinder1e.md §1.3, Core Rulebook "Nonlethal Damage")."""
    old = nl_of(c)
    top = c.pools["hp"].max
    room = amount if top is None else max(0, min(amount, top - old))
    lethal = amount - room
    if room or not lethal:
        ctx.set_pool(c, "nl", old + room, rule="pathfinder1e.md §1.3 nonlethal")
        ctx.say(f"{c.name} takes {room} nonlethal damage: nonlethal {old} -> {old + room} (HP {hp_of(c)})",
                f"{c.name} recibe {room} de daño no letal: no letal {old} -> {old + room} (PG {hp_of(c)})",
                rule="pathfinder1e.md §1.3", who=c.id)
    if lethal:
        nl = nl_of(c)
        lose_hp(ctx, c, lethal, rule="pathfinder1e.md §1.3 nonlethal",
                cause=(f"{c.name}'s nonlethal damage {nl} equals its maximum HP {top}: {lethal} more "
                       f"nonlethal is lethal",
                       f"el daño no letal de {c.name} ({nl}) iguala sus PG máximos {top}: {lethal} más de "
                       f"no letal es letal"))
    settle(ctx, c)


def ability_damage(ctx: Context, c: Combatant, key: str, amount: int, heal: bool = False) -> None:
    abilities.damage(ctx, c, key, amount, heal=heal)


def ability_drain(ctx: Context, c: Combatant, key: str, amount: int, heal: bool = False) -> None:
    abilities.drain(ctx, c, key, amount, heal=heal)


def heal(ctx: Context, c: Combatant, amount: int, types: tuple[str, ...]) -> None:
    need_hp(ctx, c)
    if c.life == "dead":
        ctx.fail(f"{c.name} is dead: healing has no effect (raise it first: revive {c.id} HP)")
    kinds = set(types)
    abilities = sorted({ABILITIES[t] for t in kinds if t in ABILITIES})
    if abilities:
        for key in abilities:
            if kinds & DRAIN:
                ability_drain(ctx, c, key, amount, heal=True)
            else:
                ability_damage(ctx, c, key, amount, heal=True)
        return
    nl_old = nl_of(c)
    if kinds & NONLETHAL:
        ctx.set_pool(c, "nl", max(0, nl_old - amount), rule="pathfinder1e.md §1.3 nonlethal")
        ctx.say(f"{c.name} recovers {amount} nonlethal: nonlethal {nl_old} -> {nl_of(c)}",
                f"{c.name} recupera {amount} de no letal: no letal {nl_old} -> {nl_of(c)}",
                rule="pathfinder1e.md §1.3", who=c.id)
        settle(ctx, c)
        return
    pool = c.pools["hp"]
    old = pool.value
    top = pool.max if pool.max is not None else old + amount
    new = max(old, min(top, old + amount))
    was_negative = negative_state(c)
    ctx.set_pool(c, "hp", new, rule="pathfinder1e.md §1.4 healing")
    if nl_old:
        ctx.set_pool(c, "nl", max(0, nl_old - amount), rule="pathfinder1e.md §1.3 healing removes nonlethal")
    nl_en = f", nonlethal {nl_old} -> {nl_of(c)}" if nl_old else ""
    nl_es = f", no letal {nl_old} -> {nl_of(c)}" if nl_old else ""
    ctx.say(f"{c.name} heals {amount}: HP {old} -> {new}{nl_en}",
            f"{c.name} se cura {amount}: PG {old} -> {new}{nl_es}", rule="pathfinder1e.md §1.4", who=c.id)
    if amount > 0:
        stop_bleeding(ctx, c, ("healing stops the bleeding", "la curación detiene el sangrado"))
    if was_negative and new < 0:
        if c.life in ("dying", "stable") and amount > 0:
            if c.life != "stable" or c.marks.get("stable") != "aided":
                make_stable(ctx, c, "aided", "pathfinder1e.md §1.4 [O]",
                            (f"{c.name} is stable (aided): still unconscious, no more HP loss",
                             f"{c.name} está estable (con ayuda): sigue inconsciente, ya no pierde PG"))
        elif c.life == "disabled" and amount > 0:
            ctx.set_mark(c, "recovering", True)
        return
    if was_negative:
        ctx.set_mark(c, "stable_secs", None)
    settle(ctx, c)


def stop_bleeding(ctx: Context, c: Combatant, why: tuple[str, str]) -> None:
    stopped = [inst for inst in c.conditions if inst.cond in BLEEDS]
    if not stopped:
        return
    for inst in stopped:
        ctx.remove_condition(c, inst, reason="healed")
    ctx.say(f"{c.name}: {why[0]}", f"{c.name}: {why[1]}", rule="pathfinder1e.md §1.5 bleed", who=c.id)

