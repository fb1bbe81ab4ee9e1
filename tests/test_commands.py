"""The command language parser: typed commands, Spanish aliases, one-line errors."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gm_console import plugins
from gm_console.engine.language.commands import CommandError, parse
from gm_console.engine.language.core_verbs import CORE, registry_for


def test_add_with_count_and_fields():
    cmd = parse('add "Goblin Archer" x3 hp=7 ac=15 pc')
    assert cmd.verb == "add" and cmd.line == 'add "Goblin Archer" x3 hp=7 ac=15 pc'
    assert (cmd.name, cmd.count, cmd.fields, cmd.words) == (
        "Goblin Archer", 3, (("hp", "7"), ("ac", "15")), ("pc",))


def test_damage_with_dice_and_types():
    cmd = parse("dmg Kyra 2d6+3 fire nonlethal save=ref:15")
    assert (cmd.who, cmd.amount, cmd.types, cmd.options) == (("Kyra",), "2d6+3", ("fire", "nonlethal"),
                                                             (("save", "ref:15"),))


def test_many_targets_are_one_line():
    assert parse('dmg "Goblin 1","Goblin 2" 12').who == ("Goblin 1", "Goblin 2")
    assert parse("heal Kyra,Seelah 5").who == ("Kyra", "Seelah")
    assert parse("cond Goblin* shaken 2").who == ("Goblin*",)


def test_condition_with_value_duration_modifiers_and_clock():
    cmd = parse('cond "Goblin 1" bleed:2 3 by Kyra')
    assert (cmd.who, cmd.cond, cmd.value, cmd.tail, cmd.by) == (("Goblin 1",), "bleed", 2, ("3",), "Kyra")
    cmd = parse('efecto Harsk,Kyra "Shield of the Dawn" 10m ac+2 por Kyra')
    assert (cmd.verb, cmd.who, cmd.cond, cmd.tail, cmd.by) == (
        "effect", ("Harsk", "Kyra"), "Shield of the Dawn", ("10m", "ac+2"), "Kyra")


def test_spanish_aliases():
    assert parse("siguiente").verb == "next"
    assert parse("daño Kyra 5").verb == "dmg"
    assert parse("DANO Kyra 5").verb == "dmg"  # case- and accent-blind
    assert parse("estado Kyra estremecido 2").verb == "cond"
    assert parse("retrasar").verb == "delay"
    assert parse("deshacer").verb == "undo"


def test_spend_amount_and_uses():
    cmd = parse("spend Kyra hero act")
    assert (cmd.resource, cmd.amount, cmd.args) == ("hero", None, ("act",))
    cmd = parse("spend Kyra resolve 2 stabilize")
    assert (cmd.resource, cmd.amount, cmd.args) == ("resolve", 2, ("stabilize",))


@pytest.mark.parametrize("text,seconds", [("10m", 600), ("1h", 3600), ("8h", 28800), ("6s", 6),
                                          ("3r", 18), ("2", 12), ("1 hora", 3600), ("1d", 86400)])
def test_pass_durations(text, seconds):
    from gm_console.engine.language.commands import parse_duration

    assert parse_duration(parse(f"pass {text}").duration) == seconds


def test_free_text_keeps_apostrophes():
    assert parse("note it's a trap").text == "it's a trap"
    assert parse("ready if the ogre's club swings").trigger == "if the ogre's club swings"


@pytest.mark.parametrize("line,fragment", [
    ("", "empty"),
    ("frobnicate x", "unknown verb"),
    ("dmg Kyra", "usage: dmg NAME[,NAME...] AMOUNT"),
    ("dmg Kyra lots", "amount must be a number or dice"),
    ("init Kyra fast", "must be a number"),
    ("add Goblin x0", "xN takes"),
    ('add "Goblin', "quote names"),
    ("pass forever", "bad duration"),
    ("next now", "unexpected"),
])
def test_errors_name_what_was_wrong_and_what_is_accepted(line, fragment):
    with pytest.raises(CommandError) as exc:
        parse(line)
    message = str(exc.value)
    assert fragment in message
    assert "\n" not in message


def test_ruleset_verbs_parse_through_the_same_registry():
    verbs = registry_for(plugins.load("starfinder"))
    cmd = verbs.parse("maniobra Kyra grapple Ogre 15")
    assert (cmd.verb, cmd.attacker, cmd.kind, cmd.target, cmd.total) == ("maneuver", "Kyra", "grapple", "Ogre", 15)
    assert verbs.parse("siguiente").verb == "next"  # the core's verbs are there too


def test_every_verb_has_a_summary_and_aliases_in_both_languages_where_declared():
    for verb in CORE:
        assert str(verb.summary), verb.name
        assert str(verb.usage()).startswith(verb.name)


@settings(max_examples=500, deadline=None)
@given(st.text(max_size=80))
def test_parse_never_raises_anything_but_command_error(line):
    try:
        parse(line)
    except CommandError as exc:
        assert "\n" not in str(exc)


verbs = st.sampled_from(CORE.names())
words = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=12)


@settings(max_examples=500, deadline=None)
@given(verbs, st.lists(words, max_size=5))
def test_known_verbs_with_junk_arguments_fail_cleanly(verb, args):
    try:
        parse(" ".join([verb, *args]))
    except CommandError as exc:
        assert "\n" not in str(exc)


def test_a_typo_in_a_verb_gets_a_suggestion():
    with pytest.raises(CommandError, match=r"unknown verb 'nxet'; did you mean next\? verbs:"):
        parse("nxet")
