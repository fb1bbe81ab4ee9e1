"""Dice: the d20 library's grammar, with the GM's physical dice in charge.

Every roll the engine needs goes through ``Dice.roll``. Natural results come
from, in order: the queue given on the command line (``--rolls 15,3,12``), the
``ask`` callback (the TUI's "dice: ask" mode) or the random generator. The d20
library draws from ``random.randrange`` at module level, so we hand it a shim
that asks the ``Dice`` currently rolling; that keeps its whole grammar
(keep-highest, rerolls, explosions) working with forced results.
"""

from __future__ import annotations

from gm_console.i18n import Msg, _

from .errors import GMError

import contextvars
import random
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable, Iterable

MAX_DICE = 1000  # more than any table rolls; stops "10000d10000" freezing the screen
MAX_SIDES = 1000
MAX_CHARS = 120  # a formula a GM types fits in a line; d20 recurses on nesting and long sums
MAX_DEPTH = 10  # nested parentheses
MAX_TERMS = 40  # numbers and dice in one expression
MAX_TOTAL = 10**9  # a total beyond this is a typo, and would not fit a pool anyway
ACCEPTED = _("expected dice like 2d6+3, 1d20+5, 4d6kh3 (keep highest 3) or 4d6pl1 (drop lowest 1)")
_ANNOTATION = re.compile(r"\[.*?\]")  # d20's labels: 1d6[fire]
_TERM = re.compile(r"\d*d(?:\d+|%)|\d+(?:\.\d*)?|\.\d+")

_current: contextvars.ContextVar["Dice | None"] = contextvars.ContextVar("gm_console_dice", default=None)


class DiceError(GMError, ValueError):
    """A roll that cannot be made; the message is one line for the GM."""


class NeedDie(Exception):
    """Raised in ask mode without a prompt: the caller must supply this die and retry."""

    def __init__(self, sides: int, purpose: "str | Msg") -> None:
        super().__init__(f"roll a d{sides} for {purpose}")
        self.sides = sides
        self.purpose = purpose


class _RandomShim:
    """Stands in for the ``random`` module inside d20.expression."""

    def randrange(self, start, stop=None, step=1):
        dice = _current.get()
        if dice is None:
            return random.randrange(start, stop, step)
        return dice._draw(start, stop, step)

    def __getattr__(self, name):  # anything else d20 might use
        return getattr(random, name)


@lru_cache(maxsize=1)
def _d20():
    """The d20 library, loaded on the first roll: building its grammar costs about 60 ms
    and 3.7 MiB, which a start would otherwise pay before the first frame (or, loaded in
    the background after it, in memory for a session that may never roll)."""
    import d20
    import d20.expression

    d20.expression.random = _RandomShim()  # type: ignore[attr-defined]
    return d20, d20.Roller(context=d20.RollContext(max_rolls=MAX_DICE))


@dataclass(frozen=True)
class DieResult:
    sides: int
    value: int
    kept: bool = True


@dataclass(frozen=True)
class RollResult:
    expr: str
    total: int
    dice: tuple[DieResult, ...] = ()
    text: str = ""

    @property
    def naturals(self) -> tuple[int, ...]:
        return tuple(d.value for d in self.dice)

    @property
    def natural(self) -> int | None:
        """The first kept die: the d20 of a check, the dragon die of an AGE test."""
        for d in self.dice:
            if d.kept:
                return d.value
        return None


@dataclass
class Dice:
    forced: list[int] = field(default_factory=list)
    rng: random.Random = field(default_factory=random.Random)
    ask: "Callable[[int, str | Msg], int] | None" = None
    strict: bool = False  # True: no random fallback, raise NeedDie instead
    _purpose: "str | Msg" = ""

    @classmethod
    def from_rolls(cls, rolls: Iterable[int], seed: int | None = None) -> "Dice":
        return cls(forced=list(rolls), rng=random.Random(seed))

    def _draw(self, start, stop, step) -> int:
        if stop is None:  # randrange(n) -> 0..n-1, d20 adds 1
            sides, offset = start, 1
        elif step == 10:  # percentile die: randrange(0, 100, 10)
            sides, offset = 100, 0
        else:
            sides, offset = stop - start, start
        natural = self._natural(sides)
        if step == 10:
            return (natural // 10) * 10 % 100
        return natural - offset if stop is None else natural

    def _natural(self, sides: int) -> int:
        if self.forced:
            value = self.forced.pop(0)
            if not 1 <= value <= sides:
                raise DiceError(_('given roll {value} does not fit a d{sides} (1..{sides}) for {purpose}', value=value, sides=sides, purpose=self._purpose))
            return value
        if self.ask is not None:
            value = self.ask(sides, self._purpose)
            if not 1 <= value <= sides:
                raise DiceError(_('roll {value} does not fit a d{sides} (1..{sides})', value=value, sides=sides))
            return value
        if self.strict:
            raise NeedDie(sides, self._purpose)
        return self.rng.randrange(sides) + 1

    def roll(self, expr: str, purpose: "str | Msg" = "") -> RollResult:
        """Roll ``expr``; anything that is not a roll within the limits is a ``DiceError``."""
        expr = str(expr).strip().replace(" ", "")
        if not expr:
            raise DiceError(_('empty dice expression; {accepted}', accepted=ACCEPTED))
        tree = _parse(expr)
        self._purpose = purpose or expr
        d20, roller = _d20()
        token = _current.set(self)
        try:
            # d20 evaluates lazily: the total, the text and the dice are all read in here
            result = roller.roll(tree, stringifier=d20.SimpleStringifier())
            total = result.total
            text = str(result)
            dice = tuple(_collect(result.expr))
        except (DiceError, NeedDie):
            raise
        except d20.TooManyRolls:
            raise DiceError(_('too many dice in {value}: at most {most} rolled per roll, explosions and rerolls included', value=_shown(expr), most=MAX_DICE)) from None
        except (d20.RollError, ArithmeticError, ValueError, RecursionError) as exc:
            raise DiceError(_('cannot roll {value}: {why}; {accepted}', value=_shown(expr), why=_why(exc), accepted=ACCEPTED)) from None
        finally:
            _current.reset(token)
        if abs(total) > MAX_TOTAL:
            raise DiceError(_('{value} comes to more than {most:,} either way; {accepted}', value=_shown(expr), most=MAX_TOTAL, accepted=ACCEPTED))
        return RollResult(expr=expr, total=total, dice=dice, text=text)


def _parse(expr: str):
    """The parsed expression, checked against the limits before a single die is rolled.

    The limits come first because d20 parses and evaluates recursively: a few hundred nested
    parentheses or summed terms end in RecursionError, and a huge literal in ValueError.
    """
    if len(expr) > MAX_CHARS:
        raise DiceError(_('dice expression of {count:,} characters: at most {most}; {accepted}', count=len(expr), most=MAX_CHARS, accepted=ACCEPTED))
    plain = _ANNOTATION.sub("", expr)
    depth = deepest = 0
    for ch in plain:
        depth += ch == "("
        depth -= ch == ")"
        deepest = max(deepest, depth)
    if deepest > MAX_DEPTH:
        raise DiceError(_('{value} nests {deepest} parentheses: at most {most}; {accepted}', value=_shown(expr), deepest=deepest, most=MAX_DEPTH, accepted=ACCEPTED))
    terms = len(_TERM.findall(plain))
    if terms > MAX_TERMS:
        raise DiceError(_('{value} has {terms} terms: at most {most}; {accepted}', value=_shown(expr), terms=terms, most=MAX_TERMS, accepted=ACCEPTED))
    d20, roller = _d20()
    try:
        tree = roller.parse(expr)
    except d20.RollSyntaxError:
        raise DiceError(_('bad dice expression {value}; {accepted}', value=_shown(expr), accepted=ACCEPTED)) from None
    except (d20.RollError, ArithmeticError, ValueError, RecursionError) as exc:
        raise DiceError(_('bad dice expression {value}: {why}; {accepted}', value=_shown(expr), why=_why(exc), accepted=ACCEPTED)) from None
    for node in _nodes(tree):
        if isinstance(node, d20.diceast.Dice):
            if node.num > MAX_DICE:
                raise DiceError(_('too many dice in {value}: at most {most} per roll', value=_shown(expr), most=MAX_DICE))
            if node.size != "%" and node.size > MAX_SIDES:
                raise DiceError(_('dice with {size:,} sides in {value}: at most d{most}', size=node.size, value=_shown(expr), most=MAX_SIDES))
    return tree


def _nodes(node):
    yield node
    for child in node.children:
        yield from _nodes(child)


def _shown(expr: str) -> str:
    """The expression as quoted in an error: a pasted screenful is cut, not echoed."""
    return repr(expr if len(expr) <= 40 else expr[:37] + "...")


def _why(exc: BaseException) -> str:
    if isinstance(exc, ZeroDivisionError) or "divide by zero" in str(exc).casefold():
        return "division by zero"
    if isinstance(exc, RecursionError):
        return "nested too deep"
    if isinstance(exc, (OverflowError, ArithmeticError)):
        return "the number is too large"
    text = str(exc).strip().rstrip(".").splitlines()
    return (text[0][:1].lower() + text[0][1:80]) if text else type(exc).__name__


def _collect(node) -> list[DieResult]:
    d20, _unused = _d20()
    out: list[DieResult] = []
    if isinstance(node, d20.expression.Dice):
        size = 100 if node.size == "%" else int(node.size)
        for die in node.values:
            for lit in die.values:
                out.append(DieResult(size, int(lit.number), bool(die.kept and lit.kept)))
        return out
    for child in getattr(node, "children", []):
        out.extend(_collect(child))
    return out


def parse_rolls(text: str) -> list[int]:
    """``--rolls 15,3,12`` -> [15, 3, 12], with a one-line error on anything else."""
    out = []
    for part in text.replace(" ", "").split(","):
        if not part:
            continue
        if not part.isdigit() or int(part) < 1:
            raise DiceError(_('--rolls takes natural die results separated by commas (e.g. 15,3,12), not {part!r}', part=part))
        out.append(int(part))
    return out


def is_dice(text: str) -> bool:
    return "d" in text.lower() and any(ch.isdigit() for ch in text)
