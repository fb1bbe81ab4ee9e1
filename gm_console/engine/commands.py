"""The command language: one line per GM action, the same everywhere.

``parse(line)`` turns text into a typed ``Command`` or raises ``CommandError``
with one line saying what was wrong and what is accepted; it never raises
anything else (the hypothesis fuzz test holds it to that). Verbs are English
with Spanish aliases; a ruleset's extra verbs parse to ``RulesetCommand`` and
the ruleset reads their arguments.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from typing import Iterable

from .contract import did_you_mean, fold_text, listing


class CommandError(ValueError):
    pass


@dataclass(frozen=True)
class Command:
    line: str


@dataclass(frozen=True)
class Add(Command):
    name: str
    count: int | None = None  # None: one, unnumbered; xN (x1 too): numbered
    fields: tuple[tuple[str, str], ...] = ()
    words: tuple[str, ...] = ()


@dataclass(frozen=True)
class Remove(Command):
    who: str


@dataclass(frozen=True)
class SetStats(Command):
    who: str
    fields: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Init(Command):
    who: str
    value: float


@dataclass(frozen=True)
class RollInit(Command):
    who: tuple[str, ...] = ()


@dataclass(frozen=True)
class Start(Command):
    pass


@dataclass(frozen=True)
class Next(Command):
    pass


@dataclass(frozen=True)
class Prev(Command):
    pass


@dataclass(frozen=True)
class Damage(Command):
    who: str
    amount: str
    types: tuple[str, ...] = ()


@dataclass(frozen=True)
class Heal(Command):
    who: str
    amount: str
    types: tuple[str, ...] = ()


@dataclass(frozen=True)
class Cond(Command):
    who: str
    cond: str
    value: int | None = None
    rounds: int | None = None
    by: str | None = None


@dataclass(frozen=True)
class Uncond(Command):
    who: str
    cond: str


@dataclass(frozen=True)
class DelayCmd(Command):
    count: float | None = None


@dataclass(frozen=True)
class Resume(Command):
    who: str


@dataclass(frozen=True)
class ReadyCmd(Command):
    trigger: str


@dataclass(frozen=True)
class Trigger(Command):
    who: str
    args: tuple[str, ...] = ()


@dataclass(frozen=True)
class Unready(Command):
    who: str


@dataclass(frozen=True)
class Spend(Command):
    who: str
    resource: str
    amount: int | None = None
    args: tuple[str, ...] = ()


@dataclass(frozen=True)
class Pass(Command):
    seconds: int
    text: str = ""


@dataclass(frozen=True)
class End(Command):
    pass


@dataclass(frozen=True)
class Undo(Command):
    pass


@dataclass(frozen=True)
class Redo(Command):
    pass


@dataclass(frozen=True)
class NoteCmd(Command):
    text: str


@dataclass(frozen=True)
class Option(Command):
    key: str
    value: str | None = None


@dataclass(frozen=True)
class Side(Command):
    who: str
    side: str


@dataclass(frozen=True)
class DiceRoll(Command):
    args: tuple[str, ...] = ()


@dataclass(frozen=True)
class Check(Command):
    args: tuple[str, ...] = ()


@dataclass(frozen=True)
class Surprise(Command):
    aware: tuple[str, ...] = ()


@dataclass(frozen=True)
class RulesetCommand(Command):
    verb: str
    args: tuple[str, ...] = ()


# verb -> (canonical, usage)
USAGE: dict[str, str] = {
    "add": "add NAME [xN] [pc] [key=value ...]",
    "remove": "remove NAME",
    "set": "set NAME key=value ...",
    "init": "init NAME VALUE",
    "roll": "roll [NAME ...]",
    "start": "start",
    "next": "next",
    "prev": "prev",
    "dmg": "dmg NAME AMOUNT [TYPE ...]   (AMOUNT: 7 or dice like 2d6+3)",
    "heal": "heal NAME AMOUNT [TYPE ...]",
    "cond": "cond NAME CONDITION[:VALUE] [ROUNDS] [by NAME]",
    "uncond": "uncond NAME CONDITION",
    "delay": "delay [COUNT]",
    "resume": "resume NAME",
    "ready": "ready TEXT",
    "trigger": "trigger NAME",
    "unready": "unready NAME",
    "spend": "spend NAME RESOURCE [N] [USE ...]",
    "pass": "pass DURATION   (e.g. 6s, 3r, 10m, 1h, 8h)",
    "end": "end",
    "undo": "undo",
    "redo": "redo",
    "note": "note TEXT",
    "option": "option KEY [VALUE]",
    "side": "side NAME pc|ally|foe",
    "r": "r EXPR [LABEL] [hidden]   (any dice: 1d20+5, 4d6kh3, 2d20kh1+3)",
    "check": "check NAME SKILL|ABILITY|+N [+N ...] [vs DC|vs NAME2] [take10|take20] [hidden] [aid NAME2]",
    "surprise": "surprise [NAME ...]   (before start: who is aware; no names clears it)",
}

ALIASES: dict[str, str] = {
    # English conveniences
    "damage": "dmg", "hurt": "dmg", "condition": "cond", "rm": "remove", "del": "remove",
    "initiative": "init", "rollinit": "roll", "n": "next", "previous": "prev", "back": "prev",
    "wait": "delay", "act": "resume", "drop": "unready", "uncondition": "uncond",
    # Spanish
    "anadir": "add", "añadir": "add", "agregar": "add", "quitar": "remove", "eliminar": "remove",
    "poner": "set", "cambiar": "set", "iniciativa": "init", "tirar": "roll", "empezar": "start",
    "comenzar": "start", "siguiente": "next", "sig": "next", "anterior": "prev", "dano": "dmg",
    "daño": "dmg", "herir": "dmg", "curar": "heal", "estado": "cond", "quitar-estado": "uncond",
    "sin-estado": "uncond", "retrasar": "delay", "reanudar": "resume", "entrar": "resume",
    "preparar": "ready", "disparar": "trigger", "desencadenar": "trigger",
    "despreparar": "unready", "cancelar": "unready", "gastar": "spend", "pasar": "pass",
    "terminar": "end", "fin": "end", "deshacer": "undo", "rehacer": "redo", "nota": "note",
    "opcion": "option", "opción": "option", "bando": "side", "sorpresa": "surprise", "dados": "r", "tirada": "r",
    "dice": "r", "prueba": "check", "chequeo": "check",
}

_DURATION = re.compile(r"^(\d+(?:\.\d+)?)\s*(s|sec|seg|r|rd|rds|round|rounds|asalto|asaltos|m|min|mins|minute|minutes|minuto|minutos|h|hr|hrs|hour|hours|hora|horas|d|day|days|dia|dias|día|días)?$")
_UNIT_SECONDS = {"s": 1, "sec": 1, "seg": 1, "m": 60, "min": 60, "mins": 60, "minute": 60,
                 "minutes": 60, "minuto": 60, "minutos": 60, "h": 3600, "hr": 3600, "hrs": 3600,
                 "hour": 3600, "hours": 3600, "hora": 3600, "horas": 3600, "d": 86400,
                 "day": 86400, "days": 86400, "dia": 86400, "dias": 86400, "día": 86400,
                 "días": 86400}
_ROUND_UNITS = {"r", "rd", "rds", "round", "rounds", "asalto", "asaltos"}
_DICE_OR_INT = re.compile(r"^[0-9dDkKhHlL%+\-*()!<>=,. ]+$")
_MAX_COUNT = 100
_FREE_TEXT = {"note", "ready"}
_MAX_NUMBER = 10**6


def tokenize(line: str) -> list[str]:
    try:
        return shlex.split(line, posix=True)
    except ValueError as exc:
        raise CommandError(f"cannot read the line ({exc}); quote names with spaces like \"Goblin 1\"") from None


def canonical_verb(word: str, extra: Iterable[str] = ()) -> str | None:
    low = word.casefold()
    if low in USAGE:
        return low
    if low in ALIASES:
        return ALIASES[low]
    folded = fold_text(word).replace(" ", "-")
    if folded in ALIASES:
        return ALIASES[folded]
    for verb in extra:
        if low == verb.casefold():
            return verb
    return None


def parse_duration(text: str, seconds_per_round: int = 6) -> int:
    if text.strip().startswith("-"):
        raise CommandError(f"bad duration {text!r}: time only goes forward (e.g. 10m, 1h)")
    m = _DURATION.match(fold_text(text).replace(" ", "") if text else "")
    if not m:
        raise CommandError(f"bad duration {text!r}; expected e.g. 6s, 3r, 10m, 1h, 8h, 1d")
    amount = float(m.group(1))
    unit = m.group(2) or "r"
    seconds = amount * (seconds_per_round if unit in _ROUND_UNITS else _UNIT_SECONDS[unit])
    if seconds <= 0 or seconds > 366 * 86400:
        raise CommandError(f"duration {text!r} out of range (a second to a year)")
    return int(round(seconds))


def parse(line: str, extra_verbs: dict[str, str] | None = None, seconds_per_round: int = 6) -> Command:
    """Parse one command line. ``extra_verbs`` maps a ruleset's verbs/aliases to their canonical verb."""
    extra_verbs = extra_verbs or {}
    if not isinstance(line, str):
        raise CommandError("a command is a line of text")
    if "\x00" in line:
        raise CommandError("the line holds a NUL character")
    text = line.strip()
    if not text:
        raise CommandError("empty command; try `help` for the verbs")
    head_word, _, rest = text.partition(" ")
    if canonical_verb(head_word) in _FREE_TEXT:
        # free text (`note it's a trap`): apostrophes are words, not quotes
        rest = rest.strip()
        if len(rest) >= 2 and rest[0] == rest[-1] and rest[0] in "\"'":
            rest = rest[1:-1]
        return _PARSERS[canonical_verb(head_word)](text, [rest] if rest else [], seconds_per_round)
    tokens = tokenize(text)
    if not tokens:
        raise CommandError("empty command; try `help` for the verbs")
    head, args = tokens[0], tokens[1:]
    verb = canonical_verb(head)
    if verb is None:
        low = fold_text(head).replace(" ", "-")
        for name, canonical in extra_verbs.items():
            if fold_text(name).replace(" ", "-") == low:
                return RulesetCommand(line=text, verb=canonical, args=tuple(args))
        known = listing(sorted(set(USAGE) | set(extra_verbs.values())))
        hint = did_you_mean(head, [*USAGE, *ALIASES, *extra_verbs])
        raise CommandError(f"unknown verb {head!r}{hint or ';'} verbs: {known}")
    return _PARSERS[verb](text, args, seconds_per_round)


# -- per-verb parsers ------------------------------------------------------------


def _need(verb: str, args: list[str], n: int) -> None:
    if len(args) < n:
        raise CommandError(f"{verb}: missing arguments; usage: {USAGE[verb]}")


def _no_more(verb: str, args: list[str], n: int) -> None:
    if len(args) > n:
        extra = " ".join(args[n:])
        raise CommandError(f"{verb}: unexpected {extra!r}; usage: {USAGE[verb]}")


def _number(verb: str, text: str, what: str) -> float:
    try:
        value = float(text.replace(",", "."))
    except ValueError:
        raise CommandError(f"{verb}: {what} must be a number, not {text!r}; usage: {USAGE[verb]}") from None
    if value != value or abs(value) > _MAX_NUMBER:
        raise CommandError(f"{verb}: {what} {text!r} is out of range")
    return value


def _int(verb: str, text: str, what: str, minimum: int = 0) -> int:
    if not re.fullmatch(r"[+-]?\d{1,7}", text):
        raise CommandError(f"{verb}: {what} must be a whole number, not {text!r}; usage: {USAGE[verb]}")
    value = int(text)
    if value < minimum:
        raise CommandError(f"{verb}: {what} must be at least {minimum}, not {value}")
    return value


def _fields(verb: str, args: list[str]) -> tuple[tuple[tuple[str, str], ...], tuple[str, ...]]:
    fields, words = [], []
    for arg in args:
        if "=" in arg:
            key, _, value = arg.partition("=")
            if not key.strip():
                raise CommandError(f"{verb}: {arg!r} has no key; expected key=value")
            fields.append((key.strip(), value.strip()))
        else:
            words.append(arg)
    return tuple(fields), tuple(words)


def _amount(verb: str, text: str) -> str:
    if not _DICE_OR_INT.fullmatch(text) or not any(ch.isdigit() for ch in text):
        raise CommandError(f"{verb}: amount must be a number or dice like 2d6+3, not {text!r}; usage: {USAGE[verb]}")
    return text


def _p_add(line, args, spr):
    _need("add", args, 1)
    name, rest = args[0], args[1:]
    if not name.strip() or "=" in name:
        raise CommandError(f"add: expected a name first; usage: {USAGE['add']}")
    count = None
    if rest and re.fullmatch(r"[xX×]\d+", rest[0]):
        count = int(rest[0][1:])
        rest = rest[1:]
        if not 1 <= count <= _MAX_COUNT:
            raise CommandError(f"add: xN takes 1 to {_MAX_COUNT}, not {count}")
    fields, words = _fields("add", rest)
    return Add(line=line, name=name.strip(), count=count, fields=fields, words=words)


def _p_remove(line, args, spr):
    _need("remove", args, 1)
    _no_more("remove", args, 1)
    return Remove(line=line, who=args[0])


def _p_set(line, args, spr):
    _need("set", args, 2)
    fields, words = _fields("set", args[1:])
    if words:
        raise CommandError(f"set: expected key=value, not {words[0]!r}; usage: {USAGE['set']}")
    return SetStats(line=line, who=args[0], fields=fields)


def _p_init(line, args, spr):
    _need("init", args, 2)
    _no_more("init", args, 2)
    return Init(line=line, who=args[0], value=_number("init", args[1], "the initiative"))


def _p_roll(line, args, spr):
    return RollInit(line=line, who=tuple(args))


def _simple(cls, verb):
    def parser(line, args, spr):
        _no_more(verb, args, 0)
        return cls(line=line)

    return parser


def _p_dmg(line, args, spr, cls=Damage, verb="dmg"):
    _need(verb, args, 2)
    return cls(line=line, who=args[0], amount=_amount(verb, args[1]), types=tuple(a.casefold() for a in args[2:]))


def _p_heal(line, args, spr):
    return _p_dmg(line, args, spr, Heal, "heal")


def _p_cond(line, args, spr):
    _need("cond", args, 2)
    who, cond, rest = args[0], args[1], list(args[2:])
    value = None
    if ":" in cond:
        cond, _, raw = cond.rpartition(":")
        value = _int("cond", raw, "the condition value", minimum=0)
    if not cond.strip():
        raise CommandError(f"cond: missing the condition name; usage: {USAGE['cond']}")
    by = None
    for i, word in enumerate(rest):
        if word.casefold() in ("by", "por"):
            if i + 1 >= len(rest):
                raise CommandError(f"cond: `by` needs a combatant; usage: {USAGE['cond']}")
            by = rest[i + 1]
            _no_more("cond", rest, i + 2)
            rest = rest[:i]
            break
    rounds = None
    if rest:
        _no_more("cond", rest, 1)
        raw = rest[0].casefold()
        raw = raw[:-1] if raw.endswith("r") else raw
        rounds = _int("cond", raw, "ROUNDS", minimum=1)
    return Cond(line=line, who=who, cond=cond.strip(), value=value, rounds=rounds, by=by)


def _p_uncond(line, args, spr):
    _need("uncond", args, 2)
    _no_more("uncond", args, 2)
    return Uncond(line=line, who=args[0], cond=args[1].rpartition(":")[0] or args[1])


def _p_delay(line, args, spr):
    _no_more("delay", args, 1)
    count = _number("delay", args[0], "COUNT") if args else None
    return DelayCmd(line=line, count=count)


def _p_resume(line, args, spr):
    _need("resume", args, 1)
    _no_more("resume", args, 1)
    return Resume(line=line, who=args[0])


def _p_ready(line, args, spr):
    _need("ready", args, 1)
    return ReadyCmd(line=line, trigger=" ".join(args))


def _p_trigger(line, args, spr):
    _need("trigger", args, 1)
    return Trigger(line=line, who=args[0], args=tuple(args[1:]))


def _p_unready(line, args, spr):
    _need("unready", args, 1)
    _no_more("unready", args, 1)
    return Unready(line=line, who=args[0])


def _p_spend(line, args, spr):
    _need("spend", args, 2)
    who, resource, rest = args[0], args[1].casefold(), args[2:]
    amount = None
    if rest and re.fullmatch(r"\d{1,6}", rest[0]):
        amount = _int("spend", rest[0], "N", minimum=1)
        rest = rest[1:]
    return Spend(line=line, who=who, resource=resource, amount=amount, args=tuple(a.casefold() for a in rest))


def _p_pass(line, args, spr):
    _need("pass", args, 1)
    text = "".join(args)
    try:
        seconds = parse_duration(text, spr)
    except CommandError as exc:
        raise CommandError(f"pass: {exc}") from None
    return Pass(line=line, seconds=seconds, text=text)


def _p_note(line, args, spr):
    _need("note", args, 1)
    return NoteCmd(line=line, text=" ".join(args))


def _p_option(line, args, spr):
    _need("option", args, 1)
    _no_more("option", args, 2)
    return Option(line=line, key=args[0], value=args[1] if len(args) > 1 else None)


def _p_side(line, args, spr):
    _need("side", args, 2)
    _no_more("side", args, 2)
    side = {"pj": "pc", "jugador": "pc", "aliado": "ally", "enemigo": "foe", "npc": "foe",
            "pnj": "foe"}.get(args[1].casefold(), args[1].casefold())
    if side not in ("pc", "ally", "foe"):
        raise CommandError(f"side: expected pc, ally or foe, not {args[1]!r}")
    return Side(line=line, who=args[0], side=side)


def _p_surprise(line, args, spr):
    return Surprise(line=line, aware=tuple(args))


def _p_r(line, args, spr):
    _need("r", args, 1)
    return DiceRoll(line=line, args=tuple(args))


def _p_check(line, args, spr):
    _need("check", args, 2)
    return Check(line=line, args=tuple(args))


_PARSERS = {
    "surprise": _p_surprise, "r": _p_r, "check": _p_check,
    "add": _p_add, "remove": _p_remove, "set": _p_set, "init": _p_init, "roll": _p_roll,
    "start": _simple(Start, "start"), "next": _simple(Next, "next"), "prev": _simple(Prev, "prev"),
    "dmg": _p_dmg, "heal": _p_heal, "cond": _p_cond, "uncond": _p_uncond, "delay": _p_delay,
    "resume": _p_resume, "ready": _p_ready, "trigger": _p_trigger, "unready": _p_unready,
    "spend": _p_spend, "pass": _p_pass, "end": _simple(End, "end"), "undo": _simple(Undo, "undo"),
    "redo": _simple(Redo, "redo"), "note": _p_note, "option": _p_option, "side": _p_side,
}
