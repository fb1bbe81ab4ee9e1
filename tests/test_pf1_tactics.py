"""PF1 timed combat options the GM declares by verb (pathfinder1e.md §1.2, §1.3)."""

from __future__ import annotations

import pytest

from conftest import Table
from pf1_support import sheet_lines
from gm_console.engine.language.commands import CommandError

VALEROS = "add Valeros pc hp=30 bab=3 str=16 dex=14 ac=18 touch=12 ff=16"


def pf(**options) -> Table:
    return Table("pathfinder1e", options=options or None)


def eff(t: Table, name: str) -> dict[str, int]:
    return {k: f.value for k, f in t.session.ruleset.sheet.effective(t.state, t.c(name)).items()}


def fight() -> Table:
    """Valeros (20), Goblin (15), Kyra (10); Valeros acting."""
    t = pf()
    t.do(VALEROS, "add Goblin hp=6", "add Kyra pc hp=20 bab=2", "init Valeros 20", "init Goblin 15",
         "init Kyra 10", "start")
    return t


def test_charge_plus_two_attack_minus_two_ac():
    """pathfinder1e.md §1.2 [S]: charge +2 on the attack, -2 AC until the start of your next turn."""
    t = fight()
    t.do("charge Valeros")
    e = eff(t, "Valeros")
    assert e["attack"] == 8 and e["ac"] == 16 and e["cmd"] == 18 - 2
    assert e["cmb"] == 6


def test_charge_lasts_until_the_start_of_its_next_turn():
    """pathfinder1e.md §1.2 [S] + durations: ends when the charger's next turn starts, not before."""
    t = fight()
    t.do("charge Valeros", "next", "next")
    assert t.c("Valeros").has("charging")
    t.do("next")
    assert t.state.round == 2 and t.active == "valeros"
    assert not t.c("Valeros").has("charging")
    assert eff(t, "Valeros")["ac"] == 18


def test_charge_ends_when_its_owner_acts_early_next_round():
    """Durations [O]: 'until the start of its next turn' follows the owner (here a hero-point act)."""
    t = fight()
    t.do("next", "next", "charge Kyra", "next")
    assert t.state.round == 2 and t.active == "valeros" and t.c("Kyra").has("charging")
    t.do("spend Kyra hero act")
    assert t.active == "kyra" and not t.c("Kyra").has("charging")


def test_charge_refused_when_it_cannot():
    """pathfinder1e.md §1.5 [S]: fatigued/exhausted/entangled can't charge; no actions -> no charge."""
    t = fight()
    t.do("cond Valeros fatigued")
    with pytest.raises(CommandError, match="cannot charge: fatigued"):
        t.do("charge Valeros")
    t.do("uncond Valeros fatigued", "cond Valeros stunned")
    with pytest.raises(CommandError, match="no actions"):
        t.do("charge Valeros")


def test_total_defense_plus_four_dodge():
    """pathfinder1e.md §1.2 [O] total defense: +4 dodge AC (not on flat-footed AC) until its next turn."""
    t = fight()
    t.do("defend Valeros")
    e = eff(t, "Valeros")
    assert (e["ac"], e["touch"], e["ff"], e["cmd"]) == (22, 16, 16, 22)
    t.do("next", "next", "next")
    assert eff(t, "Valeros")["ac"] == 18


def test_dodge_bonus_is_lost_with_the_dex_bonus():
    """pathfinder1e.md §1.7 [O]: flat-footed (no Dex) also loses dodge bonuses."""
    t = pf()
    t.do(VALEROS, "defend Valeros", "cond Valeros stunned")
    assert eff(t, "Valeros")["ac"] == 18 - 2 - 2


def test_aid_another_attack_and_ac():
    """pathfinder1e.md §1.2 [S] aid another: +2 on the ally's next attack or +2 AC against that foe."""
    t = fight()
    t.do("aid Valeros Kyra attack vs Goblin")
    assert eff(t, "Kyra")["attack"] == 2 + 0 + 2
    t.do("aid Valeros Kyra ac")
    assert eff(t, "Kyra")["ac"] == 12


def test_aid_from_several_helpers_stacks():
    """pathfinder1e.md §1.2 [S]: several aiders' bonuses add."""
    t = fight()
    t.do("add Seelah pc hp=20", "aid Valeros Kyra attack", "aid Seelah Kyra ataque")
    assert eff(t, "Kyra")["attack"] == 2 + 4


def test_aid_lasts_until_the_aiders_next_turn():
    """pathfinder1e.md §1.2 [S]/[I]: the bonus is there until the start of the aider's next turn."""
    t = fight()
    t.do("aid Valeros Kyra attack", "next", "next")
    assert t.active == "kyra" and t.c("Kyra").has("aid-attack")
    t.do("next")
    assert not t.c("Kyra").has("aid-attack")


def test_aid_roll_against_ac_10():
    """pathfinder1e.md §1.2 [S]: the aid attack roll must hit AC 10."""
    t = fight()
    t.do("aid Kyra Valeros attack 7")
    assert not t.c("Valeros").has("aid-attack")
    assert "Kyra aids Valeros: attack 7+2 = 9 vs AC 10, fails" in t.said()
    t.do("aid Kyra Valeros attack 8")
    assert t.c("Valeros").has("aid-attack")


def test_aid_naming_the_foe_aids_the_ally_from_the_active_combatant():
    """pathfinder1e.md §1.2 [S]: `aid ALLY FOE attack`: the one whose turn it is aids ALLY against FOE."""
    t = fight()
    t.do("aid Kyra Goblin attack")
    assert eff(t, "Kyra")["attack"] == 4
    inst = t.c("Kyra").instances("aid-attack")[0]
    assert inst.clock == "valeros" and inst.note == "vs goblin"
    assert "Valeros aids Kyra: +2 on their next attack against Goblin, until the start of Valeros's next turn" \
        in t.said()


def test_the_two_weapon_table_only_for_who_fights_with_two_weapons():
    """pathfinder1e.md §1.2 [S]: the two-weapon penalty table on the sheet of a combatant with `twf`,
    not on every PC's."""
    t = pf()
    t.do("add Kyra pc hp=20", "add Gob hp=6", "add Val pc hp=20 twf=light")
    table = "normal -6/-10, light off-hand -4/-8, feat -4/-4, light + feat -2/-2"
    assert not any(table in s for s in sheet_lines(t.session.ruleset, t.state, t.c("Kyra")))
    assert sheet_lines(t.session.ruleset, t.state, t.c("Gob")) == []
    assert any(table in s for s in sheet_lines(t.session.ruleset, t.state, t.c("Val")))
    assert "twf_main" not in t.session.ruleset.sheet.effective(t.state, t.c("Kyra"))


def test_aid_usage():
    t = fight()
    with pytest.raises(CommandError, match="expected attack, ac, not 'damage'"):
        t.do("aid Valeros Kyra damage")


@pytest.mark.parametrize("kind,main,off", [("normal", 0, -4), ("light", 2, -2), ("feat", 2, 2),
                                           ("light-feat", 4, 4)])
def test_two_weapon_table(kind, main, off):
    """pathfinder1e.md §1.2 [S] two-weapon fighting: -6/-10, light -4/-8, feat -4/-4, light+feat -2/-2."""
    t = pf()
    t.do(VALEROS, f"set Valeros twf={kind}")
    e = eff(t, "Valeros")
    assert (e["twf_main"], e["twf_off"]) == (main, off)
    lines = sheet_lines(t.session.ruleset, t.state, t.c("Valeros"))
    assert any(f"{main:+d}/{off:+d}" in s and "table: normal -6/-10" in s for s in lines)


def test_coup_de_grace_fort_save_or_die():
    """pathfinder1e.md §1.3 [S]: coup de grace on a helpless foe; if it survives, Fort DC 10 + damage or die."""
    t = pf()
    t.do("add Goblin hp=6 con=12 fort=3", "cond Goblin unconscious")
    t.do("coup Goblin 8 14")
    assert t.hp("Goblin") == -2 and t.c("Goblin").life == "dead"
    assert "Goblin: Fort 14+3 = 17 vs DC 18, fails" in t.said()


def test_coup_de_grace_survived():
    t = pf()
    t.do("add Ogre hp=30 con=15 fort=6", "cond Ogre paralyzed", "coup Ogre 10 14")
    assert t.c("Ogre").life == "ok" and t.hp("Ogre") == 20


def test_coup_de_grace_needs_a_helpless_target():
    t = pf()
    t.do("add Goblin hp=6")
    with pytest.raises(CommandError, match="not helpless"):
        t.do("coup Goblin 8")


def test_coup_de_grace_on_the_dying():
    t = pf()
    t.do("add Goblin hp=6 con=12", "dmg Goblin 7")
    t.rolls(4, 1)
    t.do("coup Goblin 1d6")
    assert t.hp("Goblin") == -5 and t.c("Goblin").life == "dead"


@pytest.mark.parametrize("who, left", [("add Ooze hp=30 fort=2 immune=critical", 20),
                                       ("add Swarm hp=30 fort=2 swarm=yes size=tiny", 20),
                                       ("add Ghost hp=30 fort=2 incorporeal=yes", 30)])  # untyped: nonmagical
def test_coup_de_grace_on_a_creature_immune_to_critical_hits_asks_no_save(who, left):
    """pathfinder1e.md §1.3 [S] (the seed: creatures immune to critical hits take no critical damage and make no
    Fortitude save against dying from a coup de grace)."""
    t = pf()
    name = who.split()[1]
    t.do(who, f"cond {name} unconscious")
    t.rolls(1)  # a save would fail on a natural 1
    t.do(f"coup {name} 10")
    assert t.c(name).life != "dead" and t.hp(name) == left and not any("vs DC" in line for line in t.said())
    assert f"Coup de grace on {name}: immune to critical hits, a normal hit for 10 and no save to die" in t.said()
