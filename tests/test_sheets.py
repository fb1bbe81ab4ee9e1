"""What a stat key means on `add`, `set`, prepared files and parties (docs/sheets.md): pools
have one meaning in every game, every change is a log line old → new, and what the GM may not
tell the players about a foe stays the GM's (issue 24)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gm_console import cli
from gm_console.engine.views.describe import describe_events
from gm_console.engine.core.errors import CommandError
from gm_console.engine.views.players_filter import lines
from gm_console.storage import Encounter

from conftest import Table, builtin_rulesets


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def said(t: Table, line: str) -> list[str]:
    entry = t.do(line)
    return [text for _e, text in describe_events(entry.events, t.state, t.session.ruleset)]


def pool(t: Table, who: str, key: str) -> tuple[int, int | None]:
    p = t.c(who).pools[key]
    return p.value, p.max


#: the pools of every built-in game, with a spelling in the other language
POOLS = {
    "generic": [("hp", "pg")],
    "pathfinder1e": [("hp", "pg")],
    "starfinder": [("sp", "stamina"), ("hp", "pg"), ("rp", "resolve")],
    "dragon_age": [("health", "salud"), ("mana", "mana")],
    "dnd5e": [("hp", "pg")],
}


def test_every_pool_of_every_game_is_listed_here():
    from gm_console import plugins

    for rid in builtin_rulesets():
        rs = plugins.load(rid)
        kinds = {f.key for f in rs.sheet.block if f.kind == "pool" and f.key != "temp"}
        assert kinds == {k for k, _es in POOLS[rid]}, rid


@pytest.mark.parametrize("rid", sorted(POOLS))
def test_a_pool_means_the_same_in_every_game(rid):
    """hp=N the current value (a new pool: both), hp=N/M both, hpmax=M or hp=/M the maximum."""
    for key, other in POOLS[rid]:
        t = Table(rid)
        t.do(f"add Kyra pc {key}=30")
        assert pool(t, "Kyra", key) == (30, 30)  # new: both
        assert said(t, f"set Kyra {key}=24") == [f"Kyra: {_label(t, key)} 30 → 24"]
        assert pool(t, "Kyra", key) == (24, 30)  # the maximum unchanged
        assert said(t, f"set Kyra {key}=20/40") == [f"Kyra: {_label(t, key)} 24/30 → 20/40"]
        assert said(t, f"set Kyra {key}max=35") == [f"Kyra: {_label(t, key)} 20/40 → 20/35"]
        t.do(f"set Kyra {key}=/38")
        assert pool(t, "Kyra", key) == (20, 38)
        t.do(f"set Kyra {other}=12")  # the other language's name
        assert pool(t, "Kyra", key) == (12, 38)
        t.do(f"set Kyra {other}max=10")  # a maximum below the current value brings it down
        assert pool(t, "Kyra", key) == (10, 10)
        t.do(f"add Orc {key}=8/20", f"add Ogre {key}max=25")
        assert pool(t, "Orc", key) == (8, 20) and pool(t, "Ogre", key) == (25, 25)
        assert t.c("Kyra").stats[key] == 10 and t.c("Orc").stats[key] == 20  # the stat block keeps the maximum


def _label(t: Table, key: str) -> str:
    from gm_console.i18n import render

    return render(t.session.ruleset.sheet.label(key), "en")


def test_set_hp_changes_the_current_value_with_a_log_line_old_to_new():
    """The GM's report: `set Gob hp=4` made it 10/4 and said nothing; `dmg` lines read old → new."""
    t = Table("pathfinder1e")
    t.do("add Gob hp=10", "add Kyra pc hp=30 hero=1")
    assert said(t, "set Gob hp=4") == ["Gob: HP 10 → 4"]
    assert pool(t, "Gob", "hp") == (4, 10)
    assert said(t, "set Kyra hero=2") == ["Kyra: hero points 1 → 2"]  # a counter: what is left
    assert pool(t, "Kyra", "hero") == (2, 3)
    assert said(t, "set Kyra hp=24 hpmax=38") == ["Kyra: HP 30/30 → 24/38"]


def test_a_counter_takes_a_number_and_a_pool_refuses_a_current_value_above_its_maximum():
    t = Table("pathfinder1e")
    t.do("add Kyra pc hp=30 hero=1")
    before = t.state.copy()
    for line, why in [
        ("set Kyra hp=50", "hp=50 is above the maximum 30; hp=50/50 raises both"),
        ("set Kyra hp=9/8", "hp=9/8: the current value is above the maximum"),
        ("set Kyra hp=lots", "hp takes a whole number or current/max like 6/38, not 'lots'"),
        ("set Kyra hp=/-3", "hp maximum cannot be negative (-3)"),
        ("set Kyra hp=99999999", "hp=99999999 is out of range"),
        ("set Kyra heromax=2", "hero is a count of what is left, its maximum the rules' (3): hero=N"),
        ("set Kyra hero=1/3", "hero is a count of what is left"),
        ("set Kyra nlmax=2", "nl is a count with no maximum: nl=N"),
        ("set Kyra hpmx=3", "unknown stat 'hpmx' for Pathfinder 1e; did you mean hpmax?"),
        ("add Orc hp=2 hpmax=1", "hp: the current value 2 is above the maximum 1"),
    ]:
        with pytest.raises(CommandError) as exc:
            t.do(line)
        assert why in str(exc.value), (line, str(exc.value))
        assert "\n" not in str(exc.value)
    assert pool(t, "Kyra", "hp") == (30, 30) and t.state.combatants.keys() == before.combatants.keys()


def test_the_players_read_a_foes_pool_change_as_a_word_and_their_pcs_in_full():
    t = Table("starfinder")
    t.do("add Kyra pc sp=10 hp=12 rp=3", "add Ksarik sp=20 hp=30 rp=2")
    t.do("set Ksarik hp=10", "set Ksarik hpmax=40", "set Kyra sp=4", "set Ksarik rp=1")
    told = [ln.text for ln in lines(t.session.done, t.session.ruleset)]
    assert "Kyra: SP 10 → 4" in told
    ksarik = [text for text in told if "Ksarik" in text and "joins" not in text]
    assert ksarik and all(not any(ch.isdigit() for ch in text) for text in ksarik), ksarik
    gm = [ln.text for ln in lines(t.session.done, t.session.ruleset, players=False)]
    assert "Ksarik: HP 30 → 10" in gm and "Ksarik: HP 10/30 → 10/40" in gm and "Ksarik: RP 2 → 1" in gm


def test_a_prepared_file_reads_pools_as_add_does(tmp_path, capsys):
    plan = tmp_path / "plan.toml"
    plan.write_text('ruleset = "starfinder"\n\n[[combatant]]\nname = "Kyra"\nside = "pc"\nsp = "4/12"\nhp = 14\n'
                    'rp = 3\nrpmax = 5\n\n[[combatant]]\nname = "Drone"\nhpmax = 9\n', encoding="utf-8")
    code, out, err = run(capsys, "show", str(plan))
    assert code == 0, err
    enc = Encounter.open(plan, read_only=True)
    kyra = enc.state.get("kyra").pools
    assert (kyra["sp"].value, kyra["sp"].max) == (4, 12) and (kyra["hp"].value, kyra["hp"].max) == (14, 14)
    assert (kyra["rp"].value, kyra["rp"].max) == (3, 5)
    assert (enc.state.get("drone").pools["hp"].value, enc.state.get("drone").pools["hp"].max) == (9, 9)


def test_set_through_the_cli_in_spanish(tmp_path, capsys):
    fight = tmp_path / "f.toml"
    code, out, err = run(capsys, "--lang", "es", "exec", str(fight), "--new", "pathfinder1e", "--",
                         "añadir Kyra pj pg=30", "poner Kyra pg=24", "poner Kyra pgmax=35")
    assert code == 0, err
    assert "Kyra: PG 30 → 24" in out and "Kyra: PG 24/30 → 24/35" in out


def test_the_sheets_page_has_one_table_for_every_pool():
    text = (Path(__file__).resolve().parent.parent / "docs" / "sheets.md").read_text(encoding="utf-8")
    for spelled in ("`hp=N`", "`hp=N/M`", "`hpmax=M`", "`hp=/M`", "`hero=N`"):
        assert spelled in text


# --- cr and xp: a foe without a bestiary entry counts for XP (issue 24) ---------------------------


def awards(t: Table) -> list[tuple[str, str, int]]:
    from gm_console.engine.views.aftermath import fight_summary

    return sorted((a.name, a.cr, a.xp) for a in fight_summary(t.session.done, t.session.ruleset).awards)


def test_cr_and_xp_keys_give_a_hand_made_foe_its_xp_in_pathfinder():
    """docs/players.md §4: the CRB's Table 12-2 by CR; an `xp` of the GM's own wins."""
    t = Table("pathfinder1e")
    t.do("add Kyra pc hp=30", "add Bugbear hp=10 cr=2", "add Cultist hp=5 vd=1/2", "add Imp hp=5 px=150",
         "add Thug hp=5", "set Thug cr=3")
    t.do("start", "dmg Bugbear 30", "dmg Cultist 30", "dmg Imp 30", "dmg Thug 30", "end")
    assert awards(t) == [("Bugbear", "2", 600), ("Cultist", "1/2", 200), ("Imp", "", 150), ("Thug", "3", 800)]


def test_starfinder_reads_its_cr_as_the_level_and_takes_xp():
    t = Table("starfinder")
    t.do("add Kyra pc sp=10 hp=10", "add Pirate hp=10 cr=2", "add Drone hp=5 xp=65")
    t.do("start", "dmg Pirate 30", "dmg Drone 30", "end")
    assert awards(t) == [("Drone", "", 65), ("Pirate", "2", 600)]


@pytest.mark.parametrize("line, why", [
    ("add Orc hp=5 cr=lots", "cr takes a challenge rating like 3, 1/2 or 0.5, not 'lots'"),
    ("add Orc hp=5 cr=1/0", "cr takes a challenge rating"),
    ("add Orc hp=5 xp=-5", "xp must be at least 0, not -5"),
])
def test_a_bad_cr_or_xp_is_one_line(line, why):
    t = Table("pathfinder1e")
    with pytest.raises(CommandError) as exc:
        t.do(line)
    assert why in str(exc.value) and not t.state.combatants


def test_a_prepared_foe_with_a_cr_counts_for_xp(tmp_path, capsys):
    from gm_console.engine.views.aftermath import fight_summary

    plan = tmp_path / "plan.toml"
    plan.write_text('ruleset = "pathfinder1e"\n\n[[combatant]]\nname = "Kyra"\nside = "pc"\nhp = 20\n\n'
                    '[[combatant]]\nname = "Brute"\nhp = 9\ncr = "1/3"\n', encoding="utf-8")
    code, _out, err = run(capsys, "exec", str(plan), "-q", "--", "start", "dmg Brute 20", "end")
    assert code == 0, err
    enc = Encounter.open(plan, read_only=True)
    got = [(a.name, a.cr, a.xp) for a in fight_summary(enc.session.done, enc.ruleset).awards]
    assert got == [("Brute", "1/3", 135)]


# --- prepared rows: side, group, hidden; `add ... hidden` (issue 24) --------------------------------


def test_add_hidden_keeps_the_newcomers_from_the_players_from_their_first_line():
    t = Table("pathfinder1e")
    t.do("add Kyra pc hp=20", "add Assassin hp=12 hidden", "añadir Sombra x2 hp=5 oculto")
    assert [c.name for c in t.state.combatants.values() if c.hidden] == ["Assassin", "Sombra 1", "Sombra 2"]
    told = " ".join(ln.text for ln in lines(t.session.done, t.session.ruleset))
    assert "Kyra" in told and "Assassin" not in told and "Sombra" not in told
    assert "Hidden from the players: Assassin" in " ".join(t.said())


def test_a_prepared_row_takes_side_group_and_hidden(tmp_path, capsys):
    plan = tmp_path / "plan.toml"
    plan.write_text('ruleset = "pathfinder1e"\n\n'
                    '[[combatant]]\nfrom = "goblin"\ncount = 3\ngroup = true\nhidden = true\n\n'
                    '[[combatant]]\nname = "Guard"\nhp = 9\nside = "ally"\n', encoding="utf-8")
    code, _out, err = run(capsys, "exec", str(plan), "-q", "--rolls", "10,10", "--", "roll", "start")
    assert code == 0, err
    enc = Encounter.open(plan, read_only=True)
    goblins = [c for c in enc.state.combatants.values() if c.name.startswith("Goblin")]
    assert [c.name for c in goblins] == ["Goblin 1", "Goblin 2", "Goblin 3"] and all(c.hidden for c in goblins)
    assert len({c.initiative for c in goblins}) == 1  # one roll for the group
    assert enc.state.get("guard").side == "ally" and not enc.state.get("guard").hidden
    assert [e.line for e in enc.session.done][:2] == ["add @goblin x3 group hidden", "add Guard ally hp=9"]


def test_a_prepared_switch_that_is_not_true_or_false_is_one_line(tmp_path, capsys):
    plan = tmp_path / "plan.toml"
    text = 'ruleset = "generic"\n\n[[combatant]]\nname = "Orc"\nhp = 5\nhidden = "yes"\n'
    plan.write_text(text, encoding="utf-8")
    code, _out, err = run(capsys, "show", str(plan))
    assert code == 1 and err.strip().endswith("line 3: combatant 1: hidden takes true or false, not 'yes'")
    assert plan.read_text(encoding="utf-8") == text


# --- an override of a bestiary creature's AC moves what is written from it (issue 24) -------------


def test_overriding_a_goblins_ac_moves_its_touch_and_flat_footed_ac_unless_given():
    """pathfinder1e.md, stat keys: touch and flat-footed AC are the AC without some of its
    bonuses, so the same difference moves them (the goblin's 16/13/14 in the bestiary)."""
    from gm_console import plugins
    from gm_console.storage.bestiary_files import lazy

    t = Table("pathfinder1e", bestiary=lazy(plugins.load("pathfinder1e")))
    t.do("add @goblin ac=17", 'add "Grak" @goblin ac=18 touch=12', 'añadir "Gob" @trasgo ca=15', 'add "Plain" @goblin')
    rs = t.session.ruleset
    shown = {c.name: tuple(rs.sheet.effective(t.state, c)[k].value for k in ("ac", "touch", "ff"))
             for c in t.state.combatants.values()}
    assert shown == {"Goblin": (17, 14, 15), "Grak": (18, 12, 16), "Gob": (15, 12, 13), "Plain": (16, 13, 14)}


# --- party add keeps what the PCs have now, and takes a PC written as a stat block (issue 24) -------


def test_party_add_keeps_the_pcs_pools_as_they_are_in_the_encounter(tmp_path, capsys):
    run(capsys, "party", "new", "Crew", "--ruleset", "pathfinder1e")
    fight = tmp_path / "fight.toml"
    code, _o, err = run(capsys, "exec", str(fight), "--new", "pathfinder1e", "-q", "--",
                        "add Kyra pc hp=38 hero=1", "set Kyra hero=2", "dmg Kyra 8", "add Bren pc hp=20 hero=1",
                        "spend Bren hero")
    assert code == 0, err
    assert run(capsys, "party", "add", "Crew", str(fight))[0] == 0
    nxt = tmp_path / "next.toml"
    assert run(capsys, "new", str(nxt), "--party", "Crew", "--no-open")[0] == 0
    enc = Encounter.open(nxt, read_only=True)
    kyra, bren = enc.state.get("kyra").pools, enc.state.get("bren").pools
    assert (kyra["hero"].value, kyra["hp"].value, kyra["hp"].max) == (2, 30, 38)
    assert (bren["hero"].value, bren["hp"].value) == (0, 20)


def test_party_add_takes_a_pc_written_as_a_stat_block(tmp_path, capsys):
    run(capsys, "party", "new", "Crew", "--ruleset", "pathfinder1e")
    code, out, err = run(capsys, "party", "add", "Crew", "--pc", "Kyra hp=30/38 ac=18", "--pc", '"Old Bren" hp=20')
    assert code == 0, err
    assert out.strip() == "Crew: Kyra, Old Bren (stat blocks as written)"
    nxt = tmp_path / "next.toml"
    assert run(capsys, "new", str(nxt), "--party", "Crew", "--no-open")[0] == 0
    enc = Encounter.open(nxt, read_only=True)
    kyra = enc.state.get("kyra")
    assert (kyra.pools["hp"].value, kyra.pools["hp"].max, kyra.stats["ac"], kyra.side) == (30, 38, 18, "pc")
    assert enc.state.get("old-bren").pools["hp"].value == 20
    from gm_console.storage import party as party_file

    before = party_file.party_path("Crew").read_bytes()
    code, _o, err = run(capsys, "party", "add", "Crew", "--pc", "Valeros hp=lots")
    assert code == 1 and "Valeros hp=lots" in err and "hp takes a whole number or current/max" in err
    assert len(err.strip().splitlines()) == 1 and party_file.party_path("Crew").read_bytes() == before
