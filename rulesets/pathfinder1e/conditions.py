"""The Conditions part: the catalogue, and what adding or losing an entry does (pathfinder1e.md §1.5).

Fatigued on a fatigued creature makes it exhausted; with the fear_escalation
option, fear grades escalate; energy drain kills at its HD; a counter (mirror
image) takes the number the GM gives; the life-state names (dying, stable,
disabled, dead) typed by hand move the life state.
"""

from __future__ import annotations

from dataclasses import replace

from gm_console.ruleset import Combatant, ConditionDef, Conditions, Context, dealt, life, named, of, public

from . import abilities, afflictions, health, marks, negative_levels
from .catalogue import CATALOGUE
from .grapple import condition_removed as grapple_condition_removed
from .i18n import _
from .initiative import FLAT_NOTE
from .life import die, hp_of, make_stable, need_hp
from .options import option

RULE = "pathfinder1e.md §1.5"
FIRE = "pathfinder1e.md §1.11.1"


class PF1Conditions(Conditions):
    def definitions(self):
        return CATALOGUE

    def add(self, ctx: Context, c: Combatant, cdef: ConditionDef, rounds, value, clock, source) -> None:
        cat = self.catalogue
        if cdef.id in ("dying", "stable", "disabled", "dead"):
            return by_hand(ctx, c, cdef.id)
        if c.life == "dead":
            ctx.fail(_("{name} is dead; conditions no longer matter (revive {ref} HP first)", name=c.name, ref=c.id))
        if cdef.family == "fatigue" and marks.REST_SECS.of(c):
            # new fatigue interrupts the complete rest: its 1 h or 8 h start again (§1.5 [S])
            ctx.set_mark(c, marks.REST_SECS, None)
        if cdef.id == "fatigued" and (c.has("fatigued") or c.has("exhausted")):
            if c.has("exhausted"):
                ctx.say(_("{name} is already exhausted: more fatigue changes nothing", name=named(c)), rule=RULE,
                        who=c.id)
                return
            for inst in c.instances("fatigued"):
                ctx.remove_condition(c, inst, reason="replaced")
            ctx.apply_condition(c, cat.get("exhausted"), rounds=rounds, clock=clock, source=source)
            ctx.say(_("{name} is fatigued again: exhausted", name=named(c)), rule="pathfinder1e.md §1.5 fatigued [S]",
                    who=c.id)
            return
        if cdef.family == "fear" and option(ctx.state, "fear_escalation"):
            up = _escalate(c, cdef.id)
            if up:
                for inst in [i for i in c.conditions if i.cond in ("shaken", "frightened")]:
                    ctx.remove_condition(c, inst, reason="replaced")
                ctx.apply_condition(c, cat.get(up), rounds=rounds, clock=clock, source=source)
                ctx.say(_("{name}: {cond} on top of fear escalates to {worse}", name=named(c), cond=cdef.term,
                          worse=cat.get(up).term), rule="pathfinder1e.md §1.5 fear escalation [Δ option]", who=c.id)
                return
        if "counter" in cdef.flags and value is not None and c.has(cdef.id):
            return _count(ctx, c, cdef, value)
        if cdef.id == "flat-footed" and any(i.note == FLAT_NOTE for i in c.instances(cdef.id)):
            # keep the GM's flat-footed apart from the one that ends at the first turn
            cdef = replace(cdef, stack="separate")
        ctx.apply_condition(c, cdef, rounds=rounds, value=value, clock=clock, source=source)
        if cdef.id == "energy-drained":
            negative_levels.sync(ctx, c)
        if cdef.id == "con-penalty":
            abilities.con_hp(ctx, c)

    def flags(self, c: Combatant) -> dict[str, list[str]]:
        """flag -> what sets it: the flags of what applies now and those of its life state (§1.4,
        §1.5), so the sheet, the action budget and the verbs read the same."""
        flags: dict[str, list[str]] = {}
        for inst in self.active(c):
            for f in self.catalogue.define(inst.cond).flags:
                flags.setdefault(f, []).append(inst.cond)
        if c.life in ("dying", "stable", "unconscious", "dead"):
            flags.setdefault("no-actions", []).append(c.life)
            flags.setdefault("helpless", []).append(c.life)
        if c.life in ("disabled", "staggered"):
            flags.setdefault("one-action", []).append(c.life)
        return flags

    def took_hold(self, ctx: Context, c: Combatant, cdef: ConditionDef) -> None:
        """Catching fire: 1d6 fire at once (CRB, Catching on Fire: pathfinder1e.md §1.11.1)."""
        if cdef.id != "on-fire" or c.life == "dead":
            return
        amount = ctx.roll("1d6", purpose=_("{name} catches fire", name=named(c)), who=c.id).total
        ctx.say(_("{name} catches fire: {amount} fire", name=named(c), amount=dealt(c, amount)), rule=FIRE, who=c.id)
        self.rules.health.damage(ctx, c, amount, ("fire",))

    def save_outcome(self, c: Combatant, cdef: ConditionDef, ok: bool):
        if cdef.id != "on-fire":
            return None
        if ok:
            return _("{name} puts out the flames", name=named(c))
        return _("{name} is still on fire", name=named(c))

    def save_helps(self, cdef: ConditionDef):
        """On fire: rolling on the ground (or smothering the flames with a cloak) gives another save
        at +4 (CRB, Catching on Fire: pathfinder1e.md §1.11.1)."""
        if cdef.id != "on-fire":
            return {}
        rolling = (4, _("rolling on the ground"))
        return dict.fromkeys(("rolling", "ground", "smother", "rodando", "rodar", "suelo", "sofocar"), rolling)

    def own_save(self, ctx: Context, target: Combatant, cdef: ConditionDef, dice: tuple[int, ...]) -> bool:
        """A poison's or disease's save offered at its interval (pathfinder1e.md §1.17)."""
        return afflictions.answer(ctx, target, cdef.id, dice)

    def removed(self, ctx: Context, target: Combatant, cond: str, reason: str) -> None:
        grapple_condition_removed(ctx, target, cond)
        if cond == "energy-drained":
            negative_levels.sync(ctx, target)
        if cond == "con-penalty":
            abilities.con_hp(ctx, target)
        if cond in ("poisoned", "diseased") and target.id in ctx.state.combatants:
            afflictions.removed(ctx, ctx.state.get(target.id))


def _count(ctx: Context, c: Combatant, cdef: ConditionDef, value: int) -> None:
    """A counter takes the number the GM gives (images left), 0 ends it (pathfinder1e.md §1.11)."""
    inst = c.instances(cdef.id)[0]
    if value <= 0:
        ctx.remove_condition(c, inst, reason="used up")
        ctx.say(_("{name}: no {cond} left", name=named(c), cond=cdef.term), rule="pathfinder1e.md §1.11", who=c.id)
        return
    old = inst.value
    ctx.change_condition(c, inst, value=value)
    # a condition's number is on every view of a combatant the players see (the images left)
    ctx.say(_("{name}: {cond} {old} -> {new}", name=named(c), cond=cdef.term, old=public(old), new=public(value)),
            rule="pathfinder1e.md §1.11", who=c.id)


def _escalate(c: Combatant, new: str) -> str | None:
    has_shaken, has_fright = c.has("shaken"), c.has("frightened")
    if c.has("panicked") or c.has("cowering"):
        return None
    if new == "shaken":
        return "panicked" if has_fright else ("frightened" if has_shaken else None)
    if new == "frightened":
        return "panicked" if (has_shaken or has_fright) else None
    return None


def by_hand(ctx: Context, c: Combatant, which: str) -> None:
    """`cond NAME stable|dying|disabled|dead`: the GM states the life state directly."""
    need_hp(ctx, c)
    hp = hp_of(c)
    if which == "dead":
        if c.life != "dead":
            die(ctx, c, _("by the GM"), rule=RULE, can_cheat=False)
        return
    if c.life == "dead":
        ctx.fail(_("{name} is dead (revive {ref} HP first)", name=c.name, ref=c.id))
    if which == "stable":
        if hp >= 0 or c.life not in ("dying", "stable"):
            ctx.fail(_("{name} is not dying (HP {hp}, {life}): only the dying can be stabilized", name=c.name,
                       hp=hp, life=life(c.life)))
        make_stable(ctx, c, "aided", "pathfinder1e.md §1.4 [O]",
                    _("{name} is stabilized (aided): unconscious, no more HP loss", name=named(c)))
        health.stop_bleeding(ctx, c, _("the bleeding is stopped"))
        return
    if which == "dying":
        if hp >= 0:
            ctx.set_pool(c, "hp", -1, rule=RULE)
        ctx.set_life(c, "dying", rule=RULE)
        for k in (marks.STABLE, marks.RECOVERING):
            ctx.set_mark(c, k, None)
        ctx.say(_("{name} is dying", name=named(c)), rule=RULE, who=c.id, detail=_("HP {hp}", hp=of(c, hp_of(c))))
        return
    # disabled
    if hp > 0:
        ctx.fail(_("{name} has {hp} HP: disabled is HP 0, or negative HP once stable and awake", name=c.name, hp=hp))
    ctx.set_life(c, "disabled", rule=RULE)
    ctx.set_mark(c, marks.STABLE, None)
    ctx.say(_("{name} is disabled", name=named(c)), rule=RULE, who=c.id, detail=_("HP {hp}", hp=of(c, hp)))
