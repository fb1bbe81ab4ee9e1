"""The catalogue as data: conditions (pathfinder1e.md §1.5) here, spells and abilities in ``effects``.

Modifier keys are the figure groups of ``figures.py`` (``FEEDS``):
``attack`` (melee, ranged and CMB), ``melee`` (melee attack and CMB),
``charge`` (the charging melee attack only), ``ac`` (AC, touch, flat-footed,
CMD; a dodge bonus is lost whenever Dex is), ``saves``, ``skills``,
``checks`` (ability checks), the ability scores, ``init``, ``damage``,
``cmd``, ``speed``, or any one figure by name. A valued entry's value is the size
of its numbers (``energy-drained:2`` is -2 each).

Flags say what numbers cannot: ``no-dex`` (loses Dex bonus to AC/CMD),
``helpless`` (Dex 0, +4 to melee against it, maneuvers succeed),
``no-actions``, ``one-action`` (a move or a standard), ``move-only``,
``no-move``, ``half-speed``, ``no-charge``, ``no-aoo``, ``flee``, ``str-zero``,
``dex-zero``, ``prone``, ``stunned``, ``confused``, ``unconscious``.
"""

from __future__ import annotations

from gm_console.ruleset import ConditionDef


def _c(cid, en, es, *, aliases=(), family=None, grade=0, valued=False, stack="extend",
       mods=None, flags=(), summary_en="", summary_es="", system=False, **more) -> ConditionDef:
    return ConditionDef(id=cid, en=en, es=es, aliases=tuple(aliases), family=family, grade=grade,
                        valued=valued, stack=stack, modifiers=dict(mods or {}),
                        flags=frozenset(flags), summary_en=summary_en, summary_es=summary_es,
                        system=system, **more)


FEAR_PENALTY = {"attack": -2, "saves": -2, "skills": -2, "checks": -2}

DEFS: tuple[ConditionDef, ...] = (
    # restraint family: pinned supersedes grappled
    _c("grappled", "Grappled", "Apresado", aliases=("grapple", "presa"), family="restraint", grade=1,
       mods={"dex": -4, "attack": -2}, flags=("no-move", "no-aoo"),
       summary_en="can't move; -4 Dex; -2 attack and CMB (not to grapple/escape); no two-handed "
                  "actions; concentration DC 10 + grappler's CMB + spell level; no AoO",
       summary_es="no se mueve; -4 Des; -2 ataque y BMC (salvo presa/escapar); sin acciones a dos "
                  "manos; concentración CD 10 + BMC del apresador + nivel; sin AdO"),
    _c("pinned", "Pinned", "Sujeto", aliases=("pin",), family="restraint", grade=2,
       mods={"ac": -4}, flags=("no-dex", "no-move", "no-aoo"),
       summary_en="can't move; loses Dex bonus; -4 AC and CMD; only verbal/mental actions; "
                  "no somatic/material spells",
       summary_es="no se mueve; pierde Des; -4 CA y DMC; solo acciones verbales/mentales"),
    _c("pinning", "Pinning", "Sujetando", aliases=("pinning grappler",), flags=("no-dex",),
       summary_en="holds a pin: loses its Dex bonus to AC and CMD [O]; ends with the pin",
       summary_es="mantiene sujeto a otro: pierde Des a la CA y DMC [O]; acaba con la sujeción"),
    # fear family: shaken < frightened < panicked < cowering (seed: cowering is the extreme)
    _c("shaken", "Shaken", "Estremecido", family="fear", grade=1, mods=FEAR_PENALTY,
       summary_en="-2 attack, saves, skill and ability checks",
       summary_es="-2 ataque, salvaciones, pruebas de habilidad y característica"),
    _c("frightened", "Frightened", "Asustado", family="fear", grade=2, mods=FEAR_PENALTY,
       flags=("flee",),
       summary_en="as shaken and must flee the source if it can",
       summary_es="como estremecido y debe huir del origen si puede"),
    _c("panicked", "Panicked", "Despavorido", family="fear", grade=3,
       mods={"saves": -2, "skills": -2, "checks": -2}, flags=("flee", "no-actions"),
       summary_en="drops held items, flees at top speed, no other actions; -2 saves, skill and "
                  "ability checks; cornered: cowers",
       summary_es="suelta lo que lleva, huye a toda velocidad, nada más; -2 salvaciones, "
                  "habilidad y característica; acorralado: aterrado"),
    _c("cowering", "Cowering", "Aterrado", family="fear", grade=4, mods={"ac": -2},
       flags=("no-dex", "no-actions"),
       summary_en="frozen in fear: no actions; -2 AC; loses Dex bonus",
       summary_es="paralizado de miedo: sin acciones; -2 CA; pierde Des"),
    _c("dazed", "Dazed", "Atontado", flags=("no-actions",),
       summary_en="no actions; no AC penalty", summary_es="sin acciones; sin penalizador a la CA"),
    _c("stunned", "Stunned", "Aturdido", mods={"ac": -2}, flags=("no-dex", "no-actions", "stunned"),
       summary_en="drops what it holds; no actions; -2 AC; loses Dex bonus; maneuvers against it +4",
       summary_es="suelta lo que lleva; sin acciones; -2 CA; pierde Des; maniobras contra él +4"),
    _c("blinded", "Blinded", "Cegado", aliases=("blind", "ciego"), mods={"ac": -2},
       flags=("no-dex", "blind"),
       summary_en="-2 AC; loses Dex bonus; -4 Str/Dex skills and opposed Perception; foes have total "
                  "concealment (50%); Acrobatics DC 10 to move over half speed",
       summary_es="-2 CA; pierde Des; -4 habilidades de Fue/Des y Percepción enfrentada; enemigos "
                  "con ocultación total (50%); Acrobacias CD 10 para moverse a más de media velocidad"),
    _c("confused", "Confused", "Confuso", flags=("confused",),
       summary_en="d% at the start of each turn: 01-25 acts normally, 26-50 babbles, 51-75 hits "
                  "itself (1d8 + Str), 76-100 attacks the nearest creature",
       summary_es="d% al inicio de cada turno: 01-25 actúa normal, 26-50 balbucea, 51-75 se golpea "
                  "(1d8 + Fue), 76-100 ataca a la criatura más cercana"),
    _c("dazzled", "Dazzled", "Deslumbrado", mods={"attack": -1},
       summary_en="-1 attack and sight-based Perception",
       summary_es="-1 ataque y Percepción visual"),
    _c("flat-footed", "Flat-footed", "Desprevenido", aliases=("flatfooted",),
       flags=("no-dex", "no-aoo"),
       summary_en="loses Dex bonus to AC and CMD; no attacks of opportunity",
       summary_es="pierde Des a la CA y DMC; sin ataques de oportunidad"),
    _c("energy-drained", "Energy drained", "Energía consumida",
       aliases=("negative levels", "niveles negativos", "drained"), valued=True, stack="sum",
       mods={"attack": -1, "saves": -1, "skills": -1, "checks": -1, "cmd": -1},
       summary_en="negative levels: -1 each to attack, CMB, CMD, saves, skill and ability checks "
                  "[O]; dies when they reach its HD",
       summary_es="niveles negativos: -1 cada uno a ataque, BMC, DMC, salvaciones y pruebas [O]; "
                  "muere si igualan sus DG"),
    _c("entangled", "Entangled", "Enmarañado", aliases=("enmaranado", "enredado", "enredada"), mods={"dex": -4, "attack": -2},
       flags=("half-speed", "no-charge"),
       summary_en="half speed; no run or charge; -2 attack; -4 Dex; concentration DC 15 + spell level",
       summary_es="media velocidad; no corre ni carga; -2 ataque; -4 Des; concentración CD 15 + nivel"),
    _c("deafened", "Deafened", "Ensordecido", aliases=("deaf", "sordo"), mods={"init": -4},
       summary_en="-4 initiative; fails hearing Perception; 20% failure for verbal spells",
       summary_es="-4 iniciativa; falla Percepción auditiva; 20% de fallo en conjuros verbales"),
    # fatigue family
    _c("fatigued", "Fatigued", "Fatigado", family="fatigue", grade=1, mods={"str": -2, "dex": -2},
       flags=("no-charge",),
       summary_en="can't run or charge; -2 Str and Dex; fatigued again -> exhausted; gone after 8 h rest",
       summary_es="no corre ni carga; -2 Fue y Des; otra fatiga -> exhausto; se quita con 8 h de descanso"),
    _c("exhausted", "Exhausted", "Exhausto", family="fatigue", grade=2, mods={"str": -6, "dex": -6},
       flags=("half-speed", "no-charge"),
       summary_en="half speed; -6 Str and Dex; can't run or charge; 1 h rest -> fatigued",
       summary_es="media velocidad; -6 Fue y Des; no corre ni carga; 1 h de descanso -> fatigado"),
    _c("fascinated", "Fascinated", "Fascinado", flags=("no-actions",),
       summary_en="no actions; -4 reactive skill checks (Perception); a threat allows a new save, "
                  "an obvious one ends it; an ally can shake it free (standard action)",
       summary_es="sin acciones; -4 a pruebas reactivas (Percepción); una amenaza da otra salvación; "
                  "un aliado puede sacudirlo (acción estándar)"),
    _c("staggered", "Staggered", "Grogui", flags=("one-action",),
       summary_en="one move or standard action per round (no full-round); free, swift, immediate allowed",
       summary_es="una acción de movimiento o estándar por asalto; gratuitas, rápidas e inmediatas sí"),
    _c("unconscious", "Unconscious", "Inconsciente", aliases=("asleep", "dormido"),
       flags=("helpless", "unconscious", "no-actions", "no-move"),
       summary_en="knocked out and helpless", summary_es="inconsciente e indefenso"),
    _c("helpless", "Helpless", "Indefenso", flags=("helpless",),
       summary_en="Dex 0 (-5); melee attacks against it +4; coup de grace possible",
       summary_es="Des 0 (-5); ataques cuerpo a cuerpo contra él +4; golpe de gracia posible"),
    _c("incorporeal", "Incorporeal", "Incorporal",
       summary_en="immune to nonmagical attacks; half damage from magic weapons, spells and "
                  "supernatural effects; full from incorporeal and force",
       summary_es="inmune a ataques no mágicos; mitad de daño de armas mágicas, conjuros y "
                  "efectos sobrenaturales; completo de incorporales y fuerza"),
    _c("sickened", "Sickened", "Indispuesto", mods={"attack": -2, "damage": -2, "saves": -2,
                                                     "skills": -2, "checks": -2},
       summary_en="-2 attack, damage, saves, skill and ability checks",
       summary_es="-2 ataque, daño, salvaciones, pruebas de habilidad y característica"),
    _c("invisible", "Invisible", "Invisible", mods={"attack": 2}, bonus_type="invisible",
       summary_en="+2 attack vs sighted foes and ignores their Dex bonus to AC",
       summary_es="+2 ataque contra quien ve e ignora su bonificador de Des a la CA"),
    _c("nauseated", "Nauseated", "Mareado", flags=("move-only",),
       summary_en="can't attack, cast or concentrate; one move action per turn only",
       summary_es="no ataca, ni lanza conjuros, ni se concentra; solo una acción de movimiento"),
    _c("paralyzed", "Paralyzed", "Paralizado", aliases=("paralysed",),
       flags=("helpless", "str-zero", "dex-zero", "no-actions", "no-move"),
       summary_en="Str and Dex 0; helpless; mental actions only; fliers fall",
       summary_es="Fue y Des 0; indefenso; solo acciones mentales; si vuela, cae"),
    _c("petrified", "Petrified", "Petrificado", flags=("helpless", "unconscious", "no-actions", "no-move"),
       summary_en="turned to stone: counts as unconscious",
       summary_es="convertido en piedra: cuenta como inconsciente"),
    _c("broken", "Broken weapon", "Arma rota", aliases=("roto", "rota", "broken weapon"),
       mods={"attack": -2, "damage": -2},
       summary_en="broken weapon: -2 attack and damage; crits only on 20, x2",
       summary_es="arma rota: -2 ataque y daño; crítico solo con 20, x2"),
    _c("broken-armor", "Broken armor", "Armadura rota", aliases=("broken shield", "escudo roto"),
       valued=True, stack="separate",
       summary_en="broken armor or shield (value = its AC bonus): bonus halved, check penalty doubled",
       summary_es="armadura o escudo roto (valor = su bonificador): bonificador a la mitad"),
    _c("armor-destroyed", "Armor destroyed", "Armadura destruida",
       aliases=("destroyed armor", "shield destroyed", "escudo destruido"), valued=True, stack="separate",
       summary_en="destroyed armor or shield (value = its AC bonus): the whole bonus is lost",
       summary_es="armadura o escudo destruido (valor = su bonificador): se pierde entero"),
    _c("bleed", "Bleed", "Sangrando", aliases=("bleeding", "sangrado", "sangrar"), valued=True, stack="max",
       summary_en="loses that many HP at the start of its turn; same-type bleeds: the worst applies; "
                  "stopped by Heal DC 15 or any HP healing",
       summary_es="pierde esos PG al inicio de su turno; sangrados del mismo tipo: el peor; "
                  "lo detiene Curar CD 15 o cualquier curación"),
    _c("str-bleed", "Strength bleed", "Sangrado de Fuerza", valued=True, stack="max",
       summary_en="Str damage at the start of its turn", summary_es="daño de Fue al inicio de su turno"),
    _c("dex-bleed", "Dexterity bleed", "Sangrado de Destreza", valued=True, stack="max",
       summary_en="Dex damage at the start of its turn", summary_es="daño de Des al inicio de su turno"),
    _c("con-bleed", "Constitution bleed", "Sangrado de Constitución", valued=True, stack="max",
       summary_en="Con damage at the start of its turn", summary_es="daño de Con al inicio de su turno"),
    # ability penalties (pathfinder1e.md §1.9): like ability damage, -1 per 2 points, but never below 1
    _c("str-penalty", "Strength penalty", "Penalizador de Fuerza", valued=True,
       stack="separate",
       summary_en="-1 per 2 points on what Str governs, like Str damage; never knocks out (score 1 at least)",
       summary_es="-1 por cada 2 puntos a lo que rige la Fue, como el daño de Fue; nunca deja inconsciente "
                  "(puntuación 1 como mínimo)"),
    _c("dex-penalty", "Dexterity penalty", "Penalizador de Destreza", valued=True,
       stack="separate",
       summary_en="-1 per 2 points on what Dex governs, like Dex damage; never knocks out (score 1 at least)",
       summary_es="-1 por cada 2 puntos a lo que rige la Des, como el daño de Des; nunca deja inconsciente "
                  "(puntuación 1 como mínimo)"),
    _c("con-penalty", "Constitution penalty", "Penalizador de Constitución",
       valued=True, stack="separate",
       summary_en="-1 per 2 points on what Con governs and HD x that in HP, like Con damage; never kills "
                  "(score 1 at least)",
       summary_es="-1 por cada 2 puntos a lo que rige la Con y DG x eso en PG, como el daño de Con; nunca "
                  "mata (puntuación 1 como mínimo)"),
    # poisons and diseases (pathfinder1e.md §1.17): put on by `poison`/`disease`, the note names it
    _c("poisoned", "Poisoned", "Envenenado", aliases=("envenenada", "poison", "veneno"), stack="separate",
       summary_en="a poison on its clock: a Fort save at each interval, ability damage on a failure",
       summary_es="un veneno en su reloj: salvación de Fortaleza a cada intervalo, daño de característica si "
                  "falla"),
    _c("diseased", "Diseased", "Enfermo", aliases=("enferma", "disease", "enfermedad"), stack="separate",
       summary_en="a disease on its clock: a Fort save at each interval, ability damage on a failure",
       summary_es="una enfermedad en su reloj: salvación de Fortaleza a cada intervalo, daño de característica "
                  "si falla"),
    _c("prone", "Prone", "Tumbado", aliases=("tumbado", "derribado"), mods={"melee": -4},
       flags=("prone",),
       summary_en="-4 melee attack, no ranged but crossbow; +4 AC vs ranged, -4 AC vs melee; "
                  "standing up is a move action that provokes",
       summary_es="-4 ataque cuerpo a cuerpo, sin armas a distancia salvo ballesta; +4 CA contra "
                  "distancia, -4 contra cuerpo a cuerpo; levantarse es de movimiento y provoca"),
    # life states: set by the rules; by hand they change the life state (conditions.by_hand)
    _c("disabled", "Disabled", "Incapacitado", system=True, flags=("one-action", "half-speed"),
       summary_en="one move or standard action; a standard action costs 1 HP",
       summary_es="una acción de movimiento o estándar; una estándar cuesta 1 PG"),
    _c("dying", "Dying", "Moribundo", system=True,
       summary_en="unconscious; Con check DC 10 at the start of each turn",
       summary_es="inconsciente; prueba de Con CD 10 al inicio de cada turno"),
    _c("stable", "Stable", "Estable", system=True,
       summary_en="unconscious at negative HP; hourly Con checks",
       summary_es="inconsciente con PG negativos; prueba de Con cada hora"),
    _c("dead", "Dead", "Muerto", system=True, summary_en="dead", summary_es="muerto"),
    # timed effects of the GM verbs (charge, aid another, total defense)
    _c("charging", "Charging", "Cargando", aliases=("charge", "carga"), mods={"charge": 2, "ac": -2},
       flags=("no-5ft",),
       summary_en="+2 on the charge attack, -2 AC until the start of its next turn",
       summary_es="+2 al ataque de carga, -2 CA hasta el inicio de su siguiente turno"),
    _c("total-defense", "Total defense", "Defensa total", aliases=("defend", "defensa"),
       mods={"ac": 4}, modifier_types={"ac": "dodge"}, flags=("no-aoo",),
       summary_en="+4 dodge AC until the start of its next turn; no attacks of opportunity",
       summary_es="+4 esquiva a la CA hasta el inicio de su siguiente turno; sin AdO"),
    _c("aid-attack", "Aided (attack)", "Ayudado (ataque)", aliases=("aided attack",), stack="separate",
       mods={"attack": 2},
       summary_en="+2 on its next attack against that foe", summary_es="+2 a su siguiente ataque contra ese enemigo"),
    _c("aid-ac", "Aided (AC)", "Ayudado (CA)", aliases=("aided ac",), stack="separate", mods={"ac": 2},
       summary_en="+2 AC against that foe's next attack", summary_es="+2 CA contra el siguiente ataque de ese enemigo"),
)

from .effects import EFFECTS  # noqa: E402 - spells and abilities follow the conditions

CATALOGUE: tuple[ConditionDef, ...] = DEFS + EFFECTS
BLEEDS = {"bleed": "hp", "str-bleed": "str", "dex-bleed": "dex", "con-bleed": "con"}
PENALTIES = {"str-penalty": "str", "dex-penalty": "dex", "con-penalty": "con"}
