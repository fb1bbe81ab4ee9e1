"""Casting: mana is paid up front and stays spent even if the casting roll fails
(dragon_age.md §2.8 [O?]); a successful roll with doubles earns spell stunt points."""

from __future__ import annotations

from gm_console.ruleset import N_, Context, Fields, Flag, Int, Rest, Verb, Who, Word, fold_text, named, of

from . import marks
from .age_roll import ability_what, focus_note, keep, make_check, read_tail, roll_3d6, roll_mods
from .common import NEW_ROLL, clear_stunt_points, rule
from .economy import MAJOR, MINOR, check_can_act, take
from .effects import CASTING_COST
from .i18n import _
from .stunt_points import grant

EXPECT = _("magic:FOCUS, dice like 5,5,3, the 3d6 sum, +N, minor or target=NAME")


def cast_verb(ctx: Context, call) -> None:
    c = ctx.combatant(call.who)
    spell, cost, tn = call.spell, call.mp, call.tn
    t = read_tail(ctx, call.roll, CAST.word, CAST.usage(), EXPECT)
    target = None
    for key, value in call.fields:
        if fold_text(key) not in ("target", "objetivo"):
            ctx.fail(_("{verb}: unexpected {key}=; usage: {usage}", verb=CAST.word, key=key, usage=CAST.usage()))
        target = ctx.combatant(value).id
    check_can_act(ctx, c)
    for inst in c.conditions:  # Combat Magic: every spell costs 2 MP more (dragon_age.md §2.12)
        extra = CASTING_COST.get(inst.cond, 0)
        if extra:
            cost += extra
            ctx.say(_("{effect}: {spell} costs {n} MP more", effect=ctx.ruleset.conditions.catalogue.define(inst.cond).term,
                      spell=spell, n=of(c, extra)), rule=rule("2.12"), who=c.id)
    pool = c.pools.get("mana")
    have = pool.value if pool is not None else 0
    if cost > have:
        ctx.fail(_("{name} has {have} mana; {spell} costs {cost}", name=c.name, have=have, spell=spell, cost=cost))
    second = bool(marks.BONUS_CAST.of(c))
    if second:
        ctx.set_mark(c, marks.BONUS_CAST, None)
    else:  # Fast Casting's spell leaves the first casting's other points waiting (dragon_age.md §2.5 [S])
        clear_stunt_points(ctx, NEW_ROLL)
        take(ctx, c, MINOR if call.minor else MAJOR, _("cast {spell}", spell=spell))
    if cost:
        ctx.spend_pool(c, "mana", cost, rule=rule("2.8"))
    key = t.ability or "magic"
    roll = roll_3d6(ctx, t.dice, t.numbers[0] if t.numbers else None,
                    _('{name}: casting {spell}', name=named(c), spell=spell), c.id)
    check = make_check(c, roll, key, t.focus, t.mod_parts + roll_mods(c, key, t.focus, "casting"))
    power = ctx.ruleset.sheet.spellpower(c, t.focus)
    ok = check.total >= tn
    left = c.pools["mana"].value if "mana" in c.pools else 0
    # what is cast and whether it works are the table's; the caster's mana, roll, TN and Spellpower are
    # numbers about it (a foe's are the GM's), in the detail
    spent = _("{cost} MP, mana {left} left", cost=of(c, cost), left=of(c, left))
    roll_vs = _("{formula} vs TN {tn}", formula=check.told(c), tn=of(c, tn))
    if ok:
        ctx.say(_("{name} casts {spell}: success", name=named(c), spell=spell), rule=rule("2.8"), who=c.id,
                detail=_("{spent}; {roll}; Spellpower {power}{note}", spent=spent, roll=roll_vs,
                         power=of(c, power.value), note=focus_note(c, t.focus)))
    else:
        ctx.say(_("{name} casts {spell}: fails, the mana is spent anyway", name=named(c), spell=spell),
                rule=rule("2.8"), who=c.id, detail=_("{spent}; {roll}{note}", spent=spent, roll=roll_vs,
                                                     note=focus_note(c, t.focus)))
    keep(ctx, c, check, f"casting {spell} ({ability_what(key, t.focus)})", f"TN {tn}", tn,
         "success" if ok else "failure", earns=not second)
    if not ok:
        return
    if second:
        if roll.doubles:
            ctx.say(_("Doubles on the Fast Casting spell: no stunt points"), rule=rule("2.5"), who=c.id)
        return
    grant(ctx, c, roll, "spell", {"spell": spell, "cost": cost, "refunded": 0, "target": target,
                                  "spellpower": power.value, "total": check.total})


CAST = Verb("cast", (Who("who"), Word("spell", meta=N_("SPELL"), fold=False), Int("mp", meta=N_("MP"), what=_("the mana cost")),
                     Int("tn", meta=N_("TN"), what=_("the target number")), Flag("minor", words=("minor", "menor")),
                     Flag("major", words=("major", "mayor")), Fields("fields", meta=N_("target=NAME"), completes=""),
                     Rest("roll", spelled=N_("[magic:FOCUS] [DICE] [+N]"))),
            cast_verb, _("casting roll vs TN; mana is spent even on failure"), es=("lanzar", "hechizo"),
            group="ruleset",
            note=_("DICE: 5,5,3 dragon die first, or the 3d6 sum"))
