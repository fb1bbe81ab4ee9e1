"""Finding the installed games at start: gm_console.entry_points's reader of ``entry_points.txt``
(A) against ``importlib.metadata`` (B), each in a fresh interpreter that has first imported what
a start has by then (the app, the plugins module). Prints figures, asserts nothing.

    python benchmarks/discovery.py            # 40 runs of each, alternating
    python benchmarks/discovery.py --runs 10

Figures: the time of the one call that lists the games (importing importlib.metadata counted,
as a start would pay it) and the resident memory it adds, median and spread over the runs.
The comment on gm_console.entry_points quotes them: the reader stays only while it saves a
start something a GM could notice.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys

PROBE = r'''
import json, sys, time
import gm_console.tui.app, gm_console.plugins as plugins  # what a start has imported by then
from gm_console import entry_points as ep

def rss():
    with open("/proc/self/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))

assert "importlib.metadata" not in sys.modules
before, t = rss(), time.perf_counter()
found = ep.entry_points(plugins.GROUP) if sys.argv[1] == "A" else ep._with_importlib_metadata(plugins.GROUP)
elapsed = time.perf_counter() - t
print(json.dumps({"ms": elapsed * 1000, "kib": rss() - before, "n": len(found)}))
'''


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=40)
    args = parser.parse_args()
    figures: dict[str, list[dict]] = {"A": [], "B": []}
    for _ in range(args.runs):
        for which in ("A", "B"):
            out = subprocess.run([sys.executable, "-c", PROBE, which], capture_output=True, text=True, check=True)
            figures[which].append(json.loads(out.stdout))
    for which, label in (("A", "entry_points.txt reader"), ("B", "importlib.metadata")):
        ms = [f["ms"] for f in figures[which]]
        kib = [f["kib"] for f in figures[which]]
        print(f"{label:24} {statistics.median(ms):6.1f} ms (runs {min(ms):.1f}-{max(ms):.1f}), "
              f"{statistics.median(kib) / 1024:4.1f} MiB (runs {min(kib) / 1024:.1f}-{max(kib) / 1024:.1f}), "
              f"{figures[which][0]['n']} games")


if __name__ == "__main__":
    main()
