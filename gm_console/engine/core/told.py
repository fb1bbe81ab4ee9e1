"""What the log says, kept as messages: a catalogue id and typed arguments, rendered when read.

A sentence written once for the GM cannot be read by anyone else: the players' view could
only drop it whole or guess at its numbers, and a Spanish table read it in the language it
was written in. So a ruleset's sentence (``ctx.say``) and a roll's purpose are stored as the
message they are (domain, id, plural, context) with each argument typed by what it is, and
rendered for a reader (the GM or the players) in a language when the log is read
(docs/players.md §3).

Each kind of argument has one rule for the players, whatever the sentence:

============  =============================================  =======================================
kind          what it holds                                  the players read it
============  =============================================  =======================================
``who``       a combatant (its id and name then)             unless the combatant is hidden
``num``       a number anyone may know (a round, a count)    always
``of``        a number about a combatant: a pool's value or  only about their own combatants (PCs)
              maximum, a threshold, an ability, a save
``dealt``     damage or healing done to a combatant          about PCs; about foes when the table's
                                                             option ``players_damage`` is on
``gm``        the GM's alone: a DC, a bestiary origin, a     never
              command hint, hero points, a note
``dc``        the DC of an effect's save to end it           when the table's option
              (``save=will:15``)                             ``players_save_dc`` is on
``text``      words the GM typed (a label, a trigger)        unless they name a hidden combatant
``msg``       a message of its own, its arguments typed      when every argument of it may be read
``row``       messages side by side (a list of any length,   when every argument of each may be read
              stored flat: ``i18n.Row``)
``term``      a name that is data (a condition, a stat)      always
``any``       alternatives, most detailed first              the first one they may read whole
============  =============================================  =======================================

A sentence the players may not read in full is not shown to them at all (its detail, when it
has one, is dropped alone): a new message can never leak what its author forgot to type,
because an untyped number is the GM's (the sentence may be about a PC and quote a foe's
numbers: whose a bare number is cannot be told). A foe's health still reaches the players as a
word, from the pool changes themselves (players_filter.py).

A message from a catalogue that is not installed (a plugin removed) shows to the GM as its
English id with the domain's name, and is kept untouched in the save.
"""

from __future__ import annotations

import re

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from gm_console.i18n import SOURCE, Msg, Named, Row, Term, _, agree, agreeable, domain_named

WHO, NUM, OF, DEALT, GM, TEXT, MSG, TERM, ROW = "who", "num", "of", "dealt", "gm", "text", "msg", "term", "row"
DC, ANY = "dc", "any"
KINDS = frozenset({WHO, NUM, OF, DEALT, GM, TEXT, MSG, TERM, ROW, DC, ANY})


@dataclass(frozen=True)
class Arg:
    """A typed argument of a message. It prints as its value, so a message holding it reads
    the same wherever it is rendered directly (an error line, a prompt for a die)."""

    kind: str
    value: Any
    about: str | None = None  # the combatant a number is about (``of``, ``dealt``), or ``who``'s id
    gender: str | None = None  # a combatant's, for words that agree with it (not kept in the log)

    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:
        if spec.startswith("?"):  # a translation's agreement with a name (i18n.Named)
            return agree(spec[1:], self.gender)
        return format(self.value, spec)


def named(c: Any) -> Arg:
    """A combatant, by its id (its name as it was is kept for the log)."""
    return Arg(WHO, c.name, c.id, gender=gender_of(c))


def gender_of(c: Any) -> str | None:
    """A combatant's gender for Spanish agreement (``gender=f|m``, ``género``), or None."""
    g = (getattr(c, "stats", None) or {}).get("gender")
    return g if g in ("f", "m") else None


def of(c: Any, value: Any) -> Arg:
    """A number about combatant ``c`` (``c`` or its id): the GM's unless ``c`` is a PC (an
    effect's save DC stays one: ``SaveDC``)."""
    if isinstance(value, SaveDC):
        return save_dc(value)
    return Arg(OF, value, c if isinstance(c, str) or c is None else c.id)


def dealt(c: Any, value: Any) -> Arg:
    """Damage or healing done to ``c``: a PC's is read by all; a foe's as the table chooses."""
    return Arg(DEALT, value, c if isinstance(c, str) or c is None else c.id)


def gm(value: Any) -> Arg:
    """The GM's alone, whoever it is about."""
    return Arg(GM, value)


def public(value: Any) -> Arg:
    """A number (or text) anyone at the table may read."""
    return Arg(NUM, value)


class SaveDC(int):
    """The DC of an effect's save to end it, handed to a ruleset's save as a number: wherever the
    ruleset quotes it (``of(c, dc)`` or bare) it stays a DC the players read only when the table
    says so (option ``players_save_dc``), even about a PC (the DC is its caster's)."""


def save_dc(value: int) -> Arg:
    """An effect's save DC: the players read it when the table's ``players_save_dc`` is on."""
    return Arg(DC, int(value))


@dataclass(frozen=True)
class Either:
    """Alternatives for one piece of a sentence, most detailed first: each reader reads the first
    it may read whole (the GM the first; a player their PC's roll, or a foe's DC alone), and
    the piece is not theirs when none is."""

    options: "tuple[Msg | Term | Arg, ...]"

    def __str__(self) -> str:
        return str(self.options[0]) if self.options else ""


def either(*options: "Msg | Term | Arg") -> Either:
    return Either(tuple(options))


# -- keeping: a message as data for the log ----------------------------------------------------
def stored(msg: "Msg | Term | str", subject: str | None = None,
           untyped: "tuple[str, str | None]" = (GM, None)) -> dict[str, Any]:
    """``msg`` as the log keeps it: JSON data, each argument typed. ``subject``: whom the
    sentence is about. ``untyped``: the kind (and whom it is about) of a number nobody typed:
    the GM's, unless the message is itself an argument typed as a whole (``of(c, _("HP
    {hp}/{max}", ...))``: its numbers are numbers about ``c``)."""
    if isinstance(msg, Term):
        return {"d": "", "id": "{t}", "a": {"t": [TERM, [msg.en, msg.es or msg.en]]}}
    if isinstance(msg, Either):
        return {"d": "", "id": "{t}", "a": {"t": _arg(msg, subject, untyped)}}
    if not isinstance(msg, Msg):
        return {"d": "", "id": "{t}", "a": {"t": [TEXT, "" if msg is None else str(msg)]}}
    out: dict[str, Any] = {"d": msg.domain.name, "id": msg.id,
                           "a": {k: _arg(v, subject, untyped) for k, v in msg.args.items()}}
    if msg.plural is not None:
        out["p"], out["n"] = msg.plural, msg.count
    if msg.context is not None:
        out["x"] = msg.context
    return out


def _arg(value: Any, subject: str | None, untyped: "tuple[str, str | None]") -> list[Any]:
    if isinstance(value, Either):
        return [ANY, [_arg(option, subject, untyped) for option in value.options]]
    if isinstance(value, SaveDC):
        return [DC, int(value)]
    if isinstance(value, Arg):
        piece = _piece(value.value, subject, (value.kind, value.about))
        return [value.kind, piece] if value.about is None else [value.kind, piece, value.about]
    if isinstance(value, Msg):
        return [MSG, stored(value, subject, untyped)]
    if isinstance(value, Row):
        return [ROW, [stored(item, subject, untyped) for item in value.items]]
    if isinstance(value, Term):
        return [TERM, [value.en, value.es or value.en]]
    if isinstance(value, bool) or value is None:
        return [NUM, value]
    if isinstance(value, (int, float)):  # untyped: whose it is cannot be told, so the GM's
        kind, about = untyped
        return [kind, value] if about is None else [kind, value, about]
    return [TEXT, str(value)]


def _piece(value: Any, subject: str | None, untyped: "tuple[str, str | None]" = (GM, None)) -> Any:
    """An argument's value as data: a number or text as it is, a message or a term tagged."""
    if isinstance(value, Msg):
        return {"m": stored(value, subject, untyped if untyped[0] != WHO else (GM, None))}
    if isinstance(value, Term):
        return {"t": [value.en, value.es or value.en]}
    if isinstance(value, SaveDC):
        return int(value)
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


# -- reading: a message for a reader, in a language ----------------------------------------------
@dataclass
class Reader:
    """Who reads the log, in which language, and what they may know about whom."""

    lang: str = SOURCE
    players: bool = False
    hidden: Callable[[str], bool] = lambda cid: False  # noqa: E731 - kept out of the players' view now
    in_full: Callable[[str], bool] = lambda cid: True  # noqa: E731 - the players' own combatants
    damage: bool = False  # the table's option: the players read the damage dealt to foes
    save_dc: bool = False  # the table's option: the players read an effect's save DC
    name: Callable[[str, str], str] = lambda cid, then: then  # noqa: E731 - a combatant's name
    gender: Callable[[str], "str | None"] = lambda cid: None  # noqa: E731 - its gender, for agreement
    secret_words: Callable[[str], bool] = lambda text: False  # noqa: E731 - text naming a hidden one
    _cache: dict = field(default_factory=dict)

    def may(self, kind: str, about: str | None) -> bool:
        """The one rule per kind (the table above)."""
        if not self.players:
            return True
        if kind in (NUM, TERM, TEXT, MSG, ROW):
            return True
        if kind == WHO:
            return about is None or not self.hidden(about)
        if kind == OF:
            return about is not None and not self.hidden(about) and self.in_full(about)
        if kind == DEALT:
            return about is not None and not self.hidden(about) and (self.damage or self.in_full(about))
        if kind == DC:
            return self.save_dc
        return False  # GM, and any kind this version does not know


GM_READER = Reader()


def render(data: Mapping[str, Any] | None, reader: Reader = GM_READER) -> str | None:
    """The message in the reader's language, or None when the reader may not read it whole."""
    if not data:
        return None
    try:
        return _render(data, reader)
    except _Unreadable:
        return None
    except Exception:  # noqa: BLE001 - a hand-edited or newer message: shown raw to the GM, kept
        return None if reader.players else placeholder(data)


class _Unreadable(Exception):
    """Raised inside rendering when a piece is not for this reader."""


def _render(data: Mapping[str, Any], reader: Reader) -> str:
    domain_name, msgid = data["d"], data["id"]
    if not isinstance(msgid, str):
        raise ValueError("a message id must be text")
    values = {name: _value(arg, reader) for name, arg in dict(data.get("a") or {}).items()}
    if domain_name == "":  # a bare term or text (``stored`` of something that was not a message)
        return "".join(str(v) for v in values.values())
    domain = domain_named(domain_name)
    if domain is None:
        if reader.players:
            raise _Unreadable
        return f"⟨{domain_name}⟩ " + _formatted(msgid, values, data)
    lang = reader.lang
    template = domain.template(msgid, lang, data.get("p"), data.get("n"), data.get("x"))
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError):  # a catalogue with a broken placeholder
        if lang != SOURCE:
            return domain.template(msgid, SOURCE, data.get("p"), data.get("n"), data.get("x")).format(**values)
        raise


def _formatted(msgid: str, values: Mapping[str, Any], data: Mapping[str, Any]) -> str:
    try:
        return (data.get("p") if data.get("n") not in (None, 1) and data.get("p") else msgid).format(**values)
    except (KeyError, IndexError, ValueError):
        return f"{msgid} {values}"


def _value(arg: Any, reader: Reader) -> Any:
    kind, piece = arg[0], arg[1]
    about = arg[2] if len(arg) > 2 else None
    if kind not in KINDS:
        if reader.players:
            raise _Unreadable
        return f"⟨{kind}: {piece}⟩"
    if kind == ANY:
        for option in piece:
            try:
                return _value(option, reader)
            except _Unreadable:
                continue
        raise _Unreadable
    if not reader.may(kind, about):
        raise _Unreadable
    if kind == WHO:
        return Named(reader.name(about, piece) if about else str(piece), reader.gender(about) if about else None)
    if kind == MSG:
        return _render(piece, reader)
    if kind == ROW:
        if not isinstance(piece, (list, tuple)):
            raise ValueError("a row is a list of messages")
        return ", ".join(_render(item, reader) for item in piece)
    if kind == TERM:
        return _term(piece, reader.lang)
    value = _piece_text(piece, reader)
    if kind == TEXT and reader.players and reader.secret_words(str(value)):
        raise _Unreadable
    return agreeable(value)


def _piece_text(piece: Any, reader: Reader) -> Any:
    if isinstance(piece, dict):
        if "m" in piece:
            return _render(piece["m"], reader)
        if "t" in piece:
            return _term(piece["t"], reader.lang)
        raise ValueError("not a piece of a message")
    if isinstance(piece, float) and piece.is_integer():
        return int(piece)
    return piece


def _term(pair: Any, lang: str) -> str:
    en, es = pair
    return str(es) if lang == "es" and es else str(en)


def placeholder(data: Any) -> str:
    """A message this version cannot render, as the GM sees it: its domain, id and arguments
    as they are (whatever a hand edit made of them)."""
    if not isinstance(data, Mapping):
        return f"⟨{data!r}⟩"
    return f"⟨{data.get('d', '?')}: {data.get('id', '?')} {data.get('a') or {}!r}⟩"


def english(data: Mapping[str, Any] | None) -> str:
    """The GM's English line (tests, and callers that want one language)."""
    return render(data, GM_READER) or ""


def joined_line(line: str, detail: str | None, rule: str, reader: Reader) -> str:
    """A sentence with its detail and, for the GM, the rule that produced it."""
    from gm_console.i18n import render as render_msg

    if detail:
        line = render_msg(_("{line} ({detail})", line=line, detail=detail), reader.lang)
    if cited(rule) and not reader.players:
        line = render_msg(_("{line} [{rule}]", line=line, rule=cited(rule)), reader.lang)
    return line


_CITATION = re.compile(r"(\S+\.md §\d+(?:\.\d+)*)\b(.*)", re.S)
_TAG = re.compile(r"\[([SOIΔ])[^\]]*\]")


def cited(rule: str) -> str:
    """A rule as a log line cites it: its page, section and source tag (``starfinder.md §3.4.1
    [S]``: seed, published, ours, they differ), in any language; the words a game's code keeps
    beside them (``massive damage``, ``Δ option``) are its own notes, in English, and stay out of
    what the GM reads, as does a note that cites no page (``0 HP``)."""
    m = _CITATION.fullmatch(rule or "")
    if not m:
        return ""
    return " ".join([m.group(1), *(f"[{t}]" for t in dict.fromkeys(_TAG.findall(m.group(2))))])
