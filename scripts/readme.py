"""Fill the generated sections of the README and the docs from their sources.

    python scripts/readme.py          # rewrite them
    python scripts/readme.py --check  # exit 1 if any is stale

Sections (between `<!-- NAME:start -->` and `<!-- NAME:end -->`), per file in TARGETS:
  cli    the command line at a glance, read off the argument parser (gm_console/cli_glance.py),
         in English in the README and in Spanish in docs/guia.md
  keys   the keys used every round, from the TUI bindings (the full table is docs/keys.md,
         written by keys_table.py)
  verbs  the core verbs' declarations (gm_console/engine/language/core_verbs.py) in docs/commands.md; each
         docs/rulesets page with `<!-- verbs:start -->` markers gets its ruleset's own verbs
tests/test_readme.py fails when a page and its sources disagree.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def verbs_table(ruleset_id: str | None = None) -> str:
    """A table of verbs from each one's declaration: the core's, or a ruleset's own."""
    sys.path.insert(0, str(ROOT))
    from gm_console import plugins
    from gm_console.engine.language.core_verbs import CORE, registry_for
    from gm_console.i18n import render

    if ruleset_id is None:
        verbs = list(CORE)
    else:
        registry = registry_for(plugins.load(ruleset_id))
        verbs = [v for v in registry if v.name not in registry.core]
    rows = ["| Command | What it does |", "|---|---|"]
    for verb in verbs:
        usage = str(verb.usage()).replace("|", "\\|")
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


MOST_USED = ("next", "damage", "heal", "condition", "delay", "ready", "undo", "add", "roll", "start",
             "find", "accept", "end_fight", "command_bar", "help", "quit", "pane_next",
             "select_up", "select_down", "mark")


def keys_short(lang: str) -> str:
    """The keys a GM uses every round, read off the bindings, grouped by where they work (the
    full table: docs/keys.md)."""
    sys.path.insert(0, str(ROOT))
    from gm_console.i18n import render
    from gm_console.tui.bindings import ENCOUNTER_PLACES, key_label

    head = "| Tecla | Qué hace |" if lang == "es" else "| Key | What it does |"
    out: list[str] = []
    for where, specs in ENCOUNTER_PLACES:
        by_id = {spec.id: spec for spec in specs}
        rows = [f"| `{key_label(by_id[i].key)}` | {by_id[i].tooltip(lang)} |" for i in MOST_USED if i in by_id]
        if rows:
            out += ([""] if out else []) + [f"**{render(where, lang)}**", "", head, "|---|---|", *rows]
    return "\n".join(out)


def cli_table(lang: str) -> str:
    sys.path.insert(0, str(ROOT))
    from gm_console.cli_glance import table

    return table(lang)


# Each file's generated sections: `<!-- NAME:start -->` ... `<!-- NAME:end -->`.
TARGETS = {
    "README.md": {"cli": lambda: cli_table("en"), "keys": lambda: keys_short("en")},
    "docs/guia.md": {"cli": lambda: cli_table("es"), "keys": lambda: keys_short("es")},
    "docs/guide.md": {"keys": lambda: keys_short("en")},
    "docs/commands.md": {"verbs": verbs_table},
}


def render(text: str, sections: dict, name_of: str = "README.md") -> str:
    for name, body in sections.items():
        pattern = re.compile(rf"(<!-- {name}:start -->\n).*?(<!-- {name}:end -->)", re.S)
        if not pattern.search(text):
            raise SystemExit(f"{name_of} has no <!-- {name}:start --> ... <!-- {name}:end --> markers")
        fresh = body()
        text = pattern.sub(lambda m: m.group(1) + fresh + "\n" + m.group(2), text)
    return text


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = [p.relative_to(ROOT).as_posix() for p in fill_ruleset_pages(check=check)]
    for name, sections in TARGETS.items():
        path = ROOT / name
        current = path.read_text(encoding="utf-8")
        fresh = render(current, sections, name)
        if fresh != current:
            stale.append(name)
            if not check:
                path.write_text(fresh, encoding="utf-8")
    if stale and check:
        print(f"stale generated sections in {', '.join(stale)}: run python scripts/readme.py", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
