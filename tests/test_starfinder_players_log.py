"""What the players read of Starfinder's log, and what the GM reads of the same sentences
(docs/rulesets/starfinder.md §3.3-§3.7; docs/players.md §1 and §1.1).

Each rule's sentence is kept with typed arguments and read for each reader: a PC's numbers
(its stamina and HP, its resolve, its countdown when dying) are the players', a foe's are the
GM's (its HP, its resolve, its KAC, its saves), and command hints ("spend navasi resolve
fight") are the GM's alone. Where a sentence has a public core and a secret tail, the tail is
the sentence's detail: the GM reads it in brackets, the players read the core alone.
"""

from __future__ import annotations

from conftest import Table
from gm_console.engine.views import players_filter as pv
from gm_console.engine.views.export import play_log


def gm_reads(t: Table, lang: str = "en") -> list[str]:
    """The rules' sentences as the GM reads them (with their details, without the citations)."""
    return [e.text(lang) for entry in t.session.done for e in entry.events if e.kind == "Said"]


def players_read(t: Table, lang: str = "en") -> list[str]:
    """Every line of the story as the players read it (the live view, the served view, the post),
    each with the table's options of its moment (these tables start with none)."""
    return [ln.text for ln in pv.lines(t.session.done, t.session.ruleset, {}, lang)]


def players_log(t: Table, lang: str = "en") -> str:
    """`gm-console log SAVE --players`."""
    return play_log(t.session.done, t.state, t.session.ruleset, lang=lang, players=True)


PCS = ("Navasi", "Obozaya", "Keskodai")


def about(lines: list[str], *names: str) -> list[str]:
    """The players' lines about these foes (not a PC's own sentences that name them), but
    their initiative and arrival."""
    return [ln for ln in lines if any(n in ln for n in names) and not ln.startswith(PCS) and "initiative" not in ln
            and "iniciativa" not in ln and not ln.endswith(" joins") and not ln.startswith("Entra ")]


FOE_SECRETS = ("RP", "PR", "left", "quedan", "dies at", "muere al", "round", "asalto", "Con", "HP 2", "PG 2", "→",
               "DC", "CD", "Fortitude", "Fortaleza", "max", "máximo", "KAC", "CAC", "spend ", "(")


def table(*lines: str) -> Table:
    t = Table("starfinder")
    t.do("add Navasi pc level=4 key=4 sp=10 hp=20 eac=16 kac=17", *lines)
    return t


def test_a_dying_pc_reads_to_the_players_with_its_resolve_and_countdown():
    """starfinder.md §3.4.2-3.4.3 and §3.4.5: a PC's resolve and the round it dies in are the players'
    to read, in both languages; the command that would stabilise it is the GM's (§3.4.6)."""
    t = table("add Keskodai pc sp=5 hp=10", "add Vex level=3 rp=3 hp=20", "init Navasi 20", "init Keskodai 15",
              "init Vex 10", "start", "next", "next", "dmg Navasi 35 plasma", "dmg Keskodai 15", "next", "next")
    dropped = "Navasi drops to 0 HP: unconscious and dying (loses 1 RP at the end of each of their turns, 6 RP left)"
    countdown = ("Keskodai drops to 0 HP: unconscious and dying (0 RP: dies at the end of their turn in round 2 "
                 "unless healed or stabilised)")
    offer = "Navasi is dying (6 RP): 1 RP may stabilise Navasi now, else 1 RP is lost at the end of this turn"
    for line in (dropped, countdown, "Navasi is dying (loses 1 RP at the end of their turn, 5 left)"):
        assert line in gm_reads(t) and line in players_read(t), line
    assert offer + " (spend navasi resolve stabilize)" in gm_reads(t)
    assert offer in players_read(t)
    es_dropped = ("Navasi cae a 0 PG: inconsciente y moribundo (pierde 1 PR al final de cada uno de sus turnos, "
                  "le quedan 6 PR)")
    es_countdown = ("Keskodai cae a 0 PG: inconsciente y moribundo (0 PR: muere al final de su turno del asalto 2 "
                    "si no lo curan o estabilizan)")
    for line in (es_dropped, es_countdown, "Navasi está moribundo (pierde 1 PR al final de su turno, le quedan 5)"):
        assert line in gm_reads(t, "es") and line in players_read(t, "es"), line
    for lang in ("en", "es"):
        assert "spend navasi" not in players_log(t, lang)


def test_a_dying_foe_tells_the_players_it_is_dying_and_nothing_of_its_resolve():
    """starfinder.md §3.4.2-3.4.5 (docs/players.md §1): a foe's drop, its dying and its death
    reach the players; its resolve, its countdown and the round it dies in stay the GM's."""
    t = table("add Vex level=3 rp=3 hp=20", "add Grunt level=1 rp=0 hp=9", "init Navasi 20", "init Vex 10",
              "init Grunt 5", "start", "dmg Vex 25", "dmg Grunt 9", *["next"] * 6)
    assert "Vex drops to 0 HP: unconscious and dying (loses 1 RP at the end of each of its turns, 3 RP left)" \
        in gm_reads(t)
    assert "Vex is dying (loses 1 RP at the end of its turn, 2 left)" in gm_reads(t)
    assert ("Grunt drops to 0 HP: unconscious and dying (0 RP: dies at the end of its turn in round 2 unless healed "
            "or stabilised)") in gm_reads(t)
    assert "Grunt dies (0 RP: 1 must be lost while dying)" in gm_reads(t)
    assert t.c("Grunt").life == "dead"
    told = about(players_read(t), "Vex", "Grunt")
    for line in ("Vex drops to 0 HP: unconscious and dying", "Vex is dying", "Grunt drops to 0 HP: unconscious and "
                 "dying", "Grunt dies"):
        assert line in told, (line, told)
    told_es = about(players_read(t, "es"), "Vex", "Grunt")
    for line in ("Vex cae a 0 PG: inconsciente y moribundo", "Vex está moribundo", "Grunt muere"):
        assert line in told_es, (line, told_es)
    for line in told + told_es:
        assert not any(secret in line for secret in FOE_SECRETS), line


def test_a_foes_death_reads_without_the_numbers_behind_it():
    """starfinder.md §3.4.1 (massive damage), §3.4.11 (coup de grace), §3.4.9 (the hourly Con
    check): the players read that the foe dies; its HP, its save, its Con check and the DC are the GM's."""
    t = table("add Obozaya pc level=4 key=18 sp=40 hp=34 kac=19", "add Pirate level=2 hp=18 kac=15",
              "add Vex level=3 rp=1 hp=20 fort=2", "add Grunt level=1 rp=1 hp=10 con=12", "init Navasi 20",
              "init Obozaya 15", "init Pirate 12", "init Vex 10", "init Grunt 5", "start", "dmg Pirate 40",
              "dmg Vex 20", "dmg Grunt 10", "next", "coup Obozaya Vex 5 3", "spend Grunt resolve 1", "end",
              "medicine Grunt 20")
    t.rolls(2)  # the Con check: 2 + 1 = 3, under 10
    t.do("pass 1h")
    assert "Massive damage: Pirate dies (22 left over after HP reached 0 is at least max HP 18)" in gm_reads(t)
    assert "Vex dies (fails Fortitude 3 vs DC 14, 10 + level)" in gm_reads(t)
    assert "Grunt dies (Con check after hour 1: 3, under 10)" in gm_reads(t)
    assert "Daño masivo: Pirate muere (sobran 22 tras llegar a 0 PG, al menos sus 18 PG máximos)" in gm_reads(t, "es")
    assert "Vex muere (falla Fortaleza 3 contra CD 14, 10 + nivel)" in gm_reads(t, "es")
    told = about(players_read(t), "Pirate", "Vex", "Grunt")
    for line in ("Massive damage: Pirate dies", "Vex dies", "Grunt dies"):
        assert line in told, (line, told)
    told_es = about(players_read(t, "es"), "Pirate", "Vex", "Grunt")
    for line in ("Daño masivo: Pirate muere", "Vex muere", "Grunt muere"):
        assert line in told_es, (line, told_es)
    for line in told + told_es:
        assert not any(secret in line for secret in FOE_SECRETS if secret not in ("(", "DC", "CD")), line
    for lang in ("en", "es"):
        text = players_log(t, lang)
        assert "22" not in text and "18" not in text and " 3 " not in text and "14" not in text


def test_resolve_is_the_players_for_a_pc_and_never_for_a_foe():
    """starfinder.md §3.4.6 (stabilising with RP), §3.4.7 (staying in the fight), §3.5 (spending
    RP): a PC's resolve spent reads in full to the players; a foe's reads only as what it did,
    and a bare spend not at all. The command hints are the GM's for both."""
    t = table("add Vex level=3 rp=3 hp=20", "init Navasi 20", "init Vex 10", "start", "next", "dmg Navasi 35",
              "dmg Vex 25", "next", "spend Navasi resolve stabilize", "next", "spend Vex resolve stabilize",
              "next", "next", "spend Vex resolve fight", "spend Vex resolve 1")
    pc = "Navasi stabilises with Resolve: stable at 0 HP, no more RP loss (1 RP spent, 5 left)"
    assert pc in gm_reads(t) and pc in players_read(t)
    assert "Vex stabilises with Resolve: stable at 0 HP, no more RP loss (1 RP spent, 2 left)" in gm_reads(t)
    assert "Vex spends Resolve to stay in the fight: conscious, acts normally (1 RP spent, 1 HP, 1 RP left)" \
        in gm_reads(t)
    assert "Vex spends 1 RP (0 left)" in gm_reads(t)
    assert "Vex is stable: 1 RP now puts Vex back in the fight with 1 HP (spend vex resolve fight)" in gm_reads(t)
    told = about(players_read(t), "Vex")
    assert "Vex stabilises with Resolve: stable at 0 HP, no more RP loss" in told
    assert "Vex spends Resolve to stay in the fight: conscious, acts normally" in told
    told_es = about(players_read(t, "es"), "Vex")
    assert "Vex se estabiliza con resolución: estable a 0 PG, deja de perder PR" in told_es
    for line in told + told_es:
        assert not any(secret in line for secret in ("left", "quedan", "spent", "gasta 1", "1 HP", "1 PG", "spend ",
                                                     "(")), line
    for lang in ("en", "es"):
        assert "spend vex" not in players_log(t, lang) and "spend navasi" not in players_log(t, lang)


def test_a_pcs_damage_line_reads_in_full_and_a_foes_as_a_word():
    """starfinder.md §3.3 (stamina before HP, resistance): a PC's damage sentence is the players'
    word for word; a foe's AC and HP are not, even when the table lets them read its damage."""
    t = table("add Obozaya pc level=4 key=18 sp=40 hp=34 eac=17 er=fire:5", "add Pirate level=2 hp=18 kac=15",
              "init Navasi 20", "init Obozaya 15", "init Pirate 10", "start", "dmg Navasi 28 plasma",
              "dmg Obozaya 12 fire", "dmg Pirate 7 slashing")
    t.do("option players_damage on", "dmg Pirate 3 slashing")
    for lang, lines in (("en", ("Navasi takes 28 electricity, fire damage (vs EAC 16): SP 10→0, HP 20→2",
                                "Obozaya takes 12 fire damage (vs EAC 17): fire resistance 5 stops 5; SP 40→33")),
                        ("es", ("Navasi recibe 28 de daño de electricidad, de fuego (contra CAE 16): PE 10→0, PG 20→2",
                                "Obozaya recibe 12 de daño de fuego (contra CAE 17): resistencia a fuego 5 detiene 5; "
                                "PE 40→33"))):
        for line in lines:
            assert line in gm_reads(t, lang) and line in players_read(t, lang), (line, players_read(t, lang))
    assert "Pirate takes 7 slashing damage (vs KAC 15): HP 18→11" in gm_reads(t)
    told = about(players_read(t), "Pirate")
    assert told == ["Pirate is hurt: wounded", "Pirate takes 3 damage: bloodied"]
    assert about(players_log(t).splitlines(), "Pirate") == ["- " + line for line in told]


def test_a_maneuver_reads_without_the_foes_kac():
    """starfinder.md §3.7: what a maneuver did reaches the players; the roll against a foe's
    KAC + 8 (and the pin's KAC + 13) is the GM's, in brackets after it."""
    t = table("add Obozaya pc level=4 key=18 sp=40 hp=34 kac=19 attack=9", "add Pirate level=2 hp=18 kac=15",
              "add Vex level=3 rp=1 hp=20 kac=16 attack=6", "init Obozaya 20", "init Navasi 18", "init Pirate 15",
              "init Vex 10", "start", "grapple Obozaya Pirate 30", "next", "next", "next", "trip Vex Navasi 28")
    grapple = ("Obozaya's grapple succeeds: Pirate is pinned (replaces grappled: -4 AC, attack, Reflex, initiative; "
               "flat-footed) until the end of Obozaya's turn, then grappled")
    assert grapple + " (30 vs KAC + 8 = 23; a pin needs over KAC + 13 = 28)" in gm_reads(t)
    assert "Vex's trip succeeds: Navasi is prone (28 vs KAC + 8 = 25)" in gm_reads(t)
    assert grapple in players_read(t)
    assert "Vex's trip succeeds: Navasi is prone" in players_read(t)
    es = ("La maniobra presa de Obozaya tiene éxito: Pirate queda atrapado (sustituye a apresado: -4 CA, ataque, "
          "Reflejos, iniciativa; desprevenido) hasta el final del turno de Obozaya, luego apresado")
    assert es + " (30 contra CAC + 8 = 23; atrapar requiere más de CAC + 13 = 28)" in gm_reads(t, "es")
    assert es in players_read(t, "es")
    for lang in ("en", "es"):
        text = players_log(t, lang)
        assert "KAC" not in text and "CAC" not in text and "23" not in text and "28" not in text
