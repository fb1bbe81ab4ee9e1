"""80x24 with nine combatants, as a GM at a laptop plays it (issue 24).

Everyone flat-footed before they act shares one line (a glyph on each row, not a badge and a
line each), so all nine rows fit; warnings of one kind share a line ("3 dying: Goblin 1,
Goblin 2, Goblin 3"); the head keeps the round and whose turn with a long encounter name;
the picker's rows end inside 80 columns.
"""

from __future__ import annotations

import re

from gm_console.engine.core.dice import Dice
from gm_console.tui.app import GMConsole
from test_tui_support import drive, make_encounter, picker_library

SMALL = (80, 24)
NINE = ["add Kyra pc hp=30 init=14", "add Lia pc hp=22 init=9", "add Doran pc hp=28 init=5",
        "add Seren pc hp=18 init=12", "add Goblin x4 hp=6 init=11", 'add "Goblin chief" hp=20 init=16']
NAMES = ["Kyra", "Lia", "Doran", "Seren", "Goblin 1", "Goblin 2", "Goblin 3", "Goblin 4", "Goblin chief"]


def screen_lines(app) -> list[str]:
    """What the terminal shows, row by row, as characters."""
    strips = app.screen._compositor.render_strips()
    return ["".join(segment.text for segment in strip) for strip in strips]


async def shown(enc, lang: str = "en", size=SMALL, press=()) -> list[str]:
    app = GMConsole(encounter=enc, lang=lang, dice=Dice.from_rolls([], seed=1))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for key in press:
            await pilot.press(key)
            await pilot.pause()
        return screen_lines(app)


def initiative_rows(lines: list[str]) -> list[str]:
    """The initiative pane's part of each row (the left pane, up to the sheet's border)."""
    top = next(i for i, line in enumerate(lines) if "Initiative" in line or "Iniciativa" in line)
    bottom = next(i for i, line in enumerate(lines) if i > top and ("Log" in line or "Registro" in line))
    return [line.split("▕")[0].split("│")[0] for line in lines[top + 1:bottom]]


@drive
async def test_nine_flat_footed_at_80x24_share_one_line_and_every_row_fits(tmp_path):
    enc = make_encounter(tmp_path, NINE + ["start"], ruleset="pathfinder1e")
    for lang, word in (("en", "Flat-footed"), ("es", "Desprevenido")):
        rows = initiative_rows(await shown(enc, lang))
        assert sum(word in row for row in rows) == 1, rows  # one line, not one under each row
        assert any(f"{word} ×8" in row for row in rows), rows  # the one acting is no longer flat-footed
        for name in NAMES:
            assert any(name in row for row in rows), (name, rows)  # nobody scrolled off
        marked = [row for row in rows if "▫" in row]
        assert len(marked) == 1 + 8  # the shared line and each flat-footed row
        active = next(row for row in rows if row.lstrip().startswith("▶"))
        assert "▫" not in active


@drive
async def test_one_flat_footed_keeps_its_own_badge(tmp_path):
    """A single mark stays on its row as a badge: the shared line is for many."""
    enc = make_encounter(tmp_path, ["add Kyra pc hp=30 init=14", "add Goblin hp=6 init=1", "init Kyra 20",
                                    "init Goblin 5", "start"], ruleset="pathfinder1e")
    rows = initiative_rows(await shown(enc))
    assert not any("▫" in row for row in rows)
    assert any("[Flat-foot" in row for row in rows), rows


@drive
async def test_three_goblins_dying_are_one_warning_line(tmp_path):
    enc = make_encounter(tmp_path, NINE + ["start", 'dmg "Goblin 1" 7', 'dmg "Goblin 2" 7', 'dmg "Goblin 3" 7',
                                           "dmg Kyra 31"], ruleset="pathfinder1e")
    lines = await shown(enc)
    warnings = [line for line in lines if "⚠" in line]
    assert any("3 dying: Goblin 1, Goblin 2, Goblin 3" in line for line in warnings), warnings
    assert any("Kyra is dying" in line for line in warnings), warnings  # another kind: its own line
    assert len(warnings) == 2
    warnings = [line for line in await shown(enc, "es") if "⚠" in line]
    assert any("3 moribundos: Goblin 1, Goblin 2, Goblin 3" in line for line in warnings), warnings


@drive
async def test_the_head_keeps_the_round_and_whose_turn_with_a_long_name(tmp_path):
    enc = make_encounter(tmp_path, NINE + ["start"], ruleset="pathfinder1e",
                         name="The goblin warren beneath the old mill, second night of the siege")
    active = enc.state.get(enc.state.active).name
    for lang, words in (("en", ("Round 1", f"{active}'s turn")), ("es", ("Asalto 1", f"turno de {active}"))):
        head = (await shown(enc, lang, press=("space", "space")))[0]
        for word in words:
            assert word in head, head
        assert "marked" in head or "marcados" in head
        assert "The goblin" in head  # the name shortens, it does not vanish


def test_picker_rows_fit_in_80_columns(tmp_path, monkeypatch):
    picker_library(tmp_path, monkeypatch, ("The goblin warren beneath the old mill, second night", "Ogre bridge"))

    @drive
    async def run(lang: str) -> list[str]:
        app = GMConsole(None, lang=lang)
        async with app.run_test(size=SMALL) as pilot:
            await pilot.pause()
            return screen_lines(app)

    for lang in ("en", "es"):
        lines = run(lang)
        rows = [line for line in lines if "2026-01-01 0" in line]
        assert len(rows) == 2, lines
        for row in rows:
            assert re.search(r"2026-01-01 0[01]:00$", row.rstrip()), row  # the date whole, inside the screen
        assert any("The goblin warren" in row for row in rows)
