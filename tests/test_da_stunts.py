"""Dragon Age stunts: spending points, effects, once per round, vanishing points."""

from __future__ import annotations

import pytest

from conftest import Table
from gm_console.i18n import render
from gm_console.engine.language.commands import CommandError


def table(options=None) -> Table:
    t = Table("dragon_age", options)
    t.do("add Alistair pc health=30 str=3 dex=1 weapon=2d6 focus=heavy-blades weapon_focus=heavy-blades "
         "defense=12",
         "add Hurlock health=30 str=2 armor=3 defense=12",
         "add Genlock health=20 str=1 armor=2 defense=14",
         "init Alistair 16", "init Hurlock 9", "init Genlock 5", "start")
    return t


def hit(t: Table, dragon: int = 5, who: str = "Alistair", target: str = "Hurlock") -> None:
    """A hit with doubles: dragon die first; damage 2d6 = 4 + 3, +3 Str = 10 raw."""
    t.rolls(dragon, 3, 3, 4, 3)
    t.do(f"attack {who} {target}")


def sp(t: Table, who: str = "Alistair") -> int:
    pool = t.c(who).pools.get("stunt")
    return pool.value if pool else 0


def hp(t: Table, who: str) -> int:
    return t.hp(who, "health")


def test_points_wait_in_a_stunt_pool():
    """dragon_age.md §2.5 [S]: stunt points = the dragon die; the state holds them in a `stunt` pool."""
    t = table()
    hit(t, 5)
    assert sp(t) == 5
    assert hp(t, "Hurlock") == 23  # 10 - 3 armor


def json_pools(t: Table, who: str) -> dict:
    from gm_console.engine.views.export import state_dict

    doc = state_dict(t.state, t.session.ruleset)
    return next(c["pools"] for c in doc["combatants"] if c["id"] == t.c(who).id)


def test_stunt_pool_is_in_the_json_only_while_points_wait():
    """Issue 5 / dragon_age.md §2.5 [S]: the JSON `pools` has `stunt` while stunt points wait to be spent."""
    t = table()
    assert "stunt" not in json_pools(t, "Alistair")
    hit(t, 5)
    assert json_pools(t, "Alistair")["stunt"] == {"value": 5, "max": 5}
    t.rolls(4)
    t.do("stunt Alistair mighty-blow")
    assert json_pools(t, "Alistair")["stunt"] == {"value": 3, "max": 5}


def test_spending_the_last_point_removes_the_stunt_pool():
    """dragon_age.md §2.5 [S]: once the points are spent nothing waits: the `stunt` pool goes (issue 5)."""
    t = table()
    hit(t, 2)
    t.rolls(4)
    t.do("stunt Alistair mighty-blow")
    assert "stunt" not in t.c("Alistair").pools
    assert "stunt" not in json_pools(t, "Alistair")
    assert [e.kind for e in t.session.done[-1].events].count("PoolRemoved") == 1
    with pytest.raises(CommandError, match="no stunt points waiting"):
        t.do("stunt Alistair skirmish")


def test_vanishing_points_remove_the_stunt_pool():
    """dragon_age.md §2.5 [S]: unspent points are lost at the end of the turn; the `stunt` pool with them."""
    t = table()
    hit(t, 5)
    t.do("next")
    assert "stunt" not in t.c("Alistair").pools
    t.do("undo")
    assert t.c("Alistair").pools["stunt"].value == 5


def test_mighty_blow_adds_1d6_damage():
    """dragon_age.md §2.5 [S]: Mighty Blow, 2 SP: +1d6 damage (before armor, which already came off)."""
    t = table()
    hit(t, 5)
    t.rolls(4)
    t.do("stunt Alistair mighty-blow")
    assert hp(t, "Hurlock") == 19
    assert sp(t) == 3
    assert t.said()[-1] == ("Hurlock takes 4 damage: health 23 -> 19 "
                            "(Mighty Blow +1d6 (4): damage 14 - 3 armor = 11 instead of 7)")


def test_pierce_armor_halves_armor_rounding_down():
    """dragon_age.md §2.5 [S]: Pierce Armor, 2 SP: armor halved (round down) against this attack."""
    t = table()
    hit(t, 4)
    t.do("stunt Alistair pierce-armor")
    assert hp(t, "Hurlock") == 21  # 10 - 1 = 9 instead of 7
    assert sp(t) == 2


def test_pierce_armor_and_mighty_blow_combine_in_any_order():
    """dragon_age.md §2.5 [S]: stunts may be applied in any order."""
    results = []
    for order in (("pierce-armor", "mighty-blow"), ("mighty-blow", "pierce-armor")):
        t = table()
        hit(t, 4)
        t.rolls(4)
        t.do(*(f"stunt Alistair {s}" for s in order))
        results.append(hp(t, "Hurlock"))
    assert results == [17, 17]  # 10 + 4 - 1 armor = 13 damage


def test_pierce_armor_on_penetrating_damage_adds_nothing():
    """dragon_age.md §2.4/§2.5 [S]: penetrating damage already ignores armor."""
    t = table()
    t.rolls(4, 3, 3, 4, 3)
    t.do("attack Alistair Hurlock penetrating", "stunt Alistair pierce-armor")
    assert hp(t, "Hurlock") == 20
    assert "nothing more" in t.said()[-1]


def test_spanish_stunt_names_with_and_without_quotes():
    """DA issue 5: stunts by kebab-case id or Spanish name."""
    t = table()
    hit(t, 6)
    t.rolls(2)
    t.do("stunt Alistair atravesar armadura", "stunt Alistair 'golpe poderoso'", "proeza Alistair derribo")
    assert hp(t, "Hurlock") == 19  # 10 + 2 - 1 = 11 damage
    assert t.c("Hurlock").has("prone")
    assert sp(t) == 0


def test_spend_verb_buys_stunts_too():
    """dragon_age.md §2.5: the generic spend verb buys stunts."""
    t = table()
    hit(t, 6)
    t.rolls(1)
    t.do("spend Alistair stunt mighty-blow", "spend Alistair knock-prone")
    assert sp(t) == 2 and t.c("Hurlock").has("prone")


def test_knock_prone_gives_melee_plus_one():
    """dragon_age.md §2.5 [S]: Knock Prone: melee attacks against the prone target get +1."""
    t = table()
    hit(t, 2)
    t.do("stunt Alistair knock-prone")
    assert t.c("Hurlock").has("prone")
    t.rolls(1, 2, 4)
    t.do("attack Genlock Hurlock")
    assert t.said()[-1] == "Genlock attacks Hurlock: miss (7 (1,2,4; dragon 1) +1 Str +1 prone target = 9 vs Defense 12)"


def test_defensive_stance_until_the_start_of_its_next_turn():
    """dragon_age.md §2.5 [S]: Defensive Stance: +2 Defense until the start of your next turn."""
    t = table()
    hit(t, 2)
    t.do("stunt Alistair defensive-stance")
    rs = t.session.ruleset
    assert rs.sheet.effective(t.state, t.c("Alistair"))["defense"].value == 14
    t.do("next", "next")
    assert rs.sheet.effective(t.state, t.c("Alistair"))["defense"].value == 14
    t.do("next")
    assert t.active == "alistair"
    assert rs.sheet.effective(t.state, t.c("Alistair"))["defense"].value == 12


def test_skirmish_is_repeatable_and_costs_one_per_two_metres():
    """dragon_age.md §2.5 [S]: Skirmish can be used several times while points last: 2 m per point."""
    t = table()
    hit(t, 4)
    t.do("stunt Alistair skirmish 2", "stunt Alistair skirmish")
    assert sp(t) == 1
    assert "Skirmish: Alistair moves itself or Hurlock 2 m" == t.said()[-1]
    assert any(s.endswith("4 m") for s in t.said())


def test_each_stunt_once_per_round():
    """dragon_age.md §2.5 [S]: each stunt only once per round."""
    t = table()
    hit(t, 6)
    t.rolls(1)
    t.do("stunt Alistair mighty-blow")
    with pytest.raises(CommandError, match="already used Mighty Blow this round"):
        t.do("stunt Alistair mighty-blow")


def test_once_per_round_spans_two_attacks_in_the_same_round():
    """dragon_age.md §2.5 [S]: "once per round", not once per attack."""
    t = table()
    hit(t, 6)
    t.rolls(1)
    t.do("stunt Alistair mighty-blow", "next")
    hit(t, 6)  # out of its turn (the GM allows an interruption): same round 1
    with pytest.raises(CommandError, match="already used Mighty Blow this round"):
        t.do("stunt Alistair mighty-blow")
    t.do("stunt Alistair pierce-armor")


def test_the_stunt_is_available_again_next_round():
    """dragon_age.md §2.5 [S]: across the round boundary the stunt can be used again."""
    t = table()
    hit(t, 6)
    t.rolls(1)
    t.do("stunt Alistair mighty-blow", "next", "next", "next")
    assert (t.active, t.state.round) == ("alistair", 2)
    hit(t, 6)
    t.rolls(1)
    t.do("stunt Alistair mighty-blow")
    assert sp(t) == 4


def test_unspent_points_vanish_at_the_end_of_the_turn():
    """dragon_age.md §2.5 [S]: SP must be spent at once; unspent points are lost (at the end of the turn)."""
    t = table()
    hit(t, 5)
    t.do("next")
    assert sp(t) == 0
    assert "Alistair's 5 unspent stunt points vanish (the turn ended)" in t.said()
    with pytest.raises(CommandError, match="no stunt points waiting"):
        t.do("stunt Alistair skirmish")


def test_unspent_points_vanish_at_the_next_roll():
    """dragon_age.md §2.5 [S]/[I]: the moment passes as soon as anyone rolls again."""
    t = table()
    hit(t, 5)
    t.rolls(1, 2, 3)
    t.do("test Hurlock str 10")
    assert sp(t) == 0
    assert "stunt" not in t.c("Alistair").pools


def test_not_enough_points():
    """dragon_age.md §2.5 [O?]: a stunt needs its cost in points."""
    t = table()
    hit(t, 2)
    with pytest.raises(CommandError, match="Lightning Attack costs 3 stunt points; Alistair has 2"):
        t.do("stunt Alistair lightning-attack")


def test_spell_stunts_need_spell_points():
    """dragon_age.md §2.5: spell stunts come from casting rolls, combat stunts from attacks."""
    t = table()
    hit(t, 5)
    with pytest.raises(CommandError, match="mana-shield is a spell stunt"):
        t.do("stunt Alistair mana-shield")


def test_unknown_stunt_lists_the_known_ones():
    """An unknown stunt is refused naming the known ones."""
    t = table()
    hit(t, 5)
    with pytest.raises(CommandError, match="unknown stunt 'backflip'; stunts: skirmish, rapid-reload"):
        t.do("stunt Alistair backflip")


def test_class_reduced_cost():
    """dragon_age.md §2.5 [S]: classes may buy stunts for fewer points (cost=N)."""
    t = table()
    hit(t, 3)
    t.do("stunt Alistair seize cost=3")
    assert sp(t) == 0


def test_lightning_attack_second_attack_costs_no_action_and_earns_no_points():
    """dragon_age.md §2.5 [S]: Lightning Attack: a second attack; doubles on it give no stunt points."""
    t = table()
    hit(t, 3)
    t.do("stunt Alistair lightning-attack")
    t.rolls(6, 6, 2, 1, 1)
    t.do("attack Alistair Genlock")  # its major action is spent, but this one is free
    assert sp(t) == 0
    assert "Doubles on the Lightning Attack's second attack: no stunt points" in t.said()
    assert hp(t, "Genlock") == 17  # 2 + 3 - 2
    t.rolls(1, 2, 3)
    with pytest.raises(CommandError, match="already taken their major action"):
        t.do("attack Alistair Genlock")


def test_dual_strike_applies_the_same_roll_to_a_second_target():
    """dragon_age.md §2.5 [S]: Dual Strike: the same attack result vs a second target; hit -> normal damage."""
    t = table()
    t.rolls(4, 4, 6, 4, 3)  # 14 + 5 = 19: hits Hurlock (12) and Genlock (14)
    t.do("attack Alistair Hurlock")
    t.rolls(5, 5)
    t.do("stunt Alistair dual-strike Genlock")
    assert hp(t, "Genlock") == 9  # 10 + 3 - 2 = 11 damage
    assert "Dual Strike on Genlock: hit (the attack roll 19 vs Defense 14)" in t.said()


def test_dual_strike_can_miss_the_second_target():
    """dragon_age.md §2.5 [S]: Dual Strike uses the same roll; it can miss the second target."""
    t = table()
    hit(t, 4)  # 4,3,3 = 10 + 5 = 15 vs Genlock 14: hit; make Genlock harder
    t.do("set Genlock defense=16", "stunt Alistair dual-strike Genlock")
    assert hp(t, "Genlock") == 20
    assert t.said()[-1] == "Dual Strike on Genlock: miss (the attack roll 15 vs Defense 16)"


def test_disarm_opposed_rolls():
    """dragon_age.md §2.5 [S]: Disarm: opposed attack rolls (no stunt points); the weapon lands 1d6 + Str m away."""
    t = table()
    hit(t, 2)
    t.rolls(4, 4, 4, 1, 1, 1, 3)
    t.do("stunt Alistair disarm")
    assert t.c("Hurlock").has("disarmed")
    assert t.said()[-1].startswith("Disarm: Hurlock's weapon lands 6 m away (Alistair ")
    assert t.said()[-1].endswith("; 1d6 3 + Str)")
    assert sp(t) == 0


def test_disarm_cost_option():
    """dragon_age.md §2.5: Disarm costs 2 (some printings 3): a table option."""
    t = table({"disarm_cost": 3})
    hit(t, 2)
    with pytest.raises(CommandError, match="Disarm costs 3"):
        t.do("stunt Alistair disarm")


def test_rapid_reload_is_narrated():
    """dragon_age.md §2.5 [S]: Rapid Reload (1 SP)."""
    t = table()
    hit(t, 1)
    t.do("stunt Alistair rapid-reload")
    assert t.said()[-1] == "Rapid Reload: Alistair's missile weapon is loaded again"


def test_spend_modal_lists_the_stunts_available_now_with_costs():
    """dragon_age.md §2.5: the spend modal offers only what the waiting points buy now (issue 10):
    not a stunt used this round, not one costing more than is left."""
    t = table()
    hit(t, 4)
    t.rolls(1)
    t.do("stunt Alistair mighty-blow")
    [stunts] = t.session.ruleset.health.spendable(t.state, t.c("Alistair"))
    assert (stunts.resource, stunts.have, stunts.verb) == ("stunt", 2, "stunt")
    uses = {u.id: u.cost for u in stunts.uses}
    assert "mighty-blow" not in uses  # used this round
    assert "seize-the-initiative" not in uses  # 4 > 2 points
    assert uses["pierce-armor"] == 2 and uses["skirmish"] == 1
    assert render(next(u for u in stunts.uses if u.id == "pierce-armor").label, "es") == "Atravesar armadura"
    assert "2 stunt points to spend now: skirmish 1/2m, rapid-reload 1, knock-prone 2" in \
        " ".join(render(x) for x in t.session.ruleset.sheet.status(t.state, t.c("Alistair")))


def test_doubles_announce_the_menu():
    """dragon_age.md §2.5: the log offers the stunts the points can buy, with costs."""
    t = table()
    hit(t, 2)
    assert t.said()[-1] == ("Doubles (2,3,3) on a hit: Alistair earns 2 stunt points (the dragon die) (spend now "
                            "with stunt alistair STUNT: skirmish 1/2m, rapid-reload 1, knock-prone 2, "
                            "defensive-stance 2, disarm 2, mighty-blow 2, pierce-armor 2)")


def test_mighty_blow_on_a_pulled_blow_stays_pulled():
    """dragon_age.md §2.6 [S]: the pulled blow covers the whole attack, stunts included."""
    t = table()
    t.do("set Hurlock health=8/30")
    t.rolls(5, 3, 3, 4, 3)  # 10 raw - 3 = 7: health 1, not yet dropped
    t.do("attack Alistair Hurlock pull")
    assert (hp(t, "Hurlock"), t.c("Hurlock").life) == (1, "ok")
    t.rolls(2, 3, 3)  # Mighty Blow 2 would drop it; 2d6 = 6 minutes
    t.do("stunt Alistair mighty-blow")
    assert (hp(t, "Hurlock"), t.c("Hurlock").life) == (1, "unconscious")
    assert t.dice.forced == []


def test_undo_takes_a_stunt_back_exactly():
    """Undo restores the points and the damage of a stunt."""
    t = table()
    hit(t, 5)
    before = t.state.copy()
    t.rolls(4)
    t.do("stunt Alistair mighty-blow", "undo")
    assert t.state == before
    assert sp(t) == 5 and hp(t, "Hurlock") == 23


def test_waiting_points_are_a_pending_warning():
    """dragon_age.md §2.5 [S]: waiting points are a warning: they must be spent now."""
    t = table()
    hit(t, 2)
    warnings = [p.render() for p in t.session.ruleset.pending(t.state)]
    assert any(w.startswith("Alistair has 2 stunt points to spend now") for w in warnings)


def test_dual_strike_needs_another_target():
    """dragon_age.md §2.5 [S]: Dual Strike needs a second, different target."""
    t = table()
    hit(t, 4)
    with pytest.raises(CommandError, match="second target other than the first"):
        t.do("stunt Alistair dual-strike Hurlock")
    with pytest.raises(CommandError, match="needs the second target"):
        t.do("stunt Alistair dual-strike")


def test_a_fixed_cost_may_be_restated_but_not_changed():
    """dragon_age.md §2.5 [O?]: Mighty Blow costs 2; `stunt NAME mighty-blow 2` is the same, 3 is refused."""
    t = table()
    hit(t, 5)
    with pytest.raises(CommandError, match="unexpected number 3"):
        t.do("stunt Alistair mighty-blow 3")
    t.rolls(1)
    t.do("stunt Alistair mighty-blow 2")
    assert sp(t) == 3
