"""gm-console (A) against a bare Textual app (B) in a real terminal: prints figures, asserts nothing.

    python benchmarks/tui_speed.py            # all figures
    python benchmarks/tui_speed.py --quick    # fewer runs and keypresses

Both apps run in tmux at 120x40, A and B alternating run by run, so a machine busy with
something else slows both alike and the ratios stay fair. Figures (medians):

- start: from spawning the process (its bytecode cached, as an installed program's is) to
  the first full frame: ``capture-pane`` polled until texts both apps show only once drawn
  are all on the screen, and any change after them (a pane drawn again at its real width)
  counts until the screen stays the same for 0.5 s; A opens a copy of the bundled
  Pathfinder example;
- keypress: from ``send-keys n`` to the screen changing, 30 combatants;
- memory: the process's resident set (VmRSS) after its first frame, 30 combatants;
- autosave per action at 10 and 10,000 logged actions (``bench.py``'s own functions);
- the big case: 200 combatants with 5 conditions each and a 10,000-action log, opened with
  the snapshot its last close left (storage/snapshot.py) and, once more, without one (the
  first open after an upgrade).

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

from gm_console.engine.dice import Dice
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
    """One program to measure and the texts that say its first frame is drawn."""
    label: str
    argv: list[str]
    markers: tuple[str, ...]
    env: dict[str, str] = field(default_factory=dict)
    cwd: Path = ROOT


@dataclass
class Run:
    start: float
    rss_kib: int
    keys: list[float]


def run_once(app: App, session: str, presses: int) -> Run:
    command = " ".join(_quote(a) for a in app.argv)
    env = " ".join(f"{k}={_quote(v)}" for k, v in app.env.items())
    t0 = time.perf_counter()
    pid = int(tmux("new-session", "-d", "-s", session, "-x", str(WIDTH), "-y", str(HEIGHT), "-P",
                   "-F", "#{pane_pid}",
                   f"cd {_quote(str(app.cwd))} && exec env -u PYTHONDONTWRITEBYTECODE {env} {command}").strip())
    try:
        text = _wait(session, lambda s: all(m in s for m in app.markers), t0, app)
        start = time.perf_counter() - t0
        quiet_since = time.perf_counter()  # full: the markers are there and nothing changes after
        while time.perf_counter() - quiet_since < SETTLE:
            now = screen(session)
            if now != text:  # a pane drawn again (at its real width, say): that is the full frame
                text, quiet_since = now, time.perf_counter()
                start = quiet_since - t0
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
        return Run(start, rss, keys)
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


def _quote(text: str) -> str:
    return "'" + text.replace("'", "'\\''") + "'"


def compare(a: App, b: App, runs: int, presses: int) -> tuple[list[Run], list[Run]]:
    ra, rb = [], []
    for i in range(runs):
        ra.append(run_once(a, f"a{i}", presses))
        rb.append(run_once(b, f"b{i}", presses))
    return ra, rb


def median_ms(values: list[float]) -> float:
    return statistics.median(values) * 1000


def row(name: str, a: float, b: float, unit: str, target: str) -> None:
    ratio = a / b if b else float("nan")
    print(f"| {name:<56} | {a:9.1f} {unit:<3} | {b:9.1f} {unit:<3} | {ratio:5.2f}x | {target:>7} |")


def table(case: str, ra: list[Run], rb: list[Run], start: str = "", key: str = "", memory: str = "") -> None:
    """The rows of one case: start, keypress (when keys were pressed) and memory, with targets."""
    row(f"start to first frame, {case}", median_ms([r.start for r in ra]), median_ms([r.start for r in rb]),
        "ms", start)
    if any(r.keys for r in ra):
        row(f"keypress n to repaint, {case}", median_ms([k for r in ra for k in r.keys]),
            median_ms([k for r in rb for k in r.keys]), "ms", key)
        row(f"resident memory after start, {case}", statistics.median(r.rss_kib for r in ra) / 1024,
            statistics.median(r.rss_kib for r in rb) / 1024, "MiB", memory)


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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer runs and keypresses")
    parser.add_argument("--runs", type=int, help="runs of each app per figure")
    parser.add_argument("--checkout", type=Path, default=ROOT,
                        help="the gm-console to measure as A: a folder holding gm_console/ and rulesets/ "
                             "(e.g. an older commit unpacked with git archive); default this checkout")
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
        # bytecode cached (in the temporary folder) as an installed program has it, for both apps
        # the cache too: the fights built below leave their snapshots there when closed, as a
        # fight played the night before does (storage/snapshot.py)
        os.environ["XDG_CACHE_HOME"] = str(tmp / "cache")
        env = {"XDG_CONFIG_HOME": str(tmp / "config"), "XDG_DATA_HOME": str(tmp / "data"),
               "XDG_CACHE_HOME": str(tmp / "cache"),
               "TERM": "xterm-256color", "COLORTERM": "truecolor", "PYTHONPYCACHEPREFIX": str(tmp / "pycache")}
        example = tmp / "pathfinder1e.toml"
        shutil.copyfile(ROOT / "saves" / "pathfinder1e.toml", example)
        thirty = fight(tmp / "thirty.toml", 30, 0, 0)
        big = fight(tmp / "big.toml", 200, 5, 10_000)
        py = sys.executable

        def gm(path: Path) -> App:  # the footer's last key, the head, the turn's row, a log line
            return App("gm-console", [py, "-m", "gm_console", "--lang", "en", str(path)],
                       ("/ Find", "Pathfinder 1e · Round", "▶", "› "), env, args.checkout.resolve())

        def bare(combatants: int, conditions: int, log: int) -> App:
            return App("bare app", [py, str(HERE / "bare_app.py"), str(combatants), str(conditions), str(log)],
                       ("q Quit", "Goblin", "▶", "› "), env)

        subprocess.run(["tmux", "-L", SOCKET, "new-session", "-d", "-s", "keep"], check=True)
        try:
            compare(gm(example), bare(9, 2, 200), 1, 0)  # untimed: writes both apps' bytecode cache
            print(f"| {'figure':<56} | gm-console    | bare app      | ratio  | target  |")
            print("|---|---|---|---|---|")
            ra, rb = compare(gm(example), bare(9, 2, 200), runs, 0)
            table("Pathfinder example", ra, rb, start="<= 1.15")
            ra, rb = compare(gm(thirty), bare(30, 0, 20), runs, presses)
            table("30 combatants", ra, rb, key="<= 1.3", memory="<= 1.2")
            ra, rb = compare(gm(big), bare(200, 5, 10_000), runs, presses)
            table("200 combatants x 5 cond., 10k log", ra, rb, start="<= 1.3", key="<= 1.5")
            (tmp / "no-cache").write_text("")  # a file: no snapshot is read or written under it
            cold = gm(big)
            cold.env = {**env, "GM_CONSOLE_CACHE_DIR": str(tmp / "no-cache")}
            ra, rb = compare(cold, bare(200, 5, 10_000), runs, 0)
            row("start to first frame, the same without its snapshot", median_ms([r.start for r in ra]),
                median_ms([r.start for r in rb]), "ms", "")
        finally:
            subprocess.run(["tmux", "-L", SOCKET, "kill-server"], capture_output=True)
        repeats = 10 if args.quick else 50
        small = build(tmp / "small.toml", 10)
        large = build(tmp / "large.toml", 10_000)
        print(f"autosave per action: {save_per_action(small, repeats) * 1000:.2f} ms at 10 actions logged, "
              f"{save_per_action(large, repeats) * 1000:.2f} ms at 10,000")
        print(f"load after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
