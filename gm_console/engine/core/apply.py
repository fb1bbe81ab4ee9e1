"""The fold: one small function per event type, and nothing else mutates state.

Apply functions do no validation and make no decisions: the decision was taken
when the event was produced (by the engine or a ruleset), so replaying a save
years later gives the same state even if the rules code has changed since.
"""

from __future__ import annotations

import re
from typing import Callable

from . import events as ev
from .contract import fold_text
from .state import Combatant, ConditionInstance, Delay, EncounterState, Pool, Ready

_APPLY: dict[type, Callable[[EncounterState, ev.Event], None]] = {}


def _on(cls: type):
    def register(fn):
        _APPLY[cls] = fn
        return fn

    return register


def apply(state: EncounterState, event: ev.Event) -> None:
    fn = _APPLY.get(type(event))
    if fn is not None:
        fn(state, event)


_NUMBERED = re.compile(r"^(.*\S)\s+(\d{1,9})$")


def _name_taken(s: EncounterState, cid: str, name: str) -> None:
    """Index the name, and remember its number for good: "Goblin 3" means the next is 4."""
    s.names[fold_text(name)] = cid
    m = _NUMBERED.match(name)
    if m:
        base = fold_text(m.group(1))
        s.numbered[base] = max(s.numbered.get(base, 0), int(m.group(2)))


def _name_freed(s: EncounterState, cid: str, name: str) -> None:
    key = fold_text(name)
    if s.names.get(key) == cid:
        del s.names[key]


@_on(ev.CombatantAdded)
def _added(s: EncounterState, e: ev.CombatantAdded) -> None:
    pools = {name: Pool(int(v[0]), None if v[1] is None else int(v[1])) for name, v in e.pools.items()}
    s.combatants[e.id] = Combatant(
        id=e.id, name=e.name, side=e.side, category=e.category,
        stats=dict(e.stats), pools=pools, added=s.next_added,
    )
    s.next_added += 1
    s.used_ids.add(e.id)
    _name_taken(s, e.id, e.name)


@_on(ev.CombatantRemoved)
def _removed(s: EncounterState, e: ev.CombatantRemoved) -> None:
    gone = s.combatants.pop(e.id, None)
    if gone is not None:
        _name_freed(s, gone.id, gone.name)
        s.retired[gone.id] = gone.name
    if e.id in s.order:
        s.order.remove(e.id)
    s.delayed.pop(e.id, None)
    s.readied.pop(e.id, None)
    s.started.pop(e.id, None)
    s.finished.pop(e.id, None)
    if s.active == e.id:
        s.active = None


@_on(ev.Renamed)
def _renamed(s: EncounterState, e: ev.Renamed) -> None:
    c = s.combatants[e.id]
    _name_freed(s, c.id, c.name)
    c.name = e.name
    _name_taken(s, c.id, c.name)


@_on(ev.StatsSet)
def _stats(s: EncounterState, e: ev.StatsSet) -> None:
    stats = s.combatants[e.id].stats
    for key, value in e.stats.items():
        if value is None:
            stats.pop(key, None)
        else:
            stats[key] = value


@_on(ev.PoolRemoved)
def _pool_removed(s: EncounterState, e: ev.PoolRemoved) -> None:
    s.combatants[e.id].pools.pop(e.pool, None)


@_on(ev.PoolSet)
def _pool(s: EncounterState, e: ev.PoolSet) -> None:
    c = s.combatants[e.id]
    pool = c.pools.get(e.pool)
    if pool is None:
        c.pools[e.pool] = Pool(e.value, e.max)
    else:
        pool.value = e.value
        if e.max is not None:
            pool.max = e.max


@_on(ev.SideSet)
def _side(s: EncounterState, e: ev.SideSet) -> None:
    s.combatants[e.id].side = e.side


@_on(ev.HiddenSet)
def _hidden(s: EncounterState, e: ev.HiddenSet) -> None:
    s.combatants[e.id].hidden = e.hidden


@_on(ev.InitiativeSet)
def _init(s: EncounterState, e: ev.InitiativeSet) -> None:
    c = s.combatants[e.id]
    c.initiative = e.value
    c.tiebreak = tuple(e.tiebreak)


@_on(ev.OrderSet)
def _order(s: EncounterState, e: ev.OrderSet) -> None:
    s.order = list(e.order)


@_on(ev.CombatStarted)
def _started(s: EncounterState, e: ev.CombatStarted) -> None:
    s.in_combat = True
    s.ended = False
    s.started.clear()
    s.finished.clear()
    s.delayed.clear()
    s.readied.clear()


@_on(ev.RoundStarted)
def _round(s: EncounterState, e: ev.RoundStarted) -> None:
    s.round = e.round


@_on(ev.TurnStarted)
def _turn(s: EncounterState, e: ev.TurnStarted) -> None:
    s.active = e.id
    s.started[e.id] = e.round


@_on(ev.TurnResumed)
def _resumed(s: EncounterState, e: ev.TurnResumed) -> None:
    s.active = e.id


@_on(ev.TurnEnded)
def _ended(s: EncounterState, e: ev.TurnEnded) -> None:
    s.finished[e.id] = s.round
    if s.active == e.id:
        s.active = None


@_on(ev.TurnRewound)
def _rewound(s: EncounterState, e: ev.TurnRewound) -> None:
    s.active = e.id
    s.round = e.round
    for cid in e.reopen:
        s.finished.pop(cid, None)


@_on(ev.CombatEnded)
def _combat_ended(s: EncounterState, e: ev.CombatEnded) -> None:
    s.in_combat = False
    s.ended = True
    s.active = None
    s.delayed.clear()
    s.readied.clear()


@_on(ev.TurnClockStarted)
def _clock_started(s: EncounterState, e: ev.TurnClockStarted) -> None:
    s.turn_clock = (e.who, e.at)
    s.turn_paused = None


@_on(ev.TurnClockStopped)
def _clock_stopped(s: EncounterState, e: ev.TurnClockStopped) -> None:
    s.turn_clock = None
    s.turn_paused = None


@_on(ev.TurnClockPaused)
def _clock_paused(s: EncounterState, e: ev.TurnClockPaused) -> None:
    s.turn_paused = e.at


@_on(ev.TurnClockResumed)
def _clock_resumed(s: EncounterState, e: ev.TurnClockResumed) -> None:
    if s.turn_clock is not None and s.turn_paused is not None:
        s.turn_clock = (s.turn_clock[0], s.turn_clock[1] + max(0.0, e.at - s.turn_paused))
    s.turn_paused = None


@_on(ev.Delayed)
def _delayed(s: EncounterState, e: ev.Delayed) -> None:
    s.delayed[e.id] = Delay(round=e.round, count=e.count)


@_on(ev.DelayEnded)
def _delay_ended(s: EncounterState, e: ev.DelayEnded) -> None:
    s.delayed.pop(e.id, None)


@_on(ev.Readied)
def _readied(s: EncounterState, e: ev.Readied) -> None:
    s.readied[e.id] = Ready(trigger=e.trigger, round=e.round)


@_on(ev.ReadyEnded)
def _ready_ended(s: EncounterState, e: ev.ReadyEnded) -> None:
    s.readied.pop(e.id, None)


@_on(ev.LifeSet)
def _life(s: EncounterState, e: ev.LifeSet) -> None:
    s.combatants[e.id].life = e.life


@_on(ev.ConditionAdded)
def _cond_added(s: EncounterState, e: ev.ConditionAdded) -> None:
    s.combatants[e.id].conditions.append(
        ConditionInstance(uid=e.uid, cond=e.cond, rounds=e.rounds, value=e.value,
                          clock=e.clock, source=e.source, note=e.note, mods=dict(e.mods),
                          mod_types=dict(e.mod_types), save=e.save, dc=e.dc, save_at=e.save_at)
    )
    s.next_uid = max(s.next_uid, e.uid + 1)


@_on(ev.ConditionChanged)
def _cond_changed(s: EncounterState, e: ev.ConditionChanged) -> None:
    for inst in s.combatants[e.id].conditions:
        if inst.uid == e.uid:
            inst.rounds = e.rounds
            inst.value = e.value
            inst.clock = e.clock


@_on(ev.ConditionRemoved)
def _cond_removed(s: EncounterState, e: ev.ConditionRemoved) -> None:
    c = s.combatants[e.id]
    c.conditions = [inst for inst in c.conditions if inst.uid != e.uid]


@_on(ev.MarkSet)
def _mark(s: EncounterState, e: ev.MarkSet) -> None:
    marks = s.combatants[e.id].marks
    if e.value is None:
        marks.pop(e.key, None)
    else:
        marks[e.key] = e.value


@_on(ev.EncounterMarkSet)
def _enc_mark(s: EncounterState, e: ev.EncounterMarkSet) -> None:
    if e.value is None:
        s.marks.pop(e.key, None)
    else:
        s.marks[e.key] = e.value


@_on(ev.OptionSet)
def _option(s: EncounterState, e: ev.OptionSet) -> None:
    s.options[e.key] = e.value


@_on(ev.TimePassed)
def _time(s: EncounterState, e: ev.TimePassed) -> None:
    s.seconds += e.seconds
