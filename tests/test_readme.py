"""The README and docs/ tell the truth: their generated tables match their sources, every
relative link and picture resolves, the test command is the one CI runs, and the README stays
a five-minute read (issue 30)."""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def test_generated_sections_are_current():
    out = subprocess.run([sys.executable, str(ROOT / "scripts" / "readme.py"), "--check"],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr


def test_keys_page_lists_every_binding():
    from gm_console.tui.bindings import every_spec

    keys = (ROOT / "docs" / "keys.md").read_text(encoding="utf-8")
    for spec in every_spec():
        assert f"| `{spec.id}` |" in keys, spec.id


def test_ci_runs_the_readme_test_command():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "pip install -e '.[test]'" in readme and "pip\" install -q -e '.[test]'" in ci
    assert "python -m pytest" in readme and "python\" -m pytest" in ci


def _anchors(page: Path) -> set[str]:
    """GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens."""
    out = set()
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            out.add(re.sub(r"\s", "-", re.sub(r"[^\w\s-]", "", title)))
    return out


def test_every_relative_link_resolves():
    broken = []
    for page in PAGES:
        text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
        for target in LINK.findall(text):
            if re.match(r"[a-z]+:", target):
                continue
            path, _, anchor = target.partition("#")
            where = (page.parent / path).resolve() if path else page
            if not where.exists():
                broken.append(f"{page.relative_to(ROOT)}: {target}")
            elif anchor and where.suffix == ".md" and anchor not in _anchors(where):
                broken.append(f"{page.relative_to(ROOT)}: {target} (no such heading)")
    assert not broken, "\n".join(broken)


def test_every_doc_page_is_one_click_from_the_readme():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    linked = {(ROOT / t.partition("#")[0]).resolve() for t in LINK.findall(readme)}
    missing = [p.relative_to(ROOT).as_posix() for p in sorted((ROOT / "docs").rglob("*.md"))
               if p.resolve() not in linked and p.name != "README.md"]
    assert not missing, missing


def test_readme_is_a_five_minute_read():
    """About 300 lines at most; the games' rules live in docs/rulesets/ only."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 300
    assert "#### 1.1 Initiative" not in readme and "rulesets:start" not in readme
