"""Groups: combatants who share one initiative roll and act as a block.

As in Combat Manager and Improved Initiative, six goblins added together
(``add Goblin x6 group``) or tied later (``group "Goblin 1","Goblin 2"``) roll
initiative once for all of them and sit together in the order: the group is one
place in the round. Each member still has its own turn (its own conditions,
bleeding and clocks), which ``next`` steps through; ``group-done`` ends the turns
of every member left in the block at once, one action and one undo, for the GM
who runs a pack as one.

Membership is a combatant mark (``group``: the group's id), so saves, undo and
replay need nothing new: ``ungroup`` removes the mark, the shared initiative stays
until someone rolls or sets it again.
"""

from __future__ import annotations

from typing import Iterable, Iterator

from gm_console.i18n import _

from ..core.told import public
from ..core.contract import RulesError, slug
from ..core.context import Context
from ..core.marks import GROUP
from ..core.state import Combatant, EncounterState
from ..core.text import whole


def group_of(c: Combatant | None) -> str | None:
    return GROUP.of(c) if c is not None else None


def members(state: EncounterState, gid: str | None) -> list[str]:
    """The ids in a group, in the order they were added."""
    if gid is None:
        return []
    return [c.id for c in state.combatants.values() if GROUP.of(c) == gid]


def rest_of_block(state: EncounterState, cid: str | None) -> bool:
    """Whether ``cid`` acts in a block of two or more (``group-done`` would pass them all)."""
    c = state.combatants.get(cid) if cid else None
    return len(members(state, group_of(c))) > 1


def with_members(state: EncounterState, who: Iterable[Combatant]) -> list[Combatant]:
    """``who`` plus the other members of their groups: a group always rolls as one."""
    out: dict[str, Combatant] = {}
    for c in who:
        out.setdefault(c.id, c)
        for cid in members(state, group_of(c)):
            out.setdefault(cid, state.get(cid))
    return list(out.values())


def places(state: EncounterState, who: Iterable[Combatant]) -> list[list[Combatant]]:
    """``who`` as places, in the order the first of each comes in ``who``: each group one place
    (its members among ``who``, in the order they joined), everyone else a place alone. A
    roll-off among tied places rolls once for a group, never between its own members
    (docs/rulesets/generic.md, "Groups")."""
    out: list[list[Combatant]] = []
    at: dict[str, list[Combatant]] = {}
    for c in who:
        gid = group_of(c)
        if gid is None:
            out.append([c])
        elif gid in at:
            at[gid].append(c)
        else:
            at[gid] = [c]
            out.append(at[gid])
    for place in at.values():
        place.sort(key=lambda c: c.added)
    return out


def rolls(ctx: Context, who: list[Combatant]) -> Iterator[tuple[Combatant, tuple[float, tuple, str]]]:
    """Each combatant with its initiative roll; a group's members share the first one's."""
    shared: dict[str, tuple[float, tuple, str]] = {}
    for c in who:
        gid = group_of(c)
        if gid is not None and gid in shared:
            yield c, shared[gid]
            continue
        rolled = ctx.ruleset.turns.roll_initiative(ctx, c)
        if gid is not None:
            shared[gid] = rolled
            together = [ctx.state.get(cid).name for cid in members(ctx.state, gid) if
                        any(o.id == cid for o in who)]
            if len(together) > 1:
                ctx.say(_("{names} share one initiative: {value}", names=", ".join(together),
                          value=public(whole(rolled[0]))))
        yield c, rolled


def keep_together(state: EncounterState, order: list[str]) -> list[str]:
    """The order with each group's members side by side, where its first member stands: those
    at the group's count (one who delayed or readied to another count acts at that count)."""
    seen: set[str] = set()
    out: list[str] = []

    def place(cid: str) -> tuple | None:
        c = state.combatants.get(cid)
        gid = group_of(c)
        return None if gid is None else (gid, c.initiative)

    for cid in order:
        if cid in seen:
            continue
        key = place(cid)
        block = [m for m in order if m not in seen and place(m) == key] if key is not None else [cid]
        out += block
        seen.update(block)
    return out


def new_id(state: EncounterState, name: str) -> str:
    """A group id from its first member's name without the number: ``Goblin 3`` -> ``goblin``."""
    base = name.rsplit(" ", 1)[0] if name.rsplit(" ", 1)[-1].isdigit() and " " in name else name
    base = slug(base) or "group"
    taken = {GROUP.of(c) for c in state.combatants.values()}
    gid, n = base, 2
    while gid in taken:
        gid = f"{base}-{n}"
        n += 1
    return gid
