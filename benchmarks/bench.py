"""gm-console benchmarks: prints figures, asserts nothing.

    python benchmarks/bench.py            # all figures
    python benchmarks/bench.py --quick    # smaller repeat counts

Figures: save per action at 10 and 10,000 logged actions (the autosave is an O(1)
append), open time of a 10,000-action encounter (fast path; tomllib alone; migrated
from format 1), next-turn time at 200 combatants, undo time at 10,000 actions, a year's rest
for 100 Dragon Age mages, adding 3,000 combatants in one exec (linear: 18 s before the name
index, issue 14), the first `add @name` from a 100,000-entry user bestiary (linear and lazy:
issue 23), TUI startup and keypress-to-repaint.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from gm_console.engine.core.dice import Dice
from gm_console.storage import Encounter, store
from gm_console.storage import bestiary_files as bestiary_file


def ms(seconds: float) -> str:
    return f"{seconds * 1000:8.2f} ms"


def build(path: Path, actions: int) -> Encounter:
    """An encounter with a realistic mix of actions (turns, damage, conditions), each saved
    as it happens, as at the table."""
    enc = Encounter.create(path, "generic")
    dice = Dice.from_rolls([], seed=1)
    for line in ["add Goblin x6 hp=30 init=2", "add Kyra pc hp=400 init=3", "roll", "start"]:
        enc.execute(line, dice)
    cycle = ["dmg Kyra 1", "cond \"Goblin 1\" shaken 2", "next", "heal Kyra 1", "note a line", "next"]
    i = 0
    while len(enc.session.done) < actions:
        enc.execute(cycle[i % len(cycle)], dice)
        i += 1
    return enc


def save_per_action(enc: Encounter, repeats: int) -> float:
    times = []
    for i in range(repeats):
        enc.session.execute("note autosave probe", None)
        t = time.perf_counter()
        enc.save()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def bench_storage(tmp: Path, repeats: int) -> None:
    small = build(tmp / "small.toml", 10)
    big = build(tmp / "big.toml", 10_000)
    print(f"save per action, 10 actions logged      {ms(save_per_action(small, repeats))}")
    print(f"save per action, 10,000 actions logged  {ms(save_per_action(big, repeats))}")
    size = big.path.stat().st_size
    print(f"open a 10,000-action encounter          {ms(best_open(big.path))}  ({size / 1e6:.1f} MB)")
    slow = tmp / "slow.toml"  # one blank after [log] and the fast path steps aside: tomllib reads it all
    slow.write_text(big.path.read_text(encoding="utf-8").replace("\n[log]\n", "\n[log] \n"), encoding="utf-8")
    print(f"  the same, read by tomllib alone       {ms(best_open(slow))}")
    old = tmp / "old.toml"
    write_format1(old, big)
    t = time.perf_counter()
    Encounter.open(old).close()
    print(f"  the same in format 1, migrated        {ms(time.perf_counter() - t)}")
    t = time.perf_counter()
    big.session.execute("undo")
    print(f"undo at 10,000 actions                  {ms(time.perf_counter() - t)}")


def best_open(path: Path) -> float:
    times = []
    for _ in range(3):
        t = time.perf_counter()
        Encounter.open(path, read_only=True)
        times.append(time.perf_counter() - t)
    return min(times)


def write_format1(path: Path, enc: Encounter) -> None:
    """The same history as format 1 wrote it (a JSON string per line), to time a migration."""
    doc = store.read(enc.path).doc
    lines = ["format = 1", f'ruleset = "{doc.ruleset}"', 'name = "old"', "", "[options]", "", "[log]"]
    for record in doc.records:
        body = json.dumps({k: v for k, v in record.items() if k != "n"}, ensure_ascii=False, separators=(",", ":"))
        body = body.replace("'", "\\u0027")
        lines.append(f"{record['n']} = '{body}'")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def bench_next_turn(tmp: Path, repeats: int) -> None:
    enc = Encounter.create(tmp / "crowd.toml", "generic")
    dice = Dice.from_rolls([], seed=2)
    enc.execute("add Soldier x100 hp=10 init=1", dice, save=False)
    enc.execute("add Orc x100 hp=15 init=0", dice, save=False)
    enc.execute("roll", dice, save=False)
    enc.execute("start", dice, save=False)
    for i in range(1, 40):
        enc.execute(f"cond \"Orc {i}\" shaken 3", dice, save=False)
    enc.save()
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        enc.execute("next", dice)
        times.append(time.perf_counter() - t)
    print(f"next turn at 200 combatants (with save) {ms(statistics.median(times))}")


def bench_long_rest(tmp: Path) -> None:
    """Issue 14: 100 Dragon Age mages regaining mana over `pass 366d` took 57 s and 120 MB."""
    enc = Encounter.create(tmp / "mages.toml", "dragon_age")
    dice = Dice.from_rolls([], seed=3)
    for i in range(100):
        enc.execute(f"add Mage{i} pc health=5/20 mana=1/30 magic=3", dice, save=False)
    enc.save()
    t = time.perf_counter()
    entry = enc.execute("pass 366d", dice)
    print(f"pass 366d, 100 Dragon Age mages (with save) {ms(time.perf_counter() - t)}, {len(entry.events)} events")


def bench_crowd(tmp: Path) -> None:
    """`gm-console exec` of 3,000 adds: the roster's name index keeps each add O(1)."""
    enc = Encounter.create(tmp / "horde.toml", "generic")
    lines = [f'add "Orc {i}" hp=9 init=1' for i in range(1, 3001)]
    t = time.perf_counter()
    enc.execute_all(lines, Dice.from_rolls([], seed=3))
    print(f"add 3,000 combatants in one exec        {ms(time.perf_counter() - t)}")
    t = time.perf_counter()
    enc.execute("undo")
    print(f"undo at 3,000 combatants                {ms(time.perf_counter() - t)}")


def bench_user_bestiary(tmp: Path) -> None:
    """The GM's own bestiary of 100,000 creatures (about 4 MB): the first `add @name` reads it
    (issue 23: reading was quadratic, 2,500 entries 1.8 s and 100,000 still running after 120 s,
    and it happened at every open for writing; now an open reads nothing and a look-up lists
    the file from its header and name lines, reading only the creature it adds)."""
    previous = os.environ.get("GM_CONSOLE_DATA_DIR")
    os.environ["GM_CONSOLE_DATA_DIR"] = str(tmp / "data")  # never the GM's own data folder
    try:
        path = bestiary_file.user_path("generic")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("".join(f'[orc-{i}]\nen = "Orc {i}"\nhp = {6 + i % 20}\nac = 13\n\n' for i in range(100_000)),
                        encoding="utf-8")
        enc = Encounter.create(tmp / "bestiary-fight.toml", "generic")
        t = time.perf_counter()
        enc.execute('add @"Orc 99999"')
        took = time.perf_counter() - t
        enc.close()
        print(f"100,000-entry user bestiary: add @name {ms(took)}  ({path.stat().st_size / 1e6:.1f} MB)")
    finally:
        if previous is None:
            os.environ.pop("GM_CONSOLE_DATA_DIR", None)
        else:
            os.environ["GM_CONSOLE_DATA_DIR"] = previous


def bench_tui(path: Path, label: str) -> None:
    """Headless: time to the first painted screen, and from a key to the repainted screen."""
    from gm_console.tui.app import GMConsole
    from gm_console.tui.widgets.initiative import InitiativePane

    async def measure() -> tuple[float, float, float]:
        t = time.perf_counter()
        app = GMConsole(path=path, lang="en")
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            startup = time.perf_counter() - t
            idle = []
            for _ in range(10):  # a key bound to nothing: what Pilot's own round trip costs
                t = time.perf_counter()
                await pilot.press("z")
                await pilot.pause()
                idle.append(time.perf_counter() - t)
            times = []
            for _ in range(20):
                pane = app.screen.query_one(InitiativePane)
                before = pane.render().plain
                t = time.perf_counter()
                await pilot.press("n")
                await pilot.pause()
                assert pane.render().plain != before  # really repainted something new
                times.append(time.perf_counter() - t)
        return startup, statistics.median(times), statistics.median(idle)

    startup, key, idle = asyncio.run(measure())
    print(f"TUI open to first paint, {label:14} {ms(startup)}")
    print(f"keypress to repaint (next), {label:12} {ms(key)}  (a no-op key: {idle * 1000:.1f} ms)")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    repeats = 10 if args.quick else 50
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        print(f"python {sys.version.split()[0]}")
        bench_storage(tmp, repeats)
        bench_next_turn(tmp, repeats)
        bench_long_rest(tmp)
        bench_crowd(tmp)
        bench_user_bestiary(tmp)
        bench_tui(build(tmp / "tui.toml", 200).path, "200 actions")
        crowd = tmp / "crowd.toml"
        bench_tui(crowd, "200 combatants")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
