"""Regeneration and fast healing (pathfinder1e.md §1.14): the Bestiary's universal monster rules.

A creature whose regeneration works cannot die from losing hit points (it still falls unconscious
below 0); damage of a type its entry names (a troll's fire and acid) stops it on the round
following the attack: that round it heals nothing and can die normally. The effect is the
catalogue's ``regeneration:N`` (its note: the types that stop it), put by ``cond`` or by the stat
key ``regeneration=5/fire,acid`` at ``add``; the round it is stopped is the mark ``regen_off``.
"""

from __future__ import annotations

from gm_console.ruleset import Combatant, Context, RulesError, named, of

from . import defenses, marks
from .i18n import T_, _, joined
from .stats import con_score

RULE = "pathfinder1e.md §1.14"
#: out of combat, a stopped regeneration stays stopped until time passes [I]
NOW = -1
FORM = T_("form", "regeneration=5, regeneration=5/fire,acid (fast_healing=2)",
            "regeneracion=5, regeneracion=5/fuego,acido (curacion_rapida=2)")


def read(text: str) -> tuple[int, tuple[str, ...]]:
    """``5/fire,acid`` -> (5, ("fire", "acid")); refused naming the form when written wrong."""
    number, _slash, what = str(text).strip().partition("/")
    if not number.strip().isdigit():
        raise RulesError(_("regeneration={text}: expected AMOUNT or AMOUNT/TYPES ({form})", text=text, form=FORM))
    form = _("regeneration takes AMOUNT/TYPES ({form})", form=FORM)
    words = tuple(defenses._word(w, {**defenses.ENERGY, **defenses.SPECIAL, **defenses.PHYSICAL,
                                     **defenses.MATERIAL}, form) for w in what.split(",") if w.strip())
    return min(int(number), 10**6), words


def check(stats) -> None:
    if stats.get("regeneration"):
        read(stats["regeneration"])
    fast = stats.get("fast_healing")
    if fast is not None and (not str(fast).strip().isdigit()):
        raise RulesError(_("fast_healing={text}: expected a whole number (fast_healing=2)", text=fast))


def place(ctx: Context, c: Combatant) -> None:
    """The stat keys put (or change) the effects the turns tick."""
    cat = ctx.ruleset.conditions.catalogue
    if c.stats.get("regeneration"):
        amount, words = read(c.stats["regeneration"])
        for inst in c.instances("regeneration"):
            ctx.remove_condition(c, inst, reason="replaced")
        if amount:
            ctx.apply_condition(c, cat.get("regeneration"), value=amount, note=",".join(words))
    fast = c.stats.get("fast_healing")
    if fast is not None and str(fast).strip().isdigit():
        for inst in c.instances("fast-healing"):
            ctx.remove_condition(c, inst, reason="replaced")
        if int(fast):
            ctx.apply_condition(c, cat.get("fast-healing"), value=int(fast))


def instance(c: Combatant):
    return next((i for i in c.instances("regeneration") if (i.value or 0) > 0), None)


def stoppers(inst) -> set[str]:
    return {k for w in (inst.note or "").replace(",", " ").split() if (k := defenses.canon(w))}


def stopped(state, c: Combatant) -> bool:
    mark = marks.REGEN_OFF.of(c)
    if mark is None:
        return False
    return mark == state.round if state.in_combat else mark == NOW


def works(state, c: Combatant) -> bool:
    """It has regeneration, a Con score (the rule needs one) and nothing stopped it this round."""
    return instance(c) is not None and con_score(c) > 0 and not stopped(state, c)


def after_damage(ctx: Context, c: Combatant, types) -> None:
    """Damage of a listed type stops it on the round following (out of combat: at once, until time passes)."""
    inst = instance(c)
    if inst is None or c.life == "dead":
        return
    hit = sorted(stoppers(inst) & defenses.carried(types))
    if not hit:
        return
    what = joined(defenses.WORDS[w] for w in hit)
    state = ctx.state
    if state.in_combat:
        ctx.set_mark(c, marks.REGEN_OFF, state.round + 1)
        ctx.say(_("{name}'s regeneration is stopped by {what}: next round {name} heals nothing and can die",
                  name=named(c), what=what), rule=RULE, who=c.id, detail=_("round {n}", n=of(c, state.round + 1)))
    else:
        ctx.set_mark(c, marks.REGEN_OFF, NOW)
        ctx.say(_("{name}'s regeneration is stopped by {what}: {name} heals nothing and can die until time passes",
                  name=named(c), what=what), rule=RULE + " [I]", who=c.id)


def tick_works(ctx: Context, c: Combatant, inst) -> bool:
    if inst.cond != "regeneration" or not stopped(ctx.state, c):
        return True
    ctx.say(_("{name}'s regeneration does not work this round: no healing", name=named(c)), rule=RULE, who=c.id)
    return False


def time_passed(ctx: Context) -> None:
    for c in ctx.state.combatants.values():
        if marks.REGEN_OFF.of(c) is not None:
            ctx.set_mark(c, marks.REGEN_OFF, None)
