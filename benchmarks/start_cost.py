"""The start as the program itself sees it: the processor time it has used when it writes the
first frame that holds the first combatant's name, A against B alternating run by run.

    python benchmarks/start_cost.py [--runs N] [--only example,big] [--against DIR]

``tui_speed.py`` watches the screen from outside (``capture-pane`` polled), which is what a GM
sees but blurs every figure by the poll and by the wait for a processor on a shared machine.
This one reads the same moment from inside: each app runs in tmux at 120x40 under a small
wrapper that notes, at the first write to the terminal that carries the first combatant's
name, its processor time (``time.process_time``: what other sessions blur least), the wall
time since it was spawned, and 1.5 s later (the screen settled) its processor time again and
its resident memory. The
wrapper patches Textual's driver only once Textual is imported, so the program loads in its
own order; it runs nothing else.

``--phases`` adds where the processor time to the first name went, phase by phase (the
interpreter's start, our command line and engine imported, the save opened, Textual and the
TUI imported, the first frame), from marks the wrapper takes as those modules finish loading.

A is this checkout's gm-console; B is the bare Textual app (``bare_app.py``, the floor) or,
with ``--against DIR``, another gm-console (a before and after: an older commit unpacked with
``git archive``), each with its own copy of every save and its own snapshot of it.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tui_speed import HEIGHT, WIDTH, copies, environment, fight, first_name  # benchmarks/ is the script's folder

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SOCKET = f"gm-start-{os.getpid()}"
SETTLED = 1.5  # seconds after the first frame at which the resident memory is read

#: run inside the measured program, before anything of it: notes the first write holding NAME
WRAPPER = r'''
import os, sys, time, json, threading, runpy, importlib.abc, importlib.machinery
NAME, OUT, T0, SETTLED = os.environ["GM_NAME"], os.environ["GM_OUT"], float(os.environ["GM_T0"]), float(os.environ["GM_SETTLED"])
seen = {}

def rss():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])

def settled():
    seen["rss_kib"], seen["cpu_settled"] = rss(), time.process_time()
    with open(OUT, "w") as f:
        json.dump(seen, f)

marks = {"started": time.process_time()}  # the phases: processor time when each ended

def patch_driver(module):
    cls = module.LinuxDriver
    write, start = cls.write, cls.start_application_mode
    def noted(self, data):
        if "live_cpu" not in seen and NAME in data:
            now = dict(cpu=time.process_time(), wall=time.time() - T0)
            seen.update(live_cpu=now["cpu"], live_wall=now["wall"])
            if "cpu" not in seen:
                seen.update(now, rss_first_kib=rss(), marks=marks)
            threading.Timer(SETTLED, settled).start()
        return write(self, data)
    def starting(self):
        marks.setdefault("terminal", time.process_time())  # every import done, the app starting
        return start(self)
    cls.write, cls.start_application_mode = noted, starting

def patch_encounter(module):
    opened = module.Encounter.open.__func__
    def open_(cls, *args, **kwargs):
        marks.setdefault("before open", time.process_time())
        try:
            return opened(cls, *args, **kwargs)
        finally:
            marks.setdefault("opened", time.process_time())
    module.Encounter.open = classmethod(open_)

def patch_glimpse(module):
    show = module.show
    def shown(argv):
        painted = show(argv)
        if painted and not seen:  # the fight's kept screen (gm_console/glimpse.py): the roster is in it
            seen.update(cpu=time.process_time(), wall=time.time() - T0, rss_first_kib=rss(), marks=marks, kept=True)
        return painted
    module.show = shown

AFTER = {"textual.drivers.linux_driver": patch_driver, "gm_console.glimpse": patch_glimpse, "gm_console.storage.encounter": patch_encounter,
         "gm_console.cli": lambda module: marks.setdefault("command line", time.process_time())}

class Finder(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name not in AFTER:
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is None:
            return None
        run = spec.loader.exec_module
        def exec_module(module):
            run(module)
            AFTER.pop(name)(module)
        spec.loader.exec_module = exec_module
        return spec

sys.meta_path.insert(0, Finder())
target, sys.argv = sys.argv[1], sys.argv[1:]
if target.endswith(".py"):
    sys.path.insert(0, os.path.dirname(target))
    runpy.run_path(target, run_name="__main__")
else:
    sys.argv[0] = target
    runpy.run_module(target, run_name="__main__", alter_sys=True)
'''


def tmux(*args: str) -> str:
    return subprocess.run(["tmux", "-L", SOCKET, *args], check=True, capture_output=True, text=True).stdout


def _quote(text: str) -> str:
    return "'" + text.replace("'", "'\\''") + "'"


def run_once(argv: list[str], cwd: Path, name: str, env: dict[str, str], out: Path, session: str) -> dict:
    out.unlink(missing_ok=True)
    env = {**env, "GM_NAME": name, "GM_OUT": str(out), "GM_SETTLED": str(SETTLED), "GM_T0": repr(time.time())}
    command = " ".join(_quote(a) for a in [sys.executable, "-c", WRAPPER, *argv])
    exports = " ".join(f"{k}={_quote(v)}" for k, v in env.items())
    tmux("new-session", "-d", "-s", session, "-x", str(WIDTH), "-y", str(HEIGHT),
         f"cd {_quote(str(cwd))} && exec env -u PYTHONDONTWRITEBYTECODE {exports} {command}")
    try:
        deadline = time.time() + 30
        while time.time() < deadline:
            if out.exists():
                try:
                    return json.loads(out.read_text())
                except ValueError:
                    pass  # being written
            time.sleep(0.05)
        raise SystemExit(f"{argv}: no frame holding {name!r} within 30 s")
    finally:
        subprocess.run(["tmux", "-L", SOCKET, "kill-session", "-t", session], capture_output=True)


#: the phases of a start, in order: (mark that ends it, what it is)
PHASES = (("started", "the interpreter's own start"),
          ("command line", "gm_console.cli imported: the command line, storage, the engine"),
          ("before open", "the arguments read"),
          ("opened", "the save opened: the game loaded, the log replayed or its snapshot read"),
          ("terminal", "Textual and the TUI imported, the app made, until it sets the terminal up"),
          ("cpu", "compose, mount, layout and the first frame written"))


def phases(case: str, a: list[dict], b: list[dict], other: str) -> None:
    """Where each app's processor time to its first name went, phase by phase (median ms)."""
    for label, runs in (("gm-console", a), (other, b)):
        ends = [{**r["marks"], "cpu": r["cpu"]} for r in runs]
        last = [0.0] * len(ends)
        print(f"{case}, {label}:")
        for mark, what in PHASES:
            if mark not in ends[0]:
                continue
            took = [(e[mark] - l) * 1000 for e, l in zip(ends, last)]
            last = [e[mark] for e in ends]
            print(f"  {statistics.median(took):6.1f} ms ({min(took):.0f}-{max(took):.0f})  {what}")
        print(f"  {statistics.median([e['cpu'] * 1000 for e in ends]):6.1f} ms in all")


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):7.1f} ({min(values):.0f}-{max(values):.0f})"


def report(case: str, a: list[dict], b: list[dict], other: str) -> None:
    for key, label, scale, unit in (("cpu", "processor time to the first name", 1000, "ms"),
                                    ("wall", "wall time to the first name", 1000, "ms"),
                                    ("live_cpu", "processor time to the live screen's name", 1000, "ms"),
                                    ("live_wall", "wall time to the live screen's name", 1000, "ms"),
                                    ("cpu_settled", f"processor time {SETTLED:g} s later", 1000, "ms"),
                                    ("rss_first_kib", "resident memory at the first name", 1 / 1024, "MiB"),
                                    ("rss_kib", f"resident memory {SETTLED:g} s later", 1 / 1024, "MiB")):
        xa, xb = [r[key] * scale for r in a], [r[key] * scale for r in b]
        pairs = sorted(x / y for x, y in zip(xa, xb))
        print(f"| {case}: {label:<38} | {spread(xa):>20} {unit:<3} | {spread(xb):>20} {unit:<3} | "
              f"{statistics.median(xa) / statistics.median(xb):5.2f}x | {pairs[0]:.2f}-{pairs[-1]:.2f} |")
    kept = sum(1 for r in a if r.get("kept"))
    if kept:
        print(f"| {case}: runs that painted the fight's kept screen first (glimpse.py) | {kept} of {len(a)} | | | |")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="runs of each app per case (default 9)")
    parser.add_argument("--only", default="example,big", help="cases: example, thirty, big (comma-separated)")
    parser.add_argument("--against", type=Path, default=None,
                        help="B is this gm-console (a folder holding gm_console/ and rulesets/) instead of "
                             "the bare app")
    parser.add_argument("--phases", action="store_true",
                        help="also where each app's processor time went, phase by phase")
    args = parser.parse_args()
    if shutil.which("tmux") is None:
        print("tmux is needed: the programs run in a real terminal")
        return 1
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}; "
          f"{args.runs} runs of each app, alternating, tmux {WIDTH}x{HEIGHT}")
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        env = environment(tmp)
        cases = args.only.split(",")
        saves: dict[str, Path] = {}
        if "example" in cases:
            saves["example"] = tmp / "pathfinder1e.toml"
            shutil.copyfile(ROOT / "saves" / "pathfinder1e.toml", saves["example"])
        if "thirty" in cases:
            saves["thirty"] = fight(tmp / "thirty.toml", 30, 0, 0)
        if "big" in cases:
            saves["big"] = fight(tmp / "big.toml", 200, 5, 10_000)
        bare_args = {"example": ["9", "2", "200"], "thirty": ["30", "0", "20"], "big": ["200", "5", "10000"]}
        against = copies(saves, ROOT, args.against, env) if args.against is not None else {}

        def a_app(case: str) -> tuple[list[str], Path, str]:
            return ["gm_console", "--lang", "en", str(saves[case])], ROOT, first_name(saves[case])

        def b_app(case: str) -> tuple[list[str], Path, str]:
            if args.against is None:
                return [str(HERE / "bare_app.py"), *bare_args[case]], ROOT, "Goblin 1"
            return ["gm_console", "--lang", "en", str(against[case])], args.against.resolve(), first_name(saves[case])

        other = "bare app" if args.against is None else "against"
        print(f"| figure: median (fastest-slowest run) | gm-console | {other} | ratio | run pairs |")
        print("|---|---|---|---|---|")
        subprocess.run(["tmux", "-L", SOCKET, "new-session", "-d", "-s", "keep"], check=True)
        try:
            for case in saves:
                out = tmp / "seen.json"
                run_once(*a_app(case), env, out, "warm-a")  # untimed: bytecode cached, as installed
                run_once(*b_app(case), env, out, "warm-b")
                ra, rb = [], []
                for i in range(args.runs):
                    ra.append(run_once(*a_app(case), env, out, f"a{i}"))
                    rb.append(run_once(*b_app(case), env, out, f"b{i}"))
                report(case, ra, rb, other)
                if args.phases:
                    phases(case, ra, rb, other)
        finally:
            subprocess.run(["tmux", "-L", SOCKET, "kill-server"], capture_output=True)
    print(f"load after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
