"""The players' readout of a plugin's sentence that names no pool (issue 23, item 6).

docs/players.md §2: a foe's health reaches the players as a word, never a number. The built-in
games' sentences name their pool ("HP 12 -> 5"); a third-party game may write its own way,
"Goblin 1: 12 → 5", naming none. Whoever the sentence is about or said by, the players must
read "Goblin 1 is hurt: bloodied" and never 12 or 5.
"""

from __future__ import annotations

import json
import tempfile

import pytest

from gm_console import plugins
from gm_console.engine.views import players_filter as pv
from gm_console.engine.core.dice import Dice
from gm_console.engine.views.export import markdown, play_log, state_dict
from gm_console.engine.views.post import report
from gm_console.engine.language.session import Session
from gm_console.ruleset import Domain, part

_ = Domain("readout_test", tempfile.gettempdir())  # no catalogue: the sentence reads the same in Spanish

GENERIC = type(plugins.load("generic"))
GENERIC_HEALTH = type(plugins.load("generic").health)


def plugin(speaker: str):
    """A game whose damage says "Goblin 1: 12 → 5", said by ``speaker``: the target, nobody,
    or whoever's turn it is (a PC hitting the foe)."""

    class Health(GENERIC_HEALTH):
        def damage(self, ctx, target, amount, types):
            before = target.pools["hp"].value
            ctx.set_pool(target, "hp", before - amount)
            who = {"target": target.id, "nobody": None, "turn": ctx.state.active}[speaker]
            ctx.say(_("{name}: {before} → {after}", name=target.name, before=before, after=before - amount), who=who)

    class Readout(GENERIC):
        id = f"readout-{speaker}"
        health = part(Health)

    return Readout()


def fight(speaker: str) -> Session:
    s = Session(plugin(speaker))
    dice = Dice.from_rolls([], seed=1)
    for line in ("add Kyra pc hp=20", "add Goblin x2 hp=12", "init Kyra 15", 'init "Goblin 1" 10',
                 'init "Goblin 2" 5', "start", 'dmg "Goblin 1" 7'):
        s.execute(line, dice)
    return s


def players_read(s: Session, lang: str) -> str:
    """Every view the players have: show --players (JSON, Markdown), log --players, the live
    view's lines, the forum post."""
    rs, state, done = s.ruleset, s.state, s.done
    return "\n".join([
        json.dumps(state_dict(state, rs, players=True, entries=done), ensure_ascii=False),
        markdown(state, rs, players=True, lang=lang, entries=done),
        play_log(done, state, rs, lang=lang, players=True),
        *(ln.text for ln in pv.lines(done, rs, lang=lang)),
        report(done, rs, None, "Test", "markdown", lang, since=1),
    ])


def _check(speaker: str) -> None:
    s = fight(speaker)
    assert s.state.get("goblin-1").pools["hp"].value == 5
    gm_log = play_log(s.done, s.state, s.ruleset, lang="en")
    assert "Goblin 1: 12 → 5" in gm_log  # the GM reads the plugin's own sentence
    for lang in ("en", "es"):
        text = players_read(s, lang)
        assert "12 → 5" not in text and "→ 5" not in text and ": 12" not in text, (lang, text)
    assert "Goblin 1 is hurt: bloodied" in players_read(s, "en")  # docs/players.md §1.1: no amount by default
    assert "Goblin 1 recibe daño: ensangrentado" in players_read(s, "es")


@pytest.mark.parametrize("speaker", ["target", "nobody"])
def test_a_sentence_about_the_foe_with_its_numbers_becomes_a_health_word(speaker):
    _check(speaker)


def test_the_same_sentence_said_on_a_pcs_turn_by_the_pc_keeps_the_foes_numbers_from_the_players():
    """A plugin that credits the sentence to whoever acts (Kyra hits Goblin 1): the foe's 12 and 5
    are still the GM's."""
    _check("turn")
