"""Context: the one door through which a command changes an encounter.

Every helper here builds an event, applies it to the working state at once (so
the next rule sees the new numbers) and records it. When a command fails half
way, the session throws the working state away; nothing is half-applied.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, TypeVar

from gm_console.i18n import Msg, Term, _

from . import events as ev
from . import told
from .apply import apply
from .bestiary import EMPTY, Bestiary
from .contract import ConditionDef, Ruleset, RulesError, did_you_mean, fold_text, listing
from .dice import Dice, RollResult
from .events import shown
from .marks import READIED_ACTS, EncounterMark, Mark, key_of
from .state import Combatant, ConditionInstance, EncounterState

T = TypeVar("T")


class Context:
    def __init__(self, state: EncounterState, ruleset: Ruleset, dice: Dice, bestiary: Bestiary = EMPTY,
                 turns: Any = None, lang: str | None = None) -> None:
        self.state = state
        self.lang = lang  # the table's language, for the names of creatures added from the bestiary
        self.ruleset = ruleset
        self.dice = dice
        self.bestiary = bestiary  # the creatures `add @NAME` finds (read-only; storage reads the files)
        #: the turn machinery (``engine.rules.turns``), handed in by the session: the Context is below it,
        #: so it cannot import it, yet a ruleset's verb may end a turn or act out of turn through it
        self.turns = turns
        self.events: list[ev.Event] = []
        #: who acts in this command, when the command names its actor (``attack A B``) or a
        #: readied action has just gone off (``trigger``): damage and healing are credited to it
        self.actor: str | None = READIED_ACTS.of(state) if state.in_combat else None
        #: the argument of the line being run that holds a value as typed (None: not from the
        #: line); the session sets it, so a refusal about a name or an amount says which argument
        self.concerning: Callable[[Any], str | None] = lambda value: None
        #: the verb of the line being run (engine/language/verbs.py), set by the session: a handler that
        #: reads words of its own refuses with its ``word`` and ``usage()``, in the reader's language
        self.verb: Any = None
        #: the combatants the line named, found (ids, in order): the command's targets
        self.found: list[str] = []
        #: the wall-clock time the command carries (``Session.run(at=...)``), None when untimed
        self.at: float | None = None

    # -- core ------------------------------------------------------------------
    def emit(self, event: ev.Event) -> ev.Event:
        apply(self.state, event)
        self.events.append(event)
        return event

    def option(self, key: str) -> Any:
        """A house-rule option: the save's value, else the ruleset's default (the seed)."""
        if key in self.state.options:
            return self.state.options[key]
        for opt in self.ruleset.every_option():
            if opt.key == key:
                return opt.default
        return None

    def say(self, text: "Msg | Term", *, rule: str = "", who: str | None = None, gm_only: bool = False,
            detail: "Msg | told.Either | None" = None) -> None:
        """A sentence for the log: a catalogue message (``_("...")``) with typed arguments
        (``told.named``, ``told.of``, ``told.dealt``, ``told.gm``, ``told.public``), kept as data
        and rendered when read, for the GM or the players, in their language (told.py). ``who``:
        whom it is about (an untyped number is the GM's: type what the players may read). ``detail``: what
        follows it in brackets, dropped alone when the players may not read it."""
        self.emit(ev.Said(msg=told.stored(text, who), detail=told.stored(detail, who) if detail is not None else {},
                          rule=rule, who=who, gm_only=gm_only))

    def fail(self, message: "str | Msg") -> None:
        raise RulesError(message)

    def roll(self, expr: str, purpose: "str | Msg" = "", who: str | None = None,
             hidden: bool = False) -> RollResult:
        """Roll ``expr``; ``purpose`` (a catalogue message, or text the GM typed) says what for,
        in the log and in the prompt for a physical die, kept as a message like ``say``'s."""
        result = self.dice.roll(expr, purpose=purpose)
        if isinstance(purpose, (Msg, Term)):
            self.emit(ev.Rolled(expr=result.expr, total=result.total, dice=result.naturals, who=who,
                                hidden=hidden, text=result.text, why=told.stored(purpose, who)))
        else:
            self.emit(ev.Rolled(expr=result.expr, total=result.total, dice=result.naturals, purpose=purpose or "",
                                who=who, hidden=hidden, text=result.text))
        return result

    # -- combatants ---------------------------------------------------------------
    def combatant(self, ref: str) -> Combatant:
        param = self.concerning(ref)
        try:
            c = find_combatant(self.state, ref)
        except RulesError as exc:
            raise exc.about(param=param) from None
        if param is not None:
            self.named(c)
        return c

    def named(self, c: Combatant) -> None:
        """``c`` is one the line names (a target of the command)."""
        if c.id not in self.found:
            self.found.append(c.id)

    def acting(self, c: Combatant) -> None:
        """``c`` is the one acting in this command (``attack A B``): what it does to others is
        credited to it, whoever's turn it is (the summary after the fight)."""
        self.actor = c.id

    def set_pool(self, c: Combatant, pool: str, value: int, max: int | None = None,
                 rule: str = "") -> None:
        was = c.pools.get(pool)
        old = was.value if was is not None else 0
        was_max = was.max if was is not None and max is not None and was.max != max else None
        by = self.actor if self.actor and self.actor != c.id and self.actor != self.state.active else None
        self.emit(ev.PoolSet(id=c.id, pool=pool, value=int(value), max=max,
                             delta=int(value) - old, rule=rule, was_max=was_max, by=by))

    def spend_pool(self, c: Combatant, pool: str, amount: int, rule: str = "") -> None:
        p = c.pools.get(pool)
        if p is None:
            have = listing(c.pools, "none")
            self.fail(_('{name} has no {pool!r} to spend; pools: {have}', name=c.name, pool=pool, have=have))
        if amount < 1:
            self.fail(_('spend takes a positive amount, not {amount}', amount=amount))
        if p.value < amount:
            self.fail(_('{name} has {value} {pool}, cannot spend {amount}', name=c.name, value=p.value, pool=pool, amount=amount))
        self.set_pool(c, pool, p.value - amount, rule=rule)

    def remove_pool(self, c: Combatant, pool: str) -> None:
        if pool in c.pools:
            self.emit(ev.PoolRemoved(id=c.id, pool=pool))

    def set_life(self, c: Combatant, life: str, rule: str = "") -> None:
        if c.life != life:
            self.emit(ev.LifeSet(id=c.id, life=life, rule=rule))

    def set_mark(self, c: Combatant, mark: Mark[T], value: T | None) -> None:
        """Keep ``value`` in ``c``'s mark (None clears it): ``mark`` is a declared ``Mark``
        (engine/core/marks.py, a game's marks.py), ``value`` of its type; the event holds its key."""
        key = key_of(mark, Mark, value)
        if mark.of(c) != value:
            self.emit(ev.MarkSet(id=c.id, key=key, value=value))

    def set_encounter_mark(self, mark: EncounterMark[T], value: T | None) -> None:
        """Keep ``value`` in the encounter's mark (None clears it), as ``set_mark`` does."""
        key = key_of(mark, EncounterMark, value)
        if mark.of(self.state) != value:
            self.emit(ev.EncounterMarkSet(key=key, value=value))

    def set_stats(self, c: Combatant, stats: dict[str, Any]) -> None:
        self.emit(ev.StatsSet(id=c.id, stats=stats))

    # -- conditions ------------------------------------------------------------------
    def apply_condition(self, c: Combatant, cdef: ConditionDef, rounds: int | None = None,
                        value: int | None = None, clock: str | None = None,
                        source: str | None = None, note: str = "") -> ConditionInstance:
        """Add a condition honouring the definition's stacking rule."""
        existing = c.instances(cdef.id)
        if existing and cdef.stack != "separate":
            inst = existing[0]
            new_rounds, new_value = inst.rounds, inst.value
            if cdef.stack == "sum" and value is not None:
                new_value = (inst.value or 0) + value
            elif value is not None and (inst.value is None or value > inst.value):
                new_value = value
            if inst.rounds is not None and (rounds is None or rounds > inst.rounds):
                new_rounds = rounds
                inst_clock = clock or inst.clock
            else:
                inst_clock = inst.clock
            self.emit(ev.ConditionChanged(id=c.id, uid=inst.uid, rounds=new_rounds,
                                          value=new_value, clock=inst_clock))
            return inst
        uid = self.state.next_uid
        self.emit(ev.ConditionAdded(id=c.id, uid=uid, cond=cdef.id, rounds=rounds, value=value,
                                    clock=clock, source=source, note=note))
        return c.conditions[-1]

    def remove_condition(self, c: Combatant, inst: ConditionInstance, reason: str = "removed") -> None:
        self.emit(ev.ConditionRemoved(id=c.id, uid=inst.uid, reason=reason, cond=inst.cond))
        self.ruleset.conditions.removed(self, c, inst.cond, reason)

    def remove_all(self, c: Combatant, cond: str, reason: str = "removed") -> int:
        gone = c.instances(cond)
        for inst in gone:
            self.remove_condition(c, inst, reason)
        return len(gone)

    def change_condition(self, c: Combatant, inst: ConditionInstance, rounds: int | None = None,
                         value: int | None = None, keep_rounds: bool = True) -> None:
        self.emit(ev.ConditionChanged(
            id=c.id, uid=inst.uid,
            rounds=inst.rounds if keep_rounds and rounds is None else rounds,
            value=inst.value if value is None else value, clock=inst.clock))

    # -- order -----------------------------------------------------------------------
    def set_order(self, order: Iterable[str], reason: str = "") -> None:
        order = tuple(order)
        if tuple(self.state.order) != order:
            self.emit(ev.OrderSet(order=order, reason=reason))

    def move_before(self, c: Combatant, other: Combatant, reason: str = "") -> None:
        """Put ``c`` just before ``other`` for the rest of the combat, taking its count."""
        self._move_next_to(c, other, 0, reason)

    def move_after(self, c: Combatant, other: Combatant, reason: str = "") -> None:
        """Put ``c`` just after ``other`` for the rest of the combat, taking its count."""
        self._move_next_to(c, other, 1, reason)

    def _move_next_to(self, c: Combatant, other: Combatant, offset: int, reason: str) -> None:
        order = [cid for cid in self.state.order if cid != c.id]
        order.insert(order.index(other.id) + offset, c.id)
        self.set_order(order, reason)
        self.emit(ev.InitiativeSet(id=c.id, value=other.initiative, tiebreak=other.tiebreak))

    def move_to_top(self, c: Combatant, reason: str = "") -> None:
        order = [cid for cid in self.state.order if cid != c.id]
        top = self.state.get(order[0]) if order else None
        self.set_order([c.id, *order], reason)
        if top is not None and top.initiative is not None:
            value = max(top.initiative + 1, c.initiative or 0)
            self.emit(ev.InitiativeSet(id=c.id, value=value, tiebreak=c.tiebreak))

    def end_ready(self, c: Combatant, reason: str = "lapsed") -> None:
        """A readied action ends without going off: lapsed (its owner's turn came) or dropped."""
        if c.id in self.state.readied:
            self.emit(ev.ReadyEnded(id=c.id, reason=reason))

    def end_turn(self) -> None:
        """End the active combatant's turn from a ruleset verb (AGE Prepare), as `next` would."""
        self._turn_machinery().end_turn(self)

    def act_now(self, c: Combatant, reason: str = "") -> None:
        """``c`` acts now, just before the combatant who is up (resume, hero point).

        The interrupted combatant continues afterwards without its start-of-turn rules
        running twice. If ``c`` has already started a turn this round, this continues it.
        """
        active = self.state.active
        if active is None:
            self.fail(_('no one is acting: start the combat first'))
        if active != c.id:
            self.move_before(c, self.state.get(active), reason)
        self._turn_machinery().begin_turn(self, c)

    def _turn_machinery(self) -> Any:
        if self.turns is None:
            raise RuntimeError("this Context has no turn machinery: create it through Session.execute")
        return self.turns


def find_combatant(state: EncounterState, ref: str) -> Combatant:
    """By id, by name, or by an unambiguous prefix of either; accent- and case-blind.
    Exact names and ids are found through the state's index, not by folding every name."""
    if ref in state.combatants:
        return state.combatants[ref]
    key = fold_text(ref)
    if not key:
        raise RulesError(_('expected a combatant name'))
    exact = {cid for cid in (state.names.get(key), key.replace(" ", "-")) if cid in state.combatants}
    if len(exact) == 1:
        return state.combatants[exact.pop()]
    prefix = [c for c in state.combatants.values()
              if fold_text(c.name).startswith(key) or fold_text(c.id).startswith(key)]
    if len(prefix) == 1:
        return prefix[0]
    if prefix:
        raise RulesError(_('{value} is ambiguous: {names}', value=shown(ref), names=listing(c.name for c in prefix)))
    names = listing((c.name for c in state.combatants.values()), "(none yet: add some)")
    hint = did_you_mean(ref, (c.name for c in state.combatants.values()))
    raise RulesError(_('no combatant {who}{hint} combatants: {names}', who=shown(ref), hint=hint or ';', names=names))
