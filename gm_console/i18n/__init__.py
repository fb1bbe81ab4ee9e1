"""Messages a GM reads, in the GM's language: gettext catalogues, one mechanism for all.

Code writes English once, as a gettext message id with named placeholders::

    _ = Domain("gm_console", LOCALE)          # one per package (a ruleset has its own)
    raise RulesError(_("no combatant {ref!r}; combatants: {names}", ref=ref, names=names))
    ctx.say(_("{name} is staggered", name=c.name))

``_`` does not translate on the spot: it returns a ``Msg`` (the id, its domain and
its arguments) that any front end renders in its own language, later, with
``render(msg, lang)``. So the engine stays free of any idea of "the current
language", an error raised in the engine reaches the TUI in Spanish and ``exec``
in English, and a third language is a catalogue (``locale/fr/LC_MESSAGES/<domain>.po``,
compiled to ``.mo``), no code. ``scripts/i18n.py`` extracts the ids with Babel,
updates the catalogues and compiles them; tests fail on an id without Spanish.

Argument values render too: a ``Msg`` inside a ``Msg`` is rendered in the same
language, and so is a ``Term`` (a name that is data, such as a condition's name
with its English and Spanish forms). ``str()`` of a ``Msg`` is its English text,
so code that only logs or compares in English keeps working.
"""

from __future__ import annotations

import gettext as _gettext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping

SOURCE = "en"


_DOMAINS: dict[str, "Domain"] = {}


def domain_named(name: str) -> "Domain | None":
    """The catalogue a message in the log came from, if its package is loaded (engine/core/told.py)."""
    return _DOMAINS.get(name)


def _domain(name: str, localedir: str) -> "Domain":
    return _DOMAINS.get(name) or Domain(name, localedir)


class Domain:
    """One package's catalogue: its gettext domain name and locale folder.

    Calling it marks a message for extraction and builds a ``Msg``; catalogues
    are read lazily, once per language, the first time a message is rendered.
    """

    def __init__(self, name: str, localedir: Path | str) -> None:
        self.name = name
        self.localedir = Path(localedir)
        self._catalogues: dict[str, _gettext.NullTranslations] = {}
        _DOMAINS.setdefault(name, self)  # the log names a message's catalogue by this name

    def __repr__(self) -> str:
        return f"Domain({self.name!r})"

    def __reduce__(self):
        """Pickled by name and folder, its catalogues read again where it lands: a message can
        travel from a worker process (``stats`` reads saves side by side) and still be rendered
        in the reader's language there."""
        return (_domain, (self.name, str(self.localedir)))

    def __call__(self, msgid: str, /, **args: Any) -> "Msg":
        return Msg(self, msgid, args)

    def plural(self, singular: str, plural: str, n: int, /, **args: Any) -> "Msg":
        """``{n} round left`` / ``{n} rounds left``: the catalogue picks the form for n."""
        return Msg(self, singular, {"n": n, **args}, plural=plural, count=n)

    def context(self, context: str, msgid: str, /, **args: Any) -> "Msg":
        """The same English in two places that another language tells apart (``dying``
        in full, ``dying`` cut short for a narrow column)."""
        return Msg(self, msgid, args, context=context)

    def term(self, context: str, en: str, es: str = "") -> "Term":
        """A name that is data (``T_("weapon", "short sword", "espada corta")``): the English and
        the Spanish the code declares, found in this catalogue in any other language under
        ``context`` (what it names: ``condition``, ``stat``, ``weapon``...). The catalogue tool
        writes the Spanish into the ``.po`` from here, so the code stays its one source; a term
        is declared where the module is loaded (a constant, a table), so the tool finds it."""
        return Term(en, es, self, context)

    def catalogue(self, lang: str) -> _gettext.NullTranslations:
        found = self._catalogues.get(lang)
        if found is None:
            if lang == SOURCE:
                found = _gettext.NullTranslations()
            else:
                found = _gettext.translation(self.name, self.localedir, languages=[lang], fallback=True)
            self._catalogues[lang] = found
        return found

    def template(self, msgid: str, lang: str, plural: str | None = None, count: int | None = None,
                 context: str | None = None) -> str:
        cat = self.catalogue(lang)
        if context is not None:
            return cat.pgettext(context, msgid)
        if plural is not None:
            return cat.ngettext(msgid, plural, count if count is not None else 1)
        return cat.gettext(msgid)

    def has(self, msgid: str, lang: str) -> bool:
        """Whether the catalogue of ``lang`` translates ``msgid`` (the source language always does)."""
        if lang == SOURCE:
            return True
        cat = self.catalogue(lang)
        return msgid in getattr(cat, "_catalog", {}) or (msgid, 0) in getattr(cat, "_catalog", {})


@dataclass(frozen=True, eq=False)
class Msg:
    """A message waiting for a language: ``render(msg, "es")``; ``str(msg)`` is English."""

    domain: Domain
    id: str
    args: Mapping[str, Any] = field(default_factory=dict)
    plural: str | None = None
    count: int | None = None
    context: str | None = None

    def render(self, lang: str = SOURCE) -> str:
        template = self.domain.template(self.id, lang, self.plural, self.count, self.context)
        values = {k: agreeable(render(v, lang) if isinstance(v, (Msg, Term, Row, Lazy)) else v)
                  for k, v in self.args.items()}
        values.setdefault("g", NO_ONE)  # a translation's agreement (`{g:?o|a}`) said of no one: the neutral form
        try:
            return template.format(**values)
        except (KeyError, IndexError, ValueError):  # a catalogue with a broken placeholder
            if lang != SOURCE:
                return self.render(SOURCE)
            return self.id

    def __str__(self) -> str:
        return self.render(SOURCE)

    def given(self, **args: Any) -> "Msg":
        """The same message with these arguments too (a name's gender for agreement: ``g=``)."""
        return Msg(self.domain, self.id, {**self.args, **args}, self.plural, self.count, self.context)

    def __repr__(self) -> str:
        return f"Msg({self.id!r}, {dict(self.args)!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Msg):
            return (self.domain.name, self.id, self.plural, self.count, dict(self.args)) == \
                (other.domain.name, other.id, other.plural, other.count, dict(other.args))
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.domain.name, self.id))


@dataclass(frozen=True)
class Term:
    """A name that is data, not code: a condition, a stat, an action, with its English and
    Spanish forms (which the command language also accepts as input). Another language
    finds it in ``domain``'s catalogue under the English form, with ``context`` as its msgctxt
    when one English word names two things (``shaken`` the condition's breakdown label).
    Declare one with its package's ``T_`` (``Domain.term``): a term without a domain reads
    English in a third language (the GM's own words, a number)."""

    en: str
    es: str = ""
    domain: Domain | None = field(default=None, compare=False)
    context: str | None = field(default=None, compare=False)

    def render(self, lang: str = SOURCE) -> str:
        if lang == "es" and self.es:
            return self.es
        if lang not in (SOURCE, "es") and self.domain is not None and self.en:
            return self.domain.template(self.en, lang, context=self.context)
        return self.en

    def __str__(self) -> str:
        return self.en


@dataclass(frozen=True)
class Row:
    """Messages side by side, comma-separated ("Goblin 1 rolls 9, Goblin 2 rolls 2"), each
    rendered in the reader's language: one argument however many they are, so a list of any
    length is stored flat in the log (never as a message inside a message inside...)."""

    items: tuple = ()

    def render(self, lang: str = SOURCE) -> str:
        return ", ".join(render(i, lang) for i in self.items)

    def __str__(self) -> str:
        return self.render(SOURCE)


class Lazy:
    """Text that writes itself in the reader's language when it is read, made of pieces a
    ``Term`` or a ``Msg`` cannot hold alone (a command's usage line: its verb, its keywords and
    its placeholders each in the reader's words, engine/language/verbs.py). ``render`` and a
    message holding one as an argument call its ``render(lang)``; ``str()`` is its English."""

    def render(self, lang: str = SOURCE) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.render(SOURCE)


Text = "str | Msg | Term"


class Named(str):
    """A name a translation can make words agree with, by its gender (``f``, ``m`` or none):
    ``{name} está {name:?moribundo|moribunda|en estado moribundo}`` writes the first form for
    ``m``, the second for ``f`` and the third (the first when there is none) for a name of no
    known gender; ``{name}`` alone is the name. A third language writes its own forms."""

    gender: str | None = None

    def __new__(cls, text: str, gender: str | None = None) -> "Named":
        obj = str.__new__(cls, text)
        obj.gender = gender
        return obj

    def __format__(self, spec: str) -> str:
        if spec.startswith("?"):
            return agree(spec[1:], self.gender)
        return format(str(self), spec)


#: whom a word agrees with when a message names no one (``g`` not given)
NO_ONE = Named("")


def agree(spec: str, gender: str | None) -> str:
    """The form of ``masc|fem|neutral`` for ``gender``."""
    forms = spec.split("|")
    masc = forms[0]
    if gender == "f":
        return forms[1] if len(forms) > 1 else masc
    if gender == "m":
        return masc
    return forms[2] if len(forms) > 2 else masc


def agreeable(value: Any) -> Any:
    """Text that a translation may ask to agree (a name of no known gender: the neutral form)."""
    return Named(value) if type(value) is str else value


def render(text: Any, lang: str = SOURCE) -> str:
    """Any text a GM reads, in ``lang``: a plain string is already final."""
    if isinstance(text, (Msg, Term, Row, Lazy)):
        return text.render(lang)
    return "" if text is None else str(text)


@dataclass(frozen=True)
class Joined(Term):
    """Pieces written side by side (``joined``): each piece renders in the reader's language,
    so a third language reads every term and message in it from its catalogue; ``en`` and
    ``es`` are the whole in English and Spanish (what code that reads the text compares)."""

    parts: tuple = ()
    sep: "str | Msg" = " "

    def render(self, lang: str = SOURCE) -> str:
        if lang in (SOURCE, "es"):
            return super().render(lang)
        return render(self.sep, lang).join(text for text in (render(p, lang) for p in self.parts) if text)


def joined(parts: "Iterable[Any]", sep: "str | Msg" = " ") -> Joined:
    """Pieces (strings, messages, terms) written side by side, in each language: a breakdown
    like ``+5 bonus -2 shaken`` whose labels translate. ``sep`` is text, or a message when
    each language says it its own way (``C_("dr", " or ")``: ``5/cold iron or good``)."""
    parts = tuple(p for p in parts if render(p, SOURCE))
    return Joined(render(sep, SOURCE).join(render(p, SOURCE) for p in parts),
                  render(sep, "es").join(t for t in (render(p, "es") for p in parts) if t), parts=parts, sep=sep)


LOCALE = Path(__file__).resolve().parent.parent / "locale"


def languages(locale: Path = LOCALE) -> tuple[str, ...]:
    """English, then each language the core's catalogue is compiled in (``locale/<lang>/LC_MESSAGES/
    gm_console.mo``): a third language is offered once its catalogue is there, no code."""
    found = sorted(p.name for p in locale.glob("*") if (p / "LC_MESSAGES" / "gm_console.mo").is_file()) \
        if locale.is_dir() else []
    return (SOURCE, *(lang for lang in found if lang != SOURCE))


#: the languages the interface offers; English is the source language of every id
LANGS: tuple[str, ...] = languages()
#: the core's own catalogue (engine, storage, CLI and TUI)
core = Domain("gm_console", LOCALE)
_ = core
_n = core.plural
C_ = core.context
T_ = core.term


def grouped(n: int) -> Term:
    """A whole number with each language's thousands separator (1,200 / 1.200), the catalogue's
    own (msgctxt "number"), as a ``Term`` so it can stand in a logged message."""
    text = f"{n:,}"
    # TRANSLATORS: the thousands separator in a number such as 1,200 XP
    return Term(text, text.replace(",", C_("number", ",").render("es")))


def N_(msgid: str) -> str:
    """Marks a table entry (the TUI's labels) for extraction; it is rendered by key later."""
    return msgid
