"""What poisons and diseases share in every game that has them: the words of their stat block line
(``every=round``, ``onset=1d3days``, ``from CREATURE``) and their clock.

A game keeps each affliction a victim has in the combatant mark ``afflictions`` ({uid of its condition:
{..., "wait": seconds to its next save, "every": seconds between saves}}) and says what a save that
falls due does (``due(ctx, c, uid)``); ``advance`` runs the clock for a span of time, one save at a
time, as many as fit (pathfinder1e.md §1.17, starfinder.md §3.15).
"""

from __future__ import annotations

import re
from typing import Callable

from gm_console.i18n import _, _n

from ..core.context import Context
from ..core.errors import RulesError
from ..core.marks import AFFLICTIONS
from ..core.state import Combatant
from ..core.text import fold_text
from ..core.told import gm, named, public
from ..core.whose import possessive

ROUND = 6
#: at most this many saves of one affliction in one span (a year of a daily disease is 365)
MOST = 1000
#: ``every=``: how often the victim saves, in both languages
EVERY = {"round": ROUND, "r": ROUND, "asalto": ROUND, "minute": 60, "min": 60, "m": 60, "minuto": 60,
         "hour": 3600, "h": 3600, "hora": 3600, "day": 86400, "d": 86400, "dia": 86400, "día": 86400}
UNITS = {**EVERY, "rounds": ROUND, "asaltos": ROUND, "minutes": 60, "minutos": 60, "hours": 3600, "horas": 3600,
         "days": 86400, "dias": 86400, "días": 86400}
#: ``poison Kyra from Spider``: the creature's own
FROM = ("from", "de", "of", "del")
SPAN = re.compile(r"^(\d{1,3}(?:d\d{1,3})?)([a-zíá]+)$")


def every(value: str) -> int | None:
    """``round``, ``1/day``, ``hora``: the seconds between saves; None when unknown."""
    return EVERY.get(fold_text(value.removeprefix("1/")))


def onset_span(text: str) -> "tuple[str, int] | None":
    """``10m``, ``1d`` (a day), ``1d3days``: (number or dice, seconds per unit); None when unreadable."""
    m = SPAN.match(fold_text(text))
    return (m.group(1), UNITS[m.group(2)]) if m and m.group(2) in UNITS else None


def roll_onset(ctx: Context, c: Combatant, text: str, purpose) -> int:
    """The onset in seconds (its dice rolled); 0 without one."""
    if not text:
        return 0
    amount, unit = onset_span(text)
    n = ctx.roll(amount, purpose=purpose, who=c.id).total if "d" in amount else int(amount)
    return max(1, n) * unit


#: ``cond=staggered:1`` in a poison's words: a condition a failed save gives, for rounds (``1``, ``1d4``) or a
#: span (``10m``, ``1h``); none: until it is taken off (pathfinder1e.md §1.17, starfinder.md §3.15)
COND_KEYS = ("cond", "condition", "estado")
#: ``hp=1d6``: hit points a failed save takes (poison damage)
HP_KEYS = ("hp", "pg")
DICE = re.compile(r"^(\d{1,2})(?:d(\d{1,3}))?$")
LASTS = re.compile(r"^(\d{1,3}(?:d\d{1,3})?)r?$")


def read_condition(value: str, catalogue, refuse: Callable, kind: str) -> list:
    """``staggered:1`` -> ["cond", "staggered", "1"]: the catalogue's condition (no valued ones) and how long,
    refused naming the form when written wrong."""
    name, _sep, lasts = value.partition(":")
    try:
        cdef = catalogue.lookup(name)
    except RulesError:
        refuse(kind, _("cond={value}: {name!r} is not a condition of this game", value=value, name=name))
    if cdef.valued:
        refuse(kind, _("cond={value}: {name} takes a value; a poison gives conditions without one", value=value,
                       name=cdef.id))
    if lasts and not (LASTS.match(fold_text(lasts)) or onset_span(lasts)):
        refuse(kind, _("cond={value}: how long is rounds (1, 1d4) or a span (10m, 1h)", value=value))
    return ["cond", cdef.id, fold_text(lasts)]


def give_condition(ctx: Context, c: Combatant, cid: str, lasts: str, label, rule: str) -> None:
    """The condition a failed save gives, its duration rolled when dice (rounds unless a unit is given)."""
    rounds = None
    spr = ctx.ruleset.seconds_per_round
    purpose = _("{what} on {name}", what=label, name=named(c))
    if lasts:
        m = LASTS.match(lasts)
        if m:
            amount = m.group(1)
            rounds = ctx.roll(amount, purpose=purpose, who=c.id).total if "d" in amount else int(amount)
        else:
            rounds = -(-roll_onset(ctx, c, lasts, purpose) // spr)
        rounds = max(1, rounds)
    cdef = ctx.ruleset.conditions.catalogue.get(cid)
    state = ctx.state
    clock = None  # its rounds count on the clock of the turn it began in, as `cond`'s do
    if rounds is not None:
        clock = state.active if state.in_combat and state.active is not None else c.id
    ctx.apply_condition(c, cdef, rounds=rounds, clock=clock, source=state.active if state.in_combat else None,
                        note=str(label) if isinstance(label, str) else "")
    if rounds:
        ctx.say(_n("{what} leaves {name} {cond} for {n} round", "{what} leaves {name} {cond} for {n} rounds", rounds,
                   what=label, name=named(c), cond=cdef.term, n=public(rounds)), rule=rule, who=c.id)
    else:
        ctx.say(_("{what} leaves {name} {cond} (until it is taken off)", what=label, name=named(c), cond=cdef.term),
                rule=rule, who=c.id)


def effect_text(effect: list, catalogue):
    """``cond`` and ``hp`` effects as the sheet says them ("1d6 HP", "staggered for 1"), None for others."""
    if effect[0] == "hp":
        return _("{dice} HP", dice=effect[1])
    if effect[0] == "cond":
        cdef = catalogue.get(effect[1])
        cond = cdef.term if cdef is not None else effect[1]
        if not effect[2]:
            return cond
        if LASTS.match(effect[2]):
            return _("{cond} for {lasts} rounds", cond=cond, lasts=effect[2].rstrip("r"))
        return _("{cond} for {lasts}", cond=cond, lasts=effect[2])
    return None


def verb(kind: str, kinds: dict, read: Callable, expose: Callable) -> Callable:
    """The handler of a game's ``poison``/``disease`` verb: ``NAME WORDS...`` or ``NAME from CREATURE [WORDS]``
    (the creature's own ``poison=``/``disease=`` stat, named after it unless it says a name), read by the
    game's ``read(kind, words)`` and handed to its ``expose(ctx, c, kind, spec)``."""
    def handler(ctx: Context, call) -> None:
        c = ctx.combatant(call.who)
        words, source = [str(w) for w in (call.words or ())], None
        if words and fold_text(words[0]) in FROM:
            if len(words) < 2:
                raise RulesError(_("{kind}: from whom? (from CREATURE)", kind=kinds[kind]))
            source = ctx.combatant(words[1])
            if not source.stats.get(kind):
                raise RulesError(_("{name} carries no {kind} ({key}= on {whose} stat block)",
                                   whose=possessive(source), name=source.name, kind=kinds[kind], key=kind))
            words = str(source.stats[kind]).split() + words[2:]
        spec = read(kind, words)
        spec["name"] = spec["name"] or (source.name if source is not None else "")
        expose(ctx, c, kind, spec)
    return handler


def settle(kind: str, spec: dict, refuse: Callable) -> dict:
    """What every game's spec ends with: the default frequency (a poison's a round, a disease's a day) and the
    first save's die, if given, a d20's."""
    spec["every"] = spec["every"] or (ROUND if kind == "poison" else 86400)
    if spec["die"] and not 1 <= spec["die"] <= 20:
        refuse(kind, _("die={n}: the natural d20, 1 to 20", n=spec["die"]))
    return spec


def check(stats, kinds, read: Callable) -> None:
    """A stat block's ``poison``/``disease`` read as the verb reads it: refused when written wrong."""
    for kind in kinds:
        if stats.get(kind):
            read(kind, str(stats[kind]).split())


def store(ctx: Context, c: Combatant, uid: str, aff: dict | None) -> None:
    """One affliction's record written back (None: gone)."""
    table = dict(AFFLICTIONS.of(c) or {})
    if aff is None:
        table.pop(uid, None)
    else:
        table[uid] = aff
    ctx.set_mark(c, AFFLICTIONS, table or None)


def next_due(c: Combatant) -> int | None:
    """Seconds until its next affliction save, None when it has none."""
    waits = [int(aff["wait"]) for aff in (AFFLICTIONS.of(c) or {}).values()]
    return min(waits) if waits else None


def advance(ctx: Context, c: Combatant, seconds: int, due: Callable[[Context, Combatant, str], None]) -> None:
    """``seconds`` went by for ``c`` (a round at its turn start, or a `pass`): each affliction whose save
    falls due has ``due`` run, as many times as fit, in order. With the table's ``save_rolls offer`` the save
    is offered to the GM instead (``save NAME poisoned [DIE]``); one still owed when the next falls due is
    rolled then [I]."""
    for uid in list(AFFLICTIONS.of(c) or {}):
        budget = seconds
        for _i in range(MOST):
            now = ctx.state.combatants.get(c.id)
            aff = None if now is None or now.life == "dead" else (AFFLICTIONS.of(now) or {}).get(uid)
            if aff is None or aff.get("purged"):  # a purged poison (Starfinder) saves no more
                break
            if aff["wait"] > budget:
                store(ctx, now, uid, {**aff, "wait": aff["wait"] - budget})
                break
            budget -= aff["wait"]
            store(ctx, now, uid, {**aff, "wait": aff["every"]})
            if ctx.option("save_rolls") != "offer":
                due(ctx, ctx.state.get(c.id), uid)
                continue
            if aff.get("owed"):
                _settle_owed(ctx, ctx.state.get(c.id), uid, due)
            _offer(ctx, ctx.state.get(c.id), uid)


def _offer(ctx: Context, c: Combatant, uid: str) -> None:
    aff = (AFFLICTIONS.of(c) or {}).get(uid)
    inst = next((i for i in c.conditions if str(i.uid) == uid), None)
    if aff is None or inst is None or c.life == "dead":
        return
    store(ctx, c, uid, {**aff, "owed": True})
    ref = f'"{c.name}"' if " " in c.name else c.name
    ctx.say(_("{name} may save against {what} now: save {ref} {cond}", name=named(c), what=aff.get("name") or inst.cond,
              ref=gm(ref), cond=gm(inst.cond)), who=c.id, gm_only=True)


def _settle_owed(ctx: Context, c: Combatant, uid: str, due: Callable) -> None:
    aff = (AFFLICTIONS.of(c) or {}).get(uid)
    if aff is not None:
        store(ctx, c, uid, {k: v for k, v in aff.items() if k != "owed"})
        due(ctx, ctx.state.get(c.id), uid)


def answer(ctx: Context, c: Combatant, cond: str, dice: tuple[int, ...], due: Callable) -> bool:
    """``save NAME poisoned [DIE]``: the save offered for that affliction, run now (the player's natural d20
    if given); False when ``cond`` is not one of its afflictions' conditions."""
    owed = [uid for uid, aff in (AFFLICTIONS.of(c) or {}).items() if aff.get("owed")
            and any(str(i.uid) == uid and i.cond == cond for i in c.conditions)]
    if not any(i.cond == cond and str(i.uid) in (AFFLICTIONS.of(c) or {}) for i in c.conditions):
        return False
    if not owed:
        what = next((aff.get("name") for uid, aff in (AFFLICTIONS.of(c) or {}).items()
                     if any(str(i.uid) == uid and i.cond == cond for i in c.conditions)), None) or cond
        raise RulesError(_("{name}'s save against {what} comes at its interval (the table option save_rolls offer "
                           "offers it then)", name=c.name, what=what))
    ctx.dice.forced[:0] = list(dice)
    _settle_owed(ctx, c, owed[0], due)
    return True


def pending(state, conds: tuple[str, ...]) -> list:
    """The warnings line's offers: each affliction save owed, with the command that runs it."""
    from ..core.contract import Pending

    out = []
    for c in state.combatants.values():
        for uid, aff in (AFFLICTIONS.of(c) or {}).items():
            inst = next((i for i in c.conditions if str(i.uid) == uid and i.cond in conds), None)
            if aff.get("owed") and inst is not None and c.life != "dead":
                ref = f'"{c.name}"' if " " in c.name else c.name
                out.append(Pending(c.id, _("{name}: Fortitude save against {what} (DC {dc})", name=c.name,
                                           what=aff.get("name") or inst.cond, dc=aff["dc"]), gm_only=True,
                                   command=f"save {ref} {inst.cond}"))
    return out


def span_text(seconds: int):
    """A span as the log says it: 2 days, 1 round."""
    for unit, (one, many) in ((86400, ("{n} day", "{n} days")), (3600, ("{n} hour", "{n} hours")),
                              (60, ("{n} minute", "{n} minutes"))):
        if seconds >= unit and seconds % unit == 0:
            return _n(one, many, seconds // unit, n=public(seconds // unit))
    n = max(1, seconds // ROUND)
    return _n("{n} round", "{n} rounds", n, n=public(n))
