"""Dragon Age effects (spells and talents on a combatant), their figures, the turn-start tests
of ongoing spells and the test against a spell's Spellpower: docs/rulesets/dragon_age.md §2.12."""

from __future__ import annotations

import pytest

from conftest import Table
from gm_console.engine.rules.checks import recent_checks
from gm_console.engine.language.commands import CommandError
from gm_console.engine.core.context import Context
from gm_console.i18n import render


def table(*extra: str) -> Table:
    t = Table("dragon_age")
    t.do("add Morrigan pc health=24 magic=4 willpower=2 con=1 dex=2 mana=30 focus=primal,spirit",
         "add Alistair pc health=30 str=3 dex=1 con=2 willpower=1 perception=1 weapon=2d6 armor=3 "
         "focus=heavy-blades,courage weapon_focus=heavy-blades",
         "add Hurlock health=20 str=2 con=2 dex=1 armor=4 defense=11 weapon=1d6",
         "init Morrigan 18", "init Alistair 15", "init Hurlock 9", "start", *extra)
    return t


def fig(t: Table, who: str, name: str):
    return t.session.ruleset.sheet.effective(t.state, t.c(who)).get(name)


def hp(t: Table, who: str) -> int:
    return t.hp(who, "health")


# -- figures and stacking ---------------------------------------------------------------------------

def test_heroic_aura_and_defend_add_up_in_the_breakdown():
    """dragon_age.md §2.12: AGE has no bonus types: Heroic Aura +2 and Defend +2 simply add, each listed."""
    t = table()
    t.do("cond Alistair heroic-aura", "next", "defend Alistair")
    defense = fig(t, "Alistair", "defense")
    assert defense.value == 15  # 10 + 1 Dex + 2 Defending + 2 Heroic Aura
    assert defense.said() == (("Dex", 1), ("Defending", 2), ("Heroic Aura", 2))
    assert defense.explain("Defense") == "Defense 15 = 10 + 1 Dex + 2 Defending + 2 Heroic Aura"


def test_heroic_aura_and_heroic_defense_stack_and_armor_rises():
    """dragon_age.md §2.12: different effects add (+2 and +5 Defense); Heroic Defense also +2 Armor."""
    t = table()
    t.do('cond Hurlock "aura heroica"', "cond Hurlock heroic-defense 2")
    assert fig(t, "Hurlock", "defense").value == 11 + 2 + 5
    armor = fig(t, "Hurlock", "armor")
    assert (armor.value, armor.base, armor.said()) == (6, 4, (("Heroic Defense", 2),))


def test_option_highest_shows_the_dropped_defense_bonus_dimmed():
    """dragon_age.md §2.10, §2.12: with defense_bonuses highest only the best of Defend and the
    +2 stunts counts; the other is kept as not counting; Heroic Aura still adds."""
    t = Table("dragon_age", {"defense_bonuses": "highest"})
    t.do("add Sera pc health=20 dex=2", "cond Sera defending", "cond Sera mana-shield", "cond Sera heroic-aura")
    defense = fig(t, "Sera", "defense")
    assert defense.value == 10 + 2 + 2 + 2
    assert defense.said_suppressed() == (("Mana Shield", 2),)
    assert "(+2 Mana Shield not stacking)" in defense.explain("Defense")


def test_heroic_offense_raises_strength_for_attack_and_damage():
    """dragon_age.md §2.12: Heroic Offense +1 Str: the sheet shows it and the attack uses it."""
    t = table("cond Alistair heroic-offense")
    strength = fig(t, "Alistair", "str")
    assert (strength.value, strength.base) == (4, 3)
    t.do("next")
    t.rolls(3, 2, 1, 4, 2)  # 6 + 4 Str + 2 focus = 12 vs 11: hit; damage 6 + 4 Str - 4 armor = 6
    t.do("attack Alistair Hurlock")
    assert t.said()[-1] == "Hurlock takes 10 - 4 armor = 6 damage: health 20 -> 14 (damage 2d6 (6) +4 Str)"


def test_weakness_lowers_dex_defense_and_speed():
    """dragon_age.md §2.12: Weakness -1 Str and Dex, -5 Speed; the derived Defense and Speed follow Dex."""
    t = table()
    t.do("add Sera health=20 dex=3 str=1", "cond Sera debilidad 3")
    assert fig(t, "Sera", "dex").value == 2
    assert fig(t, "Sera", "defense").value == 12  # 10 + Dex 2
    speed = fig(t, "Sera", "speed")
    assert speed.value == 10 + 2 - 5
    assert ("Weakness", -5) in speed.said()


def test_rock_armor_gives_its_value_only_without_worn_armor():
    """dragon_age.md §2.12: Rock Armor's rating is its value (the caster's Magic); over worn armor it
    counts nothing."""
    t = table("cond Morrigan rock-armor:4", "cond Alistair rock-armor:4")
    assert fig(t, "Morrigan", "armor").value == 4
    alistair = fig(t, "Alistair", "armor")
    assert (alistair.value, alistair.said_suppressed()) == (3, (("Rock Armor", 4),))
    with pytest.raises(CommandError, match="takes a value"):
        t.do('cond Morrigan "armadura de piedra"')


def test_arcane_shield_makes_defense_the_spellpower_and_spell_wisp_raises_it():
    """dragon_age.md §2.12: Arcane Shield: Defense = Spellpower (10 + Magic); Spell Wisp +1 Spellpower."""
    t = table("cond Morrigan spell-wisp", "cond Morrigan arcane-shield 1")
    assert fig(t, "Morrigan", "spellpower").value == 15
    assert fig(t, "Morrigan", "defense").value == 15


def test_a_free_effect_counts_its_own_modifiers():
    """dragon_age.md §2.12: any other name is a free label; its own modifiers add like the catalogue's."""
    t = table("cond Alistair blessing-of-andraste")
    t.c("Alistair").conditions[-1].mods["defense"] = 1  # what `cond ... defense+1` records
    assert fig(t, "Alistair", "defense").value == 12
    assert ("Blessing of andraste", 1) in fig(t, "Alistair", "defense").said()


# -- what the tracker enforces ----------------------------------------------------------------------

def test_paralyzed_cannot_act_and_loses_dex_in_defense():
    """dragon_age.md §2.12: Paralyze: no actions, no Dexterity bonus to Defense; the encounter's end frees it."""
    t = table()
    t.do("add Sera health=20 dex=3", "cond Sera paralizado")
    assert fig(t, "Sera", "defense").value == 10
    with pytest.raises(CommandError, match="Sera is Paralyzed and cannot act"):
        t.do("move Sera")
    t.do("end")
    assert not t.c("Sera").has("paralyzed")


def test_stunned_refuses_a_major_action_through_its_next_turn_only():
    """dragon_age.md §2.12: Mind Blast's failed test: no major action on its next turn; it ends with that turn."""
    t = table("cond Hurlock stunned", "next")
    t.do("next")  # Hurlock's turn
    with pytest.raises(CommandError, match="Hurlock is Stunned: no major action this turn"):
        t.do("attack Hurlock Alistair")
    t.do("move Hurlock", "next")
    assert not t.c("Hurlock").has("stunned")


def test_force_field_stops_damage_and_sleep_ends_with_damage():
    """dragon_age.md §2.12: Force Field: immune to damage; Sleep: Defense 10, damage wakes the sleeper."""
    t = table("cond Alistair force-field 1", "dmg Alistair 12")
    assert hp(t, "Alistair") == 30
    assert t.said()[-1] == "Alistair is inside a force field: the damage does not get through"
    t.do("cond Hurlock asleep")
    assert fig(t, "Hurlock", "defense").value == 10
    t.do("dmg Hurlock 6")
    assert not t.c("Hurlock").has("asleep") and hp(t, "Hurlock") == 18


def test_misdirection_hex_takes_two_off_attacks_and_earns_no_stunt_points():
    """dragon_age.md §2.12: Misdirection Hex: -2 on attack rolls, doubles earn no stunt points."""
    t = table("cond Alistair misdirection-hex 4", "next")
    t.rolls(5, 5, 1, 3, 3)  # 11 + 3 + 2 - 2 = 14 vs 11: hit, doubles; damage 6 + 3 - 4 = 5
    t.do("attack Alistair Hurlock")
    said = t.said()
    assert "-2 Misdirection Hex = 14" in said[-3]
    assert said[-1] == "Doubles, but Alistair is under Misdirection Hex: no stunt points"
    assert "stunt" not in t.c("Alistair").pools


def test_berserk_adds_melee_damage_and_courage_and_costs_perception():
    """dragon_age.md §2.12: Berserk: +1 melee damage, +2 Willpower (Courage), -1 on Perception tests."""
    t = table("cond Alistair berserk", "next")
    assert fig(t, "Alistair", "damage").value == 1
    t.rolls(3, 2, 1, 4, 2)  # 6 + 3 + 2 = 11 vs 11: hit; damage 6 + 3 Str + 1 Berserk - 4 armor = 6
    t.do("attack Alistair Hurlock")
    assert t.said()[-1] == "Hurlock takes 10 - 4 armor = 6 damage: health 20 -> 14 (damage 2d6 (6) +3 Str +1 Berserk)"
    t.rolls(3, 3, 3)
    t.do("test Alistair willpower:courage 14")  # 9 + 1 + 2 focus + 2 Berserk = 14
    assert t.said()[-1].startswith("Alistair tests Will (courage): 9 (3,3,3; dragon 3) +1 Will +2 courage "
                                   "+2 Berserk = 14 vs TN 14: success")
    t.rolls(3, 3, 3)
    t.do("test Alistair perception 11")  # 9 + 1 - 1 = 9
    assert recent_checks(t.state)[-1]["total"] == 9


def test_flaming_weapons_add_1d6_to_melee_hits():
    """dragon_age.md §2.12: Flaming Weapons: +1d6 damage on each melee hit."""
    t = table("cond Alistair flaming-weapons 4", "next")
    t.rolls(3, 2, 1, 4, 2, 5)  # hit; 6 + 3 + 5 fire - 4 armor = 10
    t.do("attack Alistair Hurlock")
    assert hp(t, "Hurlock") == 10
    assert "+ 1d6 Flaming Weapons (5)" in t.said()[-1]


def test_combat_magic_uses_magic_for_damage_and_spells_cost_two_more():
    """dragon_age.md §2.12: Arcane Warrior's Combat Magic: melee damage adds Magic, spells cost 2 MP more."""
    t = table("cond Morrigan combat-magic")  # Morrigan's turn
    t.rolls(6, 5, 4, 2)  # 15 + 0 Str = 15 vs 11: hit; unarmed 1d3 = 2 + 4 Magic - 4 armor = 2
    t.do("attack Morrigan Hurlock")
    assert t.said()[-1] == "Hurlock takes 6 - 4 armor = 2 damage: health 20 -> 18 (damage 1d3 (2) +4 Magic)"
    t.rolls(5, 3, 1)
    t.do("cast Morrigan Bolt 2 10 minor")
    assert t.c("Morrigan").pools["mana"].value == 26
    assert "Combat Magic: Bolt costs 2 MP more" in t.said()


def test_fade_shroud_is_paid_at_the_start_of_each_turn_or_ends():
    """dragon_age.md §2.12: Fade Shroud +3 Defense; 3 MP at the start of each of its turns, or it ends."""
    t = table("set Morrigan mana=4/30", "cond Morrigan fade-shroud")
    assert fig(t, "Morrigan", "defense").value == 10 + 2 + 3
    t.do("next", "next", "next")  # Morrigan's turn, round 2: pays 3
    assert t.c("Morrigan").pools["mana"].value == 1
    t.do("next", "next", "next")  # round 3: cannot pay
    assert not t.c("Morrigan").has("fade-shroud")
    assert t.said()[-1] == "Morrigan cannot pay 3 MP: Fade Shroud ends"


def test_encounter_effects_end_with_the_combat():
    """dragon_age.md §2.12: Heroic Aura, Heroic Offense, Berserk last until the end of the encounter."""
    t = table("cond Alistair heroic-aura", "cond Alistair berserk", "cond Morrigan spell-wisp")
    t.do("end")
    assert not t.c("Alistair").conditions
    assert t.c("Morrigan").has("spell-wisp")  # an hour, not the encounter


# -- an ongoing spell: its test at the start of the owner's turn -----------------------------------

def test_winters_grasp_tests_at_the_start_of_the_targets_turn():
    """dragon_age.md §2.12: Winter's Grasp: at the start of each of the target's turns, Con (Stamina)
    vs the Spellpower; a failure deals 1d6 penetrating and -2 Speed more, a success ends it."""
    t = table("cond Hurlock winters-grasp:14 4 by Morrigan")
    t.rolls(2, 2, 1, 4)  # Hurlock's turn: 5 + 2 Con = 7 vs 14, fails; 1d6 = 4 penetrating
    t.do("next", "next")
    assert hp(t, "Hurlock") == 16  # armor 4 ignored
    assert fig(t, "Hurlock", "speed").value == 10 + 1 - 2
    said = t.said()
    assert said[-3] == "Hurlock fails against Winter's Grasp (5 (2,2,1; dragon 2) +2 Con = 7 vs Spellpower 14)"
    assert said[-1] == ("Hurlock takes 4 (penetrating: armor ignored) = 4 damage: health 20 -> 16 "
                        "(Winter's Grasp 1d6 (4))")
    t.rolls(6, 6, 5)  # next round: 17 + 2 = 19, shakes it off
    t.do("next", "next", "next")
    assert not t.c("Hurlock").has("winters-grasp")
    assert fig(t, "Hurlock", "speed").value == 11
    assert hp(t, "Hurlock") == 16


# -- the test against a spell's Spellpower (the area "save") ------------------------------------------

def _ctx(t: Table) -> Context:
    return Context(t.state, t.session.ruleset, t.dice)


def test_save_is_the_ability_test_with_focus_and_dragon_die_against_spellpower():
    """dragon_age.md §2.12: the area "save" is 3d6 + ability + 2 with the focus, vs the Spellpower."""
    t = table("set Alistair focus=heavy-blades,acrobatics")
    rs = t.session.ruleset
    t.rolls(5, 4, 3)  # 12 + 1 Dex + 2 acrobatics = 15 vs 14
    ok, total, text = rs.checks.save(_ctx(t), t.c("Alistair"), "dex:acrobatics", 14)
    assert (ok, total) == (True, 15)
    assert str(text) == "12 (5,4,3; dragon 5) +1 Dex +2 acrobatics = 15"  # the engine adds the DC and verdict
    t.rolls(5, 4, 3)  # Hurlock has no Acrobatics focus: 12 + 1 = 13
    assert rs.checks.save(_ctx(t), t.c("Hurlock"), "dex:acrobatics", 14)[:2] == (False, 13)
    assert rs.checks.evasion(t.c("Hurlock")) == ""
    t.rolls(5, 4, 3)  # a focus named alone is tested with its ability
    assert rs.checks.save(_ctx(t), t.c("Alistair"), "acrobatics", 14)[:2] == (True, 15)


def test_affliction_hex_and_magic_resistance_change_the_save():
    """dragon_age.md §2.12: Affliction Hex -2 on tests to resist spells; a templar's +2."""
    t = table("cond Hurlock affliction-hex", "cond Alistair magic-resistance")
    rs = t.session.ruleset
    t.rolls(4, 4, 4)
    assert rs.checks.save(_ctx(t), t.c("Hurlock"), "con:stamina", 13)[:2] == (False, 12)  # 12 + 2 - 2
    t.rolls(4, 4, 4)
    assert rs.checks.save(_ctx(t), t.c("Alistair"), "con:stamina", 16)[:2] == (True, 16)  # 12 + 2 + 2
    with pytest.raises(Exception, match="not an ability test"):
        rs.checks.save(_ctx(t), t.c("Alistair"), "reflex", 12)


def test_dazed_takes_one_off_every_ability_test():
    """dragon_age.md §2.12: Daze: -1 on ability tests, the engine's `check` included."""
    t = table("cond Alistair dazed 1 by Morrigan")
    t.rolls(4, 4, 4)
    t.do("check Alistair str vs 10")
    assert "-1 Dazed = 14" in t.said()[-1]


# -- the spend modal, delay/ready, Spanish ---------------------------------------------------------

def test_spend_modal_lists_stunt_points_and_mana():
    """dragon_age.md §2.5, §2.8: the spend modal's resources: the stunts the waiting points buy now
    (with their costs, spent with `stunt NAME STUNT`) and the mana."""
    t = table()
    t.rolls(4, 4, 2)  # 10 + 4 Magic = 14 vs 10: success, doubles: 4 spell stunt points
    t.do("cast Morrigan Bolt 2 10")
    spend = {s.resource: s for s in t.session.ruleset.health.spendable(t.state, t.c("Morrigan"))}
    assert set(spend) == {"stunt", "mana"}
    stunts = spend["stunt"]
    assert (stunts.have, stunts.verb) == (4, "stunt")
    assert [(u.id, u.cost) for u in stunts.uses] == [
        ("powerful-casting", 1), ("mighty-spell", 2), ("skillful-casting", 2), ("mana-shield", 3),
        ("imposing-spell", 4), ("fast-casting", 4)]
    assert (spend["mana"].have, spend["mana"].uses) == (28, ())
    assert t.session.ruleset.health.spendable(t.state, t.c("Hurlock")) == []


def test_delay_and_ready_are_not_offered():
    """dragon_age.md §2.2.3: Dragon Age prepares; it has no delay and no ready."""
    turns = Table("dragon_age").session.ruleset.turns
    assert (turns.delay, turns.ready) == (False, False)


def test_the_log_and_the_refusals_read_in_spanish():
    """Every line a GM reads exists in Spanish: the log, the sheet and the refusals."""
    t = table("next")
    t.rolls(4, 4, 1, 3, 3)  # 9 + 3 + 2 = 14 vs 11: hit, 4 stunt points; damage 6 + 3 - 4 = 5
    t.do("attack Alistair Hurlock", "stunt Alistair mighty-blow")
    said = [e for entry in t.session.done for e in entry.events if e.kind == "Said"]
    assert [s.text("es") for s in said if s.text().startswith("Alistair attacks")] == [
        "Alistair ataca a Hurlock: impacta (9 (4,4,1; dragón 4) +3 Fuerza +2 hojas pesadas = 14 contra Defensa 11)"]
    assert any(s.text("es") == "Alistair gasta 2 puntos de proeza en Golpe poderoso; quedan 2" for s in said)
    with pytest.raises(CommandError) as refused:
        t.do("stunt Alistair mighty-blow")
    assert refused.value.render("es") == ("Alistair ya ha usado Golpe poderoso este asalto (cada proeza una vez "
                                          "por asalto, salvo Hostigar)")
    lines = [render(x, "es") for x in t.session.ruleset.sheet.status(t.state, t.c("Alistair"))]
    assert lines[0] == "acciones: queda 1 acción menor"
