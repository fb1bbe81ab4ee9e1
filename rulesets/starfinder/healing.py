"""Care given by others (starfinder.md §3.4-3.5): Medicine DC 15, the stabilize spell, rest, coup de grace.

Checks roll 1d20 + the helper's bonus unless the GM types the total.
"""

from __future__ import annotations

from gm_console.ruleset import Combatant, Context, fold_text

from . import life
from .common import Args, check, creature, need, no_more, say
from .economy import use
from .figures import value
from .options import official
from .stats import level

DC = 15
MED_USAGE = "medicine PATIENT [TOTAL] [by HEALER] [stabilize|bleed|tend]"
PURPOSES = {"stabilize": "stabilize", "estabilizar": "stabilize", "stabilise": "stabilize",
            "bleed": "bleed", "bleeding": "bleed", "hemorragia": "bleed", "sangrado": "bleed",
            "tend": "tend", "care": "tend", "cuidar": "tend", "atender": "tend"}


def _by(args: tuple[str, ...], usage: str) -> tuple[tuple[str, ...], str | None]:
    words = list(args)
    for i, w in enumerate(words):
        if w.casefold() in ("by", "por"):
            if i + 1 >= len(words):
                raise_usage(usage)
            return tuple(words[:i] + words[i + 2:]), words[i + 1]
    return tuple(words), None


def raise_usage(usage: str) -> None:
    from gm_console.ruleset import RulesError

    raise RulesError(f"`by` needs a name; usage: {usage}")


def medicine(rs, ctx: Context, args: tuple[str, ...]) -> None:
    """Medicine DC 15: stabilises the dying, stops bleeding, or tends the stable for the hourly check."""
    rest, healer_ref = _by(args, MED_USAGE)
    a = Args.parse(rest, MED_USAGE)
    purpose = None
    for w in list(a.words):
        if fold_text(w) in PURPOSES:
            purpose = PURPOSES[fold_text(w)]
            a.words.remove(w)
    need(a.words, 1, MED_USAGE)
    no_more(a.words, 1, MED_USAGE)
    patient = creature(ctx, a.words[0])
    healer = creature(ctx, healer_ref) if healer_ref else None
    if patient.life == "dead":
        ctx.fail(f"{patient.name} is dead")
    if purpose is None:
        purpose = "stabilize" if patient.life == "dying" else "bleed" if patient.has("bleeding") else \
            "tend" if patient.life == "stable" else None
    if purpose is None:
        ctx.fail(f"{patient.name} is neither dying, bleeding nor stable: nothing for Medicine to do")
    if purpose == "stabilize" and patient.life != "dying":
        ctx.fail(f"{patient.name} is not dying ({patient.life})")
    if purpose == "bleed" and not patient.has("bleeding"):
        ctx.fail(f"{patient.name} is not bleeding")
    if purpose == "tend" and patient.life != "stable":
        ctx.fail(f"{patient.name} is not stable at 0 HP; tending helps the hourly Con check")
    if healer is not None:
        use(ctx, healer, "standard", f"Medicine on {patient.name}")
    bonus = int(healer.stats.get("medicine") or 0) + value(rs, ctx.state, healer, "skills") \
        if healer is not None and healer.category != "vehicle" else 0
    who = healer.name if healer is not None else "A healer"
    quien = healer.name if healer is not None else "Un sanador"
    total, _ = check(ctx, bonus, f"Medicine on {patient.name} (DC {DC})", healer, a.total(MED_USAGE),
                     what=f"Medicine ({purpose}) on {patient.name}", dc=DC)
    ok = total >= DC
    rule = "starfinder.md §3.4.6 Medicine [S]" if purpose == "stabilize" else "starfinder.md §3.6 bleeding [O]" if purpose == "bleed" \
        else "starfinder.md §3.4.9 [O]"
    if not ok:
        say(ctx, patient, f"{who}'s Medicine {total} vs DC {DC} fails: {patient.name} is unchanged",
            f"Medicina de {quien}: {total} contra CD {DC}, falla: {patient.name} sigue igual", rule)
        return
    if purpose == "stabilize":
        life.make_stable(ctx, patient, "medicine", rule)
        say(ctx, patient, f"{who}'s Medicine {total} vs DC {DC}: {patient.name} is stable (0 HP, no more RP loss)",
            f"Medicina de {quien}: {total} contra CD {DC}: {patient.name} queda estable (0 PG, deja de perder PR)",
            rule)
    elif purpose == "bleed":
        ctx.remove_all(patient, "bleeding", reason="treated")
        say(ctx, patient, f"{who}'s Medicine {total} vs DC {DC}: {patient.name}'s bleeding stops",
            f"Medicina de {quien}: {total} contra CD {DC}: se detiene la hemorragia de {patient.name}", rule)
    else:
        ctx.set_mark(patient, "tended", True)
        say(ctx, patient, f"{who}'s Medicine {total} vs DC {DC}: {patient.name}'s next hourly Con check gets +2 "
                          "and counts any result under 10 as 10",
            f"Medicina de {quien}: {total} contra CD {DC}: la próxima prueba horaria de Con de {patient.name} tiene +2 "
            "y cualquier resultado menor de 10 cuenta como 10", rule)


SPELL_USAGE = "stabilize PATIENT [MEDICINE_TOTAL] [by HEALER]  |  stabilize PATIENT spell [WILL_TOTAL] [dc=SPELL_DC]"
SPELL_WORDS = ("spell", "conjuro", "hechizo")


def stabilize(rs, ctx: Context, args: tuple[str, ...]) -> None:
    """`stabilize NAME ...` is Medicine DC 15; with the word `spell`, the mystic spell."""
    if any(fold_text(a) in SPELL_WORDS for a in args):
        stabilize_spell(rs, ctx, tuple(a for a in args if fold_text(a) not in SPELL_WORDS))
        return
    medicine(rs, ctx, (*args, "stabilize"))


def stabilize_spell(rs, ctx: Context, args: tuple[str, ...]) -> None:
    """The mystic spell: the seed asks the target to pass a Will save; the published spell just works."""
    a = Args.parse(args, SPELL_USAGE)
    need(a.words, 1, SPELL_USAGE)
    no_more(a.words, 1, SPELL_USAGE)
    patient = creature(ctx, a.words[0])
    if patient.life != "dying":
        ctx.fail(f"{patient.name} is not dying ({patient.life}); the spell stabilises the dying")
    if official(ctx.state, "stabilize_spell"):
        life.make_stable(ctx, patient, "spell", "starfinder.md §3.4.6 [Δ official]")
        say(ctx, patient, f"Stabilize: {patient.name} is stable (harmless: no save)",
            f"Estabilizar: {patient.name} queda estable (inofensivo: sin salvación)", "starfinder.md §3.4.6 [Δ official]")
        return
    dc = a.key_int(("dc", "cd"), SPELL_USAGE)
    if dc is None:
        ctx.fail(f"the seed's stabilize needs a passed Will save: give the spell's DC ({SPELL_USAGE})")
    total, _ = check(ctx, value(rs, ctx.state, patient, "will"), f"Will of {patient.name} to accept stabilize (DC {dc})",
                     patient, a.total(SPELL_USAGE), what="Will (stabilize spell)", dc=dc)
    if total >= dc:
        life.make_stable(ctx, patient, "spell", "starfinder.md §3.4.6 [S]")
        say(ctx, patient, f"Stabilize: {patient.name}'s Will {total} vs DC {dc} passes: stable",
            f"Estabilizar: Voluntad de {patient.name} {total} contra CD {dc}, supera: estable", "starfinder.md §3.4.6 [S]")
    else:
        say(ctx, patient, f"Stabilize: {patient.name}'s Will {total} vs DC {dc} fails: still dying (the seed wants a "
                          "passed save)",
            f"Estabilizar: Voluntad de {patient.name} {total} contra CD {dc}, falla: sigue moribundo (la semilla exige "
            "superar la salvación)", "starfinder.md §3.4.6 [S]")


REST_USAGE = "rest [NAME ...] [1h|8h|24h]"


def rest(rs, ctx: Context, args: tuple[str, ...]) -> None:
    """Rest recovery (starfinder.md §3.5, §3.6); time itself passes with `pass`."""
    if ctx.state.in_combat:
        ctx.fail("no resting during a combat: `end` it first")
    hours = 8
    names = []
    for a in args:
        low = a.casefold().rstrip("h")
        if a.casefold().endswith("h") and low.isdigit():
            hours = int(low)
        else:
            names.append(a)
    if hours not in (1, 8, 24):
        ctx.fail(f"rest takes 1h (exhausted to fatigued), 8h (a night) or 24h (bed rest); usage: {REST_USAGE}")
    who = [ctx.combatant(n) for n in names] if names else \
        [c for c in ctx.state.combatants.values() if c.category != "vehicle" and c.life not in ("dead", "dying")]
    for c in who:
        if c.category == "vehicle":
            ctx.fail(f"{c.name} is a vehicle; vehicles are repaired (heal {c.id} N)")
        if c.life in ("dead", "dying"):
            ctx.fail(f"{c.name} is {c.life} and cannot rest")
        _rest_one(rs, ctx, c, hours)


def _rest_one(rs, ctx: Context, c: Combatant, hours: int) -> None:
    done_en: list[str] = []
    done_es: list[str] = []
    had_fatigue = c.has("fatigued")
    for inst in list(c.instances("exhausted")):
        ctx.remove_condition(c, inst, reason="rested")
        ctx.apply_condition(c, rs.catalogue.define("fatigued"), source="rest")
        done_en.append("exhausted → fatigued")
        done_es.append("exhausto → fatigado")
    if hours >= 8 and had_fatigue:
        for inst in [i for i in c.instances("fatigued")][:1]:
            ctx.remove_condition(c, inst, reason="rested")
        done_en.append("no longer fatigued")
        done_es.append("deja de estar fatigado")
    if hours >= 8:
        for pool, en, es in (("sp", "stamina", "estamina"), ("rp", "resolve", "resolución")):
            p = c.pools.get(pool)
            if p is not None and p.max is not None and p.value < p.max:
                ctx.set_pool(c, pool, p.max, rule="starfinder.md §3.5 rest")
                done_en.append(f"{en} full ({p.max})")
                done_es.append(f"{es} completa ({p.max})")
        hp = c.pools.get("hp")
        if hp is not None and hp.max is not None and hp.value < hp.max:
            if hours == 24:
                gain, why, por = 2 * max(1, level(c)), "2 per level, bed rest", "2 por nivel, reposo en cama"
            elif official(ctx.state, "natural_healing"):
                gain, why, por = max(1, level(c)), "1 per level", "1 por nivel"
            else:
                gain, why, por = 1, "seed: 1 per night", "semilla: 1 por noche"
            new = min(hp.max, hp.value + gain)
            before = hp.value
            ctx.set_pool(c, "hp", new, rule="starfinder.md §3.5 rest")
            done_en.append(f"HP {before}→{new} ({why})")
            done_es.append(f"PG {before}→{new} ({por})")
            if before == 0 and new > 0:
                life.revive(ctx, c, "starfinder.md §3.5 rest")
    say(ctx, c, f"{c.name} rests {hours}h: " + ("; ".join(done_en) or "nothing to recover"),
        f"{c.name} descansa {hours}h: " + ("; ".join(done_es) or "nada que recuperar"),
        "starfinder.md §3.5 [S]" if hours != 1 else "starfinder.md §3.6 exhausted [O]")


COUP_USAGE = "coup ATTACKER TARGET DAMAGE [FORT_TOTAL] [disarmed] [TYPE ...]"


def coup_de_grace(rs, ctx: Context, args: tuple[str, ...]) -> None:
    """Full action: an automatic critical on a helpless foe; if it lives, Fort DC 10 + level or die."""
    from .damage import TYPE_WORDS, NONLETHAL, apply_damage

    a = Args.parse(args, COUP_USAGE)
    disarmed = a.flag("disarmed", "desarmado", "desarmada")
    types = tuple(w.casefold() for w in a.words[2:])
    for t in types:
        if t not in TYPE_WORDS and t not in NONLETHAL:
            ctx.fail(f"coup: unknown damage type {t!r}; usage: {COUP_USAGE}")
    need(a.words, 2, COUP_USAGE)
    if not a.numbers or len(a.numbers) > 2:
        ctx.fail(f"coup needs the critical damage rolled (and optionally the Fort total); usage: {COUP_USAGE}")
    attacker, target = creature(ctx, a.words[0]), creature(ctx, a.words[1])
    helpless = target.life in ("dying", "stable", "unconscious") or any(
        "helpless" in rs.catalogue.define(i.cond).flags for i in rs.active_conditions(target))
    off = official(ctx.state, "coup_de_grace")
    if not helpless and (off or not disarmed):
        extra = "" if off else " (or, by the seed, disarmed: add the word disarmed)"
        ctx.fail(f"{target.name} is not helpless or unconscious{extra}")
    use(ctx, attacker, "full", f"coup de grace on {target.name}")
    amount = a.numbers[0]
    if amount < 0:
        ctx.fail(f"coup: the damage is 0 or more, not {amount}")
    apply_damage(rs, ctx, target, amount, types,
                 why=(f"Coup de grace by {attacker.name} (automatic critical)",
                      f"Golpe de gracia de {attacker.name} (crítico automático)"))
    if target.life == "dead":
        return
    dc = 10 + level(attacker)
    total, _ = check(ctx, value(rs, ctx.state, target, "fort"), f"Fortitude of {target.name} against the coup (DC {dc})",
                     target, a.numbers[1] if len(a.numbers) > 1 else None, what="Fortitude (coup de grace)", dc=dc)
    rule = "starfinder.md §3.2 coup de grace [Δ official]" if off else "starfinder.md §3.2 coup de grace [S]"
    if total >= dc:
        say(ctx, target, f"{target.name} survives the coup de grace: Fortitude {total} vs DC {dc}",
            f"{target.name} sobrevive al golpe de gracia: Fortaleza {total} contra CD {dc}", rule)
        return
    life.kill(ctx, target, "coup", f"{target.name} fails Fortitude {total} vs DC {dc} (10 + level): dies",
              f"{target.name} falla Fortaleza {total} contra CD {dc} (10 + nivel): muere", rule)
