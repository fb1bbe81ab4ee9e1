"""What a combatant can spend now (hero points, ki, a pool the ruleset names), as the
spend modal lists it. Apart from the modal: the footer asks it for every frame, and the
first frame should not wait for the modals' code."""

from __future__ import annotations

from gm_console.engine.core.contract import Spendable
from gm_console.engine.core.state import Combatant
from gm_console.i18n import render

from .guard import ask


def spend_options(ruleset, state, c: Combatant, lang: str) -> list[tuple[str, str, Spendable, str | None]]:
    """(option id, label, spendable, use id) for every entry ``Health.spendable`` returns."""
    found = ask("what can be spent", lambda: list(ruleset.health.spendable(state, c)), [])
    out = []
    for i, s in enumerate(found):
        head = f"{render(s.label, lang)} ({s.have})"
        if not s.uses:
            out.append((f"{i}", head, s, None))
        for j, use in enumerate(s.uses):
            cost = f" · {use.cost}" if use.cost != 1 else ""
            out.append((f"{i}.{j}", f"{head}: {render(use.label, lang)}{cost}", s, use.id))
    return out
