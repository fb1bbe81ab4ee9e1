"""Generic ruleset: HP only, d20 + init bonus, conditions as free labels.

Good for any game the tracker does not know; it also proves the contract: it
uses nothing the third-party author does not have.
"""

from __future__ import annotations

from gm_console.ruleset import (Combatant, ConditionDef, Conditions, Context, EncounterState, Figure, Health, Ruleset,
                                Sheet, StatField, dealt, named, of, part, words_for)

from .i18n import _

#: common conditions, named in both languages so `cond B desprevenido` is `flat-footed`;
#: no numbers attached (a generic game has none), any other word is still a free label
COMMON = (
    ("blinded", "Blinded", "Cegado"), ("charmed", "Charmed", "Hechizado"),
    ("confused", "Confused", "Confuso"), ("dazed", "Dazed", "Atontado"),
    ("deafened", "Deafened", "Ensordecido"), ("entangled", "Entangled", "Enmarañado"),
    ("exhausted", "Exhausted", "Exhausto"), ("fatigued", "Fatigued", "Fatigado"),
    ("flat-footed", "Flat-footed", "Desprevenido"), ("frightened", "Frightened", "Asustado"),
    ("grappled", "Grappled", "Apresado"), ("helpless", "Helpless", "Indefenso"),
    ("invisible", "Invisible", "Invisible"), ("paralyzed", "Paralyzed", "Paralizado"),
    ("poisoned", "Poisoned", "Envenenado"), ("prone", "Prone", "Tumbado"),
    ("restrained", "Restrained", "Inmovilizado"), ("shaken", "Shaken", "Estremecido"),
    ("sickened", "Sickened", "Indispuesto"), ("stunned", "Stunned", "Aturdido"),
)

#: life states a GM may set by hand: `cond Goblin dead`, `uncond Goblin dead`
LIFE_WORDS = {"dead": "dead", "muerto": "dead", "dying": "dying", "moribundo": "dying",
              "unconscious": "unconscious", "inconsciente": "unconscious", "stable": "stable",
              "estable": "stable", "disabled": "disabled", "staggered": "staggered"}


#: what an effect's numbers may name: the two figures the generic sheet has
_MODIFIER_WORDS = words_for(("ac", "init"), {"defense": "ac", "defensa": "ac"})


class GenericSheet(Sheet):
    def stat_block(self):
        return (
            StatField("hp", "pool", aliases=("pg", "pv", "vida"), en="Hit points", es="Puntos de golpe",
                      doc="hp=7 or hp=3/7 (current/max)", health=1),
            StatField("init", "int", default=0, aliases=("ini",), en="Initiative bonus",
                      es="Bono de iniciativa"),
            StatField("ac", "int", aliases=("ca", "defense"), en="Armor class", es="Clase de armadura"),
            StatField("pc", "bool", default=False, aliases=("pj",), en="Player character",
                      es="Personaje jugador"),
            StatField("notes", "str", aliases=("notas",), en="Notes", es="Notas"),
        )

    def on_added(self, ctx: Context, c: Combatant) -> None:
        hp = c.pools.get("hp")
        if hp is not None and hp.value <= 0:
            ctx.set_life(c, "unconscious", rule="generic: 0 HP")

    def effective(self, state: EncounterState, c: Combatant) -> dict[str, Figure]:
        """Initiative and AC with what the GM's effects add (``effect B Shield ac+2``): the generic
        game has no bonus types, so every effect's numbers add (docs/rulesets/generic.md)."""
        own = [(inst.cond, key, int(delta)) for inst in c.conditions for key, delta in (inst.mods or {}).items()]

        def figure(key: str, base: int) -> Figure:
            parts = tuple((label, delta) for label, k, delta in own if k == key and delta)
            return Figure(base + sum(d for _l, d in parts), base, parts)

        out = {"init": figure("init", self.rules.turns.initiative_bonus(c))}
        if isinstance(c.stats.get("ac"), int):
            out["ac"] = figure("ac", c.stats["ac"])
        return out

    def modifier_words(self):
        return _MODIFIER_WORDS


class GenericConditions(Conditions):
    free_labels = True

    def definitions(self):
        defs = [ConditionDef(id=cid, en=en, es=es) for cid, en, es in COMMON]
        defs.append(ConditionDef(id="bleed", en="Bleed", es="Sangrando", aliases=("bleeding",), valued=True))
        return defs

    def add(self, ctx: Context, target: Combatant, cdef: ConditionDef, rounds, value, clock, source) -> None:
        life = LIFE_WORDS.get(cdef.id)
        if life is not None:
            ctx.set_life(target, life, rule="set by the GM")
            return
        super().add(ctx, target, cdef, rounds, value, clock, source)


class GenericHealth(Health):
    """HP down to 0, never below; at 0 unconscious, above 0 back on its feet."""

    def _hp(self, ctx: Context, target: Combatant):
        hp = target.pools.get("hp")
        if hp is None:
            ctx.fail(_("{name} has no hp; set it first: set {ref} hp=10", name=target.name, ref=target.id))
        return hp

    def damage(self, ctx: Context, target: Combatant, amount: int, types: tuple[str, ...]) -> None:
        hp = self._hp(ctx, target)
        ctx.set_pool(target, "hp", max(0, hp.value - amount))
        # a PC's line is its players' in full; a foe's HP is the GM's (the players read a health word)
        ctx.say(_("{name} takes {amount} damage: HP {hp}", name=named(target), amount=dealt(target, amount),
                  hp=of(target, hp.value)), who=target.id)
        if hp.value == 0 and target.life not in ("dead", "unconscious"):
            ctx.set_life(target, "unconscious", rule="generic: 0 HP")

    def heal(self, ctx: Context, target: Combatant, amount: int, types: tuple[str, ...]) -> None:
        hp = self._hp(ctx, target)
        top = hp.max if hp.max is not None else hp.value + amount
        ctx.set_pool(target, "hp", min(top, hp.value + amount))
        ctx.say(_("{name} heals {amount}: HP {hp}", name=named(target), amount=dealt(target, amount),
                  hp=of(target, hp.value)), who=target.id)
        if hp.value > 0 and target.life != "ok":
            ctx.set_life(target, "ok", rule="generic: above 0 HP")


class GenericRuleset(Ruleset):
    id = "generic"
    name = "Generic (HP and labels)"
    version = "1.0"
    domain = _  # its catalogue: where another language finds its conditions' and stats' names
    sheet = part(GenericSheet)
    health = part(GenericHealth)
    conditions = part(GenericConditions)
