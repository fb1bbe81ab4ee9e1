"""`gm-console serve SAVE --players` in a real browser (docs/players.md §7): headless Chromium
opens the page on a free loopback port, reads what its terminal shows, types keys into it,
and the save stays as it was; the page follows the GM's next action.

Chromium comes from the system (Debian's `chromium`, which .ci/run installs); without it the
test is skipped, saying so. All traffic stays on 127.0.0.1 (the browser resolves no other host).
"""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from browser import Browser, chromium
from gm_console.cli import main

ROOT = Path(__file__).resolve().parent.parent
BROWSER = chromium()

pytestmark = pytest.mark.skipif(BROWSER is None, reason="chromium is not installed (Debian: apt-get install "
                                                       "chromium chromium-driver; .ci/run installs it)")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, proc: subprocess.Popen, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"the server stopped: {proc.stderr.read().decode(errors='replace')[-2000:]}")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise AssertionError(f"nothing listens on 127.0.0.1:{port}")


@pytest.fixture
def served(tmp_path):
    path = tmp_path / "fight.toml"
    assert main(["new", "--ruleset", "pathfinder1e", "--no-open", str(path)]) == 0
    assert main(["exec", str(path), "--", "add Kyra pc hp=20 hero=2", "add Goblin hp=6", "add Sniper hp=12",
                 "hide sniper", "init Kyra 15", "init Goblin 10", "init Sniper 5", "start", "dmg Goblin 4"]) == 0
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "gm_console", "serve", str(path), "--players", "--port", str(port)],
                            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True)  # its own group: the apps it starts end with it
    try:
        wait_for_port(port, proc)
        yield path, f"http://127.0.0.1:{port}/"
    finally:
        stop(proc)


def stop(proc: subprocess.Popen) -> None:
    """The server and the apps it started (its own process group) end."""
    try:
        os.killpg(proc.pid, signal.SIGTERM)
    except ProcessLookupError:
        pass
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(10)


def gm(path: Path, *lines: str) -> None:
    r = subprocess.run([sys.executable, "-m", "gm_console", "exec", str(path), "--", *lines],
                       capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert r.returncode == 0, r.stderr


def test_the_served_page_shows_the_players_view_ignores_keys_and_follows_the_gm(served):
    path, url = served

    async def run():
        async with Browser(BROWSER, wait=30) as page:
            await page.open(url)
            screen = await page.wait_for(lambda s: "Kyra" in s and "Goblin" in s, "the initiative")
            assert "Round 1 · Kyra's turn" in screen
            assert "HP 20/20" in screen and "bloodied" in screen  # a PC in full, a foe as a word
            assert "Sniper" not in screen and "hero" not in screen.lower() and "2/6" not in screen
            before = path.read_bytes()
            await page.type("nud:")
            await page.press("Enter", 13)
            await page.press("z", 90, modifiers=2)  # Ctrl+Z
            await page.press("Escape", 27)
            screen = await page.wait_for(lambda s: "Kyra" in s, "the view after the keys")
            assert "Round 1 · Kyra's turn" in screen
            assert path.read_bytes() == before  # nothing typed in the browser reached the save
            await asyncio.to_thread(gm, path, "next")
            await page.wait_for(lambda s: "Round 1 · Goblin's turn" in s, "the GM's next action")

    asyncio.run(run())
