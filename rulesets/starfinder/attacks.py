"""`attack ATTACKER TARGET[,TARGET...] [WEAPON] [full] [+N] [flank] ...` (starfinder.md §3.17).

The flow is the engine's (``run_attack``); Starfinder says: the attacker's bonus as it is now
(its effective melee or ranged figure's changes: shaken, off-target, prone, charging, fighting
defensively, harrying fire...), EAC or KAC as the target is now (flat-footed -2, cover,
broken armor...; energy attacks against EAC, the rest against KAC unless the attack says),
prone against melee or ranged, the target's concealment, and the critical: a natural 20 that
hits doubles the damage and applies the attack's critical effect (bleed, burn, knockdown...).
Damage goes through the game's damage: temporary HP, stamina, then HP (§3.3.2).
"""

from __future__ import annotations

import re

from gm_console.ruleset import attack_flow as flow
from gm_console.ruleset import Attack, AttackRules, Combatant, Crit, Plan, Roll, fold_text, named, run_attack

from . import economy
from .i18n import T_, _

RULE = "starfinder.md §3.17"
EAC, KAC = T_("defence", "EAC", "CAE"), T_("defence", "KAC", "CAC")
_DICE = re.compile(r"(\d{0,2})d(\d{1,2})(?:\+(\d{1,2}))?|(\d{1,3})", re.A)


def defence_of(atk: Attack) -> str:
    """The AC an attack targets: what it says, else EAC when every damage type is energy (§3.3.1)."""
    if atk.defence in ("eac", "kac"):
        return atk.defence
    return "eac" if atk.energy else "kac"


class SFAttacks(AttackRules):
    rule = RULE
    example = T_("attack example", "tactical baton +5 1d4+2 B", "porra táctica +5 1d4+2 contundente")
    words = {**AttackRules.words, **flow.DISTANCE_WORDS}
    valued = {**AttackRules.valued, "at": None}

    def prepare(self, ctx, plan: Plan) -> None:
        """Ten range increments for every weapon, thrown ones too (the seed; §3.17.6)."""
        flow.check_distance(ctx, plan, lambda atk: 10)
        # on its own turn an attack is its standard action, a full attack its full action (§3.2)
        full = "full" in plan.words
        economy.use(ctx, plan.attacker, "full" if full else "standard",
                    economy.NAMED_TERMS["full-attack" if full else "attack"])

    def state_parts(self, state, a: Combatant, atk: Attack) -> list[tuple[str, int]]:
        fig = self.ruleset.sheet.effective(state, a)["ranged" if atk.ranged else "melee"]
        return [p for p in fig.parts if p[1]]

    def attack_parts(self, ctx, plan: Plan, a: Combatant, t: Combatant, atk: Attack) -> list[tuple[str, int]]:
        parts = self.state_parts(ctx.state, a, atk) + flow.range_parts(plan, atk)
        if "flank" in plan.words and not atk.ranged:
            parts.append((self.FLANKING, 2))
        return parts

    def defence_key(self, atk: Attack) -> str:
        return defence_of(atk)

    def defence(self, ctx, plan: Plan, a: Combatant, t: Combatant, atk: Attack):
        key = defence_of(atk)
        fig = ctx.ruleset.sheet.effective(ctx.state, t)[key]
        more = self.position(plan, t.has("prone"), atk)
        return (EAC if key == "eac" else KAC), fig.value + sum(d for _l, d in more), \
            [p for p in fig.parts if p[1]] + more

    def miss_chance(self, ctx, plan: Plan, a: Combatant, t: Combatant) -> tuple[int, str]:
        """The target's concealment (§3.6.3), a blinded attacker's (everything has total concealment),
        and what the line says."""
        chances = self.said_chances(plan)
        own = ctx.ruleset.sheet.effective(ctx.state, t).get("miss_chance")
        if own is not None:
            chances.append((own.value, own.parts[0][0]))
        if a.has("blinded"):
            chances.append((50, self.BLINDED_ATTACKER))
        return max(chances, key=lambda c: c[0], default=(0, ""))

    def critical(self, ctx, plan: Plan, a: Combatant, t: Combatant, atk: Attack, roll: Roll) -> Crit:
        """A natural 20 that hits is a critical: double damage (§3.17)."""
        return Crit(2, True) if roll.natural == 20 else Crit()

    def damage_parts(self, ctx, plan: Plan, a: Combatant, atk: Attack) -> list[tuple[str, int]]:
        fig = ctx.ruleset.sheet.effective(ctx.state, a)["damage"]
        return [p for p in fig.parts if p[1]]

    def after_critical(self, ctx, plan: Plan, a: Combatant, t: Combatant, atk: Attack) -> None:
        """The critical effect (§3.17.3, §3.17.7): bleed N (bleeding), burn NdX (burning N), knockdown
        (prone) are applied; what needs a save or a choice is offered: staggered, deafen, blind,
        sicken (the save, then the condition: ``cond``), arc N (the creature nearest, the GM's),
        corrode N, wound and severe wound (the GM's d20 on the table); any other is told."""
        effect = atk.critical
        if not effect or t.life == "dead":
            return
        words = effect.split()
        kind = fold_text(words[0])
        if kind == "severe" and len(words) > 1 and fold_text(words[1]) in ("wound", "herida"):
            kind, words = "severe wound", words[1:]
        amount = words[1] if len(words) > 1 else ""
        cat = ctx.ruleset.conditions.catalogue
        told = _("{name}'s critical effect on {target}: {effect}", name=named(a), target=named(t), effect=effect)
        ctx.say(told, rule=RULE, who=t.id)
        if kind in ("bleed", "sangrado", "sangrar") and _DICE.fullmatch(amount):
            value = ctx.roll(amount, purpose=told, who=a.id).total
            ctx.ruleset.conditions.add(ctx, t, cat.get("bleeding"), None, value, None, a.id)
        elif kind in ("burn", "quemar", "arder") and _DICE.fullmatch(amount):
            m = _DICE.fullmatch(amount)
            value = int(m.group(1) or 1) if m.group(2) else int(m.group(4))
            ctx.ruleset.conditions.add(ctx, t, cat.get("burning"), None, value, None, a.id)
        elif kind in ("knockdown", "derribo", "derribar"):
            ctx.ruleset.conditions.add(ctx, t, cat.get("prone"), None, None, None, a.id)
        elif kind in SAVED:
            save, cond, span = SAVED[kind]
            if span != "1":  # the condition's duration, rolled now: the command carries it
                rolled = ctx.roll(span.split()[0], purpose=told, who=a.id).total
                span = f"{rolled}m" if span.endswith("minutes") else str(rolled)
            flow.offer(ctx, a, t, atk.name, save, "cond", f"cond {flow.quoted(t)} {cond} {span}",
                       f"{cond} {span}")
        elif kind in ("arc", "arco") and amount:
            types = "&".join(atk.types)
            flow.offer(ctx, a, t, atk.name, "arc", "dmg", None, " ".join(w for w in (amount, types) if w))
        elif kind in ("corrode", "corroer", "corrosion") and amount:
            flow.offer(ctx, a, t, atk.name, "corrode", "dmg", None, amount)
        elif kind in ("wound", "herida", "severe wound"):
            flow.offer(ctx, a, t, atk.name, "wound" if kind != "severe wound" else "severe wound", "r",
                       "r 1d20 wound" if kind != "severe wound" else "r 1d20 severe wound")
        else:
            flow.offer(ctx, a, t, atk.name, "effect", "", None, effect)

    def after_hit(self, ctx, plan: Plan, a: Combatant, t: Combatant, atk: Attack) -> None:
        """``plus poison`` / ``plus disease``: the exposure to the attacker's own, offered (§3.15)."""
        for kind in flow.rider_kinds(atk):
            if kind in ("poison", "disease"):
                flow.offer_affliction(ctx, a, t, atk, kind)


#: a critical effect that asks a save, then puts a condition on (Core Rulebook, critical hit effects;
#: Armory): its save, the condition, and for how long (rounds, or dice of rounds or minutes)
SAVED = {"staggered": ("fortitude", "staggered", "1"), "stagger": ("fortitude", "staggered", "1"),
         "grogui": ("fortitude", "staggered", "1"),
         "deafen": ("fortitude", "deafened", "1d4 minutes"), "deafened": ("fortitude", "deafened", "1d4 minutes"),
         "ensordecer": ("fortitude", "deafened", "1d4 minutes"),
         "blind": ("reflex", "blinded", "1d3 rounds"), "blinded": ("reflex", "blinded", "1d3 rounds"),
         "cegar": ("reflex", "blinded", "1d3 rounds"),
         "sicken": ("fortitude", "sickened", "1d4 minutes"), "sickened": ("fortitude", "sickened", "1d4 minutes"),
         "enfermar": ("fortitude", "sickened", "1d4 minutes")}


def attack(ctx, call) -> None:
    run_attack(ctx, ctx.ruleset.sheet.attack_rules(), call, "attack")
