"""The DA condition catalogue and what adding or losing a condition does (dragon_age.md §2.7, §2.12).

Defense bonuses are modifiers the sheet adds up; the life states (dying, unconscious, dead)
are conditions too so that their clocks (the dying countdown, the 2d6 minutes of a pulled
blow) run on the engine's generic duration machinery, including ``pass``. The spells and
talents a GM puts on a combatant are in ``effects``; any other name is a free label.

Flags the tracker enforces: ``no-actions`` (its action verbs are refused), ``no-major``,
``next-turn`` (lasts through the owner's next turn), ``encounter`` (ends with the combat),
``no-dex-defense``, ``defense-spellpower``, ``defense-10``, ``speed-quarter``,
``immune-damage``, ``wakes-on-damage``, ``no-stunts``.
"""

from __future__ import annotations

from gm_console.ruleset import (Catalogue, Combatant, ConditionDef, ConditionInstance, Conditions, Context, Term,
                                named, with_every_game, possessive)

from . import marks
from .common import rule
from .effects import SPELLS, TALENTS
from .i18n import _

LIFE_CONDITIONS = ("dying", "unconscious", "dead")
#: the +2 Defense of Defend and two stunts: option defense_bonuses decides whether they add up
DEFENSE_SOURCES = ("defending", "defensive-stance", "mana-shield")

CONDITIONS: tuple[ConditionDef, ...] = (
    ConditionDef("prone", "Prone", "Tumbado", aliases=("derribado", "knocked prone", "derribo"),
                 flags=frozenset({"melee-target-bonus"}),
                 summary_en="melee attacks against it +1; cannot Run; standing up is a Move at half Speed",
                 summary_es="+1 a los ataques cuerpo a cuerpo contra él; no puede Correr; levantarse es Movimiento a media Velocidad"),
    ConditionDef("defending", "Defending", "Defendiendo", aliases=("defend", "defender", "defensa"),
                 modifiers={"defense": 2},
                 summary_en="+2 Defense until the start of its next turn",
                 summary_es="+2 a la Defensa hasta el comienzo de su próximo turno"),
    ConditionDef("defensive-stance", "Defensive Stance", "Postura defensiva",
                 modifiers={"defense": 2},
                 summary_en="+2 Defense until the start of its next turn (stunt)",
                 summary_es="+2 a la Defensa hasta el comienzo de su próximo turno (proeza)"),
    ConditionDef("mana-shield", "Mana Shield", "Escudo de maná", modifiers={"defense": 2},
                 summary_en="+2 Defense until the start of its next turn (spell stunt)",
                 summary_es="+2 a la Defensa hasta el comienzo de su próximo turno (proeza mágica)"),
    ConditionDef("aiming", "Aiming", "Apuntando", aliases=("aim", "apuntar"),
                 summary_en="+1 on its next attack if that is its next action",
                 summary_es="+1 a su próximo ataque si es su siguiente acción"),
    ConditionDef("imposing-spell", "Imposing Spell", "Hechizo imponente", valued=True,
                 aliases=("imposing",),
                 summary_en="melee attackers must pass Willpower (Courage) vs this TN or Move/Defend instead",
                 summary_es="quien le ataque cuerpo a cuerpo debe superar Voluntad (Coraje) contra este NO o Moverse/Defender"),
    ConditionDef("heal-lockout", "Heal lockout", "Curación bloqueada",
                 aliases=("healed", "curado", "curacion bloqueada"),
                 summary_en="cannot benefit from another Heal action until it takes damage",
                 summary_es="no puede beneficiarse de otra acción de Curación hasta sufrir daño"),
    ConditionDef("prepared", "Prepared action", "Acción preparada",
                 aliases=("prepare", "preparacion", "preparada"),
                 summary_en="may interrupt with its prepared major action before its next turn",
                 summary_es="puede interrumpir con su acción mayor preparada antes de su próximo turno"),
    ConditionDef("disarmed", "Disarmed", "Desarmado",
                 summary_en="its weapon lies 1d6 + Str metres away",
                 summary_es="su arma está a 1d6 + Fuerza metros"),
    ConditionDef("dying", "Dying", "Moribundo", system=True,
                 summary_en="may speak, no other actions; dies when the countdown runs out unless healed above 0",
                 summary_es="puede hablar, nada más; muere al acabar la cuenta atrás salvo que lo curen por encima de 0"),
    ConditionDef("unconscious", "Unconscious", "Inconsciente", system=True,
                 aliases=("ko", "knocked out"),
                 summary_en="out of the fight (pulled blow: wakes after 2d6 minutes)",
                 summary_es="fuera de combate (golpe contenido: despierta en 2d6 minutos)"),
    ConditionDef("dead", "Dead", "Muerto", system=True, aliases=("muerte", "killed"),
                 summary_en="dead", summary_es="muerto"),
)

DEFINITIONS: tuple[ConditionDef, ...] = (*CONDITIONS, *SPELLS, *TALENTS)
CATALOGUE = Catalogue(with_every_game(DEFINITIONS), free_labels=True, domain=_)  # + regeneration, ongoing...


def cdef(cid: str) -> ConditionDef:
    d = CATALOGUE.get(cid)
    assert d is not None, cid
    return d


def effect_mods(c: Combatant, figure: str, skip: tuple[str, ...] = ()) -> list[tuple[Term, int]]:
    """What the conditions and effects on ``c`` add to one figure, labelled by their name:
    the catalogue's modifiers and a free effect's own (``cond X blessed defense+1``). One instance
    of each effect counts; AGE has no bonus types, so the rest simply add (dragon_age.md §2.12)."""
    out: list[tuple[Term, int]] = []
    seen: set[str] = set()
    for inst in c.conditions:
        if inst.cond in seen or inst.cond in skip:
            continue
        d = CATALOGUE.define(inst.cond)
        delta = int(d.modifiers.get(figure, 0)) + int((inst.mods or {}).get(figure, 0))
        if delta:
            seen.add(inst.cond)
            out.append((d.term, delta))
    return out


def flagged(c: Combatant, flag: str) -> list[ConditionInstance]:
    """The instances on ``c`` whose entry carries ``flag``."""
    return [inst for inst in c.conditions if flag in CATALOGUE.define(inst.cond).flags]


class DAConditions(Conditions):
    """The catalogue, plus the life states a GM may set by hand as the rules would."""

    free_labels = True
    catalogue = CATALOGUE

    def definitions(self):
        return DEFINITIONS

    def add(self, ctx: Context, target: Combatant, cdef: ConditionDef, rounds, value, clock, source) -> None:
        """``cond NAME dying|unconscious|dead`` set the life state as the rules would (§2.6)."""
        if cdef.id not in LIFE_CONDITIONS:
            return super().add(ctx, target, cdef, rounds, value, clock, source)
        health = self.rules.health
        if target.life == "dead":
            ctx.fail(_("{name} is dead", name=target.name))
        if cdef.id == "dead":
            health.kill(ctx, target, _("The GM declares {name} dead", name=named(target)), "2.6")
        elif cdef.id == "dying":
            if target.life == "dying":
                ctx.fail(_("{name} is already dying", name=target.name))
            if "health" in target.pools:
                ctx.set_pool(target, "health", 0, rule=rule("2.6"))
            health.start_dying(ctx, target)
        else:
            if target.life == "dying":
                ctx.fail(_("{name} is dying, which is worse than unconscious; heal {name} above 0 first",
                           name=target.name))
            for inst in target.instances("unconscious"):
                ctx.remove_condition(target, inst, reason="replaced")
            ctx.apply_condition(target, cdef, rounds=rounds, clock=target.id if rounds else None, source=source)
            ctx.set_life(target, "unconscious", rule=rule("2.6"))
            ctx.say(_("{name} is unconscious", name=named(target)), rule=rule("2.6"), who=target.id)

    def removed(self, ctx: Context, target: Combatant, cond: str, reason: str) -> None:
        self.rules.health.condition_ended(ctx, target, cond, reason)
        if cond == "prepared" and reason == "expired":
            ctx.say(_("{name}'s prepared action is lost: {whose} turn has come", whose=possessive(target),
                      name=named(target)), rule=rule("2.2"), who=target.id)
        if cond == "winters-grasp" and marks.FROST.of(target):
            ctx.set_mark(target, marks.FROST, None)

    def end_encounter(self, ctx: Context) -> None:
        """The combat is over: effects that last the encounter end, and prepared actions."""
        for c in ctx.state.combatants.values():
            for inst in [*c.instances("prepared"), *flagged(c, "encounter")]:
                ctx.remove_condition(c, inst, reason="combat over")

    def end_next_turn(self, ctx: Context, c: Combatant) -> None:
        """The end of ``c``'s turn: what lasted "its next turn" is over."""
        for inst in flagged(c, "next-turn"):
            ctx.remove_condition(c, inst, reason="expired")
