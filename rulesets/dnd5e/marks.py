"""D&D 5e's marks: the bookkeeping it keeps on a combatant that no stat block holds.

Each is declared once here, with the type of what it holds and what it records; the game's
modules read ``DS_OK.of(c)`` and write ``ctx.set_mark(c, DS_OK, 2)`` (None clears). The save
holds the key text, so renaming a constant here changes no save; changing a key does. The
engine's own marks (the bestiary origin with its CR, who was aware at the start) are
``engine_marks``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gm_console.ruleset import Mark

GAME = "dnd5e"

# -- the turn (dnd5e.md §7.2, §7.3) ----------------------------------------------------------------
TURN = Mark("turn", Mapping[str, bool | int], "what this turn has used: the action, the bonus action "
            "(true once taken), the feet moved and the dashes (§7.2)", owner=GAME)
REACTION = Mark("reaction", bool, "its reaction is taken: it comes back at the start of its turn (§7.3)",
                owner=GAME)

# -- 0 hit points (§3) ----------------------------------------------------------------------------------
DS_OK = Mark("ds_ok", int, "death-save successes so far: three and it is stable (§3.4)", owner=GAME)
DS_FAIL = Mark("ds_fail", int, "death-save failures so far: three and it dies (§3.4)", owner=GAME)
WAKES_IN = Mark("wakes_in", int, "seconds until a stable creature regains 1 HP (1d4 hours, rolled when it "
                "became stable) (§3.6)", owner=GAME)

# -- concentration (§5) ---------------------------------------------------------------------------------
CONCENTRATING = Mark("concentrating", Mapping[str, Any], "the spell it concentrates on: {\"spell\", \"id\", "
                     "\"conds\": the conditions it holds on others, \"readied\"} (§5)", owner=GAME)

# -- legendary creatures (§7.4, §7.6) -------------------------------------------------------------------
LEGENDARY = Mark("legendary", int, "legendary actions left this round (unset: all of them) (§7.4)", owner=GAME)
LEGENDARY_AFTER = Mark("legendary_after", tuple[int | str, ...], "[round, whose turn] its last legendary "
                       "action followed: one after each other creature's turn (§7.4)", owner=GAME)
SPENT = Mark("spent", tuple[str, ...], "its Recharge abilities used and not yet recharged, by name (§7.6)",
             owner=GAME)
