"""Acceptance scenarios for the Dragon Age ruleset, written as a GM would check them.

Each test drives the public surface (the command language through ``Table``, or the
``gm-console exec`` / ``show --json`` CLI) and cites the rule of
docs/rulesets/dragon_age.md ("dragon_age.md §x.y") or of the Spanish seed it checks.
Edges and round boundaries first: that is where trackers go wrong.
"""

from __future__ import annotations

import json

import pytest

from conftest import Table
from gm_console.i18n import render
from gm_console.cli import main
from gm_console.engine.language.commands import CommandError


# -- helpers ----------------------------------------------------------------------------------


def da(*lines: str, options=None) -> Table:
    t = Table("dragon_age", options)
    t.do(*lines)
    return t


def trio(**extra: str) -> Table:
    """Alistair (init 18) > Sera (14) > Hurlock (10), in combat, Alistair acting.
    Sera attacks with Dex (weapon_ability=dex), the others with Str."""
    t = Table("dragon_age")
    t.do(f"add Alistair pc health=30 str=3 con=2 dex=1 {extra.get('alistair', '')}",
         f"add Sera pc health=25 dex=3 con=1 cunning=2 weapon_ability=dex {extra.get('sera', '')}",
         f"add Hurlock health=20 str=2 armor=3 defense=11 {extra.get('hurlock', '')}",
         "init Alistair 18", "init Sera 14", "init Hurlock 10", "start")
    return t


def defense_of(t: Table, who: str) -> int:
    return t.session.ruleset.sheet.effective(t.state, t.c(who))["defense"].value


def status(t: Table, who: str) -> list[str]:
    return [render(x) for x in t.session.ruleset.sheet.status(t.state, t.c(who))]


def until(t: Table, who: str, rnd: int) -> None:
    """``next`` until it is WHO's turn in round RND."""
    for _ in range(200):
        if t.active == t.c(who).id and t.state.round == rnd:
            return
        t.do("next")
    raise AssertionError(f"never reached {who} in round {rnd}")


def stunt_points(t: Table, who: str) -> int:
    pool = t.c(who).pools.get("stunt")
    return pool.value if pool is not None else 0


def cli_json(tmp_path, rolls: str | None, *commands: str, new: bool = True) -> dict:
    path = str(tmp_path / "da.toml")
    argv = ["exec", path]
    if new:
        argv += ["--new", "dragon_age"]
    if rolls:
        argv += ["--rolls", rolls]
    assert main([*argv, "--", *commands]) == 0
    return show_json(tmp_path)


def show_json(tmp_path) -> dict:
    import contextlib
    import io

    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert main(["show", str(tmp_path / "da.toml"), "--json"]) == 0
    return json.loads(buf.getvalue())


def who(data: dict, cid: str) -> dict:
    return next(c for c in data["combatants"] if c["id"] == cid)


# == dragon_age.md §2.1 core test, dragon die, opposed tests ==================================================


def test_seed_example_sera_swims_18_toro_20():
    """Seed 'Sera reta a Toro de Hierro': 15 (3d6) + 1 CON + 2 Nadar = 18; 17 + 3 CON = 20."""
    t = da("add Sera pc health=25 Constitución=1 focus=swimming,healing",
           'add "Toro de Hierro" health=40 constitution=3')
    t.do("test Sera con:swimming 19 15")
    assert t.said()[-1].startswith("Sera tests Con (swimming): 15 (3d6 sum given) +1 Con +2 swimming = 18 vs TN 19:"
                                   " failure by 1")
    t.do("test Toro con:swimming 20 17")  # no focus: no +2
    assert "= 20 vs TN 20: success" in t.said()[-1]
    assert "lacks the swimming focus" in t.said()[-1]


def test_seed_example_as_an_opposed_test():
    """dragon_age.md §2.1: opposed test, higher total wins (Toro 20 beats Sera 18)."""
    t = da("add Sera pc health=25 con=1 focus=swimming", 'add "Toro de Hierro" health=40 con=3')
    t.do("contest Sera con:swimming Toro con 15 17")
    assert t.said()[-1].startswith("Opposed test: Toro de Hierro wins (")


@pytest.mark.parametrize("dd,word", [(1, "barely"), (6, "flawlessly")])
def test_dragon_die_is_the_first_die_and_the_degree(dd, word):
    """dragon_age.md §2.1 [S]: the first die is the Dragon Die; on a success it is the degree (1 barely, 6 flawless)."""
    t = da("add Sera pc health=25 dex=2")
    t.do(f"test Sera dex 10 {dd},4,3")
    assert t.said()[-1].endswith(f"success, degree {dd}: {word}")


def test_success_needs_total_at_least_tn_and_failure_has_no_degree():
    """dragon_age.md §2.1 [S]: success if total >= TN; the dragon die is irrelevant on a failure."""
    t = da("add Sera pc health=25 dex=2")
    t.do("test Sera dex 12 6,2,2")  # 10 + 2 = 12 = TN
    assert "success, degree 6" in t.said()[-1]
    t.do("test Sera dex 13 6,2,2")
    assert t.said()[-1].endswith("failure by 1")
    assert "degree" not in t.said()[-1]


def test_focus_only_with_the_focus_on_the_sheet_and_long_spanish_names():
    """dragon_age.md §2.1 [S]: +2 only if the character has the focus; abilities by long/Spanish names."""
    t = da("add Wynne pc health=20 Astucia=3 focus=healing")
    t.do("test Wynne astucia:healing 15 10")
    assert "10 (3d6 sum given) +3 Cun +2 healing = 15" in t.said()[-1]
    t.do("test Wynne Cunning:lore 15 10")
    assert "= 13 vs TN 15" in t.said()[-1]


def test_opposed_tie_goes_to_the_higher_dragon_die():
    """dragon_age.md §2.1 [O?]: tie -> higher Dragon Die wins."""
    t = da("add Sera pc health=25 dex=2", "add Zev health=25 dex=2")
    t.do("contest Sera dex Zev dex 2,5,5 5,3,4")  # 12 + 2 = 14 both; DD 2 vs 5
    assert t.said()[-1].startswith("Opposed test: Zev wins (")


def test_opposed_tie_same_dragon_die_goes_to_higher_ability():
    """dragon_age.md §2.1 [O?]: tie and same Dragon Die -> higher ability wins."""
    t = da("add Sera pc health=25 dex=3", "add Zev health=25 dex=1")
    t.do("contest Sera dex Zev dex 4,2,2 4,4,2")  # 8 + 3 = 11; 10 + 1 = 11; DD 4 both
    assert t.said()[-1].startswith("Opposed test: Sera wins (")


def test_perception_tests_are_hidden():
    """dragon_age.md §2.1 [S]: Perception tests are rolled hidden by the GM."""
    t = da("add Sera pc health=25 perception=2")
    entry = t.do("test Sera percepción 10 4,4,4")
    said = [e for e in entry.events if e.kind == "Said"]
    assert said and all(e.gm_only for e in said)


# == dragon_age.md §2.2 initiative, ties, Seize the Initiative, Prepare ==================================================


def test_initiative_3d6_plus_dex_highest_first():
    """dragon_age.md §2.2 [S]: 3d6 + Dexterity, order highest -> lowest."""
    t = da("add Sera pc health=25 dex=3", "add Ogre health=60 dex=-1")
    t.rolls(2, 2, 2, 6, 6, 5)  # Sera 6 + 3 = 9; Ogre 17 - 1 = 16
    t.do("start")
    assert (t.c("Sera").initiative, t.c("Ogre").initiative) == (9, 16)
    assert t.order == ["ogre", "sera"]
    assert t.active == "ogre"


def test_initiative_ties_dragon_die_then_dex():
    """dragon_age.md §2.2 [O?]: ties -> higher Dragon Die first; still tied -> higher Dexterity."""
    t = da("add A health=20 dex=1", "add B health=20 dex=1", "add C health=20 dex=2")
    # A: 3,6,4 = 13 + 1 = 14 (DD 3); B: 5,4,4 = 13 + 1 = 14 (DD 5); C: 5,5,2 = 12 + 2 = 14 (DD 5, Dex 2)
    t.rolls(3, 6, 4, 5, 4, 4, 5, 5, 2)
    t.do("start")
    assert [t.c(x).initiative for x in "ABC"] == [14, 14, 14]
    assert t.order == ["c", "b", "a"]


def test_order_is_fixed_for_the_encounter():
    """dragon_age.md §2.2 [O]: the order stays the same round after round."""
    t = trio()
    seen = []
    for _ in range(6):
        seen.append(t.active)
        t.do("next")
    assert seen == ["alistair", "sera", "hurlock"] * 2


def test_seize_the_initiative_costs_4_and_goes_on_from_the_old_slot():
    """dragon_age.md §2.2/§2.5 [S]: Seize (4 SP) -> top now; the round continues with whoever followed
    the old slot; from the next round the seizer acts first."""
    t = trio()
    t.do("next")  # Sera's turn, round 1
    t.rolls(4, 4, 1, 2)  # 9 + Dex 3 = 12 vs Defense 11: hit with doubles, SP = 4; 1d3 = 2
    t.do("attack Sera Hurlock")
    assert stunt_points(t, "Sera") == 4
    t.do("stunt Sera tomar la iniciativa")
    assert stunt_points(t, "Sera") == 0
    assert t.order[0] == "sera"
    t.do("next")
    assert (t.state.round, t.active) == (1, "hurlock")  # whoever followed her old slot
    t.do("next")
    assert (t.state.round, t.active) == (2, "sera")
    seen = []
    for _ in range(3):
        seen.append(t.active)
        t.do("next")
    assert seen == ["sera", "alistair", "hurlock"]
    assert (t.state.round, t.active) == (3, "sera")


def test_seize_by_someone_else_pushes_the_first_seizer_to_second():
    """dragon_age.md §2.2 [S]: you stay on top until someone else seizes it (they go above, you drop to second)."""
    t = trio()
    t.do("next")
    t.rolls(4, 4, 1, 2)
    t.do("attack Sera Hurlock", "stunt Sera seize-the-initiative", "next")  # Hurlock
    t.rolls(5, 5, 3, 1)  # Hurlock: 13 + 2 Str = 15 vs Alistair's Defense 11: hit, SP 5
    t.do("attack Hurlock Alistair", "stunt Hurlock seize")
    assert t.order == ["hurlock", "sera", "alistair"]
    t.do("next")
    assert (t.state.round, t.active) == (2, "hurlock")
    seen = []
    for _ in range(3):
        seen.append(t.active)
        t.do("next")
    assert seen == ["hurlock", "sera", "alistair"]


def test_seized_top_is_kept_against_a_newcomer_with_higher_initiative():
    """dragon_age.md §2.2 [S]: the seizer stays on top until someone else *seizes* it."""
    t = trio()
    t.do("next")
    t.rolls(4, 4, 1, 2)
    t.do("attack Sera Hurlock", "stunt Sera seize", "add Ogre health=60", "init Ogre 30")
    assert t.order[0] == "sera"
    assert t.order.index("ogre") < t.order.index("alistair")


def test_seize_with_four_points_needs_four():
    """dragon_age.md §2.5 [O?]: Seize the Initiative costs 4 SP: 3 points are not enough."""
    t = trio()
    t.do("next")
    t.rolls(3, 3, 5, 2)  # 11 + 3 = 14: hit, SP 3
    t.do("attack Sera Hurlock")
    with pytest.raises(CommandError):
        t.do("stunt Sera seize-the-initiative")
    assert stunt_points(t, "Sera") == 3


def test_prepare_is_minor_ends_the_turn_and_holds_a_major_action():
    """dragon_age.md §2.2 [S]: Prepare (minor): the turn ends at once; before its next turn it may
    interrupt with the major action; the order does not change."""
    t = trio()
    t.do("prepare Alistair attack the hurlock")
    assert t.active == "sera"  # its turn ended immediately
    assert t.c("Alistair").has("prepared")
    t.do("next")  # Hurlock's turn
    t.rolls(3, 4, 5, 2)  # 12 + 3 = 15 vs 11: hit, no doubles; damage 1d3 = 2 + 3 Str - 3 armor = 2
    t.do("attack Alistair Hurlock")
    assert t.hp("Hurlock", "health") == 18
    assert not t.c("Alistair").has("prepared")
    assert t.order == ["alistair", "sera", "hurlock"]
    assert t.active == "hurlock"


def test_prepare_not_allowed_after_a_major_action():
    """dragon_age.md §2.2 [S]: no Prepare if you already took a major action this turn."""
    t = trio()
    t.do("defend Alistair")
    with pytest.raises(CommandError):
        t.do("prepare Alistair attack")


def test_unused_prepared_action_is_lost_when_its_next_turn_starts():
    """dragon_age.md §2.2 [S]: if unused when your next turn starts, it is lost."""
    t = trio()
    t.do("prepare Alistair attack", "next")
    assert t.active == "hurlock"
    assert t.c("Alistair").has("prepared")  # still held during Hurlock's turn
    t.do("next")  # round 2, Alistair's turn starts
    assert (t.state.round, t.active) == (2, "alistair")
    assert not t.c("Alistair").has("prepared")


def test_prepared_action_can_interrupt_in_the_next_round_before_its_turn():
    """dragon_age.md §2.2 [S]: 'any time before your next turn': the held action survives the round boundary."""
    t = Table("dragon_age")
    t.do("add Hurlock health=20 str=2 armor=3 defense=11", "add Sera pc health=25 dex=3",
         "init Hurlock 18", "init Sera 14", "start", "next")  # Sera's turn, round 1
    t.do("prepare Sera attack")  # her turn ends: round 2, Hurlock acts before Sera
    assert (t.state.round, t.active) == (2, "hurlock")
    assert t.c("Sera").has("prepared")
    t.rolls(3, 4, 5, 2)  # 12 + 3 = 15: hit; 1d3 2 + 0 - 3 armor = 0
    t.do("attack Sera Hurlock")
    assert not t.c("Sera").has("prepared")


# == dragon_age.md §2.3 action economy ==================================================================================


def test_one_major_and_one_minor_or_two_minor_never_two_major():
    """dragon_age.md §2.3 [S]: 1 major + 1 minor, or 2 minor; never 2 majors."""
    t = trio()
    t.do("defend Alistair")
    with pytest.raises(CommandError):
        t.do("run Alistair")
    t.do("move Alistair")
    with pytest.raises(CommandError):
        t.do("move Alistair")
    t.do("next")
    t.do("move Sera", "aim Sera")
    with pytest.raises(CommandError):
        t.do("attack Sera Hurlock")


def test_aim_plus_one_on_the_next_attack_even_next_turn():
    """dragon_age.md §2.3 [S]/[O]: Aim +1 on the next attack if it is the next action, even on the next turn."""
    t = trio()
    t.do("next", "aim Sera", "next", "next", "next")  # round 2, Sera again
    assert (t.state.round, t.active) == (2, "sera")
    t.rolls(2, 3, 5, 1)  # 10 + 3 Dex +1 aim = 14... vs Defense 11
    t.do("attack Sera Hurlock dex")
    assert "+1 aim = 14" in [s for s in t.said() if s.startswith("Sera attacks")][-1]
    assert not t.c("Sera").has("aiming")


def test_aim_exactly_reaches_defense():
    """dragon_age.md §2.3/§2.4 [S]: Aim's +1 can turn a miss into a hit (hit if >= Defense)."""
    t = trio()
    t.do("next", "aim Sera")
    t.rolls(2, 1, 4, 3)  # 7 + 3 + 1 = 11 = Defense 11: hit
    t.do("attack Sera Hurlock")
    assert any(s.startswith("Sera attacks Hurlock: hit (") and "+1 aim = 11 vs Defense 11" in s for s in t.said())


def test_aim_lost_if_the_next_action_is_not_an_attack():
    """dragon_age.md §2.3 [S]: Aim only if your next action is the attack."""
    t = trio()
    t.do("next", "aim Sera", "move Sera")
    assert not t.c("Sera").has("aiming")


def test_defend_plus_two_until_the_start_of_its_next_turn():
    """dragon_age.md §2.3 [S]: Defend +2 Defense until the start of your next turn (over the round boundary)."""
    t = trio()
    t.do("next")  # Sera: base 10 + Dex 3 = 13
    assert defense_of(t, "Sera") == 13
    t.do("defend Sera")
    assert defense_of(t, "Sera") == 15
    t.do("next")  # Hurlock
    assert defense_of(t, "Sera") == 15
    t.do("next")  # round 2 Alistair
    assert defense_of(t, "Sera") == 15
    t.do("next")  # round 2 Sera: ends at the start of her turn
    assert (t.state.round, t.active) == (2, "sera")
    assert defense_of(t, "Sera") == 13


def test_defend_counts_against_an_attack_between_turns():
    """dragon_age.md §2.3/§2.4 [S]: an attack while defending is rolled against Defense + 2."""
    t = trio()
    t.do("next", "defend Sera", "next")
    t.rolls(4, 3, 5, 3)  # 12 + 2 Str = 14 vs 15: miss
    t.do("attack Hurlock Sera")
    assert t.hp("Sera", "health") == 25
    assert any(s.startswith("Hurlock attacks Sera: miss (") and "14 vs Defense 15" in s for s in t.said())


def test_charge_plus_one():
    """dragon_age.md §2.3 [S]: Charge: half Speed then melee at +1."""
    t = trio()
    t.rolls(2, 3, 2, 1)  # 7 + 3 Str + 1 charge = 11 vs 11: hit
    t.do("charge Alistair Hurlock")
    assert any("+1 charge = 11 vs Defense 11" in s and "hit" in s for s in t.said())


def test_run_twice_speed_and_not_while_prone():
    """dragon_age.md §2.3 [S]: Run up to 2 x Speed; not while prone (stand up with a Move first)."""
    t = trio()
    t.do("next", "run Sera")
    assert t.said()[-1].startswith("Sera runs up to 26 m")  # Speed 10 + 3
    t.do("next", "next", "next", "cond Sera prone")
    with pytest.raises(CommandError):
        t.do("run Sera")
    t.do("move Sera stand")
    assert t.said()[-1] == "Sera stands up and moves up to 6 m (half Speed)"
    assert not t.c("Sera").has("prone")


def test_heal_action_tn_11_restores_1d6_plus_cunning_and_locks_out():
    """dragon_age.md §2.3 [S]: Heal: Cunning (Healing) TN 11; 1d6 + Cunning; no more Heal actions on that
    ally until it takes more damage."""
    t = trio(sera="focus=healing")
    t.do("dmg Alistair 15")
    t.do("next")
    t.rolls(3, 2, 4, 5)  # 9 + 2 Cun + 2 focus = 13 >= 11; 1d6 = 5 -> +7
    t.do("aid Sera Alistair")
    assert t.hp("Alistair", "health") == 22
    t.do("next", "next", "next")  # round 2 Sera
    with pytest.raises(CommandError):
        t.do("aid Sera Alistair")
    t.do("dmg Alistair 1")
    t.rolls(3, 2, 4, 1)
    t.do("aid Sera Alistair")
    assert t.hp("Alistair", "health") == 24


def test_heal_action_at_tn_11_exactly_succeeds_and_failure_sets_no_lockout():
    """dragon_age.md §2.3 [S]: TN 11 (>= succeeds); a failed Heal sets no lockout (dragon_age.md §2.11 [I])."""
    t = trio()
    t.do("dmg Alistair 10", "next")
    t.rolls(2, 2, 4)  # 8 + 2 = 10 < 11: fails
    t.do("aid Sera Alistair")
    assert t.hp("Alistair", "health") == 20 and not t.c("Alistair").has("heal-lockout")
    t.do("next", "next", "next")
    t.rolls(3, 2, 4, 6)  # 9 + 2 = 11: success; 6 + 2 = 8
    t.do("aid Sera Alistair")
    assert t.hp("Alistair", "health") == 28


def test_heal_amount_option_dragon_die():
    """dragon_age.md §2.3 [Δ official]: option heal_amount=dragon -> Dragon Die + Cunning."""
    t = trio()
    t.do("option heal_amount dragon", "dmg Alistair 10", "next")
    t.rolls(4, 3, 4)  # 11 + 2 = 13; heal DD 4 + 2 = 6
    t.do("aid Sera Alistair")
    assert t.hp("Alistair", "health") == 26


def test_coup_de_grace_kills_a_dying_or_unconscious_target():
    """dragon_age.md §2.3 [S] Rematar: major action vs a dying or unconscious target -> automatic death."""
    t = trio()
    t.do("dmg Sera 25")
    assert t.c("Sera").life == "dying"
    t.do("next", "next")  # Hurlock
    t.do("coup Hurlock Sera")
    assert t.c("Sera").life == "dead"


def test_coup_de_grace_refused_on_a_standing_target():
    """dragon_age.md §2.3 [S]: only a dying or unconscious target."""
    t = trio()
    with pytest.raises(CommandError):
        t.do("coup Alistair Hurlock")


def test_ranged_coup_de_grace_rolls_against_defense_10():
    """dragon_age.md §2.3 [S]: ranged coup de grace: attack roll vs Defense 10; a hit = death."""
    t = trio(sera="weapon_kind=bow")
    t.do("dmg Hurlock 9 pull")  # 9 - 3 armor = 6 of 20: not enough to drop it
    assert t.c("Hurlock").life == "ok"
    t.do("dmg Hurlock 30 pull")
    assert (t.hp("Hurlock", "health"), t.c("Hurlock").life) == (1, "unconscious")
    t.do("next")
    t.do("coup Sera Hurlock ranged 2,2,2")  # 6 + 3 Dex = 9 < 10: miss
    assert t.c("Hurlock").life == "unconscious"
    t.do("next", "next", "next")
    t.do("coup Sera Hurlock ranged 3,2,2")  # 7 + 3 = 10: hit
    assert t.c("Hurlock").life == "dead"


# == dragon_age.md §2.4 attacks and damage ==============================================================================


def test_attack_hits_on_equal_defense_and_damage_is_dice_plus_str_minus_armor():
    """dragon_age.md §2.4 [S]: hit if >= Defense; damage = weapon dice + Str - armor."""
    t = trio(alistair="weapon=2d6")
    t.rolls(1, 2, 5, 6, 4)  # 8 + 3 = 11 vs 11: hit; 2d6 = 10 + 3 Str - 3 armor = 10
    t.do("attack Alistair Hurlock")
    assert t.hp("Hurlock", "health") == 10


def test_attack_one_short_misses():
    """dragon_age.md §2.4 [S]: below Defense is a miss, no damage."""
    t = trio(alistair="weapon=2d6")
    t.do("attack Alistair Hurlock 1,2,4")  # 7 + 3 = 10 < 11
    assert t.hp("Hurlock", "health") == 20


def test_bows_add_perception_not_strength():
    """dragon_age.md §2.4 [S]: bows add Perception instead of Strength to damage."""
    t = trio(sera="weapon=1d6 weapon_kind=bow str=4 perception=1")
    t.do("next")
    t.rolls(6, 4, 1, 5)  # 11 + 3 Dex = 14: hit; 1d6 5 + 1 Per - 3 armor = 3
    t.do("attack Sera Hurlock")
    assert t.hp("Hurlock", "health") == 17


def test_armor_can_absorb_all_damage():
    """dragon_age.md §2.4 [S]: the result may be 0 (no damage)."""
    t = trio(hurlock="armor=10")
    t.do("dmg Hurlock 9")
    assert t.hp("Hurlock", "health") == 20


def test_penetrating_damage_ignores_armor():
    """dragon_age.md §2.4 [S]: armor is not subtracted from penetrating damage."""
    t = trio(alistair="weapon=1d6")
    t.rolls(2, 3, 6, 4)  # 11 + 3: hit; 4 + 3 = 7, penetrating
    t.do("attack Alistair Hurlock penetrating")
    assert t.hp("Hurlock", "health") == 13


def test_health_never_below_zero():
    """dragon_age.md §2.4/§2.6 [S]: Health never goes below 0."""
    t = trio()
    t.do("dmg Sera 99")
    assert t.hp("Sera", "health") == 0
    t.do("dmg Sera 5")
    assert t.hp("Sera", "health") == 0


# == dragon_age.md §2.5 stunts =========================================================================================


@pytest.mark.parametrize("dice,points", [((3, 5, 5), 3), ((5, 5, 2), 5), ((4, 2, 4), 4), ((6, 6, 6), 6),
                                         ((1, 1, 1), 1)])
def test_doubles_on_any_two_dice_give_the_dragon_die_in_points(dice, points):
    """dragon_age.md §2.5 [S]: doubles on any two of the three dice (the DD need not be one; triples count)
    on a hit: SP = Dragon Die."""
    t = trio(hurlock="defense=3")
    t.rolls(*dice, 1)
    t.do("attack Alistair Hurlock")
    assert stunt_points(t, "Alistair") == points


def test_doubles_on_a_miss_give_no_points():
    """dragon_age.md §2.5 [S]: only a successful attack generates SP."""
    t = trio(hurlock="defense=18")
    t.do("attack Alistair Hurlock 6,6,2")  # 14 + 3 = 17 < 18
    assert stunt_points(t, "Alistair") == 0
    assert "stunt" not in t.c("Alistair").pools


def test_no_doubles_no_points():
    """dragon_age.md §2.5 [S]: no doubles, no SP."""
    t = trio()
    t.rolls(6, 5, 4, 1)
    t.do("attack Alistair Hurlock")
    assert "stunt" not in t.c("Alistair").pools


def test_unspent_points_vanish_at_the_end_of_the_turn():
    """dragon_age.md §2.5 [S]: SP must be spent immediately; unspent SP are lost."""
    t = trio()
    t.rolls(5, 5, 1, 1)
    t.do("attack Alistair Hurlock")
    assert stunt_points(t, "Alistair") == 5
    t.do("next")
    assert "stunt" not in t.c("Alistair").pools
    with pytest.raises(CommandError):
        t.do("stunt Alistair mighty-blow")


def test_mighty_blow_adds_1d6_and_pierce_armor_halves_armor_round_down():
    """dragon_age.md §2.5 [S]: Mighty Blow +1d6 damage; Pierce Armor halves armor (round down) vs this attack."""
    t = trio(alistair="weapon=2d6", hurlock="armor=5")
    t.rolls(4, 4, 2, 3, 3, 5)  # 10 + 3 = 13 vs 11: hit, SP 4; 2d6 6 + 3 = 9 - 5 = 4 -> 16
    t.do("attack Alistair Hurlock")
    assert t.hp("Hurlock", "health") == 16
    t.do("stunt Alistair pierce-armor")  # armor 5 -> 2: 9 - 2 = 7 -> 13
    assert t.hp("Hurlock", "health") == 13
    t.do("stunt Alistair golpe poderoso")  # +1d6 5: 14 - 2 = 12 -> 8
    assert t.hp("Hurlock", "health") == 8
    assert stunt_points(t, "Alistair") == 0


def test_pierce_armor_does_not_stay_on_the_target():
    """dragon_age.md §2.5 [S]: Pierce Armor works 'contra este ataque' only."""
    t = trio(alistair="weapon=2d6", hurlock="armor=5")
    t.rolls(2, 2, 6, 3, 3)  # 10 + 3: hit, SP 2
    t.do("attack Alistair Hurlock", "stunt Alistair atravesar armadura")
    assert t.hp("Hurlock", "health") == 13  # 9 - 2
    t.do("dmg Hurlock 6")  # full armor again
    assert t.hp("Hurlock", "health") == 12


def test_each_stunt_once_per_round_but_skirmish_repeats():
    """dragon_age.md §2.5 [S]: each stunt once per round, except Skirmish (repeatable while SP last)."""
    t = trio(hurlock="defense=3")
    t.rolls(6, 6, 1, 1)
    t.do("attack Alistair Hurlock")
    t.do("stunt Alistair skirmish", "stunt Alistair hostigar 2")
    assert stunt_points(t, "Alistair") == 3
    t.do("stunt Alistair mighty-blow")
    assert stunt_points(t, "Alistair") == 1
    t.do("next")  # Sera; Alistair attacks again out of turn in the same round
    t.rolls(5, 5, 1, 1)
    t.do("attack Alistair Hurlock")
    with pytest.raises(CommandError):
        t.do("stunt Alistair mighty-blow")
    t.do("stunt Alistair skirmish 2")  # Skirmish still fine
    assert stunt_points(t, "Alistair") == 3


def test_once_per_round_resets_across_the_round_boundary():
    """dragon_age.md §2.5 [S]: 'once per round': the same stunt is available again in the next round."""
    t = trio(hurlock="defense=3 health=60/60")
    t.do("next", "next")  # Hurlock's turn (last in round 1)
    t.rolls(4, 4, 1, 1)  # 9 + 2 = 11 vs Alistair's 11: hit, SP 4
    t.do("attack Hurlock Alistair", "stunt Hurlock defensive-stance")
    t.do("next", "next", "next")  # round 2, Hurlock again
    assert (t.state.round, t.active) == (2, "hurlock")
    t.rolls(4, 4, 1, 1)
    t.do("attack Hurlock Alistair", "stunt Hurlock postura defensiva")
    assert t.c("Hurlock").has("defensive-stance")


def test_skirmish_is_not_limited_across_a_round_boundary_either():
    """dragon_age.md §2.5 [S]: Skirmish repeats in one round and again in the next."""
    t = trio(hurlock="defense=3 health=60/60")
    t.do("next", "next")
    t.rolls(3, 3, 4, 1)  # 10 + 2 = 12 vs 11: hit, SP 3
    t.do("attack Hurlock Alistair", "stunt Hurlock skirmish", "stunt Hurlock skirmish", "stunt Hurlock skirmish")
    assert stunt_points(t, "Hurlock") == 0
    t.do("next")  # round 2, Alistair; Hurlock attacks out of turn
    t.rolls(3, 3, 4, 1)
    t.do("attack Hurlock Alistair", "stunt Hurlock skirmish 3")
    assert stunt_points(t, "Hurlock") == 0


def test_stunt_costs_match_the_table():
    """dragon_age.md §2.5 [O?]: costs: Rapid Reload 1, Knock Prone 2, Defensive Stance 2, Disarm 2, Mighty Blow 2,
    Pierce Armor 2, Lightning Attack 3, Dual Strike 4, Seize 4; spell: Mighty Spell 2,
    Skillful Casting 2, Mana Shield 3, Imposing Spell 4, Fast Casting 4."""
    from rulesets.dragon_age.stunts import BY_ID

    costs = {sid: s.cost for sid, s in BY_ID.items()}
    assert costs == {"skirmish": None, "rapid-reload": 1, "knock-prone": 2, "defensive-stance": 2,
                     "disarm": 2, "mighty-blow": 2, "pierce-armor": 2, "lightning-attack": 3,
                     "dual-strike": 4, "seize-the-initiative": 4, "powerful-casting": None,
                     "mighty-spell": 2, "skillful-casting": 2, "mana-shield": 3, "imposing-spell": 4,
                     "fast-casting": 4}


def test_knock_prone_gives_melee_plus_one_not_ranged():
    """dragon_age.md §2.5/§2.7 [S]: melee attacks vs a prone target +1 (ranged: no bonus)."""
    t = trio(hurlock="defense=3")
    t.rolls(2, 2, 1, 1)
    t.do("attack Alistair Hurlock", "stunt Alistair derribo")
    assert t.c("Hurlock").has("prone")
    t.do("next")
    t.rolls(2, 3, 4, 1)
    t.do("attack Sera Hurlock")
    assert any("+1 prone target" in s for s in t.said() if s.startswith("Sera attacks"))
    t.do("next", "next", "next")
    t.rolls(2, 3, 4, 1)
    t.do("attack Sera Hurlock ranged")
    assert "prone" not in [s for s in t.said() if s.startswith("Sera attacks")][-1]


def test_defensive_stance_lasts_over_a_seize_until_the_start_of_the_next_turn():
    """dragon_age.md §2.5 [S]: Defensive Stance +2 until the start of your next turn, also when Seize moved it."""
    t = trio(hurlock="defense=3")
    t.do("next")  # Sera, Defense 13
    t.rolls(6, 6, 1, 1)
    t.do("attack Sera Hurlock", "stunt Sera defensive-stance", "stunt Sera seize")
    assert defense_of(t, "Sera") == 15
    t.do("next")  # Hurlock, round 1
    assert defense_of(t, "Sera") == 15
    t.do("next")  # round 2: Sera first
    assert (t.state.round, t.active) == (2, "sera")
    assert defense_of(t, "Sera") == 13


def test_defense_bonuses_from_different_sources_stack_and_option_highest():
    """dragon_age.md §2.7 [I]: Defend (major) + Mana Shield from a minor-action spell in the same turn add up
    (+4) until the start of her next turn; option defense_bonuses=highest keeps only +2."""
    t = trio(sera="magic=2 mana=10")
    t.do("next", "defend Sera")  # Sera: 10 + 3 Dex + 2 = 15
    t.do("cast Sera shield 1 10 minor 4,4,2")  # 10 + 2 = 12: success, SP 4
    t.do("stunt Sera mana-shield")
    assert defense_of(t, "Sera") == 17
    t.do("next")
    assert defense_of(t, "Sera") == 17  # Hurlock's turn
    t.do("option defense_bonuses highest")
    assert defense_of(t, "Sera") == 15
    t.do("option defense_bonuses stack", "next", "next")  # round 2, Sera: both end
    assert defense_of(t, "Sera") == 13


def test_lightning_attack_second_attack_no_action_no_points():
    """dragon_age.md §2.5 [S]: Lightning Attack (3): a second attack; doubles on it give no SP."""
    t = trio(hurlock="defense=3 health=60/60")
    t.rolls(3, 3, 1, 1)
    t.do("attack Alistair Hurlock", "stunt Alistair ataque relámpago")
    t.rolls(6, 6, 6, 1)
    t.do("attack Alistair Hurlock")
    assert "stunt" not in t.c("Alistair").pools
    t.do("move Alistair")  # the major + minor are still: major used once
    with pytest.raises(CommandError):
        t.do("defend Alistair")


def test_dual_strike_same_total_against_a_second_target():
    """dragon_age.md §2.5 [S]: Dual Strike (4): the same attack result vs a second target; hit -> normal damage."""
    t = trio(alistair="weapon=1d6")
    t.do("add Genlock health=15 defense=12 armor=0")
    t.rolls(4, 4, 1, 2)  # 9 + 3 = 12: hits Hurlock 11; damage 2 + 3 - 3 = 2
    t.do("attack Alistair Hurlock")
    t.rolls(5)  # damage vs Genlock 5 + 3 = 8
    t.do("stunt Alistair golpe doble Genlock")
    assert t.hp("Genlock", "health") == 7


def test_disarm_rolls_never_earn_points():
    """dragon_age.md §2.5 [S]: Disarm: opposed attack rolls which generate no SP; winner: weapon 1d6 + Str m away."""
    t = trio(hurlock="defense=3")
    t.rolls(2, 2, 1, 1, 6, 6, 6, 1, 1, 2, 4)  # hit SP 2; disarm 18 + 3 vs 4 + 2; 1d6 4 + 3 = 7 m
    t.do("attack Alistair Hurlock", "stunt Alistair desarmar")
    assert t.c("Hurlock").has("disarmed")
    assert "stunt" not in t.c("Alistair").pools
    assert any("7 m away" in s for s in t.said())


def test_disarm_cost_option_three():
    """dragon_age.md §2.5 (printings differ): option disarm_cost=3."""
    t = trio(hurlock="defense=3")
    t.do("option disarm_cost 3")
    t.rolls(2, 2, 1, 1)
    t.do("attack Alistair Hurlock")
    with pytest.raises(CommandError):
        t.do("stunt Alistair disarm")


# == dragon_age.md §2.6 Health, dying and death ==========================================================================


def test_pc_falls_after_its_turn_dies_at_start_of_turn_in_round_r_plus_n():
    """dragon_age.md §2.6 [I]: fell after his own turn in round R -> dies at the start of his turn in R + Con + 2."""
    t = trio()  # Sera Con 1: N = 3
    until(t, "hurlock", 1)
    t.do("dmg Sera 25")
    assert t.c("Sera").life == "dying"
    until(t, "sera", 2)
    until(t, "sera", 3)
    assert t.c("Sera").life == "dying"
    until(t, "alistair", 4)
    assert t.c("Sera").life == "dying"
    t.do("next")  # start of Sera's turn in round 4: she dies instead of acting
    assert t.c("Sera").life == "dead"
    assert t.active == "hurlock" and t.state.round == 4


def test_pc_falls_before_its_turn_dies_in_round_r_plus_n_minus_1():
    """dragon_age.md §2.6 [I]: fell before his own turn in round R -> dies in round R + N - 1."""
    t = trio()
    t.do("dmg Sera 25")  # round 1, Alistair's turn: before Sera's
    until(t, "alistair", 3)
    assert t.c("Sera").life == "dying"
    t.do("next")  # Sera's turn in round 3 = 1 + 3 - 1
    assert t.c("Sera").life == "dead"
    assert (t.state.round, t.active) == (3, "hurlock")


def test_pc_falling_during_its_own_turn_counts_as_after():
    """dragon_age.md §2.6 [I]: during its own turn the turn has started: death at R + N."""
    t = trio()
    t.do("next", "dmg Sera 25")  # round 1, Sera's turn
    until(t, "alistair", 4)
    assert t.c("Sera").life == "dying"
    t.do("next")
    assert t.c("Sera").life == "dead"


def test_con_plus_2_at_most_zero_dies_at_start_of_next_turn():
    """dragon_age.md §2.6 [I]: Con + 2 <= 0 is treated as 1: dies at the start of his next turn."""
    t = trio(sera="con=-3")
    until(t, "hurlock", 1)
    t.do("dmg Sera 25")
    t.do("next")  # round 2 Alistair
    assert t.c("Sera").life == "dying"
    t.do("next")
    assert t.c("Sera").life == "dead"


def test_dying_pc_keeps_its_turns_but_cannot_act():
    """dragon_age.md §2.6 [S]: dying: may speak, no other actions."""
    t = trio()
    until(t, "hurlock", 1)
    t.do("dmg Sera 25")
    until(t, "sera", 2)
    assert t.active == "sera"
    for line in ("attack Sera Hurlock", "move Sera", "defend Sera", "aim Sera"):
        with pytest.raises(CommandError):
            t.do(line)


def test_healing_above_zero_ends_dying_and_further_damage_keeps_zero():
    """dragon_age.md §2.6 [S]: health stays 0 whatever further damage; healing above 0 ends Dying."""
    t = trio()
    t.do("dmg Sera 25", "dmg Sera 7")
    assert (t.hp("Sera", "health"), t.c("Sera").life) == (0, "dying")
    t.do("heal Sera 0")
    assert t.c("Sera").life == "dying"
    t.do("heal Sera 3")
    assert (t.hp("Sera", "health"), t.c("Sera").life) == (3, "ok")
    assert not t.c("Sera").has("dying")


def test_healed_then_dropped_again_gets_a_fresh_countdown():
    """dragon_age.md §2.6 [S]/[I]: a new fall to 0 sets dying_left = Con + 2 again."""
    t = trio()
    t.do("dmg Sera 25")
    until(t, "sera", 2)  # one tick: 2 left (fell before her turn in round 1 -> death round 3)
    t.do("heal Sera 2")
    until(t, "hurlock", 2)
    t.do("dmg Sera 2")
    assert t.c("Sera").instances("dying")[0].rounds == 3
    until(t, "alistair", 5)
    assert t.c("Sera").life == "dying"
    t.do("next")
    assert t.c("Sera").life == "dead"


def test_heal_action_on_a_dying_pc_saves_it():
    """dragon_age.md §2.3/§2.6 [S]: the Heal action raises Health above 0: no longer dying."""
    t = trio()
    t.do("dmg Alistair 30")
    assert t.c("Alistair").life == "dying"
    t.do("next")
    t.rolls(5, 3, 3, 2)  # 11 + 2 = 13: 2 + 2 = 4
    t.do("aid Sera Alistair")
    assert (t.hp("Alistair", "health"), t.c("Alistair").life) == (4, "ok")


def test_npc_dies_at_zero_and_option_treats_npcs_as_pcs():
    """dragon_age.md §2.6 [I]: NPCs at 0 Health die; option npcs_as_pcs makes them dying like PCs."""
    t = trio()
    t.do("dmg Hurlock 23")
    assert (t.hp("Hurlock", "health"), t.c("Hurlock").life) == (0, "dead")
    t2 = trio()
    t2.do("option npcs_as_pcs on", "dmg Hurlock 23")
    assert t2.c("Hurlock").life == "dying"
    t2.do("next", "next")  # Hurlock's turn in round 1: Con 0 + 2 = 2 turns; fell before -> round 2
    assert t2.c("Hurlock").life == "dying"
    until(t2, "sera", 2)
    t2.do("next")
    assert t2.c("Hurlock").life == "dead"


def test_pulled_blow_leaves_1_health_unconscious_for_2d6_minutes():
    """dragon_age.md §2.6 [S] Contener golpes mortales: Health 1, unconscious, wakes after 2d6 minutes."""
    t = trio()
    t.rolls(3, 4)  # 2d6 = 7 minutes
    t.do("dmg Hurlock 30 pull")
    h = t.c("Hurlock")
    assert (h.pools["health"].value, h.life) == (1, "unconscious")
    t.do("end", "pass 6m")
    assert t.c("Hurlock").life == "unconscious"
    t.do("pass 1m")
    assert t.c("Hurlock").life == "ok"
    assert t.hp("Hurlock", "health") == 1


def test_pulled_blow_that_would_not_drop_is_ordinary_damage():
    """dragon_age.md §2.6 [S]: pulling applies only to a blow that would otherwise kill."""
    t = trio()
    t.do("dmg Hurlock 10 pull")
    assert (t.hp("Hurlock", "health"), t.c("Hurlock").life) == (13, "ok")


def test_pulled_blow_on_an_attack():
    """dragon_age.md §2.6 [S]: the attack's `pull` flag pulls the killing blow."""
    t = trio(alistair="weapon=2d6", hurlock="health=5")
    t.rolls(4, 5, 1, 6, 6, 2, 3)  # hit; 12 + 3 - 3 = 12 >= 5; 2d6 minutes = 5
    t.do("attack Alistair Hurlock pull")
    assert (t.hp("Hurlock", "health"), t.c("Hurlock").life) == (1, "unconscious")


def test_unconscious_combatant_is_skipped_and_can_be_finished():
    """dragon_age.md §2.6/§2.7: an unconscious target can take a coup de grace."""
    t = trio()
    t.rolls(3, 4)
    t.do("dmg Hurlock 30 pull", "next", "coup Sera Hurlock")
    assert t.c("Hurlock").life == "dead"


# == dragon_age.md §2.6 recovery ======================================================================================


def test_breather_after_the_encounter_5_plus_con_plus_level():
    """dragon_age.md §2.6 [S]: Take a breather after an encounter: 5 + Con + level."""
    t = trio(alistair="level=3")
    t.do("dmg Alistair 20")
    with pytest.raises(CommandError):
        t.do("breather Alistair")  # only after the encounter
    t.do("end", "breather Alistair")
    assert t.hp("Alistair", "health") == 10 + 5 + 2 + 3


def test_breather_refused_for_one_at_zero_when_the_encounter_ended_even_if_healed():
    """dragon_age.md §2.6 [S]: 'Si tenías 0 de Salud al final del encuentro, no podrás beneficiarte'."""
    t = trio()
    t.do("dmg Sera 25", "end")
    t.do("heal Sera 5")
    with pytest.raises(CommandError):
        t.do("breather Sera")
    assert t.hp("Sera", "health") == 5


def test_breather_healed_before_the_end_is_fine_and_once_per_encounter():
    """dragon_age.md §2.6 [S]/[I]: healed above 0 before the end: breather allowed; once per encounter."""
    t = trio()
    t.do("dmg Sera 25", "heal Sera 1", "end", "breather Sera")
    assert t.hp("Sera", "health") == 1 + 5 + 1 + 1
    with pytest.raises(CommandError):
        t.do("breather Sera")
    t.do("option breather_once off", "breather Sera")
    assert t.hp("Sera", "health") == 15


def test_breather_never_above_maximum():
    """dragon_age.md §2.6 [O]: never above maximum."""
    t = trio()
    t.do("dmg Alistair 2", "end", "breather Alistair")
    assert t.hp("Alistair", "health") == 30


def test_sleep_six_hours_10_plus_con_plus_level_but_not_five():
    """dragon_age.md §2.6 [S]: sleep >= 6 h uninterrupted: 10 + Con + level."""
    t = trio(alistair="level=2")
    t.do("dmg Alistair 25", "end", "pass 5h")
    assert t.hp("Alistair", "health") == 5
    t.do("pass 6h")
    assert t.hp("Alistair", "health") == 5 + 10 + 2 + 2


def test_level_up_health_plus_1d6_plus_con():
    """Seed SUBIDA DE NIVEL [S]: each level Health +1d6 + Con."""
    t = trio()
    t.do("dmg Alistair 5", "end")
    t.rolls(4)
    t.do("levelup Alistair")
    a = t.c("Alistair")
    assert (a.pools["health"].value, a.pools["health"].max, a.stats["level"]) == (31, 36, 2)


# == dragon_age.md §2.8 mana ==========================================================================================


def test_mana_is_spent_even_on_a_failed_casting():
    """dragon_age.md §2.8 [O?]: mana paid when casting; still spent if the casting roll fails."""
    t = da("add Morrigan pc health=20 magic=3 mana=12")
    t.do("cast Morrigan winters-grasp 4 14 1,2,3")  # 6 + 3 = 9 < 14
    assert t.hp("Morrigan", "mana") == 8


def test_casting_more_than_the_mana_left_is_refused():
    """dragon_age.md §2.8: a spell costs its MP; not enough mana, no casting."""
    t = da("add Morrigan pc health=20 magic=3 mana=3/12")
    with pytest.raises(CommandError):
        t.do("cast Morrigan fireball 4 12 5,5,5")
    assert t.hp("Morrigan", "mana") == 3


def test_skillful_casting_refunds_one_and_cost_can_reach_zero():
    """dragon_age.md §2.5/§2.8: Skillful Casting (2 SP): cost -1, can reach 0."""
    t = da("add Morrigan pc health=20 magic=3 mana=12")
    t.do("cast Morrigan spark 1 10 2,2,5")  # 9 + 3 = 12: success, SP 2
    assert t.hp("Morrigan", "mana") == 11
    t.do("stunt Morrigan lanzamiento hábil")
    assert t.hp("Morrigan", "mana") == 12


def test_spell_stunts_mana_shield_and_no_combat_stunts_from_spells():
    """dragon_age.md §2.5: casting rolls give spell stunts; Mana Shield (3) +2 Defense."""
    t = da("add Morrigan pc health=20 magic=3 dex=1 mana=12", "add Ogre health=60",
           "init Morrigan 15", "init Ogre 10", "start")
    t.do("cast Morrigan bolt 2 10 3,3,1")
    with pytest.raises(CommandError):
        t.do("stunt Morrigan mighty-blow")
    t.do("stunt Morrigan escudo de maná")
    assert defense_of(t, "Morrigan") == 13
    t.do("next", "next")
    assert defense_of(t, "Morrigan") == 11


# == the CLI surface: exec + show --json ==================================================================


def test_cli_stat_block_and_json_fields(tmp_path):
    """Issue 5 stat block: health=12/30, long/Spanish abilities, defense, armor, speed, level,
    mana, pc, focus; JSON: life, pools, conditions, effective defense/armor/speed."""
    data = cli_json(tmp_path, None,
                    "add Sera pc health=12/30 Constitución=1 dexterity=3 focus=swimming,healing "
                    "armor=3 speed=9 level=2 mana=4/10",
                    "add Ogre health=40 defense=14 fuerza=4")
    sera, ogre = who(data, "sera"), who(data, "ogre")
    assert sera["life"] == "ok" and sera["side"] == "pc"
    assert sera["pools"]["health"] == {"value": 12, "max": 30}
    assert sera["pools"]["mana"] == {"value": 4, "max": 10}
    assert "stunt" not in sera["pools"]
    assert (sera["effective"]["defense"], sera["effective"]["armor"], sera["effective"]["speed"]) == (13, 3, 9)
    assert (ogre["effective"]["defense"], ogre["effective"]["speed"], ogre["stats"]["str"]) == (14, 10, 4)


def test_cli_attack_with_doubles_waits_in_stunt_pool_then_pierce(tmp_path):
    """Issue 5: pools.stunt while SP wait; `stunt NAME pierce-armor`; gone once spent."""
    data = cli_json(tmp_path, "4,4,2,5,6",
                    "add Alistair pc health=30 str=3 weapon=2d6", "add Ogre health=40 armor=6 defense=12",
                    "attack Alistair Ogre")  # 10 + 3 = 13 vs 12; 11 + 3 = 14 - 6 = 8 -> 32
    assert who(data, "alistair")["pools"]["stunt"]["value"] == 4
    assert who(data, "ogre")["pools"]["health"]["value"] == 32
    assert main(["exec", str(tmp_path / "da.toml"), "--", "stunt Alistair pierce-armor"]) == 0
    data = show_json(tmp_path)
    assert who(data, "ogre")["pools"]["health"]["value"] == 29  # 14 - 3
    assert who(data, "alistair")["pools"]["stunt"]["value"] == 2


def test_cli_dying_pc_in_json(tmp_path):
    """Issue 5 / dragon_age.md §2.6: a PC at 0 has life "dying" and a dying condition; an NPC at 0 is "dead"."""
    data = cli_json(tmp_path, None,
                    "add Sera pc health=25 con=1", "add Hurlock health=10",
                    "init Sera 15", "init Hurlock 10", "start", "dmg Sera 30", "dmg Hurlock 10")
    sera = who(data, "sera")
    assert sera["life"] == "dying" and sera["pools"]["health"]["value"] == 0
    assert any(c["id"] == "dying" for c in sera["conditions"])
    assert who(data, "hurlock")["life"] == "dead"


def test_cli_pulled_blow_and_defend_in_json(tmp_path):
    """dragon_age.md §2.6/§2.3 through the CLI: `dmg NAME 9 pull`; Defend shows in effective.defense."""
    data = cli_json(tmp_path, "3,3",
                    "add Sera pc health=25 dex=2", "add Hurlock health=8 armor=1",
                    "init Sera 15", "init Hurlock 10", "start", "defend Sera", "dmg Hurlock 9 pull")
    h = who(data, "hurlock")
    assert h["life"] == "unconscious" and h["pools"]["health"]["value"] == 1
    assert any(c["id"] == "unconscious" for c in h["conditions"])
    assert who(data, "sera")["effective"]["defense"] == 14


def test_cli_breather(tmp_path):
    """dragon_age.md §2.6 [S] through the CLI: breather = 5 + Con + level for every PC."""
    data = cli_json(tmp_path, None,
                    "add Sera pc health=5/25 con=2 level=3", "add Leliana pc health=20/25 con=1",
                    "init Sera 15", "init Leliana 10", "start", "end", "breather")
    assert who(data, "sera")["pools"]["health"]["value"] == 15
    assert who(data, "leliana")["pools"]["health"]["value"] == 25


def test_options_round_trip(tmp_path):
    """House-rule options in the save, seed defaults."""
    data = cli_json(tmp_path, None, "add Sera pc health=25")
    assert data["options"]["heal_amount"] == "1d6"
    assert data["options"]["dying_count"] == "turns"
    assert data["options"]["npcs_as_pcs"] is False
    data = cli_json(tmp_path, None, "option dying_count rounds", new=False)
    assert data["options"]["dying_count"] == "rounds"


def test_dying_count_rounds_option():
    """dragon_age.md §2.6 [I] option 'round-based': always dies in round R + N."""
    t = trio()
    t.do("option dying_count rounds")
    t.do("dmg Sera 25")  # round 1, before her turn: N = 3 -> dies at the start of her turn in round 4
    until(t, "alistair", 4)
    assert t.c("Sera").life == "dying"
    t.do("next")
    assert t.c("Sera").life == "dead"


def test_action_limits_off():
    """Option action_limits off: actions counted, not refused."""
    t = trio()
    t.do("option action_limits off", "defend Alistair", "run Alistair")
    assert t.c("Alistair").has("defending")


# == fixes and edges found while writing these scenarios ======================================================


def test_three_loose_dice_are_the_dice_dragon_first():
    """dragon_age.md §2.1 [S]: `5 5 3` typed as three numbers is the same as `5,5,3` (the first is the DD)."""
    t = trio(hurlock="defense=3")
    t.do("test Sera dex 10 5 5 3")
    assert t.said()[-1] == "Sera tests Dex: 13 (5,5,3; dragon 5) +3 Dex = 16 vs TN 10: success, degree 5: impressively"
    t.rolls(1)
    t.do("attack Alistair Hurlock 4 2 4")  # doubles on the 1st and 3rd dice: SP = DD 4
    assert stunt_points(t, "Alistair") == 4
    t.do("add Morrigan pc health=20 magic=2 mana=10", "cast Morrigan spark 2 9 3 3 1")
    assert stunt_points(t, "Morrigan") == 3 and t.hp("Morrigan", "mana") == 8


def test_lightning_attack_leaves_the_first_attacks_other_points_waiting():
    """dragon_age.md §2.5 [S]: stunts in any order: with 6 SP, Lightning Attack (3), its second attack, then
    Mighty Blow (2) on the first attack; the second attack's doubles add nothing."""
    t = trio(alistair="weapon=1d6", hurlock="defense=3 health=60/60")
    t.rolls(6, 6, 1, 4)  # 13 + 3: hit, SP 6; 4 + 3 - 3 = 4 -> 56
    t.do("attack Alistair Hurlock", "stunt Alistair lightning-attack")
    t.rolls(2, 2, 5, 6)  # second attack: hit; 6 + 3 - 3 = 6 -> 50; doubles: no SP
    t.do("attack Alistair Hurlock")
    assert t.hp("Hurlock", "health") == 50
    assert stunt_points(t, "Alistair") == 3
    t.rolls(5)  # Mighty Blow on the first attack: 4 + 5 + 3 - 3 = 9 instead of 4 -> 45
    t.do("stunt Alistair mighty-blow")
    assert t.hp("Hurlock", "health") == 45
    assert stunt_points(t, "Alistair") == 1


def test_con_minus_2_falling_before_its_turn_dies_at_that_very_turn():
    """dragon_age.md §2.6 [I]: Con + 2 <= 0 -> 1; fell before its turn in round R -> dies in round R + 1 - 1 = R."""
    t = trio(sera="con=-2")
    t.do("dmg Sera 25")  # Alistair's turn, round 1
    assert t.c("Sera").life == "dying"
    t.do("next")
    assert t.c("Sera").life == "dead"
    assert (t.state.round, t.active) == (1, "hurlock")


def test_seize_by_the_last_in_order_acts_first_next_round():
    """dragon_age.md §2.2 [S]: the last combatant seizes: the round ends, and it acts first from then on."""
    t = trio(alistair="defense=3")
    t.do("next", "next")  # Hurlock, last
    t.rolls(3, 3, 1, 1)  # 7 + 2 = 9 vs 3: hit, SP 3 -> not enough
    t.do("attack Hurlock Alistair")
    assert stunt_points(t, "Hurlock") == 3
    t.do("next")
    until(t, "hurlock", 2)
    t.rolls(4, 4, 1, 1)
    t.do("attack Hurlock Alistair", "stunt Hurlock seize", "next")
    assert (t.state.round, t.active) == (3, "hurlock")
    assert t.order == ["hurlock", "alistair", "sera"]


def test_cli_dying_countdown_across_separate_exec_calls(tmp_path):
    """dragon_age.md §2.6 through the CLI, one `exec` per GM action: Con 0 + 2 = 2 turns; Sera falls after her
    turn in round 1 -> dies at the start of her turn in round 3."""
    path = str(tmp_path / "da.toml")
    assert main(["exec", path, "--new", "dragon_age", "--", "add Sera pc health=20 con=0",
                 "add Ogre health=50 str=4", "init Sera 15", "init Ogre 10", "start", "next"]) == 0
    assert main(["exec", path, "--", "dmg Sera 40"]) == 0
    data = show_json(tmp_path)
    assert (who(data, "sera")["life"], who(data, "sera")["pools"]["health"]["value"]) == ("dying", 0)
    for expected in [(2, "sera", "dying"), (2, "ogre", "dying"), (3, "ogre", "dead")]:
        assert main(["exec", path, "--", "next"]) == 0
        data = show_json(tmp_path)
        assert (data["round"], data["active"], who(data, "sera")["life"]) == expected


def test_newcomer_rolls_initiative_at_the_start_of_the_round_it_joins():
    """dragon_age.md §2.2 [O?]: newcomers roll at the start of the round they join."""
    t = trio()
    t.do("add Genlock health=15 dex=1")
    t.rolls(3, 3, 3)
    t.do("next", "next", "next")  # round 2 starts
    assert t.c("Genlock").initiative == 10
    assert "genlock" in t.order


def test_skirmish_in_metres():
    """dragon_age.md §2.5 [S]: Skirmish 2 m per SP: `skirmish 4m` spends 2 points; odd metres are refused."""
    t = trio(hurlock="defense=3")
    t.rolls(6, 6, 3, 1)
    t.do("attack Alistair Hurlock", "stunt Alistair skirmish 4m")
    assert stunt_points(t, "Alistair") == 4
    assert t.said()[-1] == "Skirmish: Alistair moves itself or Hurlock 4 m"
    with pytest.raises(CommandError):
        t.do("stunt Alistair hostigar 3m")


def test_once_per_round_is_per_character():
    """dragon_age.md §2.5 [S]: two characters may each take Mighty Blow in the same round."""
    t = trio(hurlock="defense=3 health=60/60")
    t.rolls(2, 2, 1, 1, 3)
    t.do("attack Alistair Hurlock", "stunt Alistair mighty-blow", "next")
    t.rolls(2, 2, 1, 1, 3)
    t.do("attack Sera Hurlock", "stunt Sera mighty-blow")
    assert "stunt" not in t.c("Sera").pools


def test_plain_ability_tests_and_failed_castings_earn_no_stunt_points():
    """dragon_age.md §2.5 [S]: SP come from a successful attack (or casting [O]) with doubles, not from tests."""
    t = da("add Morrigan pc health=20 magic=2 mana=10")
    t.do("test Morrigan magic 10 6,6,6")
    assert "stunt" not in t.c("Morrigan").pools
    t.do("cast Morrigan spark 2 18 4,4,1")  # 9 + 2 = 11 < 18: fails, doubles
    assert "stunt" not in t.c("Morrigan").pools and t.hp("Morrigan", "mana") == 8


def test_spanish_focus_names_count_for_the_rules_that_ask_for_them():
    """dragon_age.md §2.1/§2.3 [S]: Concentración 'Nadar' is Swimming; 'Curación' gives the Heal action its +2."""
    t = trio(sera="concentraciones=curación,nadar")
    t.do("test Sera con:swimming 10 3,3,2")
    assert "+2 swimming = 11" in t.said()[-1]
    t.do("dmg Alistair 10", "next")
    t.rolls(2, 2, 3, 1)  # 7 + 2 Cun + 2 Curación = 11 >= 11: 1 + 2 = 3
    t.do("aid Sera Alistair")
    assert t.hp("Alistair", "health") == 23


def test_unconscious_combatant_is_passed_over_in_the_order():
    """dragon_age.md §2.6/§2.7: unconscious (pulled blow) -> no turns until it wakes."""
    t = trio()
    t.rolls(6, 6)  # 12 minutes
    t.do("dmg Hurlock 30 pull", "next", "next")
    assert (t.state.round, t.active) == (2, "alistair")


def test_spanish_command_words_and_stat_keys():
    """Issue 5: Spanish names for stat keys, verbs and stunts."""
    t = Table("dragon_age")
    t.do("add Sera pj salud=12/30 destreza=3 fuerza=1 armadura=2 nivel=2 maná=4/10",
         "add Toro salud=20 fuerza=3 defensa=10", "iniciativa Sera 15", "iniciativa Toro 10", "empezar")
    sera = t.c("Sera")
    assert sera.is_pc and sera.pools["health"].value == 12 and sera.pools["mana"].value == 4
    assert t.session.ruleset.sheet.effective(t.state, sera)["armor"].value == 2
    t.rolls(3)
    t.do("atacar Sera Toro 4,4,2")  # 10 + 1 Str = 11 vs 10: hit, SP 4; 3 + 1 = 4
    t.rolls(2)
    t.do("proeza Sera golpe poderoso")  # +2 -> 6
    assert t.hp("Toro", "health") == 14
    t.do("apuntar Sera", "siguiente", "defender Toro", "daño Sera 30 contener")
    assert (t.hp("Sera", "health"), t.c("Sera").life) == (1, "unconscious")


def test_added_health_is_clamped_at_zero_and_refused_above_max():
    """dragon_age.md §2.4 [S]: Health never below 0; dragon_age.md §2.6 [O]: never above the maximum (a typo: refused)."""
    t = da("add A pc health=-5/30")
    assert t.hp("A", "health") == 0
    with pytest.raises(CommandError, match="above the maximum"):
        t.do("add B health=40/30")
    with pytest.raises(CommandError, match="above the maximum"):
        t.do("add C pc mana=12/10 health=5")


def test_set_never_puts_health_below_zero():
    """dragon_age.md §2.4 [S]: Health never goes below 0, whatever the GM types."""
    t = da("add Sera pc health=10/30", "set Sera health=-3/30")
    assert t.hp("Sera", "health") == 0


def test_engine_check_opposed_tie_goes_to_the_higher_ability():
    """dragon_age.md §2.1 [O?]: opposed tie -> higher DD, then higher *ability* (a focus does not count)."""
    t = da("add A pc health=20 dex=2 focus=acrobatics", "add B health=20 dex=3")
    t.rolls(4, 3, 3, 4, 4, 3)  # A 10 + 2 + 2 = 14, B 11 + 3 = 14; DD 4 both
    t.do("check A dex:acrobatics vs B dex")
    assert t.said()[-1].endswith("B wins (tie)")


def test_contest_tie_ignores_the_focus_and_goes_to_the_higher_ability():
    """dragon_age.md §2.1 [O?]: the same tie through `contest`: B has the higher ability."""
    t = da("add A pc health=20 dex=2 focus=acrobatics", "add B health=20 dex=3")
    t.do("contest A dex:acrobatics B dex 4,3,3 4,4,3")
    assert t.said()[-1].startswith("Opposed test: B wins (")


def test_the_dice_tray_check_is_a_new_roll_too():
    """dragon_age.md §2.5 [S]: SP are spent at once: a later `check` by anyone makes them vanish."""
    t = trio(hurlock="defense=3")
    t.rolls(6, 6, 3, 1, 1, 2, 3)
    t.do("attack Alistair Hurlock", "check Sera dex vs 10")
    assert "stunt" not in t.c("Alistair").pools


def test_mana_comes_back_with_a_long_rest_and_the_option_turns_it_off():
    """dragon_age.md §2.8 [O?]: quick-start 1d6 + 4 MP per full hour of rest (on a rest of 6 h or more)."""
    t = da("add Morrigan pc health=20 mana=2/40")
    t.rolls(1, 2, 3, 4, 5, 6)  # 6 x 4 + 21 = 45 -> capped at 40
    t.do("pass 6h")
    assert t.hp("Morrigan", "mana") == 40
    t2 = da("add Morrigan pc health=20 mana=2/40", "option mana_rest off", "pass 6h")
    assert t2.hp("Morrigan", "mana") == 2


def test_defend_by_the_last_in_order_lasts_through_the_next_rounds_earlier_turns():
    """dragon_age.md §2.3 [S] + tracker durations: the last to act defends in round 1; the +2 holds while the
    others act in round 2 and ends when its own turn starts in round 2."""
    t = trio()
    t.do("next", "next", "defend Hurlock")
    assert defense_of(t, "Hurlock") == 13
    t.do("next")
    assert (t.state.round, t.active, defense_of(t, "Hurlock")) == (2, "alistair", 13)
    t.rolls(6, 2, 3, 1)  # 11 + 3 = 14 vs 13 while it defends: hit; 1d3 1 + 3 - 3 armor = 1
    t.do("attack Alistair Hurlock")
    assert t.hp("Hurlock", "health") == 19
    t.do("next")
    assert defense_of(t, "Hurlock") == 13
    t.do("next")
    assert (t.state.round, t.active, defense_of(t, "Hurlock")) == (2, "hurlock", 11)


def test_an_unused_lightning_attack_lapses_at_the_next_roll():
    """dragon_age.md §2.5 [S]: stunts happen at once: out of combat, a Lightning Attack not used before someone
    else's roll is gone, and A's next attack is an ordinary one (it earns points again)."""
    t = da("add A pc health=20 str=2", "add B health=40 defense=5")
    t.rolls(1)
    t.do("attack A B 3,3,1", "stunt A lightning-attack")
    t.do("test B dex 10 2,3,4")
    t.rolls(1)
    t.do("attack A B 4,4,1")
    assert stunt_points(t, "A") == 4


def test_a_core_focus_counts_and_reads_in_either_language():
    """dragon_age.md §2.1 [O]: a focus is +2 on tests it covers; the core focuses have Spanish
    names, so a sheet in Spanish ('hachas') gets its +2 on an English roll ('axes') and the
    breakdown names the focus in the reader's language; a focus the table made up reads as typed."""
    t = trio(alistair="focus=str:hachas,cestería")
    t.do("test Alistair str:axes 10 3,3,2")
    said = [e for entry in t.session.done for e in entry.events if e.kind == "Said"][-1]
    assert "+3 Str +2 axes = 13" in said.text("en")
    assert "+3 Fuerza +2 hachas = 13" in said.text("es")
    t.do("test Alistair str:cestería 10 3,3,2")
    assert "+2 cestería = 13" in t.said()[-1]
