"""The Starfinder and Dragon Age pages are the reference the code cites: every "§N" in their
rulesets and tests names a section that exists in docs/rulesets/starfinder.md or
docs/rulesets/dragon_age.md, and no citation points anywhere else."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs" / "rulesets"

#: page -> the files whose every § belongs to it
OWN = {
    "starfinder.md": ("rulesets/starfinder/**/*.py", "tests/test_sf_*.py"),
    "dragon_age.md": ("rulesets/dragon_age/**/*.py", "tests/test_da_*.py"),
    "dnd5e.md": ("rulesets/dnd5e/**/*.py", "tests/test_dnd5e_*.py"),
}
#: files that cite these pages by name only (shared engine tests, cross-game tests)
NAMED = ("tests/test_engine_*.py", "tests/test_ruleset_docs_sfda.py", "tests/test_checks_state.py",
         "tests/test_time_passing_sfda.py")

SECTION = r"\d+(?:\.\d+)*"
# a heading ("#### 3.4 Injury...") or a numbered item ("- **3.4.1 Massive damage**")
DEFINED = re.compile(rf"^(?:#+\s+({SECTION})\b|\s*-\s+\*\*({SECTION})\b)", re.M)


def sections(page: str) -> set[str]:
    text = (DOCS / page).read_text(encoding="utf-8")
    return {a or b for a, b in DEFINED.findall(text)}


def files(patterns) -> list[Path]:
    out: list[Path] = []
    for pattern in patterns:
        out += sorted(ROOT.glob(pattern))
    return out


def cited(text: str) -> list[str]:
    """Every section number after a § sign (ranges like §3.4.6-9 cite their first)."""
    return [m.rstrip(".") for m in re.findall(rf"§({SECTION})", text)]


@pytest.mark.parametrize("page", sorted(OWN))
def test_the_page_has_numbered_sections(page):
    """Each page is organised in numbered sections (e.g. starfinder.md §3.4.1)."""
    found = sections(page)
    if page == "dnd5e.md":  # chapters 1-10, each rule numbered inside its chapter (§3.3)
        assert {str(n) for n in range(1, 11)} <= found and {"2.1", "3.3", "4.2"} <= found, sorted(found)
        return
    top = "3" if page == "starfinder.md" else "2"
    assert {f"{top}.{n}" for n in range(1, 9)} <= found, sorted(found)


@pytest.mark.parametrize("page", sorted(OWN))
def test_every_section_cited_by_its_game_exists(page):
    known = sections(page)
    missing = []
    for path in files(OWN[page]):
        text = path.read_text(encoding="utf-8")
        for section in cited(text):
            if section not in known:
                missing.append(f"{path.relative_to(ROOT)}: §{section}")
        if page in ("dragon_age.md", "dnd5e.md"):  # rule("2.3") builds "dragon_age.md §2.3"
            for section in re.findall(rf"\brule\(\"({SECTION})\"\)", text):
                if section not in known:
                    missing.append(f"{path.relative_to(ROOT)}: rule({section!r})")
    assert missing == []


def test_pages_cited_by_name_elsewhere_exist():
    missing = []
    for path in files(NAMED):
        text = path.read_text(encoding="utf-8")
        for page in OWN:
            for section in re.findall(rf"{re.escape(page)} §({SECTION})", text):
                if section.rstrip(".") not in sections(page):
                    missing.append(f"{path.relative_to(ROOT)}: {page} §{section}")
    assert missing == []


@pytest.mark.parametrize("page", sorted(OWN))
def test_no_old_style_or_outside_citations(page):
    """"SF §3.4" / "DA §2.5" / "digest §" became "starfinder.md §3.4" / "dragon_age.md §2.5";
    nothing cites the shared digest outside the repository."""
    bad = []
    for path in files(OWN[page]) + files(NAMED):
        text = path.read_text(encoding="utf-8")
        outside = "/".join(("shared", "rules")), "/".join(("", "work", "shared"))  # spelled apart: this file cites nothing
        for old in ("SF §", "DA §", "digest §", *outside):
            if old in text and path.name != "test_ruleset_docs_sfda.py":
                bad.append(f"{path.relative_to(ROOT)}: {old}")
    assert bad == []


def test_the_pages_list_their_own_decisions():
    """The [I] decisions stay listed, each page with its own section for them."""
    for page, heading in (("starfinder.md", "3.12 Our decisions [I]"), ("dragon_age.md", "2.11 Our decisions [I]"),
                          ("dnd5e.md", "10 Our decisions [I]")):
        text = (DOCS / page).read_text(encoding="utf-8")
        assert heading in text
        block = text.split(heading, 1)[1]
        assert block.count("\n- ") >= 5


def test_a_missing_section_would_be_caught():
    """The checker itself: a made-up section is not among the defined ones."""
    assert "3.99" not in sections("starfinder.md")
    assert "2.99" not in sections("dragon_age.md")
    assert cited("see starfinder.md §3.4.6-9 and §3.5.") == ["3.4.6", "3.5"]
