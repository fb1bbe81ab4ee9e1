"""A stat block's weapon as the reader names it: the Spanish table reads "espada corta" where the
book prints "short sword" (docs/sheets.md#attacks).

The names are data, not messages: a creature's attack names come from its stat block (the
bestiaries print them in English), so each known name has its Spanish form here, the way a
condition has its ``Term``; each is a ``Term`` of the core's catalogue under msgctxt ``weapon``
(a model, ``weapon model``), where another language finds it (the catalogue tool writes this
Spanish into the ``.po``). A name this table does not know (a GM's own "Vorpal Cleaver") is
shown as typed in every language. ``mwk`` (masterwork), ``thrown``, a grenade's level and the
model after a comma ("laser pistol, azimuth") are read around the base name, each a catalogue
message (msgctxt ``weapon``: ``mwk {weapon}`` is ``{weapon} de gran calidad``).
"""

from __future__ import annotations

from gm_console.i18n import C_, Msg, T_, Term, render

from .text import fold_text

#: the base names of the bestiaries' weapons and natural attacks (Pathfinder, Starfinder, 5e)
NAMES_ES: dict[str, str] = {
    # natural attacks
    "bite": "mordisco", "bites": "mordiscos", "claw": "garra", "claws": "garras", "gore": "cornada",
    "slam": "golpe", "slams": "golpes", "tail slap": "coletazo", "talons": "garras", "touch": "toque",
    "incorporeal touch": "toque incorpóreo", "sting": "aguijón", "tentacle": "tentáculo", "horn": "cuerno",
    "swarm": "enjambre", "swarm attack": "ataque de enjambre", "unarmed strike": "ataque sin armas",
    "rend": "desgarro", "rends": "desgarros", "pseudopod": "seudópodo", "proboscis": "probóscide",
    "slash": "tajo", "scratches": "arañazos", "tail spikes": "púas de la cola", "grab": "agarrón",
    "feeding tendril": "zarcillo alimentador", "thorn dart": "dardo de espina", "acid spit": "escupitajo ácido",
    "attach": "adherirse", "life drain": "drenaje de vida", "shock": "descarga",
    "paralyzing touches": "toques paralizantes", "withering touches": "toques marchitadores",
    "draining swipe": "zarpazo drenador", "rotting fists": "puños putrefactos", "grave strikes": "golpes de tumba",
    # melee weapons
    "dagger": "daga", "daggers": "dagas", "silver dagger": "daga de plata", "short sword": "espada corta",
    "shortsword": "espada corta", "shortswords": "espadas cortas", "longsword": "espada larga",
    "longswords": "espadas largas", "greatswords": "espadones", "scimitar": "cimitarra", "scimitars": "cimitarras",
    "broken scimitar": "cimitarra rota", "falchion": "falcata", "rapier": "estoque", "greataxe": "gran hacha",
    "greatclub": "gran clava", "club": "garrote", "tree clubs": "garrotes de árbol", "morningstar": "lucero del alba",
    "mace": "maza", "maces": "mazas", "quarterstaff": "bastón", "spear": "lanza", "spears": "lanzas",
    "guisarme": "bisarma", "sickle": "hoz", "ritual sickle": "hoz ritual", "light hammer": "martillo ligero",
    "warhammers": "martillos de guerra", "abyssal glaive": "guja abisal", "pact blade": "hoja del pacto",
    "vine staves": "bastones de enredadera", "knife": "cuchillo", "baton": "porra", "battleglove": "guantelete de combate",
    "cryopike": "criopica", "curve blade": "hoja curva", "dogslicer": "rajaperros", "dueling sword": "espada de duelo",
    "fangblade": "hoja colmillo", "flame doshko": "doshko de llamas", "plasma doshko": "doshko de plasma",
    "pulse gauntlet": "guantelete de pulsos", "taclash": "látigo táctico",
    "lesser shadowstaff (melee)": "bastón de sombras menor (cuerpo a cuerpo)",
    "lesser shadowstaff (ranged)": "bastón de sombras menor (a distancia)",
    # ranged weapons
    "short bow": "arco corto", "shortbow": "arco corto", "shortbows": "arcos cortos", "longbow": "arco largo",
    "longbows": "arcos largos", "composite longbow": "arco largo compuesto", "bone bow": "arco de hueso",
    "sling": "honda", "dart": "dardo", "javelin": "jabalina", "javelins": "jabalinas",
    "hand crossbow": "ballesta de mano", "light crossbow": "ballesta ligera", "light crossbows": "ballestas ligeras",
    "heavy crossbow": "ballesta pesada", "heavy crossbows": "ballestas pesadas", "pistols": "pistolas",
    "arc pistol": "pistola de arco", "arc rifle": "rifle de arco", "assault rifle": "rifle de asalto",
    "laser pistol": "pistola láser", "laser rifle": "rifle láser", "hunting rifle": "rifle de caza",
    "semi-auto pistol": "pistola semiautomática", "sonic rifle": "rifle sónico", "zero rifle": "rifle cero",
    "diasporan rifle": "rifle diasporano", "flare gun": "pistola de bengalas", "pulsecaster pistol": "pistola de pulsos",
    "integrated pulsecaster pistol": "pistola de pulsos integrada", "integrated arc pistol": "pistola de arco integrada",
    "integrated arc emitter": "emisor de arco integrado", "squad machine gun": "ametralladora de escuadra",
    "unstable junklaser": "láser chatarra inestable", "acid cannon": "cañón de ácido",
    "energy surge": "oleada de energía", "ranged energy surge": "oleada de energía a distancia",
    "frag grenade": "granada de fragmentación", "flash grenade": "granada cegadora", "shock grenade": "granada de choque",
    "cryo grenade": "granada criogénica", "incendiary grenade": "granada incendiaria",
    "stickybomb grenade": "granada pegajosa", "arcane bursts": "ráfagas arcanas", "eldritch bursts": "ráfagas sobrenaturales",
    "tactical baton": "porra táctica", "radiant flame": "llama radiante", "radiant flames": "llamas radiantes",
    "necrotic bows": "arcos necróticos",
    "necrotic swords": "espadas necróticas", "trash lobs": "lanzamientos de basura", "verdant wisps": "fuegos verdes",
}

#: a Starfinder weapon's model, after the comma
MODELS_ES: dict[str, str] = {
    "tactical": "táctico", "static": "estático", "azimuth": "azimut", "survival": "supervivencia",
    "standard": "estándar", "advanced": "avanzado", "carbon steel": "acero al carbono",
}


#: every name above as the catalogues hold it
WEAPONS: dict[str, Term] = {en: T_("weapon", en, es) for en, es in NAMES_ES.items()}
MODELS: dict[str, Term] = {en: T_("weapon model", en, es) for en, es in MODELS_ES.items()}


def weapon_term(name: str) -> "Term | Msg | str":
    """``name`` in the reader's language where the table knows it (as printed, else)."""
    return _named(name) or name


def spanish(name: str) -> str:
    """The name as a Spanish table reads it (as printed when the table does not know it)."""
    return render(weapon_term(name), "es")


def _named(name: str) -> "Term | Msg | None":
    spaced = " ".join(name.split())
    key = spaced.casefold()
    if key in WEAPONS:
        found = WEAPONS[key]
        return found if spaced == key else Term(spaced, found.es)  # a GM's capitals: kept, English elsewhere
    base, comma, model = spaced.partition(", ")
    if comma:
        weapon = _named(base)
        # TRANSLATORS: a Starfinder weapon and its model ("laser pistol, azimuth")
        return C_("weapon", "{weapon}, {model}", weapon=weapon, model=MODELS.get(model.casefold(), model)) \
            if weapon else None
    words = key.split()
    if len(words) > 1 and words[-1] in ("i", "ii", "iii", "iv"):  # a grenade's level
        weapon = _named(" ".join(spaced.split()[:-1]))
        # TRANSLATORS: a grenade and its level ("frag grenade II")
        return C_("weapon", "{weapon} {level}", weapon=weapon, level=words[-1].upper()) if weapon else None
    if key.startswith("mwk "):
        weapon = _named(spaced[4:])
        # TRANSLATORS: a masterwork weapon as a stat block prints it ("mwk longsword")
        return C_("weapon", "mwk {weapon}", weapon=weapon) if weapon else None
    if key.startswith("thrown "):
        weapon = _named(spaced[7:])
        # TRANSLATORS: a weapon thrown ("thrown dagger")
        return C_("weapon", "thrown {weapon}", weapon=weapon) if weapon else None
    folded = fold_text(key)
    if folded != key and folded in WEAPONS:  # typed without its accents or hyphen
        return Term(spaced, WEAPONS[folded].es)
    return None
