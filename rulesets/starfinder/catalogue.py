"""The Starfinder conditions (starfinder.md §3.6) and effects (§3.13), as data.

``modifiers`` name the figures of ``figures.py``: ``ac`` (EAC and KAC), ``attack``
(every attack), ``melee``, ``damage`` (melee and Str-thrown damage), ``fort`` ``ref``
``will`` ``saves``, ``init``, ``skills`` (every skill check), ``abilities`` (ability
checks), ``physical`` (Str/Dex skill and ability checks), ``perception`` or any other
skill by its key (``stealth``), ``speed`` (ft), ``dr`` (damage reduction).
Flags carry what is not a number: ``flat-footed`` (counted once however many
sources), ``no-actions``, ``helpless``, ``no-reactions``, ``no-run`` (no run or
charge), ``half-speed``, ``immobile``, ``single-action``, ``move-only``, ``flee``,
``dex-5`` (Dex modifier treated as -5), ``miss-20``/``miss-50`` (miss chance); for effects
``per-value`` (the modifiers count once per point of the value), ``counter`` (applying it
again sets the value: images left), ``max-double-speed`` (a speed bonus at most doubles the
speed), ``extra-move`` (a move action to move beside a full attack), ``force-field``.
Spanish names are the seed's where it uses them (starfinder.md §3.6); the others are the
usual translations, with the seed's words as aliases.
"""

from __future__ import annotations

from gm_console.ruleset import ConditionDef


def _c(cid, en, es, *aliases, mods=None, flags=(), summary="", resumen="", **kw) -> ConditionDef:
    return ConditionDef(id=cid, en=en, es=es, aliases=aliases, modifiers=mods or {},
                        flags=frozenset(flags), summary_en=summary, summary_es=resumen, **kw)


FAT = {"ac": -1, "attack": -1, "damage": -1, "ref": -1, "init": -1, "physical": -1}
EXH = {k: -3 for k in FAT}
FEAR = {"attack": -2, "saves": -2, "skills": -2, "abilities": -2}

CONDITIONS: tuple[ConditionDef, ...] = (
    _c("asleep", "Asleep", "Dormido", "sleeping", "dormida", mods={"perception": -10},
       flags=("helpless", "no-actions"), summary="helpless; wakes if slapped or wounded",
       resumen="indefenso; despierta si lo zarandean o hieren"),
    _c("bleeding", "Bleeding", "Sangrando", "bleed", "sangrado", "sangrante", valued=True, stack="max",
       summary="takes the value as damage at the start of its turn; only the worst bleed applies; "
               "Medicine DC 15 or any healing stops it",
       resumen="recibe el valor como daño al inicio de su turno; solo cuenta el peor; Medicina CD 15 o "
               "cualquier curación lo detiene"),
    _c("blinded", "Blinded", "Cegado", "blind", "ciego", "cegada", mods={"physical": -4, "perception": -4},
       flags=("flat-footed",), summary="flat-footed; -4 Str/Dex checks and opposed Perception; "
                                       "everything has total concealment",
       resumen="desprevenido; -4 a pruebas de Fue/Des y Percepción enfrentada; ocultación total"),
    _c("broken", "Broken", "Roto", "rota", mods={"attack": -2, "damage": -2},
       summary="weapon -2 attack and damage; vehicle -2 AC and collision DC, Piloting -2, half speed",
       resumen="arma -2 ataque y daño; vehículo -2 CA y CD de colisión, Pilotaje -2, mitad de velocidad"),
    _c("burning", "Burning", "Ardiendo", "burn", "en-llamas", "quemandose", "on-fire", "on fire", valued=True, stack="sum",
       flags=("save-ends",),  # its own Reflex save at each round's end (§3.6): the timeline's save mark
       summary="value d6 fire at the start of its turn (sources add); Reflex DC 10 + fire taken this round "
               "at the end of each round ends it",
       resumen="valor d6 de fuego al inicio de su turno (las fuentes se suman); salvación de Reflejos CD 10 "
               "+ fuego recibido en el asalto al final de cada asalto para apagarlo"),
    _c("confused", "Confused", "Confuso", "confundido", "confusion",
       summary="d%: 1-25 acts normally, 26-50 babbles, 51-75 hurts itself (1d8 + Str), 76-100 attacks the nearest",
       resumen="d%: 1-25 normal, 26-50 balbucea, 51-75 se daña (1d8 + Fue), 76-100 ataca al más cercano"),
    _c("cowering", "Cowering", "Aterrado", "acobardado", "encogido", flags=("flat-footed", "no-actions"),
       summary="flat-footed; no actions", resumen="desprevenido; sin acciones"),
    _c("dazed", "Dazed", "Atontado", flags=("no-actions",),
       summary="no actions (no AC penalty)", resumen="sin acciones (sin penalizador a la CA)"),
    _c("dazzled", "Dazzled", "Deslumbrado", mods={"attack": -1, "perception": -1},
       summary="-1 attack and sight Perception", resumen="-1 al ataque y a Percepción visual"),
    _c("dead", "Dead", "Muerto", "muerta", system=True),
    _c("deafened", "Deafened", "Sordo", "deaf", "ensordecido", "sorda", mods={"init": -4, "perception": -4},
       summary="-4 initiative and opposed Perception", resumen="-4 a iniciativa y a Percepción enfrentada"),
    _c("dying", "Dying", "Moribundo", "moribunda", system=True),
    _c("encumbered", "Encumbered", "Impedido", "estorbado", "impedida", mods={"speed": -10, "physical": -5},
       flags=("max-dex-2",), summary="speed -10 ft; max Dex +2; -5 Str/Dex checks",
       resumen="velocidad -10 pies; Des máx +2; -5 a pruebas de Fue/Des"),
    _c("entangled", "Entangled", "Enredado", "enredada",
       mods={"ac": -2, "attack": -2, "ref": -2, "init": -2, "physical": -2}, flags=("half-speed", "no-run"),
       summary="half speed; no run or charge; -2 AC, attack, Reflex, initiative, Dex checks",
       resumen="mitad de velocidad; no corre ni carga; -2 CA, ataque, Reflejos, iniciativa, pruebas de Des"),
    _c("exhausted", "Exhausted", "Exhausto", "agotado", "exhausta", family="fatigue", grade=2, mods=EXH,
       flags=("half-speed", "no-run"),
       summary="half speed; no run or charge; -3 AC, attack, melee damage, Reflex, initiative, Str/Dex checks",
       resumen="mitad de velocidad; no corre ni carga; -3 CA, ataque, daño cuerpo a cuerpo, Reflejos, "
               "iniciativa, pruebas de Fue/Des"),
    _c("fascinated", "Fascinated", "Fascinado", "fascinada", mods={"perception": -4}, flags=("no-actions",),
       summary="no actions but paying attention; -4 passive checks; obvious threats end it",
       resumen="sin acciones salvo prestar atención; -4 a pruebas pasivas; una amenaza obvia lo termina"),
    _c("fatigued", "Fatigued", "Fatigado", "fatigada", "cansado", family="fatigue", grade=1, mods=FAT,
       flags=("no-run",),
       summary="no run or charge; -1 AC, attack, melee damage, Reflex, initiative, Str/Dex checks; "
               "fatigued again = exhausted",
       resumen="no corre ni carga; -1 CA, ataque, daño cuerpo a cuerpo, Reflejos, iniciativa, pruebas de "
               "Fue/Des; fatigado otra vez = exhausto"),
    _c("flat-footed", "Flat-footed", "Desprevenido", "sorprendido", "flatfooted", "ff", "desprevenida",
       "sorprendida", flags=("flat-footed", "no-reactions"),
       summary="-2 AC (once, however many sources); no reactions",
       resumen="-2 a la CA (una vez, aunque haya varias fuentes); sin reacciones"),
    _c("frightened", "Frightened", "Asustado", "asustada", family="fear", grade=2, mods=FEAR, flags=("flee",),
       summary="flees; -2 attack, saves, skill and ability checks",
       resumen="huye; -2 ataque, salvaciones, pruebas de habilidad y de característica"),
    _c("grappled", "Grappled", "Apresado", "apresada", "grapple", family="restraint", grade=1,
       mods={"ac": -2, "attack": -2, "ref": -2, "init": -2, "physical": -2}, flags=("immobile", "no-reactions"),
       summary="can't move; -2 AC, attack, Reflex, initiative, Dex checks; no attacks of opportunity",
       resumen="no puede moverse; -2 CA, ataque, Reflejos, iniciativa, pruebas de Des; sin ataques de "
               "oportunidad"),
    _c("helpless", "Helpless", "Indefenso", "indefensa", "imposibilitado", flags=("helpless",),
       summary="Dex counts as 0 (-5); melee attacks against it +4; coup de grace",
       resumen="Des cuenta como 0 (-5); +4 a los ataques cuerpo a cuerpo contra él; golpe de gracia"),
    _c("nauseated", "Nauseated", "Mareado", "nauseado", "mareada", flags=("move-only",),
       summary="can't attack, cast or concentrate; a single move action per turn",
       resumen="no puede atacar, lanzar conjuros ni concentrarse; una sola acción de movimiento por turno"),
    _c("off-kilter", "Off-kilter", "Desequilibrado", "desequilibrada", "offkilter",
       "desorientado-gravedad-cero", mods={"attack": -2}, flags=("flat-footed", "immobile"),
       summary="can't move by its own means; flat-footed; -2 attack; a move action rights it",
       resumen="no puede moverse por sí mismo; desprevenido; -2 al ataque; se endereza con una acción de "
               "movimiento"),
    _c("off-target", "Off-target", "Desviado", "desorientado", "desorientada", "offtarget", mods={"attack": -2},
       summary="-2 attack", resumen="-2 al ataque"),
    _c("overburdened", "Overburdened", "Sobrecargado", "sobrecargada", mods={"physical": -5},
       flags=("speed-5", "max-dex-0"), summary="speed 5 ft; max Dex +0; -5 Str/Dex checks",
       resumen="velocidad 5 pies; Des máx +0; -5 a pruebas de Fue/Des"),
    _c("panicked", "Panicked", "Despavorido", "aterrorizado", "despavorida", family="fear", grade=3,
       mods={"saves": -2, "skills": -2, "abilities": -2}, flags=("flee",),
       summary="drops what it holds and flees; -2 saves, skill and ability checks",
       resumen="suelta lo que lleva y huye; -2 salvaciones, pruebas de habilidad y de característica"),
    _c("paralyzed", "Paralyzed", "Paralizado", "paralizada", flags=("dex-5", "no-actions"),
       summary="Dex modifier -5; purely mental actions only",
       resumen="modificador de Des -5; solo acciones mentales"),
    _c("pinned", "Pinned", "Atrapado", "atrapada", "inmovilizado", "pin", family="restraint", grade=2,
       mods={"ac": -4, "attack": -4, "ref": -4, "init": -4, "physical": -4},
       flags=("flat-footed", "immobile", "no-reactions"),
       summary="replaces grappled: can't move; flat-footed; -4 AC, attack, Reflex, initiative, Dex checks",
       resumen="sustituye a apresado: no puede moverse; desprevenido; -4 CA, ataque, Reflejos, iniciativa, "
               "pruebas de Des"),
    _c("prone", "Prone", "Tumbado", "derribado", "tumbada", "tendido", mods={"melee": -4}, flags=("prone",),
       summary="-4 melee attacks; +4 AC against ranged, -4 AC against melee; standing is a move action",
       resumen="-4 a ataques cuerpo a cuerpo; +4 CA contra distancia, -4 CA contra cuerpo a cuerpo; "
               "levantarse es una acción de movimiento"),
    _c("shaken", "Shaken", "Agitado", "estremecido", "agitada", family="fear", grade=1, mods=FEAR,
       summary="-2 attack, saves, skill and ability checks",
       resumen="-2 ataque, salvaciones, pruebas de habilidad y de característica"),
    _c("sickened", "Sickened", "Enfermo", "indispuesto", "enferma", mods={**FEAR, "damage": -2},
       summary="-2 attack, weapon damage, saves, skill and ability checks",
       resumen="-2 ataque, daño de arma, salvaciones, pruebas de habilidad y de característica"),
    _c("stable", "Stable", "Estable", system=True),
    _c("staggered", "Staggered", "Grogui", "tambaleante", flags=("single-action", "no-reactions"),
       summary="one move or standard action per turn (plus swift); no full actions; no reactions",
       resumen="una acción de movimiento o estándar por turno (más rápida); sin acciones completas ni "
               "reacciones"),
    _c("stunned", "Stunned", "Aturdido", "aturdida", flags=("flat-footed", "no-actions"),
       summary="drops what it holds; no actions; flat-footed",
       resumen="suelta lo que lleva; sin acciones; desprevenido"),
    _c("unconscious", "Unconscious", "Inconsciente", "ko", flags=("helpless", "no-actions"),
       summary="helpless", resumen="indefenso"),
    # the broken condition on armor (starfinder.md §3.6.1): the figures halve the armor's bonuses
    _c("broken-armor", "Broken armor", "Armadura rota", "armor-broken", "broken-armour", "armadura-rota",
       "rota-armadura", flags=("broken-armor",),
       summary="its armor's EAC and KAC bonuses are halved (eac_armor, kac_armor)",
       resumen="los bonificadores de CAE y CAC de su armadura se reducen a la mitad (eac_armor, kac_armor)"),
    # cover and concealment (starfinder.md §3.6.2-3): the best of each family counts
    _c("partial-cover", "Partial cover", "Cobertura parcial", "cobertura-parcial", family="cover", grade=1,
       mods={"ac": 2, "ref": 1},
       summary="+2 AC and +1 Reflex against attacks from beyond the cover",
       resumen="+2 CA y +1 Reflejos contra ataques desde el otro lado de la cobertura"),
    _c("soft-cover", "Soft cover", "Cobertura blanda", "cobertura-blanda", family="cover", grade=2,
       flags=("soft-cover",),
       summary="creatures in between: +4 AC against ranged attacks only; no Reflex bonus",
       resumen="criaturas en medio: +4 CA solo contra ataques a distancia; sin bonificador a Reflejos"),
    _c("cover", "Cover", "Cobertura", "cobertura", family="cover", grade=3, mods={"ac": 4, "ref": 2},
       summary="+4 AC and +2 Reflex against attacks from beyond the cover; no attacks of opportunity from there",
       resumen="+4 CA y +2 Reflejos contra ataques desde el otro lado de la cobertura; sin ataques de "
               "oportunidad desde allí"),
    _c("improved-cover", "Improved cover", "Cobertura mejorada", "cobertura-mejorada", family="cover", grade=4,
       mods={"ac": 8, "ref": 4},
       summary="+8 AC and +4 Reflex against attacks from beyond the cover (a gun port)",
       resumen="+8 CA y +4 Reflejos contra ataques desde el otro lado de la cobertura (una tronera)"),
    _c("total-cover", "Total cover", "Cobertura total", "cobertura-total", family="cover", grade=5,
       flags=("total-cover",),
       summary="no line of effect: it cannot be attacked from beyond the cover",
       resumen="sin línea de efecto: no se le puede atacar desde el otro lado de la cobertura"),
    _c("concealment", "Concealment", "Ocultación", "ocultacion", "concealed", "oculto", "oculta",
       family="concealment", grade=1, flags=("miss-20",),
       summary="20% miss chance: an attack that would hit misses on d% 1-20",
       resumen="20% de fallo: un ataque que acertaría falla con d% 1-20"),
    _c("total-concealment", "Total concealment", "Ocultación total", "ocultacion-total", family="concealment",
       grade=2, flags=("miss-50",),
       summary="line of effect but no line of sight: attackers must guess its square; 50% miss chance",
       resumen="línea de efecto sin línea de visión: hay que adivinar su casilla; 50% de fallo"),
    # conditions born of actions (starfinder.md §3.2): they carry the number and the clock
    _c("total-defense", "Total defense", "Defensa total", "defensa-total", "totaldefense", mods={"ac": 4},
       flags=("no-reactions",), summary="+4 AC until the start of its next turn; no attacks of opportunity",
       resumen="+4 CA hasta el inicio de su próximo turno; sin ataques de oportunidad"),
    _c("fighting-defensively", "Fighting defensively", "Luchando a la defensiva", "defensive",
       "fight-defensively", "fighting-defensive", "a-la-defensiva", "lucha-defensiva", mods={"ac": 2},
       summary="-4 attacks this turn, +2 AC until its next turn", resumen="-4 a los ataques este turno, +2 CA hasta su próximo turno"),
    _c("charging", "Charging", "Cargando", "charge", "carga", mods={"ac": -2},
       summary="charge attack bonus on its turn; -2 AC until its next turn",
       resumen="bonificador de carga en su turno; -2 CA hasta su próximo turno"),
    # covering and harrying fire are circumstance bonuses: two shooters' add up, one shooter's twice do not
    _c("covering-fire", "Covering fire", "Fuego de cobertura", "covering", "fuego-cobertura",
       mods={"ac": 2}, summary="+2 circumstance to AC against the next attack, until the start of the shooter's next turn",
       resumen="+2 de circunstancia a la CA contra el próximo ataque, hasta el inicio del próximo turno del tirador",
       kind="effect", bonus_type="circumstance", stack="separate", source="Core Rulebook, Covering Fire (ch. 8)"),
    _c("harrying-fire", "Harrying fire", "Fuego hostigador", "harried", "harrying", "harry", "hostigado", mods={"attack": 2},
       summary="+2 circumstance on its next attack, until the start of the shooter's next turn",
       resumen="+2 de circunstancia a su próximo ataque, hasta el inicio del próximo turno del tirador",
       kind="effect", bonus_type="circumstance", stack="separate", source="Core Rulebook, Harrying Fire (ch. 8)"),
    _c("running", "Running", "Corriendo", "run", flags=("flat-footed",),
       summary="ran this turn: flat-footed until its next turn", resumen="corrió: desprevenido hasta su turno"),
    # poisons and diseases on their tracks (starfinder.md §3.15): put on by `poison`/`disease`, the note names it
    _c("poisoned", "Poisoned", "Envenenado", "envenenada", "poison", "veneno", stack="separate",
       summary="a poison on its track: a Fortitude save at each interval, a step further on a failure",
       resumen="un veneno en su progresión: salvación de Fortaleza a cada intervalo, un paso más si falla"),
    _c("diseased", "Diseased", "Infectado", "infectada", "disease", "enfermedad", stack="separate",
       summary="a disease on its track: a Fortitude save at each interval, a step further on a failure",
       resumen="una enfermedad en su progresión: salvación de Fortaleza a cada intervalo, un paso más si falla"),
    # ability penalties (starfinder.md §3.14.7): like ability damage, -1 per 2 points, never knock out or kill
    *(_c(f"{key}-penalty", f"{en} penalty", f"Penalizador de {es}", f"penalizador-{ab_es}",
         valued=True, stack="separate",
         summary=f"-1 per 2 points on what {en} governs, like {en} damage; temporary, never knocks out or kills"
                 + ("; costs stamina as Con damage does" if key == "con" else ""),
         resumen=f"-1 por cada 2 puntos a lo que rige la {es}, como el daño de {ab_es.capitalize()}; temporal, "
                 "nunca deja inconsciente ni mata" + ("; cuesta estamina como el daño de Con" if key == "con" else ""))
      for key, en, es, ab_es in (("str", "Strength", "Fuerza", "fue"), ("dex", "Dexterity", "Destreza", "des"),
                                 ("con", "Constitution", "Constitución", "con"),
                                 ("int", "Intelligence", "Inteligencia", "int"), ("wis", "Wisdom", "Sabiduría", "sab"),
                                 ("cha", "Charisma", "Carisma", "car"))),
)



def _e(cid, en, es, *aliases, mods=None, flags=(), summary="", resumen="", dur=("", ""), **kw) -> ConditionDef:
    """A spell or ability a GM puts on someone (starfinder.md §3.13): typed bonuses, a typical duration,
    the book and page its numbers come from."""
    return _c(cid, en, es, *aliases, mods=mods, flags=flags, summary=summary, resumen=resumen, kind="effect",
              duration_en=dur[0], duration_es=dur[1], **kw)


ROUND_LEVEL = ("1 round/level", "1 asalto/nivel")
MINUTE_LEVEL = ("1 min/level", "1 min/nivel")
#: force fields (CRB p. 205): temporary HP of the color -> fast healing of the field, each round
FORCE_FIELDS = {1: ("brown", 1), 5: ("purple", 2), 10: ("black", 3), 15: ("white", 4), 20: ("gray", 5),
                25: ("green", 6), 30: ("red", 7), 35: ("blue", 8), 40: ("orange", 9), 50: ("prismatic", 10)}

#: starfinder.md §3.13: what GMs track most, from the Core Rulebook (one from the Alien Archive)
EFFECTS: tuple[ConditionDef, ...] = (
    _e("haste", "Haste", "Acelerar", "acelerado", "acelerada", "celeridad", "prisa", mods={"speed": 30},
       bonus_type="enhancement", flags=("max-double-speed", "extra-move"), dur=ROUND_LEVEL,
       summary="+30 ft to its speeds (enhancement, at most double); with a full attack it may also take a move "
               "action to move; multiple hastes do not stack",
       resumen="+30 pies a sus velocidades (mejora, como mucho el doble); con un ataque completo puede hacer "
               "además una acción de movimiento para moverse; varios acelerar no se suman",
       source="Core Rulebook, Haste (p. 358)"),
    _e("slow", "Slow", "Ralentizar", "lentitud", "ralentizado", "ralentizada", "lento",
       flags=("single-action", "no-reactions", "half-speed"), dur=ROUND_LEVEL,
       summary="staggered: a single move or standard action per turn, no full actions, no reactions; half speed",
       resumen="grogui: una sola acción de movimiento o estándar por turno, sin acciones completas ni reacciones; "
               "mitad de velocidad",
       source="Core Rulebook, Slow (p. 377)"),
    _e("invisibility", "Invisibility", "Invisibilidad", "invisible", "invisibilidad", mods={"stealth": 20},
       flags=("miss-50",), dur=MINUTE_LEVEL,
       summary="unseen: Stealth +20 moving (+40 standing still), 50% miss chance against it, its targets are "
               "flat-footed against its attacks; ends when it attacks",
       resumen="no se le ve: Sigilo +20 en movimiento (+40 quieto), 50% de fallo contra él, sus objetivos están "
               "desprevenidos ante sus ataques; termina si ataca",
       source="Core Rulebook, Invisibility (p. 362); Dealing with Unseen Creatures (p. 261)"),
    _e("displacement", "Displacement", "Desplazamiento", "desplazado", "desplazada", flags=("miss-50",),
       dur=ROUND_LEVEL, summary="50% miss chance against it, as total concealment, though it can be targeted normally",
       resumen="50% de fallo contra él, como ocultación total, aunque se le puede elegir como objetivo",
       source="Core Rulebook, Displacement (p. 352)"),
    _e("mirror-image", "Mirror image", "Imagen múltiple", "mirror", "imagen-multiple", "imagenes",
       "holographic-clone", "clon-holografico", valued=True, flags=("counter",), dur=MINUTE_LEVEL,
       summary="1d4 figments (the value): a hit picks at random between it and them; a hit on a figment or a miss "
               "by 5 or less destroys one (cond NAME mirror-image:N sets what is left); the operative's "
               "holographic clone works the same",
       resumen="1d4 figuras (el valor): un impacto elige al azar entre él y ellas; un impacto en una figura o un "
               "fallo por 5 o menos destruye una (estado NOMBRE mirror-image:N fija las que quedan); el clon "
               "holográfico del agente funciona igual",
       source="Core Rulebook, Mirror Image (p. 366); Operative, Holographic Clone"),
    _e("keen-senses", "Keen senses", "Sentidos agudos", "sentidos-agudos", mods={"perception": 2},
       bonus_type="insight", dur=MINUTE_LEVEL, summary="+2 insight to Perception; low-light vision",
       resumen="+2 de perspicacia a Percepción; visión en la penumbra", source="Core Rulebook, Keen Senses (p. 363)"),
    _e("life-bubble", "Life bubble", "Burbuja de vida", "burbuja-de-vida", "burbuja", dur=("1 day/level", "1 día/nivel"),
       summary="breathes in any atmosphere, underwater or in vacuum; immune to harmful gases and inhaled poisons; "
               "safe from -50 °F to 140 °F and extreme pressures",
       resumen="respira en cualquier atmósfera, bajo el agua o en el vacío; inmune a gases dañinos y venenos "
               "inhalados; a salvo entre -45 °C y 60 °C y de presiones extremas",
       source="Core Rulebook, Life Bubble (p. 363)"),
    _e("resistant-armor", "Resistant armor", "Armadura resistente", "armadura-resistente", "resistant-armour",
       mods={"dr": 1}, valued=True, flags=("per-value",), dur=("10 min/level", "10 min/nivel"),
       summary="DR of the value against bludgeoning, piercing and slashing (lesser 5, standard 10, greater 15); "
               "does not add to DR it already has (the higher counts); the energy version: set NAME er=fire:5,...",
       resumen="RD igual al valor contra contundente, perforante y cortante (menor 5, normal 10, mayor 15); no se "
               "suma a la RD que ya tenga (cuenta la mayor); la versión de energía: poner NOMBRE er=fuego:5,...",
       source="Core Rulebook, Resistant Armor (p. 374)"),
    _e("force-field", "Force field", "Campo de fuerza", "campo-de-fuerza", "forcefield", "field", "campo",
       valued=True, flags=("counter", "force-field"),
       dur=("1 charge per round (capacity 10 to 100)", "1 carga por asalto (capacidad de 10 a 100)"),
       summary="temporary HP of its color (the value: brown 1, purple 5, black 10, white 15, gray 20, green 25, "
               "red 30, blue 35, orange 40, prismatic 50); at the end of each of its turns it regains its fast "
               "healing (1 to 10), up to that; removed: its temporary HP go",
       resumen="PG temporales de su color (el valor: marrón 1, púrpura 5, negro 10, blanco 15, gris 20, verde 25, "
               "rojo 30, azul 35, naranja 40, prismático 50); al final de cada uno de sus turnos recupera su "
               "curación rápida (de 1 a 10) hasta ese valor; al quitarlo se van sus PG temporales",
       source="Core Rulebook, Force Field armor upgrades (p. 205)"),
    _e("fast-healing", "Fast healing", "Curación rápida", "curacion-rapida", "fasthealing", valued=True,
       tick="heal", summary="regains the value in HP at the start of its turn, never above its maximum",
       resumen="recupera el valor en PG al inicio de su turno, nunca por encima de su máximo",
       source="Alien Archive, Fast Healing (p. 154)"),
    _e("get-em", "Get 'em", "¡A por ellos!", "getem", "get-'em", "a-por-ellos", "a-por-el", mods={"attack": 1},
       bonus_type="morale", dur=("until the start of the envoy's next turn (1 by ENVOY)",
                                 "hasta el inicio del próximo turno del enviado (1 por ENVIADO)"),
       summary="+1 morale to attacks against the enemy the envoy picked",
       resumen="+1 de moral a los ataques contra el enemigo que eligió el enviado",
       source="Core Rulebook, Envoy, Get 'Em (p. 62)"),
    _e("improved-get-em", "Improved get 'em", "¡A por ellos! mejorado", "improved-getem", "a-por-ellos-mejorado",
       mods={"attack": 2}, bonus_type="morale", dur=("until the start of the envoy's next turn (1 by ENVOY)",
                                                     "hasta el inicio del próximo turno del enviado (1 por ENVIADO)"),
       summary="+2 morale to attacks against the enemy the envoy picked (with 1 RP against every enemy within "
               "60 ft, and +2 to damage too)",
       resumen="+2 de moral a los ataques contra el enemigo que eligió el enviado (con 1 PR contra todo enemigo a "
               "18 m o menos, y +2 también al daño)",
       source="Core Rulebook, Envoy, Improved Get 'Em (p. 63)"),
    _e("clever-feint", "Clever feint", "Finta astuta", "finta-astuta", "finta", flags=("flat-footed",),
       dur=("until the end of the envoy's next turn (2 by ENVOY)",
            "hasta el final del próximo turno del enviado (2 por ENVIADO)"),
       summary="flat-footed against the envoy's attacks (on a passed Bluff, its allies' too)",
       resumen="desprevenido ante los ataques del enviado (si supera Engañar, también ante los de sus aliados)",
       source="Core Rulebook, Envoy, Clever Feint (p. 62)"),
    _e("photon-mode", "Photon mode", "Modo fotónico", "photon", "fotonico", "modo-fotonico", "photon-attuned",
       mods={"damage": 1}, valued=True, flags=("per-value",), bonus_type="insight",
       dur=("until unattuned or the combat ends", "hasta desintonizarse o acabar el combate"),
       summary="attuned: insight bonus of the value to damage rolls (1, +1 per 6 solarian levels)",
       resumen="sintonizado: bonificador de perspicacia igual al valor a las tiradas de daño (1, +1 cada 6 niveles "
               "de solariano)",
       source="Core Rulebook, Solarian, Stellar Mode"),
    _e("graviton-mode", "Graviton mode", "Modo gravitónico", "graviton", "gravitonico", "modo-gravitonico",
       "graviton-attuned", mods={"ref": 1}, valued=True, flags=("per-value",), bonus_type="insight",
       dur=("until unattuned or the combat ends", "hasta desintonizarse o acabar el combate"),
       summary="attuned: insight bonus of the value to Reflex saves (1, +1 per 9 solarian levels)",
       resumen="sintonizado: bonificador de perspicacia igual al valor a las salvaciones de Reflejos (1, +1 cada 9 "
               "niveles de solariano)",
       source="Core Rulebook, Solarian, Stellar Mode"),
    _e("opening-volley", "Opening volley", "Andanada inicial", "andanada", "andanada-inicial", "volley",
       mods={"melee": 2}, bonus_type="circumstance",
       dur=("its next melee attack, before the end of its next turn (2)",
            "su próximo ataque cuerpo a cuerpo, antes del final de su próximo turno (2)"),
       summary="+2 circumstance to its next melee attack against the foe it hurt with a ranged attack on its "
               "first turn (the soldier's hit-and-run style)",
       resumen="+2 de circunstancia a su próximo ataque cuerpo a cuerpo contra el enemigo al que hirió a distancia "
               "en su primer turno (el estilo golpear y huir del soldado)",
       source="Core Rulebook, Opening Volley (feat)"),
)

CATALOGUE: tuple[ConditionDef, ...] = CONDITIONS + EFFECTS

#: what a dirty trick may inflict (starfinder.md §3.7 [S])
DIRTY_TRICK = ("blinded", "deafened", "entangled", "off-target", "shaken", "sickened")
#: conditions that only set the life state (starfinder.md §3.4)
LIFE_CONDITIONS = ("dead", "dying", "stable")
#: the ability penalties (starfinder.md §3.14.7): condition -> ability
PENALTIES = {f"{key}-penalty": key for key in ("str", "dex", "con", "int", "wis", "cha")}
