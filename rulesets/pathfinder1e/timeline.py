"""What happens when a turn starts (pathfinder1e.md §1.4, §1.5).

In this order: flat-footed ends at the first turn, bleeds hit, a dying
combatant that was already dying rolls its Con check (bleeding makes it fail),
a confused one rolls d%. ``play_round`` is the same bleed and dying round for
time passing out of combat (``passing``).
"""

from __future__ import annotations

from gm_console.ruleset import Combatant, Context

from . import damage, hero, initiative, life
from .conditions import BLEEDS
from .options import option
from .stats import mod


def turn_start(ctx: Context, c: Combatant, catalogue) -> None:
    hero.close_windows(ctx)
    for other in list(ctx.state.combatants.values()):
        life.reconcile(ctx, other)
    initiative.first_turn(ctx, c)
    if c.life == "dead":
        return
    was_dying = c.life == "dying"
    bleeding = bleed(ctx, c)
    if c.life == "dead":
        return
    if was_dying and c.life == "dying":
        life.dying_check(ctx, c, bleeding)
    if c.life not in ("dead", "dying", "stable", "unconscious"):
        confusion(ctx, c, catalogue)
    if c.id in ctx.state.readied and option(ctx.state, "ready_lapses"):

        ctx.end_ready(c, "lapsed")
        ctx.say(f"{c.name}'s readied action lapses (option ready_lapses: official rule)",
                f"La acción preparada de {c.name} se pierde (opción ready_lapses: regla oficial)",
                rule="pathfinder1e.md §1.1.6 [Δ]", who=c.id)


def bleed(ctx: Context, c: Combatant) -> bool:
    """Apply every bleed (pathfinder1e.md §1.5 [S]); one per type, the worst, by the catalogue's max stacking."""
    found = False
    for inst in list(c.conditions):
        kind = BLEEDS.get(inst.cond)
        if kind is None or not inst.value or c.life == "dead":
            continue
        found = True
        if kind == "hp":
            life.lose_hp(ctx, c, inst.value, rule="pathfinder1e.md §1.5 bleed",
                         cause=(f"{c.name} bleeds {inst.value}", f"{c.name} sangra {inst.value}"))
        else:
            damage.ability_damage(ctx, c, kind, inst.value)
    return found


def confusion(ctx: Context, c: Combatant, catalogue) -> None:
    if not any(i.cond == "confused" for i in c.conditions):
        return
    r = ctx.roll("1d100", purpose=f"{c.name}: confusion (d%)", who=c.id)
    n = r.total
    if n <= 25:
        en, es = "acts normally", "actúa con normalidad"
    elif n <= 50:
        en, es = "does nothing but babble incoherently", "solo balbucea incoherencias"
    elif n <= 75:
        smod = mod(int(c.stats.get("str") or 10))
        en, es = (f"deals 1d8{smod:+d} damage to itself with the item in hand",
                  f"se inflige 1d8{smod:+d} de daño con lo que tenga en la mano")
    else:
        en, es = "attacks the nearest creature", "ataca a la criatura más cercana"
    ctx.say(f"{c.name} is confused: d% {n}, {en}", f"{c.name} está confuso: d% {n}, {es}",
            rule="pathfinder1e.md §1.5 confused [O]", who=c.id)


def play_round(ctx: Context, c: Combatant) -> None:
    """One round of time passing for a bleeding or dying creature, as at the start of its turn."""
    was_dying = c.life == "dying"
    bleeding = bleed(ctx, c)
    if was_dying and c.life == "dying":
        life.dying_check(ctx, c, bleeding)
