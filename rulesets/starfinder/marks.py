"""Starfinder's marks: the bookkeeping it keeps on a combatant or the encounter that no stat
block holds.

Each is declared once here, with the type of what it holds and what it records; the game's
modules read ``DYING.of(c)`` and write ``ctx.set_mark(c, DYING, {...})`` (None clears). The
save holds the key text, so renaming a constant here changes no save; changing a key does.
The engine's own marks (the bestiary origin, afflictions on their clock) are ``engine_marks``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gm_console.ruleset import EncounterMark, Mark

GAME = "starfinder"

# -- initiative and actions (starfinder.md §3.1, §3.2) -----------------------------------------------
TIES = EncounterMark("ties", tuple[tuple[str, ...], ...], "the groups of combatants tied at the start of "
                     "combat, which act together (§3.1 ties [S])", owner=GAME)
ROLLOFF = Mark("rolloff", tuple[int, ...], "the roll-off dice that break an initiative tie, first die first "
               "(§3.1)", owner=GAME)
READY_TEXT = Mark("ready_text", str, "the trigger of the readied action its last turn ended with, until its next turn: a "
                  "defensive trigger changes what it may do (§3.1)",
                  owner=GAME)
ACTIONS = Mark("actions", tuple[tuple[Any, ...], ...], "the actions spent this turn, as the budget counts them (§3.2)", owner=GAME)
REACTION = Mark("reaction", int, "the round its reaction was spent: one a round (§3.2)", owner=GAME)

# -- life: dying, stable, dead (§3.4, §3.5) ------------------------------------------------------------
DYING = Mark("dying", Mapping[str, int | None], "the dying countdown: the round whose turn it dropped in "
             "(\"skip\": it does not lose RP then) and the round of grace at 0 RP (\"grace\") (§3.4.2)",
             owner=GAME)
KO = Mark("ko", str, "why it is unconscious at 0 HP when not dying (\"nonlethal\": knocked out) (§3.4)",
          owner=GAME)
ZERO_HIT = Mark("zero_hit", int, "the round it last lost RP to damage at 0 HP: a second hit that round "
                "costs no RP unless over half its max HP (option damage_at_zero_hp, §3.4.4)", owner=GAME)
STABILIZED = Mark("stabilized", int, "the round it was stabilized (§3.4.3)", owner=GAME)
STABLE_SECS = Mark("stable_secs", int, "seconds stable since its last hourly Con check (§3.4.9, §3.10)",
                   owner=GAME)
STABLE_HOURS = Mark("stable_hours", int, "hours lain stable: at 8 it wakes (§3.4.9)", owner=GAME)
TENDED = Mark("tended", bool, "a stable character tended by a Medicine check: +2 to its hourly Con checks (§3.4.9)",
              owner=GAME)
DEATH = Mark("death", str, "how it died (a cause of DEATHS: massive damage, no resolve, wrecked...), read "
             "back on its sheet (§3.4)", owner=GAME)
STAMINA_REST = Mark("stamina_rest", int, "seconds rested after spending 1 RP for stamina: all of it returns "
                    "after 10 minutes (§3.5)", owner=GAME)

# -- conditions, maneuvers, monsters (§3.6, §3.7, §3.14) ------------------------------------------------
FIRE_ROUND = Mark("fire_round", int, "the fire damage taken this round, which a burning save offered at the "
                  "round's end adds (§3.6)", owner=GAME)
BURN_TRIES = Mark("burn_tries", int, "the saves failed against burning: each adds +2 to the next (§3.6)",
                  owner=GAME)
BURN_OFFER = Mark("burn_offer", Mapping[str, int], "a burning save offered to the GM (option save_rolls = "
                  "offer): {\"fire\": the fire taken that round} (§3.6)", owner=GAME)
HELD = Mark("held", Mapping[str, Any], "who grapples or pins it and until which round: {\"by\", "
            "\"grappled_until\", \"pinned_until\"} (§3.7 grapple)", owner=GAME)
REGEN_OFF = Mark("regen_off", bool, "a type that stops regeneration got through: no healing and it can die "
                 "until its next turn starts (§3.14.1)", owner=GAME)
FEROCITY = Mark("ferocity", Mapping[str, int], "fighting on at 0 HP with ferocity: {\"own\": the round of its "
                "own turn in which it dropped, whose end does not count} (§3.14.2)", owner=GAME)
ABILITY_DAMAGE = Mark("ability_damage", Mapping[str, int], "ability damage by score ({\"con\": 2}) (§3.14.6)",
                      owner=GAME)
ABILITY_DRAIN = Mark("ability_drain", Mapping[str, int], "ability drain by score (§3.14.6)", owner=GAME)
CON_SP = Mark("con_sp", int, "stamina already taken off for the Con penalty, so each change moves SP by the "
              "difference (§3.14.6)", owner=GAME)
KEY_RP = Mark("key_rp", int, "the key ability's damage steps already paid in RP, each paid once (§3.14.6)",
              owner=GAME)

# -- vehicles (§3.8) ------------------------------------------------------------------------------------
ABOARD = Mark("aboard", str, "the vehicle it is aboard, by id (§3.8)", owner=GAME)
ENGINE = Mark("engine", str, "a vehicle's engine: \"on\" once started (§3.8)", owner=GAME)
MOTION = Mark("motion", str, "a vehicle's motion: \"driving\" or \"stopped\" (§3.8)", owner=GAME)
RAN_OVER = Mark("ran_over", Mapping[str, Any], "whom a vehicle ran over this turn ({\"round\", \"turn\", "
                "\"ids\"}): none is run over twice in one move (§3.8)", owner=GAME)
AUTO_BROKEN = Mark("auto_broken", bool, "a vehicle made broken by falling to half HP (option vehicle_broken_at_half), "
                   "not by the GM: repairs above half clear it (§3.8)", owner=GAME)
