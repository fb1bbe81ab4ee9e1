"""Hero points when someone would die (pathfinder1e.md §1.6): cheating death, the offer right
after the killing blow and the points it costs. ``life.die`` asks here; the spend and award
verbs are in ``hero``, which uses the same functions.

The death stands when it is offered (the GM may not want it): a ``cheat_window`` mark lets
``spend NAME hero cheat-death`` (or ``hero pet``, for a PC's companion) undo it until the
next turn starts.
"""

from __future__ import annotations

from gm_console.ruleset import Combatant, Context, fold_text, gm, named, of

from . import marks
from .catalogue import BLEEDS
from .i18n import _, _n
from .options import option
from .stats import HERO_MAX, conscious_life, death_threshold

RULE = "pathfinder1e.md §1.6"


def points(c: Combatant) -> int:
    p = c.pools.get("hero")
    return p.value if p else 0


def set_points(ctx: Context, c: Combatant, value: int) -> None:
    ctx.set_pool(c, "hero", value, max=HERO_MAX, rule=RULE)


def could_be_pet(pet: Combatant) -> bool:
    return not pet.is_pc and (bool(pet.stats.get("owner")) or pet.side == "ally")


def is_pet_of(pet: Combatant, owner: Combatant) -> bool:
    """The `owner=` stat decides; without it any allied non-PC may be some PC's companion."""
    given = pet.stats.get("owner")
    if given:
        return fold_text(given) in (fold_text(owner.id), fold_text(owner.name))
    return pet.side == "ally"


def owner_of(state, pet: Combatant) -> Combatant | None:
    if pet.is_pc or not pet.stats.get("owner"):
        return None
    return next((o for o in state.combatants.values() if o.is_pc and is_pet_of(pet, o)), None)


def saveable(c: Combatant) -> bool:
    return c.life == "dying" or (c.life == "dead" and bool(marks.CHEAT_WINDOW.of(c)))


def restore(ctx: Context, c: Combatant, who_pays: Combatant, cost: int, rule: str) -> None:
    have = points(who_pays)
    thr = death_threshold(c)
    hp = c.pools["hp"].value if "hp" in c.pools else thr + 1
    new_hp = max(hp, thr + 1)
    set_points(ctx, who_pays, have - cost)
    if "hp" in c.pools and new_hp != hp:
        ctx.set_pool(c, "hp", new_hp, rule=rule)
    if new_hp < 0:
        ctx.set_life(c, "stable", rule=rule)
        ctx.set_mark(c, marks.STABLE, "unaided")
        now = _("stable at HP {hp}", hp=of(c, new_hp))
    else:
        nl = c.pools["nl"].value if "nl" in c.pools else 0
        ctx.set_life(c, conscious_life(new_hp, nl), rule=rule)
        now = _("alive at HP {hp}", hp=of(c, new_hp))
    ctx.set_mark(c, marks.CHEAT_WINDOW, None)
    if who_pays is c:
        ctx.say(_("{name} spends {cost} hero points to cheat death: {now}; {left} left", name=named(c), cost=gm(cost),
                  now=now, left=gm(have - cost)), rule=rule, who=c.id, gm_only=True)
    else:
        ctx.say(_n("{payer} spends {n} hero point to save {name}: {now}; {left} left",
                   "{payer} spends {n} hero points to save {name}: {now}; {left} left", cost, n=gm(cost),
                   payer=named(who_pays), name=named(c), now=now, left=gm(have - cost)), rule=rule, who=who_pays.id,
                gm_only=True)
    # §1.4 [S] "alive ... stable": a bleed left running would kill it again at its next turn
    # start, so the blood stops as with any stabilisation (§1.5 bleed).
    bleeding = [inst for inst in c.conditions if inst.cond in BLEEDS]
    for inst in bleeding:
        ctx.remove_condition(c, inst, reason="healed")
    if bleeding:
        ctx.say(_("{name}: the bleeding stops", name=named(c)), rule=rule, who=c.id)


def cheat_death_auto(ctx: Context, c: Combatant) -> bool:
    """Option cheat_death=auto: the GM pre-decided to spend 2 points whenever a PC would die."""
    if not c.is_pc or points(c) < 2 or option(ctx.state, "cheat_death") != "auto":
        return False
    restore(ctx, c, c, 2, RULE)
    return True


def offer_cheat_death(ctx: Context, c: Combatant) -> None:
    """Keep the death undoable until the next turn; say so when the points are there."""
    if c.is_pc:
        ctx.set_mark(c, marks.CHEAT_WINDOW, True)
        if points(c) >= 2:
            ctx.say(_("{name} would die: spend 2 hero points to cheat death? (spend {ref} hero cheat-death)",
                      name=named(c), ref=gm(c.id)), rule=RULE, who=c.id, gm_only=True)
        return
    if not could_be_pet(c):
        return
    ctx.set_mark(c, marks.CHEAT_WINDOW, True)
    owner = owner_of(ctx.state, c)
    cost = int(option(ctx.state, "pet_cheat_cost"))
    if owner is None:
        ctx.say(_n("{name} would die: if it is a PC's pet, companion or mount, {n} hero point can save it "
                   "(spend OWNER hero pet {ref})",
                   "{name} would die: if it is a PC's pet, companion or mount, {n} hero points can save it "
                   "(spend OWNER hero pet {ref})", cost, n=gm(cost), name=named(c), ref=gm(c.id)), rule=RULE, who=c.id,
                gm_only=True)
    elif points(owner) >= cost:
        ctx.say(_n("{name} would die: {owner} may spend {n} hero point to save it (spend {owner_ref} hero pet {ref})",
                   "{name} would die: {owner} may spend {n} hero points to save it (spend {owner_ref} hero pet "
                   "{ref})", cost, n=gm(cost), name=named(c), owner=named(owner), owner_ref=gm(owner.id), ref=gm(c.id)),
                rule=RULE, who=c.id, gm_only=True)
