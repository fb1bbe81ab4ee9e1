"""The footer at 80 columns (docs/keys.md, "Encounter screen"): every key it shows is whole, in
Spanish and English, whichever pane has the focus; where all do not fit it leaves the spare ones
out (``/`` first, then ``:``), ``?`` always there to list them, and they come back when the
terminal widens. Read from the screen as drawn, its last row."""

from __future__ import annotations

from gm_console.engine.core.dice import Dice
from gm_console.storage import Encounter
from gm_console.tui.app import GMConsole
from gm_console.tui.bindings import spared
from test_tui_support import copy_example, drive

LIST_ES = "↑↓ Elegir n Siguiente d Daño h Curar c Estado u Deshacer ? Ayuda : Comando"
SHEET_ES = "↑↓ Desplazar n Siguiente d Daño h Curar c Estado u Deshacer ? Ayuda : Comando"
LOG_ES = "↑↓ Desplazar o Filtrar n Siguiente d Daño h Curar c Estado u Deshacer ? Ayuda"
LIST_EN = "↑↓ Select n Next d Damage h Heal c Condition u Undo ? Help : Command / Find"
LOG_EN = "↑↓ Scroll o Filter n Next d Damage h Heal c Condition u Undo ? Help : Command"


def footer_row(app) -> str:
    """The screen's last row as the terminal shows it."""
    return app.screen._compositor.render_strips()[-1].text.strip()


async def footers(tmp_path, lang: str, size: tuple[int, int]) -> list[str]:
    """The footer with the list, the sheet and the log focused in turn (Tab)."""
    enc = Encounter.open(copy_example(tmp_path / lang, "dnd5e"))
    app = GMConsole(encounter=enc, dice=Dice.from_rolls([], seed=1), lang=lang)
    rows = []
    async with app.run_test(size=size) as pilot:
        for key in ("", "tab", "tab"):
            if key:
                await pilot.press(key)
            await pilot.pause()
            rows.append(footer_row(app))
    return rows


@drive
async def test_at_80_columns_in_spanish_every_key_in_the_footer_is_whole(tmp_path):
    """It ended "... : Comando / Bu": now `/ Buscar` leaves whole, and with the log focused (its
    `o Filtrar` first) `: Comando` too."""
    (tmp_path / "es").mkdir()
    assert await footers(tmp_path, "es", (80, 24)) == [LIST_ES, SHEET_ES, LOG_ES]


@drive
async def test_at_80_columns_in_english_only_the_log_leaves_a_key_out(tmp_path):
    (tmp_path / "en").mkdir()
    rows = await footers(tmp_path, "en", (80, 24))
    assert rows == [LIST_EN, LIST_EN.replace("Select", "Scroll"), LOG_EN]


@drive
async def test_a_wide_terminal_shows_every_key_and_a_resize_fits_them_again(tmp_path):
    (tmp_path / "es").mkdir()
    enc = Encounter.open(copy_example(tmp_path / "es", "dnd5e"))
    app = GMConsole(encounter=enc, dice=Dice.from_rolls([], seed=1), lang="es")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("tab", "tab")
        await pilot.pause()
        assert footer_row(app) == LOG_ES + " : Comando / Buscar"
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert footer_row(app) == LOG_ES


def test_the_keys_a_narrow_footer_leaves_out_are_in_the_help_and_named_in_keys_md():
    from pathlib import Path

    from gm_console.tui.bindings import markdown_table

    assert [s.id for s in spared()] == ["find", "command_bar"]
    keys_md = (Path(__file__).resolve().parent.parent / "docs" / "keys.md").read_text(encoding="utf-8")
    assert "the footer leaves whole keys out, in this order: `/` (Find), `:` (Command);" in markdown_table()
    assert markdown_table() == keys_md
