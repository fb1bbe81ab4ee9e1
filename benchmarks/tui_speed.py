"""gm-console (A) against a bare Textual app (B) in a real terminal: prints figures, asserts nothing.

    python benchmarks/tui_speed.py            # all figures
    python benchmarks/tui_speed.py --quick    # fewer runs and keypresses

Both apps run in tmux at 120x40, A and B alternating run by run, so a machine busy with
something else slows both alike and the ratios stay fair. Each figure is the median of the runs with its spread (the
fastest and slowest run), and the spread of the ratios of run pairs (A's run i against B's
run i, taken right after it under the same load):

- start: from spawning the process (its bytecode cached, as an installed program's is) to
  the first full frame: ``capture-pane`` polled until texts both apps show only once drawn
  are all on the screen, and any change after them (a pane drawn again at its real width)
  counts until the screen stays the same for 0.5 s; A opens a copy of the bundled
  Pathfinder example;
- name: from spawning the process to the first combatant's name (the first in the order)
  on the screen, ``capture-pane`` polled (issue 28's definition: what a GM waits for);
- processor time to the name and to the full frame: the app's own time on a processor
  (``/proc/PID/schedstat``, in nanoseconds) read the moment each is seen, the figure other
  work on a shared machine blurs least (the wall-clock figures also wait for processors the
  other sessions hold);
- keypress: from ``send-keys n`` to the screen changing, 30 combatants;
- memory: the process's resident set (VmRSS) after its first frame, 30 combatants;
- autosave per action at 10 and 10,000 logged actions (``bench.py``'s own functions);
- the big case: 200 combatants with 5 conditions each and a 10,000-action log, opened with
  the snapshot its last close left (storage/snapshot.py) and, once more, without one (the
  first open after an upgrade);
- reopen: the example opened again with the screen its last open kept (gm_console/glimpse.py
  paints it before the program loads; the live screen replaces it). In every other case A
  runs with ``GM_CONSOLE_NO_LAST_SCREEN=1``: those figures are the live screen's, as before
  the kept screen existed, and a fight the console never drew (a new save, one changed by
  ``exec``, another terminal size) opens that way.

The encounters are built through the engine (``Encounter.create`` + ``execute``) in a
temporary folder; A is this checkout's code (``sys.executable -m gm_console``), or the one
``--checkout DIR`` names (e.g. an older commit unpacked with ``git archive``) for a before/after.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from bench import build, save_per_action  # benchmarks/ is the script's folder: on sys.path

from gm_console.engine.core.dice import Dice
from gm_console.storage import Encounter

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SOCKET = f"gm-speed-{os.getpid()}"
WIDTH, HEIGHT = 120, 40
TIMEOUT = 30.0
KEY_TIMEOUT = 5.0
SETTLE = 0.5  # seconds without a change after which the screen is taken as drawn
CONDITIONS = ("shaken", "sickened", "entangled", "fatigued", "dazzled")


def tmux(*args: str) -> str:
    return subprocess.run(["tmux", "-L", SOCKET, *args], check=True, capture_output=True, text=True).stdout


def screen(session: str) -> str:
    return tmux("capture-pane", "-p", "-t", session)


@dataclass
class App:
    """One program to measure, the texts that say its first frame is drawn and the first
    combatant's name."""
    label: str
    argv: list[str]
    markers: tuple[str, ...]
    name: str
    env: dict[str, str] = field(default_factory=dict)
    cwd: Path = ROOT


@dataclass
class Run:
    start: float  # to the full frame, seen
    name: float  # to the first combatant's name, seen
    cpu_name: float  # the app's processor time when the name was seen
    cpu_start: float  # and when the full frame was
    rss_kib: int
    keys: list[float]


def run_once(app: App, session: str, presses: int, linger: float = 0.0) -> Run:
    command = " ".join(_quote(a) for a in app.argv)
    env = " ".join(f"{k}={_quote(v)}" for k, v in app.env.items())
    seen: list[tuple[float, float]] = []
    t0 = time.perf_counter()
    pid = int(tmux("new-session", "-d", "-s", session, "-x", str(WIDTH), "-y", str(HEIGHT), "-P",
                   "-F", "#{pane_pid}",
                   f"cd {_quote(str(app.cwd))} && exec env -u PYTHONDONTWRITEBYTECODE {env} {command}").strip())
    try:
        def drawn(s: str) -> bool:
            if not seen and app.name in s:
                seen.append((time.perf_counter() - t0, _cpu(pid)))
            return all(m in s for m in app.markers)

        text = _wait(session, drawn, t0, app)
        start, cpu = time.perf_counter() - t0, _cpu(pid)
        quiet_since = time.perf_counter()  # full: the markers are there and nothing changes after
        while time.perf_counter() - quiet_since < SETTLE:
            now = screen(session)
            if now != text:  # a pane drawn again (at its real width, say): that is the full frame
                text, quiet_since = now, time.perf_counter()
                start, cpu = quiet_since - t0, _cpu(pid)
        rss = _rss(pid)  # what the app does just after its first frame counts in its memory
        keys = []
        for _ in range(presses):
            t = time.perf_counter()
            tmux("send-keys", "-t", session, "n")
            before = text
            try:
                text = _wait(session, lambda s: s != before, t, app, KEY_TIMEOUT)
            except TimeoutError:
                print(f"  ({app.label}: the screen did not change {KEY_TIMEOUT:.0f} s after a key; "
                      f"{len(keys)} of {presses} keypresses measured in that run)")
                break
            keys.append(time.perf_counter() - t)
            text = _settled(session, text)
        name, cpu_name = seen[0] if seen else (start, cpu)
        time.sleep(linger)  # e.g. for the console to keep its screen (a second after its first frame)
        return Run(start, name, cpu_name, cpu, rss, keys)
    finally:
        subprocess.run(["tmux", "-L", SOCKET, "kill-session", "-t", session], capture_output=True)


def _wait(session: str, done, t0: float, app: App, timeout: float | None = None) -> str:
    while True:
        text = screen(session)
        if done(text):
            return text
        if timeout is not None and time.perf_counter() - t0 > timeout:
            raise TimeoutError
        if time.perf_counter() - t0 > TIMEOUT:
            raise SystemExit(f"{app.label}: nothing drawn after {TIMEOUT:.0f} s; the screen:\n{text}")


def _settled(session: str, text: str | None = None) -> str:
    """The screen once it stopped changing (a second paint after the first, a notification)."""
    text = text if text is not None else screen(session)
    quiet_since = time.perf_counter()
    while time.perf_counter() - quiet_since < 0.15:
        time.sleep(0.02)
        now = screen(session)
        if now != text:
            text, quiet_since = now, time.perf_counter()
    return text


def _rss(pid: int) -> int:
    with open(f"/proc/{pid}/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def _cpu(pid: int) -> float:
    """Seconds the process has run on a processor (the scheduler's count, in nanoseconds;
    utime + stime, in ticks, where schedstat is missing)."""
    try:
        with open(f"/proc/{pid}/schedstat", encoding="ascii") as f:
            return int(f.read().split()[0]) / 1e9
    except (OSError, ValueError, IndexError):
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _quote(text: str) -> str:
    return "'" + text.replace("'", "'\\''") + "'"


def compare(a: App, b: App, runs: int, presses: int) -> tuple[list[Run], list[Run]]:
    ra, rb = [], []
    for i in range(runs):
        ra.append(run_once(a, f"a{i}", presses))
        rb.append(run_once(b, f"b{i}", presses))
    return ra, rb


def spread(values: list[float]) -> str:
    """The median and, in brackets, the fastest and the slowest run."""
    return f"{statistics.median(values):.1f} ({min(values):.0f}-{max(values):.0f})"


def row(name: str, a: list[float], b: list[float], unit: str, target: str, paired: bool = True) -> None:
    """One figure: each app's median and spread; the ratio of the medians and, for figures
    taken once a run, the spread of the runs' own ratios (run i of A against run i of B,
    which ran right after it: the pair saw the same load)."""
    ratio = statistics.median(a) / statistics.median(b)
    pairs = sorted(x / y for x, y in zip(a, b)) if paired else []
    each = f"{pairs[0]:.2f}-{pairs[-1]:.2f}" if pairs else ""
    print(f"| {name:<58} | {spread(a):>18} {unit:<3} | {spread(b):>18} {unit:<3} | {ratio:5.2f}x | "
          f"{each:>9} | {target:>7} |")


def table(case: str, ra: list[Run], rb: list[Run], start: str = "", name: str = "", key: str = "",
          memory: str = "", cpu: str = "", name_only: bool = False) -> None:
    """The rows of one case: the first name and the full frame (time and processor time),
    memory and keypress (when keys were pressed), with targets. ``name_only``: the first
    name's rows alone (a kept screen is the live one's picture: from outside, the live
    frame that replaces it changes nothing to see; benchmarks/start_cost.py times it)."""
    def ms(values: list[float]) -> list[float]:
        return [v * 1000 for v in values]

    row(f"start to first name on screen, {case}", ms([r.name for r in ra]), ms([r.name for r in rb]), "ms", name)
    if name_only:
        row(f"processor time to first name, {case}", ms([r.cpu_name for r in ra]), ms([r.cpu_name for r in rb]),
            "ms", cpu)
        return
    row(f"start to first full frame, {case}", ms([r.start for r in ra]), ms([r.start for r in rb]), "ms", start)
    row(f"processor time to first name, {case}", ms([r.cpu_name for r in ra]), ms([r.cpu_name for r in rb]),
        "ms", cpu)
    row(f"processor time to first full frame, {case}", ms([r.cpu_start for r in ra]),
        ms([r.cpu_start for r in rb]), "ms", "")
    row(f"resident memory after start, {case}", [r.rss_kib / 1024 for r in ra], [r.rss_kib / 1024 for r in rb],
        "MiB", memory)
    if any(r.keys for r in ra):
        row(f"keypress n to repaint, {case}", ms([k for r in ra for k in r.keys]),
            ms([k for r in rb for k in r.keys]), "ms", key, paired=False)


def first_name(path: Path) -> str:
    """The name of the first combatant in the save's order: the first row of its initiative.
    A roster taller than the pane opens scrolled to whose turn it is (the first in the order is
    out of view, 50 rows up in the big fight): then that combatant's name, the row the first
    frame is drawn around."""
    enc = Encounter.open(path)
    try:
        state = enc.session.state
        order = state.acting_order() or list(state.combatants)
        if len(order) > HEIGHT // 2 and state.active in state.combatants:
            return state.combatants[state.active].name
        return state.combatants[order[0]].name
    finally:
        enc.close()


def fight(path: Path, combatants: int, conditions: int, actions: int) -> Path:
    """A Pathfinder fight as the engine builds it: a roster, initiative rolled, conditions, and
    a log filled with ordinary actions to ``actions`` entries, saved once at the end."""
    enc = Encounter.create(path, "pathfinder1e")
    dice = Dice.from_rolls([], seed=7)
    for first in range(1, combatants - 3, 50):  # `add` takes at most x100 at a time
        enc.execute(f"add Goblin x{min(50, combatants - 3 - first)} hp=6 dex=15 ac=16", dice, save=False)
    for name in ("Valeros", "Seelah", "Kyra", "Ezren"):
        enc.execute(f"add {name} pc hp=30 ac=17", dice, save=False)
    for i in range(1, combatants - 3):
        for cond in CONDITIONS[:conditions]:
            enc.execute(f'cond "Goblin {i}" {cond}', dice, save=False)
    enc.execute("roll", dice, save=False)
    enc.execute("start", dice, save=False)
    cycle = ["dmg Valeros 1", "heal Valeros 1", "note the fight goes on", "next"]
    i = 0
    while len(enc.session.done) < actions:
        enc.execute(cycle[i % len(cycle)], dice, save=False)
        i += 1
    enc.save()
    enc.close()
    return path


def environment(tmp: Path) -> dict[str, str]:
    """What both apps run with: their folders in ``tmp``, a colour terminal, and their bytecode
    cached there as an installed program has it. The cache folder is this process's too: the
    fights built here leave their snapshots there when closed, as a fight played the night
    before does (storage/snapshot.py)."""
    os.environ["XDG_CACHE_HOME"] = str(tmp / "cache")
    return {"XDG_CONFIG_HOME": str(tmp / "config"), "XDG_DATA_HOME": str(tmp / "data"),
            "XDG_CACHE_HOME": str(tmp / "cache"),
            "TERM": "xterm-256color", "COLORTERM": "truecolor", "PYTHONPYCACHEPREFIX": str(tmp / "pycache")}


def copies(saves: dict[str, Path], checkout: Path, against: Path, env: dict[str, str]) -> dict[str, Path]:
    """For a before and after: a copy of each save for the other gm-console, and each save
    opened once by the code that will open it (the open replays the log and leaves that code's
    snapshot, which the other code would not accept)."""
    copied = {}
    for case, path in saves.items():
        copied[case] = path.with_name(f"{path.stem}-against.toml")
        shutil.copyfile(path, copied[case])
    for code, paths in ((checkout, saves.values()), (against, copied.values())):
        for path in paths:
            subprocess.run([sys.executable, "-c", "import sys; from gm_console.storage import Encounter; "
                            "Encounter.open(sys.argv[1]).close()", str(path)],
                           cwd=code.resolve(), env={**os.environ, **env}, check=True)
    return copied


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer runs and keypresses")
    parser.add_argument("--runs", type=int, help="runs of each app per figure")
    parser.add_argument("--only", help="the cases to run, comma-separated: example, thirty, big, cold, reopen "
                                       "(then no autosave figures)")
    parser.add_argument("--checkout", type=Path, default=ROOT,
                        help="the gm-console to measure as A: a folder holding gm_console/ and rulesets/ "
                             "(e.g. an older commit unpacked with git archive); default this checkout")
    parser.add_argument("--against", type=Path, default=None,
                        help="measure A against this gm-console (a folder as for --checkout) instead of the "
                             "bare app: a before and after, alternating run by run, each app with its own "
                             "copy of every save and its own snapshot of it")
    args = parser.parse_args()
    runs = args.runs or (3 if args.quick else 7)
    presses = 10 if args.quick else 40
    if shutil.which("tmux") is None:
        print("tmux is needed: the figures are taken in a real terminal")
        return 1
    load = os.getloadavg()[0]
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, load {load:.2f}; "
          f"{runs} runs of each app, {presses} keypresses a run, tmux {WIDTH}x{HEIGHT}")
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        env = environment(tmp)
        example = tmp / "pathfinder1e.toml"
        shutil.copyfile(ROOT / "saves" / "pathfinder1e.toml", example)
        thirty = fight(tmp / "thirty.toml", 30, 0, 0)
        big = fight(tmp / "big.toml", 200, 5, 10_000)
        py = sys.executable

        live = {**env, "GM_CONSOLE_NO_LAST_SCREEN": "1"}

        def gm(path: Path, checkout: Path = args.checkout, label: str = "gm-console", kept: bool = False) -> App:
            # the markers: the footer's last key, the head, the turn's row, a log line
            return App(label, [py, "-m", "gm_console", "--lang", "en", str(path)],
                       ("/ Find", "Pathfinder 1e · Round", "▶", "› "), first_name(path), env if kept else live,
                       checkout.resolve())

        saves = {"example": example, "thirty": thirty, "big": big}

        def bare(combatants: int, conditions: int, log: int) -> App:
            if args.against is None:
                return App("bare app", [py, str(HERE / "bare_app.py"), str(combatants), str(conditions), str(log)],
                           ("q Quit", "Goblin", "▶", "› "), "Goblin 1", env)
            # the same save as A's, copied: each checkout leaves its own snapshot of its own file
            case = {9: "example", 30: "thirty", 200: "big"}[combatants]
            return gm(against[case], args.against, "against")

        against = copies(saves, args.checkout, args.against, env) if args.against is not None else {}

        cases = set((args.only or "example,thirty,big,cold,reopen").split(","))

        subprocess.run(["tmux", "-L", SOCKET, "new-session", "-d", "-s", "keep"], check=True)
        try:
            compare(gm(example), bare(9, 2, 200), 1, 0)  # untimed: writes both apps' bytecode cache
            other = "bare app" if args.against is None else "against"
            print(f"| {'figure: median (fastest-slowest run)':<58} | {'gm-console':>22} | {other:>22} | "
                  f"ratio  | run pairs | target  |")
            print("|---|---|---|---|---|---|")
            if "example" in cases:
                ra, rb = compare(gm(example), bare(9, 2, 200), runs, 0)
                table("Pathfinder example", ra, rb, name="<= 1.15")
            if "thirty" in cases:
                ra, rb = compare(gm(thirty), bare(30, 0, 20), runs, presses)
                table("30 combatants", ra, rb, key="<= 1.3", memory="<= 1.2")
            if "big" in cases:
                ra, rb = compare(gm(big), bare(200, 5, 10_000), runs, presses)
                table("200 combatants x 5 cond., 10k log", ra, rb, start="<= 1.3", key="<= 1.5", memory="<= 1.25")
            if "reopen" in cases:
                again = tmp / "reopen.toml"
                shutil.copyfile(example, again)
                run_once(gm(again, kept=True), "kept", 0, linger=2.0)  # the screen kept for its next open
                if not list((tmp / "cache" / "gm-console" / "snapshots").glob("*.screen")):
                    print("  (no screen was kept: the reopen figures are the live screen's)")
                ra, rb = compare(gm(again, kept=True), bare(9, 2, 200), runs, 0)
                table("example opened again, its screen kept", ra, rb, name="<= 1.15", name_only=True)
            if "cold" in cases:
                (tmp / "no-cache").write_text("")  # a file: no snapshot is read or written under it
                cold = gm(big)
                cold.env = {**env, "GM_CONSOLE_CACHE_DIR": str(tmp / "no-cache")}
                other_cold = bare(200, 5, 10_000)
                if args.against is not None:
                    other_cold.env = cold.env
                ra, rb = compare(cold, other_cold, runs, 0)
                table("the same without its snapshot", ra, rb)
        finally:
            subprocess.run(["tmux", "-L", SOCKET, "kill-server"], capture_output=True)
        if args.only:
            print(f"load after: {os.getloadavg()[0]:.2f}")
            return 0
        repeats = 10 if args.quick else 50
        small = build(tmp / "small.toml", 10)
        large = build(tmp / "large.toml", 10_000)
        print(f"autosave per action: {save_per_action(small, repeats) * 1000:.2f} ms at 10 actions logged, "
              f"{save_per_action(large, repeats) * 1000:.2f} ms at 10,000")
        print(f"load after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
