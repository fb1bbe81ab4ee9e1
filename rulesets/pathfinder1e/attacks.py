"""`attack ATTACKER TARGET[,TARGET...] [WEAPON] [full] [+N] [charge] [flank] ...` (pathfinder1e.md §1.19).

The flow is the engine's (``run_attack``: d20, natural 1 and 20, miss chance, damage through
``Health.damage``); this module says what Pathfinder adds: the attacker's bonus as it is now
(its effective melee or ranged figure's changes: shaken, prone, entangled, dazzled, fatigued's
Str, negative levels, charging...), the target's AC, touch AC or flat-footed AC as it is now,
prone against melee or ranged, helpless, cover, flanking, concealment, and the critical: a
natural roll in the threat range that hits is confirmed by a second roll against the same AC.
"""

from __future__ import annotations

from types import SimpleNamespace

from gm_console.ruleset import attack_flow as flow
from gm_console.ruleset import Attack, AttackRules, Combatant, Crit, Plan, Roll, named, of, run_attack

from . import defenses, life, tactics
from . import economy
from .i18n import T_, _

RULE = "pathfinder1e.md §1.19"
AC, TOUCH = T_("defence", "AC", "CA"), T_("defence", "touch AC", "CA de toque")

WORDS = {**AttackRules.words, **flow.DISTANCE_WORDS, "charge": "charge", "carga": "charge", "cargando": "charge"}


def max_increments(atk: Attack) -> int:
    """A thrown weapon reaches five range increments, a projectile weapon ten (§1.19.4)."""
    return 5 if flow.thrown(atk) else 10


class PF1Attacks(AttackRules):
    rule = RULE
    words = WORDS
    valued = {**AttackRules.valued, "at": None}
    # the attack form in Pathfinder's words: a full attack's iteratives (§1.19.2), a charge,
    # flanking, cover and concealment's miss chances (§1.19.3)
    full_label = T_("attack form", "Full attack: every iterative of this attack",
                    "Ataque completo: todos los iterativos de este ataque")
    more_label = T_("attack form", "More: +N, charge, flank, cover, concealment (20%), total-concealment (50%), stop",
                    "Más: +N, carga, flanqueo, cobertura, ocultación (20%), ocultación-total (50%), parar")

    def prepare(self, ctx, plan: Plan) -> None:
        a = plan.attacker
        flow.check_distance(ctx, plan, max_increments)
        tactics.can_act(ctx, a, _("attack"))
        if "charge" in plan.words:
            if "full" in plan.words:
                ctx.fail(_("attack: a charge ends in one melee attack, not a full attack"))
            if not a.has("charging"):
                tactics.charge(ctx, SimpleNamespace(who=a.id))  # +2 attack, -2 AC (§1.2)
        elif not a.has("charging"):  # on its own turn an attack is its standard action, a full attack its full-round (§1.2)
            economy.spend_for(ctx, a, "full" if "full" in plan.words else "standard",
                              _("full attack") if "full" in plan.words else _("attack"))

    def state_parts(self, state, a: Combatant, atk: Attack) -> list[tuple[str, int]]:
        """The effective melee or ranged figure's changes: its base is the stat block's, which the
        printed bonus holds already."""
        fig = self.ruleset.sheet.effective(state, a)["ranged" if atk.ranged else "attack"]
        return [p for p in fig.parts if p[1]]

    def attack_parts(self, ctx, plan: Plan, a: Combatant, t: Combatant, atk: Attack) -> list[tuple[str, int]]:
        """Flanking and a helpless target's +4 in melee too; the range penalty (§1.19.4)."""
        parts = self.state_parts(ctx.state, a, atk) + flow.range_parts(plan, atk)
        if not atk.ranged:
            if "flank" in plan.words:
                parts.append((self.FLANKING, 2))
            if "helpless" in ctx.ruleset.conditions.flags(t):
                parts.append((self.HELPLESS_TARGET, 4))
        return parts

    def defence(self, ctx, plan: Plan, a: Combatant, t: Combatant, atk: Attack):
        figs = ctx.ruleset.sheet.effective(ctx.state, t)
        touch = atk.defence == "touch"
        fig = figs["touch" if touch else "ac"]
        more = self.position(plan, t.has("prone"), atk)
        why = [p for p in fig.parts if p[1]] + more
        value = fig.value + sum(d for _l, d in more)
        return (TOUCH if touch else AC), value, why

    def miss_chance(self, ctx, plan: Plan, a: Combatant, t: Combatant) -> tuple[int, str]:
        """Concealment 20%, total concealment 50% (a blinded attacker's foes, an invisible target)."""
        chances = self.said_chances(plan)
        if "blind" in ctx.ruleset.conditions.flags(a):
            chances.append((50, self.BLINDED_ATTACKER))
        if t.has("invisible"):
            chances.append((50, self.INVISIBLE_TARGET))
        return max(chances, key=lambda c: c[0], default=(0, ""))

    def critical(self, ctx, plan: Plan, a: Combatant, t: Combatant, atk: Attack, roll: Roll) -> Crit:
        """A natural roll in the threat range that hits threatens; a confirmation roll (same bonus,
        same AC) that hits makes it a critical: x multiplier (§1.19.1). A broken weapon threatens on
        20 only, x2 (§1.5)."""
        threat, mult = (20, 2) if a.has("broken") else (atk.threat, atk.multiplier)
        if roll.natural < threat or atk.dice == "-":
            return Crit()
        if defenses.crit_immune(t):  # §1.13, §1.16 (incorporeal, swarms): no confirmation, a normal hit
            return Crit(1, False, _("{name} is immune to critical hits", name=named(t)))
        nat = plan.naturals.pop(0) if plan.naturals else ctx.roll(
            "1d20", purpose=_("{attacker}: confirming the critical on {target}", attacker=named(a), target=named(t)),
            who=a.id).total
        confirm = Roll(nat, roll.parts, roll.defence, roll.value, roll.why)
        ok = confirm.hits()
        told = _("confirmation {nat} = {total}: {outcome}", nat=of(a, nat), total=of(a, confirm.total),
                 outcome=_("confirmed") if ok else _("not confirmed"))
        return Crit(mult if ok else 1, True, told)

    def after_hit(self, ctx, plan: Plan, a: Combatant, t: Combatant, atk: Attack) -> None:
        """A hit's riders offered, never done silently (§1.19.5): ``plus grab`` a free grapple check
        at +4, ``plus trip`` a free trip attempt, ``plus poison`` / ``plus disease`` the exposure to
        the attacker's own (its ``poison=`` / ``disease=``, §1.17)."""
        for kind in flow.rider_kinds(atk):
            if kind in ("grab", "trip"):
                what = "grapple +4" if kind == "grab" else "trip"
                flow.offer(ctx, a, t, atk.name, kind, "maneuver", f"maneuver {flow.quoted(a)} {flow.quoted(t)} {what}",
                           by_attacker=True)
            else:
                flow.offer_affliction(ctx, a, t, atk, kind)

    def damage_parts(self, ctx, plan: Plan, a: Combatant, atk: Attack) -> list[tuple[str, int]]:
        """The state's changes to damage (Str lost or gained, sickened): a ranged weapon takes no
        Str change (its bonus is printed)."""
        fig = ctx.ruleset.sheet.effective(ctx.state, a)["damage"]
        str_parts = {i for i, (label, _d) in enumerate(fig.said()) if label.startswith("Str")}
        return [p for i, p in enumerate(fig.parts) if p[1] and not (atk.ranged and i in str_parts)]


def attack(ctx, call) -> None:
    """``attack``; a disabled attacker on its own turn pays 1 HP after it, as for any standard
    (strenuous) action (§1.4)."""
    a = ctx.combatant(call.who)
    strained = a.life == "disabled" and ctx.state.active == a.id
    run_attack(ctx, ctx.ruleset.sheet.attack_rules(), call, "attack")
    if strained and a.id in ctx.state.combatants and ctx.state.get(a.id).life == "disabled":
        life.strain(ctx, ctx.state.get(a.id))
