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

from gm_console.ruleset import Combatant, Context, EncounterState, Msg, fold_text, named
from gm_console.ruleset import life as life_word

from . import marks
from .common import check, say, value
from .i18n import T_, _
from .stats import CONTROL_NAMES, is_vehicle

MOTION = {"stopped": T_("vehicle motion", "stopped", "parado"), "driving": T_("vehicle motion", "driving", "en marcha"),
          "racing": T_("vehicle motion", "racing", "a toda velocidad")}
CONTROL = CONTROL_NAMES


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


def operator_piloting(rules, state: EncounterState, v: Combatant, with_broken: bool = True) -> int:
    if control(v) == "autopilot":
        base = int(v.stats.get("autopilot") or 0)
    else:
        p = pilot_of(state, v)
        base = value(rules, state, p, "piloting") if p is not None and not is_vehicle(p) else 0
    if with_broken and any(i.cond == "broken" for i in rules.conditions.active(v)):
        base -= 2
    return base


def vehicles_of(state: EncounterState, pilot: Combatant) -> list[Combatant]:
    return [v for v in state.combatants.values() if is_vehicle(v) and pilot_of(state, v) is pilot]


def the_vehicle(ctx: Context, ref: str) -> Combatant:
    v = ctx.combatant(ref)
    if not is_vehicle(v):
        ctx.fail(_("{name} is not a vehicle (add it with: add NAME vehicle level=... speed=... hp=...)", name=v.name))
    if v.life == "dead":
        ctx.fail(_("{name} is wrecked", name=v.name))
    return v


def operator(ctx: Context, v: Combatant) -> Combatant:
    """Who spends the actions: the pilot, or the vehicle itself under autopilot."""
    mode = control(v)
    if mode == "autopilot":
        return v
    p = pilot_of(ctx.state, v)
    if p is None or mode == "uncontrolled":
        ctx.fail(_("no one controls {name}: pilot {ref} NAME (take control), or autopilot {ref} on", name=v.name,
                   ref=v.id))
    return p


def piloting_check(rules, ctx: Context, v: Combatant, op: Combatant, purpose: str, given: int | None,
                   dc: int | None = None) -> int:
    bonus = operator_piloting(rules, ctx.state, v)
    total, _text = check(ctx, bonus, _('{purpose} (Piloting for {vehicle})', purpose=purpose, vehicle=named(v)), op,
                         given, what=f"Piloting ({purpose}, {v.name})", dc=dc)
    return total


def motion(v: Combatant) -> str:
    return marks.MOTION.of(v) or "stopped"


# -- the sheet (damage to a vehicle is in damage.py) -------------------------------------


def status(state: EncounterState, c: Combatant) -> list[Msg]:
    if is_vehicle(c):
        mode = control(c)
        p = pilot_of(state, c)
        m = motion(c)
        if mode in ("piloted", "autocontrol") and p is not None:
            who = _("pilot: {name} (autocontrol)", name=p.name) if mode == "autocontrol" else \
                _("pilot: {name}", name=p.name)
        else:
            who = CONTROL[mode]
        move = _("{motion} (+2 AC)", motion=MOTION[m]) if m == "racing" else MOTION[m]
        if c.stats.get("collision") and c.stats.get("dc") is not None:
            return [_("{who}; {motion}; collision {dice} DC {dc}", who=who, motion=move, dice=c.stats["collision"],
                      dc=c.stats["dc"])]
        if c.stats.get("collision"):
            return [_("{who}; {motion}; collision {dice}", who=who, motion=move, dice=c.stats["collision"])]
        return [_("{who}; {motion}", who=who, motion=move)]
    out = [_("pilots {name}", name=v.name) for v in vehicles_of(state, c) if control(v) in ("piloted", "autocontrol")]
    aboard = find(state, marks.ABOARD.of(c))
    if aboard is not None and pilot_of(state, aboard) is not c:
        out.append(_("aboard {name}", name=aboard.name))
    return out


def pending(state: EncounterState) -> "list[tuple[Combatant, Msg]]":
    out = []
    for v in state.combatants.values():
        if not is_vehicle(v) or v.life == "dead":
            continue
        m = motion(v)
        if m == "racing":
            out.append((v, _("{name} is racing: next turn race again (full), drive or stop short (move), or hand over "
                             "control (swift)", name=v.name)))
        if m != "stopped" and control(v) == "uncontrolled":
            out.append((v, _("{name} is moving with no one in control", name=v.name)))
        p = pilot_of(state, v)
        if m != "stopped" and control(v) in ("piloted", "autocontrol") and p is not None \
                and p.life in ("dying", "stable", "unconscious", "dead"):
            out.append((v, _("{name} is moving and its pilot {pilot} is {life}", name=v.name, pilot=p.name,
                             life=life_word(p.life))))
    return out


def turn_start(ctx: Context, c: Combatant) -> None:
    for v in vehicles_of(ctx.state, c):
        if motion(v) == "racing" and control(v) == "piloted":
            say(ctx, v, _("{name} is still racing: {pilot} must race again (full), drive or stop short (move), or hand "
                          "over control (swift)", name=named(v), pilot=named(c)), "starfinder.md §3.8 race [S]")


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
