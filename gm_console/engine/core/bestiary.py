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

import difflib
import re
import unicodedata
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

from gm_console.i18n import Msg, Term, _, grouped

from . import attacks
from .errors import RulesError
from .text import fold_text, listing

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


@dataclass(frozen=True)
class Problem:
    """Why an entry, or a whole file, was left out: one line naming the file and the line."""

    message: "Msg | str"


@dataclass(frozen=True, eq=False)
class Listing:
    """Entries known by their names before they are read. Storage lists a GM's file this way at
    the first look-up and reads an entry when it is asked for, so adding one creature from a
    file of 100,000 does not read the other 99,999."""

    en: Mapping[str, str]  # id -> English name (or the table's key), in the file's order
    ids: Sequence[str]  # with ``names``: the names that find each id (its id, English, Spanish,
    names: Sequence[str]  # aliases), in the file's order; ids[i] is what names[i] finds
    read: Callable[[str], "Creature | Problem"]  # one entry, when the GM first asks for it


class _Shelf:
    """What a bestiary holds once its source has been listed: entries by id (read or not),
    the index of folded names, and the problems met so far."""

    def __init__(self, items: Iterable["Creature | Listing | Problem"]) -> None:
        self.entries: dict[str, Creature | Listing | Problem] = {}
        self.en: dict[str, str] = {}
        self.met: dict[int, Problem] = {}
        owners: list[Creature | Listing] = []
        replaced: set[int] = set()  # owners some of whose entries a later one took
        for item in items:
            if isinstance(item, Creature):
                ids: Iterable[str] = (item.id,)
                en: Mapping[str, str] = {item.id: item.en}
            elif isinstance(item, Listing):
                ids, en = item.en.keys(), item.en
            elif isinstance(item, Problem):
                self.met[id(item)] = item
                continue
            else:
                raise TypeError(f"a bestiary holds creatures, listings and problems, not {item!r}")
            for cid in self.entries.keys() & set(ids):  # a replacement goes where the GM's ones are
                replaced.add(id(self.entries.pop(cid)))
            self.entries.update(dict.fromkeys(ids, item))
            self.en.update(en)
            owners.append(item)
        ids, names = [], []
        for owner in owners:  # the names of what is still there, in order: a later name wins
            if isinstance(owner, Creature):
                if self.entries.get(owner.id) is owner:
                    spelled = owner.names()
                    ids += [owner.id] * len(spelled)
                    names += spelled
            elif id(owner) not in replaced:
                ids += owner.ids
                names += owner.names
            else:
                kept = [i for i, cid in enumerate(owner.ids) if self.entries.get(cid) is owner]
                ids += [owner.ids[i] for i in kept]
                names += [owner.names[i] for i in kept]
        self.ids, self.folded = ids, fold_many(names)
        self.index: dict[str, str] = dict(zip(self.folded, ids))
        self._by_id: dict[str, tuple[str, str]] | None = None

    def names_by_id(self) -> dict[str, tuple[str, str]]:
        """Each entry's folded English name, and its folded names after a line break each
        ("\\ngoblin\\ntrasgo"): what a search looks in (worked out at the first one)."""
        if self._by_id is None:
            ids = list(self.entries)
            names: dict[str, list[str]] = {cid: [] for cid in ids}
            for name, cid in zip(self.folded, self.ids):
                names[cid].append(name)
            english = fold_many([self.en[cid] for cid in ids])
            self._by_id = {cid: (en, "\n" + "\n".join(names[cid])) for cid, en in zip(ids, english)}
        return self._by_id


class Bestiary(Mapping[str, Creature]):
    """Creatures by id; a later one with the same id replaces an earlier one (the GM's own
    creature over a ruleset's). Look-ups are case- and accent-blind, in either language.

    An entry that cannot be read (``Problem``) is not in the mapping, and ``find`` says why
    when it is asked for: the GM's broken ``[goblin]`` is never quietly replaced by the
    game's goblin."""

    def __init__(self, creatures: Iterable["Creature | Listing | Problem"]
                 | Callable[[], Iterable["Creature | Listing | Problem"]] = ()) -> None:
        """``creatures`` (or listings of them, or problems met reading them), or a function
        giving them: then nothing is read until the first look-up (no fight waits for a
        bestiary before its first frame; a file written after the encounter opened is read)."""
        self._source = creatures
        self._filled: _Shelf | None = None

    def _fill(self) -> _Shelf:
        if self._filled is None:
            source = self._source
            self._filled, self._source = _Shelf(source() if callable(source) else source), ()
        return self._filled

    def _resolve(self, cid: str) -> "Creature | Problem | None":
        """The entry ``cid``, read if it was only listed (once: what it gave is kept)."""
        shelf = self._fill()
        entry = shelf.entries.get(cid)
        if isinstance(entry, Listing):
            entry = entry.read(cid)
            shelf.entries[cid] = entry
            if isinstance(entry, Problem):
                shelf.met[id(entry)] = entry
        return entry

    @property
    def problems(self) -> tuple["Msg | str", ...]:
        """What was met reading the files so far (reading nothing itself): a file that could not
        be read, and each entry left out among those read (``list(bestiary)`` reads them all)."""
        return tuple(p.message for p in self._filled.met.values()) if self._filled is not None else ()

    def __getitem__(self, cid: str) -> Creature:
        entry = self._resolve(cid)
        if isinstance(entry, Creature):
            return entry
        raise KeyError(cid)

    def __contains__(self, cid: object) -> bool:
        return isinstance(cid, str) and isinstance(self._resolve(cid), Creature)

    def __iter__(self) -> Iterator[str]:
        for cid in list(self._fill().entries):
            if isinstance(self._resolve(cid), Creature):
                yield cid

    def __len__(self) -> int:
        """Entries that are not known to be broken (one only listed counts until it is read)."""
        return sum(1 for entry in self._fill().entries.values() if not isinstance(entry, Problem))

    def __repr__(self) -> str:
        return f"Bestiary({len(self)} creatures)"

    def find(self, ref: str) -> Creature:
        """By id, name or alias in either language, or an unambiguous start of one."""
        key = fold_text(ref.lstrip("@"))
        if not key:
            raise RulesError(_("add: @ needs a creature's name, like @goblin"))
        shelf = self._fill()
        found = shelf.index.get(key)
        if found is None:
            starts = sorted({cid for name, cid in shelf.index.items() if name.startswith(key)})
            if len(starts) > 1:
                raise RulesError(_("add: @{ref} could be {names}; type more of the name", ref=ref.lstrip("@"),
                                   names=listing(shelf.en[c] for c in starts)))
            found = starts[0] if starts else None
        if found is not None:
            entry = self._resolve(found)
            if isinstance(entry, Problem):
                raise RulesError(_("add: @{ref} cannot be added: {why}", ref=ref.lstrip("@"), why=entry.message))
            if isinstance(entry, Creature):
                return entry
        if not shelf.entries:
            raise self._refusal(_("add: there is no bestiary for this game; add the creature with its stats "
                                  "(add NAME hp=... ) or put it in your bestiary"))
        close = difflib.get_close_matches(key, list(shelf.index), n=1, cutoff=0.75)  # names are folded already
        if close:
            raise self._refusal(_("add: no creature {ref!r} in the bestiary; did you mean @{hint}?",
                                  ref=ref.lstrip("@"), hint=shelf.index[close[0]]))
        raise self._refusal(_("add: no creature {ref!r} in the bestiary; creatures: {names}", ref=ref.lstrip("@"),
                              names=listing(sorted(shelf.entries))))

    def _refusal(self, why: Msg) -> RulesError:
        """A creature not found; what was met reading the files goes with it (it may be why)."""
        met = list(self._fill().met.values())
        if not met:
            return RulesError(why)
        problem = met[0].message if len(met) == 1 else _("{names} ... and {n} more", names=met[0].message,
                                                         n=len(met) - 1)
        return RulesError(_("{refusal}; and a bestiary file has a problem: {problem}", refusal=why, problem=problem))

    def search(self, text: str, limit: int = 50) -> list[Creature]:
        """For a search box: creatures whose names (either language) contain every word typed,
        those starting with it first. Only the creatures returned are read."""
        words = fold_text(text).split()
        shelf = self._fill()
        scored = []
        start = "\n" + words[0] if words else "\n"
        for cid, (en, names) in shelf.names_by_id().items():  # a word never holds a line break
            if all(w in names for w in words):
                scored.append((start not in names, en, cid))
        scored.sort(key=lambda s: s[:2])
        out = []
        for _later, _en, cid in scored:
            entry = self._resolve(cid)
            if isinstance(entry, Creature):
                out.append(entry)
                if len(out) == limit:
                    break
        return out


def fold_many(texts: Sequence[str]) -> list[str]:
    """``[fold_text(t) for t in texts]``, done on all of them at once: a 100,000-entry bestiary
    has some 300,000 names, and one at a time they take most of a second."""
    if not texts:
        return []
    joined = "\n".join(texts)
    if joined.count("\n") != len(texts) - 1:  # a name with a line break in it
        return [fold_text(t) for t in texts]
    if not joined.isascii():
        joined = unicodedata.normalize("NFKD", joined)
        marks = {ord(ch): None for ch in set(joined) if unicodedata.combining(ch)}
        joined = joined.translate(marks) if marks else joined
    joined = joined.casefold().replace("_", " ").replace("-", " ")
    if (_OTHER_SPACE.search(joined) or "  " in joined or " \n" in joined or "\n " in joined
            or joined.startswith(" ") or joined.endswith(" ")):  # spaces to even out: one at a time
        return [" ".join(part.split()) for part in joined.split("\n")]
    return joined.split("\n")


_OTHER_SPACE = re.compile(r"[^\S \n]")


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
    if "hp" in ruleset.sheet.fields and ruleset.sheet.fields["hp"].kind == "pool":
        return "hp"
    pools = ruleset.sheet.health_pools()
    return pools[-1] if pools else None


# --- values as the command line writes them -----------------------------------------------------


def _is_attack(text: str) -> bool:
    try:
        attacks.parse(text)
    except RulesError:
        return False
    return True


def as_text(value: Any) -> str:
    """A stat value from a file as ``key=value`` text: ``true``, ``fire:5,cold:5``, ``6/38``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        # a list of attacks (``atk``) is written as the command line gives it: ``; `` between them,
        # since an attack's name may hold a comma (docs/sheets.md#attacks)
        sep = "; " if value and all(isinstance(v, str) and _is_attack(v) for v in value) else ","
        return sep.join(as_text(v) for v in value)
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
        xp = grouped(creature.xp)  # 4,800 / 4.800
        rank.append(render(_("{xp} XP", xp=xp), lang))
    if creature.threat:
        from gm_console.engine.core.words import threat

        rank.append(render(_("threat: {threat}", threat=threat(creature.threat)), lang))
    lines = [" · ".join([title, *rank])]
    if creature.type:
        from gm_console.engine.core.creature_types import type_line

        lines.append(type_line(creature.type, lang))
    order = [f.key for f in ruleset.sheet.block] if ruleset is not None else []
    keys = [k for k in order if k in creature.stats] + [k for k in creature.stats if k not in order]
    fields = ruleset.sheet.fields if ruleset is not None else {}
    stats = []
    for key in keys:
        value = creature.stats[key]
        named = fields[key].value_term(value) if key in fields else value  # size grande: input too
        text = as_text(value) if named is value else render(named, lang)
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
