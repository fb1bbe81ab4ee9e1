"""Regeneration, fast healing and ongoing damage in every installed game.

A GM puts these on monsters whatever the system (docs/ARCHITECTURE.md, "Effects every game
has"): each ticks at the start of its owner's turn, healing never above the maximum, and a
game's own entry of the same name wins (Pathfinder's regeneration cites its book).
"""

from __future__ import annotations

import pytest

from gm_console import plugins
from gm_console.engine.language.commands import CommandError
from gm_console.engine.core.dice import Dice
from gm_console.engine.language.session import Session

GAMES = plugins.installed_ids()


class Fight:
    """A troll (30 of its game's life pool) acting first, and a PC."""

    def __init__(self, game: str) -> None:
        self.session = Session(plugins.load(game))
        self.pool = self.session.ruleset.sheet.health_pools()[-1]  # the life pool (HP after stamina)
        self.dice = Dice.from_rolls([], seed=3)
        self.run("add Troll {p}=30", "add Kyra pc {p}=20", "init Troll 10", "init Kyra 5", "start")

    def run(self, *lines: str):
        for line in lines:
            entry = self.session.execute(line.format(p=self.pool), self.dice)
        return entry

    @property
    def troll(self):
        return self.session.state.combatants["troll"]

    @property
    def life(self) -> int:
        return self.troll.pools[self.pool].value

    def troll_turn(self) -> None:
        """Kyra's turn, then the troll's again (its turn start is when ticks happen)."""
        self.run("next", "next")
        assert self.session.state.active == "troll"


@pytest.fixture(params=GAMES)
def fight(request) -> Fight:
    return Fight(request.param)


def test_the_three_tick_at_the_start_of_the_owners_turn_in_every_game(fight):
    fight.run("dmg Troll 10")
    assert fight.life == 20
    fight.run("cond Troll regeneration:5", "cond Troll ongoing:3", "cond Troll fast-healing:2")
    assert fight.life == 20  # nothing until its turn starts
    fight.run("next")
    assert fight.life == 20  # Kyra's turn is not the troll's
    fight.run("next")
    assert fight.life == 20 + 5 - 3 + 2


def test_healing_ticks_never_pass_the_maximum(fight):
    fight.run("dmg Troll 1", "cond Troll regeneration:5")
    fight.troll_turn()
    assert fight.life == 30


def test_ongoing_damage_stops_when_removed_and_undo_takes_a_tick_back(fight):
    fight.run("cond Troll ongoing:4")
    fight.troll_turn()
    assert fight.life == 26
    fight.session.undo()  # the `next` that started the troll's turn
    assert fight.life == 30
    fight.run("next")
    assert fight.life == 26
    fight.run("uncond Troll ongoing")
    fight.troll_turn()
    assert fight.life == 26


def test_spanish_names_are_the_same_effects(fight):
    fight.run("dmg Troll 10", "cond Troll regeneración:4", "cond Troll curación-rápida:1")
    assert sorted(i.cond for i in fight.troll.conditions) == ["fast-healing", "regeneration"]
    fight.troll_turn()
    assert fight.life == 25


def test_a_tick_without_its_number_is_refused_and_names_the_form(fight):
    with pytest.raises(CommandError) as refused:
        fight.run("cond Troll regeneration")
    assert "regeneration:2" in str(refused.value)
    assert fight.troll.conditions == []


@pytest.mark.parametrize("game", ["pathfinder1e"])
def test_a_games_own_entry_wins_over_the_every_game_one(game):
    """Pathfinder's regeneration is the Core Rulebook's (docs/rulesets/pathfinder1e.md §1.11)."""
    cdef = plugins.load(game).conditions.catalogue.define("regeneration")
    assert "Core Rulebook" in cdef.source


@pytest.mark.parametrize("game", GAMES)
def test_every_game_lists_the_three_with_both_names(game):
    catalogue = plugins.load(game).conditions.catalogue
    for cid in ("regeneration", "fast-healing", "ongoing"):
        cdef = catalogue.define(cid)
        assert cdef.tick in ("heal", "damage") and cdef.valued and cdef.en and cdef.es


@pytest.mark.parametrize("game", GAMES)
def test_short_passes_add_up_to_rounds(game):
    """`pass 3s` twice is one 6-second round (ten 1.5 s in Dragon Age's 15): a condition of one
    round ends then, not never."""
    s = Session(plugins.load(game))
    s.execute("add Kyra pc")
    s.execute("cond Kyra blessed-by-the-gm 1")
    half = s.ruleset.seconds_per_round // 2
    rest = s.ruleset.seconds_per_round - half
    s.execute(f"pass {half}s")
    assert [i.rounds for i in s.state.combatants["kyra"].conditions] == [1]
    s.execute(f"pass {rest}s")
    assert s.state.combatants["kyra"].conditions == []
