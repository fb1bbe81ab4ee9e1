"""House-rule switches: every place seed and published rules differ [Δ]
(docs/rulesets/starfinder.md §3.11).

The seed is the table's own text, so it is always the default; ``official`` is the
published rule. Keys follow that page's table of options.
"""

from __future__ import annotations

from typing import Any

from gm_console.ruleset import EncounterState, OptionDef

SO = ("seed", "official")

OPTIONS: tuple[OptionDef, ...] = (
    OptionDef("tie_order", "seed", SO,
              "tied initiatives: act together in one slot (seed) or higher modifier first, then a roll-off"),
    OptionDef("partial_surprise", "seed", SO,
              "only some defenders unaware: no surprise round, they are flat-footed (seed); "
              "or a surprise round for everyone aware"),
    OptionDef("charge_attack", "seed", SO, "charge attack: +1 (seed) or -2 (official)"),
    OptionDef("total_defense", "seed", SO,
              "total defense combines with fighting defensively (seed) or does not (official)"),
    OptionDef("full_attack", "seed", SO,
              "full attack with two weapons: feat-based penalties (seed) or -4 each (official)"),
    OptionDef("damage_at_zero_hp", "seed", SO,
              "at 0 HP each hit costs 1 RP (seed) or only the first each round, then hits over half max HP "
              "(official errata)"),
    OptionDef("stabilize_spell", "seed", SO,
              "the stabilize spell needs a passed Will save (seed) or just works (official)"),
    OptionDef("natural_healing", "seed", SO, "8 h rest heals 1 HP (seed) or 1 HP per level (official)"),
    OptionDef("thrown_range", "seed", SO, "thrown weapons reach 10 range increments (seed) or 5 (official)"),
    OptionDef("bull_rush_baseline", "seed", SO,
              "bull rush distance counts 5s over KAC (seed) or over KAC + 8 (official)"),
    OptionDef("pin_threshold", "seed", SO, "grapple pins when the roll exceeds KAC + 13 (seed) or meets it"),
    OptionDef("coup_de_grace", "seed", SO,
              "coup de grace on helpless, unconscious or disarmed foes (seed) or helpless only (official)"),
    OptionDef("withdraw", "seed", SO,
              "withdraw is barred when disoriented or stunned (seed) or when blinded (official)"),
    OptionDef("race_dc_from_stop", "seed", SO, "race from a stop: DC 15 (seed) or DC 15 + level (official)"),
    OptionDef("run_over", "seed", SO,
              "run over: Reflex dodges and the vehicle takes half of what each suffered (seed); "
              "Reflex halves and the vehicle takes half the damage rolled per creature (official)"),
    OptionDef("vehicle_broken_at_half", False, (False, True),
              "a vehicle at half HP or less gains the broken condition (published rule; not in the seed)"),
)

_DEFAULTS = {o.key: o.default for o in OPTIONS}


def opt(state: EncounterState, key: str) -> Any:
    """An option read from the state (for hooks that get no Context)."""
    return state.options.get(key, _DEFAULTS[key])


def official(state: EncounterState, key: str) -> bool:
    return opt(state, key) == "official"
