"""What rendering the log when it is read costs (issue 22): the log keeps messages, and every
view writes them out for its reader and language. Prints figures, asserts nothing.

    python benchmarks/log_render.py [--checkout DIR]

The fight is the big one of tui_speed.py (200 Pathfinder combatants with 5 conditions each, a
10,000-action log), opened as the TUI opens it (from its snapshot). Figures, median of 5:
opening it; `post` for its last round (the players' report: the whole log walked, the last
round written out, both languages); `log --players` whole; the GM's newest 200 log lines (what
the log pane draws first). ``--checkout DIR`` runs the same against another gm-console (an older
commit unpacked with `git archive`) to compare before and after.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent

PROBE = r'''
import statistics, sys, time
from pathlib import Path
from gm_console.storage import Encounter
from gm_console.engine.views.post import report
from gm_console.engine.views.export import play_log
from gm_console.engine.views.describe import describe_events

path = Path(sys.argv[1])
def median(fn, n=5):
    times = []
    for _ in range(n):
        t = time.perf_counter(); fn(); times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000

enc = Encounter.open(path, read_only=True)
done, rs, state = enc.session.done, enc.ruleset, enc.state
last = done[-1].round
def newest():
    out = []
    for entry in done[-200:]:
        out += describe_events(entry.events, state, rs, "es")
    return out
print(f"open (from its snapshot)            {median(lambda: Encounter.open(path, read_only=True)):8.1f} ms")
print(f"post, last round, en                {median(lambda: report(done, rs, None, 'x', 'bbcode', 'en', round=last)):8.1f} ms")
print(f"post, last round, es                {median(lambda: report(done, rs, None, 'x', 'bbcode', 'es', round=last)):8.1f} ms")
print(f"log --players, whole                {median(lambda: play_log(done, state, rs, 'es', players=True), 3):8.1f} ms")
print(f"the GM's newest 200 actions' lines  {median(newest):8.1f} ms")
'''


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--checkout", type=Path, help="another gm-console to measure the same way")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for name, root in (("this checkout", HERE.parent), ("--checkout", args.checkout)):
            if root is None:
                continue
            print(f"# {name}: {root}", flush=True)
            path = Path(tmp) / f"big-{len(name)}.toml"
            env = dict(os.environ, GM_CONSOLE_CACHE_DIR=str(Path(tmp) / "cache"), PYTHONPATH=f"{root}:{HERE}")
            # the fight built, and opened once (its snapshot kept), by the code measured
            subprocess.run([sys.executable, "-c", "import sys, pathlib; from tui_speed import fight; "
                            "from gm_console.storage import Encounter; p = pathlib.Path(sys.argv[1]); "
                            "fight(p, 200, 5, 10_000); Encounter.open(p, read_only=True)", str(path)],
                           env=env, check=True, cwd=root)
            subprocess.run([sys.executable, "-c", PROBE, str(path)], env=env, check=True, cwd=root)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
