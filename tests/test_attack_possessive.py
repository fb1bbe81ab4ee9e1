"""Whose weapon an attack's line names (docs/sheets.md#the-log-and-the-players): a player character
is a person, not "its". English says her or his by the sheet's gender, their for a PC or an ally
the GM typed in without one, its for a foe or a creature from the bestiary; Spanish says "su" of
anyone's. A save written before holds the line's former id ("with its"): it still reads."""

from __future__ import annotations

import re

from conftest import Table

from gm_console import plugins
from gm_console.engine.core import told
from gm_console.engine.views import players_filter as pv
from gm_console.i18n import core
from gm_console.storage import bestiary_files

GOBLIN = 'add Goblin hp=30 ac=10 atk="short sword +2 1d4 slashing"'
SWORD = 'atk="longsword +5 1d8+3 slashing"'


def attack_lines(t: Table, lang: str = "en") -> list[str]:
    """Each attack's line as the GM reads it, without its rule and detail."""
    out = []
    for entry in t.session.done:
        for e in entry.events:
            if e.kind == "Said" and e.msg.get("id", "").startswith("{name} attacks"):
                out.append(told.render(e.msg, told.Reader(lang=lang)))
    return out


def fight(*lines: str) -> Table:
    """A Pathfinder fight with the game's bestiary, as storage reads it."""
    bestiary, _problems = bestiary_files.load(plugins.load("pathfinder1e"))
    t = Table("pathfinder1e", bestiary=bestiary)
    t.do(GOBLIN, *lines)
    return t


def test_a_pc_attacks_with_his_her_or_their_weapon_a_foe_with_its():
    t = fight(f"add Valeros pc hp=30 ac=18 gender=m {SWORD}", f"add Seelah pc hp=30 ac=18 gender=f {SWORD}",
              f"add Ezren pc hp=20 ac=12 {SWORD}")
    t.rolls(15, 4, 15, 4, 15, 4, 15, 2)
    t.do("attack Valeros Goblin", "attack Seelah Goblin", "attack Ezren Goblin", "attack Goblin Ezren")
    assert [line.split(":")[0] for line in attack_lines(t)] == [
        "Valeros attacks Goblin with his longsword", "Seelah attacks Goblin with her longsword",
        "Ezren attacks Goblin with their longsword", "Goblin attacks Ezren with its short sword"]
    assert [line.split(":")[0] for line in attack_lines(t, "es")] == [
        "Valeros ataca a Goblin con su espada larga", "Seelah ataca a Goblin con su espada larga",
        "Ezren ataca a Goblin con su espada larga", "Goblin ataca a Ezren con su espada corta"]


def test_an_ally_typed_in_is_a_person_one_from_the_bestiary_a_creature():
    t = fight(f"add Lini ally hp=20 ac=14 {SWORD}", "add @goblin-dog ally")
    t.rolls(15, 4, 15, 2)
    t.do("attack Lini Goblin", 'attack "Goblin dog" Goblin')
    assert [line.split(":")[0] for line in attack_lines(t)] == ["Lini attacks Goblin with their longsword",
                                                                 "Goblin dog attacks Goblin with its bite"]


def test_the_players_read_the_same_words():
    """docs/players.md: the possessive is a word anyone may read; the foe's numbers stay out."""
    t = fight(f"add Seelah pc hp=30 ac=18 gender=f {SWORD}")
    t.rolls(15, 4).do("attack Seelah Goblin")
    players = [ln.text for ln in pv.lines(t.session.done, t.session.ruleset, t.state.options, "en")]
    assert any(s.startswith("Seelah attacks Goblin with her longsword: hit") for s in players)
    spanish = [ln.text for ln in pv.lines(t.session.done, t.session.ruleset, t.state.options, "es")]
    assert any(s.startswith("Seelah ataca a Goblin con su espada larga: impacta") for s in spanish)


def test_an_older_saves_line_with_its_former_id_still_reads_in_both_languages():
    """The log keeps msgid + arguments: a line written before (the former id, no possessive
    argument) renders as it was written, its Spanish from the catalogue, never a raw id."""
    former = core("{name} attacks {target} with its {weapon}: {outcome}", name=told.named(_Who("valeros", "Valeros")),
                  target=told.named(_Who("goblin", "Goblin")), weapon="longsword", outcome="hit")
    data = told.stored(former)
    assert told.render(data, told.Reader(lang="en")) == "Valeros attacks Goblin with its longsword: hit"
    assert told.render(data, told.Reader(lang="es")) == "Valeros ataca a Goblin con su longsword: hit"


def test_a_riders_offer_names_the_attackers_weapon_as_its_line_does():
    """pathfinder1e.md §1.19.5: the grab offered after a hit says whose claw."""
    t = Table("pathfinder1e")
    t.do("add Kyra pc hp=20 ac=10 cmd=12", 'add Druid pc hp=20 ac=10 cmb=4 gender=f atk="claw +4 1d4 slashing plus grab"',
         'add Bear hp=20 ac=10 cmb=4 atk="claw +4 1d4 slashing plus grab"', "add Orc hp=30 ac=10 cmd=12")
    t.rolls(17, 3, 17, 3).do("attack Druid Orc", "attack Bear Kyra")
    offers = [re.sub(r" \[.*", "", p.render("en")) for p in t.session.ruleset.warnings(t.state) if "grab" in p.render("en")]
    assert offers == ["Druid hit Orc with her claw: grab, a free grapple check at +4",
                      "Bear hit Kyra with its claw: grab, a free grapple check at +4"]


class _Who:
    def __init__(self, cid: str, name: str) -> None:
        self.id, self.name, self.stats = cid, name, {}
