"""Rebuild saves/<ruleset>.toml from saves/scripts/<ruleset>.txt through `gm-console exec`.

The examples are made by the same path as every GM action (each line run and saved as the
TUI does), so they are always loadable by the current code. A script's first lines may hold
`# rolls: 15,3,12` (natural dice used in order) and `# name: Goblin ambush`. A rebuild keeps
the committed save's `created`, so an unchanged script gives the same bytes
(tests/test_examples.py checks that the committed saves are what their scripts build).

    python scripts/build_examples.py [RULESET ...]
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gm_console.engine.core.dice import Dice, parse_rolls  # noqa: E402
from gm_console.storage import Encounter, SaveError  # noqa: E402


def header(text: str, key: str) -> str:
    for line in text.splitlines():
        line = line.strip()
        if line.startswith(f"# {key}:"):
            return line.split(":", 1)[1].strip()
    return ""


def build(script: Path) -> Path:
    ruleset = script.stem
    text = script.read_text(encoding="utf-8")
    lines = [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.strip().startswith("#")]
    target = ROOT / "saves" / f"{ruleset}.toml"
    tmp = target.with_suffix(".new")
    tmp.unlink(missing_ok=True)
    with Encounter.create(tmp, ruleset, name=header(text, "name") or ruleset, created=created(target)) as enc:
        enc.record_section = False  # the log alone: the section's digest of the code would change with it
        dice = Dice.from_rolls(parse_rolls(header(text, "rolls")), seed=2026)
        for line in lines:
            enc.execute(line, dice)
    tmp.replace(target)
    return target


def created(target: Path) -> str | None:
    """The committed example's creation time: a rebuild changes only what the script changes."""
    try:
        return Encounter.open(target, read_only=True).doc.created or None
    except SaveError:
        return None


def main(argv: list[str]) -> int:
    scripts = sorted((ROOT / "saves" / "scripts").glob("*.txt"))
    if argv:
        scripts = [s for s in scripts if s.stem in argv]
    for script in scripts:
        print(f"built {build(script).relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
