"""Pathfinder is written the way any plugin is (docs/CONTRIBUTING.md, "A ruleset"): five parts and no
flat hooks, typed verbs with Spanish aliases, every sentence in its own catalogue."""

from __future__ import annotations

import pytest

from conftest import Table
from gm_console import plugins
from gm_console.engine.language.core_verbs import registry_for
from gm_console.i18n import render
from gm_console.ruleset import Verb
from rulesets.pathfinder1e import Pathfinder1e


def test_the_ruleset_declares_parts_and_overrides_no_flat_hook():
    own = {k for k in vars(Pathfinder1e) if not k.startswith("__")}
    assert own <= {"id", "name", "version", "seconds_per_round", "domain", "sheet", "health", "conditions", "turns",
                   "checks", "options", "verbs", "pending", "bestiary_files", "difficulty"}, own
    rs = plugins.load("pathfinder1e")
    assert {type(getattr(rs, p)).__name__ for p in ("sheet", "health", "conditions", "turns", "checks")} == \
        {"PF1Sheet", "PF1Health", "PF1Conditions", "PF1Turns", "PF1Checks"}


def test_every_verb_is_typed_with_spanish_aliases_and_a_summary():
    rs = plugins.load("pathfinder1e")
    verbs = list(rs.verbs())
    assert verbs and all(isinstance(v, Verb) for v in verbs)
    assert all(v.es and render(v.summary, "es") != render(v.summary, "en") for v in verbs)
    registry_for(rs)  # none shadows a core verb (refused at load otherwise)


@pytest.mark.parametrize("line", ["maniobra Val Ogro 12 derribo", "mantener Val Ogro", "objeto Val espada",
                                  "descansar Val dia cuidados", "estabilizar Val por Kyra", "heroe Val +1"])
def test_the_old_spellings_still_parse(line):
    t = Table("pathfinder1e")
    call = t.session.parse(line)
    assert call.verb in {v.name for v in t.session.ruleset.verbs()}


def test_errors_and_log_lines_render_in_spanish():
    t = Table("pathfinder1e")
    t.do("add Val pc hp=20", "add Ogre hp=30")
    from gm_console.engine.language.commands import CommandError

    with pytest.raises(CommandError) as err:
        t.do("maneuver Val Ogre 25")
    assert render(err.value.message, "es") == "maniobra: TIRADA es el d20 natural (1-20), no 25"  # the verb as the table types it
    t.do("dmg Val 5")
    said = [e for entry in t.session.done for e in entry.events if e.kind == "Said"][-1]
    assert (said.text(), said.text("es")) == ("Val takes 5 damage: HP 20 -> 15", "Val recibe 5 de daño: PG 20 -> 15")


def test_the_sheet_reads_in_spanish():
    t = Table("pathfinder1e")
    t.do("add Val pc hp=20 twf=light-feat", "add Gob hp=6", "init Val 20", "init Gob 10", "start")
    lines = [render(x, "es") for x in t.session.ruleset.sheet.status(t.state, t.c("Val"))]
    assert "acciones restantes: estándar, movimiento, rápida" in lines
    assert ("dos armas (arma torpe ligera + Combate con dos armas): -2/-2 (-2/-2); tabla: normal -6/-10, torpe "
            "ligera -4/-8, dote -4/-4, ligera + dote -2/-2") in lines
