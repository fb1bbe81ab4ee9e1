"""The spells and talents a GM tracks on a combatant, as catalogue entries (dragon_age.md §2.12).

Numbers from the Dragon Age RPG Core Rulebook (the Magic chapter's spells, the talents and
specializations), each entry naming its source. AGE has no bonus types: an effect's modifiers
simply add to the figure (the sheet lists each one). Modifier keys are the sheet's figures
(``defense``, ``armor``, ``speed``, ``spellpower``, ``initiative``, ``attack``, ``melee_attack``,
``damage`` = melee damage),
the abilities (``str``, ``dex``...), and for rolls ``tests`` (every ability test), ``casting``,
``resist`` (a test against a spell's Spellpower) and ``test_X`` (tests of ability or focus X:
``test_perception``, ``test_courage``). Flags say what the tracker enforces (conditions.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from gm_console.ruleset import ConditionDef

ENCOUNTER_EN, ENCOUNTER_ES = "until the end of the encounter", "hasta el final del encuentro"


def _effect(cid: str, en: str, es: str, source: str, summary_en: str, summary_es: str, duration_en: str,
            duration_es: str, aliases: tuple[str, ...] = (), modifiers: dict | None = None,
            flags: tuple[str, ...] = (), valued: bool = False) -> ConditionDef:
    return ConditionDef(cid, en, es, aliases=aliases, kind="effect", modifiers=modifiers or {},
                        flags=frozenset(flags), valued=valued, summary_en=summary_en, summary_es=summary_es,
                        duration_en=duration_en, duration_es=duration_es, source=source)


SPELLS: tuple[ConditionDef, ...] = (
    _effect("arcane-shield", "Arcane Shield", "Escudo arcano", "Core Rulebook, Arcane Shield (Spirit)",
            "Defense equals its Spellpower (10 + Magic + focus)", "su Defensa es igual a su Potencia mágica",
            "1 round, +1 round per extra MP", "1 asalto, +1 por PM adicional",
            aliases=("escudo arcano",), flags=("defense-spellpower",)),
    _effect("heroic-offense", "Heroic Offense", "Ofensiva heroica", "Core Rulebook, Heroic Offense (Creation)",
            "+1 Strength", "+1 a Fuerza", ENCOUNTER_EN, ENCOUNTER_ES,
            aliases=("ofensiva heroica",), modifiers={"str": 1}, flags=("encounter",)),
    _effect("heroic-aura", "Heroic Aura", "Aura heroica", "Core Rulebook, Heroic Aura (Creation)",
            "+2 Defense", "+2 a la Defensa", ENCOUNTER_EN, ENCOUNTER_ES,
            aliases=("aura heroica",), modifiers={"defense": 2}, flags=("encounter",)),
    _effect("heroic-defense", "Heroic Defense", "Defensa heroica", "Core Rulebook, Heroic Defense (Creation)",
            "+5 Defense, +2 Armor rating", "+5 a la Defensa, +2 a la Armadura",
            "rounds equal to half the caster's Magic (+1 round per 4 MP)",
            "asaltos igual a la mitad de la Magia del lanzador (+1 por cada 4 PM)",
            aliases=("defensa heroica",), modifiers={"defense": 5, "armor": 2}),
    _effect("spell-wisp", "Spell Wisp", "Fuego fatuo", "Core Rulebook, Spell Wisp (Creation)",
            "+1 Spellpower", "+1 a la Potencia mágica", "up to 1 hour", "hasta 1 hora",
            aliases=("fuego fatuo", "wisp"), modifiers={"spellpower": 1}),
    _effect("rock-armor", "Rock Armor", "Armadura de piedra", "Core Rulebook, Rock Armor (Primal)",
            "Armor rating equal to the caster's Magic (the value); none over worn armor",
            "Armadura igual a la Magia del lanzador (el valor); nada sobre una armadura puesta",
            "1 hour, +1 hour per MP beyond 3 (up to 6 hours)", "1 hora, +1 por PM más allá de 3 (hasta 6 horas)",
            aliases=("armadura de piedra", "armadura de roca"), valued=True),
    _effect("flaming-weapons", "Flaming Weapons", "Armas flamígeras", "Core Rulebook, Flaming Weapons (Primal)",
            "+1d6 damage on melee hits", "+1d6 de daño en los impactos cuerpo a cuerpo",
            "1 minute, +1 minute per 3 MP", "1 minuto, +1 por cada 3 PM",
            aliases=("armas flamigeras", "armas llameantes")),
    _effect("weakness", "Weakness", "Debilidad", "Core Rulebook, Weakness (Entropy)",
            "-1 Strength and Dexterity, -5 Speed", "-1 a Fuerza y Destreza, -5 a la Velocidad",
            "rounds equal to the casting roll's dragon die", "asaltos igual al dado dragón de la tirada",
            aliases=("debilidad", "weak"), modifiers={"str": -1, "dex": -1, "speed": -5}),
    _effect("weakness-resisted", "Weakness (resisted)", "Debilidad (resistida)", "Core Rulebook, Weakness (Entropy)",
            "-5 Speed (passed Magic (Spirit) vs Spellpower)", "-5 a la Velocidad (superó Magia (Espíritu))",
            "rounds equal to the casting roll's dragon die", "asaltos igual al dado dragón de la tirada",
            aliases=("debilidad resistida",), modifiers={"speed": -5}),
    _effect("paralyzed", "Paralyzed", "Paralizado", "Core Rulebook, Paralyze and Glyph of Paralysis",
            "no move, no actions; no Dexterity in Defense; tests Con (Stamina) each turn (Paralyze)",
            "ni se mueve ni actúa; sin Destreza en la Defensa; repite Con (Aguante) cada turno (Paralizar)",
            "Paralyze: the encounter, or until a test passes; Glyph of Paralysis: 1d3 rounds",
            "Paralizar: el encuentro o hasta superar la tirada; Glifo de parálisis: 1d3 asaltos",
            aliases=("paralyze", "paralysis", "glyph of paralysis", "paralizar", "paralisis",
                     "glifo de paralisis"), flags=("no-actions", "no-dex-defense", "encounter")),
    _effect("slowed", "Slowed", "Ralentizado", "Core Rulebook, Paralyze (Entropy)",
            "Speed reduced by a quarter (passed the Paralyze test)",
            "Velocidad reducida en una cuarta parte (superó la tirada de Paralizar)", ENCOUNTER_EN, ENCOUNTER_ES,
            aliases=("ralentizado", "slow"), flags=("speed-quarter", "encounter")),
    _effect("winters-grasp", "Winter's Grasp", "Garra invernal", "Core Rulebook, Winter's Grasp (Primal)",
            "each of its turns: Con (Stamina) vs the Spellpower (the value); a failure: 1d6 penetrating and -2 Speed"
            " more, a success ends it",
            "en cada turno suyo: Con (Aguante) contra la Potencia (el valor); si falla, 1d6 penetrante y -2 más a la"
            " Velocidad; si la supera, termina",
            "rounds equal to the caster's Magic", "asaltos igual a la Magia del lanzador",
            aliases=("winter's grasp", "winters grasp", "garra invernal"), valued=True),
    _effect("walking-bomb", "Walking Bomb", "Bomba andante", "Core Rulebook, Walking Bomb (Spirit)",
            "each of its turns: Con (Stamina) vs the Spellpower (the value); a failure: 1d6+1 penetrating, a success"
            " ends it; at 0 Health it bursts for 2d6 within 4 yards",
            "en cada turno suyo: Con (Aguante) contra la Potencia (el valor); si falla, 1d6+1 penetrante; si la"
            " supera, termina; a 0 de Salud estalla: 2d6 a 4 metros",
            "until a test passes", "hasta superar la tirada",
            aliases=("bomba andante",), valued=True),
    _effect("stunned", "Stunned", "Aturdido", "Core Rulebook, Mind Blast (Spirit)",
            "no major action on its next turn (failed Str (Might) vs Mind Blast)",
            "sin acción mayor en su próximo turno (falló Fuerza (Poderío) contra Explosión mental)",
            "its next turn", "su próximo turno",
            aliases=("aturdido", "mind blast", "explosion mental"), flags=("no-major", "next-turn")),
    _effect("dazed", "Dazed", "Atontado", "Core Rulebook, Daze (Entropy)",
            "-1 on ability tests", "-1 a las tiradas de atributo",
            "until the start of the caster's next turn (cond NAME dazed 1 by CASTER)",
            "hasta el comienzo del próximo turno del lanzador",
            aliases=("atontado", "daze"), modifiers={"tests": -1}),
    _effect("loses-turn", "Loses its next turn", "Pierde su próximo turno", "Core Rulebook, Daze (Entropy)",
            "no actions on its next turn (failed Willpower (Self-Discipline) vs Daze)",
            "no actúa en su próximo turno (falló Voluntad (Autodisciplina) contra Aturdir)",
            "its next turn", "su próximo turno",
            aliases=("pierde turno", "daze failed"), flags=("no-actions", "next-turn")),
    _effect("horrified", "Horrified", "Aterrorizado", "Core Rulebook, Horror (Entropy)",
            "cowers: no actions; tests Willpower (Courage) vs Spellpower at the start of each turn",
            "se encoge de miedo: no actúa; repite Voluntad (Coraje) al comienzo de cada turno",
            "until a test passes", "hasta superar la tirada",
            aliases=("aterrorizado", "horror"), flags=("no-actions",)),
    _effect("asleep", "Asleep", "Dormido", "Core Rulebook, Sleep (Entropy)",
            "Defense 10, no actions; any damage wakes it; tests again each turn",
            "Defensa 10, no actúa; cualquier daño lo despierta; repite la tirada cada turno",
            "until it wakes", "hasta que despierte",
            aliases=("dormido", "sleep", "sueno"), flags=("no-actions", "defense-10", "wakes-on-damage")),
    _effect("force-field", "Force Field", "Campo de fuerza", "Core Rulebook, Force Field (Spirit)",
            "immune to damage; cannot move or attack", "inmune al daño; no puede moverse ni atacar",
            "1 round", "1 asalto", aliases=("campo de fuerza",), flags=("immune-damage",)),
    _effect("misdirection-hex", "Misdirection Hex", "Maleficio de desorientación",
            "Core Rulebook, Misdirection Hex (Entropy)",
            "-2 on attack rolls; its attacks earn no stunt points", "-2 al ataque; sus ataques no dan puntos de proeza",
            "rounds equal to the caster's Magic (or until a test passes)",
            "asaltos igual a la Magia del lanzador (o hasta superar la tirada)",
            aliases=("maleficio de desorientacion",), modifiers={"attack": -2}, flags=("no-stunts",)),
    _effect("affliction-hex", "Affliction Hex", "Maleficio de aflicción", "Core Rulebook, Affliction Hex (Entropy)",
            "-2 on tests to resist spells (-1 if it passed: add resist+1)",
            "-2 a las tiradas para resistir hechizos (-1 si la superó)", ENCOUNTER_EN, ENCOUNTER_ES,
            aliases=("maleficio de afliccion",), modifiers={"resist": -2}, flags=("encounter",)),
)

TALENTS: tuple[ConditionDef, ...] = (
    _effect("dual-weapon-offense", "Dual Weapon Style (attack)", "Estilo de dos armas (ataque)",
            "Core Rulebook, Dual Weapon Style (Novice)", "+1 on melee attack rolls", "+1 al ataque cuerpo a cuerpo",
            ENCOUNTER_EN, ENCOUNTER_ES, aliases=("dual weapon style", "dual-weapon-style", "dos armas"),
            modifiers={"melee_attack": 1}, flags=("encounter",)),
    _effect("dual-weapon-defense", "Dual Weapon Style (defense)", "Estilo de dos armas (defensa)",
            "Core Rulebook, Dual Weapon Style (Novice)", "+1 Defense against melee attacks",
            "+1 a la Defensa contra ataques cuerpo a cuerpo", ENCOUNTER_EN, ENCOUNTER_ES,
            aliases=("dos armas defensa",), modifiers={"defense": 1}, flags=("encounter",)),
    _effect("berserk", "Berserk", "Furia", "Core Rulebook, Berserker (Novice; Journeyman: add damage+2)",
            "+1 melee damage, -1 Defense, +2 Willpower (Courage, Morale) tests, -1 Perception tests",
            "+1 al daño cuerpo a cuerpo, -1 a la Defensa, +2 a Voluntad (Coraje, Moral), -1 a Percepción",
            ENCOUNTER_EN + " (or deactivated)", ENCOUNTER_ES + " (o al desactivarla)",
            aliases=("furia", "berserker", "rabia"),
            modifiers={"damage": 1, "defense": -1, "test_courage": 2, "test_morale": 2, "test_perception": -1},
            flags=("encounter",)),
    _effect("rallied", "Rallied", "Enardecido", "Core Rulebook, Champion (Journeyman: Rally)",
            "+1 Defense, +1 Willpower (Morale) tests (an ally within 8 yards of a rallying champion)",
            "+1 a la Defensa, +1 a Voluntad (Moral) (aliado a 8 metros de un campeón que arenga)",
            "while the champion keeps Rally mode", "mientras el campeón mantenga la arenga",
            aliases=("rally", "enardecido", "arenga"), modifiers={"defense": 1, "test_morale": 1}),
    _effect("combat-magic", "Combat Magic", "Magia de combate", "Core Rulebook, Arcane Warrior (Novice)",
            "melee damage adds Magic instead of Strength; spells cost 2 MP more",
            "el daño cuerpo a cuerpo suma Magia en vez de Fuerza; los hechizos cuestan 2 PM más",
            "until deactivated", "hasta desactivarla", aliases=("magia de combate",)),
    _effect("fade-shroud", "Fade Shroud", "Sudario del Velo", "Core Rulebook, Arcane Warrior (Master)",
            "+3 Defense; 3 MP at the start of each of its turns or it ends",
            "+3 a la Defensa; 3 PM al comienzo de cada turno suyo o termina",
            "while it pays 3 MP a turn", "mientras pague 3 PM por turno",
            aliases=("sudario del velo", "fade shroud"), modifiers={"defense": 3}),
    _effect("magic-resistance", "Magic resistance", "Resistencia mágica", "Core Rulebook, Templar (Novice)",
            "+2 on tests to resist spells", "+2 a las tiradas para resistir hechizos",
            "permanent (a talent)", "permanente (un talento)",
            aliases=("resistencia magica", "templar"), modifiers={"resist": 2}),
)


@dataclass(frozen=True)
class Ongoing:
    """A spell the target tests against at the start of each of its turns (the value is the
    caster's Spellpower): a success ends it, a failure deals ``dice`` penetrating damage."""

    test: str  # ability:focus of the test
    dice: str
    slows: int = 0  # Speed lost per failed test, cumulative


ONGOING: dict[str, Ongoing] = {
    "winters-grasp": Ongoing("con:stamina", "1d6", slows=2),
    "walking-bomb": Ongoing("con:stamina", "1d6+1"),
}

#: extra damage dice on a melee hit while the attacker has the effect
MELEE_DICE: dict[str, str] = {"flaming-weapons": "1d6"}
#: mana paid at the start of each of its owner's turns to keep the effect
UPKEEP: dict[str, int] = {"fade-shroud": 3}
#: MP a spell costs more while the caster has the effect
CASTING_COST: dict[str, int] = {"combat-magic": 2}
