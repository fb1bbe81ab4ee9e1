"""The single door from the TUI to the encounter: a command line in, an outcome out.

Keys, modals, the command bar and the palette all end here, with a line of
the command language; this runs it through ``Encounter.execute`` exactly as
``gm-console exec`` does, and reports what happened without touching any
widget. In "ask" mode the dice are strict: the first die the engine needs
comes back as ``need`` and the screen asks the GM for it, then runs the same
line again with the results collected so far.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

from gm_console.engine.language.commands import CommandError
from gm_console.engine.core.contract import Difficulty, Pending
from gm_console.engine.core.dice import Dice, DiceError, NeedDie
from gm_console.engine.core.errors import message_of
from gm_console.i18n import Msg
from gm_console.engine.core.bestiary import Bestiary
from gm_console.engine.language.core_verbs import HISTORY
from gm_console.engine.language.session import Entry
from gm_console.engine.language.verbs import Registry
from gm_console.storage import Encounter, SaveError
from .guard import ask, log_path, report


@dataclass
class Outcome:
    """What a line did, as the engine said it: screens read this, never the line again."""

    ok: bool
    line: str
    entry: Entry | None = None
    error: "str | Msg | None" = None  # the refusal, rendered in the GM's language by the screen
    need: NeedDie | None = None
    verb: str | None = None  # the canonical verb (``undo``, ``redo`` too), when the line was read
    targets: tuple[str, ...] = ()  # the combatants the line named or added; an undo's: those it took back
    param: str | None = None  # a refusal's argument at fault (``amount``, ``who``, ``fields``), when known
    field: str | None = None  # a refusal's stat key at fault (``hp``), when known

    @property
    def history_move(self) -> bool:
        """An undo or a redo (the entry is the action taken back or done again)."""
        return self.ok and self.verb in HISTORY


def wall_clock() -> float:
    """The system's clock, seconds since 1970 (the snapshot tests put a fixed one here)."""
    return time.time()


class Controller:
    def __init__(self, encounter: Encounter, dice_mode: str = "auto", dice: Dice | None = None,
                 clock: Callable[[], float] | None = None) -> None:
        self.encounter = encounter
        self.dice_mode = dice_mode
        self.dice = dice if dice is not None else Dice()
        #: the wall clock each command carries (the turn clock); the head reads it too. The
        #: engine reads none: tests hand a fixed one
        self.clock: Callable[[], float] = clock if clock is not None else lambda: wall_clock()
        self._pending: tuple[tuple, list[Pending]] = ((), [])

    @property
    def state(self):
        return self.encounter.state

    @property
    def ruleset(self):
        return self.encounter.ruleset

    def pending(self) -> list[Pending]:
        """The ruleset's warnings about this state, worked out once per state (the warnings
        line and the key that accepts an offered command both ask) (the state object is kept in the
        key, so its id cannot be reused by another)."""
        done = self.history
        key = (self.state, len(done), done[-1].n if done else 0)
        held, notes = self._pending
        if len(held) != 3 or held[0] is not key[0] or held[1:] != key[1:]:
            notes = ask("pending warnings", lambda: list(self.ruleset.warnings(self.state)), [])
            self._pending = (key, notes)
        return list(notes)

    def run(self, line: str, collected: Sequence[int] = ()) -> Outcome:
        if self.dice_mode == "ask":
            dice = Dice(forced=list(collected), strict=True)
        else:
            dice = self.dice
        try:
            done = self.encounter.run(line, dice, at=self.clock())
        except NeedDie as need:
            return Outcome(False, line, need=need)
        except CommandError as exc:
            return Outcome(False, line, error=message_of(exc), verb=exc.verb, param=exc.param, field=exc.field)
        except (SaveError, DiceError) as exc:
            return Outcome(False, line, error=message_of(exc) or type(exc).__name__)
        except Exception as exc:  # a ruleset bug: the session rolled back; say it on one line, log the rest
            report(f"the command {line!r}", exc)
            return Outcome(False, line, error=f"internal error in {line!r}: {type(exc).__name__}: {exc} "
                                              f"(details in {log_path()})")
        return Outcome(True, line, entry=done.entry, verb=done.verb, targets=done.targets)

    def pause_clock(self) -> None:
        """The console closes: a turn left running stops being timed until it opens again
        (``clock pause``; docs/stats.md#the-turn-clock). Nothing when untimed or read-only."""
        state = self.state
        if state.turn_clock is not None and state.turn_paused is None and not self.encounter.read_only:
            self.run(self.spoken("clock pause", self.encounter.lang))

    def resume_clock(self) -> None:
        """The console opens on a turn paused when it closed: its clock goes on from now."""
        if self.state.turn_paused is not None and not self.encounter.read_only:
            self.run(self.spoken("clock resume", self.encounter.lang))

    # -- what screens read -------------------------------------------------------------
    def difficulty(self, line: str | None = None) -> Difficulty | None:
        """How hard the encounter is by the game's rule (``Ruleset.difficulty``, the GM's view);
        with ``line`` (the add form's ``add`` line), as it would be once that line ran: tried on
        a copy, nothing done, recorded or rolled from the table's dice. A line the engine would
        refuse leaves the encounter as it is (the form says why when it is submitted). None: the
        game offers no difficulty."""
        state = self.state
        if line:
            try:
                state = self.encounter.trial(line, Dice())
            except (CommandError, DiceError, NeedDie):
                state = self.state
            except Exception as exc:  # a ruleset bug while trying: the encounter as it is
                report(f"trying {line!r}", exc)
                state = self.state
        return ask("difficulty", lambda: self.ruleset.difficulty(state), None)

    @property
    def history(self) -> list[Entry]:
        """The actions done, oldest first."""
        return self.encounter.history

    @property
    def can_undo(self) -> bool:
        return self.encounter.can_undo

    @property
    def can_redo(self) -> bool:
        return self.encounter.can_redo

    @property
    def verbs(self) -> Registry:
        """The verbs of this encounter: usage, completion, ``spoken``, ``check``."""
        return self.encounter.verbs

    def spoken(self, line: str, lang: str) -> str:
        """An offered command line with its verb as a GM at a ``lang`` table types it."""
        return self.verbs.spoken(line, lang)

    @property
    def bestiary(self) -> Bestiary:
        return self.encounter.bestiary

    @property
    def unsaved(self) -> bool:
        """Actions not yet on disk."""
        return self.encounter.unsaved

    def save(self) -> "Msg | str | None":
        """Write what is not yet on disk; returns what went wrong (a message the screen renders
        in the GM's language) or None."""
        try:
            self.encounter.save()
        except SaveError as exc:
            return exc.message
        return None

    @property
    def read_only(self) -> bool:
        """Another program holds the save (or it cannot be written): every change is refused."""
        return self.encounter.read_only

    @property
    def holder(self) -> "Msg | str | None":
        """Why the save is read-only, when another program holds it (who and since when)."""
        return self.encounter.holder

    def refusal(self) -> Msg:
        """The one line a read-only encounter answers every change with."""
        return self.encounter.refusal()

    # -- the encounter as a file, and the files beside it -------------------------------
    @property
    def name(self) -> str:
        return self.encounter.name

    @property
    def path(self) -> Path:
        return self.encounter.path

    @property
    def options(self) -> dict:
        """The encounter's options (what the summary and the round report are worked out with)."""
        return self.encounter.options

    @property
    def party(self) -> str | None:
        """The party this encounter started with (``gm-console new PATH --party NAME``), if any."""
        name = self.encounter.doc.extra.get("party")
        return name if isinstance(name, str) and name else None

    def close(self) -> None:
        """Let the file go (back to the picker)."""
        self.encounter.close()

    def bestiary_entry(self, combatant, name: str = "") -> tuple[str, dict]:
        """(id, table): ``combatant`` as an entry of the GM's bestiary, named ``name`` (English)."""
        from gm_console.storage import bestiary_files as bestiary_file

        return bestiary_file.entry_of(combatant, self.ruleset, en=name, bestiary=self.bestiary)

    def in_user_bestiary(self, cid: str) -> bool:
        """The GM's own bestiary already has ``@cid`` (storing it again replaces it)."""
        return cid in self.bestiary and self.bestiary[cid].origin == "user"

    def store_in_bestiary(self, cid: str, table: dict, replace: bool = False) -> Path:
        """Write one creature into the GM's bestiary (raises ``SaveError``); ``add @cid`` finds it
        at once. Returns the file written."""
        from gm_console.storage import bestiary_files as bestiary_file

        path = bestiary_file.store(self.ruleset.id, cid, table, replace=replace)
        self.encounter.bestiary_changed()
        return path

    def party_write_back(self, name: str, dry_run: bool = False) -> list:
        """What lasted of the party's PCs goes back to the party ``name`` (raises ``SaveError``);
        returns what changes, member by member (``dry_run``: nothing written)."""
        from gm_console.storage import party as party_file

        return party_file.write_back(party_file.load(name), self.state, self.ruleset, dry_run=dry_run)

    def save_as(self, path: Path) -> "Msg | str | None":
        """Write a full copy and go on in it (the way out of a full disk, a vanished folder or a
        file someone else holds); returns an error line or None."""
        try:
            copy = self.encounter.save_as_copy(path)
        except SaveError as exc:
            return exc.message
        old, self.encounter = self.encounter, copy
        old.close()
        return None
