"""Command line: open / new / list / exec / show / rulesets.

    gm-console                      the encounter picker
    gm-console PATH.toml            open an encounter in the TUI
    gm-console new PATH --ruleset ID
    gm-console list
    gm-console exec PATH [--rolls 15,3] [--new RULESET] -- CMD [CMD ...]
    gm-console show PATH [--json | --markdown] [--players]
    gm-console stats [--party NAME] [--since DATE] [--json | --markdown] [PATHS...]
    gm-console log PATH [--players]
    gm-console players PATH         the players' live view (read-only; follows the GM's actions)
    gm-console serve PATH --players [--port N] [--host H] [--projector]   that view in a web browser
    gm-console post PATH [--round N | --since N] --format bbcode|markdown
    gm-console rulesets
"""

from __future__ import annotations

import json
import os
import re
import sys
import time
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING

from gm_console import collector, glimpse

_loading = collector.pause()  # these imports make many objects and no garbage (collector.py)

from gm_console import plugins  # noqa: E402
from gm_console.engine.language.commands import CommandError
from gm_console.engine.core.errors import GMError, message_of
from gm_console.engine.core.dice import Dice, DiceError, parse_rolls
from gm_console.i18n import LANGS, C_, _, _n, render
from gm_console.storage import Encounter, SaveError, SaveExists, lastscreen

collector.resume(_loading)

if TYPE_CHECKING:
    import argparse

# Each subcommand imports what only it needs (export, describe, the library, the stats, the
# TUI): opening a save in the TUI is the common case, and its first frame waits for every import.

#: the bestiary's and the parties' commands (cli_library.py, loaded when one runs or --help is asked)
LIBRARY = ("bestiary", "party")
SUBCOMMANDS = ("new", "list", "exec", "show", "log", "rulesets", "open", "players", "serve", "post", "stats",
               *LIBRARY)
LOCK_WAIT = 2.0  # seconds exec waits for another program to finish with the save

# Control characters (C0, DEL, C1), line and paragraph separators, bidi overrides, and broken
# characters from a mis-set terminal: never sent to the terminal raw (ESC and OSC sequences in a
# name would clear the screen or set the title).
_UNPRINTABLE = re.compile("[" + re.escape("".join(sorted(lastscreen.UNPRINTABLE))) + "\ud800-\udfff]")


def printable(text: str, keep: str = "\n") -> str:
    """Text safe for a terminal: unprintable characters written as escapes (``\\u001b``).
    The escapes are JSON's own, so JSON output stays valid and means the same.
    ``keep``: what is left as it is (the newlines of a table)."""
    def escape(m: re.Match) -> str:
        ch = m.group()
        return ch if ch in keep else f"\\u{ord(ch):04x}"

    return _UNPRINTABLE.sub(escape, text)


#: the wall clock `exec` hands the engine with its commands (the turn clock); tests fix it
wall_clock = time.time


def out(text: str, end: str = "\n") -> None:
    sys.stdout.write(printable(text) + end)


def err(text: str) -> None:
    """One line on stderr, whatever the text held (on the normal screen: a fight's kept
    screen painted at start is taken back first)."""
    glimpse.withdraw()
    try:
        sys.stderr.write(printable(text, keep="") + "\n")
        sys.stderr.flush()
    except OSError:
        pass


def default_lang() -> str:
    """The environment's language (``es_ES.UTF-8``: es) when the interface has its catalogue, else English."""
    for var in ("GM_CONSOLE_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value:
            lang = value[:2].lower()
            return lang if lang in LANGS else "en"
    return "en"


class UsageError(SystemExit):
    """What argparse would print as its usage and a message: one line of ours instead. Still
    the exit argparse promises (status 2) for any caller of the parser that does not catch it."""

    def __init__(self, prog: str, why: str) -> None:
        super().__init__(2)
        self.prog, self.why = prog, why


def _parser(lang: str = "en") -> argparse.ArgumentParser:
    """The arguments, their help in ``lang`` (argparse's own words too: usage, options)."""
    import argparse  # here: opening a save (``gm-console PATH``) needs no parser (_plain_open)

    class _Parser(argparse.ArgumentParser):
        def error(self, message: str):  # argparse prints its usage and exits: one line is enough
            raise UsageError(self.prog, message)

    def h(msg) -> str:
        return render(msg, lang)

    p = _Parser(prog="gm-console", description=h(_("Keyboard-driven combat tracker for game masters.")),
                epilog=h(_("Without a command: the encounter picker. `gm-console COMMAND --help` for each one; "
                           "a first fight step by step: docs/guide.md (in Spanish: docs/guia.md).")))
    p.add_argument("--lang", choices=LANGS, default=None,
                   help=h(_("interface language (default: from the environment)")))
    sub = p.add_subparsers(dest="command")
    lang_too = argparse.ArgumentParser(add_help=False)  # `--lang` also after the subcommand
    lang_too.add_argument("--lang", choices=LANGS, default=argparse.SUPPRESS,
                          help=h(_("interface language (default: from the environment)")))
    where = h(_("the encounter's save file (.toml)"))

    o = sub.add_parser("open", parents=[lang_too], help=h(_("open an encounter in the TUI")))
    o.add_argument("path", metavar="PATH", type=Path, help=where)
    o.add_argument("--dice", choices=("auto", "ask"), default=None,
                   help=h(_("auto: the program rolls the dice; ask: it asks for each natural roll (default: the setting)")))

    n = sub.add_parser("new", parents=[lang_too], help=h(_("create an encounter")))
    n.add_argument("path", metavar="PATH", type=Path, help=where)
    n.add_argument("--ruleset", "-r", default=None,
                   help=h(_("ruleset id (see `gm-console rulesets`; default: the party's, else generic)")))
    n.add_argument("--name", default="", help=h(_("the encounter's title (default: the file's name)")))
    n.add_argument("--party", default=None,
                   help=h(_("start with this party's PCs, as their last fight left them")))
    n.add_argument("--no-open", action="store_true", help=h(_("create only, do not open the TUI")))

    sub.add_parser("list", parents=[lang_too], help=h(_("list saved encounters and bundled examples")))

    e = sub.add_parser("exec", parents=[lang_too],
                       help=h(_("apply commands to an encounter and save (all or nothing)")))
    e.add_argument("path", metavar="PATH", type=Path, help=where)
    e.add_argument("--rolls", default="", help=h(_("natural die results used in order, e.g. 15,3,12")))
    e.add_argument("--new", metavar="RULESET", default=None,
                   help=h(_("create the encounter first with this ruleset")))
    e.add_argument("--script", type=Path, default=None, help=h(_("read commands from a file, one per line")))
    e.add_argument("--quiet", "-q", action="store_true", help=h(_("print nothing but warnings and errors")))
    e.add_argument("commands", metavar="COMMAND", nargs="*", help=h(_("command lines, e.g. \"dmg Goblin 7\"; after `--` when one "
                                                   "starts with -")))

    s = sub.add_parser("show", parents=[lang_too], help=h(_("print an encounter's state")))
    s.add_argument("path", metavar="PATH", type=Path, help=where)
    fmt = s.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true", help=h(_("for programs (docs/json.md)")))
    fmt.add_argument("--markdown", action="store_true", help=h(_("Markdown tables, as without an option")))
    s.add_argument("--players", action="store_true", help=h(_("hide GM-only figures (hero points, hidden rolls)")))

    lg = sub.add_parser("log", parents=[lang_too], help=h(_("print the play log, grouped by round")))
    lg.add_argument("path", metavar="PATH", type=Path, help=where)
    lg.add_argument("--players", action="store_true", help=h(_("hide GM-only lines and hidden rolls")))

    sub.add_parser("rulesets", parents=[lang_too], help=h(_("list installed rulesets")))
    _players_parsers(sub, lang_too, h, where)
    from gm_console import cli_library, cli_stats

    cli_stats.add_parser(sub, lang_too, h)
    cli_library.add_parsers(sub, lang_too, h)
    _argparse_words(p, lang)
    return p


def _players_parsers(sub, lang_too, h, where: str) -> None:
    """The players' side (docs/players.md): a live view, the same view served, a forum post."""
    pv = sub.add_parser("players", parents=[lang_too], help=h(_("the players' live view of an encounter (read-only)")))
    pv.add_argument("path", metavar="PATH", type=Path, help=where)
    pv.add_argument("--projector", action="store_true",
                    help=h(_("the layout for a projector or a TV: round and turn in a banner, health bars")))
    sv = sub.add_parser("serve", parents=[lang_too], help=h(_("serve the players' view to web browsers (read-only)")))
    sv.add_argument("path", metavar="PATH", type=Path, help=where)
    sv.add_argument("--players", action="store_true", required=True,
                    help=h(_("the players' view (the only one served)")))
    sv.add_argument("--port", type=int, default=8000, help=h(_("port to listen on (default 8000)")))
    sv.add_argument("--host", default="127.0.0.1",
                    help=h(_("address to listen on (default 127.0.0.1: this computer only; 0.0.0.0 for the network)")))
    sv.add_argument("--projector", action="store_true",
                    help=h(_("the projector layout in large type (a page's ?fontsize=N still sets the size)")))
    po = sub.add_parser("post", parents=[lang_too], help=h(_("a round report to paste into a forum thread")))
    po.add_argument("path", metavar="PATH", type=Path, help=where)
    which = po.add_mutually_exclusive_group()
    which.add_argument("--round", type=int, default=None, help=h(_("that round (default: the current one)")))
    which.add_argument("--since", type=int, default=None, help=h(_("from that round to the current one")))
    po.add_argument("--format", choices=("bbcode", "markdown"), default="bbcode",
                    help=h(_("bbcode for phpBB-style forums (default), markdown for the rest")))


def _argparse_words(parser: argparse.ArgumentParser, lang: str) -> None:
    """argparse's own words (usage, the section titles, -h) in ``lang``, in every parser."""
    import argparse

    usage = render(_("usage: "), lang)

    class Formatter(argparse.HelpFormatter):
        def add_usage(self, text, actions, groups, prefix=None):
            super().add_usage(text, actions, groups, usage if prefix is None else prefix)

    parser.formatter_class = Formatter
    parser._positionals.title = render(_("positional arguments"), lang)
    parser._optionals.title = render(_("options"), lang)
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction):
            action.help = render(_("show this help and exit"), lang)
        elif isinstance(action, argparse._SubParsersAction):
            for child in action.choices.values():
                _argparse_words(child, lang)


def _lang_in(argv: list[str]) -> str:
    """The language asked for with ``--lang`` before ``--`` (else the environment's), for the help."""
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        value = argv[i + 1] if arg == "--lang" and i + 1 < len(argv) else arg[7:] if arg.startswith("--lang=") else ""
        if value in LANGS:
            return value
    return default_lang()


#: argparse's refusals (its own English, Python 3.11 to 3.13) as messages of ours
_ARGPARSE = (
    (re.compile(r"the following arguments are required: (?P<args>.*)"),
     lambda m: _("missing {args}", args=m["args"])),
    (re.compile(r"argument (?P<arg>\S+): invalid choice: (?P<value>.*?) \(choose from (?P<choices>.*)\)"),
     lambda m: _("{arg} takes {choices}, not {value}", arg=m["arg"], choices=m["choices"], value=m["value"])),
    (re.compile(r"argument (?P<arg>\S+): expected one argument"),
     lambda m: _("{arg} needs a value", arg=m["arg"])),
    (re.compile(r"argument (?P<arg>\S+): invalid \w+ value: (?P<value>.*)"),
     lambda m: _("{arg}: {value} is not a number", arg=m["arg"], value=m["value"])),
    (re.compile(r"argument (?P<arg>\S+): not allowed with argument (?P<other>\S+)"),
     lambda m: _("{arg} cannot go with {other}", arg=m["arg"], other=m["other"])),
)


def _usage_line(exc: UsageError, lang: str) -> str:
    """One line: what was wrong, in the GM's language where we know argparse's words."""
    why = exc.why
    for pattern, message in _ARGPARSE:
        m = pattern.fullmatch(why)
        if m:
            why = render(message(m), lang)
            break
    return render(_("error: {prog}: {why}; see `{prog} --help`", prog=exc.prog, why=why), lang)


def _unknown(args, extra: list[str], lang: str) -> str:
    """Arguments argparse did not take, as one line; for exec, where commands go."""
    prog = f"gm-console {args.command}" if args.command else "gm-console"
    if args.command == "exec":
        return render(_("error: exec: {arg!r} is not an option of exec (see `gm-console exec --help`); the "
                        "commands go after `--`: gm-console exec PATH -- CMD [CMD ...]", arg=extra[0]), lang)
    return render(_("error: {prog}: unexpected {args}; see `{prog} --help`", prog=prog, args=" ".join(extra)), lang)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    for i, arg in enumerate(argv, 1):
        if re.search("[\ud800-\udfff]", arg):  # bytes that are not UTF-8, as Python decodes them
            err(render(_("error: argument {n} ({arg}) is not valid UTF-8 text; gm-console takes UTF-8", n=i, arg=arg),
                       default_lang()))
            return 2
    lang_args = []
    if argv[:1] == ["--lang"] and len(argv) >= 2:
        lang_args, argv = argv[:2], argv[2:]
    elif argv[:1] and argv[0].startswith("--lang="):
        lang_args, argv = argv[:1], argv[1:]
    if argv and argv[0] not in SUBCOMMANDS and not argv[0].startswith("-"):
        argv = ["open", *argv]
    tail: list[str] = []
    if "--" in argv:  # everything after `--` is a command line, verbatim
        cut = argv.index("--")
        argv, tail = argv[:cut], argv[cut + 1:]
    lang = _lang_in(lang_args + argv)
    args, extra = _plain_open(lang_args, argv, tail), []
    try:
        if args is None:
            args, extra = _parser(lang).parse_known_args(lang_args + argv)
    except UsageError as exc:
        err(_usage_line(exc, lang))
        return 2
    lang = args.lang or default_lang()
    if extra and args.command == "exec" and not any(e.startswith("-") for e in extra):
        # `exec PATH --rolls 12,8 roll start`: argparse took PATH, then the option, and left the
        # commands after it; they are commands all the same, in the order typed
        args.commands, extra = list(args.commands) + extra, []
    if extra:
        err(_unknown(args, extra, lang))
        return 2
    if tail:
        if args.command != "exec":
            err(render(_("error: `--` is only for exec: gm-console exec PATH -- CMD [CMD ...]"), lang))
            return 2
        args.commands = list(args.commands) + tail
    if args.command != "open":
        glimpse.withdraw()  # a kept screen is painted only for `open`; this command prints or asks
    try:
        if args.command is None:
            return _tui(None, args.lang)
        code = _COMMANDS[args.command](args, lang)
        sys.stdout.flush()
        return code
    except BrokenPipeError:  # `show | head -1`: the reader has all it wanted
        _output_gone()
        return 0
    except (SaveError, GMError, DiceError, plugins.UnknownRuleset) as exc:
        err(render(_("error: {why}", why=message_of(exc)), lang))
        return 1


def _plain_open(lang_args: list[str], argv: list[str], tail: list[str]) -> SimpleNamespace | None:
    """``gm-console [--lang L] [open] PATH``, the usual start, read without building the parser
    (all the subcommands and their help: 8 ms of the first frame's wait, and argparse's import):
    the arguments argparse would give, or None for anything else, which argparse reads."""
    if tail or len(argv) != 2 or argv[0] != "open" or argv[1].startswith("-"):
        return None
    lang = None
    if lang_args:
        lang = lang_args[1] if len(lang_args) == 2 else lang_args[0].partition("=")[2]
        if lang not in ("en", "es"):
            return None  # argparse says what it takes
    return SimpleNamespace(lang=lang, command="open", path=Path(argv[1]), dice=None)


def _output_gone() -> None:
    """Python's documented way out of EPIPE: stdout to devnull, so the flush at exit is quiet."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _tui(path: Path | None, lang: str | None, dice_mode: str | None = None,
         encounter: Encounter | None = None, collecting: bool | None = None) -> int:
    """``lang`` None: not typed, so the TUI's own settings file may choose it. ``collecting``:
    what ``collector.pause`` returned if the caller paused it already (opening the save).
    The screen of the save ``path`` is kept for its next open (glimpse.py)."""
    if collecting is None:
        collecting = collector.pause()

    def first_frame() -> None:
        glimpse.live()  # a kept screen painted at start is replaced
        collector.resume(collecting, freeze=True)

    keep = None
    if path is not None:
        def keep(frame: str, cols: int, rows: int) -> bool:
            return lastscreen.keep(str(path), lang, frame, cols, rows)
    try:
        from gm_console.tui import compat

        compat.check()  # before a screen that would apply fast typing out of order
        from gm_console.tui.app import run  # Textual loads only when a screen is wanted

        glimpse.hand_over()
        return run(path, lang=lang, dice_mode=dice_mode, default_lang=default_lang(), encounter=encounter,
                   first_frame=first_frame, keep_screen=keep, painted=glimpse.painted())
    finally:
        collector.resume(collecting)  # whatever happened, the collector is back


def _open(args, lang) -> int:
    if not os.path.exists(args.path):
        raise SaveError(_('{path}: no such file; create it with: gm-console new {path} --ruleset ID', path=args.path))
    collecting = collector.pause()  # until the first frame (collector.py)
    try:
        enc = Encounter.open(args.path, lang=lang)  # fail here, on the terminal, if it cannot be read
    except BaseException:
        collector.resume(collecting)
        raise
    return _tui(args.path, args.lang, args.dice, encounter=enc, collecting=collecting)


def _new(args, lang) -> int:
    from gm_console.storage import party as party_file

    party = party_file.load(args.party) if args.party else None
    ruleset = args.ruleset or (party.ruleset if party else "generic")
    enc = Encounter.create(args.path, ruleset, name=args.name, party=party, lang=lang)
    out(render(_("created {path} ({ruleset})", path=enc.path, ruleset=enc.ruleset.name), lang))
    if args.no_open or not sys.stdin.isatty() or not sys.stdout.isatty():
        return 0
    return _tui(enc.path, args.lang, encounter=enc)


def _list(args, lang) -> int:
    from gm_console.storage.library import list_encounters

    rows = list_encounters()
    if not rows:
        out(render(_("no encounters yet: gm-console new PATH.toml --ruleset ID"), lang))
    for row in rows:
        where = render(_("example") if row.bundled else C_("a save", "saved"), lang)
        rnd = render(_("round {n}", n=row.round) if row.round else _("prepared") if row.prepared
                     else _("not started"), lang)
        out(f"{row.name:30} {row.ruleset:14} {rnd:12} {where:8} {row.path}")
    return 0


def _exec(args, lang) -> int:
    lines = list(args.commands)
    if args.script:
        try:
            text = args.script.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise SaveError(_('{script}: cannot read: {value}', script=args.script, value=getattr(exc, 'strerror', None) or exc)) from None
        lines = [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.strip().startswith("#")] + lines
    if not lines:
        raise CommandError(_('exec: no commands given; usage: gm-console exec PATH -- CMD [CMD ...]'))
    dice = Dice.from_rolls(parse_rolls(args.rolls))
    enc, created = _open_for_exec(args.path, args.new, dice, lang)
    try:
        _warn(enc, lang)
        try:
            entries = enc.execute_all(lines, dice, at=wall_clock())  # the turns it starts and ends are timed
        except BaseException:
            if created:
                enc.path.unlink(missing_ok=True)
            raise
    finally:
        enc.close()  # saved: the next program may write while this one prints
    for problem in getattr(enc.session.bestiary, "problems", ()) or ():  # met reading the GM's bestiary
        err(render(_("warning: {why}", why=problem), lang))
    if dice.forced:
        err(render(_n("warning: {n} of the --rolls was not needed: {rolls}",
                      "warning: {n} of the --rolls were not needed: {rolls}", len(dice.forced),
                      rolls=",".join(map(str, dice.forced))), lang))
    if args.quiet:
        return 0
    from gm_console.engine.views.describe import describe_events
    from gm_console.engine.language.core_verbs import HISTORY

    try:
        for line, entry in zip(lines, entries):
            if entry is None:
                continue
            move = enc.session.parse(line).verb
            if move in HISTORY:  # what was taken back or brought back, not its lines again
                said = _("Undone: {line}", line=entry.line) if move == "undo" else _("Redone: {line}", line=entry.line)
                out(render(said, lang))
                continue
            for _event, text in describe_events(entry.events, enc.state, enc.ruleset, lang):
                out(text)
        sys.stdout.flush()
    except BrokenPipeError:
        _output_gone()
    except OSError as exc:  # the actions are saved: a retry would do them twice
        err(render(_("warning: the output could not be written ({why}); the actions were saved",
                     why=exc.strerror or exc), lang))
    return 0


def _warn(enc: Encounter, lang: str) -> None:
    """What opening the save found (a torn last line, a migration), in the GM's language."""
    why = enc.warning_in(lang)
    if why:
        err(render(_("warning: {path}: {why}", path=enc.path, why=why), lang))


def _open_for_exec(path: Path, ruleset: str | None, dice: Dice | None = None,
                   lang: str | None = None) -> tuple[Encounter, bool]:
    """Waits a moment for another program to finish with the save; ``--new`` creates it
    unless it exists, also when another exec creates it at the same moment."""
    if ruleset:
        try:
            return Encounter.create(path, ruleset, wait=LOCK_WAIT, lang=lang), True
        except SaveExists:
            pass
    return Encounter.open(path, wait=LOCK_WAIT, dice=dice, lang=lang), False


def _show(args, lang) -> int:
    from gm_console.engine.views.export import markdown, state_dict

    enc = Encounter.open(args.path, read_only=True, lang=lang)
    _warn(enc, lang)
    history = {"entries": enc.session.done, "options": enc.doc.options}
    if args.json:
        out(json.dumps(state_dict(enc.state, enc.ruleset, players=args.players, **history), ensure_ascii=False,
                       indent=2))
    else:
        out(markdown(enc.state, enc.ruleset, enc.name, players=args.players, lang=lang, **history), end="")
    return 0


def _log(args, lang) -> int:
    from gm_console.engine.views.export import play_log

    enc = Encounter.open(args.path, read_only=True)
    _warn(enc, lang)
    out(play_log(enc.session.done, enc.state, enc.ruleset, lang, players=args.players, options=enc.doc.options), end="")
    return 0


def _rulesets(args, lang) -> int:
    for info in plugins.available():
        try:
            rs = plugins.load(info.id)
            name, version = rs.name, rs.version
        except plugins.UnknownRuleset as exc:
            name, version = render(_("(broken: {why})", why=str(exc)), lang), "?"
        origin = render(_("built-in") if info.builtin else _("from {package} {version}", package=info.package,
                                                                 version=info.package_version), lang)
        out(f"{info.id:14} {name:30} {version:6} {origin}")
    return 0


def _players(args, lang) -> int:
    from gm_console.tui.players.app import run_players

    Encounter.open(args.path, read_only=True)  # fail here, on the terminal, if it cannot be read
    return run_players(args.path, lang, projector=args.projector)


def _serve(args, lang) -> int:
    from gm_console.tui.players.serve import serve

    Encounter.open(args.path, read_only=True)
    return serve(args.path, lang, host=args.host, port=args.port, projector=args.projector)


def _post(args, lang) -> int:
    from gm_console.engine.views.post import PostError, report

    enc = Encounter.open(args.path, read_only=True)
    _warn(enc, lang)
    try:
        text = report(enc.session.done, enc.ruleset, enc.doc.options, enc.name, args.format, lang,
                      round=args.round, since=args.since)
    except PostError as exc:
        err(render(_("error: {why}", why=exc.args[0]), lang))
        return 1
    out(text, end="")
    return 0


def _stats(args, lang) -> int:
    from gm_console import cli_stats

    return cli_stats.run(args, lang, out, err)


def _library(args, lang) -> int:
    from gm_console import cli_library

    return cli_library.run(args, lang, out)


_COMMANDS = {"open": _open, "new": _new, "list": _list, "exec": _exec, "show": _show, "log": _log, "rulesets": _rulesets,
             "players": _players, "serve": _serve, "post": _post,
             "stats": lambda args, lang: _stats(args, lang),
             **{name: lambda args, lang: _library(args, lang) for name in LIBRARY}}
