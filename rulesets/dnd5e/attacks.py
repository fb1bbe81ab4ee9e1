"""`attack ATTACKER TARGET[,TARGET...] [WEAPON] [full] [ROLL ...] [+N] [adv|dis] [cover]` (dnd5e.md §6.5).

The flow is the engine's (``run_attack``); fifth edition says: d20 + the stat block's bonus
(and exhaustion's penalty, the GM's effects on `attack`) against the target's AC now (half
cover +2, three-quarters +5); advantage and disadvantage from the line and the conditions of
both sides, cancelling, rolled as 2d20kh1/2d20kl1; a natural 20 (or the attack's `crit 19-20`)
is a critical hit, which rolls the damage dice twice, not the modifier, and a hit within 5
feet on a paralyzed or unconscious creature is one; the damage goes through the game's own
(resistances, temporary HP, a critical's two death-save failures at 0 HP).
"""

from __future__ import annotations

import re

from gm_console.ruleset import Attack, AttackRules, Combatant, Crit, Plan, RulesError, Roll, Tick, named, of, run_attack

from . import positions
from .common import rule
from .conditions import dodging, exhaustion, flagged
from .i18n import T_, _

AC = T_("defence", "AC", "CA")
_DIE = re.compile(r"(\d*)d(\d+)", re.I)
#: cover's bonus to AC (SRD "Rules Glossary", Cover): half +2, three-quarters +5
COVER_5E = {"half-cover": 2, "three-quarters-cover": 5}
WORDS_5E = {
    "adv": "adv", "advantage": "adv", "ventaja": "adv", "vent": "adv",
    "dis": "dis", "disadvantage": "dis", "desventaja": "dis", "desv": "dis",
    "half-cover": "half-cover", "partial-cover": "half-cover", "media-cobertura": "half-cover",
    "cobertura-media": "half-cover", "three-quarters-cover": "three-quarters-cover",
    "cover": "three-quarters-cover", "cobertura": "three-quarters-cover",
    "cobertura-de-tres-cuartos": "three-quarters-cover", "tres-cuartos": "three-quarters-cover",
    "total-cover": "total-cover", "cobertura-total": "total-cover",
    **positions.WORDS,
}

#: the other d20 games' words every attack reads (engine/rules/attack_flow.py WORDS) that fifth
#: edition has not (dnd5e.md §6.5): refused with what it has, never silently ignored
OTHER_GAMES = {"flank": T_("attack word", "flank", "flanqueo"),
               "concealment": T_("attack word", "concealment", "ocultación"),
               "total-concealment": T_("attack word", "total-concealment", "ocultación-total"),
               "miss": T_("attack word", "miss", "fallo"),
               "improved-cover": T_("attack word", "improved-cover", "cobertura-mejorada")}


def doubled(dice: str) -> str:
    """A critical hit's damage: every die twice, the modifier once (1d8+3 -> 2d8+3)."""
    return _DIE.sub(lambda m: f"{2 * int(m.group(1) or 1)}d{m.group(2)}", dice)


def close(plan: Plan, atk: Attack) -> bool:
    """Within 5 feet: the GM's `near`/`far`, else the attack's reach or range (dnd5e.md §6.6)."""
    return positions.within_5_feet(plan.words, atk)


class DnDAttacks(AttackRules):
    rule = rule("6.5")
    example = T_("attack example", "shortsword +4 1d6+2 piercing", "espada corta +4 1d6+2 perforante")
    words = {**AttackRules.words, **WORDS_5E}
    valued: dict = {}
    # the attack form in fifth edition's words (dnd5e.md §6.5): no iteratives but the Attack
    # action's attacks (Extra Attack, a count in the stat block: `2 longswords`), a monster's
    # Multiattack, advantage and disadvantage, half and three-quarters cover; no flanking, no
    # concealment's miss chance
    full_label = T_("attack form", "Attack action: each of its attacks (Extra Attack)",
                    "Atacar: cada uno de sus ataques (Ataque adicional)")
    every_label = T_("attack form", "Every attack (Multiattack)", "Todos los ataques (Multiataque)")
    ticks = (Tick("adv", T_("attack form", "Advantage", "Ventaja")),
             Tick("dis", T_("attack form", "Disadvantage", "Desventaja")),
             Tick("half-cover", T_("attack form", "Half cover (+2 AC)", "Cobertura media (+2 CA)"), "cover"),
             Tick("three-quarters-cover", T_("attack form", "Three-quarters cover (+5 AC)",
                                             "Cobertura de tres cuartos (+5 CA)"), "cover"))
    more_label = T_("attack form", "More: +N, near or far (within 5 feet or not), stop",
                    "Más: +N, cerca o lejos (a 5 pies o no), parar")

    def prepare(self, ctx, plan: Plan) -> None:
        foreign = [OTHER_GAMES[w] for w in sorted(plan.words & OTHER_GAMES.keys())]
        if foreign:
            raise RulesError(_("attack: {word} is not fifth edition's (no flanking, no concealment's miss chance, "
                               "no improved cover); it has adv, dis, half-cover (+2 AC) and cover (three-quarters, "
                               "+5 AC)", word=foreign[0]), param="words")
        if "total-cover" in plan.words:
            ctx.fail(_("attack: a target behind total cover cannot be targeted"))
        stops = flagged(plan.attacker, "incapacitated", ctx.ruleset.conditions.catalogue)
        if stops:
            ctx.fail(_("{name} is {cond}: no actions, no attacks", name=plan.attacker.name,
                       cond=ctx.ruleset.conditions.catalogue.define(stops[0].cond).term))
        for t in plan.targets:
            if positions.charmer(plan.attacker, t):
                ctx.fail(_("{name} is charmed by {other} and cannot attack {other} (uncond {ref} charmed when the "
                           "charm ends)", name=plan.attacker.name, other=t.name, ref=plan.attacker.id))

    def state_parts(self, state, a: Combatant, atk: Attack) -> list[tuple[str, int]]:
        """Exhaustion's -2 a level and what the GM's effects give to `attack` (dnd5e.md §4.2)."""
        parts = [(inst.cond, int(d)) for inst in a.conditions for k, d in (inst.mods or {}).items()
                 if k == "attack" and d]
        level = exhaustion(a)
        if level:
            parts.append(("exhaustion", -2 * level))
        return parts

    def edges(self, ctx, plan: Plan, a: Combatant, t: Combatant, atk: Attack) -> tuple[bool, bool]:
        """Advantage and disadvantage on this roll (dnd5e.md §6.5): the line's words; the attacker
        blinded, frightened, poisoned, prone or restrained (disadvantage) or invisible (advantage);
        the target blinded, paralyzed, petrified, restrained, stunned or unconscious (advantage),
        invisible (disadvantage), prone (advantage within 5 feet, else disadvantage); grappled and
        attacking another than its grappler, or ranged within 5 feet (disadvantage, §6.6)."""
        cat = ctx.ruleset.conditions.catalogue
        ups = "adv" in plan.words or bool(flagged(a, "adv-attacks", cat)) or bool(flagged(t, "attacked-adv", cat))
        downs = ("dis" in plan.words or bool(flagged(a, "dis-attacks", cat)) or bool(flagged(t, "adv-attacks", cat))
                 or dodging(t, cat) or positions.grappled_elsewhere(a, t)
                 or positions.close_combat(plan.words, atk, t, cat))
        if t.has("prone") or t.has("unconscious"):
            if close(plan, atk):
                ups = True
            else:
                downs = True
        return ups, downs

    def d20(self, ctx, plan: Plan, a: Combatant, t: Combatant, atk: Attack) -> str:
        ups, downs = self.edges(ctx, plan, a, t, atk)
        if ups and not downs:
            return "2d20kh1"
        if downs and not ups:
            return "2d20kl1"
        return "1d20"

    def defence_key(self, atk: Attack) -> str:
        return "ac"

    def defence(self, ctx, plan: Plan, a: Combatant, t: Combatant, atk: Attack):
        fig = ctx.ruleset.sheet.effective(ctx.state, t).get("ac")
        if fig is None:
            ctx.fail(_("{name} has no AC; set it first: set {ref} ac=13", name=t.name, ref=t.id))
        more = [(w.replace("-", " "), n) for w, n in COVER_5E.items() if w in plan.words][:1]
        return AC, fig.value + sum(d for _l, d in more), [p for p in fig.parts if p[1]] + more

    def critical(self, ctx, plan: Plan, a: Combatant, t: Combatant, atk: Attack, roll: Roll) -> Crit:
        """A natural 20 (or the attack's `crit 19-20`) is a critical hit; any hit within 5 feet on a
        paralyzed or unconscious creature is one (dnd5e.md §6.5)."""
        if roll.natural >= atk.threat:
            return Crit(2, True)
        if close(plan, atk) and (t.has("paralyzed") or t.has("unconscious")):
            return Crit(2, True, _("a hit within 5 feet on a paralyzed or unconscious creature is critical"))
        return Crit()

    def roll_damage(self, ctx, plan: Plan, a: Combatant, t: Combatant, atk: Attack, multiplier: int):
        """The damage dice, twice on a critical hit; the modifier once (dnd5e.md §6.5)."""
        dice = doubled(atk.dice) if multiplier > 1 else atk.dice
        r = ctx.roll(dice, purpose=_("damage of {attacker}'s {weapon} to {target}", attacker=named(a), weapon=atk.name,
                                     target=named(t)), who=a.id)
        return max(0, r.total), _("{dice} ({rolled})", dice=of(a, dice), rolled=of(a, r.text or str(r.total)))

    def dealt_types(self, atk: Attack, multiplier: int) -> tuple[str, ...]:
        """A critical hit's damage at 0 HP is two death-save failures: the damage says it was one."""
        return (*atk.types, "crit") if multiplier > 1 else tuple(atk.types)

    def fallen(self, t: Combatant) -> bool:
        return t.life != "ok"


def attack(ctx, call) -> None:
    run_attack(ctx, ctx.ruleset.sheet.attack_rules(), call, "attack")
