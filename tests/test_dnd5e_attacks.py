"""Fifth edition's attack rolls (docs/rulesets/dnd5e.md §6.5), through the stat block's attacks."""

from __future__ import annotations

import pytest
from conftest import Table

from gm_console.engine.language.commands import CommandError
from gm_console.engine.views.export import play_log

ORC = 'add Orc hp=15 ac=13 atk="greataxe +5 1d12+3 slashing reach 5; javelin +5 1d6+3 piercing range 30/120"'


def table(*lines: str) -> Table:
    t = Table("dnd5e")
    t.do(ORC, "add Ana pc hp=30 ac=15", *lines)
    return t


def last_attack(t: Table) -> str:
    return next(line for line in reversed(t.said()) if " attacks " in line)


def test_d20_plus_the_bonus_against_ac():
    """dnd5e.md §6.5: 10 + 5 = 15 hits AC 15; 9 + 5 misses."""
    t = table()
    t.rolls(10, 7)
    t.do("attack Orc Ana")
    assert t.hp("Ana") == 20
    t.rolls(9)
    t.do("attack Orc Ana")
    assert t.hp("Ana") == 20 and "miss" in last_attack(t)


def test_advantage_from_the_line_rolls_two_d20_and_keeps_the_higher():
    t = table()
    t.rolls(5, 17, 6)
    t.do("attack Orc Ana adv")
    assert "17 [2d20kh1 (5, 17)] +5 greataxe = 22 vs AC 15" in last_attack(t) and t.hp("Ana") == 21


def test_a_poisoned_attacker_has_disadvantage_and_advantage_cancels_it():
    """dnd5e.md §6.5 and §6.2: poisoned, 2d20kl1; with `adv` too, one d20."""
    t = table("cond Orc poisoned")
    t.rolls(17, 5)
    t.do("attack Orc Ana")
    assert "5 [2d20kl1 (17, 5)]" in last_attack(t) and t.hp("Ana") == 30
    t.rolls(12, 4)
    t.do("attack Orc Ana ventaja")
    assert "12 +5 greataxe = 17" in last_attack(t) and t.hp("Ana") == 23


def test_a_prone_target_gives_advantage_in_melee_and_disadvantage_at_range():
    t = table("cond Ana prone")
    t.rolls(4, 16, 5)
    t.do("attack Orc Ana greataxe")
    assert "2d20kh1 (4, 16)" in last_attack(t)
    t.rolls(16, 4)
    t.do("attack Orc Ana javelin")
    assert "2d20kl1 (16, 4)" in last_attack(t)


def test_a_critical_hit_rolls_the_damage_dice_twice_not_the_modifier():
    """dnd5e.md §6.5: natural 20, greataxe 2d12+3: 4 + 5 + 3 = 12."""
    t = table()
    t.rolls(20, 4, 5)
    t.do("attack Orc Ana")
    assert t.hp("Ana") == 18
    assert "critical hit" in last_attack(t) and "2d12+3" in last_attack(t)


def test_a_melee_hit_on_a_paralyzed_creature_is_a_critical():
    t = table("cond Ana paralyzed")
    t.rolls(3, 11, 4, 5)
    t.do("attack Orc Ana greataxe")
    assert t.hp("Ana") == 18 and "critical hit" in last_attack(t)


def test_a_critical_hit_on_a_dying_pc_is_two_death_save_failures():
    """dnd5e.md §3.4 through an attack: unconscious within 5 feet, advantage and a critical;
    with one failure already, the third kills."""
    t = table("dmg Ana 30", "dmg Ana 1")
    assert t.c("Ana").marks["ds_fail"] == 1
    t.rolls(8, 12, 2, 2)
    t.do("attack Orc Ana greataxe")
    assert t.c("Ana").life == "dead"


def test_cover_adds_to_ac_and_total_cover_is_refused():
    """dnd5e.md §6.5: three-quarters cover +5: 14 + 5 = 19 misses AC 20."""
    t = table()
    t.rolls(14)
    t.do("attack Orc Ana javelin cover")
    assert "vs AC 20" in last_attack(t) and t.hp("Ana") == 30
    with pytest.raises(CommandError, match="total cover"):
        t.do("attack Orc Ana total-cover")


@pytest.mark.parametrize("word", ["flank", "flanqueo", "concealment", "ocultacion-total", "miss", "improved-cover"])
def test_other_games_flanking_and_concealment_are_refused_not_ignored(word):
    """dnd5e.md §6.5: fifth edition has no flanking, no concealment's miss chance and no improved
    cover; a GM who types Pathfinder's words is told what the game has, nothing rolled."""
    t = table()
    t.rolls(10, 7)
    with pytest.raises(CommandError, match="is not fifth edition's .* it has adv, dis, half-cover"):
        t.do(f"attack Orc Ana {word}")
    assert t.hp("Ana") == 30


def test_an_incapacitated_creature_does_not_attack():
    t = table("cond Orc stunned")
    with pytest.raises(CommandError, match="no attacks"):
        t.do("attack Orc Ana")


def test_the_players_read_a_foes_hit_on_them_but_not_its_numbers():
    t = table()
    t.rolls(10, 7)
    t.do("attack Orc Ana")
    text = play_log(t.session.done, t.state, t.session.ruleset, players=True)
    assert "Orc attacks Ana with its greataxe: hit" in text


def test_the_consoles_attack_form_rolls_a_5e_attack(tmp_path):
    """dnd5e.md §6.5: key f on the orc's turn, its attacks listed, Enter attacks the selected PC:
    14 + 5 hits AC 15, 6 + 3 slashing."""
    import asyncio

    from gm_console.engine.core.dice import Dice
    from gm_console.tui.app import GMConsole
    from gm_console.tui.modals.attack import AttackModal
    from test_tui_support import make_encounter

    enc = make_encounter(tmp_path, [ORC, "add Ana pc hp=30 ac=15", "init Orc 12", "init Ana 5", "start"],
                         ruleset="dnd5e")
    app = GMConsole(encounter=enc, dice=Dice.from_rolls([14, 6], seed=1))

    async def drive():
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.press("j")
            await pilot.press("f")
            await pilot.pause()
            assert isinstance(app.screen, AttackModal)
            await pilot.press("enter")
            await pilot.pause()

    asyncio.run(drive())
    assert enc.session.done[-1].line == "attack Orc Ana greataxe"
    assert enc.state.get("ana").pools["hp"].value == 21


def test_dodge_gives_attacks_against_it_disadvantage_until_its_next_turn():
    """dnd5e.md §7.2: Ana dodges on her turn; the orc's attack rolls 2d20kl1; at Ana's next turn it ends."""
    t = table("init Ana 20", "init Orc 10", "start", "action Ana dodge")
    assert t.c("Ana").has("dodging")
    t.do("next")
    t.rolls(17, 5)
    t.do("attack Orc Ana")
    assert "5 [2d20kl1 (17, 5)]" in last_attack(t) and t.hp("Ana") == 30
    t.do("next")
    assert t.active == "ana" and not t.c("Ana").has("dodging")


# --- §6.6 where the attacker stands, and who holds whom ----------------------------------------------------

TROLL = 'add Troll hp=84 ac=15 atk="claw +7 2d6+4 slashing reach 10"'


def test_grappled_has_disadvantage_against_anyone_but_its_grappler():
    """dnd5e.md §6.6: the Orc, grappled by Ana, attacks her with one d20 and Bo with disadvantage;
    a grapple with no grappler named gives none."""
    t = table("add Bo pc hp=30 ac=15", "cond Orc grappled by Ana")
    t.rolls(12, 9)
    t.do("attack Orc Ana greataxe")
    assert "(12 +5 greataxe = 17" in last_attack(t) and "2d20" not in last_attack(t)
    t.rolls(16, 4)
    t.do("attack Orc Bo greataxe")
    assert "2d20kl1 (16, 4)" in last_attack(t)
    t = table("add Bo pc hp=30 ac=15", "cond Orc grappled")
    t.rolls(12, 9, 9)
    t.do("attack Orc Bo greataxe")
    assert "2d20" not in last_attack(t)


def test_a_reach_beyond_5_feet_is_far_unless_the_gm_says_near():
    """dnd5e.md §6.6: the troll's 10-foot claw on prone Ana: disadvantage; `near`, advantage."""
    t = table(TROLL, "cond Ana prone")
    t.rolls(16, 4)
    t.do("attack Troll Ana claw")
    assert "2d20kl1 (16, 4)" in last_attack(t)
    t.rolls(4, 16, 3, 3)
    t.do("attack Troll Ana claw near")
    assert "2d20kh1 (4, 16)" in last_attack(t)


def test_far_melee_on_a_paralyzed_creature_is_not_a_critical_near_is():
    """dnd5e.md §6.5, §6.6: the greataxe `far` (a GM's reach call) hits, no critical; a reach-10
    claw `near` on the paralyzed: critical."""
    t = table("cond Ana paralyzed")
    t.rolls(10, 12, 4)
    t.do("attack Orc Ana greataxe lejos")
    assert "critical" not in last_attack(t)
    t = table(TROLL, "cond Ana paralyzed")
    t.rolls(10, 12, 3, 3, 3, 3)
    t.do("attack Troll Ana claw cerca")
    assert "critical" in last_attack(t)


def test_a_ranged_attack_within_5_feet_has_disadvantage():
    """dnd5e.md §6.6: the javelin thrown `near` Ana: disadvantage; near an incapacitated one, none."""
    t = table()
    t.rolls(16, 4)
    t.do("attack Orc Ana javelin near")
    assert "2d20kl1 (16, 4)" in last_attack(t)
    t = table("cond Ana stunned")
    t.rolls(4, 16, 3)
    t.do("attack Orc Ana javelin near")
    assert "2d20kh1 (4, 16)" in last_attack(t)  # stunned: advantage only


@pytest.mark.parametrize("line, dice", [("cond Ana invisible", "2d20kl1"), ("cond Orc invisible", "2d20kh1"),
                                        ("cond Ana restrained", "2d20kh1"), ("cond Orc blinded", "2d20kl1"),
                                        ("cond Ana blinded", "2d20kh1"), ("cond Orc restrained", "2d20kl1")])
def test_the_conditions_of_either_side(line, dice):
    """dnd5e.md §6.5: invisible, restrained and blinded, on the attacker or on the target."""
    t = table(line)
    t.rolls(16, 4, 3)
    t.do("attack Orc Ana greataxe")
    assert dice in last_attack(t)


def test_a_charmed_creature_cannot_attack_its_charmer_but_can_attack_others():
    """dnd5e.md §6.6: the Orc charmed by Ana is refused attacking her, state unchanged; Bo is fair game."""
    t = table("add Bo pc hp=30 ac=15", "cond Orc charmed by Ana")
    with pytest.raises(CommandError, match="charmed by Ana and cannot attack Ana"):
        t.do("attack Orc Ana")
    assert t.hp("Ana") == 30
    t.rolls(10, 7)
    t.do("attack Orc Bo")
    assert t.hp("Bo") == 20


@pytest.mark.parametrize("game,sheet", [("dnd5e", "hp=20 ac=12"), ("starfinder", "hp=20 eac=12 kac=13"),
                                        ("pathfinder1e", "hp=20 ac=12")])
def test_a_creature_with_no_attacks_is_shown_one_of_its_games_to_type(game, sheet):
    """The refusal's example is an attack as the game's stat blocks write it (no 19-20/x2 in
    fifth edition), in the GM's language, and typed as shown it is read."""
    from gm_console.engine.core.errors import CommandError
    from gm_console.i18n import render

    for lang in ("en", "es"):
        t = Table(game)
        t.do(f"add A {sheet}", f"add B {sheet}", "init A 10", "init B 5", "start")
        with pytest.raises(CommandError) as refused:
            t.do("attack A B")
        said = render(refused.value.message, lang)
        example = said.split('="')[1].rstrip('"')
        assert ("19-20/x2" in example) == (game == "pathfinder1e"), said
        assert ("ataque=" in said) == (lang == "es"), said
        t.do(f'set A atk="{example}"', "attack A B")


def test_a_riders_words_read_in_spanish_and_the_rest_as_the_stat_block_wrote_it():
    """`plus advantage: +1d4 slashing` reads `más ventaja: +1d4 cortante` at a Spanish table
    (engine/core/rider_words.py); a word the list does not know (a named ability) stays as written."""
    from gm_console.engine.core.rider_words import rider_text, rider_term
    from gm_console.i18n import render

    t = Table("dnd5e")
    t.do("add Trasgo hp=10 ac=15 \"atk=scimitar +4 1d6+2 slashing plus advantage: +1d4 slashing\"",
         "add Bram pc hp=28 ac=12", "init Trasgo 15", "init Bram 8", "start")
    t.do("attack Trasgo Bram 15")
    es, en = play_log(t.session.done, t.state, t.session.ruleset, "es"), \
        play_log(t.session.done, t.state, t.session.ruleset, "en")
    assert "cortante, más ventaja: +1d4 cortante (" in es
    assert "slashing, plus advantage: +1d4 slashing (" in en
    assert rider_text("grappled (escape DC 12) if Medium or smaller", "es") == \
        "agarrado (escapar CD 12) si Mediano o menor"
    assert render(rider_term("void bite"), "es") == "más void bite"
