"""Concentration (docs/rulesets/dnd5e.md §5): one spell at a time, the Con save on damage, and
the spell ending on everyone at once, in one undo."""

from __future__ import annotations

import pytest
from conftest import Table

from gm_console.engine.language.commands import CommandError
from gm_console.engine.views.export import play_log


def table() -> Table:
    """Ana (Con save +4) blesses Bo and Cy; an orc and a goblin."""
    t = Table("dnd5e")
    t.do("add Ana pc hp=60 con=14 save_con=4", "add Bo pc hp=20", "add Cy pc hp=20", "add Orc hp=15",
         "concentrate Ana Bless on Bo,Cy 10")
    return t


def spells(t: Table) -> dict[str, list[str]]:
    return {c.name: [i.cond for i in c.conditions] for c in t.state.combatants.values()}


def test_the_spell_goes_on_its_targets_and_the_caster_concentrates():
    """dnd5e.md §5.1."""
    t = table()
    assert spells(t) == {"Ana": ["concentration"], "Bo": ["bless"], "Cy": ["bless"], "Orc": []}
    assert t.c("Bo").instances("bless")[0].rounds == 10


def test_a_second_concentration_ends_the_first_and_says_so():
    """dnd5e.md §5.2: never silent."""
    t = table()
    t.do('concentrate Ana "Hold Person" on Orc 1m')
    assert spells(t) == {"Ana": ["concentration"], "Bo": [], "Cy": [], "Orc": ["hold-person"]}
    assert ("Ana's concentration on Bless ends (a new spell, Hold Person, takes its place): it ends on Bo, Cy"
            in t.said())


def test_damage_calls_for_a_con_save_at_dc_10_for_small_damage():
    """dnd5e.md §5.4: 12 damage, DC 10; 6 + 4 = 10 keeps it."""
    t = table()
    t.rolls(6)
    t.do("dmg Ana 12")
    assert t.c("Ana").has("concentration")
    assert "Ana keeps concentrating on Bless (Con save 1d20 (6) + 4 = 10 vs DC 10)" in t.said()


def test_a_failed_save_ends_the_spell_on_everyone_in_one_undo():
    """dnd5e.md §5.3 and §5.4: 5 + 4 = 9 fails DC 10; Bo's and Cy's Bless go in the same action."""
    t = table()
    t.rolls(5)
    t.do("dmg Ana 12")
    assert spells(t) == {"Ana": [], "Bo": [], "Cy": [], "Orc": []}
    t.do("undo")
    assert spells(t) == {"Ana": ["concentration"], "Bo": ["bless"], "Cy": ["bless"], "Orc": []}


def test_large_damage_sets_the_dc_at_half_and_caps_it_at_30():
    """dnd5e.md §5.4: 44 damage is DC 22; 70 would be 35, capped at 30."""
    t = table()
    t.rolls(18)
    t.do("dmg Ana 44")
    assert "vs DC 22)" in t.said()[-1] and t.c("Ana").has("concentration")
    t = table()
    t.do("set Ana hp=200/200")
    t.rolls(20)
    t.do("dmg Ana 70")
    assert any("vs DC 30)" in line for line in t.said())


def test_damage_taken_by_temporary_hp_still_calls_for_the_save():
    """dnd5e.md §5.4 [I]."""
    t = table()
    t.do("heal Ana 10 temp")
    t.rolls(2)
    t.do("dmg Ana 8")
    assert t.hp("Ana") == 60 and not t.c("Ana").has("concentration")


def test_incapacitated_or_falling_to_0_ends_it():
    """dnd5e.md §5.5."""
    t = table()
    t.do("cond Ana stunned")
    assert spells(t)["Bo"] == []
    t = table()
    t.do("dmg Ana 60")
    assert spells(t)["Cy"] == [] and t.c("Ana").life == "dying"


def test_the_gm_ending_it_ends_the_spell_too():
    """dnd5e.md §5.3: `uncond Ana concentration`."""
    t = table()
    t.do("uncond Ana concentration")
    assert spells(t) == {"Ana": [], "Bo": [], "Cy": [], "Orc": []}


def test_an_effect_put_by_the_caster_joins_the_concentration():
    """dnd5e.md §5: `effect Orc Bless by Ana`, ended with the rest."""
    t = table()
    t.do("effect Orc Bless by Ana")
    t.rolls(1)
    t.do("dmg Ana 12")
    assert spells(t)["Orc"] == []


def test_concentration_by_hand_points_to_the_verb_and_bad_input_is_refused():
    t = table()
    with pytest.raises(CommandError, match="concentrate"):
        t.do("cond Bo concentration")
    with pytest.raises(CommandError):
        t.do("concentrate Ana Bless on Nobody")
    with pytest.raises(CommandError, match="which spell"):
        t.do('concentrate Ana ""')
    assert spells(t)["Bo"] == ["bless"]


def test_the_players_do_not_read_a_foes_save_numbers():
    t = Table("dnd5e")
    t.do("add Mage hp=40 con=12", "concentrate Mage Fly 10")
    t.rolls(3)
    t.do("dmg Mage 12")
    text = play_log(t.session.done, t.state, t.session.ruleset, players=True)
    assert "concentration on Fly ends" in text and "DC 10" not in text


def test_a_hidden_target_is_not_named_to_the_players():
    """A hidden combatant stays off the players' log, in the concentration's lines too."""
    t = Table("dnd5e")
    t.do("add Ana pc hp=30 con=14", "add Bo pc hp=20", "add Spy hp=9 hidden", "concentrate Ana Bless on Bo,Spy 10")
    t.rolls(1)
    t.do("dmg Ana 12")
    text = play_log(t.session.done, t.state, t.session.ruleset, players=True)
    assert "Spy" not in text
    gm = play_log(t.session.done, t.state, t.session.ruleset)
    assert "Ana concentrates on Bless on Bo, Spy" in gm and "it ends on Bo, Spy" in gm


def test_a_concentration_and_its_spell_stay_out_of_what_the_party_keeps():
    """dnd5e.md §5.6: Ana's concentration and Bo's Bless are not written back; Bo's exhaustion is."""
    t = table()
    t.do("cond Bo exhaustion:1")
    sheet = t.session.ruleset.sheet
    assert [k["cond"] for k in sheet.lasting(t.state, t.c("Ana"))["conditions"]] == []
    assert [k["cond"] for k in sheet.lasting(t.state, t.c("Bo"))["conditions"]] == ["exhaustion"]


def test_the_conditions_a_spell_gives_go_and_end_with_it():
    """dnd5e.md §5: Hold Person paralyzes; the failed save frees the orc of both at once."""
    t = table()
    t.do('concentrate Ana "Hold Person" paralizado on Orc 1m')
    assert spells(t)["Orc"] == ["hold-person", "paralyzed"] and t.c("Orc").instances("paralyzed")[0].rounds == 10
    t.rolls(1)
    t.do("dmg Ana 12")
    assert spells(t)["Orc"] == []
    t.do("add Golem hp=50 condition_immune=paralyzed")
    with pytest.raises(CommandError, match="immune"):
        t.do('concentrate Ana "Hold Monster" paralyzed on Golem')


@pytest.mark.parametrize("damage, dc", [(1, 10), (21, 10), (22, 11), (23, 11), (59, 29), (60, 30), (61, 30),
                                        (100, 30)])
def test_the_save_dc_at_its_edges(damage, dc):
    """dnd5e.md §5.4: DC 10 until half the damage passes it (21 -> 10, 22 -> 11, rounded down),
    capped at 30 (60 and beyond)."""
    t = table()
    t.do("set Ana hp=200/200")
    t.rolls(20)
    t.do(f"dmg Ana {damage}")
    assert any(f"vs DC {dc})" in line for line in t.said())


def test_a_save_exactly_at_the_dc_keeps_it_one_below_breaks_it():
    """dnd5e.md §5.4: 22 damage, DC 11: 7 + 4 = 11 keeps Bless; 6 + 4 = 10 ends it."""
    t = table()
    t.rolls(7).do("dmg Ana 22")
    assert t.c("Bo").has("bless")
    t = table()
    t.rolls(6).do("dmg Ana 22")
    assert not t.c("Bo").has("bless") and not t.c("Ana").has("concentration")
