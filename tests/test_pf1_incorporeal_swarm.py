"""Incorporeal creatures and swarms (docs/rulesets/pathfinder1e.md#116-incorporeal-creatures-and-swarms).

Seed (Incorporal) and Bestiary universal monster rules (Incorporeal; Swarm subtype): immune to
nonmagical attacks, half from magic weapons, spells and supernatural effects, full from force and
incorporeal attacks; a swarm of Fine or Diminutive creatures is immune to weapon damage, of Tiny
creatures takes half from slashing and piercing weapons, half again from area effects, and breaks up at
0 HP.
"""

from __future__ import annotations

import pytest

from conftest import Table
from test_pathfinder1e_players_log import players_said


def pf() -> Table:
    t = Table("pathfinder1e")
    t.do("add Shadow hp=19 con=0 incorporeal=yes", "add Rats hp=13 con=12 swarm=yes size=tiny",
         "add Bats hp=13 con=10 swarm=yes size=diminutive")
    return t


@pytest.mark.parametrize("line,left", [
    ("dmg Shadow 9", 19),                     # nonmagical: nothing
    ("dmg Shadow 9 slashing", 19),
    ("dmg Shadow 9 silver", 19),              # silver is not magic
    ("dmg Shadow 9 fire", 19),                # a torch: nonmagical fire
    ("dmg Shadow 9 slashing magic", 15),      # magic weapon: half, rounded down (4)
    ("dmg Shadow 9 fire spell", 15),
    ("dmg Shadow 9 negative supernatural", 15),
    ("dmg Shadow 1 magic", 19),               # half of 1 is 0
    ("dmg Shadow 9 force", 10),               # force: full
    ("dmg Shadow 9 slashing ghost-touch", 10),  # incorporeal / ghost touch: full
    ("dmg Shadow 9 precision magic", 19),     # precision only from ghost touch
    ("dmg Shadow 9 toque-fantasmal precision", 10),
])
def test_incorporeal_at_its_edges(line, left):
    t = pf()
    t.do(line)
    assert t.hp("Shadow") == left


def test_the_incorporeal_condition_works_as_the_key():
    """§1.5 and §1.16: `cond NAME incorporeal` (a spell, a ghost) is the same rule."""
    t = pf()
    t.do("add Kyra pc hp=20", "cond Kyra incorporeal", "dmg Kyra 8 slashing")
    assert t.hp("Kyra") == 20
    t.do("dmg Kyra 8 slashing magic")
    assert t.hp("Kyra") == 16


@pytest.mark.parametrize("who,line,left", [
    ("Rats", "dmg Rats 9 piercing", 9),           # Tiny: half from piercing (4)
    ("Rats", "dmg Rats 9 slashing magic", 9),     # and from slashing, magic or not
    ("Rats", "dmg Rats 9 bludgeoning", 4),        # bludgeoning in full
    ("Rats", "dmg Rats 9 fire", 4),               # energy in full
    ("Rats", "dmg Rats 8 fire area", 1),          # area: +50% (12)
    ("Rats", "dmg Rats 5 piercing area", 10),     # half (2) then +50% (3)
    ("Bats", "dmg Bats 30 slashing magic", 13),   # Diminutive: immune to weapon damage
    ("Bats", "dmg Bats 30 bludgeoning", 13),
    ("Bats", "dmg Bats 4 fire spell area", 7),    # 4 -> 6
])
def test_swarms_at_their_edges(who, line, left):
    t = pf()
    t.do(line)
    assert t.hp(who) == left


@pytest.mark.parametrize("damage,life", [(12, "ok"), (13, "dead"), (20, "dead")])
def test_a_swarm_breaks_up_at_zero_never_disabled_or_dying(damage, life):
    """§1.16 [O, Bestiary Swarm]: 0 HP or less breaks it up; it is never disabled, dying or staggered."""
    t = pf()
    t.do(f"dmg Rats {damage} bludgeoning")
    assert t.c("Rats").life == life


def test_a_swarm_typed_at_zero_is_gone_and_undo_brings_it_back():
    t = pf()
    t.do("add Spiders hp=0/9 swarm=yes size=diminutive")
    assert t.c("Spiders").life == "dead"
    t.do("dmg Rats 13", "undo")
    assert t.c("Rats").life == "ok" and t.hp("Rats") == 13


def test_spanish_words_and_keys():
    t = Table("pathfinder1e")
    t.do("add Sombra pg=19 incorporal=si", "daño Sombra 8 cortante magia")
    assert t.hp("Sombra") == 15
    t.do("add Ratas pg=13 enjambre=si tamaño=menudo", "daño Ratas 8 fuego área")
    assert t.hp("Ratas") == 1


def test_players_read_the_rule_not_the_numbers():
    t = pf()
    t.do("dmg Shadow 9 slashing magic", "dmg Rats 8 fire area")
    seen = players_said(t)
    assert "Shadow is incorporeal: half damage from a magical attack" in seen
    assert "Rats is a swarm: half again as much damage from an area effect" in seen
    assert not any("becomes" in line for line in seen)
    es = players_said(t, "es")
    assert any(line.startswith("Shadow es incorporal") for line in es), es


# -- the bestiary carries them (Bestiary: Undead type traits; shadow p. 245; rat swarm p. 232) ---------

def library() -> Table:
    from test_bestiary import Table as Library

    return Library("pathfinder1e")


@pytest.mark.parametrize("who", ["ghoul", "wight", "shadow", "skeletal-champion", "skeleton", "zombie"])
def test_the_undead_are_immune_to_what_the_undead_traits_name(who):
    """Bestiary, Undead type: immune to poison, disease, paralysis, sleep, stun, death and mind-affecting
    effects; not subject to nonlethal damage or ability drain; immune to physical ability damage."""
    t = library()
    t.do(f"add @{who}")
    (c,) = t.state.combatants.values()
    top = c.pools["hp"].value
    for line in ("2 poison", "3 nonlethal", "2 con", "2 str drain", "2 dex"):
        t.do(f"dmg {c.id} {line}")
    c = t.c(c.id)
    assert c.pools["hp"].value == top and c.pools["nl"].value == 0
    assert not c.marks.get("ability_damage") and not c.marks.get("ability_drain")


def test_the_bestiary_shadow_is_incorporeal_and_the_rat_swarm_a_tiny_swarm():
    t = library()
    t.do("add @shadow", "add @rat-swarm")
    t.do("dmg Shadow 8 slashing", "dmg Shadow 8 slashing magic")
    assert t.hp("Shadow") == 15
    t.do("dmg Rat 8 piercing")
    assert t.hp("Rat") == 12


def test_bestiary_show_and_the_add_form_show_the_new_keys(capsys):
    """The preview is the add form's and `bestiary show`'s, in either language."""
    from gm_console.cli import main

    for lang in ("en", "es"):
        assert main(["--lang", lang, "bestiary", "show", "shadow", "--ruleset", "pathfinder1e"]) == 0
        out = capsys.readouterr().out
        assert "incorporeal true" in out and "immune mind,death" in out
        assert main(["--lang", lang, "bestiary", "show", "rat-swarm", "--ruleset", "pathfinder1e"]) == 0
        assert "swarm true" in capsys.readouterr().out
