"""A form's refusal is said under the field at fault, in the GM's language (issue 24), found by
the argument the engine names (``Outcome.param``), never by reading the refusal's text (issue 28)."""

from __future__ import annotations

import pytest

from gm_console.tui.controller import Outcome

from gm_console.tui.modals.damage import DamageModal
from gm_console.tui.screens.encounter import EncounterScreen
from test_tui_flows import SIZE, app_for, type_text
from test_tui_support import SKIRMISH, drive, make_encounter


def under(modal, field: str) -> str:
    line = modal.query_one(f"#{field}-error")
    return str(line.render()) if line.display else ""


@pytest.mark.parametrize("lang, typed, said", [
    ("en", "lots", "Amount: a number or dice like 2d6+3"),           # the language's own rule, asked first
    ("es", "lots", "Cantidad: un número o dados como 2d6+3"),
    ("en", "-3", "dmg: amount must not be negative (-3); use heal"),  # the engine's refusal when it runs
    ("es", "-3", "daño: la cantidad no puede ser negativa (-3); usa curar"),
])
@drive
async def test_a_refused_damage_amount_is_said_under_the_amount_field(tmp_path, lang, typed, said):
    enc = make_encounter(tmp_path, SKIRMISH)
    before = (len(enc.session.done), enc.state.get("kyra").pools["hp"].value)
    app = app_for(enc, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await pilot.pause()
        modal = app.screen
        assert isinstance(modal, DamageModal) and under(modal, "amount") == ""
        await type_text(pilot, typed)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is modal  # still open, as typed
        assert under(modal, "amount") == said
        assert modal.query_one("#amount").has_class("-invalid")  # the field itself is marked
        assert under(modal, "types") == "" and str(modal.query_one("#error").render()) == ""
        # the line sits right under the field
        amount, line = modal.query_one("#amount"), modal.query_one("#amount-error")
        assert line.region.y == amount.region.bottom and line.region.x == amount.region.x
        await pilot.press("backspace")  # typing again: what was refused is over
        await pilot.pause()
        assert under(modal, "amount") == ""
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, EncounterScreen)
    assert (len(enc.session.done), enc.state.get("kyra").pools["hp"].value) == before


@drive
async def test_a_refusal_about_no_field_of_the_form_stays_on_its_foot_line(tmp_path):
    enc = make_encounter(tmp_path, SKIRMISH)
    app = app_for(enc)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await pilot.pause()
        modal = app.screen
        refused = Outcome(False, "dmg Kyra 3", error="no combatant 'Kyra'", verb="dmg", param="who")
        modal.show_error("no combatant 'Kyra'", modal.field_for(refused))  # the target is not a field here
        await pilot.pause()
        assert str(modal.query_one("#error").render()) == "no combatant 'Kyra'"
        assert under(modal, "amount") == ""
