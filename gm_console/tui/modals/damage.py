"""Damage and healing: amount or dice, damage types, nonlethal -> `dmg "Goblin 1" 2d6+3 fire`."""

from __future__ import annotations

import re

from textual.app import ComposeResult
from textual.widgets import Checkbox, Input, Select

from gm_console.engine.state import Combatant

from .. import lines
from ..frame import Frame
from ..i18n import tr
from ..safe import plain
from .base import FormError, FormModal

AMOUNT = re.compile(r"^[0-9dDkKhHlL%+\-*()!<>=,. ]+$")


class DamageModal(FormModal[str]):
    def __init__(self, frame: Frame, target: Combatant, heal: bool = False) -> None:
        key = "heal_title" if heal else "damage_title"
        super().__init__(frame.lang, tr(frame.lang, key, name=target.name))
        self.frame = frame
        self.target = target
        self.heal = heal

    def fields(self) -> ComposeResult:
        state = self.frame.state
        options = [(plain(c.name), c.id) for c in state.combatants.values()]
        yield self.label("target")
        yield Select(options, value=self.target.id, allow_blank=False, id="target")
        yield self.label("amount")
        yield Input(id="amount", placeholder="7 / 2d6+3")
        known = self.frame.ruleset.health.damage_types()
        if known:
            yield self.label("damage_types_known", types=", ".join(known))
        else:
            yield self.label("damage_types")
        yield Input(id="types", placeholder="fire" if not self.heal else "")
        yield Checkbox(tr(self.lang, "nonlethal"), id="nonlethal")

    def on_mount(self) -> None:
        self.query_one("#amount", Input).focus()

    def build(self) -> str:
        amount = self.value("amount").replace(" ", "")
        if not amount or not AMOUNT.match(amount) or not any(ch.isdigit() for ch in amount):
            raise FormError(tr(self.lang, "bad_amount"))
        cid = self.query_one("#target", Select).value
        target = self.frame.state.combatants.get(cid, self.target)
        types = [t for t in re.split(r"[\s,]+", self.value("types").casefold()) if t]
        if self.query_one("#nonlethal", Checkbox).value and "nonlethal" not in types:
            types.append("nonlethal")
        verb = "heal" if self.heal else "dmg"
        return lines.join(verb, lines.ref(self.frame.state, target), amount, *map(lines.quote, types))
