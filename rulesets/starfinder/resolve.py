"""Resolve Points spent by the GM for a character (starfinder.md §3.4.6-9, §3.5).

``spend NAME resolve stabilize|fight|stamina``; anything else spends from the pool as
the engine does. Time-based recoveries (stamina after 10 minutes, the hourly Con check
of long-term stability) run from ``on_time_passed``.
"""

from __future__ import annotations

from gm_console.ruleset import Combatant, Context, fold_text, record_check

from . import life
from .common import check, say
from .stats import ability_mod, level

RESOLVE = ("resolve", "rp", "pr", "resolucion", "resolución")
USES = {
    "stabilize": "stabilize", "stabilise": "stabilize", "estabilizar": "stabilize", "estabilizarse": "stabilize",
    "stable": "stabilize",
    "fight": "fight", "luchar": "fight", "stay": "fight", "stay-in-the-fight": "fight", "wake": "fight",
    "preparado": "fight", "levantarse": "fight",
    "stamina": "stamina", "estamina": "stamina", "sp": "stamina", "aguante": "stamina", "pe": "stamina",
}
STAMINA_REST = 600
HOUR = 3600


def spend(ctx: Context, c: Combatant, resource: str, amount: int | None, args: tuple[str, ...]) -> None:
    if fold_text(resource) not in {fold_text(r) for r in RESOLVE}:
        ctx.spend_pool(c, resource, amount if amount is not None else 1)
        return
    if c.category == "vehicle":
        ctx.fail(f"{c.name} is a vehicle and has no resolve")
    if "rp" not in c.pools:
        ctx.fail(f"{c.name} has no Resolve Points (give rp=N, or level= and key=)")
    uses = [USES[fold_text(a).replace(" ", "-")] for a in args if fold_text(a).replace(" ", "-") in USES]
    unknown = [a for a in args if fold_text(a).replace(" ", "-") not in USES]
    if unknown or len(uses) > 1:
        ctx.fail(f"spend {c.name} resolve: unknown use {' '.join(unknown or args)!r}; "
                 "uses: stabilize, fight, stamina (or a number of RP)")
    if not uses:
        ctx.spend_pool(c, "rp", amount if amount is not None else 1, rule="starfinder.md §3.5 class feature")
        say(ctx, c, f"{c.name} spends {amount or 1} RP ({c.pools['rp'].value} left)",
            f"{c.name} gasta {amount or 1} PR (le quedan {c.pools['rp'].value})", "starfinder.md §3.5")
        return
    {"stabilize": stabilize, "fight": stay_in_fight, "stamina": stamina}[uses[0]](ctx, c, amount)


def _own_turn(ctx: Context, c: Combatant, what: str, que: str) -> None:
    state = ctx.state
    if state.in_combat and state.active != c.id:
        active = state.combatants.get(state.active) if state.active else None
        now = f" (now: {active.name})" if active else ""
        ctx.fail(f"{c.name} can {what} only on its own turn{now}")


def stabilize(ctx: Context, c: Combatant, amount: int | None) -> None:
    """starfinder.md §3.4.6 [S]: clamp(floor(max RP / 4), 1, 3) RP, on its turn; stays at 0 HP, stops losing RP."""
    if c.life != "dying":
        ctx.fail(f"{c.name} is not dying ({c.life}); only the dying stabilise with RP")
    _own_turn(ctx, c, "spend RP to stabilise", "")
    cost = life.stabilize_cost(c)
    rp = c.pools["rp"]
    if amount is not None and amount != cost:
        ctx.fail(f"stabilising costs {c.name} exactly {cost} RP (a quarter of max {rp.max}, 1 to 3), not {amount}")
    if rp.value < cost:
        ctx.fail(f"{c.name} needs {cost} RP to stabilise and has {rp.value}; a Medicine DC 15 check can still "
                 f"do it (medicine {c.id} [TOTAL] by HEALER)")
    ctx.set_pool(c, "rp", rp.value - cost, rule="starfinder.md §3.4.6 [S]")
    life.make_stable(ctx, c, "resolve", "starfinder.md §3.4.6 [S]", with_resolve=True)
    say(ctx, c, f"{c.name} spends {cost} RP to stabilise ({rp.value} left): stable at 0 HP, no more RP loss",
        f"{c.name} gasta {cost} PR para estabilizarse (le quedan {rp.value}): estable a 0 PG, deja de perder PR",
        "starfinder.md §3.4.6 [S]")


def stay_in_fight(ctx: Context, c: Combatant, amount: int | None) -> None:
    """starfinder.md §3.4.7 [S]: stable or knocked out at 0 HP, at the start of its turn: 1 RP -> 1 HP, conscious."""
    if c.life != "stable" or c.pools["hp"].value != 0:
        ctx.fail(f"{c.name} is {c.life} with {c.pools['hp'].value} HP; staying in the fight needs stable (or "
                 "knocked out by nonlethal damage) at 0 HP")
    if amount not in (None, 1):
        ctx.fail(f"staying in the fight costs 1 RP, not {amount}")
    _own_turn(ctx, c, "spend RP to stay in the fight (start of its turn)", "")
    state = ctx.state
    if state.in_combat and c.marks.get("stabilized") == state.round:
        ctx.fail(f"{c.name} stabilised with RP this round; it can stay in the fight from its next turn")
    rp = c.pools["rp"]
    if rp.value < 1:
        ctx.fail(f"{c.name} has no RP left to stay in the fight; it waits (long-term stability: pass 1h)")
    ctx.set_pool(c, "rp", rp.value - 1, rule="starfinder.md §3.4.7 [S]")
    ctx.set_pool(c, "hp", 1, rule="starfinder.md §3.4.7 [S]")
    life.clear_zero_marks(ctx, c)
    ctx.set_life(c, "ok", rule="starfinder.md §3.4.7 [S]")
    say(ctx, c, f"{c.name} spends 1 RP to stay in the fight: 1 HP, conscious, acts normally ({rp.value} RP left)",
        f"{c.name} gasta 1 PR para seguir luchando: 1 PG, consciente, actúa con normalidad (le quedan {rp.value} PR)",
        "starfinder.md §3.4.7 [S]")


def stamina(ctx: Context, c: Combatant, amount: int | None) -> None:
    """starfinder.md §3.5 [S]: 1 RP and 10 uninterrupted minutes of rest restore all stamina."""
    if ctx.state.in_combat:
        ctx.fail(f"regaining stamina needs 10 minutes of rest: `end` the combat, then spend and `pass 10m`")
    if amount not in (None, 1):
        ctx.fail(f"regaining stamina costs 1 RP, not {amount}")
    if c.life in ("dying", "dead"):
        ctx.fail(f"{c.name} is {c.life}: resting for stamina is out of the question")
    sp = c.pools.get("sp")
    if sp is None:
        ctx.fail(f"{c.name} has no stamina pool")
    if sp.value >= (sp.max or 0):
        ctx.fail(f"{c.name} already has full stamina ({sp.value})")
    if c.marks.get("stamina_rest") is not None:
        ctx.fail(f"{c.name} is already resting for stamina: pass 10m")
    rp = c.pools["rp"]
    if rp.value < 1:
        ctx.fail(f"{c.name} has no RP to regain stamina")
    ctx.set_pool(c, "rp", rp.value - 1, rule="starfinder.md §3.5 [S]")
    ctx.set_mark(c, "stamina_rest", 0)
    say(ctx, c, f"{c.name} spends 1 RP ({rp.value} left) and rests: all stamina returns after 10 minutes "
                f"(pass 10m)",
        f"{c.name} gasta 1 PR (le quedan {rp.value}) y descansa: recupera toda la estamina tras 10 minutos "
        f"(pass 10m)", "starfinder.md §3.5 [S]")


def interrupt_rests(ctx: Context) -> None:
    for c in ctx.state.combatants.values():
        if c.marks.get("stamina_rest") is not None:
            ctx.set_mark(c, "stamina_rest", None)
            say(ctx, c, f"Combat interrupts {c.name}'s rest: no stamina regained (the RP stays spent)",
                f"El combate interrumpe el descanso de {c.name}: no recupera estamina (el PR queda gastado)",
                "starfinder.md §3.5 [I]")


def time_passed(ctx: Context, seconds: int) -> None:
    for c in list(ctx.state.combatants.values()):
        rest = c.marks.get("stamina_rest")
        if rest is not None:
            total = int(rest) + seconds
            if total >= STAMINA_REST:
                ctx.set_mark(c, "stamina_rest", None)
                sp = c.pools["sp"]
                before = sp.value
                ctx.set_pool(c, "sp", sp.max or sp.value, rule="starfinder.md §3.5 [S]")
                say(ctx, c, f"{c.name} rested 10 minutes: stamina {before}→{sp.value}",
                    f"{c.name} descansó 10 minutos: estamina {before}→{sp.value}", "starfinder.md §3.5 [S]")
            else:
                ctx.set_mark(c, "stamina_rest", total)
        _long_term(ctx, c, seconds)


def _long_term(ctx: Context, c: Combatant, seconds: int) -> None:
    """starfinder.md §3.4.9 [S]: stable with no RP to stay in the fight: a Con check every hour."""
    if c.life != "stable" or c.pools["hp"].value != 0:
        return
    rp = c.pools.get("rp")
    if rp is not None and rp.value >= 1:
        say(ctx, c, f"{c.name} is stable with {rp.value} RP: it can stay in the fight (spend {c.id} resolve fight); "
                    "no Con check while it has RP",
            f"{c.name} está estable con {rp.value} PR: puede seguir luchando (spend {c.id} resolve fight); sin "
            "prueba de Con mientras tenga PR", "starfinder.md §3.4.9 [S]")
        return
    total = int(c.marks.get("stable_secs") or 0) + seconds
    hours = int(c.marks.get("stable_hours") or 0)
    conmod = ability_mod(c, "con")
    while total >= HOUR:
        total -= HOUR
        hours += 1
        tended = bool(c.marks.get("tended"))
        bonus = conmod + (2 if tended else 0)
        result, text = check(ctx, bonus, f"long-term stability of {c.name} (Con)", c)
        natural = result - bonus
        if tended and result < 10:
            result = 10
        record_check(ctx, c, "Con (long-term stability)", result, dice=(natural,), bonus=bonus,
                     against="20 wakes, under 10 dies", target=20,
                     outcome="wakes" if result >= 20 else "dies" if result < 10 else "stable")
        ctx.set_mark(c, "tended", None)
        care_en = " with a healer's care (+2, at least 10)" if tended else ""
        care_es = " con cuidados (+2, mínimo 10)" if tended else ""
        if result >= 20:
            ctx.set_pool(c, "hp", 1, rule="starfinder.md §3.4.9 [S]")
            life.clear_zero_marks(ctx, c)
            ctx.set_life(c, "ok", rule="starfinder.md §3.4.9 [S]")
            say(ctx, c, f"{c.name}'s Con check after hour {hours}{care_en}: {result} (20+): regains 1 HP and wakes",
                f"Prueba de Con de {c.name} tras la hora {hours}{care_es}: {result} (20+): recupera 1 PG y despierta",
                "starfinder.md §3.4.9 [S]")
            return
        if result < 10:
            life.kill(ctx, c, "con", f"{c.name}'s Con check after hour {hours}{care_en}: {result} (under 10): dies",
                      f"Prueba de Con de {c.name} tras la hora {hours}{care_es}: {result} (menos de 10): muere",
                      "starfinder.md §3.4.9 [S]")
            return
        say(ctx, c, f"{c.name}'s Con check after hour {hours}{care_en}: {result} (10-19): still stable, "
                    "again in an hour",
            f"Prueba de Con de {c.name} tras la hora {hours}{care_es}: {result} (10-19): sigue estable, otra en "
            "una hora", "starfinder.md §3.4.9 [S]")
        if hours >= 8:
            hp = max(1, level(c))
            ctx.set_pool(c, "hp", hp, rule="starfinder.md §3.4.9 [O]")
            life.clear_zero_marks(ctx, c)
            ctx.set_life(c, "ok", rule="starfinder.md §3.4.9 [O]")
            say(ctx, c, f"{c.name} has lain stable 8 hours: wakes with {hp} HP (1 per level)",
                f"{c.name} lleva 8 horas estable: despierta con {hp} PG (1 por nivel)", "starfinder.md §3.4.9 [O]")
            return
    ctx.set_mark(c, "stable_secs", total)
    ctx.set_mark(c, "stable_hours", hours)
