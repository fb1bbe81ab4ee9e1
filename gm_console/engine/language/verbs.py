"""The verb registry: every verb of the command language, core and ruleset, declared once.

A ``Verb`` names its arguments with typed ``Param`` kinds (a combatant, an
amount, a duration, key=value fields...), its aliases in English and Spanish,
a one-line summary and its handler. From that one declaration come the parser,
the usage line in every error, the help screen, completion in the command bar
and the README's verb table. A ruleset declares its verbs exactly like the core
does, so no plugin parses its own arguments.

Reading a line is two steps: ``Registry.parse`` turns text into a ``Call`` (the
verb and its typed values, no state needed, so the screen can parse what the GM
types without running it); the session then hands the ``Call`` to the verb's
handler with a ``Context``. Handlers read the values as attributes:
``call.who``, ``call.amount``.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Sequence

from gm_console.i18n import Msg, Term, _, render

from ..core.errors import CommandError
from ..core.values import ByValue, by_value
from ..core.text import closest, fold_text, listing

MAX_NUMBER = 10**6


# --- a parsed line -----------------------------------------------------------------


@dataclass(frozen=True)
class Call:
    """A line the language understood: the canonical verb and its typed values."""

    verb: str
    line: str
    values: Mapping[str, Any] = field(default_factory=dict)

    def __getattr__(self, name: str) -> Any:
        values = self.__dict__.get("values", {})
        if name in values:
            return values[name]
        raise AttributeError(name)


# --- argument kinds ----------------------------------------------------------------


@by_value
class Param(ByValue):
    """One argument of a verb. Positional unless ``anywhere`` (found by its shape)."""

    name: str
    meta: str = ""
    required: bool = True
    default: Any = None
    #: takes every token left (``[TYPE ...]``)
    rest: bool = False
    #: found anywhere after the leading required arguments (key=value, `by NAME`)
    anywhere: bool = False
    #: what the command bar offers here: combatant, condition, own-condition, resource,
    #: damage-type, stat, side, choice ("" = nothing)
    completes: str = ""

    def usage(self) -> str:
        text = self.meta or self.name.upper()
        if self.rest:
            text = f"{text} ..." if self.required else f"[{text} ...]"
            return text
        return text if self.required else f"[{text}]"

    def accepts(self, token: str) -> bool:
        """For an optional argument: whether this token is meant for it."""
        return True

    def take(self, verb: "Verb", token: str) -> Mapping[str, Any]:
        return {self.name: token}

    def take_all(self, verb: "Verb", tokens: list[str]) -> Mapping[str, Any]:
        return {self.name: tuple(tokens)}

    def extract(self, verb: "Verb", tokens: list[str], start: int) -> Mapping[str, Any]:
        """Pull this argument out of ``tokens`` (from ``start``) when it is found by shape."""
        return {}

    def missing(self) -> Mapping[str, Any]:
        return {self.name: self.default}


@by_value
class Who(Param):
    """A combatant: a name, an id or an unambiguous prefix (resolved when the line runs)."""

    meta: str = "NAME"
    completes: str = "combatant"
    new: bool = False  # a name being given (``add``), not one looked up
    many: bool = False  # ``Goblin 1,Goblin 2`` or ``Goblin*``: a tuple of names or patterns

    def usage(self) -> str:
        if self.many and not self.rest:
            return f"{self.meta}[,{self.meta}...]"
        return super().usage()

    def take(self, verb, token):
        # `add hp=5` lacks the name; `add "[url=x]y"` is a name: typed in quotes, `=` is a letter
        if not token.strip() or (self.new and "=" in token and not isinstance(token, Quoted)):
            raise CommandError(_("{verb}: expected a name first; usage: {usage}", verb=verb.name,
                                 usage=verb.usage()))
        if self.many:
            names = tuple(part.strip() for part in token.split(",") if part.strip())
            if not names:
                raise CommandError(_("{verb}: expected a name first; usage: {usage}", verb=verb.name,
                                     usage=verb.usage()))
            return {self.name: names}
        return {self.name: token.strip() if self.new else token}

    def take_all(self, verb, tokens):
        return {self.name: tuple(t for t in tokens if t.strip())}


@by_value
class Word(Param):
    """One word, folded to lower case (a resource, a damage type)."""

    fold: bool = True

    def take(self, verb, token):
        return {self.name: token.casefold() if self.fold else token}

    def take_all(self, verb, tokens):
        return {self.name: tuple(t.casefold() if self.fold else t for t in tokens)}


@by_value
class Choice(Param):
    """One of a few words, in either language: ``pc|ally|foe`` (``pj``, ``enemigo``...)."""

    choices: Mapping[str, str] = field(default_factory=dict)  # any spelling -> canonical
    completes: str = "choice"
    #: canonical -> the word a Spanish table types, for a line said in its words (``Registry.spoken``)
    es: Mapping[str, str] = field(default_factory=dict)

    def usage(self) -> str:
        text = self.meta or "|".join(dict.fromkeys(self.choices.values()))
        return text if self.required else f"[{text}]"

    def accepts(self, token):
        return fold_text(token) in {fold_text(k) for k in self.choices}

    def take(self, verb, token):
        for spelling, canonical in self.choices.items():
            if fold_text(spelling) == fold_text(token):
                return {self.name: canonical}
        accepted = ", ".join(dict.fromkeys(self.choices.values()))
        raise CommandError(_("{verb}: expected {accepted}, not {token!r}", verb=verb.name, accepted=accepted,
                             token=token))


@by_value
class Number(Param):
    """A number, decimals allowed (``15.5``, ``15,5``): initiative counts."""

    what: "str | Msg" = ""

    def accepts(self, token):
        try:
            float(token.replace(",", "."))
            return True
        except ValueError:
            return False

    def take(self, verb, token):
        what = self.what or self.meta or self.name
        try:
            value = float(token.replace(",", "."))
        except ValueError:
            raise CommandError(_("{verb}: {what} must be a number, not {token!r}; usage: {usage}", verb=verb.name,
                                 what=what, token=token, usage=verb.usage())) from None
        if value != value or abs(value) > MAX_NUMBER:
            raise CommandError(_("{verb}: {what} {token!r} is out of range", verb=verb.name, what=what, token=token))
        return {self.name: value}


@by_value
class Int(Param):
    """A whole number within bounds (rounds, counts)."""

    minimum: int = 0
    what: "str | Msg" = ""
    suffix: str = ""  # accepted after the digits: ``3r``

    def _digits(self, token: str) -> str:
        low = token.strip().casefold()
        return low[: -len(self.suffix)] if self.suffix and low.endswith(self.suffix) else low

    def accepts(self, token):
        return bool(re.fullmatch(r"[+-]?\d{1,7}", self._digits(token)))

    def take(self, verb, token):
        what = self.what or self.meta or self.name
        raw = self._digits(token)
        if not re.fullmatch(r"[+-]?\d{1,7}", raw):
            raise CommandError(_("{verb}: {what} must be a whole number, not {token!r}; usage: {usage}",
                                 verb=verb.name, what=what, token=token, usage=verb.usage()))
        value = int(raw)
        if value < self.minimum:
            raise CommandError(_("{verb}: {what} must be at least {minimum}, not {value}", verb=verb.name,
                                 what=what, minimum=self.minimum, value=value))
        return {self.name: value}


_DICE_OR_INT = re.compile(r"^[0-9dDkKhHlL%+\-*()!<>=,. ]+$")


@by_value
class Amount(Param):
    """A number or dice (``7``, ``2d6+3``): rolled when the line runs."""

    meta: str = "AMOUNT"

    def take(self, verb, token):
        if not _DICE_OR_INT.fullmatch(token) or not any(ch.isdigit() for ch in token):
            raise CommandError(_("{verb}: amount must be a number or dice like 2d6+3, not {token!r}; usage: {usage}",
                                 verb=verb.name, token=token, usage=verb.usage()))
        return {self.name: token}


@by_value
class Count(Param):
    """``xN`` after a name: how many to add (numbered even for x1)."""

    meta: str = "xN"
    required: bool = False
    maximum: int = 100

    def accepts(self, token):
        return bool(re.fullmatch(r"[xX×]\d+", token))

    def take(self, verb, token):
        count = int(token[1:])
        if not 1 <= count <= self.maximum:
            raise CommandError(_("{verb}: xN takes 1 to {maximum}, not {count}", verb=verb.name,
                                 maximum=self.maximum, count=count))
        return {self.name: count}


@by_value
class Fields(Param):
    """``key=value`` pairs anywhere after the name (stat blocks)."""

    meta: str = "key=value"
    required: bool = False
    anywhere: bool = True
    completes: str = "stat"
    default: tuple = ()
    at_least_one: bool = False

    def usage(self) -> str:
        return f"{self.meta} ..." if self.at_least_one else f"[{self.meta} ...]"

    def extract(self, verb, tokens, start):
        found = []
        for token in [t for t in tokens[start:] if "=" in t]:
            key, _sep, value = token.partition("=")
            if not key.strip():
                raise CommandError(_("{verb}: {token!r} has no key; expected key=value", verb=verb.name, token=token))
            found.append((key.strip(), value.strip()))
            tokens.remove(token)
        if self.at_least_one and not found:
            raise CommandError(_("{verb}: expected key=value; usage: {usage}", verb=verb.name, usage=verb.usage()))
        return {self.name: tuple(found)}


@by_value
class Keyword(Param):
    """``by NAME`` / ``por NAME``: a word in either language, then one value."""

    words: tuple[str, ...] = ()
    required: bool = False
    anywhere: bool = True
    completes: str = "combatant"

    def usage(self) -> str:
        return f"[{self.words[0]} {self.meta or self.name.upper()}]"

    def extract(self, verb, tokens, start):
        for i in range(start, len(tokens)):
            if tokens[i].casefold() in self.words:
                if i + 1 >= len(tokens):
                    raise CommandError(_("{verb}: `{word}` needs a value; usage: {usage}", verb=verb.name,
                                         word=tokens[i], usage=verb.usage()))
                value = tokens[i + 1]
                del tokens[i:i + 2]
                return {self.name: value}
        return {self.name: self.default}


@by_value
class Flag(Param):
    """A bare word that switches something on (``hidden``/``oculto``)."""

    words: tuple[str, ...] = ()
    required: bool = False
    anywhere: bool = True
    default: bool = False

    def usage(self) -> str:
        return f"[{self.words[0]}]"

    def extract(self, verb, tokens, start):
        for i in range(start, len(tokens)):
            if tokens[i].casefold() in self.words:
                del tokens[i]
                return {self.name: True}
        return {self.name: False}


@by_value
class Text(Param):
    """Free text, the rest of the line as typed: apostrophes are letters, not quotes."""

    meta: str = "TEXT"


@by_value
class Rest(Param):
    """The tokens left, for a verb whose handler reads a small language of its own (``check``)."""

    rest: bool = True
    required: bool = False
    spelled: str = ""  # how the usage line spells them

    def usage(self) -> str:
        return self.spelled or super().usage()


# --- verbs --------------------------------------------------------------------------


Handler = Callable[[Any, Call], None]


@dataclass(frozen=True)
class Verb:
    """One verb of the command language.

    ``handler(ctx, call)`` changes the encounter through the ``Context``; ``call``
    holds the values of ``params`` by name. ``en``/``es`` are aliases in each language
    (the help shows the GM's); ``summary`` is one line for help and completion.
    """

    name: str
    params: tuple[Param, ...] = ()
    handler: Handler | None = None
    summary: "Msg | str" = ""
    en: tuple[str, ...] = ()
    es: tuple[str, ...] = ()
    group: str = "other"
    note: "Msg | str" = ""  # shown after the usage: "(AMOUNT: 7 or dice like 2d6+3)"
    spelled: str = ""  # the usage line when the generated one would mislead

    @property
    def aliases(self) -> tuple[str, ...]:
        return (*self.en, *self.es)

    @property
    def free_text(self) -> bool:
        return any(isinstance(p, Text) for p in self.params)

    def usage(self) -> str:
        if self.spelled:
            return self.spelled
        parts = [self.name]
        positional = [p for p in self.params if not p.anywhere]
        anywhere = [p for p in self.params if p.anywhere]
        parts += [p.usage() for p in positional] + [p.usage() for p in anywhere]
        return " ".join(parts)

    def param_at(self, tokens: list[str]) -> tuple[Param | None, list[Param]]:
        """For completion: the positional argument the next token fills, and the ones
        found anywhere that are still free, after the complete ``tokens`` typed so far."""
        anywhere = [p for p in self.params if p.anywhere]
        free = list(anywhere)
        positional = [p for p in self.params if not p.anywhere]
        i, skip = 0, False
        for token in tokens:
            if skip:
                skip = False
                continue
            kw = next((p for p in free if isinstance(p, Keyword) and token.casefold() in p.words), None)
            if kw is not None:
                free.remove(kw)
                skip = True
                continue
            if "=" in token and any(isinstance(p, Fields) for p in anywhere):
                continue
            while i < len(positional) and not positional[i].rest:
                p = positional[i]
                i += 1
                if p.required or p.accepts(token):
                    break
            else:
                continue
        if skip:  # completing the value after `by`
            kw = next(p for p in anywhere if isinstance(p, Keyword) and p not in free)
            return kw, []
        return (positional[i] if i < len(positional) else None), free

    def parse(self, line: str, tokens: list[str]) -> Call:
        try:
            return self._parse(line, tokens)
        except CommandError as exc:
            raise exc.about(verb=self.name) from None

    def _parse(self, line: str, tokens: list[str]) -> Call:
        rest = list(tokens)
        values: dict[str, Any] = {}
        positional = [p for p in self.params if not p.anywhere]
        lead = 0
        for p in positional:
            if not p.required or p.rest:
                break
            lead += 1
        for p in self.params:
            if p.anywhere:
                with _about(p):
                    values.update(p.extract(self, rest, min(lead, len(rest))))
        for p in positional:
            if p.rest:
                with _about(p):
                    values.update(p.take_all(self, rest) if rest or p.required is False else {})
                if p.required and not rest:
                    raise CommandError(_("{verb}: missing arguments; usage: {usage}", verb=self.name,
                                         usage=self.usage()), param=p.name)
                rest = []
            elif rest and (p.required or p.accepts(rest[0])):
                with _about(p):
                    values.update(p.take(self, rest.pop(0)))
            elif p.required:
                raise CommandError(_("{verb}: missing arguments; usage: {usage}", verb=self.name, usage=self.usage()),
                                   param=p.name)
            else:
                values.update(p.missing())
        if rest:
            raise CommandError(_("{verb}: unexpected {extra!r}; usage: {usage}", verb=self.name,
                                 extra=" ".join(rest), usage=self.usage()))
        return Call(verb=self.name, line=line, values={k: _plain(v) for k, v in values.items()})

    def check(self, param: str, token: str) -> CommandError | None:
        """Whether ``token`` is a value the argument ``param`` takes, as the parser reads it
        (a form checks one field with the language's own rule, before the whole line runs):
        None, or the refusal the line would meet."""
        p = next(p for p in self.params if p.name == param)
        try:
            with _about(p):
                p.take(self, token)
        except CommandError as exc:
            return exc.about(verb=self.name)
        return None

    def param_of(self, call: Call, value: Any) -> str | None:
        """The argument of ``call`` that holds ``value`` as typed (a name among several too):
        what a refusal about that value concerns."""
        for p in self.params:
            held = call.values.get(p.name)
            if held is None or isinstance(held, bool):
                continue
            if held == value or (isinstance(held, tuple) and value in held):
                return p.name
        return None


class _about:
    """Tags a refusal raised while reading one argument with that argument's name."""

    def __init__(self, param: Param) -> None:
        self.param = param

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind, exc, tb) -> bool:
        if isinstance(exc, CommandError):
            exc.about(param=self.param.name)
        return False


def verb_key(word: str) -> str:
    """How verbs are matched: case- and accent-blind, ``quitar_estado`` = ``quitar-estado``."""
    return fold_text(word).replace(" ", "-")


class VerbClash(ValueError):
    pass


class Registry:
    """The verbs one encounter understands: the core's and its ruleset's."""

    def __init__(self, verbs: Iterable[Verb], base: "Registry | None" = None) -> None:
        self.verbs: dict[str, Verb] = dict(base.verbs) if base else {}
        self._index: dict[str, str] = dict(base._index) if base else {}
        self.core: frozenset[str] = base.core if base else frozenset()
        clashes = []
        for verb in verbs:
            for name in (verb.name, *verb.aliases):
                key = verb_key(name)
                owner = self._index.get(key)
                if owner is not None and owner != verb.name:
                    clashes.append(f"{name!r} ({owner})")
                    continue
                self._index[key] = verb.name
            self.verbs[verb.name] = verb
        if clashes:
            raise VerbClash(", ".join(clashes))
        if base is None:
            self.core = frozenset(self.verbs)

    def __iter__(self):
        return iter(self.verbs.values())

    def __contains__(self, name: str) -> bool:
        return name in self.verbs

    def __getitem__(self, name: str) -> Verb:
        return self.verbs[name]

    def canonical(self, word: str) -> str | None:
        return self._index.get(verb_key(word))

    def spoken(self, line: str, lang: str) -> str:
        """The line with its verb as a GM at a ``lang`` table types it, so an offered command reads
        in the same words as the warning beside it; the rest of the line is left as written."""
        verb, sep, rest = line.partition(" ")
        name = self.canonical(verb)
        if lang != "es" or name is None or not self.verbs[name].es:
            return line
        # its keywords too (`by` -> `por`): a keyword's words are its English spelling, then its Spanish;
        # and the words of a choice that names its Spanish (`clock pause` -> `reloj pausa`)
        params = self.verbs[name].params
        swap = {p.words[0]: p.words[1] for p in params if isinstance(p, Keyword) and len(p.words) > 1}
        swap.update(w for p in params if isinstance(p, Choice) for w in p.es.items())
        if swap:  # a word in quotes is a name, never a keyword
            rest = "".join(part if part[:1] in "\"'" else " ".join(swap.get(w, w) for w in part.split(" "))
                           for part in re.split(r"(\"[^\"]*\"|'[^']*')", rest))
        return self.verbs[name].es[0] + sep + rest

    def known(self) -> Term:
        """The verbs as a list a refusal can show, in the reader's language: a Spanish table
        reads the verbs it types (``añadir, curar, ...``), not the English ones."""
        es = sorted({v.es[0] if v.es else v.name for v in self.verbs.values()}, key=verb_key)
        return Term(render(listing(sorted(self.verbs)), "en"), render(listing(es), "es"))

    def names(self) -> list[str]:
        """Every spelling a GM may type: verbs and aliases."""
        return sorted({name for v in self.verbs.values() for name in (v.name, *v.aliases)})

    def parse(self, line: str) -> Call:
        """One line of text to a ``Call``, or a ``CommandError`` saying what is accepted."""
        if not isinstance(line, str):
            raise CommandError(_("a command is a line of text"))
        if "\x00" in line:
            raise CommandError(_("the line holds a NUL character"))
        text = line.strip()
        if not text:
            raise CommandError(_("empty command; try `help` for the verbs"))
        head, _sep, tail = text.partition(" ")
        name = self.canonical(head)
        if name is not None and self.verbs[name].free_text:
            tail = tail.strip()
            if len(tail) >= 2 and tail[0] == tail[-1] and tail[0] in "\"'":
                tail = tail[1:-1]
            return self.verbs[name].parse(text, [tail] if tail else [])
        tokens = tokenize(text)
        if not tokens:
            raise CommandError(_("empty command; try `help` for the verbs"))
        name = self.canonical(tokens[0])
        if name is None:
            hint = closest(tokens[0], self.names())
            known = self.known()
            if hint:
                raise CommandError(_("unknown verb {word!r}; did you mean {hint}? verbs: {known}", word=tokens[0],
                                     hint=hint, known=known))
            raise CommandError(_("unknown verb {word!r}; verbs: {known}", word=tokens[0], known=known))
        return self.verbs[name].parse(text, tokens[1:])


class Quoted(str):
    """A token typed in quotes from its first character (``"[url=x]y"``): text as it is, so a
    name may hold ``=``. Only the parser sees it; the values of a ``Call`` are plain ``str``."""


def tokenize(line: str) -> list[str]:
    """The words of a line, shell-like (``"Goblin 1"`` is one); those typed in quotes from their
    first character are ``Quoted``."""
    lexer = shlex.shlex(line, posix=True)
    lexer.whitespace_split, lexer.commenters = True, ""
    tokens: list[str] = []
    try:
        while True:
            at = lexer.instream.tell()  # where the last word ended (StringIO: in characters)
            token = lexer.get_token()
            if token is None:
                return tokens
            while at < len(line) and line[at] in lexer.whitespace:
                at += 1
            tokens.append(Quoted(token) if line[at:at + 1] in lexer.quotes else token)
    except ValueError as exc:
        raise CommandError(_("cannot read the line ({why}); quote names with spaces like \"Goblin 1\"",
                             why=str(exc))) from None


def partial(text: str) -> tuple[list[str], int, str]:
    """A line still being typed, for completion: (its whole words before the one being typed,
    where that one starts, that word so far, an open quote included), the words read as
    ``tokenize`` reads a finished line."""
    if text.endswith(" ") and text.count('"') % 2 == 0:
        head, start, token = text, len(text), ""
    elif text.count('"') % 2 == 1:
        start = text.rfind('"')
        head, token = text[:start], text[start:]
    else:
        start = text.rfind(" ") + 1
        head, token = text[:start], text[start:]
    try:
        before = [str(word) for word in tokenize(head)]
    except CommandError:
        before = head.split()
    return before, start, token


def _plain(value: Any) -> Any:
    """A parsed value with every ``Quoted`` made a plain ``str`` (events and saves hold plain text)."""
    if isinstance(value, Quoted):
        return str(value)
    if isinstance(value, tuple):
        return tuple(_plain(v) for v in value)
    return value


def choice_map(*groups: Sequence[str]) -> dict[str, str]:
    """``choice_map(("pc", "pj", "jugador"), ("foe", "enemigo"))``: the first spelling is canonical."""
    return {spelling: group[0] for group in groups for spelling in group}
