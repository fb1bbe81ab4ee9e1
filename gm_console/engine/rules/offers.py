"""What a hit offers the GM rather than doing it silently (docs/sheets.md#riders-offered).

A Pathfinder ``plus grab`` lets the attacker start a grapple as a free action, a ``plus poison``
exposes the target to the attacker's own poison, a Starfinder ``critical staggered`` asks the
target for a save: none of these is the program's to decide (a free action the monster may skip,
a save the player rolls at the table), so the attack leaves an *offer*: a warning with the command
that does it (``maneuver Goblin Kyra grapple +4``, ``poison Kyra from Spider``,
``cond Kyra staggered 1``), which the GM runs with one key or lets go.

An offer is kept on the attacker (the mark ``attack_offers``, so it is saved and undone with
the attack) until it is done (its verb run naming its target, and its attacker for the
attacker's own maneuver; a condition offered: the target has it) or the next turn starts: the
moment of a hit's rider is the attack's turn.
"""

from __future__ import annotations

from ..core import events as ev
from ..core.marks import ATTACK_OFFERS
from ..core.state import Combatant


def offer(ctx, a: Combatant, t: Combatant, weapon: str, kind: str, verb: str, command: str | None,
          detail: str = "", by_attacker: bool = False) -> None:
    """Leave an offer on ``a``'s mark (once: two claws that grab offer one grapple). It ends when
    ``verb`` is run naming the target (and the attacker too when ``by_attacker``: its maneuver)."""
    c = ctx.state.get(a.id)
    held = [list(o) for o in ATTACK_OFFERS.of(c) or ()]
    item = [verb, kind, command or "", a.id, t.id, weapon, detail, "both" if by_attacker else "target"]
    if item not in held:
        held.append(item)
        ctx.set_mark(c, ATTACK_OFFERS, held)


def settle(ctx, verb: str) -> None:
    """After every command: a new turn ends every offer; a command of an offer's verb that names
    its target (and its attacker, for the attacker's own maneuver) ends it, a condition offered
    ends once the target has it (the GM took it, or did it another way)."""
    new_turn = any(isinstance(e, ev.TurnStarted) for e in ctx.events)
    named = set(getattr(ctx, "found", ()) or ())
    for c in list(ctx.state.combatants.values()):
        held = ATTACK_OFFERS.of(c)
        if not held:
            continue
        kept = [] if new_turn else [o for o in held if not _ended(ctx.state, o, verb, named)]
        if len(kept) != len(held):
            ctx.set_mark(c, ATTACK_OFFERS, kept or None)


def _ended(state, o, verb: str, named: set[str]) -> bool:
    """A condition offered (``cond Kyra staggered 1``) ends when the target has it, however it came;
    any other when its verb is run naming its target (and its attacker, for its own maneuver)."""
    if o[0] == "cond":
        t = state.combatants.get(o[4])
        return t is None or t.has(str(o[6]).split(" ")[0])
    return o[0] == verb and o[4] in named and (o[3] in named or tuple(o[7:8]) != ("both",))
