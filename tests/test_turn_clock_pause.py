"""A turn left running while the console is closed does not count the closed time (issue 27):
closing writes `clock pause`, opening again `clock resume` (the GM may type both too, for a
break); the head, the average and the longest turn and the time in all leave the pause out. A
play-by-post fight run with `gm-console exec` is never paused: its turns still read in days
(docs/stats.md#the-turn-clock)."""

from __future__ import annotations

from gm_console.engine.core import events as ev
from gm_console.engine.views.aftermath import fight_summary
from gm_console.engine.core.dice import Dice
from gm_console.engine.core.errors import CommandError
from gm_console.engine.views.post import PLAIN, after_the_fight
from gm_console.storage import Encounter
from gm_console.tui.app import GMConsole

from conftest import Table
from test_tui_support import drive, make_encounter
from test_tui_turn_clock import Clock, head

DAY = 86400


def summary(t: Table):
    return fight_summary(t.session.done, t.session.ruleset, {})


def test_a_paused_turn_leaves_the_pause_out_of_its_time_the_head_and_the_total():
    t = Table("generic")
    t.do("add Kyra hp=20 pc init=15", "add Goblin hp=6 init=10")
    t.at(1000).do("start")
    t.at(1060).do("clock pause")  # the console closes a minute into Kyra's turn
    assert t.state.turn_clock == ("kyra", 1000) and t.state.turn_paused == 1060
    t.at(1060 + DAY).do("clock resume")  # the next evening
    assert t.state.turn_clock == ("kyra", 1000 + DAY) and t.state.turn_paused is None
    t.at(1090 + DAY).do("next")  # 30 s more: a 90-second turn
    t.at(1110 + DAY).do("end")
    s = summary(t)
    assert s.tallies["kyra"].turn_times == [90] and s.tallies["goblin"].turn_times == [20]
    assert s.total_time == 110
    assert "1 round · 1:50 in all" in "\n".join(after_the_fight(s, t.session.ruleset, "en", PLAIN))


def test_a_turn_that_ends_while_paused_counts_until_the_pause():
    t = Table("generic")
    t.do("add Kyra hp=20 pc init=15", "add Goblin hp=6 init=10")
    t.at(0).do("start")
    t.at(40).do("clock pause")
    t.at(3 * DAY).do("next")  # `exec next` days later, the clock still paused: 40 s, not 3 days
    assert summary(t).tallies["kyra"].turn_times == [40]
    assert t.state.turn_clock == ("goblin", 3 * DAY) and t.state.turn_paused is None


def test_pausing_twice_or_resuming_a_running_clock_is_refused_and_changes_nothing():
    t = Table("generic")
    t.do("add Kyra hp=20 pc init=15", "add Goblin hp=6 init=10")

    def refused(line: str, said: str) -> None:
        n = len(t.session.done)
        try:
            t.at(5).do(line)
        except CommandError as exc:
            assert said in str(exc), exc
        else:
            raise AssertionError(line)
        assert len(t.session.done) == n

    refused("clock pause", "no turn is being timed")
    t.at(0).do("start")
    refused("clock resume", "not paused")
    t.at(0).do("clock pause")
    refused("reloj pausa", "already paused")
    assert t.state.turn_paused == 0 and t.state.turn_clock == ("kyra", 0)


def test_a_play_by_post_fight_run_by_exec_still_reads_in_days(tmp_path):
    path = tmp_path / "pbp.toml"
    with Encounter.create(path, "generic") as enc:
        enc.execute_all(["add Kyra hp=20 pc", "add Goblin hp=6", "init Kyra 15", "init Goblin 10", "start"], at=0)
    with Encounter.open(path) as enc:  # two days later, by post
        enc.execute_all(["next"], at=2 * DAY)
    with Encounter.open(path, read_only=True) as enc:
        s = fight_summary(enc.history, enc.ruleset, enc.doc.options)
        assert s.tallies["kyra"].turn_times == [2 * DAY]
        assert not any(e.kind.startswith("TurnClockPaused") for entry in enc.history for e in entry.events)


@drive
async def test_closing_the_console_pauses_the_turn_and_opening_it_resumes(tmp_path):
    enc = make_encounter(tmp_path, ["add Kyra hp=20 pc", "add Goblin hp=6", "init Kyra 15", "init Goblin 10"])
    path = enc.path
    clock = Clock(1000)
    app = GMConsole(encounter=enc, dice=Dice.from_rolls([], seed=3), clock=clock)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        enc.execute("start", at=clock.now)  # Kyra's turn from 1000
        clock.now += 75
        app.exit()
        await pilot.pause()
    assert enc.history[-1].line == "clock pause" and enc.state.turn_paused == 1075
    enc.close()
    clock.now += DAY  # the next evening
    again = Encounter.open(path)
    app = GMConsole(encounter=again, dice=Dice.from_rolls([], seed=3), clock=clock)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert again.history[-1].line == "clock resume" and again.state.turn_paused is None
        clock.now += 15
        await pilot.pause(1.2)
        assert "Kyra's turn · 1:30" in head(app), head(app)
    again.close()
    with Encounter.open(path, read_only=True) as enc:
        assert [e for entry in enc.history for e in entry.events if e.kind.startswith("TurnClockP")] == [
            ev.TurnClockPaused(who="kyra", at=1075)]


def test_undo_after_opening_again_takes_back_the_gms_action_not_the_clocks():
    """The console wrote `clock pause` and `clock resume` around a night: the first undo takes
    back what the GM did (the damage) with them, one redo brings all three back; and an undo
    made before closing can still be redone after opening (the clock keeps the redo)."""
    t = Table("generic")
    t.do("add Kyra hp=20 pc init=15", "add Goblin hp=6 init=10")
    t.at(1000).do("start")
    t.at(1010).do("dmg Goblin 2")
    t.at(1060).do("clock pause")
    t.at(1060 + DAY).do("clock resume")
    t.do("undo")
    assert t.hp("Goblin") == 6 and t.state.turn_paused is None
    assert [e.line for e in t.session.done][-1] == "start"
    t.do("redo")
    assert t.hp("Goblin") == 4 and [e.line for e in t.session.done][-3:] == ["dmg Goblin 2", "clock pause",
                                                                             "clock resume"]
    assert t.state.turn_clock == ("kyra", 1000 + DAY)
    t.do("undo")  # the GM takes the damage back, then the console closes and opens again
    t.at(2000 + DAY).do("clock pause")
    t.at(3000 + DAY).do("clock resume")
    t.do("redo")
    assert t.hp("Goblin") == 4


def test_the_undo_stack_across_the_clocks_bookkeeping_survives_the_file(tmp_path):
    """Saved and read back, the same actions are done and the same can be redone."""
    path = tmp_path / "f.toml"
    enc = Encounter.create(path, "generic")
    dice = Dice.from_rolls([], seed=1)
    for line in ("add Kyra hp=20 pc init=15", "add Goblin hp=6 init=10"):
        enc.execute(line, dice)
    enc.execute("start", dice, at=1000)
    enc.execute("dmg Goblin 2", dice, at=1010)
    enc.execute("undo", dice)
    enc.execute("clock pause", dice, at=1060)
    enc.close()
    again = Encounter.open(path)
    again.execute("clock resume", dice, at=5000)
    again.execute("redo", dice)
    assert again.state.combatants["goblin"].pools["hp"].value == 4
    again.close()
    third = Encounter.open(path, read_only=True)
    assert third.state.combatants["goblin"].pools["hp"].value == 4
    assert [e.line for e in third.session.done][-3:] == ["clock pause", "clock resume", "dmg Goblin 2"]
