"""Spells and abilities on the sheet (docs/rulesets/pathfinder1e.md §1.11): the catalogue's numbers,
the figures a buffed combatant shows with their breakdown, and the d20 stacking rule (same-type
bonuses do not stack and the sheet says which did not count)."""

from __future__ import annotations

import pytest

from conftest import Table
from gm_console.engine.language.commands import CommandError
from gm_console.engine.core.state import ConditionInstance
from gm_console.i18n import render


def pf(**options) -> Table:
    return Table("pathfinder1e", options=options or None)


def fig(t: Table, who: str, name: str):
    return t.session.ruleset.sheet.effective(t.state, t.c(who))[name]


def value(t: Table, who: str, name: str) -> int:
    return fig(t, who, name).value


# -- the catalogue: names in both languages, numbers from the Core Rulebook -------------------------


@pytest.mark.parametrize("typed", ["bless", "Bendecir", "bendición"])
def test_bless_by_either_name_is_plus_one_morale_on_attacks(typed):
    """pathfinder1e.md §1.11: bless, +1 morale on attack rolls (melee, ranged, CMB), 1 min/level."""
    t = pf()
    t.do("add Kyra pc hp=20 bab=3 str=12", f"cond Kyra {typed} 10")
    assert (value(t, "Kyra", "attack"), value(t, "Kyra", "ranged"), value(t, "Kyra", "cmb")) == (5, 4, 5)
    cdef = t.session.ruleset.conditions.catalogue.get("bless")
    assert (cdef.kind, cdef.bonus_type, cdef.duration_en, cdef.duration_es) == \
        ("effect", "morale", "1 min/level", "1 min/nivel")


def test_every_effect_of_the_brief_is_in_the_catalogue_with_its_source_and_duration():
    """pathfinder1e.md §1.11: the effects GMs track most, each citing where its numbers come from."""
    cat = t_catalogue()
    wanted = ["bless", "bane", "haste", "slow", "shield", "mage-armor", "shield-of-faith", "heroism",
              "greater-heroism", "prayer", "prayer-foe", "barkskin", "enlarge-person", "reduce-person", "rage",
              "inspire-courage", "divine-favor", "protection-from-evil", "invisibility", "greater-invisibility",
              "mirror-image", "aid", "resistance", "bulls-strength", "cats-grace", "bears-endurance", "good-hope",
              "crushing-despair", "regeneration", "fast-healing", "acid-arrow"]
    for cid in wanted:
        d = cat.get(cid)
        assert d is not None and d.kind == "effect", cid
        assert d.source.startswith("Core Rulebook") and d.duration_en and d.duration_es, cid
        assert d.summary_en and d.summary_es and d.es, cid


def t_catalogue():
    return Table("pathfinder1e").session.ruleset.conditions.catalogue


def test_a_buffed_fighter_shows_each_effect_in_the_breakdown():
    """pathfinder1e.md §1.11: heroism +2 morale, shield +4 shield, haste +1 attack and +1 dodge AC."""
    t = pf()
    t.do("add Val pc hp=30 ac=18 bab=5 str=16 dex=12 will=1 ref=2", "cond Val heroism", "cond Val shield",
         "cond Val haste 5")
    ac = fig(t, "Val", "ac")
    assert ac.value == 23 and ac.explain("AC") == "AC 23 = 18 + 4 shield + 1 haste"
    assert value(t, "Val", "attack") == 5 + 3 + 2 + 1
    assert value(t, "Val", "will") == 3 and value(t, "Val", "ref") == 2 + 2 + 1
    assert value(t, "Val", "speed") == 60


def test_same_type_bonuses_do_not_stack_and_the_sheet_says_which_did_not_count():
    """pathfinder1e.md §1.11 [O]: bless (+1 morale) under heroism (+2 morale): only +2 counts."""
    t = pf()
    t.do("add Kyra pc hp=20 bab=2", "cond Kyra bless", "cond Kyra heroism")
    atk = fig(t, "Kyra", "attack")
    assert atk.value == 4 and atk.said() == (("heroism", 2),) and atk.said_suppressed() == (("bless", 1),)
    assert atk.explain("attack") == "attack 4 = 2 + 2 heroism (+1 bless not stacking)"
    t.do("uncond Kyra heroism")
    assert value(t, "Kyra", "attack") == 3


def test_different_types_stack_and_dodge_always_does():
    """pathfinder1e.md §1.11 [O]: luck and morale add; two dodge bonuses (haste, total defense) add."""
    t = pf()
    t.do("add Kyra pc hp=20 ac=15", "cond Kyra bless", "cond Kyra prayer", "cond Kyra haste", "defend Kyra")
    assert value(t, "Kyra", "attack") == 1 + 1 + 1
    assert value(t, "Kyra", "ac") == 15 + 1 + 4


def test_a_penalty_counts_once_per_spell_but_different_spells_add():
    """pathfinder1e.md §1.11 [O]: penalties stack unless from the same source: bane and prayer's -1 add."""
    t = pf()
    t.do("add Gob hp=6 bab=1", "cond Gob bane", "cond Gob prayer-foe", "cond Gob shaken")
    assert value(t, "Gob", "attack") == 1 - 1 - 1 - 2


def test_deflection_and_shield_of_faith_take_the_value_given():
    """pathfinder1e.md §1.11: shield of faith is +2, +3 at caster level 6...: the GM gives it."""
    t = pf()
    t.do("add Kyra pc hp=20 ac=14 cmd=15", "cond Kyra shield-of-faith:3")
    assert (value(t, "Kyra", "ac"), value(t, "Kyra", "touch"), value(t, "Kyra", "cmd")) == (17, 13, 18)
    with pytest.raises(CommandError, match="takes a value"):
        t.do("cond Kyra barkskin")


def test_touch_and_cmd_do_not_take_armor_shield_or_natural_armor():
    """pathfinder1e.md §1.11 [O]: mage armor, shield and barkskin raise AC and flat-footed, not touch or CMD."""
    t = pf()
    t.do("add Kyra pc hp=20 dex=14", "cond Kyra mage-armor", "cond Kyra shield", "cond Kyra barkskin:2")
    assert value(t, "Kyra", "ac") == 12 + 4 + 4 + 2
    assert value(t, "Kyra", "ff") == 10 + 4 + 4 + 2
    assert value(t, "Kyra", "touch") == 12
    assert value(t, "Kyra", "cmd") == 12


def test_mage_armor_does_not_stack_with_worn_armor():
    """pathfinder1e.md §1.11 [O]: armor bonuses do not stack: over a chain shirt (+4) it adds nothing,
    over leather (+2) it adds the difference."""
    t = pf()
    t.do("add Val pc hp=20 ac=18 armor=6", "add Kyra pc hp=20 ac=14 armor=2", "cond Val mage-armor",
         "cond Kyra mage-armor")
    val = fig(t, "Val", "ac")
    assert val.value == 18 and val.said_suppressed() == (("mage armor", 4),)
    kyra = fig(t, "Kyra", "ac")
    assert kyra.value == 16 and kyra.explain("AC") == "AC 16 = 14 + 4 mage armor - 2 worn armor (not stacking)"


def test_worn_armor_without_a_given_ac_is_in_the_derived_one():
    """pathfinder1e.md Stat block: without `ac`, AC = 10 + Dex + size + armor + shield; touch leaves them out."""
    t = pf()
    t.do("add Val pc hp=20 dex=12 armor=4 shield=1", "cond Val shield")
    assert (value(t, "Val", "ac"), value(t, "Val", "touch"), value(t, "Val", "ff")) == (10 + 1 + 4 + 4, 11, 18)
    assert fig(t, "Val", "ac").explain("AC") == "AC 19 = 16 + 4 shield - 1 worn shield (not stacking)"


def test_dodge_bonuses_go_with_the_dex_bonus():
    """pathfinder1e.md §1.11 [O]: haste's dodge +1 is not on flat-footed AC nor while stunned."""
    t = pf()
    t.do("add Kyra pc hp=20 ac=15 dex=14", "cond Kyra haste")
    assert (value(t, "Kyra", "ac"), value(t, "Kyra", "ff")) == (16, 13)
    t.do("cond Kyra stunned")
    assert value(t, "Kyra", "ac") == 15 - 2 - 2


def test_enlarge_person_changes_size_strength_and_dexterity():
    """pathfinder1e.md §1.11: Medium to Large: +2 Str, -2 Dex, -1 AC and attack, +1 CMB and CMD."""
    t = pf()
    t.do("add Val pc hp=20 ac=16 bab=4 str=16 dex=14", "cond Val enlarge-person")
    assert (value(t, "Val", "str"), value(t, "Val", "dex")) == (18, 12)
    assert value(t, "Val", "ac") == 16 - 1 - 1  # Dex mod +2 -> +1, size -1
    assert value(t, "Val", "attack") == 4 + 3 + 1 - 1  # Str mod +3 -> +4, size -1
    assert value(t, "Val", "cmb") == 4 + 3 + 1 + 1
    assert value(t, "Val", "ranged") == 4 + 2 - 1 - 1
    t.do("cond Val reduce-person")  # the two cancel each other's size
    assert value(t, "Val", "ac") == 16 and value(t, "Val", "str") == 16


def test_rage_raises_str_con_and_will_and_lowers_ac():
    """pathfinder1e.md §1.11: +4 morale Str and Con, +2 morale on Will, -2 AC."""
    t = pf()
    t.do("add Amiri pc hp=30 ac=16 bab=5 str=18 con=14 fort=5 will=1", "cond Amiri rage 7")
    assert value(t, "Amiri", "attack") == 5 + 4 + 2
    assert value(t, "Amiri", "fort") == 5 + 2 and value(t, "Amiri", "will") == 3
    assert value(t, "Amiri", "ac") == 14 and value(t, "Amiri", "damage") == 2


def test_two_enhancement_bonuses_to_one_score_keep_the_highest():
    t = pf()
    t.do("add Val pc hp=20 str=14", "cond Val bulls-strength", "cond Val rage")
    assert value(t, "Val", "str") == 22
    t.do("add Kyra pc hp=20 dex=12 int=10", "cond Kyra cats-grace", "cond Kyra foxs-cunning")
    assert value(t, "Kyra", "dex") == 16 and value(t, "Kyra", "int") == 14


def test_slow_is_one_action_half_speed_and_haste_at_most_doubles_speed():
    """pathfinder1e.md §1.11: slow allows one move or standard action and halves speed; haste's +30 ft
    at most doubles it."""
    t = pf()
    t.do("add Kyra pc hp=20 speed=20", "add Gob hp=6 speed=30", "cond Kyra haste", "cond Gob slow",
         "init Gob 20", "init Kyra 10", "start")
    assert value(t, "Kyra", "speed") == 40 and value(t, "Gob", "speed") == 15
    t.do("action Gob standard")
    with pytest.raises(CommandError, match="one move or standard action \\(slow\\)"):
        t.do("action Gob move")


def test_mirror_image_is_a_counter_the_gm_sets():
    """pathfinder1e.md §1.11 [I]: the images left; a new number replaces it, 0 ends it."""
    t = pf()
    t.do("add Ezren pc hp=20", "cond Ezren mirror-image:4", "cond Ezren mirror-image:3")
    assert t.c("Ezren").instances("mirror-image")[0].value == 3
    assert t.said()[-1] == "Ezren: Mirror image 4 -> 3"
    t.do("cond Ezren imagen-multiple:0")
    assert not t.c("Ezren").has("mirror-image")


def test_a_free_effects_own_modifiers_are_untyped_and_add():
    """pathfinder1e.md §1.11: a free effect's numbers (`ac+2`) stack with everything."""
    t = pf()
    t.do("add Kyra pc hp=20 ac=14", "cond Kyra shield")
    t.c("Kyra").conditions.append(ConditionInstance(uid=900, cond="shield-of-dawn", mods={"ac": 2, "will": -1}))
    assert value(t, "Kyra", "ac") == 20 and value(t, "Kyra", "will") == -1
    assert ("shield-of-dawn", 2) in fig(t, "Kyra", "ac").said()


def test_conditions_still_all_apply():
    """pathfinder1e.md §1.5 [S]: conditions keep the seed's rule (shaken -2 and sickened -2 = -4)."""
    t = pf()
    t.do("add Gob hp=6 bab=1", "cond Gob shaken", "cond Gob sickened")
    assert value(t, "Gob", "attack") == -3 and fig(t, "Gob", "attack").suppressed == ()


def test_the_effect_reads_in_spanish_in_the_log_of_a_counter():
    t = pf()
    t.do("add Ezren pc hp=20", "cond Ezren mirror-image:4", "cond Ezren mirror-image:2")
    said = [e for entry in t.session.done for e in entry.events if e.kind == "Said"][-1]
    assert said.text("es") == "Ezren: Imagen múltiple 4 -> 2"


# -- ticks at the start of the owner's turn -------------------------------------------------------


def test_regeneration_and_acid_arrow_declare_their_tick():
    """pathfinder1e.md §1.11: regeneration / fast healing heal their value, acid arrow deals 2d4 acid."""
    cat = t_catalogue()
    assert (cat.get("regeneration").tick, cat.get("regeneration").valued) == ("heal", True)
    assert (cat.get("fast-healing").tick, cat.get("fast-healing").valued) == ("heal", True)
    arrow = cat.get("acid-arrow")
    assert (arrow.tick, arrow.tick_type, arrow.tick_dice) == ("damage", "acid", "2d4")


def test_regeneration_heals_at_the_start_of_the_owners_turn():
    """pathfinder1e.md §1.11: a troll with regeneration 5 heals 5 HP when its turn starts."""
    t = pf()
    t.do("add Troll hp=30 con=23", "add Val pc hp=20", "init Troll 10", "init Val 20", "start", "dmg Troll 12",
         "cond Troll regeneration:5")
    t.do("next")
    assert t.hp("Troll") == 23


def test_spanish_summary_and_duration_for_the_picker():
    d = t_catalogue().get("haste")
    assert d.summary("es").startswith("+1 a las tiradas de ataque") and d.duration_es == "1 asalto/nivel"
    assert render(d.term, "es") == "Acelerar"
