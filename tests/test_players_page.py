"""The served players' page and its projector layout (docs/players.md §7, issue 24).

`gm-console serve SAVE --players` is started as a GM starts it; the page and every stylesheet
it links are read over HTTP from 127.0.0.1 and scanned: nothing in them points outside the
GM's machine (a table offline at a convention gets the whole page), the title is escaped
once. No browser is needed for this (test_players_serve.py drives one where there is one).
The projector layout (`--projector`) is drawn with Pilot: the round and whose turn in a
banner, health bars, a foe's health as a word, never a number.
"""

from __future__ import annotations

import html
import os
import re
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from gm_console.cli import main
from gm_console.tui.players.app import PlayersApp
from test_players_live import drive
from test_players_serve import free_port, stop, wait_for_port

ROOT = Path(__file__).resolve().parent.parent
URL = re.compile(r"""(?:https?:)?//[^\s"'()<>]+""")


@pytest.fixture
def save(tmp_path):
    path = tmp_path / "Kyra's <fight> & co.toml"  # the GM's file name: a title to escape
    assert main(["new", "--ruleset", "pathfinder1e", "--no-open", str(path)]) == 0
    assert main(["exec", str(path), "--", "add Kyra pc hp=20 hero=2", "add Goblin hp=6", "add Sniper hp=12",
                 "hide sniper", "init Kyra 15", "init Goblin 10", "init Sniper 5", "start", "dmg Goblin 4"]) == 0
    return path


def served(path: Path, *extra: str, lang: str = "en"):
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "gm_console", "--lang", lang, "serve", str(path), "--players",
                             "--port", str(port), *extra], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, start_new_session=True)
    return proc, port


def fetch(url: str) -> str:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.read().decode("utf-8", errors="replace")


def page_and_styles(path: Path, *extra: str, lang: str = "en") -> tuple[str, list[str], str]:
    """(the page, each stylesheet it links, where it is served)."""
    proc, port = served(path, *extra, lang=lang)
    try:
        wait_for_port(port, proc)
        base = f"http://127.0.0.1:{port}"
        page = fetch(base + "/")
        sheets = [fetch(href) for href in re.findall(r'<link[^>]+href="([^"]+)"', page)]
        return page, sheets, base
    finally:
        stop(proc)


def external(text: str, base: str) -> list[str]:
    """Every address in ``text`` that is not this server's (comments, such as a stylesheet's
    licence naming its project's site, load nothing)."""
    text = re.sub(r"/\*.*?\*/|<!--.*?-->", "", text, flags=re.S)
    return [u for u in URL.findall(text) if not (u.startswith(base + "/") or u.startswith(base.split(":", 1)[1] + "/"))]


def test_the_page_loads_nothing_from_outside_the_gms_machine(save):
    page, sheets, base = page_and_styles(save)
    assert sheets, "the page links its stylesheet"
    for text in [page, *sheets]:
        assert external(text, base) == [], external(text, base)
    assert "googleapis" not in page and "@import" not in page
    # the font the terminal asks for is declared from the server's own copy
    assert re.search(r'@font-face\s*{[^}]*"Roboto Mono"[^}]*url\("' + re.escape(base) + r'/static/fonts/', page)
    for src in re.findall(r'<script[^>]+src="([^"]+)"', page):
        assert src.startswith(base + "/static/")


def test_the_title_is_escaped_once(save):
    page, _sheets, _base = page_and_styles(save)
    title = re.search(r"<title>(.*?)</title>", page, re.S).group(1)
    assert html.unescape(title) == "Players' view: Kyra's <fight> & co"
    assert "&amp;#" not in page and "&amp;lt;" not in page and "&amp;amp;" not in page
    assert "<fight>" not in page  # the GM's text is never markup


def test_the_projector_is_served_in_large_type_and_spanish(save):
    page, _sheets, _base = page_and_styles(save, "--projector", lang="es")
    assert 'data-font-size="28"' in page
    assert "Vista de los jugadores" in html.unescape(page)
    page, _sheets, _base = page_and_styles(save)
    assert 'data-font-size="16"' in page


def test_the_projector_command_runs_the_projector_layout(save):
    from gm_console.tui.players.serve import command

    assert command(save, "en", projector=True).endswith("--projector")
    assert "--projector" not in command(save, "en")


def screen_text(app) -> str:
    strips = app.screen._compositor.render_strips()
    return "\n".join("".join(segment.text for segment in strip) for strip in strips)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_the_projector_layout_shows_the_round_whose_turn_and_health_bars(save, size):
    @drive
    async def run(lang: str) -> str:
        app = PlayersApp(save, lang, projector=True)
        async with app.run_test(size=size) as pilot:
            for _ in range(100):
                if app.shown is not None:
                    break
                await pilot.pause(0.05)
            await pilot.pause()
            return screen_text(app)

    shown = run("en")
    top = shown.splitlines()[:3]
    assert any("ROUND 1" in line and "▶ Kyra's turn" in line for line in top), top
    kyra = next(line for line in shown.splitlines() if "Kyra" in line and "HP" in line)
    assert "█" in kyra and "HP 20/20" in kyra  # a PC: a full bar and its numbers
    goblin = next(line for line in shown.splitlines() if "Goblin" in line and "bloodied" in line)
    assert "██████░░░░░░" in goblin  # half a bar: the word's, not 2/6's third
    assert "2/6" not in shown and "Sniper" not in shown and "hero" not in shown.lower()
    shown = run("es")
    assert any("ASALTO 1" in line and "▶ Turno de Kyra" in line for line in shown.splitlines()[:3]), shown


def test_players_and_serve_take_projector_on_the_command_line(capsys):
    for sub in ("players", "serve"):
        with pytest.raises(SystemExit):
            main([sub, "--help"])
        assert "--projector" in capsys.readouterr().out
