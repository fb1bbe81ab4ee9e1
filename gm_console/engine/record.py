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
from .contract import Ruleset
from .text import fold_text


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

    def add(self, s: Summary) -> None:
        """One fight's summary."""
        self.party.fights += 1
        self.party.rounds += s.rounds
        self.party.xp += s.xp_total
        for rnd, amount in s.by_round.items():
            self.by_round[rnd] = self.by_round.get(rnd, 0) + amount
        for t in s.tallies.values():
            key = fold_text(t.name)
            self.names.setdefault(key, t.name)
            if t.dealt:
                self.dealt_by[key] = self.dealt_by.get(key, 0) + t.dealt
            if t.side != "pc":
                continue
            line = self.pcs.setdefault(key, Line(t.name))
            line.fights += 1
            line.rounds += s.rounds
            line.xp += s.xp_each or 0
            for target in (line, self.party):
                target.dealt += t.dealt
                target.taken += t.taken
                target.knockouts += t.downs
                target.felled += t.felled
                target.seconds += sum(t.turn_times)
                target.turns += len(t.turn_times)
                for pool, n in t.spent.items():
                    target.spent[pool] = target.spent.get(pool, 0) + n

    def as_dict(self) -> dict[str, Any]:
        return {"saves": self.saves, "fights": self.party.fights,
                "pcs": [line.as_dict() for line in self.pcs.values()],
                "party": {k: v for k, v in self.party.as_dict().items() if k != "name"},
                "damage_by_round": {str(r): n for r, n in sorted(self.by_round.items())},
                "damage_dealt_by": {self.names[k]: n for k, n in sorted(self.dealt_by.items(), key=lambda kv: -kv[1])}}


def fight_summaries(entries, ruleset: Ruleset, options: dict | None = None) -> list[tuple[Summary, tuple[int, int]]]:
    """Every fight of one save's log, tallied as the GM reads its summary, with its span."""
    return [(tally(entries, ruleset, options, start, stop), (start, stop)) for start, stop, _ended in fights(entries)]
