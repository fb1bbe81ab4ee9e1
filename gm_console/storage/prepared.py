"""Encounters prepared by hand: a short TOML a GM writes between sessions.

    ruleset = "pathfinder1e"
    name = "Goblin ambush at the bridge"
    party = "Runelords"                  # optional: the party joins first, as it was left

    [options]                            # optional: the game's house rules
    ready_lapses = true

    [[combatant]]
    from = "goblin"                      # a bestiary creature (either language)
    count = 4                            # Goblin 1..4
    initiative = 12                      # optional, for each of them
    group = true                         # optional: one initiative for all of them

    [[combatant]]
    name = "Grak"                        # a name of its own...
    from = "hobgoblin"                   # ...and a creature's stat block
    hp = 22                              # any stat key overrides the creature's
    roll = true                          # optional: HP rolled from its hit dice
    hidden = true                        # optional: kept from the players until `reveal`

    [[combatant]]
    name = "Bandit captain"              # no `from`: the stat block is all here
    side = "foe"                         # pc, ally or foe (default)
    hp = 30
    ac = 17

Opening one (in the console, ``exec`` or ``show``) builds the encounter by running each
table as an ordinary ``add`` line (and ``init`` for a given initiative) through the
session: what the log shows is what a GM would have typed. From then on the file is an
ordinary save (format 2); the hand-written plan is kept beside it as
``NAME.toml.prepared.bak``. ``show`` only builds it in memory and writes nothing.
"""

from __future__ import annotations

import os
import re
import shlex
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gm_console.engine.core.bestiary import as_text
from gm_console.engine.core.dice import Dice
from gm_console.engine.core.errors import CommandError
from gm_console.engine.language.session import Session
from gm_console.engine.core.text import fold_text
from gm_console.i18n import _

from . import tomlfile
from .errors import LibraryError
from .store import read_bytes

#: keys of a [[combatant]] table that are not stats
RESERVED = ("name", "from", "count", "initiative", "side", "roll", "category", "group", "hidden")
#: keys of a [[combatant]] table that are true or false: the bare word of `add` when true
SWITCHES = ("roll", "group", "hidden")
SIDES = {"pc": "pc", "pj": "pc", "ally": "ally", "aliado": "ally", "foe": "foe", "enemigo": "foe"}
_HEAD_BYTES = 65536
_FORMAT = re.compile(r"^[ \t]*format[ \t]*=", re.M)
_PLAN = re.compile(r"^[ \t]*(\[\[[ \t]*combatant[ \t]*\]\]|party[ \t]*=)", re.M)
_TABLE = re.compile(r"^[ \t]*\[", re.M)


@dataclass
class Combatant:
    """One [[combatant]] table and the line it starts on."""

    n: int
    line: int
    table: dict[str, Any]


@dataclass
class Plan:
    path: Path
    ruleset: str
    name: str
    options: dict[str, Any] = field(default_factory=dict)
    party: str = ""
    party_line: int = 0
    combatants: list[Combatant] = field(default_factory=list)


def looks_prepared(path: Path) -> bool:
    """Cheap: the top of the file has no ``format =`` and does have ``[[combatant]]`` or
    ``party =`` (a save of any size is told apart by its first lines)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return False
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return False
        head = os.read(fd, _HEAD_BYTES).decode("utf-8", "replace")
    except OSError:
        return False
    finally:
        os.close(fd)
    first_table = _TABLE.search(head)
    top = head[:first_table.start()] if first_table else head
    return not _FORMAT.search(top) and bool(_PLAN.search(head))


def read(path: Path) -> Plan:
    """The plan in a prepared file, checked; a bad file is one line naming the line."""
    raw, _ident = read_bytes(path)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise LibraryError(_("{file}: line {line}: not UTF-8 text", file=str(path),
                             line=raw[:exc.start].count(b"\n") + 1)) from None
    text = text.removeprefix("\ufeff")
    try:
        data = tomlfile.loads(text)
    except tomlfile.TomlError as exc:
        raise LibraryError(_("{file}: line {line}: {why}", file=str(path), line=exc.line, why=exc.why)) from None
    ruleset = data.get("ruleset")
    if not isinstance(ruleset, str) or not ruleset:
        raise LibraryError(_("{file}: line 1: a prepared encounter starts with ruleset = \"...\" (see gm-console "
                             "rulesets)", file=str(path)))
    for key in ("name", "party"):
        if key in data and not isinstance(data[key], str):
            raise LibraryError(_("{file}: line {line}: {key} must be text in quotes", file=str(path),
                                 line=_key_line(text, key), key=key))
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise LibraryError(_("{file}: line {line}: [options] must be a table", file=str(path),
                             line=_key_line(text, "options")))
    tables = data.get("combatant", [])
    if not isinstance(tables, list) or not all(isinstance(t, dict) for t in tables):
        raise LibraryError(_("{file}: line {line}: each combatant is a [[combatant]] table", file=str(path),
                             line=_key_line(text, "combatant")))
    lines = [m.start() for m in re.finditer(r"^[ \t]*\[\[[ \t]*combatant[ \t]*\]\]", text, re.M)]
    plan = Plan(path=Path(path), ruleset=ruleset, name=data.get("name") or Path(path).stem, options=dict(options),
                party=data.get("party", ""), party_line=_key_line(text, "party"))
    for n, table in enumerate(tables, 1):
        line = text.count("\n", 0, lines[n - 1]) + 1 if n <= len(lines) else 0
        plan.combatants.append(Combatant(n, line, table))
        _check(plan, plan.combatants[-1])
    for key in data:
        if key not in ("ruleset", "name", "party", "options", "combatant", "created"):
            raise LibraryError(_("{file}: line {line}: unknown key {key!r}; a prepared encounter has ruleset, name, "
                                 "party, [options] and [[combatant]] tables", file=str(path),
                                 line=_key_line(text, key), key=key))
    return plan


def _check(plan: Plan, c: Combatant) -> None:
    """Shapes the `add` line cannot tell (the values themselves are the engine's to judge)."""
    t = c.table

    def bad(message) -> LibraryError:
        return LibraryError(_("{file}: line {line}: combatant {n}: {why}", file=str(plan.path), line=c.line, n=c.n,
                              why=message))

    name, source = t.get("name"), t.get("from")
    if name is None and source is None:
        raise bad(_("needs name = \"...\" or from = \"a bestiary creature\""))
    for key in ("name", "from"):
        if key in t and (not isinstance(t[key], str) or not t[key].strip()):
            raise bad(_("{key} must be text in quotes", key=key))
    count = t.get("count")
    if count is not None and (not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= 100):
        raise bad(_("count takes 1 to 100, not {value}", value=count))
    init = t.get("initiative")
    if init is not None and (isinstance(init, bool) or not isinstance(init, (int, float))):
        raise bad(_("initiative must be a number, not {value!r}", value=init))
    side = t.get("side")
    if side is not None and (not isinstance(side, str) or fold_text(side) not in SIDES):
        raise bad(_("side takes pc, ally or foe, not {value!r}", value=side))
    for key in SWITCHES:
        if key in t and not isinstance(t[key], bool):
            raise bad(_("{key} takes true or false, not {raw!r}", key=key, raw=t[key]))
    for key, value in t.items():
        if key not in RESERVED and isinstance(value, dict):
            raise bad(_("{key} must be a value, not a table", key=key))


def add_line(c: Combatant) -> str:
    """The `add` line a GM would type for this table."""
    t = c.table
    parts = ["add"]
    if t.get("name"):
        parts.append(shlex.quote(t["name"].strip()))
    if t.get("from"):
        parts.append(shlex.quote("@" + t["from"].strip()))
    if t.get("count") is not None:
        parts.append(f"x{t['count']}")
    if t.get("side"):
        parts.append(SIDES[fold_text(t["side"])])
    if t.get("category"):
        parts.append(shlex.quote(str(t["category"])))
    parts += [key for key in SWITCHES if t.get(key) is True]
    for key, value in t.items():
        if key not in RESERVED:
            parts.append(shlex.quote(f"{key}={as_text(value)}"))
    return " ".join(parts)


def build(plan: Plan, session: Session, dice: Dice | None = None) -> None:
    """Run the plan through the session, line by line; a refusal names the table's line."""
    for c in plan.combatants:
        line = add_line(c)
        try:
            entry = session.execute(line, dice)
            init = c.table.get("initiative")
            if init is not None:
                for cid in [e.id for e in entry.events if e.kind == "CombatantAdded"]:
                    value = int(init) if float(init).is_integer() else init
                    session.execute(f"init {cid} {value}", dice)
        except CommandError as exc:
            raise LibraryError(_("{file}: line {line}: combatant {n} ({add}): {why}", file=str(plan.path),
                                 line=c.line, n=c.n, add=line, why=exc.message)) from None


def _key_line(text: str, key: str) -> int:
    m = re.search(r"^[ \t]*\[*[ \t]*" + re.escape(key) + r"\b", text, re.M)
    return text.count("\n", 0, m.start()) + 1 if m else 1

