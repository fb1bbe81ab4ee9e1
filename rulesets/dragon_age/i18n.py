"""Dragon Age's own message catalogue (rulesets/dragon_age/locale): every sentence a GM reads."""

from pathlib import Path

from gm_console.ruleset import Domain


_ = Domain("gm_console_dragon_age", Path(__file__).resolve().parent / "locale")
C_ = _.context  # the same English another language tells apart (msgctxt)
_n = _.plural
T_ = _.term  # a name that is data: T_("ctx", "English", "Spanish"); the tool puts it in the catalogue
