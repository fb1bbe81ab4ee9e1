"""A stat's value in the reader's language (issue 22): a choice the game names (a size, evasion,
a vehicle's control, a weapon's kind, a gender) and a list whose elements it names (Dragon Age's
focuses) read in the sheet's language; a value the game names not reads as stored. The input
takes both languages as before."""

from __future__ import annotations

from conftest import Table

from gm_console.tui.frame import Frame
from gm_console.tui.widgets.sheet import sheet_text


def sheet(t: Table, who: str, lang: str = "es") -> str:
    frame = Frame(state=t.state, ruleset=t.session.ruleset, history=t.session.done, lang=lang,
                  selected=t.c(who).id)
    return sheet_text(frame, 80).plain


def test_a_spanish_pathfinder_sheet_reads_size_and_evasion_in_spanish():
    t = Table("pathfinder1e")
    t.do("add Valeros pc hp=20 size=medium evasion=none twf=light gender=f")
    text = sheet(t, "Valeros")
    assert "Tamaño mediano" in text and "Evasión ninguna" in text
    assert "Combate con dos armas arma torpe ligera, sin dote" in text
    assert "Género femenino" in text
    assert "medium" not in text and "none" not in text
    english = sheet(t, "Valeros", "en")
    assert "Size medium" in english and "Evasion none" in english and "Gender female" in english


def test_a_spanish_sheet_reads_dragon_age_focuses_and_weapon_in_spanish():
    t = Table("dragon_age")
    t.do("add Leliana pc health=30 focus=bows,stealth weapon_ability=dex weapon_kind=bow")
    text = sheet(t, "Leliana")
    assert "Concentraciones arcos, sigilo" in text
    assert "Atributo de ataque Destreza" in text and "Tipo de arma arco" in text
    assert "Focuses bows, stealth" in sheet(t, "Leliana", "en")


def test_a_focus_the_table_invented_reads_as_typed_beside_the_games_own():
    t = Table("dragon_age")
    t.do("add Leliana pc health=30 focus=stealth,lute-playing")
    assert "Concentraciones sigilo, lute-playing" in sheet(t, "Leliana")


def test_starfinder_and_5e_choices_read_in_spanish():
    t = Table("starfinder")
    t.do("add Keskodai pc hp=20 sp=20 key_ability=wis evasion=improved size=small")
    text = sheet(t, "Keskodai")
    assert "Cuál es clave Sab" in text and "Evasión mejorada" in text and "Tamaño pequeño" in text
    t = Table("dnd5e")
    t.do("add Ogro hp=59 size=large")
    assert "Tamaño grande" in sheet(t, "Ogro")


def test_the_spanish_names_are_input_too():
    """size=mediano as before the names were declared; evasión mejorada by its Spanish name."""
    t = Table("dnd5e")
    t.do("add Ogro hp=59 size=grande", "add Trasgo hp=7 size=pequeño")
    assert t.c("Ogro").stats["size"] == "large" and t.c("Trasgo").stats["size"] == "small"
    t = Table("starfinder")
    t.do("add Keskodai hp=20 evasion=mejorada control=pilotado")
    assert t.c("Keskodai").stats["evasion"] == "improved"
    assert t.c("Keskodai").stats["control"] == "piloted"


def test_a_value_no_name_is_declared_for_reads_as_stored():
    """The stored value stands when the game names no such value (a hand-edited save, a game
    that declares no names): never a crash."""
    rs = Table("pathfinder1e").session.ruleset
    size = rs.sheet.fields["size"]
    assert size.value_term("enormous") == "enormous"
    assert rs.sheet.fields["hp"].value_term(12) == 12
    t = Table("pathfinder1e")
    t.do("add Valeros pc hp=20")
    t.c("Valeros").stats["size"] = "enormous"  # a hand-edited save
    assert "Tamaño enormous" in sheet(t, "Valeros")


def test_the_spanish_add_form_offers_the_choices_by_their_spanish_names():
    """The form keeps the value it sends (size=large) and shows its name (grande)."""
    from gm_console.tui.modals.add import AddCombatantModal

    t = Table("pathfinder1e")
    frame = Frame(state=t.state, ruleset=t.session.ruleset, history=t.session.done, lang="es")
    fields = {g.key: g for g in AddCombatantModal(frame).grid_fields()}
    assert ("large", "grande") in fields["f-size"].choices
    assert ("improved", "mejorada") in fields["f-evasion"].choices
    assert ("f", "femenino") in fields["f-gender"].choices


def test_a_creatures_preview_names_its_size_in_the_gms_language():
    """The add form's bestiary preview and `bestiary show`: `size pequeño`, typed as read."""
    from gm_console.engine.core.bestiary import preview
    from gm_console.storage import bestiary_files

    rs = Table("pathfinder1e").session.ruleset
    goblin = bestiary_files.load(rs)[0]["goblin"]
    assert "size pequeño" in "\n".join(preview(goblin, rs, "es"))
    assert "size small" in "\n".join(preview(goblin, rs, "en"))
