"""Log lines: what each event means to a GM, in English or Spanish.

A view of the log, not extra state: the TUI's log pane, `exec` output and
exports all read events through this.
"""

from __future__ import annotations

from typing import Callable

from . import events as ev
from .contract import Ruleset
from .state import EncounterState


def _name(state: EncounterState, cid: str | None, fallback: str | None = None) -> str:
    if cid and cid in state.combatants:
        return state.combatants[cid].name
    return fallback or cid or "?"


def _n(value) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def describe(event: ev.Event, state: EncounterState, ruleset: Ruleset | None = None,
             lang: str = "en", players: bool = False) -> str | None:
    """One line, or None for events that say nothing a GM needs to read."""
    es = lang == "es"
    fn = _DESCRIBE.get(type(event))
    if fn is None:
        return None
    if players:
        if isinstance(event, ev.Said) and event.gm_only:
            return None
        if isinstance(event, ev.Rolled) and event.hidden:
            return None
        if isinstance(event, ev.PoolSet) and ruleset is not None and event.pool in ruleset.gm_only_fields():
            return None
    return fn(event, state, ruleset, es)


def describe_events(events, state: EncounterState, ruleset: Ruleset | None = None, lang: str = "en",
                    players: bool = False) -> list[tuple[ev.Event, str]]:
    """The lines of one action. A pool change that the ruleset explains in a sentence about
    the same combatant ("Kyra takes 7 damage: HP 12 -> 5"), or a roll a sentence quotes, is
    not listed twice."""
    explained = {e.who for e in events if isinstance(e, ev.Said) and e.who}
    sentences = [e.en for e in events if isinstance(e, ev.Said)]
    out = []
    for event in events:
        if isinstance(event, ev.PoolSet) and event.id in explained:
            continue
        if isinstance(event, ev.Rolled) and event.text and any(event.text in s for s in sentences):
            continue  # the sentence already shows these dice
        text = describe(event, state, ruleset, lang, players=players)
        if text:
            out.append((event, text))
    return out


def _cond_name(ruleset: Ruleset | None, cond: str, es: bool) -> str:
    if ruleset is None:
        return cond
    return ruleset.catalogue.define(cond).name("es" if es else "en")


_DESCRIBE: dict[type, Callable] = {
    ev.CombatantAdded: lambda e, s, r, es: (f"Entra {e.name}" if es else f"{e.name} joins"),
    ev.CombatantRemoved: lambda e, s, r, es: (f"Sale {_name(s, e.id)}" if es else f"{_name(s, e.id)} leaves"),
    ev.Renamed: lambda e, s, r, es: (f"Ahora se llama {e.name}" if es else f"Now called {e.name}"),
    ev.InitiativeSet: lambda e, s, r, es: (
        None if e.roll else f"{_name(s, e.id)}: {'iniciativa' if es else 'initiative'} {_n(e.value)}"),
    ev.CombatStarted: lambda e, s, r, es: ("Empieza el combate" if es else "Combat begins"),
    ev.RoundStarted: lambda e, s, r, es: (f"— Asalto {e.round} —" if es else f"— Round {e.round} —"),
    ev.TurnStarted: lambda e, s, r, es: (f"Turno de {_name(s, e.id)}" if es else f"{_name(s, e.id)}'s turn"),
    ev.TurnResumed: lambda e, s, r, es: (f"Sigue el turno de {_name(s, e.id)}" if es else f"{_name(s, e.id)}'s turn continues"),
    ev.TurnRewound: lambda e, s, r, es: (f"Vuelta atrás: turno de {_name(s, e.id)}" if es else f"Back to {_name(s, e.id)}'s turn"),
    ev.CombatEnded: lambda e, s, r, es: ("Fin del combate" if es else "Combat ends"),
    ev.Delayed: lambda e, s, r, es: (
        (f"{_name(s, e.id)} retrasa su turno" if es else f"{_name(s, e.id)} delays")
        + (f" ({'hasta' if es else 'until'} {_n(e.count)})" if e.count is not None else "")),
    ev.DelayEnded: lambda e, s, r, es: None,
    ev.Readied: lambda e, s, r, es: (
        f"{_name(s, e.id)} prepara una acción: {e.trigger}" if es else f"{_name(s, e.id)} readies: {e.trigger}"),
    ev.ReadyEnded: lambda e, s, r, es: (
        None if e.reason == "triggered" else
        (f"{_name(s, e.id)}: acción preparada {'perdida' if e.reason == 'lapsed' else 'cancelada'}" if es
         else f"{_name(s, e.id)}: readied action {'lapses' if e.reason == 'lapsed' else 'dropped'}")),
    ev.PoolSet: lambda e, s, r, es: (
        None if e.delta == 0 else f"{_name(s, e.id)}: {e.pool} {e.delta:+d} → {e.value}"
        + (f" [{e.rule}]" if e.rule else "")),
    ev.LifeSet: lambda e, s, r, es: (f"{_name(s, e.id)}: {e.life}" + (f" [{e.rule}]" if e.rule else "")),
    ev.ConditionAdded: lambda e, s, r, es: (
        f"{_name(s, e.id)}: + {_cond_name(r, e.cond, es)}" + (f" {e.value}" if e.value is not None else "")
        + (f" ({e.rounds} {_rounds_word(e.rounds, es)})" if e.rounds else "")),
    ev.ConditionRemoved: lambda e, s, r, es: (
        f"{_name(s, e.id)}: − {_cond_name(r, e.cond, es) if e.cond else ('estado' if es else 'condition')}"
        + (f" ({'termina' if es else 'expired'})" if e.reason == "expired" else "")),
    ev.TimePassed: lambda e, s, r, es: (f"Pasan {_duration(e.seconds)}" if es else f"{_duration(e.seconds)} pass"),
    ev.Rolled: lambda e, s, r, es: (
        f"{'tirada' if es else 'roll'} · {e.purpose or e.expr}: {e.text or e.total}" + (" (GM)" if e.hidden else "")),
    ev.Note: lambda e, s, r, es: f"{'nota' if es else 'note'} · {e.text}",
    ev.Said: lambda e, s, r, es: ((e.es if es and e.es else e.en) + (f" [{e.rule}]" if e.rule else "")),
    ev.OptionSet: lambda e, s, r, es: (f"Opción {e.key} = {e.value}" if es else f"Option {e.key} = {e.value}"),
    ev.SideSet: lambda e, s, r, es: f"{_name(s, e.id)}: {e.side}",
}


def _rounds_word(n: int, es: bool) -> str:
    if es:
        return "asalto" if n == 1 else "asaltos"
    return "round" if n == 1 else "rounds"


def _duration(seconds: int) -> str:
    if seconds % 3600 == 0:
        return f"{seconds // 3600} h"
    if seconds % 60 == 0:
        return f"{seconds // 60} min"
    return f"{seconds} s"
