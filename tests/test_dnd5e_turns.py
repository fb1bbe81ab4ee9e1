"""Fifth edition's turns (docs/rulesets/dnd5e.md §7): the action budget, the reaction and Ready,
legendary actions across a round, legendary resistance, Recharge."""

from __future__ import annotations

import pytest
from conftest import Table

from gm_console.engine.language.commands import CommandError
from gm_console.engine.views.export import play_log


def fight() -> Table:
    """Ana (Speed 30) at 20, the dragon (3 legendary actions, 3 legendary resistances, fire
    breath 5-6) at 15, Bo at 10."""
    t = Table("dnd5e")
    t.do("add Ana pc hp=30 speed=30", "add Bo pc hp=20",
         'add Dragon hp=200 legendary_actions=3 legendary_resistance=3 recharge="fire breath 5-6"',
         "init Ana 20", "init Dragon 15", "init Bo 10", "start")
    return t


def slots(t: Table, who: str) -> dict[str, bool]:
    return {s.id: s.used for s in t.session.ruleset.sheet.action_budget(t.state, t.c(who))}


# --- §7.2 the turn's actions --------------------------------------------------------------------------


def test_one_action_one_bonus_action_and_movement_up_to_the_speed():
    """dnd5e.md §7.2."""
    t = fight()
    t.do("action Ana action", "action Ana move 20", "accion Ana adicional")
    assert slots(t, "Ana") == {"action": True, "bonus": True, "reaction": False, "move": False}
    with pytest.raises(CommandError, match="already taken their action"):
        t.do("action Ana action")
    with pytest.raises(CommandError, match="10 ft more"):
        t.do("action Ana move 15")
    t.do("action Ana move 10")
    assert slots(t, "Ana")["move"] is True


def test_dash_adds_the_speed_and_takes_the_action():
    """dnd5e.md §7.2: Dash."""
    t = fight()
    t.do("action Ana dash", "action Ana move 60")
    with pytest.raises(CommandError):
        t.do("action Ana action")


def test_the_turns_actions_come_back_at_its_next_turn():
    t = fight()
    t.do("action Ana action", "next", "next", "next")
    assert t.active == "ana" and slots(t, "Ana")["action"] is False


def test_an_incapacitated_creature_has_no_action_nor_reaction():
    """dnd5e.md §7.2 and §4.1."""
    t = fight()
    t.do("cond Ana stunned")
    with pytest.raises(CommandError, match="no actions"):
        t.do("action Ana action")
    with pytest.raises(CommandError, match="no actions"):
        t.do("action Ana reaction")


# --- §7.3 the reaction and Ready ------------------------------------------------------------------------


def test_one_reaction_a_round_out_of_turn_back_at_its_own_turn():
    """dnd5e.md §7.3."""
    t = fight()
    t.do("next", "action Bo reaction")
    with pytest.raises(CommandError, match="already taken their reaction"):
        t.do("action Bo reaction")
    t.do("next")  # Bo's turn: back
    t.do("next", "action Bo reaction")


def test_a_readied_action_goes_off_as_the_reaction_and_keeps_the_order():
    """dnd5e.md §7.3: Ready, then `trigger` spends the reaction; the order stays Ana, Dragon, Bo."""
    t = fight()
    t.do('ready "when the dragon lands"', "next")
    assert t.active == "dragon"
    t.do("trigger Ana")
    assert t.order == ["ana", "dragon", "bo"] and t.active == "dragon"
    assert t.c("Ana").marks["reaction"] is True
    assert "as their reaction; their place in the order stays" in t.said()[-1]
    t.do('next', 'next')  # Ana's turn: reaction back
    assert t.active == "ana" and not t.c("Ana").marks.get("reaction")


def test_ready_is_refused_once_the_action_is_spent_and_a_trigger_without_reaction():
    t = fight()
    t.do("action Ana action")
    with pytest.raises(CommandError, match="Ready needs it"):
        t.do('ready "when it moves"')
    t = fight()
    t.do('ready "when it moves"', "action Ana reaction")
    with pytest.raises(CommandError, match="reaction"):
        t.do("trigger Ana")


def test_ready_takes_the_action_but_the_turn_goes_on():
    """dnd5e.md §7.3: readying spends Ana's action, not her turn: she still moves and takes a
    bonus action; the trigger can come in her own turn and spends her reaction."""
    t = fight()
    t.do('ready "when the dragon lands"')
    assert t.active == "ana"
    assert slots(t, "Ana") == {"action": True, "bonus": False, "reaction": False, "move": False}
    assert "Ana readies their action and their turn goes on" in " ".join(t.said()[-2:])
    with pytest.raises(CommandError, match="already taken their action"):
        t.do("action Ana action")
    t.do("action Ana move 30", "action Ana bonus", "trigger Ana")
    assert t.active == "ana" and t.c("Ana").marks["reaction"] is True
    t.do("next")
    assert t.active == "dragon"


def test_an_untriggered_readied_action_lapses_at_its_next_turn():
    """dnd5e.md §7.3: not triggered by the start of its next turn, it is lost."""
    t = fight()
    t.do('ready "when the dragon lands"', "next", "next", "next")
    assert t.active == "ana" and "ana" not in t.state.readied
    assert "Ana: readied action lapses" in play_log(t.session.done, t.state, t.session.ruleset, players=True)


def test_other_games_still_end_the_turn_on_ready():
    """The other games keep their Ready: it ends the turn (docs/rulesets/pathfinder1e.md)."""
    t = Table("pathfinder1e")
    t.do("add Ana hp=10", "add Bo hp=10", "init Ana 20", "init Bo 10", "start", 'ready "when Bo moves"')
    assert t.active == "bo"


def test_a_readied_spell_needs_concentration_until_released():
    """dnd5e.md §7.3: `spell=NAME` holds the spell with concentration; the trigger releases it
    (reaction spent, concentration over); damage that breaks it loses the spell; an unreleased
    one dissipates at the start of its next turn."""
    t = fight()
    t.do("concentrate Ana Bless on Bo", 'ready "when the dragon lands" spell=Fireball')
    assert t.c("Ana").marks["concentrating"]["spell"] == "Fireball"
    assert not t.c("Bo").has("bless")  # holding Fireball ended Bless (one at a time, §5.2)
    assert t.state.readied["ana"].trigger == "when the dragon lands (Fireball)"
    t.do("next", "trigger Ana")
    assert t.c("Ana").marks.get("concentrating") is None and t.c("Ana").marks["reaction"] is True
    assert "released with their reaction" in " ".join(t.said())

    t = fight()
    t.do('ready "when the dragon lands" spell=Fireball', "next")
    t.rolls(1).do("dmg Ana 5")  # a natural 1 on the Con save, DC 10
    assert "ana" not in t.state.readied and t.c("Ana").marks.get("concentrating") is None
    assert "dissipates" in " ".join(t.said())

    t = fight()
    t.do('ready "when the dragon lands" spell=Fireball', "next", "next", "next")
    assert t.active == "ana" and t.c("Ana").marks.get("concentrating") is None
    assert "dissipates" in " ".join(t.said())


# --- §7.4 legendary actions across a round ---------------------------------------------------------------


def test_legendary_actions_after_other_turns_one_each_back_at_its_turn():
    """dnd5e.md §7.4: 3 a round; one after Ana's turn, none in its own, after Bo's two (a costly
    option); at its turn all 3 again."""
    t = fight()
    t.do("legendary Dragon")
    assert t.c("Dragon").marks["legendary"] == 2
    with pytest.raises(CommandError, match="already taken a legendary action after this turn"):
        t.do("legendary Dragon")
    t.do("next")  # the dragon's turn
    with pytest.raises(CommandError, match="not in its own"):
        t.do("legendary Dragon")
    assert t.c("Dragon").marks.get("legendary") is None  # back to 3 at its turn start
    t.do("next", "legendary Dragon 2")
    with pytest.raises(CommandError, match="1 legendary actions left"):
        t.do("next", "legendary Dragon 2")
    t.do("legendary Dragon")  # after Ana's turn of round 2
    assert t.c("Dragon").marks["legendary"] == 0
    t.do("next")
    assert t.active == "dragon" and t.session.ruleset.turns.status(t.state, t.c("Dragon"))[0].render("en") == \
        "3 legendary actions left this round"


def test_the_warnings_line_offers_the_legendary_action_while_another_acts():
    t = fight()
    pend = t.session.ruleset.warnings(t.state)
    assert [p.command for p in pend] == ["legendary Dragon"]
    t.do("legendary Dragon")
    assert t.session.ruleset.warnings(t.state) == []


def test_legendary_resistance_is_spent_per_day():
    """dnd5e.md §7.5."""
    t = fight()
    t.do("legres Dragon", "legres Dragon", "resistencia-legendaria Dragon")
    assert t.hp("Dragon", "legendary_resistance") == 0
    with pytest.raises(CommandError, match="no legendary resistance left"):
        t.do("legres Dragon")


# --- §7.6 recharge ----------------------------------------------------------------------------------------


def test_a_spent_recharge_ability_rolls_at_the_start_of_the_monsters_turn():
    """dnd5e.md §7.6: 4 does not bring fire breath 5-6 back, 5 does."""
    t = fight()
    t.do("recharge Dragon fire")
    with pytest.raises(CommandError, match="not recharged"):
        t.do("recharge Dragon fire breath")
    t.rolls(4)
    t.do("next")
    assert t.c("Dragon").marks["spent"] == ("fire breath",)
    t.do("next", "next")
    t.rolls(5)
    t.do("next")
    assert t.c("Dragon").marks.get("spent") is None


def test_the_players_do_not_read_the_recharge_rolls():
    t = fight()
    t.do("recharge Dragon fire")
    t.rolls(4)
    t.do("next")
    text = play_log(t.session.done, t.state, t.session.ruleset, players=True)
    assert "fire breath" not in text and "recharge" not in text.casefold()


def test_in_its_lair_a_legendary_monster_has_one_more_use_and_one_more_resistance():
    """dnd5e.md §7.7: 3 (4 in Lair), 3/Day (4/Day in Lair)."""
    t = Table("dnd5e")
    t.do("add Ana pc hp=30", "add Dragon hp=200 legendary_actions=3 legendary_resistance=3 lair=true",
         "init Ana 20", "init Dragon 15", "start")
    assert t.hp("Dragon", "legendary_resistance") == 4
    t.do("legendary Dragon 4")
    assert t.c("Dragon").marks["legendary"] == 0
    t.do("set Dragon lair=false")
    assert t.hp("Dragon", "legendary_resistance") == 3


def test_surprised_creatures_roll_initiative_with_disadvantage_and_there_is_no_surprise_round():
    """dnd5e.md §7.1: Ana is aware, the goblin is not: 2d20kl1 for it; round 1 for everyone."""
    t = Table("dnd5e")
    t.do("add Ana pc hp=30 dex=10", "add Goblin hp=7 dex=10", "surprise Ana")
    t.rolls(12, 18, 4)
    t.do("start")
    assert (t.c("Ana").initiative, t.c("Goblin").initiative) == (12, 4)
    assert not t.state.surprise_round and t.state.round == 1
    assert "Goblin rolls initiative: disadvantage" in t.said()


def test_an_invisible_creature_rolls_initiative_with_advantage():
    t = Table("dnd5e")
    t.do("add Ana pc hp=30 dex=10", "cond Ana invisible")
    t.rolls(4, 15)
    t.do("start")
    assert t.c("Ana").initiative == 15


def test_spend_legendary_resistance_is_the_same_as_legres():
    """dnd5e.md §7.5: the spend form's line."""
    t = fight()
    t.do("spend Dragon legendary_resistance")
    assert t.hp("Dragon", "legendary_resistance") == 2
    assert "the failed save succeeds instead" in t.said()[-1]
