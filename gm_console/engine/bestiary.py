"""The bestiary an encounter adds from: creatures by name, read-only, handed in from outside.

Storage reads the bestiary files (a ruleset's own, the GM's) and gives the session a
``Bestiary``; the engine never reads a file. ``add @goblin x4`` looks a creature up here
and adds it through the ordinary ``add``: its stat block goes into the events, so a save
replays without the bestiary, and a later change to the bestiary never changes a fight
already played.

A creature's HP are the stat block's (the published average) unless the GM asks for
``roll``: then each copy rolls its ``hit_dice``. ``hp=2d8+2`` typed on any ``add`` is a
hit-dice formula too, read the same way.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Callable, Iterable, Iterator, Mapping

from gm_console.i18n import Term, _

from .errors import RulesError
from .text import closest, fold_text, listing

#: keys of a bestiary entry that describe it; every other key is its stat block
META = ("en", "es", "aliases", "cr", "xp", "threat", "source", "hit_dice", "type", "attacks")

_TERM = re.compile(r"\s*([+-]?)\s*(?:(\d*)[dD](\d+)|(\d+))\s*")


@dataclass(frozen=True)
class Creature:
    """One bestiary entry: names in both languages, its stat block as the file gives it,
    and what a GM wants to know before adding it (CR, where the numbers come from)."""

    id: str
    en: str
    stats: Mapping[str, Any] = field(default_factory=dict)
    es: str = ""
    aliases: tuple[str, ...] = ()
    hit_dice: str = ""  # rolled for the HP with `roll`
    cr: str = ""
    xp: int | None = None
    threat: str = ""  # AGE games: minor, moderate, major...
    source: str = ""  # book and page the numbers come from
    type: str = ""  # "Small humanoid (goblinoid)"
    attacks: str = ""  # as the book prints them, for the preview
    origin: str = ""  # "built-in" or "user": which file it came from
    line: int | None = None  # where its table starts in that file

    def __post_init__(self) -> None:
        object.__setattr__(self, "stats", MappingProxyType(dict(self.stats)))

    @property
    def term(self) -> Term:
        return Term(self.en, self.es)

    def name(self, lang: str = "en") -> str:
        return (self.es if lang == "es" else self.en) or self.en

    def names(self) -> tuple[str, ...]:
        """Every spelling that finds it: id, English, Spanish, aliases."""
        return tuple(n for n in (self.id, self.en, self.es, *self.aliases) if n)

    def spelled(self, typed: str) -> str:
        """The name a new combatant gets: the Spanish one when the GM typed the Spanish one
        (or its start: ``@rata`` for "Rata terrible"); the English one otherwise."""
        exact = typed.lstrip("@").strip().casefold()
        if self.es and exact == self.es.casefold():
            return self.es
        if exact == self.en.casefold():
            return self.en
        key, es, en = fold_text(exact), fold_text(self.es), fold_text(self.en)
        if not es or es == en:
            return self.en
        if key == es:
            return self.es
        if key in {fold_text(a) for a in self.aliases} | {fold_text(self.id)}:
            return self.en
        return self.es if es.startswith(key) and not en.startswith(key) else self.en


class Bestiary(Mapping[str, Creature]):
    """Creatures by id; a later one with the same id replaces an earlier one (the GM's own
    creature over a ruleset's). Look-ups are case- and accent-blind, in either language."""

    def __init__(self, creatures: Iterable[Creature] | Callable[[], Iterable[Creature]] = ()) -> None:
        """``creatures``, or a function giving them: then nothing is read until the first
        look-up (a game's starter bestiary is parsed when a GM first adds from it, not before
        the first frame of every fight)."""
        self._source = creatures
        self._filled: tuple[dict[str, Creature], dict[str, str]] | None = None

    def _fill(self) -> tuple[dict[str, Creature], dict[str, str]]:
        if self._filled is None:
            source = self._source
            by_id: dict[str, Creature] = {}
            for creature in (source() if callable(source) else source):
                by_id.pop(creature.id, None)  # a replacement goes where the GM's ones are
                by_id[creature.id] = creature
            index: dict[str, str] = {}
            for creature in by_id.values():
                for name in creature.names():
                    index[fold_text(name)] = creature.id
            self._filled, self._source = (by_id, index), ()
        return self._filled

    @property
    def _by_id(self) -> dict[str, Creature]:
        return self._fill()[0]

    @property
    def _index(self) -> dict[str, str]:
        return self._fill()[1]

    def __getitem__(self, cid: str) -> Creature:
        return self._by_id[cid]

    def __iter__(self) -> Iterator[str]:
        return iter(self._by_id)

    def __len__(self) -> int:
        return len(self._by_id)

    def __repr__(self) -> str:
        return f"Bestiary({len(self)} creatures)"

    def find(self, ref: str) -> Creature:
        """By id, name or alias in either language, or an unambiguous start of one."""
        key = fold_text(ref.lstrip("@"))
        if not key:
            raise RulesError(_("add: @ needs a creature's name, like @goblin"))
        found = self._index.get(key)
        if found is not None:
            return self._by_id[found]
        starts = sorted({cid for name, cid in self._index.items() if name.startswith(key)})
        if len(starts) == 1:
            return self._by_id[starts[0]]
        if starts:
            raise RulesError(_("add: @{ref} could be {names}; type more of the name", ref=ref.lstrip("@"),
                               names=listing(self._by_id[c].en for c in starts)))
        if not self._by_id:
            raise RulesError(_("add: there is no bestiary for this game; add the creature with its stats "
                               "(add NAME hp=... ) or put it in your bestiary"))
        hint = closest(key, self._index)
        if hint:
            raise RulesError(_("add: no creature {ref!r} in the bestiary; did you mean @{hint}?",
                               ref=ref.lstrip("@"), hint=self._by_id[self._index[fold_text(hint)]].id))
        raise RulesError(_("add: no creature {ref!r} in the bestiary; creatures: {names}", ref=ref.lstrip("@"),
                           names=listing(sorted(self._by_id))))

    def search(self, text: str, limit: int = 50) -> list[Creature]:
        """For a search box: creatures whose names (either language) contain every word typed,
        those starting with it first."""
        words = fold_text(text).split()
        scored = []
        for creature in self._by_id.values():
            names = [fold_text(n) for n in creature.names()]
            if all(any(w in n for n in names) for w in words):
                first = not words or any(n.startswith(words[0]) for n in names)
                scored.append((not first, fold_text(creature.en), creature))
        return [c for *_, c in sorted(scored, key=lambda s: s[:2])][:limit]


EMPTY = Bestiary()


# --- hit dice --------------------------------------------------------------------------------


def dice_terms(formula: str) -> list[tuple[int, int, int]] | None:
    """``2d8+1d10+3`` -> [(+1, 2, 8), (+1, 1, 10), (+1, 3, 0)]; None when it is not a plain sum
    of dice and numbers (a hit-dice formula is nothing more)."""
    text = formula.strip()
    if not text or len(text) > 60:
        return None
    pos, out = 0, []
    while pos < len(text):
        m = _TERM.match(text, pos)
        if not m or m.end() == pos or (out and not m.group(1)):
            return None
        sign = -1 if m.group(1) == "-" else 1
        if m.group(4) is not None:
            out.append((sign, int(m.group(4)), 0))
        else:
            count, sides = int(m.group(2) or 1), int(m.group(3))
            if not (1 <= count <= 100 and 1 <= sides <= 1000):
                return None
            out.append((sign, count, sides))
        pos = m.end()
    return out if any(sides for _, _, sides in out) else None


def average(formula: str) -> int | None:
    """The stat block's way: the expected total rounded down (1d10+1 -> 6, 4d8+12 -> 30), at least 1."""
    terms = dice_terms(formula)
    if terms is None:
        return None
    twice = sum(sign * (count * (sides + 1) if sides else 2 * count) for sign, count, sides in terms)
    return max(1, twice // 2)


def hit_pool(ruleset: Any) -> str | None:
    """The pool hit dice give: ``hp`` where the stat block has one, else the last health pool
    (real health, after stamina)."""
    if "hp" in ruleset.fields and ruleset.fields["hp"].kind == "pool":
        return "hp"
    pools = ruleset.sheet.health_pools()
    return pools[-1] if pools else None


# --- values as the command line writes them -----------------------------------------------------


def as_text(value: Any) -> str:
    """A stat value from a file as ``key=value`` text: ``true``, ``fire:5,cold:5``, ``6/38``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return ",".join(as_text(v) for v in value)
    return str(value)


def preview(creature: Creature, ruleset: Any, lang: str = "en") -> list[str]:
    """A creature's stat block in a few lines, for the add modal and ``gm-console bestiary show``:
    names, CR, type, the stats by the keys ``add`` takes (so an override is typed as read),
    attacks, and where the numbers come from."""
    from gm_console.i18n import render

    other = creature.es if lang != "es" else creature.en
    title = creature.name(lang) + (f" ({other})" if other and other != creature.name(lang) else "")
    rank = []
    if creature.cr:
        rank.append(render(_("CR {cr}", cr=creature.cr), lang))
    if creature.xp is not None:
        xp = Term(format(creature.xp, ","), format(creature.xp, ",").replace(",", "."))  # 4,800 / 4.800
        rank.append(render(_("{xp} XP", xp=xp), lang))
    if creature.threat:
        rank.append(render(_("threat: {threat}", threat=creature.threat), lang))
    lines = [" · ".join([title, *rank])]
    if creature.type:
        lines.append(creature.type)
    order = [f.key for f in ruleset.stat_block()] if ruleset is not None else []
    keys = [k for k in order if k in creature.stats] + [k for k in creature.stats if k not in order]
    stats = []
    for key in keys:
        value = creature.stats[key]
        text = as_text(value)
        if key == hit_pool(ruleset) and creature.hit_dice:
            text += f" ({creature.hit_dice})"
        stats.append(f"{key} {text}")
    if stats:
        lines.append(" · ".join(stats))
    if creature.attacks:
        lines.append(creature.attacks)
    if creature.source:
        lines.append(render(_("Source: {source}", source=creature.source), lang))
    return lines
