"""Tab completion for the command bar: verbs, combatant names, conditions, keys.

Pure functions of the typed text and the state, so they are tested without a
screen. Completion knows the command language's shape (which argument is a
name, which a condition) from ``engine.commands``; it never decides a rule.
"""

from __future__ import annotations

import os
import shlex
from dataclasses import dataclass

from gm_console.engine.commands import ALIASES, USAGE, canonical_verb
from gm_console.engine.contract import Ruleset, fold_text
from gm_console.engine.state import EncounterState

from .lines import quote

NAME_FIRST = {"remove", "set", "init", "dmg", "heal", "cond", "uncond", "resume", "trigger",
              "unready", "spend", "side"}


@dataclass(frozen=True)
class Completion:
    start: int  # where the token being completed begins in the text
    token: str
    candidates: tuple[str, ...]

    def apply(self, text: str) -> str:
        """The text after completing: the single match plus a space, or the common prefix."""
        if not self.candidates:
            return text
        if len(self.candidates) == 1:
            only = self.candidates[0]
            return text[: self.start] + only + ("" if only.endswith("=") else " ")
        common = os.path.commonprefix([c.casefold() for c in self.candidates])
        if len(common) > len(self.token.strip('"')):
            best = self.candidates[0][: len(common)]
            return text[: self.start] + best
        return text


def _split(text: str) -> tuple[list[str], int, str]:
    """(complete tokens before the one being typed, where it starts, the partial token)."""
    if text.endswith(" ") and text.count('"') % 2 == 0:
        head, start, token = text, len(text), ""
    elif text.count('"') % 2 == 1:
        start = text.rfind('"')
        head, token = text[:start], text[start:]
    else:
        start = text.rfind(" ") + 1
        head, token = text[:start], text[start:]
    try:
        before = shlex.split(head)
    except ValueError:
        before = head.split()
    return before, start, token


def _names(state: EncounterState) -> list[str]:
    return [quote(c.name) for c in state.combatants.values()]


def _match(token: str, options: list[str]) -> tuple[str, ...]:
    key = fold_text(token.strip('"'))
    seen: list[str] = []
    folded: set[str] = set()
    for option in options:
        f = fold_text(option.strip('"'))
        if f.startswith(key) and f not in folded:
            seen.append(option)
            folded.add(f)
    return tuple(seen)


def complete(text: str, state: EncounterState, ruleset: Ruleset, lang: str = "en") -> Completion:
    before, start, token = _split(text)
    extra = {}
    for spec in ruleset.verbs():
        for name in (spec.verb, *spec.aliases):
            extra[name] = spec.verb
    if not before:
        verbs = list(USAGE) + sorted(set(extra.values()))
        aliases = sorted(a for a in list(ALIASES) + list(extra) if a not in verbs)
        return Completion(start, token, _match(token, verbs) or _match(token, aliases))
    verb = canonical_verb(before[0], extra) or extra.get(before[0].casefold())
    pos = len(before)
    return Completion(start, token, _match(token, _options(verb, pos, before, state, ruleset, lang)))


def _options(verb: str | None, pos: int, before: list[str], state: EncounterState, ruleset: Ruleset,
             lang: str) -> list[str]:
    if verb is None:
        return []
    if verb in NAME_FIRST and pos == 1:
        return _names(state)
    if verb == "roll":
        return _names(state)
    if verb == "cond":
        if pos == 2:
            names = [d.name(lang) for d in ruleset.catalogue] + [d.id for d in ruleset.catalogue]
            return [quote(n) for n in names]
        if before[-1].casefold() in ("by", "por"):
            return _names(state)
        return ["by"] if lang == "en" else ["por", "by"]
    if verb == "uncond" and pos == 2:
        c = _find(state, before[1])
        if c is None:
            return []
        return [quote(ruleset.catalogue.define(i.cond).name(lang)) for i in c.conditions] + [
            i.cond for i in c.conditions]
    if verb == "spend" and pos == 2:
        c = _find(state, before[1])
        return list(c.pools) if c is not None else []
    if verb in ("dmg", "heal") and pos >= 3:
        return list(ruleset.damage_types()) or ["nonlethal"]
    if verb in ("set", "add") and pos >= 2:
        return [f.key + "=" for f in ruleset.stat_block()] + (["pc", "ally"] if verb == "add" else [])
    if verb == "side" and pos == 2:
        return ["pc", "ally", "foe"]
    if verb not in USAGE:  # a ruleset's verb: names are the likely arguments
        return _names(state)
    return []


def _find(state: EncounterState, ref: str):
    from gm_console.engine.context import find_combatant
    from gm_console.engine.contract import RulesError

    try:
        return find_combatant(state, ref)
    except RulesError:
        return None
