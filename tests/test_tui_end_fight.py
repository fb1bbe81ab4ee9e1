"""Ending a fight from the console (issue 24): `E` asks first (y/n) and runs `end`; the summary
after the fight follows in the console, the same lines `post` gives the players (players-safe:
no foe's numbers when the table keeps them), and offers the party write-back; `q` in an
encounter opened from the picker goes back to the picker and lets its file go."""

from __future__ import annotations

import pytest

from gm_console.engine.views.post import PLAIN, after_the_fight
from gm_console.engine.views.aftermath import fight_summary
from gm_console.storage import Encounter
from gm_console.storage import party as party_file
from gm_console.tui.app import GMConsole
from gm_console.tui.modals.prompts import ConfirmModal
from gm_console.tui.screens.encounter import EncounterScreen
from gm_console.tui.screens.picker import PickerScreen
from gm_console.tui.screens.summary import SummaryScreen
from test_tui_flows import app_for
from test_tui_small_screen import screen_lines
from test_tui_support import drive

SMALL = (80, 24)
FIGHT = ["add @goblin x3", "init Kyra 20", "init Lia 15", 'init "Goblin 1" 12', 'init "Goblin 2" 10',
         'init "Goblin 3" 8', "start", 'dmg "Goblin 1" 9', "next", 'dmg "Goblin 2" 12', "next", "dmg Kyra 5",
         "next", "next", "dmg Lia 3", "next", "cond Kyra sickened 3", 'dmg "Goblin 3" 9']


def fight_with_party(tmp_path) -> Encounter:
    sheets = Encounter.create(tmp_path / "sheets.toml", "pathfinder1e", name="sheets")
    for line in ("add Kyra pc hp=30 init=2", "add Lia pc hp=22 init=1"):
        sheets.execute(line)
    party = party_file.create("Band", "pathfinder1e")
    party_file.add_members(party, list(sheets.state.combatants.values()), sheets.ruleset)
    enc = Encounter.create(tmp_path / "fight.toml", "pathfinder1e", name="Goblin warren",
                           party=party_file.load("Band"))
    for line in FIGHT:
        enc.execute(line)
    return enc


@drive
async def test_e_asks_first_and_n_keeps_the_fight_going(tmp_path):
    enc = fight_with_party(tmp_path)
    app = app_for(enc)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("E")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmModal)
        assert "End the fight? (y/n)" in "\n".join(screen_lines(app))
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, EncounterScreen)
    assert enc.state.in_combat and enc.session.done[-1].line == 'dmg "Goblin 3" 9'


SHOWN = {"en": ["After the fight", "2 rounds · fell: Goblin 1, Goblin 2, Goblin 3", "Kyra: dealt 18, took 5",
                 "Biggest hit: 12 by Lia to Goblin 2 (round 1)", "Kyra: Sickened (3r)",
                 "Total 405 XP · 202 XP each for 2 PCs", "P: write what lasted of the PCs back to the party Band"],
         "es": ["Tras el combate", "2 asaltos · cayeron: Goblin 1, Goblin 2, Goblin 3", "Kyra: Indispuesto (3a)",
                "Kyra: causó 18, recibió 5", "Golpe más fuerte: 12 de Lia a Goblin 2 (asalto 1)", "202 PX para cada uno de 2 PJ",
                "P: guarda en el grupo Band lo que dura de los PJ"]}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_e_then_y_ends_the_fight_and_shows_its_summary(tmp_path, lang):
    enc = fight_with_party(tmp_path)

    @drive
    async def run():
        app = app_for(enc, lang=lang)
        async with app.run_test(size=SMALL) as pilot:
            await pilot.press("E")
            await pilot.pause()
            await pilot.press("y" if lang == "en" else "s")
            await pilot.pause()
            assert isinstance(app.screen, SummaryScreen)
            shown = "\n".join(screen_lines(app))
            for word in SHOWN[lang]:
                assert word in shown, (word, shown)
            # the GM's figures, the same tally as `show` (not a second one): what Kyra dealt to the
            # goblins is on it, though the players' post leaves it out
            s = fight_summary(enc.session.done, enc.ruleset, enc.doc.options, players=False)
            assert app.screen.lines == after_the_fight(s, enc.ruleset, lang, PLAIN)
            players = after_the_fight(fight_summary(enc.session.done, enc.ruleset, enc.doc.options, players=True),
                                      enc.ruleset, lang, PLAIN)
            assert app.screen.lines != players
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, EncounterScreen)

    run()
    assert not enc.state.in_combat and enc.session.done[-1].line == ("terminar" if lang == "es" else "end")


@drive
async def test_the_summary_writes_the_party_back_on_p(tmp_path):
    enc = fight_with_party(tmp_path)
    app = app_for(enc)
    async with app.run_test(size=SMALL) as pilot:
        for key in ("E", "y", "P"):
            await pilot.press(key)
            await pilot.pause()
        assert isinstance(app.screen, ConfirmModal)
        assert "Kyra: Hit points 30 → 25; Lia: Hit points 22 → 19" in "\n".join(screen_lines(app))
        await pilot.press("y")
        await pilot.pause()
    kyra = next(m for m in party_file.load("Band").members if m.name == "Kyra")
    assert kyra.now["pools"]["hp"] == 25


@drive
async def test_without_a_party_the_summary_offers_no_write_back(tmp_path):
    enc = Encounter.create(tmp_path / "f.toml", "pathfinder1e", name="f")
    for line in ("add Kyra pc hp=30", "add @goblin", "init Kyra 20", "init Goblin 5", "start", "dmg Goblin 9"):
        enc.execute(line)
    app = app_for(enc)
    async with app.run_test(size=SMALL) as pilot:
        for key in ("E", "y"):
            await pilot.press(key)
            await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        shown = "\n".join(screen_lines(app))
        assert "fell: Goblin" in shown and "party" not in shown and "Write back" not in shown
        await pilot.press("P")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)  # the key does nothing rather than be refused


@drive
async def test_e_does_nothing_outside_a_fight(tmp_path):
    enc = Encounter.create(tmp_path / "f.toml", "generic", name="f")
    enc.execute("add Kyra pc hp=30")
    app = app_for(enc)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("E")
        await pilot.pause()
        assert isinstance(app.screen, EncounterScreen)


@drive
async def test_q_in_an_encounter_opened_from_the_picker_goes_back_to_the_picker(tmp_path):
    from gm_console.storage.paths import saves_dir

    folder = saves_dir()
    folder.mkdir(parents=True)
    enc = Encounter.create(folder / "tuesday.toml", "generic", name="Tuesday goblins")
    enc.execute("add Kyra pc hp=30")
    enc.close()
    app = GMConsole(None)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, PickerScreen)
        key = next(k for k, info in picker.infos.items() if info.name == "Tuesday goblins")
        picker.open_option(key)
        await pilot.pause()
        assert isinstance(app.screen, EncounterScreen)
        opened = app.screen.controller.encounter
        assert opened.lock is not None  # held while it is open
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen) and app.is_running
        assert opened.lock is None  # let go: another console may write it now
        await pilot.press("q")
        await pilot.pause()
    assert not app.is_running


@drive
async def test_q_in_an_encounter_opened_by_path_quits(tmp_path):
    enc = Encounter.create(tmp_path / "f.toml", "generic", name="f")
    app = app_for(enc)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("q")
        await pilot.pause()
        assert not app.is_running


@drive
async def test_the_summary_draws_the_damage_by_round_and_by_combatant_as_bars(tmp_path):
    """Issue 27: bars where a GM would rather look than read, from the same tally."""
    enc = fight_with_party(tmp_path)
    enc.execute("end")
    app = app_for(enc)
    async with app.run_test(size=(100, 60)) as pilot:
        app.push_screen(SummaryScreen(enc, "en", party="Band"))
        await pilot.pause()
        shown = screen_lines(app)
        text = "\n".join(shown)
        assert "Damage by round" in text and "Damage dealt by combatant" in text
        row = {line.split("█")[0].strip("│ ").strip(): line.rstrip(" │") for line in shown if "█" in line}
        s = fight_summary(enc.session.done, enc.ruleset, enc.doc.options, players=False)
        most = max(s.by_round.values())
        for rnd, amount in s.by_round.items():  # the same tally: bars to scale, the longest 30 cells
            bar = row[f"Round {rnd}"]
            assert bar.endswith(f" {amount}")
            assert abs(bar.count("█") - amount * 30 / most) < 1
        assert s.by_round[1] > s.by_round[2] > 0
        assert row["Kyra"].endswith(" 18") and row["Kyra"].count("█") == 30 and row["Lia"].endswith(" 12")
