"""No players' output holds a secret (docs/players.md §1, §3): a property over random fights in
every installed game.

The secrets are planted with values that appear nowhere else: foes' hit points in the 9100s,
a hidden combatant called Zorblax, a GM note with "xyzzy" in it. Whatever the GM does (hits,
heals, conditions, turns, a foe dying, damage to the hidden one, the fight ended), no
player-facing text in either language (show --players as JSON and Markdown, log --players,
the forum post in BBCode and Markdown with the summary after the fight) holds any of them.
The log keeps messages with typed arguments (gm_console/engine/core/told.py), so this holds for a
ruleset's sentences too, whether or not their author thought of the players.
"""

from __future__ import annotations

import json
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import Table, builtin_rulesets
from gm_console.engine.language.commands import CommandError
from gm_console.engine.views.export import markdown, play_log, state_dict
from gm_console.engine.views.post import report

GAMES = builtin_rulesets()
HEALTH = {"dragon_age": "health"}
FOE_HP = re.compile(r"(?<!\d)91\d\d(?!\d)")  # every value a foe's HP takes here
HINT = re.compile(r"\((?:spend|pass|uncond|stabilize|cond|dmg|heal) [^)]*\)")  # a command for the GM to type


def outputs(t: Table, lang: str) -> str:
    rs, state, done = t.session.ruleset, t.state, t.session.done
    parts = [json.dumps(state_dict(state, rs, players=True, entries=done), ensure_ascii=False),
             markdown(state, rs, players=True, lang=lang, entries=done),
             play_log(done, state, rs, lang=lang, players=True)]
    for fmt in ("bbcode", "markdown"):
        parts.append(report(done, rs, None, "Fight", fmt, lang, since=1))
    return "\n".join(parts)


def fight(game: str) -> Table:
    hp = HEALTH.get(game, "hp")
    t = Table(game)
    t.do(f"add Hero pc {hp}=40", f"add Brute {hp}=9150", f"add Zorblax {hp}=9140", "hide Zorblax",
         "init Hero 20", "init Brute 10", "init Zorblax 5", "start")
    return t


ACTIONS = st.lists(st.sampled_from([
    "dmg Brute 7", "dmg Brute 13", "heal Brute 3", "dmg Zorblax 9", "dmg Hero 5", "heal Hero 2",
    "cond Brute shaken 2", "cond Zorblax shaken 2", "note the key is in the xyzzy urn", "next", "next",
    "r 1d20+3 hidden", "end",
]), min_size=1, max_size=12)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(GAMES), ACTIONS, st.sampled_from(["en", "es"]))
def test_no_players_output_holds_a_secret(game, actions, lang):
    t = fight(game)
    for line in actions:
        try:
            t.do(line)
        except CommandError:
            pass  # refused (the fight ended, a condition this game lacks): nothing changed
    text = outputs(t, lang)
    assert not FOE_HP.search(text), FOE_HP.search(text).group()
    assert "Zorblax" not in text
    assert "xyzzy" not in text
    assert not HINT.search(text), HINT.search(text).group()


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(GAMES), st.integers(1, 30), st.sampled_from(["en", "es"]))
def test_a_dying_foe_tells_the_players_only_that_it_is_down(game, overkill, lang):
    """A foe knocked below 0: its threshold, countdown and Con check are the GM's."""
    hp = HEALTH.get(game, "hp")
    t = Table(game)
    con = "" if game == "generic" else " con=13"
    t.do(f"add Hero pc {hp}=40", f"add Brute {hp}=9{con}", "init Hero 20", "init Brute 10", "start",
         "option npcs_as_pcs on" if game == "dragon_age" else "note a foe dies at 0 here unless told",
         f"dmg Brute {9 + overkill}", "next", "next", "next")
    text = play_log(t.session.done, t.state, t.session.ruleset, lang=lang, players=True)
    for secret in ("dies at -", "to go", "muere a -", "faltan", "Con check", "prueba de Con", f"-{overkill}"):
        assert secret not in text, (secret, text)


def test_the_players_damage_option_shows_foes_damage_and_only_then(table):
    """The table's option (docs/players.md §3): off, the players read a word; on, the amount."""
    t = table("generic")
    t.do("add Hero pc hp=40", "add Brute hp=30", "init Hero 20", "init Brute 10", "start", "dmg Brute 7")
    off = play_log(t.session.done, t.state, t.session.ruleset, players=True)
    assert "Brute is hurt: wounded" in off and "7" not in off.split("Brute is hurt")[1].splitlines()[0]
    t.do("option players_damage on", "dmg Brute 5")
    on = play_log(t.session.done, t.state, t.session.ruleset, players=True)
    assert "Brute takes 5 damage: wounded" in on
    assert "30" not in on and "18" not in on  # its maximum and what is left stay the GM's


def test_the_summary_counts_no_damage_to_a_hidden_one_nor_a_foes_total(table):
    """The players' summary: damage to a hidden combatant counts nowhere; a foe's total taken
    (its maximum HP once it is down) is not shown unless the table chose so."""
    t = table("generic")
    t.do("add Hero pc hp=40", "add Lurker hp=52", "add Shade hp=10", "hide Shade",
         "init Hero 20", "init Lurker 10", "init Shade 5", "start", "dmg Shade 6", "dmg Lurker 52", "end")
    text = report(t.session.done, t.session.ruleset, None, "Fight", "markdown", "en", since=1)
    assert "52" not in text and "Shade" not in text
    assert "dealt 6" not in text


def test_damage_dealt_before_the_table_chose_to_show_it_stays_a_word(table):
    """players_damage turned on later shows the amounts from then on, not the earlier ones."""
    t = table("generic")
    t.do("add Hero pc hp=40", "add Brute hp=30", "init Hero 20", "init Brute 10", "start", "dmg Brute 7",
         "option players_damage on", "dmg Brute 5")
    text = play_log(t.session.done, t.state, t.session.ruleset, players=True)
    assert "Brute is hurt: wounded" in text and "Brute takes 5 damage: wounded" in text
    assert "7 damage" not in text


def test_a_foes_condition_reaches_the_players_without_its_numbers(table):
    """A foe's rounds left and a condition's value are numbers about it (Dragon Age's dying
    countdown is its Con + 2): the players read the condition, a PC's in full."""
    t = table("generic")
    t.do("add Hero pc hp=40", "add Brute hp=30", "init Hero 20", "init Brute 10", "start",
         "cond Brute shaken 3", "cond Hero shaken 2", "cond Brute bleed:2")
    text = play_log(t.session.done, t.state, t.session.ruleset, players=True)
    assert "Brute: + Shaken\n" in text and "Hero: + Shaken (2 rounds)" in text
    assert "(3 rounds)" not in text and "Bleed 2" not in text
    data = state_dict(t.state, t.session.ruleset, players=True)
    brute = next(c for c in data["combatants"] if c["name"] == "Brute")
    assert all(x["rounds"] is None and "value" not in x for x in brute["conditions"])
    assert "(3" not in markdown(t.state, t.session.ruleset, players=True)


def test_a_pcs_warning_reaches_the_players_without_the_gms_command(table):
    """The warnings the players read are written out for them as the log is: a PC's own numbers
    stay, the command the GM would type does not (docs/players.md §1)."""
    from gm_console.engine.views.players_filter import pending_texts

    t = table("starfinder")
    t.do("add Navasi pc sp=10 hp=10 rp=3 level=4", "add Pirate hp=18", "init Navasi 20", "init Pirate 5", "start",
         "dmg Navasi 25")
    gm = [p.render() for p in t.session.ruleset.pending(t.state)]
    players = pending_texts(t.state, t.session.ruleset)
    assert players == ["Navasi is dying: 3 resolve left; stabilise with 1 RP on their turn or Medicine DC 15"]
    t.do("next", "next", "spend Navasi resolve stabilize", "next", "next")
    gm = [p.render() for p in t.session.ruleset.pending(t.state)]
    assert gm == ["Navasi is stable: 1 RP now puts Navasi back in the fight with 1 HP (spend navasi resolve fight)"]
    assert pending_texts(t.state, t.session.ruleset) == []  # a warning with the GM's command in it is the GM's
