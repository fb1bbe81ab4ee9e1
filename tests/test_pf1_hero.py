"""PF1 hero points (pathfinder1e.md §1.6, §1.1.7, §1.4 cheat death)."""

from __future__ import annotations

import pytest

from conftest import Table
from gm_console.engine.language.commands import CommandError

USES = ["act", "bonus-before", "bonus-after", "aid-before", "aid-after", "extra-action", "inspiration",
        "recall", "reroll", "special"]


def pf(**options) -> Table:
    return Table("pathfinder1e", options=options or None)


def party(**options) -> Table:
    """Kyra (20), Goblin (15), Seelah (10); Goblin is acting."""
    t = pf(**options)
    t.do("add Kyra pc hp=20 con=12 hero=3", "add Goblin hp=6", "add Seelah pc hp=20 con=14 hero=2",
         "init Kyra 20", "init Goblin 15", "init Seelah 10", "start", "next")
    assert t.active == "goblin"
    return t


def said_events(t: Table):
    return [e for entry in t.session.done for e in entry.events if e.kind == "Said"]


@pytest.mark.parametrize("use", USES)
def test_every_use_costs_one_point(use):
    """pathfinder1e.md §1.6 [S]: act, bonus, aid, extra action, inspiration, recall, reroll, special cost 1."""
    t = party()
    if use == "extra-action":
        t.do("next", "next")  # an extra action is spent on its own turn (round 2, Kyra acting)
    t.do(f"spend Kyra hero {use}")
    assert t.hp("Kyra", "hero") == 2


def test_bonus_and_aid_amounts_are_logged():
    """pathfinder1e.md §1.6 [S]: +8 before / +4 after; aiding: +4 before / +2 after."""
    t = pf()
    t.do("add Kyra pc hp=20 hero=3", "add Seelah pc hp=20")
    t.do("spend Kyra hero bonus-before", "spend Kyra hero bonus-after", "spend Kyra hero aid-after Seelah")
    said = t.said()
    assert any("+8 luck bonus" in s for s in said)
    assert any("+4 luck bonus" in s and "after" in s for s in said)
    assert any("+2 to an ally's d20 roll" in s and "(for Seelah)" in s for s in said)


def test_hero_lines_are_gm_only():
    """pathfinder1e.md §1.6 [S]: the GM keeps the count hidden: every hero line is GM-only."""
    t = party()
    t.do("spend Kyra hero reroll", "hero Seelah +1", "hero Seelah")
    lines = [e for e in said_events(t) if "hero" in e.text()]
    assert lines and all(e.gm_only for e in lines)


def test_one_hero_point_per_round():
    """pathfinder1e.md §1.6 [O]: at most one hero point per round of combat."""
    t = party()
    t.do("spend Kyra hero reroll")
    with pytest.raises(CommandError, match="already spent a hero point this round"):
        t.do("spend Kyra hero bonus-after")
    t.do("spend Seelah hero reroll")
    t.do("next", "next")
    assert t.state.round == 2
    t.do("spend Kyra hero bonus-after")
    assert t.hp("Kyra", "hero") == 1


def test_no_round_limit_out_of_combat():
    t = pf()
    t.do("add Kyra pc hp=20 hero=3", "spend Kyra hero reroll", "spend Kyra hero recall")
    assert t.hp("Kyra", "hero") == 1


def test_cannot_spend_what_it_does_not_have():
    t = pf()
    t.do("add Kyra pc hp=20 hero=0")
    with pytest.raises(CommandError, match="has 0 hero points"):
        t.do("spend Kyra hero reroll")


def test_npc_cannot_spend_hero_points():
    """pathfinder1e.md §1.6 [S]: only PCs."""
    t = party()
    with pytest.raises(CommandError, match="not a PC"):
        t.do("spend Goblin hero reroll")


def test_unknown_use_lists_the_uses():
    t = party()
    with pytest.raises(CommandError, match="uses: act, bonus-before"):
        t.do("spend Kyra hero fly")


def test_spending_without_naming_a_use():
    """The GM may just take a point off (the use stays at the table)."""
    t = party()
    t.do("spend Kyra hero")
    assert t.hp("Kyra", "hero") == 2
    with pytest.raises(CommandError, match="one per round"):
        t.do("spend Kyra hero")


def test_spanish_uses_and_verb():
    t = party()
    t.do("gastar Kyra heroe repetir")
    assert t.hp("Kyra", "hero") == 2


def test_act_out_of_turn_moves_before_the_active_combatant():
    """pathfinder1e.md §1.1.7 [S]+[O]: act immediately; position just before the acting creature, permanently."""
    t = party()
    t.do("spend Seelah hero act")
    assert t.active == "seelah"
    assert t.order == ["kyra", "seelah", "goblin"]
    assert any("one move or standard action" in s for s in t.said())
    t.do("next")
    assert t.active == "goblin" and t.state.round == 1
    t.do("next")
    assert t.state.round == 2 and t.active == "kyra"
    t.do("next")
    assert t.active == "seelah"


def test_act_out_of_turn_is_refused_to_the_dying_and_the_acting():
    """pathfinder1e.md §1.1.8 [O]: a dying character cannot change its initiative."""
    t = party()
    with pytest.raises(CommandError, match="already acting"):
        t.do("next", "spend Seelah hero act")
    t = party()
    t.do("dmg Seelah 22")
    with pytest.raises(CommandError, match="dying"):
        t.do("spend Seelah hero act")
    assert t.hp("Seelah", "hero") == 2


def test_cheat_death_restores_stable_at_minus_con_plus_one():
    """pathfinder1e.md §1.4 [S]+[I]: 2 points when the PC would die: alive, stable, HP -Con+1."""
    t = party()
    t.do("dmg Seelah 40")
    assert t.c("Seelah").life == "dead"
    pend = [p.render() for p in t.session.ruleset.pending(t.state)]
    assert any(p.startswith("Seelah would die: spend 2 hero points?") for p in pend)
    t.do("spend Seelah hero cheat-death")
    s = t.c("Seelah")
    assert s.life == "stable" and s.pools["hp"].value == -13 and s.marks["stable"] == "unaided"
    assert t.hp("Seelah", "hero") == 0
    assert not any("would die" in p.render() for p in t.session.ruleset.pending(t.state))


def test_cheat_death_is_not_limited_by_the_one_per_round_rule():
    """pathfinder1e.md §1.6 [O]: one per round, except cheat death."""
    t = party()
    t.do("spend Kyra hero reroll", "dmg Kyra 40", "spend Kyra hero cheat-death")
    assert t.c("Kyra").life == "stable" and t.hp("Kyra", "hero") == 0


def test_cheat_death_keeps_a_less_negative_hp():
    """pathfinder1e.md §1.4 [I]: HP = max(HP, -Con + 1) — a death from a failed check is already at -Con."""
    t = pf()
    t.do("add Goblin hp=6", "add Seelah pc hp=20 con=10 hero=2", "init Goblin 20", "init Seelah 10",
         "start", "dmg Seelah 29")
    t.rolls(2)
    t.do("next")
    assert t.c("Seelah").life == "dead" and t.hp("Seelah") == -10
    t.do("spend Seelah hero cheat-death")
    assert t.hp("Seelah") == -9 and t.c("Seelah").life == "stable"


def test_cheat_death_needs_two_points():
    t = party()
    t.do("hero Seelah 1", "dmg Seelah 40")
    assert not any("would die" in p.render() for p in t.session.ruleset.pending(t.state))
    with pytest.raises(CommandError, match="has 1 hero points, cheat-death costs 2"):
        t.do("spend Seelah hero cheat-death")


def test_cheat_death_only_right_after_the_killing_blow():
    """pathfinder1e.md §1.4 [S]: cheat death is offered when the PC would die, not later."""
    t = party()
    t.do("dmg Seelah 40", "next")
    with pytest.raises(CommandError, match="right after the killing blow"):
        t.do("spend Seelah hero cheat-death")
    t2 = party()
    with pytest.raises(CommandError, match="right after the killing blow"):
        t2.do("spend Seelah hero cheat-death")


def test_cheat_death_while_dying_stabilizes():
    """pathfinder1e.md §1.6 [S]: 'se queda en puntos negativos, pero estable' — spent on a dying PC, HP kept."""
    t = party()
    t.do("dmg Seelah 25", "spend Seelah hero cheat-death")
    assert t.c("Seelah").life == "stable" and t.hp("Seelah") == -5 and t.hp("Seelah", "hero") == 0


def test_cheat_death_auto_option():
    """[I] option cheat_death=auto: the 2 points are spent at once, the PC never dies."""
    t = party(cheat_death="auto")
    t.do("dmg Seelah 40")
    assert t.c("Seelah").life == "stable" and t.hp("Seelah") == -13 and t.hp("Seelah", "hero") == 0
    t.do("dmg Seelah 40")
    assert t.c("Seelah").life == "dead"


def test_pet_costs_one_point_seed():
    """pathfinder1e.md §1.4/§1.6 [S]: 1 point saves the PC's own pet, companion or mount."""
    t = party()
    t.do("add Wolf ally hp=13 con=15 owner=Kyra", "dmg Wolf 40")
    assert t.c("Wolf").life == "dead"
    t.do("spend Kyra hero pet Wolf")
    assert t.c("Wolf").life == "stable" and t.hp("Wolf") == -14
    assert t.hp("Kyra", "hero") == 2


def test_dying_pet_offer_names_the_owner():
    t = party()
    t.do("add Wolf ally hp=13 con=15 owner=Kyra", "dmg Wolf 40")
    pend = [p.render() for p in t.session.ruleset.pending(t.state)]
    assert "Wolf would die: Kyra may spend 1 hero point (spend kyra hero pet wolf)" in pend


def test_an_allied_companion_without_owner_can_be_saved():
    t = party()
    t.do("add Wolf ally hp=13 con=15", "dmg Wolf 40", "spend Kyra hero pet Wolf")
    assert t.c("Wolf").life == "stable"


def test_someone_elses_pet_cannot_be_saved():
    t = party()
    t.do("add Wolf ally hp=13 con=15 owner=Seelah", "dmg Wolf 40")
    with pytest.raises(CommandError, match="not Kyra's pet"):
        t.do("spend Kyra hero pet Wolf")
    t.do("spend Seelah hero pet Wolf")
    assert t.c("Wolf").life == "stable"


def test_pet_cost_option_official_two():
    """pathfinder1e.md §1.4 [Δ] option pet_cheat_cost: official 2 points."""
    t = party(pet_cheat_cost=2)
    t.do("add Wolf ally hp=13 con=15 owner=Kyra", "dmg Wolf 40", "spend Kyra hero pet")
    assert t.hp("Kyra", "hero") == 1


def test_hero_points_never_save_another_pc_or_an_npc():
    """pathfinder1e.md §1.4 [S]: never for another PC or an NPC."""
    t = party()
    t.do("dmg Seelah 40")
    with pytest.raises(CommandError, match="a PC"):
        t.do("spend Kyra hero pet Seelah")
    t.do("dmg Goblin 40")
    with pytest.raises(CommandError, match="not Kyra's pet"):
        t.do("spend Kyra hero pet Goblin")


def test_award_caps_at_three():
    """pathfinder1e.md §1.6 [O]: maximum 3 held, the excess is lost."""
    t = pf()
    t.do("add Kyra pc hp=20 hero=2", "hero Kyra +2")
    assert t.hp("Kyra", "hero") == 3
    assert any("1 over the maximum of 3 lost" in s for s in t.said())


def test_hero_per_level_is_off_by_default_and_an_option():
    """pathfinder1e.md §1.6 [Δ]: official +1 hero point per level gained; seed: off."""
    t = pf()
    t.do("add Kyra pc hp=20 hd=3", "levelup Kyra")
    assert t.c("Kyra").stats["hd"] == 4 and t.hp("Kyra", "hero") == 1
    t = pf(hero_per_level=True)
    t.do("add Kyra pc hp=20 hd=3", "levelup Kyra")
    assert t.hp("Kyra", "hero") == 2


def test_hero_points_never_refresh_with_rest():
    """pathfinder1e.md §1.6 [S]: hero points don't renew with rest or time."""
    t = pf()
    t.do("add Kyra pc hp=20", "spend Kyra hero reroll", "pass 8h")
    assert t.hp("Kyra", "hero") == 0


def test_other_resources_use_the_generic_spend():
    t = pf()
    t.do("add Kyra pc hp=20 temp=5", "spend Kyra temp 2")
    assert t.hp("Kyra", "temp") == 3


def test_set_hero_points_sets_the_count_capped_at_three():
    """pathfinder1e.md §1.6 [O]: at most 3 held; `set NAME hero=N` changes what the PC has now."""
    t = Table("pathfinder1e")
    t.do("add Kyra pc hp=20 con=12")
    assert t.hp("Kyra", "hero") == 1
    t.do("set Kyra hero=2")
    assert t.hp("Kyra", "hero") == 2
    with pytest.raises(CommandError, match="at most 3"):
        t.do("set Kyra hero=4")
