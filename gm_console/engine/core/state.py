"""Encounter state: what the fold of the event log produces.

The state is mutable for speed, but only ``engine.core.apply`` mutates it; everything
else (rulesets, the TUI, exports) reads it. ``copy()`` is the checkpoint used by
undo and by a failed command's rollback.
"""

from __future__ import annotations

import pickle
from dataclasses import dataclass, field
from typing import Any, Iterator

from .marks import AWARE, SURPRISE_ROUND


@dataclass
class Pool:
    value: int
    max: int | None = None


@dataclass
class ConditionInstance:
    uid: int
    cond: str
    rounds: int | None = None  # rounds left; None = until removed
    value: int | None = None  # bleed:2, energy-drained:1
    clock: str | None = None  # whose turn start counts the rounds down
    source: str | None = None
    note: str = ""
    mods: dict[str, int] = field(default_factory=dict)  # a free effect's own modifiers (ac+2)
    mod_types: dict[str, str] = field(default_factory=dict)  # their bonus types (ac+1:deflection)
    save: str = ""  # the save that ends it (will), rolled at the "start"/"end" (save_at) of its turn
    dc: int | None = None
    save_at: str = ""


@dataclass
class Combatant:
    id: str
    name: str
    side: str = "foe"
    category: str = "creature"
    stats: dict[str, Any] = field(default_factory=dict)
    pools: dict[str, Pool] = field(default_factory=dict)
    initiative: float | None = None
    tiebreak: tuple = ()
    life: str = "ok"
    conditions: list[ConditionInstance] = field(default_factory=list)
    marks: dict[str, Any] = field(default_factory=dict)
    added: int = 0  # insertion sequence, the last tie-break
    hidden: bool = False  # kept off every player-facing view (``hide``/``reveal``)

    @property
    def is_pc(self) -> bool:
        return self.side == "pc"

    def has(self, cond: str) -> bool:
        return any(c.cond == cond for c in self.conditions)

    def instances(self, cond: str) -> list[ConditionInstance]:
        return [c for c in self.conditions if c.cond == cond]

    def pool(self, name: str) -> Pool | None:
        return self.pools.get(name)


@dataclass
class Delay:
    round: int
    count: float | None = None


@dataclass
class Ready:
    trigger: str
    round: int


@dataclass
class EncounterState:
    ruleset: str
    options: dict[str, Any] = field(default_factory=dict)
    combatants: dict[str, Combatant] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)  # slots in acting order, delaying ones included
    round: int = 0
    active: str | None = None
    in_combat: bool = False
    ended: bool = False
    started: dict[str, int] = field(default_factory=dict)  # id -> round its turn last started
    finished: dict[str, int] = field(default_factory=dict)  # id -> round its turn last ended
    delayed: dict[str, Delay] = field(default_factory=dict)
    readied: dict[str, Ready] = field(default_factory=dict)
    seconds: int = 0  # time passed outside combat rounds
    #: whose turn the wall clock is timing and since when (seconds since 1970), or None: set by
    #: ``TurnClockStarted`` when the commands carry the time (the head's elapsed time)
    turn_clock: tuple[str, float] | None = None
    #: when the running turn clock was paused (``clock pause``), or None: on ``clock resume`` the
    #: turn's start moves on by the pause, so ``turn_clock`` always times the turn's own time
    turn_paused: float | None = None
    marks: dict[str, Any] = field(default_factory=dict)
    next_uid: int = 1
    next_added: int = 0
    # Indexes kept by the fold, so adding and finding stay O(1) in a crowd:
    names: dict[str, str] = field(default_factory=dict)  # folded name -> id, of those here now
    used_ids: set[str] = field(default_factory=set)  # every id ever added: never handed out again
    numbered: dict[str, int] = field(default_factory=dict)  # folded "goblin" -> highest N of a "Goblin N" ever
    retired: dict[str, str] = field(default_factory=dict)  # id -> name of those removed: the log still names them

    def copy(self) -> "EncounterState":
        """A deep copy (an undo checkpoint). The state is plain data (dataclasses, dicts,
        lists, tuples, numbers, text), which a pickle round trip copies exactly, sharing and
        all, four times faster than ``copy.deepcopy`` (18 ms against 4.5 ms for 200 combatants
        with 5 conditions each: one in every 200 actions of a crowd pays it)."""
        try:
            return pickle.loads(pickle.dumps(self, protocol=pickle.HIGHEST_PROTOCOL))
        except (pickle.PicklingError, TypeError, AttributeError):  # a plugin kept a function in a mark
            import copy

            return copy.deepcopy(self)

    # -- reading helpers -------------------------------------------------
    def get(self, cid: str) -> Combatant:
        return self.combatants[cid]

    def acting_order(self) -> list[str]:
        """The order a GM sees: slots without the combatants who are delaying."""
        return [cid for cid in self.order if cid not in self.delayed]

    def without_initiative(self) -> list[str]:
        return [cid for cid, c in self.combatants.items() if c.initiative is None]

    def option(self, key: str, default: Any = None) -> Any:
        return self.options.get(key, default)

    @property
    def surprise_round(self) -> bool:
        """The surprise round (round 0) is being played."""
        return bool(SURPRISE_ROUND.of(self))

    @property
    def aware(self) -> tuple[str, ...]:
        """Who was aware at the start (``surprise NAME...``), by id."""
        return tuple(AWARE.of(self) or ())

    def all_conditions(self) -> Iterator[tuple[Combatant, ConditionInstance]]:
        for c in self.combatants.values():
            for inst in c.conditions:
                yield c, inst
