"""Pathfinder's own message catalogue (rulesets/pathfinder1e/locale): every sentence in English
here, its Spanish in locale/es."""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

from gm_console.ruleset import N_, Domain, Row, Term, joined as glued, life


_ = Domain("gm_console_pathfinder1e", Path(__file__).resolve().parent / "locale")
C_ = _.context  # the same English another language tells apart (msgctxt)
_n = _.plural
T_ = _.term  # a name that is data: T_("ctx", "English", "Spanish"); the tool puts it in the catalogue


def joined(items: Iterable) -> Term:
    """Names (terms, messages or plain words) as one comma-separated name, each in the reader's
    language."""
    return glued(dict.fromkeys(items), ", ")


def in_a_row(items: Iterable) -> Row:
    """Messages side by side, comma-separated, each keeping its typed arguments for the log (a
    ``joined`` Term is a fixed text that anyone may read, whatever names or numbers it holds).
    One flat argument however many there are: a tie of twelve saves like a tie of two."""
    return Row(tuple(items))


def flag_names(rules, ids: Iterable[str]) -> Term:
    """What sets a flag, as the log has always named it in English (condition ids, life states:
    "staggered, dying") and by its Spanish name in Spanish ("grogui, moribundo")."""
    names = []
    for cid in dict.fromkeys(ids):
        d = rules.conditions.catalogue.get(cid)
        names.append(d.label_term if d is not None else life(cid))
    return glued(names, ", ")


#: lines as saves written before they spoke of a combatant as a person would ("its", "it" of
#: anyone, a player character too: docs/sheets.md#the-log-and-the-players): the log keeps a
#: message's id, so the catalogue keeps these for an older save to read, in Spanish too
FORMER_IDS = (
    N_("{name} is exposed to {what} and fails its save"),
    N_("{name} fails its save against {what}"),
    N_("{name} used an immediate action since its last turn: no swift action this turn"),
    N_("{name} has taken its single move action ({limit}); left: {left}"),
    N_("{name} keeps its readied action, which holds this turn's standard action (to act normally: unready {ref}); "
       "left: {left}"),
    N_("{name} has already acted this turn ({done}): a full-round action needs its standard and move; left: {left}"),
    N_("{name} has taken its one move or standard action ({limit}); left: {left}"),
    N_("{name}: {kind} action ({what}); left: {left}; after its 5-ft step it moves no other distance (draw, stand "
       "up...)"),
    N_("{name}: {kind} action; left: {left}; after its 5-ft step it moves no other distance (draw, stand up...)"),
    N_("{name} takes an immediate action: its next turn has no swift action"),
    N_("{target} is pinned; {name} stays grappled and, holding the pin, loses its Dex bonus to AC"),
    N_("{name} keeps the grapple and moves {target} with it (up to half its speed)"),
    N_("{name} keeps the grapple and deals its damage to {target}"),
    N_("{name}'s nonlethal damage {nl} equals its maximum HP {top}: {lethal} more nonlethal is lethal"),
    N_("saves its pet, companion or mount from death"),
    N_("{name} cannot die while its regeneration works: unconscious"),
    N_("{name} is back on its feet"),
    N_("{name} bleeds {b} a round and fails its Con check each round (continuous damage), {k} rounds ({secs} s)"),
    N_("{name} fails its Con check each round (continuous damage), {k} rounds ({secs} s)"),
    N_("{name} heals naturally after {what} ({per} = {gain} HP, up to its maximum): HP {old} -> {new}, nonlethal "
       "{nl_old} -> {nl}"),
    N_("{name} heals naturally after {what} ({per} = {gain} HP, up to its maximum): HP {old} -> {new}"),
    N_("+2 on its next attack against {foe}"),
    N_("+2 on its next attack"),
    N_("{name} charges: +2 on the attack, -2 AC until the start of its next turn; no 5-foot step; limited to a "
       "standard action: moves at most its speed"),
    N_("{name} charges: +2 on the attack, -2 AC until the start of its next turn; no 5-foot step"),
    N_("{name} takes total defense: +4 dodge AC until the start of its next turn"),
    N_("it cannot move ({why})"),
    N_("it moved this turn"),
    N_("{name} reverses the grapple: it now holds {holder} (both stay grappled)"),
    N_("{name}'s {item} is destroyed: it no longer attacks with it"),
    N_("{name}'s regeneration is stopped by {what}: next round it heals nothing and can die"),
    N_("{name}'s regeneration is stopped by {what}: it heals nothing and can die until time passes"),
    N_("{name} is tended (long-term care): it heals naturally from now on"),
)
FORMER_PLURALS = (
    _n("{name} has {n} negative level (set hd= to check death at its HD)",
       "{name} has {n} negative levels (set hd= to check death at its HD)", 1),
)
