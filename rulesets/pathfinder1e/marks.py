"""Pathfinder's marks: the bookkeeping it keeps on a combatant that no stat block holds.

Each is declared once here, with the type of what it holds and what it records; the game's
modules read ``STABLE.of(c)`` and write ``ctx.set_mark(c, STABLE, "aided")`` (None clears).
The save holds the key text, so renaming a constant here changes no save; changing a key does.
The engine's own marks (the bestiary origin, afflictions on their clock) are ``engine_marks``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gm_console.ruleset import Mark

GAME = "pathfinder1e"

# -- initiative and actions (pathfinder1e.md §1.1, §1.2) ------------------------------------------
ROLLOFF = Mark("rolloff", tuple[int, ...], "the roll-off dice that break an initiative tie, first die first "
               "(§1.1.2)", owner=GAME)
UNACTED = Mark("unacted", bool, "flat-footed until its first turn in this combat (§1.1.4): cleared when it acts",
               owner=GAME)
ACTIONS = Mark("actions", Mapping[str, Any], "the actions ticked this turn ({\"ticks\": [[kind, why]...], "
               "\"act\": ...}), an immediate action's swift taken before the turn included (§1.2)", owner=GAME)
IMMEDIATE = Mark("immediate", bool, "an immediate action was taken before its turn: it spends that turn's "
                 "swift action (§1.2)", owner=GAME)
HERO_ROUND = Mark("hero_round", int, "the round a hero point was last spent, so a second in that round is "
                  "refused (§1.6)", owner=GAME)

# -- life (§1.3, §1.4, §1.6) -------------------------------------------------------------------------
STABLE = Mark("stable", str, "how a dying character became stable: \"aided\" (healed or tended) or "
              "\"unaided\" (its own Con check), which decides its hourly checks (§1.4)", owner=GAME)
RECOVERING = Mark("recovering", bool, "a disabled character at negative HP that heals naturally again "
                  "(§1.4)", owner=GAME)
STABLE_SECS = Mark("stable_secs", int, "seconds stable since its last hourly Con check, kept across `pass` "
                   "(§1.4, §1.10)", owner=GAME)
CHEAT_WINDOW = Mark("cheat_window", bool, "a death a hero point can still undo (cheat death, §1.6)", owner=GAME)

# -- time, rest and ability loss (§1.5, §1.8, §1.9, §1.10) ------------------------------------------
REST_SECS = Mark("rest_secs", int, "seconds rested towards shedding exhausted or fatigued (§1.5)", owner=GAME)
NL_SECS = Mark("nl_secs", int, "seconds towards the next hour of nonlethal healing (§1.3)", owner=GAME)
RESTED = Mark("rested", tuple[int, ...], "[day, nights' rests that day]: a full night's rest heals once a day "
              "(§1.8)", owner=GAME)
ABILITY_DAMAGE = Mark("ability_damage", Mapping[str, int], "ability damage by score ({\"con\": 2}): heals with "
                      "rest (§1.9)", owner=GAME)
ABILITY_DRAIN = Mark("ability_drain", Mapping[str, int], "ability drain by score: lasts until restored "
                     "(§1.9)", owner=GAME)
CON_HP = Mark("con_hp", int, "HP already taken off for the Con penalty of damage and drain, so each change "
              "moves HP by the difference (§1.9)", owner=GAME)
DRAIN_HP = Mark("drain_hp", int, "HP already taken off for negative levels (5 each), as CON_HP is for Con "
                "(§1.9)", owner=GAME)

# -- maneuvers, items, regeneration (§1.7, §1.14) ---------------------------------------------------
GRAPPLING = Mark("grappling", Mapping[str, int | None], "whom it holds in a grapple: id -> the round it began "
                 "(None: out of combat) (§1.7.1)", owner=GAME)
ITEMS = Mark("items", Mapping[str, Any], "the items it carries by name: kind, hardness, hp, enhancement, "
             "broken (sunder, §1.7.2)", owner=GAME)
REGEN_OFF = Mark("regen_off", int, "regeneration stopped by a damage type that gets through: until the round "
                 "it names (-1: until time passes) (§1.14)", owner=GAME)
