"""The encounter screen's head: one row saying where the fight is.

The encounter and the game, the round and whose turn (how long it has taken, with the turn
clock), how many are marked, the dice mode, and a read-only save's holder in red. Drawn from
the screen's ``Frame`` and the Controller, nothing else: the screen paints it after each line
and once a second while a turn is timed.
"""

from __future__ import annotations

from rich.text import Text

from .. import present as p
from ..controller import Controller
from ..frame import Frame
from ..ui_text import error_text, tr
from ..safe import visible


def head_text(frame: Frame, controller: Controller, width: int, elapsed: str | None) -> Text:
    """One row of ``width`` cells: the encounter, the game, the round and whose turn (with
    ``elapsed``, how long it has taken), marks, dice mode. When it does not fit, the game's name
    goes first, then the encounter's name shortens: the round and whose turn always stay in view."""
    state, lang = frame.state, frame.lang
    pieces: dict[str, tuple[str, str]] = {}  # in the order drawn
    if controller.read_only:
        holder = error_text(controller.holder or "", lang)
        pieces["read_only"] = (" " + tr(lang, "read_only_head", holder=holder) + " ", "bold reverse red")
    pieces["name"] = (f" {visible(controller.name)} ", "bold")
    pieces["ruleset"] = (f"· {frame.ruleset.name} ", "dim")
    if state.in_combat:
        pieces["round"] = (f"· {tr(lang, 'round', n=state.round)} ", "bold cyan")
        if state.active in state.combatants:
            turn = tr(lang, "turn_of", name=visible(state.get(state.active).name))
            pieces["turn"] = ("· " + turn + " ", "bold green")
            if elapsed is not None:
                pieces["clock"] = ("· " + elapsed + " ", "green")
    elif state.round:
        pieces["round"] = ("· " + tr(lang, "combat_over") + " ", "yellow")
    else:
        pieces["round"] = ("· " + tr(lang, "setup") + " ", "italic")
    if frame.marked:
        pieces["marked"] = ("· " + tr(lang, "marked_head", n=len(frame.marked)) + " ", "bold yellow")
    if controller.dice_mode == "ask":
        pieces["dice"] = ("· " + tr(lang, "dice_mode", mode="ask"), "magenta")

    def size() -> int:
        return sum(Text(words).cell_len for words, _style in pieces.values())

    if size() > width:
        pieces.pop("ruleset")
    if size() > width:
        pieces.pop("clock", None)
    if size() > width and "marked" in pieces:
        pieces["marked"] = ("· " + tr(lang, "marked_short", n=len(frame.marked)) + " ", "bold yellow")
    if size() > width:
        words, style = pieces["name"]
        room = max(6, Text(words).cell_len - (size() - width))
        pieces["name"] = (" " + p.short_name(words.strip(), room - 2) + " ", style)
    if size() > width and "read_only" in pieces:  # who holds the file, as much as fits
        words, style = pieces["read_only"]
        short = " " + tr(lang, "read_only_short") + " "
        room = max(len(short), len(words) - (size() - width))
        pieces["read_only"] = (words[:room - 2] + "… " if room > len(short) else short, style)
    text = Text(no_wrap=True, overflow="ellipsis")
    for words, style in pieces.values():
        text.append(words, style=style)
    return text
