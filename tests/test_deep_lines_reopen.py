"""A save the console writes is one it reads back (docs/saves.md): an attack whose log line
holds a deep breakdown (a bite of three damage types against a target losing Dex to
entangled: "21 contra CA 16 (-2 Des (enmarañado))") made a line nested deeper than the
reader took, and the fight would not reopen. The reader now takes what such lines need, and
the writer checks every event against the reader's rules before a byte is written."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from gm_console.engine.core import events
from gm_console.engine.core.dice import Dice
from gm_console.storage import Encounter, SaveError
from gm_console.engine.views.export import play_log, state_dict

ROOT = Path(__file__).resolve().parent.parent


def example(tmp_path: Path) -> Path:
    path = tmp_path / "ambush.toml"
    shutil.copyfile(ROOT / "saves" / "pathfinder1e.toml", path)
    return path


def to_the_dogs_turn(enc: Encounter) -> None:
    for _ in range(10):
        if enc.state.active == "goblin-dog":
            return
        enc.execute("next")
    raise AssertionError("the goblin dog never acts")


def test_a_bite_on_an_entangled_fighter_reopens_and_reads_in_both_languages(tmp_path):
    """pathfinder1e.md §1.19: the attack's line says the roll against the defence as it is now."""
    path = example(tmp_path)
    with Encounter.open(path) as enc:
        to_the_dogs_turn(enc)
        enc.execute('attack "Goblin Dog" Valeros bite', Dice.from_rolls([19, 1]))
    again = Encounter.open(path, read_only=True)
    line = [e for e in again.session.done[-1].events if e.kind == "Said"][0]
    assert "contra CA 16 (-2 Des (enmarañado))" in line.text("es")
    assert "4 bludgeoning, piercing and slashing" in line.text("en")
    players = play_log(again.session.done, again.state, again.session.ruleset, "es", players=True)
    assert "Goblin Dog ataca a Valeros con su mordisco: impacta" in players and "CA 16" not in players


def test_an_event_the_reader_would_refuse_is_never_written(tmp_path, monkeypatch):
    path = example(tmp_path)
    before = path.read_bytes()
    with Encounter.open(path) as enc:
        state = state_dict(enc.state, enc.ruleset)
        monkeypatch.setattr(events, "MAX_NESTING", 2)  # as if the reader took less than this line
        with pytest.raises(SaveError, match="not saved: action .* holds an event the reader would refuse"):
            enc.execute("dmg Valeros 1")
        assert state_dict(enc.state, enc.ruleset) == state  # the action is taken back with the line
        assert enc.state.combatants["valeros"].pools["hp"].value == 26
    assert path.read_bytes() == before
