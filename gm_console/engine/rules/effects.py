"""Effects on many targets: conditions and spells with durations in rounds, minutes or hours,
modifiers the GM types, per-turn ticks, and one damage roll shared by an area with saves.

Every game gets these from the engine, so a GM can put anything on anyone: a catalogue
entry of the ruleset (``bless``, ``rock armor``) or a free label (``"Shield of the Dawn"``),
with its modifiers to the ruleset's figures (``ac+2 attack+1``), which the ruleset's
figures add by the game's stacking rules. A duration in minutes or hours becomes rounds
(``10m`` = 100 rounds of 6 seconds) and keeps running out of combat with ``pass``.
"""

from __future__ import annotations

import fnmatch
import re
from dataclasses import dataclass

from gm_console.i18n import Row, _

from ..core.told import SaveDC, dealt, either, gm, named, of, public, save_dc
from ..core import events as ev
from .durations import parse_duration
from ..core.context import Context
from ..core.contract import ConditionDef
from ..core.errors import CommandError, RulesError
from ..core.marks import SAVES_OWED
from ..core.state import Combatant
from ..core.text import fold_text, listing
from ..core.whose import possessive

#: ``ac+2``, ``will-1``, ``ca+2``, ``daño+1``, ``ac+1:deflection``: a figure (either language), a signed
#: whole number and, after a colon, the bonus's type
MODIFIER = re.compile(r"^([^\W\d][\w-]*)([+-]\d{1,4})(?::([^\W\d][\w-]*))?$")
#: ``3`` or ``3r`` rounds; ``10m``, ``1h``, ``2horas``...: a span of time
ROUNDS = re.compile(r"^\d{1,6}r?$", re.IGNORECASE)
#: ``save=will:15`` on an effect: a save ends it (Spanish ``salvación=voluntad:15``)
SAVE_WORDS = ("save=", "salvacion=", "salvación=", "ts=")
#: when that save is rolled, in either language
SAVE_AT = {"start": "start", "inicio": "start", "comienzo": "start", "end": "end", "final": "end", "fin": "end"}
SAVE_MODES = {"half": "half", "mitad": "half", "negates": "negates", "negate": "negates", "niega": "negates",
              "anula": "negates", "none": "negates"}


# --- many targets ------------------------------------------------------------------------


def targets(ctx: Context, refs: tuple[str, ...]) -> list[Combatant]:
    """``Goblin 1,Goblin 2`` or ``Goblin*``: each combatant once, in the order named."""
    out: list[Combatant] = []
    for ref in refs:
        exact = _exact(ctx, ref)
        if exact is None and any(ch in ref for ch in "*?"):
            pattern = fold_text(ref).replace("[", "[[]")  # only * and ? are wildcards
            found = [c for c in ctx.state.combatants.values()
                     if fnmatch.fnmatchcase(fold_text(c.name), pattern) or fnmatch.fnmatchcase(c.id, pattern)]
            if not found:
                names = listing(c.name for c in ctx.state.combatants.values())
                raise RulesError(_("no combatant matches {pattern!r}; combatants: {names}", pattern=ref, names=names),
                                 param=ctx.concerning(ref))
            if ctx.concerning(ref) is not None:
                for c in found:
                    ctx.named(c)
        else:
            found = [exact or ctx.combatant(ref)]
        out += [c for c in found if all(c.id != o.id for o in out)]
    return out


def _exact(ctx: Context, ref: str) -> Combatant | None:
    try:
        return ctx.combatant(ref)
    except RulesError:
        return None


# --- the tail of a `cond` line -------------------------------------------------------------


@dataclass(frozen=True)
class Tail:
    """What follows the condition: its duration, its modifiers, a damage type for a tick."""

    duration: str | None = None
    mods: tuple[tuple[str, int, str], ...] = ()  # (figure as typed, delta, bonus type as typed or "")
    words: tuple[str, ...] = ()
    save: str | None = None  # what followed ``save=``


def read_tail(verb: str, tokens: tuple[str, ...]) -> Tail:
    duration, mods, words, save = None, [], [], None
    tokens = _spans_joined(tokens)
    for token in tokens:
        m = MODIFIER.match(token)
        word = next((w for w in SAVE_WORDS if token.casefold().startswith(w)), None)
        if word is not None:
            save = token[len(word):]
        elif m:
            mods.append((m.group(1), int(m.group(2)), m.group(3) or ""))
        elif duration is None and (ROUNDS.match(token) or _is_span(token)):
            duration = token
        else:
            words.append(token.casefold())
    return Tail(duration, tuple(mods), tuple(words), save)


def _spans_joined(tokens: tuple[str, ...]) -> list[str]:
    """``1 hora``, ``10 min`` typed with a space: one span, as ``pass`` reads it (a unit of one
    letter stays a word of its own: ``3 s`` is 3 rounds of slashing in Starfinder)."""
    out: list[str] = []
    for token in tokens:
        if out and out[-1].isdigit() and len(token) > 2 and token.isalpha() and _is_span(out[-1] + token):
            out[-1] += token
        else:
            out.append(token)
    return out


def _is_span(token: str) -> bool:
    try:
        parse_duration(token)
    except CommandError:
        return False
    return not token.isdigit()


def rounds_of(ctx: Context, text: str | None) -> int | None:
    """A duration as rounds of this game: ``3`` and ``3r`` are rounds, ``10m`` is 100 in a 6-second game."""
    if text is None:
        return None
    if ROUNDS.match(text):
        value = int(text.rstrip("rR"))
        if value < 1:
            raise RulesError(_("cond: a duration is at least 1 round, not {text!r}", text=text))
        return value
    seconds = parse_duration(text, ctx.ruleset.seconds_per_round)
    return max(1, round(seconds / ctx.ruleset.seconds_per_round))


def lookup(ctx: Context, name: str, free: bool) -> ConditionDef:
    """The catalogue's entry, or a free label: any name a GM gives is an effect in every game.

    A near miss of a catalogue name is refused with the name it likely meant (a typo must not
    become a new label silently); ``effect`` takes the name as given.
    """
    catalogue = ctx.ruleset.conditions.catalogue
    try:
        return catalogue.lookup(name)
    except RulesError:
        if not fold_text(name):
            raise
        if not free:
            from ..core.text import closest

            near = closest(name, [n for d in catalogue for n in (d.id, d.en, d.es, *d.aliases) if n])
            if near is not None:
                raise RulesError(_("unknown condition {name!r}; did you mean {near}? (`effect NAME {name}` puts a new "
                                   "effect of that name)", name=name, near=near)) from None
        return ConditionDef(id=_label_id(name), en=name, es=name, kind="effect")


def _label_id(name: str) -> str:
    from ..core.text import slug

    return slug(name)


def put(ctx: Context, call, free: bool = False) -> None:
    """``cond``/``effect``: the same condition or effect on every target, one action."""
    who = targets(ctx, call.who)
    cdef = lookup(ctx, call.cond, free)
    tail = read_tail(call.verb, call.tail)
    catalogued = cdef.id in ctx.ruleset.conditions.catalogue.defs
    if cdef.valued and call.value is None:
        raise RulesError(_("cond: {cond} takes a value, e.g. {cond}:2", cond=cdef.id))
    if catalogued and not cdef.valued and call.value is not None and not cdef.tick:
        raise RulesError(_("cond: {cond} takes no value (write {cond}, not {cond}:{value})", cond=cdef.id,
                           value=call.value))
    if tail.words and not (cdef.tick or not catalogued):  # regeneration: the types that stop it
        raise RulesError(_("cond: unexpected {words!r}; after the condition: a duration (3, 10m, 1h), modifiers "
                           "like ac+2, `by NAME`", words=" ".join(tail.words)))
    if tail.words:
        known = ctx.ruleset.health.damage_types()
        bad = [w for typed in tail.words for w in typed.split(",") if w and known and w not in known]
        if bad:
            raise RulesError(_("cond: unknown damage type {word!r}; types: {types}", word=bad[0],
                               types=listing(known)))
    rounds = rounds_of(ctx, tail.duration)
    mods, mod_types = modifiers(ctx, call.verb, tail.mods)
    ends = ends_on_save(ctx, call.verb, cdef, tail.save)
    state = ctx.state
    caster = ctx.combatant(call.by) if call.by else None
    note = " ".join(tail.words)
    for target in who:
        fresh = not target.has(cdef.id)  # catching fire hurts at once, not again when it is put on anew
        if (mods or note or ends or not catalogued) and cdef.stack != "separate":
            for old in target.instances(cdef.id):  # a recast replaces, whatever its numbers
                ctx.remove_condition(target, old, reason="replaced")
        clock = None
        if rounds is not None:
            if caster is not None:
                clock = caster.id
            elif state.in_combat and state.active is not None:
                clock = state.active
            else:
                clock = target.id
        source = caster.id if caster else (state.active if state.in_combat else None)
        if mods or note or ends:
            uid = state.next_uid
            what, dc, at = ends or ("", None, "")
            ctx.emit(ev.ConditionAdded(id=target.id, uid=uid, cond=cdef.id, rounds=rounds, value=call.value,
                                       clock=clock, source=source, note=note, mods=mods, mod_types=mod_types,
                                       save=what, dc=dc, save_at=at))
        else:
            ctx.ruleset.conditions.add(ctx, target, cdef, rounds, call.value, clock, source)
        now = state.combatants.get(target.id)
        if fresh and now is not None and now.has(cdef.id):
            ctx.ruleset.conditions.took_hold(ctx, now, cdef)
    if cdef.save and ends is None:
        ctx.say(_("{effect}: a {save} save each round ends it; to have it asked, give the DC: {hint}",
                  effect=cdef.term, save=ctx.ruleset.sheet.label(cdef.save),
                  hint=gm(f"{call.verb} ... {cdef.id} save=DC")), gm_only=True)
    if caster is not None:
        names = ", ".join(t.name for t in who)
        ctx.say(_("{caster} puts {effect} on {names}", caster=named(caster), effect=cdef.term, names=names),
                who=caster.id)


def ends_on_save(ctx: Context, verb: str, cdef: ConditionDef, text: str | None) -> tuple[str, int, str] | None:
    """``save=will:15[:end]`` (or ``save=15`` for a catalogue entry that names its save): which
    save ends the effect, its DC and when it is rolled (the game's moment unless given)."""
    if text is None:
        if cdef.save and cdef.save_dc is not None:  # the text's own DC (catching fire: Reflex 15)
            what = ctx.ruleset.checks.save_kind(cdef.save)
            return (what, cdef.save_dc, ctx.ruleset.turns.save_moment) if what else None
        return None
    parts = [p.strip() for p in text.split(":")]
    at = ctx.ruleset.turns.save_moment
    if len(parts) >= 2 and fold_text(parts[-1]) in SAVE_AT:
        at = SAVE_AT[fold_text(parts.pop())]
    if not parts[-1].isdigit() or (len(parts) == 1 and not cdef.save):
        raise RulesError(_("{verb}: save={text} needs the save and its DC: save=WHAT:DC[:start|end], e.g. "
                           "save={example}:15 (save=15 for an entry that names its save)", verb=verb, text=text,
                           example=ctx.ruleset.checks.save_example()))
    dc = int(parts.pop())
    typed = ":".join(parts) or cdef.save
    checks = ctx.ruleset.checks
    what = checks.save_kind(typed)
    if what is None:
        raise RulesError(_("{verb}: no save {what!r} in this game; saves: {saves}", verb=verb, what=typed,
                           saves=Row(tuple(checks.save_words()))))
    return what, dc, at


def modifiers(ctx: Context, verb: str, typed: tuple[tuple[str, int, str], ...]) -> tuple[dict[str, int], dict[str, str]]:
    """``ca+2 ataque+1:moral`` as the game's figures read them: ({"ac": 2, "attack": 1}, {"attack": "morale"}).

    A figure or a bonus type the game does not know is refused with the likely one and what it
    takes; a game that names no figures (a plugin) keeps the words as typed."""
    sheet = ctx.ruleset.sheet
    words, types = sheet.modifier_words(), sheet.bonus_types()
    mods: dict[str, int] = {}
    kinds: dict[str, str] = {}
    for word, delta, kind in typed:
        key = words.get(fold_text(word)) if words else word.casefold()
        if key is None:
            _refuse(verb, word, words, _("figures"), _("no figure {word!r} in this game", word=word))
        if key in mods:
            raise RulesError(_("{verb}: {key} twice; one modifier per figure (e.g. {key}+2)", verb=verb, key=key))
        mods[key] = delta
        if not kind:
            continue
        if not types:
            raise RulesError(_("{verb}: this game has no bonus types; write {word}{delta:+d} without :{kind}",
                               verb=verb, word=word, delta=delta, kind=kind))
        bonus = types.get(fold_text(kind))
        if bonus is None:
            _refuse(verb, kind, types, _("bonus types"), _("no bonus type {word!r}", word=kind))
        if bonus != "untyped":
            kinds[key] = bonus
    return mods, kinds


def _refuse(verb: str, word: str, known: dict[str, str], what, problem) -> None:
    from ..core.text import closest

    accepted = listing(dict.fromkeys(known.values()), limit=40)
    near = closest(word, known)
    if near is not None and fold_text(near) != fold_text(word):
        raise RulesError(_("{verb}: {problem}; did you mean {near}? {what}: {accepted}", verb=verb, problem=problem,
                           near=known[near], what=what, accepted=accepted))
    raise RulesError(_("{verb}: {problem}; {what}: {accepted}", verb=verb, problem=problem, what=what,
                       accepted=accepted))


def take_off(ctx: Context, call) -> None:
    """``uncond``: the condition off every target named (each must have it)."""
    for target in targets(ctx, call.who):
        cdef = lookup(ctx, call.cond, free=True)
        if not target.has(cdef.id):
            have = listing((i.cond for i in target.conditions), "none")
            raise RulesError(_("{name} is not {cond}; {whose} conditions: {have}", whose=possessive(target,
                                                                                                    several=True),
                               name=target.name, cond=cdef.id, have=have))
        ctx.remove_all(target, cdef.id)


# --- per-turn ticks ------------------------------------------------------------------------


def turn_start(ctx: Context, c: Combatant) -> None:
    """Saves due at the start of the turn first (one that ends ongoing damage spares its damage),
    then regeneration and fast healing heal, ongoing damage hurts."""
    due_saves(ctx, c, "start")
    if c.id not in ctx.state.combatants:
        return
    c = ctx.state.get(c.id)
    for inst in list(c.conditions):
        cdef = ctx.ruleset.conditions.catalogue.define(inst.cond)
        if not cdef.tick or c.id not in ctx.state.combatants or c.life == "dead":
            continue
        if cdef.tick_dice and inst.value is None:
            amount = ctx.roll(cdef.tick_dice, purpose=_("{effect} of {name}", effect=cdef.term, name=c.name), who=c.id).total
        else:
            amount = int(inst.value or 0)
        if amount <= 0:
            continue
        if cdef.tick == "heal":
            if not ctx.ruleset.health.tick_works(ctx, c, inst):
                continue
            ctx.say(_("{name}: {effect} {amount}", name=named(c), effect=cdef.term, amount=dealt(c, amount)), who=c.id)
            ctx.ruleset.health.heal(ctx, c, amount, ())
        else:
            kind = tuple(w for w in ((inst.note or cdef.tick_type or "").split()) if w)
            ctx.say(_("{name}: {effect} {amount}", name=named(c), effect=cdef.term, amount=dealt(c, amount)), who=c.id)
            ctx.ruleset.health.damage(ctx, c, amount, kind)


def turn_end(ctx: Context, c: Combatant) -> None:
    """Saves due at the end of the affected's turn."""
    due_saves(ctx, c, "end")


# --- effects that end on a save ----------------------------------------------------------------


def due_saves(ctx: Context, c: Combatant, at: str) -> None:
    """Each effect on ``c`` that a save ends and whose moment this is: rolled now (one action with
    the turn, undone with it), or offered to the GM on the warnings line (option ``save_rolls offer``)."""
    if c.life == "dead":
        return
    default = ctx.ruleset.turns.save_moment
    due = [inst for inst in c.conditions if inst.save and inst.dc is not None and (inst.save_at or default) == at]
    if not due:
        return
    if ctx.option("save_rolls") == "offer":
        ctx.set_mark(c, SAVES_OWED, sorted({*(SAVES_OWED.of(c) or ()), *(inst.uid for inst in due)}))
        for inst in due:
            effect = ctx.ruleset.conditions.catalogue.define(inst.cond).term
            ctx.say(_("{name} may save against {effect} now: save {ref} {id}", name=named(c), effect=effect,
                      ref=gm(quoted(c)), id=gm(inst.cond)),
                    who=c.id, gm_only=True)
        return
    for inst in due:
        if c.id in ctx.state.combatants and any(i.uid == inst.uid for i in ctx.state.get(c.id).conditions):
            roll_save(ctx, ctx.state.get(c.id), inst)


def quoted(c: Combatant) -> str:
    """``c``'s name as a command line takes it (quoted when it has a space)."""
    return f'"{c.name}"' if " " in c.name else c.name


def roll_save(ctx: Context, c: Combatant, inst, bonus: int = 0) -> bool:
    """The affected's save (its bonus and every condition on it, as the game rolls saves) against
    the effect's DC; a success ends it. The players read the outcome, never the DC (unless the
    table's ``players_save_dc``) nor a foe's numbers: their PC's roll without the DC, a foe's DC
    without its roll when the table shows DCs (``told.either``)."""
    cdef = ctx.ruleset.conditions.catalogue.define(inst.cond)
    if bonus:  # what helps this save (the game's save_helps): only a game that names one takes it
        ok, _total, text = ctx.ruleset.checks.save(ctx, c, inst.save, SaveDC(inst.dc), bonus=bonus)
    else:
        ok, _total, text = ctx.ruleset.checks.save(ctx, c, inst.save, SaveDC(inst.dc))
    dc, save = save_dc(inst.dc), ctx.ruleset.sheet.label(inst.save)
    roll = of(c, text) if isinstance(text, str) else text
    detail = either(_("{save} save {roll} vs DC {dc}", save=save, roll=roll, dc=dc),
                    _("{save} save {roll}", save=save, roll=roll),
                    _("{save} save vs DC {dc}", save=save, dc=dc))
    owed = [uid for uid in (SAVES_OWED.of(c) or ()) if uid != inst.uid]
    if SAVES_OWED.of(c):
        ctx.set_mark(c, SAVES_OWED, owed or None)
    said = ctx.ruleset.conditions.save_outcome(c, cdef, ok)
    if ok:
        ctx.say(said or _("{name} shakes off {effect}", name=named(c), effect=cdef.term), who=c.id, detail=detail)
        ctx.remove_condition(c, inst, reason="saved")
    else:
        ctx.say(said or _("{name} fails to shake off {effect}", name=named(c), effect=cdef.term), who=c.id,
                detail=detail)
    return ok


def save_now(ctx: Context, call) -> None:
    """``save NAME EFFECT [DIE]``: the save against an effect that a save ends, now (offered on
    the warnings line, or whenever the GM calls for it); DIE: the natural roll the player made."""
    c = ctx.combatant(call.who)
    cdef = lookup(ctx, call.cond, free=True)
    helps = ctx.ruleset.conditions.save_helps(cdef)
    words = [w for w in (call.roll or ()) if w]
    used = [fold_text(w) for w in words if fold_text(w) in helps]
    rolls = [w for w in words if fold_text(w) not in helps]
    odd = [w for w in rolls if not w[:1].isdigit()] + rolls[1:]
    if odd and helps:
        raise RulesError(_("save: {word!r} is neither the die nor what helps this save ({helps})", word=odd[0],
                           helps=listing(helps)))
    if odd and rolls[0][:1].isdigit():
        raise RulesError(_("save: one die, not {rolls}", rolls=" ".join(rolls)))
    dice: list[int] = []
    if rolls:
        roll = rolls[0]
        dice = [int(n) for n in roll.split(",") if n.strip().isdigit()]
        if not dice or len(dice) != len(roll.split(",")) or any(n < 1 or n > 20 for n in dice):
            raise RulesError(_("save: the die is the natural roll (1 to 20; AGE: 3 dice like 5,5,3), not {roll!r}",
                               roll=roll))
    found = [inst for inst in c.instances(cdef.id) if inst.save and inst.dc is not None]
    if not found:
        if ctx.ruleset.conditions.own_save(ctx, c, cdef, tuple(dice)):
            return  # a condition with its own save rule (Starfinder's burning), offered at its moment
        have = listing((i.cond for i in c.conditions if i.save and i.dc is not None), "none")
        raise RulesError(_("save: {name} has no {effect} that a save ends; {whose} effects a save ends: {have}",
                           whose=possessive(c, several=True), name=c.name, effect=cdef.term, have=have))
    ctx.dice.forced[:0] = dice
    bonus, seen = 0, []
    for word in used:
        if helps[word] in seen:  # two names for one thing (rolling, ground) help once
            continue
        seen.append(helps[word])
        amount, what = helps[word]
        bonus += amount
        ctx.say(_("{name}: {what}, {bonus} on the save", name=named(c), what=what, bonus=public(f"{amount:+d}")),
                who=c.id)
    roll_save(ctx, c, found[0], bonus=bonus)


# --- one roll, many targets, each with its save -----------------------------------------------


@dataclass(frozen=True)
class Save:
    what: str
    dc: int
    mode: str = "half"


def read_save(text: str) -> Save:
    """``ref:15``, ``will:17:negates``, ``dex:acrobatics:13`` (Dragon Age: ability and focus)."""
    parts = text.split(":")
    mode = "half"
    if len(parts) >= 3 and parts[-1].casefold() in SAVE_MODES:
        mode = SAVE_MODES[parts.pop().casefold()]
    if len(parts) < 2 or not parts[-1].strip().isdigit() or not ":".join(parts[:-1]).strip():
        raise RulesError(_("save={text}: expected save=WHAT:DC[:half|negates], e.g. save=ref:15 or "
                           "save=will:17:negates", text=text))
    return Save(":".join(parts[:-1]).strip().casefold(), int(parts[-1]), mode)


def area_damage(ctx: Context, who: list[Combatant], amount: int, types: tuple[str, ...], save: Save) -> None:
    """Each target saves against the same roll: half (or nothing) on a success, evasion as its sheet says."""
    checks = ctx.ruleset.checks
    for target in who:
        ok, total, text = checks.save(ctx, target, save.what, save.dc)
        evasion = checks.evasion(target) if save.what in ("ref", "reflex", "reflejos") else ""
        if ok:
            taken = 0 if save.mode == "negates" or evasion else amount // 2
        else:
            taken = amount // 2 if evasion == "improved" and save.mode == "half" else amount
        verdict = _("saves") if ok else _("fails")
        ctx.say(_("{name}: {what} save {text} vs DC {dc}, {verdict}: takes {taken} of {amount}", name=named(target),
                  what=save.what, text=of(target, text), dc=of(target, save.dc), verdict=verdict, taken=dealt(target, taken),
                  amount=public(amount)), who=target.id)
        if taken > 0:
            ctx.ruleset.health.damage(ctx, target, taken, types)
