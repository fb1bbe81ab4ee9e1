"""A stat block's attack in its compact form, read once for every d20 game (docs/sheets.md#attacks).

One attack a string; a creature's attacks are a list of them under the stat key ``atk``
(``add Orc atk="falchion +5 2d4+4 18-20/x2 slashing; javelin +1 1d6+3 ranged range 30"``)::

    [COUNT] NAME BONUS[/BONUS...] DAMAGE [CRIT] [TYPES] [KIND] [DEFENCE] [REACH|RANGE] [critical EFFECT] [plus RIDER...]

``parse`` reads it into an ``Attack`` (or refuses it in one line naming the form expected);
``Attack.text`` writes it back the canonical way, which ``parse`` reads into the same
``Attack``. What the numbers do is each game's (its ``attack`` verb): this module knows no rules.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

from gm_console.i18n import _

from .errors import RulesError
from .text import fold_text
from .weapon_names import weapon_term

FORM = ("[COUNT] NAME +BONUS[/+BONUS...] DICE|- [19-20/x2] [TYPES] [melee|ranged] [touch|eac|kac] "
        "[reach N|range N] [critical EFFECT] [plus RIDER]")
EXAMPLE = "short sword +2 1d4 19-20/x2 piercing"

_BONUS = re.compile(r"[+-]\d{1,3}(?:/[+-]\d{1,3}){0,7}", re.A)
_DICE = re.compile(r"(?:\d{0,3}d\d{1,3}(?:[+-]\d{1,3}d\d{1,3}){0,4}(?:[+-]\d{1,4})?|\d{1,4})", re.I | re.A)
_CRIT = re.compile(r"(?:(\d{1,2})-20)?(?:/?[x×](\d))?", re.I | re.A)
_RANGE = re.compile(r"\d{1,5}(?:/\d{1,5})?", re.A)
_COUNT = re.compile(r"\d{1,3}", re.A)
_FEET = {"ft", "ft.", "feet", "pies", "pie"}

#: every spelling of a damage type -> its canonical word (Pathfinder, Starfinder and 5e letters and words)
TYPES: dict[str, str] = {
    "s": "slashing", "slashing": "slashing", "cortante": "slashing",
    "p": "piercing", "piercing": "piercing", "perforante": "piercing",
    "b": "bludgeoning", "bludgeoning": "bludgeoning", "contundente": "bludgeoning",
    "a": "acid", "acid": "acid", "acido": "acid",
    "c": "cold", "cold": "cold", "frio": "cold",
    "e": "electricity", "electricity": "electricity", "electricidad": "electricity",
    "f": "fire", "fire": "fire", "fuego": "fire",
    "so": "sonic", "sonic": "sonic", "sonico": "sonic",
    "negative": "negative", "negativo": "negative", "positive": "positive", "positivo": "positive",
    "force": "force", "fuerza": "force", "lightning": "lightning", "relampago": "lightning",
    "thunder": "thunder", "trueno": "thunder", "poison": "poison", "veneno": "poison",
    "necrotic": "necrotic", "necrotico": "necrotic", "radiant": "radiant", "radiante": "radiant",
    "psychic": "psychic", "psiquico": "psychic",
    "nonlethal": "nonlethal", "no-letal": "nonlethal", "noletal": "nonlethal",
    # what overcomes damage reduction, carried by the weapon (Pathfinder)
    "magic": "magic", "magico": "magic", "silver": "silver", "plata": "silver",
    "cold-iron": "cold-iron", "hierro-frio": "cold-iron", "adamantine": "adamantine", "adamantina": "adamantine",
    "good": "good", "bueno": "good", "evil": "evil", "maligno": "evil", "lawful": "lawful", "legal": "lawful",
    "chaotic": "chaotic", "caotico": "chaotic", "epic": "epic", "epico": "epic",
}
#: TYPES by the folded word a GM types (``cold-iron`` and ``Cold Iron`` are ``cold iron`` folded)
_TYPE_OF: dict[str, str] = {fold_text(k): v for k, v in TYPES.items()}
#: the energy types (a Starfinder attack of these alone targets EAC)
ENERGY = frozenset({"acid", "cold", "electricity", "fire", "sonic"})
#: Spanish Starfinder names the armor classes CAE (energy) and CAC (kinetic): `cac` is KAC here, never
#: "cuerpo a cuerpo" (melee is the default; `cuerpo` says it)
_KINDS = {"melee": "melee", "cuerpo": "melee", "ranged": "ranged", "distancia": "ranged"}
_DEFENCES = {"touch": "touch", "toque": "touch", "eac": "eac", "cae": "eac", "kac": "kac", "cac": "kac"}
_REACH = {"reach", "alcance"}
_RANGE_WORDS = {"range", "rango", "distancia"}
_CRITICAL = {"critical", "critico", "crit."}
_PLUS = {"plus", "mas"}


@dataclass(frozen=True)
class Attack:
    """One attack of a stat block. ``threat``-20 is the critical threat range, ``multiplier`` the
    critical multiplier; ``defence`` is "" (AC; Starfinder decides EAC or KAC by ``types``),
    "touch", "eac" or "kac"; ``dice`` is "-" for an attack that deals no damage."""

    name: str
    bonuses: tuple[int, ...]
    dice: str
    count: int = 1
    threat: int = 20
    multiplier: int = 2
    types: tuple[str, ...] = ()
    kind: str = "melee"
    defence: str = ""
    reach: int | None = None
    range: str = ""
    critical: str = ""
    riders: tuple[str, ...] = ()

    @property
    def bonus(self) -> int:
        return self.bonuses[0]

    @property
    def ranged(self) -> bool:
        return self.kind == "ranged"

    @property
    def energy(self) -> bool:
        return bool(self.types) and all(t in ENERGY for t in self.types)

    def crit_text(self) -> str:
        if self.threat == 20:
            return f"x{self.multiplier}"
        return f"{self.threat}-20/x{self.multiplier}"

    @property
    def text(self) -> str:
        """The canonical compact form (``parse(a.text) == a``)."""
        words = []
        if self.count != 1 or _COUNT.fullmatch(self.name.split()[0]):
            words.append(str(self.count))
        words += [self.name, "/".join(f"{b:+d}" for b in self.bonuses), self.dice]
        if (self.threat, self.multiplier) != (20, 2):
            words.append(self.crit_text())
        if self.types:
            words.append("&".join(self.types))
        if self.kind != ("ranged" if self.range else "melee"):
            words.append(self.kind)
        if self.defence:
            words.append(self.defence)
        if self.reach is not None:
            words.append(f"reach {self.reach}")
        if self.range:
            words.append(f"range {self.range}")
        if self.critical:
            words.append(f"critical {self.critical}")
        words += [f"plus {r}" for r in self.riders]
        return " ".join(words)


def _refuse(text: str, why) -> RulesError:
    return RulesError(_("cannot read the attack {text!r}: {why}; the form is {form}, e.g. {example}",
                        text=text, why=why, form=FORM, example=EXAMPLE))


def _is_damage(token: str) -> bool:
    return token == "-" or bool(_DICE.fullmatch(token))


def parse(text: str) -> Attack:
    """One attack in the compact form, or a ``RulesError`` naming the form."""
    if not isinstance(text, str):
        raise _refuse(str(text), _("an attack is text"))
    tokens = text.split()
    at = next((i for i in range(len(tokens) - 1) if _BONUS.fullmatch(tokens[i]) and _is_damage(tokens[i + 1])), None)
    if at is None:
        raise _refuse(text, _("it needs a name, a bonus like +7 and damage like 1d8+3"))
    head, count = tokens[:at], 1
    if len(head) > 1 and _COUNT.fullmatch(head[0]):
        count = int(head[0])
        head = head[1:]
        if not 1 <= count <= 99:
            raise _refuse(text, _("the count is from 1 to 99, not {n}", n=count))
    if not head:
        raise _refuse(text, _("it needs a name before the bonus"))
    bonuses = tuple(int(b) for b in tokens[at].split("/"))
    dice = tokens[at + 1].casefold()
    fields: dict = {}
    rest = tokens[at + 2:]
    i = 0
    while i < len(rest):
        tok = rest[i]
        word = fold_text(tok)
        nxt = rest[i + 1] if i + 1 < len(rest) else ""
        crit = _CRIT.fullmatch(tok) if tok else None
        if word in _CRITICAL or word in _PLUS:
            break
        if word == "crit" and nxt and re.fullmatch(r"\d{1,2}-20", nxt, re.A):  # 5e: crit 19-20
            _once(text, fields, "threat", (int(nxt.split("-")[0]), 2))
            i += 2
            continue
        if crit and (crit.group(1) or crit.group(2)):
            lo = int(crit.group(1) or 20)
            mult = int(crit.group(2) or 2)
            if not 2 <= lo <= 20 or mult < 2:
                raise _refuse(text, _("{tok!r} is not a critical range like 19-20/x2 or x3", tok=tok))
            _once(text, fields, "threat", (lo, mult))
        elif word in _REACH or (word in _RANGE_WORDS and _RANGE.fullmatch(nxt)):
            if not _RANGE.fullmatch(nxt) or (word in _REACH and "/" in nxt):
                raise _refuse(text, _("{tok} takes feet, like {tok} 10", tok=tok))
            _once(text, fields, "reach" if word in _REACH else "range", int(nxt) if word in _REACH else nxt)
            i += 1
            if i + 1 < len(rest) and fold_text(rest[i + 1]) in _FEET:
                i += 1
        elif word in _KINDS:
            _once(text, fields, "kind", _KINDS[word])
        elif word in _DEFENCES:
            _once(text, fields, "defence", _DEFENCES[word])
        elif all(fold_text(p) in _TYPE_OF for p in re.split(r"[&/]", tok)):
            types = fields.setdefault("types", [])
            types += [_TYPE_OF[fold_text(p)] for p in re.split(r"[&/]", tok) if _TYPE_OF[fold_text(p)] not in types]
        else:
            raise _refuse(text, _("{tok!r} is none of a critical range, a damage type, melee/ranged, touch/eac/kac, "
                                  "reach N or range N", tok=tok))
        i += 1
    critical, riders = _tail(text, rest[i:])
    threat, mult = fields.get("threat", (20, 2))
    rng = fields.get("range", "")
    return Attack(name=" ".join(head), bonuses=bonuses, dice=dice, count=count, threat=threat, multiplier=mult,
                  types=tuple(fields.get("types", ())), kind=fields.get("kind", "ranged" if rng else "melee"),
                  defence=fields.get("defence", ""), reach=fields.get("reach"), range=rng,
                  critical=critical, riders=riders)


def _once(text: str, fields: dict, key: str, value) -> None:
    if key in fields:
        raise _refuse(text, _("it says {what} twice", what=key))
    fields[key] = value


def _tail(text: str, words: list[str]) -> tuple[str, tuple[str, ...]]:
    """``critical EFFECT`` (once, first) and ``plus RIDER`` (any number): free text each."""
    critical, riders, current = "", [], None
    for word in words:
        folded = fold_text(word)
        if folded in _CRITICAL or folded in _PLUS:
            if current is not None:
                _close(text, current, riders)
                if current[0] == "critical":
                    critical = riders.pop()
            if folded in _CRITICAL and (critical or riders):
                raise _refuse(text, _("critical comes once, before plus"))
            current = ("critical" if folded in _CRITICAL else "plus", [])
        else:
            current[1].append(word)
    if current is not None:
        _close(text, current, riders)
        if current[0] == "critical":
            critical = riders.pop()
    return critical, tuple(riders)


def _close(text: str, current: tuple[str, list[str]], riders: list[str]) -> None:
    if not current[1]:
        raise _refuse(text, _("{word} needs what it does after it", word=current[0]))
    riders.append(" ".join(current[1]))


def parse_many(text: str) -> list[Attack]:
    """``a; b; c`` (how the command line gives several): each read, the first unreadable refused."""
    parts = [p.strip() for p in str(text).split(";")]
    return [parse(p) for p in parts if p]


def of(stats_value) -> list[Attack]:
    """A combatant's ``atk`` stat (a list of compact strings, as stored) as attacks; what cannot be
    read (a save edited by hand) is left out, never raised."""
    if isinstance(stats_value, str):
        stats_value = [stats_value]
    out = []
    for text in stats_value or ():
        try:
            out.append(parse(str(text)))
        except RulesError:
            continue
    return out


def find(attacks: Iterable[Attack], word: str) -> Attack | None:
    """The attack a GM names by a word of it (``sword``, ``short sword``, ``bow``), in English as
    printed or in Spanish as the table reads it (``espada``, ``arco corto``: weapon_names.py): an
    exact name, else the one whose name starts with or holds the word (a single match)."""
    attacks = list(attacks)
    key = " ".join(fold_text(word).replace("-", " ").replace("_", " ").replace(",", " ").split())
    found = _find(attacks, key, lambda a: a.name)
    if found is None:
        found = _find(attacks, key, lambda a: weapon_term(a.name).es)
    return found


def _find(attacks: list[Attack], key: str, name_of) -> Attack | None:
    for test in (lambda n: n == key, lambda n: n.startswith(key), lambda n: key in n.split(),
                 lambda n: key in n):
        hits = [a for a in attacks if test(" ".join(fold_text(name_of(a)).replace(",", " ").split()))]
        if len(hits) == 1:
            return hits[0]
        if len(hits) > 1:
            return None
    return None


def rider_damage(rider: str) -> tuple[str, tuple[str, ...]] | None:
    """A rider that is extra damage, ``1d6 fire`` or ``2d6 precision``: (dice, types), rolled on
    a hit apart from the weapon's damage (a critical does not multiply it); None for any other
    rider (``grab``, ``1d6 Strength damage``: told, the GM's to apply)."""
    words = rider.split()
    if not words or not _DICE.fullmatch(words[0]) or words[0].isdigit():
        return None
    types = []
    for word in words[1:]:
        for part in re.split(r"[&/]", word):
            key = fold_text(part)
            if key in ("precision", "precision-damage"):
                types.append("precision")
                continue
            if key not in _TYPE_OF:
                return None
            types.append(_TYPE_OF[key])
    return words[0].casefold(), tuple(dict.fromkeys(types))
