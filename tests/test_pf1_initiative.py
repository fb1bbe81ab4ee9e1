"""PF1 initiative, ties, flat-footed and the order rules (pathfinder1e.md §1.1)."""

from __future__ import annotations

import pytest

from conftest import Table
from pf1_support import sheet_lines
from gm_console.engine.language.commands import CommandError


def pf(**options) -> Table:
    return Table("pathfinder1e", options=options or None)


def eff(t: Table, name: str) -> dict[str, int]:
    return {k: f.value for k, f in t.session.ruleset.sheet.effective(t.state, t.c(name)).items()}


def test_initiative_is_d20_plus_dex_modifier():
    """pathfinder1e.md §1.1.1 [S]: 1d20 + Dex mod + other bonuses."""
    t = pf()
    t.do("add Kyra pc hp=20 dex=14", "add Ezren pc hp=14 dex=12 init=6")
    t.rolls(15, 10)
    t.do("roll")
    assert t.c("Kyra").initiative == 17
    assert t.c("Ezren").initiative == 16


def test_deafened_initiative_penalty():
    """pathfinder1e.md §1.5 [S]: deafened -4 on initiative checks."""
    t = pf()
    t.do("add Kyra pc hp=20 dex=14", "cond Kyra deafened")
    t.rolls(15)
    t.do("roll Kyra")
    assert t.c("Kyra").initiative == 13


def test_start_rolls_for_everyone_without_initiative_and_orders_highest_first():
    t = pf()
    t.do("add Kyra pc hp=20 dex=14", "add Gob hp=6 dex=15")
    t.rolls(5, 12)
    t.do("start")
    assert t.order == ["gob", "kyra"] and t.active == "gob"


def test_ties_go_to_the_higher_modifier():
    """pathfinder1e.md §1.1.2 [O]: ties -> higher initiative modifier acts first."""
    t = pf()
    t.do("add Slow hp=6 dex=10", "add Quick hp=6 dex=14")
    t.rolls(15, 13)
    t.do("start")
    assert t.c("Slow").initiative == t.c("Quick").initiative == 15
    assert t.order == ["quick", "slow"]


def test_full_ties_roll_off():
    """pathfinder1e.md §1.1.2 [O]: still tied -> the tied roll off (d20, higher first)."""
    t = pf()
    t.do("add A hp=6 dex=12", "add B hp=6 dex=12", "init A 15", "init B 15")
    t.rolls(4, 17)
    t.do("start")
    assert t.order == ["b", "a"]
    assert any("roll-off A rolls 4, B rolls 17" in s for s in t.said())


def test_roll_off_repeats_while_tied():
    t = pf()
    t.do("add A hp=6", "add B hp=6", "add C hp=6", "init A 12", "init B 12", "init C 12")
    t.rolls(9, 9, 3, 5, 11)
    t.do("start")
    assert t.order == ["b", "a", "c"]


def test_no_roll_off_without_a_tie():
    t = pf()
    t.do("add A hp=6", "add B hp=6", "init A 15", "init B 14", "start")
    assert t.dice.forced == [] and not any("roll-off" in s for s in t.said())


def test_everyone_is_flat_footed_until_its_first_turn():
    """pathfinder1e.md §1.1.4 [S]: a creature that has not acted yet is flat-footed (loses Dex to AC and CMD)."""
    t = pf()
    t.do("add Kyra pc hp=20 dex=14 ac=16", "add Gob hp=6 dex=15 ac=16", "init Kyra 20", "init Gob 10",
         "start")
    assert not t.c("Kyra").has("flat-footed")
    assert t.c("Gob").has("flat-footed")
    assert eff(t, "Gob")["ac"] == 14 and eff(t, "Gob")["ff"] == 14
    t.do("next")
    assert not t.c("Gob").has("flat-footed")
    assert eff(t, "Gob")["ac"] == 16
    t.do("next")
    assert not t.c("Kyra").has("flat-footed")


def test_flat_footed_status_line():
    t = pf()
    t.do("add Kyra pc hp=20", "add Gob hp=6", "init Kyra 20", "init Gob 10", "start")
    assert "flat-footed until its first turn" in sheet_lines(t.session.ruleset, t.state, t.c("Gob"))


def test_flat_footed_from_other_sources_stays_after_the_first_turn():
    t = pf()
    t.do("add Kyra pc hp=20", "add Gob hp=6", "init Kyra 20", "init Gob 10", "start",
         "cond Gob flat-footed 2", "next")
    assert t.c("Gob").has("flat-footed")


def test_combatant_joining_mid_combat_is_flat_footed_until_it_acts():
    """pathfinder1e.md §1.1.9 [O]: creatures joining mid-combat roll and are inserted; they have not acted."""
    t = pf()
    t.do("add Kyra pc hp=20", "add Gob hp=6", "init Kyra 20", "init Gob 10", "start", "next")
    t.do("add Wolf hp=13 dex=15")
    t.rolls(13)
    t.do("roll Wolf")
    assert t.order == ["kyra", "wolf", "gob"]
    assert t.c("Wolf").has("flat-footed")


def test_joining_on_a_tie_rolls_off():
    t = pf()
    t.do("add Kyra pc hp=20 dex=10", "add Gob hp=6 dex=10", "init Kyra 20", "init Gob 10", "start")
    t.do("add Wolf hp=13 dex=10")
    t.rolls(10, 18, 3)
    t.do("roll Wolf")
    assert t.order == ["kyra", "gob", "wolf"]


def test_combat_end_clears_the_first_turn_flat_footed():
    t = pf()
    t.do("add Kyra pc hp=20", "add Gob hp=6", "init Kyra 20", "init Gob 10", "start", "end")
    assert not t.c("Gob").has("flat-footed")


def test_delay_moves_the_count_for_the_rest_of_the_combat():
    """pathfinder1e.md §1.1.5 [S]: delaying lowers the initiative for the rest of the combat."""
    t = pf()
    t.do("add Kyra pc hp=20", "add Gob hp=6", "add Seelah pc hp=20",
         "init Kyra 20", "init Gob 15", "init Seelah 10", "start", "delay")
    assert t.active == "gob"
    t.do("resume Kyra")
    assert t.active == "kyra" and t.c("Kyra").initiative == 15
    t.do("next", "next", "next")
    assert t.state.round == 2 and t.active == "kyra"
    assert t.order == ["kyra", "gob", "seelah"]


def test_ready_is_kept_by_default():
    """pathfinder1e.md §1.1.6 [S]: an untriggered readied action may simply be kept."""
    t = pf()
    t.do("add Kyra pc hp=20", "add Gob hp=6", "init Kyra 20", "init Gob 10", "start",
         "ready when the goblin casts", "next")
    assert t.state.round == 2 and t.active == "kyra" and "kyra" in t.state.readied
    pend = [p.render() for p in t.session.ruleset.pending(t.state)]
    assert "Kyra still has a readied action (when the goblin casts): keep it or unready kyra" in pend


def test_ready_lapses_option_official():
    """pathfinder1e.md §1.1.6 [Δ] option ready_lapses: the readied action is lost at the next turn."""
    t = pf(ready_lapses=True)
    t.do("add Kyra pc hp=20", "add Gob hp=6", "init Kyra 20", "init Gob 10", "start",
         "ready when the goblin casts", "next")
    assert t.state.round == 2 and "kyra" not in t.state.readied
    assert any("readied action lapses" in s for s in t.said())


def test_triggered_ready_moves_just_before_the_trigger():
    """pathfinder1e.md §1.1.6 [S]: the readied action happens just before the trigger; new position persists."""
    t = pf()
    t.do("add Kyra pc hp=20", "add Gob hp=6", "add Seelah pc hp=20",
         "init Kyra 20", "init Seelah 15", "init Gob 10", "start", "ready when the goblin moves",
         "next", "trigger Kyra")
    assert t.order == ["seelah", "kyra", "gob"]
    assert t.c("Kyra").initiative == 10


def test_unconscious_cannot_delay():
    t = pf()
    t.do("add Kyra pc hp=5", "add Gob hp=6", "init Kyra 20", "init Gob 10", "start",
         "dmg Kyra 6 nonlethal")
    with pytest.raises(CommandError, match="unconscious and cannot delay"):
        t.do("delay")
