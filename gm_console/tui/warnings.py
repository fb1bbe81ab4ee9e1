"""The warnings line, short enough for 80x24: warnings of one kind share a line.

Three goblins dying are one line ("3 dying: Goblin 1, Goblin 2, Goblin 3"), not three
that push the rest of the screen down; each one's countdown stays on its own row in the
initiative pane and on its sheet. A warning that offers a command (``[y] runs: ...``) is
never folded into another: the key runs that one command.
"""

from __future__ import annotations

from dataclasses import dataclass

from gm_console.engine.core.contract import Pending
from gm_console.engine.core.state import EncounterState
from gm_console.i18n import Msg, _, _n, render


@dataclass(frozen=True)
class Warning:
    text: str
    command: str | None = None


def _many(life: str, n: int, names: str) -> Msg | None:
    """The line for ``n`` combatants in one life state (a plural per language)."""
    if life == "dying":
        return _n("{n} dying: {names}", "{n} dying: {names}", n, names=names)
    if life == "stable":
        return _n("{n} stable: {names}", "{n} stable: {names}", n, names=names)
    if life == "disabled":
        return _n("{n} disabled: {names}", "{n} disabled: {names}", n, names=names)
    if life == "staggered":
        return _n("{n} staggered: {names}", "{n} staggered: {names}", n, names=names)
    if life == "unconscious":
        return _n("{n} unconscious: {names}", "{n} unconscious: {names}", n, names=names)
    return None


def _kind(note: Pending) -> str:
    """What makes two warnings the same kind: the message they are written with."""
    return note.en.id if isinstance(note.en, Msg) else str(note.en)


def collapse(notes: list[Pending], state: EncounterState, lang: str) -> list[Warning]:
    """The warnings to show, in order: two or more of one kind about combatants of one side in
    the same life state become one line naming them; any other kind shared by several becomes
    its first line with the others' names after it."""
    groups: dict[tuple[str, str, str], list[Pending]] = {}
    order: list[tuple[str, str, str] | Pending] = []
    for note in notes:
        c = state.combatants.get(note.who or "")
        if note.command or c is None:
            order.append(note)
            continue
        key = (_kind(note), c.life, c.side)  # PCs apart from foes: "3 dying" is the goblins
        if key not in groups:
            groups[key] = []
            order.append(key)
        groups[key].append(note)
    out: list[Warning] = []
    for item in order:
        if isinstance(item, Pending):
            out.append(Warning(item.render(lang), item.command))
            continue
        group = groups[item]
        if len(group) == 1:
            out.append(Warning(group[0].render(lang)))
            continue
        names = [state.combatants[note.who].name for note in group if note.who in state.combatants]
        many = _many(item[1], len(group), ", ".join(names))
        if many is not None:
            out.append(Warning(render(many, lang)))
        else:
            also = _("{line} (also {names})", line=group[0].render(lang), names=", ".join(names[1:]))
            out.append(Warning(render(also, lang)))
    return out
