"""Effects the GM types with numbers (issue 24, "Effects"): figure names in English and Spanish,
anything else refused with the likely one, typed bonuses that stack like the catalogue's, and a
recast that replaces (docs/rulesets/pathfinder1e.md#111-effects-spells-and-abilities,
docs/rulesets/starfinder.md, docs/rulesets/dragon_age.md, docs/rulesets/generic.md)."""

from __future__ import annotations

import pytest

from conftest import Table
from gm_console.engine.core.errors import CommandError
from gm_console.engine.core.text import fold_text
from gm_console.i18n import render
from test_acceptance_core import comb, fails_cleanly, ok, show

STATS = {
    "pathfinder1e": "hp=20 ac=14 bab=3 str=12 dex=12 fort=4 ref=2 will=1 cmb=4 cmd=15",
    "starfinder": "hp=20 sp=10 eac=14 kac=15 attack=3 fort=2 ref=3 will=1",
    "dragon_age": "health=30 defense=12 armor=3 speed=10 magic=2 str=2",
    "generic": "hp=20 ac=14 init=2",
}


def fig(t: Table, who: str, name: str) -> int:
    return t.session.ruleset.sheet.effective(t.state, t.c(who))[name].value


def table(game: str) -> Table:
    t = Table(game)
    t.do(f"add Kyra pc {STATS[game]}")
    return t


# -- Spanish keys work exactly like English ones ------------------------------------------------


@pytest.mark.parametrize("game, spanish, english, figures", [
    ("pathfinder1e", "ca+2 ataque+1 daño+1 voluntad+1", "ac+2 attack+1 damage+1 will+1",
     ("ac", "touch", "attack", "cmb", "damage", "will")),
    ("starfinder", "ca+2 ataque+1 reflejos+1 iniciativa+2", "ac+2 attack+1 ref+1 init+2",
     ("eac", "kac", "attack", "melee", "ref", "init")),
    ("dragon_age", "defensa+2 armadura+1 velocidad+2", "defense+2 armor+1 speed+2", ("defense", "armor", "speed")),
    ("generic", "ca+2 iniciativa+1", "ac+2 init+1", ("ac", "init")),
])
def test_spanish_modifier_keys_move_the_same_figures_as_english_ones(game, spanish, english, figures):
    es, en, bare = table(game), table(game), table(game)
    es.do(f'efecto Kyra "Escudo del Alba" {spanish}')
    en.do(f'effect Kyra "Shield of the Dawn" {english}')
    for name in figures:
        assert fig(es, "Kyra", name) == fig(en, "Kyra", name) != fig(bare, "Kyra", name), name


@pytest.mark.parametrize("game", ["pathfinder1e", "starfinder", "dragon_age", "generic"])
def test_every_figure_the_sheet_shows_is_a_key_by_its_key_and_its_spanish_name(game):
    """A GM reads "CA 16", "BMC +5", "Vol +1" on the sheet and types what they read."""
    t = table(game)
    sheet = t.session.ruleset.sheet
    words = sheet.modifier_words()
    derived_only = {"maneuver", "miss_chance", "twf_main", "twf_off", "ac_melee", "ac_ranged"}
    shown = [k for k in t.session.ruleset.sheet.effective(t.state, t.c("Kyra")) if k not in derived_only]
    assert shown
    for i, key in enumerate(shown):
        spanish = fold_text(render(sheet.label(key), "es"))
        assert words.get(fold_text(key)) == key, key
        if spanish.replace(" ", "").isalpha():  # "CA", "BMC", "Vol", "velocidad" (not "inic.")
            assert words.get(spanish) == key, (key, spanish)
            t.do(f'effect Kyra "E{i}" {spanish.replace(" ", "-")}+1')
            assert t.c("Kyra").conditions[-1].mods == {key: 1}


def test_an_unknown_key_is_refused_in_one_line_with_the_likely_one_and_what_is_accepted(tmp_path, capsys):
    p = tmp_path / "pf.toml"
    ok(capsys, p, "add Kyra pc hp=20 ac=14", new="pathfinder1e")
    line = fails_cleanly(capsys, p, 'effect Kyra "Shield of the Dawn" ataq+1',
                         mentions=("'ataq'", "did you mean attack?", "figures: ac, touch"))
    assert "did you mean ataq" not in line
    fails_cleanly(capsys, p, 'effect Kyra Blur xyz+2', mentions=("no figure 'xyz'", "figures: ac"))
    fails_cleanly(capsys, p, 'effect Kyra Blur ac+1:deflexion', mentions=("did you mean deflection?",
                                                                          "bonus types: alchemical"))
    assert comb(show(capsys, p), "kyra")["conditions"] == []


def test_a_game_without_bonus_types_says_so():
    """dragon_age.md: AGE has no bonus types; a typed one is refused, the bare number is taken."""
    t = table("dragon_age")
    with pytest.raises(CommandError, match="no bonus types; write defensa\\+1 without :moral"):
        t.do("efecto Kyra Bendición defensa+1:moral")
    t.do("efecto Kyra Bendición defensa+1")
    assert fig(t, "Kyra", "defense") == 13


def test_the_same_figure_twice_in_one_effect_is_refused():
    t = table("pathfinder1e")
    with pytest.raises(CommandError, match="attack twice"):
        t.do("effect Kyra Blur attack+1 ataque+2")
    assert t.c("Kyra").conditions == []


# -- typed bonuses stack like the catalogue's ----------------------------------------------------


def test_pathfinder_typed_free_effects_follow_the_stacking_rule():
    """pathfinder1e.md §1.11: of one type only the highest counts (dropped ones kept, dimmed);
    dodge and untyped add; a typed free effect competes with the catalogue's of its type."""
    t = table("pathfinder1e")
    t.do("effect Kyra Ring ac+1:deflection", "effect Kyra Aura ca+2:desvío")
    ac = t.session.ruleset.sheet.effective(t.state, t.c("Kyra"))["ac"]
    assert ac.value == 16 and ("aura", 2) in ac.said() and ac.said_suppressed() == (("ring", 1),)
    t.do("cond Kyra shield-of-faith:3")  # the catalogue's deflection +3 beats both
    assert fig(t, "Kyra", "ac") == 17
    t.do("effect Kyra Dodge1 ac+1:dodge", "effect Kyra Dodge2 ac+1:esquiva")
    assert fig(t, "Kyra", "ac") == 19
    t.do("effect Kyra Song attack+1:morale", "cond Kyra bless")  # bless is +1 morale too: one counts
    assert fig(t, "Kyra", "attack") == 3 + 1 + 1


def test_starfinder_typed_free_effects_follow_the_stacking_rule():
    """starfinder.md §3.13.1: morale +1 and moral +2 -> +2; circumstance from two effects add."""
    t = table("starfinder")
    t.do("effect Kyra Cheer attack+1:morale", "effect Kyra Anthem ataque+2:moral")
    assert fig(t, "Kyra", "attack") == 5
    t.do("effect Kyra Cover1 ac+1:circumstance", "effect Kyra Cover2 ac+1:circunstancia")
    assert (fig(t, "Kyra", "eac"), fig(t, "Kyra", "kac")) == (16, 17)
    with pytest.raises(CommandError, match="no bonus type 'deflection'; bonus types: armor"):
        t.do("effect Kyra Ring ac+1:deflection")


# -- the same named effect twice counts once ---------------------------------------------------


@pytest.mark.parametrize("game, ac, mod", [("pathfinder1e", "ac", "ac"), ("starfinder", "eac", "ca"),
                                           ("generic", "ac", "ca"), ("dragon_age", "defense", "defensa")])
def test_a_recast_replaces_whatever_its_numbers_say(game, ac, mod):
    t = table(game)
    base = fig(t, "Kyra", ac)
    t.do(f'effect Kyra "Shield of the Dawn" {mod}+2', f'effect Kyra "Shield of the Dawn" {mod}+2')
    assert fig(t, "Kyra", ac) == base + 2
    t.do(f'effect Kyra "Shield of the Dawn" {mod}+3', f'effect Kyra "Shield of the Dawn" 3 {mod}+1')
    assert fig(t, "Kyra", ac) == base + 1
    assert [(i.cond, i.rounds) for i in t.c("Kyra").conditions] == [("shield-of-the-dawn", 3)]
    assert "Kyra: − Shield of the dawn (recast: the new one replaces it)" in log_lines(t)
    t.do("undo")
    assert fig(t, "Kyra", ac) == base + 3


def log_lines(t: Table, lang: str = "en", players: bool = False) -> list[str]:
    from gm_console.engine.views.describe import describe_events

    return [text for entry in t.session.done
            for _e, text in describe_events(entry.events, t.state, t.session.ruleset, lang, players)]


def test_a_typed_bonus_survives_closing_the_save(tmp_path, capsys):
    p = tmp_path / "pf.toml"
    ok(capsys, p, "add Kyra pc hp=20 ac=14", "effect Kyra Ring ac+1:deflection", "effect Kyra Aura ca+2:desvío",
       new="pathfinder1e")
    kyra = comb(show(capsys, p), "kyra")
    assert [(c["id"], c["mods"], c["mod_types"]) for c in kyra["conditions"]] == [
        ("ring", {"ac": 1}, {"ac": "deflection"}), ("aura", {"ac": 2}, {"ac": "deflection"})]
