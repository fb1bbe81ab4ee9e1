"""Getting Health back (dragon_age.md §2.6 [S]): the Heal action, a breather after the
encounter, a night's sleep, and levelling up. Mana comes back with rest (dragon_age.md §2.8 [O?])."""

from __future__ import annotations

from gm_console.ruleset import N_, Combatant, Context, Int, Msg, Rest, Verb, Who, dealt, life, named, of, public

from . import marks
from .age_roll import focus_note, keep, make_check, read_tail, roll_3d6, roll_mods
from .common import NEW_ROLL, clear_stunt_points, health, rule, signed
from .conditions import cdef
from .economy import MAJOR, take
from .i18n import _, _n
from .stats import ability, level

HEAL_TN = 11
SLEEP_SECONDS = 6 * 3600


def aid_verb(ctx: Context, call) -> None:
    healer, patient = ctx.combatant(call.healer), ctx.combatant(call.patient)
    t = read_tail(ctx, call.roll, AID.word, AID.usage(), _("dice like 5,5,3, the 3d6 sum or +N"), ability=False)
    if patient is healer:
        ctx.fail(_("the Heal action treats an ally, not the healer"))
    if patient.life == "dead":
        ctx.fail(_("{name} is dead; the Heal action cannot help", name=patient.name))
    if patient.has("heal-lockout"):
        ctx.fail(_("{name} cannot benefit from another Heal action until damaged again", name=patient.name))
    health(ctx, patient)
    take(ctx, healer, MAJOR, _("heal {name}", name=named(patient)))
    clear_stunt_points(ctx, NEW_ROLL)
    roll = roll_3d6(ctx, t.dice, t.numbers[0] if t.numbers else None,
                    _('{healer}: Heal action on {patient}', healer=named(healer), patient=named(patient)), healer.id)
    check = make_check(healer, roll, "cunning", "healing", t.mod_parts + roll_mods(healer, "cunning", "healing"))
    note = focus_note(healer, "healing")
    keep(ctx, healer, check, f"cunning:healing (Heal action on {patient.name})", f"TN {HEAL_TN}", HEAL_TN,
         "success" if check.total >= HEAL_TN else "failure")
    # the healer's roll shows its Cunning (a foe's is the GM's); TN 11 is the rule's
    if check.total < HEAL_TN:
        ctx.say(_("{healer} tends {patient}: Cunning (Healing) {formula} vs TN {tn}: fails{note}", healer=named(healer),
                  patient=named(patient), formula=check.told(healer), tn=public(HEAL_TN), note=note),
                rule=rule("2.3"), who=healer.id)
        return
    cun = ability(healer, "cunning")
    if ctx.option("heal_amount") == "dragon":
        if roll.dragon is None:
            ctx.fail(_("the heal amount uses the dragon die: give the three dice like 5,5,3, not the sum"))
        base, how = roll.dragon, _("dragon die {n}", n=of(healer, roll.dragon))
    else:
        base = ctx.roll("1d6", purpose=_('Health {healer} restores to {patient}', healer=named(healer),
                                         patient=named(patient)), who=healer.id).total
        how = of(healer, f"1d6 {base}")
    amount = max(0, base + cun)
    ctx.say(_("{healer} tends {patient}: Cunning (Healing) {formula} vs TN {tn}: success; restores {how} {cun} "
              "Cunning = {amount}{note}", healer=named(healer), patient=named(patient), formula=check.told(healer),
              tn=public(HEAL_TN), how=how, cun=of(healer, signed(cun)), amount=dealt(patient, amount), note=note),
            rule=rule("2.3"), who=healer.id)
    ctx.ruleset.health.heal_health(ctx, patient, amount, _("Heal action"), section="2.3")
    ctx.apply_condition(patient, cdef("heal-lockout"), source=healer.id)


def breather_verb(ctx: Context, call) -> None:
    """5 + Con + level after an encounter; not for one at 0 Health when it ended."""
    state = ctx.state
    if state.in_combat:
        ctx.fail(_("a breather is taken after the encounter: end the combat first"))
    if call.who:
        who = [ctx.combatant(a) for a in call.who]
    else:
        who = [c for c in state.combatants.values() if c.is_pc and c.life != "dead"]
        if not who:
            ctx.fail(_("breather: no PCs; name who takes it; usage: {usage}", usage=BREATHER.usage()))
    for c in who:
        _breather(ctx, c, asked=bool(call.who))


def _breather(ctx: Context, c: Combatant, asked: bool) -> None:
    pool = health(ctx, c)
    why: Msg | None = None
    if c.life == "dead":
        why = _("is dead")
    elif marks.ENDED_AT_ZERO.of(c) or pool.value <= 0:
        why = _("was at 0 Health when the encounter ended")
    elif marks.BREATHER.of(c) and ctx.option("breather_once"):
        why = _("has already taken a breather after this encounter")
    if why is not None:
        if asked:
            ctx.fail(_("{name} cannot take a breather: {name} {why}", name=c.name, why=why))
        ctx.say(_("{name} gets no breather: {name} {why}", name=named(c), why=why), rule=rule("2.6"), who=c.id)
        return
    con, lvl = ability(c, "con"), level(c)
    ctx.set_mark(c, marks.BREATHER, True)
    ctx.ruleset.health.heal_health(ctx, c, max(0, 5 + con + lvl),
                                   _("Breather 5 {con} Con + {level} level", con=of(c, signed(con)), level=of(c, lvl)))


def levelup_verb(ctx: Context, call) -> None:
    c = ctx.combatant(call.who)
    pool = health(ctx, c)
    if c.life in ("dead", "dying"):
        ctx.fail(_("{name} is {life}; level up once {name} has recovered", name=c.name, life=life(c.life)))
    if call.d6 is not None and not 1 <= call.d6 <= 6:
        ctx.fail(_("levelup: the d6 is 1 to 6, not {n}", n=call.d6))
    d = call.d6 if call.d6 is not None else ctx.roll("1d6", purpose=_('level-up Health of {name}', name=named(c)),
                                                     who=c.id).total
    con = ability(c, "con")
    gain = max(0, d + con)
    new_level = level(c) + 1
    ctx.set_stats(c, {"level": new_level})
    top = (pool.max if pool.max is not None else pool.value) + gain
    ctx.set_pool(c, "health", pool.value + gain, max=top, rule=rule("2.6"))
    ctx.say(_("{name} reaches level {level}: Health +1d6 ({d}) {con} Con = +{gain}, now {now}/{top}", name=named(c),
              level=of(c, new_level), d=of(c, d), con=of(c, signed(con)), gain=of(c, gain), now=of(c, pool.value),
              top=of(c, top)), rule=rule("2.6"), who=c.id)


DAY = 24 * 3600
ROLLED_HOURS = 100  # dice rolled for a mana rest at most; longer rests count the average for the rest [I]


def nights(seconds: int) -> int:
    """Nights of sleep in ``seconds`` of rest: one a day, and one more for 6 h or more left over
    (dragon_age.md §2.9 [I]): 8 h is a night, 24 h one, 30 h two."""
    return seconds // DAY + (1 if seconds % DAY >= SLEEP_SECONDS else 0)


def on_time_passed(ctx: Context, seconds: int) -> None:
    """Rest: mana for every full hour, sleep for 6 hours or more, in closed form whatever the
    length (dragon_age.md §2.8, §2.9): a few events per combatant, none for one with nothing to
    regain."""
    if seconds < 3600:
        return
    hours, slept = seconds // 3600, nights(seconds)
    # the time that passed is the table's (the GM said it: pass 8h)
    if slept:
        span = _n("{hours} h, {n} night", "{hours} h, {n} nights", slept, hours=public(hours), n=public(slept))
    else:
        span = _("{hours} h", hours=public(hours))
    for c in list(ctx.state.combatants.values()):
        if c.life in ("dead", "dying"):
            continue
        done = [x for x in (_sleep(ctx, c, slept), _mana_rest(ctx, c, hours)) if x]
        if done:
            what = done[0] if len(done) == 1 else _("{first}; {second}", first=done[0], second=done[1])
            ctx.say(_("Rest ({span}): {name} {what}", span=span, name=named(c), what=what), rule=rule("2.9"), who=c.id)


def _sleep(ctx: Context, c: Combatant, slept: int) -> Msg | None:
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
    how = _("{n} x (10 {con} Con + {level} level)", n=public(slept), con=of(c, signed(con)), level=of(c, lvl))
    return _("sleeps: health {before} -> {after} ({how})", before=of(c, before), after=of(c, after), how=how)


def _mana_rest(ctx: Context, c: Combatant, hours: int) -> Msg | None:
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
        how = _("{hours} x (1d6+4), at least 5 an hour: full", hours=public(hours))
    else:
        rolled = min(hours, ROLLED_HOURS)
        gained = ctx.roll(f"{rolled}d6+{4 * rolled}", purpose=_('mana {name} regains in {hours} h of rest',
                                                               name=named(c), hours=public(hours)),
                          who=c.id).total + (15 * (hours - rolled)) // 2
        after = before + gained if need is None else min(mana.max, before + gained)
        how = of(c, f"{hours} x (1d6+4) = {gained}")
    ctx.set_pool(c, "mana", after, rule=rule("2.8"))
    return _("mana {before} -> {after} ({how})", before=of(c, before), after=of(c, after), how=how)


def on_combat_end(ctx: Context) -> None:
    for c in ctx.state.combatants.values():
        pool = c.pools.get("health")
        ctx.set_mark(c, marks.ENDED_AT_ZERO, True if pool is not None and pool.value <= 0 else None)
        ctx.set_mark(c, marks.BREATHER, None)


AID = Verb("aid", (Who("healer", meta=N_("HEALER")), Who("patient", meta=N_("PATIENT")),
                   Rest("roll", spelled=N_("[DICE] [+N]"))), aid_verb,
           _("the Heal action (major): Cunning (Healing) TN 11 restores 1d6 + Cunning"),
           en=("first-aid", "firstaid"), es=("curación", "auxilios"), group="ruleset")
BREATHER = Verb("breather", (Who("who", required=False, rest=True),), breather_verb,
                _("after the encounter: 5 + Con + level Health (no names: every PC)"), es=("respiro",),
                group="ruleset")
LEVELUP = Verb("levelup", (Who("who"), Int("d6", meta=N_("D6"), required=False, minimum=1, what=_("the d6"))),
               levelup_verb, _("level +1, Health +1d6 + Con"), en=("level-up",), es=("subir-nivel", "subirnivel"),
               group="ruleset")
