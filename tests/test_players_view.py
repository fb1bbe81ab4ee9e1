"""The players' filter (docs/players.md §1-§2): what every player-facing view keeps secret.

One filter serves `show --players` (Markdown and JSON), `log --players`, the live view,
the served view and the forum post; these tests read it through each of them.
"""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import Table
from gm_console.engine.views import players_filter as pv
from gm_console.engine.language.commands import CommandError
from gm_console.engine.views.export import markdown, play_log, state_dict
from gm_console.engine.views.post import report


def everything(t: Table, lang: str = "en") -> str:
    """Every player-facing text of the encounter, joined: what a secret must never be in."""
    rs, state = t.session.ruleset, t.state
    parts = [json.dumps(state_dict(state, rs, players=True, entries=t.session.done), ensure_ascii=False),
             markdown(state, rs, players=True, lang=lang, entries=t.session.done),
             play_log(t.session.done, state, rs, lang=lang, players=True)]
    if t.session.done:
        parts.append(report(t.session.done, rs, None, "Test", "markdown", lang, since=t.session.done[0].round))
    return "\n".join(parts)


def view(t: Table, name: str) -> dict | None:
    data = state_dict(t.state, t.session.ruleset, players=True)
    return next((c for c in data["combatants"] if c["name"] == name), None)


def pf_fight() -> Table:
    t = Table("pathfinder1e")
    t.do("add Kyra pc hp=20 hero=2", "add Goblin hp=6 ac=16", "init Kyra 15", "init Goblin 10", "start")
    return t


# -- GM-only fields and notes ----------------------------------------------------------------


def test_hero_points_never_reach_the_players_even_when_spent():
    """docs/players.md §1 (pathfinder1e.md §1.6: hero points are the GM's secret)."""
    t = pf_fight()
    t.do("spend Kyra hero bonus-before")
    k = view(t, "Kyra")
    assert "hero" not in k["pools"] and "hero" not in k["stats"] and k["pools"]["hp"] == {"value": 20, "max": 20}
    for lang in ("en", "es"):
        text = everything(t, lang).lower()
        assert "hero" not in text and "héroe" not in text


def test_gm_notes_never_reach_the_players():
    t = Table("generic")
    t.do("add Ann pc hp=10 notes=owes_the_thieves_guild", "note the goblins' boss hides behind the door")
    text = everything(t)
    assert "thieves" not in text and "behind the door" not in text
    assert "notes" not in view(t, "Ann")["stats"]


def test_hidden_rolls_and_gm_only_lines_are_left_out():
    t = pf_fight()
    t.rolls(17).do("r 1d20+4 perception hidden")
    t.rolls(3).do("check Kyra will vs 20 hidden")
    text = everything(t)
    assert "(17)" not in text and "perception" not in text and "(3)" not in text


# -- foes' health as words -------------------------------------------------------------------


@pytest.mark.parametrize("hp, word", [(6, "unhurt"), (5, "wounded"), (4, "wounded"), (3, "bloodied"),
                                      (2, "bloodied"), (1, "near-death"), (0, "down"), (-3, "down")])
def test_health_words_follow_the_documented_thresholds(hp, word):
    """docs/players.md §2: full = unhurt; above half = wounded; half or less = bloodied; a quarter
    or less (here 1.5 of 6, so 1) = near death; 0 or less = down."""
    t = Table("generic")
    t.do(f"add Goblin hp={hp}/6")
    assert pv.health_word(t.session.ruleset, t.c("Goblin")) == word
    assert view(t, "Goblin")["health"] == word


def test_a_foe_down_by_its_life_state_is_down_whatever_its_numbers():
    t = Table("pathfinder1e")
    t.do("add Goblin hp=6 con=10", "dmg Goblin 7")  # PF1: -1 HP is dying
    assert t.c("Goblin").life == "dying" and view(t, "Goblin")["health"] == "down"


def test_exact_foe_hp_is_replaced_by_a_word_everywhere_and_pcs_stay_in_full():
    t = pf_fight()
    t.do("dmg Goblin 4", "dmg Kyra 5")
    g = view(t, "Goblin")
    assert g["pools"] == {} and g["stats"] == {} and g["health"] == "bloodied" and g["life"] is None
    assert view(t, "Kyra")["pools"]["hp"] == {"value": 15, "max": 20}
    text = everything(t)
    assert "Goblin is hurt: bloodied" in text
    assert "6 -> 2" not in text and not re.search(r"HP 2\b", text) and "2/6" not in text
    assert "Kyra takes 5 damage: HP 20 -> 15" in text  # a PC's own numbers are the players'
    assert "| bloodied |" in markdown(t.state, t.session.ruleset, players=True)
    es = everything(t, "es")
    assert "Goblin recibe daño: ensangrentado" in es


def test_a_foes_death_sentence_with_its_numbers_becomes_down():
    """pathfinder1e.md §1.4's sentence quotes HP and the death threshold: the players read "down"."""
    t = pf_fight()
    t.do("dmg Goblin 30")
    text = everything(t)
    assert "Goblin is hurt: down" in text
    assert "-24" not in text and "dead at" not in text


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["dmg", "heal"]), st.integers(0, 12)), min_size=1, max_size=8))
def test_no_sequence_of_hits_shows_a_foes_hit_points(actions):
    """Whatever the GM does to foes, no player-facing line quotes their hit points."""
    t = Table("generic")
    t.do("add Goblin hp=9", "add Ogre hp=30", "init Goblin 10", "init Ogre 5", "start")
    for verb, n in actions:
        t.do(f"{verb} Goblin,Ogre {n}")
    for ln in pv.lines(t.session.done, t.session.ruleset):
        assert not re.search(r"HP\s*-?\d|\d+\s*(->|→)\s*-?\d|/\s*(9|30)\b", ln.text), ln.text
    data = state_dict(t.state, t.session.ruleset, players=True)
    assert all(c["pools"] == {} for c in data["combatants"])


# -- hidden combatants ------------------------------------------------------------------------


def ambush() -> Table:
    t = Table("pathfinder1e")
    t.do("add Kyra pc hp=20", "add Goblin hp=6", "add Sniper hp=12", "hide sniper",
         "init Kyra 15", "init Sniper 12", "init Goblin 10", "start")
    return t


def test_a_hidden_combatant_is_off_every_view_even_on_its_turn():
    t = ambush()
    t.do("next")  # the sniper's turn
    assert t.active == "sniper"
    data = state_dict(t.state, t.session.ruleset, players=True)
    assert [c["id"] for c in data["combatants"]] == ["kyra", "goblin"]
    assert data["order"] == ["kyra", "goblin"] and data["active"] is None
    t.do("dmg Kyra 5")  # it shoots: Kyra feels it, nobody sees who
    text = everything(t)
    assert "Sniper" not in text and "sniper" not in text
    assert "Kyra takes 5 damage" in text


def test_reveal_shows_it_from_then_on_and_undo_hides_it_again():
    t = ambush()
    t.do("next", "reveal sniper")
    assert view(t, "Sniper")["health"] == "unhurt"
    lines = [ln.text for ln in pv.lines(t.session.done, t.session.ruleset)]
    assert "Sniper can be seen now" in lines
    assert "Sniper joins" not in lines and "Sniper's turn" not in lines  # before: still unseen
    t.do("undo")
    assert view(t, "Sniper") is None


def test_hide_and_reveal_in_spanish_many_at_once_and_refusals():
    t = Table("generic")
    t.do("add Goblin x2 hp=6", "ocultar Goblin*")
    assert all(c.hidden for c in t.state.combatants.values())
    with pytest.raises(CommandError, match="already hidden"):
        t.do("hide goblin-1")
    t.do("revelar goblin-1,goblin-2")
    with pytest.raises(CommandError, match="not hidden"):
        t.do("reveal goblin-1")
    assert not any(c.hidden for c in t.state.combatants.values())


def test_a_sentence_naming_a_hidden_combatant_is_left_out():
    t = Table("pathfinder1e")
    t.do("add Kyra pc hp=20", "add Sniper hp=12", "hide sniper", "surprise Kyra Sniper")
    text = everything(t)
    assert "Sniper" not in text and "Aware at the start" not in text


def test_a_combatant_hidden_after_it_was_seen_keeps_its_past_lines():
    t = ambush()
    t.do("dmg Goblin 2", "hide goblin", "next", "next")
    lines = [ln.text for ln in pv.lines(t.session.done, t.session.ruleset)]
    assert "Goblin is hurt: wounded" in lines  # the table saw that
    assert not any("Goblin's turn" in ln for ln in lines)  # not its turn while hidden


def test_the_gms_own_show_marks_who_is_hidden():
    t = ambush()
    gm = markdown(t.state, t.session.ruleset)
    assert "| Sniper | ok · hidden |" in gm
    assert "Sniper" not in markdown(t.state, t.session.ruleset, players=True)


# -- `gm-console show/log --players`: what the GM's own view has, the players' has not -----------


@pytest.fixture
def saved_fight(tmp_path, capsys):
    """A Pathfinder save: a PC with hero points (pathfinder1e.md §1.6, GM-only), a wounded
    goblin (its hit points are the GM's), a hidden roll; and a generic one with GM notes."""
    from gm_console.cli import main

    pf, gen = tmp_path / "pf.toml", tmp_path / "generic.toml"
    assert main(["exec", str(pf), "--new", "pathfinder1e", "--", "add Kyra pc hp=20 hero=2",
                 "add Goblin hp=6 ac=16", "init Kyra 15", "init Goblin 10", "start", "dmg Goblin 2",
                 "r 1d20+4 perception hidden"]) == 0
    assert main(["exec", str(gen), "--new", "generic", "--", "add Ann pc hp=10 notes=owes_the_thieves_guild",
                 "add Orc hp=15 notes=carries_the_vault_key"]) == 0
    capsys.readouterr()

    def show(*args) -> str:
        assert main([args[0], str(pf if args[1] == "pf" else gen), *args[2:]]) == 0
        return capsys.readouterr().out

    return show


def test_show_markdown_players_keeps_the_gms_figures_to_the_gm(saved_fight):
    """docs/players.md §1-§2: hero points and a foe's exact HP are on the GM's `show --markdown`
    and not on the players'; the PC's own HP and the foe's health word are."""
    gm = saved_fight("show", "pf", "--markdown")
    assert "| HP 20/20, nonlethal 0, hero points 2/3 |" in gm and "| HP 4/6, nonlethal 0 |" in gm
    players = saved_fight("show", "pf", "--markdown", "--players")
    assert "| HP 20/20, nonlethal 0 |" in players and "| wounded |" in players
    assert "hero" not in players and "4/6" not in players


def test_show_json_players_keeps_hero_points_foe_numbers_and_notes_to_the_gm(saved_fight):
    gm = json.loads(saved_fight("show", "pf", "--json"))
    players = json.loads(saved_fight("show", "pf", "--json", "--players"))
    who = lambda data, name: next(c for c in data["combatants"] if c["name"] == name)  # noqa: E731
    assert who(gm, "Kyra")["pools"]["hero"] == {"value": 2, "max": 3}
    assert who(gm, "Goblin")["pools"]["hp"] == {"value": 4, "max": 6}
    assert "hero" not in who(players, "Kyra")["pools"] and who(players, "Kyra")["pools"]["hp"]["value"] == 20
    assert who(players, "Goblin")["pools"] == {} and who(players, "Goblin")["health"] == "wounded"
    for name, note in (("Ann", "owes_the_thieves_guild"), ("Orc", "carries_the_vault_key")):
        assert who(json.loads(saved_fight("show", "generic", "--json")), name)["stats"]["notes"] == note
        assert note not in saved_fight("show", "generic", "--json", "--players")


def test_log_players_leaves_out_the_hidden_roll_the_gms_log_has(saved_fight):
    assert "perception: 1d20 (" in saved_fight("log", "pf")
    players = saved_fight("log", "pf", "--players")
    assert "Goblin is hurt: wounded" in players and "perception" not in players
