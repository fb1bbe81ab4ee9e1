"""Poisons and diseases on their progression tracks, the Starfinder way (starfinder.md §3.15).

Starfinder's afflictions deal no ability damage: each failed save moves the victim one step along a
track (Healthy - Weakened - Impaired - ... - Dead), keeping the effects of the steps before. A poison
takes Hit Points on exposure (DC - 10) and starts at the track's first step; a disease starts latent.
Enough consecutive saves purge a poison (the victim stays on its step and recovers with rest) and move a
disease's victim one step back each, to healthy: cured.

The clock and the step are kept in the mark ``afflictions`` ({uid of the condition: {...}}); the
``poisoned``/``diseased`` condition names it (its note). The conditions a step brings (sickened, staggered,
unconscious...) are put on with the note ``affliction:UID`` and taken off when the step changes; the
figure penalties of weakened and impaired come through ``modifiers``.
"""

from __future__ import annotations

from gm_console.ruleset import Combatant, Context, Mod, Msg, RulesError, Term, afflictions as clock, dealt, engine_marks, \
    fold_text, named, of

from . import life, monsters
from .common import say
from .i18n import T_, _
from .stats import SKILL_ABILITY, ability_mod

RULE = "starfinder.md §3.15"
ROUND = clock.ROUND


def _t(en: str, es: str) -> Term:
    return T_("affliction", en, es)


#: a step: its name, the penalty it adds to what the track governs, the conditions it brings (replacing
#: the ones it names), and what the GM handles by hand (Core Rulebook, Afflictions, pp. 414-415)
STEP = {
    "latent": (_t("latent", "latente"), 0, (), None),
    "weakened": (_t("weakened", "debilitado"), 2, (), None),
    "impaired": (_t("impaired", "mermado"), 2, (), None),
    "sluggish": (_t("sluggish", "torpe"), 2, ("flat-footed",), None),
    "stiffened": (_t("stiffened", "entumecido"), 0, (), _t("no Dex bonus to AC, no reactions",
                                                           "sin bonificador de Des a la CA ni reacciones")),
    "staggered": (_t("staggered", "grogui"), 0, ("staggered",), _t("it may still take a purely mental full action",
                                                                   "aún puede hacer una acción completa mental")),
    "immobile": (_t("immobile", "inmóvil"), 0, ("helpless",), _t("only purely mental actions",
                                                                 "solo acciones mentales")),
    "debilitated": (_t("debilitated", "extenuado"), 0, (), _t("a standard action costs it 1 HP",
                                                              "una acción estándar le cuesta 1 PG")),
    "unconscious": (_t("unconscious", "inconsciente"), 0, ("unconscious",), _t("cannot be woken",
                                                                              "no se le puede despertar")),
    "animalistic": (_t("animalistic", "animal"), 0, (), _t("as feeblemind, Charisma spared",
                                                           "como debilidad mental, sin tocar el Carisma")),
    "confused": (_t("confused", "confuso"), 0, ("confused",), None),
    "comatose": (_t("comatose", "comatoso"), 0, ("unconscious",), _t("cannot be woken", "no se le puede despertar")),
    "pliable": (_t("pliable", "dócil"), 0, (), _t("Bluff, Diplomacy and Intimidate against it succeed",
                                                 "Engañar, Diplomacia e Intimidar contra él tienen éxito")),
    "catatonic": (_t("catatonic", "catatónico"), 0, ("helpless",), _t("cannot interact with anything",
                                                                      "no puede interactuar con nada")),
    "bedridden": (_t("bedridden", "postrado"), 0, ("prone",), _t("cannot stand or take actions or reactions; "
                                                                 "it can converse", "no puede levantarse ni actuar "
                                                                 "ni reaccionar; puede conversar")),
    "befuddled": (_t("befuddled", "aturullado"), 0, (), _t("50% each round: no relevant actions",
                                                           "50% cada asalto: ninguna acción relevante")),
    "disassociated": (_t("disassociated", "disociado"), 0, (), _t("cannot tell friend from foe; accepts aid only "
                                                                  "with a Will save", "no distingue amigos de "
                                                                  "enemigos; acepta ayuda solo con una salvación "
                                                                  "de Voluntad")),
    "dead": (_t("dead", "muerto"), 0, (), None),
}
#: the disease tracks' steps that bring conditions of their own (physical weakened: sickened and fatigued...)
DISEASE_STEP = {("physical", "weakened"): ("sickened", "fatigued"), ("physical", "impaired"): ("exhausted",),
                ("mental", "weakened"): ("shaken",), ("mental", "impaired"): ("flat-footed",)}
#: conditions a later step's replaces (exhausted is fatigued's worse grade; overburdened encumbered's)
REPLACES = {"exhausted": ("fatigued",), "overburdened": ("encumbered",)}
TRACKS = {
    "str": ("weakened", "impaired", "staggered", "immobile", "dead"),
    "dex": ("sluggish", "stiffened", "staggered", "immobile", "dead"),
    "con": ("weakened", "impaired", "debilitated", "unconscious", "dead"),
    "int": ("weakened", "impaired", "animalistic", "comatose", "dead"),
    "wis": ("weakened", "impaired", "confused", "comatose", "dead"),
    "cha": ("weakened", "impaired", "pliable", "catatonic", "dead"),
    "physical": ("latent", "weakened", "impaired", "debilitated", "bedridden", "comatose", "dead"),
    "mental": ("latent", "weakened", "impaired", "befuddled", "disassociated", "comatose", "dead"),
}
#: Strength's weakened and impaired carry the encumbered and overburdened conditions
STR_STEP = {"weakened": ("encumbered",), "impaired": ("overburdened",)}
TRACK_WORDS = {"str": "str", "fue": "str", "dex": "dex", "des": "dex", "con": "con", "int": "int", "wis": "wis",
               "sab": "wis", "cha": "cha", "car": "cha", "physical": "physical", "fisica": "physical",
               "física": "physical", "mental": "mental"}
#: the figures a track's weakened/impaired penalty weighs on (its checks and skills come with them)
GOVERNS = {"str": ("melee", "damage"), "dex": ("ref", "ranged"), "con": ("fort",), "wis": ("will",), "int": (),
           "cha": ()}
KEYS = {"dc": "dc", "cd": "dc", "track": "track", "pista": "track", "every": "every", "cada": "every",
        "for": "for", "durante": "for", "cure": "cure", "cura": "cure", "onset": "onset", "incubacion": "onset",
        "incubación": "onset", "die": "die", "dado": "die"}
KINDS = {"poison": T_("affliction", "poison", "veneno"), "disease": T_("affliction", "disease", "enfermedad")}
CONDITION = {"poison": "poisoned", "disease": "diseased"}
FORM = T_("form", "dc=15 track=dex|str|con|int|wis|cha|physical|mental every=round for=6 cure=1 [onset=1d3days] "
            "[name=TEXT] [die=N] | from CREATURE",
            "cd=15 pista=des|fue|con|int|sab|car|fisica|mental cada=asalto durante=6 cura=1 [incubación=1d3días] "
            "[nombre=TEXTO] [dado=N] | de CRIATURA")


def _refuse(kind: str, problem: Msg) -> None:
    raise RulesError(_("{kind}: {problem}; expected {form}", kind=KINDS[kind], problem=problem, form=FORM))


def read(kind: str, words) -> dict:
    """The typed words as a spec (refused naming the form when written wrong, nothing applied)."""
    spec: dict = {"dc": 0, "track": "", "every": 0, "for": 0, "cure": 0, "onset": "", "name": "", "die": 0,
                  "extra": []}
    words = [str(w) for w in words]
    for i, word in enumerate(words):
        key, sep, value = word.partition("=")
        key = KEYS.get(fold_text(key), fold_text(key)) if sep else ""
        if key in ("name", "nombre"):
            spec["name"] = " ".join([value, *words[i + 1:]]).strip()
            break
        if sep and value and key in clock.HP_KEYS:
            if not clock.DICE.match(value):
                _refuse(kind, _("{word}: hit points are a number or dice like 1d6", word=word))
            spec["extra"].append(["hp", value])
            continue
        if sep and value and key in clock.COND_KEYS:
            spec["extra"].append(clock.read_condition(value, _catalogue(), _refuse, kind))
            continue
        if not sep or not value or key not in set(KEYS.values()):
            _refuse(kind, _("unknown {word!r}", word=word))
        if key == "track":
            if fold_text(value) not in TRACK_WORDS:
                _refuse(kind, _("{word}: the tracks are str, dex, con, int, wis, cha, physical and mental", word=word))
            spec["track"] = TRACK_WORDS[fold_text(value)]
        elif key == "every":
            if clock.every(value) is None:
                _refuse(kind, _("{word}: every=round, minute, hour or day", word=word))
            spec["every"] = clock.every(value)
        elif key == "onset":
            if clock.onset_span(value) is None:
                _refuse(kind, _("{word}: a span like 10m, 1d or 1d3days", word=word))
            spec["onset"] = value
        elif not value.isdigit() or int(value) > 10**4:
            _refuse(kind, _("{word}: a whole number", word=word))
        else:
            spec[key] = int(value)
    if not spec["dc"]:
        _refuse(kind, _("the save's DC is missing (dc=N)"))
    spec["track"] = spec["track"] or ("physical" if kind == "disease" else "")
    if not spec["track"]:
        _refuse(kind, _("which track is missing (track=dex...)"))
    return clock.settle(kind, spec, _refuse)


def _catalogue():
    from gm_console.ruleset import Catalogue

    from .catalogue import CATALOGUE

    return Catalogue(CATALOGUE)


def _extra(ctx: Context, c: Combatant, label, extra) -> None:
    """What a failed save deals beside the step (`hp=`, `cond=`, §3.15 [I]): HP lost as the exposure's are,
    the condition for its rounds."""
    for key, what, *lasts in extra or ():
        c = ctx.state.get(c.id)
        if c.life == "dead":
            return
        if key == "hp":
            amount = ctx.roll(what, purpose=_("{what} on {name}", what=label, name=named(c)), who=c.id).total \
                if "d" in what else int(what)
            lose_hp(ctx, c, amount, label)
        else:
            clock.give_condition(ctx, c, what, lasts[0], label, RULE)


def check(stats) -> None:
    """A stat block's ``poison``/``disease`` (what its bite carries) read as the verb reads it."""
    clock.check(stats, KINDS, read)


# -- exposure ----------------------------------------------------------------------------------------


def verb(kind: str):
    """The `poison`/`disease` verb's handler."""
    return clock.verb(kind, KINDS, read, expose)


def _label(kind: str, spec: dict) -> "Term | str":
    return spec.get("name") or KINDS[kind]


def _immune(c: Combatant, kind: str) -> bool:
    words = monsters.immunities(c)
    return kind in words or {"poison": "veneno", "disease": "enfermedad"}[kind] in words


def expose(ctx: Context, c: Combatant, kind: str, spec: dict) -> None:
    """A poison takes DC - 10 Hit Points whatever the save; then the save: a success wards it off, a failure
    puts the victim on the track's first step (a disease: latent), its clock running."""
    if c.life == "dead":
        ctx.fail(_("{name} is dead", name=c.name))
    label = _label(kind, spec)
    if _immune(c, kind):
        say(ctx, c, _("{name} is immune to {what}: no effect", name=named(c), what=KINDS[kind]), RULE)
        return
    if kind == "poison":
        lose_hp(ctx, c, spec["dc"] - 10, label)
        c = ctx.state.get(c.id)
        if c.life == "dead":
            return
    same = _same(c, kind, spec)
    if same is not None and kind == "disease":
        say(ctx, c, _("{name} already has {what}", name=named(c), what=label), RULE)
        return
    if not _save(ctx, c, spec["dc"], label, spec["die"] or None, first=True):
        if same is not None:  # another dose: one more step (each failed save, a step)
            _step(ctx, ctx.state.get(c.id), same, +1)
            _extra(ctx, c, label, spec["extra"])
            return
        inst = ctx.apply_condition(c, ctx.ruleset.conditions.catalogue.get(CONDITION[kind]), note=spec["name"])
        onset = clock.roll_onset(ctx, c, spec["onset"], _("onset for {name}", name=named(c)))
        aff = {"kind": kind, "name": spec["name"], "dc": spec["dc"], "track": spec["track"], "step": -1,
               "every": spec["every"], "for": spec["for"], "left": spec["for"], "cure": spec["cure"], "streak": 0,
               "wait": onset or spec["every"], "purged": False, "extra": spec["extra"]}
        _store(ctx, ctx.state.get(c.id), str(inst.uid), aff)
        _step(ctx, ctx.state.get(c.id), str(inst.uid), +1)
        if not onset:
            _extra(ctx, c, label, spec["extra"])
        if onset:
            say(ctx, ctx.state.get(c.id), _("{what}: the next save after the onset ({onset})", what=label,
                                            onset=clock.span_text(onset)), RULE)


def lose_hp(ctx: Context, c: Combatant, amount: int, label) -> None:
    """Hit Points lost to a poison (not damage: stamina does not take them [I]); 0 HP as any damage's."""
    hp = c.pools.get("hp")
    if amount <= 0 or hp is None:
        return
    before = hp.value
    if before == 0 and c.life in ("dying", "stable", "unconscious"):
        say(ctx, c, _("{what}: {name} loses {amount} HP", what=label, name=named(c), amount=dealt(c, amount)), RULE)
        life.hit_at_zero(ctx, c, amount, False, True)
        return
    ctx.set_pool(c, "hp", max(0, before - amount), rule=RULE)
    say(ctx, c, _("{what}: {name} loses {amount} HP", what=label, name=named(c), amount=dealt(c, amount)), RULE,
        _("HP {before}→{after}", before=of(c, before), after=of(c, max(0, before - amount))))
    if amount >= before:
        life.drop_to_zero(ctx, ctx.state.get(c.id), amount - before, False)


def _same(c: Combatant, kind: str, spec: dict):
    for uid, aff in (engine_marks.AFFLICTIONS.of(c) or {}).items():
        if aff["kind"] == kind and aff["name"] and fold_text(aff["name"]) == fold_text(spec["name"]):
            return uid
    return None


def _save(ctx: Context, c: Combatant, dc: int, label, natural: int | None, first: bool) -> bool:
    """The Fortitude save; its outcome for everyone, the roll and the DC the detail (the GM's for a foe)."""
    fort = ctx.ruleset.sheet.effective(ctx.state, c)["fort"].value
    if natural is None:
        natural = ctx.roll("1d20", purpose=_("{name}: Fortitude against {what}", name=named(c), what=label),
                           who=c.id).total
    total = natural + fort
    ok = natural == 20 or (natural != 1 and total >= dc)
    args = dict(name=named(c), what=label)
    if first:
        line = _("{name} is exposed to {what} and resists", **args) if ok else \
            _("{name} is exposed to {what} and fails the save", **args)
    else:
        line = _("{name} saves against {what}", **args) if ok else _("{name} fails the save against {what}", **args)
    say(ctx, c, line, RULE, _("Fortitude {nat}{bonus:+d} = {total} vs DC {dc}", nat=of(c, natural), bonus=of(c, fort),
                              total=of(c, total), dc=of(c, dc)))
    return ok


# -- the track -------------------------------------------------------------------------------------


def _conditions_at(track: str, step: int) -> list[str]:
    """The conditions the steps up to ``step`` bring, later ones replacing what they worsen."""
    out: list[str] = []
    for name in TRACKS[track][:step + 1]:
        more = (*STEP[name][2], *DISEASE_STEP.get((track, name), ()), *(STR_STEP.get(name, ()) if track == "str"
                                                                           else ()))
        for cond in more:
            out = [o for o in out if o not in REPLACES.get(cond, ())]
            if cond not in out:
                out.append(cond)
    return out


def _step(ctx: Context, c: Combatant, uid: str, move: int) -> None:
    """One step along the track (+1) or back toward healthy (-1); the step's conditions follow."""
    aff = dict(engine_marks.AFFLICTIONS.of(c)[uid])
    track = TRACKS[aff["track"]]
    old, new = aff["step"], max(-1, min(len(track) - 1, aff["step"] + move))
    aff["step"] = new
    label = _label(aff["kind"], aff)
    _store(ctx, c, uid, aff)
    note = f"affliction:{uid}"
    have = [i for i in c.conditions if i.note == note]
    want = _conditions_at(aff["track"], new) if new >= 0 else []
    for inst in have:
        if inst.cond not in want:
            ctx.remove_condition(c, inst, reason="affliction")
    for cond in want:
        if not any(i.cond == cond for i in have):
            ctx.apply_condition(ctx.state.get(c.id), ctx.ruleset.conditions.catalogue.get(cond), note=note)
    c = ctx.state.get(c.id)
    if new < 0:
        _end(ctx, c, uid, _("{name} is cured of {what}", name=named(c), what=label))
        return
    name = STEP[track[new]][0]
    if new > old:
        say(ctx, c, _("{what} leaves {name} {step}", name=named(c), step=name, what=label), RULE,
            _what_step(aff["track"], new))
    else:
        say(ctx, c, _("{name} recovers a step from {what}: {step}", name=named(c), step=name, what=label), RULE)
    if track[new] == "dead":
        life.kill(ctx, c, "affliction", _("{name} dies of {what}", name=named(c), what=label), RULE)


def _what_step(track: str, step: int) -> "Msg | None":
    pen = penalty(track, step)
    hand = STEP[TRACKS[track][step]][3]
    if pen and hand:
        return _("-{n} on {track} figures; {hand}", n=pen, track=TRACK_NAMES[track], hand=hand)
    if pen:
        return _("-{n} on {track} figures", n=pen, track=TRACK_NAMES[track])
    return hand


TRACK_NAMES = {"str": T_("affliction track", "Str", "Fue"), "dex": T_("affliction track", "Dex", "Des"),
               "con": T_("affliction track", "Con", "Con"),
               "int": T_("affliction track", "Int", "Int"), "wis": T_("affliction track", "Wis", "Sab"),
               "cha": T_("affliction track", "Cha", "Car"),
               "physical": T_("affliction track", "physical", "física"),
               "mental": T_("affliction track", "mental", "mental")}


def penalty(track: str, step: int) -> int:
    """The ability tracks' weakened and impaired: -2, then -2 more."""
    if track not in GOVERNS:
        return 0
    return sum(STEP[name][1] for name in TRACKS[track][:step + 1])


def modifiers(c: Combatant):
    """(figure, Mod) for each affliction's penalty: its track's saves, attacks, damage and skills; a
    stiffened victim loses its Dex bonus to AC."""
    for uid, aff in (engine_marks.AFFLICTIONS.of(c) or {}).items():
        track, step = aff["track"], aff["step"]
        label = f"{aff['name'] or aff['kind']}"
        pen = penalty(track, step)
        if pen:
            skills = tuple(s for s, a in SKILL_ABILITY.items() if a == track and c.stats.get(s) is not None)
            for fig in GOVERNS.get(track, ()) + skills:
                yield fig, Mod(label, -pen, "", f"affliction:{uid}")
        if track == "dex" and step >= 1 and ability_mod(c, "dex") > 0:
            yield "ac", Mod(label, -ability_mod(c, "dex"), "", f"affliction:{uid}")


# -- the clock -------------------------------------------------------------------------------------


def answer(ctx: Context, c: Combatant, cond: str, dice: tuple[int, ...]) -> bool:
    """``save NAME poisoned [DIE]``: the save offered (table option ``save_rolls offer``)."""
    return clock.answer(ctx, c, cond, dice, _due)


def advance(ctx: Context, c: Combatant, seconds: int) -> None:
    """``seconds`` went by for ``c``: each affliction's saves that fall due (§3.15)."""
    clock.advance(ctx, c, seconds, _due)


def _due(ctx: Context, c: Combatant, uid: str) -> None:
    """A save at the frequency: failed, one step on; its cure's consecutive successes purge a poison (the
    victim keeps its step) or bring a disease's victim one step back each; the poison's duration ends it."""
    aff = dict(engine_marks.AFFLICTIONS.of(c)[uid])
    label = _label(aff["kind"], aff)
    if aff["purged"] or TRACKS[aff["track"]][aff["step"]] == "dead":
        return
    if aff["track"] == "con" and aff["kind"] == "poison" and aff["step"] >= 0:
        lose_hp(ctx, c, aff["dc"] - 10, label)  # Constitution's weakened: HP at every save
        c = ctx.state.get(c.id)
        if c.life == "dead":
            return
    ok = _save(ctx, c, aff["dc"], label, None, first=False)
    c = ctx.state.get(c.id)
    aff["streak"] = aff["streak"] + 1 if ok else 0
    aff["left"] = max(0, aff["left"] - 1)
    _store(ctx, c, uid, aff)
    if not ok:
        _step(ctx, c, uid, +1)
        _extra(ctx, c, label, aff.get("extra"))
    elif aff["cure"] and aff["streak"] >= aff["cure"]:
        if aff["kind"] == "disease":
            aff["streak"] = 0
            _store(ctx, c, uid, aff)
            _step(ctx, c, uid, -1)
            return
        _purge(ctx, c, uid, _("{what} is purged from {name}'s system: a step of recovery a day of bed rest",
                              what=label, name=named(c)))
        return
    c = ctx.state.get(c.id)
    aff = (engine_marks.AFFLICTIONS.of(c) or {}).get(uid)
    if aff is not None and aff["kind"] == "poison" and aff["for"] and not aff["left"] and c.life != "dead":
        _purge(ctx, c, uid, _("{what} has run its course in {name}: a step of recovery a day of bed rest",
                              what=label, name=named(c)))


def _purge(ctx: Context, c: Combatant, uid: str, line: Msg) -> None:
    aff = dict(engine_marks.AFFLICTIONS.of(c)[uid])
    aff["purged"] = True
    _store(ctx, c, uid, aff)
    say(ctx, c, line, RULE)


def rest(ctx: Context, c: Combatant, hours: int) -> None:
    """A day of bed rest (24h; two nights, 8h each, count as one [I: a night is half a step]) brings a purged
    poison's victim one step toward healthy."""
    for uid in list((engine_marks.AFFLICTIONS.of(c) or {})):
        aff = dict((engine_marks.AFFLICTIONS.of(ctx.state.get(c.id)) or {}).get(uid) or {})
        if not aff.get("purged"):
            continue
        halves = int(aff.get("halves", 0)) + (2 if hours >= 24 else 1 if hours >= 8 else 0)
        steps, aff["halves"] = divmod(halves, 2)
        _store(ctx, ctx.state.get(c.id), uid, aff)
        for _i in range(steps):
            if uid in (engine_marks.AFFLICTIONS.of(ctx.state.get(c.id)) or {}):
                _step(ctx, ctx.state.get(c.id), uid, -1)


_store = clock.store


def clock_pending(state) -> list:
    """The saves offered to the GM (table option ``save_rolls offer``)."""
    return clock.pending(state, tuple(CONDITION.values()))


def _end(ctx: Context, c: Combatant, uid: str, line: Msg) -> None:
    _store(ctx, c, uid, None)
    for inst in [i for i in c.conditions if str(i.uid) == uid or i.note == f"affliction:{uid}"]:
        ctx.remove_condition(ctx.state.get(c.id), inst, reason="cured")
    say(ctx, ctx.state.get(c.id), line, RULE)


def removed(ctx: Context, c: Combatant, cond: str) -> None:
    """``uncond NAME poisoned`` (remove affliction): the victim is healthy, the step's conditions go."""
    if cond not in CONDITION.values():
        return
    table = dict(engine_marks.AFFLICTIONS.of(c) or {})
    for uid in [u for u in table if not any(str(i.uid) == u for i in c.conditions)]:
        table.pop(uid)
        for inst in [i for i in c.conditions if i.note == f"affliction:{uid}"]:
            ctx.remove_condition(ctx.state.get(c.id), inst, reason="cured")
        ctx.set_mark(ctx.state.get(c.id), engine_marks.AFFLICTIONS, table or None)


def status(c: Combatant) -> "list[Msg]":
    out: list[Msg] = []
    for aff in (engine_marks.AFFLICTIONS.of(c) or {}).values():
        track = TRACKS[aff["track"]]
        step = STEP[track[aff["step"]]][0] if aff["step"] >= 0 else _("healthy")
        if aff["purged"]:
            when = _("purged: a step back a day of bed rest")
        else:
            when = _("Fort DC {dc}, next save in {wait}", dc=aff["dc"], wait=clock.span_text(aff["wait"]))
        extra = [clock.effect_text(e, _catalogue()) for e in aff.get("extra") or ()]
        if extra:
            more = extra[0]
            for part in extra[1:]:
                more = _("{a} and {b}", a=more, b=part)
            when = _("{clock}; each failed save also {more}", clock=when, more=more)
        out.append(_("{what} ({track} track): {step}; {clock}", what=_label(aff["kind"], aff),
                     track=TRACK_NAMES[aff["track"]], step=step, clock=when))
    return out
