"""The generic ruleset's own message catalogue (rulesets/generic/locale)."""

from pathlib import Path

from gm_console.ruleset import Domain

_ = Domain("gm_console_generic", Path(__file__).resolve().parent / "locale")
T_ = _.term  # a name that is data: T_("ctx", "English", "Spanish"); the tool puts it in the catalogue
