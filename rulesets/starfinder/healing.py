"""Care given by others (starfinder.md §3.4-3.5): Medicine DC 15, the stabilize spell, rest, coup de grace.

Checks roll 1d20 + the helper's bonus unless the GM types the total.
"""

from __future__ import annotations

from gm_console.ruleset import Combatant, Context, choice_map, named, of, public
from gm_console.ruleset import life as life_word

from . import abilities, afflictions, life, marks, monsters
from .common import check, creature, joined, say, value
from .damage import NONLETHAL
from .kinds import TYPE_WORDS
from .economy import use
from .i18n import _
from .options import official
from .stats import level, skill_bonus

DC = 15
PURPOSES = choice_map(("stabilize", "estabilizar", "stabilise"), ("bleed", "bleeding", "hemorragia", "sangrado"),
                      ("tend", "care", "cuidar", "atender"))
PURPOSES_ES = {"stabilize": "estabilizar", "bleed": "hemorragia", "tend": "cuidar"}  # what a Spanish table types
SPELL_WORDS = ("spell", "conjuro", "hechizo")


def medicine(ctx: Context, call) -> None:
    """Medicine DC 15: stabilises the dying, stops bleeding, or tends the stable for the hourly check."""
    _medicine(ctx, call.patient, call.total, call.by, call.purpose)


def _medicine(ctx: Context, patient_ref: str, given: int | None, healer_ref: str | None, purpose: str | None) -> None:
    patient = creature(ctx, patient_ref)
    healer = creature(ctx, healer_ref) if healer_ref else None
    if patient.life == "dead":
        ctx.fail(_("{name} is dead", name=patient.name))
    if purpose is None:
        purpose = "stabilize" if patient.life == "dying" else "bleed" if patient.has("bleeding") else \
            "tend" if patient.life == "stable" else None
    if purpose is None:
        ctx.fail(_("{name} is neither dying, bleeding nor stable: nothing for Medicine to do", name=patient.name))
    if purpose == "stabilize" and patient.life != "dying":
        ctx.fail(_("{name} is not dying ({life})", name=patient.name, life=life_word(patient.life)))
    if purpose == "bleed" and not patient.has("bleeding"):
        ctx.fail(_("{name} is not bleeding", name=patient.name))
    if purpose == "tend" and patient.life != "stable":
        ctx.fail(_("{name} is not stable at 0 HP; tending helps the hourly Con check", name=patient.name))
    if healer is not None:
        use(ctx, healer, "standard", _("Medicine on {name}", name=named(patient)))
    bonus = (skill_bonus(healer, "medicine") or 0) + value(ctx.ruleset, ctx.state, healer, "skills") \
        if healer is not None else 0
    total, _text = check(ctx, bonus, _('Medicine on {patient} (DC {dc})', patient=named(patient), dc=public(DC)),
                         healer, given, what=f"Medicine ({purpose}) on {patient.name}", dc=DC)
    rule = "starfinder.md §3.4.6 Medicine [S]" if purpose == "stabilize" else "starfinder.md §3.6 bleeding [O]" \
        if purpose == "bleed" else "starfinder.md §3.4.9 [O]"
    who = _("{name}'s Medicine", name=named(healer)) if healer is not None else _("A healer's Medicine")
    # the check is the healer's (a PC's total is the players'); DC 15 is the rule's
    check_of = dict(who=who, total=of(healer if healer is not None else patient, total), dc=public(DC),
                    name=named(patient))
    if total < DC:
        say(ctx, patient, _("{who} {total} vs DC {dc} fails: {name} is unchanged", **check_of), rule)
        return
    if purpose == "stabilize":
        life.make_stable(ctx, patient, "medicine", rule)
        msg = _("{who} {total} vs DC {dc}: {name} is stable (0 HP, no more RP loss)", **check_of)
    elif purpose == "bleed":
        ctx.remove_all(patient, "bleeding", reason="treated")
        msg = _("{who} {total} vs DC {dc}: {name}'s bleeding stops", **check_of)
    else:
        ctx.set_mark(patient, marks.TENDED, True)
        msg = _("{who} {total} vs DC {dc}: {name}'s next hourly Con check gets +2 and counts any result under 10 as "
                "10", **check_of)
    say(ctx, patient, msg, rule)


def stabilize(ctx: Context, call) -> None:
    """`stabilize NAME ...` is Medicine DC 15; with the word `spell`, the mystic spell."""
    if call.spell:
        stabilize_spell(ctx, call)
        return
    _medicine(ctx, call.patient, call.total, call.by, "stabilize")


def stabilize_spell(ctx: Context, call) -> None:
    """The mystic spell: the seed asks the target to pass a Will save; the published spell just works."""
    patient = creature(ctx, call.patient)
    if patient.life != "dying":
        ctx.fail(_("{name} is not dying ({life}); the spell stabilises the dying", name=patient.name,
                   life=life_word(patient.life)))
    if official(ctx.state, "stabilize_spell"):
        life.make_stable(ctx, patient, "spell", "starfinder.md §3.4.6 [Δ official]")
        say(ctx, patient, _("Stabilize: {name} is stable (harmless: no save)", name=named(patient)),
            "starfinder.md §3.4.6 [Δ official]")
        return
    dc = call.dc
    if dc is None:
        ctx.fail(_("the seed's stabilize needs a passed Will save: give the spell's DC (stabilize NAME spell "
                   "[WILL_TOTAL] dc=SPELL_DC)"))
    total, _text = check(ctx, value(ctx.ruleset, ctx.state, patient, "will"),
                         _('Will of {patient} to accept stabilize (DC {dc})', patient=named(patient), dc=of(patient, dc)),
                         patient, call.total, what="Will (stabilize spell)", dc=dc)
    if total >= dc:
        life.make_stable(ctx, patient, "spell", "starfinder.md §3.4.6 [S]")
        say(ctx, patient, _("Stabilize: {name} is stable", name=named(patient)), "starfinder.md §3.4.6 [S]",
            _("Will {total} vs DC {dc} passes", total=of(patient, total), dc=of(patient, dc)))
    else:
        say(ctx, patient, _("Stabilize: {name}'s Will {total} vs DC {dc} fails: still dying (the seed wants a passed "
                            "save)", name=named(patient), total=of(patient, total), dc=of(patient, dc)),
            "starfinder.md §3.4.6 [S]")


def rest(ctx: Context, call) -> None:
    """Rest recovery (starfinder.md §3.5, §3.6); time itself passes with `pass`."""
    if ctx.state.in_combat:
        ctx.fail(_("no resting during a combat: `end` it first"))
    hours = call.hours or 8
    if hours not in (1, 8, 24):
        ctx.fail(_("rest takes 1h (exhausted to fatigued), 8h (a night) or 24h (bed rest), not {hours}h",
                   hours=hours))
    who = [ctx.combatant(n) for n in call.names] if call.names else \
        [c for c in ctx.state.combatants.values() if c.category != "vehicle" and c.life not in ("dead", "dying")]
    for c in who:
        if c.category == "vehicle":
            ctx.fail(_("{name} is a vehicle; vehicles are repaired (heal {ref} N)", name=c.name, ref=c.id))
        if c.life in ("dead", "dying"):
            ctx.fail(_("{name} is {life} and cannot rest", name=c.name, life=life_word(c.life)))
        _rest_one(ctx, c, hours)


def _rest_one(ctx: Context, c: Combatant, hours: int) -> None:
    done = []
    had_fatigue = c.has("fatigued")
    for inst in list(c.instances("exhausted")):
        ctx.remove_condition(c, inst, reason="rested")
        ctx.apply_condition(c, ctx.ruleset.conditions.catalogue.define("fatigued"), source="rest")
        done.append(_("exhausted → fatigued"))
    if hours >= 8 and had_fatigue:
        for inst in [i for i in c.instances("fatigued")][:1]:
            ctx.remove_condition(c, inst, reason="rested")
        done.append(_("no longer fatigued"))
    if hours >= 8:
        for pool in ("sp", "rp"):
            p = c.pools.get(pool)
            if p is not None and p.max is not None and p.value < p.max:
                ctx.set_pool(c, pool, p.max, rule="starfinder.md §3.5 rest")
                done.append(_("stamina full ({max})", max=of(c, p.max)) if pool == "sp" else
                            _("resolve full ({max})", max=of(c, p.max)))
        hp = c.pools.get("hp")
        if hp is not None and hp.max is not None and hp.value < hp.max:
            if hours == 24:
                gain, why = 2 * max(1, level(c)), _("2 per level, bed rest")
            elif official(ctx.state, "natural_healing"):
                gain, why = max(1, level(c)), _("1 per level")
            else:
                gain, why = 1, _("seed: 1 per night")
            new = min(hp.max, hp.value + gain)
            before = hp.value
            ctx.set_pool(c, "hp", new, rule="starfinder.md §3.5 rest")
            done.append(_("HP {before}→{after} ({why})", before=of(c, before), after=of(c, new), why=why))
            if before == 0 and new > 0:
                life.revive(ctx, c, "starfinder.md §3.5 rest")
    done += abilities.rest(ctx, c, hours)  # a night heals 1 point of each damaged ability (§3.14.6)
    afflictions.rest(ctx, ctx.state.get(c.id), hours)  # a purged poison's victim recovers a step (§3.15)
    text = joined(done)
    msg = _("{name} rests {hours}h: {done}", name=named(c), hours=public(hours), done=text) if text else \
        _("{name} rests {hours}h: nothing to recover", name=named(c), hours=public(hours))
    say(ctx, c, msg, "starfinder.md §3.5 [S]" if hours != 1 else "starfinder.md §3.6 exhausted [O]")


def coup_de_grace(ctx: Context, call) -> None:
    """Full action: an automatic critical on a helpless foe; if it lives, Fort DC 10 + level or die."""
    rules = ctx.ruleset
    for t in call.types:
        if t not in TYPE_WORDS and t not in NONLETHAL:
            ctx.fail(_("coup: unknown damage type {type!r} (types: fire, cold, slashing, plasma...)", type=t))
    attacker, target = creature(ctx, call.attacker), creature(ctx, call.target)
    helpless = target.life in ("dying", "stable", "unconscious") or any(
        "helpless" in rules.conditions.catalogue.define(i.cond).flags for i in rules.conditions.active(target))
    off = official(ctx.state, "coup_de_grace")
    if not helpless and (off or not call.disarmed):
        if off:
            ctx.fail(_("{name} is not helpless or unconscious", name=target.name))
        ctx.fail(_("{name} is not helpless or unconscious (or, by the seed, disarmed: add the word disarmed)",
                   name=target.name))
    use(ctx, attacker, "full", _("coup de grace on {name}", name=named(target)))
    if monsters.crit_immune(target, call.types):  # no critical, no death save (starfinder.md §3.14.8)
        rules.health.hurt(ctx, target, call.damage, (*call.types, "critical"),
                          why=_("Coup de grace by {name} (immune to critical hits: no critical, no save to die)",
                                name=named(attacker)))
        return
    rules.health.hurt(ctx, target, call.damage, call.types,
                      why=_("Coup de grace by {name} (automatic critical)", name=named(attacker)))
    if target.life == "dead":
        return
    dc = 10 + level(attacker)
    total, _text = check(ctx, value(rules, ctx.state, target, "fort"),
                         _('Fortitude of {target} against the coup (DC {dc})', target=named(target), dc=of(target, dc)),
                         target, call.fort, what="Fortitude (coup de grace)", dc=dc)
    rule = "starfinder.md §3.2 coup de grace [Δ official]" if off else "starfinder.md §3.2 coup de grace [S]"
    # the players read whether it lives; a foe's save and the DC it rolls against are the GM's
    if total >= dc:
        say(ctx, target, _("{name} survives the coup de grace", name=named(target)), rule,
            _("Fortitude {total} vs DC {dc}", total=of(target, total), dc=of(target, dc)))
        return
    life.kill(ctx, target, "coup", _("{name} dies", name=named(target)), rule,
              _("fails Fortitude {total} vs DC {dc}, 10 + level", total=of(target, total), dc=of(target, dc)))
