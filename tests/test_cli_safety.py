"""The command line at its edges (issue 14): a broken pipe after saving is not a failure;
only regular files of a sane size are read; argv that is not UTF-8, a bad place for `new`,
and a hostile name each get one line; control characters never reach the terminal raw."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from gm_console.cli import main, printable
from gm_console.storage import Encounter

ROOT = Path(__file__).resolve().parent.parent
RAW_CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\u202e]")  # all but the newline


def gm(*args, **kwargs) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "gm_console", *args], capture_output=True, env=env,
                          timeout=60, cwd=ROOT, **kwargs)


def run(*args) -> int:
    return main([str(a) for a in args])


@pytest.fixture
def fight(tmp_path):
    p = tmp_path / "f.toml"
    assert run("exec", p, "--new", "generic", "-q", "--", "add Kyra pc hp=20", "add Goblin hp=7") == 0
    return p


# -- 5. output errors after a save never look like failure --------------------------------------
def test_exec_into_head_saves_once_and_exits_0_without_a_traceback(fight):
    """`exec ... | head -1`: the reader leaves early; a script must not think the save failed
    (it would retry and do it all twice)."""
    script = fight.parent / "notes.txt"
    script.write_text("\n".join(f"note line {i} " + "x" * 40 for i in range(2500)), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    r = subprocess.run(["bash", "-c", 'set -o pipefail; "$@" | head -1', "sh", sys.executable, "-m", "gm_console",
                        "exec", str(fight), "--script", str(script)],
                       capture_output=True, text=True, env=env, timeout=120, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr and "Error" not in r.stderr
    assert r.stdout.count("\n") == 1
    with Encounter.open(fight, read_only=True) as enc:
        assert sum(e.line.startswith("note line") for e in enc.session.done) == 2500


def test_show_and_log_into_head_exit_0(fight):
    assert run("exec", fight, "-q", "--", *[f"note {i}" for i in range(3000)]) == 0
    for command in ("show", "log"):
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        r = subprocess.run(["bash", "-c", 'set -o pipefail; "$@" | head -1', "sh", sys.executable, "-m",
                            "gm_console", command, str(fight)], capture_output=True, text=True, env=env,
                           timeout=120, cwd=ROOT)
        assert r.returncode == 0 and "Traceback" not in r.stderr, (command, r.stderr)


# -- 6. only regular files, of a sane size ----------------------------------------------------------
def _one_line_error(r: subprocess.CompletedProcess) -> str:
    err = r.stderr.decode("utf-8", "replace").strip()
    assert r.returncode != 0 and err.startswith("error: ") and "\n" not in err and "Traceback" not in err, err
    return err


@pytest.mark.parametrize("command", [["show"], ["log"], ["exec", "--", "note x"]])
def test_a_fifo_is_refused_at_once_not_waited_on(tmp_path, command):
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    argv = [command[0], str(fifo), *command[1:]]
    assert "is a pipe (FIFO), not a save file" in _one_line_error(gm(*argv))


def test_a_folder_is_refused(tmp_path):
    (tmp_path / "d.toml").mkdir()
    assert "is a folder, not a save file" in _one_line_error(gm("show", str(tmp_path / "d.toml")))


def test_dev_zero_behind_a_symlink_is_refused(tmp_path):
    link = tmp_path / "z.toml"
    link.symlink_to("/dev/zero")
    assert "is a device, not a save file" in _one_line_error(gm("show", str(link)))
    assert "is a device" in _one_line_error(gm("exec", str(link), "--", "note x"))


def test_a_file_over_the_size_limit_is_refused_saying_so(tmp_path, capsys):
    big = tmp_path / "big.toml"
    with open(big, "wb") as fh:
        fh.truncate(65 * 2 ** 20)  # sparse: costs no disk
    assert run("show", big) == 1
    err = capsys.readouterr().err.strip()
    assert err == f"error: {big}: is 65 MiB; a save may have at most 64 MiB, so this is not read (is it the right file?)"


def test_argv_that_is_not_utf8_is_one_line(fight):
    before = fight.read_bytes()
    r = subprocess.run([sys.executable, "-m", "gm_console", "exec", str(fight), "--", b"note caf\xe9"],
                       capture_output=True, env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=60, cwd=ROOT)
    err = _one_line_error(r)
    assert "argument 4" in err and "not valid UTF-8" in err and "\\udce9" in err
    assert fight.read_bytes() == before


def test_a_format_true_save_is_one_line(tmp_path, capsys):
    p = tmp_path / "t.toml"
    p.write_text('format = true\nruleset = "generic"\n\n[log]\n', encoding="utf-8")
    assert run("show", p) == 1
    assert "missing `format = 2`" in capsys.readouterr().err


# -- 7. control characters never reach the terminal raw --------------------------------------------
EVIL = "Evil\x1b]0;pwned\x07\x1b[2J\x9b31m\u202e"


@pytest.fixture
def evil(tmp_path):
    p = tmp_path / "e.toml"
    assert run("exec", p, "--new", "generic", "-q", "--", f'add "{EVIL}" hp=9', "add Kyra pc hp=20",
               f'note hello \x1b[31mred\x9b and \x1b]8;;http://x\x07link', "init Kyra 12", f'init "{EVIL}" 3',
               "start") == 0
    return p


@pytest.mark.parametrize("argv", [["show"], ["show", "--markdown"], ["show", "--players"], ["log"],
                                  ["exec", "-", "--", "dmg Evil 1", "note \x1b[2J again"], ["list"]])
def test_no_raw_control_character_reaches_the_terminal(evil, capsys, argv, monkeypatch):
    monkeypatch.setenv("GM_CONSOLE_DATA_DIR", str(evil.parent))  # `list` finds it
    (evil.parent / "encounters").mkdir(exist_ok=True)
    text = evil.read_text(encoding="utf-8").replace('name = "e"', 'name = "Evil\\u001b[2J\\u009b"', 1)
    (evil.parent / "encounters" / "e.toml").write_text(text, encoding="utf-8")
    args = [a if a != "-" else str(evil) for a in argv]
    if args[0] != "exec" and args[0] != "list":
        args.insert(1, str(evil))
    capsys.readouterr()
    assert main(args) == 0
    out = capsys.readouterr()
    assert not RAW_CONTROL.search(out.out) and not RAW_CONTROL.search(out.err)
    assert "\\u001b" in out.out  # shown, as an escape


def test_json_output_escapes_c1_controls_and_still_means_the_same(evil):
    r = gm("show", str(evil), "--json")
    assert r.returncode == 0
    assert not re.search(rb"[\x00-\x09\x0b-\x1f\x7f]|\xc2[\x80-\x9f]|\xe2\x80[\xa8\xa9\xae]", r.stdout)
    names = [c["name"] for c in json.loads(r.stdout)["combatants"]]
    assert EVIL in names


def test_error_lines_escape_what_was_typed(evil, capsys):
    capsys.readouterr()
    assert run("exec", evil, "--", 'dmg "\x1b[2JNo\nbody" 3') == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and not RAW_CONTROL.search(err)
    assert "combatants: Evil\\u001b]0;pwned\\u0007\\u001b[2J\\u009b31m\\u202e, Kyra" in err


def test_printable_keeps_text_and_escapes_the_rest():
    assert printable("Kyra é 🐉 ñ\n") == "Kyra é 🐉 ñ\n"
    assert printable("a\x1b[2Jb\x9b\u2028\udcff") == "a\\u001b[2Jb\\u009b\\u2028\\udcff"
    assert printable("two\nlines", keep="") == "two\\u000alines"
