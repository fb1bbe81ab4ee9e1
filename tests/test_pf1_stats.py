"""PF1 stat block and derived numbers (pathfinder1e.md §1.7 and the issue's stat keys)."""

from __future__ import annotations

import pytest

from conftest import Table
from gm_console.engine.language.commands import CommandError


def pf(**options) -> Table:
    return Table("pathfinder1e", options=options or None)


def eff(t: Table, name: str) -> dict[str, int]:
    c = t.c(name)
    return {k: f.value for k, f in t.session.ruleset.sheet.effective(t.state, c).items()}


def test_hp_current_over_max_and_pools():
    """Issue stat block: hp=6/38 is current/max; pools hp, nl, hero (PCs start with 1 of max 3)."""
    t = pf()
    t.do("add Kyra pc hp=6/38 con=14")
    c = t.c("Kyra")
    assert (c.pools["hp"].value, c.pools["hp"].max) == (6, 38)
    assert c.pools["nl"].value == 0
    assert (c.pools["hero"].value, c.pools["hero"].max) == (1, 3)
    assert c.stats["pc"] is True and c.side == "pc"


def test_npc_has_no_hero_points_and_cannot_be_given_any():
    """pathfinder1e.md §1.6 [S]: hero points only for PCs."""
    t = pf()
    t.do("add Goblin hp=6")
    assert "hero" not in t.c("Goblin").pools
    with pytest.raises(CommandError, match="only for PCs"):
        t.do("add Orc hp=10 hero=1")


def test_hero_points_start_as_given_but_never_above_three():
    """pathfinder1e.md §1.6 [O]: at most 3 hero points held."""
    t = pf()
    t.do("add Kyra pc hp=20 hero=2")
    assert t.hp("Kyra", "hero") == 2
    with pytest.raises(CommandError, match="at most 3"):
        t.do("add Seelah pc hp=20 hero=4")


def test_hero_field_is_gm_only():
    """pathfinder1e.md §1.6 [S]: hero points are hidden from players (GM-only field)."""
    rs = pf().session.ruleset
    assert rs.sheet.gm_only_fields() == ("hero",)


def test_init_defaults_to_dex_modifier_and_can_be_given():
    """Issue: init is the modifier, default Dex mod (pathfinder1e.md §1.1.1)."""
    t = pf()
    t.do("add A hp=5 dex=14", "add B hp=5 dex=7", "add C hp=5 dex=14 init=6")
    assert eff(t, "A")["init"] == 2
    assert eff(t, "B")["init"] == -2
    assert eff(t, "C")["init"] == 6


def test_cmb_cmd_derived_from_bab_str_dex_size():
    """pathfinder1e.md §1.7 [S]: CMB = BAB + Str + size; CMD = 10 + BAB + Str + Dex + size."""
    t = pf()
    t.do("add Valeros hp=30 bab=3 str=16 dex=14")
    e = eff(t, "Valeros")
    assert e["cmb"] == 6
    assert e["cmd"] == 18


def test_given_cmb_cmd_win_over_the_formula():
    """Issue: cmb/cmd derived unless given."""
    t = pf()
    t.do("add Ogre hp=30 bab=3 str=21 cmb=12 cmd=23")
    e = eff(t, "Ogre")
    assert (e["cmb"], e["cmd"]) == (12, 23)


@pytest.mark.parametrize("size,special", [
    ("fine", -8), ("diminutive", -4), ("tiny", -2), ("small", -1), ("medium", 0),
    ("large", 1), ("huge", 2), ("gargantuan", 4), ("colossal", 8),
])
def test_size_table_special_modifier(size, special):
    """pathfinder1e.md §1.7 [S]: special size modifier for CMB and CMD."""
    t = pf()
    t.do(f"add X hp=5 size={size} bab=0 str=10 dex=10")
    e = eff(t, "X")
    assert e["cmb"] == special
    assert e["cmd"] == 10 + special


@pytest.mark.parametrize("es,en", [
    ("minúsculo", "fine"), ("diminuto", "diminutive"), ("menudo", "tiny"), ("pequeño", "small"),
    ("mediano", "medium"), ("grande", "large"), ("enorme", "huge"), ("gargantuesco", "gargantuan"),
    ("colosal", "colossal"),
])
def test_spanish_size_names(es, en):
    """Issue: size takes fine..colossal and the seed's Spanish names."""
    t = pf()
    t.do(f"add X hp=5 tamaño={es}")
    assert t.c("X").stats["size"] == en


def test_diminutive_or_smaller_uses_dex_for_cmb_seed():
    """pathfinder1e.md §1.7 [S]: Diminutive or smaller use Dex instead of Str; Tiny still uses Str."""
    t = pf()
    t.do("add Pixie hp=2 size=diminutive str=6 dex=18", "add Imp hp=2 size=tiny str=6 dex=18")
    assert eff(t, "Pixie")["cmb"] == 4 - 4
    assert eff(t, "Imp")["cmb"] == -2 - 2


def test_option_tiny_uses_dex_for_cmb_official():
    """pathfinder1e.md §1.7 [Δ] option cmb_dex_tiny: official Tiny or smaller use Dex."""
    t = pf(cmb_dex_tiny=True)
    t.do("add Imp hp=2 size=tiny str=6 dex=18", "add Goblin hp=5 size=small str=6 dex=18")
    assert eff(t, "Imp")["cmb"] == 4 - 2
    assert eff(t, "Goblin")["cmb"] == -2 - 1


def test_option_tiny_can_be_switched_in_play():
    """pathfinder1e.md §1.7 [Δ]: options live in the save and can be changed with `option`."""
    t = pf()
    t.do("add Imp hp=2 size=tiny str=6 dex=18")
    assert eff(t, "Imp")["cmb"] == -4
    t.do("option cmb_dex_tiny on")
    assert eff(t, "Imp")["cmb"] == 2


def test_defaults_for_attack_touch_flat_footed():
    """pathfinder1e.md §1.7 [O]: attack = BAB + Str + size; touch drops armor; flat-footed drops Dex bonus."""
    t = pf()
    t.do("add Goblin hp=6 size=small bab=1 str=11 dex=15 ac=16")
    e = eff(t, "Goblin")
    assert e["attack"] == 1 + 0 + 1
    assert e["ranged"] == 1 + 2 + 1
    assert e["touch"] == 10 + 2 + 1
    assert e["ff"] == 16 - 2


def test_given_touch_and_ff_are_kept():
    t = pf()
    t.do("add Seelah hp=27 ac=19 touch=10 ff=19 dex=10")
    e = eff(t, "Seelah")
    assert (e["ac"], e["touch"], e["ff"]) == (19, 10, 19)


def test_effective_has_every_figure_the_issue_lists():
    """Issue: effective has at least ac touch ff cmb cmd attack fort ref will str dex speed init."""
    t = pf()
    t.do("add Kyra pc hp=20")
    e = eff(t, "Kyra")
    for key in "ac touch ff cmb cmd attack fort ref will str dex speed init".split():
        assert key in e


def test_saves_speed_and_scores_as_given():
    t = pf()
    t.do("add Seelah hp=27 fort=6 ref=2 will=5 speed=20 str=15 dex=10")
    e = eff(t, "Seelah")
    assert (e["fort"], e["ref"], e["will"], e["speed"], e["str"], e["dex"]) == (6, 2, 5, 20, 15, 10)


def test_spanish_stat_aliases():
    """Issue: Spanish aliases for the stat keys."""
    t = pf()
    t.do("add Trasgo pv=6 ca=16 des=15 fue=11 bmc=3 dmc=14 fortaleza=3 reflejos=2 voluntad=-1 vel=30")
    s = t.c("Trasgo").stats
    assert (s["ac"], s["dex"], s["str"], s["cmb"], s["cmd"]) == (16, 15, 11, 3, 14)
    assert (s["fort"], s["ref"], s["will"], s["speed"]) == (3, 2, -1, 30)
    assert t.hp("Trasgo") == 6


def test_unknown_key_names_the_keys():
    t = pf()
    with pytest.raises(CommandError, match="keys: hp"):
        t.do("add X hp=5 mana=3")


def test_set_str_moves_derived_figures():
    """Derived figures follow later changes of the stats they come from."""
    t = pf()
    t.do("add Valeros hp=30 bab=3 str=16")
    t.do("set Valeros str=18")
    assert eff(t, "Valeros")["cmb"] == 7
    assert eff(t, "Valeros")["attack"] == 7


def test_breakdown_explains_a_figure():
    """Issue: the sheet shows each figure's breakdown."""
    t = pf()
    t.do("add Kyra hp=20 ac=17 dex=14", "cond Kyra shaken", "cond Kyra stunned")
    fig = t.session.ruleset.sheet.effective(t.state, t.c("Kyra"))["ac"]
    assert fig.value == 13
    assert fig.explain("AC") == "AC 13 = 17 - 2 Dex (stunned) - 2 stunned"
