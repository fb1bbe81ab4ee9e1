"""Starfinder stat block: keys, derived resolve, pools in the state, effective figures."""

import pytest

from conftest import Table
from gm_console.engine.language.commands import CommandError
from gm_console.i18n import render


def rendered(lines, lang="en"):
    """A sheet's status lines as the GM reads them."""
    return [render(x, lang) for x in lines]


@pytest.mark.parametrize("level,key,rp", [(1, 4, 5), (2, 3, 4), (5, 4, 6), (10, 0, 5), (1, -1, 1),
                                          (4, 18, 6), (7, 14, 5)])
def test_resolve_derived_from_level_and_key(level, key, rp):
    """starfinder.md §3.5 [S]: RP = max(1, level/2) + key ability modifier (key=18 reads as a score: +4), at least 1."""
    t = Table("starfinder")
    t.do(f"add Obozaya pc sp=20 hp=20 level={level} key={key}")
    assert t.c("Obozaya").pools["rp"].value == rp
    assert t.c("Obozaya").pools["rp"].max == rp


def test_typed_resolve_wins_over_the_derived_one():
    """The GM's rp= is the character sheet: it is kept as typed."""
    t = Table("starfinder")
    t.do("add Obozaya pc sp=20 hp=20 level=5 key=4 rp=2/7")
    rp = t.c("Obozaya").pools["rp"]
    assert (rp.value, rp.max) == (2, 7)


def test_no_level_no_rp_means_no_resolve_pool():
    """starfinder.md §3.4.10 [O]: an NPC line without resolve has none, and dies at 0 HP."""
    t = Table("starfinder")
    t.do("add Goblin hp=10 eac=11 kac=13")
    assert "rp" not in t.c("Goblin").pools


def test_state_pools_are_sp_hp_rp():
    """Issue 4: the JSON state holds pools sp, hp and rp."""
    t = Table("starfinder")
    t.do("add Navasi pc sp=12/30 hp=22 rp=4")
    pools = t.c("Navasi").pools
    assert {k: (p.value, p.max) for k, p in pools.items()} == {"sp": (12, 30), "hp": (22, 22), "rp": (4, 4)}


def test_effective_has_the_core_figures():
    """Issue 4: `effective` has at least eac kac attack init fort ref will speed."""
    t = Table("starfinder")
    t.do("add Navasi pc sp=30 hp=22 rp=4 eac=14 kac=16 attack=5 dex=16 fort=2 ref=6 will=3 speed=30")
    fig = t.session.ruleset.sheet.effective(t.state, t.c("Navasi"))
    got = {k: fig[k].value for k in ("eac", "kac", "attack", "init", "fort", "ref", "will", "speed")}
    assert got == {"eac": 14, "kac": 16, "attack": 5, "init": 3, "fort": 2, "ref": 6, "will": 3, "speed": 30}
    assert fig["maneuver"].value == 24


def test_spanish_stat_keys():
    """Spanish aliases: pe (stamina), pg (HP), pr (resolve), cae/cac."""
    t = Table("starfinder")
    t.do("add Navasi pj pe=30 pg=22 pr=4 cae=14 cac=16")
    c = t.c("Navasi")
    assert (c.pools["sp"].max, c.pools["hp"].max, c.pools["rp"].max) == (30, 22, 4)
    assert (c.stats["eac"], c.stats["kac"]) == (14, 16)
    assert c.is_pc


def test_unknown_stat_lists_the_keys():
    """Engine contract: an unknown key is refused with the accepted ones."""
    t = Table("starfinder")
    with pytest.raises(CommandError) as exc:
        t.do("add Navasi ac=14")
    assert "eac" in str(exc.value) and "kac" in str(exc.value)


def test_vehicle_is_added_as_a_vehicle_combatant():
    """starfinder.md §3.8: `add NAME vehicle ...` with collision dice, DC, pilot."""
    t = Table("starfinder")
    t.do("add Navasi pc sp=30 hp=22 rp=4",
         'add "Skimmer" vehicle level=3 speed=20 full=450 hp=40 eac=14 kac=15 collision=4d6 dc=13 pilot=Navasi')
    v = t.c("Skimmer")
    assert v.category == "vehicle"
    assert set(v.pools) == {"hp"}
    assert v.stats["collision"] == "4d6" and v.stats["dc"] == 13
    assert rendered(t.session.ruleset.sheet.status(t.state, v))[0].startswith("pilot: Navasi")


def test_vehicle_collision_must_be_dice():
    """A collision that is not dice is refused naming the form."""
    t = Table("starfinder")
    with pytest.raises(CommandError, match="dice"):
        t.do("add Skimmer vehicle hp=40 collision=lots")
