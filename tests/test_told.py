"""Messages in the log (gm_console/engine/core/told.py, docs/players.md §1.1): kept as data, written
out for each reader in their language; what this version cannot read is shown raw to the GM,
never to the players, and kept as it was."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import Table
from gm_console.engine.core import events as ev
from gm_console.engine.core import told
from gm_console.engine.views.export import play_log
from gm_console.i18n import _, render
from gm_console.storage import Encounter


def reader(players: bool = False, lang: str = "en", pcs: tuple[str, ...] = ("kyra",), damage: bool = False):
    return told.Reader(lang=lang, players=players, in_full=lambda cid: cid in pcs, damage=damage,
                       hidden=lambda cid: cid == "shade")


class C:
    def __init__(self, cid: str, name: str) -> None:
        self.id, self.name = cid, name


KYRA, GOB, SHADE = C("kyra", "Kyra"), C("goblin", "Goblin"), C("shade", "Shade")


def test_one_rule_per_kind_for_the_players():
    line = lambda **a: told.stored(_("{name} takes {amount} damage: HP {hp}", **a))  # noqa: E731
    pc = line(name=told.named(KYRA), amount=told.dealt(KYRA, 4), hp=told.of(KYRA, 20))
    foe = line(name=told.named(GOB), amount=told.dealt(GOB, 4), hp=told.of(GOB, 2))
    assert told.render(pc, reader(True)) == "Kyra takes 4 damage: HP 20"
    assert told.render(foe, reader(True)) is None  # its HP is the GM's: not shown at all
    assert told.render(foe, reader()) == "Goblin takes 4 damage: HP 2"
    hint = told.stored(_("{name} may spend resolve ({hint})", name=told.named(KYRA), hint=told.gm("spend kyra")))
    assert told.render(hint, reader(True)) is None and "spend kyra" in told.render(hint, reader())
    hidden = told.stored(_("{name} joins", name=told.named(SHADE)))
    assert told.render(hidden, reader(True)) is None
    typed_by_the_gm = told.stored(_("{name} readies: {trigger}", name=told.named(KYRA), trigger="when Shade moves"))
    assert told.render(typed_by_the_gm, told.Reader(players=True, secret_words=lambda t: "Shade" in t)) is None


def test_damage_to_a_foe_is_the_tables_choice():
    dmg = told.stored(_("{name}: {effect} {amount}", name=told.named(GOB), effect="bleed", amount=told.dealt(GOB, 3)))
    assert told.render(dmg, reader(True)) is None
    assert told.render(dmg, reader(True, damage=True)) == "Goblin: bleed 3"


def test_an_untyped_number_is_the_gms_whoever_the_sentence_is_about():
    """A plugin's sentence credited to the PC who acts may quote a foe's numbers: whose a bare
    number is cannot be told, so the players never read it (docs/players.md §1.1)."""
    msg = _("{name}: {n}", name=told.named(GOB), n=7)
    for subject in ("goblin", "kyra", None):
        assert told.render(told.stored(msg, subject), reader(True)) is None
        assert told.render(told.stored(msg, subject), reader()) == "Goblin: 7"
    typed = _("{name}: {n}", name=told.named(KYRA), n=told.of(KYRA, 7))
    assert told.render(told.stored(typed, "kyra"), reader(True)) == "Kyra: 7"


def test_the_reader_chooses_the_language_and_the_name_is_read_now():
    msg = told.stored(_("{name}'s turn", name=told.named(KYRA)))
    assert told.render(msg, reader(lang="es")) == "turno de Kyra"
    renamed = told.Reader(name=lambda cid, then: "Kyra the Bold" if cid == "kyra" else then)
    assert told.render(msg, renamed) == "Kyra the Bold's turn"


def test_a_message_of_a_catalogue_not_installed_shows_raw_to_the_gm_and_is_kept(tmp_path):
    """A plugin removed since: the GM reads its English with the catalogue's name, the players
    nothing, and a rewrite of the save keeps the record byte for byte equal in meaning."""
    foreign = {"d": "gm_console_lantern_removed", "id": "{name} glows {n}", "a": {"name": ["who", "Kyra", "kyra"],
                                                                                  "n": ["num", 3]}}
    odd_kind = {"d": "gm_console", "id": "{name} joins", "a": {"name": ["a-kind-from-the-future", "x"]}}
    assert told.render(foreign, reader()) == "⟨gm_console_lantern_removed⟩ Kyra glows 3"
    assert told.render(foreign, reader(True)) is None
    assert told.render(odd_kind, reader()) == "⟨a-kind-from-the-future: x⟩ joins"
    assert told.render(odd_kind, reader(True)) is None
    assert told.render({"d": "gm_console", "id": 5}, reader()).startswith("⟨gm_console: 5")
    p = tmp_path / "fight.toml"
    with Encounter.create(p, "generic") as enc:
        enc.execute("add Kyra pc hp=10")
    t = Table("generic")
    t.do("add Kyra pc hp=10")
    said = ev.Said(msg=foreign, who="kyra")
    assert ev.event_from_dict(said.to_dict()) == said
    assert said.text() == "⟨gm_console_lantern_removed⟩ Kyra glows 3"


def test_a_message_missing_from_the_spanish_catalogue_reads_in_english():
    msg = told.stored(_("a sentence no translator has seen yet: {n}", n=told.public(2)))
    assert told.render(msg, reader(lang="es")) == "a sentence no translator has seen yet: 2"


def test_old_sentences_are_the_gms_alone(table):
    """A save written before messages: its sentences read as written for the GM, never for the players."""
    t = table("generic")
    t.do("add Kyra pc hp=10", "add Goblin hp=6", "init Kyra 10", "init Goblin 5", "start")
    old = ev.Said(en="Goblin takes 4 damage: HP 2", es="Goblin recibe 4 de daño: PG 2", who="goblin")
    entry = t.session.done[-1]
    t.session.done[-1] = type(entry)(entry.n, entry.line, entry.round, entry.events + (old,))
    assert "Goblin recibe 4 de daño: PG 2" in play_log(t.session.done, t.state, t.session.ruleset, "es")
    assert "HP 2" not in play_log(t.session.done, t.state, t.session.ruleset, "en", players=True)


_TEXT = st.text(max_size=12)
_ARGS = st.dictionaries(st.sampled_from(["name", "n", "x"]), st.one_of(
    st.tuples(st.sampled_from(sorted(told.KINDS) + ["zz"]), st.one_of(st.integers(), _TEXT, st.none())).map(list),
    st.tuples(st.sampled_from(sorted(told.KINDS)), _TEXT, _TEXT).map(list),
    st.integers(), _TEXT, st.none()), max_size=3)


@settings(max_examples=300, deadline=None)
@given(st.fixed_dictionaries({"d": st.sampled_from(["gm_console", "", "nope", 3]), "id": st.one_of(_TEXT, st.integers()),
                              "a": st.one_of(_ARGS, st.integers(), _TEXT)}),
       st.booleans(), st.sampled_from(["en", "es"]))
def test_no_message_a_hand_edit_can_write_breaks_the_log(data, players, lang):
    """Property: whatever a hand edit puts in a message, reading it gives a line or nothing, never an error."""
    out = told.render(data, reader(players, lang))
    assert out is None or isinstance(out, str)


def test_words_agree_with_a_combatants_gender_and_are_neutral_without_one(table):
    """A translation writes ``{name:?masc|fem|neutral}`` where Spanish agrees with the name
    (docs/players.md §1.1): Morrigan (gender=f) está moribunda; a combatant of no known gender
    reads the neutral form; ``{name}`` is the name."""
    from gm_console.i18n import Named

    template = "{name} está {name:?moribundo|moribunda|en estado moribundo}"
    assert template.format(name=Named("Morrigan", "f")) == "Morrigan está moribunda"
    assert template.format(name=Named("Alistair", "m")) == "Alistair está moribundo"
    assert template.format(name=Named("Ogro")) == "Ogro está en estado moribundo"
    assert "{name:?o|a}".format(name=told.named(C("x", "X"))) == "o"
    t = table("dragon_age")
    t.do("add Morrigan pc health=20 gender=f", "add Ogre health=30 género=masculino", "add Shade health=5")
    assert [t.c(n).stats.get("gender") for n in ("Morrigan", "Ogre", "Shade")] == ["f", "m", None]
    morrigan = told.named(t.c("Morrigan"))
    assert f"{morrigan:?o|a}" == "a"


def test_the_life_state_agrees_in_the_log_and_in_show(table):
    """Kyra (gender=f) reads moribunda in the Spanish log and in show; a goblin of no gender, moribundo."""
    from gm_console.engine.views.export import markdown

    t = table("pathfinder1e")
    t.do("add Kyra pc hp=20 gender=f", "add Goblin hp=6", "init Kyra 10", "init Goblin 5", "start",
         "dmg Kyra 25", "dmg Goblin 8")
    log = play_log(t.session.done, t.state, t.session.ruleset, "es")
    assert "Kyra: moribunda" in log and "Goblin: moribundo" in log
    assert "| moribunda · ▶ |" in markdown(t.state, t.session.ruleset, lang="es")  # her turn
    assert "Kyra: dying" in play_log(t.session.done, t.state, t.session.ruleset, "en")


def test_a_message_typed_as_a_whole_types_the_numbers_in_it():
    """``of(c, _("HP {hp}/{max}", ...))``: the numbers inside are numbers about c, not the GM's."""
    inner = _("{item} ({kind}) HP {hp}/{max}, hardness {hardness}", item="sword", kind="weapon", hp=5, max=5,
              hardness=10)
    pc = told.stored(_("{name}: {item}", name=told.named(KYRA), item=told.of(KYRA, inner)))
    foe = told.stored(_("{name}: {item}", name=told.named(GOB), item=told.of(GOB, inner)))
    assert told.render(pc, reader(True)) == "Kyra: sword (weapon) HP 5/5, hardness 10"
    assert told.render(foe, reader(True)) is None
    bare = told.stored(_("{name}: {item}", name=told.named(KYRA), item=inner))
    assert told.render(bare, reader(True)) is None  # untyped all the way down: the GM's


def test_a_warning_agrees_with_the_combatant_it_is_about(table):
    """A game's warning gives the plain name; the warnings line still agrees with her gender
    (docs/players.md §1.1): Leliana está moribunda, and a neutral "se le cure" for anyone."""
    t = table("dragon_age")
    t.do("add Leliana pc health=25 gender=f", "add Alistair pc health=25 género=m", "add Genlock health=20",
         "init Leliana 14", "init Alistair 12", "init Genlock 9", "start", "dmg Leliana 30", "dmg Alistair 30")
    notes = [p.render("es") for p in t.session.ruleset.warnings(t.state)]
    assert any(n.startswith("Leliana está moribunda: muere") and "se le cure" in n for n in notes), notes
    assert any(n.startswith("Alistair está moribundo: muere") for n in notes), notes
    assert not any("lo curen" in n for n in notes)


def test_a_sheets_status_line_agrees_with_her(table):
    """Every game's "dying: ..." line on the sheet and the initiative row is handed the
    combatant's gender (docs/players.md §1.1): moribunda for her, moribundo for him."""
    from gm_console.engine.core.contract import status_of

    for game, health in (("dragon_age", "health=20"), ("pathfinder1e", "hp=20"), ("starfinder", "hp=20 sp=0 rp=3"),
                         ("dnd5e", "hp=20")):
        t = table(game)
        t.do(f"add Leliana pc {health} gender=f", f"add Alistair pc {health} género=m", "init Leliana 14",
             "init Alistair 12", "start", "dmg Leliana 22", "dmg Alistair 22")
        her = [render(x, "es") for x in status_of(t.session.ruleset, t.state, t.c("Leliana"), "es")]
        him = [render(x, "es") for x in status_of(t.session.ruleset, t.state, t.c("Alistair"), "es")]
        assert any(x.startswith("moribunda:") for x in her), (game, her)
        assert any(x.startswith("moribundo:") for x in him), (game, him)


def test_a_life_state_said_of_no_one_still_reads_in_spanish(table):
    """A life word given without its combatant reads the neutral Spanish form, never the
    English word inside a Spanish sentence; `post` and the players' view name her moribunda."""
    from gm_console.engine.views.post import report
    from gm_console.engine.core.words import LIFE, life

    for state in LIFE:
        assert render(life(state), "es") != render(life(state), "en") or state == "ok", state
    said = render(_("{name} is {life} and cannot delay or ready", name="Vex", life=life("dying")), "es")
    assert "moribundo" in said and "dying" not in said, said
    t = table("dnd5e")
    t.do("add Vex pc hp=22 gender=f", "add Bram pc hp=28", "init Vex 14", "init Bram 8", "start", "dmg Vex 30")
    text = report(t.session.done, t.session.ruleset, None, "d5", "markdown", "es")
    assert "PG 0/22 · moribunda" in text and "Vex (moribunda)" in text and "dying" not in text, text


def test_a_log_line_cites_its_rule_by_page_and_section_only():
    """A Spanish GM reads `[starfinder.md §3.4.1 [S]]`, not the English note a game's code keeps after
    the section (`massive damage [S]`); a note that cites no page is left out."""
    assert told.cited("starfinder.md §3.4.1 massive damage [S]") == "starfinder.md §3.4.1 [S]"
    assert told.cited("pathfinder1e.md §1.5 fear escalation [Δ option]") == "pathfinder1e.md §1.5 [Δ]"
    assert told.cited("dragon_age.md §2.6") == "dragon_age.md §2.6"
    assert told.cited("generic: 0 HP") == "" and told.cited("") == ""
    t = Table("starfinder")
    t.do("add Pirate hp=18", "add Vex pc hp=20 sp=10 rp=3", "init Pirate 5", "init Vex 10", "start", "dmg Pirate 40")
    log = play_log(t.session.done, t.state, t.session.ruleset, "es")
    assert "[starfinder.md §3.4.1 [S]]" in log and "massive damage" not in log
