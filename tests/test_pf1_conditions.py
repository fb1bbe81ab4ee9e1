"""PF1 conditions and their effects on the sheet (pathfinder1e.md §1.5)."""

from __future__ import annotations

import pytest

from conftest import Table
from pf1_support import sheet_lines
from gm_console.engine.language.commands import CommandError

# Valeros: AC 18 (Dex 14 -> +2), touch 12, ff 16, BAB 3, Str 16, CMB 6, CMD 18
VALEROS = "add Valeros pc hp=30 str=16 dex=14 con=14 ac=18 touch=12 ff=16 bab=3 fort=5 ref=3 will=1 speed=30"
BASE = {"ac": 18, "touch": 12, "ff": 16, "cmb": 6, "cmd": 18, "attack": 6, "ranged": 5, "fort": 5,
        "ref": 3, "will": 1, "str": 16, "dex": 14, "speed": 30, "init": 2, "skills": 0, "checks": 0,
        "damage": 0}


def pf(**options) -> Table:
    return Table("pathfinder1e", options=options or None)


def eff(t: Table, name: str) -> dict[str, int]:
    return {k: f.value for k, f in t.session.ruleset.sheet.effective(t.state, t.c(name)).items()}


def changes(*conds: str, **options) -> dict[str, int]:
    """What the conditions change on Valeros' sheet, figure -> delta."""
    t = pf(**options)
    t.do(VALEROS, *(f"cond Valeros {c}" for c in conds))
    e = eff(t, "Valeros")
    return {k: e[k] - BASE[k] for k in BASE if e[k] != BASE[k]}


def active(t: Table, name: str) -> list[str]:
    c = t.c(name)
    return [i.cond for i in t.session.ruleset.conditions.active(c)]


# -- each condition's numbers ----------------------------------------------------------


def test_shaken():
    """pathfinder1e.md §1.5 [S] shaken: -2 attack, saves, skill and ability checks."""
    assert changes("shaken") == {"attack": -2, "ranged": -2, "cmb": -2, "fort": -2, "ref": -2,
                                 "will": -2, "skills": -2, "checks": -2}


def test_frightened_is_shaken_plus_fleeing():
    """pathfinder1e.md §1.5 [S] frightened: as shaken, and must flee."""
    assert changes("frightened") == changes("shaken")
    t = pf()
    t.do(VALEROS, "cond Valeros frightened")
    assert any("must flee" in s for s in sheet_lines(t.session.ruleset, t.state, t.c("Valeros")))


def test_panicked():
    """pathfinder1e.md §1.5 [S] panicked: -2 saves, skill and ability checks; flees, no other actions."""
    assert changes("panicked") == {"fort": -2, "ref": -2, "will": -2, "skills": -2, "checks": -2}


def test_cowering():
    """pathfinder1e.md §1.5 [S] cowering: -2 AC and loses Dex bonus to AC; no actions."""
    assert changes("cowering") == {"ac": -4, "touch": -4, "ff": -2, "cmd": -4}


def test_dazed_has_no_ac_penalty():
    """pathfinder1e.md §1.5 [S] dazed: no actions, no AC penalty."""
    assert changes("dazed") == {}
    t = pf()
    t.do(VALEROS, "cond Valeros dazed 1")
    assert any(s.startswith("actions: none (dazed)") for s in sheet_lines(t.session.ruleset, t.state, t.c("Valeros")))


def test_stunned():
    """pathfinder1e.md §1.5 [S] stunned: -2 AC, loses Dex bonus, no actions."""
    assert changes("stunned") == {"ac": -4, "touch": -4, "ff": -2, "cmd": -4}


def test_blinded():
    """pathfinder1e.md §1.5 [S] blinded: -2 AC, loses Dex bonus to AC."""
    assert changes("blinded") == {"ac": -4, "touch": -4, "ff": -2, "cmd": -4}


def test_dazzled():
    """pathfinder1e.md §1.5 [S] dazzled: -1 attack rolls."""
    assert changes("dazzled") == {"attack": -1, "ranged": -1, "cmb": -1}


def test_flat_footed_loses_dex_to_ac_and_cmd_not_to_flat_footed_ac():
    """pathfinder1e.md §1.1.4/§1.7 [S]: flat-footed loses Dex bonus to AC and CMD."""
    assert changes("flat-footed") == {"ac": -2, "touch": -2, "cmd": -2}


def test_flat_footed_keeps_a_dex_penalty():
    """Losing the Dex *bonus* does not remove a Dex penalty."""
    t = pf()
    t.do("add Ogre hp=30 dex=8 ac=14", "cond Ogre flat-footed")
    assert eff(t, "Ogre")["ac"] == 14


def test_energy_drained_per_negative_level():
    """pathfinder1e.md §1.5 energy drained [O]: -1 per negative level to attack, CMB, CMD, saves, checks."""
    assert changes("energy-drained:2") == {"attack": -2, "ranged": -2, "cmb": -2, "cmd": -2, "fort": -2,
                                           "ref": -2, "will": -2, "skills": -2, "checks": -2}


def test_entangled():
    """pathfinder1e.md §1.5 [S] entangled: half speed, -2 attack, -4 Dex (AC, CMD, Ref, init follow Dex)."""
    assert changes("entangled") == {"attack": -2, "ranged": -4, "cmb": -2, "dex": -4, "ac": -2,
                                    "touch": -2, "cmd": -2, "ref": -2, "init": -2, "speed": -15}


def test_entangled_cannot_charge():
    t = pf()
    t.do(VALEROS, "cond Valeros entangled")
    with pytest.raises(CommandError, match="cannot charge: entangled"):
        t.do("charge Valeros")


def test_deafened():
    """pathfinder1e.md §1.5 [S] deafened: -4 initiative."""
    assert changes("deafened") == {"init": -4}


def test_fatigued():
    """pathfinder1e.md §1.5 [S] fatigued: -2 Str and -2 Dex (modifiers follow), can't charge."""
    assert changes("fatigued") == {"str": -2, "dex": -2, "attack": -1, "cmb": -1, "damage": -1,
                                   "ac": -1, "touch": -1, "cmd": -2, "ref": -1, "init": -1, "ranged": -1}


def test_exhausted():
    """pathfinder1e.md §1.5 [S] exhausted: half speed, -6 Str and -6 Dex."""
    assert changes("exhausted") == {"str": -6, "dex": -6, "attack": -3, "cmb": -3, "damage": -3,
                                    "ac": -3, "touch": -3, "ff": -1, "cmd": -6, "ref": -3, "init": -3,
                                    "ranged": -3, "speed": -15}


def test_grappled():
    """pathfinder1e.md §1.5 [S] grappled: can't move, -4 Dex, -2 attack and CMB."""
    assert changes("grappled") == {"attack": -2, "ranged": -4, "cmb": -2, "dex": -4, "ac": -2,
                                   "touch": -2, "cmd": -2, "ref": -2, "init": -2, "speed": -30}


def test_pinned():
    """pathfinder1e.md §1.5 [S] pinned: can't move, loses Dex bonus, -4 more AC (and CMD)."""
    assert changes("pinned") == {"ac": -6, "touch": -6, "ff": -4, "cmd": -6, "speed": -30}


def test_sickened():
    """pathfinder1e.md §1.5 [S] sickened: -2 attack, damage (seed: all damage), saves, skill and ability checks."""
    assert changes("sickened") == {"attack": -2, "ranged": -2, "cmb": -2, "damage": -2, "fort": -2,
                                   "ref": -2, "will": -2, "skills": -2, "checks": -2}


def test_invisible():
    """pathfinder1e.md §1.5 [S] invisible: +2 attack vs sighted opponents."""
    assert changes("invisible") == {"attack": 2, "ranged": 2, "cmb": 2}


def test_prone():
    """pathfinder1e.md §1.5 [S] prone: -4 melee attack; +4 AC vs ranged, -4 AC vs melee."""
    assert changes("prone") == {"attack": -4, "cmb": -4}
    t = pf()
    t.do(VALEROS, "cond Valeros tumbado")
    e = eff(t, "Valeros")
    assert (e["ac_melee"], e["ac_ranged"]) == (14, 22)


def test_helpless_is_dex_zero():
    """pathfinder1e.md §1.5 [S] helpless: treated as Dex 0 (-5)."""
    assert changes("helpless") == {"dex": -14, "ac": -7, "touch": -7, "ff": -5, "cmd": -7, "ref": -7,
                                   "init": -7, "ranged": -7}


def test_paralyzed_is_str_and_dex_zero_and_helpless():
    """pathfinder1e.md §1.5 [S] paralyzed: Str and Dex 0, helpless, can't move."""
    d = changes("paralyzed")
    assert d["str"] == -16 and d["dex"] == -14 and d["ac"] == -7 and d["speed"] == -30
    assert d["attack"] == -8


def test_unconscious_condition_is_helpless():
    """pathfinder1e.md §1.5 [S] unconscious: helpless."""
    assert changes("unconscious")["ac"] == -7


@pytest.mark.parametrize("cond,line", [
    ("stunned", "actions: none (stunned)"), ("nauseated", "actions: one move action only (nauseated)"),
    ("staggered", "actions: one move or standard (staggered)"), ("fascinated", "actions: none (fascinated)"),
    ("cowering", "actions: none (cowering)"), ("panicked", "actions: none (panicked)"),
])
def test_actions_allowed_on_the_sheet(cond, line):
    """pathfinder1e.md §1.2/§1.5 [S]: the sheet says which actions a condition leaves."""
    t = pf()
    t.do(VALEROS, f"cond Valeros {cond}")
    assert line in sheet_lines(t.session.ruleset, t.state, t.c("Valeros"))


def test_every_digest_condition_is_in_the_catalogue_with_both_names():
    """pathfinder1e.md §1.5: all the seed's conditions, canonical kebab-case ids, Spanish and English names."""
    rs = pf().session.ruleset
    ids = {"grappled", "pinned", "shaken", "frightened", "panicked", "cowering", "dazed", "stunned",
           "blinded", "confused", "dazzled", "flat-footed", "energy-drained", "entangled", "deafened",
           "stable", "exhausted", "fatigued", "fascinated", "staggered", "disabled", "unconscious",
           "helpless", "incorporeal", "sickened", "invisible", "nauseated", "dying", "dead", "paralyzed",
           "petrified", "broken", "bleed", "prone"}
    assert ids <= set(rs.conditions.catalogue.defs)
    for es, cid in [("Apresado", "grappled"), ("Sujeto", "pinned"), ("Estremecido", "shaken"),
                    ("Asustado", "frightened"), ("Despavorido", "panicked"), ("Aterrado", "cowering"),
                    ("Atontado", "dazed"), ("Aturdido", "stunned"), ("Cegado", "blinded"),
                    ("Confuso", "confused"), ("Deslumbrado", "dazzled"), ("Desprevenido", "flat-footed"),
                    ("Energía consumida", "energy-drained"), ("Enmarañado", "entangled"),
                    ("Ensordecido", "deafened"), ("Exhausto", "exhausted"), ("Fatigado", "fatigued"),
                    ("Fascinado", "fascinated"), ("Grogui", "staggered"), ("Incapacitado", "disabled"),
                    ("Inconsciente", "unconscious"), ("Indefenso", "helpless"), ("Incorporal", "incorporeal"),
                    ("Indispuesto", "sickened"), ("Mareado", "nauseated"), ("Moribundo", "dying"),
                    ("Muerto", "dead"), ("Paralizado", "paralyzed"), ("Petrificado", "petrified"),
                    ("Sangrando", "bleed"), ("Tumbado", "prone"), ("estable", "stable")]:
        assert rs.conditions.catalogue.lookup(es).id == cid
    assert rs.conditions.catalogue.get("bleed").valued and rs.conditions.catalogue.get("energy-drained").valued


def test_spanish_names_accent_and_case_blind_in_commands():
    t = pf()
    t.do(VALEROS, "cond Valeros ENERGIA-CONSUMIDA:1", "cond Valeros enmaranado", "cond Valeros desprevenido")
    assert {i.cond for i in t.c("Valeros").conditions} == {"energy-drained", "entangled", "flat-footed"}


# -- stacking -----------------------------------------------------------------------------


def test_different_conditions_stack():
    """pathfinder1e.md §1.5 [S]: several conditions all apply (shaken -2 + sickened -2 = -4 attack)."""
    d = changes("shaken", "sickened")
    assert d["attack"] == -4 and d["will"] == -4


def test_fear_grades_do_not_add_most_severe_applies():
    """pathfinder1e.md §1.5 [S]: shaken + frightened -> only frightened (-2, not -4)."""
    assert changes("shaken", "frightened")["attack"] == -2


def test_fear_lower_grade_returns_when_the_severe_one_ends():
    """pathfinder1e.md §1.5 [S]: the others stay underneath and return when the severe grade ends."""
    t = pf()
    t.do(VALEROS, "cond Valeros shaken", "cond Valeros panicked")
    assert active(t, "Valeros") == ["panicked"]
    assert eff(t, "Valeros")["attack"] == 6
    t.do("uncond Valeros panicked")
    assert active(t, "Valeros") == ["shaken"]
    assert eff(t, "Valeros")["attack"] == 4


def test_timed_frightened_expires_and_shaken_returns_at_the_round_boundary():
    """pathfinder1e.md §1.5 [S] + durations [O]: frightened 1 round ends at its clock's next turn; shaken remains."""
    t = pf()
    t.do(VALEROS, "add Gob hp=6", "init Gob 20", "init Valeros 10", "start")
    t.do("cond Valeros shaken 3", "cond Valeros frightened 1", "next")
    assert active(t, "Valeros") == ["frightened"]
    t.do("next")
    assert t.state.round == 2 and t.active == "gob"
    assert active(t, "Valeros") == ["shaken"]


def test_cowering_is_the_top_of_the_fear_family_seed():
    """pathfinder1e.md §1.5 [S]: seed: cowering is the more extreme fear state (panicked cornered cowers)."""
    t = pf()
    t.do(VALEROS, "cond Valeros panicked", "cond Valeros cowering")
    assert active(t, "Valeros") == ["cowering"]
    t.do("uncond Valeros cowering")
    assert active(t, "Valeros") == ["panicked"]


def test_pinned_supersedes_grappled_and_grappled_returns():
    """pathfinder1e.md §1.5 [S]: pinned is a more severe grappled; effects don't stack; grappled returns."""
    t = pf()
    t.do(VALEROS, "cond Valeros grappled", "cond Valeros pinned")
    assert active(t, "Valeros") == ["pinned"]
    assert eff(t, "Valeros")["dex"] == 14
    assert eff(t, "Valeros")["attack"] == 6
    t.do("uncond Valeros pinned")
    assert active(t, "Valeros") == ["grappled"]
    assert eff(t, "Valeros")["dex"] == 10


def test_exhausted_supersedes_fatigued_not_minus_eight():
    """pathfinder1e.md §1.5 [S]: exhausted supersedes fatigued (-6, not -8)."""
    assert changes("fatigued", "exhausted")["str"] == -6


def test_fatigued_plus_fatigue_is_exhausted():
    """pathfinder1e.md §1.5 [S]: a fatigued character who is fatigued again becomes exhausted."""
    t = pf()
    t.do(VALEROS, "cond Valeros fatigued", "cond Valeros fatigado")
    assert [i.cond for i in t.c("Valeros").conditions] == ["exhausted"]
    assert "Valeros is fatigued again: exhausted" in t.said()


def test_exhausted_becomes_fatigued_after_an_hour_of_rest():
    """pathfinder1e.md §1.5 [S]: after 1 h of complete rest, exhausted -> fatigued."""
    t = pf()
    t.do(VALEROS, "cond Valeros exhausted", "pass 30m")
    assert active(t, "Valeros") == ["exhausted"]
    t.do("pass 30m")
    assert active(t, "Valeros") == ["fatigued"]
    assert "Valeros rests 1 hour: exhausted -> fatigued" in t.said()


def test_fatigued_gone_after_eight_hours_of_rest():
    """pathfinder1e.md §1.5 [S]: fatigued ends after 8 h of complete rest."""
    t = pf()
    t.do(VALEROS, "cond Valeros fatigued", "pass 7h")
    assert active(t, "Valeros") == ["fatigued"]
    t.do("pass 1h")
    assert active(t, "Valeros") == []


def test_exhausted_needs_nine_hours_to_clear():
    """pathfinder1e.md §1.5 [S]: 1 h to fatigued, then 8 h more."""
    t = pf()
    t.do(VALEROS, "cond Valeros exhausted", "pass 8h")
    assert active(t, "Valeros") == ["fatigued"]
    t.do("pass 1h")
    assert active(t, "Valeros") == []


def test_fear_escalation_off_by_default():
    """pathfinder1e.md §1.5 [Δ]: official fear escalation is not in the seed: off."""
    t = pf()
    t.do(VALEROS, "cond Valeros shaken", "cond Valeros shaken")
    assert active(t, "Valeros") == ["shaken"]


@pytest.mark.parametrize("first,second,result", [
    ("shaken", "shaken", "frightened"), ("shaken", "frightened", "panicked"),
    ("frightened", "shaken", "panicked"), ("frightened", "frightened", "panicked"),
])
def test_fear_escalation_option(first, second, result):
    """pathfinder1e.md §1.5 [Δ] option fear_escalation: the official escalation."""
    t = pf(fear_escalation=True)
    t.do(VALEROS, f"cond Valeros {first}", f"cond Valeros {second}")
    assert active(t, "Valeros") == [result]
    assert [i.cond for i in t.c("Valeros").conditions] == [result]


def test_energy_drain_levels_add_and_kill_at_hd():
    """pathfinder1e.md §1.5 [S]: dies when negative levels >= HD."""
    t = pf()
    t.do("add Kyra pc hp=20 hd=3", "cond Kyra energy-drained:1", "cond Kyra energy-drained:1")
    assert [(i.cond, i.value) for i in t.c("Kyra").conditions] == [("energy-drained", 2)]
    assert t.c("Kyra").life == "ok"
    t.do("cond Kyra energy-drained:1")
    assert t.c("Kyra").life == "dead"
    assert any("3 negative levels >= 3 HD" in s for s in t.said())


def test_valued_conditions_need_a_value():
    t = pf()
    t.do("add Kyra pc hp=20")
    with pytest.raises(CommandError, match="takes a value"):
        t.do("cond Kyra bleed")


def test_broken_armor_halves_its_bonus():
    """pathfinder1e.md §1.5 [S] broken: armor/shield AC bonus halved (round down)."""
    t = pf()
    t.do("add Seelah hp=27 ac=19 dex=10", "cond Seelah broken-armor:9")
    assert eff(t, "Seelah")["ac"] == 19 - 5


def test_broken_weapon():
    """pathfinder1e.md §1.5 [S] broken weapon: -2 attack and damage."""
    d = changes("broken")
    assert d["attack"] == -2 and d["damage"] == -2


def test_confused_rolls_d_percent_at_the_start_of_its_turn():
    """pathfinder1e.md §1.5 [O]: a confused creature rolls d% at the start of each turn."""
    t = pf()
    t.do(VALEROS, "add Gob hp=6", "init Gob 20", "init Valeros 10", "start", "cond Valeros confused")
    t.rolls(60, 3)
    t.do("next")
    assert "Valeros is confused: d% 60, deals damage to itself with the item in hand (1d8+3)" in t.said()


def test_life_states_by_hand():
    """The life-state names typed as conditions move the life state (system conditions)."""
    t = pf()
    t.do("add Kyra pc hp=20 con=12", "cond Kyra dying")
    assert t.c("Kyra").life == "dying" and t.hp("Kyra") == -1
    t.do("cond Kyra stable")
    assert t.c("Kyra").life == "stable" and t.c("Kyra").marks["stable"] == "aided"
    t.do("cond Kyra dead")
    assert t.c("Kyra").life == "dead"


def test_conditions_on_the_dead_are_refused():
    t = pf()
    t.do("add Gob hp=5", "dmg Gob 20")
    with pytest.raises(CommandError, match="dead"):
        t.do("cond Gob shaken")
