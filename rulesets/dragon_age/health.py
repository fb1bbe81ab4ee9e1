"""Health, the dying countdown and the pulled blow (dragon_age.md §2.4-§2.6 [S]).

Health never goes below 0. A PC at 0 is dying: a ``dying`` condition whose
rounds are the Con + 2 countdown, clocked by the PC itself, so the engine takes
one off at the start of each of its turns (skipped or not) and, when it runs
out, ``on_removed`` kills it: that is "dies at the start of its turn in the
last round" (dragon_age.md §2.6 [I]). The same clock makes ``pass`` count the countdown down
out of combat. The 2d6 minutes of a pulled blow are an ``unconscious``
condition in 15-second rounds, for the same reason.
"""

from __future__ import annotations

from gm_console.ruleset import Combatant, Context, EncounterState

from .common import health, rule, turn_started
from .conditions_lookup import cdef
from .options import option
from .stats import ability

ROUND_SECONDS = 15


def dying_rules_apply(state: EncounterState, c: Combatant) -> bool:
    """PCs are dying at 0; NPCs die unless the table treats them as PCs (dragon_age.md §2.6 [I])."""
    return c.is_pc or bool(option(state, "npcs_as_pcs"))


def countdown_length(c: Combatant) -> int:
    """Con + 2 turns; Con + 2 <= 0 still leaves one turn (dragon_age.md §2.6 [I])."""
    return max(1, ability(c, "con") + 2)


def dying_instance(c: Combatant):
    found = c.instances("dying")
    return found[0] if found else None


def turns_left(c: Combatant) -> int | None:
    inst = dying_instance(c)
    return inst.rounds if inst is not None else None


def death_round(state: EncounterState, c: Combatant) -> int | None:
    """The round whose start-of-turn for ``c`` is its last, if a combat is running."""
    left = turns_left(c)
    if left is None or not state.in_combat:
        return None
    return state.round + left - (0 if turn_started(state, c) else 1)


def kill(ctx: Context, c: Combatant, en: str, es: str, section: str) -> None:
    for cond in ("dying", "unconscious"):
        for inst in c.instances(cond):
            ctx.remove_condition(c, inst, reason="replaced")
    ctx.set_life(c, "dead", rule=rule(section))
    ctx.say(en, es, rule=rule(section), who=c.id)


def start_dying(ctx: Context, c: Combatant) -> None:
    n = countdown_length(c)
    state = ctx.state
    ticks = n
    mode = option(state, "dying_count")
    if mode == "rounds" and state.in_combat and not turn_started(state, c):
        ticks = n + 1  # its turn this round still comes: one more tick to reach round R + N
    for inst in c.instances("unconscious"):
        ctx.remove_condition(c, inst, reason="replaced")
    ctx.apply_condition(c, cdef("dying"), rounds=ticks, clock=c.id, source=None)
    ctx.set_life(c, "dying", rule=rule("2.6"))
    con = ability(c, "con")
    when = death_round(state, c)
    when_en = f" (round {when})" if when is not None else ""
    when_es = f" (asalto {when})" if when is not None else ""
    floor_en = " (Con + 2 is below 1: one turn)" if con + 2 < 1 else ""
    floor_es = " (Con + 2 es menor que 1: un turno)" if con + 2 < 1 else ""
    if mode == "rounds":
        ctx.say(f"{c.name} is dying: Con {con:+d} + 2 = {n} rounds{floor_en}; dies at the start of its turn "
                f"in round {when if when is not None else '+' + str(n)} unless healed above 0",
                f"{c.name} está moribundo: Con {con:+d} + 2 = {n} asaltos{floor_es}; muere al comienzo de su "
                f"turno en el asalto {when if when is not None else '+' + str(n)} salvo que lo curen por encima de 0",
                rule=rule("2.6"), who=c.id)
    else:
        ctx.say(f"{c.name} is dying: Con {con:+d} + 2 = {n}{floor_en}; dies at the start of its turn in "
                f"{ticks} turn{'s' if ticks != 1 else ''}{when_en} unless healed above 0",
                f"{c.name} está moribundo: Con {con:+d} + 2 = {n}{floor_es}; muere al comienzo de su turno "
                f"dentro de {ticks} turno{'s' if ticks != 1 else ''}{when_es} salvo que lo curen por encima de 0",
                rule=rule("2.6"), who=c.id)


def knock_out(ctx: Context, c: Combatant, section: str = "2.6") -> None:
    """A pulled blow: 1 Health, unconscious for 2d6 minutes."""
    minutes = ctx.roll("2d6", purpose=f"minutes until {c.name} wakes", who=c.id).total
    health(ctx, c)
    ctx.set_pool(c, "health", 1, rule=rule(section))
    for inst in c.instances("dying"):
        ctx.remove_condition(c, inst, reason="replaced")
    ctx.apply_condition(c, cdef("unconscious"), rounds=minutes * 60 // ROUND_SECONDS, clock=c.id)
    ctx.set_life(c, "unconscious", rule=rule(section))
    ctx.say(f"Pulled blow: {c.name} is left unconscious at 1 health; wakes in {minutes} minutes (2d6)",
            f"Golpe contenido: {c.name} queda inconsciente con 1 de Salud; despierta en {minutes} minutos (2d6)",
            rule=rule(section), who=c.id)


def take_damage(ctx: Context, c: Combatant, raw: int, *, armor: int | None = None,
                penetrating: bool = False, halved: bool = False, pull: bool = False,
                label_en: str = "", label_es: str = "", section: str = "2.4") -> int:
    """Subtract armor (unless penetrating) and apply; returns the damage dealt."""
    if c.life == "dead":
        ctx.fail(f"{c.name} is dead; damage does nothing")
    pool = health(ctx, c)
    rating = int((c.stats.get("armor") or 0) if armor is None else armor)
    if penetrating:
        used, how_en, how_es = 0, " (penetrating: armor ignored)", " (penetrante: sin armadura)"
    elif halved:
        used = rating // 2
        how_en = f" - {used} armor ({rating} halved)"
        how_es = f" - {used} armadura ({rating} a la mitad)"
    else:
        used = rating
        how_en = f" - {used} armor" if used else ""
        how_es = f" - {used} armadura" if used else ""
    dealt = max(0, raw - used)
    before = pool.value
    lead_en = f"{label_en}: " if label_en else ""
    lead_es = f"{label_es}: " if label_es else ""
    if dealt == 0 and used == 0:
        ctx.say(f"{lead_en}{c.name} takes no damage", f"{lead_es}{c.name} no recibe daño",
                rule=rule(section), who=c.id)
        return 0
    if dealt == 0:
        ctx.say(f"{lead_en}{c.name} takes {raw}{how_en} = 0 damage: the armor stops it",
                f"{lead_es}{c.name} recibe {raw}{how_es} = 0 de daño: la armadura lo detiene",
                rule=rule(section), who=c.id)
        return 0
    for inst in c.instances("heal-lockout"):
        ctx.remove_condition(c, inst, reason="damaged")
    after = max(0, before - dealt)
    if pull and after == 0 and before > 0:
        ctx.say(f"{lead_en}{c.name} takes {raw}{how_en} = {dealt} damage, enough to drop it; the blow is pulled",
                f"{lead_es}{c.name} recibe {raw}{how_es} = {dealt} de daño, bastaría para tumbarlo; el golpe se contiene",
                rule=rule("2.6"), who=c.id)
        knock_out(ctx, c)
        return dealt
    if pull and c.life == "unconscious" and after == 0:
        ctx.say(f"{lead_en}{c.name} takes {dealt} more, still a pulled blow: stays unconscious at {before} health",
                f"{lead_es}{c.name} recibe {dealt} más, sigue siendo un golpe contenido: sigue inconsciente con {before}",
                rule=rule("2.6"), who=c.id)
        return dealt
    ctx.set_pool(c, "health", after, rule=rule(section))
    sum_en = f"{raw}{how_en} = {dealt}" if how_en else str(dealt)
    sum_es = f"{raw}{how_es} = {dealt}" if how_es else str(dealt)
    ctx.say(f"{lead_en}{c.name} takes {sum_en} damage: health {before} -> {after}",
            f"{lead_es}{c.name} recibe {sum_es} de daño: Salud {before} -> {after}",
            rule=rule(section), who=c.id)
    if after == 0:
        drop_to_zero(ctx, c, before)
    return dealt


def drop_to_zero(ctx: Context, c: Combatant, before: int) -> None:
    if c.life == "dying":
        ctx.say(f"{c.name} is already dying: health stays at 0 and the countdown goes on",
                f"{c.name} ya está moribundo: la Salud sigue en 0 y la cuenta atrás continúa",
                rule=rule("2.6"), who=c.id)
        return
    if dying_rules_apply(ctx.state, c):
        start_dying(ctx, c)
    else:
        kill(ctx, c, f"{c.name} (NPC) drops to 0 health and dies",
             f"{c.name} (PNJ) cae a 0 de Salud y muere", "2.6")


def heal_health(ctx: Context, c: Combatant, amount: int, label_en: str = "", label_es: str = "",
                section: str = "2.6") -> int:
    """Raise Health (never above max); above 0 ends dying. Returns what it gained."""
    if c.life == "dead":
        ctx.fail(f"{c.name} is dead; healing does nothing")
    pool = health(ctx, c)
    before = pool.value
    top = pool.max if pool.max is not None else before + amount
    after = min(top, before + max(0, amount))
    gained = after - before
    lead_en = f"{label_en}: " if label_en else ""
    lead_es = f"{label_es}: " if label_es else ""
    capped_en = f" (capped at max {top})" if before + amount > top else ""
    capped_es = f" (tope en el máximo {top})" if before + amount > top else ""
    ctx.set_pool(c, "health", after, rule=rule(section))
    ctx.say(f"{lead_en}{c.name} heals {gained}{capped_en}: health {before} -> {after}",
            f"{lead_es}{c.name} recupera {gained}{capped_es}: Salud {before} -> {after}",
            rule=rule(section), who=c.id)
    if after > 0 and c.life == "dying":
        for inst in c.instances("dying"):
            ctx.remove_condition(c, inst, reason="healed")
        ctx.set_life(c, "ok", rule=rule("2.6"))
        ctx.say(f"{c.name} is above 0 health: no longer dying",
                f"{c.name} supera 0 de Salud: deja de estar moribundo", rule=rule("2.6"), who=c.id)
    return gained


def on_removed(ctx: Context, c: Combatant, cond: str, reason: str) -> None:
    """Clocks running out: the dying countdown kills, the pulled blow's sleep ends."""
    if cond == "dying" and c.life == "dying":
        if reason == "expired":
            for inst in c.instances("unconscious"):
                ctx.remove_condition(c, inst, reason="replaced")
            ctx.set_life(c, "dead", rule=rule("2.6"))
            ctx.say(f"{c.name} dies at the start of its turn: the dying countdown ran out",
                    f"{c.name} muere al comienzo de su turno: se acabó la cuenta atrás",
                    rule=rule("2.6"), who=c.id)
        elif reason not in ("healed", "replaced"):
            ctx.set_life(c, "ok", rule=rule("2.6"))
            ctx.say(f"The GM ends {c.name}'s dying countdown", f"El DJ termina la cuenta atrás de {c.name}",
                    rule=rule("2.6"), who=c.id)
    elif cond == "unconscious" and c.life == "unconscious" and reason != "replaced":
        pool = c.pools.get("health")
        if pool is not None and pool.value <= 0:
            return
        ctx.set_life(c, "ok", rule=rule("2.6"))
        ctx.say(f"{c.name} wakes up", f"{c.name} vuelve en sí", rule=rule("2.6"), who=c.id)
