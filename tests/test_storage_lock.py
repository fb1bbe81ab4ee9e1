"""One writer at a time (issue 14): a second program opens the save read-only and says who
holds it; `exec` waits a moment, then refuses with that line; two exec loops released
together lose nothing; two `exec --new` at once lose no `add`. The lock dies with its process."""

from __future__ import annotations

import multiprocessing
import os
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from gm_console.i18n import render

from gm_console.cli import main
from gm_console.storage import Encounter, SaveError

ROOT = Path(__file__).resolve().parent.parent
HOLD = """
import sys
from gm_console.storage import Encounter
enc = Encounter.open(sys.argv[1])
print("held" if not enc.read_only else "not held", flush=True)
sys.stdin.read()
"""


class Holder:
    """Another gm-console, in another process, with the save open."""

    def __init__(self, path: Path) -> None:
        self.proc = subprocess.Popen([sys.executable, "-c", HOLD, str(path)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, cwd=ROOT)
        assert self.proc.stdout.readline().strip() == "held"

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.stdin.close()
            self.proc.wait(timeout=10)


@pytest.fixture
def save(tmp_path):
    p = tmp_path / "fight.toml"
    assert main(["exec", str(p), "--new", "generic", "-q", "--", "add Kyra pc hp=20", "add Goblin hp=7"]) == 0
    return p


def test_a_second_program_opens_read_only_and_says_who_holds_it(save):
    holder = Holder(save)
    try:
        with Encounter.open(save) as enc:
            assert enc.read_only
            assert str(enc.holder).startswith(f"in use by another gm-console (host {socket.gethostname()}, "
                                              f"pid {holder.proc.pid}, since ")
            assert render(enc.holder, "es").startswith(f"en uso por otro gm-console (equipo {socket.gethostname()}, ")
            before = save.read_bytes()
            with pytest.raises(SaveError) as exc:
                enc.execute("dmg Kyra 3")
            assert str(exc.value) == f"{save}: read-only: {enc.holder}; nothing was changed"
            assert enc.state.get("kyra").pools["hp"].value == 20 and save.read_bytes() == before
    finally:
        holder.close()
    with Encounter.open(save) as enc:  # released when that program closed it
        assert not enc.read_only
        enc.execute("dmg Kyra 3")


def test_the_lock_dies_with_a_killed_process(save):
    holder = Holder(save)
    holder.kill()
    with Encounter.open(save) as enc:
        assert not enc.read_only and enc.holder is None
        enc.execute("note after the crash")


def test_exec_refuses_with_who_holds_it_after_waiting(save, capsys):
    holder = Holder(save)
    try:
        before = save.read_bytes()
        capsys.readouterr()
        assert main(["exec", str(save), "--", "note x"]) == 1
        err = capsys.readouterr().err.strip()
        assert err.startswith(f"error: {save}: read-only: in use by another gm-console (host ")
        assert f"pid {holder.proc.pid}" in err and "\n" not in err
        assert save.read_bytes() == before
    finally:
        holder.close()


def test_exec_waits_for_a_program_that_finishes(save, capsys):
    holder = Holder(save)
    result = {}
    worker = threading.Thread(target=lambda: result.setdefault("rc", main(["exec", str(save), "-q", "--", "note x"])))
    worker.start()
    holder.close()  # the other program is done: exec, waiting for the lock, goes ahead
    worker.join(timeout=30)
    assert result["rc"] == 0
    with Encounter.open(save, read_only=True) as enc:
        assert enc.session.done[-1].line == "note x"


def _exec_loop(path: str, tag: str, count: int, start, results) -> None:
    from gm_console.cli import main as cli

    start.wait(timeout=60)
    codes = []
    for i in range(count):
        note = f"note {tag}{i} " + "x" * ((i * 7) % 23)  # lines of unequal length
        codes.append(cli(["exec", path, "-q", "--", note]))
    results.put((tag, codes))


def test_two_exec_loops_released_together_lose_nothing(save):
    ctx = multiprocessing.get_context("spawn")
    start, results = ctx.Event(), ctx.Queue()
    count = 60
    procs = [ctx.Process(target=_exec_loop, args=(str(save), tag, count, start, results)) for tag in "AB"]
    for p in procs:
        p.start()
    start.set()
    got = dict(results.get(timeout=120) for _ in procs)
    for p in procs:
        p.join(timeout=30)
    assert got == {"A": [0] * count, "B": [0] * count}
    with Encounter.open(save, read_only=True) as enc:
        notes = [e.line.split()[1] for e in enc.session.done if e.line.startswith("note")]
    assert sorted(notes) == sorted(f"{t}{i}" for t in "AB" for i in range(count))
    for tag in "AB":  # each loop's actions in its own order
        assert [n for n in notes if n[0] == tag] == [f"{tag}{i}" for i in range(count)]


def _new_loop(folder: str, tag: str, rounds: int, barrier, results) -> None:
    from gm_console.cli import main as cli

    codes = []
    for r in range(rounds):
        barrier.wait(timeout=60)
        codes.append(cli(["exec", os.path.join(folder, f"n{r}.toml"), "--new", "generic", "-q", "--", f"add {tag}"]))
    results.put((tag, codes))


def test_two_exec_new_at_once_lose_no_add(tmp_path):
    ctx = multiprocessing.get_context("spawn")
    barrier, results = ctx.Barrier(2), ctx.Queue()
    rounds = 15
    procs = [ctx.Process(target=_new_loop, args=(str(tmp_path), tag, rounds, barrier, results)) for tag in "AB"]
    for p in procs:
        p.start()
    got = dict(results.get(timeout=120) for _ in procs)
    for p in procs:
        p.join(timeout=30)
    assert got == {"A": [0] * rounds, "B": [0] * rounds}
    for r in range(rounds):
        with Encounter.open(tmp_path / f"n{r}.toml", read_only=True) as enc:
            assert sorted(enc.state.combatants) == ["a", "b"]
    assert not list(tmp_path.glob(".*"))  # no lock or temp file left behind


def test_new_never_overwrites_a_file_created_meanwhile(tmp_path):
    p = tmp_path / "x.toml"
    Encounter.create(p, "generic").close()
    before = p.read_bytes()
    with pytest.raises(SaveError, match="already exists"):
        Encounter.create(p, "generic")
    assert p.read_bytes() == before


def test_one_program_may_hold_two_encounters_of_one_file(save):
    """Within one program the lock is shared; the end-of-file check keeps them apart."""
    with Encounter.open(save) as first, Encounter.open(save) as second:
        assert not first.read_only and not second.read_only
        second.execute("note from the second")
        with pytest.raises(SaveError, match="another program changed"):
            first.execute("note from the first")
    with Encounter.open(save) as third:
        assert third.session.done[-1].line == "note from the second"
