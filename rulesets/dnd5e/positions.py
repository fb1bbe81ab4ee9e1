"""Where the attacker stands, as far as the tracker can know it (dnd5e.md §6.5, §6.6): within
5 feet or beyond (the attack's reach or range, or the GM's `near`/`far`), and the conditions
whose advantage or disadvantage depends on it or on who holds whom."""

from __future__ import annotations

from gm_console.ruleset import Attack, Combatant

from .conditions import flagged

#: the GM's word on the attack line: folded spelling -> canonical word
WORDS = {"near": "near", "close": "near", "adjacent": "near", "cerca": "near", "adyacente": "near",
         "far": "far", "lejos": "far", "distant": "far"}


def within_5_feet(words: set[str], atk: Attack) -> bool:
    """[I] The GM's `near`/`far` first; else a melee attack of reach 5 (or unstated) is within 5
    feet, a longer reach or a ranged attack beyond (dnd5e.md §6.6)."""
    if "near" in words:
        return True
    if "far" in words:
        return False
    return not atk.ranged and (atk.reach is None or atk.reach <= 5)


def grappled_elsewhere(a: Combatant, t: Combatant) -> bool:
    """Grappled, it attacks someone other than its grappler: disadvantage (SRD 5.2, Grappled).
    A grapple whose grappler the tracker does not know (no `by NAME`) gives none."""
    grips = a.instances("grappled")
    return bool(grips) and all(inst.source and inst.source != t.id for inst in grips)


def close_combat(words: set[str], atk: Attack, t: Combatant, catalogue) -> bool:
    """A ranged attack made within 5 feet (`near`) of a target able to act: disadvantage (SRD 5.2,
    Making an Attack, Ranged Attacks in Close Combat; the target is the enemy near it)."""
    return atk.ranged and "near" in words and not flagged(t, "incapacitated", catalogue) and t.life == "ok"


def charmer(a: Combatant, t: Combatant) -> bool:
    """Charmed by the target (the source the GM named: `cond Orc charmed by Ana`): it cannot attack
    it (SRD 5.2, Charmed)."""
    return any(inst.source == t.id for inst in a.instances("charmed"))
