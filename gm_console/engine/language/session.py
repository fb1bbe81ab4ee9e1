"""Session: the encounter as a history of GM actions, with exact undo and redo.

The state is a fold of the events of the actions done. Undo rebuilds from the
nearest checkpoint (a copy kept every ``CHECKPOINT_EVERY`` actions, or every N in a
crowd of N), so undoing in a 10,000-action encounter replays a few dozen actions, not ten
thousand.

Everything that happens is also written to ``journal``: a record per action,
undo and redo, in the order they happened. Storage appends these records to
the save; reading them back (``Session.from_journal``) gives the same done and
redo stacks, so undo survives closing the file. No I/O happens here.
"""

from __future__ import annotations

from gm_console.i18n import _

from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from . import commands as cmd
from ..core import events as ev
from ..core.apply import apply
from ..core.bestiary import EMPTY, Bestiary
from ..core.context import Context
from ..core.contract import Ruleset, RulesError
from ..core.dice import Dice, DiceError
from . import replay
from ..core.errors import GMError
from ..core.events import LIMIT, Event, EventDecodeError, event_from_dict, shown
from ..rules import offers, turns
from .core_verbs import HISTORY, registry_for
from ..core.state import EncounterState
from .verbs import Call, Fields

CHECKPOINT_EVERY = 50
RECENT_CHECKPOINTS = 4


@dataclass(frozen=True, slots=True)
class Entry:
    """One GM action: the line typed, the round it happened in, what it changed. Slots: a
    long fight holds ten thousand (about 1 MiB less than each with its own dictionary)."""

    n: int
    line: str
    round: int
    events: tuple[Event, ...]


@dataclass(frozen=True)
class Done:
    """What one command line did, as a front end needs it: the canonical verb (``undo`` and
    ``redo`` too), the combatants it concerns (those the line named, in order, and any it
    added; for an undo or a redo, those the action taken back or done again changed) and the
    action recorded (the one taken back, for an undo; None when the verb records nothing)."""

    verb: str
    targets: tuple[str, ...]
    entry: Entry | None


class JournalError(GMError, ValueError):
    def __init__(self, message, n: int | None = None) -> None:
        super().__init__(message)
        self.n = n  # the log record at fault, so storage can name its line


class Session:
    def __init__(self, ruleset: Ruleset, options: Mapping[str, Any] | None = None,
                 bestiary: Bestiary | None = None, lang: str | None = None) -> None:
        self.ruleset = ruleset
        self.bestiary = bestiary if bestiary is not None else EMPTY  # what `add @goblin` finds
        #: the table's language: a creature from the bestiary is named in it, whichever of its
        #: names found it (None: the name as typed, ``Creature.spelled``)
        self.lang = lang
        self._base = EncounterState(ruleset=ruleset.id, options=dict(options or {}))
        self.state = self._base.copy()
        self.done: list[Entry] = []
        self.undone: list[Entry] = []
        #: state after the first k actions, by k (a snapshot's may be the function that makes it)
        self._checkpoints: dict[int, Any] = {0: self._base.copy()}
        self.journal: list[dict[str, Any]] = []  # records not yet written by storage
        self._next_n = 1
        self.verbs = registry_for(ruleset)

    # -- doing --------------------------------------------------------------------
    def parse(self, line: str) -> Call:
        return self.verbs.parse(line)

    def execute(self, line: str, dice: Dice | None = None, at: float | None = None) -> Entry | None:
        """Run one command line. Raises ``CommandError`` (state untouched) on refusal."""
        return self.run(line, dice, at).entry

    def run(self, line: str, dice: Dice | None = None, at: float | None = None) -> Done:
        """Run one command line and say what it did (``Done``). A refusal is a ``CommandError``
        (state untouched) saying which verb, argument and stat it concerns where known.
        ``at``: the wall-clock time the GM gave the command (seconds since 1970), read by the
        front end: the turns it starts and ends are timed with it (None: not timed)."""
        command = self.parse(line)
        if command.verb in HISTORY:
            entry = self.undo() if command.verb == "undo" else self.redo()
            return Done(command.verb, _changed(entry), entry)
        verb, ctx = self._context(self.state, command, dice)
        ctx.at = at
        try:
            self._perform(verb, ctx, command)
            if at is not None:
                turns.time_turns(ctx, at)
        except (RulesError, DiceError) as exc:
            self._rollback(ctx)
            if exc.field and not exc.param:
                exc.about(param=next((p.name for p in verb.params if isinstance(p, Fields)), None))
            raise cmd.CommandError(exc.message, **exc.about(verb=verb.name).concerns()) from None
        except cmd.CommandError as exc:
            self._rollback(ctx)
            raise exc.about(verb=verb.name)
        except BaseException:
            self._rollback(ctx)
            raise
        entry = Entry(n=self._next_n, line=command.line, round=self.state.round, events=tuple(ctx.events))
        self._next_n += 1
        self._push(entry)
        if not bookkeeping(entry):
            self.undone.clear()
        self.journal.append({"n": entry.n, "r": entry.round, "do": entry.line,
                             "ev": [e.to_dict() for e in entry.events]})
        added = [e.id for e in entry.events if e.kind == "CombatantAdded"]
        return Done(verb.name, tuple(dict.fromkeys([*ctx.found, *added])), entry)

    def trial(self, line: str, dice: Dice | None = None) -> EncounterState:
        """The state ``line`` would leave, the session untouched (nothing done, recorded or
        journaled): what a form shows before the GM submits it (the add form's difficulty with
        the creature being typed). A refusal is a ``CommandError``, as ``run`` says it;
        ``undo``/``redo`` are refused (they are moves in the history, not a state to try)."""
        command = self.parse(line)
        if command.verb in HISTORY:
            raise cmd.CommandError(_("{verb} cannot be tried ahead", verb=command.verb))
        verb, ctx = self._context(self.state.copy(), command, dice)
        try:
            self._perform(verb, ctx, command)
        except (RulesError, DiceError) as exc:
            raise cmd.CommandError(exc.message, **exc.about(verb=verb.name).concerns()) from None
        return ctx.state

    def _context(self, state: EncounterState, command: Call, dice: Dice | None) -> tuple[Any, Context]:
        """The verb of ``command`` and the Context it changes ``state`` through."""
        verb = self.verbs[command.verb]
        ctx = Context(state, self.ruleset, dice if dice is not None else Dice(), self.bestiary, turns, lang=self.lang)
        ctx.concerning = lambda value: verb.param_of(command, value)
        return verb, ctx

    @staticmethod
    def _perform(verb: Any, ctx: Context, command: Call) -> None:
        verb.handler(ctx, command)
        turns.after_action(ctx)
        offers.settle(ctx, verb.name)

    def _push(self, entry: Entry) -> None:
        size = len(self.done)
        for key in [k for k in self._checkpoints if k > size]:
            del self._checkpoints[key]
        self.done.append(entry)
        if len(self.done) - max(self._checkpoints) >= _spacing(self.state):
            self._checkpoints[len(self.done)] = self.state.copy()

    def _rollback(self, ctx: Context) -> None:
        if ctx.events:
            self.state = self._rebuild(len(self.done))

    def _rebuild(self, size: int) -> EncounterState:
        """State after the first ``size`` actions; leaves checkpoints behind on the way."""
        start = last = max(k for k in self._checkpoints if k <= size)
        state = self._checkpoint(start).copy()
        for i in range(start, size):
            for event in self.done[i].events:
                apply(state, event)
            if i + 1 - last >= _spacing(state) and i + 1 < size and (i + 1) not in self._checkpoints:
                self._checkpoints[i + 1] = state.copy()
                last = i + 1
        return state

    def _checkpoint(self, key: int) -> EncounterState:
        """A checkpoint, made now if it was handed in as the function that makes it (``thawed``)."""
        state = self._checkpoints[key]
        if not isinstance(state, EncounterState):
            state = self._checkpoints[key] = state()
            if not isinstance(state, EncounterState):
                raise ValueError("not a snapshot's checkpoint")
        return state

    # -- undo / redo --------------------------------------------------------------
    def undo(self) -> Entry:
        """Take back the GM's last action, and with it the clock's pauses written after it (the
        console closed and opened again): the first `u` after opening a fight takes back what the
        GM did, not the console's bookkeeping (docs/stats.md#the-turn-clock)."""
        if not self.done:
            raise cmd.CommandError(_('nothing to undo'))
        while True:
            entry = self.done.pop()
            self.undone.append(entry)
            self.journal.append({"n": self._next_n, "undo": entry.n})
            self._next_n += 1
            if not bookkeeping(entry) or not self.done:
                break
        self.state = self._rebuild(len(self.done))
        return entry

    def redo(self) -> Entry:
        """Bring back what undo took back: the action and the clock's pauses that came after it."""
        if not self.undone:
            raise cmd.CommandError(_('nothing to redo'))
        first = None
        while self.undone and (first is None or bookkeeping(self.undone[-1])):
            entry = self.undone.pop()
            for event in entry.events:
                apply(self.state, event)
            self._push(entry)
            self.journal.append({"n": self._next_n, "redo": entry.n})
            self._next_n += 1
            first = first or entry
        return first

    @property
    def can_undo(self) -> bool:
        return bool(self.done)

    @property
    def can_redo(self) -> bool:
        return bool(self.undone)

    def mark(self) -> tuple:
        """A point to come back to if what follows cannot be saved."""
        return (list(self.done), list(self.undone), len(self.journal), self._next_n)

    def rewind(self, mark: tuple) -> None:
        """Forget everything since ``mark`` (history, journal, state): it never happened."""
        done, undone, journal_len, next_n = mark
        self.done, self.undone = done, undone
        del self.journal[journal_len:]
        self._next_n = next_n
        for key in [k for k in self._checkpoints if k > len(done)]:
            del self._checkpoints[key]
        self.state = self._rebuild(len(done))

    def take_journal(self) -> list[dict[str, Any]]:
        out, self.journal = self.journal, []
        return out

    # -- reading a journal back ------------------------------------------------------
    @classmethod
    def from_journal(cls, ruleset: Ruleset, options: Mapping[str, Any] | None,
                     records: Iterable[Mapping[str, Any]]) -> "Session":
        """Replay a save's log. Anything a hand edit can break is a ``JournalError`` naming the
        record and what is wrong, never a crash later in ``show``, ``log`` or the TUI."""
        problem = replay.options_problem(ruleset, options or {})
        if problem:
            raise JournalError(_('[options]: {problem}', problem=problem))
        session = cls(ruleset, options)
        session.resume(records)
        return session

    def resume(self, records: Iterable[Mapping[str, Any]]) -> None:
        """Replay log records that come after what this session holds: a whole log for a new
        session, or the lines appended since a snapshot (``frozen``) was taken. Checked as
        ``from_journal`` checks them; on a ``JournalError`` the session is left unusable, and
        the caller reads the save the long way."""
        done, undone = list(self.done), list(self.undone)
        last_n = self._next_n - 1
        kept = len(done)  # actions of this session that no record takes back
        for i, rec in enumerate(records, 1):
            n = rec.get("n") if isinstance(rec, Mapping) else None
            if not _whole(n) or n <= last_n:
                raise JournalError(_('log record {i}: sequence number {value} out of order (after {last_n})', i=i, value=shown(n), last_n=last_n))
            last_n = n
            if "do" in rec:
                done.append(_entry(n, rec))
                if not bookkeeping(done[-1]):
                    undone.clear()
            elif "undo" in rec:
                if not done or done[-1].n != rec["undo"]:
                    raise JournalError(_('log record {n}: undoes action {value}, which is not the last done', n=n, value=shown(rec['undo'])), n=n)
                undone.append(done.pop())
                kept = min(kept, len(done))
            elif "redo" in rec:
                if not undone or undone[-1].n != rec["redo"]:
                    raise JournalError(_('log record {n}: redoes action {value}, which is not the last undone', n=n, value=shown(rec['redo'])), n=n)
                done.append(undone.pop())
            else:
                raise JournalError(_('log record {n}: expected do, undo or redo', n=n), n=n)
        if kept < len(self.done):
            del self.done[kept:]
            for key in [k for k in self._checkpoints if k > kept]:
                del self._checkpoints[key]
            self.state = self._rebuild(kept)
        state, ruleset = self.state, self.ruleset
        # Checkpoints only near the end: deeper undos lay their own down as they go.
        recent, last = len(done) - RECENT_CHECKPOINTS * CHECKPOINT_EVERY, max(self._checkpoints)
        for i, entry in enumerate(done[kept:], kept + 1):
            for event in entry.events:
                why = replay.event_problem(state, ruleset, event)
                if why is None:
                    try:
                        apply(state, event)
                    except Exception as exc:  # noqa: BLE001 - a save must not crash the program
                        why = f"cannot be applied ({type(exc).__name__}: {shown(str(exc))})"
                if why is not None:
                    raise JournalError(_('log record {n}: {kind} {why}', n=entry.n, kind=event.kind, why=why), n=entry.n)
            self.done.append(entry)
            if i >= recent and i - last >= _spacing(state):
                self._checkpoints[i] = state.copy()
                last = i
        self.undone = undone
        self._next_n = last_n + 1

    # -- a snapshot: the replayed session as data, for storage's cache ----------------------
    def frozen(self) -> dict[str, Any]:
        """What ``thawed`` needs to be this session again without replaying its log: no code
        (ruleset, verbs, bestiary: handed in again) and nothing unsaved (the journal must be
        empty: a snapshot stands for what the file holds)."""
        if self.journal:
            raise ValueError("a session with unsaved records is not what its file holds")
        recent = sorted(self._checkpoints)[-2:]
        return {"base": self._base, "state": self.state, "done": self.done, "undone": self.undone,
                "checkpoints": {k: self._checkpoint(k) for k in {0, *recent}}, "next_n": self._next_n}

    @classmethod
    def thawed(cls, ruleset: Ruleset, data: Mapping[str, Any], bestiary: Bestiary | None = None) -> "Session":
        """The session ``frozen`` gave, for this ruleset; a wrong shape is a ValueError. A
        checkpoint may come as a function that makes it: it is called when an undo first needs
        it (storage's snapshot reads the one state a first frame shows, not three)."""
        base, state = data["base"], data["state"]
        if not isinstance(base, EncounterState) or not isinstance(state, EncounterState) or base.ruleset != ruleset.id:
            raise ValueError("not a snapshot of this game's session")
        session = cls(ruleset, base.options, bestiary)
        session._base, session.state = base, state
        session.done, session.undone = list(data["done"]), list(data["undone"])
        session._checkpoints = dict(data["checkpoints"])
        session._next_n = data["next_n"]
        if (not all(isinstance(e, Entry) for e in session.done + session.undone) or 0 not in session._checkpoints
                or not all(isinstance(v, EncounterState) or callable(v) for v in session._checkpoints.values())):
            raise ValueError("not a snapshot of a session")
        return session


def _changed(entry: Entry) -> tuple[str, ...]:
    """The combatants an action's events changed, in order."""
    return tuple(dict.fromkeys(e.id for e in entry.events if isinstance(getattr(e, "id", None), str)))


def _spacing(state: EncounterState) -> int:
    """Actions between checkpoints. A copy costs in proportion to the roster, so a crowd is
    copied less often: adding 3,000 combatants stays linear, and an undo replays at most
    as many actions as a copy would cost anyway."""
    return max(CHECKPOINT_EVERY, len(state.combatants))


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) <= LIMIT


def _entry(n: int, rec: Mapping[str, Any]) -> Entry:
    """One ``do`` record as an Entry, its fields and events checked."""
    line, round_, raw = rec["do"], rec.get("r", 0), rec.get("ev", ())
    if not isinstance(line, str):
        raise JournalError(_('log record {n}: the command must be text, not {value}', n=n, value=shown(line)), n=n)
    if not _whole(round_) or round_ < 0:
        raise JournalError(_('log record {n}: the round must be a whole number from 0, not {value}', n=n, value=shown(round_)), n=n)
    if not isinstance(raw, (list, tuple)):
        raise JournalError(_('log record {n}: its events must be a list, not {name}', n=n, name=type(raw).__name__), n=n)
    try:
        events = tuple(event_from_dict(e) for e in raw)
    except EventDecodeError as exc:
        raise JournalError(_('log record {n}: {exc}', n=n, exc=exc), n=n) from None
    return Entry(n=n, line=line, round=round_, events=events)


#: what the console writes of its own, not the GM's action: the turn clock paused when it
#: closes and resumed when it opens (docs/stats.md#the-turn-clock)
_BOOKKEEPING = (ev.TurnClockPaused, ev.TurnClockResumed, ev.Said)


def bookkeeping(entry: Entry) -> bool:
    """An action that is the clock's bookkeeping: it keeps what undo took back for redo, and
    undo and redo pass over it with the GM's action before it."""
    return any(isinstance(e, (ev.TurnClockPaused, ev.TurnClockResumed)) for e in entry.events) and \
        all(isinstance(e, _BOOKKEEPING) for e in entry.events)
