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


#: the accented Latin letters (Latin-1 and Latin Extended-A), each as what NFKD leaves of it once
#: its marks are dropped (tests/test_text_fold.py holds the table to unicodedata): a text in
#: English, Spanish, French, Catalan... folds without reading Unicode's tables, which a start
#: that folds every verb's and condition's names paged in (0.35 MiB of its resident memory)
_UNACCENTED = str.maketrans(
    "ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮį"
    "İĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžſ",
    "AAAAAACEEEEIIIINOOOOOUUUUYaaaaaaceeeeiiiinooooouuuuyyAaAaAaCcCcCcCcDdEeEeEeEeEeGgGgGgGgHhIiIiIiIi"
    "IJjKkLlLlLlNnNnNnOoOoOoRrRrRrSsSsSsSsTtTtUuUuUuUuUuUuWwYyYZzZzZzs")


def fold_text(text: str) -> str:
    """Case- and accent-insensitive key: 'Energía consumida' -> 'energia consumida'."""
    text = str(text)
    if not text.isascii():
        plain = text.translate(_UNACCENTED)
        text = plain if plain.isascii() else unmarked(text)
    return " ".join(text.casefold().replace("_", " ").replace("-", " ").split())


def unmarked(text: str) -> str:
    """``text`` in compatibility decomposition (NFKD) without its combining marks: 'ﬁ' -> 'fi',
    'é' -> 'e'."""
    text = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in text if not unicodedata.combining(ch))


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
