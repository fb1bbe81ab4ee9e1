"""Dragon Age action economy: one major + one minor or two minor; Aim, Defend, Charge, Run, Move, Prepare."""

from __future__ import annotations

import pytest

from conftest import Table
from gm_console.i18n import render
from gm_console.engine.language.commands import CommandError


def table(options=None) -> Table:
    t = Table("dragon_age", options)
    t.do("add Sera pc health=25 dex=3 str=1 weapon=1d6 defense=13 speed=13",
         "add Ogre health=60 str=4 weapon=2d6 defense=10 speed=8",
         "init Sera 15", "init Ogre 10", "start")
    return t


def status(t: Table, who: str) -> list[str]:
    return [render(x) for x in t.session.ruleset.sheet.status(t.state, t.c(who))]


def defense(t: Table, who: str) -> int:
    return t.session.ruleset.sheet.effective(t.state, t.c(who))["defense"].value


def test_one_major_and_one_minor():
    """dragon_age.md §2.3 [S]: a major and a minor action per turn, then nothing."""
    t = table()
    t.rolls(1, 2, 3)
    t.do("aim Sera", "attack Sera Ogre")  # a miss: 6 + 1 + 1 aim = 8 < 10
    with pytest.raises(CommandError, match="no actions left"):
        t.do("move Sera")


def test_two_minor_actions_then_no_major():
    """dragon_age.md §2.3 [S]: two minor actions instead of major + minor."""
    t = table()
    t.do("move Sera", "equip Sera bow")
    with pytest.raises(CommandError, match="two minor actions: no major action left"):
        t.do("defend Sera")


def test_never_two_major_actions():
    """dragon_age.md §2.3 [S]: never two majors (except via stunts)."""
    t = table()
    t.do("defend Sera")
    with pytest.raises(CommandError, match="already taken their major action"):
        t.do("run Sera")
    t.do("move Sera")  # the minor is still there


def test_actions_reset_on_the_next_turn_and_show_on_the_sheet():
    """dragon_age.md §2.3 [S]: the allowance is per turn, shown on the sheet."""
    t = table()
    assert "actions: 1 major + 1 minor, or 2 minor" in status(t, "Sera")
    t.do("defend Sera")
    assert "actions: 1 minor action left" in status(t, "Sera")
    t.do("next")
    t.do("run Ogre", "move Ogre")
    assert "actions: no actions left" in status(t, "Ogre")
    t.do("next")
    t.do("run Sera")


def test_option_off_lets_the_gm_count_freely():
    """dragon_age.md §2.3, option `action_limits` off: actions are counted, not refused."""
    t = table({"action_limits": False})
    t.do("defend Sera", "run Sera", "move Sera")  # two majors and a third action: all happen
    assert t.said()[-3:] == ["Sera defends until the start of their next turn (Defense 15 = 13 + 2 Defending)",
                             "Sera runs up to 26 m (2 x Speed)", "Sera moves up to 13 m"]
    assert defense(t, "Sera") == 15 and t.c("Sera").has("defending")
    assert "actions: no actions left" in status(t, "Sera")  # still counted on the sheet


def test_no_limits_outside_combat():
    """dragon_age.md §2.3: actions per turn only count inside a combat."""
    t = Table("dragon_age")
    t.do("add Sera health=20 speed=10", "defend Sera", "run Sera", "run Sera")
    assert t.said()[-2:] == ["Sera runs up to 20 m (2 x Speed)"] * 2
    assert defense(t, "Sera") == 12 and t.c("Sera").has("defending")
    assert not any(line.startswith("actions:") for line in status(t, "Sera"))  # nothing to count


def test_aim_adds_one_to_the_next_attack():
    """dragon_age.md §2.3 [S]: Aim gives +1 to the next attack."""
    t = table()
    t.rolls(3, 2, 1, 4)  # 6 + 1 Str + 1 aim = 8 vs 10: miss
    t.do("aim Sera", "attack Sera Ogre")
    assert t.said()[-1] == "Sera attacks Ogre: miss (6 (3,2,1; dragon 3) +1 Str +1 aim = 8 vs Defense 10)"
    assert not t.c("Sera").has("aiming")


def test_aim_carries_to_the_next_turn():
    """dragon_age.md §2.3 [O]: the aim holds even if the attack is on its next turn."""
    t = table()
    t.do("aim Sera", "next", "next")
    assert t.c("Sera").has("aiming")
    t.rolls(3, 2, 1)
    t.do("attack Sera Ogre")
    assert "+1 aim = 8" in t.said()[-1]


def test_aim_is_lost_if_the_next_action_is_not_an_attack():
    """dragon_age.md §2.3 [S]: the bonus needs the attack to be the very next action."""
    t = table()
    t.do("aim Sera", "move Sera")
    assert not t.c("Sera").has("aiming")
    assert any("loses their aim" in s for s in t.said())


def test_defend_until_the_start_of_its_next_turn():
    """dragon_age.md §2.3 [S]: Defend: +2 Defense until the start of your next turn."""
    t = table()
    t.do("defend Sera")
    assert defense(t, "Sera") == 15
    assert t.said()[-1] == "Sera defends until the start of their next turn (Defense 15 = 13 + 2 Defending)"
    t.do("next")
    assert defense(t, "Sera") == 15
    t.rolls(5, 4, 1, 3, 3)  # 10 + 4 Str = 14 vs 15: miss
    t.do("attack Ogre Sera")
    assert t.said()[-1].startswith("Ogre attacks Sera: miss (") and "= 14 vs Defense 15 = 13 + 2 Defending)" in t.said()[-1]
    t.do("next")
    assert defense(t, "Sera") == 13
    assert not t.c("Sera").has("defending")


def test_charge_adds_one_and_is_melee_only():
    """dragon_age.md §2.3 [S]: Charge: half Speed then a melee attack at +1."""
    t = table()
    t.rolls(3, 2, 3, 2)  # 8 + 1 Str + 1 charge = 10 vs 10: hit
    t.do("charge Sera Ogre")
    assert t.said()[-3] == "Sera charges Ogre: hit (8 (3,2,3; dragon 3) +1 Str +1 charge = 10 vs Defense 10)"
    t2 = table()
    with pytest.raises(CommandError, match="melee"):
        t2.do("charge Sera Ogre bow")


def test_run_is_refused_when_prone():
    """dragon_age.md §2.3 [S]: no Run while prone; stand up with a Move first."""
    t = table()
    t.do("cond Sera prone")
    with pytest.raises(CommandError, match="prone and cannot Run"):
        t.do("run Sera")
    t.do("move Sera stand")
    assert not t.c("Sera").has("prone")
    assert t.said()[-1] == "Sera stands up and moves up to 6 m (half Speed)"
    t.do("next", "next")
    t.do("run Sera")
    assert t.said()[-1] == "Sera runs up to 26 m (2 x Speed)"


def test_prepare_ends_the_turn():
    """dragon_age.md §2.2 [S]: Prepare: choose a major action, then "your turn ends immediately" (unused actions
    are lost): the next combatant is up without a `next`."""
    t = table()
    t.do("prepare Sera attack the ogre when it moves")
    assert t.c("Sera").has("prepared")
    assert (t.active, t.state.round) == ("ogre", 1)
    assert t.said()[-1] == ("Sera prepares: attack the ogre when it moves, held to interrupt anyone before their next "
                            "turn starts, then lost. Sera's turn ends now (unused actions are lost)")
    t.do("move Sera")  # her minor action is gone: out of turn it is only logged
    assert "Sera acts out of their turn (move): not counted" in t.said()


def test_prepare_ends_the_turn_through_the_engine():
    """dragon_age.md §2.2 [S]: the turn ends as `next` would end it: its end-of-turn rules run (waiting stunt
    points vanish, §2.5) and `undo` takes the whole Prepare back."""
    t = table()
    t.do("set Sera magic=2 mana=10", "cast Sera Flare 1 10 minor 4,4,2")  # a minor casting with doubles
    assert t.c("Sera").pools["stunt"].value == 4
    t.do("prepare Sera attack")
    assert [e.kind for e in t.session.done[-1].events].count("TurnEnded") == 1
    assert "stunt" not in t.c("Sera").pools
    assert "Sera's 4 unspent stunt points vanish (the turn ended)" in t.said()
    t.do("undo")
    assert t.c("Sera").pools["stunt"].value == 4
    assert (t.active, t.c("Sera").has("prepared")) == ("sera", False)


def test_prepare_is_not_allowed_after_a_major_action():
    """dragon_age.md §2.2 [S]: no Prepare if you already took a major action this turn."""
    t = table()
    t.do("defend Sera")
    with pytest.raises(CommandError, match="Prepare is not allowed"):
        t.do("prepare Sera attack")


def test_prepare_after_a_minor_action_is_allowed():
    """dragon_age.md §2.2/§2.3 [S]: Prepare is a minor action; one minor before it still leaves room for it."""
    t = table()
    t.do("aim Sera", "prepare Sera attack")
    assert t.c("Sera").has("prepared") and t.active == "ogre"


def test_prepare_only_on_its_own_turn():
    """dragon_age.md §2.2 [S]: Prepare is an action of its own turn."""
    t = table()
    with pytest.raises(CommandError, match="Prepare is taken on the combatant's own turn"):
        t.do("prepare Ogre attack")


def test_prepared_action_interrupts_without_changing_the_order():
    """dragon_age.md §2.2 [S]/[I]: the held major action interrupts another; initiative does not change."""
    t = table()
    t.do("prepare Sera attack")
    assert t.active == "ogre"
    t.rolls(1, 2, 3)
    t.do("attack Sera Ogre")
    assert any("Sera interrupts with their prepared action" in s for s in t.said())
    assert not t.c("Sera").has("prepared")
    assert t.order == ["sera", "ogre"]
    t.do("next")
    assert (t.active, t.state.round) == ("sera", 2)


def test_unused_prepared_action_is_lost_at_its_next_turn():
    """dragon_age.md §2.2 [S]: if unused when your next turn starts, it is lost."""
    t = table()
    t.do("prepare Sera attack", "next")
    assert (t.active, t.state.round) == ("sera", 2)
    assert not t.c("Sera").has("prepared")
    assert "Sera's prepared action is lost: their turn has come" in t.said()


def test_out_of_turn_action_without_preparation_is_not_counted():
    """dragon_age.md §2.2/§2.3: out of turn only a prepared action counts; anything else is logged as not counted."""
    t = table()
    t.do("defend Ogre")
    assert "Ogre acts out of its turn (defend): not counted" in t.said()


def test_delay_and_ready_do_not_exist():
    """dragon_age.md §2.2: no delay action; ready is Prepare."""
    t = table()
    with pytest.raises(CommandError, match="use prepare"):
        t.do("delay")
    with pytest.raises(CommandError, match="use prepare"):
        t.do("ready when the ogre moves")


def test_dying_cannot_act():
    """dragon_age.md §2.6 [S]: a dying character may speak but take no other action."""
    t = table()
    t.do("dmg Sera 30")
    assert t.c("Sera").life == "dying"
    with pytest.raises(CommandError, match="dying and cannot act"):
        t.do("move Sera")


def test_spanish_verbs():
    """Spanish aliases of the action verbs (apuntar, defender)."""
    t = table()
    t.do("apuntar Sera", "defender Sera")
    assert t.c("Sera").has("defending")


# -- the budget on the sheet (action_budget) and the `action` verb ------------------------------


def slots(t: Table, who: str):
    return [(s.en, s.used, s.command) for s in t.session.ruleset.sheet.action_budget(t.state, t.c(who))]


def test_budget_one_major_and_one_minor_or_two_minor():
    """dragon_age.md §2.3 [S]: one major + one minor, or two minor; each slot names the verb that ticks it."""
    t = table()
    assert slots(t, "Sera") == [("Major", False, "major sera"), ("Minor", False, "minor sera")]
    t.do("minor Sera")
    assert slots(t, "Sera") == [("Major", False, "major sera"), ("Minor", True, None), ("Minor", False, "minor sera")]
    t.do("minor Sera")
    assert slots(t, "Sera") == [("Minor", True, None), ("Minor", True, None)]


def test_budget_after_a_major_action():
    """dragon_age.md §2.3 [S]: after the major, one minor is left."""
    t = table()
    t.do("defend Sera")
    assert slots(t, "Sera") == [("Major", True, None), ("Minor", False, "minor sera")]
    t.do("minor sera")
    assert slots(t, "Sera") == [("Major", True, None), ("Minor", True, None)]


def test_budget_commands_tick_the_turn():
    t = table()
    for en, used, command in slots(t, "Sera"):
        if en == "Major":
            t.do(command)
    assert "actions: 1 minor action left" in status(t, "Sera")


def test_budget_only_on_its_turn_and_not_when_dying():
    """dragon_age.md §2.3: actions are counted for the combatant whose turn it is; the dying cannot act (dragon_age.md §2.6)."""
    t = table()
    assert slots(t, "Ogre") == []
    t.do("dmg Sera 40")
    assert t.c("Sera").life == "dying" and slots(t, "Sera") == []


def test_action_verb_counts_a_major_or_minor():
    """`action NAME major|minor` is `major NAME` / `minor NAME` (Spanish: accion, mayor, menor)."""
    t = table()
    t.do("action Sera major drink")
    assert slots(t, "Sera")[0] == ("Major", True, None)
    t.do("accion Sera menor")
    with pytest.raises(CommandError, match="no actions left"):
        t.do("action Sera minor")
    with pytest.raises(CommandError, match="expected major or minor"):
        t.do("action Sera swift")
