"""The Pathfinder page is the reference the code and the tests cite (docs/rulesets/pathfinder1e.md).

Every `§N` cited in rulesets/pathfinder1e and tests/test_pf1_*.py names a numbered heading of
the page, and nothing cites the old digest numbering ("PF1 " then the section) or a path outside
the repository.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "rulesets" / "pathfinder1e.md"
SOURCES = sorted((ROOT / "rulesets" / "pathfinder1e").glob("*.py")) + sorted((ROOT / "tests").glob("test_pf1_*.py"))
CITED = re.compile(r"§(\d+(?:\.\d+)*)")


def sections() -> set[str]:
    return set(re.findall(r"^#{2,6} (\d+(?:\.\d+)+) ", PAGE.read_text(encoding="utf-8"), flags=re.M))


def test_the_page_has_the_numbered_sections():
    have = sections()
    assert {"1.1", "1.1.4", "1.2", "1.3", "1.4", "1.5", "1.6", "1.7", "1.7.1", "1.7.2", "1.8", "1.9",
            "1.10"} <= have


def test_every_cited_section_exists_in_the_page():
    have = sections()
    missing = []
    for path in SOURCES:
        text = path.read_text(encoding="utf-8")
        for n, line in enumerate(text.splitlines(), 1):
            for number in CITED.findall(line):
                if number not in have:
                    missing.append(f"{path.relative_to(ROOT)}:{n}: §{number}")
    assert not missing, missing


def test_citations_name_the_page_not_the_old_digest():
    for path in SOURCES + [PAGE]:
        text = path.read_text(encoding="utf-8")
        assert "PF1 " + "§" not in text, path
        assert "/work" + "/" not in text and "shared" + "/rules" not in text, path


def test_the_page_cites_itself_consistently():
    """Cross-references inside the page (§1.4...) point at its own sections."""
    have = sections()
    missing = [m for m in CITED.findall(PAGE.read_text(encoding="utf-8")) if m not in have]
    assert not missing, missing
