"""Fill the README's generated sections from their sources.

    python scripts/readme.py          # rewrite README.md
    python scripts/readme.py --check  # exit 1 if README.md is stale

Sections (between `<!-- NAME:start -->` and `<!-- NAME:end -->`):
  keys      docs/keys.md (itself generated from the TUI bindings by keys_table.py)
  verbs     the core verbs' declarations (gm_console/engine/language.py); each docs/rulesets
            page with `<!-- verbs:start -->` markers gets its ruleset's own verbs the same way
  rulesets  docs/rulesets/*.md, one section per game
tests/test_readme.py fails when the README and its sources disagree.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
ORDER = ("pathfinder1e", "starfinder", "dragon_age")


def _demote(text: str, levels: int = 1) -> str:
    """Sub-documents start at `#`; inside the README they sit under a `##` section."""
    out = []
    fence = False
    for line in text.splitlines():
        if line.startswith("```"):
            fence = not fence
        if not fence and re.match(r"^#{1,5} ", line):
            line = "#" * levels + line
        out.append(line)
    return "\n".join(out).strip()


def verbs_table(ruleset_id: str | None = None) -> str:
    """A table of verbs from each one's declaration: the core's, or a ruleset's own."""
    sys.path.insert(0, str(ROOT))
    from gm_console import plugins
    from gm_console.engine.language import CORE, registry_for
    from gm_console.i18n import render

    if ruleset_id is None:
        verbs = list(CORE)
    else:
        registry = registry_for(plugins.load(ruleset_id))
        verbs = [v for v in registry if v.name not in registry.core]
    rows = ["| Command | What it does |", "|---|---|"]
    for verb in verbs:
        usage = verb.usage().replace("|", "\\|")
        spanish = f" ({', '.join(verb.es)})" if verb.es else ""
        what = render(verb.summary, "en").replace("|", "\\|")
        rows.append(f"| `{usage}`{spanish} | {what} |")
    return "\n".join(rows)


def fill_ruleset_pages(check: bool = False) -> list[Path]:
    """Each docs/rulesets page's own verb table (between `<!-- verbs:start -->` markers), from the
    ruleset's declarations. Returns the pages that were (or, with ``check``, would be) changed."""
    stale = []
    for page in sorted((ROOT / "docs" / "rulesets").glob("*.md")):
        text = page.read_text(encoding="utf-8")
        pattern = re.compile(r"(<!-- verbs:start -->\n).*?(<!-- verbs:end -->)", re.S)
        if not pattern.search(text):
            continue
        fresh = pattern.sub(lambda m: m.group(1) + verbs_table(page.stem) + "\n" + m.group(2), text)
        if fresh != text:
            stale.append(page)
            if not check:
                page.write_text(fresh, encoding="utf-8")
    return stale


def sections() -> dict[str, str]:
    keys = (ROOT / "docs" / "keys.md").read_text(encoding="utf-8")
    keys = "\n".join(ln for ln in keys.splitlines() if not ln.startswith("<!--"))
    docs = sorted((ROOT / "docs" / "rulesets").glob("*.md"),
                  key=lambda p: (ORDER.index(p.stem) if p.stem in ORDER else 99, p.stem))
    rulesets = "\n\n".join(_demote(p.read_text(encoding="utf-8"), 0) for p in docs)
    return {"keys": "## Keys\n\n" + _demote(keys.strip(), 0), "verbs": verbs_table(), "rulesets": rulesets}


def render(text: str) -> str:
    for name, body in sections().items():
        pattern = re.compile(rf"(<!-- {name}:start -->\n).*?(<!-- {name}:end -->)", re.S)
        if not pattern.search(text):
            raise SystemExit(f"README.md has no <!-- {name}:start --> ... <!-- {name}:end --> markers")
        text = pattern.sub(lambda m: m.group(1) + body + "\n" + m.group(2), text)
    return text


def main(argv: list[str]) -> int:
    pages = fill_ruleset_pages(check="--check" in argv)
    if pages and "--check" in argv:
        print(f"stale verb tables in {', '.join(p.name for p in pages)}: run python scripts/readme.py",
              file=sys.stderr)
        return 1
    current = README.read_text(encoding="utf-8")
    fresh = render(current)
    if "--check" in argv:
        if fresh != current:
            print("README.md is stale: run python scripts/readme.py", file=sys.stderr)
            return 1
        return 0
    README.write_text(fresh, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
