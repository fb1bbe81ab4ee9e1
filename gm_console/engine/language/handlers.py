"""Command handlers: a parsed command plus the state become events, via the ruleset.

The generic mechanics (roster, order, turns, durations, delay/ready) live here
and in ``turns``; every game-specific decision is a call into the ruleset.
"""

from __future__ import annotations

import re
from typing import Any

from gm_console.i18n import _

from ..core.told import gm
from ..rules import effects, turns
from . import sheets
from ..core import events as ev
from . import group_verbs, hiding
from ..rules import groups, order
from ..core.bestiary import as_text, average, dice_terms, hit_pool
from ..core.context import Context
from ..rules.durations import parse_duration
from ..core.contract import RulesError, StatField, did_you_mean, fold_text, listing, slug
from ..core.dice import MAX_TOTAL, DiceError, is_dice
from ..core.marks import AWARE, BESTIARY, OWED_TURNS
from ..core.state import Combatant
from .verbs import Call, Count

yes_no = sheets.yes_no


def _unique_id(ctx: Context, name: str) -> str:
    """The name's slug, or slug-2, -3...: never an id that was ever used in this encounter,
    so a removed creature and its successor never share a history in the log."""
    base = slug(name)
    cid, n = base, 2
    while cid in ctx.state.used_ids:
        cid = f"{base}-{n}"
        n += 1
    return cid


def _names_for(ctx: Context, name: str, count: int | None) -> list[str]:
    """``Goblin x2`` -> Goblin N+1, N+2, after the highest number any goblin ever had (issue 16:
    after Goblin 2 is removed the next is Goblin 3, not a second Goblin 2). One more goblin
    where goblins are numbered is numbered too: Goblin 3 (issue 24), and no one is renamed."""
    start = ctx.state.numbered.get(fold_text(name), 0)
    if count is None:
        return [f"{name} {start + 1}"] if start else [name]
    return [f"{name} {start + i}" for i in range(1, count + 1)]  # x1 numbers too


def _number_the_namesake(ctx: Context, name: str, numbering: bool) -> str:
    """``add @goblin`` (or ``add Goblin x2``) beside an unnumbered "Goblin": that one becomes
    "Goblin 1" (a rename, logged) and the newcomers are numbered after it. A name typed by hand
    once more is refused with the way to number both. Returns the name to number the newcomers
    by (the one already there, as it is spelled)."""
    state = ctx.state
    cid = state.names.get(fold_text(name))
    there = state.combatants.get(cid) if cid else None
    if there is None or there.side == "pc":
        return name
    if not numbering:
        raise RulesError(_("add: there is already a combatant named {name!r}; type another name, or `add {name} x1` "
                           "to number both ({name} 1, {name} 2)", name=there.name))
    was = there.name
    ctx.emit(ev.Renamed(id=there.id, name=f"{was} {state.numbered.get(fold_text(name), 0) + 1}", was=was))
    return was


#: bare words of `add` that choose how HP are set from a hit-dice formula (average is the default:
#: the stat block's own number, the one the encounter was built on, the same for every copy)
HP_WORDS = {"roll": "roll", "rolled": "roll", "tirar": "roll", "tirada": "roll",
            "average": "average", "avg": "average", "media": "average", "promedio": "average"}


#: the bare word of `add` that keeps the newcomers off the players' view (as `hide` would)
HIDDEN_WORDS = ("hidden", "oculto", "oculta", "ocultos", "ocultas")


#: `add`'s xN, read where it comes after the creature too
_COUNT = Count("count")


def _add(ctx: Context, c: Call) -> None:
    rs = ctx.ruleset
    name, creature, count = c.name, None, c.count
    counts = [w for w in c.words if _COUNT.accepts(w)]  # `add Grak @goblin x3`: the count after the creature
    if counts:
        if count is not None or len(counts) > 1:
            raise RulesError(_("add: one count at a time, not {counts}",
                               counts=", ".join(([f"x{count}"] if count is not None else []) + counts)))
        count = _COUNT.counted(counts[0], "add")
    refs = ([name] if name.startswith("@") else []) + [w for w in c.words if w.startswith("@")]
    if name.isdigit():  # `add 3 @goblin` reads as `add @goblin x3`; a name of digits alone names no one
        if not refs or count is not None or not 1 <= int(name) <= 100:
            raise RulesError(_("add: a name cannot be only a number ({name}); several at once: `add @goblin x3` "
                               "or `add Goblin x3`", name=name))
        count, name = int(name), refs[0]
    if len(refs) > 1:
        raise RulesError(_("add: one creature at a time, not {refs}", refs=", ".join(refs)))
    if refs:
        creature = ctx.bestiary.find(refs[0])
        if name.startswith("@"):
            name = creature.name(ctx.lang) if ctx.lang else creature.spelled(name)
    words = tuple(w.casefold() for w in c.words if not w.startswith("@") and w not in counts)
    hp_mode = "average"
    for w in words:
        if w in HP_WORDS:
            hp_mode = HP_WORDS[w]
    words = tuple(w for w in words if w not in HP_WORDS)
    allowed = {"pc", "pj", "ally", "aliado", "foe", "enemigo", "group", "grupo", *HIDDEN_WORDS, *rs.sheet.categories()}
    for w in words:
        if w not in allowed:
            raise RulesError(_('add: unexpected word {w!r}; expected key=value or one of {names}', w=w, names=listing(sorted(allowed))))
    words = tuple({"pj": "pc", "aliado": "ally", "enemigo": "foe", "grupo": "group",
                   **dict.fromkeys(HIDDEN_WORDS, "hidden")}.get(w, w) for w in words)
    grouped = "group" in words  # `add Goblin x6 group`: one initiative roll for all of them
    added: list[Combatant] = []
    category = next((w for w in words if w in rs.sheet.categories()), "creature")
    stats: dict[str, Any] = {}
    current: dict[str, int] = {}
    formulas: dict[str, str] = {}  # pool -> hit-dice formula: its average now, rolled per copy with `roll`
    given: tuple[dict[str, sheets.PoolValue], dict[str, sheets.PoolValue]] = ({}, {})  # the creature's, the GM's
    for key, raw, entry in _add_fields(creature, c.fields):
        try:
            f, value, formula = _add_stat(ctx, key, raw)
        except RulesError as exc:
            if entry is None:
                raise
            raise RulesError(_("add: the bestiary's {id} ({origin}): {why}", id=entry.id, origin=entry.origin or "?",
                               why=exc.message)) from None
        if not isinstance(value, sheets.PoolValue):
            stats[f.key] = value
            continue
        stats.setdefault(f.key, None)  # its place in the stat block, as typed; its number below
        layer = given[entry is None]
        layer[f.key] = sheets.gather([layer.get(f.key, sheets.PoolValue(f.key)), value])[f.key]
        if formula:
            formulas[f.key] = formula
        elif value.current is not None:
            formulas.pop(f.key, None)
    for key, value in {**given[0], **given[1]}.items():  # the GM's keys for a pool replace the creature's
        cur, top = sheets.for_new(rs.sheet.fields[key], value)
        stats[key] = top if rs.sheet.fields[key].kind == "pool" else cur
        if cur != top and rs.sheet.fields[key].kind == "pool":
            current[key] = cur
    typed = {sheets.resolve(rs, k)[0].key for k, _v in c.fields}
    if creature is not None:
        _follow(rs, creature, stats, typed)
    hp_key = hit_pool(rs)
    published = None
    if creature is not None and creature.hit_dice and hp_key and hp_key not in typed and hp_key in stats:
        formulas[hp_key] = creature.hit_dice  # the published HP stay the average
        published = hp_key
    for f in rs.sheet.block:
        if f.key not in stats and f.default is not None:
            stats[f.key] = f.default
    side = rs.sheet.side_of(stats, words)
    if side == "pc" and "pc" in rs.sheet.fields and rs.sheet.fields["pc"].kind == "bool":
        stats["pc"] = True  # `add Kyra pc` and `add Kyra pc=true` mean the same
    if fold_text(name) in ctx.state.names:
        name = _number_the_namesake(ctx, name, numbering=creature is not None or count is not None)
    names = _names_for(ctx, name, count)
    for new in names:
        if fold_text(new) in ctx.state.names:
            raise RulesError(_('add: there is already a combatant named {name!r}; pick another name', name=new))
    rolled: dict[str, list[int]] = {key: [] for key in formulas}
    for new in names:
        own = dict(stats)
        if hp_mode == "roll":
            for key, formula in formulas.items():
                own[key] = max(1, ctx.roll(formula, purpose=_("{pool} of {name}", pool=rs.sheet.label(key), name=new)).total)
                rolled[key].append(own[key])
        own = rs.sheet.derive(own, category)
        pools = rs.sheet.initial_pools(own, current, category)
        cid = _unique_id(ctx, new)
        ctx.emit(ev.CombatantAdded(id=cid, name=new, stats=own,
                                   pools={k: [v, m] for k, (v, m) in pools.items()},
                                   side=side, category=category))
        if creature is not None:
            ctx.set_mark(ctx.state.get(cid), BESTIARY, _origin_mark(creature))
        rs.sheet.on_added(ctx, ctx.state.get(cid))
        joined = ctx.state.get(cid)
        added.append(joined)
        turns.note_joiner(ctx, joined)
        if (ctx.state.in_combat and joined.initiative is None and joined.category == "creature"
                and not rs.turns.newcomers_roll_at_round_start and not grouped):
            order.roll_initiative(ctx, [joined])  # PF1 1.1.9 [O]: joiners roll and are inserted
    if grouped and len(added) > 1:
        group_verbs.make(ctx, added)
        if (ctx.state.in_combat and added[0].initiative is None and added[0].category == "creature"
                and not rs.turns.newcomers_roll_at_round_start):
            order.roll_initiative(ctx, added)  # the group joins with one roll
    _say_added(ctx, names, creature, formulas, rolled, stats, hp_mode, published)
    if "hidden" in words:  # `add Assassin hidden`: kept from the players from the first line
        hiding.set_hidden(ctx, added)


def _follow(rs, creature, stats: dict[str, Any], typed: set[str]) -> None:
    """``add @goblin ac=17``: the goblin's touch and flat-footed AC move with its AC (13 → 14,
    14 → 15) unless the GM gave them too (a field's ``follows``)."""
    for f in rs.sheet.block:
        source = f.follows
        if not source or f.key in typed or source not in typed or f.key not in stats:
            continue
        was, now = creature.stats.get(source), stats.get(source)
        if isinstance(was, int) and isinstance(now, int) and isinstance(stats[f.key], int):
            stats[f.key] += now - was


def _add_fields(creature, typed):
    """The creature's stat block, then what the GM typed (which wins): (key, text, entry or None)."""
    if creature is not None:
        for key, value in creature.stats.items():
            yield key, as_text(value), creature
    for key, raw in typed:
        yield key, raw, None


def _add_stat(ctx: Context, key: str, raw: str) -> tuple[StatField, Any, str]:
    """Like ``sheets.read``; a pool given as hit dice (``hp=2d8+2``) is its average, and the formula
    comes back so ``roll`` can roll it for each copy."""
    f = ctx.ruleset.sheet.fields.get(ctx.ruleset.sheet.field_index.get(fold_text(key)) or "")
    text = raw.strip()
    if f is not None and f.kind == "pool" and "d" in text.casefold() and dice_terms(text) is not None:
        return f, sheets.PoolValue(f.key, current=average(text)), text
    f, value = sheets.read(ctx.ruleset, key, raw)
    return f, value, ""


def _origin_mark(creature) -> dict[str, Any]:
    """What the combatant remembers of its entry (for XP by CR, and storing it back)."""
    mark = {"id": creature.id, "cr": creature.cr, "xp": creature.xp, "threat": creature.threat}
    return {k: v for k, v in mark.items() if v not in (None, "")}


def _say_added(ctx: Context, names: list[str], creature, formulas: dict[str, str], rolled: dict[str, list[int]],
               stats: dict[str, Any], hp_mode: str, published: str | None) -> None:
    who = listing(names)
    if creature is not None:
        source = creature.source or creature.origin
        ctx.say(_("{names}: {creature} from the bestiary ({source})", names=who, creature=gm(creature.term),
                  source=gm(source)), gm_only=True)  # what a renamed creature really is: the GM's
    for key, formula in formulas.items():
        label = ctx.ruleset.sheet.fields[key].term
        if hp_mode == "roll":
            ctx.say(_("{names}: {pool} rolled on {dice}: {values}", names=who, pool=label, dice=gm(formula),
                      values=gm(", ".join(str(v) for v in rolled[key]))), gm_only=True)
        elif key == published:
            ctx.say(_("{names}: {pool} {value} as the stat block gives (`roll` rolls {dice} instead)", names=who,
                      pool=label, value=gm(stats[key]), dice=gm(formula)), gm_only=True)
        else:
            ctx.say(_("{names}: {pool} {value}, the average of {dice} (`roll` rolls them instead)", names=who,
                      pool=label, value=gm(stats[key]), dice=gm(formula)), gm_only=True)
    if hp_mode == "roll" and not formulas:
        key = hit_pool(ctx.ruleset)
        if key and key in stats:
            ctx.say(_("{names}: no hit dice to roll; {pool} {value} as the stat block gives", names=who,
                      pool=ctx.ruleset.sheet.fields[key].term, value=gm(stats[key])), gm_only=True)


def _remove(ctx: Context, c: Call) -> None:
    target = ctx.combatant(c.who)
    state = ctx.state
    was_active = state.active == target.id
    # clocks it owned pass to whoever follows it in the order...
    order = state.order
    heir = None
    if target.id in order and len(order) > 1:
        heir = order[(order.index(target.id) + 1) % len(order)]
    index = order.index(target.id) if target.id in order else 0
    if was_active and state.in_combat and target.id in order:
        after = turns.resume_index(ctx, target.id)  # its slot goes: the ones after it move up one
        index = after - 1 if after > index else after
    ctx.emit(ev.CombatantRemoved(id=target.id))
    if was_active and state.in_combat and state.order:
        # ...after the heir's turn has begun: it takes over at the next round, as the owner would have
        turns._advance(ctx, start_index=index)
    for other, inst in list(state.all_conditions()):
        if inst.clock == target.id:
            ctx.emit(ev.ConditionChanged(id=other.id, uid=inst.uid, rounds=inst.rounds,
                                         value=inst.value, clock=heir))


def _set(ctx: Context, c: Call) -> None:
    """``set NAME key=value ...``: a pool's meaning is sheets.py's (hp=N the current value,
    hp=N/M both, hpmax=M the maximum); each pool that moves is a log line, old → new."""
    target = ctx.combatant(c.who)
    rs = ctx.ruleset
    changes: dict[str, Any] = {}
    pools: list[sheets.PoolValue] = []
    name = None
    for key, raw in c.fields:
        if fold_text(key) in ("name", "nombre"):
            if not raw.strip():
                raise RulesError(_('set: name cannot be empty'))
            name = raw.strip()
            continue
        f, value = sheets.read(rs, key, raw)
        if isinstance(value, sheets.PoolValue):
            pools.append(value)
        else:
            changes[f.key] = value
    touched = dict(changes)
    for key, value in sheets.gather(pools).items():
        f = rs.sheet.fields[key]
        pool = target.pools.get(key)
        cur, top = sheets.for_existing(f, value, pool)
        if pool is None or pool.value != cur or (f.kind == "pool" and pool.max != top):
            ctx.set_pool(target, key, cur, max=top)
        kept = top if f.kind == "pool" else cur  # the stat block holds a pool's maximum, a counter's count
        if target.stats.get(key) != kept:
            changes[key] = kept
        touched[key] = kept
    if changes:
        ctx.set_stats(target, changes)
    if touched:
        rs.sheet.on_stats_set(ctx, target, touched)
    if name:
        if ctx.state.names.get(fold_text(name), target.id) != target.id:
            raise RulesError(_('set: there is already a combatant named {name!r}', name=name))
        ctx.emit(ev.Renamed(id=target.id, name=name, was=target.name))


def _init(ctx: Context, c: Call) -> None:
    """One combatant's count; for a group member, the whole group's (it shares one initiative)."""
    target = ctx.combatant(c.who)
    state = ctx.state
    value = int(c.value) if float(c.value).is_integer() else c.value
    tiebreak = tuple(ctx.ruleset.turns.tiebreak_for(target, value))
    who = [state.get(cid) for cid in groups.members(state, groups.group_of(target))] or [target]
    # a correction must not cost a turn still to come this round (see marks.OWED_TURNS)
    still_to_act = [m.id for m in who if state.in_combat and state.active in state.order and m.id in state.order
                    and state.order.index(m.id) > state.order.index(state.active)
                    and state.started.get(m.id) != state.round
                    and not turns.joined_this_round(state, m.id)]
    for m in who:
        if m.initiative != value or tuple(m.tiebreak) != tiebreak or m.id == target.id:
            ctx.emit(ev.InitiativeSet(id=m.id, value=value, tiebreak=tiebreak))
    order.reorder(ctx, [target])
    lifted = [cid for cid in still_to_act if state.order.index(cid) < state.order.index(state.active)]
    if lifted:
        owed = list(OWED_TURNS.of(state) or ())
        ctx.set_encounter_mark(OWED_TURNS, owed + lifted)


def _roll(ctx: Context, c: Call) -> None:
    if c.who:
        who = [ctx.combatant(w) for w in c.who]
    else:
        who = [ctx.state.get(cid) for cid in ctx.state.without_initiative()]
        if not who:
            raise RulesError(_('roll: everyone has an initiative; name who to reroll (roll NAME ...)'))
    order.roll_initiative(ctx, who)


def amount_of(ctx: Context, text: str, purpose: str) -> int:
    if re.fullmatch(r"[+-]?\d+", text.strip()):
        # a number beyond the dice tray's largest total is "all of it": capped, so it fits any save
        sign = -1 if text.strip().startswith("-") else 1
        value = sign * min(abs(int(text)) if len(text.strip()) <= 12 else MAX_TOTAL, MAX_TOTAL)
    else:
        try:
            value = ctx.roll(text, purpose=purpose).total
        except DiceError as exc:
            raise RulesError(exc.message, param=ctx.concerning(text)) from None
    return value


def _damage(ctx: Context, c: Call) -> None:
    """One roll for every target named; with ``save=`` each target saves against it."""
    who = effects.targets(ctx, c.who)
    _check_types(ctx, c.types)
    options = dict((k.casefold(), v) for k, v in c.options)
    save = options.pop("save", None) or options.pop("salvacion", None) or options.pop("salvación", None)
    if options:
        raise RulesError(_("dmg: unknown option {key!r}; dmg takes save=WHAT:DC[:half|negates]",
                           key=next(iter(options))))
    names = ", ".join(t.name for t in who)
    amount = amount_of(ctx, c.amount, f"damage to {names}")
    types = c.types
    if amount < 0:
        if not is_dice(c.amount):
            raise RulesError(_("dmg: amount must not be negative ({amount}); use heal", amount=amount),
                             param="amount")
    if save is not None:
        effects.area_damage(ctx, who, max(0, amount), types, effects.read_save(save))
        return
    for target in who:
        taken, kinds = amount, types
        if taken < 0:
            taken, kinds = ctx.ruleset.health.minimum_damage(ctx, target, taken, types)
        ctx.ruleset.health.damage(ctx, target, taken, kinds)


def _heal(ctx: Context, c: Call) -> None:
    who = effects.targets(ctx, c.who)
    amount = amount_of(ctx, c.amount, f"healing of {', '.join(t.name for t in who)}")
    if amount < 0:
        raise RulesError(_("heal: amount must not be negative ({amount}); use dmg", amount=amount), param="amount")
    for target in who:
        ctx.ruleset.health.heal(ctx, target, amount, c.types)


def _check_types(ctx: Context, types: tuple[str, ...]) -> None:
    known = ctx.ruleset.health.damage_types()
    if not known:
        return
    for t in (w for typed in types for w in typed.split("/") if w):  # `slashing/magic`: both words
        if t not in known:
            own = ctx.ruleset.health.refuse_type(t)
            if own is not None:
                raise RulesError(own)
            hint = did_you_mean(t, known)
            raise RulesError(_('dmg: unknown damage type {t!r}{hint} types: {names}', t=t, hint=hint or ';',
                               names=listing(known)), param="types")


def _spend(ctx: Context, c: Call) -> None:
    target = ctx.combatant(c.who)
    ctx.ruleset.health.spend(ctx, target, c.resource, c.amount, c.args)


def _pass(ctx: Context, c: Call) -> None:
    state = ctx.state
    if state.in_combat:
        raise RulesError(_('pass: the combat is running; `end` it first (rounds pass with `next`)'))
    spr = ctx.ruleset.seconds_per_round
    seconds = parse_duration(c.duration, spr)
    rounds = (state.seconds % spr + seconds) // spr  # `pass 3s` twice is a round (6-second rounds)
    if rounds:
        for who, inst in list(state.all_conditions()):
            if inst.rounds is None:
                continue
            if inst.rounds <= rounds:
                ctx.remove_condition(who, inst, reason="expired")
            else:
                ctx.emit(ev.ConditionChanged(id=who.id, uid=inst.uid, rounds=inst.rounds - rounds,
                                             value=inst.value, clock=inst.clock))
    ctx.emit(ev.TimePassed(seconds=seconds))
    ctx.ruleset.turns.on_time_passed(ctx, seconds)


def _option(ctx: Context, c: Call) -> None:
    defs = {o.key: o for o in ctx.ruleset.every_option()}
    key = c.key.replace("-", "_")
    if key not in defs:
        known = listing(defs, "(none for this ruleset)")
        raise RulesError(_('option: unknown option {key!r}; options: {known}', key=c.key, known=known))
    opt = defs[key]
    if c.value is None:
        raise RulesError(_('option {key} = {value!r} ({doc}); choices: {names}', key=key, value=ctx.option(key), doc=opt.doc, names=listing(opt.choices)))
    raw = c.value.casefold()
    value: Any
    if opt.choices and all(isinstance(x, bool) for x in opt.choices):
        value = yes_no(raw, f"option {key} takes on or off, not {c.value!r}")
    else:
        match = [x for x in opt.choices if str(x).casefold() == raw]
        if not match:
            raise RulesError(_('option {key} takes one of {names}, not {value!r}', key=key, names=listing(opt.choices), value=c.value))
        value = match[0]
    ctx.emit(ev.OptionSet(key=key, value=value))


def _side(ctx: Context, c: Call) -> None:
    target = ctx.combatant(c.who)
    ctx.emit(ev.SideSet(id=target.id, side=c.side))


def _surprise(ctx: Context, c: Call) -> None:
    if ctx.state.in_combat:
        raise RulesError(_('surprise: the combat has started; name the aware before `start`'))
    if not c.aware:
        ctx.set_encounter_mark(AWARE, None)
        ctx.say(_("No surprise"))
        return
    aware = [ctx.combatant(w) for w in c.aware]
    ctx.set_encounter_mark(AWARE, [a.id for a in aware])
    names = ", ".join(a.name for a in aware)
    ctx.say(_("Aware at the start: {names}", names=names))
