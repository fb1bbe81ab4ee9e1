"""The first-fight guides (docs/guide.md, docs/guia.md) run as written.

Every ```console block's `$ gm-console ...` line is run against a temporary folder, in order, and
must print what the page shows under it: a guide that drifts from the program fails here (issue
30). `GM_CONSOLE_UPDATE_GOLDEN=1` writes the program's output back into the pages, to be read
before committing.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BLOCK = re.compile(r"```console\n(.*?)```", re.S)
GUIDES = {"guide.md": "C.UTF-8", "guia.md": "es_ES.UTF-8"}


def steps(text: str) -> list[tuple[str, list[str]]]:
    """(command, expected lines) for every `$ ` line of every console block."""
    out: list[tuple[str, list[str]]] = []
    for block in BLOCK.findall(text):
        for line in block.splitlines():
            if line.startswith("$ "):
                out.append((line[2:], []))
            elif out:
                out[-1][1].append(line)
    return out


def run(command: str, cwd: Path, lang: str) -> subprocess.CompletedProcess:
    words = shlex.split(command)
    assert words[0] == "gm-console", command
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "GM_CONSOLE_", "XDG_"))}
    env.update(LANG=lang, HOME=str(cwd), COLUMNS="100")  # the folders a new user has, under ~
    return subprocess.run([sys.executable, "-m", "gm_console", *words[1:]], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120)


def rewrite(text: str, outputs: dict[str, list[str]]) -> str:
    """The page with each command's shown output replaced by what it printed."""
    def block(match: re.Match) -> str:
        lines = []
        for command, _shown in steps(match.group(0)):
            lines.append(f"$ {command}")
            lines += outputs[command]
        return "```console\n" + "\n".join(lines) + "\n```"
    return BLOCK.sub(block, text)


@pytest.mark.parametrize("page", sorted(GUIDES))
def test_the_guide_runs_as_written(page, tmp_path):
    path = ROOT / "docs" / page
    text = path.read_text(encoding="utf-8")
    todo = steps(text)
    assert len(todo) >= 12, "the guide lost its commands"
    update = os.environ.get("GM_CONSOLE_UPDATE_GOLDEN") == "1"
    printed: dict[str, list[str]] = {}
    for command, shown in todo:
        done = run(command, tmp_path, GUIDES[page])
        assert done.returncode == 0, f"{page}: `{command}` failed: {done.stderr}"
        lines = [ln.rstrip().replace(str(tmp_path), "~") for ln in done.stdout.rstrip("\n").splitlines()]
        assert command not in printed, f"{page}: `{command}` twice: make each step's line unique"
        printed[command] = lines
        if not update:
            assert lines == shown, f"{page}: `{command}` printed:\n" + "\n".join(lines)
    if update:
        path.write_text(rewrite(text, printed), encoding="utf-8")


def test_the_guide_covers_a_whole_fight():
    """Issue 30: create, party and bestiary, initiative, damage, a lasting condition, delay,
    undo, reopen, end, and the post to the forum: each step is a command the test runs."""
    words = {"guide.md": ("add @", "init ", "roll", "start", "dmg ", "cond ", "delay", "undo", "end"),
             "guia.md": ("añadir @", "iniciativa ", "tirar", "empezar", "daño ", "estado ", "retrasar",
                         "deshacer", "terminar")}
    for page, verbs in words.items():
        commands = " ".join(c for c, _ in steps((ROOT / "docs" / page).read_text(encoding="utf-8")))
        for needed in ("new ", "party new", "party add", "show ", "post ", "party update", *verbs):
            assert needed in commands, (page, needed)
