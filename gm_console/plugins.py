"""Ruleset discovery through the ``gm_console.rulesets`` entry-point group.

Listing reads only package metadata, through ``entry_points.entry_points`` (the one
function that finds games); a ruleset's code is imported when it is asked for by id, so
a broken third-party plugin cannot stop the others.
"""

from __future__ import annotations

from gm_console.i18n import _

from dataclasses import dataclass
from functools import lru_cache

from gm_console.engine.core.contract import Ruleset
from gm_console.entry_points import GROUP, entry_points


class UnknownRuleset(LookupError):
    pass


@dataclass(frozen=True)
class RulesetInfo:
    id: str
    target: str
    package: str
    package_version: str

    @property
    def builtin(self) -> bool:
        return self.target.startswith("rulesets.")


def available() -> list[RulesetInfo]:
    return [RulesetInfo(id=name, target=ep.value, package=ep.package, package_version=ep.version)
            for name, ep in sorted(entry_points(GROUP).items())]


def installed_ids() -> list[str]:
    return sorted(entry_points(GROUP))


@lru_cache(maxsize=None)
def load(ruleset_id: str) -> Ruleset:
    eps = entry_points(GROUP)
    ep = eps.get(ruleset_id)
    if ep is None:
        names = ", ".join(sorted(eps)) or "(none: is gm-console installed?)"
        raise UnknownRuleset(_('unknown ruleset {ruleset_id!r}; installed: {names}', ruleset_id=ruleset_id, names=names))
    try:
        cls = ep.load()
    except Exception as exc:  # a broken plugin names itself, the others still load
        raise UnknownRuleset(_('ruleset {ruleset_id!r} ({value}) failed to load: {exc}', ruleset_id=ruleset_id, value=ep.value, exc=exc)) from exc
    ruleset = cls() if isinstance(cls, type) else cls
    if not isinstance(ruleset, Ruleset):
        raise UnknownRuleset(_('ruleset {ruleset_id!r} ({value}) is not a gm_console.ruleset.Ruleset', ruleset_id=ruleset_id, value=ep.value))
    clash = verb_clashes(ruleset)
    if clash:
        raise UnknownRuleset(_('ruleset {ruleset_id!r} ({value}) redefines core verbs: {names}', ruleset_id=ruleset_id, value=ep.value, names=', '.join(clash)))
    return ruleset


def verb_clashes(ruleset: Ruleset) -> list[str]:
    """A ruleset verb or alias that the core language already means something by would be
    silently shadowed (`act` is `resume`); refuse it loudly instead."""
    from gm_console.engine.language.core_verbs import RulesetVerbClash, registry_for

    try:
        registry_for(ruleset)
    except RulesetVerbClash as exc:
        return [str(exc)]
    return []
