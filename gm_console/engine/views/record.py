"""A campaign's record: the fights of many saves, added up per PC and for the party.

Each fight is the summary after it (``aftermath.tally``, the GM's view), so a figure here is
the sum of the figures the GM read after each fight: damage dealt and taken, the times a PC
went down, the foes it brought down, the hero or resolve points it spent (the game's
``Health.record_pools``), the XP each PC earned. A PC is known across saves by its name
(folded: "Kyra" and "kyra" are one). Reading the saves is storage's (storage/campaign.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .aftermath import Summary, fights, tally
from ..core.contract import Ruleset
from .players_filter import Walk
from ..core.text import fold_text


@dataclass
class Line:
    """One PC's record, or the party's."""

    name: str
    fights: int = 0
    rounds: int = 0
    dealt: int = 0
    taken: int = 0
    knockouts: int = 0  # times it went down
    felled: int = 0  # foes it brought down
    spent: dict[str, int] = field(default_factory=dict)  # pool key -> points spent
    xp: int = 0
    seconds: float = 0.0  # time in its timed turns
    turns: int = 0  # its timed turns

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "fights": self.fights, "rounds": self.rounds, "dealt": self.dealt,
                "taken": self.taken, "knockouts": self.knockouts, "foes_felled": self.felled,
                "spent": dict(sorted(self.spent.items())), "xp": self.xp,
                "average_turn_seconds": round(self.seconds / self.turns, 3) if self.turns else None}


@dataclass
class Record:
    pcs: dict[str, Line] = field(default_factory=dict)  # folded name -> its line, in order met
    party: Line = field(default_factory=lambda: Line(""))
    saves: int = 0  # saves read (with or without a fight counted)
    by_round: dict[int, int] = field(default_factory=dict)  # damage taken in round N of any fight
    dealt_by: dict[str, int] = field(default_factory=dict)  # folded name -> damage dealt, every combatant
    names: dict[str, str] = field(default_factory=dict)  # folded name -> as first written
    labels: dict[str, Any] = field(default_factory=dict)  # pool key -> its name (a Term or a key)

    def add(self, fight: "Summary | dict[str, Any]") -> None:
        """One fight: its summary, or the figures ``figures`` took from it (a cache's)."""
        f = figures(fight) if isinstance(fight, Summary) else fight
        self.party.fights += 1
        self.party.rounds += f["rounds"]
        self.party.xp += f["xp_total"]
        for rnd, amount in f["by_round"].items():
            self.by_round[int(rnd)] = self.by_round.get(int(rnd), 0) + amount
        for t in f["tallies"]:
            key = fold_text(t["name"])
            self.names.setdefault(key, t["name"])
            if t["dealt"]:
                self.dealt_by[key] = self.dealt_by.get(key, 0) + t["dealt"]
            if t["side"] != "pc":
                continue
            line = self.pcs.setdefault(key, Line(t["name"]))
            line.fights += 1
            line.rounds += f["rounds"]
            line.xp += f["xp_each"] or 0
            for target in (line, self.party):
                target.dealt += t["dealt"]
                target.taken += t["taken"]
                target.knockouts += t["downs"]
                target.felled += t["felled"]
                target.seconds += sum(t["turn_times"])
                target.turns += len(t["turn_times"])
                for pool, n in t["spent"].items():
                    target.spent[pool] = target.spent.get(pool, 0) + n

    def as_dict(self) -> dict[str, Any]:
        return {"saves": self.saves, "fights": self.party.fights,
                "pcs": [line.as_dict() for line in self.pcs.values()],
                "party": {k: v for k, v in self.party.as_dict().items() if k != "name"},
                "damage_by_round": {str(r): n for r, n in sorted(self.by_round.items())},
                "damage_dealt_by": {self.names[k]: n for k, n in sorted(self.dealt_by.items(), key=lambda kv: -kv[1])}}


def fight_summaries(entries, ruleset: Ruleset, options: dict | None = None) -> list[tuple[Summary, tuple[int, int]]]:
    """Every fight of one save's log, tallied as the GM reads its summary, with its span."""
    walk = Walk(ruleset, options)  # one pass over the log for all its fights
    return [(tally(entries, ruleset, options, start, stop, walk=walk), (start, stop))
            for start, stop, _ended in fights(entries)]


def figures(s: Summary) -> dict[str, Any]:
    """What a campaign's record reads of a fight's summary, as plain data (JSON: the record's
    cache keeps it per save, so a save read once is not replayed again until it changes)."""
    return {"rounds": s.rounds, "xp_total": s.xp_total, "xp_each": s.xp_each, "clock_from": s.clock_from,
            "by_round": {str(r): n for r, n in s.by_round.items()},
            "tallies": [{"name": t.name, "side": t.side, "dealt": t.dealt, "taken": t.taken, "downs": t.downs,
                         "felled": t.felled, "spent": dict(t.spent), "turn_times": list(t.turn_times)}
                        for t in s.tallies.values()]}


def figures_problem(f: Any) -> str | None:
    """Why ``f`` is not what ``figures`` writes (a damaged or edited cache), or None."""
    def whole(v: Any) -> bool:
        return isinstance(v, int) and not isinstance(v, bool)

    def number(v: Any) -> bool:
        return isinstance(v, (int, float)) and not isinstance(v, bool)

    if not isinstance(f, dict):
        return "not a table"
    if not (whole(f.get("rounds")) and whole(f.get("xp_total")) and (f.get("xp_each") is None or whole(f["xp_each"]))
            and (f.get("clock_from") is None or number(f["clock_from"]))):
        return "bad figures"
    rounds = f.get("by_round")
    if not isinstance(rounds, dict) or not all(k.isdigit() and whole(v) for k, v in rounds.items()):
        return "bad rounds"
    tallies = f.get("tallies")
    if not isinstance(tallies, list):
        return "bad tallies"
    for t in tallies:
        if not (isinstance(t, dict) and isinstance(t.get("name"), str) and isinstance(t.get("side"), str)
                and all(whole(t.get(k)) for k in ("dealt", "taken", "downs", "felled"))
                and isinstance(t.get("spent"), dict) and all(whole(v) for v in t["spent"].values())
                and isinstance(t.get("turn_times"), list) and all(number(v) for v in t["turn_times"])):
            return "bad tally"
    return None
