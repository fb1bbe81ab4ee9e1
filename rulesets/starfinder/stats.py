"""The Starfinder stat block: one set of keys for creatures and vehicles.

Pools ``sp``/``hp``/``rp`` follow the damage order of starfinder.md §3.3; ``rp`` is derived
from ``level`` and ``key`` when the GM does not type it (starfinder.md §3.5), because that
is how the book writes a PC and a GM should not have to do the sum at the table.
"""

from __future__ import annotations

from typing import Any, Mapping

from gm_console.ruleset import XP_FIELD, Combatant, StatField

from .i18n import T_

SIZES = ("fine", "diminutive", "tiny", "small", "medium", "large", "huge", "gargantuan", "colossal")
SIZE_NAMES = {"fine": "minúsculo", "diminutive": "diminuto", "tiny": "menudo", "small": "pequeño", "medium": "mediano",
              "large": "grande", "huge": "enorme", "gargantuan": "gargantuesco", "colossal": "colosal"}
#: each size as the sheet and a breakdown name it (its Spanish is input too: size=mediano)
SIZE_TERMS = {en: T_("size", en, es) for en, es in SIZE_NAMES.items()}
SIZE_ALIASES = {"f": "fine", "d": "diminutive", "t": "tiny", "s": "small", "m": "medium", "l": "large", "h": "huge",
                "g": "gargantuan", "c": "colossal"}
#: who drives a vehicle, as the sheet and the initiative pane name it
CONTROL_NAMES = {"piloted": T_("vehicle control", "piloted", "pilotado"),
                 "autopilot": T_("vehicle control", "autopilot", "piloto automático"),
                 "autocontrol": T_("vehicle control", "autocontrol", "autocontrol"),
                 "uncontrolled": T_("vehicle control", "uncontrolled", "sin control")}
CONTROL = tuple(CONTROL_NAMES)
CONTROL_ALIASES = {"pilot": "piloted", "piloto-automatico": "autopilot", "descontrolado": "uncontrolled",
                   "none": "uncontrolled", "ninguno": "uncontrolled"}


#: the skills of the Core Rulebook (ch. 5) but Profession: key, English, Spanish, aliases, key ability
SKILLS: tuple[tuple[str, str, str, tuple[str, ...], str], ...] = (
    ("acrobatics", "Acrobatics", "Acrobacias", ("acrobacias", "acro"), "dex"),
    ("athletics", "Athletics", "Atletismo", ("atletismo", "ath"), "str"),
    ("bluff", "Bluff", "Engañar", ("enganar", "engano", "farol"), "cha"),
    ("computers", "Computers", "Informática", ("informatica", "computadoras", "ordenadores", "comp"), "int"),
    ("culture", "Culture", "Cultura", ("cultura",), "int"),
    ("diplomacy", "Diplomacy", "Diplomacia", ("diplomacia", "diplo"), "cha"),
    ("disguise", "Disguise", "Disfrazarse", ("disfrazarse", "disfraz"), "cha"),
    ("engineering", "Engineering", "Ingeniería", ("ingenieria", "eng"), "int"),
    ("intimidate", "Intimidate", "Intimidar", ("intimidar", "intim"), "cha"),
    ("life_science", "Life Science", "Ciencias biológicas", ("lifescience", "ciencias-biologicas",
                                                             "ciencias-de-la-vida", "biologia"), "int"),
    ("medicine", "Medicine", "Medicina", ("medicina",), "int"),
    ("mysticism", "Mysticism", "Misticismo", ("misticismo", "myst"), "wis"),
    ("perception", "Perception", "Percepción", ("percepcion", "perc"), "wis"),
    ("physical_science", "Physical Science", "Ciencias físicas", ("physicalscience", "ciencias-fisicas", "fisica"), "int"),
    ("piloting", "Piloting", "Pilotaje", ("pilotaje",), "dex"),
    ("sense_motive", "Sense Motive", "Averiguar intenciones", ("sensemotive", "averiguar-intenciones", "averiguar"),
     "wis"),
    ("sleight_of_hand", "Sleight of Hand", "Juego de manos", ("sleight", "juego-de-manos"), "dex"),
    ("stealth", "Stealth", "Sigilo", ("sigilo",), "dex"),
    ("survival", "Survival", "Supervivencia", ("supervivencia",), "wis"),
)
SKILL_ABILITY = {key: ability for key, _en, _es, _al, ability in SKILLS}
#: skills no one rolls untrained (CRB ch. 5: "Trained Only"): no default from the ability
TRAINED_ONLY = frozenset({"computers", "culture", "life_science", "medicine", "mysticism", "physical_science"})
ABILITY_KEYS = ("str", "dex", "con", "int", "wis", "cha")
ABILITY_ALIASES = {"fue": "str", "des": "dex", "sab": "wis", "car": "cha", "strength": "str", "dexterity": "dex",
                   "constitution": "con", "intelligence": "int", "wisdom": "wis", "charisma": "cha", "fuerza": "str",
                   "destreza": "dex", "constitucion": "con", "inteligencia": "int", "sabiduria": "wis",
                   "carisma": "cha"}
ABILITY_NAMES = {"str": "Str", "dex": "Dex", "con": "Con", "int": "Int", "wis": "Wis", "cha": "Cha"}
#: each ability as a sheet and a roll name it
ABILITY_NAMES_SHORT = {"str": T_("ability", "Str", "Fue"), "dex": T_("ability", "Dex", "Des"),
                       "con": T_("ability", "Con", "Con"), "int": T_("ability", "Int", "Int"),
                       "wis": T_("ability", "Wis", "Sab"), "cha": T_("ability", "Cha", "Car")}
#: evasion as the sheet names it
EVASION_NAMES = {"none": T_("evasion", "none", "ninguna"), "evasion": T_("evasion", "evasion", "evasión"),
                 "improved": T_("evasion", "improved", "mejorada")}
EVASION = tuple(EVASION_NAMES)
EVASION_ALIASES = {"no": "none", "yes": "evasion", "si": "evasion", "improved-evasion": "improved",
                   "evasion-mejorada": "improved"}


def stat_block() -> tuple[StatField, ...]:
    return (
        StatField("sp", "pool", aliases=("stamina", "pe", "estamina", "aguante"), en="Stamina points",
                  es="Puntos de estamina", doc="sp=30 or sp=12/30 (current/max); absorbs damage before HP",
                  health=1),
        StatField("hp", "pool", aliases=("pg", "pv", "vida", "hit-points"), en="Hit points",
                  es="Puntos de golpe", doc="hp=22 or hp=5/22 (current/max)", health=2),
        StatField("rp", "pool", aliases=("resolve", "pr", "resolucion"), en="Resolve points",
                  es="Puntos de resolución",
                  doc="rp=4 or rp=2/4; derived from level and key when absent; none = dies at 0 HP"),
        StatField("temp", "pool", aliases=("thp", "temporales", "temp-hp"), en="Temporary HP",
                  es="PG temporales", doc="lost before stamina"),
        StatField("level", "int", aliases=("lvl", "nivel", "cr", "vd"), minimum=0, maximum=30,
                  en="Level", es="Nivel", doc="character or vehicle level (CR for monsters)"),
        StatField("key", "int", aliases=("clave", "key-ability", "atributo-clave"), minimum=-5,
                  maximum=40, en="Key ability", es="Atributo clave",
                  doc="key ability modifier (key=4) or score (key=18: 10 or more reads as a score)"),
        StatField("key_ability", "choice", choices=ABILITY_KEYS, choice_aliases=ABILITY_ALIASES,
                  choice_names=ABILITY_NAMES_SHORT,
                  aliases=("keyability", "key-ab", "atributo"), en="Which is key", es="Cuál es clave",
                  doc="which ability is key: key_ability=wis; damage to it costs 1 RP per 2 points (§3.14.6)"),
        StatField("str", "int", aliases=("fue", "fuerza", "strength"), minimum=0, maximum=40,
                  en="Strength", es="Fuerza"),
        StatField("dex", "int", aliases=("des", "destreza", "dexterity"), minimum=0, maximum=40,
                  en="Dexterity", es="Destreza"),
        StatField("con", "int", aliases=("constitucion", "constitution"), minimum=0, maximum=40,
                  en="Constitution", es="Constitución"),
        StatField("init", "int", aliases=("ini", "iniciativa"), en="Initiative modifier",
                  es="Modificador de iniciativa", doc="default: Dex modifier"),
        StatField("eac", "int", aliases=("cae", "energy-ac"), en="Energy AC", es="CA energética",
                  doc="default 10"),
        StatField("kac", "int", aliases=("cac", "kinetic-ac"), en="Kinetic AC", es="CA cinética",
                  doc="default 10"),
        StatField("eac_armor", "int", aliases=("armor-eac", "eac-armor", "cae-armadura", "armadura-cae"), minimum=0,
                  en="Armor's EAC bonus", es="Bonificador de CAE de la armadura",
                  doc="what broken armor halves; default EAC - 10 - Dex modifier"),
        StatField("kac_armor", "int", aliases=("armor-kac", "kac-armor", "cac-armadura", "armadura-cac"), minimum=0,
                  en="Armor's KAC bonus", es="Bonificador de CAC de la armadura",
                  doc="what broken armor halves; default KAC - 10 - Dex modifier"),
        StatField("fort", "int", aliases=("fortaleza", "fortitude"), en="Fortitude", es="Fortaleza"),
        StatField("ref", "int", aliases=("reflejos", "reflex"), en="Reflex", es="Reflejos"),
        StatField("will", "int", aliases=("voluntad",), en="Will", es="Voluntad"),
        StatField("attack", "int", aliases=("bab",), en="Attack bonus",
                  es="Bonificador de ataque"),
        StatField("melee", "int", aliases=("cuerpo", "mel"), en="Melee attack", es="Ataque cuerpo a cuerpo",
                  doc="default: attack"),
        StatField("atk", "attacks", aliases=("ataque", "ataques", "weapons", "armas"),
                  en="Attacks", es="Ataques",
                  doc='the stat block\'s attacks, `;` between them: atk="short sword +2 1d4 19-20/x2 slashing; '
                      'short bow +4 1d4 x3 piercing range 60" (docs/sheets.md#attacks)'),
        StatField("ranged", "int", aliases=("distancia", "rng"), en="Ranged attack", es="Ataque a distancia",
                  doc="default: attack"),
        StatField("speed", "int", aliases=("velocidad", "spd", "drive"), minimum=0, en="Speed (ft)",
                  es="Velocidad (pies)", doc="creatures: land speed (default 30); vehicles: drive speed"),
        StatField("full", "int", aliases=("full-speed", "velocidad-maxima"), minimum=0,
                  en="Full speed (ft)", es="Velocidad máxima (pies)", doc="vehicles: speed when racing"),
        StatField("int", "int", aliases=("inteligencia", "intelligence"), minimum=0, maximum=40,
                  en="Intelligence", es="Inteligencia"),
        StatField("wis", "int", aliases=("sab", "sabiduria", "wisdom"), minimum=0, maximum=40,
                  en="Wisdom", es="Sabiduría"),
        StatField("cha", "int", aliases=("car", "carisma", "charisma"), minimum=0, maximum=40,
                  en="Charisma", es="Carisma"),
        *(StatField(key, "int", aliases=aliases, en=en, es=es,
                    doc=f"skill bonus; absent: trained only" if key in TRAINED_ONLY
                    else f"skill bonus; absent: the {ABILITY_NAMES[ability]} modifier (untrained)")
          for key, en, es, aliases, ability in SKILLS),
        StatField("evasion", "choice", choices=EVASION, choice_aliases=EVASION_ALIASES, choice_names=EVASION_NAMES,
                  aliases=("evasión",), en="Evasion", es="Evasión",
                  doc="evasion or improved (operative): a Reflex save for half takes none"),
        StatField("dr", "int", aliases=("rd",), minimum=0, en="Damage reduction (kinetic)",
                  es="Reducción de daño (cinético)"),
        StatField("er", "list", aliases=("re", "resist", "resistencia"), en="Energy resistance",
                  es="Resistencia a energía", doc="er=fire:5,cold:5"),
        StatField("immune", "list", aliases=("inmune", "inmunidad", "immunity", "immunities"),
                  en="Immunities (damage types)", es="Inmunidades (tipos de daño)", doc="immune=fire,cold"),
        StatField("vulnerable", "list", aliases=("vulnerabilidad", "vulnerability", "vulnerabilities"),
                  en="Vulnerabilities (damage types)", es="Vulnerabilidades (tipos de daño)",
                  doc="vulnerable=cold: +50% damage of that type"),
        StatField("regeneration", "str", aliases=("regen", "regeneracion", "regeneración"),
                  en="Regeneration", es="Regeneración",
                  doc="5 or 5/fire,acid: heals 5 at its turn start and cannot die while it works; the types stop "
                      "it until its next turn start (§3.14.1)"),
        StatField("ferocity", "bool", aliases=("ferocidad",), en="Ferocity", es="Ferocidad",
                  doc="brought to 0 HP it acts on until the end of its next turn, then dies at 0 HP (§3.14.2)"),
        StatField("incorporeal", "bool", aliases=("incorporal",), en="Incorporeal", es="Incorporal",
                  doc="immune to nonmagical kinetic attacks, half from energy and magic, full from force and "
                      "incorporeal attacks (§3.14.3)"),
        StatField("poison", "str", aliases=("veneno",), en="Poison", es="Veneno",
                  doc="what its attack carries, as `poison` takes it: dc=13 track=dex every=round for=6 cure=1 "
                      "(§3.15)"),
        StatField("disease", "str", aliases=("enfermedad",), en="Disease", es="Enfermedad",
                  doc="dc=13 track=physical onset=1d every=day cure=2 name=Bog rot (§3.15)"),
        StatField("swarm", "bool", aliases=("enjambre",), en="Swarm", es="Enjambre",
                  doc="immune to single-target attacks, +50% from area effects, breaks up at 0 HP (§3.14.4)"),
        StatField("size", "choice", choices=SIZES, choice_aliases=SIZE_ALIASES, choice_names=SIZE_TERMS,
                  aliases=("talla", "tamano"), en="Size", es="Tamaño", doc="default medium for creatures"),
        StatField("pc", "bool", default=False, aliases=("pj",), en="Player character",
                  es="Personaje jugador"),
        StatField("collision", "dice", aliases=("colision", "ram"), en="Collision damage",
                  es="Daño de colisión", doc="vehicles: collision=4d6"),
        StatField("dc", "int", aliases=("cd", "collision-dc"), en="Collision DC", es="CD de colisión",
                  doc="vehicles: Reflex DC against ram and run over"),
        StatField("pilot", "str", aliases=("piloto", "driver"), en="Pilot", es="Piloto",
                  doc="vehicles: the combatant at the controls"),
        StatField("control", "choice", choices=CONTROL, choice_aliases=CONTROL_ALIASES, choice_names=CONTROL_NAMES,
                  aliases=("mando",), en="Control", es="Control",
                  doc="vehicles: piloted, autopilot, autocontrol or uncontrolled"),
        StatField("autopilot", "int", aliases=("piloto-automatico-bono",), en="Autopilot Piloting",
                  es="Pilotaje del piloto automático", doc="vehicles: the autopilot's Piloting bonus"),
        StatField("notes", "str", aliases=("notas",), en="Notes", es="Notas"),
        XP_FIELD,  # what a foe is worth in the summary; its CR is its level (cr=, vd=)
    )


def mod(score: Any) -> int:
    """Ability modifier from a score, the d20 way."""
    return (int(score) - 10) // 2


def key_mod(stats: Mapping[str, Any]) -> int:
    """``key`` is read as a modifier below 10 and as a score from 10 up (no PC has a key score under 10)."""
    key = stats.get("key")
    if key is None:
        return 0
    key = int(key)
    return mod(key) if key >= 10 else key


def derived_resolve(stats: Mapping[str, Any]) -> int | None:
    """starfinder.md §3.5 [S]: max(1, level/2) + key ability modifier, at least 1 [O]."""
    level = stats.get("level")
    if level is None:
        return None
    return max(1, max(1, int(level) // 2) + key_mod(stats))


def derive(stats: dict[str, Any], category: str) -> dict[str, Any]:
    if category == "vehicle":
        return stats  # control follows the pilot unless the GM sets it (vehicles.control)
    if stats.get("rp") is None:
        rp = derived_resolve(stats)
        if rp is not None:
            stats["rp"] = rp
    return stats


def is_vehicle(c: Combatant) -> bool:
    return c.category == "vehicle"


def size_index(c: Combatant) -> int | None:
    size = c.stats.get("size")
    if size is None:
        return None if is_vehicle(c) else SIZES.index("medium")
    return SIZES.index(size)


def ability_mod(c: Combatant, ability: str) -> int:
    score = c.stats.get(ability)
    return 0 if score is None else mod(score)


def skill_bonus(c: Combatant, skill: str) -> int | None:
    """The sheet's bonus for a skill: its own stat, else (untrained, CRB ch. 5) the modifier of its
    key ability when the sheet has that score and the skill is not trained-only; else None."""
    value = c.stats.get(skill)
    if value is not None:
        return int(value)
    if skill in TRAINED_ONLY:
        return None
    ability = SKILL_ABILITY.get(skill)
    score = c.stats.get(ability) if ability else None
    return None if score is None else mod(score)


def level(c: Combatant) -> int:
    return int(c.stats.get("level") or 0)


def has_resolve(c: Combatant) -> bool:
    """NPCs without Resolve Points die at 0 HP (starfinder.md §3.4.10 [O]); a PC always has a resolve pool,
    even one at 0 (``rp=0``), and so does any creature given one."""
    return "rp" in c.pools or c.is_pc
