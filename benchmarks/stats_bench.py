"""`gm-console stats` over many long saves: prints seconds, asserts nothing.

    python benchmarks/stats_bench.py [--saves 500] [--actions 1000] [--without-section]

Builds one Pathfinder save of ACTIONS actions (a timed fight: turns, damage, hero points, a
few fights ended and started again) in memory, writes it SAVES times under other names in a
temporary data folder, each ending in the record section the console appends when it closes
a save with its fight over (storage/records.py), then times `gm-console stats` over them
twice, in seconds and in processor seconds: the first run (no record's cache yet: a new
computer, a cleared cache) reads each save's section; the second reads the same (a section
is checked as fast as the cache). ``--without-section``: the saves as a gm-console before the
section left them (or a fight closed mid-combat): the first run reads every log the long way
(in worker processes, one per processor) and keeps each save's figures in the record's cache,
the second reads those.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import sys
import tempfile
import time
from pathlib import Path


def build(actions: int) -> tuple[str, dict]:
    """One save's text and its figures (``records.summed``): a party of four against waves of
    goblins, every turn timed."""
    from gm_console import plugins
    from gm_console.engine.core.dice import Dice
    from gm_console.engine.language.session import Session
    from gm_console.storage.codec import FORMAT, Document, encode

    ruleset = plugins.load("pathfinder1e")
    session = Session(ruleset, {o.key: o.default for o in ruleset.options()})
    dice = Dice.from_rolls([], seed=1)
    now = 1_772_323_200.0
    party = ["add Kyra pc hp=400 init=3 hero=3", "add Valeros pc hp=400 init=2", "add Seoni pc hp=300 init=1",
             "add Harsk pc hp=350 init=2"]
    for line in party:
        session.execute(line, dice, now)
    wave = 0
    while len(session.done) < actions:
        wave += 1
        session.execute("add Goblin x4 hp=30 init=1 cr=1/3", dice, now)
        session.execute("start", dice, now)
        foes = [c.name for c in session.state.combatants.values() if c.side == "foe"]
        for i in range(40):
            now += 37 + (i * 13) % 50
            line = [f'dmg "{foes[(i // 8) % len(foes)]}" 3', "next", "dmg Kyra 2", "spend Kyra hero 1", "next",
                    "heal Kyra 2", "cond Valeros shaken 2", "next"][i % 8]
            try:
                session.execute(line, dice, now)
            except Exception:  # noqa: BLE001 - a refusal (no hero point left): the next line
                pass
        session.execute("end", dice, now)
        for name in foes:
            session.execute(f'remove "{name}"', dice, now)
    doc = Document(format=FORMAT, ruleset="pathfinder1e", name="bench", created="2026-03-01T20:00:00+00:00",
                   options=dict(session.state.options), records=session.take_journal())
    from gm_console.storage import records

    return encode(doc), records.summed(session.done, ruleset, doc)


def _cpu() -> float:
    """Processor seconds used by this process and its finished children (stats' workers): on a
    machine shared with other work, the figure that does not depend on what else runs."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--saves", type=int, default=500)
    ap.add_argument("--actions", type=int, default=1000)
    ap.add_argument("--without-section", action="store_true",
                    help="saves without the record section: every log is replayed the first time")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["GM_CONSOLE_DATA_DIR"] = str(Path(tmp) / "data")
        os.environ["GM_CONSOLE_CACHE_DIR"] = str(Path(tmp) / "cache")
        folder = Path(tmp) / "data" / "encounters"
        folder.mkdir(parents=True)
        t = time.perf_counter()
        text, made = build(args.actions)
        from gm_console.storage import records

        for i in range(args.saves):
            raw = text.replace('name = "bench"', f'name = "fight {i}"', 1).encode("utf-8")
            if not args.without_section:  # what Encounter.close appends (_keep_record)
                raw += records.section(raw, made)
            (folder / f"fight-{i:04d}.toml").write_bytes(raw)
        print(f"built {args.saves} saves of {args.actions} actions ({len(raw) / 1024:.0f} KiB each, "
              f"{'no' if args.without_section else 'a'} record section) in {time.perf_counter() - t:.1f} s")
        from gm_console.cli import main as cli

        runs = (("first run (every log replayed, its figures cached)", "second run (from the record cache)")
                if args.without_section else ("first run (no cache: each save's record section)",
                                              "second run (the same)"))
        for run in runs:
            out = io.StringIO()
            t, cpu = time.perf_counter(), _cpu()
            with contextlib.redirect_stdout(out):
                code = cli(["stats"])
            took = time.perf_counter() - t
            print(f"stats over {args.saves} saves, {run}: {took:.2f} s "
                  f"({_cpu() - cpu:.1f} s of processor time, workers included; exit {code})")
        print(out.getvalue().splitlines()[0] if out.getvalue() else "(no output)", file=sys.stderr)


if __name__ == "__main__":
    main()
