"""The spells and abilities a GM tracks most (pathfinder1e.md §1.11), as catalogue entries.

Numbers are the Core Rulebook's. Where a number grows with the caster's level the
entry is valued and the GM gives it (``cond Kyra shield-of-faith:3``; the summary
says the usual value), so no caster level is guessed. Bonus types decide what
stacks (``figures``); a penalty from the same spell twice counts once.
"""

from __future__ import annotations

from gm_console.ruleset import ConditionDef

MIN_LEVEL = ("1 min/level", "1 min/nivel")
ROUND_LEVEL = ("1 round/level", "1 asalto/nivel")


def _e(cid, en, es, *, aliases=(), mods=None, bonus="", types=None, flags=(), valued=False,
       duration=MIN_LEVEL, source="", summary_en="", summary_es="", **more) -> ConditionDef:
    return ConditionDef(id=cid, en=en, es=es, aliases=tuple(aliases), kind="effect", modifiers=dict(mods or {}),
                        bonus_type=bonus, modifier_types=dict(types or {}), flags=frozenset(flags),
                        valued=valued, stack="max" if valued else "extend", duration_en=duration[0],
                        duration_es=duration[1], source=source or f"Core Rulebook, {en}",
                        summary_en=summary_en, summary_es=summary_es, **more)


def _hold(cid, en, es, aliases, like_en, like_es, source="") -> ConditionDef:
    """Hold person and the spells that work like it: paralyzed, a new Will save on each of its turns."""
    return _e(cid, en, es, aliases=aliases, flags=("helpless", "str-zero", "dex-zero", "no-actions", "no-move"),
              duration=ROUND_LEVEL, save="will", source=source,
              summary_en=like_en + "paralyzed; a new Will save on each of its turns ends it (give the DC: save=DC)",
              summary_es=like_es + "paralizado; una nueva salvación de Voluntad en cada uno de sus turnos lo termina "
                                   "(da la CD: save=CD)")


EFFECTS: tuple[ConditionDef, ...] = (
    _e("bless", "Bless", "Bendecir", aliases=("bendicion", "bendición"), mods={"attack": 1}, bonus="morale",
       summary_en="+1 morale on attack rolls and on saves against fear",
       summary_es="+1 de moral a las tiradas de ataque y a las salvaciones contra miedo"),
    _e("bane", "Bane", "Perdición", aliases=("perdicion",), mods={"attack": -1}, bonus="morale",
       summary_en="-1 on attack rolls and on saves against fear",
       summary_es="-1 a las tiradas de ataque y a las salvaciones contra miedo"),
    _e("haste", "Haste", "Acelerar", aliases=("acelerado", "prisa", "celeridad"),
       mods={"attack": 1, "ac": 1, "ref": 1, "speed": 30}, types={"ac": "dodge", "ref": "dodge", "speed": "enhancement"},
       duration=ROUND_LEVEL,
       summary_en="+1 on attack rolls, +1 dodge to AC and Reflex, +30 ft speed (at most double); "
                  "one extra attack in a full attack",
       summary_es="+1 a las tiradas de ataque, +1 de esquiva a la CA y a Reflejos, +30 pies de velocidad "
                  "(como mucho el doble); un ataque más en un ataque completo"),
    _e("slow", "Slow", "Ralentizar", aliases=("lentitud", "lento", "ralentizado"),
       mods={"attack": -1, "ac": -1, "ref": -1}, flags=("one-action", "half-speed"), duration=ROUND_LEVEL,
       summary_en="a single move or standard action each turn; -1 on attack rolls, AC and Reflex; half speed",
       summary_es="una sola acción de movimiento o estándar por turno; -1 a ataque, CA y Reflejos; "
                  "media velocidad"),
    _e("shield", "Shield", "Escudo", aliases=("shield spell", "conjuro escudo"), mods={"ac": 4}, bonus="shield",
       summary_en="+4 shield bonus to AC (not touch); magic missiles do not hit",
       summary_es="+4 de escudo a la CA (no de toque); los proyectiles mágicos no impactan"),
    _e("mage-armor", "Mage armor", "Armadura de mago", aliases=("mage armor", "armadura magica", "armadura mágica"),
       mods={"ac": 4}, bonus="armor", duration=("1 hour/level", "1 hora/nivel"),
       summary_en="+4 armor bonus to AC (not touch); does not stack with worn armor",
       summary_es="+4 de armadura a la CA (no de toque); no se acumula con la armadura que lleve"),
    _e("shield-of-faith", "Shield of faith", "Escudo de la fe", aliases=("shield of faith", "escudo de fe"),
       mods={"ac": 1}, bonus="deflection", valued=True,
       summary_en="value = its deflection bonus to AC: +2, +3 at caster level 6, +4 at 12, +5 at 18",
       summary_es="valor = su bonificador de desvío a la CA: +2, +3 a nivel de lanzador 6, +4 a 12, +5 a 18"),
    _e("heroism", "Heroism", "Heroísmo", aliases=("heroismo",), mods={"attack": 2, "saves": 2, "skills": 2},
       bonus="morale", duration=("10 min/level", "10 min/nivel"),
       summary_en="+2 morale on attack rolls, saves and skill checks",
       summary_es="+2 de moral a ataque, salvaciones y pruebas de habilidad"),
    _e("greater-heroism", "Greater heroism", "Heroísmo mayor", aliases=("greater heroism", "heroismo mayor"),
       mods={"attack": 4, "saves": 4, "skills": 4}, bonus="morale",
       summary_en="+4 morale on attack rolls, saves and skill checks; immune to fear; temporary HP equal "
                  "to the caster level, up to 20 (set NAME temp=N)",
       summary_es="+4 de moral a ataque, salvaciones y pruebas de habilidad; inmune al miedo; PG temporales "
                  "iguales al nivel de lanzador, hasta 20 (poner NOMBRE temp=N)"),
    _e("prayer", "Prayer", "Plegaria", aliases=("plegaria aliados",),
       mods={"attack": 1, "damage": 1, "saves": 1, "skills": 1}, bonus="luck", duration=ROUND_LEVEL,
       summary_en="allies: +1 luck on attack rolls, weapon damage, saves and skill checks",
       summary_es="aliados: +1 de suerte a ataque, daño con armas, salvaciones y pruebas de habilidad"),
    _e("prayer-foe", "Prayer (foe)", "Plegaria (enemigo)", aliases=("prayer foe", "plegaria enemigo"),
       mods={"attack": -1, "damage": -1, "saves": -1, "skills": -1}, bonus="luck", duration=ROUND_LEVEL,
       source="Core Rulebook, Prayer",
       summary_en="foes of the caster: -1 on attack rolls, weapon damage, saves and skill checks",
       summary_es="enemigos del lanzador: -1 a ataque, daño con armas, salvaciones y pruebas de habilidad"),
    _e("barkskin", "Barkskin", "Piel robliza", aliases=("piel de roble",), mods={"ac": 1},
       bonus="natural-enhancement", valued=True, duration=("10 min/level", "10 min/nivel"),
       summary_en="value = its enhancement bonus to natural armor: +2, +3 at caster level 6, +4 at 9, +5 at 12 "
                  "(AC and flat-footed, not touch or CMD)",
       summary_es="valor = su mejora a la armadura natural: +2, +3 a nivel de lanzador 6, +4 a 9, +5 a 12 "
                  "(CA y desprevenido, no toque ni DMC)"),
    _e("enlarge-person", "Enlarge person", "Agrandar persona", aliases=("enlarge", "agrandar", "enlarge person"),
       mods={"str": 2, "dex": -2, "size": 1}, bonus="size",
       summary_en="one size larger: +2 size bonus to Str, -2 Dex, the new size's AC, attack, CMB and CMD; "
                  "reach grows",
       summary_es="una categoría de tamaño más: +2 de tamaño a Fue, -2 a Des, la CA, ataque, BMC y DMC del "
                  "nuevo tamaño; más alcance"),
    _e("reduce-person", "Reduce person", "Reducir persona", aliases=("reduce", "reducir", "reduce person"),
       mods={"str": -2, "dex": 2, "size": -1}, bonus="size",
       summary_en="one size smaller: +2 size bonus to Dex, -2 Str, the new size's AC, attack, CMB and CMD",
       summary_es="una categoría de tamaño menos: +2 de tamaño a Des, -2 a Fue, la CA, ataque, BMC y DMC del "
                  "nuevo tamaño"),
    _e("rage", "Rage", "Furia", aliases=("barbarian rage", "furia de barbaro", "furia de bárbaro", "enfurecido"),
       mods={"str": 4, "con": 4, "will": 2, "ac": -2}, bonus="morale", types={"ac": ""},
       duration=("4 + Con modifier rounds a day, +2 per level", "4 + mod. de Con asaltos al día, +2 por nivel"),
       source="Core Rulebook, Barbarian, Rage",
       summary_en="+4 morale to Str and Con, +2 morale on Will saves, -2 AC; no Cha, Dex or Int skills "
                  "(except Acrobatics, Fly, Intimidate, Ride) nor concentration; fatigued afterwards",
       summary_es="+4 de moral a Fue y Con, +2 de moral a Voluntad, -2 a la CA; sin habilidades de Car, Des "
                  "ni Int (salvo Acrobacias, Volar, Intimidar, Montar) ni concentración; fatigado después"),
    _e("inspire-courage", "Inspire courage", "Inspirar valor", aliases=("inspire courage", "inspirar coraje"),
       mods={"attack": 1, "damage": 1}, bonus="competence", valued=True,
       duration=("while the bard performs", "mientras el bardo actúa"), source="Core Rulebook, Bard, Bardic Performance",
       summary_en="value = its bonus: +1, +2 at bard level 5, +3 at 11, +4 at 17; competence on attack and "
                  "weapon damage rolls, morale on saves against charm and fear",
       summary_es="valor = su bonificador: +1, +2 a nivel de bardo 5, +3 a 11, +4 a 17; de competencia a "
                  "ataque y daño con armas, de moral a salvaciones contra hechizo y miedo"),
    _e("divine-favor", "Divine favor", "Favor divino", aliases=("divine favor",), mods={"attack": 1, "damage": 1},
       bonus="luck", valued=True, duration=("1 minute", "1 minuto"),
       summary_en="value = its luck bonus on attack and weapon damage rolls: +1, +2 at caster level 6, +3 at 9",
       summary_es="valor = su bonificador de suerte a ataque y daño con armas: +1, +2 a nivel de lanzador 6, "
                  "+3 a 9"),
    _e("protection-from-evil", "Protection from evil", "Protección contra el mal",
       aliases=("protection from evil", "proteccion contra el mal", "pfe"), mods={"ac": 2, "saves": 2},
       bonus="deflection", types={"saves": "resistance"},
       summary_en="against evil creatures: +2 deflection to AC and +2 resistance on saves; no possession "
                  "or mental control",
       summary_es="contra criaturas malignas: +2 de desvío a la CA y +2 de resistencia a las salvaciones; "
                  "sin posesión ni control mental"),
    _e("invisibility", "Invisibility", "Invisibilidad", mods={"attack": 2}, bonus="invisible",
       summary_en="+2 on attack rolls against sighted foes, who lose their Dex bonus to AC against it; "
                  "ends when it attacks",
       summary_es="+2 a las tiradas de ataque contra quien no lo ve, que pierde su Des a la CA contra él; "
                  "termina si ataca"),
    _e("greater-invisibility", "Greater invisibility", "Invisibilidad mayor",
       aliases=("greater invisibility", "invisibilidad mejorada"), mods={"attack": 2}, bonus="invisible",
       duration=ROUND_LEVEL,
       summary_en="as invisibility, and it does not end when it attacks",
       summary_es="como invisibilidad, y no termina si ataca"),
    _e("mirror-image", "Mirror image", "Imagen múltiple", aliases=("mirror image", "images", "imagenes", "imágenes",
                                                                      "imagen multiple"),
       valued=True, flags=("counter",),
       summary_en="value = images left: 1d4 + 1 per 3 caster levels (max 8); a hit on an image pops it "
                  "(cond NAME mirror-image:N sets what is left; 0 ends it)",
       summary_es="valor = imágenes que quedan: 1d4 + 1 cada 3 niveles de lanzador (máx. 8); un impacto en "
                  "una imagen la deshace (estado NOMBRE mirror-image:N pone las que quedan; 0 lo termina)"),
    _e("aid", "Aid", "Ayuda", aliases=("aid spell", "conjuro ayuda"), mods={"attack": 1}, bonus="morale",
       summary_en="+1 morale on attack rolls and on saves against fear; 1d8 + caster level temporary HP "
                  "(max +10: set NAME temp=N)",
       summary_es="+1 de moral al ataque y a las salvaciones contra miedo; 1d8 + nivel de lanzador PG "
                  "temporales (máx. +10: poner NOMBRE temp=N)"),
    _e("resistance", "Resistance", "Resistencia", mods={"saves": 1}, bonus="resistance",
       duration=("1 minute", "1 minuto"),
       summary_en="+1 resistance bonus on saves", summary_es="+1 de resistencia a las salvaciones"),
    _e("bulls-strength", "Bull's strength", "Fuerza de toro", aliases=("bull's strength", "bulls strength"),
       mods={"str": 4}, bonus="enhancement",
       summary_en="+4 enhancement to Str", summary_es="+4 de mejora a la Fuerza"),
    _e("cats-grace", "Cat's grace", "Gracia felina", aliases=("cat's grace", "cats grace"),
       mods={"dex": 4}, bonus="enhancement",
       summary_en="+4 enhancement to Dex", summary_es="+4 de mejora a la Destreza"),
    _e("bears-endurance", "Bear's endurance", "Aguante de oso", aliases=("bear's endurance", "bears endurance"),
       mods={"con": 4}, bonus="enhancement",
       summary_en="+4 enhancement to Con (+2 HP per HD are not added: set NAME hp=)",
       summary_es="+4 de mejora a la Constitución (los +2 PG por DG no se suman: set NOMBRE hp=)"),
    _e("owls-wisdom", "Owl's wisdom", "Sabiduría del búho", aliases=("owl's wisdom", "owls wisdom",
                                                                   "sabiduria del buho"),
       mods={"wis": 4}, bonus="enhancement",
       summary_en="+4 enhancement to Wis", summary_es="+4 de mejora a la Sabiduría"),
    _e("eagles-splendor", "Eagle's splendor", "Esplendor del águila", aliases=("eagle's splendor",
                                                                            "esplendor del aguila"),
       mods={"cha": 4}, bonus="enhancement",
       summary_en="+4 enhancement to Cha", summary_es="+4 de mejora al Carisma"),
    _e("foxs-cunning", "Fox's cunning", "Astucia del zorro", aliases=("fox's cunning", "foxs cunning"),
       mods={"int": 4}, bonus="enhancement",
       summary_en="+4 enhancement to Int", summary_es="+4 de mejora a la Inteligencia"),
    _e("good-hope", "Good hope", "Buena esperanza", aliases=("good hope",),
       mods={"attack": 2, "damage": 2, "saves": 2, "skills": 2, "checks": 2}, bonus="morale",
       summary_en="+2 morale on attack rolls, weapon damage, saves, skill and ability checks",
       summary_es="+2 de moral a ataque, daño con armas, salvaciones y pruebas de habilidad y característica"),
    _e("crushing-despair", "Crushing despair", "Desesperación aplastante",
       aliases=("crushing despair", "desesperacion aplastante"),
       mods={"attack": -2, "damage": -2, "saves": -2, "skills": -2, "checks": -2},
       summary_en="-2 on attack rolls, weapon damage, saves, skill and ability checks",
       summary_es="-2 a ataque, daño con armas, salvaciones y pruebas de habilidad y característica"),
    _e("regeneration", "Regeneration", "Regeneración", aliases=("regen", "regeneracion"), valued=True,
       tick="heal", duration=("permanent", "permanente"), source="Core Rulebook, Universal Monster Rules",
       summary_en="heals value HP at the start of its turn; fire or acid (its weakness) damage stays",
       summary_es="cura tantos PG como su valor al inicio de su turno; el daño de fuego o ácido (su "
                  "debilidad) se queda"),
    _e("fast-healing", "Fast healing", "Curación rápida", aliases=("fast healing", "curacion rapida"), valued=True,
       tick="heal", duration=("permanent", "permanente"), source="Core Rulebook, Universal Monster Rules",
       summary_en="heals value HP at the start of its turn", summary_es="cura tantos PG como su valor al "
                                                                         "inicio de su turno"),
    _e("acid-arrow", "Acid arrow", "Flecha ácida", aliases=("acid arrow", "flecha acida", "melf's acid arrow"),
       tick="damage", tick_type="acid", tick_dice="2d4", duration=("1 round + 1 per 3 levels",
                                                                    "1 asalto + 1 cada 3 niveles"),
       summary_en="2d4 acid damage at the start of its turn", summary_es="2d4 de daño de ácido al inicio de su turno"),
    _hold("hold-person", "Hold person", "Inmovilizar persona", ("hold", "held", "inmovilizado", "inmovilizada"),
          "", "", source="Core Rulebook, Hold person"),
    # hold animal and hold monster "function like hold person" (Core Rulebook, each spell's entry)
    _hold("hold-animal", "Hold animal", "Inmovilizar animal", ("hold animal", "inmovilizar animal"),
          "as hold person, on an animal: ", "como inmovilizar persona, sobre un animal: "),
    _hold("hold-monster", "Hold monster", "Inmovilizar monstruo", ("hold monster", "inmovilizar monstruo"),
          "as hold person, on any living creature: ", "como inmovilizar persona, sobre cualquier criatura viva: "),
    _e("on-fire", "On fire", "En llamas", aliases=("on fire", "catching fire", "caught fire", "burning", "afire",
                                                  "en llamas", "ardiendo", "prendido", "prendida"),
       tick="damage", tick_type="fire", tick_dice="1d6", save="ref", save_dc=15,
       duration=("until a save puts it out", "hasta que una salvación lo apague"),
       source="Core Rulebook, Environment: Catching on Fire",
       summary_en="1d6 fire when it catches; then Reflex DC 15 each round puts it out, otherwise 1d6 fire; "
                  "rolling on the ground: another save at +4 (save NAME on-fire rolling); water puts it out (uncond)",
       summary_es="1d6 de fuego al prenderse; luego salvación de Reflejos CD 15 cada asalto lo apaga, si no, 1d6 "
                  "de fuego; rodar por el suelo: otra salvación con +4 (salvar NOMBRE en-llamas rodando); el agua "
                  "lo apaga (quitar-estado)"),
)
