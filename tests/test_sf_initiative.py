"""Starfinder initiative and order: 1d20 + modifier, ties, delay/ready, surprise."""

import pytest

from conftest import Table
from gm_console.engine.language.commands import CommandError
from gm_console.i18n import render


def rendered(lines, lang="en"):
    """A sheet's status lines as the GM reads them."""
    return [render(x, lang) for x in lines]


def test_initiative_is_d20_plus_modifier():
    """starfinder.md §3.1 [S]: 1d20 + Dex modifier (the init stat when given)."""
    t = Table("starfinder")
    t.rolls(10, 10)
    t.do("add Navasi pc hp=22 dex=16", "add Goblin hp=10 init=5", "start")
    assert t.c("Navasi").initiative == 13 and t.c("Goblin").initiative == 15
    assert t.order == ["goblin", "navasi"]


def test_conditions_change_the_initiative_modifier():
    """starfinder.md §3.1 [O]: deafened -4 to initiative."""
    t = Table("starfinder")
    t.do("add Navasi pc hp=22 init=3", "cond Navasi deafened")
    t.rolls(10)
    t.do("roll Navasi")
    assert t.c("Navasi").initiative == 9


def test_seed_ties_act_together():
    """starfinder.md §3.1 [S]: equal initiatives act at the same time: shown as one shared slot."""
    t = Table("starfinder")
    t.rolls(12, 14, 5)
    t.do("add Navasi pc hp=22 init=3", "add Goblin hp=10 init=1", "add Kobold hp=8", "start")
    rs = t.session.ruleset
    assert "acts together with Goblin (tied at 15)" in rendered(rs.sheet.status(t.state, t.c("Navasi")))
    assert "acts together with Navasi (tied at 15)" in rendered(rs.sheet.status(t.state, t.c("Goblin")))
    assert not any("together" in s for s in rendered(rs.sheet.status(t.state, t.c("Kobold"))))
    assert any("tie at initiative 15: they act together" in s for s in t.said())


def test_delay_ends_the_shared_slot():
    """starfinder.md §3.1 [S]: a tie is about the rolled count; once one moves it is no longer shared."""
    t = Table("starfinder")
    t.rolls(12, 14)
    t.do("add Navasi pc hp=22 init=3", "add Goblin hp=10 init=1", "start", "init Goblin 3")
    assert not any("together" in s for s in rendered(t.session.ruleset.sheet.status(t.state, t.c("Navasi"))))


def test_official_ties_higher_modifier_first():
    """starfinder.md §3.1 [Δ official]: ties go to the higher initiative modifier."""
    t = Table("starfinder", {"tie_order": "official"})
    t.rolls(14, 12)
    t.do("add Goblin hp=10 init=1", "add Navasi pc hp=22 init=3", "start")
    assert t.order == ["navasi", "goblin"]
    assert not any("together" in s for s in rendered(t.session.ruleset.sheet.status(t.state, t.c("Navasi"))))


def test_official_ties_same_modifier_roll_off():
    """starfinder.md §3.1 [Δ official]: same total and modifier: a roll-off decides."""
    t = Table("starfinder", {"tie_order": "official"})
    t.rolls(10, 10, 4, 17)
    t.do("add Alpha hp=10 init=2", "add Beta hp=10 init=2", "start")
    assert t.order == ["beta", "alpha"]


def test_official_roll_off_rerolls_a_second_tie():
    """starfinder.md §3.1 [Δ official]: a tied roll-off is rolled again."""
    t = Table("starfinder", {"tie_order": "official"})
    t.rolls(10, 10, 8, 8, 3, 9)
    t.do("add Alpha hp=10 init=2", "add Beta hp=10 init=2", "start")
    assert t.order == ["beta", "alpha"]


def test_readied_action_lapses_at_its_owners_next_turn():
    """starfinder.md §3.1 [O]: a readied action not triggered by the owner's next turn is lost."""
    t = Table("starfinder")
    t.rolls(15, 3)
    t.do("add Navasi pc hp=22 init=2", "add Goblin hp=10 init=1", "start", "ready when the goblin moves")
    assert "navasi" in t.state.readied
    t.do("next")
    assert "navasi" not in t.state.readied


def test_defensive_readied_action_goes_before_the_trigger():
    """starfinder.md §3.1 [O]: purely defensive readied actions resolve just before the trigger."""
    t = Table("starfinder")
    t.rolls(15, 10, 3)
    t.do("add Navasi pc hp=22 init=2", "add Goblin hp=10 init=1", "add Kobold hp=8", "start",
         "ready duck when shot", "trigger Navasi defensive")
    assert t.order == ["navasi", "goblin", "kobold"]


def test_other_readied_actions_go_after_the_trigger():
    """starfinder.md §3.1 [O]: all other readied actions resolve just after the triggering event."""
    t = Table("starfinder")
    t.rolls(15, 10, 3)
    t.do("add Navasi pc hp=22 init=2", "add Goblin hp=10 init=1", "add Kobold hp=8", "start",
         "ready shoot when it moves", "trigger Navasi")
    assert t.order == ["goblin", "navasi", "kobold"]


def test_delay_moves_the_count_for_the_rest_of_combat():
    """starfinder.md §3.1 [S]: coming out of a delay puts the combatant there for the rest of the combat."""
    t = Table("starfinder")
    t.rolls(15, 10, 3)
    t.do("add Navasi pc hp=22 init=2", "add Goblin hp=10 init=1", "add Kobold hp=8", "start", "delay",
         "next", "resume Navasi")
    assert t.active == "navasi"
    assert t.order == ["goblin", "navasi", "kobold"]
    t.do("next", "next")
    assert (t.state.round, t.active) == (2, "goblin")
    t.do("next")
    assert t.active == "navasi"


def test_dying_cannot_delay():
    """starfinder.md §3.4.2 [S]: the dying take no actions: no delay or ready."""
    t = Table("starfinder")
    t.rolls(15, 3)
    t.do("add Navasi pc sp=1 hp=5/22 rp=3 init=2", "add Goblin hp=10 init=1", "start", "dmg Navasi 20")
    with pytest.raises(CommandError, match="dying"):
        t.do("delay")


# -- surprise (the engine's `surprise NAME...` names the aware; Starfinder decides the round) ----------


def party(options=None):
    t = Table("starfinder", options)
    t.do("add Navasi pc sp=30 hp=22 rp=4 kac=16 eac=15", "add Obozaya pc sp=30 hp=30 rp=4 kac=18",
         "add Pirate hp=20 kac=14 eac=13", "add Pirate2 hp=20 kac=14 eac=13")
    t.rolls(5, 15, 12, 11)          # Navasi 5, Obozaya 15, Pirate 12, Pirate2 11
    return t


def test_partial_unawareness_no_surprise_round_only_they_flat_footed():
    """starfinder.md §3.1 [S]: only some defenders unaware: no surprise round, only they are flat-footed."""
    t = party()
    t.do("surprise Pirate Pirate2 Obozaya", "start")
    assert t.state.round == 1 and t.active == "obozaya"
    assert t.c("Navasi").has("flat-footed") and not t.c("Obozaya").has("flat-footed")
    fig = t.session.ruleset.sheet.effective(t.state, t.c("Navasi"))
    assert fig["kac"].value == 14 and fig["eac"].value == 13
    assert any("no surprise round" in s for s in t.said())


def test_partial_unawareness_official_surprise_round_for_the_aware():
    """starfinder.md §3.1 [Δ official]: some but not all aware: a surprise round for everyone aware."""
    t = party({"partial_surprise": "official"})
    t.do("surprise Pirate Pirate2 Obozaya", "start")
    assert t.state.round == 0 and t.active == "obozaya"
    t.do("next", "next")
    assert t.active == "pirate2"
    t.do("next")
    assert t.state.round == 1


def test_all_defenders_unaware_means_a_surprise_round():
    """starfinder.md §3.1 [S]: every defender unaware: one surprise round for the attackers; the defenders flat-footed."""
    t = party()
    t.do("surprise Pirate Pirate2", "start")
    assert t.state.round == 0 and t.active == "pirate"
    assert t.c("Navasi").has("flat-footed") and t.c("Obozaya").has("flat-footed")
    assert any("a surprise round for the others" in s for s in t.said())


def test_surprise_flat_footed_lasts_until_its_first_turn():
    """starfinder.md §3.1 [O]: flat-footed from surprise ends once the creature has acted (not in the surprise round)."""
    t = party()
    t.do("surprise Pirate Pirate2", "start", "next", "next")
    assert t.state.round == 1 and t.active == "obozaya"
    assert not t.c("Obozaya").has("flat-footed")
    assert t.c("Navasi").has("flat-footed")
    t.do("next", "next", "next")
    assert t.active == "navasi" and not t.c("Navasi").has("flat-footed")


def test_no_surprise_named_no_flat_footed():
    """starfinder.md §3.1 [S]: when the defenders notice the attackers, a normal combat."""
    t = party()
    t.do("start")
    assert not any(c.conditions for c in t.state.combatants.values())


def test_a_readied_text_that_says_defensive_goes_before():
    """starfinder.md §3.1 [O]: a purely defensive readied action (said so when readied) resolves before the trigger."""
    t = Table("starfinder")
    t.rolls(15, 10, 3)
    t.do("add Navasi pc hp=22 init=2", "add Goblin hp=10 init=1", "add Kobold hp=8", "start",
         "ready defensive: total defense when the goblin shoots", "trigger Navasi")
    assert t.order == ["navasi", "goblin", "kobold"]
    assert any("Purely defensive" in s for s in t.said())
