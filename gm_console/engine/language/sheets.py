"""What a stat key means on ``add``, ``set``, a prepared file and a party: one reading for all.

A pool (HP, stamina, resolve, mana...) has a current value and a maximum; a counter (hero
points, nonlethal damage) has only the number you have now, its maximum (if any) the rules'.
Every front end hands the GM's ``key=value`` pairs to ``read`` and applies them with
``for_new`` (a combatant being added) or ``for_existing`` (``set``) (docs/sheets.md):

    hp=24        the current value; the maximum too when the pool is new
    hp=24/38     both
    hp=/38       the maximum only (hpmax=38, hp-max=38, pgmax=38 the same)

A bad value is refused in one line naming the key and what it takes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Iterable

from gm_console.i18n import _, core

from ..core import attacks
from ..core.contract import Ruleset, RulesError, StatField, did_you_mean, fold_text, listing
from ..core.dice import is_dice
from ..core.state import Pool

#: how ``hpmax`` is told from ``hp``: the key, then one of these (accent- and case-blind)
MAX_SUFFIXES = ("-max", "_max", " max", "max")
#: the largest number a stat takes (a save stays readable, a sum stays an int)
LIMIT = 10**6

TRUE = {"true", "yes", "y", "1", "on", "si", "sí", "s", "verdadero"}
FALSE = {"false", "no", "n", "0", "off", "falso"}

#: the keys of every game with experience (the summary's XP): a foe without a bestiary entry
#: counts too. ``cr`` reads 1/2, 0.5 or 3; ``xp`` is the award itself, which wins over the CR's.
CR_FIELD = StatField("cr", "str", aliases=("vd", "nd", "challenge", "desafio"), en="Challenge rating", domain=core,
                     es="Valor de desafío", doc="cr=3 or cr=1/2: the XP the summary awards, from the game's table")
XP_FIELD = StatField("xp", "int", aliases=("px", "experience", "experiencia"), en="Experience award", domain=core,
                     es="Puntos de experiencia", minimum=0, maximum=LIMIT,
                     doc="the XP this foe is worth (wins over its CR)")
EXPERIENCE = (CR_FIELD, XP_FIELD)


@dataclass(frozen=True)
class PoolValue:
    """One ``key=value`` of a pool or counter: what it sets (None: left as it is)."""

    key: str
    current: int | None = None
    maximum: int | None = None


def resolve(rs: Ruleset, key: str) -> tuple[StatField, bool]:
    """``hp`` -> (hp, False); ``hpmax``/``pg-max`` -> (hp, True); an unknown key is refused
    with the likely one and the keys there are."""
    folded = fold_text(key)
    canonical = rs.sheet.field_index.get(folded)
    if canonical is not None:
        return rs.sheet.fields[canonical], False
    for suffix in MAX_SUFFIXES:
        if folded.endswith(suffix) and len(folded) > len(suffix):
            canonical = rs.sheet.field_index.get(folded[:-len(suffix)].strip())
            if canonical is not None and rs.sheet.fields[canonical].kind in ("pool", "counter"):
                return rs.sheet.fields[canonical], True
    keys = listing(f.key for f in rs.sheet.block)
    spellings = [n for f in rs.sheet.block for n in (f.key, *f.aliases)]
    spellings += [f"{f.key}max" for f in rs.sheet.block if f.kind == "pool"]
    hint = did_you_mean(key, spellings)
    raise RulesError(_('unknown stat {key!r} for {name}{hint} keys: {keys}', key=key, name=rs.name, hint=hint or ';',
                       keys=keys))


def read(rs: Ruleset, key: str, raw: str) -> tuple[StatField, Any]:
    """One ``key=value``: a pool's or counter's is a ``PoolValue``; any other key its value.
    A refusal names the stat at fault (``field``: its key, or the key as typed when unknown)."""
    try:
        f, is_max = resolve(rs, key)
    except RulesError as exc:
        raise exc.about(field=key) from None
    try:
        return _read(f, is_max, key, raw)
    except RulesError as exc:
        raise exc.about(field=f.key) from None


def _read(f: StatField, is_max: bool, key: str, raw: str) -> tuple[StatField, Any]:
    text = raw.strip()
    if f.kind in ("pool", "counter"):
        return f, _pool(f, key, text, raw, is_max)
    try:
        if f.kind == "int":
            value: Any = _whole(f, key, raw, text)
            _bounds(f, value)
        elif f.kind == "bool":
            value = yes_no(text, _("{key} takes true or false, not {raw!r}", key=f.key, raw=raw))
        elif f.kind == "choice":
            low = fold_text(text)
            choices = {fold_text(c): c for c in f.choices}
            value = choices.get(low) or f.choice_words().get(low)
            if value is None:
                raise RulesError(_('{key} takes one of {names}, not {raw!r}', key=f.key, names=listing(f.choices),
                                   raw=raw))
        elif f.kind == "list":
            value = [part.strip() for part in text.split(",") if part.strip()]
        elif f.kind == "attacks":
            value = [a.text for a in attacks.parse_many(text)]
        elif f.kind == "dice":
            if not is_dice(text) and not re.fullmatch(r"\d+", text):
                raise RulesError(_('{key} takes dice like 4d6, not {raw!r}', key=f.key, raw=raw))
            value = text
        elif f.key == "cr":
            value = challenge_text(text)
            if value is None:
                raise RulesError(_("cr takes a challenge rating like 3, 1/2 or 0.5, not {raw!r}", raw=raw))
        else:
            value = text
    except ValueError:
        raise RulesError(_("{key} takes a whole number, not {raw!r}", key=f.key, raw=raw)) from None
    return f, value


def _whole(f: StatField, key: str, raw: str, text: str) -> int:
    return _number(f, raw, text, _("{key} takes a whole number, not {raw!r}", key=f.key, raw=raw))


def _number(f: StatField, raw: str, text: str, refusal: Any) -> int:
    if not re.fullmatch(r"[+-]?\d+", text):
        raise RulesError(refusal)
    if len(text.lstrip("+-")) > 12 or abs(int(text)) > LIMIT:
        raise RulesError(_('{key}={raw} is out of range', key=f.key, raw=raw))
    return int(text)


def _bounds(f: StatField, value: int) -> None:
    if f.minimum is not None and value < f.minimum:
        raise RulesError(_('{key} must be at least {lo}, not {value}', key=f.key, lo=f.minimum, value=value))
    if f.maximum is not None and value > f.maximum:
        raise RulesError(_('{key} must be at most {maximum}, not {value}', key=f.key, maximum=f.maximum, value=value))


def _pool(f: StatField, key: str, text: str, raw: str, is_max: bool) -> PoolValue:
    if f.kind == "counter":
        if is_max or "/" in text:
            if f.maximum is not None:
                raise RulesError(_("{key} is a count of what is left, its maximum the rules' ({top}): {key}=N, "
                                   "not {raw!r}", key=f.key, top=f.maximum, raw=key + "=" + raw))
            raise RulesError(_("{key} is a count with no maximum: {key}=N, not {raw!r}", key=f.key,
                               raw=key + "=" + raw))
        value = _pool_number(f, raw, text)
        _bounds(f, value)
        return PoolValue(f.key, current=value)
    if is_max:
        top = _pool_number(f, raw, text)
        _top_ok(f, top)
        return PoolValue(f.key, maximum=top)
    if "/" in text:
        cur_text, _slash, top_text = text.partition("/")
        top = _pool_number(f, raw, top_text.strip())
        _top_ok(f, top)
        if not cur_text.strip():
            return PoolValue(f.key, maximum=top)  # hp=/38
        cur = _pool_number(f, raw, cur_text.strip())
        if cur > top:
            raise RulesError(_('{key}={raw}: the current value is above the maximum; write current/max, e.g. '
                               '{key}={value}/{value}', key=f.key, raw=raw, value=top))
        return PoolValue(f.key, current=cur, maximum=top)
    return PoolValue(f.key, current=_pool_number(f, raw, text))


def _pool_number(f: StatField, raw: str, text: str) -> int:
    if f.kind == "counter":
        return _number(f, raw, text, _("{key} takes a whole number, not {raw!r}", key=f.key, raw=raw))
    return _number(f, raw, text, _("{key} takes a whole number or current/max like 6/38, not {raw!r}", key=f.key,
                                   raw=raw))


def _top_ok(f: StatField, top: int) -> None:
    if top < 0:
        raise RulesError(_('{key} maximum cannot be negative ({value})', key=f.key, value=top))
    _bounds(f, top)


def gather(values: Iterable[PoolValue]) -> dict[str, PoolValue]:
    """Several keys for one pool in one line (``hp=30 hpmax=38``): what each says, the later winning."""
    out: dict[str, PoolValue] = {}
    for v in values:
        old = out.get(v.key, PoolValue(v.key))
        out[v.key] = PoolValue(v.key, v.current if v.current is not None else old.current,
                               v.maximum if v.maximum is not None else old.maximum)
    return out


def for_new(f: StatField, v: PoolValue) -> tuple[int, int | None]:
    """A pool the combatant does not have yet: (current, maximum). ``hp=24`` sets both."""
    try:
        return _for_new(f, v)
    except RulesError as exc:
        raise exc.about(field=f.key) from None


def _for_new(f: StatField, v: PoolValue) -> tuple[int, int | None]:
    if f.kind == "counter":
        return int(v.current or 0), f.maximum
    top = v.maximum if v.maximum is not None else v.current
    assert top is not None
    current = v.current if v.current is not None else top
    if current > top:
        raise RulesError(_("{key}: the current value {value} is above the maximum {maximum}", key=f.key,
                           value=current, maximum=top))
    return current, top


def for_existing(f: StatField, v: PoolValue, pool: Pool | None) -> tuple[int, int | None]:
    """``set`` on a pool: (current, maximum). The maximum stays unless given; lowered below
    the current value, the current value comes down with it; a current value above the
    maximum is refused (``hp=N/M`` raises both)."""
    if pool is None:
        return for_new(f, v)
    if f.kind == "counter":
        return int(v.current if v.current is not None else pool.value), f.maximum
    top = v.maximum if v.maximum is not None else pool.max
    if v.current is not None:
        if top is not None and v.current > top:
            raise RulesError(_("{key}={value} is above the maximum {maximum}; {key}={value}/{value} raises both",
                               key=f.key, value=v.current, maximum=top), field=f.key)
        return v.current, top
    return (min(pool.value, top) if top is not None else pool.value), top


def yes_no(text: str, error: Any) -> bool:
    low = text.strip().casefold()
    if low in TRUE:
        return True
    if low in FALSE:
        return False
    raise RulesError(error)


def challenge_text(text: str) -> str | None:
    """A CR as the GM wrote it, checked: ``3``, ``1/2``, ``0.5`` (``0,5``); None if it is not one."""
    cleaned = text.strip().replace(",", ".")
    if not re.fullmatch(r"\d{1,3}(\.\d{1,3})?|\d{1,3}/\d{1,3}", cleaned):
        return None
    try:
        value = Fraction(cleaned)
    except (ValueError, ZeroDivisionError):
        return None
    return cleaned if 0 < value <= 50 else None
