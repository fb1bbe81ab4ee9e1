"""Initiative 3d6 + Dex, ties by dragon die then Dex (dragon_age.md §2.2), and Seize the Initiative.

Seize the Initiative moves its user to the top of the order at once. The engine
passes over slots whose turn already ended this round, so "the current round
continues with whoever followed your old slot" and no one jumped over acts twice.
A ``seized`` rank (later seizers rank higher) keeps the seizers on top, latest
first, whenever the order is read by initiative (a newcomer is placed below them).
"""

from __future__ import annotations

from gm_console.ruleset import Combatant, Context

from .common import rule
from .sheet import initiative_bonus
from .stats import ability


def roll(ctx: Context, c: Combatant) -> tuple[float, tuple, str]:
    bonus = initiative_bonus(c)
    r = ctx.roll("3d6", purpose=f"initiative of {c.name}", who=c.id)
    dice = tuple(d.value for d in r.dice)
    dragon = dice[0]
    total = r.total + bonus
    focus = " (+2 Initiative focus)" if bonus != ability(c, "dex") else ""
    text = f"3d6 {r.total} ({','.join(map(str, dice))}; dragon {dragon}) {bonus:+d} Dex{focus} = {total}"
    return total, (dragon, ability(c, "dex")), text.replace("+-", "-")


def tiebreak_for(c: Combatant) -> tuple:
    """A typed initiative has no dragon die (0): ties between typed results go by Dex."""
    return (0, ability(c, "dex"))


def order_key(c: Combatant) -> tuple:
    init = c.initiative if c.initiative is not None else float("-inf")
    return (int(c.marks.get("seized") or 0), init, *c.tiebreak, -c.added)


def seize(ctx: Context, c: Combatant) -> None:
    """To the top now; the round goes on from the seizer's old slot (dragon_age.md §2.2 [S])."""
    state = ctx.state
    serial = int(state.marks.get("seize_serial") or 0) + 1
    ctx.set_encounter_mark("seize_serial", serial)
    ctx.set_mark(c, "seized", serial)
    in_order = c.id in state.order
    if in_order:
        ctx.move_to_top(c, reason="seize the initiative")
    if not (state.in_combat and in_order):
        ctx.say(f"{c.name} seizes the initiative: top of the order",
                f"{c.name} toma la iniciativa: primer puesto del orden", rule=rule("2.2"), who=c.id)
        return
    ctx.say(f"{c.name} seizes the initiative: it moves to the top of the order and stays there until someone "
            f"else seizes it; this round goes on with whoever followed its old slot",
            f"{c.name} toma la iniciativa: pasa al primer puesto del orden y sigue ahí hasta que otro se la "
            f"arrebate; este asalto continúa con quien seguía a su antiguo puesto", rule=rule("2.2"), who=c.id)
    if state.started.get(c.id) != state.round:
        # out of its turn (a prepared attack) before its own slot came up: now above the turn being played,
        # it is not reached again this round [I]
        ctx.say(f"{c.name} had not taken its turn this round: now above the current turn, it acts next at the "
                f"start of round {state.round + 1}",
                f"{c.name} aún no había jugado su turno este asalto: ahora por encima del turno en curso, "
                f"vuelve a actuar al comienzo del asalto {state.round + 1}", rule=rule("2.2"), who=c.id)


def forget(ctx: Context) -> None:
    """A new or finished combat: seized places do not carry over."""
    ctx.set_encounter_mark("seize_serial", None)
    for c in ctx.state.combatants.values():
        ctx.set_mark(c, "seized", None)
