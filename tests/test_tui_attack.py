"""The attack form (key f): the active creature's attacks, the selected or marked target, one line
that the engine rolls and applies (docs/sheets.md#attacks; docs/rulesets/pathfinder1e.md §1.19)."""

from __future__ import annotations

from gm_console.engine.core.dice import Dice
from gm_console.tui.app import GMConsole
from gm_console.tui.modals.attack import AttackModal
from gm_console.tui.screens.encounter import EncounterScreen
from test_tui_support import drive, make_encounter

SIZE = (100, 32)
FIGHT = [
    "add Kyra pc hp=20 ac=16 init=3",
    'add Goblin hp=6 init=1 atk="short sword +2 1d4 19-20/x2 slashing; short bow +4 1d4 x3 piercing range 60"',
    "cond Goblin shaken",
    "init Kyra 5", "init Goblin 12", "start",
]


@drive
async def test_the_form_lists_the_attacks_now_and_enter_rolls_and_applies(tmp_path):
    enc = make_encounter(tmp_path, FIGHT, ruleset="pathfinder1e")
    app = GMConsole(encounter=enc, dice=Dice.from_rolls([17, 3], seed=1))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("j")  # Kyra, below the goblin whose turn it is
        await pilot.press("f")
        await pilot.pause()
        modal = app.screen
        assert isinstance(modal, AttackModal)
        weapons = [str(modal.query_one("#weapons").get_option_at_index(i).prompt) for i in range(3)]
        assert weapons == ["short sword +0 (+2) 1d4 19-20/x2 slashing", "short bow +2 (+4) 1d4 x3 piercing",
                           "Every attack (full attack)"]
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, EncounterScreen)
    assert enc.session.done[-1].line == 'attack Goblin Kyra "short sword"'
    assert enc.state.get("kyra").pools["hp"].value == 17


@drive
async def test_no_attacks_or_no_target_says_so_and_opens_nothing(tmp_path):
    enc = make_encounter(tmp_path, FIGHT + ["next"], ruleset="pathfinder1e")  # Kyra's turn: no atk=
    app = GMConsole(encounter=enc, dice=Dice.from_rolls([], seed=1))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f")
        await pilot.pause()
        assert isinstance(app.screen, EncounterScreen)
    assert enc.session.done[-1].line == "next"


@drive
async def test_the_die_and_the_distance_go_on_the_line_and_a_refusal_shows_under_its_field(tmp_path):
    """docs/sheets.md#attacks, pathfinder1e.md §1.19.4: the d20 rolled at the table and the distance
    are the form's fields; a die out of 1-20 is said under the die, a distance beyond the bow's ten
    increments under the distance (the engine's refusal), the form as typed; Pathfinder has no
    advantage, so no such box."""
    enc = make_encounter(tmp_path, FIGHT, ruleset="pathfinder1e")
    app = GMConsole(encounter=enc, dice=Dice.from_rolls([3], seed=1))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("j", "f")
        await pilot.pause()
        modal = app.screen
        assert isinstance(modal, AttackModal)
        assert not modal.query("#advantage") and modal.query("#distance")
        modal.query_one("#weapons").highlighted = 1  # the short bow
        modal.query_one("#die").value = "25"
        await pilot.pause()  # the field's own Changed first (typing clears a refusal)
        modal.submit()
        await pilot.pause()
        assert modal.query_one("#die-error").display and "not 25" in str(modal.query_one("#die-error").render())
        modal.query_one("#die").value = "15"
        modal.query_one("#distance").value = "700"
        await pilot.pause()
        modal.submit()
        await pilot.pause()
        assert isinstance(app.screen, AttackModal)
        error = str(modal.query_one("#distance-error").render())
        assert "700 ft is beyond the short bow's maximum range (10 increments of 60 ft = 600 ft)" in error
        modal.query_one("#distance").value = "70"
        await pilot.pause()
        modal.submit()
        await pilot.pause()
        assert isinstance(app.screen, EncounterScreen)
    assert enc.session.done[-1].line == 'attack Goblin Kyra "short bow" 15 at 70'
    assert enc.state.get("kyra").pools["hp"].value == 20  # 15 +4 -2 shaken -2 range = 15: misses AC 16


@drive
async def test_the_dice_tray_shows_the_last_attacks_dice(tmp_path):
    """Issue 26 (docs/sheets.md#attacks, "In the console"): after the form's attack, the dice tray
    (R) lists its damage die and its d20, newest first, each named for what it was rolled."""
    from gm_console.tui.modals.dice_tray import DiceTrayModal

    enc = make_encounter(tmp_path, FIGHT, ruleset="pathfinder1e")
    app = GMConsole(encounter=enc, dice=Dice.from_rolls([17, 3], seed=1))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("j", "f")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("R")
        await pilot.pause()
        assert isinstance(app.screen, DiceTrayModal)
        history = str(app.screen.query_one("#history").render()).splitlines()
    assert history[:2] == ["Round 1 · damage of Goblin's short sword to Kyra: 1d4 (3) = 3",
                           "Round 1 · Goblin: short sword attack on Kyra: 1d20 (17) = 17"]


def form_text(modal) -> list[str]:
    """Every line the attack form shows a GM: its labels, tick boxes and the weapons list."""
    from textual.widgets import Checkbox, Label, OptionList

    said = [str(w.render()) for w in modal.query(Label)] + [str(box.label) for box in modal.query(Checkbox)]
    weapons = modal.query_one("#weapons", OptionList)
    return said + [str(weapons.get_option_at_index(i).prompt) for i in range(weapons.option_count)]


def test_the_form_offers_what_the_games_attack_rules_declare(tmp_path):
    """docs/sheets.md#attacks, "In the console": the form knows no game; its full attack box, its
    every-attack entry, its tick boxes and its "More" line are what the game's attack rules declare
    (a game without a full attack has no such box), and the distance only where the game's attack
    takes `at`."""
    from types import SimpleNamespace

    from gm_console.ruleset import AttackRules, Tick
    from gm_console.i18n import Term

    enc = make_encounter(tmp_path, FIGHT, ruleset="pathfinder1e")
    frame = SimpleNamespace(lang="es", ruleset=enc.ruleset, state=enc.state)
    modal = AttackModal(frame, enc.state.get("goblin"), [enc.state.get("kyra")])
    assert modal.takes("at") and modal.ticks() == ()

    class Invented(AttackRules):
        words = {"blessed": "blessed", "bendito": "blessed"}
        full_label = None
        every_label = Term("Every attack (flurry)", "Todos los ataques (ráfaga)")
        ticks = (Tick("blessed", Term("Blessed (+1)", "Bendito (+1)")),)
        more_label = Term("More: +N", "Más: +N")

    modal.rules = Invented(enc.ruleset)
    assert not modal.takes("at") and [t.word for t in modal.ticks()] == ["blessed"]
    assert (modal.said("full_label"), modal.said("every_label"), modal.said("more_label")) == \
        ("", "Todos los ataques (ráfaga)", "Más: +N")


@drive
async def test_a_5e_attack_form_speaks_5e_in_english_and_spanish(tmp_path):
    """dnd5e.md §6.5: fifth edition has no iteratives, flanking or concealment's miss chance: the
    form offers the Attack action's attacks (Extra Attack), a monster's Multiattack, advantage,
    disadvantage and half or three-quarters cover (+2/+5 AC, one or the other), in English and in
    the Spanish table's words; no distance (no range increments). The ticks go on the line as the
    game's words."""
    from textual.widgets import Checkbox

    lines = ["add Ana pc hp=30 ac=15 init=3",
             'add Orc hp=15 ac=13 init=1 atk="2 greataxes +5 1d12+3 slashing reach 5; javelin +5 1d6+3 piercing"',
             "init Ana 5", "init Orc 12", "start"]
    enc = make_encounter(tmp_path, lines, ruleset="dnd5e")
    app = GMConsole(encounter=enc, dice=Dice.from_rolls([4, 16, 6], seed=1), lang="es")
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("j", "f")
        await pilot.pause()
        modal = app.screen
        assert isinstance(modal, AttackModal)
        said = form_text(modal)
        assert [str(b.label) for b in modal.query(Checkbox)] == [
            "Atacar: cada uno de sus ataques (Ataque adicional)", "Ventaja", "Desventaja",
            "Cobertura media (+2 CA)", "Cobertura de tres cuartos (+5 CA)"]
        assert "Todos los ataques (Multiataque)" in said and "Más: +N, cerca o lejos (a 5 pies o no), parar" in said
        assert not any(w in line.casefold() for line in said for w in ("iterativ", "flanq", "ocultaci"))
        assert not modal.query("#distance")
        modal.query_one("#tick-half-cover", Checkbox).value = True
        await pilot.pause()
        modal.query_one("#tick-three-quarters-cover", Checkbox).value = True  # one cover or the other
        modal.query_one("#tick-adv", Checkbox).value = True
        await pilot.pause()
        assert not modal.query_one("#tick-half-cover", Checkbox).value
        modal.submit()
        await pilot.pause()
    assert enc.session.done[-1].line == "atacar Orc Ana greataxes adv three-quarters-cover"

    app = GMConsole(encounter=enc, dice=Dice.from_rolls([], seed=1), lang="en")
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("f")  # still the orc's turn: its form, in English
        await pilot.pause()
        said = form_text(app.screen)
    assert {"Attack action: each of its attacks (Extra Attack)", "Advantage", "Disadvantage", "Half cover (+2 AC)",
            "Three-quarters cover (+5 AC)", "More: +N, near or far (within 5 feet or not), stop"} <= set(said)
    assert "Every attack (Multiattack)" in said
    assert not any(w in line.casefold() for line in said for w in ("iterative", "flank", "concealment", "full attack"))


@drive
async def test_a_pathfinder_word_in_a_5e_form_is_refused_under_more(tmp_path):
    """dnd5e.md §6.5: `flanqueo` typed under "More" in a 5e fight is refused under that field,
    saying what the game has; the form stays as typed and nothing is rolled."""
    lines = ["add Ana pc hp=30 ac=15 init=3", 'add Orc hp=15 ac=13 init=1 atk="greataxe +5 1d12+3 slashing"',
             "init Ana 5", "init Orc 12", "start"]
    enc = make_encounter(tmp_path, lines, ruleset="dnd5e")
    app = GMConsole(encounter=enc, dice=Dice.from_rolls([15, 6], seed=1), lang="es")
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("j", "f")
        await pilot.pause()
        modal = app.screen
        modal.query_one("#extra").value = "flanqueo"
        await pilot.pause()
        modal.submit()
        await pilot.pause()
        assert isinstance(app.screen, AttackModal) and modal.query_one("#extra").value == "flanqueo"
        error = str(modal.query_one("#extra-error").render())
        assert "flanqueo no es de quinta edición" in error and "cobertura-media (+2 CA)" in error
    assert enc.state.get("ana").pools["hp"].value == 30


@drive
async def test_pathfinder_and_starfinder_forms_keep_their_own_words(tmp_path):
    """pathfinder1e.md §1.19.2-3: Pathfinder's form offers the full attack's iteratives, a charge,
    flanking, cover and concealment's 20% and 50%; starfinder.md §3.17: Starfinder's the full attack,
    flanking, cover and concealment; neither has advantage."""
    for ruleset, lang, full, more in (
            ("pathfinder1e", "en", "Full attack: every iterative of this attack",
             "More: +N, charge, flank, cover, concealment (20%), total-concealment (50%), stop"),
            ("pathfinder1e", "es", "Ataque completo: todos los iterativos de este ataque",
             "Más: +N, carga, flanqueo, cobertura, ocultación (20%), ocultación-total (50%), parar"),
            ("starfinder", "en", "Full attack: every attack of this weapon",
             "More: +N, flank, cover, concealment, stop"),
            ("starfinder", "es", "Ataque completo: todos los ataques de esta arma",
             "Más: +N, flanqueo, cobertura, ocultación, parar")):
        fight = FIGHT if ruleset == "pathfinder1e" else [line.replace("ac=16", "eac=14 kac=16") for line in FIGHT]
        enc = make_encounter(tmp_path / f"{ruleset}-{lang}", fight, ruleset=ruleset)
        app = GMConsole(encounter=enc, dice=Dice.from_rolls([], seed=1), lang=lang)
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.press("j", "f")
            await pilot.pause()
            said = form_text(app.screen)
            assert full in said and more in said, (ruleset, lang, said)
            assert not app.screen.query("#tick-adv") and app.screen.query("#distance")


@drive
async def test_a_grab_is_offered_on_the_warnings_line_and_y_runs_it(tmp_path):
    """pathfinder1e.md §1.19.5: after a hit with `plus grab` the warnings line offers the free
    grapple check; `y` runs it (the goblin grapples Kyra) and the offer is gone."""
    lines = ["add Kyra pc hp=20 ac=16 init=3 cmd=12",
             'add Goblin hp=6 init=1 cmb=4 atk="claw +4 1d4 slashing plus grab"', "init Kyra 5", "init Goblin 12",
             "start"]
    enc = make_encounter(tmp_path, lines, ruleset="pathfinder1e")
    app = GMConsole(encounter=enc, dice=Dice.from_rolls([17, 3, 15], seed=1))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("j", "f")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        warnings = str(app.screen.query_one("#warnings").render())
        assert "Goblin hit Kyra with its claw: grab, a free grapple check at +4" in warnings
        await pilot.press("y")
        await pilot.pause()
        assert "grab" not in str(app.screen.query_one("#warnings").render())
    assert [e.line for e in enc.session.done[-2:]] == ['attack Goblin Kyra claw', "maneuver Goblin Kyra grapple +4"]
    assert enc.state.get("kyra").has("grappled")


def test_the_forms_attacks_read_in_the_readers_language():
    """docs/sheets.md#attacks: the Spanish table reads its goblin's attacks in Spanish, a Starfinder
    attack's defence as its table names it (CAC, the kinetic AC), and no 20/x2 repeated."""
    from gm_console.tui.modals.attack import option_text

    sword = {"name": "short sword", "count": 1, "printed": [2], "bonus": [0], "damage": "1d4", "crit": "19-20/x2",
             "types": ["piercing"], "defence": "ac"}
    assert option_text(sword, "es") == "espada corta +0 (+2) 1d4 19-20/x2 perforante"
    assert option_text(sword, "en") == "short sword +0 (+2) 1d4 19-20/x2 piercing"
    slicer = {"name": "dogslicer", "count": 1, "printed": [0], "bonus": [0], "damage": "1d4", "crit": "x2",
              "types": ["slashing"], "defence": "kac"}
    assert option_text(slicer, "es") == "rajaperros +0 1d4 cortante CAC"
    assert option_text(slicer, "en") == "dogslicer +0 1d4 slashing KAC"


TARGETS = [
    "add Kyra pc hp=20 ac=16 init=3", "add Val pc hp=20 ac=12", "add Ezren ally hp=10 ac=11",
    'add Goblin hp=6 init=1 atk="short sword +2 1d4 19-20/x2 slashing"', "add Orc hp=9", "add Ghoul hp=0",
    "init Kyra 5", "init Val 4", "init Ezren 3", "init Goblin 12", "init Orc 2", "init Ghoul 1", "start",
]


@drive
async def test_with_no_target_chosen_the_form_opens_and_offers_the_other_side(tmp_path):
    """docs/sheets.md#attacks: `f` with nobody else selected or marked opens the form anyway, its
    target list the other side's combatants still standing (Kyra, Val and the ally Ezren for the
    goblin; not the orc, its own side); none chosen, Enter says so and the form stays; Space
    chooses one, Enter attacks it. At 80x24 the list is on the screen."""
    enc = make_encounter(tmp_path, TARGETS, ruleset="pathfinder1e")
    app = GMConsole(encounter=enc, dice=Dice.from_rolls([17, 3], seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f")  # the goblin's turn, the goblin selected: no target yet
        await pilot.pause()
        modal = app.screen
        assert isinstance(modal, AttackModal)
        targets = modal.query_one("#targets")
        offered = [str(targets.get_option_at_index(i).prompt) for i in range(targets.option_count)]
        assert offered == ["Kyra", "Val", "Ezren"] and targets.selected == [] and app.focused is targets
        assert targets.region.height >= 3 and targets.region.bottom <= 24  # on the screen at 80x24
        for keys, refused in (((), True), (("down", "space"), False)):  # none chosen; then Val
            await pilot.press(*keys)
            modal.submit()
            await pilot.pause()
            assert isinstance(app.screen, AttackModal) is refused
            assert not refused or "target" in str(modal.query_one("#error").render()).casefold()
    assert enc.session.done[-1].line == 'attack Goblin Val "short sword"'
    assert enc.state.get("val").pools["hp"].value == 17


@drive
async def test_the_selected_target_comes_chosen_in_the_list_and_others_can_be_added(tmp_path):
    enc = make_encounter(tmp_path, TARGETS, ruleset="pathfinder1e")
    app = GMConsole(encounter=enc, dice=Dice.from_rolls([17, 3, 17, 2], seed=1), lang="es")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("j", "f")  # Kyra selected
        await pilot.pause()
        modal = app.screen
        targets = modal.query_one("#targets")
        assert targets.selected == ["kyra"] and app.focused is modal.query_one("#weapons")
        targets.select("ezren")
        modal.submit()
        await pilot.pause()
        assert isinstance(app.screen, EncounterScreen)
    assert enc.session.done[-1].line == 'atacar Goblin Kyra,Ezren "short sword"'  # the Spanish table's verb


@drive
async def test_with_one_foe_standing_it_comes_chosen_and_enter_attacks_it(tmp_path):
    """docs/sheets.md#attacks: the only combatant the attacker could target is chosen already,
    so `f` then Enter attacks it, as before the list existed."""
    enc = make_encounter(tmp_path, ["add Goblin hp=6 ac=12 init=20 \"atk=short sword +2 1d4 19-20/x2 piercing\"",
                                    "add Kyra pc hp=20 ac=14 init=10", "start"], ruleset="pathfinder1e")
    app = GMConsole(encounter=enc, dice=Dice.from_rolls([17, 3], seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f")
        await pilot.pause()
        assert app.screen.query_one("#targets").selected == ["kyra"]
        await pilot.press("enter")
        await pilot.pause()
    assert enc.session.done[-1].line.startswith("attack Goblin Kyra")
    assert enc.state.get("kyra").pools["hp"].value == 17


@drive
async def test_enter_in_the_target_list_attacks_the_ticked_or_the_one_under_the_cursor(tmp_path):
    """docs/sheets.md#attacks: Space ticks Kyra, Enter attacks her (Enter does not untick); with
    none ticked, Enter on Val attacks Val."""
    for keys, hit in ((("space", "enter"), "kyra"), (("down", "enter"), "val")):
        enc = make_encounter(tmp_path / hit, TARGETS, ruleset="pathfinder1e")
        app = GMConsole(encounter=enc, dice=Dice.from_rolls([17, 3], seed=1))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("f")
            await pilot.pause()
            await pilot.press(*keys)
            await pilot.pause()
            assert not isinstance(app.screen, AttackModal)
        assert enc.session.done[-1].line.startswith(f"attack Goblin {hit.capitalize()}")


@drive
async def test_in_dragon_age_f_begins_the_games_attack_command_in_the_bar(tmp_path):
    """Dragon Age's attacks are the weapon's dice and an ability, not a stat block's list
    (docs/rulesets/dragon_age.md §2.4): f opens the command bar with its `attack` begun, in the
    GM's language, and Enter runs it."""
    from gm_console.tui.widgets.command_bar import CommandBar

    enc = make_encounter(tmp_path, ["add Leliana pc health=30 dex=4 weapon=2d6", "add Hurlock health=20 defense=10",
                                    "init Leliana 16", "init Hurlock 5", "start"], ruleset="dragon_age")
    app = GMConsole(encounter=enc, dice=Dice.from_rolls([5, 4, 3, 6, 6], seed=1), lang="es")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("j", "f")  # the hurlock selected, Leliana acting
        await pilot.pause()
        bar = app.screen.query_one(CommandBar)
        assert bar.display and bar.value == "atacar Leliana Hurlock "
        await pilot.press("enter")
        await pilot.pause()
    assert enc.session.done[-1].line == "atacar Leliana Hurlock"
    assert enc.state.get("hurlock").pools["health"].value < 20


@drive
async def test_a_game_without_attacks_says_how_to_roll_one(tmp_path):
    enc = make_encounter(tmp_path, ["add Kyra pc hp=20", "add Orc hp=9", "start"], ruleset="generic")
    app = GMConsole(encounter=enc, dice=Dice.from_rolls([], seed=1))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f")
        await pilot.pause()
        assert isinstance(app.screen, EncounterScreen)
        assert "has no attack command: roll it in the command bar" in str(list(app._notifications)[-1].message)
