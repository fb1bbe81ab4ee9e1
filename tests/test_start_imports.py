"""Import hygiene of a start (issue 15): opening an encounter up to its first frame imports
only what that frame shows. The modals, the completion, the round report, the exports, the
dice grammar and importlib.metadata load when the GM first asks for them; each of them
costs the start milliseconds and memory for a screen that may never open."""

from __future__ import annotations

import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: loaded at first use, never by the first frame
LAZY = ("importlib.metadata", "email", "d20", "lark",
        "gm_console.tui.modals", "gm_console.tui.completion", "gm_console.tui.screens.picker",
        "gm_console.tui.screens.help", "gm_console.engine.views.post", "gm_console.engine.views.export",
        "gm_console.engine.views.aftermath", "gm_console.storage.library", "gm_console.tui.players.model")

FIRST_FRAME = textwrap.dedent('''
    import asyncio, json, sys
    from gm_console.tui.app import GMConsole

    async def main(path):
        app = GMConsole(path, lang="en")
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            shown = str(app.screen.query_one("#head").render())
            first = sorted(sys.modules)
            await pilot.press("d")  # the damage modal: loaded now, when it is asked for
            await pilot.pause()
            opened = type(app.screen).__name__
        print(json.dumps({"shown": shown, "first": first, "opened": opened,
                          "after": sorted(sys.modules)}))

    asyncio.run(main(sys.argv[1]))
''')


def _loaded(modules: list[str], name: str) -> bool:
    return any(m == name or m.startswith(name + ".") for m in modules)


def test_the_first_frame_of_an_encounter_imports_none_of_what_it_does_not_show(tmp_path):
    import json

    save = tmp_path / "example.toml"
    shutil.copy(ROOT / "saves" / "pathfinder1e.toml", save)
    out = subprocess.run([sys.executable, "-c", FIRST_FRAME, str(save)], capture_output=True, text=True,
                         cwd=tmp_path, timeout=120)
    assert out.returncode == 0, out.stderr
    seen = json.loads(out.stdout.strip().splitlines()[-1])
    assert "Goblin ambush on the Lost Coast road" in seen["shown"]  # the encounter is on the screen
    assert _loaded(seen["first"], "gm_console.tui.screens.encounter")
    assert [name for name in LAZY if _loaded(seen["first"], name)] == []
    # and they do load when asked for: the check above is about the right names
    assert seen["opened"] == "DamageModal"
    assert _loaded(seen["after"], "gm_console.tui.modals.damage")


def test_opening_a_save_from_the_command_line_reads_it_without_argparse(tmp_path):
    """`gm-console PATH`, the usual start, builds no parser: argparse (and every subcommand's
    help) is not loaded before the first frame; the arguments are those argparse gives."""
    probe = textwrap.dedent('''
        import sys
        import gm_console.cli as cli

        seen = {}
        cli._COMMANDS["open"] = lambda args, lang: seen.update(vars(args), lang=lang) or 0
        cli.main(["--lang", "es", sys.argv[1]])
        print("argparse" in sys.modules, sorted(seen.items()))
    ''')
    out = subprocess.run([sys.executable, "-c", probe, str(tmp_path / "fight.toml")], capture_output=True,
                         text=True, cwd=tmp_path, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split(" ", 1)[0] == "False"
    assert f"('path', PosixPath('{tmp_path / 'fight.toml'}'))" in out.stdout


def test_the_plain_open_reads_what_argparse_reads(monkeypatch):
    from gm_console import cli

    def opened(argv: list[str]) -> dict:
        seen: dict = {}
        monkeypatch.setitem(cli._COMMANDS, "open", lambda args, lang: seen.update(vars(args), lang=lang) or 0)
        cli.main(argv)
        return seen

    for argv in (["x.toml"], ["open", "x.toml"], ["--lang", "es", "x.toml"], ["--lang=en", "open", "a b.toml"],
                 ["x.toml", "--dice", "ask"], ["x.toml", "--lang", "es"]):
        plain = opened(argv)
        with monkeypatch.context() as m:
            m.setattr(cli, "_plain_open", lambda *a: None)  # argparse reads every line
            assert opened(argv) == plain, argv
    assert cli._plain_open([], ["open", "x.toml"], []) is not None  # the usual start is the plain one
    assert cli._plain_open(["--lang", "fr"], ["open", "x.toml"], []) is None  # argparse refuses it


def test_every_subcommand_the_parser_knows_is_read_as_one():
    """The library's and the stats' parsers load only with the parser (a start opening a save
    loads neither): the names the command line tells from a save's path are all of them."""
    import argparse

    from gm_console import cli

    parser = cli._parser("en")
    (sub,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    assert set(sub.choices) == set(cli.SUBCOMMANDS)
