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
