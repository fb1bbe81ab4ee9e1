"""Dragon Age's marks: the bookkeeping it keeps on a combatant or the encounter that no stat
block holds.

Each is declared once here, with the type of what it holds and what it records; the game's
modules read ``TURN.of(c)`` and write ``ctx.set_mark(c, TURN, {...})`` (None clears). The save
holds the key text, so renaming a constant here changes no save; changing a key does. The
engine's own marks (the bestiary origin with its threat) are ``engine_marks``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gm_console.ruleset import EncounterMark, Mark

GAME = "dragon_age"

# -- turns and initiative (dragon_age.md §2.2, §2.3) -------------------------------------------------
TURN = Mark("turn", Mapping[str, int], "the actions taken this turn: {\"round\", \"major\", \"minor\"} "
            "(one major and one minor, or two minor, §2.3)", owner=GAME)
SEIZE_SERIAL = EncounterMark("seize_serial", int, "how many times the initiative was seized this combat: "
                             "the latest seizer stays on top (§2.2)", owner=GAME)
SEIZED = Mark("seized", int, "the serial of its last Seize the Initiative (§2.2)", owner=GAME)

# -- stunts (§2.5) ----------------------------------------------------------------------------------------
STUNT_ROLL = Mark("stunt_roll", Mapping[str, Any], "the roll that earned the stunt points still to spend: "
                  "its kind, target, total, weapon and the damage dealt, which a stunt may change", owner=GAME)
STUNTS_USED = Mark("stunts_used", Mapping[str, Any], "the stunts spent on this roll ({\"round\", \"ids\"}): "
                   "each at most once (§2.5)", owner=GAME)
BONUS_ATTACK = Mark("bonus_attack", bool, "a Lightning Attack stunt left it a second attack, until used or "
                    "its turn ends (§2.5)", owner=GAME)
BONUS_CAST = Mark("bonus_cast", bool, "a Fast Casting stunt left it a spell as a minor action, until used or "
                  "its turn ends (§2.5)", owner=GAME)

# -- health, effects, rest (§2.6, §2.12) ------------------------------------------------------------------
ENDED_AT_ZERO = Mark("ended_at_zero", bool, "it was at 0 Health when the encounter ended: no breather "
                     "(§2.6)", owner=GAME)
BREATHER = Mark("breather", bool, "it took a breather after this encounter (once, option breather_once) "
                "(§2.6)", owner=GAME)
FROST = Mark("frost", int, "the failed tests against Winter's Grasp: each lowers its Speed again (§2.12)",
             owner=GAME)
