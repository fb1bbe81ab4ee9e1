"""What a save edited by hand must hold before its events are folded.

``events.event_from_dict`` checks each field's type; this module checks what needs the
ruleset or the state being rebuilt: stats against the stat block (``con = "high"``), options
against their choices, the engine's own encounter marks, and that every event names a
combatant who is there at that moment. A save that passes replays into a state that every
view (``show``, ``log``, the TUI) can read.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..core import events as ev
from ..core.contract import Ruleset, StatField, listing
from ..core.state import EncounterState
from ..core.marks import AWARE, MOVED_PAST, OWED_TURNS, SURPRISE_ROUND

#: encounter marks the engine itself reads, checked against their declared types
_ENGINE_MARKS = {mark.key: mark for mark in (AWARE, OWED_TURNS, MOVED_PAST, SURPRISE_ROUND)}

_KIND_TYPES = {
    "int": int, "pool": int, "counter": int, "bool": bool, "str": str, "dice": str, "choice": str,
    "list": tuple[str, ...], "attacks": tuple[str, ...],
}
_KIND_CHECKS = {kind: ev.checker_for(tp) for kind, tp in _KIND_TYPES.items()}  # made once: a long log asks 100,000 times


def event_problem(state: EncounterState, ruleset: Ruleset, event: ev.Event) -> str | None:
    """Why ``event`` cannot be folded into ``state``, or None."""
    cid = getattr(event, "id", None)
    if isinstance(event, ev.CombatantAdded):
        if cid in state.combatants:
            return f"adds {ev.shown(cid)} a second time"
    elif cid is not None and cid not in state.combatants:
        return f"names combatant {ev.shown(cid)}, who is not there"
    if isinstance(event, (ev.CombatantAdded, ev.StatsSet)):
        for key, value in event.stats.items():
            f = ruleset.sheet.fields.get(key)
            problem = stat_problem(f, value) if f is not None else None
            if problem:
                return f"stat {key}: {problem}"
    if isinstance(event, ev.OrderSet):
        missing = [c for c in event.order if c not in state.combatants]
        if missing:
            return f"names combatant {ev.shown(missing[0])}, who is not there"
        if len(set(event.order)) != len(event.order):
            return "lists a combatant twice"
    if isinstance(event, ev.OptionSet):
        return option_problem(ruleset, event.key, event.value)
    if isinstance(event, ev.EncounterMarkSet) and event.key in _ENGINE_MARKS:
        return _ENGINE_MARKS[event.key].problem(event.value)
    return None


def stat_problem(f: StatField, value: Any) -> str | None:
    """A stat value against its field's kind; None is always allowed (the key is unset)."""
    if value is None or f.kind not in _KIND_TYPES:
        return None
    problem = _KIND_CHECKS[f.kind](value, 0)
    if problem:
        return problem
    if f.kind == "choice" and f.choices and value not in f.choices:
        return f"expected one of {listing(f.choices)}, not {ev.shown(value)}"
    return None


def option_problem(ruleset: Ruleset, key: str, value: Any) -> str | None:
    for opt in ruleset.every_option():
        if opt.key == key and opt.choices and value not in opt.choices:
            return f"option {key}: expected one of {listing(opt.choices)}, not {ev.shown(value)}"
    return None


def options_problem(ruleset: Ruleset, options: Mapping[str, Any]) -> str | None:
    """The save's [options] table."""
    for key, value in options.items():
        problem = option_problem(ruleset, key, value) or ev.plain_problem(value, 0)
        if problem:
            return problem
    return None
