"""D&D fifth edition's own message catalogue (rulesets/dnd5e/locale): every sentence in English
here, its Spanish in locale/es."""

from __future__ import annotations

from pathlib import Path

from gm_console.ruleset import N_, Domain


_ = Domain("gm_console_dnd5e", Path(__file__).resolve().parent / "locale")
C_ = _.context  # the same English another language tells apart (msgctxt)
_n = _.plural
T_ = _.term  # a name that is data: T_("ctx", "English", "Spanish"); the tool puts it in the catalogue


#: lines as saves written before they spoke of a combatant as a person would ("its", "it" of
#: anyone, a player character too: docs/sheets.md#the-log-and-the-players): the log keeps a
#: message's id, so the catalogue keeps these for an older save to read, in Spanish too
FORMER_IDS = (
    N_("its concentration ended"),
    N_("{name} takes its reaction"),
    N_("{name} dodges: attacks against it have disadvantage until its next turn"),
    N_("{name} dashes: its movement this turn grows by its Speed"),
    N_("{name} takes its {kind}"),
    N_("{name} dies: damage at 0 HP of at least its HP maximum"),
    N_("{name} falls unconscious and is dying: death saves at the start of its turns"),
    N_("{name} keeps its {have} temporary HP (the new {n} are not more)"),
    N_("{name} uses {what}: it recharges on {low}-6 at the start of its turns"),
    N_("{name} regains its spent Hit Point Dice: {n} of {n}"),
    N_("the readied spell was not released by the start of its turn: it dissipates"),
    N_("{name} readies its action and its turn goes on (movement, a bonus action)"),
    N_("released with its reaction"),
    N_("{name} has been stable long enough: it regains 1 HP"),
    N_("it died"),
)
