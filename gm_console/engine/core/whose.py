"""Whose a combatant's things are, as a line of the log says it in English ("with her longsword").

A player character is a person, not "its": the possessive follows the sheet's gender, else
whether the combatant is a person or a creature (docs/sheets.md#the-log-and-the-players).
Spanish says "su" of anyone's one thing and "sus" of several, so the term's Spanish is always
that: a sentence whose Spanish says "sus" ("sus acciones") takes ``possessive(c, several=True)``.
"""

from __future__ import annotations

from typing import Any

from gm_console.i18n import T_, Term

from .marks import BESTIARY
from .told import gender_of

POSSESSIVES = {"m": T_("possessive", "his", "su"), "f": T_("possessive", "her", "su"),
               "person": T_("possessive", "their", "su"), "creature": T_("possessive", "its", "su")}
#: the same words before several things (Spanish "sus": "sus acciones", "her actions")
SEVERAL = {"m": T_("possessive, of several", "his", "sus"), "f": T_("possessive, of several", "her", "sus"),
           "person": T_("possessive, of several", "their", "sus"),
           "creature": T_("possessive, of several", "its", "sus")}


def possessive(c: Any, several: bool = False) -> Term:
    """The sheet's gender (``gender=f|m``) gives her or his; without one a PC, or an ally the GM
    typed in (a named NPC), is a person: their; a foe, a creature from the bestiary or a
    vehicle: its. ``several``: said of several things (Spanish "sus")."""
    table = SEVERAL if several else POSSESSIVES
    gender = gender_of(c)
    if gender is not None:
        return table[gender]
    side, category = getattr(c, "side", "foe"), getattr(c, "category", "creature")
    person = category == "creature" and (side == "pc" or (side == "ally" and BESTIARY.of(c) is None))
    return table["person" if person else "creature"]
