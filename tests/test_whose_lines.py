"""English never calls a player character "it" (docs/sheets.md#the-log-and-the-players): a line
that names a combatant's own turn, action or reaction says her or his by the sheet's gender,
their for a PC (or an ally the GM typed in) without one, its for a foe, a creature from the
bestiary or a vehicle; Spanish says "su" of anyone's, as before. Warnings and sheet lines are
written when read; a logged line keeps its message id, so a save written before still reads its
former line ("its") in both languages."""

from __future__ import annotations

import pytest

from conftest import Table

from gm_console import plugins
from gm_console.engine.core import told
from gm_console.engine.views import players_filter as pv
from gm_console.i18n import domain_named, render
from gm_console.i18n import tool
from gm_console.storage import bestiary_files


def fight(game: str, *lines: str) -> Table:
    """A table of ``game`` with its bestiary, as storage reads it."""
    bestiary, _problems = bestiary_files.load(plugins.load(game))
    t = Table(game, bestiary=bestiary)
    t.do(*lines)
    return t


def said(t: Table, lang: str = "en") -> list[str]:
    """The rules' sentences as the GM reads them (without the citations)."""
    return [e.text(lang) for entry in t.session.done for e in entry.events if e.kind == "Said"]


def players(t: Table, lang: str = "en") -> list[str]:
    """Every line of the story as the players read it."""
    return [ln.text for ln in pv.lines(t.session.done, t.session.ruleset, {}, lang)]


def warnings(t: Table, lang: str = "en") -> list[str]:
    return [p.render(lang) for p in t.session.ruleset.pending(t.state)]


def sheet(t: Table, who: str, lang: str = "en") -> list[str]:
    return [render(line, lang) for line in t.session.ruleset.sheet.status(t.state, t.c(who), lang)]


def former(domain: str, msgid: str, lang: str, **args) -> str:
    """A line as a save written before holds it (its former id, no possessive), read now."""
    msg = domain_named(domain)(msgid, **args)
    return told.render(told.stored(msg), told.Reader(lang=lang))


class _Who:
    def __init__(self, cid: str, name: str) -> None:
        self.id, self.name, self.stats = cid, name, {}


# -- Pathfinder --------------------------------------------------------------------------------
def test_pf_a_dying_pcs_warning_and_sheet_say_their_or_her_turn():
    """pathfinder1e.md §1.4: the Con check at the start of the dying one's turn; Spanish as before."""
    t = fight("pathfinder1e", "add Ezren pc hp=10 con=10", "add Seelah pc hp=10 con=10 gender=f",
              "dmg Ezren 12", "dmg Seelah 12")
    assert "Ezren is dying: Con check at the start of their turn (dies at -10, 8 to go)" in warnings(t)
    assert "Seelah is dying: Con check at the start of her turn (dies at -10, 8 to go)" in warnings(t)
    assert "Ezren está moribundo: prueba de Con al inicio de su turno (muere a -10, faltan 8)" in warnings(t, "es")
    assert sheet(t, "Seelah")[0].endswith("at the start of her turn")
    assert sheet(t, "Ezren", "es")[0].endswith(") al inicio de su turno")
    assert not any(" its " in line for line in warnings(t) + sheet(t, "Ezren") + sheet(t, "Seelah"))


def test_pf_total_defense_is_logged_with_whose_next_turn_for_the_gm_and_the_players():
    """pathfinder1e.md §1.2 total defense: a PC's line says their (her) next turn, the bestiary
    goblin's its; the players read the same words, in Spanish "su"."""
    t = fight("pathfinder1e", "add Ezren pc hp=20", "add Seelah pc hp=20 gender=f", "add @goblin",
              "defend Ezren", "defend Seelah", "defend Goblin")
    assert said(t)[-3:] == ["Ezren takes total defense: +4 dodge AC until the start of their next turn",
                            "Seelah takes total defense: +4 dodge AC until the start of her next turn",
                            "Goblin takes total defense: +4 dodge AC until the start of its next turn"]
    assert said(t, "es")[-1] == "Goblin usa defensa total: +4 de esquiva a la CA hasta el inicio de su siguiente turno"
    assert "Seelah takes total defense: +4 dodge AC until the start of her next turn" in players(t)
    assert "Ezren usa defensa total: +4 de esquiva a la CA hasta el inicio de su siguiente turno" in players(t, "es")


def test_pf_an_older_saves_line_reads_as_it_was_written():
    """A line logged before (its former id) still reads, its Spanish from the catalogue."""
    line = "{name} takes total defense: +4 dodge AC until the start of its next turn"
    assert former("gm_console_pathfinder1e", line, "en", name=told.named(_Who("ezren", "Ezren"))) == \
        "Ezren takes total defense: +4 dodge AC until the start of its next turn"
    assert former("gm_console_pathfinder1e", line, "es", name=told.named(_Who("ezren", "Ezren"))) == \
        "Ezren usa defensa total: +4 de esquiva a la CA hasta el inicio de su siguiente turno"


# -- Starfinder --------------------------------------------------------------------------------
def test_sf_a_stable_pcs_sheet_says_their_turn_and_a_burning_foes_line_its():
    """starfinder.md §3.4.6: stable at 0 HP, 1 RP at the start of the PC's turn puts them back;
    §3.6 burning at the start of the burning one's turn."""
    t = fight("starfinder", "add Navasi pc sp=0/10 hp=5/22 rp=4/8", "add Kyra pc sp=0/10 hp=5/22 rp=4/8 gender=f",
              "add @space-goblin", "dmg Navasi 10", "dmg Kyra 10", "spend Navasi resolve stabilize",
              "spend Kyra resolve stabilize")
    assert sheet(t, "Navasi")[0].startswith("stable: unconscious at 0 HP: 1 RP at the start of their turn")
    assert sheet(t, "Kyra")[0].startswith("stable: unconscious at 0 HP: 1 RP at the start of her turn")
    assert sheet(t, "Kyra", "es")[0].startswith("estable: inconsciente a 0 PG: 1 PR al inicio de su turno")
    t.do("cond Kyra burning:1", 'cond "Space goblin" burning:1')
    assert said(t)[-2:] == ["Kyra is burning: 1d6 fire at the start of her turn (sources add)",
                            "Space goblin is burning: 1d6 fire at the start of its turn (sources add)"]
    assert said(t, "es")[-2] == "Kyra arde: 1d6 de fuego al inicio de su turno (las fuentes se suman)"


def test_sf_a_reaction_is_their_reaction_for_the_players_too():
    """starfinder.md §3.2 [O]: one reaction a round."""
    t = fight("starfinder", "add Navasi pc sp=10 hp=20 rp=4", "add @space-goblin", "init Navasi 20",
              'init "Space goblin" 10', "start", "next", "next", "action Navasi reaction")
    assert said(t)[-1] == "Navasi uses their reaction"
    assert players(t)[-1] == "Navasi uses their reaction" and players(t, "es")[-1] == "Navasi usa su reacción"
    with pytest.raises(Exception, match="Navasi has used their reaction this round"):
        t.do("action Navasi reaction")


def test_sf_an_older_saves_line_reads_as_it_was_written():
    line = "{name} uses its reaction"
    who = told.named(_Who("navasi", "Navasi"))
    assert former("gm_console_starfinder", line, "en", name=who) == "Navasi uses its reaction"
    assert former("gm_console_starfinder", line, "es", name=who) == "Navasi usa su reacción"


# -- fifth edition -----------------------------------------------------------------------------
def test_5e_the_turns_action_is_their_action_hers_or_its():
    """dnd5e.md §7.2: one action and one bonus action a turn; the sheet's spent reaction (§7.3)."""
    t = fight("dnd5e", "add Ana pc hp=30", "add Bo pc hp=20 gender=f", "add @goblin-warrior",
              'init Ana 20', 'init Bo 15', 'init "Goblin warrior" 10', "start", "action Ana action",
              "next", "action Bo bonus", "next", "action \"Goblin warrior\" action", "action Ana reaction")
    assert said(t)[-4:] == ["Ana takes their action", "Bo takes her bonus action", "Goblin Warrior takes its action",
                            "Ana takes their reaction"]
    assert said(t, "es")[-4:-1] == ["Ana usa su acción", "Bo usa su acción adicional", "Goblin Warrior usa su acción"]
    assert "reaction spent until their turn" in sheet(t, "Ana")
    assert "reacción gastada hasta su turno" in sheet(t, "Ana", "es")
    assert "Bo takes her bonus action" in players(t)


def test_5e_an_older_saves_line_reads_as_it_was_written():
    who = told.named(_Who("ana", "Ana"))
    assert former("gm_console_dnd5e", "{name} takes its reaction", "en", name=who) == "Ana takes its reaction"
    assert former("gm_console_dnd5e", "{name} takes its reaction", "es", name=who) == "Ana usa su reacción"


# -- Dragon Age --------------------------------------------------------------------------------
def test_da_defend_and_dying_say_whose_turn():
    """dragon_age.md §2.3 Defend: +2 Defense until the start of the defender's next turn; §2.6 a
    dying PC dies at the start of their turn."""
    t = fight("dragon_age", "add Sera pc health=25 con=1 defense=13", "add Leliana pc health=25 con=1 defense=13 gender=f",
              "add @genlock", "init Sera 20", "init Leliana 15", "init Genlock 10", "start", "defend Sera", "next",
              "defend Leliana", "next", "defend Genlock")
    assert [s.split(" (")[0] for s in said(t)[-3:]] == [
        "Sera defends until the start of their next turn", "Leliana defends until the start of her next turn",
        "Genlock defends until the start of its next turn"]
    assert said(t, "es")[-3].startswith("Sera se defiende hasta el comienzo de su próximo turno")
    t.do("dmg Leliana 40")
    assert any(w.startswith("Leliana is dying: dies at the start of her turn in") for w in warnings(t))
    assert sheet(t, "Leliana")[0].startswith("dying: dies at the start of her turn in")
    assert any(s.startswith("Leliana is dying (Con +1 + 2 = 3; dies at the start of her turn in") for s in players(t))
    assert any(s.startswith("Leliana está moribunda (Con +1 + 2 = 3; muere al comienzo de su turno")
               for s in players(t, "es"))


def test_da_an_older_saves_line_reads_as_it_was_written():
    who = told.named(_Who("sera", "Sera"))
    line = "{name} defends until the start of its next turn"
    assert former("gm_console_dragon_age", line, "en", name=who) == "Sera defends until the start of its next turn"
    assert former("gm_console_dragon_age", line, "es", name=who) == "Sera se defiende hasta el comienzo de su próximo turno"


# -- every game's former lines -----------------------------------------------------------------
@pytest.mark.parametrize("pkg", tool.packages(), ids=lambda p: p.domain)
def test_every_former_line_still_has_its_spanish(pkg):
    """Each id a save written before may hold (a module's FORMER_IDS) is still in the catalogue."""
    import importlib

    name = "gm_console.engine.rules" if pkg.domain == "gm_console" else f"rulesets.{pkg.folder.name}"
    modules = (["attack_flow", "turns"] if pkg.domain == "gm_console" else ["i18n"])
    ids = [i for m in modules for i in getattr(importlib.import_module(f"{name}.{m}"), "FORMER_IDS", ())]
    domain = domain_named(pkg.domain)
    assert pkg.domain == "gm_console_generic" or ids
    for msgid in ids:
        assert domain.has(msgid, "es"), msgid


# -- "it" of a person: the line names the combatant instead ------------------------------------
@pytest.mark.parametrize("game, lines, line, english, spanish", [
    # pathfinder1e.md §1.4: dead at -Con; healing does nothing until raised
    ("pathfinder1e", ("add Kyra pc hp=10 con=10", "dmg Kyra 30"), "heal Kyra 5",
     "Kyra is dead: healing has no effect (raise Kyra first: revive kyra HP)",
     "Kyra está muerto: la curación no le hace nada (antes resucítalo: revivir kyra PG)"),
    # dnd5e.md §3.1: at 0 HP a creature is unconscious and takes no actions
    ("dnd5e", ("add Ana pc hp=10", "add Bo pc hp=10", "init Ana 20", "init Bo 10", "start", "dmg Ana 10"),
     "action Ana action", "Ana cannot act at 0 HP", "Ana no puede actuar: está a 0 PG"),
    # dragon_age.md §2.6: dying is worse than unconscious
    ("dragon_age", ("add Sera pc health=20 con=1", "dmg Sera 30"), "cond Sera unconscious",
     "Sera is dying, which is worse than unconscious; heal Sera above 0 first",
     "Sera está moribundo, que es peor que inconsciente; cúralo antes por encima de 0"),
])
def test_a_refusal_names_the_pc_not_it(game, lines, line, english, spanish):
    t = fight(game, *lines)
    with pytest.raises(Exception) as refused:
        t.do(line)
    message = refused.value.message
    assert render(message, "en") == english and render(message, "es") == spanish


def test_sf_a_dying_pcs_offer_names_them_and_an_older_saves_line_reads_as_written():
    """starfinder.md §3.4.6 [S]: at the start of their turn a dying PC may spend RP to stabilise."""
    t = fight("starfinder", "add Navasi pc sp=10 hp=20 rp=6", "add @space-goblin", "init Navasi 20",
              'init "Space goblin" 10', "start", "next", "dmg Navasi 40", "next")
    offer = "Navasi is dying (6 RP): 1 RP may stabilise Navasi now, else 1 RP is lost at the end of this turn"
    assert offer in said(t)[-1] and offer in players(t)
    assert "Navasi está moribundo (6 PR): puede gastar 1 PR para estabilizarse ahora; si no, pierde 1 PR al final " \
           "de este turno" in players(t, "es")
    old = "{name} is dying ({rp} RP): it may spend {cost} RP to stabilise now, else it loses 1 RP at the end of this turn"
    who = _Who("navasi", "Navasi")
    args = dict(name=told.named(who), rp=told.of(who, 6), cost=told.of(who, 1))
    assert former("gm_console_starfinder", old, "en", **args) == \
        "Navasi is dying (6 RP): it may spend 1 RP to stabilise now, else it loses 1 RP at the end of this turn"
    assert former("gm_console_starfinder", old, "es", **args) == \
        "Navasi está moribundo (6 PR): puede gastar 1 PR para estabilizarse ahora; si no, pierde 1 PR al final de " \
        "este turno"


def test_sf_an_invisible_or_concealed_pcs_sheet_says_whose_targets_and_square():
    """starfinder.md §3.6.1-3: invisible, a PC's targets are flat-footed against her attacks;
    total concealment, attackers guess her square. Spanish: "sus objetivos", "su casilla"."""
    t = fight("starfinder", "add Kyra pc sp=10 hp=20 rp=4 gender=f", "add @space-goblin", "cond Kyra invisibility",
              'cond "Space goblin" total-concealment')
    assert "invisible: 50% miss chance (d% 1-50: r 1d100); her targets are flat-footed against her attacks" \
        in sheet(t, "Kyra")
    assert "invisible: 50% de fallo (d% 1-50: r 1d100); sus objetivos están desprevenidos ante él" in sheet(t, "Kyra", "es")
    assert "total concealment: attackers guess its square; 50% miss chance (d% 1-50: r 1d100)" in sheet(t, "Space goblin")
    assert "ocultación total: hay que adivinar su casilla; 50% de fallo (d% 1-50: r 1d100)" in sheet(t, "Space goblin", "es")


@pytest.mark.parametrize("lang, pc, foe", [("en", "until their first turn", "until its first turn"),
                                          ("es", "hasta su primer turno", "hasta su primer turno")])
def test_the_sheet_says_whose_first_turn_ends_a_surprise_and_an_older_saves_note_reads_the_same(lang, pc, foe):
    """starfinder.md §3.1: the unaware are flat-footed until they act. The note is stored in the
    save as the game wrote it ("surprise: until it acts"); the sheet says it of the combatant."""
    from gm_console.tui.widgets.sheet import until

    t = Table("starfinder")
    t.rolls(10, 15, 5)
    t.do("add A pc init=2 rp=1 hp=10", "add B init=0 hp=10", "add C init=1 hp=10", "side B foe", "side C foe",
         "surprise B", "start")
    for who, words in (("a", pc), ("c", foe)):
        [inst] = [i for i in t.state.combatants[who].conditions if i.cond == "flat-footed"]
        assert inst.note == "surprise: until it acts"
        assert until(t.state.combatants[who], inst, lang) == words
