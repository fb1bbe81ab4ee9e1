"""The fifth-edition stat block (dnd5e.md §1): the keys a PC or a monster has, as the bestiary
file writes them (``rulesets/dnd5e/bestiary.toml``) and a GM types them on ``add``/``set``."""

from __future__ import annotations

from gm_console.ruleset import CR_FIELD, XP_FIELD, StatField, Term

from .i18n import T_


#: ability key -> English, Spanish, other spellings
ABILITY_INFO = {
    "str": ("Strength", "Fuerza", ("fue", "fuerza", "strength")),
    "dex": ("Dexterity", "Destreza", ("des", "destreza", "dexterity")),
    "con": ("Constitution", "Constitución", ("constitucion", "constitution")),
    "int": ("Intelligence", "Inteligencia", ("inteligencia", "intelligence")),
    "wis": ("Wisdom", "Sabiduría", ("sab", "sabiduria", "wisdom")),
    "cha": ("Charisma", "Carisma", ("car", "carisma", "charisma")),
}
SHORT_ES = {"str": "Fue", "dex": "Des", "con": "Con", "int": "Int", "wis": "Sab", "cha": "Car"}

#: the thirteen damage types of the document (dnd5e.md §2.3): id -> Spanish
DAMAGE_TYPES = {
    "acid": "ácido", "bludgeoning": "contundente", "cold": "frío", "fire": "fuego", "force": "fuerza",
    "lightning": "relámpago", "necrotic": "necrótico", "piercing": "perforante", "poison": "veneno",
    "psychic": "psíquico", "radiant": "radiante", "slashing": "cortante", "thunder": "trueno",
}
#: every word `dmg` takes for a type -> the type (Spanish with and without accents)
TYPE_WORDS: dict[str, str] = {}
for _id, _es in DAMAGE_TYPES.items():
    TYPE_WORDS[_id] = _id
    TYPE_WORDS[_es] = _id
    TYPE_WORDS[_es.translate(str.maketrans("áéíóú", "aeiou"))] = _id
#: the word that marks the damage of a critical hit (dnd5e.md §3.4: two death-save failures at 0 HP)
CRIT_WORDS = ("crit", "critical", "critico", "crítico")
#: the word `heal` takes for temporary hit points (dnd5e.md §2.2)
TEMP_WORDS = ("temp", "temporary", "temporales", "temporal", "thp", "pgt")

SIZES = ("tiny", "small", "medium", "large", "huge", "gargantuan")
#: each size as the sheet names it (its Spanish is input too: size=mediano)
SIZE_TERMS = {en: T_("size", en, es) for en, es in (("tiny", "diminuto"), ("small", "pequeño"), ("medium", "mediano"),
                                                    ("large", "grande"), ("huge", "enorme"),
                                                    ("gargantuan", "gargantuesco"))}
SIZE_ALIASES = {"t": "tiny", "s": "small", "m": "medium", "l": "large", "h": "huge", "g": "gargantuan"}


#: each damage type as the catalogue holds it
TYPE_TERMS = {en: T_("damage type", en, es) for en, es in DAMAGE_TYPES.items()}


def type_term(kind: str) -> "Term | str":
    return TYPE_TERMS.get(kind, kind)


def stat_block() -> tuple[StatField, ...]:
    abilities = tuple(
        StatField(key, "int", default=10, en=en, es=es, aliases=more, minimum=1, maximum=30,
                  doc="ability score (1-30); its modifier is (score - 10) / 2, rounded down")
        for key, (en, es, more) in ABILITY_INFO.items())
    saves = tuple(
        StatField(f"save_{key}", "int", en=f"{en} save", es=f"Salvación de {es}",
                  aliases=(f"{key}_save", f"st_{key}", f"salvacion_{SHORT_ES[key].lower()}", f"ts_{SHORT_ES[key].lower()}"),
                  doc="a proficient save's total bonus; without it, the ability's modifier")
        for key, (en, es, _more) in ABILITY_INFO.items())
    return (
        StatField("hp", "pool", aliases=("pg", "pv", "hit points"), en="Hit points", es="Puntos de golpe",
                  doc="hp=22 or hp=9/22 (current/max)", health=1),
        StatField("temp", "counter", aliases=("thp", "pgt", "temporales", "temp_hp"), en="Temporary HP",
                  es="PG temporales", minimum=0, doc="temporary hit points, lost first; a new batch replaces a "
                                                     "smaller one and never adds (dnd5e.md §2.2)"),
        StatField("ac", "int", aliases=("ca", "armor class"), en="Armor class", es="Clase de armadura"),
        StatField("init", "int", aliases=("ini", "iniciativa", "initiative"), en="Initiative bonus",
                  es="Bono de iniciativa", doc="without it, the Dexterity modifier"),
        StatField("speed", "int", default=30, aliases=("velocidad", "vel", "spd"), en="Speed", es="Velocidad",
                  minimum=0, doc="in feet"),
        StatField("size", "choice", default="medium", choices=SIZES, choice_aliases=SIZE_ALIASES,
                  choice_names=SIZE_TERMS, aliases=("tamano", "tamaño"), en="Size", es="Tamaño"),
        *abilities,
        StatField("level", "int", aliases=("nivel", "lvl", "niv"), en="Level", es="Nivel", minimum=1, maximum=20,
                  doc="a PC's character level (the encounter's XP budget, dnd5e.md §8.2)"),
        StatField("hit_dice", "str", aliases=("hd", "dados_golpe", "dados_de_golpe", "dpg"), en="Hit Point Dice",
                  es="Dados de Puntos de Golpe",
                  doc="the die, as many as the level (hit_dice=d10), or how many (hit_dice=5d10): a short rest spends "
                      "them (dnd5e.md §2.6)"),
        StatField("hit_dice_left", "counter", aliases=("hd_left", "dados_golpe_restantes", "dpg_restantes"),
                  en="Hit Point Dice left", es="Dados de Puntos de Golpe restantes", minimum=0,
                  doc="Hit Point Dice not spent yet (without it, all of them; dnd5e.md §2.6)"),
        StatField("prof", "int", aliases=("pb", "proficiency", "competencia", "bc"), en="Proficiency bonus",
                  es="Bonificador por competencia", minimum=0),
        *saves,
        StatField("perception", "int", aliases=("passive", "pasiva", "percepcion", "pp"),
                  en="Passive Perception", es="Percepción pasiva"),
        StatField("resist", "str", aliases=("resistance", "resistencia", "resistencias"), en="Resistances",
                  es="Resistencias", doc="damage types, comma-separated: fire,cold (half damage)"),
        StatField("immune", "str", aliases=("immunity", "inmune", "inmunidad", "inmunidades"),
                  en="Damage immunities", es="Inmunidades al daño", doc="damage types taking no damage"),
        StatField("vulnerable", "str", aliases=("vulnerability", "vulnerabilidad", "vulnerabilidades"),
                  en="Vulnerabilities", es="Vulnerabilidades", doc="damage types taking double damage"),
        StatField("condition_immune", "str", aliases=("cond_immune", "inmune_estados", "inmunidad_estados"),
                  en="Condition immunities", es="Inmunidades a estados",
                  doc="conditions it cannot have: charmed,frightened,poisoned"),
        StatField("legendary_actions", "int", aliases=("legendary", "la", "acciones_legendarias", "al"),
                  en="Legendary actions", es="Acciones legendarias", minimum=0, maximum=9,
                  doc="per round, back at the start of its turn (dnd5e.md §7.4)"),
        StatField("legendary_resistance", "counter", aliases=("lr", "resistencia_legendaria", "rl"),
                  en="Legendary resistance", es="Resistencia legendaria", minimum=0,
                  doc="uses per day left (dnd5e.md §7.5)"),
        StatField("lair", "bool", aliases=("guarida", "in_lair", "en_guarida"), en="In its lair",
                  es="En su guarida", doc="a legendary monster in its lair: one more legendary action use a round and "
                                          "one more legendary resistance a day (dnd5e.md §7.7)"),
        StatField("recharge", "str", aliases=("recarga",), en="Recharge abilities", es="Habilidades de recarga",
                  doc="NAME LOW-6, comma-separated: fire breath 5-6 (rolled at the start of its turn, dnd5e.md §7.6)"),
        StatField("atk", "attacks", aliases=("attacks", "ataque", "ataques"), en="Attacks", es="Ataques",
                  doc='the stat block\'s attacks, `;` between them: atk="scimitar +4 1d6+2 slashing reach 5; '
                      'shortbow +4 1d6+2 piercing range 80/320" (the compact attack form)'),
        CR_FIELD,
        XP_FIELD,
        StatField("pc", "bool", default=False, aliases=("pj",), en="Player character", es="Personaje jugador"),
        StatField("notes", "str", aliases=("notas",), en="Notes", es="Notas"),
    )
