"""The AGE stat block: eight abilities, Health and Mana pools, focuses and a weapon.

Abilities accept their long English and Spanish names because GMs copy stat
blocks from both the Green Ronin books and the Spanish seed. Defense and Speed
are optional: when absent they are derived from Dexterity (dragon_age.md §2.8 [O]),
so a later ``set NAME dex=3`` keeps them right.
"""

from __future__ import annotations

from gm_console.ruleset import Combatant, StatField, Term, fold_text, render

from .conditions import effect_mods
from .i18n import T_

ABILITIES: tuple[str, ...] = (
    "communication", "con", "cunning", "dex", "magic", "perception", "str", "willpower",
)

#: ability -> (English label, Spanish label, aliases accepted on the command line)
ABILITY_INFO: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "communication": ("Communication", "Comunicación", ("comm", "com", "comunicacion")),
    "con": ("Constitution", "Constitución", ("constitution", "constitucion", "const")),
    "cunning": ("Cunning", "Astucia", ("cun", "astucia", "ast")),
    "dex": ("Dexterity", "Destreza", ("dexterity", "destreza", "des")),
    "magic": ("Magic", "Magia", ("mag", "magia")),
    "perception": ("Perception", "Percepción", ("per", "perc", "percepcion")),
    "str": ("Strength", "Fuerza", ("strength", "fuerza", "fue", "fuer")),
    "willpower": ("Willpower", "Voluntad", ("will", "wil", "wp", "voluntad", "vol")),
}

SHORT = {"communication": "Comm", "con": "Con", "cunning": "Cun", "dex": "Dex", "magic": "Magic",
         "perception": "Per", "str": "Str", "willpower": "Will"}

_ABILITY_INDEX: dict[str, str] = {}
for _key, (_en, _es, _aliases) in ABILITY_INFO.items():
    for _name in (_key, _en, _es, *_aliases):
        _ABILITY_INDEX[fold_text(_name)] = _key

#: each kind of weapon as the sheet names it
WEAPON_KIND_NAMES = {"melee": T_("weapon kind", "melee", "cuerpo a cuerpo"),
                     "ranged": T_("weapon kind", "ranged", "a distancia"), "bow": T_("weapon kind", "bow", "arco")}
WEAPON_KINDS = tuple(WEAPON_KIND_NAMES)
UNARMED = "1d3"


def ability_key(word: str) -> str | None:
    """'Constitución' -> 'con'; None when the word names no ability."""
    return _ABILITY_INDEX.get(fold_text(word))


#: each ability as a roll's breakdown names it: short in English, in full in Spanish
LABELS = {key: T_("ability", SHORT[key], es) for key, (_en, es, _a) in ABILITY_INFO.items()}


def ability_label(key: str, lang: str = "en") -> str:
    return render(LABELS[key], lang)


def base_ability(c: Combatant, key: str) -> int:
    """The ability as the sheet has it, before spells and talents."""
    return int(c.stats.get(key) or 0)


def ability(c: Combatant, key: str) -> int:
    """The ability with what the effects on the combatant add (Heroic Offense +1 Str, Weakness
    -1 Dex: dragon_age.md §2.12), for every roll, damage and derived number."""
    return base_ability(c, key) + sum(d for _, d in effect_mods(c, key))


def focuses(c: Combatant) -> list[str]:
    raw = c.stats.get("focus") or []
    if isinstance(raw, str):
        raw = [raw]
    return [str(f) for f in raw]


#: The focuses of the core rules [O] under the ability they belong to, with their Spanish
#: names, so a focus named alone (`check Sera swimming`, `tira Sera nadar`) is rolled with its
#: ability, a sheet in either language gets its +2, and a roll's breakdown names the focus in
#: the reader's language. A focus the table invented is kept and shown as typed.
FOCUSES: dict[str, dict[str, str]] = {
    "communication": {"animal handling": "trato con animales", "bargaining": "regateo", "deception": "engaño",
                      "disguise": "disfraz", "etiquette": "etiqueta", "gambling": "juego",
                      "investigation": "investigación", "leadership": "liderazgo",
                      "performance": "interpretación", "persuasion": "persuasión", "seduction": "seducción"},
    "con": {"drinking": "beber", "rowing": "remar", "running": "correr", "stamina": "aguante",
            "swimming": "nadar"},
    "cunning": {"arcane lore": "saber arcano", "cartography": "cartografía", "cultural lore": "saber cultural",
                "evaluation": "tasación", "healing": "curación", "heraldry": "heráldica",
                "historical lore": "saber histórico", "military lore": "saber militar",
                "musical lore": "saber musical", "natural lore": "saber natural", "navigation": "navegación",
                "religious lore": "saber religioso", "research": "documentación", "writing": "escritura"},
    "dex": {"acrobatics": "acrobacias", "bows": "arcos", "brawling": "pelea", "calligraphy": "caligrafía",
            "crafting": "artesanía", "initiative": "iniciativa", "legerdemain": "prestidigitación",
            "lock picking": "abrir cerraduras", "riding": "montar", "stealth": "sigilo", "traps": "trampas",
            "light blades": "hojas ligeras", "staves": "bastones"},
    "magic": {"arcane lance": "lanza arcana", "creation": "creación", "entropy": "entropía",
              "primal": "primigenia", "spirit": "espíritu", "blood": "sangre"},
    "perception": {"empathy": "empatía", "hearing": "oído", "searching": "buscar", "seeing": "vista",
                   "smelling": "olfato", "tasting": "gusto", "tracking": "rastrear"},
    "str": {"climbing": "trepar", "driving": "conducir", "intimidation": "intimidación", "jumping": "saltar",
            "might": "poderío", "smithing": "herrería", "axes": "hachas", "bludgeons": "contundentes",
            "heavy blades": "hojas pesadas", "spears": "lanzas"},
    "willpower": {"courage": "coraje", "faith": "fe", "morale": "moral", "self discipline": "autodisciplina"},
}

#: the ability each focus belongs to, by its English name
FOCUS_ABILITY: dict[str, str] = {focus: key for key, names in FOCUSES.items() for focus in names}

#: other names a GM types for a focus: its Spanish name (folded) and the seed's own words
FOCUS_SYNONYMS: dict[str, str] = {
    **{fold_text(es): en for names in FOCUSES.values() for en, es in names.items()},
    "natacion": "swimming", "swim": "swimming", "curar": "healing", "heal": "healing", "valor": "courage",
}


#: each core focus as the catalogue holds it
FOCUS_TERMS = {en: T_("focus", en, es) for names in FOCUSES.values() for en, es in names.items()}


def focus_term(word: str) -> "Term | str":
    """A focus as the reader names it: a core focus in the reader's language, any other as typed."""
    name = _focus_name(word)
    for names in FOCUSES.values():
        if name in names:
            return FOCUS_TERMS[name]
    return word


def focus_ability(word: str) -> str | None:
    """The ability a focus named alone belongs to (Spanish names too), or None."""
    return FOCUS_ABILITY.get(_focus_name(word))


def _focus_name(entry: str) -> str:
    # "con:swimming" in the list names the same focus as "swimming"; "nadar" too
    name = fold_text(entry.rpartition(":")[2])
    return FOCUS_SYNONYMS.get(name, name)


def has_focus(c: Combatant, focus: str | None) -> bool:
    if not focus:
        return False
    want = _focus_name(focus)
    return any(_focus_name(f) == want for f in focuses(c))


def level(c: Combatant) -> int:
    return int(c.stats.get("level") or 1)


def weapon_kind(c: Combatant) -> str:
    return str(c.stats.get("weapon_kind") or "melee")


def stat_block() -> tuple[StatField, ...]:
    ability_aliases = {}
    for key, (en, es, aliases) in ABILITY_INFO.items():
        for name in (en, es, *aliases):
            ability_aliases[name] = key
    fields: list[StatField] = [
        StatField("health", "pool", aliases=("salud", "hp"), en="Health", es="Salud",
                  doc="health=30 or health=12/30 (current/max); never below 0", health=1),
    ]
    for key in ABILITIES:
        en, es, aliases = ABILITY_INFO[key]
        fields.append(StatField(key, "int", default=0, aliases=(en, es, *aliases), en=en, es=es,
                                minimum=-10, maximum=30, doc=f"{en} ability"))
    fields += [
        StatField("defense", "int", aliases=("defensa", "def"), en="Defense", es="Defensa",
                  minimum=0, maximum=60, doc="attack target number; default 10 + Dex"),
        StatField("armor", "int", default=0, aliases=("armadura", "ar", "armour", "armor rating"),
                  en="Armor rating", es="Armadura", minimum=0, maximum=50,
                  doc="subtracted from damage unless penetrating"),
        StatField("speed", "int", aliases=("velocidad", "vel"), en="Speed", es="Velocidad",
                  minimum=0, maximum=100, doc="metres per Move; default 10 + Dex"),
        StatField("level", "int", default=1, aliases=("nivel", "lvl"), en="Level", es="Nivel",
                  minimum=1, maximum=30),
        StatField("mana", "pool", aliases=("mp", "pm", "mana points"), en="Mana", es="Maná",
                  doc="mana=15 or mana=4/15; spent by cast"),
        StatField("pc", "bool", default=False, aliases=("pj",), en="Player character",
                  es="Personaje jugador"),
        StatField("focus", "list", aliases=("focuses", "foci", "focos", "concentracion",
                                            "concentraciones"),
                  en="Focuses", es="Concentraciones", doc="focus=swimming,healing (+2 on tests)",
                  name_of=focus_term),
        StatField("weapon", "dice", aliases=("arma", "weapon damage", "dano arma"),
                  en="Weapon damage", es="Daño del arma",
                  doc=f"damage dice of the attack, e.g. 2d6; unarmed {UNARMED}"),
        StatField("weapon_ability", "choice", choices=ABILITIES, choice_aliases=ability_aliases, choice_names=LABELS,
                  aliases=("attack ability", "atributo arma", "habilidad arma"),
                  en="Attack ability", es="Atributo de ataque",
                  doc="ability of the weapon group; default Str (Dex for bows)"),
        StatField("weapon_focus", "str", aliases=("concentracion arma", "arma foco"),
                  en="Weapon focus", es="Concentración de arma",
                  doc="focus of the weapon group, e.g. heavy-blades (+2 if in the focus list)", name_of=focus_term),
        StatField("weapon_kind", "choice", default="melee", choices=WEAPON_KINDS, choice_names=WEAPON_KIND_NAMES,
                  choice_aliases={"cac": "melee", "distancia": "ranged", "thrown": "ranged", "arrojadiza": "ranged",
                                  "bows": "bow", "crossbow": "bow", "ballesta": "bow"},
                  aliases=("tipo arma",), en="Weapon kind", es="Tipo de arma",
                  doc="melee | ranged | bow (bows add Perception to damage, not Str)"),
        StatField("notes", "str", aliases=("notas",), en="Notes", es="Notas"),
    ]
    return tuple(fields)


def clamp_pools(pools: dict[str, tuple[int, int | None]]) -> dict[str, tuple[int, int | None]]:
    """A pool's current value lies in 0..max (Health never below 0, never above its maximum)."""
    out = {}
    for key, (value, top) in pools.items():
        value = max(0, value)
        out[key] = (min(value, top) if top is not None else value, top)
    return out
