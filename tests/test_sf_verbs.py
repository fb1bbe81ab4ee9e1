"""Starfinder verbs in both languages, rest, coup de grace, and the log of a readied action."""

import pytest

from conftest import Table
from gm_console.engine.language.commands import CommandError
from gm_console.i18n import render


def rendered(lines, lang="en"):
    """A sheet's status lines as the GM reads them."""
    return [render(x, lang) for x in lines]


def table(options=None):
    t = Table("starfinder", options)
    t.rolls(15, 10, 3)
    t.do("add Navasi pc sp=30 hp=22 rp=4 eac=15 kac=16 attack=6 init=2 level=4",
         "add Obozaya pc sp=30 hp=30 rp=4 kac=18 attack=8 init=1",
         "add Pirate hp=20 eac=13 kac=14 fort=2 init=1", "start")
    return t


@pytest.mark.parametrize("line,cond", [
    ("defensa-total Navasi", "total-defense"),
    ("luchar-a-la-defensiva Navasi", "fighting-defensively"),
    ("cargar Navasi Pirate", "charging"),
])
def test_spanish_verbs(line, cond):
    """Spanish aliases for the combat actions (starfinder.md §3.2)."""
    t = table()
    t.do(line)
    assert t.c("Navasi").has(cond)


def test_spanish_maneuver_and_vehicle_verbs():
    """maniobra ... presa, conducir, carrera, parar."""
    t = table()
    t.do("maniobra Navasi presa Pirate 25")
    assert t.c("Pirate").has("grappled")
    t.do("add Moto vehicle level=1 speed=30 hp=20 collision=2d6 dc=11 pilot=Obozaya", "next", "conducir Moto",
         "parar Moto")
    assert t.c("Moto").marks["motion"] == "stopped"


def test_direct_maneuver_verbs():
    """`grapple A B 25` is the maneuver grapple (starfinder.md §3.7)."""
    t = table()
    t.do("trip Navasi Pirate 22")
    assert t.c("Pirate").has("prone")


def test_stabilize_verb_is_medicine_dc_15():
    """starfinder.md §3.4.6 [S]: a Medicine DC 15 result stabilises (`stabilize NAME TOTAL`)."""
    t = table()
    t.do("next", "dmg Navasi 60", "stabilize Navasi 15 by Obozaya")
    assert t.c("Navasi").life == "stable"
    with pytest.raises(CommandError, match="not dying"):
        t.do("stabilize Navasi 15")


def test_readied_action_log_says_before_or_after():
    """starfinder.md §3.1 [O]: the log says where the readied action resolves."""
    t = table()
    t.do("ready shoot when it moves", "trigger Navasi")
    assert any("resolves just after Obozaya's triggering action" in s for s in t.said())


def test_rest_eight_hours_seed_one_hp():
    """starfinder.md §3.5 [S]: 8 h of rest: all stamina and resolve, and 1 HP (seed)."""
    t = table()
    t.do("dmg Navasi 40", "spend Navasi resolve 2", "end", "rest Navasi")
    assert (t.hp("Navasi", "sp"), t.hp("Navasi", "rp"), t.hp("Navasi")) == (30, 4, 13)


def test_rest_official_one_hp_per_level():
    """starfinder.md §3.5 [Δ official]: 1 HP per character level per 8 h."""
    t = table({"natural_healing": "official"})
    t.do("dmg Navasi 40", "end", "rest Navasi 8h")
    assert t.hp("Navasi") == 16


def test_bed_rest_two_hp_per_level():
    """starfinder.md §3.5 [S]: 24 h of complete bed rest: 2 HP per level."""
    t = table()
    t.do("dmg Navasi 40", "end", "rest Navasi 24h")
    assert t.hp("Navasi") == 20


def test_rest_turns_exhausted_into_fatigued():
    """starfinder.md §3.6 [O]: an hour of complete rest makes the exhausted fatigued; a night ends fatigue."""
    t = table()
    t.do("end", "cond Navasi exhausted", "rest Navasi 1h")
    assert t.c("Navasi").has("fatigued") and not t.c("Navasi").has("exhausted")
    t.do("rest Navasi 8h")
    assert not t.c("Navasi").has("fatigued")


def test_no_rest_in_combat():
    """Resting is out of combat."""
    with pytest.raises(CommandError, match="no resting"):
        table().do("rest Navasi")


def test_coup_de_grace_needs_a_helpless_target():
    """starfinder.md §3.2 [S]/[O]: coup de grace only on the helpless (or, by the seed, the disarmed)."""
    t = table()
    with pytest.raises(CommandError, match="not helpless"):
        t.do("coup Navasi Pirate 12")
    t.do("coup Navasi Pirate 12 disarmed 5")              # seed: disarmed is enough; Fort 5 vs DC 14 fails
    assert t.c("Pirate").life == "dead"


def test_coup_de_grace_official_helpless_only():
    """starfinder.md §3.2 [Δ official]: only helpless targets."""
    t = table({"coup_de_grace": "official"})
    with pytest.raises(CommandError, match="not helpless"):
        t.do("coup Navasi Pirate 12 disarmed")


def test_coup_de_grace_fort_save_survives():
    """starfinder.md §3.2 [S]: if it survives the damage, Fort DC 10 + the attacker's level or die."""
    t = table()
    t.do("cond Pirate helpless", "coup Navasi Pirate 5 14")
    assert t.c("Pirate").life == "ok" and t.hp("Pirate") == 15


def test_board_and_disembark():
    """starfinder.md §3.8 [S]: boarding and getting off are move actions."""
    t = table()
    t.do("add Moto vehicle level=1 speed=30 hp=20", "board Navasi Moto")
    assert t.c("Navasi").marks["aboard"] == "moto"
    assert "aboard Moto" in rendered(t.session.ruleset.sheet.status(t.state, t.c("Navasi")))
    t.do("disembark Navasi")
    assert "aboard" not in t.c("Navasi").marks


@pytest.mark.parametrize("line", [
    "action", "action Navasi dance", "maneuver", "maneuver Navasi tickle Pirate", "range", "range 10",
    "cover Navasi", "cover Navasi Navasi 20", "race", "ram Skimmer", "runover", "drive Navasi", "medicine",
    "medicine Pirate", "coup Navasi", "smother Navasi", "unaware", "pilot", "autopilot Moto maybe", "rest 3h",
    "stabilize Pirate spell", "spend Navasi resolve fly", "spend Pirate resolve stabilize",
])
def test_bad_lines_are_refused_in_one_line(line):
    """Every refusal is one line naming what is accepted; nothing changes."""
    t = table()
    t.do("add Moto vehicle level=1 speed=30 hp=20")
    before = t.state.copy()
    with pytest.raises(CommandError) as exc:
        t.do(line)
    assert "\n" not in str(exc.value)
    assert t.state == before
