"""Stat blocks a bestiary needs and the checks PF1 rolls itself (docs/rulesets/pathfinder1e.md §1.12):
Int, Wis, Cha and the common skills on the sheet, skill checks from it, saves with natural 20/1,
evasion, and PF1's own checks kept with the state's recent checks."""

from __future__ import annotations

import pytest

from conftest import Table
from gm_console.engine.core.context import Context
from gm_console.engine.core.errors import RulesError
from gm_console.engine.views.export import state_dict
from gm_console.i18n import render


def pf(**options) -> Table:
    return Table("pathfinder1e", options=options or None)


def checks(t: Table) -> list[dict]:
    return state_dict(t.state, t.session.ruleset)["checks"]


def value(t: Table, who: str, name: str) -> int:
    return t.session.ruleset.sheet.effective(t.state, t.c(who))[name].value


# -- the stat block (issue 12) ----------------------------------------------------------------------


def test_int_wis_cha_and_skills_by_english_or_spanish_names():
    """pathfinder1e.md §1.12: `add X wis=14 perception=7` works, and so do the Spanish names."""
    t = pf()
    t.do("add Guard hp=12 wis=14 perception=7 stealth=3 cha=8", "add Bandido hp=9 sab=12 percepcion=4 sigilo=6 "
         "averiguar=2")
    g = t.c("Guard").stats
    assert (g["wis"], g["perception"], g["stealth"], g["cha"]) == (14, 7, 3, 8)
    b = t.c("Bandido").stats
    assert (b["wis"], b["perception"], b["stealth"], b["sense_motive"]) == (12, 4, 6, 2)
    assert value(t, "Guard", "perception") == 7 and value(t, "Guard", "wis") == 14
    assert "int" not in t.session.ruleset.sheet.effective(t.state, t.c("Guard"))  # not given: not on the sheet


def test_a_skill_check_rolls_from_the_sheet_with_the_conditions():
    """pathfinder1e.md §1.12: `check X perception vs 15`: d20 + the sheet's 7, shaken -2 listed."""
    t = pf()
    t.do("add Guard hp=12 wis=14 perception=7", "cond Guard shaken")
    t.rolls(10)
    t.do("check Guard perception vs 15")
    assert t.said()[-1] == "Guard perception: 1d20 (10) +7 perception -2 shaken = 15 vs DC 15: success"


def test_a_skill_not_on_the_sheet_is_rolled_with_its_ability():
    """pathfinder1e.md §1.12 [O]: untrained, the ability modifier (Wis 14: +2)."""
    t = pf()
    t.do("add Guard hp=12 wis=14")
    t.rolls(10)
    t.do("check Guard sense_motive vs 12")
    assert t.said()[-1] == "Guard sense_motive: 1d20 (10) +2 sense_motive = 12 vs DC 12: success"


def test_a_skill_follows_its_ability():
    """pathfinder1e.md §1.12: fatigued (-2 Dex) is -1 on Stealth; cat's grace (+4 Dex) is +2."""
    t = pf()
    t.do("add Rogue hp=12 dex=16 stealth=10", "cond Rogue fatigued")
    assert value(t, "Rogue", "stealth") == 9
    t.do("uncond Rogue fatigued", "cond Rogue cats-grace")
    assert value(t, "Rogue", "stealth") == 12


def test_will_follows_wisdom():
    t = pf()
    t.do("add Cleric pc hp=12 wis=16 will=6", "cond Cleric owls-wisdom", "cond Cleric heroism")
    assert value(t, "Cleric", "will") == 6 + 2 + 2


# -- saves -------------------------------------------------------------------------------------------


def save(t: Table, who: str, what: str, dc: int, *rolls: int):
    t.rolls(*rolls)
    ctx = Context(t.state, t.session.ruleset, t.dice)
    return t.session.ruleset.checks.save(ctx, t.c(who), what, dc)


def test_a_save_is_d20_plus_the_effective_save():
    """pathfinder1e.md §1.12: d20 + the Reflex figure (its Dex, conditions and effects) vs the DC."""
    t = pf()
    t.do("add Kyra pc hp=20 ref=4 dex=14", "cond Kyra shaken", "cond Kyra resistance")
    ok, total, text = save(t, "Kyra", "ref", 15, 12)
    assert (ok, total) == (True, 12 + 4 - 2 + 1) and str(text) == "1d20 (12) +3 = 15"
    ok, total, text = save(t, "Kyra", "reflejos", 16, 12)
    assert (ok, total) == (False, 15)
    assert render(text, "es") == "1d20 (12) +3 = 15"


def test_natural_20_always_saves_and_natural_1_always_fails():
    """pathfinder1e.md §1.12 [O]: the natural roll decides at the extremes."""
    t = pf()
    t.do("add Gob hp=6 will=-1", "add Val pc hp=30 fort=15")
    ok, total, text = save(t, "Gob", "will", 25, 20)
    assert ok and total == 19 and str(text) == "1d20 (20) -1 = 19 (natural 20)"
    ok, total, _text = save(t, "Val", "fort", 10, 1)
    assert not ok and total == 16
    assert render(save(t, "Gob", "will", 25, 20)[2], "es") == "1d20 (20) -1 = 19 (20 natural)"


def test_a_save_is_kept_with_the_recent_checks():
    t = pf()
    t.do("add Kyra pc hp=20 fort=3")
    save(t, "Kyra", "fort", 14, 9)
    c = checks(t)[-1]
    assert (c["who"], c["what"], c["dice"], c["bonus"], c["total"], c["against"], c["outcome"]) == \
        ("kyra", "fort", [9], 3, 12, "DC 14", "failure")


def test_only_the_three_saves_are_saves():
    t = pf()
    t.do("add Kyra pc hp=20")
    with pytest.raises(RulesError, match="is not a save"):
        save(t, "Kyra", "perception", 10, 5)


# -- evasion ----------------------------------------------------------------------------------------


def test_evasion_is_read_from_the_stat_block_and_lost_when_helpless():
    """pathfinder1e.md §1.12 [O]: evasion / improved evasion; a helpless creature has none."""
    t = pf()
    t.do("add Rogue pc hp=20 evasion=evasion", "add Monk pc hp=20 evasion=mejorada", "add Val pc hp=20")
    ev = t.session.ruleset.checks.evasion
    assert (ev(t.c("Rogue")), ev(t.c("Monk")), ev(t.c("Val"))) == ("evasion", "improved", "")
    t.do("cond Rogue paralyzed")
    assert ev(t.c("Rogue")) == ""
    t.do("dmg Monk 25")
    assert t.c("Monk").life == "dying" and ev(t.c("Monk")) == ""


# -- PF1's own checks are kept like the dice tray's (issue 16) --------------------------------------


def test_the_dying_con_check_is_kept_with_the_recent_checks():
    """pathfinder1e.md §1.4, §1.12: the Con check to stabilize joins `show --json` checks."""
    t = pf()
    t.do("add Kyra pc hp=10 con=14", "add Gob hp=6", "init Kyra 10", "init Gob 15", "start", "dmg Kyra 13")
    t.rolls(11)
    t.do("next")
    c = checks(t)[-1]
    assert (c["who"], c["what"], c["dice"], c["bonus"], c["total"], c["target"], c["outcome"]) == \
        ("kyra", "Con (stabilize)", [11], 2 - 3, 10, 10, "success")


def test_a_combat_maneuver_is_kept_with_the_recent_checks():
    t = pf()
    t.do("add Val pc hp=20 cmb=7", "add Ogre hp=30 cmd=18", "maneuver Val Ogre 12 trip")
    c = checks(t)[-1]
    assert (c["who"], c["what"], c["dice"], c["total"], c["against"], c["target"], c["outcome"]) == \
        ("val", "trip", [12], 19, "Ogre CMD 18", 18, "success")


def test_hourly_and_daily_checks_are_kept_too():
    t = pf()
    t.do("add Kyra pc hp=10 con=10", "dmg Kyra 12", "cond Kyra stable")
    t.rolls(5)
    t.do("pass 1h")
    assert checks(t)[-1]["what"] == "Con (hourly)" and checks(t)[-1]["outcome"] == "failure"
