"""A fight's last screen, kept for its next open (storage/lastscreen.py, gm_console/glimpse.py):
shown only for the save, terminal, settings and code it was drawn for; read only when it is
ours and unchanged; and nothing in it reaches the terminal but text, colours and cursor places.
The paint in a real terminal is tests/test_tui_last_screen.py's."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import platformdirs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gm_console import glimpse
from gm_console.storage import cachefolder, lastscreen

ROOT = Path(__file__).resolve().parent.parent
FRAME = "\x1b[1;1H\x1b[1;38;2;255;255;255;48;2;0;0;0m Goblin 1 \x1b[0m\x1b[2;1H\x1b[7m ▶ Valeros 26/30 \x1b[0m"


def key(save: Path, cols: int = 120, rows: int = 40, lang: str | None = None) -> str:
    return lastscreen.key_for(str(save), lastscreen.save_digest(str(save)), cols, rows, lang)


@pytest.fixture
def save(tmp_path: Path) -> Path:
    path = tmp_path / "fight.toml"
    path.write_text('name = "Goblin ambush"\nruleset = "pathfinder1e"\n', encoding="utf-8")
    return path


def test_a_kept_screen_is_read_back_for_the_same_save_terminal_and_language(save):
    assert lastscreen.keep(str(save), None, FRAME, 120, 40)
    assert lastscreen.read(str(save), key(save)) == FRAME


@pytest.mark.parametrize("change", ["a byte of the save", "the terminal's width", "the terminal's height",
                                    "the language asked for", "the keymap", "the colours the terminal has",
                                    "the locale"])
def test_any_change_it_was_drawn_for_and_it_is_not_shown(save, tmp_path, monkeypatch, change):
    lastscreen.keep(str(save), None, FRAME, 120, 40)
    cols, rows, lang = 120, 40, None
    if change == "a byte of the save":
        save.write_bytes(save.read_bytes().replace(b"Goblin", b"Goblen"))
    elif change == "the terminal's width":
        cols = 121
    elif change == "the terminal's height":
        rows = 24
    elif change == "the language asked for":
        lang = "es"
    elif change == "the keymap":
        config = Path(os.environ["GM_CONSOLE_CONFIG_DIR"])
        config.mkdir(parents=True, exist_ok=True)
        (config / "keymap.toml").write_text('[settings]\nlang = "es"\n', encoding="utf-8")
    elif change == "the colours the terminal has":
        monkeypatch.setenv("COLORTERM", "truecolor" if os.environ.get("COLORTERM") != "truecolor" else "")
    else:
        monkeypatch.setenv("LANG", "es_ES.UTF-8" if os.environ.get("LANG") != "es_ES.UTF-8" else "C.UTF-8")
    assert lastscreen.read(str(save), key(save, cols, rows, lang)) is None


def test_an_upgraded_package_beside_textual_and_the_screen_is_not_shown(save, tmp_path, monkeypatch):
    """A third-party game (or Rich, or Textual) upgraded: its version is in the key."""
    site = tmp_path / "site"
    (site / "textual").mkdir(parents=True)
    (site / "gm_console_mygame-1.0.dist-info").mkdir()
    monkeypatch.syspath_prepend(str(site))
    lastscreen.keep(str(save), None, FRAME, 120, 40)
    assert lastscreen.read(str(save), key(save)) == FRAME
    (site / "gm_console_mygame-1.0.dist-info").rename(site / "gm_console_mygame-1.1.dist-info")
    assert lastscreen.read(str(save), key(save)) is None


def test_another_saves_screen_is_never_shown(save, tmp_path):
    other = tmp_path / "other.toml"
    other.write_bytes(save.read_bytes())  # the same bytes, another fight
    lastscreen.keep(str(save), None, FRAME, 120, 40)
    assert lastscreen.read(str(other), key(other)) is None


def kept_file(save: Path) -> Path:
    return Path(lastscreen.folder()) / cachefolder.name_for(save, lastscreen.SUFFIX)


def test_a_kept_screen_changed_on_disk_is_not_shown(save):
    lastscreen.keep(str(save), None, FRAME, 120, 40)
    path = kept_file(save)
    path.write_bytes(path.read_bytes().replace("Goblin 1".encode(), "Goblin 9".encode()))
    assert lastscreen.read(str(save), key(save)) is None


def test_a_screen_signed_with_the_key_but_holding_a_terminal_command_is_not_shown(save):
    """Even a file that passes the checksum (somebody with the user's key) cannot make the
    terminal do anything but show text: the title, the clipboard, a mode, a bell."""
    lastscreen.keep(str(save), None, FRAME, 120, 40)
    secret = (Path(lastscreen.folder()) / cachefolder.KEY).read_bytes()
    for hostile in ("\x1b]0;pwned\x07", "\x1b]52;c;cm0gLXJmIH4K\x07", "\x1b[?1049l", "\x07", "\x9b31m", "\r\n"):
        body = f"{lastscreen.HEAD} {lastscreen.VERSION} {key(save)}\n{FRAME}{hostile}".encode()
        kept_file(save).write_bytes(cachefolder.mac(secret, body).encode() + b"\n" + body)
        assert lastscreen.read(str(save), key(save)) is None, repr(hostile)
    assert not lastscreen.write(str(save), key(save), FRAME + "\x1b]0;title\x07")  # nor is one kept


def test_a_kept_screen_in_a_folder_open_to_others_or_reached_by_a_link_is_not_read(save, tmp_path):
    lastscreen.keep(str(save), None, FRAME, 120, 40)
    path = kept_file(save)
    moved = tmp_path / "elsewhere.screen"
    path.rename(moved)
    path.symlink_to(moved)
    assert lastscreen.read(str(save), key(save)) is None


def test_the_newest_screens_are_kept_and_the_oldest_go(tmp_path, monkeypatch):
    monkeypatch.setattr(lastscreen, "KEEP", 3)
    saves = []
    for i in range(5):
        path = tmp_path / f"f{i}.toml"
        path.write_text(f"name = 'f{i}'\n", encoding="utf-8")
        assert lastscreen.keep(str(path), None, FRAME, 80, 24)
        os.utime(kept_file(path), (1000 + i, 1000 + i))
        saves.append(path)
    lastscreen.keep(str(saves[4]), None, FRAME, 80, 24)  # a write prunes
    left = sorted(p.name for p in Path(lastscreen.folder()).iterdir() if p.name.endswith(lastscreen.SUFFIX))
    assert left == sorted(cachefolder.name_for(p, lastscreen.SUFFIX) for p in saves[2:])


# -- what may reach the terminal ----------------------------------------------------------------
SGR = st.lists(st.sampled_from("0123456789;:"), max_size=12).map(lambda p: "\x1b[" + "".join(p) + "m")
PLACE = st.tuples(st.integers(1, 300), st.integers(1, 300)).map(lambda yx: f"\x1b[{yx[0]};{yx[1]}H")
TEXT = st.text(st.characters(blacklist_categories=("Cc", "Cs"),
                             blacklist_characters="\u061c\u200e\u200f\u2028\u2029\u202a\u202b\u202c\u202d\u202e"
                                                  "\u2066\u2067\u2068\u2069"), max_size=20)


@given(st.lists(st.one_of(SGR, PLACE, TEXT), max_size=30))
def test_text_colours_and_cursor_places_are_what_textual_draws_and_pass(parts):
    assert lastscreen.safe("".join(parts))


@given(st.text(max_size=60))
def test_whatever_passes_holds_no_control_but_the_escape_of_a_colour_or_a_place(text):
    if lastscreen.safe(text):
        rest = text
        for part in text.split("\x1b")[1:]:
            assert part.startswith("[")
            end = 1
            while part[end] in "0123456789;:":
                end += 1
            assert part[end] in "mH"
            rest = rest.replace("\x1b" + part[:end + 1], "", 1)
        assert not any(ord(c) < 0x20 or 0x7f <= ord(c) < 0xa0 for c in rest), repr(text)


# -- the start -------------------------------------------------------------------------------------
@pytest.mark.parametrize("argv, opened", [
    (["fight.toml"], ("fight.toml", None)),
    (["open", "fight.toml"], ("fight.toml", None)),
    (["--lang", "es", "fight.toml"], ("fight.toml", "es")),
    (["--lang=en", "open", "fight.toml"], ("fight.toml", "en")),
    (["exec", "fight.toml", "next"], None),
    (["fight.toml", "--dice", "ask"], None),
    (["--help"], None),
    ([], None),
])
def test_only_the_plain_open_of_a_save_paints_a_kept_screen(argv, opened):
    assert glimpse._opened(argv) == opened


@pytest.mark.parametrize("env", [{}, {"XDG_CACHE_HOME": "/tmp/xdg-cache", "XDG_CONFIG_HOME": "/tmp/xdg-config"},
                                 {"XDG_CACHE_HOME": "  ", "XDG_CONFIG_HOME": ""}])
def test_the_cache_and_settings_folders_are_platformdirs_own(monkeypatch, env):
    """cachefolder reads platformdirs' rule without importing it (the start paints first)."""
    monkeypatch.delenv("GM_CONSOLE_CACHE_DIR")
    monkeypatch.delenv("GM_CONSOLE_CONFIG_DIR")
    for name in ("XDG_CACHE_HOME", "XDG_CONFIG_HOME"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert cachefolder.cache_root() == platformdirs.user_cache_dir("gm-console", appauthor=False)
    assert cachefolder.config_root() == platformdirs.user_config_dir("gm-console", appauthor=False)


def test_what_paints_the_kept_screen_loads_only_the_standard_library(save):
    """Before the screen is on the terminal nothing costly is loaded: not the engine, not
    Textual, not even typing, pathlib or json (each some milliseconds of the start)."""
    lastscreen.keep(str(save), None, FRAME, 120, 40)
    code = ("import sys; before = set(sys.modules)\n"
            "from gm_console.storage import lastscreen\nimport gm_console.glimpse\n"
            f"s = {str(save)!r}\n"
            "assert lastscreen.read(s, lastscreen.key_for(s, lastscreen.save_digest(s), 120, 40, None))\n"
            "print(' '.join(sorted(set(sys.modules) - before)))")
    loaded = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                            capture_output=True, text=True, check=True).stdout.split()
    ours = {"gm_console", "gm_console.glimpse", "gm_console.storage", "gm_console.storage.cachefolder",
            "gm_console.storage.lastscreen"}
    assert {m for m in loaded if m.split(".")[0] not in sys.stdlib_module_names} <= ours, loaded
    assert not {"typing", "pathlib", "json", "re", "textual", "rich", "platformdirs"} & set(loaded), loaded


# -- what the console keeps ------------------------------------------------------------------------
def console(tmp_path: Path, kept: list, painted: bool = False):
    from test_tui_support import copy_example
    from gm_console.tui.app import GMConsole

    save = copy_example(tmp_path, "pathfinder1e")
    return save, GMConsole(save, lang="en", painted=painted,
                           keep_screen=lambda frame, cols, rows: kept.append((frame, cols, rows)) or True)


def test_the_console_keeps_the_fights_screen_when_it_closes(tmp_path):
    import asyncio

    kept: list = []
    save, app = console(tmp_path, kept, painted=True)  # painted: nothing kept after the first frame

    async def play():
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("n")
            await pilot.pause()
            assert kept == []
            await pilot.press("q")
            await pilot.pause()

    asyncio.run(play())
    [(frame, cols, rows)] = kept
    assert (cols, rows) == (120, 40) and lastscreen.safe(frame)
    assert "Goblin 2's turn" in frame and "Valeros" in frame  # the fight as it was closed


def test_an_open_that_painted_no_kept_screen_keeps_one_after_its_first_frame(tmp_path, monkeypatch):
    import asyncio

    from gm_console.tui import app as app_module

    monkeypatch.setattr(app_module, "KEEP_AFTER", 0.05)
    kept: list = []
    save, app = console(tmp_path, kept)

    async def look():
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause(0.3)
            assert len(kept) == 1 and kept[0][1:] == (100, 30) and "Valeros's turn" in kept[0][0]

    asyncio.run(look())


def test_a_read_only_console_keeps_no_screen(tmp_path):
    """Another console writes the file: that one keeps its screen, not the one looking on."""
    import asyncio

    from gm_console.storage import Encounter
    from gm_console.tui.app import GMConsole

    kept: list = []
    save, _ = console(tmp_path, kept)
    app = GMConsole(save, lang="en", painted=True, encounter=Encounter.open(save, read_only=True),
                    keep_screen=lambda frame, cols, rows: kept.append(frame) or True)

    async def look():
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert "READ-ONLY" in str(app.screen.query_one("#head").render()).upper()
            await pilot.press("q")
            await pilot.pause()

    asyncio.run(look())
    assert kept == []
