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

from ..core import events as ev
from ..rules import experience
from ..core.contract import Ruleset
from .players_filter import DAMAGE_OPTION, Walk, health_word, in_full, visible_conditions

#: the table's option: the players read how long turns took (off: the clock is the GM's)
TIMES_OPTION = "players_turn_times"


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
    downs: int = 0  # how many times it went down (knocked out, dying, dead)
    felled: int = 0  # foes it brought down (the damage that dropped them was its)
    spent: dict[str, int] = field(default_factory=dict)  # the game's record pools (hero points...) spent
    turn_times: list[float] = field(default_factory=list)  # seconds of each of its timed turns

    @property
    def average_turn(self) -> float | None:
        return sum(self.turn_times) / len(self.turn_times) if self.turn_times else None

    @property
    def longest_turn(self) -> float | None:
        return max(self.turn_times) if self.turn_times else None


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
    #: the wall clock at the first and last turn clock of the fight (None: not timed, or the
    #: times are not the reader's: the players read them only when the table's option says so)
    clock_from: float | None = None
    clock_to: float | None = None
    #: seconds the turn clock stood paused (``clock pause`` .. ``clock resume``): not the fight's
    paused: float = 0.0
    #: the damage taken in each round (as the reader may know it): the summary's chart
    by_round: dict[int, int] = field(default_factory=dict)

    @property
    def total_time(self) -> float | None:
        """Seconds from the first turn's start to the last turn's end (None: not timed)."""
        if self.clock_from is None or self.clock_to is None:
            return None
        return self.clock_to - self.clock_from - self.paused

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


def fights(entries) -> list[tuple[int, int, bool]]:
    """(first, last + 1, ended) of every combat in the log, oldest first (a campaign's record
    counts them all; the summary shows the last)."""
    out: list[tuple[int, int, bool]] = []
    start = None
    for i, entry in enumerate(entries):
        for e in entry.events:
            if isinstance(e, ev.CombatStarted):
                if start is not None:  # started again without an end: the first stops here
                    out.append((start, i, False))
                start = i
            elif isinstance(e, ev.CombatEnded) and start is not None:
                out.append((start, i + 1, True))
                start = None
    if start is not None:
        out.append((start, len(entries), False))
    return out


def tally(entries, ruleset: Ruleset, options: dict | None = None, start: int = 0, stop: int | None = None,
          players: bool = False, walk: Walk | None = None) -> Summary:
    """Tally the actions ``entries[start:stop]`` (the state before them is rebuilt first).
    ``walk``: the log rebuilt so far (``walk.done`` actions in), to go on from rather than
    replay from the start: a campaign's record tallies every fight of a save in one pass."""
    stop = len(entries) if stop is None else stop
    walk = walk if walk is not None and walk.done <= start else Walk(ruleset, options)
    health = set(ruleset.sheet.health_pools())
    exact = bool((options or {}).get(DAMAGE_OPTION))
    out = Summary()
    down: dict[str, bool] = {}
    record = set(ruleset.health.record_pools) - health
    clocks: dict[str, tuple[float, int]] = {}  # who -> (when its turn's clock started, the round)
    paused: dict[str, float] = {}  # who -> when its running clock was paused
    turns: dict[tuple[str, int], float] = {}  # (who, round) -> seconds: a turn stepped back into goes on
    for i in range(walk.done, stop):
        entry = entries[i]
        stepped = walk.step(entry.events)
        if i < start:
            continue
        out.rounds = max(out.rounds, entry.round)
        for event, _turn in stepped:
            if isinstance(event, ev.TurnClockStarted):
                clocks[event.who] = (event.at, entry.round)
                paused.pop(event.who, None)
            elif isinstance(event, ev.TurnClockStopped) and event.who in clocks:
                began, rnd = clocks.pop(event.who)
                end = paused.pop(event.who, event.at)  # ended while paused: its time stopped at the pause
                out.paused += event.at - end
                turns[(event.who, rnd)] = turns.get((event.who, rnd), 0.0) + max(0.0, end - began)
            elif isinstance(event, ev.TurnClockPaused) and event.who in clocks:
                paused[event.who] = event.at
                continue
            elif isinstance(event, ev.TurnClockResumed) and event.who in paused:
                gap = max(0.0, event.at - paused.pop(event.who))
                began, rnd = clocks[event.who]
                clocks[event.who] = (began + gap, rnd)
                out.paused += gap
                continue
            else:
                continue
            out.clock_from = event.at if out.clock_from is None else min(out.clock_from, event.at)
            out.clock_to = event.at if out.clock_to is None else max(out.clock_to, event.at)
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
            elif isinstance(event, ev.PoolSet) and event.pool in record and event.delta < 0 and not players \
                    and (t := out.tallies.get(event.id)) is not None:  # hero points: the GM's (docs/players.md)
                t.spent[event.pool] = t.spent.get(event.pool, 0) - event.delta
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
            out.by_round[entry.round] = out.by_round.get(entry.round, 0) - delta
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
            if now and not down.get(cid):
                t.downs += 1
                t.fell = entry.round if t.fell is None else t.fell
                by = moved.get(cid, (0, None))[1]
                if by and by != cid and by in out.tallies and t.side == "foe":
                    out.tallies[by].felled += 1
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
    if players and not walk.state.options.get(TIMES_OPTION):
        out.clock_from = out.clock_to = None  # the clock is the GM's
        turns = {}
    for (who, _rnd), seconds in turns.items():
        if who in out.tallies:
            out.tallies[who].turn_times.append(seconds)
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
                        "healed": None if t.taken_untold else t.healed, "fell": t.fell, "downs": t.downs,
                        "felled": t.felled, "spent": dict(t.spent)} for t in summary.tallies.values()],
        "damage_by_round": {str(r): n for r, n in sorted(summary.by_round.items())},
        "fallen": [t.id for t in summary.fallen],
        "biggest_hit": None if summary.biggest is None else {
            "amount": summary.biggest.amount, "by": summary.biggest.by, "target": summary.biggest.target,
            "round": summary.biggest.round},
        "lasting": [{"id": x.id, "condition": x.cond, "rounds": x.rounds, **({"value": x.value} if x.value is not None else {})}
                    for x in summary.lasting],
        "time": _times_dict(summary),
        "xp": None if not summary.awards else {
            "foes": [{"id": a.id, "cr": a.cr, "xp": a.xp} for a in summary.awards],
            "total": summary.xp_total, "pcs": summary.pcs, "each": summary.xp_each},
    }


def _times_dict(summary: Summary) -> dict[str, Any] | None:
    """How long the fight and each combatant's turns took, in seconds (None: not timed, or
    not the reader's)."""
    if summary.total_time is None:
        return None
    return {"total_seconds": round(summary.total_time, 3),
            "turns": [{"id": t.id, "turns": len(t.turn_times), "average_seconds": round(t.average_turn, 3),
                       "longest_seconds": round(t.longest_turn, 3)}
                      for t in summary.tallies.values() if t.turn_times]}
