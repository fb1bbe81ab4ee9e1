"""Starfinder combat modifiers: broken armor, cover and concealment (starfinder.md §3.6.1-3)."""

from __future__ import annotations

import json

import pytest

from conftest import Table
from gm_console.i18n import render


def rendered(lines, lang="en"):
    """A sheet's status lines as the GM reads them."""
    return [render(x, lang) for x in lines]


def navasi(*stats: str) -> Table:
    t = Table("starfinder")
    t.do("add Navasi pc sp=30 hp=22 rp=4 eac=16 kac=17 dex=16 ref=6 " + " ".join(stats))
    return t


def fig(t: Table, name: str, who: str = "Navasi"):
    return t.session.ruleset.sheet.effective(t.state, t.c(who)).get(name)


def status(t: Table, lang: str = "en", who: str = "Navasi") -> list[str]:
    return rendered(t.session.ruleset.sheet.status(t.state, t.c(who), lang), lang)


# -- broken armor --------------------------------------------------------------------------------


def test_broken_armor_halves_the_given_armor_bonuses():
    """starfinder.md §3.6.1: EAC bonus 5 -> 2, KAC bonus 7 -> 3 (halved, rounded down)."""
    t = navasi("eac_armor=5 kac_armor=7")
    t.do("cond Navasi broken-armor")
    assert (fig(t, "eac").value, fig(t, "kac").value) == (16 - 3, 17 - 4)
    assert ("broken armor (half of +5)", -3) in fig(t, "eac").said()
    assert "broken armor: armor bonuses EAC +5→+2, KAC +7→+3" in status(t)


def test_broken_armor_without_the_armor_stats_uses_ac_less_10_less_dex():
    """starfinder.md §3.6.1 [I]: EAC 16 = 10 + 3 armor + 3 Dex: the +3 becomes +1; KAC 17: +4 -> +2."""
    t = navasi()
    t.do("cond Navasi broken-armor")
    assert (fig(t, "eac").value, fig(t, "kac").value) == (14, 15)


@pytest.mark.parametrize("bonus,lost", [(0, 0), (1, 1), (2, 1), (3, 2), (10, 5), (11, 6)])
def test_broken_armor_rounds_the_half_down(bonus, lost):
    """starfinder.md §3.6.1: the armor keeps half its bonus, rounded down."""
    t = navasi(f"eac_armor={bonus}")
    t.do("cond Navasi broken-armor")
    assert fig(t, "eac").value == 16 - lost


def test_broken_armor_ends_and_the_ac_comes_back():
    """starfinder.md §3.6.1: until repaired: uncond restores the full bonus."""
    t = navasi("eac_armor=4")
    t.do("cond Navasi armadura-rota", "uncond Navasi broken-armor")
    assert fig(t, "eac").value == 16


def test_broken_armor_adds_to_flat_footed_and_the_weapons_broken_stays_apart():
    """starfinder.md §3.6, §3.6.1: flat-footed -2 and broken armor both count; `broken` is the weapon."""
    t = navasi("kac_armor=4")
    t.do("cond Navasi broken-armor", "cond Navasi flat-footed", "cond Navasi broken")
    assert fig(t, "kac").value == 17 - 2 - 2
    assert fig(t, "attack").value == -2


def test_broken_armor_shows_in_spanish():
    """Both languages on the sheet."""
    t = navasi("eac_armor=4 kac_armor=6")
    t.do("cond Navasi armadura-rota")
    assert "armadura rota: bonificadores de armadura CAE +4→+2, CAC +6→+3" in status(t, "es")


# -- cover ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("cond,ac,ref", [("partial-cover", 2, 1), ("cover", 4, 2), ("improved-cover", 8, 4),
                                         ("cobertura-parcial", 2, 1), ("cobertura", 4, 2),
                                         ("cobertura-mejorada", 8, 4)])
def test_cover_grades_give_their_ac_and_reflex(cond, ac, ref):
    """starfinder.md §3.6.2 (CRB Cover): partial +2/+1, cover +4/+2, improved +8/+4, to EAC and KAC."""
    t = navasi()
    t.do(f"cond Navasi {cond}")
    assert (fig(t, "eac").value, fig(t, "kac").value, fig(t, "ref").value) == (16 + ac, 17 + ac, 6 + ref)


def test_covers_do_not_add_the_best_counts():
    """starfinder.md §3.6.2 [I]: partial and improved cover together: improved only."""
    t = navasi()
    t.do("cond Navasi partial-cover", "cond Navasi improved-cover")
    assert fig(t, "kac").value == 17 + 8
    t.do("uncond Navasi improved-cover")
    assert fig(t, "kac").value == 17 + 2


def test_soft_cover_is_only_a_sheet_line():
    """starfinder.md §3.6.2: +4 AC against ranged attacks only, no Reflex: not in the figures."""
    t = navasi()
    t.do("cond Navasi soft-cover")
    assert (fig(t, "eac").value, fig(t, "ref").value) == (16, 6)
    assert any(line.startswith("soft cover: +4 AC against ranged attacks only") for line in status(t))


def test_total_cover_says_it_cannot_be_attacked():
    """starfinder.md §3.6.2: no line of effect."""
    t = navasi()
    t.do("cond Navasi total-cover")
    assert "total cover: it cannot be attacked from beyond the cover" in status(t)
    assert "cobertura total: no se le puede atacar desde el otro lado de la cobertura" in status(t, "es")


def test_cover_for_a_round_ends_on_its_clock():
    """starfinder.md §3.6.2 with the engine's durations: cover for 1 round on its own clock."""
    t = navasi()
    t.do("add Goblin hp=5", "init Navasi 20", "init Goblin 10", "start", "cond Navasi cover 1")
    assert fig(t, "kac").value == 21
    t.do("next", "next")
    assert fig(t, "kac").value == 17


def test_the_reflex_check_lists_cover():
    """starfinder.md §3.6.2, §3.9: a Reflex check shows the cover bonus as a modifier."""
    t = navasi()
    t.do("cond Navasi cover")
    t.rolls(10)
    t.do("check Navasi ref vs 15")
    assert "+2 cover" in t.said()[-1] and "= 18" in t.said()[-1]


def test_the_covering_fire_verb_and_the_cover_condition_are_apart():
    """starfinder.md §3.2, §3.6.2: `cover A B` is covering fire; `cond X cover` is cover."""
    t = navasi()
    t.do("add Keskodai pc sp=10 hp=10 ranged=5", "cover Keskodai Navasi 16")
    assert t.c("Navasi").has("covering-fire") and not t.c("Navasi").has("cover")
    t.do("cond Navasi cover")
    assert t.c("Navasi").has("cover")


# -- concealment -----------------------------------------------------------------------------------


@pytest.mark.parametrize("cond,miss", [("concealment", 20), ("ocultacion", 20), ("total-concealment", 50),
                                       ("ocultación total", 50)])
def test_concealment_shows_its_miss_chance(cond, miss):
    """starfinder.md §3.6.3 (CRB Concealment): 20% or 50% miss chance, on the sheet and figures."""
    t = navasi()
    t.do(f"cond Navasi \"{cond}\"")
    assert fig(t, "miss_chance").value == miss
    assert any(f"{miss}% miss chance" in line for line in status(t))
    assert any(f"{miss}% de fallo" in line for line in status(t, "es"))


def test_concealments_do_not_stack():
    """starfinder.md §3.6.3: multiple concealment conditions do not stack: the better counts."""
    t = navasi()
    t.do("cond Navasi concealment", "cond Navasi total-concealment")
    assert fig(t, "miss_chance").value == 50


def test_no_concealment_no_miss_chance_figure():
    """starfinder.md §3.6.3: the figure exists only while concealed (the other sheets are unchanged)."""
    t = navasi()
    assert fig(t, "miss_chance") is None
    t.do("cond Navasi concealment 1", "uncond Navasi concealment")
    assert fig(t, "miss_chance") is None


def test_show_json_carries_the_numbers(tmp_path, capsys):
    """starfinder.md §3.6.1-3: a script reads them from `show --json`."""
    from gm_console.cli import main

    path = tmp_path / "fight.toml"
    assert main(["new", "--ruleset", "starfinder", str(path)]) == 0
    assert main(["exec", str(path), "--", "add Navasi pc sp=30 hp=22 eac=16 kac=17 dex=16 eac_armor=3",
                 "cond Navasi broken-armor", "cond Navasi cover", "cond Navasi concealment"]) == 0
    capsys.readouterr()
    assert main(["show", "--json", str(path)]) == 0
    data = json.loads(capsys.readouterr().out)
    nav = data["combatants"][0]
    assert nav["effective"]["eac"] == 16 - 2 + 4
    assert nav["effective"]["miss_chance"] == 20
    assert {c["id"] for c in nav["conditions"]} == {"broken-armor", "cover", "concealment"}
