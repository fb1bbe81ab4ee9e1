"""Tab completion for the command bar: verbs, combatant names, conditions, keys.

Pure functions of the typed text and the state, so they are tested without a
screen. Completion knows the command language's shape (which argument is a
name, which a condition) from the verbs' own declarations (``engine.language.verbs``);
it never decides a rule.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from gm_console.engine.language.core_verbs import registry_for
from gm_console.engine.language.verbs import Choice, Keyword, Param, partial
from gm_console.engine.core.contract import Ruleset, fold_text
from gm_console.engine.core.state import EncounterState

from .lines import quote

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
    before, start, token = partial(text)
    verbs = registry_for(ruleset)
    if not before:
        names = list(verbs.verbs)  # in the order the language declares them: common ones first
        aliases = sorted(a for a in verbs.names() if a not in verbs.verbs)
        return Completion(start, token, _match(token, names) or _match(token, aliases))
    name = verbs.canonical(before[0])
    if name is None:
        return Completion(start, token, ())
    param, free = verbs[name].param_at(before[1:])
    options = _options(param.completes if param is not None else "", before, state, ruleset, lang, param)
    for extra in free:  # `by NAME`, key=value: offered wherever they may go
        if isinstance(extra, Keyword):
            options += [w for w in extra.words if (w in ("por",)) == (lang == "es")] or list(extra.words[:1])
        elif extra.completes == "stat":
            options += _options("stat", before, state, ruleset, lang, extra)
    return Completion(start, token, _match(token, options))


def _options(kind: str, before: list[str], state: EncounterState, ruleset: Ruleset, lang: str,
             param: Param | None) -> list[str]:
    """What may stand at this place, by the kind the verb declares for it."""
    if kind == "combatant":
        return _names(state)
    if kind == "condition":
        names = [d.name(lang) for d in ruleset.conditions.catalogue] + [d.id for d in ruleset.conditions.catalogue]
        return [quote(n) for n in names]
    if kind in ("own-condition", "resource"):
        c = _find(state, before[1]) if len(before) > 1 else None
        if c is None:
            return []
        if kind == "resource":
            return list(c.pools)
        return [quote(ruleset.conditions.catalogue.define(i.cond).name(lang)) for i in c.conditions] + [
            i.cond for i in c.conditions]
    if kind == "damage-type":
        return list(ruleset.health.damage_types()) or ["nonlethal"]
    if kind == "stat":
        return [f.key + "=" for f in ruleset.sheet.block]
    if kind == "side":
        return ["pc", "ally"] + list(ruleset.sheet.categories())
    if kind == "choice" and isinstance(param, Choice):
        return list(dict.fromkeys(param.choices.values()))
    return []


def _find(state: EncounterState, ref: str):
    from gm_console.engine.core.context import find_combatant
    from gm_console.engine.core.contract import RulesError

    try:
        return find_combatant(state, ref)
    except RulesError:
        return None
