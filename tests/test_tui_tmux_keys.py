"""Keys typed the way a GM who knows them types (issue 24, "Lost or misread keys"): tmux runs this
checkout's program, keys go in with send-keys in bursts (no sleep between them), and the test
waits on what the screen shows, then reads the file.
"""

from __future__ import annotations

import time

from gm_console.storage import Encounter
from test_tui_tmux import Terminal, _program, pytestmark  # noqa: F401 (skip without tmux)
from test_tui_support import SKIRMISH, make_encounter


def _open(tmp_path, lines=SKIRMISH, name="fast", size=(100, 30), ruleset="generic") -> tuple[Terminal, object]:
    enc = make_encounter(tmp_path, lines, ruleset=ruleset, name=name)
    enc.close()  # the program in the terminal is the one that writes
    return Terminal(tmp_path, [*_program(), str(enc.path)], size=size), enc


def _burst(term: Terminal, *keys: str) -> None:
    """One send-keys: the bytes reach the program in one write, as fast as a terminal can."""
    term.tmux("send-keys", "-t", "gm", *keys)


def _quit(term: Terminal) -> None:
    term.keys("q")
    assert term.wait_exit() == 0


def test_keys_typed_before_the_first_frame_are_applied_in_order(tmp_path):
    """`d 7 Enter n` 0.3 s after launch: the terminal is not yet in raw mode and sends the
    Enter as a line feed; Kyra takes 7, then Goblin 1's turn (not a damage form holding "7n")."""
    term, enc = _open(tmp_path)
    try:
        time.sleep(0.3)  # the GM's head start: before the program has drawn anything
        term.keys("d", "7", "Enter", "n")
        screen = term.wait_for("Goblin 1's turn", "13/20")
        assert "7n" not in screen and "Damage Kyra" not in screen
        _quit(term)
    finally:
        term.close()
    state = Encounter.open(enc.path).state
    assert state.get("kyra").pools["hp"].value == 13 and state.active == "goblin-1"


def test_escape_then_a_key_at_once_is_escape_then_the_key(tmp_path):
    """Esc closes the damage form and `n` goes next; Textual read the pair as Alt+n and typed
    an "n" into the form."""
    term, enc = _open(tmp_path)
    try:
        term.wait_for("Round 1", "Kyra's turn")
        term.keys("d")
        term.wait_for("Damage Kyra")
        _burst(term, "Escape", "n")
        screen = term.wait_for("Goblin 1's turn")
        assert "Damage Kyra" not in screen
        term.keys("d")  # Esc closes this one too, and `:` opens the command bar
        term.wait_for("Damage Goblin 1")
        _burst(term, "Escape", ":")
        term.wait_for("command (Tab completes")
        _burst(term, "Escape", "Escape")
        _quit(term)
    finally:
        term.close()
    state = Encounter.open(enc.path).state
    assert state.active == "goblin-1" and state.get("kyra").pools["hp"].value == 20


def test_a_search_that_finds_nothing_closes_and_the_next_keys_are_keys(tmp_path):
    """`/ tra1 Enter` on a fight with no Trasgo: the bar closes, one line says so, the sheet
    stays on whoever was selected (never a goblin the search says it did not find), and the
    next burst (`/ gob2 Enter d 3 Enter`) is read as keys, not typed into the bar."""
    term, enc = _open(tmp_path)
    try:
        term.wait_for("Round 1", "Kyra's turn")
        term.keys("/")
        term.type("tra1")
        term.keys("Enter")
        screen = term.wait_for("✗ No combatant matches 'tra1'")  # on the warnings line
        sheet = [line.split("▏", 1)[1] for line in screen.splitlines() if "▏" in line]
        assert not any("Goblin" in line for line in sheet)
        # Kyra's sheet, unless the corner notice of the same refusal is over its first rows
        assert any("Kyra" in line for line in sheet[:2]) or "▌ No combatant matches" in screen
        assert "tra1" not in screen.replace("No combatant matches 'tra1'", "")  # the bar is closed
        assert screen.splitlines()[1].startswith(" ✗ No combatant")  # under the head, in view
        term.keys("/")
        term.type("gob2")
        term.keys("Enter", "d", "3", "Enter")
        screen = term.wait_for("4/7")
        assert "✗" not in screen  # the warnings line said it once: the next key took it away
        _quit(term)
    finally:
        term.close()
    state = Encounter.open(enc.path).state
    assert state.get("goblin-2").pools["hp"].value == 4 and state.get("goblin-1").pools["hp"].value == 7


THREE_GOBLINS = ["add Kyra pc hp=20", "add Goblin x3 hp=9", "init Kyra 15", 'init "Goblin 1" 12',
                 'init "Goblin 2" 8', 'init "Goblin 3" 5', "start"]


def test_marks_clear_after_the_damage_they_were_for(tmp_path):
    """Three goblins marked take 5 each; the next `d 2` goes to the selected goblin only."""
    term, enc = _open(tmp_path, THREE_GOBLINS)
    try:
        term.wait_for("Round 1", "Kyra's turn")
        term.keys("j", "Space", "Space", "Space", "d")
        term.wait_for("Damage Goblin 1, Goblin 2, Goblin 3")
        term.keys("5", "Enter", "d", "2", "Enter")
        screen = term.wait_for("2/9")
        assert "marked" not in screen.splitlines()[0]
        _quit(term)
    finally:
        term.close()
    state = Encounter.open(enc.path).state
    assert [state.get(f"goblin-{n}").pools["hp"].value for n in (1, 2, 3)] == [4, 4, 2]


TWO_DYING = ["add Kyra pc hp=10 sp=5 rp=4", "add Navasi pc hp=10 sp=5 rp=4", "add Pirate hp=12",
             "init Pirate 20", "init Kyra 15", "init Navasi 12", "start", "dmg Kyra 15", "dmg Navasi 15"]


def test_y_runs_the_offer_on_the_screen_when_it_was_pressed(tmp_path):
    """Kyra's turn offers `[y] runs: spend kyra resolve stabilize`; `n y` in one burst: the y was
    for Kyra's offer (the one on the screen), never Navasi's, which the next turn brought before
    the y was handled: Navasi keeps her RP and is still dying, and the refusal for Kyra says why."""
    term, enc = _open(tmp_path, TWO_DYING, name="two-dying", size=(140, 30), ruleset="starfinder")
    try:
        term.wait_for("Round 1", "Pirate's turn")
        term.keys("n")
        term.wait_for("Kyra's turn", "[y] runs: spend kyra resolve stabilize")
        rp_before = Encounter.open(enc.path, read_only=True).state.get("navasi").pools["rp"].value
        _burst(term, "n", "y")
        screen = term.wait_for("Navasi's turn", "only on their own turn")
        assert "✗ Kyra can spend RP to stabilise only on their own turn" in screen
        _quit(term)
    finally:
        term.close()
    navasi = Encounter.open(enc.path).state.get("navasi")
    assert navasi.life == "dying" and navasi.pools["rp"].value <= rp_before  # no stabilisation spent
    assert not any(e.line.startswith("spend") for e in Encounter.open(enc.path).session.done)


def test_the_fights_keys_work_from_the_log_and_esc_brings_the_lists_back(tmp_path):
    """`j` selects Goblin 1; Tab Tab: the log has the focus, so ↑ ↑ read it back instead of
    selecting Kyra, and `d 3 Enter` in the same burst still damages the selected Goblin 1; Esc
    gives the keys back to the list, where `k` selects Kyra and `d 2 Enter` damages her
    (docs/keys.md: where each key works)."""
    term, enc = _open(tmp_path)
    try:
        term.wait_for("Round 1", "Kyra's turn")
        _burst(term, "j", "Tab", "Tab", "Up", "Up", "d", "3", "Enter")
        term.wait_for("4/7")
        _burst(term, "Escape", "k", "d", "2", "Enter")
        term.wait_for("18/20")
        _quit(term)
    finally:
        term.close()
    state = Encounter.open(enc.path).state
    assert state.get("kyra").pools["hp"].value == 18 and state.get("goblin-1").pools["hp"].value == 4
