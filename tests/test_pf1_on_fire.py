"""Pathfinder: catching fire (issue 31), as the Core Rulebook has it (Environment, Catching on
Fire; docs/rulesets/pathfinder1e.md#1111-effects-that-end-on-a-save): 1d6 fire at once when a
creature catches fire, a DC 15 Reflex save each round puts it out ("Gob puts out the flames"),
and rolling on the ground gives another save at +4."""

from __future__ import annotations

import pytest

from conftest import Table
from gm_console.cli import main
from gm_console.engine.core.errors import CommandError


def burning(*rolls: int) -> Table:
    """Kyra (15), then Gob (10, 20 HP, Reflex +1); Kyra sets Gob on fire."""
    t = Table("pathfinder1e")
    t.rolls(*rolls)
    t.do("add Kyra pc hp=20", "add Gob hp=20 ref=1", "init Kyra 15", "init Gob 10", "start", "cond Gob on-fire")
    return t


def test_catching_fire_burns_1d6_at_once():
    t = burning(5)
    assert t.hp("Gob") == 15
    (said,) = [e for e in t.session.done[-1].events if e.kind == "Said" and "catches fire" in e.text()]
    assert said.text() == "Gob catches fire: 5 fire" and said.rule == "pathfinder1e.md §1.11.1"


def test_set_on_fire_again_while_burning_does_not_burn_twice():
    t = burning(5)
    t.rolls(6)
    t.do("cond Gob on-fire")
    assert t.hp("Gob") == 15 and t.dice.forced == [6]


def test_the_save_puts_out_the_flames_and_a_failure_says_it_burns_on():
    t = burning(5, 13, 4)  # Gob's turn: 13 + 1 = 14 < 15: still burning, 4 fire
    t.do("next")
    assert t.hp("Gob") == 11
    assert any(s.startswith("Gob is still on fire (") for s in t.said())
    t.rolls(14)  # next turn: 14 + 1 = 15 puts it out, no damage
    t.do("next", "next")
    assert t.hp("Gob") == 11 and not t.c("Gob").has("on-fire")
    assert any(s.startswith("Gob puts out the flames (") for s in t.said())
    assert not any("shakes off" in s for s in t.said())


def test_rolling_on_the_ground_is_another_save_at_plus_4():
    """11 + 1 = 12 would fail; rolling on the ground: 11 + 1 + 4 = 16 puts it out."""
    t = burning(5)
    t.do("save Gob on-fire 11 rolling")
    assert not t.c("Gob").has("on-fire")
    said = t.said()
    assert "Gob: rolling on the ground, +4 on the save" in said
    assert any(s.startswith("Gob puts out the flames (Ref save 1d20 (11) +5 = 16") for s in said)


def test_without_rolling_the_same_die_fails():
    t = burning(5)
    t.do("save Gob on-fire 11")
    assert t.c("Gob").has("on-fire")


def test_spanish_table_rodando_and_the_log_in_spanish(tmp_path, capsys):
    """Through the CLI at a Spanish table: en llamas, 1d6 at once, salvar ... rodando."""
    fight = tmp_path / "f.toml"
    assert main(["--lang", "es", "exec", str(fight), "--new", "pathfinder1e", "--rolls", "3,12", "--",
                 "añadir Gob hp=20 ref=1", "estado Gob en-llamas", "salvar Gob en-llamas rodando"]) == 0
    capsys.readouterr()
    assert main(["--lang", "es", "log", str(fight)]) == 0
    log = capsys.readouterr().out
    assert "Gob se prende fuego: 3 de fuego" in log
    assert "Gob: rodando por el suelo, +4 a la salvación" in log
    assert "Gob apaga las llamas" in log
    assert main(["--lang", "es", "log", str(fight), "--players"]) == 0
    players = capsys.readouterr().out
    assert "Gob apaga las llamas" in players and "CD" not in players and "+5" not in players


@pytest.mark.parametrize("line, says", [
    ("save Gob on-fire jumping", "'jumping' is neither the die nor what helps this save"),
    ("save Gob on-fire 12 13", "'13' is neither the die nor what helps this save"),
])
def test_a_word_the_save_does_not_take_is_refused_naming_what_it_takes(line, says):
    t = burning(5)
    before = t.state.copy()
    with pytest.raises(CommandError) as err:
        t.do(line)
    assert says in str(err.value) and "rolling" in str(err.value)
    assert t.state == before


def test_undo_takes_the_first_burn_back_with_the_fire():
    t = burning(5)
    t.do("undo")
    assert t.hp("Gob") == 20 and not t.c("Gob").has("on-fire")
