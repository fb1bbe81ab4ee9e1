"""Difficulty while building: the books' encounter-building tables, worked examples first.

Pathfinder (docs/rulesets/pathfinder1e.md#118-difficulty-while-building): Core Rulebook,
"Designing Encounters", Tables 12-1 and 12-2; Starfinder
(docs/rulesets/starfinder.md#316-difficulty-while-building): Core Rulebook Tables 11-1 and 11-3;
Dragon Age (docs/rulesets/dragon_age.md#214-difficulty-while-building): no rule, the threats counted.
"""

from __future__ import annotations

import pytest

from gm_console.i18n import render
from gm_console.storage import bestiary_files as bestiary_file
from gm_console import plugins

from conftest import Table as Base


def Table(game: str) -> Base:  # noqa: N802 - reads like the Table it returns
    bestiary, _problems = bestiary_file.load(plugins.load(game))
    return Base(game, bestiary=bestiary)


def party(t: Base, *levels: int, key: str = "hd") -> Base:
    for i, level in enumerate(levels, 1):
        t.do(f"add PC{i} pc hp=10 {key}={level}")
    return t


def difficulty(t: Base):
    return t.session.ruleset.difficulty(t.state)


def why(d, lang: str = "en") -> list[str]:
    return [render(line, lang) for line in d.why]


# -- Pathfinder: the Core Rulebook's own examples ------------------------------------------------

def test_crb_step_1_six_pcs_two_4th_four_5th_is_apl_6():
    """CRB Step 1: 28 levels / 6 = 4.67, rounded to 5, plus 1 for six or more players: APL 6."""
    d = difficulty(party(Table("pathfinder1e"), 4, 4, 5, 5, 5, 5))
    assert d.party_level == 6
    assert "6 PCs, levels 4+4+5+5+5+5 = 28, average 4.67 → 5, plus 1 for six PCs or more: APL 6" in why(d)
    assert "6 PJ, niveles 4+4+5+5+5+5 = 28, media 4,67 → 5, más 1 por seis PJ o más: NGP 6" in why(d, "es")


def test_crb_step_3_stone_giant_and_four_gargoyles_for_six_8th_level_pcs_is_challenging():
    """CRB Step 3: six 8th-level PCs (APL 9); a stone giant (CR 8, 4,800 XP) and four
    gargoyles (CR 4, 1,200 XP each) spend the 9,600 XP of a CR 10 encounter: challenging."""
    t = party(Table("pathfinder1e"), *[8] * 6)
    t.do("add 'Stone giant' hp=102 cr=8", "add Gargoyle x4 hp=42 cr=4")
    d = difficulty(t)
    assert (d.xp, d.cr, d.party_level, d.band.en) == (9600, "10", 9, "challenging")
    assert render(d.summary) == "challenging: CR 10 (9,600 XP) against APL 9"
    assert "Gargoyle ×4: CR 4, 1,200 XP each" in why(d)
    assert "total 9,600 XP: CR 10 (9,600 XP); CR 11 from 12,800 XP" in why(d)


@pytest.mark.parametrize(("goblins", "xp", "cr", "band"), [
    (1, 135, "1/3", "easy"),        # CR 1/3 against APL 1: weaker than APL-1 is easy
    (3, 405, "1", "average"),       # 405 XP reaches CR 1 (400 XP): CR = APL
    (5, 675, "2", "challenging"),   # 675 XP reaches CR 2 (600): APL+1
    (6, 810, "3", "hard"),          # 810 reaches CR 3 (800): APL+2
    (9, 1215, "4", "epic"),         # 1,215 reaches CR 4 (1,200): APL+3
])
def test_four_1st_level_pcs_against_goblins(goblins, xp, cr, band):
    """Four 1st-level PCs (APL 1) against the Bestiary's goblins (CR 1/3, 135 XP each)."""
    t = party(Table("pathfinder1e"), 1, 1, 1, 1)
    t.do(f"add @goblin x{goblins}" if goblins > 1 else "add @goblin")
    d = difficulty(t)
    assert (d.xp, d.cr, d.party_level, d.band.en) == (xp, cr, 1, band)


def test_a_mixed_group_sums_its_xp_whatever_each_cr():
    """Four goblins (CR 1/3) and a hobgoblin (CR 1/2): 4 × 135 + 200 = 740 XP, CR 2."""
    t = party(Table("pathfinder1e"), 1, 1, 1, 1)
    t.do("add @goblin x4", "add @hobgoblin")
    d = difficulty(t)
    assert (d.xp, d.cr, d.band.en) == (740, "2", "challenging")
    assert why(d)[:2] == ["Goblin ×4: CR 1/3, 135 XP each", "Hobgoblin: CR 1/2, 200 XP"]
    assert "CR 2 against APL 1: APL+1, challenging" in why(d)


@pytest.mark.parametrize(("cr", "xp"), [("1/8", 50), ("1/6", 65), ("1/4", 100), ("1/3", 135), ("1/2", 200),
                                         ("1", 400), ("19", 204800), ("20", 307200), ("21", 409600),
                                         ("25", 1638400)])
def test_the_tables_values_at_its_edges(cr, xp):
    """Table 12-2, each fraction and the high rows: one foe of that CR is an encounter of that CR."""
    t = party(Table("pathfinder1e"), 1, 1, 1, 1)
    t.do(f"add Foe hp=10 cr={cr}")
    d = difficulty(t)
    assert (d.xp, d.cr) == (xp, cr)


def test_beyond_the_tables_last_row_stays_cr_25_and_says_the_table_ends():
    t = party(Table("pathfinder1e"), 20, 20, 20, 20)
    t.do("add Tarrasque x2 hp=525 cr=25")
    d = difficulty(t)
    assert (d.xp, d.cr, d.band.en) == (3276800, "25", "epic")
    assert "total 3,276,800 XP: CR 25 (1,638,400 XP); the table ends at CR 25" in why(d)
    assert "CR 25 against APL 20: APL+5, beyond epic (APL+3)" in why(d)


def test_below_the_tables_first_row():
    """A foe priced by hand under 50 XP: below CR 1/8, an easy encounter."""
    t = party(Table("pathfinder1e"), 1, 1, 1, 1)
    t.do("add Rat hp=1 xp=20")
    d = difficulty(t)
    assert (d.xp, d.cr, d.band.en) == (20, None, "easy")
    assert render(d.summary) == "easy: CR <1/8 (20 XP) against APL 1"


def test_three_pcs_or_fewer_subtract_one_five_pcs_none():
    d = difficulty(party(Table("pathfinder1e"), 5, 5, 5))
    assert d.party_level == 4
    assert "3 PCs, levels 5+5+5 = 15, average 5 → 5, minus 1 for fewer than four PCs: APL 4" in why(d)
    assert difficulty(party(Table("pathfinder1e"), 5, 5, 5, 5, 5)).party_level == 5


def test_the_average_rounds_to_the_nearest_whole_number():
    """CRB Step 1: rounded to the nearest (one of the few exceptions to rounding down)."""
    assert difficulty(party(Table("pathfinder1e"), 1, 1, 2, 2)).party_level == 2   # 1.5: a half rounds up
    assert difficulty(party(Table("pathfinder1e"), 1, 1, 1, 2)).party_level == 1   # 1.25


def test_hidden_foes_count():
    t = party(Table("pathfinder1e"), 1, 1, 1, 1)
    t.do("add @goblin x3", "add Sniper hidden hp=8 cr=1/2")
    assert (difficulty(t).xp, difficulty(t).cr) == (605, "2")


def test_a_pc_without_a_level_makes_the_party_level_unknown_never_guessed():
    t = party(Table("pathfinder1e"), 1, 1, 1)
    t.do("add Amiri pc hp=14", "add @goblin x3")
    d = difficulty(t)
    assert d.party_level is None and d.band is None
    assert render(d.party_unknown) == "party level unknown (give the PCs a level)"
    assert render(d.summary) == "CR 1 (405 XP); party level unknown (give the PCs a level)"
    assert "no level on the sheet of: Amiri (set NAME level=N)" in why(d)


def test_no_pcs_yet_and_no_foes_yet():
    t = Table("pathfinder1e")
    t.do("add @goblin")
    d = difficulty(t)
    assert d.party_level is None and render(d.summary).endswith("party level unknown (give the PCs a level)")
    assert "no PCs in the encounter: add the party (side pc) with their levels" in why(d)
    d = difficulty(party(Table("pathfinder1e"), 3, 3, 3, 3))
    assert (d.xp, d.cr, d.band) == (None, None, None)
    assert render(d.summary) == "no foes with a CR or XP yet (APL 3)"
    d = difficulty(Table("pathfinder1e"))
    assert render(d.summary) == "no foes with a CR or XP yet; party level unknown (give the PCs a level)"


def test_a_foe_without_cr_or_xp_is_named_not_counted():
    t = party(Table("pathfinder1e"), 1, 1, 1, 1)
    t.do("add @goblin x3", "add 'Bandit captain' hp=30")
    d = difficulty(t)
    assert d.xp == 405
    assert "not counted, no CR or XP (give cr= or xp=): Bandit captain" in why(d)


def test_allies_are_neither_foes_nor_party():
    t = party(Table("pathfinder1e"), 1, 1, 1, 1)
    t.do("add @goblin x3", "add Guard ally hp=12 cr=1 hd=3")
    d = difficulty(t)
    assert (d.xp, d.party_level) == (405, 1)


def test_spanish():
    t = party(Table("pathfinder1e"), 1, 1, 1, 1)
    t.do("add @goblin x4", "add @hobgoblin")
    d = difficulty(t)
    assert render(d.summary, "es") == "desafiante: VD 2 (740 PX) frente a NGP 1"
    assert d.as_dict("es")["band_name"] == "desafiante"
    assert [render(term, "es") for term in (b for _o, b in __import__(
        "gm_console.engine.rules.experience", fromlist=["BANDS"]).BANDS)] == ["fácil", "media", "desafiante", "difícil",
                                                                       "épica"]


# -- Starfinder --------------------------------------------------------------------------------

def test_starfinder_four_2nd_level_pcs_against_two_cr_2_foes_is_hard():
    """Table 11-3: two CR 2 foes are 1,200 XP, a CR 4 encounter; against APL 2 (Table 11-1) hard."""
    t = party(Table("starfinder"), 2, 2, 2, 2, key="level")
    t.do("add @space-goblin-honchohead", "add Honcho level=2 hp=20")
    d = difficulty(t)
    assert (d.xp, d.cr, d.party_level, d.band.en) == (1200, "4", 2, "hard")


def test_starfinder_table_starts_at_cr_1_3_and_a_pcs_level_is_its_level():
    t = party(Table("starfinder"), 1, 1, 1, key="level")
    t.do("add @space-goblin")
    d = difficulty(t)
    assert (d.xp, d.cr, d.party_level, d.band.en) == (135, "1/3", 0, "average")   # three PCs: APL 1 - 1
    t = party(Table("starfinder"), 1, 1, 1, 1, 1, 1, key="level")
    t.do("add @space-goblin x2")
    assert (difficulty(t).cr, difficulty(t).party_level, difficulty(t).band.en) == ("1/2", 2, "easy")  # 270 XP


def test_starfinder_a_foe_vehicles_level_is_no_cr():
    t = party(Table("starfinder"), 3, 3, 3, 3, key="level")
    t.do("add @security-robot", "add Skimmer vehicle level=3 hp=20")
    d = difficulty(t)
    assert (d.xp, d.cr) == (400, "1")
    assert "not counted (no challenge rating of their own): Skimmer" in why(d)


# -- Dragon Age, generic ---------------------------------------------------------------------------

def test_dragon_age_counts_foes_by_threat_and_names_no_band():
    t = Table("dragon_age")
    ids = [cid for cid, entry in __import__("test_bestiary").DATA["dragon_age"].items() if entry.get("threat")]
    t.do(f"add @{ids[0]} x2")
    d = difficulty(t)
    assert d.band is None and d.cr is None and d.xp is None
    threat = __import__("test_bestiary").DATA["dragon_age"][ids[0]]["threat"]
    assert render(d.summary) == f"foes by threat: 2 {threat} (no difficulty rule in Dragon Age)"
    assert "no rule" in why(d)[0]


def test_generic_offers_no_difficulty():
    t = Base("generic")
    t.do("add Goblin hp=7")
    assert difficulty(t) is None


# -- where a GM reads it: show, show --json, a prepared file before it is opened -------------------

PREPARED = """ruleset = "pathfinder1e"
name = "Bridge"

[[combatant]]
from = "goblin"
count = 4

[[combatant]]
from = "hobgoblin"
hidden = true

[[combatant]]
name = "Kyra"
side = "pc"
hp = 10
hd = 1
"""


def test_a_prepared_files_show_gives_its_difficulty_before_it_is_opened(tmp_path, capsys):
    from gm_console.cli import main

    path = tmp_path / "bridge.toml"
    path.write_text(PREPARED + "".join(f'\n[[combatant]]\nname = "PC{i}"\nside = "pc"\nhp = 9\nhd = 1\n'
                                       for i in range(3)), encoding="utf-8")
    before = path.read_bytes()
    assert main(["show", str(path)]) == 0
    text = capsys.readouterr().out
    assert "**Difficulty**: challenging: CR 2 (740 XP) against APL 1" in text  # the hidden hobgoblin counts
    assert "- Goblin ×4: CR 1/3, 135 XP each" in text
    assert main(["show", str(path), "--lang", "es"]) == 0
    assert "**Dificultad**: desafiante: VD 2 (740 PX) frente a NGP 1" in capsys.readouterr().out
    assert main(["show", str(path), "--json"]) == 0
    found = __import__("json").loads(capsys.readouterr().out)["difficulty"]
    assert {k: found[k] for k in ("xp", "cr", "party_level", "band", "party_unknown")} == {
        "xp": 740, "cr": "2", "party_level": 1, "band": "challenging", "party_unknown": None}
    assert found["summary"] == "challenging: CR 2 (740 XP) against APL 1"
    assert path.read_bytes() == before  # show wrote nothing: the file is still the plan


def test_the_players_view_has_no_difficulty(tmp_path, capsys):
    from gm_console.cli import main

    path = tmp_path / "bridge.toml"
    path.write_text(PREPARED, encoding="utf-8")
    assert main(["show", str(path), "--players", "--json"]) == 0
    assert "difficulty" not in __import__("json").loads(capsys.readouterr().out)
    assert main(["show", str(path), "--players"]) == 0
    out = capsys.readouterr().out
    assert "Difficulty" not in out and "XP" not in out


def test_show_says_the_party_level_is_unknown_and_generic_shows_none(tmp_path, capsys):
    from gm_console.cli import main

    path = tmp_path / "bridge.toml"
    path.write_text(PREPARED.replace("hd = 1\n", ""), encoding="utf-8")
    assert main(["show", str(path)]) == 0
    out = capsys.readouterr().out
    assert "**Difficulty**: CR 2 (740 XP); party level unknown (give the PCs a level)" in out
    assert "- no level on the sheet of: Kyra (set NAME level=N)" in out
    generic = tmp_path / "g.toml"
    assert main(["exec", str(generic), "--new", "generic", "--", "add Goblin hp=7"]) == 0
    capsys.readouterr()
    assert main(["show", str(generic), "--json"]) == 0
    assert __import__("json").loads(capsys.readouterr().out)["difficulty"] is None


def test_a_trial_of_a_line_changes_nothing():
    """What the add form asks before it adds: the state after the line, the session untouched."""
    from gm_console.engine.language.commands import CommandError

    t = party(Table("pathfinder1e"), 1, 1, 1, 1)
    before, done, journal = t.state.copy(), list(t.session.done), list(t.session.journal)
    tried = t.session.trial("add @goblin x3")
    assert len(tried.combatants) == 7 and t.session.ruleset.difficulty(tried).cr == "1"
    assert t.state == before and t.session.done == done and t.session.journal == journal
    with pytest.raises(CommandError):
        t.session.trial("add @gobiln")
    with pytest.raises(CommandError):
        t.session.trial("undo")
    assert t.state == before


def test_another_game_gives_its_own_xp_table():
    """A third-party game with the same rule hands ``by_xp_table`` its own table; none is an error
    the author meets at once, never a silent 0."""
    from fractions import Fraction

    from gm_console.ruleset import by_xp_table

    t = Base("generic")
    t.do("add Kyra pc hp=10", "add Goblin hp=7")
    rules = t.session.ruleset
    priced = lambda c: None if c.is_pc else 150  # noqa: E731
    rules.sheet.xp = priced
    try:
        d = by_xp_table(rules, t.state, lambda c: 2, table={Fraction(1): 100, Fraction(2): 200})
        assert (d.xp, d.cr, d.party_level, d.band.en) == (150, "1", 1, "average")
        with pytest.raises(ValueError):
            by_xp_table(rules, t.state, lambda c: 2)
    finally:
        del rules.sheet.xp
