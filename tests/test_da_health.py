"""Dragon Age Health: never below 0, the Con + 2 dying countdown, NPC death, pulled blows."""

from __future__ import annotations

import pytest

from conftest import Table
from gm_console.i18n import render
from gm_console.engine.language.commands import CommandError


def table(con: int = 1, options=None) -> Table:
    """Emissary (18) acts before Sera (14), the Ogre (10) after her."""
    t = Table("dragon_age", options)
    t.do(f"add Sera pc health=30 con={con} dex=3",
         "add Emissary health=20 con=0", "add Ogre health=60 str=4 con=3 armor=2",
         "init Emissary 18", "init Sera 14", "init Ogre 10", "start")
    return t


def status(t: Table, who: str) -> list[str]:
    return [render(x) for x in t.session.ruleset.sheet.status(t.state, t.c(who))]


def dying(t: Table, who: str) -> tuple[str, ...]:
    lines = status(t, who)
    i = next(i for i, line in enumerate(lines) if line.startswith("dying:"))
    return tuple(lines[i:i + 2])


def until(t: Table, who: str, rnd: int) -> None:
    while not (t.active == who and t.state.round == rnd):
        t.do("next")
        assert t.state.round <= rnd, "never reached"


def test_health_is_floored_at_zero():
    """dragon_age.md §2.4 [S]: Health never goes below 0."""
    t = table()
    t.do("dmg Sera 45")
    assert t.hp("Sera", "health") == 0


def test_damage_subtracts_armor_unless_penetrating():
    """dragon_age.md §2.4 [S]: dmg is the damage roll; armor comes off, penetrating ignores it."""
    t = table()
    t.do("dmg Ogre 10")
    assert t.hp("Ogre", "health") == 52
    t.do("dmg Ogre 10 penetrating")
    assert t.hp("Ogre", "health") == 42
    t.do("dmg Ogre 10 pierce")  # Pierce Armor by hand: armor 2 halved to 1
    assert t.hp("Ogre", "health") == 33


def test_one_health_left_is_still_up():
    """dragon_age.md §2.6 [S]: only 0 Health drops a character."""
    t = table()
    t.do("dmg Sera 29")
    assert (t.hp("Sera", "health"), t.c("Sera").life) == (1, "ok")


def test_pc_at_exactly_zero_is_dying():
    """dragon_age.md §2.6 [S]: a PC whose Health reaches 0 is dying."""
    t = table()
    t.do("dmg Sera 30")
    sera = t.c("Sera")
    assert (sera.pools["health"].value, sera.life) == (0, "dying")
    assert sera.has("dying")


def test_fell_after_its_turn_dies_in_round_r_plus_n():
    """dragon_age.md §2.6 [S]/[I]: Con 1 + 2 = 3 of its own turns; fell after its turn in round 1 -> dies round 4."""
    t = table(con=1)
    until(t, "ogre", 1)
    t.do("dmg Sera 30")
    assert dying(t, "Sera") == ("dying: dies at the start of their turn in 3 turns", "dies in round 4")
    until(t, "sera", 2)
    assert dying(t, "Sera") == ("dying: dies at the start of their turn in 2 turns", "dies in round 4")
    assert t.said()[-1] == "Sera is dying (dies at the start of their turn in 2 turns unless healed above 0)"
    until(t, "sera", 3)
    assert t.c("Sera").life == "dying"
    until(t, "emissary", 4)
    assert t.c("Sera").life == "dying"
    t.do("next")
    assert t.c("Sera").life == "dead"
    assert (t.active, t.state.round) == ("ogre", 4)  # it died instead of taking that turn
    assert "Sera dies at the start of their turn: the dying countdown ran out" in t.said()


def test_fell_before_its_turn_dies_in_round_r_plus_n_minus_1():
    """dragon_age.md §2.6 [I]: fell before its own turn in round 1 -> the countdown's first turn is that round."""
    t = table(con=1)
    assert t.active == "emissary"
    t.do("dmg Sera 30")
    assert dying(t, "Sera") == ("dying: dies at the start of their turn in 3 turns", "dies in round 3")
    t.do("next")
    assert t.active == "sera"  # a dying PC still gets its turn: it may speak
    until(t, "emissary", 3)
    assert t.c("Sera").life == "dying"
    t.do("next")
    assert t.c("Sera").life == "dead"
    assert t.state.round == 3


def test_falling_during_its_own_turn_counts_as_after():
    """dragon_age.md §2.6 [I]: falling during its own turn counts as after it: round R + N."""
    t = table(con=0)
    until(t, "sera", 1)
    t.do("dmg Sera 30")
    assert dying(t, "Sera") == ("dying: dies at the start of their turn in 2 turns", "dies in round 3")


@pytest.mark.parametrize("con", [-2, -3, -5])
def test_con_plus_two_at_or_below_zero_leaves_one_turn(con):
    """dragon_age.md §2.6 [I]: Con + 2 <= 0 is treated as 1: dies at the start of its next turn."""
    t = table(con=con)
    t.do("dmg Sera 30")  # before its turn in round 1
    assert dying(t, "Sera") == ("dying: dies at the start of their turn in 1 turn", "dies in round 1")
    t.do("next")
    assert t.c("Sera").life == "dead"
    assert (t.active, t.state.round) == ("ogre", 1)


def test_con_minus_one_gives_one_turn():
    """dragon_age.md §2.6 [S]: Con -1 + 2 = 1: dies at the start of its next turn."""
    t = table(con=-1)
    until(t, "ogre", 1)
    t.do("dmg Sera 30")
    assert dying(t, "Sera") == ("dying: dies at the start of their turn in 1 turn", "dies in round 2")
    t.do("next", "next")
    assert t.c("Sera").life == "dead" and t.state.round == 2


def test_rounds_mode_always_dies_in_round_r_plus_n():
    """dragon_age.md §2.6 [I] option dying_count=rounds: always round R + N, before or after its turn."""
    for when in ("emissary", "ogre"):
        t = table(con=1, options={"dying_count": "rounds"})
        until(t, when, 1)
        t.do("dmg Sera 30")
        assert "dies in round 4" in status(t, "Sera"), when
        until(t, "emissary", 4)
        assert t.c("Sera").life == "dying"
        t.do("next")
        assert t.c("Sera").life == "dead"


def test_healing_above_zero_ends_dying():
    """dragon_age.md §2.6 [S]: any healing that raises Health above 0 ends Dying."""
    t = table()
    t.do("dmg Sera 30", "heal Sera 0")
    assert t.c("Sera").life == "dying"
    t.do("heal Sera 4")
    sera = t.c("Sera")
    assert (sera.pools["health"].value, sera.life, sera.has("dying")) == (4, "ok", False)
    assert "Sera is above 0 health: no longer dying" in t.said()


def test_a_healed_pc_falling_again_gets_a_fresh_countdown():
    """dragon_age.md §2.6 [S]: healing above 0 ends dying; falling again starts a new Con + 2 countdown."""
    t = table(con=2)
    t.do("dmg Sera 30", "next", "next", "next")  # Sera's countdown ticked once (4 -> 3)
    t.do("heal Sera 3", "dmg Sera 3")
    assert dying(t, "Sera") == ("dying: dies at the start of their turn in 4 turns", "dies in round 5")


def test_damage_while_dying_keeps_zero_and_the_countdown():
    """dragon_age.md §2.6 [S]: Health stays at 0 whatever further damage; the countdown is unchanged."""
    t = table()
    t.do("dmg Sera 30", "dmg Sera 12")
    assert t.hp("Sera", "health") == 0
    assert t.c("Sera").life == "dying"
    assert dying(t, "Sera") == ("dying: dies at the start of their turn in 3 turns", "dies in round 3")
    assert t.said()[-1] == "Sera is already dying: health stays at 0 and the countdown goes on"


def test_npc_at_zero_dies():
    """dragon_age.md §2.6 [I]: NPCs at 0 Health are dead."""
    t = table()
    t.do("dmg Emissary 20")
    assert t.c("Emissary").life == "dead"
    assert t.said()[-1] == "Emissary (NPC) drops to 0 health and dies"


def test_dead_are_passed_over():
    """dragon_age.md §2.6: the dead take no turns."""
    t = table()
    t.do("dmg Emissary 20", "next", "next", "next")
    assert (t.active, t.state.round) == ("sera", 2)


def test_option_npcs_as_pcs():
    """dragon_age.md §2.6 [I]: the GM may apply the PC dying rules to NPCs."""
    t = table(options={"npcs_as_pcs": True})
    t.do("dmg Ogre 70")
    assert t.c("Ogre").life == "dying"
    assert dying(t, "Ogre") == ("dying: dies at the start of its turn in 5 turns", "dies in round 5")


def test_dying_out_of_combat_counts_15_second_rounds():
    """dragon_age.md §2.6: the countdown is in rounds of 15 s, so `pass` counts it down out of combat."""
    t = Table("dragon_age")
    t.do("add Sera pc health=30 con=1", "dmg Sera 30", "pass 30s")
    assert t.c("Sera").life == "dying"
    assert "dying: dies at the start of their turn in 1 turn" in status(t, "Sera")
    t.do("pass 15s")
    assert t.c("Sera").life == "dead"


def test_heal_the_dead_is_refused():
    """dragon_age.md §2.6: healing cannot help the dead."""
    t = table()
    t.do("dmg Emissary 25")
    with pytest.raises(CommandError, match="dead"):
        t.do("heal Emissary 5")


def test_heal_never_above_max():
    """dragon_age.md §2.6 [O]: healing never above maximum Health."""
    t = table()
    t.do("dmg Sera 5", "heal Sera 50")
    assert t.hp("Sera", "health") == 30


def test_pulled_blow_leaves_one_health_and_unconscious():
    """dragon_age.md §2.6 [S]: a pulled blow that would kill leaves the target unconscious at 1 Health."""
    t = table()
    t.rolls(3, 4)  # 2d6 = 7 minutes
    t.do("dmg Emissary 25 pull")
    e = t.c("Emissary")
    assert (e.pools["health"].value, e.life) == (1, "unconscious")
    assert "unconscious: wakes in 7 min (28 rounds)" in status(t, "Emissary")
    assert t.said()[-1] == "Pulled blow: Emissary is left unconscious at 1 health (wakes in 7 minutes (2d6))"


def test_pulled_blow_on_a_pc_prevents_dying():
    """dragon_age.md §2.6 [S]: a pulled blow on a PC leaves it unconscious at 1 instead of dying."""
    t = table()
    t.rolls(1, 1)
    t.do("dmg Sera 40 pull")
    assert (t.hp("Sera", "health"), t.c("Sera").life) == (1, "unconscious")


def test_pulling_a_blow_that_would_not_drop_changes_nothing():
    """dragon_age.md §2.6 [S]: pulling only matters for a blow that would drop the target."""
    t = table()
    t.do("dmg Ogre 10 pull")
    assert (t.hp("Ogre", "health"), t.c("Ogre").life) == (52, "ok")


def test_unconscious_wakes_after_the_minutes_pass():
    """dragon_age.md §2.6 [S]: wakes after 2d6 minutes."""
    t = table()
    t.rolls(3, 4)
    t.do("dmg Emissary 25 pull", "end", "pass 6m")
    assert t.c("Emissary").life == "unconscious"
    t.do("pass 1m")
    assert t.c("Emissary").life == "ok"
    assert t.said()[-1] == "Emissary wakes up"


def test_unconscious_is_skipped_and_its_minutes_run_in_combat():
    """dragon_age.md §2.6 [S]: the 2d6 minutes run in 15-s rounds during a combat; the unconscious take no turns."""
    t = table()
    t.rolls(1, 1)  # 2 minutes = 8 rounds
    t.do("dmg Emissary 25 pull")
    t.do("next", "next", "next")
    assert t.active == "sera" and t.state.round == 2
    assert "unconscious: wakes in 1 min 45 s (7 rounds)" in status(t, "Emissary")


def test_hitting_the_unconscious_to_zero():
    """An NPC knocked out at 1 Health dies if it drops to 0."""
    t = table()
    t.rolls(3, 4)
    t.do("dmg Emissary 25 pull", "dmg Emissary 1")
    e = t.c("Emissary")
    assert (e.life, e.has("unconscious")) == ("dead", False)


def test_cond_dying_by_hand():
    """dragon_age.md §2.7: dying and unconscious set by hand change the life state; removing unconscious wakes."""
    t = table()
    t.do("cond Sera dying")
    assert (t.hp("Sera", "health"), t.c("Sera").life) == (0, "dying")
    t.do("cond Ogre unconscious")
    assert t.c("Ogre").life == "unconscious"
    t.do("uncond Ogre unconscious")
    assert t.c("Ogre").life == "ok"


def test_dying_is_a_pending_warning_and_explained_in_spanish():
    """dragon_age.md §2.6 [S]: the countdown is shown on the sheet, warned about and explained in both languages."""
    t = table()
    t.do("dmg Sera 30")
    warnings = t.session.ruleset.pending(t.state)
    assert any(p.render().startswith("Sera is dying: dies at the start of their turn in 3 turns") for p in warnings)
    said = [e for entry in t.session.done for e in entry.events if e.kind == "Said"]
    assert said[-1].text("es").startswith("Sera está moribundo (Con +1 + 2 = 3")
    assert said[-1].rule == "dragon_age.md §2.6"
    assert status(t, "Sera")[0] == "dying: dies at the start of their turn in 3 turns"
    assert render(t.session.ruleset.sheet.status(t.state, t.c("Sera"))[0], "es") == \
        "moribundo: muere al comienzo de su turno dentro de 3 turnos"


def test_zero_damage_is_no_damage():
    """dragon_age.md §2.4 [S]: 0 damage changes nothing."""
    t = table()
    t.do("dmg Sera 0")
    assert t.said()[-1] == "Sera takes no damage"
    assert t.hp("Sera", "health") == 30
