"""The Health part: damage and healing as the GM types them (lethal, nonlethal, ability damage
and drain, healing) and the hero points spent.

Each change goes through the life-state machine (``life``) so the thresholds of
pathfinder1e.md §1.3-§1.4 apply however the HP moved.
"""

from __future__ import annotations

from gm_console.ruleset import Combatant, Context, EncounterState, Health, Msg, dealt, named, of, possessive

from . import abilities, defenses, hero, marks, regeneration
from .catalogue import BLEEDS
from .i18n import _
from .life import die, hp_of, lose_hp, make_stable, negative_state, need_hp, nl_of, reconcile, settle
from .options import option

NONLETHAL = {"nonlethal", "nl", "noletal", "no-letal", "subdual", "no letal"}
ABILITIES = {"str": "str", "fue": "str", "dex": "dex", "des": "dex", "con": "con", "int": "int", "wis": "wis",
             "sab": "wis", "cha": "cha", "car": "cha"}
DRAIN = {"drain", "drained", "consuncion", "consunción", "drenaje"}
DAMAGE_TYPES = (
    "lethal", "letal", "nonlethal", "nl", "noletal", "no-letal", "subdual",
    "fire", "fuego", "cold", "frio", "frío", "acid", "acido", "ácido", "electricity", "electricidad",
    "sonic", "sonico", "sónico", "force", "fuerza", "positive", "positivo", "negative", "negativo",
    "bludgeoning", "contundente", "piercing", "perforante", "slashing", "cortante",
    "precision", "precisión", "bleed", "sangrado", "magic", "magico", "mágico",
    "untyped", *ABILITIES, "drain", "drained", "consuncion", "consunción", "drenaje",
    *defenses.DAMAGE_WORDS,
)
DAMAGE_TYPES = tuple(dict.fromkeys(DAMAGE_TYPES))
MASSIVE = "pathfinder1e.md §1.3 massive damage [O]"


class PF1Health(Health):
    record_pools = ("hero",)  # the campaign's record counts hero points spent

    def damage(self, ctx: Context, c: Combatant, amount: int, types: tuple[str, ...]) -> None:
        need_hp(ctx, c)
        reconcile(ctx, c)
        kinds = {w for t in types for w in t.casefold().replace("/", ",").split(",") if w}
        keys = sorted({ABILITIES[t] for t in kinds if t in ABILITIES})
        if keys:
            if defenses.immune(ctx, c, types):
                return
            for key in keys:
                if kinds & DRAIN:
                    abilities.drain(ctx, c, key, amount)
                else:
                    abilities.damage(ctx, c, key, amount)
            return
        if kinds & DRAIN:
            ctx.fail(_("drain needs the ability: dmg NAME N str|dex|con|int|wis|cha drain "
                       "(negative levels: cond NAME energy-drained:N)"))
        amount = defenses.apply(ctx, c, amount, types)
        if amount <= 0:
            return
        regeneration.after_damage(ctx, c, types)
        if kinds & NONLETHAL:
            nonlethal(ctx, c, amount)
            return
        lose_hp(ctx, c, amount, rule="pathfinder1e.md §1.3")
        self._massive(ctx, c, amount)

    def _massive(self, ctx: Context, c: Combatant, amount: int) -> None:
        """Optional official rule: 50+ damage that is at least half the max HP -> Fort DC 15 or die."""
        if not option(ctx.state, "massive_damage") or c.life == "dead":
            return
        top = c.pools["hp"].max or 0
        if amount < 50 or amount * 2 < top:
            return
        ok, _total, check = self.rules.checks.roll_save(ctx, c, "fort", 15, purpose=_('massive damage'))
        if ok:
            ctx.say(_("{name}: massive damage, {check}, survives", name=named(c), check=check), rule=MASSIVE,
                    who=c.id)
            return
        ctx.say(_("{name}: massive damage, {check}, fails", name=named(c), check=check), rule=MASSIVE, who=c.id)
        die(ctx, c, _("massive damage"), rule=MASSIVE)

    def minimum_damage(self, ctx: Context, target: Combatant, rolled: int,
                       types: tuple[str, ...]) -> tuple[int, tuple[str, ...]]:
        """pathfinder1e.md §1.3 [O]: a hit whose penalties take the damage below 1 deals 1 nonlethal."""
        ctx.say(_("Damage {rolled} is below 1: the hit deals 1 nonlethal", rolled=dealt(target, rolled)),
                rule="pathfinder1e.md §1.3 [O]", who=target.id)
        return 1, tuple(t for t in types if t not in ("lethal", "letal")) + ("nonlethal",)

    def damage_types(self) -> tuple[str, ...]:
        return DAMAGE_TYPES

    def refuse_type(self, word: str) -> "Msg | None":
        return defenses.refuse_word(word)

    def tick_works(self, ctx: Context, c: Combatant, inst) -> bool:
        """A regeneration stopped by its types heals nothing the round after (§1.14)."""
        return regeneration.tick_works(ctx, c, inst)

    def heal(self, ctx: Context, c: Combatant, amount: int, types: tuple[str, ...]) -> None:
        need_hp(ctx, c)
        reconcile(ctx, c)
        if c.life == "dead":
            ctx.fail(_("{name} is dead: healing has no effect (raise {name} first: revive {ref} HP)", name=c.name,
                       ref=c.id))
        kinds = set(types)
        keys = sorted({ABILITIES[t] for t in kinds if t in ABILITIES})
        if keys:
            for key in keys:
                if kinds & DRAIN:
                    abilities.drain(ctx, c, key, amount, heal=True)
                else:
                    abilities.damage(ctx, c, key, amount, heal=True)
            return
        nl_old = nl_of(c)
        if kinds & NONLETHAL:
            ctx.set_pool(c, "nl", max(0, nl_old - amount), rule="pathfinder1e.md §1.3 nonlethal")
            ctx.say(_("{name} recovers {amount} nonlethal: nonlethal {old} -> {new}", name=named(c),
                      amount=dealt(c, amount), old=of(c, nl_old), new=of(c, nl_of(c))), rule="pathfinder1e.md §1.3",
                    who=c.id)
            settle(ctx, c)
            return
        pool = c.pools["hp"]
        old = pool.value
        top = pool.max if pool.max is not None else old + amount
        new = max(old, min(top, old + amount))
        was_negative = negative_state(c)
        ctx.set_pool(c, "hp", new, rule="pathfinder1e.md §1.4 healing")
        if nl_old:
            ctx.set_pool(c, "nl", max(0, nl_old - amount), rule="pathfinder1e.md §1.3 healing removes nonlethal")
            ctx.say(_("{name} heals {amount}: HP {old} -> {new}, nonlethal {nl_old} -> {nl}", name=named(c),
                      amount=dealt(c, amount), old=of(c, old), new=of(c, new), nl_old=of(c, nl_old),
                      nl=of(c, nl_of(c))), rule="pathfinder1e.md §1.4", who=c.id)
        else:
            ctx.say(_("{name} heals {amount}: HP {old} -> {new}", name=named(c), amount=dealt(c, amount),
                      old=of(c, old), new=of(c, new)), rule="pathfinder1e.md §1.4", who=c.id)
        if amount > 0:
            stop_bleeding(ctx, c, _("healing stops the bleeding"))
        if was_negative and new < 0:
            if c.life in ("dying", "stable") and amount > 0:
                if c.life != "stable" or marks.STABLE.of(c) != "aided":
                    make_stable(ctx, c, "aided", "pathfinder1e.md §1.4 [O]",
                                _("{name} is stable (aided): still unconscious, no more HP loss", name=named(c)))
            elif c.life == "disabled" and amount > 0:
                ctx.set_mark(c, marks.RECOVERING, True)
            return
        if was_negative:
            ctx.set_mark(c, marks.STABLE_SECS, None)
        settle(ctx, c)

    def spend(self, ctx: Context, c: Combatant, resource: str, amount: int | None, args: tuple[str, ...]) -> None:
        if hero.is_hero(resource):
            hero.spend(ctx, c, amount, args)
            return
        super().spend(ctx, c, resource, amount, args)

    def spendable(self, state: EncounterState, c: Combatant):
        """Hero points only (nonlethal and temporary HP are counters, not something to spend)."""
        return hero.spendable(state, c)


def nonlethal(ctx: Context, c: Combatant, amount: int) -> None:
    """Nonlethal adds to its own total; once that total equals the maximum HP, the rest is
    lethal (pathfinder1e.md §1.3, Core Rulebook "Nonlethal Damage")."""
    old = nl_of(c)
    top = c.pools["hp"].max
    room = amount if top is None else max(0, min(amount, top - old))
    lethal = amount - room
    if room or not lethal:
        ctx.set_pool(c, "nl", old + room, rule="pathfinder1e.md §1.3 nonlethal")
        ctx.say(_("{name} takes {room} nonlethal damage: nonlethal {old} -> {new} (HP {hp})", name=named(c),
                  room=dealt(c, room), old=of(c, old), new=of(c, old + room), hp=of(c, hp_of(c))),
                rule="pathfinder1e.md §1.3", who=c.id)
    if lethal:
        nl = nl_of(c)
        lose_hp(ctx, c, lethal, rule="pathfinder1e.md §1.3 nonlethal",
                cause=_("{name}'s nonlethal damage {nl} equals {whose} maximum HP {top}: {lethal} more nonlethal is "
                        "lethal", whose=possessive(c, several=True), name=named(c), nl=of(c, nl), top=of(c, top),
                        lethal=dealt(c, lethal)))
    settle(ctx, c)


def stop_bleeding(ctx: Context, c: Combatant, why: Msg) -> None:
    stopped = [inst for inst in c.conditions if inst.cond in BLEEDS]
    if not stopped:
        return
    for inst in stopped:
        ctx.remove_condition(c, inst, reason="healed")
    ctx.say(_("{name}: {why}", name=named(c), why=why), rule="pathfinder1e.md §1.5 bleed", who=c.id)
