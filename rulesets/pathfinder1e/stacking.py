"""What adding a condition does beyond "add an instance" (pathfinder1e.md §1.5).

Fatigued on a fatigued creature makes it exhausted; with the fear_escalation
option, fear grades escalate; energy drain kills at its HD; the life-state
names (dying, stable, disabled, dead) typed by hand move the life state.
"""

from __future__ import annotations

from dataclasses import replace

from gm_console.ruleset import Combatant, ConditionDef, Context

from . import damage, life, negative_levels
from .initiative import FLAT_NOTE
from .options import option

RULE = "pathfinder1e.md §1.5"


def add(ctx: Context, c: Combatant, cdef: ConditionDef, rounds, value, clock, source) -> None:
    cat = ctx.ruleset.catalogue
    if cdef.id in ("dying", "stable", "disabled", "dead"):
        return by_hand(ctx, c, cdef.id)
    if c.life == "dead":
        ctx.fail(f"{c.name} is dead; conditions no longer matter (revive {c.id} HP first)")
    if cdef.id == "fatigued" and (c.has("fatigued") or c.has("exhausted")):
        if c.has("exhausted"):
            ctx.say(f"{c.name} is already exhausted: more fatigue changes nothing",
                    f"{c.name} ya está exhausto: más fatiga no cambia nada", rule=RULE, who=c.id)
            return
        for inst in c.instances("fatigued"):
            ctx.remove_condition(c, inst, reason="replaced")
        ctx.apply_condition(c, cat.get("exhausted"), rounds=rounds, clock=clock, source=source)
        ctx.say(f"{c.name} is fatigued again: exhausted", f"{c.name} se fatiga de nuevo: exhausto",
                rule="pathfinder1e.md §1.5 fatigued [S]", who=c.id)
        return
    if cdef.family == "fear" and option(ctx.state, "fear_escalation"):
        up = _escalate(c, cdef.id)
        if up:
            for inst in [i for i in c.conditions if i.cond in ("shaken", "frightened")]:
                ctx.remove_condition(c, inst, reason="replaced")
            ctx.apply_condition(c, cat.get(up), rounds=rounds, clock=clock, source=source)
            ctx.say(f"{c.name}: {cdef.id} on top of fear escalates to {up}",
                    f"{c.name}: {cdef.es.lower()} sobre miedo escala a {cat.get(up).es.lower()}",
                    rule="pathfinder1e.md §1.5 fear escalation [Δ option]", who=c.id)
            return
    if cdef.id == "flat-footed" and any(i.note == FLAT_NOTE for i in c.instances(cdef.id)):
        # keep the GM's flat-footed apart from the one that ends at the first turn
        cdef = replace(cdef, stack="separate")
    ctx.apply_condition(c, cdef, rounds=rounds, value=value, clock=clock, source=source)
    if cdef.id == "energy-drained":
        negative_levels.sync(ctx, c)


def _escalate(c: Combatant, new: str) -> str | None:
    has_shaken, has_fright = c.has("shaken"), c.has("frightened")
    if c.has("panicked") or c.has("cowering"):
        return None
    if new == "shaken":
        return "panicked" if has_fright else ("frightened" if has_shaken else None)
    if new == "frightened":
        return "panicked" if (has_shaken or has_fright) else None
    return None


def by_hand(ctx: Context, c: Combatant, which: str) -> None:
    """`cond NAME stable|dying|disabled|dead`: the GM states the life state directly."""
    life.need_hp(ctx, c)
    hp = life.hp_of(c)
    if which == "dead":
        if c.life != "dead":
            life.die(ctx, c, "by the GM", "por el DJ", rule=RULE, can_cheat=False)
        return
    if c.life == "dead":
        ctx.fail(f"{c.name} is dead (revive {c.id} HP first)")
    if which == "stable":
        if hp >= 0 or c.life not in ("dying", "stable"):
            ctx.fail(f"{c.name} is not dying (HP {hp}, {c.life}): only the dying can be stabilized")
        life.make_stable(ctx, c, "aided", "pathfinder1e.md §1.4 [O]",
                         (f"{c.name} is stabilized (aided): unconscious, no more HP loss",
                          f"{c.name} queda estabilizado (con ayuda): inconsciente, ya no pierde PG"))
        damage.stop_bleeding(ctx, c, ("the bleeding is stopped", "se detiene el sangrado"))
        return
    if which == "dying":
        if hp >= 0:
            ctx.set_pool(c, "hp", -1, rule=RULE)
        ctx.set_life(c, "dying", rule=RULE)
        for k in ("stable", "recovering"):
            ctx.set_mark(c, k, None)
        ctx.say(f"{c.name} is dying (HP {life.hp_of(c)})", f"{c.name} está moribundo (PG {life.hp_of(c)})",
                rule=RULE, who=c.id)
        return
    # disabled
    if hp > 0:
        ctx.fail(f"{c.name} has {hp} HP: disabled is HP 0, or negative HP once stable and awake")
    ctx.set_life(c, "disabled", rule=RULE)
    ctx.set_mark(c, "stable", None)
    ctx.say(f"{c.name} is disabled (HP {hp})", f"{c.name} está incapacitado (PG {hp})", rule=RULE, who=c.id)
