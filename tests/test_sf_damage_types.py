"""Starfinder damage of two types: half and half, each half against its own defences
(starfinder.md §3.3.3)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import Table
from gm_console.i18n import render


def rendered(lines, lang="en"):
    """A sheet's status lines as the GM reads them."""
    return [render(x, lang) for x in lines]


def target(*stats: str) -> Table:
    t = Table("starfinder")
    t.do("add Navasi pc sp=40 hp=22 rp=4 eac=14 kac=16 " + " ".join(stats))
    return t


def lost(t: Table, line: str) -> int:
    before = t.hp("Navasi", "sp") + t.hp("Navasi")
    t.do(line)
    return before - (t.hp("Navasi", "sp") + t.hp("Navasi"))


def test_resistance_to_one_type_of_plasma_stops_only_its_half():
    """starfinder.md §3.3.3: plasma 10 = 5 electricity + 5 fire; fire resistance 5 stops the fire half."""
    t = target("er=fire:5")
    assert lost(t, "dmg Navasi 10 plasma") == 5
    assert "split 5 electricity + 5 fire" in t.said()[-1]
    assert "fire resistance 5 stops 5" in t.said()[-1]


def test_each_half_meets_its_own_resistance():
    """starfinder.md §3.3.3: electricity 2 and fire 5 resistances, each against its half."""
    t = target("er=fire:5,electricity:2")
    assert lost(t, "dmg Navasi 10 electricity fire") == 3


def test_resistance_larger_than_its_half_does_not_spill_onto_the_other():
    """starfinder.md §3.3.3: fire 10 stops the 5 fire and no more; the electricity half stays whole."""
    t = target("er=fire:10")
    assert lost(t, "dmg Navasi 10 plasma") == 5


@pytest.mark.parametrize("line,odd,taken", [
    ("dmg Navasi 11 plasma", "electricity", 6),             # 6 electricity + 5 fire (stopped)
    ("dmg Navasi 11 electricity fire", "electricity", 6),
    ("dmg Navasi 11 fire electricity", "fire", 5),          # 6 fire (stopped) + 5 electricity
])
def test_odd_point_goes_to_the_type_typed_first(line, odd, taken):
    """starfinder.md §3.3.3 (CRB: the attacker picks which half rounds up): the first typed."""
    t = target("er=fire:10")
    assert lost(t, line) == taken
    assert f"the odd point to {odd}, typed first" in t.said()[-1]


def test_an_even_total_names_no_odd_point():
    """starfinder.md §3.3.3: 10 splits 5 + 5 with nothing to round."""
    t = target("er=fire:1")
    t.do("dmg Navasi 10 plasma")
    assert "split 5 electricity + 5 fire;" in t.said()[-1]
    assert "odd point" not in t.said()[-1]


def test_without_defences_the_log_does_not_mention_the_split():
    """starfinder.md §3.3.3: the split is named when a defence makes it matter."""
    t = target()
    t.do("dmg Navasi 11 plasma")
    assert t.said()[-1] == "Navasi takes 11 electricity, fire damage (vs EAC 14): SP 40→29"


def test_one_point_of_two_types_goes_whole_to_the_first():
    """starfinder.md §3.3.3: 1 = 1 + 0; a resistance to the second type changes nothing."""
    t = target("er=fire:5")
    assert lost(t, "dmg Navasi 1 electricity fire") == 1
    t2 = target("er=electricity:5")
    assert lost(t2, "dmg Navasi 1 electricity fire") == 0


def test_dr_applies_to_the_kinetic_half_only():
    """starfinder.md §3.3.3: slashing & fire 10 against DR 3: 5 - 3 slashing + 5 fire = 7."""
    t = target("dr=3")
    assert lost(t, "dmg Navasi 10 slashing fire") == 7
    assert "DR 3 stops 3 (kinetic part)" in t.said()[-1]


def test_dr_smaller_half_is_stopped_whole():
    """starfinder.md §3.3.3: DR 10 stops the whole 5-point kinetic half, never the energy half."""
    t = target("dr=10")
    assert lost(t, "dmg Navasi 10 bludgeoning electricity") == 5


def test_dr_and_resistance_together_on_a_kinetic_and_energy_hit():
    """starfinder.md §3.3.3: piercing 6 - DR 2, fire 5 - fire resistance 5: 4."""
    t = target("dr=2", "er=fire:5")
    assert lost(t, "dmg Navasi 11 piercing fire") == 4


def test_two_kinetic_types_meet_dr_once_per_attack():
    """starfinder.md §3.3.3: DR is per attack: bludgeoning & piercing 10 against DR 3 is 7, not 4."""
    t = target("dr=3")
    assert lost(t, "dmg Navasi 10 bludgeoning piercing") == 7


def test_pure_energy_ignores_dr_and_untyped_meets_it():
    """starfinder.md §3.3.3: DR stops kinetic and untyped damage, not energy."""
    t = target("dr=3")
    assert lost(t, "dmg Navasi 10 plasma") == 10
    assert lost(t, "dmg Navasi 10") == 7


def test_immunity_to_one_type_stops_its_half():
    """starfinder.md §3.3.3: immune to fire: plasma 9 = 5 electricity + 4 fire -> 5."""
    t = target("immune=fire")
    assert lost(t, "dmg Navasi 9 plasma") == 5
    assert "immune to fire: 4 stopped" in t.said()[-1]


def test_immunity_to_both_types_is_no_damage():
    """starfinder.md §3.3.3: both halves stopped."""
    t = target("immune=electricity,fire")
    assert lost(t, "dmg Navasi 9 plasma") == 0


def test_vulnerability_adds_half_to_its_part_before_resistance():
    """starfinder.md §3.3.3: vulnerable to cold: cold & fire 10 = 5 cold -> 7, + 5 fire = 12;
    with cold resistance 2 as well: 7 - 2 = 5, + 5 = 10."""
    t = target("vulnerable=cold")
    assert lost(t, "dmg Navasi 10 cold fire") == 12
    t2 = target("vulnerable=cold", "er=cold:2")
    assert lost(t2, "dmg Navasi 10 cold fire") == 10


def test_spanish_type_words_in_the_defences():
    """starfinder.md §3.3.3: `er=fuego:5`, `inmune=frio` name the same types as `dmg`."""
    t = target("er=fuego:5", "inmune=frio")
    assert lost(t, "dmg Navasi 10 plasma") == 5
    assert lost(t, "dmg Navasi 10 cold") == 0


def test_mixed_kinetic_and_energy_targets_kac():
    """starfinder.md §3.3.1 [S]: "para cualquier otro tipo ... siempre cuenta la cinética"."""
    t = target()
    t.do("dmg Navasi 4 slashing fire")
    assert "(vs KAC 16)" in t.said()[-1]
    t.do("dmg Navasi 4 plasma")
    assert "(vs EAC 14)" in t.said()[-1]


def test_spanish_log_names_the_split():
    """starfinder.md §3.3.3: every message exists in both languages."""
    t = target("er=fire:5")
    t.do("dmg Navasi 11 plasma")
    said = [e for e in t.session.done[-1].events if e.kind == "Said"][-1]
    assert "se reparte 6 de electricidad + 5 de fuego" in said.text("es")
    assert "el punto impar a electricidad" in said.text("es")
    assert "resistencia a fuego 5 detiene 5" in said.text("es")


def test_burning_save_counts_only_the_fire_half():
    """starfinder.md §3.3.3 and §3.6: Reflex DC 10 + fire taken this round: plasma 10 adds 5."""
    t = target("er=electricity:5")
    t.do("add Goblin hp=10 init=1", "init Navasi 20", "init Goblin 5", "start", "cond Navasi burning:1")
    t.do("dmg Navasi 10 plasma")
    status = rendered(t.session.ruleset.sheet.status(t.state, t.c("Navasi")))
    assert any("DC 15" in line for line in status), status


def test_a_fully_stopped_hit_at_zero_hp_costs_no_resolve():
    """starfinder.md §3.3.3, §3.4.4: only damage that gets through costs 1 RP at 0 HP."""
    t = target("er=fire:5,electricity:5", "sp=0/40", "hp=1/22")
    t.do("dmg Navasi 1")
    assert t.c("Navasi").life == "dying"
    rp = t.hp("Navasi", "rp")
    t.do("dmg Navasi 10 plasma")
    assert t.hp("Navasi", "rp") == rp
    t.do("dmg Navasi 12 plasma")  # 6 - 5 + 6 - 5 = 2 gets through
    assert t.hp("Navasi", "rp") == rp - 1


def test_massive_damage_counts_what_gets_past_the_defences():
    """starfinder.md §3.3.3, §3.4.1: 22 HP, no SP, fire resistance 10: plasma 52 = 26 + (26 - 10)
    = 42 through, 20 left over after HP: dying; plasma 64 = 32 + 22 = 54, 32 over >= 22: dead."""
    t = Table("starfinder")
    t.do("add Navasi pc sp=0/10 hp=22 rp=4 er=fire:10", "dmg Navasi 52 plasma")
    assert t.c("Navasi").life == "dying"
    t2 = Table("starfinder")
    t2.do("add Navasi pc sp=0/10 hp=22 rp=4 er=fire:10", "dmg Navasi 64 plasma")
    assert t2.c("Navasi").life == "dead"


@given(amount=st.integers(0, 500), types=st.sampled_from([
    ("electricity", "fire"), ("slashing", "fire"), ("cold", "acid", "sonic"), ("piercing", "bludgeoning")]))
def test_the_parts_add_up_and_differ_by_at_most_one(amount, types):
    """starfinder.md §3.3.3: an even split, the odd points first; nothing lost or made up."""
    from rulesets.starfinder.damage import split

    parts = split(amount, types)
    values = [n for _, n in parts]
    assert sum(values) == amount
    assert max(values) - min(values) <= 1
    assert values == sorted(values, reverse=True)
    assert [k for k, _ in parts] == list(types)


@given(amount=st.integers(0, 200), words=st.sampled_from(["plasma", "slashing fire", "cold acid", "b p"]))
def test_without_defences_a_split_hit_is_the_whole_amount(amount, words):
    """starfinder.md §3.3.3: splitting changes nothing for a creature without defences."""
    t = Table("starfinder")
    t.do("add Rock hp=1000/1000")
    t.do(f"dmg Rock {amount} {words}")
    assert t.hp("Rock") == 1000 - amount
