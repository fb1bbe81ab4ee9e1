"""PF1 sheet lines and GM warnings (issue: shown on the sheet, explained in the log)."""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import Table
from pf1_support import sheet_lines

PKG = Path(__file__).resolve().parent.parent / "rulesets" / "pathfinder1e"


def pf(**options) -> Table:
    return Table("pathfinder1e", options=options or None)


def status(t: Table, name: str, lang: str = "en") -> list[str]:
    return sheet_lines(t.session.ruleset, t.state, t.c(name), lang)


def pending(t: Table) -> list[str]:
    return [p.render() for p in t.session.ruleset.pending(t.state)]


def test_dying_status_and_pending():
    """pathfinder1e.md §1.4: the sheet counts down to death; the GM is warned of the coming Con check."""
    t = pf()
    t.do("add Kyra pc hp=20 con=14", "dmg Kyra 25")
    assert status(t, "Kyra")[0] == ("dying: dies at -14 (9 to go); Con check DC 10 (d20+2-5) at the "
                                    "start of their turn")
    assert "Kyra is dying: Con check at the start of their turn (dies at -14, 9 to go)" in pending(t)


def test_stable_status_says_which_kind():
    t = pf()
    t.do("add Kyra pc hp=20 con=14", "dmg Kyra 25", "stabilize Kyra")
    assert status(t, "Kyra")[0].startswith("stable (aided): dies at -14 (9 to go)")


def test_disabled_status_and_pending():
    t = pf()
    t.do("add Kyra pc hp=20", "dmg Kyra 20")
    assert status(t, "Kyra")[0].startswith("disabled: one move or standard action, half speed")
    assert "Kyra is disabled: a standard action costs 1 HP (standard kyra)" in pending(t)


def test_nonlethal_status():
    t = pf()
    t.do("add Kyra pc hp=20", "dmg Kyra 4 nonlethal")
    assert "nonlethal 4: staggered at HP 4, unconscious below" in status(t, "Kyra")
    t.do("dmg Kyra 16")
    assert status(t, "Kyra")[0] == "staggered: nonlethal 4 = HP 4; one move or standard action"


def test_bleed_status_and_pending():
    t = pf()
    t.do("add Kyra pc hp=20", "cond Kyra bleed:2")
    assert "bleeds 2 HP at the start of their turn (Heal DC 15 or healing stops it)" in status(t, "Kyra")
    assert any(p.startswith("Kyra bleeds 2 HP at the start of their turn") for p in pending(t))


def test_helpless_and_actions_lines():
    t = pf()
    t.do("add Gob hp=6", "cond Gob paralyzed")
    lines = status(t, "Gob")
    assert "actions: none (paralyzed)" in lines
    assert "helpless (paralyzed): melee attackers get +4; coup de grace" in lines


def test_spanish_status():
    t = pf()
    t.do("add Kyra pc hp=20 con=14", "dmg Kyra 25")
    assert status(t, "Kyra", "es")[0].startswith("moribundo: muere a -14 (faltan 9)")


def test_status_never_mentions_hero_points():
    """pathfinder1e.md §1.6 [S]: hero points never show on the (player-facing) sheet."""
    t = pf()
    t.do("add Kyra pc hp=20 hero=3 con=14", "dmg Kyra 25", "cond Kyra bleed:1")
    assert not any("hero" in s for s in status(t, "Kyra"))


def test_log_lines_are_bilingual():
    t = pf()
    t.do("add Kyra pc hp=20", "dmg Kyra 5")
    said = [e for entry in t.session.done for e in entry.events if e.kind == "Said"]
    assert said[0].text("es") == "Kyra recibe 5 de daño: PG 20 -> 15"


def test_ruleset_imports_only_the_contract():
    """Architecture: rulesets import gm_console.ruleset and engine value types only, never UI/storage."""
    forbidden = ("textual", "rich", "gm_console.storage", "gm_console.tui", "gm_console.cli",
                 "gm_console.plugins")
    for path in PKG.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            for name in names:
                assert not name.startswith(forbidden), f"{path.name} imports {name}"


# -- warnings that offer a command (Pending.command: the TUI asks "run it?") ------------------


def offers(t: Table) -> dict[str, str | None]:
    return {p.render(): p.command for p in t.session.ruleset.pending(t.state)}


def test_cheat_death_warning_carries_its_command():
    """pathfinder1e.md §1.4/§1.6 [S]: 2 hero points when the PC would die; the warning offers the spend."""
    t = pf()
    t.do("add Seelah pc hp=20 con=14 hero=2", "dmg Seelah 40")
    assert offers(t)["Seelah would die: spend 2 hero points? (spend seelah hero cheat-death)"] == \
        "spend seelah hero cheat-death"
    t.do("spend seelah hero cheat-death")
    assert t.c("Seelah").life == "stable"


def test_pet_warning_carries_its_command_only_with_a_named_owner():
    """pathfinder1e.md §1.4/§1.6 [S]: the owner's hero point saves its pet; OWNER unknown = nothing to run."""
    t = pf()
    t.do("add Kyra pc hp=20 hero=2", "add Wolf ally hp=13 con=15 owner=Kyra", "dmg Wolf 40")
    assert offers(t)["Wolf would die: Kyra may spend 1 hero point (spend kyra hero pet wolf)"] == \
        "spend kyra hero pet wolf"
    t = pf()
    t.do("add Kyra pc hp=20 hero=2", "add Wolf ally hp=13 con=15", "dmg Wolf 40")
    (command,) = [cmd for en, cmd in offers(t).items() if en.startswith("Wolf would die")]
    assert command is None


def test_disabled_and_unaided_stable_warnings_carry_their_commands():
    """pathfinder1e.md §1.4 [S]: disabled: `standard NAME`; stable unaided: the Heal DC 15 check itself,
    rolled by the ally whose turn it is, never `stabilize NAME` as if the check had been made."""
    t = pf()
    t.do("add Kyra pc hp=20 con=14", "dmg Kyra 20")
    assert offers(t)["Kyra is disabled: a standard action costs 1 HP (standard kyra)"] == "standard kyra"
    t = pf()
    t.rolls(15)
    t.do("add Kyra pc hp=20 con=14", "add Seelah pc hp=20 heal=5", "add Goblin hp=6", "init Kyra 10",
         "init Seelah 5", "init Goblin 15", "start", "dmg Kyra 25", "next")
    assert t.c("Kyra").life == "stable"
    (command,) = [cmd for en, cmd in offers(t).items() if "stable but unaided" in en]
    assert command is None  # Kyra's own turn: nobody to give first aid
    t.do("next")
    (command,) = [cmd for en, cmd in offers(t).items() if "stable but unaided" in en]
    assert command == "stabilize kyra by seelah"
    t.rolls(9)
    t.do(command)
    assert t.c("Kyra").marks.get("stable") == "unaided"
    assert t.said()[-1] == "Seelah gives Kyra first aid: Heal 9+5 = 14 vs DC 15, fails: nothing changes"
    t.rolls(10)
    t.do(command)
    assert t.c("Kyra").marks.get("stable") == "aided"


def test_dying_and_bleeding_warnings_offer_nothing_to_run():
    t = pf()
    t.do("add Kyra pc hp=20 con=14", "dmg Kyra 25", "cond Kyra bleed:1")
    assert all(cmd is None for cmd in offers(t).values())


def test_readied_action_warning_offers_unready():
    """pathfinder1e.md §1.1.6: an untriggered readied action is kept (seed) or dropped: `unready NAME`."""
    t = pf()
    t.do("add Kyra pc hp=20", "add Goblin hp=6", "init Kyra 20", "init Goblin 10", "start",
         "ready when the goblin moves", "next")
    assert t.active == "kyra"
    (command,) = [cmd for en, cmd in offers(t).items() if "readied action" in en]
    assert command == "unready kyra"
