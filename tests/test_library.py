"""What a GM prepares between sessions: the GM's own creatures, the party carried from fight to
fight, and encounters written by hand (README.md, "Prepare between sessions").

Everything goes through the command line a GM uses (`gm-console ...`) or the storage calls
the console makes; the data folder is the test's own (conftest.py)."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

import pytest

from gm_console import cli, plugins
from gm_console.engine.core.errors import CommandError
from gm_console.engine.language.session import Session
from gm_console.storage import Encounter, SaveError
from gm_console.storage import bestiary_files as bestiary_file
from gm_console.storage import party as party_file
from gm_console.storage.library import list_encounters, peek

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "saves" / "prepared-ambush.toml"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def hp(enc: Encounter, cid: str, pool: str = "hp") -> tuple[int, int]:
    p = enc.state.get(cid).pools[pool]
    return p.value, p.max


# --- the GM's own creatures ------------------------------------------------------------------------


def test_a_combatant_stored_in_the_bestiary_comes_back_in_the_next_encounter(tmp_path, capsys):
    first = tmp_path / "first.toml"
    code, _, err = run(capsys, "exec", str(first), "--new", "pathfinder1e", "-q", "--",
                       'add "Grak the chief" @hobgoblin hp=22 ac=19 bab=3', "dmg Grak 7")
    assert code == 0, err
    code, out, err = run(capsys, "bestiary", "store", str(first), "Grak", "--as", "Goblin chief",
                         "--es", "Jefe trasgo", "--cr", "2")
    assert code == 0, err
    assert "stored Grak the chief as @goblin-chief" in out
    mine = tomllib.loads(bestiary_file.user_path("pathfinder1e").read_text(encoding="utf-8"))["goblin-chief"]
    assert mine["en"] == "Goblin chief" and mine["es"] == "Jefe trasgo" and mine["cr"] == "2"
    assert (mine["hp"], mine["ac"], mine["bab"], mine["str"]) == (22, 19, 3, 15)  # HP at their maximum
    assert "hit_dice" not in mine  # 22 is not what the hobgoblin's dice give
    second = tmp_path / "second.toml"
    code, _, err = run(capsys, "exec", str(second), "--new", "pathfinder1e", "-q", "--",
                       'add @"jefe trasgo" x2', "add @goblin")
    assert code == 0, err
    enc = Encounter.open(second, read_only=True)
    # named in the table's language, whichever name found it (issue 24)
    assert [c.name for c in enc.state.combatants.values()] == ["Goblin chief 1", "Goblin chief 2", "Goblin"]
    assert hp(enc, "goblin-chief-2") == (22, 22) and enc.state.get("goblin-chief-1").stats["ac"] == 19
    # its attacks go with it, a list the attack verb reads (docs/sheets.md#attacks)
    assert mine["atk"] == ["longsword +4 1d8+2 19-20/x2 slashing", "longbow +3 1d8 x3 piercing range 100"]
    assert enc.state.get("goblin-chief-1").stats["atk"] == tuple(mine["atk"])


def test_storing_over_a_creature_needs_replace_and_the_file_is_left_as_it_was(tmp_path, capsys):
    save = tmp_path / "fight.toml"
    run(capsys, "exec", str(save), "--new", "pathfinder1e", "-q", "--", "add Wolfie hp=20 ac=15", "add Rex hp=9")
    assert run(capsys, "bestiary", "store", str(save), "Wolfie", "--as", "Dire wolf")[0] == 0
    path = bestiary_file.user_path("pathfinder1e")
    before = path.read_bytes()
    code, _, err = run(capsys, "bestiary", "store", str(save), "Rex", "--as", "Dire wolf")
    assert code == 1 and "there is already a creature 'dire-wolf'" in err and path.read_bytes() == before
    assert run(capsys, "bestiary", "store", str(save), "Rex", "--as", "Dire wolf", "--replace")[0] == 0
    assert run(capsys, "bestiary", "store", str(save), "Wolfie", "--as", "Wolf pup")[0] == 0
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert list(data) == ["dire-wolf", "wolf-pup"] and data["dire-wolf"]["hp"] == 9
    assert path.read_text(encoding="utf-8").startswith("# Your own creatures for pathfinder1e")


def test_the_gms_creature_wins_over_the_games_of_the_same_id(tmp_path):
    path = bestiary_file.user_path("pathfinder1e")
    path.parent.mkdir(parents=True)
    path.write_text('[goblin]\nen = "Goblin"\nes = "Trasgo"\nhp = 9\nac = 14\n', encoding="utf-8")
    enc = Encounter.create(tmp_path / "f.toml", "pathfinder1e")
    enc.execute("add @trasgo x2")
    assert hp(enc, "trasgo-1") == (9, 9) and enc.state.get("trasgo-2").stats["ac"] == 14


def test_a_broken_bestiary_entry_is_one_line_with_its_line_when_used_and_the_rest_still_adds(tmp_path):
    """The GM's bestiary is read at the first `add @...`, not when the encounter opens; an entry
    left out says why (its file and line) when the GM asks for it."""
    path = bestiary_file.user_path("pathfinder1e")
    path.parent.mkdir(parents=True)
    path.write_text('[brute]\nen = "Brute"\nhp = 30\n\n[nameless]\nhp = 4\n', encoding="utf-8")
    enc = Encounter.create(tmp_path / "f.toml", "pathfinder1e")
    assert enc.warning is None and enc.session.bestiary.problems == ()  # nothing read yet
    enc.execute("add @brute x2")
    assert hp(enc, "brute-2") == (30, 30)
    why = f"{path}: line 5: [nameless] needs its English name: en = \"...\"; the entry is left out"
    with pytest.raises(CommandError) as refused:
        enc.execute("add @nameless")
    assert str(refused.value) == f"add: @nameless cannot be added: {why}"
    assert "nameless" not in enc.session.bestiary and list(map(str, enc.session.bestiary.problems)) == [why]
    path.write_text("[brute\n", encoding="utf-8")
    again = Encounter.create(tmp_path / "g.toml", "pathfinder1e")
    with pytest.raises(CommandError) as refused:
        again.execute("add @brute")
    assert f"; and a bestiary file has a problem: {path}: line 1: not valid TOML" in str(refused.value)


def test_bestiary_list_and_show_search_both_languages(capsys):
    code, out, _ = run(capsys, "bestiary", "list", "--ruleset", "pathfinder1e", "rata")
    assert code == 0 and out.split() [:3] == ["pathfinder1e", "@dire-rat", "Dire"]
    assert "@rat-swarm" in out and "@goblin" not in out
    code, out, _ = run(capsys, "--lang", "es", "bestiary", "show", "ogro", "--ruleset", "pathfinder1e")
    assert code == 0
    lines = out.splitlines()
    assert lines[1] == "Ogro (Ogre) · VD 3 · 800 PX"
    assert "hp 30 (4d8+12)" in lines[3] and lines[-1] == "Fuente: Pathfinder RPG Bestiary, p. 220 (OGL)"


# --- the party -----------------------------------------------------------------------------------


def test_a_party_carried_across_two_encounters(tmp_path, capsys):
    """The PCs come in as their last fight left them (HP, nonlethal, hero points, negative
    levels, fatigue), the fight's own conditions (prone) stay behind, and writing back says
    what changed in one line."""
    assert run(capsys, "party", "new", "Runelords", "--ruleset", "pathfinder1e")[0] == 0
    sheets = tmp_path / "sheets.toml"
    run(capsys, "exec", str(sheets), "--new", "pathfinder1e", "-q", "--",
        "add Kyra pc hp=38 con=14 hd=5 dex=14", "add Valeros pc hp=45 con=14 hd=5", "add Rat hp=3")
    code, out, _ = run(capsys, "party", "add", "Runelords", str(sheets))
    assert code == 0 and "Runelords: Kyra, Valeros" in out
    # first fight
    one = tmp_path / "one.toml"
    assert run(capsys, "new", str(one), "--party", "Runelords", "--no-open")[0] == 0
    code, _, err = run(capsys, "exec", str(one), "-q", "--rolls", "10,10,10,10,10", "--", "add Goblin x2 hp=6 init=9", "roll",
                       "start", "dmg Kyra 15", "dmg Kyra 4 nonlethal", "cond Kyra fatigued",
                       "cond Valeros energy-drained:1", "cond Valeros prone", "spend Kyra hero act", "end")
    assert code == 0, err
    code, out, _ = run(capsys, "party", "update", str(one))
    assert code == 0
    assert out.strip() == ("Runelords: Kyra: Hit points 38 → 23, Nonlethal damage 0 → 4, Hero points 1 → 0, "
                           "+Fatigued; Valeros: Hit points 45 → 40, +Energy drained 1")
    # second fight starts from it
    two = tmp_path / "two.toml"
    assert run(capsys, "new", str(two), "--party", "Runelords", "--no-open")[0] == 0
    enc = Encounter.open(two, read_only=True)
    kyra, valeros = enc.state.get("kyra"), enc.state.get("valeros")
    assert hp(enc, "kyra") == (23, 38) and kyra.pools["nl"].value == 4 and kyra.pools["hero"].value == 0
    assert [i.cond for i in kyra.conditions] == ["fatigued"]
    assert hp(enc, "valeros") == (40, 40) and [(i.cond, i.value) for i in valeros.conditions] == [
        ("energy-drained", 1)]  # its -5 HP taken once, not twice
    assert enc.doc.extra["party"] == "Runelords"
    lines = [e.line for e in enc.session.done]
    assert lines[:2] == ["add Kyra pc hp=38 dex=14 con=14 hd=5", "cond kyra fatigued"]
    # the second fight changes nothing for Valeros, heals Kyra: only that is said
    run(capsys, "exec", str(two), "-q", "--", "heal Kyra 5", "uncond Kyra fatigued")
    code, out, _ = run(capsys, "--lang", "es", "party", "update", str(two))
    assert out.strip() == ("Runelords: Kyra: Puntos de golpe 23 → 28, Daño no letal 4 → 0, −Fatigado; "
                           "Valeros: sin cambios")  # healing takes nonlethal damage too (pathfinder1e.md §1.3)


def test_lasting_default_keeps_what_outlasts_a_fight():
    """Sheet.lasting (gm_console/engine/core/contract/parts.py): pools as they are; conditions until
    removed or with a minute or more left; not the fight's own (prone, grappled) nor a short one."""
    rs = plugins.load("pathfinder1e")
    s = Session(rs)
    for line in ("add Kyra pc hp=30 con=12", "start", "cond Kyra prone", "cond Kyra shaken 3",
                 "cond Kyra sickened 20", "cond Kyra fatigued", "cond Kyra energy-drained:2", "dmg Kyra 12"):
        s.execute(line)
    kept = rs.sheet.lasting(s.state, s.state.get("kyra"))
    assert kept["pools"]["hp"] == 8
    assert [(c["cond"], c.get("value"), c.get("rounds")) for c in kept["conditions"]] == [
        ("sickened", None, 20), ("fatigued", None, None), ("energy-drained", 2, None)]
    assert kept["life"] == "ok"


def test_a_stable_pc_comes_back_stable_not_dying(tmp_path, capsys):
    run(capsys, "party", "new", "Crew", "--ruleset", "pathfinder1e")
    fight = tmp_path / "fight.toml"
    run(capsys, "exec", str(fight), "--new", "pathfinder1e", "-q", "--", "add Kyra pc hp=20 con=12")
    run(capsys, "party", "add", "Crew", str(fight))
    run(capsys, "exec", str(fight), "-q", "--", "dmg Kyra 23", "cond Kyra stable")
    assert run(capsys, "party", "update", str(fight), "--party", "Crew")[0] == 0
    nxt = tmp_path / "next.toml"
    run(capsys, "new", str(nxt), "--party", "Crew", "--no-open")
    enc = Encounter.open(nxt, read_only=True)
    assert hp(enc, "kyra") == (-3, 20) and enc.state.get("kyra").life == "stable"


def test_update_without_a_party_says_how_and_a_dry_run_writes_nothing(tmp_path, capsys):
    fight = tmp_path / "fight.toml"
    run(capsys, "exec", str(fight), "--new", "generic", "-q", "--", "add Ash pc hp=10")
    code, _, err = run(capsys, "party", "update", str(fight))
    assert code == 1 and "did not start with a party; say which: --party NAME" in err
    run(capsys, "party", "new", "Band", "--ruleset", "generic")
    run(capsys, "party", "add", "Band", str(fight))
    before = party_file.party_path("Band").read_bytes()
    run(capsys, "exec", str(fight), "-q", "--", "dmg Ash 4")
    code, out, _ = run(capsys, "party", "update", str(fight), "--party", "Band", "--dry-run")
    assert out.strip() == "Band (not written): Ash: Hit points 10 → 6"
    assert party_file.party_path("Band").read_bytes() == before
    code, _, err = run(capsys, "new", str(tmp_path / "x.toml"), "--party", "Band", "--ruleset", "pathfinder1e",
                       "--no-open")
    assert code == 1 and "the party Band plays generic, not pathfinder1e" in err
    assert not (tmp_path / "x.toml").exists()


# --- encounters prepared by hand -------------------------------------------------------------------


def test_the_example_prepared_encounter_opens_plays_and_becomes_a_save(tmp_path, capsys):
    plan = tmp_path / "ambush.toml"
    shutil.copyfile(EXAMPLE, plan)
    code, out, _ = run(capsys, "show", str(plan))
    assert code == 0 and "| Grak | ok | HP 22/22" in out.replace("| 1 | 15 ", "")
    assert plan.read_bytes() == EXAMPLE.read_bytes()  # show builds it in memory only
    code, out, err = run(capsys, "exec", str(plan), "--rolls", "3,10,10,10,10,10,10", "--", "roll", "start",
                         'dmg "Goblin 1" 4')
    assert code == 0, err
    assert "a prepared encounter: built it (5 lines)" in err
    assert (tmp_path / "ambush.toml.prepared.bak").read_bytes() == EXAMPLE.read_bytes()
    enc = Encounter.open(plan, read_only=True)
    assert enc.doc.read_format == 2 and enc.name == "Goblin ambush at the bridge"
    names = [c.name for c in enc.state.combatants.values()]
    assert names == ["Goblin 1", "Goblin 2", "Goblin 3", "Goblin 4", "Grak", "Goblin dog", "Valeros"]
    assert hp(enc, "goblin-1") == (2, 6) and hp(enc, "grak") == (22, 22) and enc.state.get("grak").initiative == 15
    assert hp(enc, "goblin-dog") == (8, 8)  # rolled: 3 + 5
    assert enc.state.get("valeros").side == "pc" and enc.state.in_combat
    assert [e.line for e in enc.session.done][:3] == ["add @goblin x4", "add Grak @hobgoblin hp=22", "init grak 15"]
    code, _, err = run(capsys, "exec", str(plan), "--", "next")  # an ordinary save from now on
    assert code == 0 and "prepared" not in err


def test_the_picker_and_list_show_a_prepared_encounter(tmp_path, capsys):
    info = peek(EXAMPLE, bundled=True)
    assert info.prepared and info.ruleset == "pathfinder1e" and info.name == "Goblin ambush at the bridge"
    assert any(i.prepared for i in list_encounters())
    code, out, _ = run(capsys, "list")
    assert any("Goblin ambush at the bridge" in ln and "prepared" in ln for ln in out.splitlines())


def test_a_prepared_encounter_can_bring_the_party(tmp_path, capsys):
    run(capsys, "party", "new", "Band", "--ruleset", "generic")
    sheets = tmp_path / "sheets.toml"
    run(capsys, "exec", str(sheets), "--new", "generic", "-q", "--", "add Ash pc hp=10 init=2")
    run(capsys, "party", "add", "Band", str(sheets))
    plan = tmp_path / "plan.toml"
    plan.write_text('ruleset = "generic"\nparty = "Band"\n\n[[combatant]]\nname = "Orc"\ncount = 2\nhp = "2d8+2"\n',
                    encoding="utf-8")
    enc = Encounter.open(plan)
    assert [c.name for c in enc.state.combatants.values()] == ["Ash", "Orc 1", "Orc 2"]
    assert hp(enc, "orc-2") == (11, 11) and enc.doc.extra["party"] == "Band"


BAD = [
    ('name = "x"\n[[combatant]]\nname = "Orc"\n', "line 1: a prepared encounter starts with ruleset"),
    ('ruleset = "generic"\n[[combatant]]\nname = "Orc"\nhp = [1\n', "line 4: not valid TOML"),
    ('ruleset = "generic"\n\n[[combatant]]\nname = "Orc"\nhp = 5\n\n[[combatant]]\nhp = 5\n',
     "line 7: combatant 2: needs name = \"...\" or from = \"a bestiary creature\""),
    ('ruleset = "generic"\n[[combatant]]\nname = "Orc"\ncount = 0\n', "line 2: combatant 1: count takes 1 to 100, not 0"),
    ('ruleset = "pathfinder1e"\n\n[[combatant]]\nfrom = "gobiln"\n',
     "line 3: combatant 1 (add @gobiln): add: no creature 'gobiln' in the bestiary; did you mean @goblin?"),
    ('ruleset = "generic"\n[[combatant]]\nname = "Orc"\nwings = 2\n', "unknown stat 'wings' for Generic"),
    ('ruleset = "generic"\nmonsters = 3\n[[combatant]]\nname = "Orc"\n', "line 2: unknown key 'monsters'"),
    ('ruleset = "nope"\n[[combatant]]\nname = "Orc"\n', "unknown ruleset 'nope'"),
    ('ruleset = "generic"\nparty = "Nobody"\n', "line 2: no party 'Nobody'"),
]


@pytest.mark.parametrize("text,why", BAD, ids=[w[:30] for _t, w in BAD])
def test_a_bad_prepared_file_is_one_line_with_its_line_and_stays_as_it_was(tmp_path, capsys, text, why):
    plan = tmp_path / "plan.toml"
    plan.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "exec", str(plan), "--", "start")
    assert code == 1 and why in err and len(err.strip().splitlines()) == 1, err
    assert plan.read_text(encoding="utf-8") == text and not list(tmp_path.glob("*.bak"))
    with pytest.raises(SaveError):
        Encounter.open(plan, read_only=True)


def test_the_bestiary_list_reads_in_spanish_threat_and_origin(capsys):
    """A Spanish GM reads the AGE threat ranks and where a creature comes from in Spanish
    (`menor`, `incluida`), and the stat block's `amenaza: mayor`; English keeps `minor`, `built-in`."""
    code, out, _ = run(capsys, "--lang", "es", "bestiary", "list", "--ruleset", "dragon_age", "genlock")
    assert code == 0 and out.split()[-2:] == ["menor", "incluida"]
    code, out, _ = run(capsys, "--lang", "es", "bestiary", "show", "ogro", "--ruleset", "dragon_age")
    assert "amenaza: mayor" in out.splitlines()[1]
    code, out, _ = run(capsys, "--lang", "en", "bestiary", "list", "--ruleset", "dragon_age", "genlock")
    assert out.split()[-2:] == ["minor", "built-in"]
