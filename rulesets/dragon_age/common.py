"""Small shared helpers: argument tokens, turns, pools, stunt-point bookkeeping."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from gm_console.ruleset import Combatant, Context, EncounterState, Pool

from .stats import ability_key

RULE = "DA"


def rule(section: str) -> str:
    return f"dragon_age.md §{section}"


def health(ctx: Context, c: Combatant) -> Pool:
    pool = c.pools.get("health")
    if pool is None:
        ctx.fail(f"{c.name} has no health; set it first: set {c.id} health=20")
    return pool


def own_turn(state: EncounterState, c: Combatant) -> bool:
    return state.in_combat and state.active == c.id


def turn_started(state: EncounterState, c: Combatant) -> bool:
    """Whether its turn of the current round has begun (it is acting or has acted)."""
    return state.in_combat and state.started.get(c.id) == state.round


def plural(n: int, en: str, es: str | None = None) -> tuple[str, str]:
    es = es or en
    return (en if n == 1 else en + "s"), (es if n == 1 else es + "s")


_DICE3 = re.compile(r"^([1-6]),([1-6]),([1-6])$")
_NUMBER = re.compile(r"^\d{1,3}$")
_MOD = re.compile(r"^[+-]\d{1,3}$")


@dataclass
class Tokens:
    """The free tail of a verb line, sorted by shape.

    ``5,5,3`` is three natural dice (the first is the dragon die), a bare number is
    a target number or a 3d6 total depending on the verb, ``+1``/``-2`` a
    modifier, ``key=value`` an option, ``con:swimming`` an ability with a focus.
    """

    numbers: list[int] = field(default_factory=list)
    dice: tuple[int, ...] | None = None
    mods: list[int] = field(default_factory=list)
    kv: dict[str, str] = field(default_factory=dict)
    ability: str | None = None
    focus: str | None = None
    words: list[str] = field(default_factory=list)

    @property
    def mod(self) -> int:
        return sum(self.mods)


def tokens(ctx: Context, args: tuple[str, ...], usage: str) -> Tokens:
    out = Tokens()
    for raw in args:
        tok = raw.strip()
        if not tok:
            continue
        m = _DICE3.match(tok)
        if m:
            if out.dice is not None:
                ctx.fail(f"two sets of dice ({tok}); usage: {usage}")
            out.dice = tuple(int(x) for x in m.groups())
        elif _NUMBER.match(tok):
            out.numbers.append(int(tok))
        elif _MOD.match(tok):
            out.mods.append(int(tok))
        elif "=" in tok:
            key, _, value = tok.partition("=")
            out.kv[key.strip().casefold()] = value.strip()
        else:
            name, sep, focus = tok.partition(":")
            key = ability_key(name) if name else None
            if key is not None and out.ability is None:
                out.ability = key
                out.focus = focus.strip() or None if sep else None
            elif not name and sep and out.focus is None:
                out.focus = focus.strip() or None
            else:
                out.words.append(tok.casefold())
    if "focus" in out.kv and out.focus is None:
        out.focus = out.kv.pop("focus")
    return out


def loose_dice(t: Tokens, fixed: int) -> Tokens:
    """``5 5 3`` typed as three numbers after the verb's ``fixed`` ones (a TN, a mana cost...)
    are the three dice, dragon die first, as ``5,5,3``."""
    tail = t.numbers[fixed:]
    if t.dice is None and len(tail) == 3 and all(1 <= n <= 6 for n in tail):
        t.dice = tuple(tail)
        del t.numbers[fixed:]
    return t


def reject_words(ctx: Context, t: Tokens, allowed: set[str], usage: str) -> None:
    for w in t.words:
        if w not in allowed:
            extra = f" or one of {', '.join(sorted(allowed))}" if allowed else ""
            ctx.fail(f"unexpected {w!r}: expected an ability, numbers, dice like 5,5,3{extra}; usage: {usage}")


# -- stunt points waiting ---------------------------------------------------------------


def waiting_points(c: Combatant) -> int:
    pool = c.pools.get("stunt")
    return pool.value if pool is not None else 0


def clear_stunt_points(ctx: Context, why_en: str = "", why_es: str = "") -> None:
    """Unspent stunt points vanish (dragon_age.md §2.5: spend them at once); the ``stunt`` pool goes with them."""
    for c in ctx.state.combatants.values():
        left = waiting_points(c)
        ctx.remove_pool(c, "stunt")
        if left > 0 and why_en:
            what = "1 unspent stunt point vanishes" if left == 1 else f"{left} unspent stunt points vanish"
            ctx.say(f"{c.name}'s {what} ({why_en})",
                    f"Se pierde{'n' if left != 1 else ''} {left} punto{'s' if left != 1 else ''} de proeza "
                    f"sin gastar de {c.name} ({why_es})", rule=rule("2.5"), who=c.id)
        if c.marks.get("stunt_roll") is not None:
            ctx.set_mark(c, "stunt_roll", None)
        for key in ("bonus_attack", "bonus_cast"):  # an unused Lightning Attack / Fast Casting lapses too
            if c.marks.get(key):
                ctx.set_mark(c, key, None)
