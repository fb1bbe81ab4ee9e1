"""Keys at the table a GM would notice going astray (issue 23, item 6), driven with Pilot.

README "At the table": pressing a form's key twice because the form seemed slow does not type
that letter into it. Once the form is on the screen, though, the key is a letter like any
other: `a` opens the add form, and an `a` typed after it is painted is the Name's first letter.
"""

from __future__ import annotations

from textual import events
from textual.keys import _character_to_key

from gm_console.tui.modals.add import AddCombatantModal
from gm_console.tui.modals.condition import ConditionModal
from test_tui_support import SKIRMISH, drive, make_encounter
from test_tui_table import SIZE, app_for, burst


async def typed(app, pilot, text: str) -> None:
    """Any characters at once, as a terminal hands over fast typing; then every key handled."""
    for ch in text:
        app._driver.send_message(events.Key(_character_to_key(ch), ch))
    await burst(app, pilot)


def form(tmp_path, key: str, modal_type, text: str):
    """Open a form with ``key``, wait until it is on the screen, type ``text`` and Enter."""
    enc = make_encounter(tmp_path, SKIRMISH)

    @drive
    async def play() -> None:
        app = app_for(enc)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await burst(app, pilot, key)
            assert isinstance(app.screen, modal_type)
            await pilot.pause()
            await pilot.pause()  # a frame later: the form is on the screen
            await typed(app, pilot, text)
            await burst(app, pilot, "enter")

    play()
    return enc


def test_the_add_forms_key_typed_after_the_form_is_painted_is_the_names_first_letter(tmp_path):
    enc = form(tmp_path, "a", AddCombatantModal, "alf")
    assert enc.session.done[-1].line == "add alf"
    assert [c.name for c in enc.state.combatants.values()][-1] == "alf"


def test_the_condition_forms_key_typed_after_the_form_is_painted_goes_into_the_search(tmp_path):
    """`c`, then (the form painted) `c` `o` `n` `f`: the search reads "conf" and finds confused."""
    enc = form(tmp_path, "c", ConditionModal, "conf")
    assert enc.session.done[-1].line == "cond Kyra confused"
    assert [i.cond for i in enc.state.get("kyra").conditions] == ["confused"]


def test_the_add_form_adds_a_name_holding_an_equals_sign(tmp_path):
    """The form builds `add "[b]=boss"`, quoted: a name, not a key=value (issue 23, item 5)."""
    enc = form(tmp_path, "a", AddCombatantModal, "[b]=boss")
    assert enc.session.done[-1].line == 'add "[b]=boss"'
    assert [c.name for c in enc.state.combatants.values()][-1] == "[b]=boss"
