"""After the fight: what each combatant dealt, took and healed, who fell, the biggest hit,
the conditions that outlast the fight and the experience for the defeated foes.

Read from the log, like every view (docs/players.md §3): damage is the health a combatant
lost in one action (stamina and hit points together), credited to the actor: the one the
command names (``attack A B``), the readied combatant just triggered, else whoever's turn it
was (a combatant's own bleeding is nobody's); healing is the health it gained. For the
players (``players=True``) the hidden combatants are left out, as everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import events as ev
from . import experience
from .contract import Ruleset
from .players import DAMAGE_OPTION, Walk, health_word, in_full, visible_conditions


@dataclass
class Tally:
    id: str
    name: str
    side: str
    dealt: int = 0
    taken: int = 0
    healed: int = 0
    fell: int | None = None  # the round it went down
    #: some of its hits are not the players' to know (damage to a foe, while the table keeps it):
    #: then its ``dealt`` is not told at all, since Kyra's "dealt 0" after 8 to a goblin is untrue
    dealt_untold: bool = False
    taken_untold: bool = False  # a foe's, the same way: what it took and healed is the GM's


@dataclass(frozen=True)
class Hit:
    amount: int
    by: str | None
    target: str
    round: int


@dataclass(frozen=True)
class Award:
    id: str
    name: str
    cr: str
    xp: int


@dataclass(frozen=True)
class Lasting:
    id: str
    name: str
    cond: str
    rounds: int | None
    value: int | None


@dataclass
class Summary:
    """One stretch of the log (a fight, or the rounds of a post), tallied."""

    rounds: int = 0
    ended: bool = False
    tallies: dict[str, Tally] = field(default_factory=dict)
    biggest: Hit | None = None
    lasting: list[Lasting] = field(default_factory=list)
    awards: list[Award] = field(default_factory=list)
    pcs: int = 0

    @property
    def fallen(self) -> list[Tally]:
        return sorted((t for t in self.tallies.values() if t.fell is not None), key=lambda t: t.fell)

    @property
    def xp_total(self) -> int:
        return sum(a.xp for a in self.awards)

    @property
    def xp_each(self) -> int | None:
        return self.xp_total // self.pcs if self.awards and self.pcs else None


def last_fight(entries) -> tuple[int, int, bool] | None:
    """(first, last + 1, ended) of the most recent combat in the log; None before any."""
    start = None
    for i, entry in enumerate(entries):
        if any(isinstance(e, ev.CombatStarted) for e in entry.events):
            start = i
    if start is None:
        return None
    for j in range(start, len(entries)):
        if any(isinstance(e, ev.CombatEnded) for e in entries[j].events):
            return start, j + 1, True
    return start, len(entries), False


def tally(entries, ruleset: Ruleset, options: dict | None = None, start: int = 0, stop: int | None = None,
          players: bool = False) -> Summary:
    """Tally the actions ``entries[start:stop]`` (the state before them is rebuilt first)."""
    stop = len(entries) if stop is None else stop
    walk = Walk(ruleset, options)
    health = set(ruleset.sheet.health_pools())
    exact = bool((options or {}).get(DAMAGE_OPTION))
    out = Summary()
    down: dict[str, bool] = {}
    for i, entry in enumerate(entries[:stop]):
        stepped = walk.step(entry.events)
        if i < start:
            continue
        out.rounds = max(out.rounds, entry.round)
        touched = {e.id for e in entry.events if isinstance(getattr(e, "id", None), str)}
        for cid in (walk.state.combatants if i == start else touched):  # everyone, then those added
            c = walk.state.combatants.get(cid)
            if c is not None and cid not in out.tallies:
                out.tallies[cid] = Tally(cid, c.name, c.side)
                down[cid] = health_word(ruleset, c) == "down"
        moved: dict[str, tuple[int, str | None]] = {}
        for event, turn in stepped:
            if isinstance(event, ev.PoolSet) and event.pool in health and event.delta:
                total, by = moved.get(event.id, (0, event.by or turn))  # the actor, else whose turn it was
                moved[event.id] = (total + event.delta, by)
            if isinstance(event, ev.CombatEnded):
                out.ended = True
                out.lasting = _lasting(walk, ruleset, players)
        for cid, (delta, by) in moved.items():
            t = out.tallies.get(cid)
            if t is None or (players and not _told_to_players(walk, cid, exact)):
                if t is not None:
                    t.taken_untold = True
                    if delta < 0 and by and by != cid and by in out.tallies:
                        out.tallies[by].dealt_untold = True
                continue  # a hidden one's, or a foe's when the table keeps those numbers from the players
            if delta > 0:
                t.healed += delta
                continue
            t.taken -= delta
            if by and by != cid and by in out.tallies:
                out.tallies[by].dealt -= delta
            if out.biggest is None or -delta > out.biggest.amount:
                out.biggest = Hit(-delta, by if by != cid else None, cid, entry.round)
        for cid in touched:  # a combatant's name and health change only by events about it
            t = out.tallies.get(cid)
            if t is None:
                continue
            c = walk.combatant(cid)
            t.name = c.name if c is not None else t.name
            now = c is not None and health_word(ruleset, c) == "down"
            if now and not down.get(cid) and t.fell is None:
                t.fell = entry.round
            down[cid] = now
    if players:
        hidden = {cid for cid in out.tallies if (c := walk.combatant(cid)) is not None and c.hidden}
        for cid in hidden:
            del out.tallies[cid]
        if out.biggest is not None and (out.biggest.target in hidden or out.biggest.by in hidden):
            out.biggest = Hit(out.biggest.amount, None, out.biggest.target, out.biggest.round) \
                if out.biggest.target not in hidden else None
    if not out.ended:
        out.lasting = _lasting(walk, ruleset, players)
    out.pcs = sum(1 for t in out.tallies.values() if t.side == "pc")
    for t in out.tallies.values():
        c = walk.combatant(t.id)
        if c is None or t.side != "foe" or t.fell is None:
            continue
        xp = ruleset.sheet.xp(c)
        if xp is None:
            xp = experience.xp_by_cr(ruleset.id, c)
        if xp is not None:
            out.awards.append(Award(t.id, t.name, experience.cr_text(experience.challenge(c, ruleset.id)), xp))
    return out


def _told_to_players(walk: Walk, cid: str, exact: bool) -> bool:
    """Whether the players' summary counts what happened to ``cid``: not while it is hidden;
    a foe's only when the table lets the players read the damage dealt to foes (its total
    taken is its maximum HP, a PC's total dealt to it tells the same)."""
    c = walk.combatant(cid)
    return c is not None and not c.hidden and (exact or in_full(c))


def _lasting(walk: Walk, ruleset: Ruleset, players: bool) -> list[Lasting]:
    out = []
    for c in walk.state.combatants.values():
        if players and c.hidden:
            continue
        conds = visible_conditions(ruleset, c) if players else c.conditions
        out += [Lasting(c.id, c.name, inst.cond, inst.rounds, inst.value) for inst in conds]
    return out


def fight_summary(entries, ruleset: Ruleset, options: dict | None = None, players: bool = False) -> Summary | None:
    """The most recent fight (running or ended); None before the first `start`."""
    span = last_fight(entries)
    if span is None:
        return None
    start, stop, _ended = span
    return tally(entries, ruleset, options, start, stop, players)


def summary_dict(summary: Summary | None) -> dict[str, Any] | None:
    """`show --json`'s "summary": the numbers, by id, for scripts."""
    if summary is None:
        return None
    return {
        "ended": summary.ended,
        "rounds": summary.rounds,
        "combatants": [{"id": t.id, "name": t.name, "side": t.side,
                        "dealt": None if t.dealt_untold else t.dealt,
                        "taken": None if t.taken_untold else t.taken,
                        "healed": None if t.taken_untold else t.healed, "fell": t.fell} for t in summary.tallies.values()],
        "fallen": [t.id for t in summary.fallen],
        "biggest_hit": None if summary.biggest is None else {
            "amount": summary.biggest.amount, "by": summary.biggest.by, "target": summary.biggest.target,
            "round": summary.biggest.round},
        "lasting": [{"id": x.id, "condition": x.cond, "rounds": x.rounds, **({"value": x.value} if x.value is not None else {})}
                    for x in summary.lasting],
        "xp": None if not summary.awards else {
            "foes": [{"id": a.id, "cr": a.cr, "xp": a.xp} for a in summary.awards],
            "total": summary.xp_total, "pcs": summary.pcs, "each": summary.xp_each},
    }
