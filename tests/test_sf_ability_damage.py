"""Starfinder ability damage and drain (issue 25): -1 per 2 points of damage to what the ability governs,
Constitution costs stamina, the key ability costs Resolve Points, the score reached knocks out (Con: dead),
a night's rest heals, drain stays (docs/rulesets/starfinder.md#314-monster-rules-defenses-and-ability-damage-issue-25,
§3.14.6), and ability penalties weigh the same way but never knock out (§3.14.7)."""

from __future__ import annotations

import pytest

from conftest import Table
from gm_console.engine.core.errors import CommandError
from test_acceptance_core import comb, ex, fails_cleanly, ok, run, show
from test_effect_modifiers import log_lines

KYRA = "add Kyra pc hp=20 sp=12 rp=4 level=3 dex=14 con=12 wis=16 key_ability=wis eac=15 kac=16 ref=5 will=6 " \
       "fort=3 init=2 ranged=4 stealth=7"


def figures(t: Table, who: str = "Kyra") -> dict[str, int]:
    f = t.session.ruleset.sheet.effective(t.state, t.c(who))
    return {k: f[k].value for k in ("eac", "kac", "ref", "init", "ranged", "stealth", "fort", "will", "perception")}


BASE = {"eac": 15, "kac": 16, "ref": 5, "init": 2, "ranged": 4, "stealth": 7, "fort": 3, "will": 6, "perception": 3}


def kyra(*lines: str) -> Table:
    t = Table("starfinder")
    t.do(KYRA, *lines)
    return t


# -- the penalty: -1 per 2 points (starfinder.md §3.14.6) ------------------------------------------------


@pytest.mark.parametrize("points, minus", [(1, 0), (2, 1), (3, 1), (4, 2)])
@pytest.mark.parametrize("line", ["dmg Kyra {n} dex", "cond Kyra dex-penalty:{n}"])  # §3.14.7: a penalty alike
def test_dex_damage_costs_1_per_2_points_on_what_dex_governs(points, minus, line):
    t = kyra(line.format(n=points))
    dex = ("eac", "kac", "ref", "init", "ranged", "stealth")
    assert figures(t) == {k: v - (minus if k in dex else 0) for k, v in BASE.items()}


def test_one_point_says_no_penalty_yet_and_two_name_what_they_cost():
    t = kyra("dmg Kyra 1 dex", "daño Kyra 1 des")
    assert t.said()[-2:] == [
        "Kyra takes 1 Dex damage: Dex damage 0 -> 1, no penalty yet (-1 per 2 points)",
        "Kyra takes 1 Dex damage: Dex damage 1 -> 2, -1 to EAC, KAC, ranged attacks, initiative, Reflex and "
        "Dexterity skills"]
    f = t.session.ruleset.sheet.effective(t.state, t.c("Kyra"))
    assert f["eac"].explain("EAC") == "EAC 14 = 15 - 1 dex damage"


@pytest.mark.parametrize("dex, drained, minus", [(14, 1, 1), (15, 1, 0), (15, 2, 1), (14, 2, 1), (14, 3, 2)])
def test_drain_lowers_the_score_so_the_figures_lose_what_its_modifier_lost(dex, drained, minus):
    """An odd score drained 1 keeps its modifier (15 -> 14: +2); an even one loses 1 (14 -> 13: +1)."""
    t = Table("starfinder")
    t.do(f"add Kyra pc hp=20 dex={dex} ref=5 eac=15", f"dmg Kyra {drained} dex drain")
    f = t.session.ruleset.sheet.effective(t.state, t.c("Kyra"))
    assert (f["ref"].value, f["eac"].value) == (5 - minus, 15 - minus)


def test_damage_and_drain_add_as_two_sources():
    t = kyra("dmg Kyra 2 dex", "dmg Kyra 2 dex drain")  # Dex 14 -> 12: -1, and -1 for the damage
    f = t.session.ruleset.sheet.effective(t.state, t.c("Kyra"))
    assert f["ref"].value == 3 and {p[0] for p in f["ref"].said()} == {"dex damage", "dex drained"}


# -- Constitution: stamina; the key ability: Resolve -------------------------------------------------------


@pytest.mark.parametrize("points, sp", [(1, 12), (2, 9), (3, 9), (4, 6)])
def test_con_damage_costs_level_stamina_per_2_points_current_and_maximum(points, sp):
    t = kyra(f"dmg Kyra {points} con")
    pool = t.c("Kyra").pools["sp"]
    assert (pool.value, pool.max, figures(t)["fort"]) == (sp, sp, 3 - points // 2)


def test_con_drain_costs_the_stamina_its_lower_modifier_costs():
    t = kyra("dmg Kyra 1 con drain")  # Con 12 -> 11: +1 -> +0, level 3
    assert (t.c("Kyra").pools["sp"].value, t.c("Kyra").pools["sp"].max) == (9, 9)
    assert t.said()[-1] == "Kyra: Con penalty -1 x level 3: SP 12 -> 9, max 9"


def test_key_ability_damage_costs_1_rp_per_2_points_each_step_once():
    t = kyra("dmg Kyra 1 wis")
    assert t.c("Kyra").pools["rp"].value == 4
    t.do("dmg Kyra 1 wis")
    assert t.c("Kyra").pools["rp"].value == 3 and t.said()[-1] == \
        "Kyra: damage to their key ability costs 1 RP: RP 4 -> 3"
    t.do("dmg Kyra 1 wis")
    assert t.c("Kyra").pools["rp"].value == 3
    t.do("dmg Kyra 1 wis")
    assert t.c("Kyra").pools["rp"].value == 2


def test_damage_to_another_ability_costs_no_resolve():
    t = kyra("dmg Kyra 4 dex")
    assert t.c("Kyra").pools["rp"].value == 4


# -- the score reached ----------------------------------------------------------------------------------


def test_damage_equal_to_the_score_knocks_out_and_healing_below_wakes():
    t = kyra("dmg Kyra 13 dex")
    assert not t.c("Kyra").has("unconscious")
    t.do("dmg Kyra 1 dex")
    assert t.c("Kyra").has("unconscious") and t.said()[-1] == \
        "Kyra falls unconscious (Dex damage 14 reaches its score 14)"
    t.do("dmg Kyra 5 dex")  # more than the score is not kept
    assert t.c("Kyra").marks["ability_damage"] == {"dex": 14}
    t.do("heal Kyra 1 dex")
    assert not t.c("Kyra").has("unconscious") and t.c("Kyra").life != "dead"


def test_con_damage_equal_to_the_score_kills():
    t = Table("starfinder")
    t.do("add Gob hp=10 con=10 fort=2", "dmg Gob 9 con")
    assert t.c("Gob").life != "dead"
    t.do("dmg Gob 1 con")
    assert t.c("Gob").life == "dead"


@pytest.mark.parametrize("ability, life", [("dex", "unconscious"), ("con", "dead")])
def test_a_score_drained_to_0(ability, life):
    t = Table("starfinder")
    t.do(f"add Gob hp=10 {ability}=3", f"dmg Gob 3 {ability} drain")
    gob = t.c("Gob")
    assert (gob.life == "dead") if life == "dead" else gob.has("unconscious")
    if life != "dead":
        t.do(f"heal Gob 1 {ability} drain")
        assert not t.c("Gob").has("unconscious")


# -- rest, undo, the file ------------------------------------------------------------------------------


def test_a_night_heals_1_point_bed_rest_2_and_drain_stays():
    t = kyra("dmg Kyra 3 con", "dmg Kyra 2 dex drain", "rest Kyra 8h")
    assert t.c("Kyra").marks["ability_damage"] == {"con": 2}
    assert t.said()[-1].startswith("Kyra rests 8h: ") and t.said()[-1].endswith("Con damage 3→2")
    t.do("rest Kyra 24h")
    kyra_ = t.c("Kyra")
    assert kyra_.marks.get("ability_damage") is None and kyra_.marks["ability_drain"] == {"dex": 2}
    assert (kyra_.pools["sp"].value, kyra_.pools["sp"].max) == (12, 12)


def test_undo_takes_back_the_damage_the_stamina_and_the_resolve_in_one_step():
    t = kyra("dmg Kyra 2 con")
    t.do("dmg Kyra 2 wis")
    t.do("undo")
    assert t.c("Kyra").pools["rp"].value == 4 and t.c("Kyra").marks["ability_damage"] == {"con": 2}
    t.do("undo")
    kyra_ = t.c("Kyra")
    assert kyra_.marks.get("ability_damage") is None and (kyra_.pools["sp"].value, kyra_.pools["sp"].max) == (12, 12)
    assert figures(t) == BASE


def test_the_damage_survives_closing_the_file(tmp_path, capsys):
    p = tmp_path / "sf.toml"
    ok(capsys, p, KYRA, "dmg Kyra 3 dex", "dmg Kyra 2 dex drain", new="starfinder")
    kyra_ = comb(show(capsys, p), "kyra")
    assert (kyra_["effective"]["ref"], kyra_["effective"]["eac"]) == (3, 13)
    assert "Dex drained 2: Dex 12 (rest does not restore it)" in kyra_["status"]
    rc, out, err = ex(capsys, p, "heal Kyra 1 dex")
    assert rc == 0 and "Dex damage 3 -> 2" in out, (out, err)


# -- the players, Spanish, bad input -------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "es"])
def test_players_never_read_a_foes_numbers(tmp_path, capsys, lang):
    p = tmp_path / "sf.toml"
    ok(capsys, p, "add Kyra pc hp=20 sp=12 level=3 con=12", "add Gob hp=10 sp=6 rp=2 level=2 con=12 dex=13 fort=2 "
       "key_ability=dex", "dmg Gob 3 con", "dmg Gob 2 dex drain", "dmg Gob 2 dex", "dmg Gob 13 dex", "dmg Kyra 2 con",
       new="starfinder")
    capsys.readouterr()
    assert run("log", p, "--players", "--lang", lang) == 0
    text = capsys.readouterr().out
    gob = [line for line in text.splitlines() if "Gob" in line]
    assert gob and not [line for line in gob if any(ch.isdigit() for ch in line)], gob
    assert any("unconscious" in line or "inconsciente" in line for line in gob), gob
    assert {"en": "SP 12 -> 9, max 9", "es": "PE 12 -> 9, máx. 9"}[lang] in text  # a PC's own numbers


def test_spanish_words_and_lines():
    t = Table("starfinder")
    t.do("add Kyra pc hp=20 sp=12 level=3 con=12 des=14 ref=5", "daño Kyra 2 con", "daño Kyra 1 des consunción",
         "curar Kyra 1 des consunción")
    es = log_lines(t, "es")
    assert "Kyra sufre 2 de daño de Con: daño de Con 0 -> 2, -1 a Fortaleza y estamina [starfinder.md §3.14.6 [O]]" in es, es
    assert t.c("Kyra").marks.get("ability_drain") is None


def test_bad_input_is_refused_and_nothing_changes(tmp_path, capsys):
    p = tmp_path / "sf.toml"
    ok(capsys, p, "add Gob hp=10", "add Skimmer vehicle hp=20", new="starfinder")
    fails_cleanly(capsys, p, "dmg Gob 2 drain", mentions=("drain needs the ability", "str|dex|con|int|wis|cha"))
    fails_cleanly(capsys, p, "dmg Gob 2 wis drain", mentions=("set Gob wis=N",))
    fails_cleanly(capsys, p, "dmg Skimmer 2 dex", mentions=("vehicle",))
    t = Table("starfinder")
    t.do("add Gob hp=10")
    with pytest.raises(CommandError):
        t.do("dmg Gob 2 wisdom")


# -- Strength's damage, ability penalties (starfinder.md §3.14.6-7) -----------------------------------------


def test_str_damage_weighs_on_melee_attacks_and_melee_damage():
    """CRB ch. 8, Ability Damage: Strength governs the attack and the weapon damage rolls that rely on it."""
    t = Table("starfinder")
    t.do("add Kyra pc hp=20 str=12 melee=5 ranged=4 athletics=6", "dmg Kyra 2 str")
    f = t.session.ruleset.sheet.effective(t.state, t.c("Kyra"))
    assert (f["melee"].value, f["damage"].value, f["ranged"].value, f["athletics"].value) == (4, -1, 4, 5)
    assert t.said()[-1] == "Kyra takes 2 Str damage: Str damage 0 -> 2, -1 to melee attacks, melee damage and " \
                           "Strength skills"


def test_penalty_and_damage_add_before_halving():
    """1 Dex damage and a Dex penalty of 1 are 2 points: -1 (the penalty "affects the modifier the same way as
    damage")."""
    t = kyra("dmg Kyra 1 dex", "cond Kyra dex-penalty:1")
    f = t.session.ruleset.sheet.effective(t.state, t.c("Kyra"))
    assert f["eac"].explain("EAC") == "EAC 14 = 15 - 1 dex penalty"


def test_a_penalty_as_large_as_the_score_never_knocks_out_nor_kills():
    t = Table("starfinder")
    t.do("add Gob hp=10 sp=4 level=1 dex=10 con=10 fort=2", "cond Gob dex-penalty:10", "cond Gob con-penalty:10")
    gob = t.c("Gob")
    assert gob.life not in ("dead", "unconscious") and not gob.has("unconscious")
    f = t.session.ruleset.sheet.effective(t.state, gob)
    assert f["fort"].value == -3


def test_a_con_penalty_costs_stamina_until_it_ends():
    t = kyra("cond Kyra con-penalty:2")
    assert (t.c("Kyra").pools["sp"].value, t.c("Kyra").pools["sp"].max) == (9, 9)
    assert t.said()[-2:] == ["Kyra: Con penalty 2, -1 to Fortitude and stamina (it never knocks out)",
                             "Kyra: Con penalty -1 x level 3: SP 12 -> 9, max 9"]
    t.do("uncond Kyra con-penalty")
    assert (t.c("Kyra").pools["sp"].value, t.c("Kyra").pools["sp"].max) == (12, 12)


def test_a_penalty_to_the_key_ability_costs_no_resolve():
    """The RP loss is for damage to the key ability ("If you take damage to your key ability score")."""
    t = kyra("cond Kyra wis-penalty:4")
    assert t.c("Kyra").pools["rp"].value == 4 and figures(t)["will"] == 4


def test_a_penalty_in_spanish():
    t = Table("starfinder")
    t.do("add Kyra pc hp=20 des=14 ref=5", "estado Kyra penalizador-des:2")
    assert figures_of(t, "ref") == 4
    assert "Kyra: penalizador de Des 2, -1 a CAE, CAC, ataques a distancia, iniciativa, Reflejos y habilidades de " \
           "Des (nunca deja inconsciente) [starfinder.md §3.14.7 [O]]" in log_lines(t, "es")


def figures_of(t: Table, key: str, who: str = "Kyra") -> int:
    return t.session.ruleset.sheet.effective(t.state, t.c(who))[key].value
