"""Resolve Points spent by the GM for a character (starfinder.md §3.4.6-9, §3.5).

``spend NAME resolve stabilize|fight|stamina``; anything else spends from the pool as
the engine does. Time-based recoveries (stamina after 10 minutes, the hourly Con check
of long-term stability) run from the turns part's ``on_time_passed``.
"""

from __future__ import annotations

from gm_console.ruleset import (Combatant, Context, EncounterState, Spendable, Use, fold_text, gm, named, of,
                                public, record_check, possessive)
from gm_console.ruleset import life as life_word

from . import life, marks
from .common import check, say
from .i18n import T_, _
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
RESOLVE_TERM = T_("resource", "Resolve points", "Puntos de resolución")
USE_TERMS = {"stabilize": T_("resolve use", "stabilize", "estabilizarse"),
             "fight": T_("resolve use", "stay in the fight", "seguir luchando"),
             "stamina": T_("resolve use", "stamina after 10 minutes' rest", "estamina tras 10 minutos de descanso")}


def spend(ctx: Context, c: Combatant, resource: str, amount: int | None, args: tuple[str, ...]) -> None:
    if fold_text(resource) not in {fold_text(r) for r in RESOLVE}:
        ctx.spend_pool(c, resource, amount if amount is not None else 1)
        return
    if c.category == "vehicle":
        ctx.fail(_("{name} is a vehicle and has no resolve", name=c.name))
    if "rp" not in c.pools:
        ctx.fail(_("{name} has no Resolve Points (give rp=N, or level= and key=)", name=c.name))
    uses = [USES[fold_text(a).replace(" ", "-")] for a in args if fold_text(a).replace(" ", "-") in USES]
    unknown = [a for a in args if fold_text(a).replace(" ", "-") not in USES]
    if unknown or len(uses) > 1:
        ctx.fail(_("spend {name} resolve: unknown use {use!r}; uses: stabilize, fight, stamina (or a number of RP)",
                   name=c.name, use=" ".join(unknown or args)))
    if not uses:
        ctx.spend_pool(c, "rp", amount if amount is not None else 1, rule="starfinder.md §3.5 class feature")
        say(ctx, c, _("{name} spends {spent} RP ({left} left)", name=named(c), spent=of(c, amount or 1),
                      left=of(c, c.pools["rp"].value)), "starfinder.md §3.5")
        return
    {"stabilize": stabilize, "fight": stay_in_fight, "stamina": stamina}[uses[0]](ctx, c, amount)


def spendable(state: EncounterState, c: Combatant) -> list[Spendable]:
    """For the spend modal: the RP a character has and the uses it could spend them on now."""
    rp = c.pools.get("rp")
    if c.category == "vehicle" or rp is None or rp.value <= 0:
        return []
    uses = []
    if c.life == "dying" and rp.value >= life.stabilize_cost(c) and (not state.in_combat or state.active == c.id):
        uses.append(Use("stabilize", USE_TERMS["stabilize"], life.stabilize_cost(c)))
    hp = c.pools.get("hp")
    if c.life == "stable" and hp is not None and hp.value == 0 and (not state.in_combat or state.active == c.id) \
            and marks.STABILIZED.of(c) != state.round:
        uses.append(Use("fight", USE_TERMS["fight"]))
    sp = c.pools.get("sp")
    if not state.in_combat and sp is not None and sp.value < (sp.max or 0) and c.life not in ("dying", "dead") \
            and marks.STAMINA_REST.of(c) is None:
        uses.append(Use("stamina", USE_TERMS["stamina"]))
    return [Spendable("resolve", RESOLVE_TERM, rp.value, tuple(uses))]


def _own_turn(ctx: Context, c: Combatant, what: str) -> None:
    state = ctx.state
    if state.in_combat and state.active != c.id:
        active = state.combatants.get(state.active) if state.active else None
        if what == "fight":
            msg = _("{name} can spend RP to stay in the fight only at the start of {whose} own turn",
                    whose=possessive(c), name=c.name)
        else:
            msg = _("{name} can spend RP to stabilise only on {whose} own turn", whose=possessive(c), name=c.name)
        ctx.fail(_("{msg} (now: {active})", msg=msg, active=active.name) if active else msg)


def stabilize(ctx: Context, c: Combatant, amount: int | None) -> None:
    """starfinder.md §3.4.6 [S]: clamp(floor(max RP / 4), 1, 3) RP, on its turn; stays at 0 HP, stops losing RP."""
    if c.life != "dying":
        ctx.fail(_("{name} is not dying ({life}); only the dying stabilise with RP", name=c.name,
                   life=life_word(c.life)))
    _own_turn(ctx, c, "stabilize")
    cost = life.stabilize_cost(c)
    rp = c.pools["rp"]
    if amount is not None and amount != cost:
        ctx.fail(_("stabilising costs {name} exactly {cost} RP (a quarter of max {max}, 1 to 3), not {amount}",
                   name=c.name, cost=cost, max=rp.max, amount=amount))
    if rp.value < cost:
        ctx.fail(_("{name} needs {cost} RP to stabilise and has {rp}; a Medicine DC 15 check can still do it "
                   "(medicine {ref} [TOTAL] by HEALER)", name=c.name, cost=cost, rp=rp.value, ref=c.id))
    ctx.set_pool(c, "rp", rp.value - cost, rule="starfinder.md §3.4.6 [S]")
    life.make_stable(ctx, c, "resolve", "starfinder.md §3.4.6 [S]", with_resolve=True)
    say(ctx, c, _("{name} stabilises with Resolve: stable at 0 HP, no more RP loss", name=named(c)),
        "starfinder.md §3.4.6 [S]", _("{cost} RP spent, {left} left", cost=of(c, cost), left=of(c, rp.value)))


def stay_in_fight(ctx: Context, c: Combatant, amount: int | None) -> None:
    """starfinder.md §3.4.7 [S]: stable or knocked out at 0 HP, at the start of its turn: 1 RP -> 1 HP, conscious."""
    hp = c.pools["hp"].value if "hp" in c.pools else 0
    if c.life != "stable" or hp != 0:
        ctx.fail(_("{name} is {life} with {hp} HP; staying in the fight needs stable (or knocked out by nonlethal "
                   "damage) at 0 HP", name=c.name, life=life_word(c.life), hp=hp))
    if amount not in (None, 1):
        ctx.fail(_("staying in the fight costs 1 RP, not {amount}", amount=amount))
    _own_turn(ctx, c, "fight")
    state = ctx.state
    if state.in_combat and marks.STABILIZED.of(c) == state.round:
        ctx.fail(_("{name} stabilised with RP this round; {name} can stay in the fight from {whose} next turn",
                   whose=possessive(c), name=c.name))
    rp = c.pools["rp"]
    if rp.value < 1:
        ctx.fail(_("{name} has no RP left to stay in the fight and waits (long-term stability: pass 1h)", name=c.name))
    ctx.set_pool(c, "rp", rp.value - 1, rule="starfinder.md §3.4.7 [S]")
    ctx.set_pool(c, "hp", 1, rule="starfinder.md §3.4.7 [S]")
    life.clear_zero_marks(ctx, c)
    ctx.set_life(c, "ok", rule="starfinder.md §3.4.7 [S]")
    say(ctx, c, _("{name} spends Resolve to stay in the fight: conscious, acts normally", name=named(c)),
        "starfinder.md §3.4.7 [S]", _("1 RP spent, {hp} HP, {left} RP left", hp=of(c, 1), left=of(c, rp.value)))


def stamina(ctx: Context, c: Combatant, amount: int | None) -> None:
    """starfinder.md §3.5 [S]: 1 RP and 10 uninterrupted minutes of rest restore all stamina."""
    if ctx.state.in_combat:
        ctx.fail(_("regaining stamina needs 10 minutes of rest: `end` the combat, then spend and `pass 10m`"))
    if amount not in (None, 1):
        ctx.fail(_("regaining stamina costs 1 RP, not {amount}", amount=amount))
    if c.life in ("dying", "dead"):
        ctx.fail(_("{name} is {life}: resting for stamina is out of the question", name=c.name,
                   life=life_word(c.life)))
    sp = c.pools.get("sp")
    if sp is None:
        ctx.fail(_("{name} has no stamina pool", name=c.name))
    if sp.value >= (sp.max or 0):
        ctx.fail(_("{name} already has full stamina ({sp})", name=c.name, sp=sp.value))
    if marks.STAMINA_REST.of(c) is not None:
        ctx.fail(_("{name} is already resting for stamina: pass 10m", name=c.name))
    rp = c.pools["rp"]
    if rp.value < 1:
        ctx.fail(_("{name} has no RP to regain stamina", name=c.name))
    ctx.set_pool(c, "rp", rp.value - 1, rule="starfinder.md §3.5 [S]")
    ctx.set_mark(c, marks.STAMINA_REST, 0)
    say(ctx, c, _("{name} spends 1 RP ({left} left) and rests: all stamina returns after 10 minutes",
                  name=named(c), left=of(c, rp.value)), "starfinder.md §3.5 [S]",
        detail=_("{command}", command=gm("pass 10m")))  # the GM's next command, not the table's


def interrupt_rests(ctx: Context) -> None:
    for c in ctx.state.combatants.values():
        if marks.STAMINA_REST.of(c) is not None:
            ctx.set_mark(c, marks.STAMINA_REST, None)
            say(ctx, c, _("Combat interrupts {name}'s rest: no stamina regained (the RP stays spent)", name=named(c)),
                "starfinder.md §3.5 [I]")


def time_passed(ctx: Context, seconds: int) -> None:
    for c in list(ctx.state.combatants.values()):
        rest = marks.STAMINA_REST.of(c)
        if rest is not None:
            total = int(rest) + seconds
            if total >= STAMINA_REST:
                ctx.set_mark(c, marks.STAMINA_REST, None)
                sp = c.pools["sp"]
                before = sp.value
                ctx.set_pool(c, "sp", sp.max or sp.value, rule="starfinder.md §3.5 [S]")
                say(ctx, c, _("{name} rested 10 minutes: stamina {before}→{after}", name=named(c),
                              before=of(c, before), after=of(c, sp.value)), "starfinder.md §3.5 [S]")
            else:
                ctx.set_mark(c, marks.STAMINA_REST, total)
        _long_term(ctx, c, seconds)


def _long_term(ctx: Context, c: Combatant, seconds: int) -> None:
    """starfinder.md §3.4.9 [S]: stable with no RP to stay in the fight: a Con check every hour."""
    if c.life != "stable" or "hp" not in c.pools or c.pools["hp"].value != 0:
        return
    rp = c.pools.get("rp")
    if rp is not None and rp.value >= 1:
        say(ctx, c, _("{name} is stable with {rp} RP and can stay in the fight; no Con check while any RP is left",
                      name=named(c), rp=of(c, rp.value)), "starfinder.md §3.4.9 [S]",
            _("spend {ref} resolve fight", ref=gm(c.id)))
        return
    total = int(marks.STABLE_SECS.of(c) or 0) + seconds
    hours = int(marks.STABLE_HOURS.of(c) or 0)
    conmod = ability_mod(c, "con")
    while total >= HOUR:
        total -= HOUR
        hours += 1
        tended = bool(marks.TENDED.of(c))
        bonus = conmod + (2 if tended else 0)
        result, _text = check(ctx, bonus, _('long-term stability of {name} (Con)', name=named(c)), c)
        natural = result - bonus
        if tended and result < 10:
            result = 10
        record_check(ctx, c, "Con (long-term stability)", result, dice=(natural,), bonus=bonus,
                     against="20 wakes, under 10 dies", target=20,
                     outcome="wakes" if result >= 20 else "dies" if result < 10 else "stable")
        ctx.set_mark(c, marks.TENDED, None)
        care = _(" with a healer's care (+2, at least 10)") if tended else ""
        # a foe's Con check is the GM's: the players read that it wakes or dies, not the roll
        if result >= 20:
            ctx.set_pool(c, "hp", 1, rule="starfinder.md §3.4.9 [S]")
            life.clear_zero_marks(ctx, c)
            ctx.set_life(c, "ok", rule="starfinder.md §3.4.9 [S]")
            say(ctx, c, _("{name} wakes after lying stable", name=named(c)), "starfinder.md §3.4.9 [S]",
                _("Con check after hour {hours}{care}: {result}, 20+: regains {hp} HP", hours=public(hours), care=care,
                  result=of(c, result), hp=of(c, 1)))
            return
        if result < 10:
            life.kill(ctx, c, "con", _("{name} dies", name=named(c)), "starfinder.md §3.4.9 [S]",
                      _("Con check after hour {hours}{care}: {result}, under 10", hours=public(hours), care=care,
                        result=of(c, result)))
            return
        say(ctx, c, _("{name}'s Con check after hour {hours}{care}: {result} (10-19): still stable, again in an hour",
                      name=named(c), hours=public(hours), care=care, result=of(c, result)), "starfinder.md §3.4.9 [S]")
        if hours >= 8:
            hp = max(1, level(c))
            ctx.set_pool(c, "hp", hp, rule="starfinder.md §3.4.9 [O]")
            life.clear_zero_marks(ctx, c)
            ctx.set_life(c, "ok", rule="starfinder.md §3.4.9 [O]")
            say(ctx, c, _("{name} has lain stable 8 hours: wakes with {hp} HP (1 per level)", name=named(c),
                          hp=of(c, hp)),
                "starfinder.md §3.4.9 [O]")
            return
    ctx.set_mark(c, marks.STABLE_SECS, total)
    ctx.set_mark(c, marks.STABLE_HOURS, hours)
