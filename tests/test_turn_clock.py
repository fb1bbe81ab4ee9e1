"""The turn clock: each turn's start and end with the wall-clock time, in the log (issue 27).

The front end hands the time in with each command (``Session.run(at=...)``); here the clock
is fixed, so every figure is exact. docs/stats.md says what the GM reads.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gm_console.engine.core import events as ev
from gm_console.engine.views.aftermath import fight_summary, summary_dict
from gm_console.engine.rules.durations import wall_time
from gm_console.engine.views.export import state_dict
from gm_console.engine.views.post import PLAIN, after_the_fight, report
from gm_console.i18n import render
from gm_console.storage import Encounter

from conftest import Table

ROOT = Path(__file__).resolve().parent.parent


def fight(options=None) -> Table:
    """Kyra and a goblin: Kyra 70 s then 200 s, the goblin 30 s then 100 s; 400 s in all."""
    t = Table("generic", options)
    t.do("add Kyra hp=20 pc init=15", "add Goblin hp=6 init=10")
    for at, line in [(1000, "start"), (1065, "dmg Goblin 6"), (1070, "next"), (1100, "next"),
                     (1300, "next"), (1400, "end")]:
        t.at(at).do(line)
    return t


def summary(t: Table, players: bool = False, options=None):
    return fight_summary(t.session.done, t.session.ruleset, options or {}, players=players)


def test_the_summary_gives_rounds_total_time_and_each_combatants_average_and_longest_turn():
    s = summary(fight())
    assert s.rounds == 2 and s.total_time == 400
    kyra, goblin = s.tallies["kyra"], s.tallies["goblin"]
    assert kyra.turn_times == [70, 200] and kyra.average_turn == 135 and kyra.longest_turn == 200
    assert goblin.turn_times == [30, 100] and goblin.average_turn == 65 and goblin.longest_turn == 100
    text = "\n".join(after_the_fight(s, fight().session.ruleset, "en", PLAIN))
    assert "2 rounds · 6:40 in all" in text
    assert "Kyra: 2 turns, 2:15 on average, the longest 3:20" in text
    assert "Goblin: 2 turns, 1:05 on average, the longest 1:40" in text
    es = "\n".join(after_the_fight(s, fight().session.ruleset, "es", PLAIN))
    assert "Kyra: 2 turnos, 2:15 de media, el más largo 3:20" in es


def test_a_play_by_post_fight_reads_in_days_and_hours():
    t = Table("generic")
    t.do("add Kyra hp=20 pc init=15", "add Goblin hp=6 init=10")
    day = 86400
    t.at(0).do("start")
    t.at(2 * day + 5 * 3600).do("next")  # Kyra's turn: two days and five hours
    t.at(3 * day).do("end")
    s = summary(t)
    assert render(wall_time(s.tallies["kyra"].longest_turn), "en") == "2 d 5 h"
    assert "3 d 0 h in all" in "\n".join(after_the_fight(s, t.session.ruleset, "en", PLAIN))
    assert render(wall_time(3 * 3600 + 7 * 60), "en") == "3 h 7 min"
    assert render(wall_time(42), "en") == "0:42"


def test_the_clock_is_events_in_the_log_and_the_state_knows_whose_turn_it_times():
    t = Table("generic")
    t.do("add Kyra hp=20 pc init=15", "add Goblin hp=6 init=10")
    entry = t.at(500).do("start")
    assert ev.TurnClockStarted(who="kyra", at=500) in entry.events
    assert t.state.turn_clock == ("kyra", 500)
    entry = t.at(530).do("next")
    assert [e for e in entry.events if e.kind.startswith("TurnClock")] == [
        ev.TurnClockStopped(who="kyra", at=530), ev.TurnClockStarted(who="goblin", at=530)]
    t.at(540).do("dmg Goblin 1")  # not a turn: no clock event
    assert not [e for e in t.session.done[-1].events if e.kind.startswith("TurnClock")]
    t.do("undo", "undo")  # back to Kyra's turn, timed from when it began
    assert t.state.turn_clock == ("kyra", 500)


def test_without_a_clock_nothing_is_timed_and_the_log_is_as_before():
    t = Table("generic")
    t.do("add Kyra hp=20 pc init=15", "add Goblin hp=6 init=10", "start", "next", "end")
    assert not any(e.kind.startswith("TurnClock") for entry in t.session.done for e in entry.events)
    s = summary(t)
    assert s.total_time is None and summary_dict(s)["time"] is None
    assert "in all" not in "\n".join(after_the_fight(s, t.session.ruleset, "en", PLAIN))


def test_a_combatant_removed_during_its_turn_has_its_turn_end_and_the_save_replays(tmp_path):
    path = tmp_path / "f.toml"
    with Encounter.create(path, "generic") as enc:
        # the counts typed, not rolled: `start` would roll d20 + init (random: Encounter has no fixed dice)
        for at, line in [(0, "add Kyra hp=20 pc"), (0, "add Goblin hp=6"), (0, "init Kyra 15"), (0, "init Goblin 10"),
                         (0, "start"),
                         (10, "next"), (25, "remove Goblin"), (40, "end")]:
            enc.execute(line, at=at)
    again = Encounter.open(path, read_only=True)
    s = fight_summary(again.history, again.ruleset, again.doc.options)
    assert s.tallies["goblin"].turn_times == [15] and s.tallies["kyra"].turn_times[0] == 10


def test_an_interrupting_readied_action_leaves_the_turn_clock_running():
    t = Table("generic")
    t.do("add Kyra hp=20 pc init=15", "add Goblin hp=6 init=10", "add Orc hp=9 init=5")
    t.at(0).do("start")
    t.at(5).do("ready Kyra when the orc moves")  # readying ends Kyra's turn: the goblin's
    t.at(10).do("next")  # the orc's turn
    entry = t.at(30).do("trigger Kyra")  # Kyra acts in the orc's turn
    assert not [e for e in entry.events if e.kind.startswith("TurnClock")]
    t.at(50).do("next")
    s = summary(t)
    assert s.tallies["kyra"].turn_times == [5] and s.tallies["goblin"].turn_times == [5]
    assert s.tallies["orc"].turn_times == [40]


def test_players_never_read_the_times_unless_the_table_says_so():
    t = fight()
    rs = t.session.ruleset
    players = summary(t, players=True)
    assert players.total_time is None and not any(x.turn_times for x in players.tallies.values())
    text = "\n".join(after_the_fight(players, rs, "en", PLAIN))
    assert "in all" not in text and "Turn times" not in text and "average" not in text
    post = report(t.session.done, rs, options={}, lang="en", round=2)
    assert "After the fight" in post and "6:40" not in post and "2:15" not in post
    view = state_dict(t.state, rs, players=True, entries=t.session.done, options={})
    assert view["summary"]["time"] is None
    # the table's option in the save's [options]: the players read them
    told = fight(options={"players_turn_times": True})
    shown = summary(told, players=True, options={"players_turn_times": True})
    assert shown.total_time == 400 and shown.tallies["kyra"].longest_turn == 200
    assert "Turn times" in "\n".join(after_the_fight(shown, rs, "en", PLAIN))


def test_an_old_save_without_clock_events_still_opens_and_its_summary_is_untimed(tmp_path):
    src = ROOT / "saves" / "generic.toml"
    path = tmp_path / "old.toml"
    shutil.copy(src, path)
    enc = Encounter.open(path, read_only=True)
    assert enc.state.turn_clock is None
    s = fight_summary(enc.history, enc.ruleset, enc.doc.options)
    assert s is None or s.total_time is None


LINES = ["next", "next", "prev", "dmg Goblin 2", "delay Kyra", "resume Kyra", "undo", "redo", "end", "start",
         "remove Orc", "ready Kyra when it moves", "trigger Kyra"]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.sampled_from(LINES), st.integers(0, 10 ** 6)), min_size=1, max_size=25))
def test_any_timed_history_reopens_with_the_same_clock_and_the_same_times(tmp_path_factory, steps):
    """Property: the clock's events survive the save (its codec, the snapshot, the long way)."""
    path = tmp_path_factory.mktemp("clock") / "f.toml"
    with Encounter.create(path, "generic") as enc:
        enc.execute_all(["add Kyra hp=20 pc init=15", "add Goblin hp=30 init=10", "add Orc hp=9 init=5", "start"],
                        at=0)
        now = 0.0
        for line, step in steps:
            now += step / 7
            try:
                enc.execute(line, at=now)
            except Exception:  # noqa: BLE001 - refused: nothing recorded
                pass
        state, times = enc.state, summary_dict(fight_summary(enc.history, enc.ruleset, enc.doc.options))
        if enc.state.in_combat and enc.state.active:
            assert enc.state.turn_clock[0] == enc.state.active
        enc.keep_snapshot()
    for again in (Encounter.open(path, read_only=True), Encounter.open(path, read_only=True)):
        assert again.state.turn_clock == state.turn_clock
        assert summary_dict(fight_summary(again.history, again.ruleset, again.doc.options)) == times


def test_the_players_summary_never_tells_the_hero_points_spent():
    """Hero points are the GM's (docs/players.md §1.1): the record counts them, the players'
    summary does not."""
    t = Table("pathfinder1e")
    t.do("add Kyra pc hp=20 init=3 hero=3", "add Goblin hp=6 init=1", "init Kyra 20", "init Goblin 5", "start",
         "spend Kyra hero 1", "end")
    gm = fight_summary(t.session.done, t.session.ruleset, {})
    players = fight_summary(t.session.done, t.session.ruleset, {}, players=True)
    assert gm.tallies["kyra"].spent == {"hero": 1} and players.tallies["kyra"].spent == {}
    assert summary_dict(players)["combatants"][0]["spent"] == {}
