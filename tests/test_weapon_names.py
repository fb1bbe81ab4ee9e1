"""A Spanish table reads every weapon the games bring in Spanish (docs/sheets.md#attacks): each
attack of every built-in bestiary and each game's example attack names a weapon the table of
weapon names knows (engine/core/weapon_names.py), so no log line reads "tactical baton" to a Spanish
GM. The rule for what stays as printed is the table's: a name it does not know (a GM's own
"Vorpal Cleaver") is the GM's, shown as typed in every language; the games' own are all known."""

from __future__ import annotations

import pytest

from conftest import Table, builtin_rulesets
from gm_console import plugins
from gm_console.engine.core import attacks
from gm_console.engine.core.weapon_names import WEAPONS, spanish, weapon_term
from gm_console.i18n import Term, render
from gm_console.ruleset import AttackRules
from gm_console.storage import bestiary_files


@pytest.mark.parametrize("game", builtin_rulesets())
def test_every_bestiary_weapon_has_its_spanish_name(game):
    bestiary, problems = bestiary_files.load(plugins.load(game))
    assert problems == []
    names = {a.name for cid in bestiary for a in attacks.of(bestiary[cid].stats.get("atk"))}
    unknown = sorted(n for n in names if isinstance(weapon_term(n), str))
    assert unknown == [], f"{game}: weapons with no Spanish name in engine/core/weapon_names.py: {unknown}"


def test_every_games_example_attack_names_a_known_weapon_in_both_languages():
    """The attack a refusal shows as an example (``set NAME atk=...``) reads its weapon as the
    table does: ``tactical baton`` is ``porra táctica`` in Starfinder's example and in a log."""
    for game in builtin_rulesets():
        plugins.load(game)
    examples = {cls.example for cls in [AttackRules, *AttackRules.__subclasses__()]}
    assert len(examples) >= 3  # the core's (Pathfinder's too), Starfinder's, fifth edition's
    for example in examples:
        name = attacks.parse(example.en).name
        assert not isinstance(weapon_term(name), str), name
        assert example.es.startswith(spanish(name) + " "), (example.es, spanish(name))


def test_tactical_baton_reads_porra_tactica_in_a_spanish_log():
    t = Table("starfinder").rolls(15, 3)
    t.do("add Kesk pc hp=20 sp=10 kac=15 eac=14", 'add Pirate hp=18 kac=15 atk="tactical baton +5 1d4+2 B"',
         "init Pirate 20", "init Kesk 10", "start", "attack Pirate Kesk")
    said = [e.text(lang) for e in t.session.done[-1].events if e.kind == "Said" for lang in ("en", "es")]
    assert any("porra táctica" in line for line in said) and any("tactical baton" in line for line in said)
    assert not any("tactical baton" in line for line in said[1::2]), said


def test_a_composed_name_reads_each_part_in_the_readers_language():
    """mwk, thrown, a grenade's level and a model after a comma are read around the known name."""
    assert render(weapon_term("mwk longsword"), "es") == "espada larga de gran calidad"
    assert render(weapon_term("thrown dagger"), "es") == "daga arrojadiza"
    assert render(weapon_term("frag grenade II"), "es") == "granada de fragmentación II"
    assert render(weapon_term("laser pistol, azimuth"), "es") == "pistola láser, azimut"
    assert render(weapon_term("mwk longsword"), "en") == "mwk longsword"
    assert weapon_term("Vorpal Cleaver") == "Vorpal Cleaver"
    assert isinstance(WEAPONS["short sword"], Term) and WEAPONS["short sword"].context == "weapon"
