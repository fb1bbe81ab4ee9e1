"""The contract's value types: stat fields, conditions, figures, warnings, action slots.

Plain frozen data a ruleset declares and the engine reads; see ``contract`` for
the parts that use them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from gm_console.i18n import Domain, Msg, Term, _, joined, render

from ..errors import RulesError
from ..text import closest, fold_text, listing, slug

if TYPE_CHECKING:
    from ..context import Context


def did_you_mean(word: str, choices) -> "Msg | str":
    """ "; did you mean X?" for a near miss (typos at the table are the common error), "" for none."""
    close = closest(word, choices)
    return _("; did you mean {near}?", near=close) if close else ""


# --- stat block ---------------------------------------------------------------


@dataclass(frozen=True)
class StatField:
    """One key of the stat block (``add Goblin hp=7 ac=15``).

    kind: "int" | "pool" (``hp=6/38`` = current/max) | "counter" (a pool whose number is
    what you have now: hero points, nonlethal damage; ``set`` changes the value, ``maximum``
    caps it) | "bool" | "str" | "choice" | "list" (comma-separated) | "dice" (``4d6``) | "attacks" (compact attack strings
    separated by ``;``, engine/core/attacks.py; stored as a list, each written the canonical way).
    """

    key: str
    kind: str = "int"
    default: Any = None
    aliases: tuple[str, ...] = ()
    choices: tuple[str, ...] = ()
    choice_aliases: Mapping[str, str] = field(default_factory=dict)  # "grande" -> "large"
    #: its values as the reader names them, where the game declares the names: value id -> a
    #: ``Term`` of the game's ``T_`` (``size=medium`` reads "mediano" on a Spanish sheet). A list's
    #: elements are named the same way, one by one; a value without a name reads as stored. The
    #: names are input too: ``size=mediano`` is read as ``medium``.
    choice_names: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)
    #: an element's name where the names are not a fixed table (a Dragon Age focus: the game's
    #: own in the reader's language, one the table invented as typed): ``Term`` or the text
    name_of: "Callable[[str], Any] | None" = field(default=None, compare=False, repr=False)
    en: str = ""
    es: str = ""
    doc: str = ""
    minimum: int | None = None
    maximum: int | None = None
    gm_only: bool = False
    #: a health pool: the order in which it absorbs damage (1 first: stamina before HP); 0 = not health
    health: int = 0
    #: the key this figure is written from (touch and flat-footed AC from the AC): when the GM
    #: overrides that key on a bestiary creature, this one moves by the same difference unless
    #: given too (docs/sheets.md)
    follows: str = ""
    #: the catalogue where another language finds its label (msgctxt ``stat``): the game's, which
    #: its sheet gives every field of its block (``Sheet.block``); the keys every game has, the core's
    domain: "Domain | None" = field(default=None, compare=False, repr=False)

    #: msgctxt of a stat's label in the catalogues
    CONTEXT = "stat"

    def label(self, lang: str = "en") -> str:
        return self.term.render(lang) or self.key

    @property
    def term(self) -> Term:
        return Term(self.en or self.key, self.es, self.domain, self.CONTEXT)

    @property
    def short_term(self) -> Term:
        """Its label as the sheet and the log write it, lower case as labels are (``acrobacias``;
        ``kno. arcana`` for "Knowledge (arcana)"): msgctxt ``stat label`` where it differs."""
        en, es = _low(self.en or self.key), _low(self.es)
        if (en, es) == (self.en or self.key, self.es):
            return self.term
        return Term(en, es, self.domain, "stat label")

    def terms(self) -> "tuple[Term, ...]":
        """The names it declares in English and Spanish, for the catalogue tool."""
        named = tuple(t for t in self.choice_names.values() if isinstance(t, Term))
        return ((self.term, self.short_term) if self.es else (self.term,)) + named

    def value_term(self, value: Any) -> Any:
        """A stored value as the reader reads it: a ``Term`` (``render`` writes it in the reader's
        language) where the game names the value, a list's elements each named and joined with
        commas; else the value itself, as stored (a number, the GM's own text)."""
        if not self.choice_names and self.name_of is None:
            return value
        if isinstance(value, (list, tuple)):
            return joined([self._named(v) for v in value], ", ")
        return self._named(value)

    def _named(self, value: Any) -> Any:
        if not isinstance(value, str):
            return value
        found = self.choice_names.get(value)
        if found is None and self.name_of is not None:
            found = self.name_of(value)
        return value if found is None else found

    def choice_words(self) -> dict[str, str]:
        """Every word the GM may type for one of its choices, folded: its aliases and its
        values' names in English and Spanish."""
        words = {fold_text(render(t, lang)): v for v, t in self.choice_names.items() for lang in ("en", "es")}
        words.update({fold_text(k): v for k, v in self.choice_aliases.items()})
        return words


def _low(name: str) -> str:
    name = " ".join(w if w.isupper() else w.lower() for w in name.split(" "))
    head, paren, rest = name.partition(" (")
    if paren and len(name) > 14:  # "knowledge (arcana)": the part that tells six apart
        return f"{head[:3]}. {rest.rstrip(')')}"
    return name


@dataclass(frozen=True)
class OptionDef:
    """A house-rule switch stored in the save's ``[options]`` (seed default)."""

    key: str
    default: Any
    choices: tuple[Any, ...] = (False, True)
    doc: str = ""


# --- conditions ---------------------------------------------------------------


@dataclass(frozen=True)
class ConditionDef:
    """A catalogue entry.

    family/grade: grades of one family (fear, fatigue, restraint) do not add;
    only the highest grade active applies, the others wait underneath.
    stack: what a second application of the *same* condition does:
      "separate" (another instance), "extend" (keep one, longest duration),
      "max" (keep one, highest value), "sum" (keep one, values add).
    modifiers: figure -> delta (the ruleset defines the figure names).
    flags: ruleset-defined markers ("no-dex", "helpless", "no-actions"...).

    Spells and abilities (an *effect*, ``kind="effect"``) use the same entry, plus:
    bonus_type: the type of its bonuses ("morale", "dodge", "deflection"...; "" = untyped),
      with ``modifier_types`` for a figure whose bonus is of another type; bonuses of one
      type do not stack (``engine.rules.bonuses``). tick: "heal" or "damage" at the start of its
      owner's turn, by the instance's value (regeneration 5, fast healing 2, acid 1d6 via
      ``tick_dice``), ``tick_type`` the damage type. duration_en/es: the typical duration
      as the book gives it ("1 min/level"), shown when the GM picks it.
    """

    id: str
    en: str
    es: str
    aliases: tuple[str, ...] = ()
    family: str | None = None
    grade: int = 0
    valued: bool = False
    stack: str = "extend"
    modifiers: Mapping[str, int] = field(default_factory=dict)
    flags: frozenset[str] = frozenset()
    summary_en: str = ""
    summary_es: str = ""
    system: bool = False  # normally set by the rules (dying, stable), still accepted by hand
    kind: str = "condition"  # or "effect": a spell or ability a GM puts on someone
    bonus_type: str = ""
    modifier_types: Mapping[str, str] = field(default_factory=dict)
    tick: str = ""  # "heal" | "damage" at the start of the owner's turn
    tick_type: str = ""
    tick_dice: str = ""  # rolled each tick instead of the instance's value ("1d6")
    duration_en: str = ""
    duration_es: str = ""
    source: str = ""  # where the numbers come from: "Core Rulebook, Bless" (docs cite it too)
    #: the save its text allows each round to end it ("will"); the GM gives the DC (``save=17``)
    save: str = ""
    #: that save's DC when the text fixes it (catching fire: Reflex DC 15); ``save=N`` still overrides
    save_dc: int | None = None
    #: the catalogue where another language finds its name, summary and duration (msgctxt
    #: ``condition``, ``condition summary``, ``condition duration``, and ``condition label`` for
    #: its breakdown label): the game's, which its catalogue gives every entry (``Catalogue``)
    domain: "Domain | None" = field(default=None, compare=False, repr=False)

    def bonus_of(self, figure: str) -> str:
        """The type of this entry's bonus to ``figure`` ("" = untyped)."""
        return self.modifier_types.get(figure, self.bonus_type)

    def name(self, lang: str = "en") -> str:
        return self.term.render(lang)

    @property
    def term(self) -> Term:
        """The name as a ``Term`` for a message: ``_("{who} is {cond}", cond=cdef.term)``."""
        return Term(self.en, self.es, self.domain, "condition")

    @property
    def label_term(self) -> Term:
        """The name as a figure's breakdown labels it: lowercase (``shaken``, ``estremecido``)."""
        return Term(self.en.lower(), self.es.lower(), self.domain, Catalogue.LABEL_CONTEXT)

    def summary(self, lang: str = "en") -> str:
        return Term(self.summary_en, self.summary_es, self.domain, "condition summary").render(lang)

    def duration(self, lang: str = "en") -> str:
        """Its typical duration as the book gives it ("1 min/level"), in ``lang``."""
        return Term(self.duration_en, self.duration_es, self.domain, "condition duration").render(lang)

    def terms(self) -> "tuple[Term, ...]":
        """The names it declares in English and Spanish, for the catalogue tool."""
        out = [self.term, self.label_term]
        if self.summary_en:
            out.append(Term(self.summary_en, self.summary_es, self.domain, "condition summary"))
        if self.duration_en:
            out.append(Term(self.duration_en, self.duration_es, self.domain, "condition duration"))
        return tuple(out)


class Catalogue:
    """Condition lookup by id, English or Spanish name, alias; accent- and case-blind."""

    #: msgctxt of a condition's name as a figure's breakdown labels it (``Catalogue.label``)
    LABEL_CONTEXT = "condition label"

    def __init__(self, defs: Sequence[ConditionDef], free_labels: bool = False, domain: "Domain | None" = None) -> None:
        # each entry knows the catalogue its names are in (an entry of the core's keeps the core's)
        defs = [d if d.domain is not None or domain is None else replace(d, domain=domain) for d in defs]
        self.defs: dict[str, ConditionDef] = {d.id: d for d in defs}
        self.free_labels = free_labels
        #: the game's catalogue, where another language finds a label (msgctxt "condition label")
        self.domain = domain
        self._index: dict[str, str] = {}
        for d in defs:
            for name in (d.id, d.en, d.es, *d.aliases):
                if name:
                    self._index.setdefault(fold_text(name), d.id)

    def __iter__(self):
        return iter(self.defs.values())

    def __len__(self) -> int:
        return len(self.defs)

    def get(self, cid: str) -> ConditionDef | None:
        return self.defs.get(cid)

    def lookup(self, name: str) -> ConditionDef:
        key = fold_text(name)
        cid = self._index.get(key)
        if cid is not None:
            return self.defs[cid]
        prefixed = sorted({v for k, v in self._index.items() if k.startswith(key)}) if key else []
        if len(prefixed) == 1:
            return self.defs[prefixed[0]]
        if self.free_labels and key:
            label = slug(name)
            return ConditionDef(id=label, en=name, es=name)
        if len(prefixed) > 1:
            raise RulesError(_('condition {name!r} is ambiguous: {names}', name=name, names=listing(prefixed)))
        names = [n for d in self.defs.values() for n in (d.id, d.en, d.es)]
        hint = did_you_mean(name, names)
        known = listing(sorted(self.defs), "(none)")
        raise RulesError(_("unknown condition {name!r}{hint} known: {known}", name=name, hint=hint or ";",
                           known=known))

    def label(self, cid: str) -> "Term | str":
        """A condition or effect as a breakdown labels it: its catalogue names in lowercase
        (``shaken``, ``estremecido``); a free effect as the GM typed it (data, kept as is). A
        third language finds it in the game's catalogue (``domain``) under msgctxt
        ``condition label`` and the lowercase English name."""
        d = self.defs.get(cid)
        if d is None:
            return cid
        return d.label_term

    def define(self, cid: str) -> ConditionDef:
        """The definition of an instance in the state (free labels get a plain one)."""
        d = self.defs.get(cid)
        if d is not None:
            return d
        name = cid.replace("-", " ")  # a free label's id is its folded name: "Shield of the dawn" again
        name = name[:1].upper() + name[1:]
        return ConditionDef(id=cid, en=name, es=name)


# --- figures and commands -------------------------------------------------------


@dataclass(frozen=True)
class Figure:
    """A derived number with its breakdown: AC 15 = 17 - 2 shaken."""

    value: int
    base: int | None = None
    #: each label a ``Term`` (or a message) the ruleset built, or plain text (a name the GM typed)
    parts: tuple[tuple[Any, int], ...] = ()
    #: bonuses that do not count because a bigger one of the same type does (shown dimmed)
    suppressed: tuple[tuple[Any, int], ...] = ()

    def said(self, lang: str = "en") -> tuple[tuple[str, int], ...]:
        """The breakdown with each label as text in ``lang``: what code that reads a label (which
        bonus it is) compares, never the label itself."""
        return tuple((render(label, lang), d) for label, d in self.parts)

    def said_suppressed(self, lang: str = "en") -> tuple[tuple[str, int], ...]:
        return tuple((render(label, lang), d) for label, d in self.suppressed)

    def explain(self, name: Any, lang: str = "en") -> str:
        """``AC 14 = 16 - 2 Dex (flat-footed)``, every label in the reader's language."""
        name = render(name, lang)
        if not self.parts:
            text = f"{name} {self.value}"
        else:
            base = self.base if self.base is not None else self.value - sum(p[1] for p in self.parts)
            text = " ".join(f"{'+' if d >= 0 else '-'} {abs(d)} {render(label, lang)}" for label, d in self.parts)
            text = f"{name} {self.value} = {base} {text}"
        if self.suppressed:
            dropped = ", ".join(f"{d:+d} {render(label, lang)}" for label, d in self.suppressed)
            text += " " + render(_("({bonuses} not stacking)", bonuses=dropped), lang)
        return text

    def told(self, name: Any) -> Term:
        """``explain`` as a piece of a message the log keeps: each label read in the reader's
        language when the log is read (``Defense 14 = 12 + 2 defending``)."""
        pieces: list[Any] = [name, str(self.value)]
        if self.parts:
            base = self.base if self.base is not None else self.value - sum(p[1] for p in self.parts)
            pieces += ["=", str(base)]
            for label, d in self.parts:
                pieces += ["+" if d >= 0 else "-", str(abs(d)), label]
        if self.suppressed:
            dropped = joined([joined([f"{d:+d}", label]) for label, d in self.suppressed], ", ")
            pieces.append(_("({bonuses} not stacking)", bonuses=dropped))
        return joined(pieces)


@dataclass(frozen=True)
class Pending:
    """Something the GM should be warned about, on the screen and in `show`.

    ``text`` is a message (``_("...")``); older plugins give English in ``en`` and
    Spanish in ``es``. ``command`` is the line the GM would type to act on it: the
    screen offers it on an explicit key, never guesses it from the words.
    """

    who: str | None
    en: "str | Msg" = ""
    es: str = ""
    gm_only: bool = False  # never in player-facing output
    command: str | None = None  # what the GM would type to act on it (the TUI offers to run it)

    def render(self, lang: str = "en") -> str:
        if isinstance(self.en, (Msg, Term)):
            return render(self.en, lang)
        return self.es if lang == "es" and self.es else str(self.en)


@dataclass(frozen=True)
class ActionSlot:
    """One action of this turn's budget (standard, move, swift; major, minor) for the sheet.

    ``en`` names it: a catalogue entry (a ``Term`` or ``Msg``: a third language reads it too),
    kept as ``label`` with its English and Spanish as ``en`` and ``es``; or plain English and
    Spanish text (a plugin's own). ``command`` is the line that ticks it off (e.g. ``action
    kyra move``); None = shown only.
    """

    id: str
    en: Any
    es: str = ""
    used: bool = False
    command: str | None = None
    label: Any = None

    def __post_init__(self) -> None:
        if isinstance(self.en, (Term, Msg)):
            object.__setattr__(self, "label", self.en)
            object.__setattr__(self, "es", render(self.en, "es"))
            object.__setattr__(self, "en", render(self.en, "en"))

    def name(self, lang: str = "en") -> str:
        if self.label is not None:
            return render(self.label, lang)
        return self.es if lang == "es" and self.es else self.en


@dataclass(frozen=True)
class Difficulty:
    """How hard an encounter is by the game's own encounter-building rule, for the GM while
    building it (``Ruleset.difficulty``): the GM's view, so hidden combatants count.

    ``summary`` is the one line every front end shows (the add form, ``show``, the picker);
    ``why`` the numbers explained, a line each. ``xp`` is the foes' experience summed, ``cr``
    the encounter's challenge rating as the game writes it (``1/3``, ``10``; None below the
    table), ``party_level`` the party's level as the rule adjusts it, ``band`` the name the
    rule gives the comparison (easy ... epic). A party level the rule cannot work out is
    never guessed: ``party_level`` is None and ``party_unknown`` says why and what to give.
    A game without such a rule answers None, or a ``Difficulty`` with only ``summary``
    saying what the game offers instead.
    """

    summary: "Msg | Term | str"
    xp: int | None = None
    cr: str | None = None
    party_level: int | None = None
    band: Term | None = None
    party_unknown: "Msg | None" = None
    why: tuple = ()

    def as_dict(self, lang: str = "en") -> dict[str, Any]:
        """``show --json``'s ``difficulty`` (docs/json.md): numbers, and the texts in ``lang``."""
        return {
            "summary": render(self.summary, lang),
            "xp": self.xp,
            "cr": self.cr,
            "party_level": self.party_level,
            "band": self.band.en if self.band is not None else None,
            "band_name": render(self.band, lang) if self.band is not None else None,
            "party_unknown": render(self.party_unknown, lang) if self.party_unknown is not None else None,
            "why": [render(line, lang) for line in self.why],
        }
