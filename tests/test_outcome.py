"""What the engine says a command did or why it was refused, without anyone reading its text
(docs/ARCHITECTURE.md, "The one path every action takes")."""

from __future__ import annotations

import pytest

from gm_console.engine.core.errors import CommandError
from gm_console.engine.language.core_verbs import registry_for

from conftest import Table


def refusal(t: Table, line: str) -> CommandError:
    with pytest.raises(CommandError) as info:
        t.session.run(line, t.dice)
    return info.value


def party() -> Table:
    t = Table("generic")
    t.do("add Kyra hp=30 pc", "add Goblin hp=7 x2")
    return t


def test_a_command_says_its_verb_and_the_combatants_it_named():
    t = party()
    done = t.session.run('dmg "Goblin 2","Goblin 1" 3', t.dice)
    assert (done.verb, done.targets) == ("dmg", ("goblin-2", "goblin-1"))
    assert t.session.run("daño Kyra 2", t.dice).verb == "dmg"  # the Spanish alias, canonical verb
    assert t.session.run("dmg Goblin* 1", t.dice).targets == ("goblin-1", "goblin-2")


def test_add_names_the_combatants_it_added():
    t = Table("generic")
    done = t.session.run("add Orc hp=9 x2", t.dice)
    assert (done.verb, done.targets) == ("add", ("orc-1", "orc-2"))


def test_an_undo_says_it_was_one_and_what_it_took_back():
    t = party()
    t.do("dmg Kyra 4")
    done = t.session.run("undo", t.dice)
    assert (done.verb, done.targets, done.entry.line) == ("undo", ("kyra",), "dmg Kyra 4")
    assert t.session.run("rehacer", t.dice).verb == "redo"


@pytest.mark.parametrize("line, verb, param", [
    ("dmg Kyra abc", "dmg", "amount"),      # the parser's pattern
    ("dmg Kyra", "dmg", "amount"),          # missing
    ("dmg Nobody 3", "dmg", "who"),         # no such combatant
    ("dmg Kyra,Nobody 3", "dmg", "who"),    # one of several
    ("dmg Zz* 3", "dmg", "who"),            # a pattern matching none
    ("dmg Kyra 2d0", "dmg", "amount"),      # dice that cannot be rolled
    ("dmg Kyra -3", "dmg", "amount"),       # negative
    ("heal Kyra x", "heal", "amount"),
    ("set Kyra hp=lots", "set", "fields"),
    ("bogus Kyra", None, None),             # no verb read
])
def test_a_refusal_says_the_argument_it_concerns(line, verb, param):
    t = party()
    exc = refusal(t, line)
    assert (exc.verb, exc.param) == (verb, param)
    assert t.hp("Kyra") == 30  # nothing changed


def test_a_refused_stat_names_its_key():
    t = party()
    assert refusal(t, "set Kyra hp=lots").field == "hp"
    assert refusal(t, "add Orc hp=3/2").field == "hp"
    assert refusal(t, "add Orc hpp=3").field == "hpp"  # unknown: the key as typed


def test_a_form_checks_one_value_with_the_languages_own_rule():
    dmg = registry_for(party().session.ruleset)["dmg"]
    assert dmg.check("amount", "2d6+3") is None
    bad = dmg.check("amount", "lots")
    assert (bad.verb, bad.param) == ("dmg", "amount")
    assert "2d6+3" in bad.render("en") and "lots" in bad.render("es")
