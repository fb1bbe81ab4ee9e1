"""The initiative order a GM sees with groups and ties (issue 24): a group is one place in the
roll-off and in the order, `init` on one member moves the whole group by its count, a long tie
saves and reopens.

Driven as the GM drives it: `gm-console exec` on a save file (then `show --json` / `log`), or
the ``Table`` helper for the turn-by-turn properties.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from conftest import Table
from hypothesis import given, settings
from hypothesis import strategies as st

from gm_console.cli import main
from gm_console.engine.rules import groups
from gm_console.storage import Encounter


def gm(path: Path, *lines: str, rolls: str | None = None, ruleset: str | None = None) -> None:
    argv = ["exec", str(path)]
    if ruleset and not path.exists():
        argv += ["--new", ruleset]
    if rolls:
        argv += ["--rolls", rolls]
    assert main([*argv, "-q", "--", *lines]) == 0


def shown(path: Path, capsys) -> dict:
    capsys.readouterr()
    assert main(["show", str(path), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def log_lines(path: Path, capsys, *extra: str) -> list[str]:
    capsys.readouterr()
    assert main(["log", str(path), *extra]) == 0
    return capsys.readouterr().out.splitlines()


def order_of(data: dict) -> list[str]:
    return list(data["order"])


# -- a long tie saves and reopens (pathfinder1e.md §1.1 ties) ---------------------------------------------


@settings(max_examples=12, deadline=None)
@given(st.integers(2, 12).flatmap(lambda n: st.permutations(range(1, n + 1))))
def test_a_tie_of_any_size_saves_and_reopens(dice):
    """pathfinder1e.md §1.1.2: ties at the same count and modifier are rolled off. A tie of six
    or more once made a save that would not reopen ("nested deeper than 16")."""
    n = len(dice)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "tie.toml"
        inits = [f'init "Goblin {i}" 12' for i in range(1, n + 1)]
        gm(path, f"add Goblin x{n} hp=6", *inits, "start", rolls=",".join(map(str, dice)), ruleset="pathfinder1e")
        # the highest roll-off acts first, and so on down
        expected = [f"goblin-{i + 1}" for i in sorted(range(n), key=lambda i: -dice[i])]
        again = Encounter.open(path, read_only=True)
        assert again.state.order == expected
        again.close()


def test_a_long_tie_reads_whole_for_gm_and_players(tmp_path, capsys):
    path = tmp_path / "tie.toml"
    inits = [f'init "Goblin {i}" 12' for i in range(1, 9)]
    gm(path, "add Goblin x8 hp=6", *inits, "start", rolls="8,7,6,5,4,3,2,1", ruleset="pathfinder1e")
    line = next(x for x in log_lines(path, capsys) if "roll-off Goblin 1" in x)
    assert "Goblin 1 rolls 8, Goblin 2 rolls 7" in line and "Goblin 8 rolls 1" in line
    spanish = next(x for x in log_lines(path, capsys, "--lang", "es") if "Goblin 8" in x and "Goblin 1" in x)
    assert "Goblin 8" in spanish and "rolls" not in spanish  # each result in the reader's language


# -- a group is one place in the roll-off (docs/rulesets/generic.md#groups, pathfinder1e.md §1.1.2) ------


def test_a_group_rolls_off_once_and_keeps_its_members_in_the_order_they_joined(tmp_path, capsys):
    """The GM's fight: four goblins as a group tie at 11 with Kyra; the group rolls one d20
    (9) against Kyra's (5) and its members act 1, 2, 3, 4, not 2, 1, 4, 3 after eight roll-offs."""
    path = tmp_path / "g.toml"
    gm(path, "add Goblin x4 group hp=6 init=1", "add Kyra pc hp=20 init=1", "init Kyra 11", "start",
       rolls="10,9,5", ruleset="pathfinder1e")
    assert order_of(shown(path, capsys)) == ["goblin-1", "goblin-2", "goblin-3", "goblin-4", "kyra"]
    lines = log_lines(path, capsys)
    rolloffs = [x for x in lines if "roll-off" in x]
    assert len(rolloffs) == 3  # the group's d20, Kyra's, and the one line saying who won
    assert any("Goblin 1's group rolls 9, Kyra rolls 5" in x for x in rolloffs)


def test_a_group_alone_at_its_count_rolls_no_tie_break(tmp_path, capsys):
    path = tmp_path / "g.toml"
    gm(path, "add Goblin x4 group hp=6 init=1", "add Kyra pc hp=20 init=2", "start", rolls="10,2",
       ruleset="pathfinder1e")
    assert order_of(shown(path, capsys)) == ["goblin-1", "goblin-2", "goblin-3", "goblin-4", "kyra"]
    assert not [x for x in log_lines(path, capsys) if "roll-off" in x or "tie" in x.lower()]


def test_starfinder_group_is_one_place_in_ties_both_ways(tmp_path, capsys):
    """starfinder.md §3.1: a group alone at its count is no "tie"; tied with Kyra under the
    official roll-off it rolls once."""
    path = tmp_path / "s.toml"
    gm(path, "add Goblin x4 group hp=6 init=1", "add Kyra pc hp=20 init=1", "start", rolls="10,2",
       ruleset="starfinder")
    assert not [x for x in log_lines(path, capsys) if "tie" in x.lower() or "shared slot" in x.lower()]
    path = tmp_path / "s2.toml"
    gm(path, "add Goblin x4 group hp=6 init=1", "add Kyra pc hp=20 init=1", "option tie_order official",
       "init Kyra 11", "start", rolls="10,3,8", ruleset="starfinder")
    assert order_of(shown(path, capsys)) == ["kyra", "goblin-1", "goblin-2", "goblin-3", "goblin-4"]
    assert len([x for x in log_lines(path, capsys) if "roll · initiative roll-off" in x]) == 2


# -- `init` on a member moves the whole group by its count ------------------------------------------------


def test_init_on_one_member_sets_the_whole_groups_count(tmp_path, capsys):
    path = tmp_path / "i.toml"
    gm(path, "add Goblin x3 group hp=6", "add Kyra pc hp=20", "add Ogre hp=30", 'init "Goblin 1" 15',
       "init Kyra 12", "init Ogre 8", "start", ruleset="generic")
    gm(path, 'init "Goblin 3" 10')  # the GM corrects the pack's count on the third goblin's row
    data = shown(path, capsys)
    inits = {c["id"]: c["initiative"] for c in data["combatants"]}
    assert [inits[f"goblin-{n}"] for n in (1, 2, 3)] == [10, 10, 10]
    assert order_of(data) == ["kyra", "goblin-1", "goblin-2", "goblin-3", "ogre"]


def test_a_group_added_mid_fight_is_placed_by_its_count():
    t = Table("generic")
    t.do("add Kyra pc hp=20", "add Ogre hp=30", "init Kyra 15", "init Ogre 5", "start")
    t.do("add Wolf x2 group hp=5", 'init "Wolf 2" 10')
    assert t.order == ["kyra", "wolf-1", "wolf-2", "ogre"]


# -- properties: the order follows the counts, a group is contiguous, in join order -----------------------

NAMES = ("Kyra", "Ogre", "Goblin", "Wolf")


@st.composite
def commands(draw):
    out = []
    for _ in range(draw(st.integers(3, 14))):
        kind = draw(st.sampled_from(["add", "addgroup", "init", "start", "next", "group", "roll"]))
        if kind == "add":
            out.append(f"add {draw(st.sampled_from(NAMES))} hp=5")
        elif kind == "addgroup":
            out.append(f"add {draw(st.sampled_from(NAMES))} x{draw(st.integers(2, 4))} group hp=5")
        elif kind == "init":
            out.append(f"init #{draw(st.integers(0, 9))} {draw(st.integers(1, 20))}")
        elif kind == "group":
            out.append(f"group #{draw(st.integers(0, 9))} #{draw(st.integers(0, 9))}")
        else:
            out.append(kind)
    return out


def _run(t: Table, line: str) -> None:
    from gm_console.engine.core.errors import CommandError

    ids = list(t.state.combatants)
    words = []
    for w in line.split():
        if w.startswith("#"):
            if not ids:
                return
            w = ids[int(w[1:]) % len(ids)]
        words.append(w)
    try:
        t.do(" ".join(words))
    except CommandError:
        pass


def _check_order(t: Table) -> None:
    s = t.state
    order = [cid for cid in s.order if cid in s.combatants]
    inits = [s.get(cid).initiative for cid in order]
    assert inits == sorted(inits, reverse=True), (order, inits)  # the order follows the counts
    for cid in order:
        gid = groups.group_of(s.get(cid))
        if gid is None:
            continue
        block = [m for m in order if groups.group_of(s.get(m)) == gid and s.get(m).initiative == s.get(cid).initiative]
        at = [order.index(m) for m in block]
        assert at == list(range(at[0], at[0] + len(at))), (order, block)  # side by side
        assert [s.get(m).added for m in block] == sorted(s.get(m).added for m in block)  # in join order


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["generic", "pathfinder1e", "starfinder", "dragon_age"]), commands(),
       st.lists(st.integers(1, 20), min_size=40, max_size=40))
def test_the_order_follows_counts_and_keeps_groups_together(game, lines, dice):
    t = Table(game).rolls(*[d if game != "dragon_age" else 1 + d % 6 for d in dice])
    for line in lines:
        _run(t, line)
        _check_order(t)
