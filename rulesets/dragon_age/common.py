"""Small shared helpers: the rule tag, whose turn it is, the stunt points waiting."""

from __future__ import annotations

from typing import Any, Iterable

from gm_console.ruleset import Combatant, Context, EncounterState, Msg, Pool, group_of, named, of

from . import marks
from .i18n import T_, _, _n

#: the figure's name as a roll against it says it
DEFENSE = T_("figure", "Defense", "Defensa")


def rule(section: str) -> str:
    return f"dragon_age.md §{section}"


def signed(n: int) -> str:
    """+2, -1, +0: a modifier as a formula shows it."""
    return f"{n:+d}"


def names(who: Iterable[Combatant]) -> Any:
    """"Sera, Leliana": combatants side by side, each typed as a combatant (a hidden one keeps
    the whole sentence from the players)."""
    out: Any = None
    for c in who:
        out = named(c) if out is None else _("{names}, {name}", names=out, name=named(c))
    return "" if out is None else out


def defense_of(c: Combatant, fig) -> Any:
    """"Defense 14 = 12 + 2 Defending" / "Defensa 14": ``c``'s Defense for the log, a number about it."""
    return of(c, fig.told(DEFENSE))


def health(ctx: Context, c: Combatant) -> Pool:
    pool = c.pools.get("health")
    if pool is None:
        ctx.fail(_("{name} has no health; set it first: set {ref} health=20", name=c.name, ref=c.id))
    return pool


def own_turn(state: EncounterState, c: Combatant) -> bool:
    """Its turn, or its group's slot: a member acting while a fellow member of its group (at the
    same count) is up, before its own turn this round has ended (generic.md, "Groups")."""
    return state.in_combat and (state.active == c.id or in_group_slot(state, c))


def in_group_slot(state: EncounterState, c: Combatant) -> bool:
    active = state.combatants.get(state.active or "")
    gid = group_of(c)
    return (active is not None and gid is not None and group_of(active) == gid
            and active.initiative == c.initiative and state.finished.get(c.id) != state.round)


def turn_started(state: EncounterState, c: Combatant) -> bool:
    """Whether its turn of the current round has begun (it is acting or has acted)."""
    return state.in_combat and state.started.get(c.id) == state.round


def surprised(state: EncounterState, c: Combatant) -> bool:
    """Caught unaware while the surprise round is being played (dragon_age.md §2.2.4)."""
    return state.surprise_round and c.id not in state.aware


# -- stunt points waiting ---------------------------------------------------------------


def waiting_points(c: Combatant) -> int:
    pool = c.pools.get("stunt")
    return pool.value if pool is not None else 0


NEW_ROLL = _("a new roll")
TURN_ENDED = _("the turn ended")


def clear_stunt_points(ctx: Context, why: Msg | None = None) -> None:
    """Unspent stunt points vanish (dragon_age.md §2.5: spend them at once); the ``stunt`` pool goes with them."""
    for c in ctx.state.combatants.values():
        left = waiting_points(c)
        ctx.remove_pool(c, "stunt")
        if left > 0 and why is not None:
            ctx.say(_n("{name}'s {n} unspent stunt point vanishes ({why})",
                       "{name}'s {n} unspent stunt points vanish ({why})", left, name=named(c), n=of(c, left),
                       why=why),
                    rule=rule("2.5"), who=c.id)
        if marks.STUNT_ROLL.of(c) is not None:
            ctx.set_mark(c, marks.STUNT_ROLL, None)
        for key in (marks.BONUS_ATTACK, marks.BONUS_CAST):  # an unused Lightning Attack / Fast Casting lapses too
            if key.of(c):
                ctx.set_mark(c, key, None)
