"""A delay to a count someone already holds: the delayer comes in just before them, and two
delayers at one count come in the order they delayed (docs/ARCHITECTURE.md, Order;
pathfinder1e.md §1.1.5 [I]; starfinder.md §3.1.4 [S]+[I]). In every built-in game with delay.
"""

from __future__ import annotations

import pytest

from conftest import Table, builtin_rulesets
from gm_console import plugins
from gm_console.engine.language.commands import CommandError

WITH_DELAY = [r for r in builtin_rulesets() if plugins.load(r).turns.delay]


def four(ruleset: str) -> Table:
    """Alba 20, Bruno 15, Cora 10, Dax 5; Alba is up."""
    t = Table(ruleset)
    t.do("add Alba hp=10", "add Bruno hp=10", "add Cora hp=10", "add Dax hp=10",
         "init Alba 20", "init Bruno 15", "init Cora 10", "init Dax 5", "start")
    assert t.active == "alba"
    return t


def test_the_games_with_delay_are_the_ones_their_pages_say_and_the_others_refuse_it():
    """The tests below run in WITH_DELAY; it must hold the games whose pages give delay
    (generic, pathfinder1e.md §1.1.5, starfinder.md §3.1.4) and no other: Dragon Age has none
    (dragon_age.md §2.2.3), nor D&D 5e (dnd5e.md §7.1), and refuse `delay` in one line, the order as it was. A new built-in
    game fails here until it says which it is."""
    assert sorted(WITH_DELAY) == ["generic", "pathfinder1e", "starfinder"]
    without = sorted(set(builtin_rulesets()) - set(WITH_DELAY))
    assert without == ["dnd5e", "dragon_age"]
    for game in without:
        t = Table(game)
        pool = t.session.ruleset.sheet.health_pools()[-1]
        t.do(f"add Alba {pool}=10", f"add Bruno {pool}=10", "init Alba 20", "init Bruno 15", "start")
        before = t.state.copy()
        with pytest.raises(CommandError) as refused:
            t.do("delay 10")
        assert "no delay" in str(refused.value) and "\n" not in str(refused.value)
        assert t.state == before and t.active == "alba"


@pytest.mark.parametrize("ruleset", WITH_DELAY)
def test_a_delay_to_someones_count_comes_in_just_before_them(ruleset):
    t = four(ruleset)
    t.do("delay 10")  # Cora's own initiative
    assert t.active == "bruno"
    assert t.turns(1) == [(1, "alba")]
    assert t.said()[-1] == "Alba stops delaying and acts at count 10"
    assert t.c("Alba").initiative == 10 == t.c("Cora").initiative
    assert t.turns(6) == [(1, "cora"), (1, "dax"), (2, "bruno"), (2, "alba"), (2, "cora"), (2, "dax")]
    assert t.order == ["bruno", "alba", "cora", "dax"]


@pytest.mark.parametrize("ruleset", WITH_DELAY)
def test_a_delay_to_the_next_count_up_acts_at_once_before_its_holder(ruleset):
    """Nobody acts between 20 and 15: Alba's `delay 15` is Alba acting now, at 15, before Bruno."""
    t = four(ruleset)
    t.do("delay 15")
    assert t.active == "alba" and not t.state.delayed and t.c("Alba").initiative == 15
    assert t.turns(4) == [(1, "bruno"), (1, "cora"), (1, "dax"), (2, "alba")]


@pytest.mark.parametrize("ruleset", WITH_DELAY)
def test_two_delayers_at_one_count_come_in_the_order_they_delayed(ruleset):
    t = four(ruleset)
    t.do("delay 10", "delay 10")  # Alba, then Bruno
    assert t.active == "alba"  # the first to wait for 10
    assert t.turns(5) == [(1, "bruno"), (1, "cora"), (1, "dax"), (2, "alba"), (2, "bruno")]
    assert t.order == ["alba", "bruno", "cora", "dax"]
