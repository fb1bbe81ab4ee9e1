"""Starfinder's burning under the table option ``save_rolls offer`` (issue 31): its end-of-round Reflex
save is offered on the warnings line (`save NAME burning [DIE]`, `salvar` in Spanish) instead of rolled,
against the DC that round's fire set; running it ends the burning on a success; one undo takes it back
(docs/rulesets/starfinder.md#313-effects, §3.13.3)."""

from __future__ import annotations

import pytest

from conftest import Table
from gm_console.engine.core.errors import CommandError
from test_acceptance_core import comb, ex, fails_cleanly, ok, run, show
from test_effect_modifiers import log_lines

FIGHT = ("add Kyra pc hp=20 sp=10 ref=2", "add Gob hp=30 ref=1", "init Kyra 15", "init Gob 10", "start",
         "cond Gob burning:1", "dmg Gob 4 fire")


def offered(**options) -> Table:
    """Round 1: Gob burns (4 fire from Kyra, 3 more at its turn start: DC 17); the round ends."""
    t = Table("starfinder", options={"save_rolls": "offer", **options})
    t.rolls(3)
    t.do(*FIGHT, "next", "next")
    return t


def burning(t: Table) -> bool:
    return t.c("Gob").has("burning")


def offers(t: Table) -> list[tuple[str, str | None]]:
    return [(p.render(), p.command) for p in t.session.ruleset.warnings(t.state) if p.command]


def test_the_save_is_offered_at_the_end_of_the_round_not_rolled():
    t = offered()
    assert (t.state.round, burning(t)) == (2, True)
    assert not [e for e in t.session.done[-1].events if e.kind == "Rolled" and "Reflex" in str(e.purpose)]
    assert offers(t) == [("Gob: Reflex save against burning (DC 17)", "save Gob burning")]
    (offer,) = [p for p in t.session.ruleset.warnings(t.state) if p.command]
    assert offer.gm_only
    assert "Gob may save against Burning now: save Gob burning [starfinder.md §3.13.3 [I]]" in log_lines(t)


def test_running_it_with_the_die_the_player_rolled_puts_the_flames_out_and_undo_takes_it_back():
    t = offered()
    t.do("save Gob burning 16")  # 16 + 1 = 17: the DC met
    assert not burning(t) and offers(t) == []
    assert t.said()[-1] == "Gob puts out the flames (end of round) (Reflex 17 vs DC 17, 10 + 7 fire this round)"
    t.do("undo")
    assert burning(t) and offers(t) == [("Gob: Reflex save against burning (DC 17)", "save Gob burning")]


def test_a_failure_keeps_it_burning_and_the_next_try_gets_2():
    t = offered()
    t.rolls(15)
    t.do("save Gob burning")  # rolled: 15 + 1 = 16 < 17
    assert burning(t) and offers(t) == [] and t.c("Gob").marks["burn_tries"] == 1
    assert t.said()[-1] == "Gob keeps burning (end of round) (Reflex 16 vs DC 17, 10 + 7 fire this round)"
    t.rolls(2)
    t.do("next", "next")  # round 2: Gob burns 2; the round's save offered at DC 12
    assert offers(t) == [("Gob: Reflex save against burning (DC 12)", "save Gob burning")]
    t.do("save Gob burning 9")  # 9 + 1 + 2 for the earlier try = 12
    assert not burning(t)


def test_the_dc_is_the_one_the_round_of_the_offer_set():
    """Run late, after more fire in the next round, the save is still against round 1's DC 17."""
    t = offered()
    t.do("dmg Gob 6 fire")  # round 2's fire: it counts toward round 2's save, not this one
    t.do("save Gob burning 16")
    assert not burning(t) and t.said()[-1].endswith("(Reflex 17 vs DC 17, 10 + 7 fire this round)")


def test_an_offer_not_run_gives_way_to_the_next_rounds():
    t = offered()
    t.rolls(1)
    t.do("next", "next")  # round 2 ends: Gob burned 1
    assert offers(t) == [("Gob: Reflex save against burning (DC 11)", "save Gob burning")]
    assert t.c("Gob").marks.get("burn_tries") is None  # a save never run is no try


def test_without_an_offer_the_save_is_refused_and_roll_mode_is_unchanged():
    t = Table("starfinder")
    t.rolls(3, 16)
    t.do(*FIGHT, "next", "next")  # rolled at the end of the round: 16 + 1 = 17
    assert not burning(t)
    t = Table("starfinder")
    t.do(*FIGHT)
    with pytest.raises(CommandError, match="burning save comes at the end of the round"):
        t.do("save Gob burning")


def test_the_offer_ends_with_the_burning():
    t = offered()
    t.do("uncond Gob burning")
    assert offers(t) == [] and "burn_offer" not in t.c("Gob").marks


# -- the CLI, Spanish, the players ---------------------------------------------------------------------


def test_the_cli_offers_runs_with_rolls_and_undoes(tmp_path, capsys):
    p = tmp_path / "sf.toml"
    ok(capsys, p, "option save_rolls offer", *FIGHT, new="starfinder")
    out = ok(capsys, p, "next", "next", rolls="3")
    assert "Gob may save against Burning now: save Gob burning" in out and "Reflex" not in out
    assert "Gob: Reflex save against burning (DC 17)" in show(capsys, p)["pending"]
    out = ok(capsys, p, "save Gob burning", rolls="16")
    assert "roll · Reflex against burning of Gob: 1d20 (16) + 1 = 17" in out, out
    assert "Gob puts out the flames (end of round) (Reflex 17 vs DC 17, 10 + 7 fire this round)" in out, out
    assert [c["id"] for c in comb(show(capsys, p), "gob")["conditions"]] == []
    ok(capsys, p, "undo")
    state = show(capsys, p)
    assert [c["id"] for c in comb(state, "gob")["conditions"]] == ["burning"]
    assert "Gob: Reflex save against burning (DC 17)" in state["pending"]
    fails_cleanly(capsys, p, "save Gob burning 21", mentions=("natural roll",))


def test_spanish_the_offer_and_salvar(tmp_path, capsys):
    t = offered()
    es = log_lines(t, "es")
    assert "Gob puede salvar ahora contra Ardiendo: salvar Gob ardiendo [starfinder.md §3.13.3 [I]]" in es, es
    (offer,) = [p for p in t.session.ruleset.warnings(t.state) if p.command]
    assert offer.render("es") == "Gob: salvación de Reflejos contra el fuego (CD 17)"
    t.do("salvar Gob ardiendo 16")
    assert not burning(t)


def test_the_players_read_neither_the_offer_nor_a_foes_dc(tmp_path, capsys):
    p = tmp_path / "sf.toml"
    ok(capsys, p, "option save_rolls offer", *FIGHT, new="starfinder")
    ok(capsys, p, "next", "next", rolls="3")
    ok(capsys, p, "save Gob burning", rolls="16")
    capsys.readouterr()
    assert run("log", p, "--players") == 0
    text = capsys.readouterr().out
    assert "may save" not in text and "DC" not in text and "save Gob" not in text, text
    # the outcome reaches them, without the foe's Reflex or the fire it took (starfinder.md §3.6)
    assert "Gob puts out the flames (end of round)" in text and "Reflex 17" not in text, text
