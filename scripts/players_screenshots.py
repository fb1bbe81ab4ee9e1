"""Regenerate screenshots/players*.svg: the players' live view (docs/players.md §6).

    .venv/bin/python scripts/players_screenshots.py            # writes screenshots/players*.svg
    .venv/bin/python scripts/players_screenshots.py --png DIR  # also PNGs in DIR (chromium or rsvg-convert)

The Pathfinder example (saves/pathfinder1e.toml) in English and the Starfinder one in
Spanish, each copied to a temporary folder first (the view only reads, but the checkout's
saves are never handed to a program), drawn at 100x30 through Textual's test driver; the
projector layout of each too (English at 80x24, Spanish at 120x40: large type leaves few cells).
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from screenshots import OUT, SAVES, _setup_env, shoot, to_png  # noqa: E402

#: (file, example, language, projector layout, size)
SHOTS = (("players", "pathfinder1e", "en", False, (100, 30)), ("players-es", "starfinder", "es", False, (100, 30)),
         ("players-projector", "pathfinder1e", "en", True, (80, 24)),
         ("players-projector-es", "starfinder", "es", True, (120, 40)))


async def main(png_dir: Path | None) -> list[Path]:
    from gm_console.tui.players.app import PlayersApp

    tmp = Path(tempfile.mkdtemp(prefix="gm-players-shots-"))
    _setup_env(tmp)
    OUT.mkdir(exist_ok=True)
    written = []
    for name, ruleset, lang, projector, size in SHOTS:
        copy = tmp / f"{ruleset}.toml"
        shutil.copyfile(SAVES / f"{ruleset}.toml", copy)
        target = OUT / f"{name}.svg"
        target.write_text(await shoot(PlayersApp(copy, lang, projector=projector), size), encoding="utf-8")
        written.append(target)
    if png_dir is not None:
        to_png(written, png_dir)
    shutil.rmtree(tmp, ignore_errors=True)
    return written


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--png", type=Path, default=None, help="also write PNG renderings into this folder")
    args = parser.parse_args()
    for path in asyncio.run(main(args.png)):
        print(path.relative_to(ROOT))
