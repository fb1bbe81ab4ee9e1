"""Casting: mana is paid up front and stays spent even if the casting roll fails
(dragon_age.md §2.8 [O?]); a successful roll with doubles earns spell stunt points."""

from __future__ import annotations

from gm_console.ruleset import Context

from .ability_tests import ability_what, focus_note, keep, make_check, roll_3d6
from .common import clear_stunt_points, loose_dice, rule, tokens
from .economy import MAJOR, MINOR, check_can_act, take
from .sheet import spellpower
from .stunt_points import grant

USAGE = ("cast NAME SPELL MP TN [magic:FOCUS] [DICE] [+N] [minor] [target=NAME]   "
         "(DICE: 5,5,3 dragon die first, or the 3d6 sum)")


def cast_verb(ctx: Context, args: tuple[str, ...]) -> None:
    if len(args) < 4:
        ctx.fail(f"cast: missing arguments; usage: {USAGE}")
    c = ctx.combatant(args[0])
    spell = args[1]
    t = loose_dice(tokens(ctx, args[2:], USAGE), 2)
    for w in t.words:
        if w not in ("minor", "menor", "major", "mayor"):
            ctx.fail(f"cast: unexpected {w!r}; usage: {USAGE}")
    minor = any(w in ("minor", "menor") for w in t.words)
    if len(t.numbers) < 2:
        ctx.fail(f"cast: give the mana cost and the target number; usage: {USAGE}")
    if len(t.numbers) > 3:
        ctx.fail(f"cast: too many numbers; usage: {USAGE}")
    cost, tn = t.numbers[0], t.numbers[1]
    total = t.numbers[2] if len(t.numbers) > 2 else None
    target = ctx.combatant(t.kv["target"]).id if t.kv.get("target") else None
    check_can_act(ctx, c)
    pool = c.pools.get("mana")
    have = pool.value if pool is not None else 0
    if cost > have:
        ctx.fail(f"{c.name} has {have} mana; {spell} costs {cost}")
    second = bool(c.marks.get("bonus_cast"))
    if not second:  # Fast Casting's spell leaves the first casting's other points waiting (dragon_age.md §2.5 [S])
        clear_stunt_points(ctx, "a new roll", "una tirada nueva")
    if second:
        ctx.set_mark(c, "bonus_cast", None)
    else:
        take(ctx, c, MINOR if minor else MAJOR, f"cast {spell}", f"lanza {spell}")
    if cost:
        ctx.spend_pool(c, "mana", cost, rule=rule("2.8"))
    key = t.ability or "magic"
    roll = roll_3d6(ctx, t.dice, total, f"{c.name}: casting {spell}", c.id)
    check = make_check(c, roll, key, t.focus, (("mod", t.mod),) if t.mod else ())
    power = spellpower(c, t.focus)
    ok = check.total >= tn
    left = c.pools["mana"].value if "mana" in c.pools else 0
    note_en, note_es = focus_note(c, t.focus)
    if ok:
        res_en, res_es = f"success; Spellpower {power.value}", f"éxito; Potencia mágica {power.value}"
    else:
        res_en, res_es = "fails: the mana is spent anyway", "falla: el maná se gasta igualmente"
    ctx.say(f"{c.name} casts {spell} ({cost} MP, mana {left} left): {check.summary(c)} vs TN {tn}: "
            f"{res_en}{note_en}",
            f"{c.name} lanza {spell} ({cost} PM, le quedan {left}): {check.summary(c, 'es')} contra NO {tn}: "
            f"{res_es}{note_es}", rule=rule("2.8"), who=c.id)
    keep(ctx, c, check, f"casting {spell} ({ability_what(key, t.focus)})", f"TN {tn}", tn,
         "success" if ok else "failure", earns=not second)
    if not ok:
        return
    if second:
        if roll.doubles:
            ctx.say("Doubles on the Fast Casting spell: no stunt points",
                    "Dobles en el hechizo de Lanzamiento rápido: sin puntos de proeza", rule=rule("2.5"), who=c.id)
        return
    grant(ctx, c, roll, "spell", {"spell": spell, "cost": cost, "refunded": 0, "target": target,
                                  "spellpower": power.value, "total": check.total})
