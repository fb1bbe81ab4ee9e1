"""Hero points (pathfinder1e.md §1.6): a GM-only count, so every line about them is gm_only.

Only PCs hold them (start 1, at most 3). At most one is spent per combat
round, except to cheat death. Cheat death is offered right after the killing
blow: the death stands (the GM may not want it) and a ``cheat_window`` mark
lets ``spend NAME hero cheat-death`` undo it until the next turn starts.
"""

from __future__ import annotations

from gm_console.ruleset import (Combatant, Context, EncounterState, Msg, RulesError, Spendable, Term, Use, fold_text, gm,
                                life, named, of)

from . import economy
from .catalogue import BLEEDS
from .i18n import _, _n
from .life import conscious_life
from .options import option
from .stats import HERO_MAX, HERO_START, death_threshold

RULE = "pathfinder1e.md §1.6"

USES: dict[str, Msg] = {
    "act": _("acts now, out of turn: one move or standard action"),
    "bonus-before": _("+8 luck bonus on a d20 roll (declared before rolling)"),
    "bonus-after": _("+4 luck bonus on a d20 roll (declared after rolling)"),
    "aid-before": _("+4 to an ally's d20 roll (declared before; must be near, with a reason)"),
    "aid-after": _("+2 to an ally's d20 roll (declared after; must be near, with a reason)"),
    "extra-action": _("gains an extra move or standard action this turn"),
    "inspiration": _("the GM gives a hint (not spent if there is nothing to tell)"),
    "recall": _("recalls one daily spell or ability already used today"),
    "reroll": _("rerolls a d20 and keeps the second result"),
    "special": _("attempts the impossible (GM's call); still rolls; no one may add hero points to it"),
    "cheat-death": _("cheats death: alive, stable, at negative HP"),
    "pet": _("saves its pet, companion or mount from death"),
    "other": _("spent (use not named)"),
}
#: each use by a short name, for the spend modal
LABELS: dict[str, Term] = {
    "act": Term("act out of turn", "actuar fuera de turno"), "bonus-before": Term("+8 before a roll", "+8 antes de tirar"),
    "bonus-after": Term("+4 after a roll", "+4 después de tirar"), "aid-before": Term("+4 to an ally", "+4 a un aliado"),
    "aid-after": Term("+2 to an ally", "+2 a un aliado"), "extra-action": Term("extra action", "acción extra"),
    "inspiration": Term("inspiration", "inspiración"), "recall": Term("recall a spell", "recuperar un conjuro"),
    "reroll": Term("reroll", "repetir tirada"), "special": Term("special", "especial"),
    "cheat-death": Term("cheat death", "burlar a la muerte"),
}

USE_ALIASES = {
    "actuar": "act", "act-out-of-turn": "act", "fuera-de-turno": "act",
    "bonus": "bonus-before", "bono": "bonus-before", "bono-antes": "bonus-before", "before": "bonus-before",
    "bono-despues": "bonus-after", "after": "bonus-after",
    "aid": "aid-before", "ayuda": "aid-before", "ayuda-antes": "aid-before", "ayudar": "aid-before",
    "ayuda-despues": "aid-after",
    "extra": "extra-action", "accion-extra": "extra-action", "accion-adicional": "extra-action",
    "inspiracion": "inspiration", "pista": "inspiration",
    "recordar": "recall", "recordar-hechizo": "recall",
    "repetir": "reroll", "volver-a-tirar": "reroll",
    "especial": "special",
    "cheat": "cheat-death", "burlar": "cheat-death", "burlar-muerte": "cheat-death",
    "burlar-a-la-muerte": "cheat-death",
    "mascota": "pet", "companion": "pet", "companero": "pet", "mount": "pet", "montura": "pet",
}

RESOURCE_NAMES = {"hero", "heroe", "hero-points", "ph", "puntos-de-heroe", "heroes"}


def is_hero(resource: str) -> bool:
    return fold_text(resource).replace(" ", "-") in RESOURCE_NAMES


def use_of(word: str) -> str:
    key = fold_text(word).replace(" ", "-")
    key = USE_ALIASES.get(key, key)
    if key not in USES:
        uses = ", ".join(u for u in USES if u != "other")
        raise RulesError(_("spend ... hero: unknown use {word!r}; uses: {uses}", word=word, uses=uses))
    return key


def points(c: Combatant) -> int:
    p = c.pools.get("hero")
    return p.value if p else 0


def _set_points(ctx: Context, c: Combatant, value: int) -> None:
    ctx.set_pool(c, "hero", value, max=HERO_MAX, rule=RULE)


def _not_pc(c: Combatant) -> Msg:
    return _("{name} is not a PC: only PCs have hero points", name=c.name)


def spend(ctx: Context, c: Combatant, amount: int | None, args: tuple[str, ...]) -> None:
    """`spend NAME hero [N] [USE] [WHO]`; without USE the points are simply spent (and logged)."""
    use = use_of(args[0]) if args else "other"
    rest = args[1:]
    if use == "pet":
        return _pet(ctx, c, rest)
    if not c.is_pc:
        ctx.fail(_("{name} is not a PC: only PCs have hero points (add NAME pc ...)", name=c.name))
    cost = 2 if use == "cheat-death" else 1
    if amount is not None and amount != cost:
        ctx.fail(_n("hero {use} costs {n} point, not {amount}", "hero {use} costs {n} points, not {amount}", cost,
                    use=use, amount=amount))
    if use == "cheat-death":
        return _cheat(ctx, c)
    _once_per_round(ctx, c)
    have = points(c)
    if have < cost:
        ctx.fail(_("{name} has {have} hero points, cannot spend {cost}", name=c.name, have=have, cost=cost))
    target = None
    if use in ("aid-before", "aid-after") and rest:
        target = ctx.combatant(rest[0])
    if use == "act":
        _act_check(ctx, c)
    if use == "extra-action":
        why = economy.extra_refusal(ctx.ruleset, ctx.state, c)
        if why:
            ctx.fail(why)
    _set_points(ctx, c, have - cost)
    if ctx.state.in_combat:
        ctx.set_mark(c, "hero_round", ctx.state.round)
    if target:
        text = _("{name} spends a hero point: {use} (for {target}); {left} left", name=named(c), use=USES[use],
                 target=named(target), left=gm(have - cost))
    else:
        text = _("{name} spends a hero point: {use}; {left} left", name=named(c), use=USES[use], left=gm(have - cost))
    ctx.say(text, rule=RULE, who=c.id, gm_only=True)
    if use == "act":
        ctx.act_now(c, reason="hero point")
        economy.act_out_of_turn(ctx, c)
    elif use == "extra-action" and ctx.state.in_combat:
        economy.extra_action(ctx, c)


def spendable(state: EncounterState, c: Combatant) -> list[Spendable]:
    """What a PC may spend hero points on now (the spend modal): cheat death only while it can."""
    have = points(c)
    if not c.is_pc or have <= 0:
        return []
    uses = [Use(key, label) for key, label in LABELS.items() if key != "cheat-death"]
    if have >= 2 and _saveable(c):
        uses.append(Use("cheat-death", LABELS["cheat-death"], 2))
    return [Spendable("hero", Term("Hero points", "Puntos de héroe"), have, tuple(uses))]


def _once_per_round(ctx: Context, c: Combatant) -> None:
    state = ctx.state
    if state.in_combat and c.marks.get("hero_round") == state.round:
        ctx.fail(_("{name} already spent a hero point this round (round {round}): one per round, except "
                   "cheat-death", name=c.name, round=state.round))


def _act_check(ctx: Context, c: Combatant) -> None:
    state = ctx.state
    if not state.in_combat or state.active is None:
        ctx.fail(_("hero act: acting out of turn needs a running combat (start it first)"))
    if state.active == c.id:
        ctx.fail(_("{name} is already acting; hero act is for acting out of turn", name=c.name))
    if c.id in state.delayed:
        ctx.fail(_("{name} is delaying: `resume {ref}` makes it act now without a hero point", name=c.name, ref=c.id))
    why = ctx.ruleset.turns.can_change_initiative(c)
    if why:
        ctx.fail(why)


def _restore(ctx: Context, c: Combatant, who_pays: Combatant, cost: int, rule: str) -> None:
    have = points(who_pays)
    thr = death_threshold(c)
    hp = c.pools["hp"].value if "hp" in c.pools else thr + 1
    new_hp = max(hp, thr + 1)
    _set_points(ctx, who_pays, have - cost)
    if "hp" in c.pools and new_hp != hp:
        ctx.set_pool(c, "hp", new_hp, rule=rule)
    if new_hp < 0:
        ctx.set_life(c, "stable", rule=rule)
        ctx.set_mark(c, "stable", "unaided")
        now = _("stable at HP {hp}", hp=of(c, new_hp))
    else:
        nl = c.pools["nl"].value if "nl" in c.pools else 0
        ctx.set_life(c, conscious_life(new_hp, nl), rule=rule)
        now = _("alive at HP {hp}", hp=of(c, new_hp))
    ctx.set_mark(c, "cheat_window", None)
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


def _cheat(ctx: Context, c: Combatant) -> None:
    """Right after the killing blow (dead, window open), or while dying: stable at negative HP."""
    if not _saveable(c):
        ctx.fail(_("{name} is {life}, not dying of this blow: cheat-death is spent while dying or right after the "
                   "killing blow, before the next turn", name=c.name, life=life(c.life)))
    if points(c) < 2:
        ctx.fail(_("{name} has {have} hero points, cheat-death costs 2", name=c.name, have=points(c)))
    _restore(ctx, c, c, 2, RULE)


def _pet(ctx: Context, owner: Combatant, rest: tuple[str, ...]) -> None:
    if not owner.is_pc:
        ctx.fail(_not_pc(owner))
    cost = int(option(ctx.state, "pet_cheat_cost"))
    pets = [p for p in ctx.state.combatants.values() if _saveable(p) and not p.is_pc and _is_pet_of(p, owner)]
    if rest:
        pet = ctx.combatant(rest[0])
        if pet.is_pc:
            ctx.fail(_("{name} is a PC: a hero point never saves another character", name=pet.name))
        if not _is_pet_of(pet, owner):
            ctx.fail(_("{name} is not {owner}'s pet, companion or mount (an ally, or set {ref} owner={owner_ref})",
                       name=pet.name, owner=owner.name, ref=pet.id, owner_ref=owner.id))
        if not _saveable(pet):
            ctx.fail(_("{name} is {life}, not dying of this blow: spend it while it is dying or right after the "
                       "killing blow", name=pet.name, life=life(pet.life)))
    elif len(pets) == 1:
        pet = pets[0]
    else:
        ctx.fail(_("spend {ref} hero pet NAME: name the pet, companion or mount that just died", ref=owner.id))
    if points(owner) < cost:
        ctx.fail(_("{name} has {have} hero points, saving a pet costs {cost}", name=owner.name, have=points(owner),
                   cost=cost))
    _restore(ctx, pet, owner, cost, RULE)


def _saveable(c: Combatant) -> bool:
    return c.life == "dying" or (c.life == "dead" and bool(c.marks.get("cheat_window")))


def _is_pet_of(pet: Combatant, owner: Combatant) -> bool:
    """The `owner=` stat decides; without it any allied non-PC may be some PC's companion."""
    given = pet.stats.get("owner")
    if given:
        return fold_text(given) in (fold_text(owner.id), fold_text(owner.name))
    return pet.side == "ally"


def could_be_pet(pet: Combatant) -> bool:
    return not pet.is_pc and (bool(pet.stats.get("owner")) or pet.side == "ally")


def owner_of(state, pet: Combatant) -> Combatant | None:
    if pet.is_pc or not pet.stats.get("owner"):
        return None
    return next((o for o in state.combatants.values() if o.is_pc and _is_pet_of(pet, o)), None)


def cheat_death_auto(ctx: Context, c: Combatant) -> bool:
    """Option cheat_death=auto: the GM pre-decided to spend 2 points whenever a PC would die."""
    if not c.is_pc or points(c) < 2 or option(ctx.state, "cheat_death") != "auto":
        return False
    _restore(ctx, c, c, 2, RULE)
    return True


def offer_cheat_death(ctx: Context, c: Combatant) -> None:
    """Keep the death undoable until the next turn; say so when the points are there."""
    if c.is_pc:
        ctx.set_mark(c, "cheat_window", True)
        if points(c) >= 2:
            ctx.say(_("{name} would die: spend 2 hero points to cheat death? (spend {ref} hero cheat-death)",
                      name=named(c), ref=gm(c.id)), rule=RULE, who=c.id, gm_only=True)
        return
    if not could_be_pet(c):
        return
    ctx.set_mark(c, "cheat_window", True)
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


def close_windows(ctx: Context) -> None:
    for c in ctx.state.combatants.values():
        if c.marks.get("cheat_window"):
            ctx.set_mark(c, "cheat_window", None)


def award(ctx: Context, call) -> None:
    """`hero NAME [+N|-N|N]`: show, award or set hero points (GM-only; excess over 3 is lost)."""
    c = ctx.combatant(call.who)
    if not c.is_pc:
        ctx.fail(_not_pc(c))
    have = points(c)
    if call.amount is None:
        ctx.say(_n("{name} has {n} hero point", "{name} has {n} hero points", have, n=gm(have), name=named(c)),
                rule=RULE, who=c.id, gm_only=True)
        return
    raw = call.amount
    try:
        n = int(raw)
    except ValueError:
        ctx.fail(_("hero {ref}: expected +N, -N or N, not {raw!r}", ref=c.id, raw=raw))
    change(ctx, c, have + n if raw[0] in "+-" else n)


def change(ctx: Context, c: Combatant, target: int) -> None:
    have = points(c)
    if target < 0:
        ctx.fail(_("{name} has {have} hero points; cannot go below 0", name=c.name, have=have))
    kept = min(HERO_MAX, target)
    _set_points(ctx, c, kept)
    if target > kept:
        ctx.say(_("{name}: hero points {old} -> {new} ({lost} over the maximum of {max} lost)", name=named(c),
                  old=gm(have), new=gm(kept), lost=gm(target - kept), max=gm(HERO_MAX)), rule=RULE, who=c.id,
                gm_only=True)
    else:
        ctx.say(_("{name}: hero points {old} -> {new}", name=named(c), old=gm(have), new=gm(kept)), rule=RULE,
                who=c.id, gm_only=True)


def gain_level(ctx: Context, call) -> None:
    """`levelup NAME`: +1 HD/level; with option hero_per_level, +1 hero point (official)."""
    c = ctx.combatant(call.who)
    level = int(c.stats.get("hd") or 0) + 1
    ctx.set_stats(c, {"hd": level})
    ctx.say(_("{name} reaches level {level}", name=named(c), level=of(c, level)), rule="pathfinder1e.md §1.6",
            who=c.id)
    if c.is_pc and option(ctx.state, "hero_per_level"):
        change(ctx, c, points(c) + 1)


def start_points(stats: dict, current: dict) -> tuple[int, int]:
    value = current.get("hero", stats.get("hero", HERO_START))
    return min(int(value), HERO_MAX), HERO_MAX
