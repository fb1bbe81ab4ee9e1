"""Vehicle movement verbs (starfinder.md §3.8): start, drive, stop, stop short, race, ram, run over."""

from __future__ import annotations

import re

from gm_console.ruleset import (Combatant, Context, EncounterState, Msg, Term, choice_map, dealt, fold_text, named, of,
                                public)

from . import marks
from .common import check, roll, say, value
from .economy import use
from .i18n import _
from .options import official
from .stats import SIZE_TERMS, SIZES, is_vehicle, level, size_index
from .vehicles import MOTION, control, motion, operator, operator_piloting, pilot_of, piloting_check, the_vehicle

TERRAIN = choice_map(("rough", "aspero", "áspero"), ("flat", "llano"),
                     ("difficult", "dificil", "difícil", "accidentado"))
TERRAIN_ES = {"rough": "áspero", "flat": "llano", "difficult": "difícil"}  # what a Spanish table types


def ignite(ctx: Context, call) -> None:
    """Move action: start the engine."""
    v = the_vehicle(ctx, call.vehicle)
    op = operator(ctx, v)
    if marks.ENGINE.of(v) == "on":
        ctx.fail(_("{name}'s engine is already running", name=v.name))
    use(ctx, op, "move", _("start {name}", name=named(v)))
    ctx.set_mark(v, marks.ENGINE, "on")
    say(ctx, v, _("{pilot} starts {name}", pilot=named(op), name=named(v)), "starfinder.md §3.8 start [S]")


def drive(ctx: Context, call) -> None:
    """Move action: straight along its heading, up to its drive speed."""
    v = the_vehicle(ctx, call.vehicle)
    op = operator(ctx, v)
    speed = value(ctx.ruleset, ctx.state, v, "speed")
    feet = call.feet
    if feet is not None and speed and feet > speed:
        ctx.fail(_("{name} drives at most {speed} ft (its drive speed), not {feet}", name=v.name, speed=speed,
                   feet=feet))
    use(ctx, op, "move", _("drive {name}", name=named(v)))
    was = motion(v)
    ctx.set_mark(v, marks.MOTION, "driving")
    ctx.set_mark(v, marks.ENGINE, "on")
    # how far a vehicle moves is seen by everyone at the table
    dist = _("{feet} ft", feet=public(feet)) if feet is not None else _("up to {speed} ft", speed=public(speed))
    if was == "racing":
        msg = _("{pilot} drives {name} {dist} straight ahead (slowing from the race: no longer +2 AC); stopping after a "
                "drive costs no action", pilot=named(op), name=named(v), dist=dist)
    else:
        msg = _("{pilot} drives {name} {dist} straight ahead; stopping after a drive costs no action", pilot=named(op),
                name=named(v), dist=dist)
    say(ctx, v, msg, "starfinder.md §3.8 drive [S]")


def stop(ctx: Context, call) -> None:
    v = the_vehicle(ctx, call.vehicle)
    m = motion(v)
    if m == "stopped":
        ctx.fail(_("{name} is already stopped", name=v.name))
    if m == "racing":
        ctx.fail(_("{name} is racing: stopping takes a move action and a Piloting check (stopshort {ref})", name=v.name,
                   ref=v.id))
    ctx.set_mark(v, marks.MOTION, "stopped")
    say(ctx, v, _("{name} stops (after a drive: no action)", name=named(v)), "starfinder.md §3.8 stop [S]")


def stop_short(ctx: Context, call) -> None:
    """Move action after a race: Piloting; each full 5 of the result takes 1 square off the movement."""
    v = the_vehicle(ctx, call.vehicle)
    if motion(v) != "racing":
        ctx.fail(_("{name} is {motion}: stopping short is for after a race (after a drive: stop {ref})", name=v.name,
                   motion=MOTION[motion(v)], ref=v.id))
    op = operator(ctx, v)
    use(ctx, op, "move", _("stop {name} short", name=named(v)))
    total = piloting_check(ctx.ruleset, ctx, v, op, "stop short", call.total)
    squares = max(0, total) // 5
    ctx.set_mark(v, marks.MOTION, "stopped")
    full = v.stats.get("full")
    if full:
        msg = _("{pilot} stops {name} short: Piloting {total}, movement reduced by {squares} squares: it moves {moved} "
                "squares before stopping", pilot=named(op), name=named(v), total=of(op, total),
                squares=of(op, squares), moved=public(max(0, int(full) // 5 - squares)))
    else:
        msg = _("{pilot} stops {name} short: Piloting {total}, movement reduced by {squares} squares", pilot=named(op),
                name=named(v), total=of(op, total), squares=of(op, squares))
    say(ctx, v, msg, "starfinder.md §3.8 stop short [S]")


def race_dc(state: EncounterState, v: Combatant) -> int:
    """DC 10 + level; from a stop 15 (seed) or 15 + level (official)."""
    if motion(v) == "stopped":
        return 15 + level(v) if official(state, "race_dc_from_stop") else 15
    return 10 + level(v)


FAILED_RACE = {
    "rough": _("rough terrain: it moves at most half speed"),
    "flat": _("flat terrain: it veers 45° left or right at random"),
    "difficult": _("difficult terrain: Piloting DC 20 + level or out of control (GM)"),
}


def _race_check(ctx: Context, v: Combatant, op: Combatant, given: int | None, what: str,
                terrain: str | None) -> tuple[bool, int]:
    dc = race_dc(ctx.state, v)
    was = motion(v)
    total = piloting_check(ctx.ruleset, ctx, v, op, what, given, dc=dc)
    rule = "starfinder.md §3.8 race [Δ official]" if was == "stopped" and official(ctx.state, "race_dc_from_stop") \
        else "starfinder.md §3.8 race [S]"
    piloting = dict(total=of(op, total), dc=of(op, dc))  # the pilot's check, against the DC it rolls for
    if total >= dc:
        ctx.set_mark(v, marks.MOTION, "racing")
        ctx.set_mark(v, marks.ENGINE, "on")
        far = _(" ({full} ft)", full=public(v.stats["full"])) if v.stats.get("full") else ""
        if was == "stopped":
            msg = _("{pilot} races {name} from a stop: Piloting {total} vs DC {dc}: full speed straight ahead{far}, +2 "
                    "AC while racing", pilot=named(op), name=named(v), far=far, **piloting)
        else:
            msg = _("{pilot} races {name}: Piloting {total} vs DC {dc}: full speed straight ahead{far}, +2 AC while "
                    "racing", pilot=named(op), name=named(v), far=far, **piloting)
        say(ctx, v, msg, rule)
        return True, total
    if was == "stopped":
        say(ctx, v, _("{pilot} fails to race {name} from a stop: Piloting {total} vs DC {dc}: it does not move",
                      pilot=named(op), name=named(v), **piloting), rule)
        return False, total
    ctx.set_mark(v, marks.MOTION, "driving")
    if terrain == "flat":
        side = roll(ctx, "1d2", _('veer of {vehicle} (1 left, 2 right)', vehicle=named(v)), v)
        outcome: "Msg | str" = _("flat terrain: it veers 45° left or right at random ({side})",
                                 side=_("left") if side == 1 else _("right"))
    elif terrain:
        outcome = FAILED_RACE[terrain]
    else:
        outcome = _("{rough}; {flat}; {difficult}", **FAILED_RACE)
    say(ctx, v, _("{pilot} fails the race check for {name}: Piloting {total} vs DC {dc}: {outcome}", pilot=named(op),
                  name=named(v), outcome=outcome, **piloting), rule)
    return False, total


def race(ctx: Context, call) -> None:
    """Full action: full speed in a straight line, Piloting DC 10 + level (15 from a stop)."""
    v = the_vehicle(ctx, call.vehicle)
    op = operator(ctx, v)
    use(ctx, op, "full", _("race {name}", name=named(v)))
    _race_check(ctx, v, op, call.total, "race", call.terrain)


def _collision(ctx: Context, v: Combatant, given: int | None) -> int:
    if given is not None:
        return given
    dice = v.stats.get("collision")
    if not dice:
        ctx.fail(_("{name} has no collision damage: set {ref} collision=4d6", name=v.name, ref=v.id))
    return roll(ctx, str(dice), _('collision damage of {vehicle}', vehicle=named(v)), v)


def _collision_dc(ctx: Context, v: Combatant) -> int:
    if v.stats.get("dc") is None:
        ctx.fail(_("{name} has no collision DC: set {ref} dc=13", name=v.name, ref=v.id))
    return value(ctx.ruleset, ctx.state, v, "collision_dc")


def ram(ctx: Context, call) -> None:
    """Full action: race straight into TARGET: double collision damage to it, half to the vehicle."""
    rules = ctx.ruleset
    v = the_vehicle(ctx, call.vehicle)
    target = ctx.combatant(call.target)
    if target.id == v.id:
        ctx.fail(_("{name} cannot ram itself", name=v.name))
    if target.life == "dead":
        ctx.fail(_("{name} is wrecked", name=target.name) if is_vehicle(target) else
                 _("{name} is dead", name=target.name))
    op = operator(ctx, v)
    rule = "starfinder.md §3.8 ram [S]"
    if op is v and "war" not in fold_text(str(v.stats.get("notes") or "")):
        say(ctx, v, _("Note: an autopilot never rams unless the vehicle is a war machine"),
            "starfinder.md §3.8 autopilot [S]")
    use(ctx, op, "full", _("ram {target} with {name}", target=named(target), name=named(v)))
    dc = _collision_dc(ctx, v)
    ok, atk = _race_check(ctx, v, op, call.total, "ram", None)
    if not ok:
        say(ctx, v, _("A failed Piloting check: {name} cannot ram", name=named(v)), rule)
        return
    if is_vehicle(target):
        tp = pilot_of(ctx.state, target)
        if control(target) == "uncontrolled" or (tp is None and control(target) != "autopilot"):
            say(ctx, v, _("{name} has no one at the controls: it cannot dodge", name=named(target)), rule)
        else:
            defender = tp if control(target) != "autopilot" else target
            total, _text = check(ctx, operator_piloting(rules, ctx.state, target),
                                 _('{target} dodges the ram (Piloting vs {atk})', target=named(target), atk=of(op, atk)),
                                 defender, call.save,
                                 what=f"Piloting (dodge the ram, {target.name})", dc=atk, beat=True,
                                 against=f"the rammer's Piloting {atk}")
            dodge = dict(name=named(target), total=of(defender, total), atk=of(op, atk))
            if total > atk:
                say(ctx, v, _("{name} dodges: Piloting {total} beats {atk}", **dodge), rule)
                return
            say(ctx, v, _("{name} fails to dodge: Piloting {total} vs {atk} (ties go to the rammer)", **dodge), rule)
    else:
        ref = value(rules, ctx.state, target, "ref")
        total, _text = check(ctx, ref, _('Reflex of {target} against the ram (DC {dc})', target=named(target),
                                         dc=of(target, dc)), target, call.save, what="Reflex (avoid the ram)", dc=dc)
        save = dict(name=named(target), total=of(target, total), dc=of(target, dc))
        if total >= dc:
            say(ctx, v, _("{name} avoids the ram: Reflex {total} vs DC {dc}", **save), rule)
            return
        say(ctx, v, _("{name} fails to avoid the ram: Reflex {total} vs DC {dc}", **save), rule)
    hit = _collision(ctx, v, call.dmg)
    rules.health.hurt(ctx, target, 2 * hit, ("bludgeoning",),
                      why=_("Rammed by {name} (double {hit})", name=named(v), hit=dealt(target, hit)))
    rules.health.hurt(ctx, v, hit // 2, ("bludgeoning",),
                      why=_("{name} rams (half of {hit})", name=named(v), hit=dealt(v, hit)))


_TOTAL = re.compile(r"^[+-]?\d{1,6}$")


def _targets(ctx: Context, tokens: tuple[str, ...]) -> list[tuple[Combatant, int | None]]:
    """``TARGET [REFLEX_TOTAL] [TARGET [REFLEX_TOTAL] ...]``: each name, then the Reflex total the GM typed."""
    targets: list[tuple[Combatant, int | None]] = []
    for tok in tokens:
        if _TOTAL.match(tok.strip()):
            if not targets or targets[-1][1] is not None:
                ctx.fail(_("a Reflex total follows a target name (runover VEHICLE TARGET [REFLEX_TOTAL] ...)"))
            targets[-1] = (targets[-1][0], int(tok))
        else:
            targets.append((ctx.combatant(tok), None))
    return targets


def size_term(size: str) -> "Term | str":
    return SIZE_TERMS.get(size, size)


def run_over(ctx: Context, call) -> None:
    """Full action: up to double drive speed over creatures two sizes smaller or more."""
    rules = ctx.ruleset
    v = the_vehicle(ctx, call.vehicle)
    targets = _targets(ctx, call.targets)
    state = ctx.state
    done = marks.RAN_OVER.of(v) or {}
    this_turn = done.get("round") == state.round and done.get("turn") == state.active and state.in_combat
    already = set(done.get("ids", [])) if this_turn else set()
    vsize = size_index(v)
    seen = set()
    for t, _given in targets:
        if is_vehicle(t) or t.id == v.id:
            ctx.fail(_("{name} is a vehicle: ram it instead", name=t.name))
        if t.id in already or t.id in seen:
            ctx.fail(_("{name} was already run over by {vehicle} this turn", name=t.name, vehicle=v.name))
        seen.add(t.id)
        if t.life == "dead":
            ctx.fail(_("{name} is dead", name=t.name))
        tsize = size_index(t)
        if vsize is not None and tsize is not None and vsize - tsize < 2:
            ctx.fail(_("{vehicle} ({vsize}) can only run over creatures two sizes smaller; {name} is {size}",
                       vehicle=v.name, vsize=size_term(SIZES[vsize]), name=t.name, size=size_term(SIZES[tsize])))
    op = operator(ctx, v)
    use(ctx, op, "full", _("run over with {name}", name=named(v)))
    dc = _collision_dc(ctx, v)
    hit = _collision(ctx, v, call.dmg)
    off = official(state, "run_over")
    rule = "starfinder.md §3.8 run over [Δ official]" if off else "starfinder.md §3.8 run over [S]"
    if vsize is None:
        say(ctx, v, _("{name} has no size set: check that each creature is two sizes smaller", name=named(v)), rule)
    names = ", ".join(t.name for t, _given in targets)
    if off:
        msg = _("{pilot} drives {name} over {targets} (up to double speed): collision {hit} bludgeoning, Reflex DC {dc} "
                "to halve", pilot=named(op), name=named(v), targets=names, hit=of(v, hit), dc=of(v, dc))
    else:
        msg = _("{pilot} drives {name} over {targets} (up to double speed): collision {hit} bludgeoning, Reflex DC {dc} "
                "to dodge", pilot=named(op), name=named(v), targets=names, hit=of(v, hit), dc=of(v, dc))
    say(ctx, v, msg, rule)
    back = 0
    for t, given in targets:
        total, _text = check(ctx, value(rules, state, t, "ref"),
                             _('Reflex of {target} against being run over (DC {dc})', target=named(t), dc=of(t, dc)),
                             t, given, what="Reflex (run over)", dc=dc)
        save = dict(name=named(t), total=of(t, total), dc=of(t, dc))
        saved = total >= dc
        amount = (hit // 2 if off else 0) if saved else hit
        if saved and not off:
            say(ctx, t, _("{name} dodges {vehicle}: Reflex {total} vs DC {dc}", vehicle=named(v), **save), rule)
            suffered = 0
        else:
            if saved:
                say(ctx, t, _("{name}'s Reflex {total} vs DC {dc}: halves it", **save), rule)
            else:
                say(ctx, t, _("{name}'s Reflex {total} vs DC {dc}: fails", **save), rule)
            suffered = rules.health.hurt(ctx, t, amount, ("bludgeoning",),
                                         why=_("Run over by {name}", name=named(v))) if amount else 0
        back += hit // 2 if off else suffered // 2
    ctx.set_mark(v, marks.RAN_OVER, {"round": state.round, "turn": state.active, "ids": sorted(already | seen)})
    ctx.set_mark(v, marks.MOTION, "driving")
    if back and v.life != "dead":
        why = _("{name} takes half the damage rolled per creature", name=named(v)) if off else \
            _("{name} takes half of what each creature suffered", name=named(v))
        rules.health.hurt(ctx, v, back, ("bludgeoning",), why=why)
