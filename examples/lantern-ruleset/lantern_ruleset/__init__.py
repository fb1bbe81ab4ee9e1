"""Lantern: a tiny game, written the way any third-party ruleset for gm-console is.

The rules, in full: a combatant has HP and Armor; each hit is reduced by Armor
(never below 1); at 0 HP it is down, and one more hit kills. Initiative is 2d6 + Agility. Once per combat a combatant may `rally`,
getting back 1d6 HP. Two conditions: Stunned (-2 Armor) and Burning (1 damage at
the start of each of its turns).

Everything a GM reads is a message of Lantern's catalogue (``_``), so it shows in
English or Spanish; everything that changes goes through the ``Context``, so undo,
saves and the log just work; its own bookkeeping (who has rallied) is a mark declared in
``marks.py``. Each argument of a sentence for the log is typed by what
it is, which tells who may read it (docs/players.md §1.1): ``named(c)`` a combatant,
``dealt(c, n)`` damage or healing done to c, ``of(c, n)`` a number about c (its HP,
its armor: a foe's are the GM's), ``public(n)`` anyone's, ``gm(x)`` the GM's alone.
"""

from __future__ import annotations

from gm_console.ruleset import (Combatant, ConditionDef, Conditions, Context, EncounterState, Figure, Health,
                                Ruleset, Sheet, StatField, Turns, Verb, Who, dealt, named, of, part)

from .i18n import _
from .marks import RALLIED


class LanternSheet(Sheet):
    def stat_block(self):
        return (
            StatField("hp", "pool", en="Hit points", es="Puntos de golpe", aliases=("pg",), health=1),
            StatField("armor", "int", default=0, en="Armor", es="Armadura", aliases=("armadura",), minimum=0),
            StatField("agility", "int", default=0, en="Agility", es="Agilidad", aliases=("agi", "agilidad")),
            StatField("pc", "bool", default=False, en="Player character", es="Personaje jugador", aliases=("pj",)),
        )

    def effective(self, state: EncounterState, c: Combatant) -> dict[str, Figure]:
        armor = int(c.stats.get("armor") or 0)
        parts = tuple(("stunned", -2) for i in c.conditions if i.cond == "stunned")[:1]
        return {"armor": Figure(max(0, armor + sum(d for _, d in parts)), base=armor, parts=parts)}

    def status(self, state: EncounterState, c: Combatant, lang: str = "en"):
        if RALLIED.of(c):
            return [_("has rallied this combat")]
        return []


class LanternHealth(Health):
    def damage(self, ctx: Context, target: Combatant, amount: int, types: tuple[str, ...]) -> None:
        if "hp" not in target.pools:
            ctx.fail(_("{name} has no hp; set it first: set {ref} hp=10", name=target.name, ref=target.id))
        armor = self.rules.sheet.effective(ctx.state, target)["armor"].value
        taken = max(1, amount - armor) if amount > 0 else 0
        hp = target.pools["hp"]
        if hp.value == 0 and taken:
            ctx.set_life(target, "dead", rule="Lantern: a hit while down")
            ctx.say(_("{name} is hit while down and dies", name=named(target)), who=target.id)
            return
        ctx.set_pool(target, "hp", max(0, hp.value - taken))
        # the players read a PC's line in full; a foe's armor and HP are the GM's (they read a health word)
        ctx.say(_("{name} takes {taken} ({amount} - {armor} armor): HP {hp}", name=named(target),
                  taken=dealt(target, taken), amount=dealt(target, amount), armor=of(target, armor),
                  hp=of(target, hp.value)), who=target.id)
        if hp.value == 0:
            ctx.set_life(target, "unconscious", rule="Lantern: 0 HP")

    def heal(self, ctx: Context, target: Combatant, amount: int, types: tuple[str, ...]) -> None:
        if target.life == "dead":
            ctx.fail(_("{name} is dead; no healing brings it back", name=target.name))
        super().heal(ctx, target, amount, types)
        if target.pools["hp"].value > 0:
            ctx.set_life(target, "ok")


class LanternConditions(Conditions):
    def definitions(self):
        return (
            ConditionDef("stunned", "Stunned", "Aturdido", summary_en="-2 Armor", summary_es="-2 a la Armadura"),
            ConditionDef("burning", "Burning", "Ardiendo", aliases=("fire", "fuego"),
                         summary_en="1 damage at the start of its turns",
                         summary_es="1 de daño al empezar sus turnos"),
        )


class LanternTurns(Turns):
    initiative_dice = "2d6"

    def initiative_bonus(self, c: Combatant) -> int:
        return int(c.stats.get("agility") or 0)

    def on_turn_start(self, ctx: Context, c: Combatant) -> None:
        if c.has("burning") and c.life != "dead":
            ctx.say(_("{name} burns", name=named(c)), who=c.id)
            self.rules.health.damage(ctx, c, 1 + self.rules.sheet.effective(ctx.state, c)["armor"].value, ())

    def on_combat_end(self, ctx: Context) -> None:
        for c in ctx.state.combatants.values():
            ctx.set_mark(c, RALLIED, None)


def rally(ctx: Context, call) -> None:
    """Once per combat: back 1d6 HP."""
    c = ctx.combatant(call.who)
    if RALLIED.of(c):
        ctx.fail(_("{name} has already rallied this combat", name=c.name))
    if c.life == "dead":
        ctx.fail(_("{name} is dead; no healing brings it back", name=c.name))
    gained = ctx.roll("1d6", purpose=_("rally of {name}", name=named(c)), who=c.id).total
    ctx.set_mark(c, RALLIED, True)
    ctx.ruleset.health.heal(ctx, c, gained, ())
    ctx.say(_("{name} rallies: +{gained} HP", name=named(c), gained=dealt(c, gained)), who=c.id)


class Lantern(Ruleset):
    id = "lantern"
    name = "Lantern"
    version = "0.1"
    domain = _  # its catalogue: where another language finds its conditions' and stats' names
    sheet = part(LanternSheet)
    health = part(LanternHealth)
    conditions = part(LanternConditions)
    turns = part(LanternTurns)

    def verbs(self):
        return (Verb("rally", (Who("who"),), rally, _("once per combat: the combatant gets back 1d6 HP"),
                     es=("reagrupar", "animarse"), group="health"),)
