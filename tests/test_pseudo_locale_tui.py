"""The TUI under a third language: every word on the GM's screens comes from a catalogue
(issue 22, "one path for every word a user reads").

The same pseudo-locale as tests/test_pseudo_locale.py (every message wrapped in ⟦ ⟧, letters
accented) is handed to the app; each game's example is opened and the GM's screens and forms
are drawn at 120x40: the encounter, help, the damage, condition, add and spend forms, the dice
tray, the command bar and the palette, and the picker. What is left once the markers, numbers
and what is not ours to translate are taken out (the GM's names and text, a game's data names
in English and Spanish, what the GM typed into the log) is a word written in code.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from types import SimpleNamespace

import pytest

from conftest import builtin_rulesets
from textual.geometry import Region

from gm_console.i18n import render
from gm_console.storage import Encounter
from gm_console.tui.bindings import all_ids
from gm_console.tui.app import GMConsole
from test_pseudo_locale import data_words, xx  # noqa: F401 (the fixture)
from test_tui_support import drive

ROOT = Path(__file__).resolve().parent.parent

#: what the keys are drawn as, not words: Ctrl+R, Esc, Tab, Enter...
KEY_NAMES = {"ctrl", "esc", "tab", "enter", "shift", "alt", "pgup", "pgdn", "home", "end", "del", "space"}

#: what each screen is opened with, from the encounter
FORMS = {"help": ["question_mark"], "damage": ["d"], "condition": ["c"], "add": ["a"], "spend": ["dollar_sign"],
         "dice": ["R"], "command bar": ["colon"], "palette": ["ctrl+p"]}


def screen_text(app) -> str:
    """The top screen's text, widget by widget (a form's own widgets, not the screen behind
    it): a message wrapped over two rows keeps its markers, and a word cut by a box's edge is
    not read as a word outside them."""
    out = []
    for widget in app.screen.query("*"):
        if widget.children or not widget.display or not widget.region.area:
            continue
        lines = widget.render_lines(Region(0, 0, widget.outer_size.width, widget.outer_size.height))
        text = "\n".join(strip.text.rstrip() for strip in lines)
        # a message scrolled half out of view (under the pane's title line)
        out.append(re.sub(r"^((?:[^\n]*─[^\n]*\n)?)(\s*\n| {4,}[^\n]*\n)+", r"\1", text))
    return "\n\n".join(out)


def visible_words(text: str, allowed: set[str]) -> list[str]:
    text = re.sub(r"› (?!⟦)[^\n]*(\n {4,}[^\n⟦]*)*", " ", text)  # the log's echo of a line the GM typed ("› dmg goblin 5")
    text = re.sub(r"\[[\w.]+\.md(\s+§[\d.]+( \[\w+\])?)?\]?", " ", text)  # the rule a log line cites
    text = re.sub(r"\b[A-Z][A-Z_]+\b", " ", text)  # the command language's placeholders: NAME, AMOUNT
    while True:  # markers may span the rows a message wraps over
        shorter = re.sub(r"⟦[^⟦⟧]*(⟧|…)", " ", text)  # a label cut short ends in …
        if shorter == text:
            break
        text = shorter
    words = set(re.findall(r"([^\W\d_]{2,})(…?)", text))
    # a label cut short ("knowledge arc…") is the start of a word it is allowed to be; a word in
    # the pseudo-locale's letters alone (áccéñtéd, no plain vowel) is the catalogue's whose closing
    # marker a row cut off (the condition form cuts a long summary)
    return sorted({w for w, cut in words if w.casefold() not in allowed | KEY_NAMES
                   and not (cut and any(a.startswith(w.casefold()) for a in allowed))
                   and not PSEUDO_WORD.fullmatch(w)})


#: a word the pseudo-locale wrote: accented vowels only
PSEUDO_WORD = re.compile(r"[^\WaeiouAEIOU\d_]*[áéíóúÁÉÍÓÚ][^\WaeiouAEIOU\d_]*")


def allowed_for(enc: Encounter) -> set[str]:
    """data_words, and what the TUI shows of a game's data besides names: a condition's summary
    (English and Spanish in the game's code, like its name), what can be spent and the
    action slots, damage types; and the command language itself (verbs, key ids)."""
    rs, state = enc.ruleset, enc.state
    texts = [enc.name, rs.name, *enc.session.verbs.names(), *all_ids(),
             *(str(verb.usage()) for verb in enc.session.verbs)]
    for d in rs.conditions.catalogue.defs.values():
        # the condition form and the sheet show beside each name the other name a GM may type
        # (the input is English and Spanish; a third language reads the Spanish one there)
        texts += [d.summary_en, d.summary_es, d.duration_en, d.duration_es, d.es, *d.aliases]
    texts += list(rs.health.damage_types())
    texts += [render(rs.sheet.label(f.key), "en") for f in rs.sheet.block]  # a skill's short name: data too
    for c in state.combatants.values():
        for s in rs.health.spendable(state, c):
            texts += [render(s.label, "en"), *(render(u.label, "en") for u in s.uses)]
        texts += [str(v) for v in c.stats.values() if isinstance(v, (str, list, tuple))]
    words = {w.casefold() for text in texts for w in re.findall(r"[^\W\d_]+", text or "")}
    return data_words(SimpleNamespace(session=enc.session, state=state)) | words


@pytest.mark.parametrize("game", builtin_rulesets())
@drive
async def test_the_gms_screens_are_all_catalogue_under_a_third_language(xx, game, tmp_path):  # noqa: F811
    copy = tmp_path / f"{game}.toml"
    shutil.copyfile(ROOT / "saves" / f"{game}.toml", copy)
    enc = Encounter.open(copy)
    allowed = allowed_for(enc)
    app = GMConsole(encounter=enc, lang="es")
    app.lang = "xx"  # a language with no code of its own: only its catalogue
    found: dict[str, list[str]] = {}
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        found["encounter"] = visible_words(screen_text(app), allowed)
        for name, keys in FORMS.items():
            await pilot.press(*keys)
            await pilot.pause()
            await pilot.pause()
            found[name] = visible_words(screen_text(app), allowed)
            await pilot.press("escape")
            await pilot.pause()
    assert {k: v for k, v in found.items() if v} == {}


#: short names that are the same word at a Spanish table (Con, Int, Fort, Ref; control)
SAME_IN_SPANISH = {"con", "int", "fort", "ref", "control"}


@pytest.mark.parametrize("game", builtin_rulesets())
def test_every_key_of_the_add_form_reads_in_spanish(game):
    """The add form's labels at a Spanish table: acrobacias, escudo, tamaño, dueño, PJ (the
    issue saw acrobatics, FLY, owner, TWF)."""
    from gm_console import plugins
    from gm_console.tui.present import field_label

    rs = plugins.load(game)
    english = [f.key for f in rs.sheet.block if f.key not in SAME_IN_SPANISH
               and field_label(rs, f.key, "es", short=True) == field_label(rs, f.key, "en", short=True)]
    assert english == []


@drive
async def test_the_picker_is_all_catalogue_under_a_third_language(xx):  # noqa: F811
    """The first screen a GM sees: the list of encounters, the new-encounter form and help."""
    from gm_console import plugins
    from gm_console.engine.language.core_verbs import registry_for

    app = GMConsole(None, lang="es")
    app.lang = "xx"
    found: dict[str, list[str]] = {}
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        picker = app.screen
        verbs = registry_for(plugins.load("generic"))
        texts = [*all_ids(), *verbs.names(), *(str(verb.usage()) for verb in verbs), "gm-console"]
        for info in picker.infos.values():
            texts += [info.name, info.ruleset, plugins.load(info.ruleset).name, info.path.name]
        allowed = {w.casefold() for text in texts for w in re.findall(r"[^\W\d_]+", text or "")}
        found["picker"] = visible_words(screen_text(app), allowed)
        for name, keys in {"new": ["N"], "help": ["question_mark"]}.items():
            await pilot.press(*keys)
            await pilot.pause()
            found[name] = visible_words(screen_text(app), allowed)
            await pilot.press("escape")
            await pilot.pause()
    assert {k: v for k, v in found.items() if v} == {}


@pytest.mark.parametrize("projector", [False, True], ids=["live", "projector"])
@pytest.mark.parametrize("game", builtin_rulesets())
@drive
async def test_the_players_view_is_all_catalogue_under_a_third_language(xx, game, projector, tmp_path):  # noqa: F811
    """What the table reads on the second screen (and the projector layout), every word from a
    catalogue but the names and the game's data."""
    from gm_console.tui.players.app import PlayersApp

    copy = tmp_path / f"{game}.toml"
    shutil.copyfile(ROOT / "saves" / f"{game}.toml", copy)
    allowed = allowed_for(Encounter.open(copy, read_only=True))
    app = PlayersApp(copy, "es", poll=0.05, projector=projector)
    app.lang = "xx"
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause(0.2)
        text = screen_text(app)
    assert "⟦" in text
    assert visible_words(text, allowed) == []
