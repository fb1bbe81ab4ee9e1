"""What a GM at the table asked of Pathfinder (issue 10; docs/rulesets/pathfinder1e.md §1.4):
monsters that die below 0 HP as a house option, and warnings that offer only what the GM can run."""

from __future__ import annotations

import pytest

from conftest import Table
from gm_console.engine.language.commands import CommandError
from gm_console.i18n import render


def pf(**options) -> Table:
    return Table("pathfinder1e", options=options or None)


def offers(t: Table) -> dict[str, str | None]:
    return {p.render(): p.command for p in t.session.ruleset.pending(t.state)}


# -- option foes_die_below_0 ---------------------------------------------------------------------


def test_by_default_a_foe_below_0_is_dying_as_the_seed_says():
    """pathfinder1e.md §1.4 [S]: the seed's dying rules are the default, for foes too."""
    t = pf()
    t.do("add Gob hp=6 con=10", "dmg Gob 8")
    assert t.c("Gob").life == "dying"


def test_with_the_option_a_foe_below_0_dies_at_once():
    """pathfinder1e.md §1.4 [I option foes_die_below_0]: no dying goblins to babysit."""
    t = pf(foes_die_below_0=True)
    t.do("add Gob hp=6 con=10", "dmg Gob 7")
    assert t.c("Gob").life == "dead"
    assert t.said()[-1] == "Gob dies (HP -1: foes die below 0 (option foes_die_below_0))"
    said = [e for entry in t.session.done for e in entry.events if e.kind == "Said"][-1]
    assert said.text("es") == "Gob muere (PG -1: los enemigos mueren por debajo de 0 (opción foes_die_below_0))"


def test_at_exactly_0_a_foe_is_still_disabled():
    t = pf(foes_die_below_0=True)
    t.do("add Gob hp=6", "dmg Gob 6")
    assert t.c("Gob").life == "disabled"
    t.do("standard Gob")  # the strenuous action takes it below 0
    assert t.c("Gob").life == "dead"


def test_pcs_and_allies_keep_dying_with_the_option():
    t = pf(foes_die_below_0=True)
    t.do("add Kyra pc hp=10 con=14", "add Wolf ally hp=10 con=12", "dmg Kyra 12", "dmg Wolf 12")
    assert (t.c("Kyra").life, t.c("Wolf").life) == ("dying", "dying")


def test_the_option_is_switched_in_play_and_covers_hp_typed_by_hand():
    t = pf()
    t.do("option foes_die_below_0 true", "add Orc hp=-2/15 con=12")
    assert t.c("Orc").life == "dead"
    t.do("add Gob hp=6", "cond Gob dying")  # the GM's own word stays
    assert t.c("Gob").life == "dying"


# -- warnings offer only what the GM can run now ----------------------------------------------------


def test_after_cheat_death_no_stabilize_is_offered_as_if_a_heal_check_had_been_made():
    """pathfinder1e.md §1.6, §1.4: cheat death leaves the PC stable but unaided; only a Heal DC 15
    (rolled) makes it aided, and every offered line names who rolls it."""
    t = pf()
    t.do("add Seelah pc hp=20 con=14 hero=2", "add Kyra pc hp=20 heal=6", "add Gob hp=6", "init Gob 20",
         "init Seelah 15", "init Kyra 10", "start", "dmg Seelah 40", "spend Seelah hero cheat-death")
    assert t.c("Seelah").life == "stable" and t.c("Seelah").marks["stable"] == "unaided"
    unaided = {text: cmd for text, cmd in offers(t).items() if "stable but unaided" in text}
    assert list(unaided.values()) == [None]  # the goblin's turn: nobody to give first aid
    assert all(cmd is None or not cmd.startswith("stabilize") or " by " in cmd for cmd in offers(t).values())
    t.do("next", "next")  # Seelah's turn (stable: nothing), then Kyra's
    assert t.active == "kyra"
    (cmd,) = [cmd for text, cmd in offers(t).items() if "stable but unaided" in text]
    assert cmd == "stabilize seelah by kyra"
    t.rolls(9)
    t.do(cmd)
    assert t.c("Seelah").marks["stable"] == "aided"
    assert t.said()[-1] == "Seelah is stabilized (aided): unconscious, no more HP loss"


def test_the_unaided_warning_reads_in_spanish():
    t = pf()
    t.rolls(15)
    t.do("add Kyra pc hp=20 con=14", "add Goblin hp=6", "init Kyra 10", "init Goblin 15", "start",
         "dmg Kyra 25", "next")
    (pending,) = [p for p in t.session.ruleset.pending(t.state) if "unaided" in p.render()]
    assert render(pending.en, "es") == ("Kyra está estable sin ayuda: cada prueba horaria de Con fallida cuesta 1 "
                                        "PG (una prueba de Sanar CD 15 le da ayuda: estabilizar kyra por SANADOR)")


def test_a_foe_acting_is_not_offered_as_the_healer():
    t = pf()
    t.rolls(15)
    t.do("add Kyra pc hp=20 con=14", "add Goblin hp=6", "init Kyra 20", "init Goblin 15", "start",
         "dmg Kyra 25", "next", "next", "next")
    assert t.active == "goblin" and t.c("Kyra").life == "stable"
    assert [cmd for text, cmd in offers(t).items() if "unaided" in text] == [None]


def test_first_aid_by_a_healer_is_a_heal_check_kept_with_the_recent_checks():
    from gm_console.engine.views.export import state_dict

    t = pf()
    t.do("add Kyra pc hp=10 con=10", "add Seelah pc hp=10 wis=14", "dmg Kyra 12")
    t.rolls(12)
    t.do("stabilize Kyra by Seelah")  # untrained: Wis +2 -> 14, fails
    assert t.c("Kyra").life == "dying"
    c = state_dict(t.state, t.session.ruleset)["checks"][-1]
    assert (c["who"], c["what"], c["total"], c["target"], c["outcome"]) == ("seelah", "heal (first aid)", 14, 15,
                                                                         "failure")
    t.rolls(13)
    t.do("estabilizar Kyra por Seelah")
    assert t.c("Kyra").life == "stable" and t.c("Kyra").marks["stable"] == "aided"
    with pytest.raises(CommandError, match="cannot give itself first aid"):
        t.do("add Val pc hp=10", "dmg Val 11", "stabilize Val by Val")
