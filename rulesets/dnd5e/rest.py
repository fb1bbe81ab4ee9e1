"""The long rest (dnd5e.md §2.5): all hit points back, temporary ones gone, one exhaustion
level less; a monster's legendary resistances back (they count per day)."""

from __future__ import annotations

from gm_console.ruleset import Combatant, Context, dealt, named, of, public

from .common import names, rule
from .i18n import _


def long_rest(ctx: Context, who: list[Combatant]) -> None:
    if ctx.state.in_combat:
        ctx.fail(_("rest: the combat is running; `end` it first"))
    if not who:
        ctx.fail(_("rest: no one to rest (name them, or rest with everyone: rest all)"))
    for c in who:
        if c.life == "dead":
            continue
        hp = c.pools.get("hp")
        if c.life in ("dying", "stable") or (hp is not None and hp.value <= 0):
            ctx.say(_("{name} is at 0 HP: no benefit from the rest until healed", name=named(c)), rule=rule("2.5"),
                    who=c.id)
            continue
        if hp is not None and hp.max is not None and hp.value < hp.max:
            gained = hp.max - hp.value
            ctx.set_pool(c, "hp", hp.max, rule=rule("2.5"))
            ctx.say(_("{name} regains {n} HP: HP {hp}", name=named(c), n=dealt(c, gained), hp=of(c, hp.max)),
                    rule=rule("2.5"), who=c.id)
        temp = c.pools.get("temp")
        if temp is not None and temp.value:
            ctx.set_pool(c, "temp", 0, rule=rule("2.5"))
        for inst in c.instances("exhaustion"):
            level = int(inst.value or 1) - 1
            if level < 1:
                ctx.remove_condition(c, inst, reason="rested")
            else:
                ctx.change_condition(c, inst, value=level)
            ctx.say(_("{name}: exhaustion level {level}", name=named(c), level=public(max(0, level))),
                    rule=rule("2.5"), who=c.id)
        uses = c.stats.get("legendary_resistance")
        pool = c.pools.get("legendary_resistance")
        if isinstance(uses, int) and pool is not None and pool.value < uses:
            ctx.set_pool(c, "legendary_resistance", uses, rule=rule("7.5"))
    ctx.say(_("A long rest ends for {names} (the 8 hours pass with `pass 8h`)",
              names=names(c for c in who if c.life != "dead")), rule=rule("2.5"))
