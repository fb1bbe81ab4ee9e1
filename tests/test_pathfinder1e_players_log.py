"""What the players read of Pathfinder's own sentences, and what the GM reads of the same ones
(docs/players.md §1.1; the rules' numbers: docs/rulesets/pathfinder1e.md).

Every sentence of the ruleset keeps its arguments typed (gm_console/engine/core/told.py): a
combatant by name, a number about a combatant (a PC's is the players', a foe's the GM's),
damage dealt, the GM's own (hero points, command hints). Where a sentence has a public core
and a secret tail, the tail is its detail: the GM reads "core (detail)", the players the core
alone when the detail is not theirs.

Kyra is a PC (Con 12: dies at -12), the goblin a foe (Con 13: dies at -13).
"""

from __future__ import annotations

import re

import pytest

from conftest import Table
from gm_console.engine.views import players_filter as pv
from gm_console.engine.views.export import play_log


def pf(**options) -> Table:
    t = Table("pathfinder1e", options=options or None)
    t.do("add Kyra pc hp=10 con=12 hero=2", "add Goblin hp=6 con=13 str=14",
         "add Valeros pc hp=30 bab=3 str=16 dex=13", "init Kyra 20", "init Valeros 15", "init Goblin 10", "start")
    return t


def gm_lines(t: Table, lang: str = "en") -> list[str]:
    """The GM's log lines (the rules' citations cut off)."""
    text = play_log(t.session.done, t.state, t.session.ruleset, lang=lang)
    return [re.sub(r" \[pathfinder1e\.md [^\]]*\]+$", "", ln[4:]) for ln in text.splitlines() if ln.startswith("  - ")]


def players_log(t: Table, lang: str = "en") -> str:
    return play_log(t.session.done, t.state, t.session.ruleset, lang=lang, players=True)


def players_said(t: Table, lang: str = "en") -> list[str]:
    """The lines the players read (docs/players.md §1.1), through the one filter of every view."""
    return [ln.text for ln in pv.lines(t.session.done, t.session.ruleset, t.state.options, lang)]


# -- dying, dead (pathfinder1e.md §1.4) ---------------------------------------------------------


def test_a_dying_pc_is_read_by_the_players_with_its_countdown_in_both_languages():
    """pathfinder1e.md §1.4: HP below 0 and above -Con is dying; the PC's countdown is its players'."""
    t = pf()
    t.do("dmg Kyra 13")
    en = "Kyra is dying: unconscious (Con check DC 10 at the start of each turn, dies at -12, 9 to go)"
    es = ("Kyra está moribundo: inconsciente (prueba de Con CD 10 al inicio de cada turno, muere a -12, "
          "faltan 9)")
    assert en in gm_lines(t) and es in gm_lines(t, "es")
    assert en in players_said(t) and es in players_said(t, "es")
    assert "Kyra takes 13 damage: HP 10 -> -3" in players_said(t)


def test_a_pcs_con_check_while_dying_is_the_players():
    """pathfinder1e.md §1.4: d20 + Con mod - negative HP vs DC 10; a PC's numbers are its players'."""
    t = pf()
    t.do("dmg Kyra 13", "next", "next")
    t.rolls(14).do("next")  # round 2: Kyra's turn, her Con check
    line = "Kyra: Con check 14+1-3 = 12 vs DC 10, succeeds: stable (unaided, hourly checks)"
    assert line in gm_lines(t) and line in players_said(t)
    assert ("Kyra: prueba de Con 14+1-3 = 12 contra CD 10, supera: estable (sin ayuda, prueba cada hora)"
            in players_said(t, "es"))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_dying_foe_tells_the_players_it_is_dying_and_nothing_more(lang):
    """pathfinder1e.md §1.4: the players read that the goblin is dying; its HP, threshold,
    countdown and Con checks are the GM's (docs/players.md §1)."""
    t = pf()
    t.do("dmg Goblin 9")  # HP -3, dies at -13: 10 to go
    t.rolls(5).do("next", "next")  # its turn: Con check 5 +1 -3 = 3, fails: HP -4
    gm = gm_lines(t, lang)
    said = players_said(t, lang)
    if lang == "en":
        assert "Goblin is dying: unconscious (Con check DC 10 at the start of each turn, dies at -13, 10 to go)" in gm
        assert "Goblin: Con check 5+1-3 = 3 vs DC 10, fails: HP -4" in gm
        assert "Goblin is dying: unconscious" in said
    else:
        assert ("Goblin está moribundo: inconsciente (prueba de Con CD 10 al inicio de cada turno, muere a -13, "
                "faltan 10)") in gm
        assert "Goblin está moribundo: inconsciente" in said
    text = players_log(t, lang)
    for secret in ("-13", "-3", "-4", "10 to go", "faltan", "dies at", "muere a", "Con check", "prueba de Con",
                   "HP", "PG", "5+1"):
        assert secret not in text, (secret, text)
    assert ("Goblin is hurt: down" if lang == "en" else "Goblin recibe daño: caído") in text


def test_a_foe_that_dies_is_read_dead_without_its_numbers():
    """pathfinder1e.md §1.4: HP at or below -Con is dead; the players read that it died, not its HP."""
    t = pf()
    t.do("dmg Goblin 25")
    assert "Goblin dies (HP -19, dead at -13 (-Con))" in gm_lines(t)
    assert "Goblin muere (PG -19, muere a -13 (-Con))" in gm_lines(t, "es")
    assert "Goblin dies" in players_said(t) and "Goblin muere" in players_said(t, "es")
    assert "-19" not in players_log(t) and "-13" not in players_log(t)


def test_a_pc_that_dies_is_read_dead_with_its_numbers():
    """pathfinder1e.md §1.4: a PC's death sentence is its players' in full."""
    t = pf()
    t.do("spend Kyra hero bonus-before", "dmg Kyra 25")  # one hero point left: no cheat death offered
    line = "Kyra dies (HP -15, dead at -12 (-Con))"
    assert line in gm_lines(t) and line in players_said(t)


def test_a_foe_typed_dying_by_hand_shows_dying_without_its_hp():
    """pathfinder1e.md §1.5: `cond NAME dying` sets the life state; its HP is the detail."""
    t = pf()
    t.do("cond Goblin dying", "cond Kyra dying")
    assert "Goblin is dying (HP -1)" in gm_lines(t) and "Goblin está moribundo (PG -1)" in gm_lines(t, "es")
    said = players_said(t)
    assert "Goblin is dying" in said and "Kyra is dying (HP -1)" in said


# -- damage (pathfinder1e.md §1.3) --------------------------------------------------------------


def test_a_pcs_damage_lines_are_the_players_in_full():
    """pathfinder1e.md §1.3: lethal, temporary HP first, and nonlethal; a PC's lines whole."""
    t = pf()
    t.do("dmg Kyra 1", "set Kyra temp=2", "dmg Kyra 5", "dmg Kyra 2 nonlethal")
    said = players_said(t)
    assert "Kyra takes 1 damage: HP 10 -> 9" in said
    assert "Kyra takes 5 damage (2 to temporary HP): HP 9 -> 6" in said
    assert "Kyra takes 2 nonlethal damage: nonlethal 0 -> 2 (HP 6)" in said
    assert "Kyra recibe 5 de daño (2 a PG temporales): PG 9 -> 6" in players_said(t, "es")


def test_a_foes_damage_line_is_a_health_word_even_with_players_damage_on():
    """docs/players.md §1.1: a foe's HP stay the GM's; the option shows the amount, never the HP."""
    t = pf(players_damage=True)
    t.do("dmg Goblin 2", "dmg Goblin 2 nonlethal")
    assert "Goblin takes 2 damage: HP 6 -> 4" in gm_lines(t)
    text = players_log(t)
    assert "Goblin takes 2 damage: wounded" in text
    assert "HP" not in text and "6 -> 4" not in text and "nonlethal 0 -> 2" not in text


# -- hero points (pathfinder1e.md §1.6) ---------------------------------------------------------


def test_hero_points_never_reach_the_players():
    """pathfinder1e.md §1.6 [S]: the players do not know their count; the GM reads every line."""
    t = pf()
    t.do("hero Kyra", "hero Kyra +1", "spend Kyra hero bonus-before", "dmg Kyra 25")
    gm = gm_lines(t)
    assert "Kyra has 2 hero points" in gm and "Kyra: hero points 2 -> 3" in gm
    assert "Kyra spends a hero point: +8 luck bonus on a d20 roll (declared before rolling); 2 left" in gm
    assert "Kyra would die: spend 2 hero points to cheat death? (spend kyra hero cheat-death)" in gm
    t.do("spend Kyra hero cheat-death")
    assert "Kyra spends 2 hero points to cheat death: stable at HP -11; 0 left" in gm_lines(t)
    for lang in ("en", "es"):
        text = players_log(t, lang).lower()
        assert "hero" not in text and "héroe" not in text and "cheat" not in text and "burlar" not in text
    assert "Kyra: stable" in players_log(t)  # what the point did is plain to see


# -- combat maneuvers (pathfinder1e.md §1.7) ----------------------------------------------------


def test_a_maneuvers_outcome_is_the_players_its_numbers_are_the_gms():
    """pathfinder1e.md §1.7: d20 + CMB vs CMD; the players read who did what to whom and how it went,
    the target's CMD (a foe's) stays the GM's."""
    t = pf()
    t.do("next", "maneuver Valeros Goblin 14 trip")  # Valeros acts: CMB 6 vs CMD 12 (Str 14, flat-footed: no Dex)
    gm = gm_lines(t)
    assert "Valeros trip vs Goblin: success (14 +6 CMB = 20 vs CMD 12)" in gm
    assert "Valeros derribo contra Goblin: éxito (14 +6 CMB = 20 contra DMC 12)" in gm_lines(t, "es")
    said = players_said(t)
    assert "Valeros trip vs Goblin: success" in said and "Goblin is knocked prone" in said
    assert "CMD" not in players_log(t) and "DMC" not in players_log(t, "es")


def test_a_maneuver_between_pcs_is_the_players_in_full():
    """pathfinder1e.md §1.7: every number of a check between two PCs is theirs."""
    t = pf()
    t.do("maneuver Valeros Kyra 10 trip")
    line = next(s for s in players_said(t) if s.startswith("Valeros trip vs Kyra"))
    assert re.fullmatch(r"Valeros trip vs Kyra: success \(10 \+6 CMB = 16 vs CMD \d+\)", line), line


def test_a_foes_escape_artist_check_shows_only_its_outcome():
    """pathfinder1e.md §1.7.1: Escape Artist vs the holder's CMD; the goblin's bonus is the GM's."""
    t = pf()
    t.do("maneuver Valeros Goblin 15 grapple", "escape Goblin 19 artist 6")
    assert any(s.startswith("Goblin Escape Artist vs Valeros: success (19 +6") for s in gm_lines(t))
    assert "Goblin Escape Artist vs Valeros: success" in players_said(t)
    assert "Goblin Escapismo contra Valeros: éxito" in players_said(t, "es")


def test_command_hints_are_the_gms():
    """pathfinder1e.md §1.7.1, §1.7.2: the commands a sentence suggests are for the GM to type."""
    t = pf()
    t.do("maneuver Valeros Goblin 15 grapple", "maintain Valeros Goblin 15 damage")
    gm = gm_lines(t)
    assert ("Valeros and Goblin are grappled; Valeros holds the grapple (maintain it each round: maintain "
            "valeros goblin, +5 from next round)") in gm
    assert "Valeros keeps the grapple and deals their damage to Goblin (dmg goblin N)" in gm
    said = players_said(t)
    assert "Valeros and Goblin are grappled; Valeros holds the grapple" in said
    assert "Valeros keeps the grapple and deals their damage to Goblin" in said
    t.do("release Valeros", "maneuver Valeros Goblin 20 sunder")
    assert "Valeros hits Goblin's item: roll the weapon's damage against it (sunder goblin ITEM DAMAGE)" in gm_lines(t)
    assert "Valeros hits Goblin's item: roll the weapon's damage against it" in players_said(t)
    text = players_log(t)
    assert "maintain valeros" not in text and "dmg goblin" not in text and "sunder goblin" not in text


def test_a_foes_items_are_the_gms_a_pcs_the_players():
    """pathfinder1e.md §1.7.2: an item's hardness and hit points are numbers about its bearer."""
    t = pf()
    t.do("item Goblin club one-handed-hafted", "item Kyra sword one-handed-blade", "sunder Goblin club 7",
         "item Goblin", "item Kyra")
    said = players_said(t)
    assert said.count("Kyra: sword (weapon) HP 5/5, hardness 10") == 2  # recorded, then listed
    assert not any("club" in s for s in said)
    gm = gm_lines(t)
    assert "Goblin's club takes 7 damage, hardness 5: 2 through, HP 5 -> 3/5" in gm
    assert gm.count("Goblin: club (weapon) HP 3/5, hardness 5") == 1  # the listing


# -- conditions and initiative (pathfinder1e.md §1.5, §1.1.2) -----------------------------------


def test_nonlethal_knocking_a_foe_out_is_read_without_its_numbers():
    """pathfinder1e.md §1.3: nonlethal above HP knocks out; the state is the players', the numbers not."""
    t = pf()
    t.do("dmg Goblin 5 nonlethal", "dmg Goblin 2 nonlethal")
    assert "Goblin is staggered (nonlethal 5 equals HP 6)" not in gm_lines(t)  # 5 < 6: not yet
    assert "Goblin falls unconscious (nonlethal 6 exceeds HP 5)" in gm_lines(t)
    assert "Goblin cae inconsciente (daño no letal 6 supera sus PG 5)" in gm_lines(t, "es")
    assert "Goblin falls unconscious" in players_said(t)
    assert "nonlethal" not in players_log(t)


def test_a_confused_foes_action_is_the_players_its_strength_is_not():
    """pathfinder1e.md §1.5 confused [O]: d% at its turn start; the damage it deals itself is 1d8 + Str mod."""
    t = pf()
    t.do("cond Goblin confused", "next")
    t.rolls(60).do("next")
    assert "Goblin is confused: d% 60, deals damage to itself with the item in hand (1d8+2)" in gm_lines(t)
    assert "Goblin is confused: d% 60, deals damage to itself with the item in hand" in players_said(t)
    assert "Goblin está confuso: d% 60, se inflige daño con lo que tenga en la mano" in players_said(t, "es")
    assert "1d8" not in players_log(t)


def test_an_initiative_tie_is_read_by_the_players_unless_it_names_a_hidden_one():
    """pathfinder1e.md §1.1.2: ties roll off; a hidden combatant in the tie keeps the line from the players."""
    t = Table("pathfinder1e")
    t.do("add Kyra pc hp=10 dex=14", "add Goblin hp=6 dex=14", "init Kyra 12", "init Goblin 12")
    t.rolls(5, 3).do("start")
    line = "Initiative tie at 12 (modifier +2): roll-off Kyra rolls 5, Goblin rolls 3"
    assert line in gm_lines(t) and line in players_said(t)
    assert "Empate de iniciativa a 12 (modificador +2): desempate, Kyra saca 5, Goblin saca 3" in players_said(t, "es")
    t = Table("pathfinder1e")
    t.do("add Kyra pc hp=10 dex=14", "add Sniper hp=12 dex=14", "hide Sniper", "init Kyra 12", "init Sniper 12")
    t.rolls(5, 12).do("start")
    assert "Initiative tie at 12 (modifier +2): roll-off Kyra rolls 5, Sniper rolls 12" in gm_lines(t)
    for lang in ("en", "es"):
        assert "Sniper" not in players_log(t, lang)
