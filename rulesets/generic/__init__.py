"""Generic ruleset: HP only, d20 + init bonus, conditions as free labels.

Good for any game the tracker does not know; it also proves the contract: it
uses nothing the third-party author does not have.
"""

from __future__ import annotations

from gm_console.ruleset import Combatant, Context, Ruleset, StatField


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
        if hp.value > 0 and target.life == "unconscious":
            ctx.set_life(target, "ok", rule="generic: above 0 HP")
