"""Issue 22: a figure's breakdown reads in the GM's language. The labels are terms built where
the game builds them (a condition by its catalogue name, ``Des (desprevenido)``, ``daño de Fue``);
a name the GM typed for an effect stays as typed. The sheet (``b``) and the attack log's detail
both render them for the reader (docs/rulesets/pathfinder1e.md#19-ability-damage-and-drain)."""

from __future__ import annotations

from conftest import Table

from gm_console.engine.core.dice import Dice
from gm_console.tui.app import GMConsole
from test_tui_support import drive, make_encounter


def attack_lines(t: Table, lang: str) -> list[str]:
    entry = t.session.done[-1]
    return [e.text(lang) for e in entry.events if e.kind == "Said"]


def test_a_pathfinder_figure_explains_itself_in_spanish():
    t = Table("pathfinder1e")
    t.do("add Valeros pc hp=20 ac=16 dex=14 str=14 bab=3", "cond Valeros flat-footed",
         "dmg Valeros 2 str", "cond Valeros anillo ac+1")
    figs = t.session.ruleset.sheet.effective(t.state, t.c("Valeros"))
    assert figs["ac"].explain("CA", "es") == "CA 15 = 16 - 2 Des (desprevenido) + 1 anillo"
    assert figs["ac"].explain("AC", "en") == "AC 15 = 16 - 2 Dex (flat-footed) + 1 anillo"
    assert figs["attack"].explain("ataque", "es") == "ataque 4 = 5 - 1 Fue (daño de Fue)"
    assert figs["attack"].explain("attack") == "attack 4 = 5 - 1 Str (str damage)"


def test_pathfinder_worn_armor_and_not_stacking_read_in_spanish():
    t = Table("pathfinder1e")
    t.do("add Kyra pc hp=20 ac=14 armor=2 bab=2", "cond Kyra mage-armor", "cond Kyra bless", "cond Kyra heroism")
    figs = t.session.ruleset.sheet.effective(t.state, t.c("Kyra"))
    assert figs["ac"].explain("CA", "es") == "CA 16 = 14 + 4 armadura de mago - 2 armadura puesta (no se apila)"
    assert figs["attack"].explain("ataque", "es") == "ataque 4 = 2 + 2 heroísmo (+1 bendecir no se apilan)"


def test_the_pathfinder_attack_log_breakdown_reads_in_spanish():
    t = Table("pathfinder1e")
    t.do("add Valeros pc hp=20 ac=16 dex=14 str=14 bab=3 atk=\"longsword +5 1d8+2\"",
         "add Goblin hp=7 ac=16 dex=14", "cond Valeros shaken", "dmg Valeros 2 str", "cond Goblin flat-footed")
    t.rolls(4)
    t.do("attack Valeros Goblin 12")
    line = next(s for s in attack_lines(t, "es") if "Goblin" in s and "CA" in s)
    assert "-1 Fue (daño de Fue)" in line and "-2 estremecido" in line, line
    assert "-2 Des (desprevenido)" in line, line
    assert "damage" not in line and "flat-footed" not in line and "shaken" not in line, line


def test_the_starfinder_attack_log_breakdown_reads_in_spanish():
    t = Table("starfinder")
    t.do("add Obozaya pc hp=20 sp=10 rp=3 kac=18 eac=16 attack=5 dex=14 atk=\"doshko +5 1d12+3\"",
         "add Pirate hp=12 kac=15 eac=13 dex=14", "cond Obozaya shaken", "cond Obozaya get-em 1",
         "cond Pirate flat-footed", "dmg Obozaya 2 str")
    t.rolls(4)
    t.do("attack Obozaya Pirate 12")
    line = next(s for s in attack_lines(t, "es") if "Pirate" in s and "CA" in s)
    assert "-1 daño de Fue" in line, line
    assert "-2 agitado" in line and "+1 ¡a por ellos!" in line and "-2 desprevenido" in line, line
    assert "damage" not in line and "shaken" not in line and "flat-footed" not in line, line


@drive
async def test_the_sheet_breakdown_reads_in_spanish(tmp_path):
    enc = make_encounter(tmp_path, ["add Valeros pc hp=20 ac=16 dex=14", "cond Valeros flat-footed"],
                         ruleset="pathfinder1e")
    app = GMConsole(encounter=enc, lang="es", dice=Dice.from_rolls([], seed=3))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("b")
        await pilot.pause()
        sheet = str(app.screen.query_one("#sheet-body").render())
        assert "CA 14 = 16 - 2 Des (desprevenido)" in sheet, sheet
        assert "flat-footed" not in sheet and "Dex" not in sheet, sheet


def test_a_third_languages_catalogue_names_a_condition_in_the_breakdown_by_its_own_context():
    """A condition's breakdown label is the game's catalogue entry under msgctxt "condition label"
    (``Catalogue.label``): a third language translates it there, apart from any other "shaken"."""
    import gettext
    import io

    from babel.messages.catalog import Catalog

    from gm_console.i18n import tool

    t = Table("pathfinder1e")
    t.do("add Valeros pc hp=20 ac=16 bab=3", "cond Valeros shaken")
    rs = t.session.ruleset
    domain = rs.conditions.catalogue.domain
    made = Catalog(locale="fr", domain=domain.name)
    made.add("shaken", "ébranlé", context="condition label")
    domain._catalogues["fr"] = gettext.GNUTranslations(io.BytesIO(tool.mo_bytes(made)))
    try:
        figs = rs.sheet.effective(t.state, t.c("Valeros"))
        assert figs["attack"].explain("attaque", "fr") == "attaque 1 = 3 - 2 ébranlé"
    finally:
        domain._catalogues.pop("fr", None)
