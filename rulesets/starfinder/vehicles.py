"""Vehicles as combatants (starfinder.md §3.8): who controls them, how they move, what the sheet shows.

Marks on a vehicle: ``motion`` "stopped" | "driving" | "racing" (racing gives +2 AC),
``engine`` "on", ``ran_over`` {round, turn, ids} so nobody is run over twice in one
turn, ``auto_broken`` when the half-HP rule broke it. Stats ``pilot`` (a combatant) and
``control`` (piloted, autopilot, autocontrol, uncontrolled) are the GM's to set too.
The pilot's actions pay for the vehicle's; under autopilot the vehicle acts on its own
count. Checks roll 1d20 + the pilot's Piloting (-2 if the vehicle is broken) unless the
GM types the total. The verbs live in ``vehicle_control`` and ``driving``.
"""

from __future__ import annotations

from gm_console.ruleset import Combatant, Context, EncounterState, fold_text

from .common import check, say
from .options import opt
from .stats import is_vehicle

MOTION_ES = {"stopped": "parado", "driving": "en marcha", "racing": "a toda velocidad"}
CONTROL_ES = {"piloted": "pilotado", "autopilot": "piloto automático", "autocontrol": "autocontrol",
              "uncontrolled": "sin control"}


def find(state: EncounterState, ref) -> Combatant | None:
    """A combatant by id or name, without raising: a save may name a pilot who left."""
    if not ref:
        return None
    if ref in state.combatants:
        return state.combatants[ref]
    key = fold_text(str(ref))
    for c in state.combatants.values():
        if fold_text(c.name) == key or fold_text(c.id) == key:
            return c
    return None


def pilot_of(state: EncounterState, v: Combatant) -> Combatant | None:
    return find(state, v.stats.get("pilot"))


def control(v: Combatant) -> str:
    """The GM's or a verb's setting (autopilot, autocontrol...), else piloted when it has a pilot."""
    return v.stats.get("control") or ("piloted" if v.stats.get("pilot") else "uncontrolled")


def operator_piloting(rs, state: EncounterState, v: Combatant, with_broken: bool = True) -> int:
    from .figures import value

    if control(v) == "autopilot":
        base = int(v.stats.get("autopilot") or 0)
    else:
        p = pilot_of(state, v)
        base = value(rs, state, p, "piloting") if p is not None and not is_vehicle(p) else 0
    if with_broken and any(i.cond == "broken" for i in rs.active_conditions(v)):
        base -= 2
    return base


def vehicles_of(state: EncounterState, pilot: Combatant) -> list[Combatant]:
    return [v for v in state.combatants.values() if is_vehicle(v) and pilot_of(state, v) is pilot]


def the_vehicle(ctx: Context, ref: str) -> Combatant:
    v = ctx.combatant(ref)
    if not is_vehicle(v):
        ctx.fail(f"{v.name} is not a vehicle (add it with: add NAME vehicle level=... speed=... hp=...)")
    if v.life == "dead":
        ctx.fail(f"{v.name} is wrecked")
    return v


def operator(ctx: Context, v: Combatant) -> Combatant:
    """Who spends the actions: the pilot, or the vehicle itself under autopilot."""
    mode = control(v)
    if mode == "autopilot":
        return v
    p = pilot_of(ctx.state, v)
    if p is None or mode == "uncontrolled":
        ctx.fail(f"no one controls {v.name}: pilot {v.id} NAME (take control), or autopilot {v.id} on")
    return p


def piloting_check(rs, ctx: Context, v: Combatant, op: Combatant, purpose: str, given: int | None,
                   dc: int | None = None) -> int:
    bonus = operator_piloting(rs, ctx.state, v)
    total, _ = check(ctx, bonus, f"{purpose} (Piloting for {v.name})", op, given,
                     what=f"Piloting ({purpose}, {v.name})", dc=dc)
    return total


def motion(v: Combatant) -> str:
    return v.marks.get("motion") or "stopped"


# -- damage and the sheet ---------------------------------------------------------------


def damage_vehicle(ctx: Context, v: Combatant, amount: int, taken: int, kind: str, ac: str, ac_value: int,
                   cut_en: str, cut_es: str, why) -> None:
    hp = v.pools.get("hp")
    if hp is None:
        ctx.fail(f"{v.name} has no hp; set it first: set {v.id} hp=40")
    before = hp.value
    new = max(0, before - taken)
    ctx.set_pool(v, "hp", new, rule="starfinder.md §3.8 vehicle damage")
    head_en = f"{v.name} takes {amount} {kind} damage (vs {ac} {ac_value})"
    head_es = f"{v.name} recibe {amount} de daño (contra {'CAE' if ac == 'EAC' else 'CAC'} {ac_value})"
    if why:
        head_en, head_es = f"{why[0]}: {head_en}", f"{why[1]}: {head_es}"
    cut_en = f"{cut_en}; " if cut_en else ""
    cut_es = f"{cut_es}; " if cut_es else ""
    say(ctx, v, f"{head_en}: {cut_en}HP {before}→{new}", f"{head_es}: {cut_es}PG {before}→{new}", "starfinder.md §3.8")
    if new == 0:
        ctx.set_life(v, "dead", rule="starfinder.md §3.8 wrecked [O]")
        ctx.set_mark(v, "death", "wrecked")
        ctx.set_mark(v, "motion", None)
        say(ctx, v, f"{v.name} is wrecked at 0 HP", f"{v.name} queda destrozado a 0 PG", "starfinder.md §3.8 [O]")
        return
    top = hp.max or 0
    if opt(ctx.state, "vehicle_broken_at_half") and new * 2 <= top and not v.has("broken"):
        ctx.apply_condition(v, ctx.ruleset.catalogue.define("broken"), source=v.id)
        ctx.set_mark(v, "auto_broken", True)
        say(ctx, v, f"{v.name} is at half HP or less: broken (-2 AC and collision DC, Piloting -2, half speed)",
            f"{v.name} está a la mitad de PG o menos: roto (-2 CA y CD de colisión, Pilotaje -2, mitad de velocidad)",
            "starfinder.md §3.8 [O]")


def after_repair(ctx: Context, v: Combatant) -> None:
    hp = v.pools["hp"]
    if v.marks.get("auto_broken") and hp.value * 2 > (hp.max or 0):
        ctx.set_mark(v, "auto_broken", None)
        ctx.remove_all(v, "broken", reason="repaired")


def status(state: EncounterState, c: Combatant, lang: str = "en") -> list[str]:
    es = lang == "es"
    if is_vehicle(c):
        mode = control(c)
        p = pilot_of(state, c)
        if mode in ("piloted", "autocontrol") and p is not None:
            who = f"{'piloto' if es else 'pilot'}: {p.name}" + (" (autocontrol)" if mode == "autocontrol" else "")
        else:
            who = CONTROL_ES[mode] if es else mode
        m = motion(c)
        move = MOTION_ES[m] if es else m
        if m == "racing":
            move += " (+2 CA)" if es else " (+2 AC)"
        line = f"{who}; {move}"
        if c.stats.get("collision"):
            dc = c.stats.get("dc")
            line += f"; {'colisión' if es else 'collision'} {c.stats['collision']}" + (f" {'CD' if es else 'DC'} {dc}"
                                                                                       if dc is not None else "")
        return [line]
    out = [f"{'pilota' if es else 'pilots'} {v.name}" for v in vehicles_of(state, c)
           if control(v) in ("piloted", "autocontrol")]
    aboard = find(state, c.marks.get("aboard"))
    if aboard is not None and pilot_of(state, aboard) is not c:
        out.append(f"{'a bordo de' if es else 'aboard'} {aboard.name}")
    return out


def pending(state: EncounterState) -> list[tuple[Combatant, str, str]]:
    out = []
    for v in state.combatants.values():
        if not is_vehicle(v) or v.life == "dead":
            continue
        m = motion(v)
        if m == "racing":
            out.append((v, f"{v.name} is racing: next turn race again (full), drive or stop short (move), or hand "
                           "over control (swift)",
                        f"{v.name} va a toda velocidad: en el próximo turno, carrera (completa), conducir o parada "
                        "en seco (movimiento), o ceder el control (rápida)"))
        if m != "stopped" and control(v) == "uncontrolled":
            out.append((v, f"{v.name} is moving with no one in control",
                        f"{v.name} se mueve sin nadie al mando"))
        p = pilot_of(state, v)
        if m != "stopped" and control(v) in ("piloted", "autocontrol") and p is not None \
                and p.life in ("dying", "stable", "unconscious", "dead"):
            out.append((v, f"{v.name} is moving and its pilot {p.name} is {p.life}",
                        f"{v.name} se mueve y su piloto {p.name} está fuera de combate ({p.life})"))
    return out


def turn_start(ctx: Context, c: Combatant) -> None:
    for v in vehicles_of(ctx.state, c):
        if motion(v) == "racing" and control(v) == "piloted":
            say(ctx, v, f"{v.name} is still racing: {c.name} must race again (full), drive or stop short (move), "
                        "or hand over control (swift)",
                f"{v.name} sigue a toda velocidad: {c.name} debe seguir en carrera (completa), conducir o frenar en "
                "seco (movimiento), o ceder el control (rápida)", "starfinder.md §3.8 race [S]")


def initiative(state: EncounterState, v: Combatant) -> tuple[float, tuple, str]:
    """Vehicles roll nothing: they go on their pilot's count (placed right after it at the start)."""
    p = pilot_of(state, v)
    if p is not None and p.initiative is not None:
        return p.initiative, tuple(p.tiebreak), f"on {p.name}'s count"
    return int(v.stats.get("init") or 0), (0,), "vehicle: no pilot count"


def order_after_pilots(ctx: Context) -> None:
    state = ctx.state
    for v in list(state.combatants.values()):
        if not is_vehicle(v) or v.id not in state.order:
            continue
        p = pilot_of(state, v)
        if p is not None and p.id in state.order and p.id != v.id:
            ctx.move_after(v, p, reason="vehicle goes with its pilot")


def follow_pilot(ctx: Context, v: Combatant) -> None:
    """A new pilot mid-combat: the vehicle moves to just after it in the order (it acts on its pilot's count)."""
    state = ctx.state
    if not state.in_combat or v.id not in state.order or state.active == v.id:
        return
    p = pilot_of(state, v)
    if p is None or p.id not in state.order or p.id == v.id:
        return
    i = state.order.index(p.id)
    if i + 1 < len(state.order) and state.order[i + 1] == v.id:
        return
    ctx.move_after(v, p, reason="vehicle goes with its pilot")
