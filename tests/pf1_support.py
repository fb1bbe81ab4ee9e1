"""What the Pathfinder tests read the way a GM does: the sheet's lines in one language."""

from __future__ import annotations

from gm_console.i18n import render


def sheet_lines(rules, state, c, lang: str = "en") -> list[str]:
    """The sheet's status lines as the GM reads them in ``lang``."""
    return [render(line, lang) for line in rules.sheet.status(state, c, lang)]
