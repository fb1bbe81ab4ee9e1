"""Timed combat options the GM declares by verb (pathfinder1e.md §1.2, §1.3, §1.4).

"Until the start of its next turn" effects are conditions with rounds=1 on the
clock of the one whose next turn ends them (the charger, the defender, the
aider), so they follow that combatant through delays and readies.
"""

from __future__ import annotations

from gm_console.ruleset import Combatant, Context, dealt, life as life_word, named, of, public, possessive

from . import defenses, economy, health, life, marks
from .checks import keep
from .conditions import by_hand
from .i18n import _, flag_names
from .stats import death_threshold

HEAL_DC = 15


def can_act(ctx: Context, c: Combatant, what) -> None:
    flags = ctx.ruleset.conditions.flags(c)
    if "no-actions" in flags:
        ctx.fail(_("{name} cannot {what}: no actions ({why})", name=c.name, what=what,
                   why=flag_names(ctx.ruleset, flags["no-actions"])))
    if "move-only" in flags:
        ctx.fail(_("{name} cannot {what}: only a move action ({why})", name=c.name, what=what,
                   why=flag_names(ctx.ruleset, flags["move-only"])))


def charge(ctx: Context, call) -> None:
    c = ctx.combatant(call.who)
    can_act(ctx, c, _("charge"))
    flags = ctx.ruleset.conditions.flags(c)
    if "no-charge" in flags:
        ctx.fail(_("{name} cannot charge: {why}", name=c.name, why=flag_names(ctx.ruleset, flags["no-charge"])))
    if "no-move" in flags:
        ctx.fail(_("{name} cannot charge without moving ({why})", name=c.name,
                   why=flag_names(ctx.ruleset, flags["no-move"])))
    economy.spend_for(ctx, c, economy.charge_kind(ctx.ruleset, ctx.state, c), _("charge"))
    ctx.ruleset.conditions.add(ctx, c, ctx.ruleset.conditions.catalogue.get("charging"), 1, None, c.id, c.id)
    limited = "one-action" in flags or (economy.acting(ctx.state, c)
                                         and bool(economy.budget(ctx.ruleset, ctx.state, c).limit))
    if limited:
        text = _("{name} charges: +2 on the attack, -2 AC until the start of {whose} next turn; no 5-foot step; "
                 "limited to a standard action: moves at most {whose} speed", whose=possessive(c), name=named(c))
    else:
        text = _("{name} charges: +2 on the attack, -2 AC until the start of {whose} next turn; no 5-foot step",
                 whose=possessive(c), name=named(c))
    ctx.say(text, rule="pathfinder1e.md §1.2 charge [S]", who=c.id)
    _strain(ctx, c)


def _strain(ctx: Context, c: Combatant) -> None:
    """A standard action completed while disabled costs 1 HP (§1.4 [S]): a charge (a standard
    action for the disabled), total defense and aid another are standard actions too."""
    if c.life == "disabled":
        life.strain(ctx, c)


def defend(ctx: Context, call) -> None:
    c = ctx.combatant(call.who)
    can_act(ctx, c, _("fight defensively"))
    economy.spend_for(ctx, c, "standard", _("total defense"))
    ctx.ruleset.conditions.add(ctx, c, ctx.ruleset.conditions.catalogue.get("total-defense"), 1, None, c.id, c.id)
    ctx.say(_("{name} takes total defense: +4 dodge AC until the start of {whose} next turn", whose=possessive(c),
              name=named(c)), rule="pathfinder1e.md §1.2 total defense [O]", who=c.id)
    _strain(ctx, c)


def _opposed(a: Combatant, b: Combatant) -> bool:
    return (a.side == "foe") != (b.side == "foe")


def aid(ctx: Context, call) -> None:
    """Aid another: +2 until the start of the aider's next turn (pathfinder1e.md §1.2 [I]).

    `aid HELPER ALLY ...` names who helps whom. Naming an ally and a foe instead
    (`aid Kyra Goblin attack`) reads as "Kyra is aided against the goblin" by the
    combatant whose turn it is, since aiding is a standard action on one's own turn.
    """
    first, second = ctx.combatant(call.who), ctx.combatant(call.ally)
    foe = ctx.combatant(call.vs) if call.vs else None
    if _opposed(first, second):
        ally, foe = first, second
        active = ctx.state.active
        helper = ctx.state.get(active) if active and active != ally.id else None
        if helper is None:
            ctx.fail(_("aid: who helps {name}? aid HELPER {ref} attack|ac vs {foe}", name=ally.name, ref=ally.id,
                       foe=foe.id))
    else:
        helper, ally = first, second
    if helper.id == ally.id:
        ctx.fail(_("aid: a combatant cannot aid itself"))
    natural = None
    if call.roll is not None:
        if call.roll in ("roll", "tirar"):
            natural = ctx.roll("1d20", purpose=_('{helper}: aid another (vs AC 10)', helper=named(helper)),
                               who=helper.id).total
        elif call.roll.isdigit() and 1 <= int(call.roll) <= 20:
            natural = int(call.roll)
        else:
            ctx.fail(_("aid: ROLL is the natural d20 (1-20) or `roll`, not {word!r}", word=call.roll))
    can_act(ctx, helper, _("aid another"))
    economy.spend_for(ctx, helper, "standard", _("aid another"))
    if natural is not None:
        bonus = ctx.ruleset.sheet.effective(ctx.state, helper)["attack"].value
        total = natural + bonus
        ok = natural == 20 or (natural != 1 and total >= 10)
        keep(ctx, helper, "aid another", natural, bonus, total, 10, ok, against="AC 10")
        # the helper's attack bonus: the GM's unless the helper is a PC (the next line says what it did)
        args = dict(name=named(helper), ally=named(ally), nat=of(helper, natural), bonus=of(helper, bonus),
                    total=of(helper, total))
        if ok:
            text = _("{name} aids {ally}: attack {nat}{bonus:+d} = {total} vs AC 10, succeeds", **args)
        else:
            text = _("{name} aids {ally}: attack {nat}{bonus:+d} = {total} vs AC 10, fails", **args)
        ctx.say(text, rule="pathfinder1e.md §1.2 aid another [S]", who=helper.id)
        if not ok:
            _strain(ctx, helper)
            return
    cdef = ctx.ruleset.conditions.catalogue.get("aid-attack" if call.kind == "attack" else "aid-ac")
    ctx.apply_condition(ally, cdef, rounds=1, clock=helper.id, source=helper.id,
                        note=f"vs {foe.id}" if foe else "")
    if call.kind == "attack":
        what = (_("+2 on {whose} next attack against {foe}", whose=possessive(ally),
                  foe=named(foe)) if foe else _("+2 on {whose} next attack", whose=possessive(ally)))
    else:
        what = (_("+2 AC against {foe}'s next attack", foe=named(foe)) if foe else _("+2 AC against the next attack"))
    ctx.say(_("{name} aids {ally}: {what}, until the start of {name}'s next turn", name=named(helper), ally=named(ally),
              what=what), rule="pathfinder1e.md §1.2 aid another [S]", who=ally.id)
    _strain(ctx, helper)


def standard(ctx: Context, call) -> None:
    """A disabled combatant completes a standard (strenuous) action: 1 HP afterwards (§1.4 [S]).

    On its own turn the standard action is also ticked off its budget (§1.2).
    """
    c = ctx.combatant(call.who)
    if c.life != "disabled":
        ctx.fail(_("{name} is {life}, not disabled: only a disabled combatant pays 1 HP for a standard action",
                   name=c.name, life=life_word(c.life)))
    economy.spend_for(ctx, c, "standard", _("strain"))
    _strain(ctx, c)


def stabilize(ctx: Context, call) -> None:
    """First aid: Heal DC 15. `by HEALER` rolls the healer's Heal check (sheet and conditions);
    without it the GM states the check was made at the table. Stable as aided; bleeding stops."""
    c = ctx.combatant(call.who)
    bleeding = any(i.cond in ("bleed", "str-bleed", "dex-bleed", "con-bleed") for i in c.conditions)
    if c.life not in ("dying", "stable") and not bleeding:
        ctx.fail(_("{name} is {life}: nothing to stabilize (only the dying, the unaided stable or the bleeding)",
                   name=c.name, life=life_word(c.life)))
    if call.by is not None and not _heal_check(ctx, ctx.combatant(call.by), c):
        return
    if c.life not in ("dying", "stable"):
        health.stop_bleeding(ctx, c, _("Heal DC 15 stops the bleeding"))
        return
    by_hand(ctx, c, "stable")


def _heal_check(ctx: Context, healer: Combatant, c: Combatant) -> bool:
    """The healer's Heal check vs DC 15 (Core Rulebook, Heal: first aid), kept with the recent checks."""
    if healer.id == c.id:
        ctx.fail(_("stabilize: {name} cannot give itself first aid", name=c.name))
    can_act(ctx, healer, _("give first aid"))
    rs, state = ctx.ruleset, ctx.state
    bonus = (rs.checks.bonus(state, healer, "heal") or 0) + sum(d for _l, d in rs.checks.modifiers(state, healer, "heal"))
    natural = ctx.roll("1d20", purpose=_('{healer}: Heal DC {dc} (first aid on {name})', healer=named(healer),
                                         dc=public(HEAL_DC), name=named(c)), who=healer.id).total
    total = natural + bonus
    ok = total >= HEAL_DC
    keep(ctx, healer, "heal (first aid)", natural, bonus, total, HEAL_DC, ok)
    # the healer's Heal bonus: the GM's unless the healer is a PC
    args = dict(healer=named(healer), name=named(c), nat=of(healer, natural), bonus=of(healer, bonus),
                total=of(healer, total))
    if ok:
        text = _("{healer} gives {name} first aid: Heal {nat}{bonus:+d} = {total} vs DC 15, succeeds", **args)
    else:
        text = _("{healer} gives {name} first aid: Heal {nat}{bonus:+d} = {total} vs DC 15, fails: nothing changes",
                 **args)
    ctx.say(text, rule="pathfinder1e.md §1.4 [O]", who=c.id)
    return ok


def coup(ctx: Context, call) -> None:
    """Coup de grace (§1.3 [S]): the damage of the automatic critical, then Fort DC 10 + damage or die."""
    t = ctx.combatant(call.who)
    if t.life == "dead":
        ctx.fail(_("{name} is already dead", name=t.name))
    if "helpless" not in ctx.ruleset.conditions.flags(t):
        ctx.fail(_("{name} is not helpless: a coup de grace needs a helpless target", name=t.name))
    raw = call.damage
    amount = int(raw) if raw.isdigit() else ctx.roll(raw, purpose=_('coup de grace on {target}', target=named(t))).total
    if call.fort is not None and not 1 <= call.fort <= 20:
        ctx.fail(_("coup: FORT-ROLL is the natural d20 (1-20), not {n}", n=call.fort))
    if defenses.crit_immune(t):
        # the seed: immune to critical hits, no critical damage and no Fortitude save to die (§1.3)
        ctx.say(_("Coup de grace on {name}: immune to critical hits, a normal hit for {amount} and no save to die",
                  name=named(t), amount=dealt(t, amount)), rule="pathfinder1e.md §1.3 coup de grace [S]", who=t.id)
        ctx.ruleset.health.damage(ctx, t, amount, ())
        return
    ctx.say(_("Coup de grace on {name}: automatic critical for {amount}", name=named(t), amount=dealt(t, amount)),
            rule="pathfinder1e.md §1.3 coup de grace [S]", who=t.id)
    ctx.ruleset.health.damage(ctx, t, amount, ())
    if t.life == "dead":
        return
    ok, _total, check = ctx.ruleset.checks.roll_save(ctx, t, "fort", 10 + amount, natural=call.fort,
                                                purpose=_('Fort vs coup de grace'))
    if ok:
        ctx.say(_("{name}: {check}, survives", name=named(t), check=check),
                rule="pathfinder1e.md §1.3 coup de grace [S]", who=t.id)
        return
    ctx.say(_("{name}: {check}, fails", name=named(t), check=check), rule="pathfinder1e.md §1.3 coup de grace [S]",
            who=t.id)
    life.die(ctx, t, _("coup de grace"), rule="pathfinder1e.md §1.3 coup de grace")


def revive(ctx: Context, call) -> None:
    """Brought back by magic: HP as given (default 1), alive again."""
    c = ctx.combatant(call.who)
    if c.life != "dead":
        ctx.fail(_("{name} is not dead ({life})", name=c.name, life=life_word(c.life)))
    life.need_hp(ctx, c)
    hp = 1 if call.hp is None else call.hp
    if hp <= death_threshold(c):
        ctx.fail(_("revive: HP {hp} is still dead (dies at {thr})", hp=hp, thr=death_threshold(c)))
    top = c.pools["hp"].max
    ctx.set_pool(c, "hp", min(hp, top) if top is not None else hp, rule="pathfinder1e.md §1.4 raise dead")
    ctx.set_mark(c, marks.CHEAT_WINDOW, None)
    hp = life.hp_of(c)
    ctx.set_life(c, "stable" if hp < 0 else life.conscious_life(hp, life.nl_of(c)),
                 rule="pathfinder1e.md §1.4 raise dead")
    if hp < 0:
        ctx.set_mark(c, marks.STABLE, "aided")
    ctx.say(_("{name} is brought back to life", name=named(c)), rule="pathfinder1e.md §1.4 raise dead", who=c.id,
            detail=_("HP {hp}, {life}", hp=of(c, hp), life=of(c, life_word(c.life))))
