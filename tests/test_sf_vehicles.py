"""Starfinder vehicles: a pilot, control, racing, stopping, ramming, running over, handing over."""

import pytest

from conftest import Table
from gm_console.engine.language.commands import CommandError
from gm_console.i18n import render


def rendered(lines, lang="en"):
    """A sheet's status lines as the GM reads them."""
    return [render(x, lang) for x in lines]

SKIMMER = ('add Skimmer vehicle level=3 speed=20 full=450 hp=40 eac=14 kac=15 collision=4d6 dc=13 '
           'pilot=Navasi size=huge')


def table(options=None, vehicle=SKIMMER):
    """Navasi (Piloting +7) at 17 with her skimmer; a pirate at 4."""
    t = Table("starfinder", options)
    t.rolls(15, 3)
    t.do("add Navasi pc sp=30 hp=22 rp=4 init=2 piloting=7 ref=4",
         "add Pirate hp=20 eac=13 kac=14 ref=2 init=1", vehicle, "start")
    return t


def fig(t, who, key):
    return t.session.ruleset.sheet.effective(t.state, t.c(who))[key].value


def status(t, who):
    return rendered(t.session.ruleset.sheet.status(t.state, t.c(who)))


def test_vehicle_goes_on_its_pilots_count_without_a_roll():
    """starfinder.md §3.8: the pilot acts for the vehicle; no initiative die is rolled for it."""
    t = table()
    assert t.c("Skimmer").initiative == t.c("Navasi").initiative == 17
    assert t.order == ["navasi", "skimmer", "pirate"]
    t.do("next")
    assert t.active == "pirate"                     # a piloted vehicle takes no turn of its own


def test_autopilot_vehicle_takes_its_own_turn():
    """starfinder.md §3.8 [S]: an autopilot controls the vehicle in place of a pilot."""
    t = table()
    t.do("autopilot Skimmer on", "next")
    assert t.active == "skimmer"


def test_vehicle_sheet_line():
    """starfinder.md §3.8: the sheet shows pilot, motion and collision."""
    t = table()
    assert status(t, "Skimmer") == ["pilot: Navasi; stopped; collision 4d6 DC 13"]
    assert "pilots Skimmer" in status(t, "Navasi")


def test_start_and_drive_are_move_actions():
    """starfinder.md §3.8 [S]: starting the vehicle and driving are move actions of the pilot."""
    t = table()
    t.do("ignite Skimmer", "drive Skimmer")
    assert t.c("Skimmer").marks["motion"] == "driving"
    assert "actions left: swift" in status(t, "Navasi")


def test_drive_no_further_than_drive_speed():
    """starfinder.md §3.8 [S]: driving covers at most the drive speed."""
    t = table()
    with pytest.raises(CommandError, match="at most 20 ft"):
        t.do("drive Skimmer 25")


@pytest.mark.parametrize("die,ok", [(8, True), (7, False)])
def test_race_from_a_stop_dc_15_seed(die, ok):
    """starfinder.md §3.8 [S]: race from a stop: Piloting DC 15 (8 + 7 = 15 races); a failure does not move."""
    t = table()
    t.rolls(die)
    t.do("race Skimmer")
    assert (t.c("Skimmer").marks.get("motion") == "racing") is ok
    if not ok:
        assert "it does not move" in t.said()[-1]


def test_race_from_a_stop_official_adds_the_level():
    """starfinder.md §3.8 [Δ official]: DC 15 + vehicle level from a dead stop (18 here)."""
    t = table({"race_dc_from_stop": "official"})
    t.do("race Skimmer 17")
    assert t.c("Skimmer").marks.get("motion") is None
    assert "vs DC 18" in t.said()[-1]


def test_race_while_moving_dc_10_plus_level():
    """starfinder.md §3.8 [S]: Piloting DC 10 + level once moving."""
    t = table()
    t.do("drive Skimmer", "next", "next", "race Skimmer 13")
    assert t.c("Skimmer").marks["motion"] == "racing"
    assert "vs DC 13" in t.said()[-1]


def test_racing_gives_plus_2_ac():
    """starfinder.md §3.8 [S]: a racing vehicle gets +2 AC."""
    t = table()
    t.do("race Skimmer 20")
    assert (fig(t, "Skimmer", "eac"), fig(t, "Skimmer", "kac")) == (16, 17)
    assert "racing (+2 AC)" in status(t, "Skimmer")[0]


def test_race_is_a_full_action():
    """starfinder.md §3.8 [S]: race takes the whole turn: after starting the engine the GM is warned."""
    t = table()
    t.do("race Skimmer 20")
    assert "full action taken: free actions only" in status(t, "Navasi")
    t2 = table()
    t2.do("ignite Skimmer", "race Skimmer 20")
    assert any("a full action needs the whole turn" in s for s in t2.said())


def test_failed_race_while_moving_on_flat_ground_veers():
    """starfinder.md §3.8 [S]: failing while moving on flat terrain veers 45° at random."""
    t = table()
    t.do("drive Skimmer", "next", "next")
    t.rolls(2)
    t.do("race Skimmer 5 flat")
    assert "veers 45°" in t.said()[-1] and "(right)" in t.said()[-1]


def test_after_a_race_the_pilot_is_reminded_of_the_choices():
    """starfinder.md §3.8 [S]: the next turn: race again, drive, stop short or hand over control."""
    t = table()
    t.do("race Skimmer 20", "next", "next")
    assert any("Skimmer is still racing" in s for s in t.said())
    assert any("Skimmer is racing" in p.render() for p in t.session.ruleset.pending(t.state))


def test_stop_short_takes_a_square_off_per_five():
    """starfinder.md §3.8 [S]: stop short: Piloting, -1 square per full 5 of the result (17 -> 3 squares)."""
    t = table()
    t.do("race Skimmer 20", "next", "next", "stopshort Skimmer 17")
    assert "movement reduced by 3 squares" in t.said()[-1]
    assert t.c("Skimmer").marks["motion"] == "stopped"
    assert fig(t, "Skimmer", "kac") == 15


def test_stop_after_a_drive_is_free_but_not_after_a_race():
    """starfinder.md §3.8 [S]: stopping after a drive costs no action; after a race it needs stop short."""
    t = table()
    t.do("drive Skimmer", "stop Skimmer")
    assert t.c("Skimmer").marks["motion"] == "stopped"
    t.do("next", "next", "race Skimmer 20")
    with pytest.raises(CommandError, match="stopshort"):
        t.do("stop Skimmer")


# -- ram -----------------------------------------------------------------------------------


def test_ram_a_creature_double_to_it_half_to_the_vehicle():
    """starfinder.md §3.8 [S]: ram: double collision damage to the target, half to the vehicle."""
    t = table()
    t.rolls(3)                                   # the Pirate's Reflex: 3 + 2 = 5 vs DC 13: hit
    t.rolls(3, 4, 5, 6)                          # collision 4d6 = 18
    t.do("ram Skimmer Pirate 16")
    assert t.c("Pirate").life == "dead"          # 36 on 20 HP, no resolve
    assert t.hp("Skimmer") == 31


def test_ram_creature_reflex_avoids():
    """starfinder.md §3.8 [S]: a creature avoids the ram with Reflex against the collision DC."""
    t = table()
    t.do("ram Skimmer Pirate 16 save=13")
    assert t.hp("Pirate") == 20 and t.hp("Skimmer") == 40
    assert "avoids the ram" in t.said()[-1]


def test_failed_piloting_means_no_ram():
    """starfinder.md §3.8 [S]: any failed Piloting check: no ram."""
    t = table()
    t.do("ram Skimmer Pirate 10")
    assert t.hp("Pirate") == 20
    assert "cannot ram" in t.said()[-1]


def truck_table():
    t = table(vehicle=SKIMMER)
    t.do("add Rook hp=20 piloting=5", "add Truck vehicle level=2 hp=50 kac=13 collision=3d6 dc=12 pilot=Rook")
    return t


def test_ram_a_vehicle_tie_goes_to_the_rammer():
    """starfinder.md §3.8 [S]: the defending pilot's Piloting against the rammer's result; a tie goes to the attacker."""
    t = truck_table()
    t.do("ram Skimmer Truck 16 save=16 dmg=10")
    assert t.hp("Truck") == 30 and t.hp("Skimmer") == 35


def test_ram_a_vehicle_beaten_is_dodged():
    """starfinder.md §3.8 [S]: the defender's result above the rammer's dodges."""
    t = truck_table()
    t.do("ram Skimmer Truck 16 save=17 dmg=10")
    assert t.hp("Truck") == 50 and t.hp("Skimmer") == 40


# -- run over ----------------------------------------------------------------------------------


def crowd(options=None):
    t = table(options)
    t.do("add Kobold hp=12 ref=1 size=small")
    return t


def test_run_over_seed_reflex_dodges_vehicle_takes_half_of_what_each_suffered():
    """starfinder.md §3.8 [S]: Reflex dodges; the vehicle takes half of the damage each creature suffered."""
    t = crowd()
    t.do("runover Skimmer Pirate 5 Kobold 13 dmg=11")
    assert t.hp("Pirate") == 9 and t.hp("Kobold") == 12
    assert t.hp("Skimmer") == 35                    # half of 11 (Pirate) + 0 (Kobold dodged)


def test_run_over_official_reflex_halves_vehicle_takes_half_rolled_each():
    """starfinder.md §3.8 [Δ official]: Reflex halves; the vehicle takes half the damage rolled for each creature."""
    t = crowd({"run_over": "official"})
    t.do("runover Skimmer Pirate 5 Kobold 13 dmg=11")
    assert t.hp("Pirate") == 9 and t.hp("Kobold") == 7
    assert t.hp("Skimmer") == 30                    # 5 + 5


def test_run_over_only_creatures_two_sizes_smaller():
    """starfinder.md §3.8 [S]: only creatures at least two size categories smaller than the vehicle."""
    t = table(vehicle=SKIMMER.replace("size=huge", "size=large"))
    with pytest.raises(CommandError, match="two sizes smaller"):
        t.do("runover Skimmer Pirate dmg=10")


def test_run_over_each_creature_once_per_turn():
    """starfinder.md §3.8 [S]: a vehicle cannot run over the same target more than once in a turn."""
    t = crowd()
    t.do("runover Skimmer Kobold 20 dmg=4")
    t.do("action Navasi reset")
    with pytest.raises(CommandError, match="already run over"):
        t.do("runover Skimmer Kobold 20 dmg=4")


def test_run_over_rolls_collision_and_reflex():
    """starfinder.md §3.8 [S]: collision dice and each Reflex are rolled with the GM's dice."""
    t = crowd()
    t.rolls(1, 1, 1, 1, 2)                          # collision 4, the Kobold's Reflex 2 + 1 = 3: hit
    t.do("runover Skimmer Kobold")
    assert t.hp("Kobold") == 8 and t.hp("Skimmer") == 38


# -- control ------------------------------------------------------------------------------------


def test_hand_over_control_is_a_swift_action():
    """starfinder.md §3.8 [S]: handing control to another character is a swift action."""
    t = table()
    t.do("add Obozaya pc hp=30 piloting=2", "handover Skimmer Obozaya")
    assert t.c("Skimmer").stats["pilot"] == "obozaya"
    assert "actions left: standard, move" in status(t, "Navasi")


def test_relinquished_moving_vehicle_is_flagged():
    """starfinder.md §3.8 [S]: nobody in control of a moving vehicle: warned."""
    t = table()
    t.do("drive Skimmer", "handover Skimmer")
    assert rendered(t.session.ruleset.sheet.status(t.state, t.c("Skimmer")))[0].startswith("uncontrolled")
    assert any("moving with no one in control" in p.render() for p in t.session.ruleset.pending(t.state))
    with pytest.raises(CommandError, match="no one controls"):
        t.do("drive Skimmer")


def test_take_control_is_a_move_action():
    """starfinder.md §3.8 [S]: taking control is a move action."""
    t = table()
    t.do("handover Skimmer", "pilot Skimmer Navasi")
    assert rendered(t.session.ruleset.sheet.status(t.state, t.c("Skimmer")))[0].startswith("pilot: Navasi")
    assert "actions left: standard" in status(t, "Navasi")


def test_autocontrol_is_not_an_autopilot():
    """starfinder.md §3.8 [S]: autocontrol locks a straight line; the pilot still acts for the vehicle."""
    t = table()
    t.do("autocontrol Skimmer on", "next")
    assert t.active == "pirate"
    assert "(autocontrol)" in status(t, "Skimmer")[0]


# -- damage ---------------------------------------------------------------------------------------


def test_vehicle_damage_and_wreck():
    """starfinder.md §3.8 [O]: vehicles have HP only; at 0 they are wrecked and take no turns."""
    t = table()
    t.do("dmg Skimmer 30 fire")
    assert t.hp("Skimmer") == 10
    assert "vs EAC 14" in t.said()[-1]
    t.do("dmg Skimmer 10")
    assert t.c("Skimmer").life == "dead"
    assert status(t, "Skimmer")[0] == "wrecked"
    with pytest.raises(CommandError, match="wrecked"):
        t.do("race Skimmer 20")


def test_broken_vehicle():
    """starfinder.md §3.6 [O]: a broken vehicle: -2 AC and collision DC, Piloting -2, half speed."""
    t = table()
    t.do("cond Skimmer broken")
    assert (fig(t, "Skimmer", "eac"), fig(t, "Skimmer", "collision_dc"), fig(t, "Skimmer", "speed")) == (12, 11, 10)
    t.rolls(10)                                     # 10 + 7 - 2 = 15: exactly DC 15
    t.do("race Skimmer")
    assert "Piloting 15 vs DC 15" in t.said()[-1]


def test_vehicle_broken_at_half_option():
    """starfinder.md §3.8 [O] (option): a vehicle at half HP or less is broken."""
    t = table({"vehicle_broken_at_half": True})
    t.do("dmg Skimmer 19")
    assert not t.c("Skimmer").has("broken")
    t.do("dmg Skimmer 1")
    assert t.c("Skimmer").has("broken")
    t.do("heal Skimmer 5")
    assert not t.c("Skimmer").has("broken")


def test_vehicle_verbs_refuse_a_creature():
    """A vehicle verb on a creature is refused naming what is expected."""
    t = table()
    with pytest.raises(CommandError, match="not a vehicle"):
        t.do("drive Pirate")


def test_a_pilot_set_later_takes_the_controls():
    """starfinder.md §3.8: a vehicle added without a pilot is uncontrolled until someone takes the controls."""
    t = Table("starfinder")
    t.rolls(15)
    t.do("add Navasi pc sp=30 hp=22 rp=4 init=2 piloting=7", "add Cart vehicle level=1 speed=30 hp=20",
         "start")
    assert status(t, "Cart")[0].startswith("uncontrolled")
    with pytest.raises(CommandError, match="no one controls"):
        t.do("drive Cart")
    t.do("set Cart pilot=Navasi", "drive Cart")
    assert t.c("Cart").marks["motion"] == "driving"
