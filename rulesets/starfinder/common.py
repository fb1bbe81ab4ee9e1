"""Small helpers the rule modules share: reading verb arguments, rolling checks, logging."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from gm_console.ruleset import Combatant, Context, RollResult, RulesError, fold_text, record_check

_INT = re.compile(r"^[+-]?\d{1,6}$")


def is_int(token: str) -> bool:
    return bool(_INT.match(token.strip()))


def say(ctx: Context, who: Combatant | None, en: str, es: str, rule: str = "") -> None:
    ctx.say(en, es, rule=rule, who=who.id if who is not None else None)


def check(ctx: Context, bonus: int, purpose: str, who: Combatant | None = None,
          given: int | None = None, *, what: str = "", dc: int | None = None, against: str = "",
          beat: bool = False) -> tuple[int, str]:
    """A d20 check: the GM's total when typed, else 1d20 + bonus (forced dice honoured).

    With ``what`` the check is kept in the state for scripts (``show --json`` checks); with
    ``dc`` its outcome too: success at ``dc`` or more (``beat``: only above it, as a defender's
    Piloting against a rammer's, whose ties go to the rammer).
    """
    if given is not None:
        total, text, dice = given, f"{given} (given)", ()
    else:
        expr = "1d20" if bonus == 0 else f"1d20{bonus:+d}"
        r: RollResult = ctx.roll(expr, purpose=purpose, who=who.id if who is not None else None)
        total, text, dice = r.total, r.text or f"{r.total}", r.naturals
    if what:
        outcome = None if dc is None else "success" if (total > dc if beat else total >= dc) else "failure"
        record_check(ctx, who, what, total, dice=dice, bonus=None if given is not None else bonus,
                     against=against or (f"DC {dc}" if dc is not None else ""), target=dc, outcome=outcome)
    return total, text


def roll(ctx: Context, expr: str, purpose: str, who: Combatant | None = None) -> int:
    return ctx.roll(expr, purpose=purpose, who=who.id if who is not None else None).total


@dataclass
class Args:
    """A verb's tokens split into words, whole numbers (check totals) and key=value pairs."""

    words: list[str] = field(default_factory=list)
    numbers: list[int] = field(default_factory=list)
    keys: dict[str, str] = field(default_factory=dict)

    @classmethod
    def parse(cls, tokens: tuple[str, ...], usage: str) -> "Args":
        out = cls()
        for tok in tokens:
            if "=" in tok:
                k, _, v = tok.partition("=")
                if not k.strip():
                    raise RulesError(f"{tok!r} has no key; usage: {usage}")
                out.keys[fold_text(k).replace(" ", "-")] = v.strip()
            elif is_int(tok):
                out.numbers.append(int(tok))
            else:
                out.words.append(tok)
        return out

    def key_int(self, names: tuple[str, ...], usage: str) -> int | None:
        for n in names:
            if n in self.keys:
                raw = self.keys[n]
                if not is_int(raw):
                    raise RulesError(f"{n}= takes a whole number, not {raw!r}; usage: {usage}")
                return int(raw)
        return None

    def flag(self, *names: str) -> bool:
        """Whether one of these bare words was given (and take it out of the words)."""
        wanted = {fold_text(n) for n in names}
        for w in list(self.words):
            if fold_text(w) in wanted:
                self.words.remove(w)
                return True
        return False

    def total(self, usage: str) -> int | None:
        if len(self.numbers) > 1:
            raise RulesError(f"one check total at most, got {self.numbers}; usage: {usage}")
        return self.numbers[0] if self.numbers else None


def creature(ctx: Context, ref: str) -> Combatant:
    """A combatant that must be a creature: vehicles have their own verbs."""
    c = ctx.combatant(ref)
    if c.category == "vehicle":
        raise RulesError(f"{c.name} is a vehicle; this takes a creature (vehicles: drive, race, ram, runover...)")
    return c


def need(words: list[str], n: int, usage: str) -> None:
    if len(words) < n:
        raise RulesError(f"missing arguments; usage: {usage}")


def no_more(words: list[str], n: int, usage: str) -> None:
    if len(words) > n:
        raise RulesError(f"unexpected {' '.join(words[n:])!r}; usage: {usage}")


def sign(n: int) -> str:
    return f"{n:+d}"
