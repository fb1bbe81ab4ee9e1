"""House-rule switches. Defaults are the seed's rule; the alternatives are the
published ones (dragon_age.md §2.10, [Δ]), or the [I] interpretations a GM may
want to flip."""

from __future__ import annotations

from typing import Any

from gm_console.ruleset import EncounterState, OptionDef

OPTIONS: tuple[OptionDef, ...] = (
    OptionDef("heal_amount", "1d6", ("1d6", "dragon"),
              doc="Heal action restores 1d6 + Cunning (seed) or Dragon Die + Cunning (official)"),
    OptionDef("dying_count", "turns", ("turns", "rounds"),
              doc="dying countdown: Con+2 of its own turns ([I]) or always round R+Con+2"),
    OptionDef("npcs_as_pcs", False,
              doc="NPCs at 0 Health are dying like PCs instead of dead"),
    OptionDef("disarm_cost", 2, (2, 3), doc="stunt points for Disarm (printings differ)"),
    OptionDef("action_limits", True,
              doc="refuse a second major action or a third action in a turn"),
    OptionDef("breather_once", True, doc="one breather per encounter"),
    OptionDef("defense_bonuses", "stack", ("stack", "highest"),
              doc="Defend, Defensive Stance and Mana Shield add up, or only the best counts"),
    OptionDef("mana_rest", "1d6+4/h", ("1d6+4/h", "off"),
              doc="mana regained per full hour of a rest of 6h or more (quick-start rule)"),
)

DEFAULTS = {o.key: o.default for o in OPTIONS}


def option(state: EncounterState, key: str) -> Any:
    """The save's value or the seed default, for hooks that only get the state."""
    return state.options.get(key, DEFAULTS[key])
