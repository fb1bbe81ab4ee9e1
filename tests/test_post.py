"""The play-by-post round report and the summary after the fight (docs/players.md §3-§5).

The golden files under tests/golden/ are the reports of tests/golden/post-scenario.txt,
BBCode and Markdown, English and Spanish, exactly as a GM pastes them. After a deliberate
change, rewrite them with ``GM_CONSOLE_UPDATE_GOLDEN=1 pytest tests/test_post.py`` and read
the diff.
"""

from __future__ import annotations

import json
import os
from fractions import Fraction
from pathlib import Path

import pytest

from conftest import Table
from gm_console.cli import main
from gm_console.engine.views import aftermath
from gm_console.engine.rules import experience
from gm_console.engine.views.export import markdown, state_dict
from gm_console.engine.views.post import report
from gm_console.engine.core.state import Combatant

GOLDEN = Path(__file__).resolve().parent / "golden"
SCENARIO = GOLDEN / "post-scenario.txt"


def scenario() -> Table:
    text = SCENARIO.read_text(encoding="utf-8")
    t = Table("starfinder")
    for line in text.splitlines():
        if line.startswith("# rolls:"):
            t.rolls(*(int(x) for x in line.split(":", 1)[1].replace(" ", "").split(",")))
    for line in text.splitlines():
        if line.strip() and not line.startswith("#"):
            t.do(line)
    assert t.dice.forced == []
    return t


@pytest.mark.parametrize("fmt", ["bbcode", "markdown"])
@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_report_matches_its_golden_file(fmt, lang):
    t = scenario()
    text = report(t.session.done, t.session.ruleset, None, "Skiff ambush", fmt, lang, since=1)
    golden = GOLDEN / f"post-{fmt}-{lang}.txt"
    if os.environ.get("GM_CONSOLE_UPDATE_GOLDEN"):
        golden.write_text(text, encoding="utf-8")
    assert text == golden.read_text(encoding="utf-8")


def test_the_report_keeps_the_gms_secrets_and_shows_the_dice():
    t = scenario()
    text = report(t.session.done, t.session.ruleset, None, "Skiff ambush", "markdown", "en", since=1)
    assert "catwalk" not in text  # the GM's note
    assert "perception" not in text  # the hidden roll
    assert "Hidden from the players" not in text
    assert "18→" not in text and "/18" not in text and "30→" not in text  # foes' hit points
    assert "Navasi: ref save 1d20 (15) + 6 = 21 vs DC 14, saves: takes 4 of 9" in text  # the dice
    assert "**Space Pirate 2's turn**" in text and "Sniper \\[b\\]Vex\\[/b\\] can be seen now" in text


def test_what_the_gm_typed_is_never_forum_markup():
    t = scenario()
    bb = report(t.session.done, t.session.ruleset, None, "[url=http://x]Skiff[/url]", "bbcode", "en", since=1)
    assert "[b]Vex[/b]" not in bb and "[url=" not in bb
    assert "Sniper [\u200bb]Vex[\u200b/b]" in bb  # reads the same, is no tag
    md = report(t.session.done, t.session.ruleset, None, "*Skiff*", "markdown", "en", since=1)
    assert "\\*Skiff\\*" in md and "[b]Vex" not in md


def test_one_round_or_since_a_round_and_a_round_that_is_not_there(capsys, tmp_path):
    t = scenario()
    one = report(t.session.done, t.session.ruleset, None, "S", "markdown", "en", round=1)
    assert "— Round 1" in one and "Navasi's turn" in one and "Combat ends" not in one
    two = report(t.session.done, t.session.ruleset, None, "S", "markdown", "en")  # the current round
    assert "— Round 2" in two and "Combat ends" in two and "Space Pirate 2's turn" not in two
    path = tmp_path / "s.toml"
    assert main(["new", "--ruleset", "generic", "--no-open", str(path)]) == 0
    assert main(["exec", str(path), "--", "add Ann pc hp=10", "init Ann 10", "start"]) == 0
    capsys.readouterr()
    assert main(["post", str(path), "--round", "7", "--format", "markdown"]) == 1
    assert capsys.readouterr().err.strip() == "error: post: no round 7 in the log; rounds: 0, 1"
    assert main(["post", str(path), "--lang", "es", "--format", "bbcode"]) == 0
    assert "[b]Turno de Ann[/b]" in capsys.readouterr().out


# -- after the fight -----------------------------------------------------------------------


def test_the_summary_after_the_fight_tallies_each_combatant():
    t = scenario()
    s = aftermath.fight_summary(t.session.done, t.session.ruleset, players=False)
    assert s.ended and s.rounds == 2
    tallies = {x.name: (x.dealt, x.taken, x.healed, x.fell) for x in s.tallies.values()}
    assert tallies["Navasi"] == (42, 44, 0, None)  # 7 + 11 + 18 + 6 dealt on its turns; 4 + 40 taken
    assert tallies["Space Pirate 2"] == (40, 18, 0, 2)  # the 40 on its turn; 25 typed, 18 it had
    assert (s.biggest.amount, s.biggest.by, s.biggest.target) == (40, "space-pirate-2", "navasi")
    assert [(a.name, a.cr, a.xp) for a in s.awards] == [("Space Pirate 1", "2", 600), ("Space Pirate 2", "2", 600)]
    assert (s.xp_total, s.pcs, s.xp_each) == (1200, 2, 600)


def test_the_players_summary_never_says_a_pc_dealt_0_when_its_hits_were_on_foes():
    """docs/players.md §3: with the damage dealt to foes kept from the players (the default), a
    PC's hits on foes are not counted for them, so its "dealt" is not told at all (Kyra's 8 to a
    goblin is not "dealt 0"); what it took is. With `players_damage` on, "dealt 8"."""
    t = Table("pathfinder1e")
    t.do("add Kyra pc hp=20", "add Goblin hp=6", "init Kyra 15", "init Goblin 10", "start",
         "dmg Goblin 8", "next", "dmg Kyra 3", "end")
    text = report(t.session.done, t.session.ruleset, t.state.options, "f", "markdown", "en", since=1)
    assert "Kyra: took 3, healed 0" in text and "Kyra: dealt" not in text
    assert "- Goblin: dealt 3\n" in text  # its hit on a PC is the players' to know; what it took is not
    players = aftermath.fight_summary(t.session.done, t.session.ruleset, players=True)
    told = {x.name: (x.dealt_untold, x.taken_untold) for x in players.tallies.values()}
    assert told == {"Kyra": (True, False), "Goblin": (False, True)}
    t.do("option players_damage on")
    text = report(t.session.done, t.session.ruleset, t.state.options, "f", "markdown", "en", since=1)
    assert "Kyra: dealt 8, took 3, healed 0" in text


def test_conditions_that_outlast_the_fight_are_listed():
    t = Table("pathfinder1e")
    t.do("add Kyra pc hp=20", "add Goblin hp=6", "init Kyra 15", "init Goblin 10", "start",
         "cond Kyra sickened 10", "end")
    s = aftermath.fight_summary(t.session.done, t.session.ruleset)
    assert [(x.name, x.cond, x.rounds) for x in s.lasting] == [("Kyra", "sickened", 10)]
    text = markdown(t.state, t.session.ruleset, entries=t.session.done)
    assert "## After the fight" in text and "- Kyra: Sickened (10r)" in text


def test_show_json_carries_the_summary_for_gm_and_players(tmp_path, capsys):
    path = tmp_path / "f.toml"
    assert main(["new", "--ruleset", "starfinder", "--no-open", str(path)]) == 0
    assert main(["exec", str(path), "--", "add Ann pc hp=20", "add Pirate level=3 hp=10", "add Spy level=5 hp=9",
                 "hide spy", "init Ann 20", "init Pirate 10", "init Spy 5", "start", "dmg Pirate 12", "dmg Spy 9",
                 "end"]) == 0
    capsys.readouterr()
    assert main(["show", str(path), "--json"]) == 0
    gm = json.loads(capsys.readouterr().out)["summary"]
    assert gm["ended"] and gm["fallen"] == ["pirate", "spy"]
    assert gm["xp"] == {"foes": [{"id": "pirate", "cr": "3", "xp": 800}, {"id": "spy", "cr": "5", "xp": 1600}],
                        "total": 2400, "pcs": 1, "each": 2400}
    assert main(["show", str(path), "--json", "--players"]) == 0
    players = json.loads(capsys.readouterr().out)["summary"]
    assert players["fallen"] == ["pirate"] and players["xp"]["total"] == 800  # the spy was never seen


@pytest.mark.parametrize("ruleset, cr, xp", [("pathfinder1e", "1/3", 135), ("pathfinder1e", "1/8", 50),
                                             ("pathfinder1e", "1", 400), ("pathfinder1e", 10, 9600),
                                             ("pathfinder1e", 25, 1638400), ("starfinder", "1/2", 200),
                                             ("starfinder", "1/8", None), ("starfinder", 20, 307200),
                                             ("dragon_age", 3, None), ("pathfinder1e", "lots", None)])
def test_xp_by_cr_from_the_published_tables(ruleset, cr, xp):
    """docs/players.md §4: Pathfinder Core Rulebook Table 12-2; Starfinder Core Rulebook Table 11-3
    (which starts at CR 1/3)."""
    c = Combatant(id="x", name="X", stats={"cr": cr})
    assert experience.xp_by_cr(ruleset, c) == xp


def test_a_starfinder_foes_cr_is_its_level_and_a_ruleset_may_answer_itself():
    c = Combatant(id="x", name="X", stats={"level": 4})
    assert experience.challenge(c, "starfinder") == Fraction(4) and experience.xp_by_cr("starfinder", c) == 1200
    from gm_console import plugins

    rs = plugins.load("generic")
    assert rs.sheet.xp(c) is None  # the contract's default: the engine's table decides


def test_the_encounter_screen_copies_the_round_report_from_the_palette(tmp_path):
    """docs/players.md §5: ctrl+p, "round report", Enter: the BBCode report is on the clipboard."""
    import asyncio

    from gm_console.storage import Encounter
    from gm_console.tui.app import GMConsole

    path = tmp_path / "f.toml"
    assert main(["new", "--ruleset", "pathfinder1e", "--no-open", str(path)]) == 0
    assert main(["exec", str(path), "--", "add Kyra pc hp=20 hero=2", "add Goblin hp=6", "init Kyra 15",
                 "init Goblin 10", "start", "dmg Goblin 4"]) == 0
    before = path.read_bytes()

    async def run():
        app = GMConsole(lang="en", encounter=Encounter.open(path))
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+p")
            for ch in "round report bbcode":
                await pilot.press("space" if ch == " " else ch)
            await pilot.pause()
            await pilot.press("enter")
            for _ in range(100):
                await pilot.pause(0.02)
                if app.clipboard:
                    break
            return app.clipboard

    copied = asyncio.run(run())
    assert copied.startswith("[size=150][b]f — Round 1[/b][/size]")
    assert "[*]Goblin is hurt: bloodied" in copied and "hero" not in copied.lower()
    assert path.read_bytes() == before
