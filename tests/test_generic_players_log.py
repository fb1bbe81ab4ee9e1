"""What the players read of the generic game's own sentences (docs/players.md §1, §1.1; issue 22).

The generic game says one thing of its own: "NAME takes N damage: HP H" and "NAME heals N: HP H"
(README, "Generic — `generic`": damage stops at 0 HP, healing above 0 brings anyone back). The
amount is typed as dealt to the combatant and the HP as a number about it: a PC's line is its
players' whole; a foe's reaches them as a health word, with the amount only when the table
chose so (players_damage), never its HP.
"""

from __future__ import annotations

from conftest import Table
from gm_console.engine.views import players_filter as players
from gm_console.engine.views.export import play_log


def table(options=None) -> Table:
    t = Table("generic", options)
    t.do("add Kyra pc hp=28", "add Goblin hp=7", "init Kyra 15", "init Goblin 10", "start")
    return t


def gm_said(t: Table, lang: str = "en") -> list[str]:
    return [e.text(lang) for entry in t.session.done for e in entry.events if e.kind == "Said"]


def players_read(t: Table, lang: str = "en") -> list[str]:
    return [ln.text for ln in players.lines(t.session.done, t.session.ruleset, t.state.options, lang)
            if ln.kind in ("said", "health")]


def players_log(t: Table, lang: str = "en") -> str:
    return play_log(t.session.done, t.state, t.session.ruleset, lang=lang, players=True)


def test_a_pcs_damage_and_healing_lines_are_read_whole_by_its_players():
    """README "Generic": damage stops at 0 HP, healing never above the maximum; a PC's own lines."""
    t = table()
    t.do("dmg Kyra 30", "heal Kyra 5")
    assert gm_said(t) == ["Kyra takes 30 damage: HP 0", "Kyra heals 5: HP 5"]
    assert gm_said(t, "es") == ["Kyra recibe 30 de daño: PG 0", "Kyra se cura 5: PG 5"]
    assert [x for x in players_read(t) if "HP" in x] == ["Kyra takes 30 damage: HP 0", "Kyra heals 5: HP 5"]
    assert [x for x in players_read(t, "es") if "PG" in x] == ["Kyra recibe 30 de daño: PG 0", "Kyra se cura 5: PG 5"]
    assert "- Kyra takes 30 damage: HP 0\n" in players_log(t)


def test_a_foes_hp_is_the_gms_and_its_damage_is_read_only_when_the_table_says_so():
    """docs/players.md §1.1: a foe's HP never reaches the players; the damage dealt to it only with
    players_damage on; its fall, as a word."""
    t = table()
    t.do("dmg Goblin 4")
    assert gm_said(t) == ["Goblin takes 4 damage: HP 3"]
    assert players_read(t) == ["Goblin is hurt: bloodied"]
    assert players_read(t, "es") == ["Goblin recibe daño: ensangrentado"]
    t.do("option players_damage on", "dmg Goblin 1", "heal Goblin 2", "dmg Goblin 9")
    assert players_read(t)[1:] == ["Goblin takes 1 damage: bloodied", "Goblin heals 2: wounded",
                                   "Goblin takes 4 damage: down"]  # what it lost, not the 9 rolled
    text = players_log(t) + players_log(t, "es")
    assert "HP" not in text and "PG" not in text and "PV" not in text
