"""A command's usage line in the reader's language (issue 22): a refusal's ``uso: ...`` and the
help screen show a Spanish table the verbs, keywords and placeholders it types and reads
(``daño NOMBRE[,NOMBRE...] CANTIDAD ...``), each placeholder from the catalogue of the package
that declares the verb; English stays as it was (the README's tables are generated from it)."""

from __future__ import annotations

import re

import pytest

from conftest import Table, builtin_rulesets
from gm_console import plugins
from gm_console.engine.core.errors import CommandError
from gm_console.engine.language.core_verbs import CORE, registry_for
from gm_console.engine.language.verbs import Flag, Keyword, Meta, Usage, Verb, Who
from gm_console.i18n import core, render


def every_verb():
    """(game, verb) for each verb a table of each built-in game can type, the core's once."""
    out = [("core", verb) for verb in CORE]
    for game in builtin_rulesets():
        out += [(game, verb) for verb in registry_for(plugins.load(game)) if verb.name not in CORE]
    return out


VERBS = every_verb()
#: placeholders and notation written the same at a Spanish table (a total, a material, dice)
SAME_IN_SPANISH = {"TOTAL", "total", "FORT", "MATERIAL", "EXPR", "D6", "xN", "mental", "con", "int"}


def english_words(verb: Verb) -> set[str]:
    """The words of the verb's English placeholders and spelled lines: none may be left in Spanish."""
    return {w for meta in verb.usage().metas() for w in re.findall(r"[^\W\d_]{2,}", meta)} - SAME_IN_SPANISH


@pytest.mark.parametrize("game, verb", VERBS, ids=[f"{g}-{v.name}" for g, v in VERBS])
def test_every_usage_line_reads_in_spanish(game, verb):
    spanish = render(verb.usage(), "es")
    assert spanish.split(" ")[0] == (verb.es[0] if verb.es else verb.name)
    left = english_words(verb) & set(re.findall(r"[^\W\d_]{2,}", spanish))
    assert left == set(), spanish
    for meta in verb.usage().metas():  # each from a catalogue: the verb's package's, or the core's
        assert verb.domain.has(meta, "es") or core.has(meta, "es"), (meta, verb.domain)


def test_a_placeholder_missing_from_the_catalogues_stays_english():
    """The word-list test above fails when a catalogue lacks a placeholder: this one has none."""
    verb = Verb("poke", (Who("who", meta="PRODDER"), Who("target", meta="NAME")), es=("pinchar",))
    assert render(verb.usage(), "es") == "pinchar PRODDER NOMBRE"
    assert english_words(verb) & set(render(verb.usage(), "es").split()) == {"PRODDER"}
    assert not core.has(Meta("PRODDER"), "es")


def test_english_usage_lines_are_as_they_were():
    """str() of a usage line is its English: what the README's verb tables and every English
    refusal print."""
    pf = registry_for(plugins.load("pathfinder1e"))
    assert str(CORE["dmg"].usage()) == "dmg NAME[,NAME...] AMOUNT [TYPE ...] [save=WHAT:DC[:half|negates] ...]"
    assert str(CORE["cond"].usage()) == ("cond NAME[,NAME...] CONDITION[:VALUE] [ROUNDS|10m|1h] "
                                         "[FIGURE+N[:TYPE] ...] [by NAME]")
    assert str(CORE["add"].usage()).startswith("add NAME|@CREATURE [xN] [@CREATURE] [pc|ally|foe]")
    assert str(pf["rest"].usage()) == "rest [NAME ...|all] [night|day] [care]"
    assert str(pf["escape"].usage()) == "escape NAME [ROLL] [+N|-N] [artist N] [reverse] [from HOLDER]"
    assert isinstance(CORE["dmg"].usage(), Usage) and CORE["dmg"].usage() == CORE["dmg"].usage()


def test_the_spanish_lines_a_gm_reads():
    pf = registry_for(plugins.load("pathfinder1e"))
    sf = registry_for(plugins.load("starfinder"))
    assert render(CORE["dmg"].usage(), "es") == \
        "daño NOMBRE[,NOMBRE...] CANTIDAD [TIPO ...] [salvación=QUÉ:CD[:mitad|anula] ...]"
    assert render(CORE["cond"].usage(), "es") == \
        "estado NOMBRE[,NOMBRE...] ESTADO[:VALOR] [ASALTOS|10m|1h] [CIFRA+N[:TIPO] ...] [por NOMBRE]"
    assert render(CORE["side"].usage(), "es") == "bando NOMBRE pj|aliado|enemigo"
    assert render(pf["attack"].usage(), "es").startswith("atacar ATACANTE OBJETIVO[,OBJETIVO...] [ARMA] [completo]")
    assert render(pf["escape"].usage(), "es") == \
        "escapar NOMBRE [TIRADA] [+N|-N] [escapismo N] [invertir] [de APRESADOR]"
    assert render(sf["ram"].usage(), "es") == \
        "embestir VEHÍCULO OBJETIVO [TOTAL_PILOTAJE] [salvación=TOTAL_OBJETIVO] [daño=TIRADA_COLISIÓN]"


def test_every_keyword_and_flag_names_its_spanish_second():
    """What the usage line and an offered command (``Registry.spoken``) write for a Spanish table:
    the second of its words, so it must be a word that table types (not another English one)."""
    english = {"escape-artist", "keep", "zerog", "pulled", "flies", "full-attack", "throw", "everyone", "24h", "8h"}
    for _game, verb in VERBS:
        for p in verb.params:
            if isinstance(p, (Flag, Keyword)) and len(p.words) > 1:
                assert p.words[1] not in english, (verb.name, p.words)


#: the Spanish lines of the usage, typed as a Spanish table would: each word the line writes
#: (keywords, flags, choices, ``key=``) is one the game reads
SPANISH_LINES = {
    "generic": ["añadir Grak pj grupo oculto tirar", "añadir Trasgo x2 enemigo", "bando Bo aliado",
                "daño Ana,Bo 5 salvación=ref:15:mitad", "daño Ana 5 salvación=ref:15:anula",
                "estado Bo shaken 3 ca+2 por Ana", "dados 1d20+5 sigilo ventaja oculta",
                "prueba Ana percepcion+5 contra 15 elegir10 oculta ayuda Cu"],
    "pathfinder1e": ["acción Ana rápida", "acción Ana estándar", "maniobra Ana Bo 15 derribo +2",
                     "atacar Ana Bo 15 +1 flanqueo cobertura ocultación parar a 10",
                     "objeto Ana Espada arma dureza=10 pg=5 ca=0 acero +1", "romper Ana Espada 5 perdonar",
                     "reparar Ana Espada todo", "ayudar Ana Cu ataque tirar contra Bo",
                     "envenenar Bo cd=14 car=1 cada=día durante=6 cura=1 dado=5 nombre=Veneno de araña",
                     "enfermedad Bo cd=14 con=1 incubación=1d3días cada=día cura=2"],
    "starfinder": ["maniobra Ana presa Bo 20 gravedad-cero volando distancia=10", "defensiva Cu completa",
                   "rango 130 60 arrojadiza", "carrera Vi 20 áspero", "piloto-automático Vi sí",
                   "embestir Vi Bo 20 salvación=12 daño=10", "envenenar Bo cd=14 pista=des cada=asalto",
                   "enfermedad Bo cd=14 pista=física incubación=1d3días cada=día"],
    "dnd5e": ["acción Ana reacción", "concentrarse Ana Bendición sobre Bo,Cu 10m",
              "atacar Ana Bo 15 ventaja cerca cobertura-media parar"],
    "dragon_age": ["probar Ana des:sigilo 11 5,5,3 +1", "atacar Ana Bo fue 5,5,3 +1 penetrante contener cac daño=2d6",
                   "proeza Ana golpe-poderoso coste=2", "mover Ana tumbarse",
                   "lanzar Ana Flecha 2 11 magia:espíritu 5,5,3 menor objetivo=Bo"],
}
PARTY = {
    "generic": ["add Ana pc hp=20", "add Bo hp=10", "add Cu hp=10"],
    "pathfinder1e": ["add Ana pc hp=30 str=17 ac=18 bab=3 atk=\"sword +7 1d8+3\" fort=5",
                     "add Bo hp=20 ac=14 bab=1 fort=3", "add Cu pc hp=20 ac=14 bab=1"],
    "starfinder": ["add Ana pc level=4 sp=28 hp=24 eac=16 kac=17 attack=6 piloting=10",
                   "add Bo hp=18 eac=13 kac=15 ref=3", "add Cu pc hp=20 eac=13 kac=15",
                   "add Vi vehicle level=3 speed=20 full=450 hp=40 eac=14 kac=15 collision=4d6 dc=13 pilot=Ana"],
    "dnd5e": ["add Ana pc hp=24 ac=18 str=16 prof=2 level=3 atk=\"sword +5 1d8+3 slashing\"", "add Bo hp=10 ac=15",
              "add Cu pc hp=10 ac=15"],
    "dragon_age": ["add Ana pc health=30 magic=4 dex=2 str=3 mana=30 level=3 weapon=2d6", "add Bo health=20 defense=11",
                   "add Cu pc health=20 defense=11"],
}


#: what a line needs first (a grapple to escape, an item to repair, stunt points to spend)
BEFORE = {"reparar Ana Espada todo": ["romper Ana Espada 30"], "proeza Ana golpe-poderoso coste=2": ["atacar Ana Bo 6,6,3"]}


@pytest.mark.parametrize("game, line", [(g, line) for g, lines in SPANISH_LINES.items() for line in lines])
def test_the_words_a_spanish_usage_line_writes_are_read(game, line):
    t = Table(game).rolls(*([2] * 40))
    t.do(*PARTY[game], "init Ana 99", "start")
    if game == "pathfinder1e":
        t.do("objeto Ana Espada arma dureza=10 pg=50")
    t.do(*BEFORE.get(line, ()))
    before = len(t.session.done)
    t.do(line)  # a word the game does not read is refused: this raises
    assert len(t.session.done) == before + 1


def test_a_spanish_refusal_carries_the_spanish_usage():
    """Its verb and its usage line as the table types them; the English line as it was."""
    with pytest.raises(CommandError) as exc:
        Table("generic").do("daño")
    assert render(exc.value.message, "es") == ("daño: faltan argumentos; uso: daño NOMBRE[,NOMBRE...] CANTIDAD [TIPO ...] "
                                               "[salvación=QUÉ:CD[:mitad|anula] ...]")
    assert str(exc.value.message).endswith("usage: dmg NAME[,NAME...] AMOUNT [TYPE ...] [save=WHAT:DC[:half|negates] ...]")
    pf = registry_for(plugins.load("pathfinder1e"))
    with pytest.raises(CommandError) as exc:
        pf.parse("atacar")
    assert render(exc.value.message, "es").startswith("atacar: faltan argumentos")
    assert "uso: atacar ATACANTE OBJETIVO[,OBJETIVO...] [ARMA]" in render(exc.value.message, "es")


def test_a_refusal_through_exec_shows_the_spanish_usage(tmp_path):
    from test_locale_cli import SPANISH, gm

    save = tmp_path / "vado.toml"
    r = gm("exec", str(save), "--new", "pathfinder1e", "--", "daño", env=SPANISH)
    assert r.returncode == 1
    assert ("uso: daño NOMBRE[,NOMBRE...] CANTIDAD [TIPO ...] [salvación=QUÉ:CD[:mitad|anula] ...]"
            in r.stderr), r.stderr
    r = gm("exec", str(tmp_path / "b.toml"), "--new", "pathfinder1e", "--", "atacar Kyra", env=SPANISH)
    assert "uso: atacar ATACANTE OBJETIVO[,OBJETIVO...] [ARMA] [completo] [TIRADA ...]" in r.stderr, r.stderr
    r = gm("exec", str(tmp_path / "c.toml"), "--new", "pathfinder1e", "--", "dmg", env={"LANG": "C.UTF-8"})
    assert "usage: dmg NAME[,NAME...] AMOUNT [TYPE ...]" in r.stderr, r.stderr


def test_the_help_screens_language_table_reads_in_spanish():
    from rich.console import Console

    from gm_console.tui.screens.help import language_table

    console = Console(width=400, record=True, file=open("/dev/null", "w"))
    console.print(language_table("es", plugins.load("pathfinder1e")))
    text = console.export_text()
    assert "daño NOMBRE[,NOMBRE...] CANTIDAD [TIPO ...]" in text
    assert "escapar NOMBRE [TIRADA] [+N|-N] [escapismo N] [invertir] [de APRESADOR]" in text
    assert "AMOUNT" not in text and "ATTACKER" not in text


#: refusals whose handler reads its own words (check's, the maneuvers', item's, rest's): their
#: usage line is the verb's, in the reader's language, as the parser's is
HANDLER_REFUSALS = [
    ("generic", "prueba Ana", "prueba: faltan argumentos; uso: prueba NOMBRE HABILIDAD|CARACTERÍSTICA|+N"),
    ("generic", "prueba Ana percepcion zzz", "prueba: sobra 'zzz'; uso: prueba NOMBRE HABILIDAD|CARACTERÍSTICA|+N"),
    ("generic", "prueba Ana percepcion contra", "; uso: prueba NOMBRE HABILIDAD|CARACTERÍSTICA|+N [+N ...] [contra CD"),
    ("pathfinder1e", "maniobra Ana Bo volar", "maniobra: no se esperaba 'volar'; uso: maniobra ATACANTE OBJETIVO [TIRADA] "
                                              "[derribo|embestida|presa|desarme|romper|arrollar|sujetar] [+N|-N]"),
    ("pathfinder1e", "escapar Bo escapismo x", "uso: escapar NOMBRE [TIRADA] [+N|-N] [escapismo N]"),
    ("pathfinder1e", "objeto Ana Espada zzz", "uso: objeto NOMBRE [OBJETO [arma|armadura|escudo|objeto|PREDEFINIDO]"),
    ("pathfinder1e", "objeto Ana Espada arma", "uso: objeto NOMBRE [OBJETO [arma|armadura|escudo|objeto|PREDEFINIDO]"),
    ("dragon_age", "lanzar Ana Flecha 2 11 zzz", "lanzar: 'zzz' no se esperaba: se espera magia:CONCENTRACIÓN, dados "
                                                 "como 5,5,3, la suma de 3d6, +N, menor u objetivo=NOMBRE; uso: lanzar "
                                                 "NOMBRE CONJURO PM NO [magia:CONCENTRACIÓN]"),
    ("dragon_age", "atacar Ana Bo zzz", "atacar: 'zzz' no se esperaba: se espera un atributo, dados como 5,5,3, +N, "
                                        "daño=2d6, penetrante, contener, cac, distancia o arco; uso: atacar NOMBRE"),
    ("dragon_age", "proeza Ana golpe color=rojo", "proeza: color= no se esperaba; uso: proeza NOMBRE PROEZA"),
]


@pytest.mark.parametrize("game, line, said", HANDLER_REFUSALS)
def test_a_handlers_own_refusal_shows_the_spanish_usage(game, line, said):
    t = Table(game)
    t.do(*PARTY[game])
    with pytest.raises(CommandError) as exc:
        t.do(line)
    spanish, english = render(exc.value.message, "es"), str(exc.value.message)
    assert said in spanish, spanish
    assert "usage: " in english and "uso: " not in english
