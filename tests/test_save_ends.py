"""Effects that end on a save (issue 31): the tracker rolls (or offers) the affected's save at the
game's moment each round and ends the effect on a success, as part of the turn's one action
(docs/rulesets/pathfinder1e.md#1111-effects-that-end-on-a-save, docs/rulesets/starfinder.md,
docs/rulesets/dragon_age.md, docs/rulesets/generic.md)."""

from __future__ import annotations

import pytest

from conftest import Table
from gm_console.engine.core.errors import CommandError
from test_acceptance_core import comb, ex, fails_cleanly, ok, run, show
from test_effect_modifiers import log_lines


def held(t: Table, who: str = "Gob") -> bool:
    return any(i.cond == "hold-person" for i in t.c(who).conditions)


def shakes(t: Table) -> list[str]:
    """The outcome sentences, without the GM's detail (the roll and the DC)."""
    return [s.split(" (")[0] for s in t.said() if "shake off" in s or "shakes off" in s]


def pf_fight(*rolls: int, **options) -> Table:
    """Kyra (init 15) then Gob (init 10, Will +1); Kyra holds Gob: DC 15, 10 rounds."""
    t = Table("pathfinder1e", options=options or None)
    t.rolls(*rolls)
    t.do("add Kyra pc hp=20", "add Gob hp=6 will=1 ac=14", "init Kyra 15", "init Gob 10", "start",
         "cond Gob hold-person 10 save=will:15 by Kyra")
    return t


# -- the moment, and the edges ---------------------------------------------------------------------


def test_a_success_on_the_first_chance_ends_it_at_the_start_of_its_turn():
    """pathfinder1e.md §1.11.1: on its turn the held creature saves; 14 + 1 = 15 ties the DC: free."""
    t = pf_fight(14)
    t.do("next")
    assert t.active == "gob" and not held(t)
    lines = log_lines(t)
    assert "Gob shakes off Hold person (Will save 1d20 (14) +1 = 15 vs DC 15)" in lines
    assert lines.index("Gob's turn") < lines.index("Gob shakes off Hold person (Will save 1d20 (14) +1 = 15 vs DC 15)")


def test_a_failure_then_a_success_two_rounds_later():
    t = pf_fight(3, 13, 19)
    t.do("next")
    assert held(t)
    t.do("next", "next")  # round 2: Kyra, Gob fails again
    assert (t.state.round, t.active, held(t)) == (2, "gob", True)
    t.do("next")
    assert held(t)  # nothing is rolled on Kyra's turn
    t.do("next")
    assert (t.state.round, held(t)) == (3, False)
    assert shakes(t) == ["Gob fails to shake off Hold person", "Gob fails to shake off Hold person",
                    "Gob shakes off Hold person"]


@pytest.mark.parametrize("natural, will, dc, freed", [(20, 0, 30, True), (1, 20, 5, False), (13, 1, 15, False)])
def test_natural_20_and_natural_1_decide_whatever_the_numbers(natural, will, dc, freed):
    """pathfinder1e.md §1.12: a save's natural 20 always succeeds, a natural 1 always fails."""
    t = Table("pathfinder1e")
    t.rolls(natural)
    t.do("add Kyra pc hp=20", f"add Gob hp=6 will={will}", "init Kyra 15", "init Gob 10", "start",
         f"cond Gob hold-person 10 save={dc}", "next")
    assert held(t) is not freed


def test_the_effect_ends_mid_round_and_the_figures_follow_at_once():
    """Held is helpless (Dex 0: AC 9 from 14); freed on its turn, its AC is back before it acts."""
    t = pf_fight(19)
    ac = lambda: t.session.ruleset.sheet.effective(t.state, t.c("Gob"))["ac"].value  # noqa: E731
    assert ac() < 14
    t.do("next")
    assert ac() == 14 and t.active == "gob"


def test_several_effects_at_once_each_roll_in_order():
    t = pf_fight(19, 4)
    t.do("effect Gob Web save=ref:12")
    t.do("next")
    assert not held(t) and t.c("Gob").has("web")
    assert shakes(t) == ["Gob shakes off Hold person", "Gob fails to shake off Web"]


def test_undo_takes_the_roll_back_with_the_turn():
    t = pf_fight(19)
    t.do("next")
    assert not held(t)
    t.do("undo")
    assert held(t) and t.active == "kyra"
    assert shakes(t) == []


def test_a_creature_that_delays_saves_once_at_its_turn_and_not_again_when_it_comes_back():
    t = Table("pathfinder1e")
    t.rolls(5, 19)
    t.do("add Kyra pc hp=20", "add Gob hp=6 will=1", "add Ally hp=8 ally", "init Kyra 15", "init Gob 10",
         "init Ally 5", "start", "cond Gob hold-person 10 save=will:15 by Kyra")
    t.do("next")  # Gob's turn: the save (5 + 1) fails
    t.do("delay", "resume Gob")  # back in the same round after Ally's turn: its turn goes on
    assert held(t) and t.active == "gob" and len(shakes(t)) == 1
    while not (t.state.round == 2 and t.active == "gob"):
        t.do("next")
    assert not held(t) and len(shakes(t)) == 2


def test_the_end_of_the_turn_when_the_gm_says_so():
    t = Table("pathfinder1e")
    t.rolls(19)
    t.do("add Kyra pc hp=20", "add Gob hp=6 will=1", "init Kyra 15", "init Gob 10", "start",
         "cond Gob hold-person 10 save=will:15:end", "next")
    assert held(t)  # its turn started: nothing yet
    t.do("next")
    assert not held(t)


def test_ongoing_damage_a_save_ends_spares_its_damage_on_a_success():
    """The save at its moment, the damage otherwise (engine: ongoing, docs/rulesets/generic.md)."""
    t = Table("pathfinder1e")
    t.rolls(4, 19)
    t.do("add Kyra pc hp=20", "add Gob hp=20 ref=0", "init Kyra 15", "init Gob 10", "start",
         "cond Gob ongoing:3 fire save=ref:15", "next")
    assert t.hp("Gob") == 17 and t.c("Gob").has("ongoing")
    t.do("next", "next")
    assert t.hp("Gob") == 17 and not t.c("Gob").has("ongoing")


# -- the players' side --------------------------------------------------------------------------


def test_players_read_the_outcome_never_the_dc_nor_a_foes_bonus():
    t = pf_fight(3, 13, 19)
    t.do("next", "next", "next")
    players = log_lines(t, players=True)
    assert "Gob fails to shake off Hold person" in players and "Gob: + Hold person, a Will save ends it" in players
    assert not [line for line in players if "Gob" in line and ("15" in line or "+1" in line or "DC" in line)], players


def test_the_table_may_show_the_dc():
    t = Table("pathfinder1e")
    t.rolls(3)
    t.do("option players_save_dc on", "add Kyra pc hp=20", "add Gob hp=6 will=1", "init Kyra 15", "init Gob 10",
         "start", "cond Gob hold-person 10 save=will:15", "next")
    assert not [line for line in log_lines(t, players=True) if "+1" in line]
    t2 = Table("pathfinder1e")
    t2.rolls(3)
    t2.do("add Kyra pc hp=20 will=2", "add Gob hp=6", "init Kyra 15", "init Gob 10", "start",
          "cond Kyra hold-person 10 save=will:15", "next", "next")
    assert "Kyra fails to shake off Hold person" in log_lines(t2, players=True)


def dc_fight(tmp_path, capsys, dc_shown: bool):
    """Gob (Will +1) holds Kyra (PC, Will +2) with DC 16 and Kyra holds Gob with DC 15; both fail once:
    Gob rolls 3 on its turn, Kyra 5 on hers in round 2."""
    p = tmp_path / "dc.toml"
    ok(capsys, p, f"option players_save_dc {'on' if dc_shown else 'off'}", "add Kyra pc hp=20 will=2",
       "add Gob hp=6 will=1", "init Kyra 18", "init Gob 12", "start", "cond Gob hold-person 10 save=will:15 by Kyra",
       "cond Kyra hold-person 10 save=will:16 by Gob", new="pathfinder1e")
    ok(capsys, p, "next", "next", rolls="3,5")
    return p


def players_text(capsys, p, lang: str) -> dict[str, str]:
    """What the players read of the fight: log --players, show --players (and its JSON), post."""
    out = {}
    for name, argv in (("log", ["log", p, "--players"]), ("show", ["show", p, "--players"]),
                       ("json", ["show", p, "--players", "--json"]), ("post", ["post", p, "--since", "1"])):
        capsys.readouterr()
        assert run(*argv, "--lang", lang) == 0
        out[name] = capsys.readouterr().out
    return out


KYRA_LINE = {"en": "Kyra fails to shake off Hold person (Will save 1d20 (5) +2 = 7",
             "es": "Kyra no consigue librarse de Inmovilizar persona (salvación de Vol 1d20 (5) +2 = 7"}
GOB_LINE = {"en": "Gob fails to shake off Hold person", "es": "Gob no consigue librarse de Inmovilizar persona"}
DC = {"en": "DC", "es": "CD"}


def about_the_hold(text: str) -> list[str]:
    """The lines about the hold and its saves, without their list marks (markdown, bbcode)."""
    words = ("Hold person", "Inmovilizar persona", "save", "salvación", "roll", "tirada")
    return [line.lstrip("-*[] ").rstrip() for line in text.splitlines() if any(w in line for w in words)]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_players_without_the_option_read_their_own_roll_and_no_dc(tmp_path, capsys, lang):
    """docs/saves.md: the DC is the caster's secret (a foe's), even on a PC's own save line; a foe's save
    reaches the players as its outcome alone."""
    p = dc_fight(tmp_path, capsys, dc_shown=False)
    seen = players_text(capsys, p, lang)
    for name in ("log", "post", "show"):
        lines = about_the_hold(seen[name])
        if name != "show":
            assert KYRA_LINE[lang] + ")" in lines, (name, lines)  # her roll, without the DC
            assert GOB_LINE[lang] in lines, (name, lines)  # its outcome alone
        assert not [line for line in lines if "16" in line or "15" in line or "+1" in line or DC[lang] in line], \
            (name, lines)
    import json

    gob, kyra = [c for c in json.loads(seen["json"])["checks"] if c["what"] == "will"]
    assert (kyra["who"], kyra["total"], kyra["target"], kyra["against"]) == ("kyra", 7, None, None)
    assert (gob["who"], gob["bonus"], gob["total"], gob["dice"], gob["target"], gob["outcome"]) == (
        "gob", None, None, [], None, "failure")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_players_with_the_option_read_the_dc_and_never_a_foes_bonus(tmp_path, capsys, lang):
    p = dc_fight(tmp_path, capsys, dc_shown=True)
    seen = players_text(capsys, p, lang)
    save = {"en": "Will save vs DC 15", "es": "salvación de Vol contra CD 15"}[lang]
    vs16 = {"en": " vs DC 16)", "es": " contra CD 16)"}[lang]
    for name in ("log", "post"):
        lines = about_the_hold(seen[name])
        assert KYRA_LINE[lang] + vs16 in lines, (name, lines)
        assert f"{GOB_LINE[lang]} ({save})" in lines, (name, lines)
        assert not [line for line in lines if "Gob" in line and ("+1" in line or "(3)" in line)], (name, lines)
    import json

    gob, kyra = [c for c in json.loads(seen["json"])["checks"] if c["what"] == "will"]
    assert (kyra["total"], kyra["target"], gob["target"], gob["bonus"], gob["total"]) == (7, 16, 15, None, None)


def test_the_gm_reads_everything_whatever_the_option(tmp_path, capsys):
    p = dc_fight(tmp_path, capsys, dc_shown=False)
    capsys.readouterr()
    assert run("log", p) == 0
    text = capsys.readouterr().out
    assert "Gob fails to shake off Hold person (Will save 1d20 (3) +1 = 4 vs DC 15)" in text
    assert "Kyra fails to shake off Hold person (Will save 1d20 (5) +2 = 7 vs DC 16)" in text
    assert "Gob: + Hold person, Will DC 15 ends it (10 rounds)" in text


@pytest.mark.parametrize("shown, line", [(False, "Kyra: + Hold person, a Will save ends it (10 rounds)"),
                                         (True, "Kyra: + Hold person, Will DC 16 ends it (10 rounds)")])
def test_the_players_read_that_a_save_ends_it_and_its_dc_as_the_table_says(tmp_path, capsys, shown, line):
    p = dc_fight(tmp_path, capsys, dc_shown=shown)
    capsys.readouterr()
    assert run("log", p, "--players") == 0
    text = capsys.readouterr().out
    assert line in text
    assert ("Gob: + Hold person, Will DC 15 ends it" in text) is shown


# -- the dice mode: offered to the GM, typed, --rolls --------------------------------------------


def test_offered_on_the_warnings_line_then_run_with_the_die_the_player_rolled():
    t = pf_fight(save_rolls="offer")
    t.do("next")
    assert held(t) and not [e for entry in t.session.done[-1:] for e in entry.events if e.kind == "Rolled"]
    (offer,) = t.session.ruleset.warnings(t.state)
    assert offer.command == "save Gob hold-person" and offer.gm_only
    assert offer.render() == "Gob: Will save against Hold person (DC 15)"
    t.do("save Gob hold-person 19")
    assert not held(t) and t.session.ruleset.warnings(t.state) == []
    t.do("undo")
    assert held(t) and [p.command for p in t.session.ruleset.warnings(t.state)] == ["save Gob hold-person"]


def test_the_cli_takes_the_die_from_rolls(tmp_path, capsys):
    p = tmp_path / "pf.toml"
    ok(capsys, p, "add Kyra pc hp=20", "add Gob hp=6 will=1", "init Kyra 15", "init Gob 10", "start",
       "estado Gob inmovilizar-persona 10 salvación=voluntad:15", new="pathfinder1e")
    rc, out, err = ex(capsys, p, "next", rolls="18")
    assert rc == 0 and "Gob shakes off Hold person" in out, (out, err)
    assert [c["id"] for c in comb(show(capsys, p), "gob")["conditions"] if c["id"] == "hold-person"] == []


def test_the_save_survives_closing_the_file_and_old_saves_still_open(tmp_path, capsys):
    p = tmp_path / "pf.toml"
    ok(capsys, p, "add Gob hp=6 will=1", "cond Gob hold-person 10 save=will:15:end", new="pathfinder1e")
    (hold,) = comb(show(capsys, p), "gob")["conditions"]
    assert hold["save"] == {"what": "will", "dc": 15, "at": "end"}
    text = p.read_text()
    assert 'save = "will"' in text and "dc = 15" in text


# -- bad input -------------------------------------------------------------------------------------


def test_a_save_the_game_does_not_have_and_a_missing_dc_are_refused(tmp_path, capsys):
    p = tmp_path / "pf.toml"
    ok(capsys, p, "add Gob hp=6", new="pathfinder1e")
    fails_cleanly(capsys, p, "cond Gob hold-person 10 save=mind:15", mentions=("no save 'mind'", "fort, ref, will"))
    fails_cleanly(capsys, p, "cond Gob hold-person 10 save=will", mentions=("save=WHAT:DC",))
    fails_cleanly(capsys, p, "effect Gob Web save=12", mentions=("save=WHAT:DC",))
    fails_cleanly(capsys, p, "save Gob hold-person", mentions=("no Hold person that a save ends",))


def test_a_catalogue_entry_without_its_dc_says_how_to_track_it():
    t = Table("pathfinder1e")
    t.do("add Gob hp=6", "cond Gob hold-person 10")
    assert t.said()[-1] == "Hold person: a Will save each round ends it; to have it asked, give the DC: " \
                           "cond ... hold-person save=DC"


# -- every game -------------------------------------------------------------------------------------


def test_starfinder_rolls_the_save_with_its_conditions():
    """starfinder.md §3.13.3: d20 + Will and what weighs on it (shaken -2): 16 - 2 + 1 = 15 vs 16 fails."""
    t = Table("starfinder")
    t.rolls(16, 17)
    t.do("add Kyra pc hp=20 sp=10", "add Gob hp=10 will=1", "init Kyra 15", "init Gob 10", "start",
         "cond Gob shaken 10", "effect Gob Held save=voluntad:16", "next")
    assert t.c("Gob").has("held")
    t.do("next", "next")
    assert not t.c("Gob").has("held")


def test_dragon_age_resists_with_an_ability_test():
    """dragon_age.md §2.12: the save is an ability test (Willpower, Courage focus) against the TN."""
    t = Table("dragon_age")
    t.rolls(3, 3, 3, 6, 5, 4)
    t.do("add Kyra pc health=20", "add Ogre health=30 willpower=2", "init Kyra 15", "init Ogre 10", "start",
         "effect Ogre Held save=willpower:courage:12", "next")
    assert t.c("Ogre").has("held")  # 9 + 2 = 11 < 12
    t.do("next", "next")
    assert not t.c("Ogre").has("held")  # 15 + 2 = 17


def test_the_timeline_shows_it_open_ended_with_a_save_mark():
    from gm_console.engine.views.timeline import TimelineModel

    t = pf_fight()
    (span,) = [s for s in TimelineModel().update(t.session.done, t.state) if s.cond == "hold-person"]
    assert span.open_ended and span.save and span.projected_end is None


# -- the catalogue's entries that carry their save (pathfinder1e.md §1.11.1) ----------------------------


@pytest.mark.parametrize("entry, spanish", [("hold-monster", "inmovilizar-monstruo"), ("hold-animal", "inmovilizar-animal")])
def test_hold_monster_and_hold_animal_work_like_hold_person(entry, spanish):
    """CRB, Hold Monster / Hold Animal: "functions like hold person" (Will, a new save each round)."""
    t = Table("pathfinder1e")
    t.rolls(3, 19)
    t.do("add Kyra pc hp=20", "add Gob hp=6 will=1", "init Kyra 15", "init Gob 10", "start",
         f"estado Gob {spanish} 10 salvación=15", "next")
    assert t.c("Gob").has(entry)
    t.do("next", "next")
    assert not t.c("Gob").has(entry)
    assert [s.split(" (")[0] for s in t.said() if "shake" in s][-1].startswith("Gob shakes off Hold")


def test_on_fire_carries_the_crbs_reflex_dc_15_and_burns_until_a_save_puts_it_out():
    """CRB, Catching on Fire: 1d6 when it catches, then each round a DC 15 Reflex save puts it out;
    a failure takes 1d6 fire."""
    t = Table("pathfinder1e")
    t.rolls(2, 13, 4, 14)  # catches: 2; Gob's turn: 13 + 1 = 14 fails, 4 fire; next turn 14 + 1 = 15 puts it out
    t.do("add Kyra pc hp=20", "add Gob hp=20 ref=1", "init Kyra 15", "init Gob 10", "start", "cond Gob burning")
    (fire,) = t.c("Gob").instances("on-fire")
    assert (fire.save, fire.dc) == ("ref", 15)
    assert t.hp("Gob") == 18
    t.do("next")
    assert t.hp("Gob") == 14 and t.c("Gob").has("on-fire")
    t.do("next", "next")
    assert t.hp("Gob") == 14 and not t.c("Gob").has("on-fire")
    assert "Gob: + On fire, Ref DC 15 ends it" in log_lines(t)


def test_on_fire_takes_a_spells_own_dc():
    t = Table("pathfinder1e")
    t.do("add Gob hp=20", "estado Gob en-llamas salvación=18")
    (fire,) = t.c("Gob").instances("on-fire")
    assert (fire.save, fire.dc) == ("ref", 18)


def test_starfinder_on_fire_is_burning_with_its_own_save_at_the_end_of_the_round():
    """starfinder.md §3.13.3, §3.6: burning's Reflex save against 10 + the fire taken this round."""
    t = Table("starfinder")
    t.rolls(3, 2, 19)  # Gob's turn: 3 fire (Ref +0 vs DC 13): 2 fails; 19 at the next round's end puts it out
    t.do("add Kyra pc hp=20 sp=10", "add Gob hp=20 ref=0", "init Kyra 15", "init Gob 10", "start",
         "cond Gob on-fire:1", "next", "next")
    assert t.c("Gob").has("burning") and t.hp("Gob") == 17


# -- the edges through the command line (gm-console exec --rolls) -----------------------------------


def cli_fight(tmp_path, capsys):
    """Kyra (20), Gob (15, Will +1, held by Kyra: DC 15), Ally (5), as a file the CLI reopens each time."""
    p = tmp_path / "edges.toml"
    ok(capsys, p, "add Kyra pc hp=20", "add Gob hp=6 will=1", "add Ally hp=8 ally", "init Kyra 20", "init Gob 15",
       "init Ally 5", "start", "cond Gob hold-person 10 save=will:15 by Kyra", new="pathfinder1e")
    return p


def still_held(capsys, p) -> bool:
    return any(c["id"] == "hold-person" for c in comb(show(capsys, p), "gob")["conditions"])


def test_cli_a_failure_then_a_success_two_rounds_later(tmp_path, capsys):
    p = cli_fight(tmp_path, capsys)
    out = ok(capsys, p, "next", "next", "next", "next", "next", "next", "next", rolls="3,13,19")
    assert [line for line in out.splitlines() if "shake" in line] == [
        "Gob fails to shake off Hold person (Will save 1d20 (3) +1 = 4 vs DC 15)",
        "Gob fails to shake off Hold person (Will save 1d20 (13) +1 = 14 vs DC 15)",
        "Gob shakes off Hold person (Will save 1d20 (19) +1 = 20 vs DC 15)"]
    assert not still_held(capsys, p) and show(capsys, p)["round"] == 3


def test_cli_a_creature_that_delays_across_its_moment_saves_once_a_round(tmp_path, capsys):
    """pathfinder1e.md §1.11.1: rolled at its turn's start; back in the same round, no second roll; a delay
    taken into the next round is that round's turn, with its save."""
    p = cli_fight(tmp_path, capsys)
    ok(capsys, p, "next", "delay", rolls="3")  # Gob's turn: 3 + 1 fails; it waits
    rc, out, err = ex(capsys, p, "resume Gob", rolls="19")  # the same round: its turn goes on
    assert rc == 0 and "shake" not in out and "not needed: 19" in err, (out, err)
    assert still_held(capsys, p)
    ok(capsys, p, "delay", "next")  # waits again, past the round's end: round 2, Kyra's turn
    out = ok(capsys, p, "resume Gob", rolls="19")  # round 2's turn, before its count: its save
    assert "Gob shakes off Hold person (Will save 1d20 (19) +1 = 20 vs DC 15)" in out
    assert not still_held(capsys, p)


def test_cli_undo_takes_the_save_back_with_the_turn(tmp_path, capsys):
    p = cli_fight(tmp_path, capsys)
    ok(capsys, p, "next", rolls="19")
    assert not still_held(capsys, p)
    ok(capsys, p, "undo")
    state = show(capsys, p)
    assert state["active"] == "kyra" and still_held(capsys, p)
    capsys.readouterr()
    assert run("log", p) == 0
    assert "shakes off" not in capsys.readouterr().out
    out = ok(capsys, p, "redo")
    assert not still_held(capsys, p), out


def test_the_timeline_marks_starfinder_burning_as_ended_by_its_save():
    """starfinder.md §3.13.3: burning keeps its own end-of-round Reflex save; the timeline draws it like any
    effect a save ends (open-ended, ↺), which the TUI asks of the game's catalogue."""
    from gm_console.engine.views.timeline import TimelineModel

    t = Table("starfinder")
    t.do("add Navasi pc hp=20 init=30", "add Gob hp=10 init=1", "start", "cond Gob burning:1", "cond Gob shaken 3")
    catalogue = t.session.ruleset.conditions.catalogue
    spans = TimelineModel().update(t.session.done, t.state, lambda cond: "save-ends" in catalogue.define(cond).flags)
    (burn,) = [s for s in spans if s.cond == "burning"]
    (shaken,) = [s for s in spans if s.cond == "shaken"]
    assert burn.open_ended and burn.save and burn.projected_end is None
    assert not shaken.save
