"""Write docs/keys.md, the key table, from gm_console/tui/bindings.py.

    .venv/bin/python scripts/keys_table.py          # rewrite docs/keys.md
    .venv/bin/python scripts/keys_table.py --check  # exit 1 if docs/keys.md is stale

tests/test_tui_keys.py fails when the table and the bindings disagree, so the
README (which includes this table) never lies about a key.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "docs" / "keys.md"


def main(argv: list[str]) -> int:
    sys.path.insert(0, str(ROOT))
    from gm_console.tui.bindings import markdown_table

    text = markdown_table()
    if "--check" in argv:
        current = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
        if current != text:
            print(f"{TARGET.relative_to(ROOT)} is stale: run python scripts/keys_table.py", file=sys.stderr)
            return 1
        return 0
    TARGET.write_text(text, encoding="utf-8")
    print(TARGET.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
