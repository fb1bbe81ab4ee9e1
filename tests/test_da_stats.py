"""Dragon Age stat block, derived figures and plugin hygiene."""

from __future__ import annotations

import ast
import pathlib

import pytest

from conftest import Table
from gm_console import plugins
from gm_console.engine.language.commands import CommandError

PKG = pathlib.Path(__file__).resolve().parents[1] / "rulesets" / "dragon_age"


def test_registered_under_its_id():
    """dragon_age.md §2.2 [S]: a round is 15 seconds; the plugin is found by its id."""
    rs = plugins.load("dragon_age")
    assert rs.id == "dragon_age"
    assert rs.name == "Dragon Age RPG (AGE)"
    assert rs.seconds_per_round == 15  # dragon_age.md §2.2 [S]: a round is 15 seconds


def test_stat_keys_and_pools():
    """DA issue 5: health and mana pools, the eight abilities, defense armor speed level pc focus."""
    t = Table("dragon_age")
    t.do("add Sera pc health=12/30 mana=5/10 communication=1 con=1 cunning=2 dex=3 magic=0 "
         "perception=2 str=1 willpower=0 defense=13 armor=3 speed=13 level=2 focus=swimming,healing")
    sera = t.c("Sera")
    assert sera.is_pc
    assert (sera.pools["health"].value, sera.pools["health"].max) == (12, 30)
    assert (sera.pools["mana"].value, sera.pools["mana"].max) == (5, 10)
    assert list(sera.stats["focus"]) == ["swimming", "healing"]
    assert sera.stats["level"] == 2
    assert sera.stats["cunning"] == 2


@pytest.mark.parametrize("key", ["constitution=2", "Constitución=2", "CON=2", "constitucion=2"])
def test_long_and_spanish_ability_names(key):
    """DA issue 5: long names and Spanish names are accepted."""
    t = Table("dragon_age")
    t.do(f"add Toro health=30 {key}")
    assert t.c("Toro").stats["con"] == 2


def test_more_spanish_keys():
    """DA issue 5: Spanish stat keys."""
    t = Table("dragon_age")
    t.do("add Bran salud=20 fuerza=3 destreza=1 astucia=2 percepcion=1 voluntad=2 magia=0 "
         "comunicacion=1 armadura=4 defensa=12 velocidad=11 nivel=3 concentracion=esgrima")
    b = t.c("Bran")
    assert (b.stats["str"], b.stats["dex"], b.stats["cunning"], b.stats["perception"]) == (3, 1, 2, 1)
    assert (b.stats["willpower"], b.stats["communication"], b.stats["armor"]) == (2, 1, 4)
    assert (b.stats["defense"], b.stats["speed"], b.stats["level"]) == (12, 11, 3)
    assert b.pools["health"].value == 20


def test_unknown_key_names_the_keys():
    """An unknown key is refused naming the keys."""
    t = Table("dragon_age")
    with pytest.raises(CommandError, match="keys: health"):
        t.do("add Sera agility=3")


def test_effective_defense_speed_default_from_dex():
    """dragon_age.md §2.8 [O]: Defense = 10 + Dex, Speed = 10 + Dex when not given."""
    t = Table("dragon_age")
    t.do("add Sera health=20 dex=3 armor=2")
    eff = t.session.ruleset.sheet.effective(t.state, t.c("Sera"))
    assert eff["defense"].value == 13
    assert eff["defense"].explain("defense") == "defense 13 = 10 + 3 Dex"
    assert eff["speed"].value == 13
    assert eff["armor"].value == 2


def test_effective_defense_follows_a_later_dex_change():
    """dragon_age.md §2.8 [O]: a derived Defense follows Dex."""
    t = Table("dragon_age")
    t.do("add Sera health=20 dex=1", "set Sera dex=4")
    assert t.session.ruleset.sheet.effective(t.state, t.c("Sera"))["defense"].value == 14


def test_given_defense_wins_over_dex():
    """dragon_age.md §2.8: a Defense or Speed from the stat block wins over the formula."""
    t = Table("dragon_age")
    t.do("add Ogre health=60 dex=-1 defense=9 speed=8")
    eff = t.session.ruleset.sheet.effective(t.state, t.c("Ogre"))
    assert (eff["defense"].value, eff["speed"].value) == (9, 8)


def test_defense_breakdown_with_all_bonuses():
    """dragon_age.md §2.7 [I]: Defend, Defensive Stance and Mana Shield are different sources and add."""
    t = Table("dragon_age")
    t.do("add Morrigan health=20 defense=12", "cond Morrigan defending", "cond Morrigan defensive-stance",
         "cond Morrigan mana-shield")
    fig = t.session.ruleset.sheet.effective(t.state, t.c("Morrigan"))["defense"]
    assert fig.value == 18
    assert fig.explain("defense") == "defense 18 = 12 + 2 Defending + 2 Defensive Stance + 2 Mana Shield"


def test_defense_bonuses_highest_option():
    """dragon_age.md §2.7 open question: option defense_bonuses=highest keeps only the best bonus."""
    t = Table("dragon_age", {"defense_bonuses": "highest"})
    t.do("add Morrigan health=20 defense=12", "cond Morrigan defending", "cond Morrigan mana-shield")
    assert t.session.ruleset.sheet.effective(t.state, t.c("Morrigan"))["defense"].value == 14


def test_spanish_condition_names():
    """dragon_age.md §2.7: conditions by Spanish name."""
    t = Table("dragon_age")
    t.do("add Sera health=20", "cond Sera tumbado", "cond Sera 'escudo de maná'")
    assert t.c("Sera").has("prone") and t.c("Sera").has("mana-shield")


def test_options_have_seed_defaults():
    """DA register: house-rule options default to the seed's rule."""
    rs = plugins.load("dragon_age")
    defaults = {o.key: o.default for o in rs.options()}
    assert defaults == {
        "heal_amount": "1d6", "dying_count": "turns", "npcs_as_pcs": False, "disarm_cost": 2,
        "action_limits": True, "breather_once": True, "defense_bonuses": "stack", "mana_rest": "1d6+4/h",
    }


def test_option_command_sets_a_house_rule():
    """DA register: options are stored in the save."""
    t = Table("dragon_age")
    t.do("option heal_amount dragon", "option npcs-as-pcs on", "option disarm_cost 3")
    assert t.state.options == {"heal_amount": "dragon", "npcs_as_pcs": True, "disarm_cost": 3}


ALLOWED = ("gm_console.ruleset", "gm_console.engine.core.contract", "gm_console.engine.core.state",
           "gm_console.engine.core.dice", "gm_console.engine.core.events")


def test_imports_only_the_contract():
    """Architecture: rulesets import gm_console.ruleset (and value types) only."""
    for path in PKG.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 0:
                mod = node.module or ""
                assert not mod.startswith(("textual", "rich")), path
                if mod.startswith("gm_console"):
                    assert mod in ALLOWED, (path.name, mod)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    assert not alias.name.startswith(("textual", "rich", "gm_console")), (path.name, alias.name)
