"""``hide`` and ``reveal``: what the players have not seen yet is the GM's to decide.

A hidden combatant stays in the encounter (it has initiative, takes turns, is hit) but
every player-facing view leaves it out (``engine.views.players_filter``). The flag changes through an
event, so undo, redo and the save treat it like any other change.
"""

from __future__ import annotations

from gm_console.i18n import _

from ..core import events as ev
from ..core.context import Context
from ..rules.effects import targets
from ..core.errors import RulesError
from ..core.text import listing
from .verbs import Call


def hide(ctx: Context, call: Call) -> None:
    _set(ctx, call, True)


def reveal(ctx: Context, call: Call) -> None:
    _set(ctx, call, False)


def _set(ctx: Context, call: Call, hidden: bool) -> None:
    who = targets(ctx, call.who)
    changing = [c for c in who if c.hidden != hidden]
    if not changing:
        names = listing(c.name for c in who)
        if hidden:
            raise RulesError(_("hide: {names} already hidden from the players", names=names))
        raise RulesError(_("reveal: {names} not hidden from the players", names=names))
    set_hidden(ctx, changing, hidden)


def set_hidden(ctx: Context, changing, hidden: bool = True) -> None:
    """Hide (or reveal) these combatants and say so (``add ... hidden`` too)."""
    for c in changing:
        ctx.emit(ev.HiddenSet(id=c.id, hidden=hidden))
    names = listing(c.name for c in changing)
    if hidden:
        ctx.say(_("Hidden from the players: {names}", names=names), gm_only=True)
    else:
        ctx.say(_("{names} can be seen now", names=names))
