"""An encounter on disk: a Session plus the file it autosaves to, and its lock.

Opening takes the save's lock (lock.py): a second program opens it read-only
and says who holds it. Opened for writing, a file that new lines cannot safely
go at the end of (format 1, a table after [log], no [log], CRLF line ends) is
first rewritten, the original kept beside it, with a warning that says so; so
is a file that ends in an exec batch cut short (a crash, or its last line deleted
by hand): the batch is dropped whole, but its intact records are cut from the
file only once the file is kept as it was, and the warning names their commands.
"""

from __future__ import annotations

import datetime as _dt
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence

from gm_console import plugins
from gm_console.engine.language.commands import CommandError
from gm_console.engine.language import replay
from gm_console.engine.core.errors import message_of
from gm_console.engine.core.events import EventDecodeError, event_from_dict
from gm_console.i18n import Msg, _, render
from gm_console.engine.core.dice import Dice
from gm_console.engine.core.bestiary import Bestiary
from gm_console.engine.language.session import Done, Entry, JournalError, Session
from gm_console.engine.language.verbs import Registry

from . import lock as locking
from . import prepared
from . import snapshot
from . import store
from .codec import FORMAT, Document, commands, decode, decode_appended, encode, encode_records
from .errors import CodecError, LibraryError, SaveError, SaveExists, why

if TYPE_CHECKING:
    from . import party as party_file

TORN = _("the last action was not completely written (crash?) and was dropped")


class Encounter:
    def __init__(self, path: Path, doc: Document, session: Session, tail: store.Tail,
                 lock: locking.Lock | None = None, holder: str | None = None) -> None:
        self.path = Path(path)
        self.doc = doc
        self.session = session
        self._tail = tail
        self.lock = lock
        self.read_only = lock is None
        self.holder = holder  # why it is read-only, when another program holds it
        self.warnings: list[str | Msg] = []
        self.replayed = 0  # log records replayed to open it (not those a snapshot held)
        self._unsnapped = False  # actions saved since the last snapshot
        self._unrecorded = False  # actions saved since the record's cache stood for the file
        # Closed after a fight, the save gets its record section (the fights' figures for
        # `stats`, records.py); False: the file stays its log alone (the bundled examples,
        # which must be byte for byte what their scripts build, whatever the code's version).
        self.record_section = True

    @property
    def warning(self) -> str | None:
        """Everything the GM should know about how the file was opened, on one line."""
        return self.warning_in("en")

    def warning_in(self, lang: str) -> str | None:
        return "; ".join(render(w, lang) for w in self.warnings) or None

    # -- opening -------------------------------------------------------------------
    @classmethod
    def create(cls, path: Path | str, ruleset_id: str, name: str = "",
               options: Mapping[str, Any] | None = None, overwrite: bool = False,
               wait: float = 0.0, created: str | None = None, party: "party_file.Party | None" = None,
               lang: str | None = None) -> "Encounter":
        """A new save; never overwrites one (SaveExists) unless ``overwrite``, not even one
        another program creates at the same moment. With a ``party``, its PCs are in it from
        the first line, as they were left after their last fight. ``lang``: the table's
        language, in which creatures from the bestiary are named (``Session.lang``)."""
        path = Path(path)
        try:
            ruleset = plugins.load(ruleset_id)
        except plugins.UnknownRuleset as exc:
            raise SaveError(str(exc)) from None
        defaults = {o.key: o.default for o in ruleset.options()}
        defaults.update(options or {})
        session, problems = _session(ruleset, defaults, lang)
        extra: dict[str, Any] = {}
        if party is not None:  # in memory first: a party that cannot come in leaves no file behind
            from . import party as party_file

            party_file.bring_in(session, party)
            extra["party"] = party.name
        doc = Document(format=FORMAT, ruleset=ruleset_id, name=name or path.stem,
                       created=created or _now(), options=defaults, extra=extra, records=session.take_journal())
        _make_folder(path)
        lock = _take(path, wait)
        try:
            tail = store.write_new(path, doc, exclusive=not overwrite)
        except BaseException:
            lock.release()
            raise
        doc.records = []
        enc = cls(path, doc, session, tail, lock)
        enc.warnings += problems
        return enc

    @classmethod
    def open(cls, path: Path | str, read_only: bool = False, wait: float = 0.0,
             dice: Dice | None = None, lang: str | None = None, keep_snapshot: bool = True) -> "Encounter":
        """Open a save. Unless ``read_only``, take its lock (waiting up to ``wait`` s); if
        another program holds it, the encounter opens read-only and ``holder`` says who.
        ``dice``: what a prepared encounter rolls while it is built (``exec --rolls``); ``lang``:
        the table's language, in which creatures from the bestiary are named (``Session.lang``).
        ``keep_snapshot`` False: a long log replayed leaves no snapshot (a reader of many saves,
        `stats`, would push out of the cache the snapshots of the saves the GM plays)."""
        path = Path(path)
        lock, holder = None, None
        if not read_only:
            try:
                lock = locking.acquire(path, wait)
            except locking.Busy as busy:
                holder = busy.holder
            except locking.Unlockable as exc:  # no lock file can be made there (read-only folder)
                holder = exc.reason
        try:
            enc = cls._load(path, lock, holder, dice, lang, keep_snapshot)
        except BaseException:
            if lock is not None:
                lock.release()
            raise
        return enc

    @classmethod
    def _load(cls, path: Path, lock: locking.Lock | None, holder: str | None,
              dice: Dice | None = None, lang: str | None = None, keep: bool = True) -> "Encounter":
        if prepared.looks_prepared(path):
            return cls._from_plan(path, lock, holder, dice, lang)
        raw, ident = store.read_bytes(path)
        enc = cls._from_snapshot(path, raw, ident, lock, holder)
        if enc is None:
            enc = cls._replayed(path, store.read(path, (raw, ident)), lock, holder)
        if keep and enc.replayed >= snapshot.FROM:  # the next open skips what this one replayed
            enc.keep_snapshot((raw, ident))
        if lock is not None:  # only an encounter that can change adds from the bestiary (read at its first use)
            enc.session.bestiary = _bestiary_of(enc.ruleset)
        enc.session.lang = lang
        return enc

    @classmethod
    def _replayed(cls, path: Path, loaded: store.Loaded, lock: locking.Lock | None,
                  holder: str | None) -> "Encounter":
        """The long way: every line of the log read, checked and replayed."""
        doc = loaded.doc
        try:
            ruleset = plugins.load(doc.ruleset)
        except plugins.UnknownRuleset as exc:
            raise SaveError(_('{path}: {exc}', path=path, exc=message_of(exc))) from None
        try:
            session = Session.from_journal(ruleset, doc.options, doc.records)
        except JournalError as exc:
            line = _line_of(doc, exc.n)
            if line:
                raise SaveError(_("{path}: line {line}: the log does not replay: {why}", path=path, line=line,
                                  why=exc.message)) from None
            raise SaveError(_("{path}: the log does not replay: {why}", path=path, why=exc.message)) from None
        except (KeyError, ValueError, TypeError, OverflowError, RecursionError) as exc:
            raise SaveError(_('{path}: the log does not replay: {name}: {exc}', path=path, name=type(exc).__name__, exc=exc)) from None
        enc = cls(path, doc, session, loaded.tail, lock, holder)
        enc.replayed = len(doc.records)
        if loaded.torn and not loaded.dropped:  # only an unfinished line: cut at the next action
            enc.warnings.append(TORN if not loaded.zeros else _(
                "the last action was not completely written (a crash left {n} zero bytes at the end of the file) "
                "and was dropped", n=loaded.zeros))
        if lock is not None and (doc.read_format != FORMAT or not doc.appendable or doc.crlf or loaded.dropped):
            enc._rewrite(loaded)
        elif loaded.dropped:
            enc.warnings.append(_unapplied(loaded.dropped))
        doc.records, doc.lines, doc.more = [], [], []  # the session holds the history now
        return enc

    @classmethod
    def _from_snapshot(cls, path: Path, raw: bytes, ident: tuple[int, int], lock: locking.Lock | None,
                       holder: str | None) -> "Encounter | None":
        """The session from the save's snapshot (snapshot.py) and the lines appended since;
        None, and the save is read the long way, at the least doubt."""
        found = snapshot.find(path, raw, _code_of)
        if found is None:
            return None
        try:
            appended = decode_appended(raw[found.head.size:].decode("utf-8"), found.head.lines + 1)
            if appended is None or (appended and appended[-1][1]):  # unusual, or a batch cut short
                return None
            session = Session.thawed(plugins.load(found.doc.ruleset), found.session)
            session.resume([record for record, _more in appended])
        except Exception:  # noqa: BLE001 - whatever it is, the long way says it properly
            return None
        enc = cls(path, found.doc, session, store.Tail(size=len(raw), end=len(raw), ident=ident), lock, holder)
        enc.replayed = len(appended)
        return enc

    def keep_snapshot(self, read: tuple[bytes, tuple[int, int]] | None = None) -> bool:
        """Write the snapshot of this encounter as its file holds it, so the next open need
        not replay the log. Only for a long log, when nothing is unsaved and the file is the
        one this program last read or wrote, to the byte; never an error. ``read``: the file's
        bytes and identity as just read to open it (not read again, unless a rewrite since
        made them another file's)."""
        session, doc, tail = self.session, self.doc, self._tail
        if (session.journal or len(session.done) + len(session.undone) < snapshot.FROM
                or doc.read_format != FORMAT or not doc.appendable or tail.size != tail.end):
            return False
        if read is None or read[1] != tail.ident or len(read[0]) != tail.end:
            try:
                read = store.read_bytes(self.path)
            except SaveError:
                return False
        raw, ident = read
        if ident != tail.ident or len(raw) != tail.end or not raw.endswith(b"\n"):
            return False
        code = _code_of(doc)
        return code is not None and snapshot.keep(self.path, raw, doc, session.frozen(), code)

    @classmethod
    def _from_plan(cls, path: Path, lock: locking.Lock | None, holder: str | None,
                   dice: Dice | None, lang: str | None = None) -> "Encounter":
        """A prepared encounter (prepared.py): built through the session line by line, then
        written over the plan as an ordinary save, the plan kept beside it. Opened read-only
        (``show``), it is built in memory and nothing is written."""
        plan = prepared.read(path)
        try:
            ruleset = plugins.load(plan.ruleset)
        except plugins.UnknownRuleset as exc:
            raise SaveError(f"{path}: {exc}") from None
        options = {o.key: o.default for o in ruleset.options()}
        options.update(plan.options)
        problem = replay.options_problem(ruleset, options)
        if problem:
            raise LibraryError(_("{file}: [options]: {why}", file=str(path), why=problem))
        session, problems = _session(ruleset, options, lang)
        extra: dict[str, Any] = {}
        if plan.party:
            from . import party as party_file

            try:
                party = party_file.load(plan.party)
            except SaveError as exc:
                raise LibraryError(_("{file}: line {line}: {why}", file=str(path), line=plan.party_line,
                                     why=getattr(exc, "message", str(exc)))) from None
            party_file.bring_in(session, party)
            extra["party"] = plan.party
        prepared.build(plan, session, dice)
        doc = Document(format=FORMAT, ruleset=plan.ruleset, name=plan.name, created=_now(), options=options,
                       extra=extra, records=session.take_journal())
        if lock is None:
            doc.read_format = 0  # nothing on disk holds this yet: a copy is rebuilt from memory
            enc = cls(path, doc, session, store.Tail(size=0, end=0, ident=(0, 0)), None, holder)
        else:
            real = Path(os.path.realpath(path))
            kept = store.backup(real, "prepared")
            try:
                size, ident = store.atomic_write(real, encode(doc))
            except SaveError:
                kept.unlink(missing_ok=True)
                raise
            enc = cls(path, doc, session, store.Tail(size=size, end=size, ident=ident), lock)
            enc.warnings.append(_("a prepared encounter: built it ({n} lines) and saved it as an encounter; the "
                                  "plan is kept as {kept}", n=len(doc.records), kept=kept.name))
        doc.records = []
        enc.warnings += problems
        return enc

    def _rewrite(self, loaded: store.Loaded) -> None:
        """Make the file one new lines can go at the end of, the original kept as a backup:
        format 1 or a table after [log] are written anew in format 2; CRLF line ends become
        LF and a batch cut short is cut off, nothing else changed. If that fails, the
        encounter stays read-only and the file as it was."""
        doc = self.doc
        old, anew = doc.read_format, doc.read_format != FORMAT or not doc.appendable
        try:
            if anew:
                text = encode(doc).encode("utf-8")
            else:  # the bytes the document was read from, as they are
                text = loaded.raw[:loaded.tail.size]
                if doc.crlf:
                    text = text.replace(b"\r\n", b"\n")
                if not text.endswith(b"\n"):  # a whole last record without its newline
                    text += b"\n"
            if decode(text.decode("utf-8").removeprefix("\ufeff")).records != doc.records:
                raise SaveError(_('the rewritten file would not read back the same'))
            real = Path(os.path.realpath(self.path))  # a symlinked save stays a symlink
            kept = store.backup(real, f"format{old}" if old != FORMAT else "before-repair")
            try:
                size, ident = store.atomic_write(real, text)
            except SaveError:
                kept.unlink(missing_ok=True)  # the original is still in its place
                raise
        except (SaveError, CodecError, UnicodeDecodeError) as exc:
            self._refuse_writes(_("could not be rewritten ({why}); opened read-only",
                                  why=str(exc).removeprefix(f"{self.path}: ")))
            if loaded.dropped:
                self.warnings.append(_unapplied(loaded.dropped))
            return
        self._tail = store.Tail(size=size, end=size, ident=ident)
        if loaded.dropped:
            self.warnings.append(_(
                "the last exec batch was not completely written (a crash, or a line deleted by hand) and was "
                "dropped whole; not applied ({n}): {commands}; they were cut from the file, which is kept as it was "
                "as {kept}: do them again if they should count",
                n=len(loaded.dropped), commands=commands(loaded.dropped), kept=kept.name))
        if old != FORMAT:
            self.warnings.append(_("migrated from format {old} to format {new}; the original is kept as {kept}",
                                   old=old, new=FORMAT, kept=kept.name))
        elif anew and doc.crlf:
            self.warnings.append(_("[log] was not the last table of the file and its line ends were CRLF (Windows); "
                                   "rewrote it in order, with LF line ends; the original is kept as {kept}",
                                   kept=kept.name))
        elif anew:
            self.warnings.append(_("[log] was not the last table of the file; rewrote it in order, "
                                   "the original is kept as {kept}", kept=kept.name))
        elif doc.crlf:
            self.warnings.append(_("its line ends were CRLF (Windows); rewrote them as LF, nothing else changed; "
                                   "the original is kept as {kept}", kept=kept.name))
        doc.read_format, doc.appendable, doc.crlf = FORMAT, True, False

    def _refuse_writes(self, why: str | Msg) -> None:
        if self.lock is not None:
            self.lock.release()
        self.lock, self.read_only, self.holder = None, True, why

    def _keep_record(self) -> bool:
        """The fights' figures for `gm-console stats` (storage/records.py), for the bytes on
        disk: written into the save as its record section (one line appended, as an action
        is), so `stats` reads them without replaying the log even where it never read the save;
        kept in the record's cache instead when the line cannot be written."""
        from . import records  # here: the summary's tally is not for the first frame

        try:
            raw, ident = store.read_bytes(self.path)
        except SaveError:
            return False
        tail = self._tail
        if len(raw) != tail.end or ident != tail.ident:  # not the file this program last wrote: stats reads it itself
            return False
        try:
            made = records.summed(self.history, self.ruleset, self.doc)
            line = records.section(raw, made) if self.record_section and tail.size == tail.end \
                and self.doc.read_format == FORMAT and self.doc.appendable and not self.doc.crlf else None
        except Exception:  # noqa: BLE001 - a game's bug in the tally: no figures, the close goes on
            return False
        if not made["fights"]:
            return True  # no fight yet: nothing worth keeping
        if line is not None:
            try:
                store.append_bytes(self.path, line, tail)
                return True
            except SaveError:
                pass  # a full disk...: the cache at least
        return records.keep(self.path, raw, made)

    def close(self) -> None:
        """Let other programs write to it (the lock goes); this object stays readable. A long
        fight leaves its snapshot behind, so it reopens at once."""
        if self.lock is not None:
            if self._unrecorded and not self.state.in_combat:  # a fight over: `stats` need not replay it
                self._unrecorded = not self._keep_record()
            if self._unsnapped:  # after the record section: the snapshot stands for the whole file
                self._unsnapped = not self.keep_snapshot()
            self._refuse_writes("closed")

    def __enter__(self) -> "Encounter":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

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

    @property
    def options(self) -> dict:
        """The encounter's options as its file gives them (``doc.options``)."""
        return self.doc.options

    def refusal(self) -> Msg:
        """The one line a read-only encounter answers every change with."""
        return _("{path}: read-only: {why}; nothing was changed", path=self.path,
                 why=self.holder or _("opened for reading only"))

    def execute(self, line: str, dice: Dice | None = None, save: bool = True, at: float | None = None) -> Entry | None:
        """Run a command and autosave it; if the save fails, the action is taken back too,
        so the screen never shows what the file does not hold. ``at``: the wall-clock time
        of the command, which times the turns it starts and ends (``Session.run``)."""
        return self.run(line, dice, save, at).entry

    def run(self, line: str, dice: Dice | None = None, save: bool = True, at: float | None = None) -> Done:
        """``execute``, saying what the command did (its verb, its targets, the action)."""
        if save and self.read_only:
            raise SaveError(self.refusal())
        mark = self.session.mark()
        done = self.session.run(line, dice, at)
        if save:
            try:
                self.save()
            except SaveError:
                self.session.rewind(mark)
                raise
        return done

    # -- what a front end reads ------------------------------------------------------
    def trial(self, line: str, dice: Dice | None = None):
        """The state ``line`` would leave, nothing done or written (``Session.trial``)."""
        return self.session.trial(line, dice)

    @property
    def history(self) -> list[Entry]:
        """The actions done, oldest first (what undo would take back is the last)."""
        return self.session.done

    @property
    def can_undo(self) -> bool:
        return self.session.can_undo

    @property
    def can_redo(self) -> bool:
        return self.session.can_redo

    @property
    def verbs(self) -> Registry:
        """The verbs this encounter understands (the core's and its game's)."""
        return self.session.verbs

    @property
    def bestiary(self) -> Bestiary:
        """What ``add @NAME`` finds."""
        return self.session.bestiary

    def bestiary_changed(self) -> None:
        """The GM's bestiary file was written: ``add @NAME`` reads it again at its next use."""
        self.session.bestiary = _bestiary_of(self.ruleset)

    @property
    def lang(self) -> str | None:
        """The table's language, in which a creature added from the bestiary is named."""
        return self.session.lang

    @lang.setter
    def lang(self, lang: str | None) -> None:
        self.session.lang = lang

    @property
    def unsaved(self) -> bool:
        """Records not yet written to the file."""
        return bool(self.session.journal)

    def execute_all(self, lines: Iterable[str], dice: Dice | None = None,
                    at: float | None = None) -> list[Entry | None]:
        """All or nothing: the file is written only if every command succeeds; a refusal
        names which command of the batch it was."""
        if self.read_only:
            raise SaveError(self.refusal())
        lines = list(lines)
        mark = self.session.mark()
        try:
            out = []
            for i, line in enumerate(lines, 1):
                try:
                    out.append(self.session.execute(line, dice, at))
                except CommandError as exc:
                    if len(lines) > 1:
                        raise CommandError(_("command {i} ({line!r}): {why}; nothing was saved", i=i, line=line,
                                             why=exc.message), **exc.concerns()) from None
                    raise CommandError(_("{why}; nothing was saved", why=exc.message), **exc.concerns()) from None
            self.save()
        except BaseException:
            self.session.rewind(mark)
            raise
        return out

    def save(self) -> None:
        records = self.session.journal
        if not records:
            return
        if self.read_only:
            raise SaveError(self.refusal())
        _readable(self.path, records)
        store.append(self.path, records, self._tail)
        self.session.take_journal()
        self._unsnapped = True
        self._unrecorded = True

    def save_as_copy(self, path: Path | str) -> "Encounter":
        """A new save holding this encounter as it is in memory, history included; never
        overwrites a file. Works when this one's file cannot be written or is gone: the copy
        is the way out of a full or vanished disk."""
        path = Path(path)
        _make_folder(path)
        try:
            store.atomic_write(path, self._full_text(), exclusive=True)
        except SaveExists:
            raise SaveExists(f"{path}: already exists; not overwriting it") from None
        return Encounter.open(path)

    def _full_text(self) -> bytes:
        """The file's own bytes plus what is not saved yet, when the file is as this program
        last saw it; else the history rebuilt from memory (same actions, same undo stack)."""
        unsaved = self.session.journal
        if self.doc.read_format == FORMAT:
            try:
                raw, ident = store.read_bytes(self.path)
            except SaveError:
                raw, ident = b"", None
            if ident == self._tail.ident and len(raw) == self._tail.end:
                text = raw[:self._tail.size]
                if unsaved:
                    text += (("\n" if self._tail.needs_newline else "") + encode_records(unsaved)).encode("utf-8")
                return text
        records = _history(self.session)
        _readable(self.path, records)
        return encode(Document(format=FORMAT, ruleset=self.doc.ruleset, name=self.doc.name,
                               created=self.doc.created, options=self.doc.options,
                               records=records)).encode("utf-8")


def _readable(path: Path, records: Sequence[dict[str, Any]]) -> None:
    """What is written is what opens: each event of ``records`` checked by the reader's own
    rules (``event_from_dict``: every field's type, how deep its values nest) before a byte
    is written; SaveError otherwise, and the caller writes nothing (the action is taken back)."""
    for record in records:
        for event in record.get("ev", ()):
            try:
                event_from_dict(event)
            except EventDecodeError as exc:
                raise SaveError(_("{path}: not saved: action {n} holds an event the reader would refuse ({why}); "
                                  "nothing was changed", path=path, n=record.get("n"), why=str(exc))) from None


def _unapplied(dropped: list[dict[str, Any]]) -> Msg:
    """A batch cut short, when the file is not cut (opened to read, or the rewrite failed)."""
    return _("the last exec batch was not completely written (a crash, or a line deleted by hand) and is not "
             "applied ({n}): {commands}; the file is left as it is", n=len(dropped),
             commands=commands(dropped))


def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")


def _session(ruleset, options: Mapping[str, Any], lang: str | None = None) -> tuple[Session, list]:
    """A new session that adds from the game's bestiary and the GM's (read at the first `add @...`),
    and what reading them has met by the time the caller looks (a prepared encounter, once built)."""
    from .bestiary_files import Met

    bestiary = _bestiary_of(ruleset)
    return Session(ruleset, options, bestiary=bestiary, lang=lang), Met(bestiary)


def _bestiary_of(ruleset) -> Bestiary:
    """The game's bestiary then the GM's (``bestiary_files.lazy``), with that module itself
    loaded at the first look-up: a fight that adds nothing from them never loads its code
    (0.1 MiB and 2 ms before the first frame)."""
    def entries():
        from .bestiary_files import entries_of

        return entries_of(ruleset)

    return Bestiary(entries)


def _history(session: Session) -> list[dict[str, Any]]:
    """Records that replay to this session: what is done, then what is undone (done, then undone)."""
    def record(entry: Entry) -> dict[str, Any]:
        return {"n": entry.n, "r": entry.round, "do": entry.line, "ev": [e.to_dict() for e in entry.events]}

    undone = list(reversed(session.undone))
    out = [record(e) for e in session.done + undone]
    n = max((e.n for e in session.done + undone), default=0)
    for entry in session.undone:
        n += 1
        out.append({"n": n, "undo": entry.n})
    return out


def _code_of(doc: Document) -> str | None:
    """The fingerprint of the code that replays this save now (its game's and the engine's)."""
    try:
        return snapshot.fingerprint(type(plugins.load(doc.ruleset)).__module__)
    except plugins.UnknownRuleset:
        return None


def _line_of(doc: Document, n: int | None) -> int | None:
    for record, line in zip(doc.records, doc.lines):
        if record.get("n") == n:
            return line or None
    return None


def _make_folder(path: Path) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SaveError(_('{path}: cannot create its folder: {value}', path=path, value=why(exc))) from None
    if os.path.isdir(path):
        raise SaveError(_('{path}: is a folder, not a save file', path=path))


def _take(path: Path, wait: float) -> locking.Lock:
    try:
        return locking.acquire(path, wait)
    except locking.Busy as busy:
        raise SaveError(_('{path}: {holder}', path=path, holder=busy.holder)) from None

