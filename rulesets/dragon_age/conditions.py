"""The DA condition catalogue (dragon_age.md §2.7). Defense bonuses are modifiers the
sheet adds up; the life states (dying, unconscious, dead) are conditions too so
that their clocks (the dying countdown, the 2d6 minutes of a pulled blow) run
on the engine's generic duration machinery, including ``pass``."""

from __future__ import annotations

from gm_console.ruleset import ConditionDef

LIFE_CONDITIONS = ("dying", "unconscious", "dead")
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
