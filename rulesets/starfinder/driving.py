"""Vehicle movement verbs (starfinder.md §3.8): start, drive, stop, stop short, race, ram, run over."""

from __future__ import annotations

from gm_console.ruleset import Combatant, Context, EncounterState, fold_text

from .common import Args, check, is_int, need, no_more, roll, say
from .economy import use
from .options import official
from .stats import SIZES, is_vehicle, level, size_index
from .vehicles import control, motion, operator, operator_piloting, pilot_of, piloting_check, the_vehicle

ONE_USAGE = "{verb} VEHICLE"


def ignite(rs, ctx: Context, args: tuple[str, ...]) -> None:
    """Move action: start the engine."""
    usage = ONE_USAGE.format(verb="ignite")
    a = Args.parse(args, usage)
    need(a.words, 1, usage)
    no_more(a.words, 1, usage)
    v = the_vehicle(ctx, a.words[0])
    op = operator(ctx, v)
    if v.marks.get("engine") == "on":
        ctx.fail(f"{v.name}'s engine is already running")
    use(ctx, op, "move", f"start {v.name}")
    ctx.set_mark(v, "engine", "on")
    say(ctx, v, f"{op.name} starts {v.name}", f"{op.name} arranca {v.name}", "starfinder.md §3.8 start [S]")


DRIVE_USAGE = "drive VEHICLE [FEET]"


def drive(rs, ctx: Context, args: tuple[str, ...]) -> None:
    """Move action: straight along its heading, up to its drive speed."""
    a = Args.parse(args, DRIVE_USAGE)
    need(a.words, 1, DRIVE_USAGE)
    no_more(a.words, 1, DRIVE_USAGE)
    v = the_vehicle(ctx, a.words[0])
    op = operator(ctx, v)
    from .figures import value

    speed = value(rs, ctx.state, v, "speed")
    feet = a.total(DRIVE_USAGE)
    if feet is not None and feet < 0:
        ctx.fail(f"drive takes the feet moved, 0 or more, not {feet}")
    if feet is not None and speed and feet > speed:
        ctx.fail(f"{v.name} drives at most {speed} ft (its drive speed), not {feet}")
    use(ctx, op, "move", f"drive {v.name}")
    was = motion(v)
    ctx.set_mark(v, "motion", "driving")
    ctx.set_mark(v, "engine", "on")
    dist = f"{feet} ft" if feet is not None else f"up to {speed} ft"
    dist_es = f"{feet} pies" if feet is not None else f"hasta {speed} pies"
    slow_en = " (slowing from the race: no longer +2 AC)" if was == "racing" else ""
    slow_es = " (deja la carrera: pierde el +2 a la CA)" if was == "racing" else ""
    say(ctx, v, f"{op.name} drives {v.name} {dist} straight ahead{slow_en}; stopping after a drive costs no action",
        f"{op.name} conduce {v.name} {dist_es} en línea recta{slow_es}; parar tras conducir no cuesta acción",
        "starfinder.md §3.8 drive [S]")


def stop(rs, ctx: Context, args: tuple[str, ...]) -> None:
    usage = ONE_USAGE.format(verb="stop")
    a = Args.parse(args, usage)
    need(a.words, 1, usage)
    no_more(a.words, 1, usage)
    v = the_vehicle(ctx, a.words[0])
    m = motion(v)
    if m == "stopped":
        ctx.fail(f"{v.name} is already stopped")
    if m == "racing":
        ctx.fail(f"{v.name} is racing: stopping takes a move action and a Piloting check (stopshort {v.id})")
    ctx.set_mark(v, "motion", "stopped")
    say(ctx, v, f"{v.name} stops (after a drive: no action)", f"{v.name} se detiene (tras conducir: sin acción)",
        "starfinder.md §3.8 stop [S]")


STOPSHORT_USAGE = "stopshort VEHICLE [PILOTING_TOTAL]"


def stop_short(rs, ctx: Context, args: tuple[str, ...]) -> None:
    """Move action after a race: Piloting; each full 5 of the result takes 1 square off the movement."""
    a = Args.parse(args, STOPSHORT_USAGE)
    need(a.words, 1, STOPSHORT_USAGE)
    no_more(a.words, 1, STOPSHORT_USAGE)
    v = the_vehicle(ctx, a.words[0])
    if motion(v) != "racing":
        ctx.fail(f"{v.name} is {motion(v)}: stopping short is for after a race (after a drive: stop {v.id})")
    op = operator(ctx, v)
    use(ctx, op, "move", f"stop {v.name} short")
    total = piloting_check(rs, ctx, v, op, "stop short", a.total(STOPSHORT_USAGE))
    squares = max(0, total) // 5
    ctx.set_mark(v, "motion", "stopped")
    full = v.stats.get("full")
    left_en = left_es = ""
    if full:
        moved = max(0, int(full) // 5 - squares)
        left_en, left_es = f": it moves {moved} squares before stopping", f": avanza {moved} casillas antes de parar"
    say(ctx, v, f"{op.name} stops {v.name} short: Piloting {total}, movement reduced by {squares} squares{left_en}",
        f"{op.name} frena en seco {v.name}: Pilotaje {total}, el movimiento se reduce {squares} casillas{left_es}",
        "starfinder.md §3.8 stop short [S]")


RACE_USAGE = "race VEHICLE [PILOTING_TOTAL] [rough|flat|difficult]"
TERRAIN = {"rough": "rough", "aspero": "rough", "áspero": "rough", "flat": "flat", "llano": "flat",
           "difficult": "difficult", "dificil": "difficult", "difícil": "difficult", "accidentado": "difficult"}


def race_dc(state: EncounterState, v: Combatant) -> int:
    """DC 10 + level; from a stop 15 (seed) or 15 + level (official)."""
    if motion(v) == "stopped":
        return 15 + level(v) if official(state, "race_dc_from_stop") else 15
    return 10 + level(v)


def _race_check(rs, ctx: Context, v: Combatant, op: Combatant, given: int | None, what: str,
                terrain: str | None) -> tuple[bool, int]:
    dc = race_dc(ctx.state, v)
    was = motion(v)
    total = piloting_check(rs, ctx, v, op, what, given, dc=dc)
    from_stop = " from a stop" if was == "stopped" else ""
    desde = " desde parado" if was == "stopped" else ""
    rule = "starfinder.md §3.8 race [Δ official]" if was == "stopped" and official(ctx.state, "race_dc_from_stop") \
        else "starfinder.md §3.8 race [S]"
    if total >= dc:
        ctx.set_mark(v, "motion", "racing")
        ctx.set_mark(v, "engine", "on")
        full = v.stats.get("full")
        far = f" ({full} ft)" if full else ""
        say(ctx, v, f"{op.name} races {v.name}{from_stop}: Piloting {total} vs DC {dc}: full speed straight "
                    f"ahead{far}, +2 AC while racing",
            f"{op.name} lanza {v.name} a toda velocidad{desde}: Pilotaje {total} contra CD {dc}: velocidad máxima en "
            f"línea recta{far}, +2 CA mientras corre", rule)
        return True, total
    if was == "stopped":
        say(ctx, v, f"{op.name} fails to race {v.name} from a stop: Piloting {total} vs DC {dc}: it does not move",
            f"{op.name} no logra arrancar a toda velocidad {v.name}: Pilotaje {total} contra CD {dc}: no se mueve",
            rule)
        return False, total
    outcomes = {
        "rough": ("rough terrain: it moves at most half speed", "terreno áspero: avanza como máximo a media velocidad"),
        "flat": ("flat terrain: it veers 45° left or right at random", "terreno llano: se desvía 45° a izquierda o "
                 "derecha al azar"),
        "difficult": ("difficult terrain: Piloting DC 20 + level or out of control (GM)",
                      "terreno difícil: Pilotaje CD 20 + nivel o descontrolado (DJ)"),
    }
    if terrain:
        en, es = outcomes[terrain]
    else:
        en = "; ".join(o[0] for o in outcomes.values())
        es = "; ".join(o[1] for o in outcomes.values())
    ctx.set_mark(v, "motion", "driving")
    if terrain == "flat":
        side = roll(ctx, "1d2", f"veer of {v.name} (1 left, 2 right)", v)
        en += f" ({'left' if side == 1 else 'right'})"
        es += f" ({'izquierda' if side == 1 else 'derecha'})"
    say(ctx, v, f"{op.name} fails the race check for {v.name}: Piloting {total} vs DC {dc}: {en}",
        f"{op.name} falla la prueba de carrera de {v.name}: Pilotaje {total} contra CD {dc}: {es}", rule)
    return False, total


def race(rs, ctx: Context, args: tuple[str, ...]) -> None:
    """Full action: full speed in a straight line, Piloting DC 10 + level (15 from a stop)."""
    a = Args.parse(args, RACE_USAGE)
    terrain = next((TERRAIN[fold_text(w)] for w in list(a.words) if fold_text(w) in TERRAIN), None)
    words = [w for w in a.words if fold_text(w) not in TERRAIN]
    need(words, 1, RACE_USAGE)
    no_more(words, 1, RACE_USAGE)
    v = the_vehicle(ctx, words[0])
    op = operator(ctx, v)
    use(ctx, op, "full", f"race {v.name}")
    _race_check(rs, ctx, v, op, a.total(RACE_USAGE), "race", terrain)


def _collision(ctx: Context, v: Combatant, given: int | None) -> int:
    if given is not None:
        if given < 0:
            ctx.fail(f"dmg= is the collision roll, 0 or more, not {given}")
        return given
    dice = v.stats.get("collision")
    if not dice:
        ctx.fail(f"{v.name} has no collision damage: set {v.id} collision=4d6")
    return roll(ctx, str(dice), f"collision damage of {v.name}", v)


def _collision_dc(rs, ctx: Context, v: Combatant) -> int:
    from .figures import value

    if v.stats.get("dc") is None:
        ctx.fail(f"{v.name} has no collision DC: set {v.id} dc=13")
    return value(rs, ctx.state, v, "collision_dc")


RAM_USAGE = "ram VEHICLE TARGET [PILOTING_TOTAL] [save=TARGET_TOTAL] [dmg=COLLISION_ROLL]"


def ram(rs, ctx: Context, args: tuple[str, ...]) -> None:
    """Full action: race straight into TARGET: double collision damage to it, half to the vehicle."""
    from .damage import apply_damage
    from .figures import value

    a = Args.parse(args, RAM_USAGE)
    need(a.words, 2, RAM_USAGE)
    no_more(a.words, 2, RAM_USAGE)
    v = the_vehicle(ctx, a.words[0])
    target = ctx.combatant(a.words[1])
    if target.id == v.id:
        ctx.fail(f"{v.name} cannot ram itself")
    if target.life == "dead":
        ctx.fail(f"{target.name} is {'wrecked' if is_vehicle(target) else 'dead'}")
    op = operator(ctx, v)
    if op is v and "war" not in fold_text(str(v.stats.get("notes") or "")):
        say(ctx, v, f"Note: an autopilot never rams unless the vehicle is a war machine",
            f"Nota: un piloto automático nunca embiste salvo en una máquina de guerra", "starfinder.md §3.8 autopilot [S]")
    use(ctx, op, "full", f"ram {target.name} with {v.name}")
    given_save = a.key_int(("save", "ref", "reflex", "salvacion", "defense"), RAM_USAGE)
    given_dmg = a.key_int(("dmg", "damage", "dano", "daño"), RAM_USAGE)
    dc = _collision_dc(rs, ctx, v)
    ok, atk = _race_check(rs, ctx, v, op, a.total(RAM_USAGE), "ram", None)
    if not ok:
        say(ctx, v, f"A failed Piloting check: {v.name} cannot ram", f"Prueba de Pilotaje fallida: {v.name} no puede "
                    f"embestir", "starfinder.md §3.8 ram [S]")
        return
    if is_vehicle(target):
        tp = pilot_of(ctx.state, target)
        if control(target) == "uncontrolled" or (tp is None and control(target) != "autopilot"):
            say(ctx, v, f"{target.name} has no one at the controls: it cannot dodge",
                f"{target.name} no tiene a nadie al mando: no puede esquivar", "starfinder.md §3.8 ram [S]")
        else:
            defender = tp if control(target) != "autopilot" else target
            total, _ = check(ctx, operator_piloting(rs, ctx.state, target),
                             f"{target.name} dodges the ram (Piloting vs {atk})", defender, given_save,
                             what=f"Piloting (dodge the ram, {target.name})", dc=atk, beat=True,
                             against=f"the rammer's Piloting {atk}")
            if total > atk:
                say(ctx, v, f"{target.name} dodges: Piloting {total} beats {atk}",
                    f"{target.name} esquiva: Pilotaje {total} supera {atk}", "starfinder.md §3.8 ram [S]")
                return
            say(ctx, v, f"{target.name} fails to dodge: Piloting {total} vs {atk} (ties go to the rammer)",
                f"{target.name} no esquiva: Pilotaje {total} contra {atk} (el empate favorece al que embiste)",
                "starfinder.md §3.8 ram [S]")
    else:
        ref = value(rs, ctx.state, target, "ref")
        total, _ = check(ctx, ref, f"Reflex of {target.name} against the ram (DC {dc})", target, given_save,
                         what="Reflex (avoid the ram)", dc=dc)
        if total >= dc:
            say(ctx, v, f"{target.name} avoids the ram: Reflex {total} vs DC {dc}",
                f"{target.name} evita la embestida: Reflejos {total} contra CD {dc}", "starfinder.md §3.8 ram [S]")
            return
        say(ctx, v, f"{target.name} fails to avoid the ram: Reflex {total} vs DC {dc}",
            f"{target.name} no evita la embestida: Reflejos {total} contra CD {dc}", "starfinder.md §3.8 ram [S]")
    hit = _collision(ctx, v, given_dmg)
    apply_damage(rs, ctx, target, 2 * hit, ("bludgeoning",),
                 why=(f"Rammed by {v.name} (double {hit})", f"Embestido por {v.name} (doble de {hit})"))
    apply_damage(rs, ctx, v, hit // 2, ("bludgeoning",),
                 why=(f"{v.name} rams (half of {hit})", f"{v.name} embiste (mitad de {hit})"))


RUNOVER_USAGE = "runover VEHICLE TARGET [REFLEX_TOTAL] [TARGET [REFLEX_TOTAL] ...] [dmg=COLLISION_ROLL]"


def run_over(rs, ctx: Context, args: tuple[str, ...]) -> None:
    """Full action: up to double drive speed over creatures two sizes smaller or more."""
    from .damage import apply_damage
    from .figures import value

    targets: list[tuple[Combatant, int | None]] = []
    given_dmg = None
    tokens = list(args)
    if not tokens:
        ctx.fail(f"missing arguments; usage: {RUNOVER_USAGE}")
    v = the_vehicle(ctx, tokens.pop(0))
    for tok in tokens:
        if "=" in tok:
            k, _, val = tok.partition("=")
            if fold_text(k) not in ("dmg", "damage", "dano", "daño") or not is_int(val):
                ctx.fail(f"unexpected {tok!r}; usage: {RUNOVER_USAGE}")
            given_dmg = int(val)
        elif is_int(tok):
            if not targets or targets[-1][1] is not None:
                ctx.fail(f"a Reflex total follows a target name; usage: {RUNOVER_USAGE}")
            targets[-1] = (targets[-1][0], int(tok))
        else:
            targets.append((ctx.combatant(tok), None))
    if not targets:
        ctx.fail(f"run over whom? usage: {RUNOVER_USAGE}")
    state = ctx.state
    done = v.marks.get("ran_over") or {}
    this_turn = done.get("round") == state.round and done.get("turn") == state.active and state.in_combat
    already = set(done.get("ids", [])) if this_turn else set()
    vsize = size_index(v)
    seen = set()
    for t, _ in targets:
        if is_vehicle(t) or t.id == v.id:
            ctx.fail(f"{t.name} is a vehicle: ram it instead")
        if t.id in already or t.id in seen:
            ctx.fail(f"{t.name} was already run over by {v.name} this turn")
        seen.add(t.id)
        if t.life == "dead":
            ctx.fail(f"{t.name} is dead")
        tsize = size_index(t)
        if vsize is not None and tsize is not None and vsize - tsize < 2:
            ctx.fail(f"{v.name} ({SIZES[vsize]}) can only run over creatures two sizes smaller; "
                     f"{t.name} is {SIZES[tsize]}")
    op = operator(ctx, v)
    use(ctx, op, "full", f"run over with {v.name}")
    dc = _collision_dc(rs, ctx, v)
    hit = _collision(ctx, v, given_dmg)
    off = official(state, "run_over")
    rule = "starfinder.md §3.8 run over [Δ official]" if off else "starfinder.md §3.8 run over [S]"
    if vsize is None:
        say(ctx, v, f"{v.name} has no size set: check that each creature is two sizes smaller",
            f"{v.name} no tiene tamaño: comprueba que cada criatura sea dos tamaños menor", rule)
    say(ctx, v, f"{op.name} drives {v.name} over {', '.join(t.name for t, _ in targets)} (up to double speed): "
                f"collision {hit} bludgeoning, Reflex DC {dc} to {'halve' if off else 'dodge'}",
        f"{op.name} atropella con {v.name} a {', '.join(t.name for t, _ in targets)} (hasta el doble de velocidad): "
        f"colisión {hit} contundente, Reflejos CD {dc} para {'reducir a la mitad' if off else 'esquivar'}", rule)
    back = 0
    for t, given in targets:
        total, _ = check(ctx, value(rs, state, t, "ref"), f"Reflex of {t.name} against being run over (DC {dc})",
                         t, given, what="Reflex (run over)", dc=dc)
        saved = total >= dc
        amount = (hit // 2 if off else 0) if saved else hit
        if saved and not off:
            say(ctx, t, f"{t.name} dodges {v.name}: Reflex {total} vs DC {dc}",
                f"{t.name} esquiva {v.name}: Reflejos {total} contra CD {dc}", rule)
            suffered = 0
        else:
            how = "halves it" if saved else "fails"
            como = "lo reduce a la mitad" if saved else "falla"
            say(ctx, t, f"{t.name}'s Reflex {total} vs DC {dc}: {how}",
                f"Reflejos de {t.name} {total} contra CD {dc}: {como}", rule)
            suffered = apply_damage(rs, ctx, t, amount, ("bludgeoning",),
                                    why=(f"Run over by {v.name}", f"Atropellado por {v.name}")) if amount else 0
        back += hit // 2 if off else suffered // 2
    ctx.set_mark(v, "ran_over", {"round": state.round, "turn": state.active,
                                 "ids": sorted(already | seen)})
    ctx.set_mark(v, "motion", "driving")
    if back and v.life != "dead":
        what_en = "half the damage rolled per creature" if off else "half of what each creature suffered"
        what_es = "la mitad del daño tirado por criatura" if off else "la mitad de lo que sufrió cada criatura"
        apply_damage(rs, ctx, v, back, ("bludgeoning",), why=(f"{v.name} takes {what_en}", f"{v.name} recibe {what_es}"))


