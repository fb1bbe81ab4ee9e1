"""Starfinder's own message catalogue: every sentence in English here, Spanish in locale/es."""

from pathlib import Path

from gm_console.ruleset import Domain


_ = Domain("gm_console_starfinder", Path(__file__).resolve().parent / "locale")
C_ = _.context  # the same English another language tells apart (msgctxt)
_n = _.plural
T_ = _.term  # a name that is data: T_("ctx", "English", "Spanish"); the tool puts it in the catalogue
