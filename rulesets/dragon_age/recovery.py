"""Getting Health back (dragon_age.md §2.6 [S]): the Heal action, a breather after the
encounter, a night's sleep, and levelling up. Mana comes back with rest (dragon_age.md §2.8 [O?])."""

from __future__ import annotations

from gm_console.ruleset import Combatant, Context

from .ability_tests import focus_note, keep, make_check, roll_3d6
from .common import clear_stunt_points, health, loose_dice, rule, tokens
from .conditions_lookup import cdef
from .economy import MAJOR, take
from .health import heal_health
from .stats import ability, level

AID_USAGE = "aid HEALER PATIENT [DICE]   (the Heal action: Cunning (Healing) TN 11)"
HEAL_TN = 11
SLEEP_SECONDS = 6 * 3600


def aid_verb(ctx: Context, args: tuple[str, ...]) -> None:
    if len(args) < 2:
        ctx.fail(f"aid: missing arguments; usage: {AID_USAGE}")
    healer = ctx.combatant(args[0])
    patient = ctx.combatant(args[1])
    t = loose_dice(tokens(ctx, args[2:], AID_USAGE), 0)
    if t.words or t.ability or len(t.numbers) > 1:
        ctx.fail(f"aid: unexpected arguments; usage: {AID_USAGE}")
    if patient is healer:
        ctx.fail("the Heal action treats an ally, not the healer")
    if patient.life == "dead":
        ctx.fail(f"{patient.name} is dead; the Heal action cannot help")
    if patient.has("heal-lockout"):
        ctx.fail(f"{patient.name} cannot benefit from another Heal action until it takes damage")
    health(ctx, patient)
    take(ctx, healer, MAJOR, f"heal {patient.name}", f"curar a {patient.name}")
    clear_stunt_points(ctx, "a new roll", "una tirada nueva")
    roll = roll_3d6(ctx, t.dice, t.numbers[0] if t.numbers else None,
                    f"{healer.name}: Heal action on {patient.name}", healer.id)
    check = make_check(healer, roll, "cunning", "healing", (("mod", t.mod),) if t.mod else ())
    note_en, note_es = focus_note(healer, "healing")
    keep(ctx, healer, check, f"cunning:healing (Heal action on {patient.name})", f"TN {HEAL_TN}", HEAL_TN,
         "success" if check.total >= HEAL_TN else "failure")
    if check.total < HEAL_TN:
        ctx.say(f"{healer.name} tends {patient.name}: Cunning (Healing) {check.summary(healer)} vs TN {HEAL_TN}: "
                f"fails{note_en}",
                f"{healer.name} cura a {patient.name}: Astucia (Curación) {check.summary(healer, 'es')} contra "
                f"NO {HEAL_TN}: falla{note_es}", rule=rule("2.3"), who=healer.id)
        return
    cun = ability(healer, "cunning")
    if ctx.option("heal_amount") == "dragon":
        if roll.dragon is None:
            ctx.fail("the heal amount uses the dragon die: give the three dice like 5,5,3, not the sum")
        base, how_en, how_es = roll.dragon, f"dragon die {roll.dragon}", f"dado dragón {roll.dragon}"
    else:
        base = ctx.roll("1d6", purpose=f"Health {healer.name} restores to {patient.name}", who=healer.id).total
        how_en, how_es = f"1d6 {base}", f"1d6 {base}"
    amount = max(0, base + cun)
    ctx.say(f"{healer.name} tends {patient.name}: Cunning (Healing) {check.summary(healer)} vs TN {HEAL_TN}: "
            f"success; restores {how_en} {cun:+d} Cunning = {amount}{note_en}".replace("+-", "-"),
            f"{healer.name} cura a {patient.name}: Astucia (Curación) {check.summary(healer, 'es')} contra "
            f"NO {HEAL_TN}: éxito; recupera {how_es} {cun:+d} Astucia = {amount}{note_es}".replace("+-", "-"),
            rule=rule("2.3"), who=healer.id)
    heal_health(ctx, patient, amount, "Heal action", "Acción de Curación", section="2.3")
    ctx.apply_condition(patient, cdef("heal-lockout"), source=healer.id)


BREATHER_USAGE = "breather [NAME ...]   (after the encounter; no names: every PC)"


def breather_verb(ctx: Context, args: tuple[str, ...]) -> None:
    """5 + Con + level after an encounter; not for one at 0 Health when it ended."""
    state = ctx.state
    if state.in_combat:
        ctx.fail("a breather is taken after the encounter: end the combat first")
    if args:
        who = [ctx.combatant(a) for a in args]
    else:
        who = [c for c in state.combatants.values() if c.is_pc and c.life != "dead"]
        if not who:
            ctx.fail(f"breather: no PCs; name who takes it; usage: {BREATHER_USAGE}")
    for c in who:
        _breather(ctx, c, named=bool(args))


def _breather(ctx: Context, c: Combatant, named: bool) -> None:
    pool = health(ctx, c)
    why_en = why_es = ""
    if c.life == "dead":
        why_en, why_es = "is dead", "está muerto"
    elif c.marks.get("ended_at_zero") or pool.value <= 0:
        why_en, why_es = "was at 0 Health when the encounter ended", "tenía 0 de Salud al acabar el encuentro"
    elif c.marks.get("breather") and ctx.option("breather_once"):
        why_en, why_es = "has already taken a breather after this encounter", "ya tomó un respiro tras este encuentro"
    if why_en:
        if named:
            ctx.fail(f"{c.name} cannot take a breather: it {why_en}")
        ctx.say(f"{c.name} gets no breather: it {why_en}", f"{c.name} no puede tomar un respiro: {why_es}",
                rule=rule("2.6"), who=c.id)
        return
    con, lvl = ability(c, "con"), level(c)
    amount = max(0, 5 + con + lvl)
    ctx.set_mark(c, "breather", True)
    heal_health(ctx, c, amount, f"Breather 5 {con:+d} Con + {lvl} level".replace("+-", "-"),
                f"Respiro 5 {con:+d} Con + {lvl} nivel".replace("+-", "-"))


LEVELUP_USAGE = "levelup NAME [D6]   (Health +1d6 + Con)"


def levelup_verb(ctx: Context, args: tuple[str, ...]) -> None:
    if not args or len(args) > 2:
        ctx.fail(f"levelup: usage: {LEVELUP_USAGE}")
    c = ctx.combatant(args[0])
    pool = health(ctx, c)
    if c.life in ("dead", "dying"):
        ctx.fail(f"{c.name} is {c.life}; level up once it is back on its feet")
    if len(args) == 2:
        if not args[1].isdigit() or not 1 <= int(args[1]) <= 6:
            ctx.fail(f"levelup: the d6 is 1 to 6, not {args[1]!r}")
        d = int(args[1])
    else:
        d = ctx.roll("1d6", purpose=f"level-up Health of {c.name}", who=c.id).total
    con = ability(c, "con")
    gain = max(0, d + con)
    new_level = level(c) + 1
    ctx.set_stats(c, {"level": new_level})
    top = (pool.max if pool.max is not None else pool.value) + gain
    ctx.set_pool(c, "health", pool.value + gain, max=top, rule=rule("2.6"))
    ctx.say(f"{c.name} reaches level {new_level}: Health +1d6 ({d}) {con:+d} Con = +{gain}, "
            f"now {pool.value}/{top}".replace("+-", "-"),
            f"{c.name} sube a nivel {new_level}: Salud +1d6 ({d}) {con:+d} Con = +{gain}, "
            f"ahora {pool.value}/{top}".replace("+-", "-"), rule=rule("2.6"), who=c.id)


DAY = 24 * 3600
ROLLED_HOURS = 100  # dice rolled for a mana rest at most; longer rests count the average for the rest [I]


def nights(seconds: int) -> int:
    """Nights of sleep in ``seconds`` of rest: one a day, and one more for 6 h or more left over
    (dragon_age.md §2.9 [I]): 8 h is a night, 24 h one, 30 h two."""
    return seconds // DAY + (1 if seconds % DAY >= SLEEP_SECONDS else 0)


def on_time_passed(ctx: Context, seconds: int) -> None:
    """A rest of 6 hours or more: sleep and mana, in closed form whatever the length
    (dragon_age.md §2.9): a few events per combatant, none for one with nothing to regain."""
    if seconds < SLEEP_SECONDS:
        return
    hours, slept = seconds // 3600, nights(seconds)
    span_en = f"{hours} h, {slept} night{'s' if slept != 1 else ''}"
    span_es = f"{hours} h, {slept} noche{'s' if slept != 1 else ''}"
    for c in list(ctx.state.combatants.values()):
        if c.life in ("dead", "dying"):
            continue
        done = [x for x in (_sleep(ctx, c, slept), _mana_rest(ctx, c, hours)) if x]
        if done:
            ctx.say(f"Rest ({span_en}): {c.name} " + "; ".join(en for en, _ in done),
                    f"Descanso ({span_es}): {c.name} " + "; ".join(es for _, es in done),
                    rule=rule("2.9"), who=c.id)


def _sleep(ctx: Context, c: Combatant, slept: int) -> tuple[str, str] | None:
    """10 + Con + level Health a night (dragon_age.md §2.6 [S]), never above the maximum."""
    pool = c.pools.get("health")
    if pool is None or slept < 1 or (pool.max is not None and pool.value >= pool.max):
        return None
    con, lvl = ability(c, "con"), level(c)
    each = max(0, 10 + con + lvl)
    before = pool.value
    after = before + each * slept if pool.max is None else min(pool.max, before + each * slept)
    if after == before:
        return None
    ctx.set_pool(c, "health", after, rule=rule("2.6"))
    how_en = f"{slept} x (10 {con:+d} Con + {lvl} level)".replace("+-", "-")
    how_es = f"{slept} x (10 {con:+d} Con + {lvl} nivel)".replace("+-", "-")
    return (f"sleeps: health {before} -> {after} ({how_en})", f"duerme: Salud {before} -> {after} ({how_es})")


def _mana_rest(ctx: Context, c: Combatant, hours: int) -> tuple[str, str] | None:
    """1d6 + 4 mana per full hour (dragon_age.md §2.8 [O]). Each hour gives at least 5, so when
    5 an hour fills the pool the dice cannot matter and none are rolled; otherwise one roll of
    all the hours (beyond ``ROLLED_HOURS``, 7.5 an hour, rounded down)."""
    mana = c.pools.get("mana")
    if mana is None or ctx.option("mana_rest") == "off" or hours < 1:
        return None
    if mana.max is not None and mana.value >= mana.max:
        return None
    before = mana.value
    need = None if mana.max is None else mana.max - before
    if need is not None and 5 * hours >= need:
        after = mana.max
        how_en = f"{hours} x (1d6+4), at least 5 an hour: full"
        how_es = f"{hours} x (1d6+4), al menos 5 por hora: completo"
    else:
        rolled = min(hours, ROLLED_HOURS)
        gained = ctx.roll(f"{rolled}d6+{4 * rolled}", purpose=f"mana {c.name} regains in {hours} h of rest",
                          who=c.id).total + (15 * (hours - rolled)) // 2
        after = before + gained if need is None else min(mana.max, before + gained)
        how_en = f"{hours} x (1d6+4) = {gained}"
        how_es = f"{hours} x (1d6+4) = {gained}"
    ctx.set_pool(c, "mana", after, rule=rule("2.8"))
    return (f"mana {before} -> {after} ({how_en})", f"maná {before} -> {after} ({how_es})")


def on_combat_end(ctx: Context) -> None:
    for c in ctx.state.combatants.values():
        pool = c.pools.get("health")
        ctx.set_mark(c, "ended_at_zero", True if pool is not None and pool.value <= 0 else None)
        ctx.set_mark(c, "breather", None)
