"""Starfinder conditions: their numbers on the sheet, how they combine, and the ones that hurt."""

import pytest

from conftest import Table
from gm_console.engine.language.commands import CommandError
from gm_console.i18n import render


def rendered(lines, lang="en"):
    """A sheet's status lines as the GM reads them."""
    return [render(x, lang) for x in lines]

BASE = "sp=20 hp=20 rp=3 eac=15 kac=17 attack=5 fort=3 ref=4 will=2 init=2 speed=30"
FIGS = ("eac", "kac", "attack", "melee", "ranged", "damage", "init", "fort", "ref", "will", "speed",
        "skills", "physical", "perception")


def zed(*conds, options=None):
    t = Table("starfinder", options)
    t.do(f"add Zed pc {BASE}")
    for c in conds:
        t.do(f"cond Zed {c}")
    return t


def deltas(t, who="Zed"):
    fig = t.session.ruleset.sheet.effective(t.state, t.c(who))
    base = {"eac": 15, "kac": 17, "attack": 5, "melee": 5, "ranged": 5, "damage": 0, "init": 2, "fort": 3,
            "ref": 4, "will": 2, "speed": 30, "skills": 0, "physical": 0, "perception": 0}
    return {k: fig[k].value - base[k] for k in FIGS if fig[k].value != base[k]}


@pytest.mark.parametrize("cond,expected", [
    ("flat-footed", {"eac": -2, "kac": -2}),
    ("blinded", {"eac": -2, "kac": -2, "physical": -4, "perception": -4}),
    ("cowering", {"eac": -2, "kac": -2}),
    ("dazed", {}),
    ("dazzled", {"attack": -1, "melee": -1, "ranged": -1, "perception": -1}),
    ("deafened", {"init": -4, "perception": -4}),
    ("encumbered", {"speed": -10, "physical": -5}),
    ("entangled", {"eac": -2, "kac": -2, "attack": -2, "melee": -2, "ranged": -2, "ref": -2, "init": -2,
                   "physical": -2, "speed": -15}),
    ("exhausted", {"eac": -3, "kac": -3, "attack": -3, "melee": -3, "ranged": -3, "damage": -3, "ref": -3,
                   "init": -3, "physical": -3, "speed": -15}),
    ("fatigued", {"eac": -1, "kac": -1, "attack": -1, "melee": -1, "ranged": -1, "damage": -1, "ref": -1,
                  "init": -1, "physical": -1}),
    ("frightened", {"attack": -2, "melee": -2, "ranged": -2, "fort": -2, "ref": -2, "will": -2, "skills": -2,
                    "physical": -2, "perception": -2}),
    ("grappled", {"eac": -2, "kac": -2, "attack": -2, "melee": -2, "ranged": -2, "ref": -2, "init": -2,
                  "physical": -2, "speed": -30}),
    ("off-kilter", {"eac": -2, "kac": -2, "attack": -2, "melee": -2, "ranged": -2, "speed": -30}),
    ("off-target", {"attack": -2, "melee": -2, "ranged": -2}),
    ("overburdened", {"speed": -25, "physical": -5}),
    ("panicked", {"fort": -2, "ref": -2, "will": -2, "skills": -2, "physical": -2, "perception": -2}),
    ("pinned", {"eac": -6, "kac": -6, "attack": -4, "melee": -4, "ranged": -4, "ref": -4, "init": -4,
                "physical": -4, "speed": -30}),
    ("prone", {"melee": -4}),
    ("shaken", {"attack": -2, "melee": -2, "ranged": -2, "fort": -2, "ref": -2, "will": -2, "skills": -2,
                "physical": -2, "perception": -2}),
    ("sickened", {"attack": -2, "melee": -2, "ranged": -2, "damage": -2, "fort": -2, "ref": -2, "will": -2,
                  "skills": -2, "physical": -2, "perception": -2}),
    ("stunned", {"eac": -2, "kac": -2}),
])
def test_condition_effects_on_the_figures(cond, expected):
    """starfinder.md §3.6 [O]: each condition's numbers on AC, attack, saves, initiative, skills and speed."""
    assert deltas(zed(cond)) == expected


def test_condition_breakdown_names_the_source():
    """starfinder.md §3.6: the sheet explains a figure: KAC 15 = 17 - 2 flat-footed (shaken)."""
    t = zed("entangled")
    kac = t.session.ruleset.sheet.effective(t.state, t.c("Zed"))["kac"]
    assert kac.explain("KAC") == "KAC 15 = 17 - 2 entangled"


def test_flat_footed_counts_once():
    """starfinder.md §3.6 [O]: flat-footed from several sources counts once (-2)."""
    t = zed("flat-footed", "blinded", "stunned", "cowering")
    assert deltas(t)["kac"] == -2
    assert any("flat-footed once" in s for s in rendered(t.session.ruleset.sheet.status(t.state, t.c("Zed"))))


def test_flat_footed_twice_is_one_instance():
    """starfinder.md §3.6 [O]: a second flat-footed does not add a second -2."""
    t = zed("flat-footed 1", "flat-footed 3")
    assert len(t.c("Zed").instances("flat-footed")) == 1
    assert t.c("Zed").instances("flat-footed")[0].rounds == 3


def test_pinned_replaces_grappled():
    """starfinder.md §3.6 [O]: pinned's -4 replaces grappled's -2 (plus flat-footed), not added to it."""
    t = zed("grappled", "pinned")
    d = deltas(t)
    assert (d["kac"], d["attack"], d["init"]) == (-6, -4, -4)
    t.do("uncond Zed pinned")
    assert deltas(t)["kac"] == -2


def test_fatigued_twice_is_exhausted_for_the_total_duration():
    """starfinder.md §3.6 [O]: fatigued + fatigued = exhausted for the total duration of both."""
    t = zed("fatigued 3", "fatigued 2")
    c = t.c("Zed")
    assert not c.has("fatigued")
    assert [i.rounds for i in c.instances("exhausted")] == [5]
    assert deltas(t)["kac"] == -3


def test_fatigued_twice_untimed_is_exhausted_untimed():
    """starfinder.md §3.6 [O]: an open-ended fatigue makes an open-ended exhaustion."""
    t = zed("fatigued", "fatigued 2")
    assert [i.rounds for i in t.c("Zed").instances("exhausted")] == [None]


def test_shaken_again_extends_and_does_not_escalate():
    """starfinder.md §3.6 [O] (CRB p. 277): shaken again: the duration increases by the second effect's
    (2 + 4 = 6 rounds); no escalation to frightened."""
    t = zed("shaken 2", "shaken 4")
    c = t.c("Zed")
    assert [i.rounds for i in c.instances("shaken")] == [6]
    assert not c.has("frightened")
    assert deltas(t)["attack"] == -2


def test_fear_grades_do_not_add():
    """starfinder.md §3.6 [O]: shaken and frightened: the most severe applies, not -4."""
    assert deltas(zed("shaken", "frightened"))["attack"] == -2


def test_spanish_condition_names():
    """starfinder.md §3.6: the seed's Spanish names: agitado, desprevenido, apresado, atrapado, tumbado."""
    t = zed("agitado", "desprevenido", "apresado", "atrapado", "tumbado", "enfermo", "desorientado")
    c = t.c("Zed")
    for cid in ("shaken", "flat-footed", "grappled", "pinned", "prone", "sickened", "off-target"):
        assert c.has(cid), cid


def test_helpless_dex_counts_as_zero():
    """starfinder.md §3.6 [O]: helpless: Dex counts as 0 (modifier -5): Dex 16 (+3) costs 8 AC."""
    t = Table("starfinder")
    t.do("add Zed pc hp=20 eac=15 kac=17 dex=16", "cond Zed helpless")
    fig = t.session.ruleset.sheet.effective(t.state, t.c("Zed"))
    assert (fig["eac"].value, fig["kac"].value) == (7, 9)


def test_dying_is_helpless_on_the_sheet():
    """starfinder.md §3.4.2/3.6: unconscious at 0 HP: helpless, melee against it +4."""
    t = Table("starfinder")
    t.do("add Zed pc sp=1 hp=20 rp=3 kac=17 dex=14", "dmg Zed 30")
    assert t.session.ruleset.sheet.effective(t.state, t.c("Zed"))["kac"].value == 10
    assert any("melee attackers get +4" in s for s in rendered(t.session.ruleset.sheet.status(t.state, t.c("Zed"))))


def test_valued_condition_needs_a_value():
    """Engine contract: bleeding takes a value."""
    t = zed()
    with pytest.raises(CommandError, match="bleeding:2"):
        t.do("cond Zed bleeding")


# -- bleeding ---------------------------------------------------------------------------------


def turn_table(*conds):
    t = Table("starfinder")
    t.rolls(15, 3)
    t.do(f"add Zed pc {BASE}", "add Goblin hp=10 init=1", "start")
    for c in conds:
        t.do(f"cond Zed {c}")
    return t


def test_only_the_worst_bleed_applies():
    """starfinder.md §3.6 [O]: several bleeds: only the worst."""
    t = zed("bleeding:2", "bleeding:5", "bleeding:3")
    inst = t.c("Zed").instances("bleeding")
    assert [i.value for i in inst] == [5]


def test_bleeding_hurts_at_the_start_of_its_turn():
    """starfinder.md §3.6 [O]: bleed damage at the start of its turn, through stamina first."""
    t = turn_table("bleeding:3")
    t.do("next")
    assert t.hp("Zed", "sp") == 20
    t.do("next")
    assert t.hp("Zed", "sp") == 17


def test_bleeding_at_zero_costs_resolve_as_continuous_damage():
    """starfinder.md §3.4.4 [S]: continuous damage at 0 HP costs 1 RP per instance."""
    t = turn_table("bleeding:3")
    t.do("next", "dmg Zed 50", "next")
    assert t.hp("Zed", "rp") == 2


def test_healing_stops_bleeding():
    """starfinder.md §3.6 [O]: any HP-restoring effect stops the bleeding."""
    t = zed("bleeding:3")
    t.do("dmg Zed 25", "heal Zed 1")
    assert not t.c("Zed").has("bleeding")


def test_medicine_stops_bleeding():
    """starfinder.md §3.6 [O]: Medicine DC 15 stops the bleeding."""
    t = zed("bleeding:3")
    t.do("medicine Zed 15")
    assert not t.c("Zed").has("bleeding")


# -- burning ------------------------------------------------------------------------------------


def test_burning_from_several_sources_adds_up():
    """starfinder.md §3.6 [O]: burning from multiple sources is cumulative (1d6 + 1d6 = 2d6)."""
    t = zed("burning:1", "burning:1")
    assert [i.value for i in t.c("Zed").instances("burning")] == [2]


def test_burning_rolls_fire_at_the_start_of_its_turn():
    """starfinder.md §3.6 [O]: listed fire damage (value d6) at the start of its turn, before it acts."""
    t = turn_table("burning:2")
    t.do("next")                                       # the goblin acts
    t.rolls(1, 4, 5)                                   # round-1 end Reflex 1 + 4: fails; then 2d6 = 9
    t.do("next")
    assert t.active == "zed"
    assert t.hp("Zed", "sp") == 11
    assert any("Burning: Zed takes 9 fire damage" in s for s in t.said())


def test_burning_reflex_at_the_end_of_the_round():
    """starfinder.md §3.6 [O]: end of each round: Reflex DC 10 + fire damage taken this round ends it."""
    t = turn_table("burning:1")
    t.do("next")                         # goblin
    t.rolls(11, 4)                       # round-1 end: Reflex 11 + 4 = 15 vs DC 10 (no fire yet): out
    t.do("next")
    assert not t.c("Zed").has("burning")
    assert any("puts out the flames" in s and "vs DC 10" in s for s in t.said())


def test_burning_dc_grows_with_fire_taken_and_tries_add_two():
    """starfinder.md §3.6 [O]: DC 10 + fire taken this round; each earlier try gives +2."""
    t = turn_table("burning:1")
    t.do("next")
    t.rolls(1, 5)                        # round 1 end: 1 + 4 = 5 vs DC 10: fails; Zed's turn: 1d6 = 5
    t.do("next")
    assert t.c("Zed").has("burning")
    t.do("next")                         # the goblin
    t.rolls(8)                           # round 2 end: 8 + 4 + 2 = 14 vs DC 15: fails
    t.do("next")
    assert any("Reflex 14 (+2 for 1 earlier try) vs DC 15" in s for s in t.said())
    assert t.c("Zed").has("burning")


def test_smother_gives_a_new_save_with_plus_4():
    """starfinder.md §3.6 [O]: a full action to smother: a new save with +4."""
    t = turn_table("burning:1")
    t.rolls(2)                           # 2 + 4 + 4 = 10 vs DC 10
    t.do("smother Zed")
    assert not t.c("Zed").has("burning")


def test_conditions_limit_actions():
    """starfinder.md §3.6 [O]: stunned: no actions; staggered: one move or standard; nauseated: one move."""
    t = turn_table("stunned")
    with pytest.raises(CommandError, match="stunned"):
        t.do("action standard")
    t = turn_table("staggered")
    t.do("action move")
    with pytest.raises(CommandError, match="staggered"):
        t.do("action standard")
    t.do("action swift")
    t = turn_table("nauseated")
    with pytest.raises(CommandError, match="nauseated"):
        t.do("action standard")
    t.do("action move")
    with pytest.raises(CommandError):
        t.do("action move")


def test_entangled_cannot_charge():
    """starfinder.md §3.6 [O]: entangled, fatigued, exhausted: no run or charge."""
    t = turn_table("fatigued")
    with pytest.raises(CommandError, match="fatigued"):
        t.do("charge Zed")
    with pytest.raises(CommandError, match="fatigued"):
        t.do("action run")


def test_cond_dying_and_dead_set_the_life_state():
    """starfinder.md §3.4: dying and dead are states of the sheet, set by hand if needed."""
    t = zed("dying")
    assert (t.c("Zed").life, t.hp("Zed")) == ("dying", 0)
    t.do("cond Zed dead")
    assert t.c("Zed").life == "dead"


def test_burning_warning_outside_combat_offers_to_put_it_out():
    """starfinder.md §3.6 [O]: burning ends with water or smothering; the end-of-round save is a combat thing."""
    t = Table("starfinder")
    t.do("add Vex hp=20", "cond Vex burning:1")
    notes = t.session.ruleset.pending(t.state)
    assert [n.command for n in notes if n.who == "vex"] == ["uncond vex burning"]
