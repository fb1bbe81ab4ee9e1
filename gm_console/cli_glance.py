"""The command line at a glance, read off the argument parser itself.

The README's table and the Spanish guide's (scripts/readme.py writes both) come from here, so
what they say a command takes is what `gm-console COMMAND --help` takes, in the same words and
either language: one source, which tests/test_readme.py keeps honest.
"""

from __future__ import annotations

import argparse

_QUIET = {"help", "lang"}  # every command takes them; the table would only repeat them


def _word(action: argparse.Action) -> str:
    if action.metavar:
        return str(action.metavar)
    if action.choices and not action.option_strings:
        return "|".join(map(str, action.choices))
    return action.dest.upper()


def _positional(action: argparse.Action) -> str:
    word = _word(action)
    if action.nargs == "?":
        return f"[{word}]"
    if action.nargs in ("*", argparse.REMAINDER):
        return f"[{word} ...]"
    if action.nargs == "+":
        return f"{word} [{word} ...]"
    return word


def _option(action: argparse.Action) -> str:
    flag = max(action.option_strings, key=len)
    if action.nargs == 0:
        shown = flag
    elif action.choices:
        shown = f"{flag} {'|'.join(map(str, action.choices))}"
    else:
        shown = f"{flag} {_word(action)}"
    return shown if action.required else f"[{shown}]"


def synopsis(words: list[str], parser: argparse.ArgumentParser) -> str:
    """``gm-console exec PATH [COMMANDS ...] [--rolls ROLLS] ...``: positionals first, as typed."""
    mine = [a for a in parser._actions if a.dest not in _QUIET]
    parts = [_positional(a) for a in mine if not a.option_strings]
    parts += [_option(a) for a in mine if a.option_strings]
    return " ".join(["gm-console", *words, *parts])


def rows(parser: argparse.ArgumentParser, words: tuple[str, ...] = ()) -> list[tuple[str, str]]:
    """(synopsis, what it does) for every leaf command, in the parser's order."""
    out: list[tuple[str, str]] = []
    for action in parser._actions:
        if not isinstance(action, argparse._SubParsersAction):
            continue
        helps = {choice.dest: choice.help or "" for choice in action._choices_actions}
        for name, child in action.choices.items():
            nested = any(isinstance(a, argparse._SubParsersAction) for a in child._actions)
            if nested:
                out += rows(child, (*words, name))
            else:
                out.append((synopsis([*words, name], child), helps.get(name, "")))
    return out


def table(lang: str) -> str:
    """The Markdown table of every command, in ``lang``."""
    from gm_console.cli import _parser
    from gm_console.i18n import _, render

    head = (render(_("Command"), lang), render(_("What it does"), lang))
    picker = render(_("the encounter picker: your saves, the examples and the parties"), lang)
    lines = [f"| {head[0]} | {head[1]} |", "|---|---|", f"| `gm-console` | {picker} |"]
    for usage, what in rows(_parser(lang)):
        lines.append(f"| `{usage.replace('|', chr(92) + '|')}` | {what.replace('|', chr(92) + '|')} |")
    return "\n".join(lines)
