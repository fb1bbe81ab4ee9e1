"""Hit points, temporary hit points, damage by type, 0 HP and death saving throws
(dnd5e.md §2, §3).

Damage takes temporary HP first, then HP (never below 0). A combatant who dies at 0 (a
monster, unless the option ``monsters_dying``) dies; a PC falls unconscious and is dying:
it rolls a death saving throw at the start of each of its turns (``turns.py``) or when
the GM types ``deathsave``. Successes and failures are marks on the combatant (``ds_ok``,
``ds_fail``), so undo and saves keep them without more code.
"""

from __future__ import annotations

from typing import Any

from gm_console.ruleset import (Combatant, Context, EncounterState, Health, Msg, Pool, dealt, fold_text, named, of,
                                public, possessive)

from . import marks
from .common import rule
from .conditions import exhaustion
from .i18n import _, _n
from .options import option
from .stats import CRIT_WORDS, TEMP_WORDS, TYPE_WORDS, type_term

#: the note the unconscious condition carries when 0 HP put it there (healing ends that one only)
AT_ZERO = "0 HP"


def hp(ctx: Context, c: Combatant) -> Pool:
    pool = c.pools.get("hp")
    if pool is None:
        ctx.fail(_("{name} has no hp; set it first: set {ref} hp=10", name=c.name, ref=c.id))
    return pool


def dies_at_zero(state: EncounterState, c: Combatant) -> bool:
    """Monsters die at 0 HP; PCs fall unconscious and make death saves (dnd5e.md §3.1)."""
    return not c.is_pc and not option(state, "monsters_dying")


def kinds_of(words: tuple[str, ...]) -> tuple[set[str], bool]:
    """The damage types and whether it is a critical hit's damage, from what ``dmg`` took."""
    kinds, crit = set(), False
    for typed in words:
        for w in (x for x in typed.casefold().split("/") if x):
            if w in CRIT_WORDS:
                crit = True
            elif w in TYPE_WORDS:
                kinds.add(TYPE_WORDS[w])
    return kinds, crit


def listed(c: Combatant, key: str) -> set[str]:
    """A damage-type list of the sheet (resist, immune, vulnerable) as type ids."""
    raw = c.stats.get(key) or ()
    if isinstance(raw, str):
        raw = raw.split(",")
    return {TYPE_WORDS.get(str(w).strip().casefold(), str(w).strip().casefold()) for w in raw if str(w).strip()}


def saves_of(c: Combatant) -> tuple[int, int]:
    return int(marks.DS_OK.of(c) or 0), int(marks.DS_FAIL.of(c) or 0)


class DnDHealth(Health):
    def damage_types(self) -> tuple[str, ...]:
        return (*TYPE_WORDS, *CRIT_WORDS)

    # -- damage ------------------------------------------------------------------------------------
    def adjusted(self, ctx: Context, c: Combatant, amount: int, kinds: set[str]) -> tuple[int, Any]:
        """Immunity, resistance, vulnerability (dnd5e.md §2.3): the damage taken and the why."""
        immune = kinds & (listed(c, "immune") | self.rules.conditions.immune_types(c))
        if immune:
            return 0, _("immune to {kind}", kind=type_term(sorted(immune)[0]))
        taken, why = amount, []
        resisted = kinds & (listed(c, "resist") | self.rules.conditions.resisted_types(c))
        if self.rules.conditions.resists_all(c) and amount:
            resisted = resisted or {"all"}
        if resisted:
            taken //= 2
            why.append(_("resistance halves it"))
        if kinds & listed(c, "vulnerable"):
            taken *= 2
            why.append(_("vulnerability doubles it"))
        if not why:
            return taken, None
        return taken, why[0] if len(why) == 1 else _("{a}, then {b}", a=why[0], b=why[1])

    def damage(self, ctx: Context, target: Combatant, amount: int, types: tuple[str, ...]) -> None:
        if target.life == "dead":
            ctx.fail(_("{name} is dead; damage does nothing", name=target.name))
        pool = hp(ctx, target)
        kinds, crit = kinds_of(types)
        taken, why = self.adjusted(ctx, target, amount, kinds)
        if taken <= 0:
            detail = _("{amount} {why}", amount=dealt(target, amount), why=why) if why is not None else None
            ctx.say(_("{name} takes no damage", name=named(target)), rule=rule("2.3"), who=target.id, detail=detail)
            return
        left = taken
        temp = target.pools.get("temp")
        if temp is not None and temp.value > 0:
            soaked = min(temp.value, left)
            ctx.set_pool(target, "temp", temp.value - soaked, rule=rule("2.2"))
            left -= soaked
            ctx.say(_("{name}'s temporary HP absorb {n} ({t} left)", name=named(target), n=dealt(target, soaked),
                      t=of(target, temp.value)), rule=rule("2.2"), who=target.id)
            if left == 0:
                self.rules.conditions.damaged(ctx, target, taken)
                return
        before = pool.value
        top = pool.max if pool.max is not None else before
        if before == 0:
            self.hit_at_zero(ctx, target, left, crit, top)
            return
        after = max(0, before - left)
        ctx.set_pool(target, "hp", after, rule=rule("2.1"))
        detail = _("{amount} {why}", amount=dealt(target, amount), why=why) if why is not None else None
        ctx.say(_("{name} takes {n} damage: HP {before} -> {after}", name=named(target), n=dealt(target, left),
                  before=of(target, before), after=of(target, after)), rule=rule("2.1"), who=target.id, detail=detail)
        if after > 0:
            self.rules.conditions.damaged(ctx, target, taken)
            return
        over = left - before
        if over >= top:
            self.kill(ctx, target, _("{name} dies outright: massive damage", name=named(target)), "3.2",
                      detail=_("{over} damage left over at 0 HP, HP max {top}", over=of(target, over),
                               top=of(target, top)))
        elif dies_at_zero(ctx.state, target):
            self.kill(ctx, target, _("{name} drops to 0 HP and dies", name=named(target)), "3.1")
        else:
            self.fall(ctx, target)

    def hit_at_zero(self, ctx: Context, c: Combatant, taken: int, crit: bool, top: int) -> None:
        """Damage at 0 HP: a death-save failure, two from a critical hit; death if it is at least
        the HP maximum (dnd5e.md §3.4)."""
        if taken >= top:
            self.kill(ctx, c, _("{name} dies: damage at 0 HP of at least {whose} HP maximum",
                                whose=possessive(c, several=True), name=named(c)), "3.4",
                      detail=_("{n} damage, HP max {top}", n=dealt(c, taken), top=of(c, top)))
            return
        if dies_at_zero(ctx.state, c):
            self.kill(ctx, c, _("{name} is hit at 0 HP and dies", name=named(c)), "3.1")
            return
        if c.life == "stable":
            ctx.set_life(c, "dying", rule=rule("3.4"))
            ctx.set_mark(c, marks.DS_OK, None)
            ctx.set_mark(c, marks.WAKES_IN, None)
        n = 2 if crit else 1
        ctx.say(_n("{name} is hit at 0 HP: {n} death-save failure", "{name} is hit at 0 HP: {n} death-save failures",
                   n, name=named(c), n=public(n)), rule=rule("3.4"), who=c.id)
        self.fail_saves(ctx, c, n)

    def fall(self, ctx: Context, c: Combatant) -> None:
        """0 HP and not killed: unconscious and dying (dnd5e.md §3.1)."""
        cdef = self.rules.conditions.catalogue.get("unconscious")
        if cdef is not None and not any(i.note == AT_ZERO for i in c.instances("unconscious")):
            ctx.apply_condition(c, cdef, note=AT_ZERO)
            self.rules.conditions.incapacitated(ctx, c, cdef)
        ctx.set_mark(c, marks.DS_OK, None)
        ctx.set_mark(c, marks.DS_FAIL, None)
        ctx.set_life(c, "dying", rule=rule("3.1"))
        ctx.say(_("{name} falls unconscious and is dying: death saves at the start of {whose} turns",
                  whose=possessive(c, several=True), name=named(c)), rule=rule("3.1"), who=c.id)

    def kill(self, ctx: Context, c: Combatant, why: Msg, section: str, detail: "Msg | None" = None) -> None:
        ctx.set_mark(c, marks.WAKES_IN, None)
        ctx.set_mark(c, marks.DS_OK, None)
        ctx.set_mark(c, marks.DS_FAIL, None)
        ctx.set_life(c, "dead", rule=rule(section))
        ctx.say(why, rule=rule(section), who=c.id, detail=detail)
        self.rules.conditions.lost(ctx, c)

    # -- death saving throws -----------------------------------------------------------------------
    def fail_saves(self, ctx: Context, c: Combatant, n: int) -> None:
        ok, fail = saves_of(c)
        fail = min(3, fail + n)
        ctx.set_mark(c, marks.DS_FAIL, fail)
        if fail >= 3:
            self.kill(ctx, c, _("{name} dies: three death-save failures", name=named(c)), "3.3")
        else:
            ctx.say(_("{name}: death saves: successes {ok}, failures {fail}", name=named(c), ok=public(ok),
                      fail=public(fail)), rule=rule("3.3"), who=c.id)

    def death_save(self, ctx: Context, c: Combatant, die: int | None = None) -> None:
        """One death saving throw (dnd5e.md §3.3): d20, 10 or more a success; a natural 20 wakes
        it with 1 HP, a natural 1 counts two failures; three successes: stable; three failures: dead."""
        if c.life != "dying":
            ctx.fail(_("{name} is not dying ({life}): no death save", name=c.name,
                       life=_("stable") if c.life == "stable" else _("dead") if c.life == "dead" else
                       _("at {hp} HP", hp=c.pools["hp"].value if "hp" in c.pools else "?")))
        if die is None:
            r = ctx.roll("1d20", purpose=_("{name}: death save", name=named(c)), who=c.id)
            die = r.total
        if die == 20:
            ctx.say(_("{name} rolls a natural 20 on the death save: back with 1 HP", name=named(c)),
                    rule=rule("3.3"), who=c.id)
            self.heal(ctx, c, 1, ())
            return
        if die == 1:
            ctx.say(_("{name} rolls a natural 1 on the death save: two failures", name=named(c)), rule=rule("3.3"),
                    who=c.id)
            self.fail_saves(ctx, c, 2)
            return
        penalty = 2 * exhaustion(c)  # a death save is a d20 test: exhaustion takes from it (dnd5e.md §4.2)
        if penalty:
            ctx.say(_("{name}'s exhaustion: {die} - {penalty} = {total}", name=named(c), die=of(c, die),
                      penalty=of(c, penalty), total=of(c, die - penalty)), rule=rule("4.2"), who=c.id)
            die -= penalty
        if die < 10:
            ctx.say(_("{name} fails a death save ({die})", name=named(c), die=of(c, die)), rule=rule("3.3"), who=c.id)
            self.fail_saves(ctx, c, 1)
            return
        ok, fail = saves_of(c)
        ok += 1
        if ok >= 3:
            ctx.say(_("{name} succeeds on a third death save ({die}): stable, unconscious at 0 HP", name=named(c),
                      die=of(c, die)), rule=rule("3.3"), who=c.id)
            self.stabilize(ctx, c)
            return
        ctx.set_mark(c, marks.DS_OK, ok)
        ctx.say(_("{name} succeeds on a death save ({die}): successes {ok}, failures {fail}", name=named(c),
                  die=of(c, die), ok=public(ok), fail=public(fail)), rule=rule("3.3"), who=c.id)

    def stabilize(self, ctx: Context, c: Combatant) -> None:
        """Stable: no more death saves; 1 HP back after 1d4 hours (dnd5e.md §3.6)."""
        ctx.set_mark(c, marks.DS_OK, None)
        ctx.set_mark(c, marks.DS_FAIL, None)
        ctx.set_life(c, "stable", rule=rule("3.3"))
        hours = ctx.roll("1d4", purpose=_("{name}: hours until 1 HP", name=named(c)), who=c.id, hidden=True).total
        ctx.set_mark(c, marks.WAKES_IN, hours * 3600)

    def time_passes(self, ctx: Context, seconds: int) -> None:
        """A stable creature's hours run down; when they are over it regains 1 HP (dnd5e.md §3.6)."""
        for c in list(ctx.state.combatants.values()):
            left = marks.WAKES_IN.of(c)
            if c.life != "stable" or not isinstance(left, int):
                continue
            if left > seconds:
                ctx.set_mark(c, marks.WAKES_IN, left - seconds)
                continue
            ctx.say(_("{name} has been stable long enough and regains 1 HP", name=named(c)), rule=rule("3.6"), who=c.id)
            self.heal(ctx, c, 1, ())

    # -- healing -----------------------------------------------------------------------------------
    def heal(self, ctx: Context, target: Combatant, amount: int, types: tuple[str, ...]) -> None:
        if target.life == "dead":
            ctx.fail(_("{name} is dead; healing does nothing", name=target.name))
        if any(t.casefold() in TEMP_WORDS for t in types):
            self.gain_temp(ctx, target, amount)
            return
        pool = hp(ctx, target)
        before = pool.value
        top = pool.max if pool.max is not None else before + amount
        after = min(top, before + amount)
        ctx.set_pool(target, "hp", after, rule=rule("2.4"))
        ctx.say(_("{name} heals {n}: HP {before} -> {after}", name=named(target), n=dealt(target, after - before),
                  before=of(target, before), after=of(target, after)), rule=rule("2.4"), who=target.id)
        if before == 0 and after > 0:
            self.wake(ctx, target)

    def wake(self, ctx: Context, c: Combatant) -> None:
        """Above 0 HP: no longer dying or stable, conscious again (dnd5e.md §3.5)."""
        for inst in c.instances("unconscious"):
            if inst.note == AT_ZERO:
                ctx.remove_condition(c, inst, reason="healed")
        ctx.set_mark(c, marks.DS_OK, None)
        ctx.set_mark(c, marks.DS_FAIL, None)
        ctx.set_mark(c, marks.WAKES_IN, None)
        if c.life != "ok":
            ctx.set_life(c, "ok", rule=rule("3.5"))
            ctx.say(_("{name} regains consciousness", name=named(c)), rule=rule("3.5"), who=c.id)

    def spend(self, ctx: Context, c: Combatant, resource: str, amount: int | None, args: tuple[str, ...]) -> None:
        """``spend NAME legendary_resistance``: as ``legres NAME`` (dnd5e.md §7.5)."""
        if fold_text(resource).replace(" ", "_") in ("legendary_resistance", "lr", "legres", "rl",
                                                     "resistencia_legendaria"):
            for _i in range(amount or 1):
                self.rules.legendary_resist(ctx, c)
            return
        super().spend(ctx, c, resource, amount, args)

    def spendable(self, state: EncounterState, c: Combatant) -> list:
        """What the spend form offers: legendary resistance (temporary HP are not spent, they are lost)."""
        return [s for s in super().spendable(state, c) if s.resource not in ("temp", "hit_dice_left")]

    def gain_temp(self, ctx: Context, c: Combatant, amount: int) -> None:
        """Temporary HP do not add up: the higher number stays (dnd5e.md §2.2)."""
        have = c.pools["temp"].value if "temp" in c.pools else 0
        if amount <= have:
            ctx.say(_("{name} keeps {whose} {have} temporary HP (the new {n} are not more)",
                      whose=possessive(c, several=True), name=named(c),
                      have=of(c, have), n=of(c, amount)), rule=rule("2.2"), who=c.id)
            return
        ctx.set_pool(c, "temp", amount, rule=rule("2.2"))
        ctx.say(_("{name} has {n} temporary HP", name=named(c), n=of(c, amount)), rule=rule("2.2"), who=c.id)
