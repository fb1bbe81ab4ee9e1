"""Hero points (pathfinder1e.md §1.6): a GM-only count, so every line about them is gm_only.

Only PCs hold them (start 1, at most 3). At most one is spent per combat
round, except to cheat death. Cheat death is offered right after the killing
blow: the death stands (the GM may not want it) and a ``cheat_window`` mark
lets ``spend NAME hero cheat-death`` undo it until the next turn starts.
"""

from __future__ import annotations

from gm_console.ruleset import Combatant, Context, RulesError, fold_text

from . import economy
from .conditions import BLEEDS
from .life import conscious_life
from .options import option
from .stats import HERO_MAX, HERO_START, death_threshold

RULE = "pathfinder1e.md §1.6"

USES: dict[str, tuple[str, str]] = {
    "act": ("acts now, out of turn: one move or standard action",
            "actúa ahora, fuera de turno: una acción de movimiento o estándar"),
    "bonus-before": ("+8 luck bonus on a d20 roll (declared before rolling)",
                     "+8 de suerte a una tirada de d20 (declarado antes de tirar)"),
    "bonus-after": ("+4 luck bonus on a d20 roll (declared after rolling)",
                    "+4 de suerte a una tirada de d20 (declarado después de tirar)"),
    "aid-before": ("+4 to an ally's d20 roll (declared before; must be near, with a reason)",
                   "+4 a la tirada de un aliado (antes; debe estar cerca y con motivo)"),
    "aid-after": ("+2 to an ally's d20 roll (declared after; must be near, with a reason)",
                  "+2 a la tirada de un aliado (después; debe estar cerca y con motivo)"),
    "extra-action": ("gains an extra move or standard action this turn",
                     "gana una acción de movimiento o estándar adicional este turno"),
    "inspiration": ("the GM gives a hint (not spent if there is nothing to tell)",
                    "el DJ da una pista (no se gasta si no hay nada que contar)"),
    "recall": ("recalls one daily spell or ability already used today",
               "recupera un conjuro o aptitud diaria ya usada hoy"),
    "reroll": ("rerolls a d20 and keeps the second result",
               "repite una tirada de d20 y se queda con el segundo resultado"),
    "special": ("attempts the impossible (GM's call); still rolls; no one may add hero points to it",
                "intenta lo imposible (a criterio del DJ); hay que tirar; nadie más puede añadir puntos"),
    "cheat-death": ("cheats death: alive, stable, at negative HP", "burla a la muerte: vivo, estable, en negativos"),
    "pet": ("saves its pet, companion or mount from death", "salva de la muerte a su mascota, compañero o montura"),
    "other": ("spent (use not named)", "gastado (sin decir para qué)"),
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
        raise RulesError(f"spend ... hero: unknown use {word!r}; uses: {uses}")
    return key


def points(c: Combatant) -> int:
    p = c.pools.get("hero")
    return p.value if p else 0


def _set_points(ctx: Context, c: Combatant, value: int) -> None:
    ctx.set_pool(c, "hero", value, max=HERO_MAX, rule=RULE)


def spend(ctx: Context, c: Combatant, amount: int | None, args: tuple[str, ...]) -> None:
    """`spend NAME hero [N] [USE] [WHO]`; without USE the points are simply spent (and logged)."""
    use = use_of(args[0]) if args else "other"
    rest = args[1:]
    if use == "pet":
        return _pet(ctx, c, rest)
    if not c.is_pc:
        ctx.fail(f"{c.name} is not a PC: only PCs have hero points (add NAME pc ...)")
    cost = 2 if use == "cheat-death" else 1
    if amount is not None and amount != cost:
        ctx.fail(f"hero {use} costs {cost} point{'s' if cost > 1 else ''}, not {amount}")
    if use == "cheat-death":
        return _cheat(ctx, c)
    _once_per_round(ctx, c)
    have = points(c)
    if have < cost:
        ctx.fail(f"{c.name} has {have} hero points, cannot spend {cost}")
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
    en, es = USES[use]
    to_en = f" (for {target.name})" if target else ""
    to_es = f" (para {target.name})" if target else ""
    pts_en = "a hero point" if cost == 1 else f"{cost} hero points"
    pts_es = "un punto de héroe" if cost == 1 else f"{cost} puntos de héroe"
    ctx.say(f"{c.name} spends {pts_en}: {en}{to_en}; {have - cost} left",
            f"{c.name} gasta {pts_es}: {es}{to_es}; le quedan {have - cost}",
            rule=RULE, who=c.id, gm_only=True)
    if use == "act":
        ctx.act_now(c, reason="hero point")
        economy.act_out_of_turn(ctx, c)
    elif use == "extra-action" and ctx.state.in_combat:
        economy.extra_action(ctx, c)


def _once_per_round(ctx: Context, c: Combatant) -> None:
    state = ctx.state
    if state.in_combat and c.marks.get("hero_round") == state.round:
        ctx.fail(f"{c.name} already spent a hero point this round (round {state.round}): one per "
                 f"round, except cheat-death")


def _act_check(ctx: Context, c: Combatant) -> None:
    state = ctx.state
    if not state.in_combat or state.active is None:
        ctx.fail("hero act: acting out of turn needs a running combat (start it first)")
    if state.active == c.id:
        ctx.fail(f"{c.name} is already acting; hero act is for acting out of turn")
    if c.id in state.delayed:
        ctx.fail(f"{c.name} is delaying: `resume {c.id}` makes it act now without a hero point")
    why = ctx.ruleset.can_change_initiative(c)
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
        state_en, state_es = f"stable at HP {new_hp}", f"estable a PG {new_hp}"
    else:
        nl = c.pools["nl"].value if "nl" in c.pools else 0
        ctx.set_life(c, conscious_life(new_hp, nl), rule=rule)
        state_en, state_es = f"alive at HP {new_hp}", f"vivo a PG {new_hp}"
    ctx.set_mark(c, "cheat_window", None)
    if who_pays is c:
        ctx.say(f"{c.name} spends {cost} hero points to cheat death: {state_en}; {have - cost} left",
                f"{c.name} gasta {cost} puntos de héroe para burlar a la muerte: {state_es}; le quedan {have - cost}",
                rule=rule, who=c.id, gm_only=True)
    else:
        ctx.say(f"{who_pays.name} spends {cost} hero point{'s' if cost > 1 else ''} to save {c.name}: "
                f"{state_en}; {have - cost} left",
                f"{who_pays.name} gasta {cost} punto{'s' if cost > 1 else ''} de héroe para salvar a "
                f"{c.name}: {state_es}; le quedan {have - cost}", rule=rule, who=who_pays.id, gm_only=True)
    # §1.4 [S] "alive ... stable": a bleed left running would kill it again at its next turn
    # start, so the blood stops as with any stabilisation (§1.5 bleed).
    bleeding = [inst for inst in c.conditions if inst.cond in BLEEDS]
    for inst in bleeding:
        ctx.remove_condition(c, inst, reason="healed")
    if bleeding:
        ctx.say(f"{c.name}: the bleeding stops", f"{c.name}: el sangrado se detiene", rule=rule, who=c.id)


def _cheat(ctx: Context, c: Combatant) -> None:
    """Right after the killing blow (dead, window open), or while dying: stable at negative HP."""
    if not _saveable(c):
        ctx.fail(f"{c.name} is {c.life}, not dying of this blow: cheat-death is spent while dying or "
                 f"right after the killing blow, before the next turn")
    if points(c) < 2:
        ctx.fail(f"{c.name} has {points(c)} hero points, cheat-death costs 2")
    _restore(ctx, c, c, 2, RULE)


def _pet(ctx: Context, owner: Combatant, rest: tuple[str, ...]) -> None:
    if not owner.is_pc:
        ctx.fail(f"{owner.name} is not a PC: only PCs have hero points")
    cost = int(option(ctx.state, "pet_cheat_cost"))
    pets = [p for p in ctx.state.combatants.values() if _saveable(p) and not p.is_pc and _is_pet_of(p, owner)]
    if rest:
        pet = ctx.combatant(rest[0])
        if pet.is_pc:
            ctx.fail(f"{pet.name} is a PC: a hero point never saves another character")
        if not _is_pet_of(pet, owner):
            ctx.fail(f"{pet.name} is not {owner.name}'s pet, companion or mount (an ally, or set "
                     f"{pet.id} owner={owner.id})")
        if not _saveable(pet):
            ctx.fail(f"{pet.name} is {pet.life}, not dying of this blow: spend it while it is dying or "
                     f"right after the killing blow")
    elif len(pets) == 1:
        pet = pets[0]
    else:
        ctx.fail(f"spend {owner.id} hero pet NAME: name the pet, companion or mount that just died")
    if points(owner) < cost:
        ctx.fail(f"{owner.name} has {points(owner)} hero points, saving a pet costs {cost}")
    _restore(ctx, pet, owner, cost, RULE)


def _saveable(c: Combatant) -> bool:
    return c.life == "dying" or (c.life == "dead" and bool(c.marks.get("cheat_window")))


def _is_pet_of(pet: Combatant, owner: Combatant) -> bool:
    """The `owner=` stat decides; without it any allied non-PC may be some PC's companion."""
    named = pet.stats.get("owner")
    if named:
        return fold_text(named) in (fold_text(owner.id), fold_text(owner.name))
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
            ctx.say(f"{c.name} would die: spend 2 hero points to cheat death? "
                    f"(spend {c.id} hero cheat-death)",
                    f"{c.name} moriría: ¿gastar 2 puntos de héroe para burlar a la muerte? "
                    f"(spend {c.id} hero cheat-death)", rule=RULE, who=c.id, gm_only=True)
        return
    if not could_be_pet(c):
        return
    ctx.set_mark(c, "cheat_window", True)
    owner = owner_of(ctx.state, c)
    cost = int(option(ctx.state, "pet_cheat_cost"))
    if owner is None:
        ctx.say(f"{c.name} would die: if it is a PC's pet, companion or mount, {cost} hero "
                f"point{'s' if cost > 1 else ''} can save it (spend OWNER hero pet {c.id})",
                f"{c.name} moriría: si es mascota, compañero o montura de un PJ, {cost} punto"
                f"{'s' if cost > 1 else ''} de héroe pueden salvarlo (spend DUEÑO hero pet {c.id})",
                rule=RULE, who=c.id, gm_only=True)
    elif points(owner) >= cost:
        ctx.say(f"{c.name} would die: {owner.name} may spend {cost} hero point{'s' if cost > 1 else ''} "
                f"to save it (spend {owner.id} hero pet {c.id})",
                f"{c.name} moriría: {owner.name} puede gastar {cost} punto{'s' if cost > 1 else ''} de héroe "
                f"para salvarlo (spend {owner.id} hero pet {c.id})", rule=RULE, who=c.id, gm_only=True)


def close_windows(ctx: Context) -> None:
    for c in ctx.state.combatants.values():
        if c.marks.get("cheat_window"):
            ctx.set_mark(c, "cheat_window", None)


def award(ctx: Context, args: tuple[str, ...]) -> None:
    """`hero NAME [+N|-N|N]`: show, award or set hero points (GM-only; excess over 3 is lost)."""
    if not args:
        ctx.fail("usage: hero NAME [+N|-N|N]")
    c = ctx.combatant(args[0])
    if not c.is_pc:
        ctx.fail(f"{c.name} is not a PC: only PCs have hero points")
    have = points(c)
    if len(args) == 1:
        ctx.say(f"{c.name} has {have} hero point{'s' if have != 1 else ''}",
                f"{c.name} tiene {have} punto{'s' if have != 1 else ''} de héroe", rule=RULE, who=c.id,
                gm_only=True)
        return
    raw = args[1]
    try:
        n = int(raw)
    except ValueError:
        ctx.fail(f"hero {c.id}: expected +N, -N or N, not {raw!r}")
    target = have + n if raw[0] in "+-" else n
    if target < 0:
        ctx.fail(f"{c.name} has {have} hero points; cannot go below 0")
    kept = min(HERO_MAX, target)
    _set_points(ctx, c, kept)
    lost_en = f" ({target - kept} over the maximum of {HERO_MAX} lost)" if target > kept else ""
    lost_es = f" ({target - kept} por encima del máximo de {HERO_MAX} se pierden)" if target > kept else ""
    ctx.say(f"{c.name}: hero points {have} -> {kept}{lost_en}",
            f"{c.name}: puntos de héroe {have} -> {kept}{lost_es}", rule=RULE, who=c.id, gm_only=True)


def gain_level(ctx: Context, args: tuple[str, ...]) -> None:
    """`levelup NAME`: +1 HD/level; with option hero_per_level, +1 hero point (official)."""
    if len(args) != 1:
        ctx.fail("usage: levelup NAME")
    c = ctx.combatant(args[0])
    level = int(c.stats.get("hd") or 0) + 1
    ctx.set_stats(c, {"hd": level})
    ctx.say(f"{c.name} reaches level {level}", f"{c.name} alcanza el nivel {level}",
            rule="pathfinder1e.md §1.6", who=c.id)
    if c.is_pc and option(ctx.state, "hero_per_level"):
        award(ctx, (c.id, "+1"))


def start_points(stats: dict, current: dict) -> tuple[int, int]:
    value = current.get("hero", stats.get("hero", HERO_START))
    return min(int(value), HERO_MAX), HERO_MAX
