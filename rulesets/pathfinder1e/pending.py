"""Warnings for the GM (pathfinder1e.md §1.4, §1.6): what the rules are waiting for.

A warning offers a command only when the GM can run it now and it does what the
words say: cheat death when the points are there; a first-aid Heal check rolled by
the combatant whose turn it is (never "stabilize" as if a Heal DC 15 had been made);
the standard action of a disabled one; dropping a readied action.
"""

from __future__ import annotations

from gm_console.ruleset import Combatant, EncounterState, Pending, afflictions as clock, possessive

from . import marks
from .cheat_death import could_be_pet, owner_of, points
from .i18n import _, _n
from .life import countdown
from .options import option


def pending(rules, state: EncounterState) -> list[Pending]:
    out: list[Pending] = clock.pending(state, ("poisoned", "diseased"))  # §1.17, save_rolls offer
    for c in state.combatants.values():
        if c.life == "dead" and marks.CHEAT_WINDOW.of(c):
            out.extend(_cheat_death(state, c))
    for c in state.combatants.values():
        if "hp" not in c.pools or c.life == "dead":
            continue
        thr, to_go = countdown(c)
        if c.life == "dying":
            out.append(Pending(c.id, _("{name} is dying: Con check at the start of {whose} turn (dies at {thr}, "
                                       "{left} to go)", whose=possessive(c), name=c.name, thr=thr, left=to_go)))
        elif c.life == "stable" and marks.STABLE.of(c) != "aided":
            out.append(_unaided(rules, state, c))
        elif c.life == "disabled":
            out.append(Pending(c.id, _("{name} is disabled: a standard action costs 1 HP (standard {ref})",
                                       name=c.name, ref=c.id), command=f"standard {c.id}"))
        bleeding = sum(i.value or 0 for i in c.conditions if i.cond == "bleed")
        if bleeding:
            out.append(Pending(c.id, _("{name} bleeds {n} HP at the start of {whose} turn (Heal DC 15 or any healing "
                                       "stops it)", whose=possessive(c), name=c.name, n=bleeding)))
    active = state.active
    if active and active in state.readied and active in state.combatants:
        c = state.get(active)
        out.append(Pending(c.id, _("{name} still has a readied action ({trigger}): keep it or unready {ref}",
                                   name=c.name, trigger=state.readied[active].trigger, ref=c.id),
                           command=f"unready {c.id}"))
    return out


def _cheat_death(state: EncounterState, c: Combatant) -> list[Pending]:
    out = []
    if c.is_pc and points(c) >= 2:
        out.append(Pending(c.id, _("{name} would die: spend 2 hero points? (spend {ref} hero cheat-death)",
                                   name=c.name, ref=c.id), gm_only=True, command=f"spend {c.id} hero cheat-death"))
    owner = owner_of(state, c)
    cost = int(option(state, "pet_cheat_cost"))
    if not c.is_pc and owner is None and could_be_pet(c):
        out.append(Pending(c.id, _n("{name} would die: its owner may spend {n} hero point (spend OWNER hero pet {ref})",
                                    "{name} would die: its owner may spend {n} hero points (spend OWNER hero pet "
                                    "{ref})", cost, name=c.name, ref=c.id), gm_only=True))
    if owner is not None and points(owner) >= cost:
        out.append(Pending(c.id, _n("{name} would die: {owner} may spend {n} hero point (spend {owner_ref} hero pet "
                                    "{ref})", "{name} would die: {owner} may spend {n} hero points (spend {owner_ref} "
                                    "hero pet {ref})", cost, name=c.name, owner=owner.name, owner_ref=owner.id,
                                    ref=c.id), gm_only=True, command=f"spend {owner.id} hero pet {c.id}"))
    return out


def _unaided(rules, state: EncounterState, c: Combatant) -> Pending:
    """Stable but unaided (after its own Con check, or a hero point's cheat death): only a Heal
    check DC 15 makes it aided. The command offered rolls that check for whoever is acting now."""
    healer = _healer(rules, state, c)
    if healer is None:
        return Pending(c.id, _("{name} is stable but unaided: hourly Con checks cost 1 HP on failure (a Heal check DC "
                               "15 makes it aided: stabilize {ref} by HEALER)", name=c.name, ref=c.id))
    return Pending(c.id, _("{name} is stable but unaided: hourly Con checks cost 1 HP on failure ({healer} may try "
                           "a Heal check DC 15: stabilize {ref} by {healer_ref})", name=c.name, healer=healer.name,
                           ref=c.id, healer_ref=healer.id), command=f"stabilize {c.id} by {healer.id}")


def _healer(rules, state: EncounterState, c: Combatant) -> Combatant | None:
    """The combatant whose turn it is, if it is on c's side and able to act."""
    if not state.in_combat or state.active not in state.combatants or state.active == c.id:
        return None
    healer = state.get(state.active)
    same_side = (healer.side == "foe") == (c.side == "foe")
    flags = rules.conditions.flags(healer)
    if not same_side or "no-actions" in flags or "helpless" in flags:
        return None
    return healer
