"""Damage and healing: amount or dice, damage types, nonlethal -> `dmg "Goblin 1" 2d6+3 fire`.

The targets are chosen on the main screen (the selected combatant, or every
marked one): several make one line and one undo, ``dmg "Goblin 1","Goblin 2" 12``.
"""

from __future__ import annotations

import re

from textual.app import ComposeResult
from textual.widgets import Checkbox, Label

from gm_console.engine.core.state import Combatant
from gm_console.engine.core.words import BYPASS, DAMAGE_TYPES
from gm_console.i18n import render

from .. import lines
from ..frame import Frame
from ..ui_text import tr
from ..safe import plain
from .base import FormError, FormModal


def names(targets: list[Combatant]) -> str:
    return ", ".join(c.name for c in targets)


class DamageModal(FormModal[str]):
    FIRST = "#amount"
    PARAMS = {"amount": "amount", "types": "types"}

    def __init__(self, frame: Frame, targets: "Combatant | list[Combatant]", heal: bool = False) -> None:
        targets = targets if isinstance(targets, list) else [targets]
        key = "heal_title" if heal else "damage_title"
        super().__init__(frame.lang, tr(frame.lang, key, name=names(targets)))
        self.frame = frame
        self.targets = targets
        self.heal = heal

    @property
    def target(self) -> Combatant:
        return self.targets[0]

    def fields(self) -> ComposeResult:
        if len(self.targets) > 1:
            yield Label(plain(tr(self.lang, "targets", names=names(self.targets))), classes="field-label")
        yield self.label("amount")
        yield self.input("amount")
        known = type_words(self.frame.ruleset.health.damage_types(), self.lang)
        if known:
            yield self.label("damage_types_known", types=", ".join(known))
        else:
            yield self.label("damage_types")
        yield self.input("types")
        yield Checkbox(tr(self.lang, "nonlethal"), id="nonlethal", compact=True)

    def build(self) -> str:
        amount = self.value("amount").replace(" ", "")
        verb = "heal" if self.heal else "dmg"
        if self.frame.language()[verb].check("amount", amount) is not None:  # the language's own rule
            raise FormError(tr(self.lang, "bad_amount"), "amount")
        types = [t for t in re.split(r"[\s,]+", self.value("types").casefold()) if t]
        if self.query_one("#nonlethal", Checkbox).value and "nonlethal" not in types:
            types.append("nonlethal")
        return lines.join(verb, lines.refs(self.frame.state, self.targets), amount, *map(lines.quote, types))


def type_words(accepted: "tuple[str, ...]", lang: str) -> list[str]:
    """The damage types a game's `dmg` takes, each once, in the GM's language (`fuego, frío,
    cortante...`): its list holds every spelling it reads, English and Spanish and short forms,
    too long for a label; the box still takes them all. Nonlethal has its own box."""
    words = {w: DAMAGE_TYPES.get(w) or BYPASS.get(w) for w in accepted if w not in ("nonlethal", "lethal")}
    return list(dict.fromkeys(render(m, lang).replace(" ", "-") for m in words.values() if m is not None))
