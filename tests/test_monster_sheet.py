"""The sheet shows the GM what makes a monster what it is (docs/rulesets/pathfinder1e.md#113-damage-reduction-
resistance-immunity-vulnerability to #116, docs/rulesets/starfinder.md#314-monster-rules-defenses-and-ability-
damage-issue-25, §3.14.5): DR, resistances, immunities, vulnerabilities, regeneration and whether it is stopped,
ferocity, incorporeal, swarm; the players never read a foe's sheet (docs/players.md)."""

from __future__ import annotations

from conftest import Table
from gm_console.engine.views.players_filter import combatant_view
from gm_console.i18n import render


def lines(t: Table, ref: str, lang: str = "en") -> list[str]:
    return [render(x, lang) for x in t.session.ruleset.sheet.status(t.state, t.c(ref))]


def test_pathfinder_sheet_lists_the_defenses_in_both_languages():
    t = Table("pathfinder1e")
    t.do("add Demon hp=60 dr=10/cold-iron|good resist=fire:10 immune=poison vulnerable=cold incorporeal=yes")
    seen = lines(t, "Demon")
    for line in ("DR 10/cold iron or good", "resists fire 10", "immune to poison", "vulnerable to cold (+50%)"):
        assert line in seen
    assert any(x.startswith("incorporeal: immune to nonmagical attacks") for x in seen)
    es = lines(t, "Demon", "es")
    assert "RD 10/hierro frío o bien" in es and "resiste fuego 10" in es and "inmune a veneno" in es


def test_pathfinder_regeneration_line_the_round_it_is_stopped_and_the_one_after():
    """§1.14: fire in round 1 stops it in round 2; in round 3 it works again."""
    t = Table("pathfinder1e")
    t.do("add Kyra pc hp=20 init=30", "add Troll hp=63 con=23 regeneration=5/fire,acid init=1", "start")
    assert "regeneration 5 (stopped by acid, fire): cannot die from HP loss while it works" in lines(t, "Troll")
    t.do("dmg Troll 3 fire")
    assert "regeneration 5: works this round; stopped next round (no healing, death possible)" in lines(t, "Troll")
    t.do("next", "next")  # round 2
    assert "regeneration 5: stopped this round, no healing, death possible" in lines(t, "Troll")
    t.do("next", "next")  # round 3
    assert "regeneration 5 (stopped by acid, fire): cannot die from HP loss while it works" in lines(t, "Troll")


def test_pathfinder_ferocity_and_swarm_lines():
    t = Table("pathfinder1e")
    t.do("add Orc hp=6 con=12 ferocity=yes", "add Rats hp=16 swarm=yes size=tiny")
    assert "ferocity: below 0 HP fights on staggered, 1 HP a round, dead at -Con" in lines(t, "Orc")
    assert "swarm (Tiny): half from slashing and piercing weapons; +50% from area effects; breaks up at 0 HP" \
        in lines(t, "Rats")
    assert "enjambre (Menudo): mitad de las armas cortantes y perforantes; +50% de los efectos de área; se " \
           "dispersa a 0 PG" in lines(t, "Rats", "es")


def test_starfinder_sheet_lists_them_and_a_stopped_regeneration():
    t = Table("starfinder")
    t.do("add Navasi pc hp=20 rp=4 init=30", "add Troll hp=60 dr=5 er=fire:10 immune=poison vulnerable=cold "
         "regeneration=5/acid ferocity=yes init=1", "start")
    seen = lines(t, "Troll")
    for line in ("DR 5 against kinetic damage", "energy resistance fire 10", "immune to poison",
                 "vulnerable to cold (+50%)", "regeneration 5 (stopped by acid): cannot die while it works",
                 "ferocity: fights on for a turn at 0 HP"):
        assert line in seen
    t.do("dmg Troll 5 acid")
    assert "regeneration 5: stopped, no healing at the start of its next turn, and death is possible" in lines(t, "Troll")
    t.do("next")  # its turn start: no healing, the stop ends
    assert "regeneration 5 (stopped by acid): cannot die while it works" in lines(t, "Troll")
    assert "regeneración 5 (la detiene ácido): no puede morir mientras funcione" in lines(t, "Troll", "es")


def test_players_never_read_a_foes_sheet():
    for game, line in (("pathfinder1e", "add Troll hp=63 con=23 regeneration=5/fire dr=5/- ferocity=yes"),
                       ("starfinder", "add Troll hp=60 dr=5 regeneration=5/acid ferocity=yes swarm=yes")):
        t = Table(game)
        t.do(line)
        view = combatant_view(t.state, t.session.ruleset, t.c("Troll"))
        assert view["status"] == [] and view["stats"] == {}
