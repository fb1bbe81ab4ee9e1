"""Rules a GM would notice going wrong, counted in numbers (issue 23, item 6).

Each test here was written against a bug planted in the code (a plausible slip: `10m` read as 10
rounds, a tick on every turn, evasion halving instead of nothing, half of 7 rounded up, an ally
sharing the XP, a count of 0 accepted) and seen failing on it; the suite before them did not.
"""

from __future__ import annotations

import json

import pytest

from conftest import Table, builtin_rulesets
from gm_console import plugins
from gm_console.cli import main
from gm_console.engine.views.export import state_dict
from gm_console.storage import Encounter, SaveError
from gm_console.storage import bestiary_files as bestiary_file


# -- durations in minutes and hours, through exec -------------------------------------------------


def _exec(path, *lines, new: str | None = None) -> None:
    argv = ["exec", str(path), "-q", *(["--new", new] if new else []), "--", *lines]
    assert main(argv) == 0


def _conditions(capsys, path, who: str) -> dict[str, int | None]:
    capsys.readouterr()
    assert main(["show", str(path), "--json"]) == 0
    state = json.loads(capsys.readouterr().out)
    c = next(c for c in state["combatants"] if c["id"] == who)
    return {x["id"]: x["rounds"] for x in c["conditions"] if x["id"] != "flat-footed"}


def test_shaken_for_10m_and_1h_through_exec_last_100_and_600_rounds(tmp_path, capsys):
    """pathfinder1e.md (rounds are 6 s), §1.11 and docs/ARCHITECTURE.md "Effects every game
    has": a duration in minutes or hours becomes rounds of the game; it runs down one round at
    each start of its clock's turn (Kyra's, whose turn it was)."""
    p = tmp_path / "f.toml"
    _exec(p, "add Kyra pc hp=20", "add Goblin hp=6", "add Orc hp=12", "init Kyra 15", "init Goblin 10",
          "init Orc 5", "start", "cond Goblin shaken 10m", "cond Orc shaken 1h", "cond Kyra estremecido 1 hora",
          new="pathfinder1e")
    assert _conditions(capsys, p, "goblin") == {"shaken": 100}
    assert _conditions(capsys, p, "orc") == {"shaken": 600}
    assert _conditions(capsys, p, "kyra") == {"shaken": 600}
    _exec(p, "next", "next", "next")  # round 2: Kyra's turn starts, her clock ticks
    assert _conditions(capsys, p, "goblin") == {"shaken": 99}
    assert _conditions(capsys, p, "orc") == {"shaken": 599}


def test_minutes_are_rounds_of_the_games_own_length(tmp_path, capsys):
    """dragon_age.md: rounds are 15 s, so 10 minutes are 40 rounds and an hour 240."""
    p = tmp_path / "f.toml"
    _exec(p, "add Alistair pc health=30", 'effect Alistair "Torch light" 10m', "effect Alistair Vigil 1h",
          new="dragon_age")
    assert _conditions(capsys, p, "alistair") == {"torch-light": 40, "vigil": 240}


def test_a_span_typed_with_a_space_is_one_duration_and_a_one_letter_damage_type_stays_a_type():
    """`cond Troll shaken 10 minutos` is 10 minutes (as `pass 10 minutos` reads it), not 10 rounds
    and a stray word; Starfinder's `s` after a number stays slashing (starfinder.md §3.3)."""
    t = Table("starfinder")
    t.do("add Troll sp=10 hp=30", "cond Troll shaken 10 minutos", "effect Troll Bless 2 asaltos",
         "cond Troll ongoing:2 3 s")
    assert [(i.cond, i.rounds, i.note) for i in t.c("Troll").conditions] == [
        ("shaken", 100, ""), ("bless", 2, ""), ("ongoing", 3, "s")]


# -- regeneration, fast healing and ongoing damage, counted over rounds -----------------------------


def troll_fight(game: str) -> tuple[Table, str]:
    """Kyra 20, the Troll 10, the Orc 5; the Troll at 10 of its 30 (its game's life pool)."""
    t = Table(game)
    pool = t.session.ruleset.sheet.health_pools()[-1]
    t.do(f"add Kyra pc {pool}=20", f"add Troll {pool}=30", f"add Orc {pool}=30",
         "init Kyra 20", "init Troll 10", "init Orc 5", "start", "dmg Troll 20")
    assert t.active == "kyra" and t.hp("Troll", pool) == 10
    return t, pool


def after_each_turn(t: Table, pool: str, turns: int) -> list[tuple[str, int]]:
    out = []
    for _ in range(turns):
        t.do("next")
        out.append((t.active, t.hp("Troll", pool)))
    return out


@pytest.mark.parametrize("game", builtin_rulesets())
@pytest.mark.parametrize("effect", ["regeneration:2", "fast-healing:2"])
def test_healing_ticks_once_a_round_at_the_start_of_its_owners_turn(game, effect):
    """docs/ARCHITECTURE.md "Effects every game has" (pathfinder1e.md §1.11, starfinder.md §3.13):
    N at the start of the owner's turn, once a round: not on Kyra's or the Orc's turns, not at
    the end of its own. Three rounds, +2 three times."""
    t, pool = troll_fight(game)
    t.do(f"cond Troll {effect}")
    assert after_each_turn(t, pool, 9) == [
        ("troll", 12), ("orc", 12), ("kyra", 12),
        ("troll", 14), ("orc", 14), ("kyra", 14),
        ("troll", 16), ("orc", 16), ("kyra", 16)]


@pytest.mark.parametrize("game", builtin_rulesets())
def test_ongoing_damage_for_three_rounds_on_the_casters_clock_ticks_three_times(game):
    """docs/ARCHITECTURE.md, Durations and "Effects every game has": put on Kyra's turn, its three
    rounds run on her clock (it ends at the start of her turn three rounds later); it hurts at the
    start of the Troll's own turns in between: three times 3, then never again."""
    t, pool = troll_fight(game)
    t.do("cond Troll ongoing:3 3")
    assert [(c, hp) for c, hp in after_each_turn(t, pool, 12)] == [
        ("troll", 7), ("orc", 7), ("kyra", 7),
        ("troll", 4), ("orc", 4), ("kyra", 4),
        ("troll", 1), ("orc", 1), ("kyra", 1),
        ("troll", 1), ("orc", 1), ("kyra", 1)]
    assert t.c("Troll").conditions == []


def test_a_turn_taken_back_and_resumed_does_not_tick_again():
    """docs/ARCHITECTURE.md, Order: an interrupted turn continues without its start-of-turn rules;
    `prev` then `next` is the same turn of the Troll, healed once."""
    t, pool = troll_fight("generic")
    t.do("cond Troll regeneration:5", "next")
    assert (t.active, t.hp("Troll", pool)) == ("troll", 15)
    t.do("prev", "next")
    assert (t.active, t.hp("Troll", pool)) == ("troll", 15)
    t.do("delay", "resume Troll")  # waits, then steps in before the Orc: still its round-1 turn
    assert (t.active, t.hp("Troll", pool)) == ("troll", 15)
    t.do("next", "next")
    assert (t.state.round, t.active, t.hp("Troll", pool)) == (2, "kyra", 15)
    t.do("next")
    assert (t.state.round, t.active, t.hp("Troll", pool)) == (2, "troll", 20)


@pytest.mark.parametrize("game", ["pathfinder1e", "starfinder", "dragon_age"])
def test_a_creature_its_ongoing_damage_kills_is_not_healed_by_its_next_tick(game):
    """docs/ARCHITECTURE.md "Effects every game has": the dead do not tick. Ongoing 40 kills the
    Troll at its turn start; its fast healing, next in line, heals nothing: it ends as the same
    fight without fast healing does."""
    def troll(*effects: str):
        t, pool = troll_fight(game)
        t.do("dmg Troll 8", *(f"cond Troll {e}" for e in effects), "next")
        assert t.active == "troll" or t.c("Troll").life == "dead"
        return t.c("Troll").life, t.hp("Troll", pool)

    assert troll("ongoing:40", "fast-healing:5") == troll("ongoing:40") and troll("ongoing:40")[0] == "dead"


# -- area damage, saves and evasion --------------------------------------------------------------------


def area(save: str, naturals: tuple[int, int, int], amount: int = 7, setup: tuple[str, ...] = ()) -> dict[str, int]:
    """`dmg Rogue,Monk,Val AMOUNT save=...`; each has Reflex and Will +5, 30 HP; Rogue has evasion,
    Monk improved evasion, Val none. ``naturals``: their d20s in that order. HP lost by each."""
    t = Table("pathfinder1e")
    t.do("add Rogue pc hp=30 ref=5 will=5 evasion=evasion", "add Monk pc hp=30 ref=5 will=5 evasion=improved",
         "add Val pc hp=30 ref=5 will=5", *setup)
    t.rolls(*naturals)
    t.do(f"dmg Rogue,Monk,Val {amount} save={save}")
    assert not t.dice.forced  # every d20 went to a save
    return {n: 30 - t.hp(n) for n in ("Rogue", "Monk", "Val")}


FAIL, PASS = 2, 15  # 2 + 5 = 7 fails DC 15; 15 + 5 = 20 makes it


def test_a_failed_reflex_save_takes_it_all_but_improved_evasion_half_rounded_down():
    """pathfinder1e.md §1.12 (CRB, Evasion; Improved Evasion): a failed Reflex save for half is
    the full 7; with improved evasion half of it, 3 (half of an odd amount rounds down)."""
    assert area("ref:15", (FAIL, FAIL, FAIL)) == {"Rogue": 7, "Monk": 3, "Val": 7}


def test_a_successful_reflex_save_is_nothing_with_evasion_and_half_rounded_down_without():
    """pathfinder1e.md §1.12: success takes half (7 -> 3, rounded down); evasion, either kind, none."""
    assert area("ref:15", (PASS, PASS, PASS)) == {"Rogue": 0, "Monk": 0, "Val": 3}
    assert area("ref:15", (PASS, PASS, PASS), amount=9)["Val"] == 4


def test_evasion_is_only_for_reflex_saves_for_half():
    """pathfinder1e.md §1.12: a Will save is no place for evasion; a save that negates takes
    nothing on a success and everything on a failure, improved evasion or not."""
    assert area("will:15", (PASS, PASS, FAIL)) == {"Rogue": 3, "Monk": 3, "Val": 7}
    assert area("will:15", (FAIL, FAIL, FAIL)) == {"Rogue": 7, "Monk": 7, "Val": 7}
    assert area("ref:15:negates", (PASS, FAIL, FAIL)) == {"Rogue": 0, "Monk": 7, "Val": 7}


def test_a_helpless_rogue_has_no_evasion():
    """pathfinder1e.md §1.12: a helpless creature (paralyzed) has no evasion: half on a success."""
    assert area("ref:15", (PASS, PASS, PASS), setup=("cond Rogue paralyzed",))["Rogue"] == 3


def test_starfinder_evasion_is_the_same_rule():
    """starfinder.md §3.13.2: evasion takes nothing on a successful Reflex save for half; improved
    takes half of a failure (9 -> 4)."""
    t = Table("starfinder")
    t.do("add Navasi pc sp=20 hp=20 ref=5 evasion=evasion", "add Obozaya pc sp=20 hp=20 ref=5 evasion=improved")
    t.rolls(PASS, FAIL)
    t.do("dmg Navasi,Obozaya 9 save=ref:15")
    assert (t.hp("Navasi", "sp"), t.hp("Obozaya", "sp")) == (20, 16)


# -- experience with an ally on the PCs' side --------------------------------------------------------


def test_the_xp_is_shared_by_the_pcs_not_by_an_ally_fighting_with_them():
    """docs/players.md §4: a fallen foe is worth its CR's XP (the gnoll CR 1, 400; the goblin CR
    1/3, 135: Core Rulebook Table 12-2) and the total is shared by the PCs in the fight, rounded
    down: 535 / 2 = 267. The ally (a bugbear, CR 2) fights on their side but takes no share,
    and its own fall is worth nothing."""
    t = Table("pathfinder1e", bestiary=bestiary_file.load(plugins.load("pathfinder1e"))[0])
    t.do("add Kyra pc hp=20", "add Valeros pc hp=20", "add Guard @bugbear ally", "add @gnoll", "add @goblin",
         "init Kyra 20", "init Valeros 15", "init Guard 12", "init Gnoll 10", "init Goblin 5", "start",
         "dmg Gnoll 50", "dmg Goblin 50", "dmg Guard 50", "end")
    assert t.c("Guard").side == "ally"
    xp = state_dict(t.state, t.session.ruleset, entries=t.session.done)["summary"]["xp"]
    assert xp == {"foes": [{"id": "gnoll", "cr": "1", "xp": 400}, {"id": "goblin", "cr": "1/3", "xp": 135}],
                  "total": 535, "pcs": 2, "each": 267}


# -- a prepared encounter's count ------------------------------------------------------------------


def _plan(tmp_path, count) -> "Path":  # noqa: F821
    plan = tmp_path / "plan.toml"
    plan.write_text(f'ruleset = "generic"\n\n[[combatant]]\nname = "Orc"\ncount = {count}\nhp = 9\n\n'
                    '[[combatant]]\nname = "Kyra"\nside = "pc"\nhp = 20\n', encoding="utf-8")
    return plan


def test_a_prepared_count_of_one_builds_one_creature(tmp_path):
    """README "Encounters prepared by hand": `count = N` is N of the creature, so 1 is one."""
    with Encounter.open(_plan(tmp_path, 1)) as enc:
        foes = [c for c in enc.state.combatants.values() if c.side == "foe"]
        assert [(c.name, c.pools["hp"].value) for c in foes] == [("Orc 1", 9)]  # numbered, like `add Orc x1`


@pytest.mark.parametrize("count", [0, 101, -1])
def test_a_prepared_count_outside_1_to_100_is_refused_naming_the_line(tmp_path, capsys, count):
    plan = _plan(tmp_path, count)
    text = plan.read_text(encoding="utf-8")
    capsys.readouterr()
    assert main(["exec", str(plan), "--", "start"]) == 1
    err = capsys.readouterr().err.strip()
    assert err == f"error: {plan}: line 3: combatant 1: count takes 1 to 100, not {count}"
    assert plan.read_text(encoding="utf-8") == text and not list(tmp_path.glob("*.bak"))
    with pytest.raises(SaveError, match="count takes 1 to 100"):
        Encounter.open(plan, read_only=True)


def test_every_builtin_game_is_in_the_tick_tests():
    """The tick tests above run in each built-in game; a game must keep the three effects."""
    for game in builtin_rulesets():
        catalogue = plugins.load(game).conditions.catalogue
        assert {catalogue.define(x).tick for x in ("regeneration", "fast-healing", "ongoing")} == {"heal", "damage"}
