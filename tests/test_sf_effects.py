"""Starfinder effects (docs/rulesets/starfinder.md §3.13): the catalogue's spells and abilities change the
figures they should, typed bonuses stack by the rule of §3.13.1, a force field regains its temporary HP at
the end of its owner's turn, saves against an area and evasion (§3.13.2)."""

from __future__ import annotations

import pytest

from conftest import Table
from gm_console.engine.language.commands import CommandError
from gm_console.engine.core.context import Context
from gm_console.engine.core.dice import Dice
from gm_console.engine.core.events import ConditionAdded
from gm_console.i18n import render


def table(options=None) -> Table:
    """Navasi (the envoy) acts first, Obozaya second, the pirate last."""
    t = Table("starfinder", options)
    t.do("add Navasi pc sp=20 hp=20 rp=4 eac=15 kac=16 attack=5 ref=4 will=3 wis=12 init=9",
         "add Obozaya pc sp=30 hp=30 rp=4 eac=16 kac=18 attack=8 ref=2 speed=30 init=5",
         "add Pirate hp=20 eac=13 kac=14 attack=5 ref=3 speed=20 init=1", "start")
    return t


def fig(t: Table, who: str, key: str):
    return t.session.ruleset.sheet.effective(t.state, t.c(who))[key]


def status(t: Table, who: str, lang: str = "en") -> list[str]:
    return [render(x, lang) for x in t.session.ruleset.sheet.status(t.state, t.c(who), lang)]


# -- figures and their breakdown ----------------------------------------------------------------


def test_a_buffed_combatant_shows_the_bonus_and_where_it_comes_from():
    """§3.13: keen senses is +2 insight to Perception; get 'em +1 morale to attacks."""
    t = table()
    t.do("cond Navasi keen-senses 10", "cond Obozaya get-em 1 by Navasi")
    perception = fig(t, "Navasi", "perception")
    assert (perception.value, perception.base, perception.said()) == (3, 1, (("keen senses", 2),))
    attack = fig(t, "Obozaya", "attack")
    assert attack.value == 9 and attack.said() == (("get 'em", 1),)
    assert fig(t, "Obozaya", "ranged").value == 9 and fig(t, "Obozaya", "melee").value == 9
    assert attack.explain("attack") == "attack 9 = 8 + 1 get 'em"


def test_bonuses_of_one_type_do_not_stack_and_the_lesser_shows_as_suppressed():
    """§3.13.1: two morale bonuses: only the higher counts; the other is kept for the dimmed breakdown."""
    t = table()
    t.do("cond Obozaya get-em 1 by Navasi", "cond Obozaya improved-get-em 1 by Navasi")
    attack = fig(t, "Obozaya", "attack")
    assert attack.value == 10
    assert attack.said() == (("improved get 'em", 2),) and attack.said_suppressed() == (("get 'em", 1),)
    assert "(+1 get 'em not stacking)" in attack.explain("attack")


def test_bonuses_of_different_types_and_conditions_all_count():
    """§3.13.1 and §3.6: insight and morale add; a condition's penalty always applies."""
    t = table()
    t.do("cond Obozaya graviton-mode:1", "cond Obozaya shaken", "cond Obozaya partial-cover")
    ref = fig(t, "Obozaya", "ref")
    assert ref.value == 2 + 1 - 2 + 1 and ref.suppressed == ()


def test_circumstance_bonuses_add_from_two_shooters_but_not_from_one_twice():
    """§3.13.1: covering fire is a circumstance bonus: two shooters' add up; the same shooter's twice does not."""
    t = table()
    t.do("cover Navasi Pirate 20")
    t.do("next", "cover Obozaya Pirate 20")
    assert fig(t, "Pirate", "kac").value == 14 + 2 + 2
    t.do("next", "next", "next", "cover Obozaya Pirate 20")  # round 2: Navasi's expired, Obozaya's renewed
    assert fig(t, "Pirate", "kac").value == 16 and len(t.c("Pirate").instances("covering-fire")) == 1


def test_a_free_effects_own_numbers_count_untyped():
    """§3.13.1: an effect the GM typed with its numbers (``ac+2``) adds them to the figures, untyped."""
    t = table()
    ctx = Context(t.state, t.session.ruleset, t.dice)
    ctx.emit(ConditionAdded(id="obozaya", uid=t.state.next_uid, cond="shield-of-the-dawn", mods={"ac": 2}))
    assert fig(t, "Obozaya", "kac").value == 20 and fig(t, "Obozaya", "kac").said() == (("shield-of-the-dawn", 2),)


def test_haste_adds_30_feet_at_most_doubling_and_an_extra_move_after_a_full_action():
    """§3.13: haste: +30 ft (enhancement), at most double the speed; a move beside a full attack."""
    t = table()
    t.do("cond Obozaya haste 5", "cond Pirate haste 5")
    assert fig(t, "Obozaya", "speed").value == 60
    assert fig(t, "Pirate", "speed").value == 40  # 20 ft: doubled, not 50
    t.do("next", "action full-attack", "action move")
    with pytest.raises(CommandError, match="no move action left"):
        t.do("action move")


def test_slow_is_staggered_at_half_speed():
    """§3.13: slow: a single move or standard action, no full actions, half speed."""
    t = table()
    t.do("cond Navasi slow 5")
    assert fig(t, "Navasi", "speed").value == 15
    t.do("action move")
    with pytest.raises(CommandError, match="one move or standard action per turn"):
        t.do("action standard")
    with pytest.raises(CommandError, match="no full actions"):
        t.do("next", "next", "next", "action full")


def test_invisibility_gives_a_miss_chance_and_stealth():
    """§3.13: unseen: 50% miss chance against it, Stealth +20 while moving."""
    t = table()
    t.do("cond Navasi invisibilidad 10")
    assert fig(t, "Navasi", "miss_chance").value == 50
    assert fig(t, "Navasi", "stealth").value == 20 + 0  # no Dex score: the untrained base is 0
    assert any("50% miss chance" in line for line in status(t, "Navasi"))


def test_mirror_image_is_a_counter_set_by_applying_it_again():
    """§3.13: mirror image's figments: applying it again sets what is left; 0 ends it."""
    t = table()
    t.do("cond Navasi mirror-image:3")
    assert t.c("Navasi").instances("mirror-image")[0].value == 3
    assert "3 mirror images" in status(t, "Navasi")[-1]
    t.do("cond Navasi mirror-image:1")
    assert t.c("Navasi").instances("mirror-image")[0].value == 1
    t.do("cond Navasi imagen-multiple:0")
    assert not t.c("Navasi").has("mirror-image")


def test_resistant_armor_gives_dr_that_does_not_add_to_the_sheets():
    """§3.13: resistant armor's DR against kinetic damage; with DR already there the higher counts."""
    t = table()
    t.do("set Pirate dr=3", "cond Pirate resistant-armor:5 10", "dmg Pirate 12 slashing")
    assert t.hp("Pirate") == 20 - 7
    assert any("DR 5 stops 5" in s for s in t.said())


def test_photon_mode_adds_its_value_to_damage():
    """§3.13: photon attunement: insight bonus of the value to damage."""
    t = table()
    t.do("cond Obozaya photon-mode:2")
    assert fig(t, "Obozaya", "damage").value == 2


def test_effects_count_in_checks_with_the_conditions():
    """§3.9, §3.13: a Perception check lists keen senses and shaken."""
    t = table()
    t.do("cond Navasi keen-senses", "cond Navasi shaken")
    t.rolls(10)
    t.do("check Navasi perception vs 15")
    line = t.said()[-1]
    assert "+1 perception +2 keen senses -2 shaken = 11" in line and "failure" in line


# -- a force field: temporary HP that come back at the end of its owner's turn -----------------


def test_a_force_field_gives_temporary_hp_and_regains_them_at_the_end_of_its_turn():
    """§3.13 (CRB force fields): black: 10 temporary HP, fast healing 3 at the end of its owner's turn."""
    t = table()
    t.do("cond Obozaya force-field:10")
    assert t.hp("Obozaya", "temp") == 10
    t.do("dmg Obozaya 6")
    assert (t.hp("Obozaya", "temp"), t.hp("Obozaya", "sp")) == (4, 30)
    t.do("next")                     # Obozaya's turn starts: nothing yet
    assert t.hp("Obozaya", "temp") == 4
    t.do("next")                     # and ends: +3
    assert t.hp("Obozaya", "temp") == 7
    said = [e for entry in t.session.done for e in entry.events if e.kind == "Said"][-1]
    assert said.text("es") == "El campo de fuerza de Obozaya recupera 3: PG temporales 4→7"
    t.do("uncond Obozaya force-field")
    assert t.hp("Obozaya", "temp") == 0


def test_a_force_field_takes_only_the_temporary_hp_of_a_color():
    t = table()
    with pytest.raises(CommandError, match=r"10 \(black\)"):
        t.do("cond Obozaya force-field:12")


def test_fast_healing_heals_at_the_start_of_its_owners_turn():
    """§3.13: fast healing N: N HP at the start of its turn (the engine ticks it; the ruleset heals)."""
    t = table()
    t.do("dmg Pirate 10", "cond Pirate fast-healing:3", "next", "next")
    assert t.active == "pirate" and t.hp("Pirate") == 13


# -- saves against an area, evasion ---------------------------------------------------------------


def save(t: Table, who: str, what: str, dc: int, natural: int):
    ctx = Context(t.state.copy(), t.session.ruleset, Dice.from_rolls([natural], seed=1))
    return t.session.ruleset.checks.save(ctx, ctx.combatant(who), what, dc)


def test_a_save_is_d20_plus_the_sheet_with_its_conditions_and_effects():
    """§3.13.2: Reflex +4, graviton +1, shaken -2: a natural 12 makes 15."""
    t = table()
    t.do("cond Navasi graviton-mode:1", "cond Navasi shaken")
    ok, total, text = save(t, "Navasi", "reflex", 15, 12)
    assert (ok, total) == (True, 15)
    assert render(text) == "1d20 (12) + 3 = 15"  # the roll; the engine says the DC and the verdict
    assert save(t, "Navasi", "voluntad", 16, 12) == (False, 13, save(t, "Navasi", "will", 16, 12)[2])


def test_a_natural_20_saves_and_a_natural_1_fails_whatever_the_total():
    t = table()
    assert save(t, "Navasi", "ref", 40, 20)[0] is True
    t.do("set Navasi ref=30")
    assert save(t, "Navasi", "ref", 10, 1)[0] is False


def test_evasion_is_on_the_sheet_and_lost_while_helpless():
    """§3.13.2 (CRB, Operative: Evasion): evasion, improved evasion, none while helpless."""
    t = table()
    checks = t.session.ruleset.checks
    assert checks.evasion(t.c("Navasi")) == ""
    t.do("set Navasi evasion=evasion", "set Obozaya evasion=evasion-mejorada")
    assert (checks.evasion(t.c("Navasi")), checks.evasion(t.c("Obozaya"))) == ("evasion", "improved")
    t.do("cond Navasi paralyzed")
    assert checks.evasion(t.c("Navasi")) == "evasion"  # paralyzed is not helpless in Starfinder
    t.do("cond Navasi asleep")
    assert checks.evasion(t.c("Navasi")) == ""


# -- the catalogue itself ------------------------------------------------------------------------


def test_every_effect_names_its_source_and_its_typical_duration_in_both_languages():
    """§3.13: each entry says where its numbers come from."""
    effects = [d for d in Table("starfinder").session.ruleset.conditions.catalogue if d.kind == "effect"]
    assert len(effects) >= 15
    for d in effects:
        assert d.source and d.summary_en and d.summary_es, d.id
        if d.id not in ("covering-fire", "harrying-fire", "fast-healing"):
            assert d.duration_en and d.duration_es, d.id


def test_effects_answer_to_their_spanish_names():
    t = table()
    t.do("cond Obozaya acelerar 3", "cond Navasi sentidos-agudos", "cond Pirate ralentizar 2")
    assert t.c("Obozaya").has("haste") and t.c("Navasi").has("keen-senses") and t.c("Pirate").has("slow")
