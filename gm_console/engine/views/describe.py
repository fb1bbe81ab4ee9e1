"""Log lines: what each event means to a GM, in the GM's language.

A view of the log, not extra state: the TUI's log pane, `exec` output and
exports all read events through this. Every line is a message of the core
catalogue (``gm_console.i18n``), so Spanish (or a third language) is a
catalogue, and every name in it comes from the state: a combatant removed
since keeps its name (``EncounterState.retired``), pools and figures use the
ruleset's short names (``Sheet.label``: PG where the sheet says PG), life
states and sides their words (``engine.core.words``).
"""

from __future__ import annotations

import re
from typing import Any, Callable

from gm_console.i18n import Msg, Named, _, _n, render

from ..core import events as ev
from ..core import told
from ..core.contract import Ruleset
from ..core.labels import short_label
from ..core.state import EncounterState
from ..core.text import whole
from ..core.words import SIDE, life as life_word


def _name(state: EncounterState, cid: str | None, fallback: str | None = None) -> str:
    if cid and cid in state.combatants:
        return state.combatants[cid].name
    if cid and cid in getattr(state, "retired", {}):
        return state.retired[cid]
    return fallback or cid or "?"


def describe(event: ev.Event, state: EncounterState, ruleset: Ruleset | None = None,
             lang: str = "en", players: bool = False, reader: "told.Reader | None" = None) -> str | None:
    """One line, or None for events that say nothing this reader needs to read. ``reader``:
    who reads, with what they may know (players_filter.py makes the players'); by default the GM,
    or players who know nothing of anyone's numbers."""
    fn = _DESCRIBE.get(type(event))
    if fn is None:
        return None
    if reader is None:
        reader = gm_reader(state, lang) if not players else told.Reader(lang=lang, players=True,
                                                                        name=_namer(state), in_full=lambda cid: False)
    if reader.players:
        if isinstance(event, ev.Said) and (event.gm_only or not event.msg):
            return None  # a sentence from before messages is the GM's: it may quote anything
        if isinstance(event, ev.Rolled) and event.hidden:
            return None
        if isinstance(event, ev.PoolSet) and ruleset is not None and event.pool in ruleset.sheet.gm_only_fields():
            return None
    said = fn(event, _View(state, ruleset, lang, reader))
    if said is None:
        return None
    return render(said, lang)


def gm_reader(state: EncounterState, lang: str) -> "told.Reader":
    """The GM, reading in ``lang``: everything, names (and genders) as they are now."""
    return told.Reader(lang=lang, name=_namer(state), gender=lambda cid: told.gender_of(state.combatants.get(cid)))


def _namer(state: EncounterState):
    return lambda cid, then: _name(state, cid, then)


def describe_events(events, state: EncounterState, ruleset: Ruleset | None = None, lang: str = "en",
                    players: bool = False, reader: "told.Reader | None" = None) -> list[tuple[ev.Event, str]]:
    """The lines of one action. A pool change that the ruleset explains in a sentence about
    the same combatant ("Kyra takes 7 damage: HP 12 -> 5"), or a roll a sentence quotes, is
    not listed twice."""
    if reader is None:
        reader = gm_reader(state, lang) if not players else None
    out = []
    lines = [(event, describe(event, state, ruleset, lang, players, reader)) for event in events]
    explained = {e.who for e, text in lines if isinstance(e, ev.Said) and e.who and text}
    sentences = [text for e, text in lines if isinstance(e, ev.Said) and text]
    for event, text in lines:
        if isinstance(event, ev.PoolSet) and event.id in explained:
            continue
        if isinstance(event, ev.Rolled) and event.text and any(event.text in s for s in sentences):
            continue  # the sentence already shows these dice
        if text:
            out.append((event, text))
    return out


class _View:
    """What a line needs besides its event: names, the ruleset's words, the language, the reader."""

    def __init__(self, state: EncounterState, ruleset: Ruleset | None, lang: str,
                 reader: "told.Reader | None" = None) -> None:
        self.state, self.ruleset, self.lang = state, ruleset, lang
        self.reader = reader if reader is not None else gm_reader(state, lang)

    def name(self, cid: str | None) -> str:
        return _name(self.state, cid)

    def cond(self, cond: str) -> Any:
        if self.ruleset is None:
            return cond
        return self.ruleset.conditions.catalogue.define(cond).term

    def label(self, key: str) -> Any:
        if self.ruleset is None:
            return short_label(key)
        try:
            return self.ruleset.sheet.label(key)
        except Exception:  # a plugin's bug must not blank the log
            return short_label(key)


def _rule(text: "Msg", rule: str) -> "Msg":
    return _("{line} [{rule}]", line=text, rule=told.cited(rule)) if told.cited(rule) else text


def _condition_added(e: ev.ConditionAdded, v: _View) -> Msg:
    cond = v.cond(e.cond)
    foe = v.reader.players and not v.reader.in_full(e.id)  # a foe's rounds and value are numbers about it
    if e.value is not None and not foe:
        cond = _("{cond} {value}", cond=cond, value=e.value)
    if e.save and e.dc is not None:  # the DC: the GM's, the players' when the table shows it
        if not v.reader.players or v.reader.save_dc:
            cond = _("{cond}, {save} DC {dc} ends it", cond=cond, save=v.label(e.save), dc=e.dc)
        else:
            cond = _("{cond}, a {save} save ends it", cond=cond, save=v.label(e.save))
    if foe:
        return _("{name}: + {cond}", name=v.name(e.id), cond=cond)
    if e.rounds:
        return _n("{name}: + {cond} ({n} round)", "{name}: + {cond} ({n} rounds)", e.rounds,
                  name=v.name(e.id), cond=cond)
    return _("{name}: + {cond}", name=v.name(e.id), cond=cond)


def _condition_removed(e: ev.ConditionRemoved, v: _View) -> Msg:
    cond = v.cond(e.cond) if e.cond else _("condition")
    if e.reason == "expired":
        return _("{name}: − {cond} (expired)", name=v.name(e.id), cond=cond)
    if e.reason == "saved":
        return None  # the sentence says who shook it off and how
    if e.reason == "replaced":
        return _("{name}: − {cond} (recast: the new one replaces it)", name=v.name(e.id), cond=cond)
    return _("{name}: − {cond}", name=v.name(e.id), cond=cond)


def _delayed(e: ev.Delayed, v: _View) -> Msg:
    if e.count is not None:
        return _("{name} delays (until {count})", name=v.name(e.id), count=whole(e.count))
    return _("{name} delays", name=v.name(e.id))


def _ready_ended(e: ev.ReadyEnded, v: _View) -> Msg | None:
    if e.reason == "triggered":
        return None
    if e.reason == "lapsed":
        return _("{name}: readied action lapses", name=v.name(e.id))
    return _("{name}: readied action dropped", name=v.name(e.id))


def _pool(e: ev.PoolSet, v: _View) -> Msg | None:
    """Old → new, as every other line: "Kyra: HP 30 → 24"; a maximum that moved shows both
    ("Kyra: HP 24/38 → 24/40")."""
    old = e.value - e.delta
    if e.was_max is not None and e.max is not None:
        line = _("{name}: {pool} {old}/{was_max} → {value}/{max}", name=v.name(e.id), pool=v.label(e.pool),
                 old=old, was_max=e.was_max, value=e.value, max=e.max)
    elif e.delta:
        line = _("{name}: {pool} {old} → {value}", name=v.name(e.id), pool=v.label(e.pool), old=old, value=e.value)
    else:
        return None
    return _rule(line, e.rule)


def _life(e: ev.LifeSet, v: _View) -> Msg:
    c = v.state.combatants.get(e.id)
    who = Named(v.name(e.id), told.gender_of(c))
    return _rule(_("{name}: {life}", name=v.name(e.id), life=life_word(e.life, who)), e.rule)


def roll_purpose(e: ev.Rolled, lang: str, reader: "told.Reader | None" = None) -> str | None:
    """What a roll was for, in the reader's language (the expression when nobody said); None
    when the reader may not know (a players' reader and a purpose that names a secret)."""
    if e.why:
        return told.render(e.why, reader if reader is not None else told.Reader(lang=lang))
    if not e.purpose:
        return e.expr
    if lang == "es" and e.purpose_es:
        return e.purpose_es
    return e.purpose if lang == "en" else render(purpose(e.purpose), lang)


def _rolled(e: ev.Rolled, v: _View) -> Msg | None:
    what = roll_purpose(e, v.lang, v.reader)
    if what is None:
        return None
    result = e.text or str(e.total)
    if e.hidden:
        return _("roll · {what}: {result} (GM)", what=what, result=result)
    return _("roll · {what}: {result}", what=what, result=result)


def _said(e: ev.Said, v: _View) -> str | None:
    if not e.msg:  # before messages: the sentence as written, the GM's alone
        text = e.es if v.lang == "es" and e.es else e.en
        return f"{text} [{e.rule}]" if e.rule else text
    line = told.render(e.msg, v.reader)
    if line is None:
        return None
    return told.joined_line(line, told.render(e.detail, v.reader), e.rule, v.reader)


#: saves written before a roll's purpose carried its Spanish (``purpose_es``) hold the
#: engine's own purposes in English only: these are said in the GM's language still
_PURPOSES: tuple[tuple[re.Pattern, Callable[..., Msg]], ...] = (
    (re.compile(r"^initiative of (?P<name>.+)$"), lambda name: _("initiative of {name}", name=name)),
    (re.compile(r"^initiative roll-off of (?P<name>.+)$"), lambda name: _("initiative roll-off of {name}", name=name)),
    (re.compile(r"^damage to (?P<name>.+)$"), lambda name: _("damage to {name}", name=name)),
    (re.compile(r"^healing of (?P<name>.+)$"), lambda name: _("healing of {name}", name=name)),
    (re.compile(r"^roll-off: (?P<name>.+)$"), lambda name: _("roll-off: {name}", name=name)),
)


def purpose(text: str) -> "Msg | str":
    """A roll's purpose as the engine wrote it, in the GM's language when it is one of the
    engine's own ("initiative of Kyra"); a ruleset's own purposes stay as written."""
    for pattern, message in _PURPOSES:
        m = pattern.match(text)
        if m:
            return message(**m.groupdict())
    return text


def _duration(seconds: int) -> Msg:
    if seconds % 3600 == 0:
        return _("{n} h", n=seconds // 3600)
    if seconds % 60 == 0:
        return _("{n} min", n=seconds // 60)
    return _("{n} s", n=seconds)


_DESCRIBE: dict[type, Callable[[Any, _View], "Msg | str | None"]] = {
    ev.CombatantAdded: lambda e, v: _("{name} joins", name=e.name),
    ev.CombatantRemoved: lambda e, v: _("{name} leaves", name=v.name(e.id)),
    ev.Renamed: lambda e, v: (_("{was} is now {name}", was=e.was, name=e.name) if e.was
                              else _("Now called {name}", name=e.name)),
    ev.InitiativeSet: lambda e, v: (None if e.roll else
                                    _("{name}: initiative {value}", name=v.name(e.id), value=whole(e.value))),
    ev.CombatStarted: lambda e, v: _("Combat begins"),
    ev.RoundStarted: lambda e, v: _("— Round {n} —", n=e.round),
    ev.TurnStarted: lambda e, v: _("{name}'s turn", name=v.name(e.id)),
    ev.TurnResumed: lambda e, v: _("{name}'s turn continues", name=v.name(e.id)),
    ev.TurnRewound: lambda e, v: _("Back to {name}'s turn", name=v.name(e.id)),
    ev.CombatEnded: lambda e, v: _("Combat ends"),
    ev.Delayed: _delayed,
    ev.DelayEnded: lambda e, v: None,
    ev.Readied: lambda e, v: _("{name} readies: {trigger}", name=v.name(e.id), trigger=e.trigger),
    ev.ReadyEnded: _ready_ended,
    ev.PoolSet: _pool,
    ev.LifeSet: _life,
    ev.ConditionAdded: _condition_added,
    ev.ConditionRemoved: _condition_removed,
    ev.TimePassed: lambda e, v: _("{duration} pass", duration=_duration(e.seconds)),
    ev.Rolled: _rolled,
    ev.Note: lambda e, v: _("note · {text}", text=e.text),
    ev.Said: _said,
    ev.OptionSet: lambda e, v: _("Option {key} = {value}", key=e.key, value=e.value),
    ev.SideSet: lambda e, v: _("{name}: {side}", name=v.name(e.id), side=SIDE.get(e.side, e.side)),
}
