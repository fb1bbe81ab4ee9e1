"""A weapon's enhancement bonus against damage reduction (docs/rulesets/pathfinder1e.md#1131-a-weapons-
enhancement-bonus-against-dr): `dmg NAME N slashing +3`.

Core Rulebook, Special Abilities, Damage Reduction (Overcoming DR, p. 562): a weapon of +1 or more is magic;
a +3 weapon counts as cold iron and silver, +4 as adamantine, +5 as every alignment, whatever it is made of.
"""

from __future__ import annotations

import re

import pytest

from conftest import Table
from gm_console.engine.language.commands import CommandError
from gm_console.storage import Encounter
from test_pathfinder1e_players_log import players_said


def pf() -> Table:
    t = Table("pathfinder1e")
    t.do("add Kyra pc hp=20")
    return t


@pytest.mark.parametrize("dr,bonus,left", [
    ("10/cold-iron", "+2", 39),      # one short of the table's +3: the DR stops 10 of 11
    ("10/cold-iron", "+3", 29),      # exactly +3: cold iron, all 11 land
    ("10/silver", "+3", 29),
    ("10/adamantine", "+3", 39),     # +3 is not adamantine
    ("10/adamantine", "+4", 29),
    ("10/good", "+4", 39),           # alignment needs +5
    ("10/good", "+5", 29),
    ("10/chaotic", "+5", 29),
    ("10/magic", "+1", 29),          # any enhancement bonus is magic
    ("10/magic+silver", "+3", 29),   # both words from one bonus
    ("10/-", "+5", 39),              # nothing gets past DR/-
    ("10/epic", "+5", 39),           # the table has no epic line
    ("10/bludgeoning", "+5", 39),    # a bonus changes no weapon kind
])
def test_the_core_rulebook_table_at_its_edges(dr, bonus, left):
    t = pf()
    t.do(f"add Demon hp=40 dr={dr}", f"dmg Demon 11 slashing {bonus}")
    assert t.hp("Demon") == left


def test_the_log_says_what_the_bonus_counts_as():
    t = pf()
    t.do("add Demon hp=40 dr=10/cold-iron|good", "dmg Demon 11 slashing +3")
    assert "Demon's damage reduction is bypassed: a +3 weapon counts as cold iron (DR 10/cold iron or good)" \
        in t.said()
    seen = players_said(t)
    assert "Demon's damage reduction is bypassed: a +3 weapon counts as cold iron" in seen
    assert not any("10/" in line for line in seen)
    assert "La reducción de daño de Demon se supera: un arma +3 cuenta como hierro frío" in players_said(t, "es")


def test_a_real_material_needs_no_bonus_and_the_plain_line_stays():
    t = pf()
    t.do("add Demon hp=40 dr=10/cold-iron", "dmg Demon 11 slashing cold-iron +3")
    assert t.hp("Demon") == 29
    assert "Demon's damage reduction is bypassed (DR 10/cold iron)" in t.said()


def test_a_bonus_is_magic_against_an_incorporeal_creature():
    """§1.16 with §1.13.1: a +1 sword is a magic weapon: half damage to a shadow, not none."""
    t = pf()
    t.do("add Shadow hp=19 incorporeal=yes", "dmg Shadow 9 slashing", "dmg Shadow 9 slashing +1")
    assert t.hp("Shadow") == 15


def test_a_bonus_does_not_stop_a_regeneration():
    """§1.14: the table is for DR only; a +5 sword is no good weapon for a regeneration stopped by good."""
    t = pf()
    t.do("add Devil hp=50 con=14 regeneration=5/good", "start", "dmg Devil 10 slashing +5")
    assert not t.c("Devil").marks.get("regen_off")
    t.do("dmg Devil 10 slashing good")
    assert t.c("Devil").marks.get("regen_off")


@pytest.mark.parametrize("word", ["+0", "+6"])
def test_a_bonus_written_wrong_is_refused_and_nothing_changes(word):
    t = pf()
    t.do("add Demon hp=40 dr=10/cold-iron")
    with pytest.raises(CommandError, match=r"enhancement bonus is \+1 to \+5, not " + re.escape(word)):
        t.do(f"dmg Demon 11 slashing {word}")
    assert t.hp("Demon") == 40


def test_undo_and_a_reopened_save_keep_it(tmp_path):
    path = tmp_path / "f.toml"
    with Encounter.create(path, "pathfinder1e") as enc:
        enc.execute("add Demon hp=40 dr=10/silver")
        enc.execute("dmg Demon 11 piercing +3")
        enc.execute("dmg Demon 11 piercing +3")
        enc.execute("undo")
    with Encounter.open(path, read_only=True) as again:
        assert again.state.combatants["demon"].pools["hp"].value == 29
