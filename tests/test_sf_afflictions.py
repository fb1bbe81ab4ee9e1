"""Starfinder poisons and diseases on their progression tracks (issue 25): a poison's Hit Points on exposure,
a step along the track at each failed save keeping the steps before, consecutive saves that purge a poison
(the victim recovering a step a day of bed rest) or bring a disease back a step each
(docs/rulesets/starfinder.md#315-poisons-and-diseases-progression-tracks)."""

from __future__ import annotations

import pytest

from conftest import Table
from test_acceptance_core import fails_cleanly, ok, run
from test_effect_modifiers import log_lines

KYRA = "add Kyra pc hp=20 sp=12 rp=4 level=3 str=12 dex=14 con=12 fort=3 ref=5 will=4 eac=15 kac=16 ranged=4 " \
       "melee=5 init=2 stealth=7"
TOXIN = "poison Kyra dc=15 track=dex every=round for=6 cure=2 name=Tetrodotoxin"


def fig(t: Table, *keys: str, who: str = "Kyra") -> tuple:
    f = t.session.ruleset.sheet.effective(t.state, t.c(who))
    return tuple(f[k].value for k in keys)


def conds(t: Table, who: str = "Kyra") -> list[str]:
    return sorted(i.cond for i in t.c(who).conditions)


def kyra(*rolls: int) -> Table:
    t = Table("starfinder")
    t.do(KYRA)
    t.rolls(*rolls)
    return t


# -- exposure (starfinder.md §3.15) ------------------------------------------------------------------------


def test_a_poison_takes_dc_minus_10_hp_whatever_the_save_and_stamina_does_not_take_them():
    t = kyra(12)  # 12 + 3 = 15 = DC: resists
    t.do(TOXIN)
    assert (t.hp("Kyra"), t.hp("Kyra", "sp")) == (15, 12) and conds(t) == []
    assert t.said()[-2:] == ["Tetrodotoxin: Kyra loses 5 HP (HP 20→15)",
                             "Kyra is exposed to Tetrodotoxin and resists (Fortitude 12+3 = 15 vs DC 15)"]


def test_a_failed_first_save_is_the_tracks_first_step_with_its_effects():
    """Dexterity track: sluggish is -2 Reflex, ranged attacks, Dex skills, and flat-footed."""
    t = kyra(11)
    t.do(TOXIN)
    assert conds(t) == ["flat-footed", "poisoned"]
    assert fig(t, "ref", "ranged", "stealth", "eac", "init") == (3, 2, 5, 13, 2)
    assert t.said()[-1] == "Tetrodotoxin leaves Kyra sluggish (-2 on Dex figures)"


def test_each_failed_save_is_a_step_further_keeping_the_steps_before():
    t = kyra(2)
    t.do(TOXIN)
    t.rolls(2)
    t.do("pass 1r")  # stiffened: no Dex bonus to AC (+2), still sluggish's -2 and flat-footed
    assert fig(t, "eac", "kac", "ref") == (11, 12, 3)
    t.rolls(2, 2)
    t.do("pass 2r")  # staggered, then immobile: helpless
    assert conds(t) == ["flat-footed", "helpless", "poisoned", "staggered"]
    t.rolls(2)
    t.do("pass 1r")  # the end of the track: dead
    assert t.c("Kyra").life == "dead" and t.said()[-1].startswith("Kyra dies of Tetrodotoxin")


@pytest.mark.parametrize("track, figures, minus", [
    ("str", ("melee", "damage"), (2, 4)),
    ("con", ("fort",), (2, 4)),
    ("wis", ("will",), (2, 4)),
])
def test_weakened_then_impaired_are_minus_2_then_minus_4(track, figures, minus):
    start = fig(kyra(), *figures)
    t = kyra(2)
    t.do(f"poison Kyra dc=15 track={track} for=6 name=Venom")
    assert fig(t, *figures) == tuple(v - minus[0] for v in start)
    t.rolls(2)
    t.do("pass 1r")
    assert fig(t, *figures) == tuple(v - minus[1] for v in start)


def test_the_strength_track_encumbers_then_overburdens():
    t = kyra(2)
    t.do("poison Kyra dc=15 track=str name=Venom")
    assert "encumbered" in conds(t)
    t.rolls(2)
    t.do("pass 1r")
    assert "overburdened" in conds(t) and "encumbered" not in conds(t)


def test_the_constitution_track_takes_hp_at_every_save():
    t = kyra(2)
    t.do("poison Kyra dc=14 track=con name=Venom")
    assert t.hp("Kyra") == 16
    t.rolls(20)
    t.do("pass 1r")
    assert t.hp("Kyra") == 12 and "Venom: Kyra loses 4 HP (HP 16→12)" in t.said()


# -- the cure ----------------------------------------------------------------------------------------------


def test_consecutive_saves_purge_a_poison_and_the_victim_recovers_a_step_a_day_of_bed_rest():
    t = kyra(2)
    t.do(TOXIN)
    t.rolls(2, 18, 5, 18, 18)  # stiffened, a save, a failure (staggered: the count starts over), two saves
    t.do("pass 5r")
    assert t.said()[-1] == "Tetrodotoxin is purged from Kyra's system: a step of recovery a day of bed rest"
    assert conds(t) == ["flat-footed", "poisoned", "staggered"]
    t.do("pass 1m")  # purged: no more saves
    assert conds(t) == ["flat-footed", "poisoned", "staggered"]
    t.do("rest Kyra 24h")
    assert conds(t) == ["flat-footed", "poisoned"]
    t.do("rest Kyra 8h", "rest Kyra 8h")  # two nights are a day of bed rest
    assert conds(t) == ["flat-footed", "poisoned"]
    t.do("rest Kyra 24h", "rest Kyra 24h")
    assert conds(t) == [] and "Kyra is cured of Tetrodotoxin" in t.said()


def test_a_poison_that_runs_its_course_is_purged_too():
    t = kyra(2)
    t.do("poison Kyra dc=15 track=wis for=2 name=Venom")
    t.rolls(15, 2)
    t.do("pass 2r")  # Fortitude 15+3 = 18 saves, then 2+3 fails: its 2 saves are done
    assert t.said()[-1] == "Venom has run its course in Kyra: a step of recovery a day of bed rest"


def test_a_disease_starts_latent_after_its_onset_each_cure_is_a_step_back():
    t = kyra(2, 2)
    t.do("disease Kyra dc=13 track=physical onset=1d3days every=day cure=2 name=Bog rot")
    assert conds(t) == ["diseased"] and t.said()[-2:] == [
        "Bog rot leaves Kyra latent", "Bog rot: the next save after the onset (2 days)"]
    t.rolls(2)
    t.do("pass 2d")  # weakened: sickened and fatigued
    assert conds(t) == ["diseased", "fatigued", "sickened"]
    t.rolls(2)
    t.do("pass 1d")  # impaired: exhausted replaces fatigued
    assert conds(t) == ["diseased", "exhausted", "sickened"]
    t.rolls(15, 15)
    t.do("pass 2d")  # two saves in a row: a step back, to weakened
    assert conds(t) == ["diseased", "fatigued", "sickened"]
    t.rolls(15, 15, 15, 15)
    t.do("pass 4d")  # latent, then healthy: cured
    assert conds(t) == [] and t.said()[-1] == "Kyra is cured of Bog rot"


def test_remove_affliction_is_uncond():
    t = kyra(2)
    t.do(TOXIN, "uncond Kyra poisoned")
    assert conds(t) == [] and t.c("Kyra").marks.get("afflictions") is None


def test_immune_to_poison():
    t = Table("starfinder")
    t.do("add Bot hp=20 immune=poison,disease", "poison Bot dc=15 track=dex")
    assert t.hp("Bot") == 20 and t.said()[-1] == "Bot is immune to poison: no effect"


def test_the_sheet_says_the_step_and_the_clock():
    from gm_console.ruleset import render

    t = kyra(2)
    t.do(TOXIN)
    lines = [render(m, "en") for m in t.session.ruleset.sheet.status(t.state, t.c("Kyra"))]
    assert "Tetrodotoxin (Dex track): sluggish; Fort DC 15, next save in 1 round" in lines


# -- the players, Spanish, bad input -------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "es"])
def test_players_never_read_a_foes_numbers(tmp_path, capsys, lang):
    p = tmp_path / "sf.toml"
    ok(capsys, p, "add Gob hp=20 fort=3 dex=14", "poison Gob dc=15 track=dex name=Toxin", "pass 1r", rolls="2,2",
       new="starfinder")
    capsys.readouterr()
    assert run("log", p, "--players", "--lang", lang) == 0
    text = capsys.readouterr().out
    gob = [line for line in text.splitlines() if "Gob" in line]
    assert len(gob) >= 4 and not [line for line in gob if any(ch.isdigit() for ch in line)], gob


def test_spanish():
    t = kyra(2)
    t.do("envenenar Kyra cd=15 pista=des cada=asalto durante=6 cura=2 nombre=Tetrodotoxina")
    es = log_lines(t, "es")
    assert "Tetrodotoxina deja a Kyra torpe (-2 a sus cifras de Des) [starfinder.md §3.15]" in es, es[-3:]


@pytest.mark.parametrize("line, mentions", [
    ("poison Kyra track=dex", ("DC is missing",)),
    ("poison Kyra dc=15", ("which track",)),
    ("poison Kyra dc=15 track=luck", ("physical and mental",)),
    ("poison Kyra dc=15 track=dex every=week", ("every=round",)),
    ("poison Kyra dc=15 track=dex onset=later", ("1d3days",)),
    ("poison Kyra dc=15 track=dex cure=x", ("whole number",)),
    ("poison Kyra dc=15 track=dex dex=1d2", ("unknown 'dex=1d2'",)),
    ("poison Kyra dc=15 track=dex hp=lots", ("1d6",)),
    ("poison Kyra dc=15 track=dex cond=stagered:1", ("not a condition",)),
    ("disease Kyra from Kyra", ("carries no disease",)),
])
def test_bad_input_is_refused_and_nothing_changes(tmp_path, capsys, line, mentions):
    p = tmp_path / "sf.toml"
    ok(capsys, p, KYRA, new="starfinder")
    fails_cleanly(capsys, p, line, mentions=mentions)


def test_undo_takes_a_step_back_and_the_track_survives_closing_the_file(tmp_path, capsys):
    from test_acceptance_core import comb, ex, show

    t = kyra(2, 2)
    t.do(TOXIN, "pass 1r", "undo")
    assert conds(t) == ["flat-footed", "poisoned"] and fig(t, "eac") == (13,)
    p = tmp_path / "sf.toml"
    ok(capsys, p, KYRA, TOXIN, rolls="2", new="starfinder")
    rc, out, err = ex(capsys, p, "pass 1r", rolls="2")
    assert rc == 0 and "Tetrodotoxin leaves Kyra stiffened" in out, (out, err)
    kyra_ = comb(show(capsys, p), "kyra")
    assert kyra_["effective"]["eac"] == 11


def test_with_save_rolls_offer_the_save_is_offered_and_an_unanswered_one_is_rolled_at_the_next():
    t = Table("starfinder", options={"save_rolls": "offer"})
    t.do(KYRA)
    t.rolls(2)
    t.do(TOXIN, "pass 1r")
    assert t.said()[-1] == "Kyra may save against Tetrodotoxin now: save Kyra poisoned"
    with pytest.raises(Exception, match="comes at its interval"):
        t.do("save Kyra poisoned 5", "save Kyra poisoned 5")
    t.do("pass 1r")  # the offered save was answered (5: failed, stiffened); the next is offered
    assert t.said()[-1] == "Kyra may save against Tetrodotoxin now: save Kyra poisoned"
    assert conds(t) == ["flat-footed", "poisoned"] and fig(t, "eac") == (11,)
    t.rolls(2)
    t.do("pass 1r")  # not answered: rolled when the next falls due (2: staggered), and the next offered
    assert "staggered" in conds(t) and t.said()[-1] == "Kyra may save against Tetrodotoxin now: save Kyra poisoned"


# -- a failed save's hit points and condition beside the step (starfinder.md §3.15) ------------------------


def test_each_failed_save_also_takes_its_hp_and_gives_its_condition():
    """§3.15 [I]: `hp=1d4 cond=staggered:1`: each failed save, the first and the clock's, is the step and then
    the HP (lost as the exposure's: stamina does not take them) and the condition for its round; a save
    made deals neither."""
    from gm_console.i18n import render

    t = Table("starfinder")
    t.do(KYRA, "add Spider hp=10", "init Spider 25", "init Kyra 10", "start")  # the spider's turn
    t.rolls(2, 3)  # Fort 5 fails; 1d4 = 3
    t.do("poison Kyra dc=13 track=dex hp=1d4 cond=staggered:1 every=round for=2 cure=1 name=Spider venom")
    assert t.hp("Kyra") == 20 - 3 - 3 and t.c("Kyra").pools["sp"].value == 12
    assert conds(t) == ["flat-footed", "poisoned", "staggered"]
    assert t.said()[-1] == "Spider venom leaves Kyra Staggered for 1 round"
    lines = [render(m, "en") for m in t.session.ruleset.sheet.status(t.state, t.c("Kyra"))]
    assert any("each failed save also 1d4 HP and Staggered for 1 rounds" in line for line in lines), lines
    t.rolls(1, 2)  # Kyra's turn start: the save fails, a step further, 2 HP, staggered again
    t.do("next")
    assert t.hp("Kyra") == 12 and "staggered" in conds(t)
    t.do("next")  # the spider's turn: the round is over
    assert "staggered" not in conds(t)
    t.rolls(20)
    t.do("next")  # a save made: no HP, no condition
    assert t.hp("Kyra") == 12 and "staggered" not in conds(t)
