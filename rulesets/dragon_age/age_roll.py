"""The AGE roll: 3d6, the first die the dragon die (dragon_age.md §2.0, §2.1 [S]).

The GM may type the table's dice instead of letting the tracker roll: three naturals
(``5,5,3``, dragon die first) or, as the seed's example does, only their sum (``15``);
with a sum the dragon die and doubles are unknown and the log says so. ``read_tail`` reads
that small language (dice, a sum, ``+N``, an ability) after a verb's typed arguments: the
one place that parses it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from typing import Any

from gm_console.ruleset import Combatant, Context, Msg, Term, joined, named, of, record_check

from .conditions import effect_mods
from .i18n import T_, _
from .stats import LABELS, ability, ability_key, focus_term, has_focus

DEGREE = {1: T_("degree of success", "barely", "por los pelos"), 2: T_("degree of success", "narrowly", "justo"),
          3: T_("degree of success", "solidly", "con soltura"),
          4: T_("degree of success", "well", "bien"),
          5: T_("degree of success", "impressively", "de forma impresionante"),
          6: T_("degree of success", "flawlessly", "de manera impecable")}

# labels of a roll's modifiers, as the breakdown shows them
AIM, CHARGE, PRONE_TARGET, MOD = (T_("breakdown", "aim", "apuntar"), T_("breakdown", "charge", "carga"),
                                  T_("breakdown", "prone target", "objetivo tumbado"), T_("breakdown", "mod", "mod"))


@dataclass(frozen=True)
class AgeRoll:
    dice: tuple[int, ...]  # the three naturals, dragon die first; () when only the sum was given
    natural: int

    @property
    def dragon(self) -> int | None:
        return self.dice[0] if self.dice else None

    @property
    def doubles(self) -> bool:
        """Any two of the three dice equal (triples count), dragon_age.md §2.5 [S]."""
        return bool(self.dice) and len(set(self.dice)) < 3

    def text(self) -> Msg:
        """The three dice as the log writes them, the dragon die named (dragon_age.md §2.5)."""
        if not self.dice:
            return _("{total} (3d6 sum given)", total=self.natural)
        a, b, c = self.dice
        return _("{total} ({a},{b},{c}; dragon {dragon})", total=self.natural, a=a, b=b, c=c, dragon=a)


def roll_3d6(ctx: Context, dice: tuple[int, ...] | None, total: int | None, purpose: "str | Msg",
             who: str | None, hidden: bool = False) -> AgeRoll:
    if dice is not None:
        return AgeRoll(tuple(dice), sum(dice))
    if total is not None:
        if not 3 <= total <= 18:
            ctx.fail(_("a 3d6 sum is 3 to 18, not {total}; or give the three dice like 5,5,3", total=total))
        return AgeRoll((), total)
    r = ctx.roll("3d6", purpose=purpose, who=who, hidden=hidden)
    return AgeRoll(tuple(d.value for d in r.dice), r.total)


@dataclass(frozen=True)
class Check:
    roll: AgeRoll
    ability: str
    focus: str | None
    focus_bonus: int
    mods: tuple[tuple[Term, int], ...]
    total: int

    def parts(self, c: Combatant) -> Term:
        """``+3 Dex +2 bows -1 fatigued``: each label in the reader's language."""
        out = [f"{ability(c, self.ability):+d}", LABELS[self.ability]]
        if self.focus_bonus:
            out += ["+2", focus_term(self.focus)]
        for label, n in self.mods:
            out += [f"{n:+d}", label]
        return joined(out)

    def formula(self, c: Combatant) -> Msg:
        """The roll and its breakdown: the dice through the catalogue, the ability's and the
        effects' names as the game's data in both languages."""
        return _("{roll} {parts} = {total}", roll=self.roll.text(), parts=self.parts(c), total=self.total)

    def told(self, c: Combatant) -> Any:
        """The formula as an argument of a message: a number about ``c`` (it shows c's abilities),
        read by the players only when ``c`` is theirs."""
        return of(c, self.formula(c))


def roll_mods(c: Combatant, key: str, focus: str | None, *figures: str) -> tuple[tuple[Term, int], ...]:
    """What effects add to a roll of ``key`` (+ ``focus``): every test's (``tests``), this ability's
    and this focus's (``test_X``) and the roll's own kind (``attack``, ``casting``, ``resist``)."""
    names = ["tests", f"test_{key}", *figures]
    if focus:
        names.append(f"test_{focus.replace('-', ' ').replace(' ', '_').casefold()}")
    out: list[tuple[Term, int]] = []
    for name in names:
        out += effect_mods(c, name)
    return tuple(out)


def make_check(c: Combatant, roll: AgeRoll, key: str, focus: str | None,
               mods: tuple[tuple[Term, int], ...] = ()) -> Check:
    bonus = 2 if has_focus(c, focus) else 0
    total = roll.natural + ability(c, key) + bonus + sum(n for _, n in mods)
    return Check(roll, key, focus, bonus, mods, total)


def keep(ctx: Context, c: Combatant, check: Check, what: str, against: str, target: int | None,
         outcome: str, *, earns: bool = False, hidden: bool = False, opponent: Combatant | None = None,
         opponent_total: int | None = None) -> None:
    """Keep this roll in the state for scripts (``show --json`` checks): its dice (dragon die first),
    total, what it was against and its outcome. ``earns``: a roll that can earn stunt points (an
    attack or a casting): they are then the dragon die on a success with doubles, else 0; unknown
    (None) when only the sum was given; None for rolls that earn none."""
    roll = check.roll
    good = outcome in ("success", "hit", "win")
    degree = f"dragon die {roll.dragon}: {DEGREE[roll.dragon]}" if good and roll.dragon else None
    points = None
    if earns and roll.dice:
        points = int(roll.dragon or 0) if good and roll.doubles else 0
    record_check(ctx, c, what, check.total, dice=roll.dice, bonus=check.total - roll.natural, against=against,
                 target=target, opponent=opponent, opponent_total=opponent_total, outcome=outcome,
                 degree=degree, stunt_points=points, hidden=hidden)


def ability_what(key: str, focus: str | None) -> str:
    return key + (f":{focus}" if focus else "")


def focus_note(c: Combatant, focus: str | None) -> "Msg | str":
    """Said after a result when the named focus is not on the sheet."""
    if focus and not has_focus(c, focus):
        return _(" ({name} lacks the {focus} focus: no +2)", name=named(c), focus=of(c, focus))
    return ""


def degree(c: Combatant, roll: AgeRoll) -> Msg:
    if roll.dragon is None:
        return _("dragon die not given")
    return _("degree {n}: {word}", n=of(c, roll.dragon), word=DEGREE[roll.dragon])


def split_ability(word: str) -> tuple[str | None, str | None]:
    """``con:swimming`` -> ("con", "swimming"); a word that names no ability -> (None, None)."""
    name, sep, focus = word.strip().partition(":")
    key = ability_key(name) if name else None
    return key, ((focus.strip() or None) if sep and key else None)


# -- the tail of a roll's line: DICE, a sum, +N, an ability --------------------------------

_DICE3 = re.compile(r"^([1-6]),([1-6]),([1-6])$")
_NUMBER = re.compile(r"^\d{1,3}$")
_MOD = re.compile(r"^[+-]\d{1,3}$")


@dataclass
class Tail:
    numbers: list[int] = field(default_factory=list)
    dice: tuple[int, ...] | None = None
    mods: list[int] = field(default_factory=list)
    ability: str | None = None
    focus: str | None = None

    @property
    def mod(self) -> int:
        return sum(self.mods)

    @property
    def mod_parts(self) -> tuple[tuple[Term, int], ...]:
        return ((MOD, self.mod),) if self.mod else ()


def read_tail(ctx: Context, tokens: tuple[str, ...], verb: "str | Term", usage: Any, expected: Msg,
              ability: bool = True, numbers: int = 1) -> Tail:
    """Read ``[ABILITY[:FOCUS]] [DICE] [+N]`` by the shape of each token: ``5,5,3`` or ``5 5 3``
    are the three naturals (dragon die first), a bare number the 3d6 sum, ``+1``/``-2`` a
    modifier. Anything else is refused, naming what ``expected`` lists."""
    out = Tail()
    for raw in tokens:
        tok = raw.strip()
        if not tok:
            continue
        m = _DICE3.match(tok)
        if m:
            if out.dice is not None:
                ctx.fail(_("{verb}: two sets of dice ({token}); usage: {usage}", verb=verb, token=tok, usage=usage))
            out.dice = tuple(int(x) for x in m.groups())
            continue
        if _NUMBER.match(tok):
            out.numbers.append(int(tok))
            continue
        if _MOD.match(tok):
            out.mods.append(int(tok))
            continue
        key, focus = split_ability(tok) if ability and out.ability is None else (None, None)
        if key is None:
            ctx.fail(_("{verb}: unexpected {word!r}: expected {expected}; usage: {usage}", verb=verb, word=tok,
                       expected=expected, usage=usage))
        out.ability, out.focus = key, focus
    if out.dice is None and len(out.numbers) == 3 and all(1 <= n <= 6 for n in out.numbers):
        out.dice, out.numbers = tuple(out.numbers), []
    if len(out.numbers) > numbers:
        ctx.fail(_("{verb}: too many numbers ({numbers}); usage: {usage}", verb=verb,
                   numbers=", ".join(map(str, out.numbers)), usage=usage))
    return out
