"""Starfinder combat maneuvers: attack vs KAC + 8, the 5s over it, grapple and pin, their duration."""

import pytest

from conftest import Table
from gm_console.engine.language.commands import CommandError
from gm_console.i18n import render


def rendered(lines, lang="en"):
    """A sheet's status lines as the GM reads them."""
    return [render(x, lang) for x in lines]


def table(options=None):
    """Obozaya (attack +8) acts first, then the pirate (KAC 14: maneuvers need 22)."""
    t = Table("starfinder", options)
    t.rolls(15, 3)
    t.do("add Obozaya pc sp=30 hp=30 rp=4 kac=18 attack=8 init=2", "add Pirate hp=20 eac=13 kac=14 init=1",
         "start")
    return t


def fig(t, who, key):
    return t.session.ruleset.sheet.effective(t.state, t.c(who))[key].value


def test_maneuver_target_is_kac_plus_8():
    """starfinder.md §3.7 [S]: an attack roll against KAC + 8; 22 meets 22, 21 fails."""
    t = table()
    t.do("maneuver Obozaya trip Pirate 21")
    assert not t.c("Pirate").has("prone")
    assert t.said()[-1] == "Obozaya's trip fails (21 vs KAC + 8 = 22)"
    t = table()
    t.do("maneuver Obozaya trip Pirate 22")
    assert t.c("Pirate").has("prone")


def test_maneuver_rolls_d20_plus_melee():
    """starfinder.md §3.7 [S]: without a typed total, 1d20 + the attacker's melee attack."""
    t = table()
    t.rolls(14)
    t.do("maneuver Obozaya grapple Pirate")
    assert t.c("Pirate").has("grappled")


def test_maneuver_against_flat_footed_kac():
    """starfinder.md §3.7/3.6: the target's effective KAC counts (flat-footed -2 makes 20 enough)."""
    t = table()
    t.do("cond Pirate flat-footed", "maneuver Obozaya trip Pirate 20")
    assert t.c("Pirate").has("prone")


def test_maneuver_is_a_standard_action():
    """starfinder.md §3.7 [S]: a maneuver is a standard action: a second one in the turn is flagged."""
    t = table()
    t.do("maneuver Obozaya trip Pirate 25")
    assert "actions left: move, swift" in rendered(t.session.ruleset.sheet.status(t.state, t.c("Obozaya")))
    t.do("maneuver Obozaya disarm Pirate 25")
    assert any("no standard action left this turn" in s and "counted anyway" in s for s in t.said())


@pytest.mark.parametrize("total,pinned", [(27, False), (28, True)])
def test_pin_exceeding_kac_plus_13_seed(total, pinned):
    """starfinder.md §3.7 [S]: "si superas CAC+13": the seed pins only above KAC + 13 (27 for KAC 14)."""
    t = table()
    t.do(f"maneuver Obozaya grapple Pirate {total}")
    assert t.c("Pirate").has("grappled")
    assert t.c("Pirate").has("pinned") is pinned


def test_pin_meeting_kac_plus_13_official():
    """starfinder.md §3.7 [Δ official]: KAC + 13 or more pins."""
    t = table({"pin_threshold": "official"})
    t.do("maneuver Obozaya grapple Pirate 27")
    assert t.c("Pirate").has("pinned")


def test_pinned_penalties_replace_grappled():
    """starfinder.md §3.6/3.7: pinned's -4 (and flat-footed) replace grappled's -2."""
    t = table()
    t.do("maneuver Obozaya grapple Pirate 30")
    assert (fig(t, "Pirate", "kac"), fig(t, "Pirate", "attack")) == (8, -4)


def test_seed_pin_ends_with_the_grapplers_turn_grapple_with_its_next():
    """starfinder.md §3.7 [S/O]: pinned until the end of the grappler's turn; grappled until the end of its next turn."""
    t = table()
    t.do("maneuver Obozaya grapple Pirate 30", "next")
    assert t.c("Pirate").has("grappled") and not t.c("Pirate").has("pinned")
    t.do("next")                                   # round 2, Obozaya
    assert t.c("Pirate").has("grappled")
    t.do("next")                                   # the end of Obozaya's next turn
    assert not t.c("Pirate").has("grappled")
    assert any("did not renew the grapple" in s for s in t.said())


def test_renewing_the_grapple_keeps_it():
    """starfinder.md §3.7 [O]: a renewed grapple lasts another turn."""
    t = table()
    t.do("maneuver Obozaya grapple Pirate 22", "next", "next", "maneuver Obozaya grapple Pirate 22", "next")
    assert t.c("Pirate").has("grappled")


@pytest.mark.parametrize("total,feet", [(22, 10), (23, 10), (24, 15), (29, 20)])
def test_bull_rush_counts_fives_over_kac_seed(total, feet):
    """starfinder.md §3.7 [S]: 5 ft + 5 ft per 5 over the target's KAC (seed, literal)."""
    t = table()
    t.do(f"maneuver Obozaya bull-rush Pirate {total}")
    assert f"pushed back {feet} ft" in t.said()[-1]


@pytest.mark.parametrize("total,feet", [(22, 5), (26, 5), (27, 10)])
def test_bull_rush_counts_fives_over_kac_plus_8_official(total, feet):
    """starfinder.md §3.7 [Δ official]: 5 ft + 5 ft per 5 over KAC + 8."""
    t = table({"bull_rush_baseline": "official"})
    t.do(f"maneuver Obozaya bull-rush Pirate {total}")
    assert f"pushed back {feet} ft" in t.said()[-1]


@pytest.mark.parametrize("total,rounds", [(22, 1), (26, 1), (27, 2), (32, 3)])
def test_dirty_trick_one_round_plus_one_per_5_over(total, rounds):
    """starfinder.md §3.7 [S]: the chosen condition for 1 round + 1 per 5 over KAC + 8."""
    t = table()
    t.do(f"maneuver Obozaya dirty-trick Pirate {total} blinded")
    inst = t.c("Pirate").instances("blinded")
    assert [i.rounds for i in inst] == [rounds]
    assert inst[0].clock == "obozaya"


def test_dirty_trick_condition_ends_at_the_attackers_next_turn():
    """starfinder.md §3.7 [S]: 1 round, counted on the attacker's turn."""
    t = table()
    t.do("maneuver Obozaya dirty-trick Pirate 22 agitado", "next")
    assert t.c("Pirate").has("shaken")
    t.do("next")
    assert not t.c("Pirate").has("shaken")


def test_dirty_trick_only_its_conditions():
    """starfinder.md §3.7 [S]: blinded, deafened, entangled, off-target, shaken or sickened."""
    t = table()
    with pytest.raises(CommandError, match="blinded, deafened, entangled, off-target, shaken, sickened"):
        t.do("maneuver Obozaya dirty-trick Pirate 25 prone")


def test_trip_in_zero_g_is_off_kilter():
    """starfinder.md §3.7 [S/O]: trip: prone; in zero-g: off-kilter."""
    t = table()
    t.do("maneuver Obozaya trip Pirate 25 zero-g")
    assert t.c("Pirate").has("off-kilter") and not t.c("Pirate").has("prone")


def test_reposition_and_disarm_report_the_result():
    """starfinder.md §3.7 [S]: reposition 5 ft + 5 per 5 over; disarm drops the weapon."""
    t = table()
    t.do("maneuver Obozaya reposition Pirate 27")
    assert "up to 10 ft" in t.said()[-1]
    t = table()
    t.do("maneuver Obozaya desarmar Pirate 23")
    assert "drops the weapon" in t.said()[-1]


def test_unknown_maneuver_lists_them():
    """One-line refusal naming the maneuvers."""
    t = table()
    with pytest.raises(CommandError, match="bull-rush"):
        t.do("maneuver Obozaya tickle Pirate 25")
