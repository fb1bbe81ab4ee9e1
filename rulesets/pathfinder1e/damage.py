"""Damage and healing as the GM types them: lethal, nonlethal, ability damage, healing.

Each change goes through the life-state machine (``life``) so the thresholds of
rules digest §1.3-§1.4 apply however the HP moved.
"""

from __future__ import annotations

from gm_console.ruleset import Combatant, Context

from .conditions import BLEEDS, DEFS
from .life import die, hp_of, lose_hp, make_stable, negative_state, need_hp, nl_of, settle
from .options import option

NONLETHAL = {"nonlethal", "nl", "noletal", "no-letal", "subdual", "no letal"}
ABILITIES = {"str": "str", "fue": "str", "dex": "dex", "des": "dex", "con": "con"}


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
            f"{'sobrevive' if ok else 'falla'}", rule="PF1 §1.3 massive damage [O]", who=c.id)
    if not ok:
        die(ctx, c, "massive damage", "daño masivo", rule="PF1 §1.3 massive damage [O]")


def damage(ctx: Context, c: Combatant, amount: int, types: tuple[str, ...], fort: int) -> None:
    need_hp(ctx, c)
    kinds = set(types)
    abilities = sorted({ABILITIES[t] for t in kinds if t in ABILITIES})
    if abilities:
        for key in abilities:
            ability_damage(ctx, c, key, amount)
        return
    if kinds & NONLETHAL:
        nonlethal(ctx, c, amount)
        return
    lose_hp(ctx, c, amount, rule="PF1 §1.3")
    massive_check(ctx, c, amount, fort)


def nonlethal(ctx: Context, c: Combatant, amount: int) -> None:
    old = nl_of(c)
    ctx.set_pool(c, "nl", old + amount, rule="PF1 §1.3 nonlethal")
    ctx.say(f"{c.name} takes {amount} nonlethal damage: nonlethal {old} -> {old + amount} (HP {hp_of(c)})",
            f"{c.name} recibe {amount} de daño no letal: no letal {old} -> {old + amount} (PG {hp_of(c)})",
            rule="PF1 §1.3", who=c.id)
    settle(ctx, c)


def ability_damage(ctx: Context, c: Combatant, key: str, amount: int, heal: bool = False) -> None:
    dmg = dict(c.marks.get("ability_damage") or {})
    old = int(dmg.get(key, 0))
    new = max(0, old - amount) if heal else old + amount
    dmg[key] = new
    ctx.set_mark(c, "ability_damage", {k: v for k, v in dmg.items() if v} or None)
    name = {"str": ("Str", "Fue"), "dex": ("Dex", "Des"), "con": ("Con", "Con")}[key]
    verb = ("recovers", "recupera") if heal else ("takes", "sufre")
    ctx.say(f"{c.name} {verb[0]} {amount} {name[0]} damage: {name[0]} damage {old} -> {new}",
            f"{c.name} {verb[1]} {amount} de daño de {name[1]}: daño de {name[1]} {old} -> {new}",
            rule="PF1 ability damage [O]", who=c.id)
    if heal or c.life == "dead":
        return
    raw = c.stats.get(key)
    score = 10 if raw is None else int(raw)
    if new >= score > 0:
        if key == "con":
            die(ctx, c, f"Con damage {new} reaches Con {score}", f"daño de Con {new} alcanza Con {score}",
                rule="PF1 ability damage [O]", can_cheat=False)
        elif not c.has("unconscious"):
            cdef = next(d for d in DEFS if d.id == "unconscious")
            ctx.apply_condition(c, cdef, note=f"{key} damage")
            ctx.say(f"{c.name} falls unconscious: {name[0]} damage {new} reaches its score {score}",
                    f"{c.name} cae inconsciente: daño de {name[1]} {new} alcanza su puntuación {score}",
                    rule="PF1 ability damage [O]", who=c.id)


def heal(ctx: Context, c: Combatant, amount: int, types: tuple[str, ...]) -> None:
    need_hp(ctx, c)
    if c.life == "dead":
        ctx.fail(f"{c.name} is dead: healing has no effect (raise it first: revive {c.id} HP)")
    kinds = set(types)
    abilities = sorted({ABILITIES[t] for t in kinds if t in ABILITIES})
    if abilities:
        for key in abilities:
            ability_damage(ctx, c, key, amount, heal=True)
        return
    nl_old = nl_of(c)
    if kinds & NONLETHAL:
        ctx.set_pool(c, "nl", max(0, nl_old - amount), rule="PF1 §1.3 nonlethal")
        ctx.say(f"{c.name} recovers {amount} nonlethal: nonlethal {nl_old} -> {nl_of(c)}",
                f"{c.name} recupera {amount} de no letal: no letal {nl_old} -> {nl_of(c)}",
                rule="PF1 §1.3", who=c.id)
        settle(ctx, c)
        return
    pool = c.pools["hp"]
    old = pool.value
    top = pool.max if pool.max is not None else old + amount
    new = max(old, min(top, old + amount))
    was_negative = negative_state(c)
    ctx.set_pool(c, "hp", new, rule="PF1 §1.4 healing")
    if nl_old:
        ctx.set_pool(c, "nl", max(0, nl_old - amount), rule="PF1 §1.3 healing removes nonlethal")
    nl_en = f", nonlethal {nl_old} -> {nl_of(c)}" if nl_old else ""
    nl_es = f", no letal {nl_old} -> {nl_of(c)}" if nl_old else ""
    ctx.say(f"{c.name} heals {amount}: HP {old} -> {new}{nl_en}",
            f"{c.name} se cura {amount}: PG {old} -> {new}{nl_es}", rule="PF1 §1.4", who=c.id)
    if amount > 0:
        stop_bleeding(ctx, c, ("healing stops the bleeding", "la curación detiene el sangrado"))
    if was_negative and new < 0:
        if c.life in ("dying", "stable") and amount > 0:
            if c.life != "stable" or c.marks.get("stable") != "aided":
                make_stable(ctx, c, "aided", "PF1 §1.4 [O]",
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
    ctx.say(f"{c.name}: {why[0]}", f"{c.name}: {why[1]}", rule="PF1 §1.5 bleed", who=c.id)

