"""Dragon Age's own message catalogue (rulesets/dragon_age/locale): every sentence a GM reads."""

from pathlib import Path

from gm_console.ruleset import Domain

_ = Domain("gm_console_dragon_age", Path(__file__).resolve().parent / "locale")
_n = _.plural
