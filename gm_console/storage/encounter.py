"""An encounter on disk: a Session plus the file it autosaves to."""

from __future__ import annotations

import datetime as _dt
from pathlib import Path
from typing import Any, Iterable, Mapping

from gm_console import plugins
from gm_console.engine.commands import CommandError
from gm_console.i18n import _
from gm_console.engine.dice import Dice
from gm_console.engine.session import Entry, JournalError, Session

from . import store
from .codec import FORMAT, Document, line_of_record
from .store import SaveError


class Encounter:
    def __init__(self, path: Path, doc: Document, session: Session, size: int) -> None:
        self.path = Path(path)
        self.doc = doc
        self.session = session
        self._size = size
        self.warning: str | None = None

    # -- opening -------------------------------------------------------------------
    @classmethod
    def create(cls, path: Path | str, ruleset_id: str, name: str = "",
               options: Mapping[str, Any] | None = None, overwrite: bool = False) -> "Encounter":
        path = Path(path)
        if path.exists() and not overwrite:
            raise SaveError(f"{path}: already exists; open it, or pick another name")
        try:
            ruleset = plugins.load(ruleset_id)
        except plugins.UnknownRuleset as exc:
            raise SaveError(str(exc)) from None
        defaults = {o.key: o.default for o in ruleset.options()}
        defaults.update(options or {})
        doc = Document(format=FORMAT, ruleset=ruleset_id, name=name or path.stem,
                       created=_dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
                       options=defaults)
        size = store.write_new(path, doc)
        return cls(path, doc, Session(ruleset, defaults), size)

    @classmethod
    def open(cls, path: Path | str) -> "Encounter":
        path = Path(path)
        loaded = store.read(path)
        doc = loaded.doc
        try:
            ruleset = plugins.load(doc.ruleset)
        except plugins.UnknownRuleset as exc:
            raise SaveError(f"{path}: {exc}") from None
        try:
            session = Session.from_journal(ruleset, doc.options, doc.records)
        except JournalError as exc:
            line = None
            if exc.n is not None:
                try:
                    line = line_of_record(path.read_text(encoding="utf-8"), exc.n)
                except OSError:
                    pass
            where = f"line {line}: " if line else ""
            raise SaveError(f"{path}: {where}the log does not replay: {exc}") from None
        except (KeyError, ValueError, TypeError) as exc:
            raise SaveError(f"{path}: the log does not replay: {type(exc).__name__}: {exc}") from None
        doc.records = []  # replayed into the session, which now holds the history
        enc = cls(path, doc, session, loaded.size)
        if loaded.torn:
            enc.warning = "the last action was not completely written (crash?) and was dropped"
        return enc

    # -- acting ----------------------------------------------------------------------
    @property
    def ruleset(self):
        return self.session.ruleset

    @property
    def state(self):
        return self.session.state

    @property
    def name(self) -> str:
        return self.doc.name or self.path.stem

    def execute(self, line: str, dice: Dice | None = None, save: bool = True) -> Entry | None:
        """Run a command and autosave it; if the save fails, the action is taken back too,
        so the screen never shows what the file does not hold."""
        mark = self.session.mark()
        entry = self.session.execute(line, dice)
        if save:
            try:
                self.save()
            except SaveError:
                self.session.rewind(mark)
                raise
        return entry

    def execute_all(self, lines: Iterable[str], dice: Dice | None = None) -> list[Entry | None]:
        """All or nothing: the file is written only if every command succeeds; a refusal
        names which command of the batch it was."""
        lines = list(lines)
        mark = self.session.mark()
        try:
            out = []
            for i, line in enumerate(lines, 1):
                try:
                    out.append(self.session.execute(line, dice))
                except CommandError as exc:
                    if len(lines) > 1:
                        raise CommandError(_("command {i} ({line!r}): {why}; nothing was saved", i=i, line=line,
                                             why=exc.message)) from None
                    raise CommandError(_("{why}; nothing was saved", why=exc.message)) from None
            self.save()
        except BaseException:
            self.session.rewind(mark)
            raise
        return out

    def save(self) -> None:
        records = self.session.journal
        if not records:
            return
        self._size = store.append(self.path, records, self._size)
        self.session.take_journal()

    def save_as_copy(self, path: Path | str) -> "Encounter":
        """A copy of the whole file, history included (bundled examples open this way)."""
        self.save()
        path = Path(path)
        if path.exists():
            raise SaveError(f"{path}: already exists; not overwriting it")
        store.atomic_write(path, self.path.read_text(encoding="utf-8"))
        return Encounter.open(path)
