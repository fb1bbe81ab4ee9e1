"""D&D fifth edition's own message catalogue (rulesets/dnd5e/locale): every sentence in English
here, its Spanish in locale/es."""

from __future__ import annotations

from pathlib import Path

from gm_console.ruleset import Domain


_ = Domain("gm_console_dnd5e", Path(__file__).resolve().parent / "locale")
C_ = _.context  # the same English another language tells apart (msgctxt)
_n = _.plural
T_ = _.term  # a name that is data: T_("ctx", "English", "Spanish"); the tool puts it in the catalogue
