"""Regenerate screenshots/*.svg: each ruleset's example, the picker and the modals.

    .venv/bin/python scripts/screenshots.py            # writes screenshots/*.svg
    .venv/bin/python scripts/screenshots.py --png DIR  # also PNGs in DIR (needs chromium or rsvg-convert)

Every example in saves/ whose ruleset loads is drawn at 120x40 (and the generic
one at 80x24 too). The app runs headless through Textual's test driver on a
copy of each save, with the user folders pointed at a temporary directory, so
the checkout and the GM's own saves are never touched and the pictures do not
depend on the clock.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAVES = ROOT / "saves"
OUT = ROOT / "screenshots"
FIXED_MTIME = 1_767_225_600  # 2026-01-01 00:00 UTC: the picker shows the same "last change" every run


def _setup_env(tmp: Path) -> None:
    os.environ["GM_CONSOLE_DATA_DIR"] = str(tmp / "data")
    os.environ["GM_CONSOLE_CONFIG_DIR"] = str(tmp / "config")
    os.environ["TZ"] = "UTC"
    try:
        import time

        time.tzset()
    except AttributeError:
        pass


def loadable_examples() -> list[Path]:
    from gm_console import plugins
    from gm_console.storage.library import peek

    out = []
    for path in sorted(SAVES.glob("*.toml")):
        info = peek(path)
        if info is None or info.prepared:  # a plan, not an encounter yet (README: prepared encounters)
            continue
        try:
            plugins.load(info.ruleset)
        except plugins.UnknownRuleset as exc:
            print(f"skip {path.name}: {exc}", file=sys.stderr)
            continue
        out.append(path)
    return out


async def shoot(app, size: tuple[int, int], press: tuple[str, ...] = ()) -> str:
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for key in press:
            await pilot.press(key)
            await pilot.pause()
        await pilot.pause()
        return app.export_screenshot()


async def main(png_dir: Path | None) -> list[Path]:
    from gm_console.engine.core.dice import Dice
    from gm_console.storage import Encounter
    from gm_console.tui.app import GMConsole

    tmp = Path(tempfile.mkdtemp(prefix="gm-shots-"))
    _setup_env(tmp)
    OUT.mkdir(exist_ok=True)
    written: list[Path] = []

    def save(name: str, svg: str) -> None:
        target = OUT / f"{name}.svg"
        target.write_text(svg, encoding="utf-8")
        written.append(target)

    examples = loadable_examples()
    for path in examples:
        copy = tmp / path.name
        shutil.copyfile(path, copy)
        enc = Encounter.open(copy)
        app = GMConsole(lang="en", encounter=enc, dice=Dice.from_rolls([], seed=1))
        save(path.stem, await shoot(app, (120, 40)))
        if path.stem == "generic":
            app = GMConsole(lang="en", encounter=Encounter.open(copy))
            save("generic-80x24", await shoot(app, (80, 24)))
            app = GMConsole(lang="es", encounter=Encounter.open(copy))
            save("generic-es", await shoot(app, (120, 40)))
            app = GMConsole(lang="en", encounter=Encounter.open(copy))
            save("damage-modal", await shoot(app, (120, 40), ("j", "j", "d", "2", "d", "6", "+", "3")))
            fresh = Encounter.create(tmp / "ambush.toml", "generic", name="Ambush at the ford")
            for line in ("add Goblin x3 group hp=7 init=1", "add Lia pc hp=12 init=2", "add Kyra pc hp=20 init=3"):
                fresh.execute(line)
            app = GMConsole(lang="en", encounter=fresh)
            save("initiative-form", await shoot(app, (80, 24), ("i", "1", "7", "tab", "1", "2", "tab")))
        if path.stem == "starfinder":
            app = GMConsole(lang="en", encounter=Encounter.open(copy))
            # the bestiary's search: a space pirate found, its stat block in view above the form
            save("add-form", await shoot(app, (120, 40), ("a", "p", "i", "r", "a", "t", "e")))
        if path.stem == "pathfinder1e":
            # the attack form: the active goblin's attacks with their bonus now, Kyra the target
            fresh = Encounter.create(tmp / "gate.toml", "pathfinder1e", name="Goblins at the gate")
            for line in ("add Kyra pc hp=22 ac=16 touch=12 ff=14 init=2", "add @goblin x2", 'init "Goblin 1" 18',
                         "init Kyra 12", 'init "Goblin 2" 9', "start"):
                fresh.execute(line)
            app = GMConsole(lang="en", encounter=fresh)
            save("attack-form", await shoot(app, (120, 40), ("j", "f")))
            # select by typing, two marked for one blow, the timeline alone with its legend
            app = GMConsole(lang="en", encounter=Encounter.open(copy))
            save("marks-and-timeline", await shoot(app, (120, 40), ("v", "slash", "g", "o", "b", "2", "enter",
                                                                    "space", "space")))
            app = GMConsole(lang="es", encounter=Encounter.open(copy))
            save("pathfinder1e-es", await shoot(app, (120, 40), ("j", "j")))
    # the condition search, in Spanish ("atur" finds stunned), where a ruleset has that condition
    with_catalogue = [p for p in examples if Encounter.open(tmp / p.name).ruleset.conditions.catalogue.defs.get("stunned")]
    target = (with_catalogue or examples)[0] if examples else None
    if target is not None:
        keys = ("j", "c", "a", "t", "u", "r") if with_catalogue else ("j", "c", "p", "r")
        app = GMConsole(lang="es", encounter=Encounter.open(tmp / target.name))
        save("condition-modal", await shoot(app, (120, 40), keys))
    # nine combatants at 80x24 (everyone flat-footed on one line, three goblins dying on one
    # warning), in both languages, and the summary after the fight with its party write-back
    await nine_at_80x24(tmp, save)
    saves_dir = tmp / "data" / "encounters"
    saves_dir.mkdir(parents=True, exist_ok=True)
    for n, path in enumerate(examples[:3]):
        target = saves_dir / f"{path.stem}-table{n + 1}.toml"
        shutil.copyfile(path, target)
        os.utime(target, (FIXED_MTIME + n * 3600, FIXED_MTIME + n * 3600))
    save("picker", await shoot(GMConsole(None, lang="en"), (120, 40)))
    if png_dir is not None:
        to_png(written, png_dir)
    shutil.rmtree(tmp, ignore_errors=True)
    return written


NINE = ("add Kyra pc hp=30 init=4", "add Lia pc hp=22 init=3", "add Doran pc hp=28 init=1", "add Seren pc hp=18 init=2",
        "add @goblin x4", 'add "Goblin chief" hp=20 init=3', "init Kyra 20", "init Lia 15", "init Doran 9",
        "init Seren 17", 'init "Goblin 1" 12', 'init "Goblin 2" 10', 'init "Goblin 3" 8', 'init "Goblin 4" 7',
        'init "Goblin chief" 18', "start")
FALLEN = ('dmg "Goblin 1" 9', "next", "dmg Kyra 5", "cond Kyra sickened 3", "next", 'dmg "Goblin 2" 12', "next",
          'dmg "Goblin 3" 9')


async def nine_at_80x24(tmp: Path, save) -> None:
    from gm_console.storage import Encounter
    from gm_console.storage import party as party_file
    from gm_console.tui.app import GMConsole

    sheets = Encounter.create(tmp / "sheets.toml", "pathfinder1e", name="sheets")
    for line in NINE[:4]:
        sheets.execute(line)
    party = party_file.create("The Lanterns", "pathfinder1e")
    party_file.add_members(party, list(sheets.state.combatants.values()), sheets.ruleset)
    sheets.close()
    for lang in ("en", "es"):
        enc = Encounter.create(tmp / f"warren-{lang}.toml", "pathfinder1e", name="The goblin warren",
                               party=party_file.load("The Lanterns"))
        for line in NINE[4:]:
            enc.execute(line)
        suffix = "" if lang == "en" else "-es"
        save(f"nine-80x24{suffix}", await shoot(GMConsole(lang=lang, encounter=enc), (80, 24)))
        at = FIXED_MTIME  # the turn clock: fixed times, so the head and the summary's turn times hold still
        for line, seconds in zip(FALLEN, (40, 95, 20, 15, 70, 30, 55, 25)):
            at += seconds
            enc.execute(line, at=at)
        clock = lambda: at + 42  # noqa: E731 - 0:42 into the current turn
        save(f"dying-80x24{suffix}", await shoot(GMConsole(lang=lang, encounter=enc, clock=clock), (80, 24)))
        save(f"summary{suffix}", await shoot(GMConsole(lang=lang, encounter=enc, clock=clock), (100, 40),
                                             ("E", "y" if lang == "en" else "s")))
        enc.close()


def to_png(svgs: list[Path], folder: Path) -> None:
    """For looking at them: chromium draws the SVG text exactly; rsvg-convert is a fallback."""
    folder.mkdir(parents=True, exist_ok=True)
    chromium = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    for svg in svgs:
        png = folder / (svg.stem + ".png")
        if chromium:
            width = 1000 if "80x24" in svg.stem else 1480
            height = 640 if "80x24" in svg.stem else 1010
            subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                            f"--window-size={width},{height}", f"--screenshot={png}", svg.as_uri()],
                           check=False, capture_output=True)
        elif shutil.which("rsvg-convert"):
            subprocess.run(["rsvg-convert", str(svg), "-o", str(png)], check=False)
        else:
            print("no SVG renderer found (chromium or rsvg-convert); PNGs skipped", file=sys.stderr)
            return
        print(png)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--png", type=Path, default=None, help="also write PNG renderings into this folder")
    args = parser.parse_args()
    for path in asyncio.run(main(args.png)):
        print(path.relative_to(ROOT))
