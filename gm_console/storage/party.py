"""The party: a campaign's PCs, carried from one encounter to the next.

One TOML file per campaign in ``<data folder>/parties/``::

    ruleset = "pathfinder1e"
    name = "Runelords"

    [[pc]]                     # one table per PC: its stat block as `add` takes it
    name = "Kyra"
    hp = 38
    con = 14

    [pc.now]                   # what lasted after the last fight (written back by gm-console)
    life = "ok"
    conditions = [{cond = "fatigued"}, {cond = "energy-drained", value = 1}]
    [pc.now.pools]
    hp = 23
    nl = 4

An encounter started with the party (``gm-console new PATH --party Runelords``) adds each
PC with ordinary command lines: ``add`` with the stat block, then ``cond`` for what lasts,
then ``set`` for the pools, so the log says how everyone came in. When the fight is over,
``write_back`` takes what lasts of each PC (the ruleset's ``Sheet.lasting``) into ``now``
and says what changed in one line. The stat block itself changes only when the GM edits
it (a level up), or adds the PC again from an encounter (``add_members``).
"""

from __future__ import annotations

import datetime as _dt
import shlex
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tomli_w

from gm_console import plugins
from gm_console.engine.core.bestiary import as_text
from gm_console.engine.core.contract import Ruleset
from gm_console.engine.core.errors import CommandError
from gm_console.engine.language.session import Session
from gm_console.engine.core.state import Combatant, EncounterState
from gm_console.engine.core.text import fold_text
from gm_console.i18n import Msg, Term, _, joined, render

from . import tomlfile
from .errors import LibraryError, SaveError
from .paths import data_dir, safe_file_name
from .store import atomic_write, read_bytes

_HEADER = ("# gm-console party: the PCs of one campaign. Each [[pc]] is a stat block as `add` takes it;\n"
           "# [pc.now] is what lasted after the last fight (gm-console writes it back when a fight ends).\n"
           "# Edit the stat blocks freely (a level up); comments in this file are not kept.\n\n")


@dataclass
class Member:
    name: str
    stats: dict[str, Any] = field(default_factory=dict)
    now: dict[str, Any] | None = None  # Sheet.lasting after the last fight; None: fresh


@dataclass
class Party:
    name: str
    ruleset: str
    members: list[Member] = field(default_factory=list)
    path: Path | None = None
    updated: str = ""
    extra: dict[str, Any] = field(default_factory=dict)  # the GM's own keys at the top: kept as they are

    def member(self, name: str) -> Member | None:
        key = fold_text(name)
        return next((m for m in self.members if fold_text(m.name) == key), None)


def parties_dir() -> Path:
    return data_dir() / "parties"


def party_path(name: str) -> Path:
    return parties_dir() / f"{safe_file_name(name)}.toml"


def list_parties() -> list[Party]:
    """Every party that reads; broken files are left out (``load`` says why)."""
    folder = parties_dir()
    out = []
    if folder.is_dir():
        for path in sorted(folder.glob("*.toml")):
            try:
                out.append(read(path))
            except SaveError:
                continue
    return out


def load(name: str) -> Party:
    """A party by name (or a path to its file)."""
    path = Path(name) if name.endswith(".toml") else party_path(name)
    if not path.exists():
        known = ", ".join(p.name for p in list_parties()) or "-"
        raise LibraryError(_("no party {name!r} (parties: {known}); make one with gm-console party new NAME "
                             "--ruleset ID", name=name, known=known))
    return read(path)


def read(path: Path) -> Party:
    raw, _ident = read_bytes(path)
    try:
        data = tomlfile.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise LibraryError(_("{file}: not UTF-8 text", file=str(path))) from None
    except tomlfile.TomlError as exc:
        raise LibraryError(_("{file}: line {line}: {why}", file=str(path), line=exc.line, why=exc.why)) from None
    ruleset = data.get("ruleset")
    if not isinstance(ruleset, str) or not ruleset:
        raise LibraryError(_("{file}: missing ruleset = \"...\" at the top", file=str(path)))
    pcs = data.get("pc", [])
    if not isinstance(pcs, list) or not all(isinstance(p, dict) for p in pcs):
        raise LibraryError(_("{file}: each PC is a [[pc]] table", file=str(path)))
    members = []
    for i, table in enumerate(pcs, 1):
        name = table.get("name")
        if not isinstance(name, str) or not name.strip():
            raise LibraryError(_("{file}: PC {n} needs name = \"...\"", file=str(path), n=i))
        now = table.get("now")
        if now is not None and not isinstance(now, dict):
            raise LibraryError(_("{file}: {name}: now must be a table", file=str(path), name=name))
        stats = {k: v for k, v in table.items() if k not in ("name", "now")}
        members.append(Member(name=name.strip(), stats=stats, now=now))
    extra = {k: v for k, v in data.items() if k not in _OWN}
    return Party(name=str(data.get("name") or path.stem), ruleset=ruleset, members=members, path=path,
                 updated=str(data.get("updated", "")), extra=extra)


_OWN = ("ruleset", "name", "updated", "pc")  # the keys of a party file this program writes


def save(party: Party) -> Path:
    """The whole file, written at once (temp, fsync, rename); never one `new --party` would
    refuse (``check``): then nothing is written and the refusal names the file, the PC and the key."""
    check(party)
    path = party.path or party_path(party.name)
    doc: dict[str, Any] = {"ruleset": party.ruleset, "name": party.name}
    if party.updated:
        doc["updated"] = party.updated
    doc.update(party.extra)
    pcs = []
    for m in party.members:
        table = {"name": m.name, **m.stats}
        if m.now is not None:
            table["now"] = m.now
        pcs.append(table)
    if pcs:
        doc["pc"] = pcs
    atomic_write(path, _HEADER + tomli_w.dumps(doc))
    party.path = path
    return path


def ruleset_of(party: Party) -> Ruleset:
    try:
        return plugins.load(party.ruleset)
    except plugins.UnknownRuleset as exc:
        raise LibraryError(_("{file}: {why}", file=str(party.path or party.name), why=str(exc))) from None


def check(party: Party) -> None:
    """The party brought into an empty encounter of its game, as `new --party` does: the same
    judgement, the same one line (``FILE: Kyra: hp takes a whole number...``) when it fails."""
    bring_in(Session(ruleset_of(party)), party)


def create(name: str, ruleset_id: str) -> Party:
    try:
        plugins.load(ruleset_id)
    except plugins.UnknownRuleset as exc:
        raise LibraryError(str(exc)) from None
    path = party_path(name)
    if path.exists():
        raise LibraryError(_("{file}: a party of that name already exists", file=str(path)))
    party = Party(name=name, ruleset=ruleset_id, path=path)
    save(party)
    return party


# --- into an encounter -----------------------------------------------------------------------


def quote(text: str) -> str:
    return shlex.quote(text)


def add_line(member: Member) -> str:
    """The `add` line of a PC's stat block."""
    return " ".join(["add", quote(member.name), "pc", block_text(member)]).rstrip()


def block_text(member: Member) -> str:
    """A PC's stat block as `add` and `party add --pc` take it (``hp=30 'atk=longsword ...'``)."""
    return " ".join(quote(f"{key}={as_text(value)}") for key, value in member.stats.items() if key != "pc")


def written_pc(ruleset: Ruleset, block: str) -> tuple[Combatant, EncounterState]:
    """A PC written as a stat block (``Kyra hp=30/38 ac=18``), as `add NAME pc ...` takes it,
    brought into an empty encounter of the party's game: the same judgement, the same line
    when it is refused (docs/sheets.md)."""
    try:
        words = shlex.split(block)
    except ValueError as exc:
        raise LibraryError(_("--pc {block!r}: {why}", block=block, why=str(exc))) from None
    if not words or "=" in words[0]:
        raise LibraryError(_("--pc {block!r}: a name first, then its stat block: --pc \"Kyra hp=30/38 ac=18\"",
                             block=block))
    scratch = Session(ruleset)
    try:
        entry = scratch.execute(" ".join(["add", quote(words[0]), "pc", *(quote(w) for w in words[1:])]))
    except CommandError as exc:
        raise LibraryError(_("--pc {block!r}: {why}", block=block, why=exc.message)) from None
    cid = next(e.id for e in entry.events if e.kind == "CombatantAdded")
    return scratch.state.get(cid), scratch.state


def bring_in(session: Session, party: Party) -> None:
    """Add the party to an encounter with ordinary command lines: the stat block, then what
    lasted: conditions first (negative levels take their HP as they go on), then the pools as
    they were written, then the life state the numbers do not give by themselves."""
    if session.ruleset.id != party.ruleset:
        raise LibraryError(_("the party {party} plays {theirs}, not {ours}", party=party.name,
                             theirs=party.ruleset, ours=session.ruleset.id))
    for member in party.members:
        try:
            entry = session.execute(add_line(member))
            cid = next(e.id for e in entry.events if e.kind == "CombatantAdded")
            now = member.now or {}
            for line in condition_lines(cid, now):
                session.execute(line)
            for line in pool_lines(session, cid, now):
                session.execute(line)
            for line in life_lines(session, cid, now):
                session.execute(line)
        except CommandError as exc:
            where = str(party.path or party.name)
            raise LibraryError(_("{file}: {name}: {why}", file=where, name=member.name, why=exc.message)) from None


def condition_lines(cid: str, now: dict[str, Any]) -> list[str]:
    lines = []
    for cond in now.get("conditions") or []:
        if not isinstance(cond, dict) or not isinstance(cond.get("cond"), str):
            continue
        text = cond["cond"] + (f":{cond['value']}" if cond.get("value") is not None else "")
        lines.append(" ".join(["cond", cid, quote(text)] + ([str(cond["rounds"])] if cond.get("rounds") else [])))
    return lines


def pool_lines(session: Session, cid: str, now: dict[str, Any]) -> list[str]:
    c = session.state.get(cid)
    rs = session.ruleset
    out = []
    for key, value in (now.get("pools") or {}).items():
        f = rs.sheet.fields.get(key)
        pool = c.pools.get(key)
        if f is None or pool is None or not isinstance(value, int) or pool.value == value:
            continue
        if f.kind == "counter":
            out.append(f"set {cid} {key}={value}")
        else:
            top = pool.max if pool.max is not None else value
            out.append(f"set {cid} {key}={value}/{max(top, value)}")
    return out


def life_lines(session: Session, cid: str, now: dict[str, Any]) -> list[str]:
    life = now.get("life")
    c = session.state.get(cid)
    if not isinstance(life, str) or life == c.life or life == "ok":
        return []
    return [f"cond {cid} {life}"] if session.ruleset.conditions.catalogue.get(life) is not None else []


# --- back from an encounter --------------------------------------------------------------------


@dataclass
class Change:
    """What changed for one PC, ready to read in any language."""

    name: str
    parts: list["Msg | str"] = field(default_factory=list)

    def render(self, lang: str = "en") -> str:
        if not self.parts:
            return render(_("{name}: no change", name=self.name), lang)
        return render(_("{name}: {changes}", name=self.name,
                        changes=", ".join(render(p, lang) for p in self.parts)), lang)


def summary(changes: list[Change], lang: str = "en") -> str:
    """The one line a GM reads after writing back: "Kyra: HP 38 → 23, +fatigued; Valeros: no change"."""
    return "; ".join(c.render(lang) for c in changes) or render(_("no PC of the party is in this encounter"), lang)


def pcs_in(party: Party, state: EncounterState) -> list[tuple[Member, Combatant]]:
    found = []
    for member in party.members:
        c = next((c for c in state.combatants.values() if fold_text(c.name) == fold_text(member.name)), None)
        if c is not None:
            found.append((member, c))
    return found


def write_back(party: Party, state: EncounterState, ruleset: Ruleset, dry_run: bool = False) -> list[Change]:
    """What lasts of each PC of the party in this encounter goes into its ``now``; the file is
    written at once (unless ``dry_run``). Returns what changed, member by member."""
    if ruleset.id != party.ruleset:
        raise LibraryError(_("the party {party} plays {theirs}, not {ours}", party=party.name,
                             theirs=party.ruleset, ours=ruleset.id))
    changes = []
    for member, c in pcs_in(party, state):
        lasting = ruleset.sheet.lasting(state, c)
        changes.append(Change(member.name, _differences(ruleset, member, lasting)))
        member.now = _plain(lasting)
    if dry_run:
        check(party)  # what the write would refuse, said before it is asked for
    elif changes:
        party.updated = _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")
        save(party)
    return changes


def _plain(lasting: dict[str, Any]) -> dict[str, Any]:
    """As TOML keeps it: no None values (a condition without rounds lasts until removed)."""
    out = {"life": lasting.get("life", "ok"),
           "conditions": [{k: v for k, v in cond.items() if v is not None} for cond in lasting.get("conditions", [])],
           "pools": dict(lasting.get("pools", {}))}
    return out


def _differences(ruleset: Ruleset, member: Member, lasting: dict[str, Any]) -> list["Msg | str"]:
    before = member.now or {}
    old_pools = dict(before.get("pools") or {}) if member.now else _fresh_pools(ruleset, member)
    parts: list[Msg | str] = []
    for key, value in (lasting.get("pools") or {}).items():
        old = old_pools.get(key)
        if old != value:
            f = ruleset.sheet.fields.get(key)
            label = f.term if f is not None else Term(key)
            parts.append(_("{pool} {old} → {new}", pool=label, old="-" if old is None else old, new=value))
    old_conds = {_cond_key(c) for c in before.get("conditions") or [] if isinstance(c, dict)}
    new_conds = {_cond_key(c) for c in lasting.get("conditions") or []}
    for cond, value in sorted(new_conds - old_conds, key=str):
        parts.append(_("+{cond}", cond=_cond_term(ruleset, cond, value)))
    for cond, value in sorted(old_conds - new_conds, key=str):
        parts.append(_("−{cond}", cond=_cond_term(ruleset, cond, value)))
    old_life, new_life = before.get("life", "ok"), lasting.get("life", "ok")
    if old_life != new_life:
        from gm_console.engine.core.words import life as life_word

        parts.append(_("{old} → {new}", old=life_word(old_life), new=life_word(new_life)))
    return parts


def _fresh_pools(ruleset: Ruleset, member: Member) -> dict[str, int]:
    """A PC's pools as its stat block starts it (hero points, nonlethal 0...): the baseline of
    its first write-back, worked out by adding it to an empty encounter."""
    scratch = Session(ruleset)
    try:
        entry = scratch.execute(add_line(member))
    except CommandError:
        return {}
    cid = next(e.id for e in entry.events if e.kind == "CombatantAdded")
    return {key: pool.value for key, pool in scratch.state.get(cid).pools.items()}


def _cond_key(cond: dict[str, Any]) -> tuple[str, Any]:
    return (str(cond.get("cond")), cond.get("value"))


def _cond_term(ruleset: Ruleset, cond: str, value: Any) -> Term:
    d = ruleset.conditions.catalogue.define(cond)
    return joined([d.term, str(value)]) if value is not None else d.term


@dataclass
class Added:
    """A PC copied from an encounter into the party, and what of the party file's stat block
    it kept because the encounter does not set it (a hand-added ``con = 14``)."""

    name: str
    kept: dict[str, Any] = field(default_factory=dict)


def add_members(party: Party, combatants: list[Combatant], ruleset: Ruleset,
                state: EncounterState | None = None) -> list[Added]:
    """PCs of an encounter into the party: their stat blocks as entered, and, given the
    encounter's ``state``, what lasts of them as they are now (``Sheet.lasting``: hero points
    2 stay 2, HP 30 of 38 stay 30); a PC already there is replaced, and the keys of its stat
    block the encounter does not set (at their default there) are kept. Without ``state`` its
    lasting state is kept. Nothing is written when the party would not come into an encounter
    (``check``)."""
    if ruleset.id != party.ruleset:
        raise LibraryError(_("the party {party} plays {theirs}, not {ours}", party=party.name,
                             theirs=party.ruleset, ours=ruleset.id))
    added = []
    for c in combatants:
        stats = {}
        for f in ruleset.sheet.block:
            value = c.stats.get(f.key)
            if f.key == "pc" or value is None or (value == f.default and f.kind not in ("pool", "counter")):
                continue
            stats[f.key] = value
        old = party.member(c.name)
        kept: dict[str, Any] = {}
        now = _plain(ruleset.sheet.lasting(state, c)) if state is not None else None
        if old is not None:
            kept = {key: value for key, value in old.stats.items()
                    if ruleset.sheet.field_index.get(fold_text(key)) not in (*stats, "pc")}
            old.stats = {**stats, **kept}
            old.now = now if now is not None else old.now
        else:
            party.members.append(Member(name=c.name, stats=stats, now=now))
        added.append(Added(c.name, kept))
    save(party)
    return added
