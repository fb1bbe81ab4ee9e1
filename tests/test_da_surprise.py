"""Dragon Age surprise (dragon_age.md §2.2.4): the seed is silent; the published rule: a
surprise round in which only the unsurprised act, whole turns; then round 1 for all."""

from __future__ import annotations

import pytest

from conftest import Table
from gm_console.i18n import render
from gm_console.engine.language.commands import CommandError


def ambush(options=None, aware=("Alistair", "Sera")) -> Table:
    """Hurlock 16 and Genlock 8 are ambushed by Alistair 14 and Sera 12."""
    t = Table("dragon_age", options)
    t.do("add Alistair pc health=30 str=3 dex=1 weapon=2d6", "add Sera pc health=25 dex=3",
         "add Hurlock health=20 str=2 defense=10", "add Genlock health=15 defense=10",
         "init Alistair 14", "init Sera 12", "init Hurlock 16", "init Genlock 8")
    t.do("surprise " + " ".join(aware), "start")
    return t


def test_only_the_unsurprised_act_in_the_surprise_round_then_everyone():
    """dragon_age.md §2.2.4: round 0 for Alistair and Sera (in initiative order); round 1 for all,
    Hurlock (16) first."""
    t = ambush()
    assert (t.state.round, t.active) == (0, "alistair")
    assert t.turns(5) == [(0, "sera"), (1, "hurlock"), (1, "alistair"), (1, "sera"), (1, "genlock")]


def test_the_log_names_the_surprised_in_both_languages():
    """dragon_age.md §2.2.4: who is surprised, and what the surprise round is."""
    t = ambush()
    said = [e for entry in t.session.done for e in entry.events if e.kind == "Said" and e.text().startswith("Surprise:")]
    assert said and "Hurlock, Genlock are surprised" in said[0].text()
    assert "only Alistair, Sera act, each a full turn" in said[0].text()
    assert "quedan sorprendidos" in said[0].text("es") and said[0].rule == "dragon_age.md §2.2.4"


def test_a_whole_turn_in_the_surprise_round_major_and_minor():
    """dragon_age.md §2.2.4, §2.3: no narrower limit: an attack (major) and a move (minor)."""
    t = ambush()
    t.do("attack Alistair Hurlock 4,2,6 dmg=5", "move Alistair")
    with pytest.raises(CommandError, match="no actions left"):
        t.do("minor Alistair")


def test_the_surprised_take_no_action_in_the_surprise_round():
    """dragon_age.md §2.2.4: Hurlock cannot even act out of turn while surprised; from round 1 it can."""
    t = ambush()
    with pytest.raises(CommandError, match="Hurlock is surprised: no action in the surprise round"):
        t.do("attack Hurlock Alistair 6,5,4")
    t.turns(2)
    assert t.active == "hurlock"
    t.do("attack Hurlock Alistair 6,5,4 dmg=3")


def test_the_sheet_says_surprised_only_during_the_surprise_round():
    """dragon_age.md §2.2.4: the line goes once round 1 starts."""
    t = ambush()
    rs = t.session.ruleset
    def status(who, lang="en"):
        return [render(x, lang) for x in rs.sheet.status(t.state, t.c(who))]

    assert "surprised: no action in the surprise round" in status("Genlock")
    assert "sorprendido: no actúa en el asalto de sorpresa" in status("Genlock", "es")
    assert not any("surprised" in line for line in status("Sera"))
    t.turns(2)
    assert not any("surprised" in line for line in status("Genlock"))


def test_defend_in_the_surprise_round_lasts_until_its_turn_in_round_1():
    """dragon_age.md §2.2.4, §2.3: Defend (+2) from round 0 holds while Hurlock acts in round 1 and
    ends when Alistair's round-1 turn starts."""
    t = ambush()
    t.do("defend Alistair")
    defense = lambda: t.session.ruleset.sheet.effective(t.state, t.c("Alistair"))["defense"].value  # noqa: E731
    assert defense() == 13
    t.turns(2)
    assert t.active == "hurlock" and defense() == 13
    t.do("next")
    assert t.active == "alistair" and defense() == 11


@pytest.mark.parametrize("aware", [("Alistair", "Sera", "Hurlock", "Genlock"), ()])
def test_no_surprise_round_when_everyone_or_no_one_is_aware(aware):
    """dragon_age.md §2.2.4: nobody caught unaware (or nobody named): round 1 straight away."""
    t = ambush(aware=aware)
    assert (t.state.round, t.active) == (1, "hurlock")


def test_stunt_points_earned_in_the_surprise_round_are_spent_there():
    """dragon_age.md §2.2.4, §2.5: a surprise-round hit with doubles earns SP like any other."""
    t = ambush()
    t.do("attack Alistair Hurlock 5,5,3 dmg=4")
    assert t.hp("Alistair", "stunt") == 5
    t.do("stunt Alistair knock-prone Hurlock")
    assert t.c("Hurlock").has("prone")


def test_option_action_limits_off_logs_instead_of_refusing():
    """dragon_age.md §2.10: with action_limits off nothing is refused, the log says not counted.
    The surprised Hurlock's attack in the surprise round lands (17 vs Defense 11; 1 + 2 Str),
    twice, and the round and the turn stay as they were; with the limits on it is refused."""
    t = ambush({"action_limits": False})
    for health in (27, 24):
        said = len(t.said())
        t.do("attack Hurlock Alistair 6,5,4 dmg=1")
        assert t.said()[said] == "Hurlock acts out of its turn (attack Alistair): not counted"
        assert t.hp("Alistair", "health") == health
    assert (t.state.round, t.active) == (0, "alistair")
    strict = ambush()
    with pytest.raises(CommandError, match="Hurlock is surprised"):
        strict.do("attack Hurlock Alistair 6,5,4 dmg=1")
    assert strict.hp("Alistair", "health") == 30


def test_the_perception_contest_that_spots_an_ambush_is_hidden():
    """dragon_age.md §2.1 [S] "Las tiradas de Percepción serán ocultas": Perception vs Stealth is
    rolled and reported for the GM only."""
    t = Table("dragon_age")
    t.do("add Sera pc health=25 dex=3 focus=stealth", "add Hurlock health=20 perception=1")
    t.do("contest Hurlock perception:seeing Sera dex:stealth 3,4,5 6,6,2")
    entry = t.session.done[-1]
    rolled = [e for e in entry.events if e.kind == "Said"]
    assert rolled and all(e.gm_only for e in rolled)
    assert "Sera" in rolled[-1].text() and "wins" in rolled[-1].text()
    t.do("contest Sera dex Hurlock str 3,4,5 6,6,2")
    assert not [e for e in t.session.done[-1].events if e.kind == "Said"][-1].gm_only
