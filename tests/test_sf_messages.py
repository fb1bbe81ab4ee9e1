"""What a Starfinder GM reads, in Spanish too, and the commands the warnings offer
(docs/rulesets/starfinder.md §3.4 "Warnings", §3.3, §3.5): every line that names a command spells it
with the combatant's id and carries it, and only when it would run now."""

from __future__ import annotations

import re

import pytest

from conftest import Table
from gm_console.engine.language.commands import CommandError
from gm_console.i18n import render


def said_es(t: Table) -> list[str]:
    return [e.text("es") for entry in t.session.done for e in entry.events if e.kind == "Said"]


def lines(t: Table, who: str, lang: str = "en") -> list[str]:
    return [render(x, lang) for x in t.session.ruleset.sheet.status(t.state, t.c(who), lang)]


def test_the_damage_line_reads_in_spanish_with_its_pools():
    """§3.3.2: the same hit, told in Spanish: types, the AC it was aimed at, the pools it went through."""
    t = Table("starfinder")
    t.do("add Navasi pc sp=19 hp=24 rp=6 eac=16", "dmg Navasi 30 plasma")
    assert said_es(t)[-1] == "Navasi recibe 30 de daño de electricidad, de fuego (contra CAE 16): PE 19→0, PG 24→13"


def test_a_refusal_reads_in_spanish():
    """§3.5.1: a creature with no resolve is told so, in the GM's language."""
    t = Table("starfinder")
    t.do("add Pirate hp=10")
    with pytest.raises(CommandError) as exc:
        t.do("spend Pirate resolve stabilize")
    assert exc.value.render("es") == "Pirate no tiene puntos de resolución (da rp=N, o level= y key=)"


def test_the_action_budget_reads_in_spanish():
    """§3.2: the sheet's "actions left" line."""
    t = Table("starfinder")
    t.do("add Navasi pc hp=10 rp=1", "start", "action move")
    assert "acciones restantes: estándar, rápida" in lines(t, "Navasi", "es")


def test_a_stable_characters_line_names_it_in_the_command():
    """Issue 10: the sheet said `spend NAME resolve fight`; it now names the combatant as typed."""
    t = Table("starfinder")
    t.do("add Navasi pc sp=0/10 hp=5/22 rp=4/8", "add Goblin hp=6", "init Goblin 20", "init Navasi 10", "start",
         "dmg Navasi 5", "medicine Navasi 20")
    assert t.c("Navasi").life == "stable"
    (line,) = [x for x in lines(t, "Navasi") if "resolve fight" in x]
    assert "(spend navasi resolve fight)" in line and "NAME" not in line
    assert "(gastar navasi resolve fight)" in [x for x in lines(t, "Navasi", "es") if "resolve" in x][0]


COMMAND = re.compile(r"\((spend|pass|uncond|medicine) [^)]*\)")
# The Spanish line offers the same command in the Spanish verbs the command language takes.
COMANDO = re.compile(r"\((gastar|pasar|quitar-estado|medicina) [^)]*\)")


def every_warning_and_line(t: Table):
    rs = t.session.ruleset
    for p in rs.pending(t.state):
        yield p, p.render("en"), p.render("es")
    for c in t.state.combatants.values():
        for x in rs.sheet.status(t.state, c, "en"):
            yield None, render(x, "en"), render(x, "es")


SCENES = [
    ("dying, its turn", ["add Navasi pc sp=0/10 hp=5/22 rp=4/8", "add Goblin hp=6", "init Goblin 20",
                         "init Navasi 10", "start", "dmg Navasi 5", "next"]),
    ("dying, not its turn", ["add Navasi pc sp=0/10 hp=5/22 rp=4/8", "add Goblin hp=6", "init Goblin 20",
                             "init Navasi 10", "start", "dmg Navasi 5"]),
    ("stable, its turn", ["add Navasi pc sp=0/10 hp=5/22 rp=4/8", "add Goblin hp=6", "init Goblin 20",
                          "init Navasi 10", "start", "dmg Navasi 5", "medicine Navasi 20", "next"]),
    ("stable with no RP, in combat", ["add Navasi pc sp=0/10 hp=5/22 rp=0/4", "add Goblin hp=6", "init Goblin 20",
                                      "init Navasi 10", "start", "dmg Navasi 5", "medicine Navasi 20"]),
    ("stable with no RP, after", ["add Navasi pc sp=0/10 hp=5/22 rp=0/4", "add Goblin hp=6", "init Goblin 20",
                                  "init Navasi 10", "start", "dmg Navasi 5", "medicine Navasi 20", "end"]),
    ("burning after the combat", ["add Navasi pc hp=20", "cond Navasi burning:1"]),
    ("resting for stamina", ["add Navasi pc sp=10 hp=20 rp=3", "dmg Navasi 5", "spend Navasi resolve stamina"]),
    ("racing", ["add Navasi pc hp=20 piloting=10", "add Skimmer vehicle level=1 speed=20 hp=30 pilot=Navasi",
                "start", "race Skimmer 20"]),
]


@pytest.mark.parametrize("scene", [s for s, _ in SCENES])
def test_a_warning_that_names_a_command_carries_it_and_the_command_runs(scene):
    """§3.4 Warnings: no line asks the GM to fill in a name; a warning whose words offer a command carries
    exactly that command (the screen never guesses it) and it runs now; the Spanish offers the same."""
    t = Table("starfinder")
    t.do(*dict(SCENES)[scene])
    offered = 0
    for pending, en, es in every_warning_and_line(t):
        assert "NAME" not in en and "NOMBRE" not in es, en
        words = COMMAND.search(en)
        if pending is None:
            continue
        assert (COMANDO.search(es) is None) == (words is None), (en, es)
        if words is not None:
            assert pending.command == words.group(0)[1:-1], en
            t.do(COMANDO.search(es).group(0)[1:-1])   # the Spanish words run too
            t.session.execute("undo", t.dice)
        if pending.command is not None:
            offered += 1
            before = t.state.copy()
            t.do(pending.command)              # it runs now (and is taken back)
            t.session.execute("undo", t.dice)
            assert t.state == before
    expected = {"dying, its turn": 1, "stable, its turn": 1, "stable with no RP, after": 1,
                "burning after the combat": 1, "resting for stamina": 1}
    assert offered == expected.get(scene, 0)


def test_the_spend_modal_lists_the_uses_resolve_has_now():
    """§3.5.1: the dying on its turn may stabilise (its cost), the stable may get back up, out of combat
    RP buy stamina; nothing is listed that would be refused."""
    t = Table("starfinder")
    t.do("add Navasi pc sp=0/10 hp=5/22 rp=4/8", "add Goblin hp=6", "init Goblin 20", "init Navasi 10", "start",
         "dmg Navasi 5")
    health = t.session.ruleset.health
    (res,) = health.spendable(t.state, t.c("Navasi"))
    assert (res.resource, res.have, res.uses) == ("resolve", 4, ())
    t.do("next")
    (res,) = health.spendable(t.state, t.c("Navasi"))
    assert [(u.id, u.cost) for u in res.uses] == [("stabilize", 2)]
    assert render(res.uses[0].label, "es") == "estabilizarse"
    t.do("spend navasi resolve stabilize", "end", "heal Navasi 5")
    (res,) = health.spendable(t.state, t.c("Navasi"))
    assert [u.id for u in res.uses] == ["stamina"]
    assert health.spendable(t.state, t.c("Goblin")) == []
