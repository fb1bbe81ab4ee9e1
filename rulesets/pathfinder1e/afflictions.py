"""Poisons and diseases on their own clock (pathfinder1e.md §1.17).

An affliction is what its stat block line says: the Fortitude DC, the ability damage each failed save
deals (``dex=1d2``), how often the victim saves (``every=round``, ``every=day``), for how many saves
(``for=6``), the onset before the first effect (``onset=1d3days``) and the consecutive saves that cure it
(``cure=2``). ``poison NAME ...`` and ``disease NAME ...`` expose a combatant: the first save is rolled at
once; a failure puts the ``poisoned``/``diseased`` condition on (its note: the affliction's name) and
keeps the clock in the mark ``afflictions`` ({uid: {...}}), which the victim's turn starts and ``pass``
run down. A creature immune to poison or disease (``immune=poison``) is not touched.
"""

from __future__ import annotations

import re

from gm_console.ruleset import (Catalogue, Combatant, Context, Msg, RulesError, Term, afflictions as clock, dealt,
                                engine_marks, fold_text, named, of, public)

from . import abilities, defenses
from .i18n import T_, _, _n

RULE = "pathfinder1e.md §1.17"
ROUND = clock.ROUND
ABILITY_WORDS = {"str": "str", "fue": "str", "dex": "dex", "des": "dex", "con": "con", "int": "int", "wis": "wis",
                 "sab": "wis", "cha": "cha", "car": "cha"}
KEYS = {"dc": "dc", "cd": "dc", "every": "every", "cada": "every", "frequency": "every", "frecuencia": "every",
        "for": "for", "durante": "for", "cure": "cure", "cura": "cure", "onset": "onset",
        "incubacion": "onset", "incubación": "onset", "name": "name", "nombre": "name", "die": "die",
        "dado": "die"}
KINDS = {"poison": T_("affliction", "poison", "veneno"), "disease": T_("affliction", "disease", "enfermedad")}
CONDITION = {"poison": "poisoned", "disease": "diseased"}
FORM = T_("form", "dc=14 dex=1d2 every=round for=6 cure=1 [onset=1d3days] [name=TEXT] [die=N] | from CREATURE",
            "cd=14 des=1d2 cada=asalto durante=6 cura=1 [incubación=1d3días] [nombre=TEXTO] [dado=N] | de CRIATURA")
DICE = re.compile(r"^(\d{1,2})(?:d(\d{1,3}))?$")


def _refuse(kind: str, problem: Msg) -> None:
    raise RulesError(_("{kind}: {problem}; expected {form}", kind=KINDS[kind], problem=problem, form=FORM))


def read(kind: str, words) -> dict:
    """The typed words as a spec: {"dc", "effects": [[ability, dice], ...], "every", "for", "cure",
    "onset", "name", "die"}; refused naming the form when written wrong, nothing applied."""
    spec: dict = {"effects": [], "every": 0, "for": 0, "cure": 0, "onset": "", "name": "", "die": 0}
    words = list(words)
    for i, word in enumerate(words):
        key, sep, value = str(word).partition("=")
        key = fold_text(key) if sep else ""
        if key in ("name", "nombre"):
            spec["name"] = " ".join([value, *map(str, words[i + 1:])]).strip()
            break
        if not sep or not value:
            _refuse(kind, _("{word!r} is not KEY=VALUE", word=word))
        if key in ABILITY_WORDS:
            if not DICE.match(value):
                _refuse(kind, _("{word}: the damage is a number or dice like 1d2", word=word))
            spec["effects"].append([ABILITY_WORDS[key], value])
        elif key in clock.HP_KEYS:
            if not DICE.match(value):
                _refuse(kind, _("{word}: the damage is a number or dice like 1d2", word=word))
            spec["effects"].append(["hp", value])
        elif key in clock.COND_KEYS:
            spec["effects"].append(clock.read_condition(value, _catalogue(), _refuse, kind))
        elif KEYS.get(key) == "dc" or KEYS.get(key) in ("for", "cure", "die"):
            if not value.isdigit() or int(value) > 10**4:
                _refuse(kind, _("{word}: a whole number", word=word))
            spec[KEYS[key]] = int(value)
        elif KEYS.get(key) == "every":
            if clock.every(value) is None:
                _refuse(kind, _("{word}: every=round, minute, hour or day", word=word))
            spec["every"] = clock.every(value)
        elif KEYS.get(key) == "onset":
            if clock.onset_span(value) is None:
                _refuse(kind, _("{word}: a span like 10m, 1d or 1d3days", word=word))
            spec["onset"] = value
        else:
            _refuse(kind, _("unknown {word!r}", word=word))
    if not spec.get("dc"):
        _refuse(kind, _("the save's DC is missing (dc=N)"))
    if not spec["effects"]:
        _refuse(kind, _("what a failed save deals is missing (str=, dex=, con=, int=, wis=, cha=, hp= or cond=)"))
    return clock.settle(kind, spec, _refuse)


def _catalogue() -> Catalogue:
    from .catalogue import CATALOGUE

    return Catalogue(CATALOGUE)


def check(stats) -> None:
    """A stat block's ``poison``/``disease`` (what its bite carries) read as the verb reads it."""
    clock.check(stats, KINDS, read)


# -- exposure --------------------------------------------------------------------------------------


def verb(kind: str):
    """The `poison`/`disease` verb's handler."""
    return clock.verb(kind, KINDS, read, expose)


def _label(kind: str, spec: dict) -> "Term | str":
    """Its name as the stat block gives it ("Giant spider venom"), else the word poison or disease."""
    return spec.get("name") or KINDS[kind]


def expose(ctx: Context, c: Combatant, kind: str, spec: dict) -> None:
    """The first save, at once: a success wards it off; a failure is the effect now (no onset) or the
    onset's clock; a second dose of a poison it has makes that one's DC +2 and its duration half again."""
    if c.life == "dead":
        ctx.fail(_("{name} is dead", name=c.name))
    label = _label(kind, spec)
    if kind in defenses.of_creature(c).immune:
        ctx.say(_("{name} is immune to {what}: no effect", name=named(c), what=KINDS[kind]), rule=RULE, who=c.id)
        return
    same = _same(c, kind, spec) if kind == "poison" else None
    dc = spec["dc"] + (2 if same else 0)
    if kind == "disease" and _same(c, kind, spec):
        ctx.say(_("{name} already has {what}", name=named(c), what=label), rule=RULE, who=c.id)
        return
    ok = _save(ctx, c, dc, label, spec.get("die") or None, first=True)
    if ok:
        return
    if same is not None:
        uid, aff = same
        table = dict(engine_marks.AFFLICTIONS.of(c) or {})
        more = aff["for"] // 2
        table[uid] = {**aff, "dc": aff["dc"] + 2, "left": aff["left"] + more if aff["left"] else 0}
        ctx.set_mark(c, engine_marks.AFFLICTIONS, table)
        ctx.say(_("{name} takes another dose of {what}: DC {dc}, {more} more saves", name=named(c), what=label,
                  dc=of(c, aff["dc"] + 2), more=of(c, more)), rule=RULE + " [O]", who=c.id)
        _effect(ctx, ctx.state.get(c.id), label, aff["effects"])
        return
    inst = ctx.apply_condition(c, ctx.ruleset.conditions.catalogue.get(CONDITION[kind]), note=spec["name"] or "")
    onset = clock.roll_onset(ctx, c, spec["onset"], _("onset for {name}", name=named(c)))
    aff = {"kind": kind, "name": spec["name"], "dc": spec["dc"], "effects": spec["effects"], "every": spec["every"],
           "for": spec["for"], "left": spec["for"], "cure": spec["cure"], "streak": 0,
           "wait": onset or spec["every"], "onset": bool(onset)}
    c = ctx.state.get(c.id)
    table = dict(engine_marks.AFFLICTIONS.of(c) or {})
    table[str(inst.uid)] = aff
    ctx.set_mark(c, engine_marks.AFFLICTIONS, table)
    if onset:
        ctx.say(_("{name} has contracted {what}: its first effect after the onset ({onset})", name=named(c),
                  what=label, onset=clock.span_text(onset)), rule=RULE, who=c.id)
        return
    _effect(ctx, c, label, spec["effects"])


def _same(c: Combatant, kind: str, spec: dict):
    for uid, aff in (engine_marks.AFFLICTIONS.of(c) or {}).items():
        if aff.get("kind") == kind and fold_text(aff.get("name") or "") == fold_text(spec.get("name") or "") \
                and aff.get("name"):
            return uid, aff
    return None


def _save(ctx: Context, c: Combatant, dc: int, label, natural: int | None, first: bool) -> bool:
    """The Fortitude save; the players read its outcome, the roll and the DC are the detail."""
    ok, _total, text = ctx.ruleset.checks.roll_save(ctx, c, "fort", dc, natural=natural, purpose=label)
    args = dict(name=named(c), what=label)
    if first:
        line = _("{name} is exposed to {what} and resists", **args) if ok else \
            _("{name} is exposed to {what} and fails the save", **args)
    else:
        line = _("{name} saves against {what}", **args) if ok else _("{name} fails the save against {what}", **args)
    ctx.say(line, rule=RULE, who=c.id, detail=text)
    return ok


def _effect(ctx: Context, c: Combatant, label, effects) -> None:
    for key, dice, *lasts in effects:
        if c.life == "dead":
            return
        if key == "cond":
            clock.give_condition(ctx, c, dice, lasts[0], label, RULE)
            c = ctx.state.get(c.id)
            continue
        amount = ctx.roll(dice, purpose=_("{what} on {name}", what=label, name=named(c)), who=c.id).total \
            if "d" in dice else int(dice)
        if amount > 0 and key == "hp":
            ctx.say(_("{what} deals {name} {amount} damage", what=label, name=named(c), amount=dealt(c, amount)),
                    rule=RULE, who=c.id)
            ctx.ruleset.health.damage(ctx, c, amount, ("poison",))
        elif amount > 0:
            why = _("{what} deals {name} {amount} {ability} damage", what=label, name=named(c),
                    amount=dealt(c, amount), ability=abilities.NAMES[key])
            abilities.damage(ctx, c, key, amount, why=why)
        c = ctx.state.get(c.id)


# -- the clock -------------------------------------------------------------------------------------


def answer(ctx: Context, c: Combatant, cond: str, dice: tuple[int, ...]) -> bool:
    """``save NAME poisoned [DIE]``: the save offered (table option ``save_rolls offer``)."""
    return clock.answer(ctx, c, cond, dice, _due)


def advance(ctx: Context, c: Combatant, seconds: int) -> None:
    """``seconds`` went by for ``c``: each affliction's saves that fall due (§1.17)."""
    clock.advance(ctx, c, seconds, _due)


next_due = clock.next_due
_store = clock.store


def _inst(c: Combatant, uid: str):
    return next((i for i in c.conditions if str(i.uid) == uid), None)


def _due(ctx: Context, c: Combatant, uid: str) -> None:
    """One save at its frequency: a failure deals the effect and breaks the streak; enough consecutive
    successes cure it; the last of its saves ends it."""
    aff = dict(engine_marks.AFFLICTIONS.of(c)[uid])
    label = _label(aff["kind"], aff)
    onset = aff.get("onset")
    aff["onset"] = False
    ok = _save(ctx, c, aff["dc"], label, None, first=False)
    c = ctx.state.get(c.id)
    if ok:
        aff["streak"] += 1
    else:
        aff["streak"] = 0
        _effect(ctx, c, label, aff["effects"])
        c = ctx.state.get(c.id)
        if c.life == "dead":
            return
    if not onset and aff["left"]:
        aff["left"] -= 1
    if ok and aff["cure"] and aff["streak"] >= aff["cure"]:
        _end(ctx, c, uid, _("{name} is cured of {what}", name=named(c), what=label), "cured")
    elif not onset and aff["for"] and not aff["left"]:
        _end(ctx, c, uid, _("{what} has run its course in {name}", name=named(c), what=label), "ran its course")
    else:
        _store(ctx, c, uid, aff)
        if ok and aff["cure"] > 1:
            ctx.say(_("{name}: {n} of {cure} consecutive saves to be cured", name=named(c), n=of(c, aff["streak"]),
                      cure=public(aff["cure"])), rule=RULE, who=c.id)


def _end(ctx: Context, c: Combatant, uid: str, line: Msg, reason: str) -> None:
    _store(ctx, c, uid, None)
    inst = _inst(c, uid)
    if inst is not None:
        ctx.remove_condition(c, inst, reason=reason)
    ctx.say(line, rule=RULE, who=c.id)


def _effects_text(effects) -> "Msg":
    parts = [clock.effect_text(e, _catalogue()) or _("{dice} {ability} damage", dice=e[1], ability=abilities.NAMES[e[0]])
             for e in effects]
    text = parts[0]
    for part in parts[1:]:
        text = _("{a} and {b}", a=text, b=part)
    return text


def removed(ctx: Context, c: Combatant) -> None:
    """The condition taken off by hand (neutralize poison, remove disease): its clock goes with it."""
    table = dict(engine_marks.AFFLICTIONS.of(c) or {})
    kept = {uid: aff for uid, aff in table.items() if _inst(c, uid) is not None}
    if kept != table:
        ctx.set_mark(c, engine_marks.AFFLICTIONS, kept or None)


def status(c: Combatant) -> "list[Msg]":
    """The GM's sheet: each affliction's DC, effect, next save, saves left and the cure's streak."""
    out: list[Msg] = []
    for aff in (engine_marks.AFFLICTIONS.of(c) or {}).values():
        effect = _effects_text(aff["effects"])
        left = _n("{n} save left", "{n} saves left", aff["left"], n=aff["left"]) if aff["for"] else _("until cured")
        cure = _("cure: {n} of {cure} consecutive saves", n=aff["streak"], cure=aff["cure"]) if aff["cure"] \
            else _("no save cures it")
        out.append(_("{what}: Fort DC {dc}, {effect} on a failed save, next save in {wait}; {left}; {cure}",
                     what=_label(aff["kind"], aff), dc=aff["dc"], effect=effect, wait=clock.span_text(aff["wait"]),
                     left=left, cure=cure))
    return out
