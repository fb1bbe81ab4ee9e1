"""What the players read of Dragon Age's own sentences (docs/players.md §1, §1.1; issue 22).

Each sentence of the game keeps its arguments typed (gm_console/engine/core/told.py): a PC's numbers
are its players', a foe's are the GM's, command hints are the GM's. A sentence with a public
core (who attacks whom and whether it hits, who is dying, what is cast) keeps its numbers in a
detail the players' view drops alone. Each test reads the log as the GM does (English and
Spanish) and as the players do (`play_log(..., players=True)` and `players.lines`), and cites
the rule of docs/rulesets/dragon_age.md it is about.
"""

from __future__ import annotations


from conftest import Table
from gm_console.engine.views import players_filter as players
from gm_console.engine.views.export import play_log


def table(options=None) -> Table:
    """Sera (PC, Con 1, armor 3) acts first, then the Hurlock (a foe, Str 3, Con 2, Defense 12,
    armor 4), then the Emissary (a foe mage, Magic 3, 20 mana)."""
    t = Table("dragon_age", options)
    t.do("add Sera pc health=25 con=1 dex=3 str=1 armor=3 magic=2 mana=12 focus=swimming",
         "add Hurlock health=20 str=3 con=2 dex=1 armor=4 defense=12 weapon=2d6",
         "add Emissary health=25 magic=3 mana=20 con=1",
         "init Sera 15", "init Hurlock 12", "init Emissary 8", "start")
    return t


def gm_log(t: Table, lang: str = "en") -> str:
    return play_log(t.session.done, t.state, t.session.ruleset, lang=lang)


def players_log(t: Table, lang: str = "en") -> str:
    return play_log(t.session.done, t.state, t.session.ruleset, lang=lang, players=True)


def players_said(t: Table, lang: str = "en") -> list[str]:
    """The game's own sentences as the players read them (the live view's and the post's lines)."""
    return [ln.text for ln in players.lines(t.session.done, t.session.ruleset, t.state.options, lang)
            if ln.kind in ("said", "health")]


# -- dragon_age.md §2.6: dying -----------------------------------------------------------------------


def test_a_dying_pc_is_read_by_its_players_with_its_countdown():
    """dragon_age.md §2.6 [S]: a PC at 0 is dying for Con + 2 of its own turns; the players read
    the countdown, at the fall and at the start of each of its turns."""
    t = table()
    t.do("dmg Sera 30")  # 30 - 3 armor = 27: 25 -> 0, on its own turn in round 1
    fell = "Sera is dying (Con +1 + 2 = 3; dies at the start of their turn in 3 turns (round 4) unless healed above 0)"
    cayo = ("Sera está moribundo (Con +1 + 2 = 3; muere al comienzo de su turno dentro de 3 turnos (asalto 4) "
            "salvo que se le cure por encima de 0)")
    assert f"{fell} [dragon_age.md §2.6]" in gm_log(t)
    assert f"{cayo} [dragon_age.md §2.6]" in gm_log(t, "es")
    assert fell in players_said(t) and f"- {fell}\n" in players_log(t)
    assert cayo in players_said(t, "es")
    assert "Sera takes 30 - 3 armor = 27 damage: health 25 -> 0" in players_said(t)
    t.do("next", "next", "next")  # round 2, Sera's turn
    left = "Sera is dying (dies at the start of their turn in 2 turns unless healed above 0)"
    assert players_said(t)[-1] == left
    assert players_said(t, "es")[-1] == ("Sera está moribundo (muere al comienzo de su turno dentro de 2 turnos "
                                         "salvo que se le cure por encima de 0)")
    assert f"{left} [dragon_age.md §2.6]" in gm_log(t)


def test_a_dying_foe_is_read_as_dying_without_its_con_countdown_or_health():
    """dragon_age.md §2.6 [I] (option npcs_as_pcs): a foe dying at 0. The players read that it is
    dying, and later that it dies; its Con, its countdown and its health are the GM's."""
    t = table({"npcs_as_pcs": True})
    t.do("dmg Hurlock 30")  # 30 - 4 = 26: 20 -> 0 before its turn in round 1; Con 2 + 2 = 4 turns: round 4
    gm = gm_log(t)
    assert ("Hurlock is dying (Con +2 + 2 = 4; dies at the start of its turn in 4 turns (round 4) unless healed "
            "above 0) [dragon_age.md §2.6]") in gm
    t.do("next")  # the Hurlock's turn: 3 turns left
    assert "Hurlock is dying (dies at the start of its turn in 3 turns unless healed above 0)" in gm_log(t)
    for lang, dying, down in (("en", "Hurlock is dying", "Hurlock is hurt: down"),
                              ("es", "Hurlock está moribundo", "Hurlock recibe daño: caído")):
        said = players_said(t, lang)
        assert said.count(dying) == 2 and down in said, said
        text = players_log(t, lang)
        for secret in ("Con", "+2", "dies at", "muere al", "round 4", "asalto 4", "turns", "turnos", "health",
                       "Salud", "26", "20 ->"):
            assert secret not in text, (lang, secret, text)
    t.do("cond Hurlock dead")
    assert players_said(t)[-1] == "The GM declares Hurlock dead"


def test_a_foe_that_dies_at_zero_is_read_by_the_players():
    """dragon_age.md §2.6 [I]: NPCs die at 0; the players read that it dies, not its health."""
    t = table()
    t.do("dmg Hurlock 30")
    assert players_said(t) == ["Hurlock is hurt: down", "Hurlock (NPC) drops to 0 health and dies"]
    assert players_said(t, "es") == ["Hurlock recibe daño: caído", "Hurlock (PNJ) cae a 0 de Salud y muere"]


def test_a_dying_foes_countdown_does_not_reach_the_players_through_its_condition():
    """dragon_age.md §2.6: the countdown of a foe is the GM's, wherever the players read."""
    t = table({"npcs_as_pcs": True})
    t.do("dmg Hurlock 30")
    assert "4 rounds" not in players_log(t)


# -- dragon_age.md §2.4: attacks and damage ----------------------------------------------------------


def test_a_pcs_damage_line_is_read_whole_and_the_foes_roll_stays_the_gms():
    """dragon_age.md §2.4 [S]: the Hurlock hits Sera. The players read who hit whom and Sera's
    damage line in full; the Hurlock's roll (its Str) and its damage dice are the GM's."""
    t = table()
    t.do("next")
    t.rolls(5, 4, 3, 4, 3)  # 12 + 3 Str = 15 vs Defense 13: hit; 2d6 = 7 + 3 Str = 10 - 3 armor = 7
    t.do("attack Hurlock Sera")
    gm = gm_log(t)
    assert ("Hurlock attacks Sera: hit (12 (5,4,3; dragon 5) +3 Str = 15 vs Defense 13 = 10 + 3 Dex) "
            "[dragon_age.md §2.4]") in gm
    assert "Sera takes 10 - 3 armor = 7 damage: health 25 -> 18 (damage 2d6 (7) +3 Str) [dragon_age.md §2.4]" in gm
    assert ("Sera recibe 10 - 3 armadura = 7 de daño: Salud 25 -> 18 (daño 2d6 (7) +3 Fuerza) "
            "[dragon_age.md §2.4]") in gm_log(t, "es")
    assert players_said(t) == ["Hurlock attacks Sera: hit", "Sera takes 10 - 3 armor = 7 damage: health 25 -> 18"]
    assert players_said(t, "es") == ["Hurlock ataca a Sera: impacta",
                                     "Sera recibe 10 - 3 armadura = 7 de daño: Salud 25 -> 18"]
    for secret in ("+3", "Str", "2d6", "dragon 5", "15 vs"):
        assert secret not in players_log(t), secret


def test_a_pcs_attack_on_a_foe_is_read_without_the_foes_defense_or_health():
    """dragon_age.md §2.4 [S]: Sera hits the Hurlock. The players read the hit and a health word;
    the Hurlock's Defense, armor and health are the GM's (with players_damage on: the amount)."""
    t = table({"action_limits": False})
    t.rolls(6, 4, 3, 3)  # 13 + 1 Str = 14 vs Defense 12: hit; 1d3 = 3 + 1 Str = 4 - 4 armor = 0
    t.do("attack Sera Hurlock", "set Hurlock armor=1")
    t.rolls(6, 4, 3, 3)  # the same roll: 4 - 1 armor = 3 damage
    t.do("attack Sera Hurlock")
    assert ("Sera attacks Hurlock: hit (13 (6,4,3; dragon 6) +1 Str = 14 vs Defense 12) [dragon_age.md §2.4]"
            in gm_log(t))
    assert players_said(t) == ["Sera attacks Hurlock: hit", "Sera attacks Hurlock: hit", "Hurlock is hurt: wounded"]
    text = players_log(t)
    for secret in ("Defense 12", "armor", "health", "20 ->", "-> 17"):
        assert secret not in text, secret
    t.do("option players_damage on")
    t.rolls(6, 4, 3, 3)
    t.do("attack Sera Hurlock")
    assert players_said(t)[-2:] == ["Sera attacks Hurlock: hit", "Hurlock takes 3 damage: wounded"]
    assert "-> 14" not in players_log(t)


def test_a_foes_miss_is_read_as_a_miss():
    """dragon_age.md §2.4 [S]: below Defense is a miss; the players read it, not the roll."""
    t = table()
    t.do("next")
    t.rolls(1, 2, 3)  # 6 + 3 = 9 vs 13: miss
    t.do("attack Hurlock Sera")
    assert players_said(t) == ["Hurlock attacks Sera: miss"]
    assert players_said(t, "es") == ["Hurlock ataca a Sera: falla"]


# -- dragon_age.md §2.5: stunt points ----------------------------------------------------------------


def test_a_foes_stunt_points_are_the_gms_and_the_spend_command_is_never_the_players():
    """dragon_age.md §2.5 [S]: doubles on a hit earn stunt points. A PC's are its players' (not
    the command that spends them); a foe's are the GM's."""
    t = table()
    t.rolls(4, 4, 3, 2)  # Sera: 11 + 1 = 12 vs 12: hit with doubles, 4 points
    t.do("attack Sera Hurlock", "stunt Sera skirmish 2")
    gm = gm_log(t)
    assert ("Doubles (4,4,3) on a hit: Sera earns 4 stunt points (the dragon die) (spend now with stunt sera "
            "STUNT: skirmish 1/2m") in gm
    said = players_said(t)
    assert "Doubles (4,4,3) on a hit: Sera earns 4 stunt points (the dragon die)" in said
    assert "Sera spends 2 stunt points on Skirmish; 2 left" in said
    assert "Skirmish: Sera moves itself or Hurlock 4 m" in said
    assert "Dobles (4,4,3) en un impacto: Sera gana 4 puntos de proeza (el dado dragón)" in players_said(t, "es")
    t.do("next")
    t.rolls(5, 5, 3, 4, 3)  # Hurlock: 13 + 3 = 16 vs 13: hit with doubles, 5 points
    t.do("attack Hurlock Sera", "stunt Hurlock mighty-blow")
    assert "Hurlock earns 5 stunt points" in gm_log(t) and "Hurlock spends 2 stunt points" in gm_log(t)
    for lang in ("en", "es"):
        text = players_log(t, lang)
        for secret in ("spend now", "se gastan ya", "stunt sera", "proeza sera", "Hurlock earns", "Hurlock gana",
                       "Hurlock spends", "Hurlock gasta", "Hurlock's 3 unspent"):
            assert secret not in text, (lang, secret)


# -- dragon_age.md §2.8: magic and mana --------------------------------------------------------------


def test_a_foes_casting_is_read_without_its_mana_roll_tn_or_spellpower():
    """dragon_age.md §2.8 [O]: the Emissary casts. The players read what it cast and that it
    worked; its mana, roll, TN and Spellpower are the GM's. A PC's casting is read whole."""
    t = table()
    t.rolls(6, 5, 4)  # Sera: 15 + 2 Magic = 17 vs 12: success, Spellpower 12
    t.do("cast Sera Heal 2 12")
    t.do("next", "next")
    t.rolls(4, 2, 1)  # Emissary: 7 + 3 = 10 vs 11: fails
    t.do("cast Emissary Shock 3 11")
    gm = gm_log(t)
    assert ("Emissary casts Shock: fails, the mana is spent anyway (3 MP, mana 17 left; 7 (4,2,1; dragon 4) "
            "+3 Magic = 10 vs TN 11) [dragon_age.md §2.8]") in gm
    sera = ("Sera casts Heal: success (2 MP, mana 10 left; 15 (6,5,4; dragon 6) +2 Magic = 17 vs TN 12; "
            "Spellpower 12)")
    assert f"{sera} [dragon_age.md §2.8]" in gm
    assert players_said(t) == [sera, "Emissary casts Shock: fails, the mana is spent anyway"]
    assert players_said(t, "es")[-1] == "Emissary lanza Shock: falla, el maná se gasta igualmente"
    text = players_log(t)
    for secret in ("3 MP", "17 left", "+3 Magic", "TN 11"):
        assert secret not in text, secret


def test_resisting_a_spell_is_read_without_the_foes_roll_or_the_spellpower():
    """dragon_age.md §2.12 [O]: Winter's Grasp tested at the start of the Hurlock's turn: the
    players read that it fails against the spell, not its Con or the Spellpower."""
    t = table()
    t.do("cond Hurlock winters-grasp:14 4 by Sera")
    t.rolls(2, 2, 1, 4)  # 5 + 2 Con = 7 vs 14: fails; 1d6 = 4 penetrating
    t.do("next")
    assert ("Hurlock fails against Winter's Grasp (5 (2,2,1; dragon 2) +2 Con = 7 vs Spellpower 14) "
            "[dragon_age.md §2.12]") in gm_log(t)
    assert "Hurlock no resiste Garra invernal" in players_said(t, "es")
    said = players_said(t)
    assert "Hurlock fails against Winter's Grasp" in said and "Hurlock is hurt: wounded" in said
    for secret in ("Spellpower", "+2 Con", "Speed", "1d6", "16"):
        assert secret not in players_log(t), secret


# -- dragon_age.md §2.1: tests -----------------------------------------------------------------------


def test_a_foes_test_and_its_tn_are_the_gms_a_pcs_are_its_players():
    """dragon_age.md §2.1 [S]: the TN the GM sets for a foe's test is a number about the foe."""
    t = table()
    t.do("test Sera con:swimming 11 5,3,3", "test Hurlock con:stamina 12 6,5,4")
    sera = "Sera tests Con (swimming): 11 (5,3,3; dragon 5) +1 Con +2 swimming = 14 vs TN 11: success, degree 5: impressively"
    assert f"{sera} [dragon_age.md §2.1]" in gm_log(t)
    assert "Hurlock tests Con (stamina): 15 (6,5,4; dragon 6) +2 Con = 17 vs TN 12" in gm_log(t)
    assert players_said(t) == [sera]
    assert "TN 12" not in players_log(t) and "NO 12" not in players_log(t, "es")


def test_an_opposed_test_is_read_by_who_won_and_the_foes_roll_stays_the_gms():
    """dragon_age.md §2.1 [S]: the higher total wins; each side's roll is its own combatant's."""
    t = table()
    t.do("contest Sera str Hurlock str 6,6,5 1,2,1")
    assert ("Opposed test: Sera wins (Sera 17 (6,6,5; dragon 6) +1 Str = 18 vs Hurlock 4 (1,2,1; dragon 1) "
            "+3 Str = 7) [dragon_age.md §2.1]") in gm_log(t)
    assert players_said(t) == ["Opposed test: Sera wins"]
    assert players_said(t, "es") == ["Tirada enfrentada: gana Sera"]
