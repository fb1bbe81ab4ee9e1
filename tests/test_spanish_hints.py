"""A Spanish table reads its command hints in Spanish (issue 22): where a warning or a refusal
says what to type ("estabilizar {ref} por SANADOR"), the verb is the Spanish one the command
language takes, not the English one beside Spanish words. English verbs still work when typed;
a verb with no Spanish alias stays as it is."""

import glob
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from gm_console import plugins
from gm_console.engine.language.core_verbs import registry_for

ROOT = Path(__file__).resolve().parent.parent
CATALOGUES = {"generic": ROOT / "gm_console/locale/es/LC_MESSAGES/gm_console.po",
              **{game: Path(glob.glob(str(ROOT / f"rulesets/{game}/locale/es/LC_MESSAGES/*.po"))[0])
                 for game in ("pathfinder1e", "starfinder", "dragon_age", "dnd5e", "generic")}}
HINT = (r"(?:^|[(`:;]\s?|\bo |: )(?P<verb>[a-z][\w-]*)(?= (?:\{[a-z_]+\}|[A-ZÁÉÍÓÚÑ][A-ZÁÉÍÓÚÑ_]{2,}))"
        r"|\((?P<bare>[a-z][\w-]*) [^)]*\)"   # a whole command in brackets: "(pass 1h)"
        r"|^(?P<prefix>[a-z][\w-]*): ")  # the verb a refusal names first ("añadir: palabra inesperada ...")


def english_hints(game: str, po: Path) -> list[str]:
    registry = registry_for(plugins.load(game))
    english = {v.name for v in registry if v.es}
    out = []
    with open(po, "rb") as handle:
        for message in read_po(handle):
            texts = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
            for text in texts:
                for match in re.finditer(HINT, text or ""):
                    verb = match["verb"] or match["bare"] or match["prefix"]
                    if verb in english:
                        out.append(f"{verb}: {text}")
    return out


@pytest.mark.parametrize("game", sorted({"pathfinder1e", "starfinder", "dragon_age", "dnd5e", "generic"}))
def test_spanish_hints_use_the_spanish_verbs(game):
    assert english_hints(game, CATALOGUES[game]) == []


def test_the_core_catalogue_hints_use_the_spanish_verbs():
    assert english_hints("generic", ROOT / "gm_console/locale/es/LC_MESSAGES/gm_console.po") == []


def test_a_spanish_hint_runs_as_written():
    """The unaided warning's hint, typed as the Spanish table reads it, stabilizes Kyra."""
    from conftest import Table
    from gm_console.i18n import render

    t = Table("pathfinder1e")
    t.rolls(15, 16)
    t.do("add Kyra pc hp=20 con=14", "add Seelah pc hp=30 wis=14", "add Goblin hp=6", "init Kyra 10",
         "init Seelah 5", "init Goblin 15", "start", "dmg Kyra 25", "next")
    (pending,) = [p for p in t.session.ruleset.pending(t.state) if "unaided" in p.render()]
    hint = render(pending.en, "es").rsplit(": ", 1)[1].rstrip(")").replace("SANADOR", "Seelah")
    assert hint == "estabilizar kyra por Seelah"
    t.do(hint)
    assert not [p for p in t.session.ruleset.pending(t.state) if "unaided" in p.render()]


def test_an_offered_command_reads_in_the_tables_words():
    """The `[y] runs:` beside a Spanish warning shows the Spanish verb, and that spelling runs."""
    verbs = registry_for(plugins.load("starfinder"))
    assert verbs.spoken("uncond captain-vex burning", "es") == "quitar-estado captain-vex burning"
    assert verbs.spoken("uncond captain-vex burning", "en") == "uncond captain-vex burning"
    assert verbs.spoken("pass 1h", "es") == "pasar 1h"
    assert verbs.parse(verbs.spoken("pass 1h", "es")).verb == "pass"


def test_an_offered_commands_keywords_read_in_the_tables_words_too():
    """`[y] runs: estabilizar trasgo-1 por trasgo-2`, not `... by trasgo-2`: the keyword is the
    table's too, and that spelling runs the same command."""
    verbs = registry_for(plugins.load("pathfinder1e"))
    spoken = verbs.spoken("stabilize trasgo-1 by trasgo-2", "es")
    assert spoken == "estabilizar trasgo-1 por trasgo-2"
    said, meant = verbs.parse(spoken), verbs.parse("stabilize trasgo-1 by trasgo-2")
    assert (said.verb, said.values) == (meant.verb, meant.values)
    assert verbs.spoken("stabilize trasgo-1 by trasgo-2", "en") == "stabilize trasgo-1 by trasgo-2"
