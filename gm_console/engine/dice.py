"""Dice: the d20 library's grammar, with the GM's physical dice in charge.

Every roll the engine needs goes through ``Dice.roll``. Natural results come
from, in order: the queue given on the command line (``--rolls 15,3,12``), the
``ask`` callback (the TUI's "dice: ask" mode) or the random generator. The d20
library draws from ``random.randrange`` at module level, so we hand it a shim
that asks the ``Dice`` currently rolling; that keeps its whole grammar
(keep-highest, rerolls, explosions) working with forced results.
"""

from __future__ import annotations

import contextvars
import random
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable, Iterable

MAX_DICE = 1000  # more than any table rolls; stops "10000d10000" freezing the screen
MAX_SIDES = 1000

_current: contextvars.ContextVar["Dice | None"] = contextvars.ContextVar("gm_console_dice", default=None)


class DiceError(ValueError):
    """A roll that cannot be made; the message is one line for the GM."""


class NeedDie(Exception):
    """Raised in ask mode without a prompt: the caller must supply this die and retry."""

    def __init__(self, sides: int, purpose: str) -> None:
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
    """The d20 library, loaded on the first roll: building its grammar costs ~0.2 s,
    which would otherwise be paid at every start of the program."""
    import d20
    import d20.expression

    d20.expression.random = _RandomShim()  # type: ignore[attr-defined]
    return d20, d20.Roller(context=d20.RollContext(max_rolls=MAX_DICE))


def warm_up() -> None:
    """Load the dice grammar now (the TUI calls this in a thread after the first paint)."""
    _d20()


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
    ask: Callable[[int, str], int] | None = None
    strict: bool = False  # True: no random fallback, raise NeedDie instead
    _purpose: str = ""

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
                raise DiceError(f"given roll {value} does not fit a d{sides} (1..{sides}) for {self._purpose}")
            return value
        if self.ask is not None:
            value = self.ask(sides, self._purpose)
            if not 1 <= value <= sides:
                raise DiceError(f"roll {value} does not fit a d{sides} (1..{sides})")
            return value
        if self.strict:
            raise NeedDie(sides, self._purpose)
        return self.rng.randrange(sides) + 1

    def roll(self, expr: str, purpose: str = "") -> RollResult:
        expr = str(expr).strip().replace(" ", "")
        if not expr:
            raise DiceError("empty dice expression; expected e.g. 1d20+5, 2d6+3, 4d6kh3")
        self._purpose = purpose or expr
        d20, roller = _d20()
        token = _current.set(self)
        try:
            result = roller.roll(expr, stringifier=d20.SimpleStringifier())
        except (DiceError, NeedDie):
            raise
        except d20.TooManyRolls:
            raise DiceError(f"too many dice in {expr!r}: at most {MAX_DICE} per roll") from None
        except d20.RollSyntaxError:
            raise DiceError(f"bad dice expression {expr!r}; expected e.g. 1d20+5, 2d6+3, 4d6kh3, 2d20kh1+3") from None
        except d20.RollValueError as exc:
            raise DiceError(f"bad dice expression {expr!r}: {exc}") from None
        except d20.RollError as exc:
            raise DiceError(f"cannot roll {expr!r}: {exc}") from None
        finally:
            _current.reset(token)
        dice = tuple(_collect(result.expr))
        for d in dice:
            if d.sides > MAX_SIDES:
                raise DiceError(f"dice with {d.sides} sides in {expr!r}: at most d{MAX_SIDES}")
        return RollResult(expr=expr, total=int(result.total), dice=dice, text=str(result))


def _collect(node) -> list[DieResult]:
    d20, _ = _d20()
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
            raise DiceError(f"--rolls takes natural die results separated by commas (e.g. 15,3,12), not {part!r}")
        out.append(int(part))
    return out


def is_dice(text: str) -> bool:
    return "d" in text.lower() and any(ch.isdigit() for ch in text)
