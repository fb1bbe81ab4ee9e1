"""Whose a combatant's things are, as a line of the log says it in English ("with her longsword").

A player character is a person, not "its": the possessive follows the sheet's gender, else
whether the combatant is a person or a creature (docs/sheets.md#the-log-and-the-players).
Spanish says "su" of anyone's, so the term's Spanish is always that.
"""

from __future__ import annotations

from typing import Any

from gm_console.i18n import T_, Term

from .marks import BESTIARY
from .told import gender_of

POSSESSIVES = {"m": T_("possessive", "his", "su"), "f": T_("possessive", "her", "su"),
               "person": T_("possessive", "their", "su"), "creature": T_("possessive", "its", "su")}


def possessive(c: Any) -> Term:
    """The sheet's gender (``gender=f|m``) gives her or his; without one a PC, or an ally the GM
    typed in (a named NPC), is a person: their; a foe, a creature from the bestiary or a
    vehicle: its."""
    gender = gender_of(c)
    if gender is not None:
        return POSSESSIVES[gender]
    side, category = getattr(c, "side", "foe"), getattr(c, "category", "creature")
    person = category == "creature" and (side == "pc" or (side == "ally" and BESTIARY.of(c) is None))
    return POSSESSIVES["person" if person else "creature"]
