"""An attack's riders in the reader's language: ``plus 2d6 poison`` / ``más 2d6 veneno``.

A rider is the stat block's own free text after ``plus`` (docs/sheets.md#attacks). The words
the published stat blocks use for riders (conditions, sizes, damage types, "if", "instead"...)
are catalogue words (msgctxt "rider"), so a Spanish table reads ``más tumbado si Grande o
menor`` where the book says ``plus prone if Large or smaller``; a word the list does not know
stays as the stat block wrote it, as a creature's name does.
"""

from __future__ import annotations

import re

from gm_console.i18n import C_, Msg, joined, render

from .words import DAMAGE_AFTER

#: the words of the damage types riders name (besides the attack's own, engine/rules/attack_flow.py)
#: and of the riders the published stat blocks use, longest phrase first when read
WORDS: dict[str, Msg] = {
    "HP maximum reduced by the damage": C_("rider", "HP maximum reduced by the damage"),
    "if the target is": C_("rider", "if the target is"),
    "in the first round of combat": C_("rider", "in the first round of combat"),
    "energy drain": C_("rider", "energy drain"),
    "blood drain": C_("rider", "blood drain"),
    "or smaller": C_("rider", "or smaller"),
    "escape DC": C_("rider", "escape DC"),
    "Strength damage": C_("rider", "Strength damage"),
    "Con save": C_("rider", "Con save"),
    "DC": C_("rider", "DC"),
    "advantage": C_("rider", "advantage"),
    "instead": C_("rider", "instead"),
    "if": C_("rider", "if"),
    "and": C_("rider", "and"),
    "rounds": C_("rider", "rounds"),
    "round": C_("rider", "round"),
    "ft.": C_("rider", "ft."),
    "Tiny": C_("rider", "Tiny"),
    "Small": C_("rider", "Small"),
    "Medium": C_("rider", "Medium"),
    "Large": C_("rider", "Large"),
    "Huge": C_("rider", "Huge"),
    "bloodied": C_("rider", "bloodied"),
    "prone": C_("rider", "prone"),
    "poisoned": C_("rider", "poisoned"),
    "grappled": C_("rider", "grappled"),
    "paralyzed": C_("rider", "paralyzed"),
    "paralysis": C_("rider", "paralysis"),
    "blinded": C_("rider", "blinded"),
    "entangled": C_("rider", "entangled"),
    "staggered": C_("rider", "staggered"),
    "stun": C_("rider", "stun"),
    "grab": C_("rider", "grab"),
    "trip": C_("rider", "trip"),
    "attach": C_("rider", "attach"),
    "disease": C_("rider", "disease"),
    "explode": C_("rider", "explode"),
    "push": C_("rider", "push"),
    "charge": C_("rider", "charge"),
    "burn": C_("rider", "burn"),
}

#: the riders' words and the damage types (the attack log's own words, engine/core/words.py)
_ALL: dict[str, Msg] = {**DAMAGE_AFTER, **WORDS}
_PATTERN = re.compile(r"(?<![\w.])(" + "|".join(re.escape(w) for w in sorted(_ALL, key=len, reverse=True)) + r")(?!\w)")


def rider_text(rider: str, lang: str) -> str:
    """``rider`` with each word the list knows in ``lang``."""
    return _PATTERN.sub(lambda m: render(_ALL[m.group(1)], lang), rider)


def rider_term(rider: str) -> Msg:
    """``plus RIDER`` as the log keeps it: each word the list knows a message, the rest as the
    stat block wrote it, read in the reader's language."""
    pieces = [_ALL.get(piece, piece) for piece in _PATTERN.split(rider) if piece]
    # TRANSLATORS: what an attack does besides its damage, as its stat block says it ("plus grab")
    return C_("rider", "plus {rider}", rider=joined(pieces, ""))
