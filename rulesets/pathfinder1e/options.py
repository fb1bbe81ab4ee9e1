"""House-rule switches: each [Δ] of pathfinder1e.md, defaulting to the seed's version.

Hooks that only read (``effective``, ``pending``) get the state, not a
``Context``, so ``option(state, key)`` resolves the save's value or the default
the same way ``ctx.option`` does.
"""

from __future__ import annotations

from typing import Any

from gm_console.ruleset import EncounterState, OptionDef

OPTIONS: tuple[OptionDef, ...] = (
    OptionDef("fear_escalation", False, doc="official fear escalation: shaken+shaken -> frightened, "
              "shaken/frightened + frightened -> panicked (seed: off, grades do not add)"),
    OptionDef("hero_per_level", False, doc="official: +1 hero point on each level gained with "
              "`levelup` (seed: off)"),
    OptionDef("cmb_dex_tiny", False, doc="official: Tiny or smaller use Dex for CMB "
              "(seed: Diminutive or smaller)"),
    OptionDef("pet_cheat_cost", 1, choices=(1, 2), doc="hero points to save a pet, companion "
              "or mount from death (seed 1, official 2)"),
    OptionDef("charge_maneuver", "trip", choices=("trip", "bull-rush"), doc="maneuver that gets "
              "+2 while charging (seed trip, official bull-rush)"),
    OptionDef("ready_lapses", False, doc="official: an untriggered readied action is lost when its "
              "owner's next turn starts (seed: kept)"),
    OptionDef("cheat_death", "offer", choices=("offer", "auto"), doc="when a PC with 2+ hero points "
              "would die: offer (death stands until `spend NAME hero cheat-death`) or auto (spent at once)"),
    OptionDef("massive_damage", False, doc="official optional rule: 50+ damage that is half the "
              "max HP or more forces Fort DC 15 or death (seed: silent, off)"),
    OptionDef("foes_die_below_0", False, doc="table habit: a foe (not a PC, not an ally) dies as soon "
              "as its HP go below 0, no dying checks (seed: off, foes are dying like anyone)"),
)

DEFAULTS = {o.key: o.default for o in OPTIONS}


def option(state: EncounterState, key: str) -> Any:
    if key in state.options:
        return state.options[key]
    return DEFAULTS[key]
