"""Marks: the private data the engine or a game keeps on a combatant or on the encounter,
reached through typed keys declared once.

A mark is bookkeeping no stat block holds: a dying countdown, the rounds a fire has burned,
who was aware when a fight began. It is kept in ``Combatant.marks`` (``Mark``) or
``EncounterState.marks`` (``EncounterMark``) under its key, changed only through the Context
(``ctx.set_mark(c, DYING, 3)``, ``ctx.set_encounter_mark(AWARE, ids)``), which records a
``MarkSet``/``EncounterMarkSet`` event holding the key as text: saves hold the text, never the
declaration, so a save reads the same whatever module declares its marks.

Each mark is declared once, with the type of what it holds and a line saying what it records
and why; the engine's are below, a game's in its own ``marks.py``::

    DYING = Mark("dying", int, "rounds left before a dying character dies (mygame.md#dying)",
                 owner="mygame")

    DYING.of(c)            # the value, or None when unset
    DYING.of(c, 0)         # the value, or 0
    ctx.set_mark(c, DYING, 2)     # None clears it

A typo in a key is then a NameError at import, a value of the wrong type a TypeError where it
is set, and a text key handed to ``set_mark`` a TypeError naming the key. The declarations
are registered: a key declared twice by the same owner (the engine, or one game) is refused,
and so is a game's key that is also the engine's with another type (two games may use the
same key: one game runs an encounter).
"""

from __future__ import annotations

import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Callable, Generic, Protocol, TypeVar, overload

from .events import checker_for, shown

T = TypeVar("T")
D = TypeVar("D")

#: the owner of the engine's own marks; a game's marks are owned by its ruleset id
ENGINE = "engine"


class _Holder(Protocol):
    """A combatant or the encounter state: what keeps marks."""

    marks: dict[str, Any]


#: every mark declared: (scope, owner, key) -> its declaration
_DECLARED: dict[tuple[str, str, str], "_Key[Any]"] = {}
_BY_KEY: dict[tuple[str, str], list["_Key[Any]"]] = {}  # (scope, key) -> its declarations, every owner


@dataclass(frozen=True, eq=False)
class _Key(Generic[T]):
    #: the text the save holds (``MarkSet.key``)
    key: str
    #: the type of the value: ``int``, ``str``, ``bool``, ``tuple[str, ...]``, ``Mapping[str, Any]``,
    #: a union of them, or ``Any`` (plain data); a list given for a tuple is kept as a tuple
    kind: Any
    #: what it records and why, one line
    doc: str
    #: who declared it: ``ENGINE`` or the game's ruleset id
    owner: str = field(kw_only=True)
    _check: Callable[[Any, int], "str | None"] = field(init=False, repr=False, compare=False)

    scope = ""  # "combatant" or "encounter"
    #: a key is not a dict key: ``c.marks.get(KEY)`` fails loudly instead of finding nothing (``KEY.of(c)``)
    __hash__ = None  # type: ignore[assignment]

    def __post_init__(self) -> None:
        if not isinstance(self.key, str) or not self.key:
            raise ValueError(f"a mark's key is a non-empty text, not {self.key!r}")
        if not self.doc.strip():
            raise ValueError(f"mark {self.key!r} of {self.owner}: say in its doc what it records and why")
        kind = Mapping[str, Any] if self.kind is dict else self.kind
        # None clears a mark: "expected a list or null" says so; refuses a type it cannot check
        object.__setattr__(self, "_check", checker_for(typing.Optional[kind]))
        _register(self)

    @overload
    def of(self, holder: _Holder) -> T | None: ...
    @overload
    def of(self, holder: _Holder, default: D) -> T | D: ...

    def of(self, holder: _Holder, default: Any = None) -> Any:
        """The value kept on ``holder`` (the combatant, or the encounter's state), or ``default``."""
        return holder.marks.get(self.key, default)

    def problem(self, value: Any) -> str | None:
        """What is wrong with ``value`` for this mark, or None (None always clears it)."""
        return None if value is None else self._check(value, 0)

    def checked(self, value: Any) -> None:
        problem = self.problem(value)
        if problem:
            raise TypeError(f"mark {self.key!r} ({self.owner}) holds {_kind_name(self.kind)}: {problem}")


def _kind_name(kind: Any) -> str:
    if typing.get_args(kind):
        return str(kind).replace("typing.", "").replace("collections.abc.", "")
    return getattr(kind, "__name__", str(kind))


@dataclass(frozen=True, eq=False)
class Mark(_Key[T]):
    """A typed key of a combatant's mark (``c.marks``): ``KEY.of(c)``, ``ctx.set_mark(c, KEY, value)``."""

    scope = "combatant"


@dataclass(frozen=True, eq=False)
class EncounterMark(_Key[T]):
    """A typed key of the encounter's mark (``state.marks``): ``KEY.of(state)``,
    ``ctx.set_encounter_mark(KEY, value)``."""

    scope = "encounter"


def _register(mark: _Key[Any]) -> None:
    here = (mark.scope, mark.owner, mark.key)
    if here in _DECLARED:
        first = _DECLARED[here]
        raise ValueError(f"{mark.scope} mark {mark.key!r} of {mark.owner} is declared twice "
                         f"(first: {first.doc!r}): declare it once, in one marks module, and import it")
    same_key = _BY_KEY.setdefault((mark.scope, mark.key), [])
    for other in same_key:
        if ENGINE in (other.owner, mark.owner) and other.kind != mark.kind:
            engine, game = (other, mark) if other.owner == ENGINE else (mark, other)
            raise TypeError(f"{mark.scope} mark {mark.key!r} of {game.owner} holds {_kind_name(game.kind)}, "
                            f"but the engine's mark of that key holds {_kind_name(engine.kind)}: "
                            f"use the engine's (gm_console.ruleset.engine_marks) or another key")
    _DECLARED[here] = mark
    same_key.append(mark)


def declared(owner: str | None = None) -> tuple[_Key[Any], ...]:
    """The marks declared so far (by ``owner``, or all), in the order they were declared."""
    return tuple(m for m in _DECLARED.values() if owner is None or m.owner == owner)


def key_of(mark: Any, scope: type[_Key[Any]], value: Any) -> str:
    """The text key ``set_mark``/``set_encounter_mark`` records for ``mark``, after checking that
    ``mark`` is a declared key of the right scope and ``value`` fits it."""
    if not isinstance(mark, scope):
        setter = "set_mark" if scope is Mark else "set_encounter_mark"
        a = "an" if scope is EncounterMark else "a"
        if isinstance(mark, str):
            raise TypeError(f"{setter} takes {a} {scope.__name__}, not the text {mark!r}: declare it once "
                            f"({scope.__name__}({mark!r}, TYPE, DOC, owner=GAME) in your game's marks.py) "
                            f"and pass that")
        hint = ""
        if isinstance(mark, _Key):  # the other scope's key
            other, its = ("set_encounter_mark", "an") if scope is Mark else ("set_mark", "a")
            hint = f": {shown(mark.key)} is {its} {type(mark).__name__}, set with {other}"
        raise TypeError(f"{setter} takes {a} {scope.__name__}, not {type(mark).__name__}{hint}")
    mark.checked(value)
    return mark.key


# --- the engine's own marks ------------------------------------------------------------------------

#: what a combatant added from a bestiary remembers of the entry (id, CR, hit dice, source)
BESTIARY = Mark("bestiary", Mapping[str, Any], "the bestiary entry a combatant was added from (its id, CR, "
                "hit dice, source): XP and `bestiary save` read it", owner=ENGINE)
GROUP = Mark("group", str, "the group a combatant acts with (one initiative for a pack: `group`)", owner=ENGINE)
SAVES_OWED = Mark("saves_owed", tuple[int, ...], "the effects (their uids) whose save to end them is "
                  "offered to the GM rather than rolled (option save_rolls = offer)", owner=ENGINE)
ATTACK_OFFERS = Mark("attack_offers", tuple[tuple[Any, ...], ...],
                     "what a hit offers the GM (a grab, a poison, a critical's condition): each [verb, kind, "
                     "command, attacker id, target id, weapon, detail, who must be named], until done or the "
                     "next turn (docs/sheets.md#riders-offered)", owner=ENGINE)
AFFLICTIONS = Mark("afflictions", Mapping[str, Mapping[str, Any]],
                   "a combatant's poisons and diseases on their clock, by condition uid: the save, the wait "
                   "to the next, the saves made (engine/rules/afflictions.py)", owner=ENGINE)

AWARE = EncounterMark("aware", tuple[str, ...], "the combatants aware at the start (`surprise NAME...`), by "
                      "id; unset after the surprise round", owner=ENGINE)
SURPRISE_ROUND = EncounterMark("surprise-round", bool, "the surprise round (round 0) is being played",
                               owner=ENGINE)
OWED_TURNS = EncounterMark("owed-turns", tuple[str, ...], "combatants moved above the turn marker by a "
                           "correction before they acted this round: their turn still comes", owner=ENGINE)
JOINED = EncounterMark("joined-this-round", tuple[str, ...], "combatants added during the current round of a "
                       "combat: they act from the next round unless the game says otherwise", owner=ENGINE)
MOVED_PAST = EncounterMark("moved-past", tuple[str, ...], "who lowered its count during its turn, and the "
                           "combatants it moved below that had not acted: they are not skipped", owner=ENGINE)
READIED_ACTS = EncounterMark("readied-acts", str, "the combatant whose readied action just went off "
                             "(`trigger`): the next damage a command deals is its own, unless the command "
                             "names its actor", owner=ENGINE)
#: how many checks the state keeps (show --json "checks")
CHECKS_KEPT = 10
CHECK_MARK = "check:"
#: the last checks, one mark each ("check:0" ... "check:9"), so a check costs one small event
CHECKS = tuple(EncounterMark(f"{CHECK_MARK}{n}", Mapping[str, Any], "one of the last checks rolled, kept for "
                             "scripts (show --json \"checks\"): who, what, the dice, the total, against what",
                             owner=ENGINE)
               for n in range(CHECKS_KEPT))
