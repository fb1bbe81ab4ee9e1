"""What the warnings panel says: points waiting to be spent, countdowns running."""

from __future__ import annotations

from gm_console.ruleset import EncounterState, Pending, Term, possessive

from .common import waiting_points
from .health import turns_left
from .i18n import _, _n
from .stunt_points import menu_text


def warnings(state: EncounterState) -> list[Pending]:
    """None offers a command: which stunt to buy, or who heals the dying, is the GM's choice
    (the spend modal lists the stunts, ``Health.spendable``)."""
    out: list[Pending] = []
    for c in state.combatants.values():
        points = waiting_points(c)
        if points > 0:
            out.append(Pending(c.id, _("{name} has {n} stunt points to spend now (they vanish at the end of the turn "
                                       "or at the next roll): {menu}", name=c.name, n=points,
                                       menu=Term(menu_text(state, c), menu_text(state, c, "es"))), command=None))
        n = turns_left(c)
        if c.life == "dying" and n is not None:
            out.append(Pending(c.id, _n("{name} is dying: dies at the start of {whose} turn in {n} turn unless "
                                        "healed above 0",
                                        "{name} is dying: dies at the start of {whose} turn in {n} turns unless "
                                        "healed above 0", n, name=c.name, whose=possessive(c)), command=None))
    return out
