"""Timed combat options the GM declares by verb (pathfinder1e.md §1.2, §1.3, §1.4).

"Until the start of its next turn" effects are conditions with rounds=1 on the
clock of the one whose next turn ends them (the charger, the defender, the
aider), so they follow that combatant through delays and readies.
"""

from __future__ import annotations

import re

from gm_console.ruleset import Combatant, Context, fold_text

from . import damage, economy, life, stacking
from .stats import death_threshold


def _one(ctx: Context, args: tuple[str, ...], usage: str) -> Combatant:
    if len(args) != 1:
        ctx.fail(f"usage: {usage}")
    return ctx.combatant(args[0])


def _flags(ctx: Context, c: Combatant) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for inst in ctx.ruleset.active_conditions(c):
        for f in ctx.ruleset.catalogue.define(inst.cond).flags:
            out.setdefault(f, []).append(inst.cond)
    if c.life in ("dying", "stable", "unconscious", "dead"):
        out.setdefault("no-actions", []).append(c.life)
    return out


def _can_act(ctx: Context, c: Combatant, what: str) -> None:
    flags = _flags(ctx, c)
    if "no-actions" in flags:
        ctx.fail(f"{c.name} cannot {what}: no actions ({', '.join(flags['no-actions'])})")
    if "move-only" in flags:
        ctx.fail(f"{c.name} cannot {what}: only a move action ({', '.join(flags['move-only'])})")


def charge(ctx: Context, args: tuple[str, ...]) -> None:
    c = _one(ctx, args, "charge NAME")
    _can_act(ctx, c, "charge")
    flags = _flags(ctx, c)
    if "no-charge" in flags:
        ctx.fail(f"{c.name} cannot charge: {', '.join(flags['no-charge'])}")
    if "no-move" in flags:
        ctx.fail(f"{c.name} cannot charge: it cannot move ({', '.join(flags['no-move'])})")
    economy.spend_for(ctx, c, economy.charge_kind(ctx.ruleset, ctx.state, c), "charge")
    ctx.ruleset.add_condition(ctx, c, ctx.ruleset.catalogue.get("charging"), 1, None, c.id, c.id)
    limited = "one-action" in flags or (economy.acting(ctx.state, c)
                                         and bool(economy.budget(ctx.ruleset, ctx.state, c).limit))
    note_en = "; limited to a standard action: moves at most its speed" if limited else ""
    note_es = "; limitado a una acción estándar: mueve como mucho su velocidad" if limited else ""
    ctx.say(f"{c.name} charges: +2 on the attack, -2 AC until the start of its next turn; "
            f"no 5-foot step{note_en}",
            f"{c.name} carga: +2 al ataque, -2 CA hasta el inicio de su siguiente turno; "
            f"sin paso de 5 pies{note_es}", rule="pathfinder1e.md §1.2 charge [S]", who=c.id)


def defend(ctx: Context, args: tuple[str, ...]) -> None:
    c = _one(ctx, args, "defend NAME")
    _can_act(ctx, c, "fight defensively")
    economy.spend_for(ctx, c, "standard", "total defense")
    ctx.ruleset.add_condition(ctx, c, ctx.ruleset.catalogue.get("total-defense"), 1, None, c.id, c.id)
    ctx.say(f"{c.name} takes total defense: +4 dodge AC until the start of its next turn",
            f"{c.name} usa defensa total: +4 de esquiva a la CA hasta el inicio de su siguiente turno",
            rule="pathfinder1e.md §1.2 total defense [O]", who=c.id)


AID_USAGE = "aid NAME TARGET attack|ac [vs FOE] [ROLL|roll]"


def _opposed(a: Combatant, b: Combatant) -> bool:
    return (a.side == "foe") != (b.side == "foe")


def aid(ctx: Context, args: tuple[str, ...]) -> None:
    """Aid another: +2 until the start of the aider's next turn (pathfinder1e.md §1.2 [I]).

    `aid HELPER ALLY ...` names who helps whom. Naming an ally and a foe instead
    (`aid Kyra Goblin attack`) reads as "Kyra is aided against the goblin" by the
    combatant whose turn it is, since aiding is a standard action on one's own turn.
    """
    if len(args) < 3:
        ctx.fail(f"usage: {AID_USAGE}")
    first, second = ctx.combatant(args[0]), ctx.combatant(args[1])
    foe = None
    if _opposed(first, second):
        ally, foe = first, second
        active = ctx.state.active
        helper = ctx.state.get(active) if active and active != ally.id else None
        if helper is None:
            ctx.fail(f"aid: who helps {ally.name}? aid HELPER {ally.id} attack|ac vs {foe.id}")
    else:
        helper, ally = first, second
    if helper.id == ally.id:
        ctx.fail("aid: a combatant cannot aid itself")
    what = fold_text(args[2])
    kind = {"attack": "attack", "ataque": "attack", "atk": "attack", "ac": "ac", "ca": "ac",
            "defense": "ac", "defensa": "ac"}.get(what)
    if kind is None:
        ctx.fail(f"aid: expected attack or ac, not {args[2]!r}; usage: {AID_USAGE}")
    rest = list(args[3:])
    natural = None
    while rest:
        word = rest.pop(0)
        low = fold_text(word)
        if low in ("vs", "contra") and rest:
            foe = ctx.combatant(rest.pop(0))
        elif re.fullmatch(r"\d{1,2}", word) and 1 <= int(word) <= 20:
            natural = int(word)
        elif low in ("roll", "tirar"):
            natural = ctx.roll("1d20", purpose=f"{helper.name}: aid another (vs AC 10)", who=helper.id).total
        else:
            ctx.fail(f"aid: unexpected {word!r}; usage: {AID_USAGE}")
    _can_act(ctx, helper, "aid another")
    economy.spend_for(ctx, helper, "standard", "aid another")
    vs_en = f" against {foe.name}" if foe else ""
    vs_es = f" contra {foe.name}" if foe else ""
    if natural is not None:
        bonus = ctx.ruleset.effective(ctx.state, helper)["attack"].value
        total = natural + bonus
        ok = natural == 20 or (natural != 1 and total >= 10)
        ctx.say(f"{helper.name} aids {ally.name}: attack {natural}{bonus:+d} = {total} vs AC 10, "
                f"{'succeeds' if ok else 'fails'}",
                f"{helper.name} ayuda a {ally.name}: ataque {natural}{bonus:+d} = {total} contra CA 10, "
                f"{'éxito' if ok else 'fallo'}", rule="pathfinder1e.md §1.2 aid another [S]", who=helper.id)
        if not ok:
            return
    cdef = ctx.ruleset.catalogue.get("aid-attack" if kind == "attack" else "aid-ac")
    ctx.apply_condition(ally, cdef, rounds=1, clock=helper.id, source=helper.id,
                        note=f"vs {foe.id}" if foe else "")
    if kind == "attack":
        en, es = f"+2 on its next attack{vs_en}", f"+2 a su siguiente ataque{vs_es}"
    else:
        en = f"+2 AC against {foe.name}'s next attack" if foe else "+2 AC against the next attack"
        es = f"+2 CA contra el siguiente ataque de {foe.name}" if foe else "+2 CA contra el siguiente ataque"
    ctx.say(f"{helper.name} aids {ally.name}: {en}, until the start of {helper.name}'s next turn",
            f"{helper.name} ayuda a {ally.name}: {es}, hasta el inicio del siguiente turno de {helper.name}",
            rule="pathfinder1e.md §1.2 aid another [S]", who=ally.id)


def standard(ctx: Context, args: tuple[str, ...]) -> None:
    """A disabled combatant completes a standard (strenuous) action: 1 HP afterwards (§1.4 [S]).

    On its own turn the standard action is also ticked off its budget (§1.2).
    """
    c = _one(ctx, args, "standard NAME")
    if c.life != "disabled":
        ctx.fail(f"{c.name} is {c.life}, not disabled: only a disabled combatant pays 1 HP for a "
                 f"standard action")
    economy.spend_for(ctx, c, "standard", "strain")
    life.strain(ctx, c)


def stabilize(ctx: Context, args: tuple[str, ...]) -> None:
    """First aid (Heal DC 15, made at the table): stable as aided, and the bleeding stops."""
    c = _one(ctx, args, "stabilize NAME")
    if c.life not in ("dying", "stable"):
        if any(i.cond in ("bleed", "str-bleed", "dex-bleed", "con-bleed") for i in c.conditions):
            damage.stop_bleeding(ctx, c, ("Heal DC 15 stops the bleeding", "Curar CD 15 detiene el sangrado"))
            return
        ctx.fail(f"{c.name} is {c.life}: nothing to stabilize (only the dying, the unaided stable or "
                 f"the bleeding)")
    stacking.by_hand(ctx, c, "stable")


COUP_USAGE = "coup TARGET DAMAGE [FORT-ROLL]"


def coup(ctx: Context, args: tuple[str, ...]) -> None:
    """Coup de grace (§1.3 [S]): the damage of the automatic critical, then Fort DC 10 + damage or die."""
    if len(args) < 2 or len(args) > 3:
        ctx.fail(f"usage: {COUP_USAGE}")
    t = ctx.combatant(args[0])
    helpless = "helpless" in _flags(ctx, t) or t.life in ("dying", "stable", "unconscious")
    if not helpless:
        ctx.fail(f"{t.name} is not helpless: a coup de grace needs a helpless target")
    if t.life == "dead":
        ctx.fail(f"{t.name} is already dead")
    raw = args[1]
    if re.fullmatch(r"\d{1,6}", raw):
        amount = int(raw)
    else:
        amount = ctx.roll(raw, purpose=f"coup de grace on {t.name}").total
    natural = None
    if len(args) == 3:
        if not re.fullmatch(r"\d{1,2}", args[2]) or not 1 <= int(args[2]) <= 20:
            ctx.fail(f"coup: FORT-ROLL is the natural d20 (1-20), not {args[2]!r}")
        natural = int(args[2])
    ctx.say(f"Coup de grace on {t.name}: automatic critical for {amount}",
            f"Golpe de gracia a {t.name}: crítico automático de {amount}",
            rule="pathfinder1e.md §1.3 coup de grace [S]",
            who=t.id)
    ctx.ruleset.damage(ctx, t, amount, ())
    if t.life == "dead":
        return
    fort = ctx.ruleset.effective(ctx.state, t)["fort"].value
    if natural is None:
        natural = ctx.roll("1d20", purpose=f"{t.name}: Fort vs coup de grace", who=t.id).total
    dc = 10 + amount
    total = natural + fort
    ok = natural == 20 or (natural != 1 and total >= dc)
    ctx.say(f"{t.name}: Fort {natural}{fort:+d} = {total} vs DC {dc}, {'survives' if ok else 'fails'}",
            f"{t.name}: Fort {natural}{fort:+d} = {total} contra CD {dc}, {'sobrevive' if ok else 'falla'}",
            rule="pathfinder1e.md §1.3 coup de grace [S]", who=t.id)
    if not ok:
        life.die(ctx, t, "coup de grace", "golpe de gracia", rule="pathfinder1e.md §1.3 coup de grace")


def revive(ctx: Context, args: tuple[str, ...]) -> None:
    """Brought back by magic: HP as given (default 1), alive again."""
    if not 1 <= len(args) <= 2:
        ctx.fail("usage: revive NAME [HP]")
    c = ctx.combatant(args[0])
    if c.life != "dead":
        ctx.fail(f"{c.name} is not dead ({c.life})")
    life.need_hp(ctx, c)
    hp = 1
    if len(args) == 2:
        if not re.fullmatch(r"-?\d{1,6}", args[1]):
            ctx.fail(f"revive: HP must be a whole number, not {args[1]!r}")
        hp = int(args[1])
    if hp <= death_threshold(c):
        ctx.fail(f"revive: HP {hp} is still dead (dies at {death_threshold(c)})")
    top = c.pools["hp"].max
    ctx.set_pool(c, "hp", min(hp, top) if top is not None else hp, rule="pathfinder1e.md §1.4 raise dead")
    ctx.set_mark(c, "cheat_window", None)
    hp = life.hp_of(c)
    ctx.set_life(c, "stable" if hp < 0 else life.conscious_life(hp, life.nl_of(c)),
                 rule="pathfinder1e.md §1.4 raise dead")
    if hp < 0:
        ctx.set_mark(c, "stable", "aided")
    ctx.say(f"{c.name} is brought back to life (HP {hp}, {c.life})",
            f"{c.name} vuelve a la vida (PG {hp}, {c.life})", rule="pathfinder1e.md §1.4 raise dead", who=c.id)
