"""Small text tools the whole language shares: folding for look-ups, near misses, short lists."""

from __future__ import annotations

import difflib
import unicodedata
from typing import Any, Iterable

from gm_console.i18n import Msg, _, grouped

#: an error line lists at most this many names (a 5,000-combatant roster stays one short line)
LIST_LIMIT = 12
LISTED = LIST_LIMIT


def whole(value: Any) -> Any:
    """A count as a reader writes it: 15.0 is 15, 15.5 stays (initiative, delay counts)."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def fold_text(text: str) -> str:
    """Case- and accent-insensitive key: 'Energía consumida' -> 'energia consumida'."""
    text = unicodedata.normalize("NFKD", str(text))
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return " ".join(text.casefold().replace("_", " ").replace("-", " ").split())


def slug(text: str) -> str:
    return fold_text(text).replace(" ", "-") or "x"


def closest(word: str, choices: Iterable[str]) -> str | None:
    """The one choice a typo most likely meant, or None (typos are the common error at the table).

    None for a word that is one of the choices, in any case, with or without its accents: it was
    refused for another reason, and "no 'perception'; did you mean perception?" (or its other
    language's "percepcion") tells the GM nothing."""
    key = fold_text(word)
    folded = {fold_text(ch): ch for ch in choices}
    if key in folded:
        return None
    close = difflib.get_close_matches(key, list(folded), n=1, cutoff=0.75)
    return folded[close[0]] if close else None


def listing(items: Iterable[Any], empty: str = "", limit: int = LIST_LIMIT) -> "str | Msg":
    """ "a, b, c" for an error or a hint: at most ``limit`` names, then how many more, so a
    roster of 5,000 keeps "no combatant 'x'; combatants: ..." one readable line. The name
    the GM probably meant goes in the error's "did you mean", not here."""
    items = list(items)
    if not items:
        return empty
    text = ", ".join(str(item) for item in items[:limit])
    rest = len(items) - limit
    if rest <= 0:
        return text
    count = grouped(rest)  # 4,988 / 4.988
    return _("{names} ... and {n} more", names=text, n=count)
