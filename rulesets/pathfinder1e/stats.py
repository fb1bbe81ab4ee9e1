"""The PF1 stat block, the size table and the numbers derived from raw stats.

Derived values (init, CMB, CMD, attack, touch, flat-footed) are computed when
read rather than stored at ``add`` time: a later ``set NAME str=18`` then
moves CMB and attack too, and the saved stat block stays "as entered".
"""

from __future__ import annotations

from typing import Mapping

from gm_console.ruleset import EXPERIENCE, Combatant, StatField

from . import marks
from .i18n import T_

SIZES = ("fine", "diminutive", "tiny", "small", "medium", "large", "huge", "gargantuan", "colossal")

SIZE_ES = {"fine": "minúsculo", "diminutive": "diminuto", "tiny": "menudo", "small": "pequeño",
           "medium": "mediano", "large": "grande", "huge": "enorme", "gargantuan": "gargantuesco",
           "colossal": "colosal"}
#: each size as a breakdown names it (``resized: large``)
SIZE_TERMS = {en: T_("size", en, es) for en, es in SIZE_ES.items()}

#: special size modifier for CMB and CMD (seed table)
SIZE_CMB = {"fine": -8, "diminutive": -4, "tiny": -2, "small": -1, "medium": 0, "large": 1,
            "huge": 2, "gargantuan": 4, "colossal": 8}

#: size modifier to AC and attack rolls [O]
SIZE_AC = {"fine": 8, "diminutive": 4, "tiny": 2, "small": 1, "medium": 0, "large": -1,
           "huge": -2, "gargantuan": -4, "colossal": -8}

SIZE_ALIASES = {
    **{es: en for en, es in SIZE_ES.items()},
    "f": "fine", "d": "diminutive", "t": "tiny", "s": "small", "m": "medium", "l": "large",
    "h": "huge", "g": "gargantuan", "c": "colossal", "pequeno": "small", "minusculo": "fine",
}

#: two-weapon fighting: (primary, off-hand) penalties, seed table
TWF = {"normal": (-6, -10), "light": (-4, -8), "feat": (-4, -4), "light-feat": (-2, -2)}
TWF_TEXT = {
    "normal": T_("two-weapon fighting", "one-handed off-hand, no feat", "arma torpe a una mano, sin dote"),
    "light": T_("two-weapon fighting", "light off-hand, no feat", "arma torpe ligera, sin dote"),
    "feat": T_("two-weapon fighting", "one-handed off-hand + Two-Weapon Fighting",
               "arma torpe a una mano + Combate con dos armas"),
    "light-feat": T_("two-weapon fighting", "light off-hand + Two-Weapon Fighting",
                     "arma torpe ligera + Combate con dos armas"),
}

#: each two-weapon setting as the sheet names it (none: not fighting with two weapons)
TWF_NAMES = {"none": T_("two-weapon fighting", "none", "no"), **TWF_TEXT}

#: evasion as the sheet names it (none, evasion, improved evasion)
EVASION_NAMES = {"none": T_("evasion", "none", "ninguna"), "evasion": T_("evasion", "evasion", "evasión"),
                 "improved": T_("evasion", "improved", "mejorada")}

HERO_MAX = 3
HERO_START = 1


#: the skills a GM rolls most: key -> (ability, English, Spanish, other spellings)
SKILLS: dict[str, tuple[str, str, str, tuple[str, ...]]] = {
    "acrobatics": ("dex", "Acrobatics", "Acrobacias", ("acro", "acrobacias")),
    "bluff": ("cha", "Bluff", "Engañar", ("enganar", "engaño", "engano", "farol")),
    "climb": ("str", "Climb", "Trepar", ("trepar",)),
    "diplomacy": ("cha", "Diplomacy", "Diplomacia", ("diplo", "diplomacia")),
    "disable_device": ("dex", "Disable Device", "Inutilizar mecanismo",
                       ("disable device", "disable-device", "inutilizar", "inutilizar mecanismo")),
    "escape_artist": ("dex", "Escape Artist", "Escapismo", ("escape artist", "escape-artist", "escapismo")),
    "fly": ("dex", "Fly", "Volar", ("volar",)),
    "heal": ("wis", "Heal", "Sanar", ("sanar", "curar", "medicine")),
    "intimidate": ("cha", "Intimidate", "Intimidar", ("intimidar",)),
    "knowledge_arcana": ("int", "Knowledge (arcana)", "Conocimiento (arcano)",
                         ("arcana", "arcano", "knowledge arcana", "conocimiento arcano")),
    "knowledge_dungeoneering": ("int", "Knowledge (dungeoneering)", "Conocimiento (dungeons)",
                                ("dungeoneering", "dungeons", "knowledge dungeoneering",
                                 "conocimiento dungeons")),
    "knowledge_local": ("int", "Knowledge (local)", "Conocimiento (local)",
                        ("local", "knowledge local", "conocimiento local")),
    "knowledge_nature": ("int", "Knowledge (nature)", "Conocimiento (naturaleza)",
                         ("nature", "naturaleza", "knowledge nature", "conocimiento naturaleza")),
    "knowledge_planes": ("int", "Knowledge (planes)", "Conocimiento (los planos)",
                         ("planes", "planos", "knowledge planes", "conocimiento planos")),
    "knowledge_religion": ("int", "Knowledge (religion)", "Conocimiento (religión)",
                           ("religion", "religión", "knowledge religion", "conocimiento religion")),
    "perception": ("wis", "Perception", "Percepción", ("perc", "percepcion", "percepción")),
    "ride": ("dex", "Ride", "Montar", ("montar",)),
    "sense_motive": ("wis", "Sense Motive", "Averiguar intenciones",
                     ("sense motive", "sense-motive", "sensemotive", "motive", "averiguar",
                      "averiguar intenciones")),
    "spellcraft": ("int", "Spellcraft", "Conocimiento de conjuros",
                   ("conocimiento de conjuros", "conjuros")),
    "stealth": ("dex", "Stealth", "Sigilo", ("sigilo",)),
    "survival": ("wis", "Survival", "Supervivencia", ("supervivencia",)),
    "swim": ("str", "Swim", "Nadar", ("nadar",)),
    "use_magic_device": ("cha", "Use Magic Device", "Usar objeto mágico",
                         ("use magic device", "umd", "uom", "usar objeto magico", "usar objeto mágico")),
}

ABILITIES = ("str", "dex", "con", "int", "wis", "cha")


def _skill_fields() -> tuple[StatField, ...]:
    return tuple(StatField(key, "int", aliases=spellings, en=en, es=es,
                           doc=f"skill bonus; not given: the {ability.capitalize()} modifier (untrained)")
                 for key, (ability, en, es, spellings) in SKILLS.items())


def stat_block() -> tuple[StatField, ...]:
    return (
        StatField("hp", "pool", aliases=("pv", "pg", "vida", "hit points", "puntos de golpe"),
                  en="Hit points", es="Puntos de golpe", doc="hp=38 or hp=6/38 (current/max)", health=1),
        StatField("nl", "counter", aliases=("nonlethal", "noletal", "no letal", "dnl"),
                  en="Nonlethal damage", es="Daño no letal", doc="nonlethal damage taken (add only; "
                  "later use dmg NAME N nonlethal)"),
        StatField("temp", "counter", aliases=("thp", "temporal", "temporales", "pgt"),
                  en="Temporary HP", es="PG temporales", doc="temporary hit points, lost first"),
        StatField("str", "int", aliases=("fue", "fuerza", "strength"), en="Strength", es="Fuerza",
                  minimum=0, maximum=99),
        StatField("dex", "int", aliases=("des", "destreza", "dexterity"), en="Dexterity",
                  es="Destreza", minimum=0, maximum=99),
        StatField("con", "int", aliases=("constitucion", "constitution"), en="Constitution",
                  es="Constitución", minimum=0, maximum=99,
                  doc="score; dead at -Con HP (con=0: no Con score, destroyed at 0 HP)"),
        StatField("int", "int", aliases=("inteligencia", "intelligence"), en="Intelligence",
                  es="Inteligencia", minimum=0, maximum=99),
        StatField("wis", "int", aliases=("sab", "sabiduria", "sabiduría", "wisdom"), en="Wisdom",
                  es="Sabiduría", minimum=0, maximum=99, doc="score; Will saves follow its changes"),
        StatField("cha", "int", aliases=("car", "carisma", "charisma"), en="Charisma", es="Carisma",
                  minimum=0, maximum=99),
        StatField("init", "int", aliases=("ini", "iniciativa"), en="Initiative modifier",
                  es="Modificador de iniciativa", doc="default: Dex modifier"),
        StatField("ac", "int", aliases=("ca",), en="Armor class", es="Clase de armadura",
                  doc="default 10 + Dex + size + armor + shield"),
        StatField("touch", "int", aliases=("toque", "ca toque"), en="Touch AC", es="CA de toque",
                  doc="default 10 + Dex + size", follows="ac"),
        StatField("ff", "int", aliases=("flat", "flatfooted", "flat-footed", "desprevenido",
                                        "ca desprevenido"),
                  en="Flat-footed AC", es="CA desprevenido", doc="default AC minus Dex bonus", follows="ac"),
        StatField("armor", "int", aliases=("armadura", "armour"), en="Armor bonus (in the AC)",
                  es="Bonificador de armadura (en la CA)", minimum=0,
                  doc="the worn armor's bonus the given AC holds: mage armor does not stack with it"),
        StatField("shield", "int", aliases=("escudo",), en="Shield bonus (in the AC)",
                  es="Bonificador de escudo (en la CA)", minimum=0,
                  doc="the shield's bonus the given AC holds: the shield spell does not stack with it"),
        StatField("natural", "int", aliases=("natural armor", "armadura natural", "na"),
                  en="Natural armor (in the AC)", es="Armadura natural (en la CA)", minimum=0,
                  doc="the natural armor bonus the given AC holds"),
        StatField("bab", "int", default=0, aliases=("ab", "ataque base", "bab"),
                  en="Base attack bonus", es="Ataque base"),
        StatField("size", "choice", default="medium", aliases=("tam", "tamano", "tamaño"),
                  choices=SIZES, choice_aliases=SIZE_ALIASES, choice_names=SIZE_TERMS, en="Size", es="Tamaño"),
        StatField("cmb", "int", aliases=("bmc",), en="CMB", es="BMC",
                  doc="default BAB + Str (Dex if Diminutive or smaller) + size"),
        StatField("cmd", "int", aliases=("dmc",), en="CMD", es="DMC",
                  doc="default 10 + BAB + Str + Dex + size"),
        StatField("fort", "int", default=0, aliases=("fortaleza", "fortitude"), en="Fortitude",
                  es="Fortaleza"),
        StatField("ref", "int", default=0, aliases=("reflejos", "reflex"), en="Reflex", es="Reflejos"),
        StatField("will", "int", default=0, aliases=("voluntad",), en="Will", es="Voluntad"),
        StatField("evasion", "choice", default="none", aliases=("evasión",),
                  choices=("none", "evasion", "improved"), choice_names=EVASION_NAMES,
                  choice_aliases={"no": "none", "si": "evasion", "yes": "evasion", "improved-evasion": "improved",
                                  "evasion mejorada": "improved"},
                  en="Evasion", es="Evasión", doc="none | evasion | improved: a Reflex save for half "
                  "takes none (improved: half on a failure)"),
        StatField("pc", "bool", default=False, aliases=("pj",), en="Player character",
                  es="Personaje jugador"),
        StatField("hero", "counter", aliases=("heroe", "héroe", "ph", "hero points"),
                  en="Hero points", es="Puntos de héroe", maximum=HERO_MAX, gm_only=True,
                  doc="PCs only: start 1, max 3; GM-only"),
        StatField("speed", "int", default=30, aliases=("vel", "velocidad", "spd"), en="Speed",
                  es="Velocidad", minimum=0),
        StatField("attack", "int", aliases=("melee", "cac"),
                  en="Melee attack", es="Ataque cuerpo a cuerpo", doc="default BAB + Str + size"),
        StatField("atk", "attacks", aliases=("ataque", "ataques", "weapons", "armas"),
                  en="Attacks", es="Ataques",
                  doc='the stat block\'s attacks, `;` between them: atk="short sword +2 1d4 19-20/x2 slashing; '
                      'short bow +4 1d4 x3 piercing range 60" (docs/sheets.md#attacks)'),
        StatField("ranged", "int", aliases=("dist", "distancia", "a distancia"),
                  en="Ranged attack", es="Ataque a distancia", doc="default BAB + Dex + size"),
        StatField("hd", "int", aliases=("level", "nivel", "lvl", "dg"), en="Hit dice / level",
                  es="Dados de golpe / nivel", minimum=0,
                  doc="for energy drain death and nonlethal recovery"),
        StatField("twf", "choice", aliases=("dos armas", "two weapon", "two-weapon"),
                  choices=("none", *TWF), choice_names=TWF_NAMES,
                  choice_aliases={"ninguna": "none", "ligera": "light",
                                  "dote": "feat", "ligera dote": "light-feat", "light feat": "light-feat"},
                  en="Two-weapon fighting", es="Combate con dos armas",
                  doc="normal | light | feat | light-feat: shows the penalty table"),
        StatField("owner", "str", aliases=("dueno", "dueño", "amo"), en="Owner (pet, companion, mount)",
                  es="Dueño (mascota, compañero, montura)"),
        StatField("dr", "str", aliases=("rd", "damage reduction", "reduccion de dano", "reducción de daño"),
                  en="Damage reduction", es="Reducción de daño",
                  doc="5/silver, 10/magic, 5/- (nothing bypasses), 15/bludgeoning+magic (both needed), "
                      "5/cold-iron|good (either); several: 5/-,10/magic (§1.13)"),
        StatField("resist", "str", aliases=("resistance", "resistances", "resistencia", "resistencias", "er"),
                  en="Energy resistance", es="Resistencia a energía",
                  doc="fire:10 or fire:10,cold:5 (§1.13)"),
        StatField("immune", "str", aliases=("immunity", "immunities", "inmune", "inmunidad", "inmunidades"),
                  en="Immunities", es="Inmunidades",
                  doc="fire,poison,nonlethal,precision,bleed,str... (§1.13)"),
        StatField("vulnerable", "str", aliases=("vulnerability", "vulnerabilities", "vulnerabilidad",
                                                "vulnerabilidades", "vuln"),
                  en="Vulnerabilities", es="Vulnerabilidades", doc="fire or fire,cold: +50% damage (§1.13)"),
        StatField("regeneration", "str", aliases=("regen", "regeneracion", "regeneración"),
                  en="Regeneration", es="Regeneración",
                  doc="5 or 5/fire,acid: heals 5 at its turn start, cannot die from HP loss; the types stop it "
                      "for the round after (§1.14)"),
        StatField("fast_healing", "int", aliases=("fast healing", "fast-healing", "curacion rapida",
                                                  "curación rápida", "curacion_rapida"), minimum=0,
                  en="Fast healing", es="Curación rápida", doc="heals N at its turn start (§1.14)"),
        StatField("ferocity", "bool", aliases=("ferocidad",), en="Ferocity", es="Ferocidad",
                  doc="fights on below 0 HP, staggered, losing 1 HP a round; dead at -Con (§1.15)"),
        StatField("poison", "str", aliases=("veneno",), en="Poison", es="Veneno",
                  doc="what its attack carries, as `poison` takes it: dc=14 str=1d2 every=round for=4 cure=1 "
                      "(§1.17)"),
        StatField("disease", "str", aliases=("enfermedad",), en="Disease", es="Enfermedad",
                  doc="dc=13 con=1d3 dex=1d3 onset=1d every=day cure=2 name=Ghoul fever (§1.17)"),
        *EXPERIENCE,  # cr, xp: what a foe is worth in the summary (docs/sheets.md)
        StatField("incorporeal", "bool", aliases=("incorporal",), en="Incorporeal", es="Incorporal",
                  doc="immune to nonmagical attacks, half from magic, spells and supernatural, full from force "
                      "and ghost touch (§1.16)"),
        StatField("swarm", "bool", aliases=("enjambre",), en="Swarm", es="Enjambre",
                  doc="by its size: Fine/Diminutive immune to weapons, Tiny half from slashing and piercing; "
                      "+50% from area effects; breaks up at 0 HP (§1.16)"),
        *_skill_fields(),
    )


def mod(score: int | None) -> int:
    return (int(score) - 10) // 2 if score is not None else 0


def score(c: Combatant, key: str) -> int:
    """An ability score, 10 when not given (a GM adding 'hp=7 ac=15' means an average creature)."""
    value = c.stats.get(key)
    return 10 if value is None else int(value)


def size(c: Combatant) -> str:
    return c.stats.get("size") or "medium"


def uses_dex_for_cmb(size_name: str, tiny_too: bool) -> bool:
    limit = SIZES.index("tiny" if tiny_too else "diminutive")
    return SIZES.index(size_name) <= limit


def con_score(c: Combatant) -> int:
    return score(c, "con")


def drained(c: Combatant, key: str) -> int:
    """Points of ability drain on ``key`` (pathfinder1e.md §1.9): they lower the score itself."""
    return int((marks.ABILITY_DRAIN.of(c) or {}).get(key, 0))


def ability_points(c: Combatant, key: str, more_damage: int = 0) -> tuple[int, int]:
    """(damage, penalty) on ``key`` (pathfinder1e.md §1.9): penalties (``str-penalty:N``...) weigh like
    damage, -1 per 2 points together, but never below what a score of 1 gives (-5): they count only as
    far as that. ``more_damage``: as if that much more damage (time passing)."""
    damage = int((marks.ABILITY_DAMAGE.of(c) or {}).get(key, 0)) + more_damage
    penalty = sum(i.value or 0 for i in c.conditions if i.cond == f"{key}-penalty")
    room = 2 * (mod(max(0, score(c, key) - drained(c, key))) - mod(1)) + 1 - damage
    return damage, max(0, min(penalty, room))


def death_threshold(c: Combatant) -> int:
    """HP at which it dies: -Con (drain lowers the score); no Con score (con=0): destroyed at 0."""
    con = con_score(c)
    if con <= 0:
        return 0
    return -max(0, con - drained(c, "con"))


def conscious_life(hp: int, nl: int) -> str:
    """Life at 0+ HP: NL above HP knocks out, NL equal to HP staggers, 0 HP disables."""
    if nl > hp:
        return "unconscious"
    if hp == 0:
        return "disabled"
    if nl == hp:
        return "staggered"
    return "ok"


def hd(c: Combatant) -> int | None:
    value = c.stats.get("hd")
    return None if value is None else int(value)


def base_numbers(c: Combatant, tiny_dex: bool) -> Mapping[str, int]:
    """The figures before conditions: given values, or the formula with unmodified scores."""
    s, d = mod(score(c, "str")), mod(score(c, "dex"))
    sz = size(c)
    bab = int(c.stats.get("bab") or 0)
    size_ac, size_cmb = SIZE_AC[sz], SIZE_CMB[sz]
    worn = sum(int(c.stats.get(k) or 0) for k in ("armor", "shield"))
    ac = c.stats.get("ac")
    ac = int(ac) if ac is not None else 10 + d + size_ac + worn
    touch = c.stats.get("touch")
    touch = int(touch) if touch is not None else min(ac, 10 + d + size_ac)
    ff = c.stats.get("ff")
    ff = int(ff) if ff is not None else ac - max(d, 0)
    cmb_ability = d if uses_dex_for_cmb(sz, tiny_dex) else s
    cmb = c.stats.get("cmb")
    cmb = int(cmb) if cmb is not None else bab + cmb_ability + size_cmb
    cmd = c.stats.get("cmd")
    cmd = int(cmd) if cmd is not None else 10 + bab + s + d + size_cmb
    attack = c.stats.get("attack")
    attack = int(attack) if attack is not None else bab + s + size_ac
    ranged = c.stats.get("ranged")
    ranged = int(ranged) if ranged is not None else bab + d + size_ac
    init = c.stats.get("init")
    init = int(init) if init is not None else d
    return {
        "ac": ac, "touch": touch, "ff": ff, "cmb": cmb, "cmd": cmd, "attack": attack,
        "ranged": ranged, "init": init, "fort": int(c.stats.get("fort") or 0),
        "ref": int(c.stats.get("ref") or 0), "will": int(c.stats.get("will") or 0),
        "speed": int(c.stats.get("speed") if c.stats.get("speed") is not None else 30),
        **{key: score(c, key) for key in ABILITIES},
        "bab": bab, "cmb_uses_dex": int(uses_dex_for_cmb(sz, tiny_dex)),
    }
