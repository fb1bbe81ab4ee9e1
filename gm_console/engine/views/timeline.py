"""The condition timeline as a view of the log: which condition was on whom, when.

Past spans come from the done entries' events (ConditionAdded/Removed with
the round they happened in), so undo redraws the past exactly. Ongoing spans
are projected with the engine's documented clock model (engine/rules/turns.py): an
N-rounds condition loses a round at each start of its clock owner's turn and
ends at the start of that turn when it reaches 0. The model reads the clock
owner from the state, so it follows a combatant whose initiative moved.

Marks that last until their owner's first turn (flat-footed before acting,
surprised) are projected to that turn, not drawn as open-ended: they are over
within the round.

Pure Python, part of the engine: the TUI draws it, exports could print it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

from gm_console.engine.core import events as ev
from gm_console.engine.language.session import Entry
from gm_console.engine.core.state import EncounterState

#: conditions the d20 games put on everyone who has not acted yet; without rounds they
#: end at the owner's first turn (the ruleset removes them there)
UNTIL_FIRST_TURN = ("flat-footed", "flatfooted", "surprised")


@dataclass
class Span:
    uid: int
    who: str
    cond: str
    start: int  # round it began (0 = before combat)
    end: int | None = None  # round it ended (it applied for part of that round)
    value: int | None = None
    projected_end: int | None = None  # for ongoing spans with rounds left
    open_ended: bool = False
    first_turn: bool = False  # a mark that ends at its owner's first turn
    save: bool = False  # a save ends it (``save=will:15``): open-ended, drawn with a save mark

    @property
    def brief(self) -> bool:
        """Over within a round or so: a flat-footed mark, or anything that came and went at once."""
        if self.first_turn:
            return True
        return self.end is not None and self.end - self.start <= 1 and self.cond in UNTIL_FIRST_TURN

    @property
    def ongoing(self) -> bool:
        return self.end is None


#: the events the timeline is made of (events are matched by their exact class, as apply's are)
_FOLDED = frozenset({ev.RoundStarted, ev.ConditionAdded, ev.ConditionChanged, ev.ConditionRemoved,
                     ev.CombatantRemoved})


class TimelineModel:
    """Folds the log incrementally: appending an action costs one entry, undo refolds."""

    def __init__(self) -> None:
        self._reset()

    def _reset(self) -> None:
        self.spans: dict[int, Span] = {}
        self._round = 0
        self._count = 0
        self._last_n: int | None = None

    def _feed(self, entries: Iterable[Entry]) -> None:
        for entry in entries:
            for e in entry.events:
                if type(e) not in _FOLDED:  # most events (damage, rolls, turns): a 10,000-action log opens on this
                    pass
                elif isinstance(e, ev.RoundStarted):
                    self._round = e.round
                elif isinstance(e, ev.ConditionAdded):
                    self.spans[e.uid] = Span(e.uid, e.id, e.cond, self._round, value=e.value)
                elif isinstance(e, ev.ConditionChanged):
                    span = self.spans.get(e.uid)
                    if span is not None:
                        span.value = e.value
                elif isinstance(e, ev.ConditionRemoved):
                    span = self.spans.get(e.uid)
                    if span is not None and span.end is None:
                        span.end = self._round
                elif isinstance(e, ev.CombatantRemoved):
                    for span in self.spans.values():
                        if span.who == e.id and span.end is None:
                            span.end = self._round
            self._count += 1
            self._last_n = entry.n

    def update(self, done: list[Entry], state: EncounterState,
               ends_on_save: "Callable[[str], bool] | None" = None) -> list[Span]:
        """The spans now; ``ends_on_save(cond)``: a game's own condition that a save ends though its
        instance carries none (Starfinder's burning, its Reflex save at each round's end), drawn with the
        save mark like ``save=`` effects."""
        fits = self._count <= len(done) and (
            self._count == 0 or done[self._count - 1].n == self._last_n)
        if not fits:
            self._reset()
        self._feed(done[self._count:])
        self._project(state, ends_on_save)
        return list(self.spans.values())

    def _project(self, state: EncounterState, ends_on_save: "Callable[[str], bool] | None" = None) -> None:
        live = {inst.uid: inst for _, inst in state.all_conditions()}
        for span in self.spans.values():
            if span.end is not None:
                continue
            inst = live.get(span.uid)
            span.projected_end = None
            span.first_turn = (inst is not None and inst.rounds is None and inst.cond in UNTIL_FIRST_TURN
                               and not _has_acted(state, span.who))
            if span.first_turn:
                span.open_ended = False
                span.projected_end = _first_turn_round(state, span.who)
                continue
            span.save = inst is not None and (bool(inst.save) or (ends_on_save is not None and ends_on_save(inst.cond)))
            span.open_ended = inst is None or inst.rounds is None or inst.clock is None or span.save
            if span.open_ended:
                continue
            now = max(state.round, 1) if state.in_combat else 0
            owner_done = state.in_combat and state.started.get(inst.clock) == state.round
            if not state.in_combat:
                span.projected_end = inst.rounds  # the first tick comes in round 1
            elif owner_done:
                span.projected_end = now + inst.rounds
            else:
                span.projected_end = now + inst.rounds - 1


def _has_acted(state: EncounterState, cid: str) -> bool:
    return state.in_combat and cid in state.started


def _first_turn_round(state: EncounterState, cid: str) -> int:
    """The round in which ``cid``'s first turn comes: this one if its slot is still ahead."""
    if not state.in_combat:
        return 1
    now = max(state.round, 1) if state.round else 0
    order = state.acting_order()
    if state.round == 0:  # the surprise round: the unaware first act in round 1
        return 1
    if state.active in order and cid in order and order.index(cid) < order.index(state.active):
        return now + 1
    return now
