"""Pathfinder poisons and diseases on their own clock (issue 25): the first save at once, the ability damage
of each failed save, the frequency (1/round for N rounds, 1/day), the onset, and the consecutive saves that
cure (docs/rulesets/pathfinder1e.md#117-poisons-and-diseases)."""

from __future__ import annotations

import pytest

from conftest import Table
from test_acceptance_core import ex, fails_cleanly, ok, run
from test_effect_modifiers import log_lines

KYRA = "add Kyra pc hp=20 hd=3 str=12 dex=14 con=12 fort=3 init=2"
SPIDER = 'add Spider hp=16 init=1 poison="dc=14 str=1d2 every=round for=4 cure=1 name=Giant spider venom"'
FEVER = "dc=11 dex=1d3 con=1d3 onset=1d3days every=day cure=2 name=Filth fever"


def damage(t: Table, who: str = "Kyra") -> dict:
    return dict(t.c(who).marks.get("ability_damage") or {})


def poisoned(t: Table, who: str = "Kyra") -> bool:
    return t.c(who).has("poisoned")


def fight(*lines: str) -> Table:
    """Kyra (init 20) acts before the spider (init 5): the spider bites on its turn, Kyra saves at hers."""
    t = Table("pathfinder1e")
    t.do(KYRA, SPIDER, "init Kyra 20", "init Spider 5", "start", *lines)
    return t


# -- the first save and its effect (pathfinder1e.md §1.17) ---------------------------------------------------


def test_a_failed_first_save_deals_the_effect_at_once_and_a_success_wards_it_off():
    t = fight()
    t.rolls(13)  # Fort 13+3 = 16 >= 14: warded off
    t.do("poison Kyra from Spider")
    assert not poisoned(t) and damage(t) == {}
    assert t.said()[-1] == "Kyra is exposed to Giant spider venom and resists (Fort 13+3 = 16 vs DC 14)"
    t.rolls(10, 2)  # 10+3 = 13 < 14: the effect now, 1d2 = 2 Str
    t.do("poison Kyra from Spider")
    assert poisoned(t) and damage(t) == {"str": 2}
    assert t.said()[-2:] == ["Kyra is exposed to Giant spider venom and fails the save (Fort 10+3 = 13 vs DC 14)",
                             "Giant spider venom deals Kyra 2 Str damage: Str damage 0 -> 2"]


def test_the_dc_exactly_met_resists():
    t = fight()
    t.rolls(11)
    t.do("poison Kyra from Spider")  # 11 + 3 = 14 = DC
    assert not poisoned(t)


def test_a_poison_saves_once_a_round_at_the_victims_turn_start_and_one_save_cures():
    t = fight("next")  # the spider's turn
    t.rolls(2, 1)
    t.do("poison Kyra from Spider")
    t.rolls(5, 2)  # round 2, Kyra's turn: fails, 1d2 = 2
    t.do("next")
    assert t.active == "kyra" and damage(t) == {"str": 3} and poisoned(t)
    t.do("next")  # the spider's turn: no save for Kyra
    assert damage(t) == {"str": 3}
    t.rolls(12)  # round 3: 12 + 3 = 15, cure 1 save
    t.do("next")
    assert not poisoned(t) and t.c("Kyra").marks.get("afflictions") is None
    assert t.said()[-1] == "Kyra is cured of Giant spider venom"


def test_for_4_rounds_means_4_saves_after_the_first_then_it_runs_its_course():
    """1/round for 4 rounds: the frequency counts the saves after the first (§1.17 [I])."""
    t = fight("next")
    t.rolls(2, 1)
    t.do("poison Kyra from Spider")
    for n in range(1, 5):
        t.rolls(2, 1)
        t.do("next", "next")
        assert damage(t) == {"str": 1 + n}
    assert not poisoned(t)
    assert "Giant spider venom has run its course in Kyra" in t.said()


def test_cure_2_needs_two_consecutive_saves_a_failure_starts_over():
    t = Table("pathfinder1e")
    t.do(KYRA)
    t.rolls(2)
    t.do("poison Kyra dc=14 con=1 every=round cure=2 name=Wyvern-like")
    t.rolls(15, 2, 15, 15)  # success (1 of 2), failure (resets), success, success: cured
    t.do("pass 1r")
    assert poisoned(t) and "Kyra: 1 of 2 consecutive saves to be cured" in t.said()
    t.do("pass 1r")
    assert damage(t) == {"con": 2}
    t.do("pass 1r")
    assert poisoned(t)
    t.do("pass 1r")
    assert not poisoned(t)


def test_a_second_dose_raises_the_dc_by_2_and_lengthens_by_half():
    t = Table("pathfinder1e")
    t.do(KYRA, SPIDER)
    t.rolls(2, 1)
    t.do("poison Kyra from Spider")
    t.rolls(12, 1)  # 12 + 3 = 15 < 16: the second dose takes
    t.do("poison Kyra from Spider")
    aff = next(iter(t.c("Kyra").marks["afflictions"].values()))
    assert (aff["dc"], aff["left"]) == (16, 6) and damage(t) == {"str": 2}
    assert "Kyra takes another dose of Giant spider venom: DC 16, 2 more saves" in t.said()


# -- diseases: the onset, a save a day -------------------------------------------------------------------


def test_a_disease_does_nothing_until_its_onset_then_a_save_a_day_and_two_in_a_row_cure():
    t = Table("pathfinder1e")
    t.do(KYRA)
    t.rolls(2, 2)  # the first save fails; onset 1d3 = 2 days
    t.do(f"disease Kyra {FEVER}")
    assert t.c("Kyra").has("diseased") and damage(t) == {}
    assert t.said()[-1] == "Kyra has contracted Filth fever: its first effect after the onset (2 days)"
    t.rolls(2, 1, 2)  # a day later: nothing due yet
    t.do("pass 1d")
    assert damage(t) == {}
    t.do("pass 1d")  # the onset's end: the save fails, 1d3 Dex = 1, 1d3 Con = 2 (the next night heals)
    assert [line for line in t.said() if line.startswith("Filth fever deals")] == [
        "Filth fever deals Kyra 1 Dex damage: Dex damage 0 -> 1", "Filth fever deals Kyra 2 Con damage: Con damage 0 -> 2"]
    assert damage(t) == {"dex": 1, "con": 2}
    t.rolls(15, 15)  # two days, two saves in a row: cured
    t.do("pass 2d")
    assert not t.c("Kyra").has("diseased")
    assert t.said()[-1] == "Kyra is cured of Filth fever"


def test_a_long_pass_plays_each_day_in_order():
    t = Table("pathfinder1e")
    t.do(KYRA)
    t.rolls(2)
    t.do("disease Kyra dc=11 con=1 every=day cure=2 name=Slow rot")
    t.rolls(2, 2, 2)  # three failed daily saves, each day's point healed by the night before the next save
    t.do("pass 3d")
    assert [line for line in t.said() if line.startswith("Slow rot deals")] == [
        "Slow rot deals Kyra 1 Con damage: Con damage 0 -> 1"] * 4  # the first at exposure (no onset)


def test_undead_are_immune_to_poison_and_disease():
    t = Table("pathfinder1e")
    t.do("add Bones hp=6 immune=poison,disease")
    t.do("poison Bones dc=14 str=1d2", "disease Bones dc=11 con=1")
    assert not t.c("Bones").conditions and t.said()[-2:] == ["Bones is immune to poison: no effect",
                                                             "Bones is immune to disease: no effect"]


def test_taking_the_condition_off_by_hand_ends_its_clock():
    """neutralize poison, remove disease: `uncond Kyra poisoned`."""
    t = Table("pathfinder1e")
    t.do(KYRA)
    t.rolls(2, 1)
    t.do("poison Kyra dc=14 str=1d2 for=6")
    t.do("uncond Kyra poisoned", "pass 1m")
    assert t.c("Kyra").marks.get("afflictions") is None and damage(t) == {"str": 1}


def test_the_players_die_on_the_first_save():
    t = Table("pathfinder1e")
    t.do(KYRA, "poison Kyra dc=14 str=1 die=11")
    assert not poisoned(t)


def test_the_sheet_says_the_clock():
    t = fight("next")
    t.rolls(2, 1)
    t.do("poison Kyra from Spider")
    lines = [t.session.ruleset.sheet.status(t.state, t.c("Kyra"))]
    from gm_console.ruleset import render

    text = [render(m, "en") for m in lines[0]]
    assert "Giant spider venom: Fort DC 14, 1d2 Str damage on a failed save, next save in 1 round; 4 saves left; " \
           "cure: 0 of 1 consecutive saves" in text


def test_the_bestiary_spider_centipede_ghoul_and_rats_carry_theirs():
    """Bestiary p. 258 giant spider (Fort DC 14, 1/round for 4 rounds, 1d2 Str, cure 1 save), p. 43 giant
    centipede (DC 13, 1/round for 6 rounds, 1d3 Dex), p. 146 ghoul fever (DC 13, onset 1 day, 1/day, 1d3 Con
    and 1d3 Dex, cure 2 consecutive saves), p. 232 filth fever (dire rat DC 11, rat swarm DC 12, onset 1d3
    days)."""
    from test_bestiary import Table as Library

    t = Library("pathfinder1e")
    t.do(KYRA, "add @giant-spider", "add @giant-centipede", "add @ghoul", "add @dire-rat", "add @rat-swarm")
    t.rolls(2, 2)
    t.do('poison Kyra from "Giant spider"')
    assert t.said()[-1] == "Giant spider venom deals Kyra 2 Str damage: Str damage 0 -> 2"
    t.rolls(12)  # 12 + 3 = 15 >= 13: the centipede's bite is warded off
    t.do('poison Kyra from "Giant centipede"')
    assert t.said()[-1] == "Kyra is exposed to Giant centipede poison and resists (Fort 12+3 = 15 vs DC 13)"
    t.rolls(9)  # 9 + 3 = 12 < 13: ghoul fever, its onset a day
    t.do("disease Kyra from Ghoul")
    assert t.said()[-1] == "Kyra has contracted Ghoul fever: its first effect after the onset (1 day)"
    t.rolls(7, 3)  # 7 + 3 = 10 < 11; onset 1d3 = 3 days
    t.do('disease Kyra from "Dire rat"')
    assert t.said()[-1] == "Kyra has contracted Filth fever: its first effect after the onset (3 days)"
    assert [i.note for i in t.c("Kyra").conditions] == ["Giant spider venom", "Ghoul fever", "Filth fever"]
    t.rolls(20)
    t.do('disease Kyra from "Rat swarm"')  # the same disease: already has it
    assert t.said()[-1] == "Kyra already has Filth fever"


# -- the log: the players, Spanish, bad input ------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "es"])
def test_players_read_a_foes_poisoning_without_its_numbers(tmp_path, capsys, lang):
    p = tmp_path / "pf.toml"
    ok(capsys, p, "add Gob hp=6 fort=3 str=11 dex=15 con=12", "poison Gob dc=13 dex=1d3 for=6", "pass 1r",
       rolls="2,3,2,2", new="pathfinder1e")
    capsys.readouterr()
    assert run("log", p, "--players", "--lang", lang) == 0
    text = capsys.readouterr().out
    gob = [line for line in text.splitlines() if "Gob" in line]
    assert gob and not [line for line in gob if any(ch.isdigit() for ch in line.split("]")[0])], gob


def test_spanish():
    t = Table("pathfinder1e")
    t.do(KYRA)
    t.rolls(2, 2)
    t.do("envenenar Kyra cd=14 fue=1d2 cada=asalto durante=4 cura=1 nombre=Veneno de araña")
    es = log_lines(t, "es")
    assert es[-1].startswith("Veneno de araña inflige a Kyra 2 de daño de Fue"), es[-2:]


@pytest.mark.parametrize("line, mentions", [
    ("poison Kyra str=1d2", ("DC is missing",)),
    ("poison Kyra dc=14", ("str=, dex=, con=, int=, wis=, cha=, hp= or cond=",)),
    ("poison Kyra dc=14 wis=lots", ("1d2",)),
    ("poison Kyra dc=14 cond=stagered", ("not a condition",)),
    ("poison Kyra dc=14 cond=staggered:soon", ("rounds (1, 1d4) or a span",)),
    ("poison Kyra dc=14 cond=energy-drained", ("takes a value",)),
    ("poison Kyra dc=14 hp=lots", ("1d2",)),
    ("poison Kyra dc=14 str=lots", ("1d2",)),
    ("poison Kyra dc=14 str=1 every=week", ("every=round, minute, hour or day",)),
    ("poison Kyra dc=14 str=1 onset=soon", ("1d3days",)),
    ("poison Kyra dc=14 str=1 die=25", ("1 to 20",)),
    ("poison Kyra from Kyra", ("carries no poison",)),
    ("disease Kyra dc=14 con=1 kind=x", ("unknown 'kind=x'",)),
])
def test_bad_input_is_refused_naming_the_form_and_nothing_changes(tmp_path, capsys, line, mentions):
    p = tmp_path / "pf.toml"
    ok(capsys, p, KYRA, new="pathfinder1e")
    fails_cleanly(capsys, p, line, mentions=mentions)


def test_a_stat_block_poison_written_wrong_is_refused(tmp_path, capsys):
    p = tmp_path / "pf.toml"
    ok(capsys, p, KYRA, new="pathfinder1e")
    fails_cleanly(capsys, p, 'add Spider hp=5 poison="dc=x"', mentions=("whole number",))


def test_the_clock_survives_closing_the_file(tmp_path, capsys):
    p = tmp_path / "pf.toml"
    ok(capsys, p, KYRA, "poison Kyra dc=14 str=1 for=6 name=Venom", rolls="2", new="pathfinder1e")
    rc, out, err = ex(capsys, p, "pass 1r", rolls="2")
    assert rc == 0 and "Venom deals Kyra 1 Str damage" in out, (out, err)


def test_with_save_rolls_offer_the_save_is_offered_and_the_gm_runs_it_with_the_players_die():
    """pathfinder1e.md §1.17 with §1.11.1's table option: the warnings line offers `save Kyra poisoned`."""
    t = Table("pathfinder1e", options={"save_rolls": "offer"})
    t.do(KYRA, SPIDER, "init Kyra 20", "init Spider 5", "start", "next")
    t.rolls(2, 1)
    t.do("poison Kyra from Spider", "next")
    assert t.said()[-1] == "Kyra may save against Giant spider venom now: save Kyra poisoned"
    assert [p.command for p in t.session.ruleset.pending(t.state)] == ["save Kyra poisoned"]
    t.do("save Kyra poisoned 18")
    assert not poisoned(t) and t.said()[-1] == "Kyra is cured of Giant spider venom"
    with pytest.raises(Exception, match="no Poisoned"):
        t.do("save Kyra poisoned 18")


# -- poisons that take hit points or give a condition (pathfinder1e.md §1.17) ---------------------------------


def test_a_poison_that_deals_con_hp_and_staggered_one_round():
    """§1.17: "1d3 Con damage and staggered 1 round" plus 1d6 HP: a failed save deals each, in order; the
    staggered condition ends after its round; the sheet says the whole effect."""
    from pf1_support import sheet_lines

    t = Table("pathfinder1e")
    t.do(KYRA, "add Orc hp=10", "init Orc 25", "init Kyra 20", "start")  # the orc's turn: it bites
    t.rolls(2, 2, 3)  # Fort 5 fails; 1d3 Con = 2; 1d6 HP = 3
    t.do("poison Kyra dc=14 con=1d3 hp=1d6 cond=staggered:1 every=round for=2 cure=1 name=Wyvern venom")
    assert damage(t) == {"con": 2}
    assert t.hp("Kyra") == 20 - 3 - 3  # 1 x 3 HD for the Con penalty, 3 HP from the venom
    assert t.c("Kyra").has("staggered")
    assert "Wyvern venom leaves Kyra Staggered for 1 round" in t.said()
    assert any("1d3 Con damage and 1d6 HP and Staggered for 1 rounds on a failed save" in line
               for line in sheet_lines(t.session.ruleset, t.state, t.c("Kyra")))
    t.rolls(20)  # Kyra's turn: her save succeeds, cured; she is still staggered this turn
    t.do("next")
    assert not t.c("Kyra").has("poisoned") and t.c("Kyra").has("staggered")
    t.do("next")  # the orc's next turn: the round is over
    assert not t.c("Kyra").has("staggered")


def test_a_poisons_hp_damage_ignores_dr_and_a_condition_without_duration_stays():
    """§1.17: DR stops weapons, not a poison's own damage; `cond=nauseated` lasts until taken off."""
    t = Table("pathfinder1e")
    t.do("add Golem hp=30 fort=0 dr=5/-")
    t.rolls(1, 4)
    t.do("poison Golem dc=12 hp=4 cond=nauseated")
    assert t.hp("Golem") == 26 and t.c("Golem").has("nauseated")
    assert t.c("Golem").instances("nauseated")[0].rounds is None
