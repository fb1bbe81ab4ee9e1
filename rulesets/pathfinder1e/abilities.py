"""Ability damage and ability drain (pathfinder1e.md §1.9).

Damage is a running total beside the score (mark ``ability_damage``): it weighs
on the figures like a lower score, knocks out at the score (Con: kills), and
heals with rest. Drain lowers the score itself (mark ``ability_drain``): a
drained Con also moves death to -(Con - drain); it never heals with rest, only
by magic (`heal NAME N con drain`, restoration).
"""

from __future__ import annotations

from gm_console.ruleset import Combatant, Context

from .stats import score

RULE = "pathfinder1e.md §1.9"
NAMES = {"str": ("Str", "Fue"), "dex": ("Dex", "Des"), "con": ("Con", "Con")}
#: what a score at 0 does when drain takes it there [O]
ZERO = {"str": "helpless", "dex": "paralyzed"}


def points(c: Combatant, mark: str, key: str) -> int:
    return int((c.marks.get(mark) or {}).get(key, 0))


def _store(ctx: Context, c: Combatant, mark: str, key: str, value: int) -> None:
    table = dict(c.marks.get(mark) or {})
    table[key] = value
    ctx.set_mark(c, mark, {k: v for k, v in table.items() if v} or None)


def left(c: Combatant, key: str) -> int:
    """The score after drain: what ability damage is measured against."""
    return max(0, score(c, key) - points(c, "ability_drain", key))


def damage(ctx: Context, c: Combatant, key: str, amount: int, heal: bool = False,
           why: tuple[str, str] | None = None) -> None:
    """Ability damage: capped at the score (more changes nothing); at the score, unconscious
    (Con: dead); healing below it wakes a creature the damage knocked out."""
    from .life import die  # local: life imports stats only, damage imports life

    old = points(c, "ability_damage", key)
    top = left(c, key)
    new = max(0, old - amount) if heal else min(old + amount, max(top, old))
    _store(ctx, c, "ability_damage", key, new)
    name = NAMES[key]
    verb = ("recovers", "recupera") if heal else ("takes", "sufre")
    lead_en, lead_es = why or (f"{c.name} {verb[0]} {amount} {name[0]} damage",
                               f"{c.name} {verb[1]} {amount} de daño de {name[1]}")
    ctx.say(f"{lead_en}: {name[0]} damage {old} -> {new}",
            f"{lead_es}: daño de {name[1]} {old} -> {new}", rule=RULE, who=c.id)
    if c.life == "dead" or score(c, key) <= 0:
        return
    if heal:
        if new < top:
            _wake(ctx, c, f"{key} damage")
        return
    if new >= top:
        if key == "con":
            die(ctx, c, f"Con damage {new} reaches Con {top}", f"daño de Con {new} alcanza Con {top}",
                rule=RULE, can_cheat=False)
        elif not any(i.note == f"{key} damage" for i in c.instances("unconscious")):
            ctx.apply_condition(c, ctx.ruleset.catalogue.get("unconscious"), note=f"{key} damage")
            ctx.say(f"{c.name} falls unconscious: {name[0]} damage {new} reaches its score {top}",
                    f"{c.name} cae inconsciente: daño de {name[1]} {new} alcanza su puntuación {top}",
                    rule=RULE, who=c.id)


def drain(ctx: Context, c: Combatant, key: str, amount: int, heal: bool = False) -> None:
    """Ability drain lowers the score; at 0, Con kills, Str leaves it helpless, Dex paralyzed."""
    from .life import die, reconcile

    base = score(c, key)
    old = points(c, "ability_drain", key)
    new = max(0, old - amount) if heal else min(base, old + amount)
    _store(ctx, c, "ability_drain", key, new)
    name = NAMES[key]
    verb = ("recovers", "recupera") if heal else ("is drained of", "sufre consunción de")
    ctx.say(f"{c.name} {verb[0]} {amount} {name[0]}: {name[0]} {base - old} -> {base - new} "
            f"(drain {new}; rest does not restore it)",
            f"{c.name} {verb[1]} {amount} de {name[1]}: {name[1]} {base - old} -> {base - new} "
            f"(consunción {new}; el descanso no la recupera)", rule=RULE, who=c.id)
    if c.life == "dead" or base <= 0:
        return
    note = f"{key} drained to 0"
    if heal:
        if base - new > 0:
            for cond in ("helpless", "paralyzed"):
                for inst in c.instances(cond):
                    if inst.note == note:
                        ctx.remove_condition(c, inst, reason="restored")
        return
    if base - new <= 0:
        if key == "con":
            die(ctx, c, "Con drained to 0", "Con consumida hasta 0", rule=RULE, can_cheat=False)
            return
        if not any(i.note == note for i in c.instances(ZERO[key])):
            ctx.apply_condition(c, ctx.ruleset.catalogue.get(ZERO[key]), note=note)
            ctx.say(f"{c.name}: {name[0]} 0, {ZERO[key]}", f"{c.name}: {name[1]} 0, "
                    f"{ctx.ruleset.catalogue.get(ZERO[key]).es.lower()}", rule=RULE, who=c.id)
    elif key == "con" and "hp" in c.pools:
        reconcile(ctx, c)  # death moved up to -(Con - drain)


def _wake(ctx: Context, c: Combatant, note: str) -> None:
    gone = [i for i in c.instances("unconscious") if i.note == note]
    for inst in gone:
        ctx.remove_condition(c, inst, reason="healed")
    if gone:
        ctx.say(f"{c.name} wakes up: {note} below its score", f"{c.name} despierta: el daño ya no alcanza "
                f"su puntuación", rule=RULE, who=c.id)
