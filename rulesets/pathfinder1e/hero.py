"""Hero points (pathfinder1e.md §1.6): a GM-only count, so every line about them is gm_only.

Only PCs hold them (start 1, at most 3). At most one is spent per combat
round, except to cheat death (``cheat_death``: what dying asks of them, offered
right after the killing blow; spent here, through ``spend NAME hero cheat-death``).
"""

from __future__ import annotations

from gm_console.ruleset import (Combatant, Context, EncounterState, Msg, RulesError, Spendable, Term, Use, fold_text, gm,
                                life, named, of, possessive)

from . import economy, marks
from .cheat_death import RULE, is_pet_of, points, restore, saveable, set_points
from .i18n import T_, _, _n
from .options import option
from .stats import HERO_MAX, HERO_START

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
    "pet": _("saves {whose} pet, companion or mount from death"),  # given whose (spend)
    "other": _("spent (use not named)"),
}
#: each use by a short name, for the spend modal
LABELS: dict[str, Term] = {
    "act": T_("hero point use", "act out of turn", "actuar fuera de turno"),
    "bonus-before": T_("hero point use", "+8 before a roll", "+8 antes de tirar"),
    "bonus-after": T_("hero point use", "+4 after a roll", "+4 después de tirar"),
    "aid-before": T_("hero point use", "+4 to an ally", "+4 a un aliado"),
    "aid-after": T_("hero point use", "+2 to an ally", "+2 a un aliado"),
    "extra-action": T_("hero point use", "extra action", "acción extra"),
    "inspiration": T_("hero point use", "inspiration", "inspiración"),
    "recall": T_("hero point use", "recall a spell", "recuperar un conjuro"),
    "reroll": T_("hero point use", "reroll", "repetir tirada"), "special": T_("hero point use", "special", "especial"),
    "cheat-death": T_("hero point use", "cheat death", "burlar a la muerte"),
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
    set_points(ctx, c, have - cost)
    if ctx.state.in_combat:
        ctx.set_mark(c, marks.HERO_ROUND, ctx.state.round)
    said = USES[use].given(whose=possessive(c)) if use == "pet" else USES[use]  # whose pet: the spender's
    if target:
        text = _("{name} spends a hero point: {use} (for {target}); {left} left", name=named(c), use=said,
                 target=named(target), left=gm(have - cost))
    else:
        text = _("{name} spends a hero point: {use}; {left} left", name=named(c), use=said, left=gm(have - cost))
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
    if have >= 2 and saveable(c):
        uses.append(Use("cheat-death", LABELS["cheat-death"], 2))
    return [Spendable("hero", T_("hero point use", "Hero points", "Puntos de héroe"), have, tuple(uses))]


def _once_per_round(ctx: Context, c: Combatant) -> None:
    state = ctx.state
    if state.in_combat and marks.HERO_ROUND.of(c) == state.round:
        ctx.fail(_("{name} already spent a hero point this round (round {round}): one per round, except "
                   "cheat-death", name=c.name, round=state.round))


def _act_check(ctx: Context, c: Combatant) -> None:
    state = ctx.state
    if not state.in_combat or state.active is None:
        ctx.fail(_("hero act: acting out of turn needs a running combat (start it first)"))
    if state.active == c.id:
        ctx.fail(_("{name} is already acting; hero act is for acting out of turn", name=c.name))
    if c.id in state.delayed:
        ctx.fail(_("{name} is delaying: `resume {ref}` makes {name} act now without a hero point", name=c.name,
                   ref=c.id))
    why = ctx.ruleset.turns.can_change_initiative(c)
    if why:
        ctx.fail(why)


def _cheat(ctx: Context, c: Combatant) -> None:
    """Right after the killing blow (dead, window open), or while dying: stable at negative HP."""
    if not saveable(c):
        ctx.fail(_("{name} is {life}, not dying of this blow: cheat-death is spent while dying or right after the "
                   "killing blow, before the next turn", name=c.name, life=life(c.life)))
    if points(c) < 2:
        ctx.fail(_("{name} has {have} hero points, cheat-death costs 2", name=c.name, have=points(c)))
    restore(ctx, c, c, 2, RULE)


def _pet(ctx: Context, owner: Combatant, rest: tuple[str, ...]) -> None:
    if not owner.is_pc:
        ctx.fail(_not_pc(owner))
    cost = int(option(ctx.state, "pet_cheat_cost"))
    pets = [p for p in ctx.state.combatants.values() if saveable(p) and not p.is_pc and is_pet_of(p, owner)]
    if rest:
        pet = ctx.combatant(rest[0])
        if pet.is_pc:
            ctx.fail(_("{name} is a PC: a hero point never saves another character", name=pet.name))
        if not is_pet_of(pet, owner):
            ctx.fail(_("{name} is not {owner}'s pet, companion or mount (an ally, or set {ref} owner={owner_ref})",
                       name=pet.name, owner=owner.name, ref=pet.id, owner_ref=owner.id))
        if not saveable(pet):
            ctx.fail(_("{name} is {life}, not dying of this blow: spend it while {name} is dying or right after the "
                       "killing blow", name=pet.name, life=life(pet.life)))
    elif len(pets) == 1:
        pet = pets[0]
    else:
        ctx.fail(_("spend {ref} hero pet NAME: name the pet, companion or mount that just died", ref=owner.id))
    if points(owner) < cost:
        ctx.fail(_("{name} has {have} hero points, saving a pet costs {cost}", name=owner.name, have=points(owner),
                   cost=cost))
    restore(ctx, pet, owner, cost, RULE)


def close_windows(ctx: Context) -> None:
    for c in ctx.state.combatants.values():
        if marks.CHEAT_WINDOW.of(c):
            ctx.set_mark(c, marks.CHEAT_WINDOW, None)


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
    set_points(ctx, c, kept)
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
