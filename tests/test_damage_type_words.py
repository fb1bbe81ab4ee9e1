"""A weapon's damage types and what it bypasses read apart in the attack log: a magic longsword
deals "7 slashing (magic)", not "7 slashing&magic". Magic, silver, cold iron, adamantine and the
alignments are not damage types but what the weapon counts as against damage reduction
(docs/rulesets/pathfinder1e.md#113-damage-reduction-resistance-immunity-vulnerability); the
players still read a foe's damage as a word, never its number."""

from __future__ import annotations

import pytest

from conftest import Table
from gm_console.engine.views.export import play_log

FIGHT = ['add Kyra pc hp=20 atk="longsword +5 1d8+2 slashing&magic"',
         'add Val pc hp=20 atk="spear +5 1d8+2 piercing&silver&adamantine"',
         "add Gob hp=40 ac=10", "init Kyra 15", "init Val 12", "init Gob 10", "start"]


def attack_line(t: Table, lang: str) -> str:
    return next(e.text(lang) for e in t.session.done[-1].events if e.kind == "Said" and "Gob" in e.text(lang))


@pytest.mark.parametrize("game", ["pathfinder1e", "starfinder"])
def test_a_bypass_quality_reads_after_the_damage_type(game):
    t = Table(game)
    t.do(*(line.replace("ac=10", "kac=10 eac=10") if game == "starfinder" else line for line in FIGHT))
    t.rolls(15, 5)
    t.do("attack Kyra Gob")
    en, es = attack_line(t, "en"), attack_line(t, "es")
    assert "7 slashing (magic)" in en and "&" not in en, en
    assert "7 cortante (mágico)" in es and "&" not in es, es
    t.rolls(15, 5)
    t.do("next", "attack Val Gob")
    en, es = attack_line(t, "en"), attack_line(t, "es")
    assert "7 piercing (silver, adamantine)" in en, en
    assert "7 perforante (plata, adamantina)" in es, es
    players = play_log(t.session.done, t.state, t.session.ruleset, "en", players=True)
    assert "hit, slashing (magic)" in players and "7 slashing" not in players, players


@pytest.mark.parametrize("atk, damage, en, es", [
    ("claws +5 1d8+2 slashing&piercing&magic", 5, "7 slashing and piercing (magic)", "7 cortante y perforante (mágico)"),
    ("bite +2 1d6+3 bludgeoning&piercing&slashing", 1, "4 bludgeoning, piercing and slashing",
     "4 contundente, perforante y cortante")])
def test_several_damage_types_read_as_a_list_in_the_readers_words(atk, damage, en, es):
    """A goblin dog's bite is bludgeoning, piercing and slashing at once (the stat block's B&P&S):
    the log says so as a sentence would, not as the stat block writes it."""
    t = Table("pathfinder1e")
    t.do(f'add Kyra pc hp=20 atk="{atk}"', "add Gob hp=40 ac=10", "init Kyra 15", "init Gob 10", "start")
    t.rolls(15, damage)
    t.do("attack Kyra Gob")
    assert en in attack_line(t, "en")
    assert es in attack_line(t, "es")


def test_a_cold_iron_weapon_is_read_and_named():
    """`cold-iron` (and `hierro-frio`, `no-letal`) typed in an attack: words with a hyphen were
    refused as no damage type (pathfinder1e.md §1.13: cold iron gets past DR/cold iron)."""
    t = Table("pathfinder1e")
    t.do('add Kyra pc hp=20 atk="dagger +5 1d8+2 piercing&cold-iron; sap +5 1d8+2 bludgeoning&no-letal&hierro-frio"',
         "add Gob hp=40 ac=10", "init Kyra 15", "init Gob 10", "start")
    t.rolls(15, 5)
    t.do("attack Kyra Gob dagger")
    assert "7 piercing (cold iron)" in attack_line(t, "en")
    assert "7 perforante (hierro frío)" in attack_line(t, "es")
