"""Generic ruleset: HP only, d20 + init bonus, conditions as free labels.

Good for any game the tracker does not know; it also proves the contract: it
uses nothing the third-party author does not have.
"""

from __future__ import annotations

from gm_console.ruleset import Combatant, ConditionDef, Context, EncounterState, Figure, Ruleset, StatField

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


class GenericRuleset(Ruleset):
    id = "generic"
    name = "Generic (HP and labels)"
    version = "1.0"
    free_conditions = True

    def stat_block(self):
        return (
            StatField("hp", "pool", aliases=("pv", "vida"), en="Hit points", es="Puntos de vida",
                      doc="hp=7 or hp=3/7 (current/max)"),
            StatField("init", "int", default=0, aliases=("ini",), en="Initiative bonus",
                      es="Bono de iniciativa"),
            StatField("ac", "int", aliases=("ca", "defense"), en="Armor class", es="Clase de armadura"),
            StatField("pc", "bool", default=False, aliases=("pj",), en="Player character",
                      es="Personaje jugador"),
            StatField("notes", "str", aliases=("notas",), en="Notes", es="Notas"),
        )

    def conditions(self):
        defs = [ConditionDef(id=cid, en=en, es=es) for cid, en, es in COMMON]
        defs.append(ConditionDef(id="bleed", en="Bleed", es="Sangrando", aliases=("bleeding",), valued=True))
        return defs

    def on_added(self, ctx: Context, c: Combatant) -> None:
        hp = c.pools.get("hp")
        if hp is not None and hp.value <= 0:
            ctx.set_life(c, "unconscious", rule="generic: 0 HP")

    def add_condition(self, ctx: Context, target: Combatant, cdef: ConditionDef, rounds, value, clock,
                      source) -> None:
        life = LIFE_WORDS.get(cdef.id)
        if life is not None:
            ctx.set_life(target, life, rule="set by the GM")
            return
        super().add_condition(ctx, target, cdef, rounds, value, clock, source)

    def effective(self, state: EncounterState, c: Combatant) -> dict[str, Figure]:
        out = {"init": Figure(self.initiative_bonus(c))}
        if isinstance(c.stats.get("ac"), int):
            out["ac"] = Figure(c.stats["ac"])
        return out

    def damage(self, ctx: Context, target: Combatant, amount: int, types: tuple[str, ...]) -> None:
        hp = target.pools.get("hp")
        if hp is None:
            ctx.fail(f"{target.name} has no hp; set it first: set {target.id} hp=10")
        new = max(0, hp.value - amount)
        ctx.set_pool(target, "hp", new)
        ctx.say(f"{target.name} takes {amount} damage: HP {hp.value}", f"{target.name} recibe {amount} de daño: PV {hp.value}",
                who=target.id)
        if new == 0 and target.life not in ("dead", "unconscious"):
            ctx.set_life(target, "unconscious", rule="generic: 0 HP")

    def heal(self, ctx: Context, target: Combatant, amount: int, types: tuple[str, ...]) -> None:
        hp = target.pools.get("hp")
        if hp is None:
            ctx.fail(f"{target.name} has no hp; set it first: set {target.id} hp=10")
        top = hp.max if hp.max is not None else hp.value + amount
        ctx.set_pool(target, "hp", min(top, hp.value + amount))
        ctx.say(f"{target.name} heals {amount}: HP {hp.value}", f"{target.name} se cura {amount}: PV {hp.value}",
                who=target.id)
        if hp.value > 0 and target.life != "ok":
            ctx.set_life(target, "ok", rule="generic: above 0 HP")
