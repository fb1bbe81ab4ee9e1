"""The ruleset contract: what a game plugin decides, and the engine asks.

The engine owns order, rounds, turns, delay/ready bookkeeping, condition
durations and the log. A ``Ruleset`` decides everything game-specific: the stat
block, initiative, damage and healing, the life-state machine, the condition
catalogue and its effects, resources, turn hooks and extra verbs.

Every hook that changes something receives a ``Context`` (see
``engine.context``) and changes state only through it: ``ctx.set_pool``,
``ctx.add_condition``, ``ctx.say``... which become events in the log. Hooks
that only read (``effective``, ``status``) receive the state.

Plugin authors import this through ``gm_console.ruleset``; the built-in games
in the top-level ``rulesets`` package use it exactly as a third party would.
"""

from __future__ import annotations

import unicodedata
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Iterable, Mapping, Sequence

from .state import Combatant, EncounterState

if TYPE_CHECKING:
    from .context import Context


_HEALTH_WORDS = ("stamina", "hit point", "health", "wound", "vitality", "vigor")


class RulesError(Exception):
    """A command the rules refuse; the message is one line naming what was wrong and what is accepted."""


def fold_text(text: str) -> str:
    """Case- and accent-insensitive key: 'Energía consumida' -> 'energia consumida'."""
    text = unicodedata.normalize("NFKD", str(text))
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return " ".join(text.casefold().replace("_", " ").replace("-", " ").split())


def did_you_mean(word: str, choices) -> str:
    """ "; did you mean X?" for a near miss (typos at the table are the common error)."""
    import difflib

    folded = {fold_text(ch): ch for ch in choices}
    close = difflib.get_close_matches(fold_text(word), list(folded), n=1, cutoff=0.75)
    return f"; did you mean {folded[close[0]]}?" if close else ""


#: how many names an error or a hint lists before it says how many more
LISTED = 12


def listing(items: Iterable[Any], empty: str = "", lang: str = "en", limit: int = LISTED) -> str:
    """ "a, b, c" for an error or a hint: at most ``limit`` names, then how many more, so a
    roster of 5,000 keeps "no combatant 'x'; combatants: ..." one readable line. The name
    the GM probably meant goes in the error's "did you mean" (``did_you_mean``), not here."""
    items = list(items)
    if not items:
        return empty
    text = ", ".join(str(item) for item in items[:limit])
    rest = len(items) - limit
    if rest <= 0:
        return text
    if lang == "es":
        return f"{text} ... y {rest:,} más".replace(",", ".")  # "y 4.988 más"
    return f"{text} ... and {rest:,} more"


def slug(text: str) -> str:
    return fold_text(text).replace(" ", "-") or "x"


# --- stat block ---------------------------------------------------------------


@dataclass(frozen=True)
class StatField:
    """One key of the stat block (``add Goblin hp=7 ac=15``).

    kind: "int" | "pool" (``hp=6/38`` = current/max) | "counter" (a pool whose number is
    what you have now: hero points, nonlethal damage; ``set`` changes the value, ``maximum``
    caps it) | "bool" | "str" | "choice" | "list" (comma-separated) | "dice" (``4d6``).
    """

    key: str
    kind: str = "int"
    default: Any = None
    aliases: tuple[str, ...] = ()
    choices: tuple[str, ...] = ()
    choice_aliases: Mapping[str, str] = field(default_factory=dict)  # "grande" -> "large"
    en: str = ""
    es: str = ""
    doc: str = ""
    minimum: int | None = None
    maximum: int | None = None
    gm_only: bool = False

    def label(self, lang: str = "en") -> str:
        return (self.es if lang == "es" else self.en) or self.key


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

    def name(self, lang: str = "en") -> str:
        return self.es if lang == "es" else self.en

    def summary(self, lang: str = "en") -> str:
        return (self.summary_es if lang == "es" else self.summary_en) or self.summary_en


class Catalogue:
    """Condition lookup by id, English or Spanish name, alias; accent- and case-blind."""

    def __init__(self, defs: Sequence[ConditionDef], free_labels: bool = False) -> None:
        self.defs: dict[str, ConditionDef] = {d.id: d for d in defs}
        self.free_labels = free_labels
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
            raise RulesError(f"condition {name!r} is ambiguous: {listing(prefixed)}")
        names = [n for d in self.defs.values() for n in (d.id, d.en, d.es)]
        hint = did_you_mean(name, names)
        known = listing(sorted(self.defs), "(none)")
        raise RulesError(f"unknown condition {name!r}{hint} known: {known}" if hint
                         else f"unknown condition {name!r}; known: {known}")

    def define(self, cid: str) -> ConditionDef:
        """The definition of an instance in the state (free labels get a plain one)."""
        d = self.defs.get(cid)
        return d if d is not None else ConditionDef(id=cid, en=cid, es=cid)


# --- figures and commands -------------------------------------------------------


@dataclass(frozen=True)
class Figure:
    """A derived number with its breakdown: AC 15 = 17 - 2 shaken."""

    value: int
    base: int | None = None
    parts: tuple[tuple[str, int], ...] = ()

    def explain(self, name: str) -> str:
        if not self.parts:
            return f"{name} {self.value}"
        base = self.base if self.base is not None else self.value - sum(p[1] for p in self.parts)
        text = " ".join(f"{'+' if d >= 0 else '-'} {abs(d)} {label}" for label, d in self.parts)
        return f"{name} {self.value} = {base} {text}"


@dataclass(frozen=True)
class VerbSpec:
    """An extra verb a ruleset adds to the command language (``maneuver``, ``stunt``...)."""

    verb: str
    usage: str
    handler: Callable[["Context", tuple[str, ...]], None]
    aliases: tuple[str, ...] = ()
    doc: str = ""


@dataclass(frozen=True)
class Pending:
    """Something the GM should be warned about, on the screen and in `show`."""

    who: str | None
    en: str
    es: str = ""
    gm_only: bool = False  # never in player-facing output
    command: str | None = None  # what the GM would type to act on it (the TUI offers to run it)


@dataclass(frozen=True)
class ActionSlot:
    """One action of this turn's budget (standard, move, swift; major, minor) for the sheet.

    ``command`` is the line that ticks it off (e.g. ``action kyra move``); None = shown only.
    """

    id: str
    en: str
    es: str = ""
    used: bool = False
    command: str | None = None


# --- the contract -------------------------------------------------------------


class Ruleset(ABC):
    """Base class of every game plugin. Override what the game decides.

    Required: ``id``, ``name``, ``stat_block()``, ``damage()``, ``heal()``.
    Everything else has a sensible generic default.
    """

    id: ClassVar[str]
    name: ClassVar[str]
    version: ClassVar[str] = "1.0"
    seconds_per_round: ClassVar[int] = 6
    initiative_dice: ClassVar[str] = "1d20"
    #: a readied action not triggered by the start of its owner's next turn is lost
    ready_lapses: ClassVar[bool] = False
    #: combatants added mid-combat without initiative roll it at the start of the next round
    newcomers_roll_at_round_start: ClassVar[bool] = False
    #: conditions not in the catalogue are accepted as free labels
    free_conditions: ClassVar[bool] = False

    # -- stat block ------------------------------------------------------------
    @abstractmethod
    def stat_block(self) -> Sequence[StatField]:
        """The keys a combatant has, for ``add``/``set`` and the sheet."""

    def categories(self) -> tuple[str, ...]:
        """Bare words accepted by ``add`` besides ``pc`` (e.g. ``vehicle``)."""
        return ()

    def options(self) -> Sequence[OptionDef]:
        return ()

    @cached_property
    def fields(self) -> dict[str, StatField]:
        return {f.key: f for f in self.stat_block()}

    @cached_property
    def field_index(self) -> dict[str, str]:
        index: dict[str, str] = {}
        for f in self.stat_block():
            for name in (f.key, *f.aliases):
                index[fold_text(name)] = f.key
        return index

    def health_pools(self) -> tuple[str, ...]:
        """Pools drawn as health bars, in the order they absorb damage (stamina before HP).

        Default: the pools whose English label names health (stamina, hit points...),
        stamina first; else the first pool. Override when the words mislead.
        """
        pools = [f for f in self.stat_block() if f.kind == "pool" and not f.gm_only]
        found = [f.key for f in pools if any(w in fold_text(f.en or f.key) for w in _HEALTH_WORDS)]
        found.sort(key=lambda k: 0 if "stamina" in fold_text(self.fields[k].en or k) else 1)
        if not found and pools:
            found = [pools[0].key]
        return tuple(found)

    def pool_keys(self) -> tuple[str, ...]:
        return tuple(f.key for f in self.stat_block() if f.kind in ("pool", "counter"))

    def derive(self, stats: dict[str, Any], category: str) -> dict[str, Any]:
        """Fill derived stats (CMB from BAB, RP from level...) before the combatant is created."""
        return stats

    def initial_pools(self, stats: Mapping[str, Any], current: Mapping[str, int],
                      category: str) -> dict[str, tuple[int, int | None]]:
        """Pools a new combatant starts with: value and max."""
        pools: dict[str, tuple[int, int | None]] = {}
        for key in self.pool_keys():
            if key in stats and stats[key] is not None:
                f = self.fields[key]
                if f.kind == "counter":
                    pools[key] = (int(stats[key]), f.maximum)
                else:
                    top = int(stats[key])
                    pools[key] = (int(current.get(key, top)), top)
        return pools

    def on_added(self, ctx: "Context", c: Combatant) -> None:
        """A combatant just joined (e.g. one added at 0 health starts dying)."""

    def on_stats_set(self, ctx: "Context", c: Combatant, changes: Mapping[str, Any]) -> None:
        """After ``set``: keep what the GM typed within the rules (health never below 0...)."""

    def side_of(self, stats: Mapping[str, Any], words: Sequence[str]) -> str:
        if "pc" in words or stats.get("pc") is True:
            return "pc"
        if "ally" in words:
            return "ally"
        return "foe"

    # -- conditions --------------------------------------------------------------
    def conditions(self) -> Sequence[ConditionDef]:
        return ()

    @cached_property
    def catalogue(self) -> Catalogue:
        return Catalogue(self.conditions(), free_labels=self.free_conditions)

    def add_condition(self, ctx: "Context", target: Combatant, cdef: ConditionDef,
                      rounds: int | None, value: int | None, clock: str | None,
                      source: str | None) -> None:
        """Apply a condition; the default honours ``cdef.stack``. Override for escalation."""
        ctx.apply_condition(target, cdef, rounds=rounds, value=value, clock=clock, source=source)

    def on_condition_removed(self, ctx: "Context", target: Combatant, cond: str, reason: str) -> None:
        """After a condition ends (removed, expired): e.g. restore what it suppressed."""

    def active_conditions(self, c: Combatant) -> list:
        """Instances that apply now: within a family only the highest grade counts."""
        best: dict[str, int] = {}
        for inst in c.conditions:
            d = self.catalogue.define(inst.cond)
            if d.family:
                best[d.family] = max(best.get(d.family, -99), d.grade)
        out = []
        for inst in c.conditions:
            d = self.catalogue.define(inst.cond)
            if d.family and d.grade < best[d.family]:
                continue
            out.append(inst)
        return out

    # -- initiative ----------------------------------------------------------------
    def initiative_bonus(self, c: Combatant) -> int:
        return int(c.stats.get("init", 0) or 0)

    def roll_initiative(self, ctx: "Context", c: Combatant) -> tuple[float, tuple, str]:
        """Return (initiative, tie-break key, how it was rolled). Default: d20 + bonus, ties by bonus."""
        bonus = self.initiative_bonus(c)
        r = ctx.roll(f"{self.initiative_dice}{bonus:+d}" if bonus else self.initiative_dice,
                     purpose=f"initiative of {c.name}", who=c.id)
        return r.total, (bonus,), r.text

    def tiebreak_for(self, c: Combatant, value: float) -> tuple:
        """Tie-break key when the GM types the initiative result."""
        return (self.initiative_bonus(c),)

    def order_key(self, c: Combatant) -> tuple:
        """Sort key, highest acts first; ``added`` keeps equal keys in roster order."""
        init = c.initiative if c.initiative is not None else float("-inf")
        return (init, *c.tiebreak, -c.added)

    # -- damage, healing, life -------------------------------------------------------
    @abstractmethod
    def damage(self, ctx: "Context", target: Combatant, amount: int, types: tuple[str, ...]) -> None:
        """Apply damage (after dice) with its types (``fire``, ``nonlethal``...)."""

    @abstractmethod
    def heal(self, ctx: "Context", target: Combatant, amount: int, types: tuple[str, ...]) -> None:
        """Apply healing."""

    def minimum_damage(self, ctx: "Context", target: Combatant, rolled: int,
                       types: tuple[str, ...]) -> tuple[int, tuple[str, ...]]:
        """A damage roll whose modifiers take it below 0: what it deals. Default: nothing.
        (PF1 §1.3 [O]: at least 1 nonlethal.)"""
        return 0, types

    def damage_types(self) -> tuple[str, ...]:
        """Words accepted after the amount in ``dmg``; empty = anything goes."""
        return ()

    def can_take_turn(self, c: Combatant) -> bool:
        """Whether ``next`` stops at this combatant (the dead are passed over)."""
        return c.life != "dead"

    def can_change_initiative(self, c: Combatant) -> str | None:
        """Why this combatant cannot delay or ready (None = it can)."""
        if c.life in ("dying", "dead", "unconscious", "stable"):
            return f"{c.name} is {c.life} and cannot delay or ready"
        return None

    # -- turns and time ----------------------------------------------------------------
    def surprise_round(self, ctx: "Context", aware: list[Combatant], unaware: list[Combatant]) -> bool:
        """Whether a surprise round is played (PF1: some but not all aware).

        Called at ``start`` after ``surprise NAME...``; a ruleset may also mark the unaware
        here (Starfinder's seed: partial unawareness gives no round, only flat-footed).
        """
        return bool(aware) and bool(unaware)

    def on_combat_start(self, ctx: "Context") -> None:
        """After round 1 begins, before the first turn (flat-footed marks...)."""

    def on_turn_start(self, ctx: "Context", c: Combatant) -> None:
        """Start of a combatant's turn, after its durations ticked (bleed, dying checks...)."""

    def on_turn_end(self, ctx: "Context", c: Combatant) -> None:
        """End of a combatant's turn (resolve loss while dying...)."""

    def on_round_end(self, ctx: "Context", round: int) -> None:
        """After the last turn of a round (burning saves...)."""

    def on_combat_end(self, ctx: "Context") -> None:
        """The combat is over."""

    def on_time_passed(self, ctx: "Context", seconds: int) -> None:
        """``pass 1h``: hourly checks, rest and recovery."""

    def trigger_position(self, ctx: "Context", c: Combatant, trigger_args: tuple[str, ...]) -> str:
        """Where a triggered readied action puts its owner: "before" or "after" the active one.

        Called while the readied action is still in ``ctx.state.readied[c.id]`` (its trigger text).
        """
        return "before"

    # -- resources -----------------------------------------------------------------
    def spend(self, ctx: "Context", c: Combatant, resource: str, amount: int | None,
              args: tuple[str, ...]) -> None:
        """``spend NAME RESOURCE [N] [USE...]``. Default: take N (1) from a pool of that name."""
        ctx.spend_pool(c, resource, amount if amount is not None else 1)

    # -- reading -------------------------------------------------------------------
    def effective(self, state: EncounterState, c: Combatant) -> dict[str, Figure]:
        """Derived figures after conditions and effects (AC, attack, saves...)."""
        return {}

    def status(self, state: EncounterState, c: Combatant, lang: str = "en") -> list[str]:
        """Short lines for the sheet: countdowns ("dies at -14 (9 to go)"), what the rules wait for."""
        return []

    # -- checks (the dice tray) -----------------------------------------------------
    check_dice: ClassVar[str] = "1d20"
    #: take 10 / take 20 exist in this game
    allows_take: ClassVar[bool] = True
    #: checks the GM always rolls hidden (Dragon Age seed: Perception)
    hidden_checks: ClassVar[tuple[str, ...]] = ()

    def before_check(self, ctx: "Context", c: Combatant) -> None:
        """A check is about to be rolled by ``c`` (AGE: waiting stunt points vanish)."""

    def check_bonus(self, state: EncounterState, c: Combatant, what: str) -> int | None:
        """The sheet's bonus for a skill/ability/save name; None = the sheet does not know it."""
        key = self.field_index.get(fold_text(what)) if what else None
        value = c.stats.get(key) if key else None
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    def check_names(self) -> tuple[str, ...]:
        """What ``check NAME WHAT`` understands without a +N (for the error that lists them)."""
        return tuple(f.key for f in self.stat_block() if f.kind == "int")

    def check_modifiers(self, state: EncounterState, c: Combatant, what: str,
                        opposed: bool = False) -> list[tuple[str, int]]:
        """Conditions' effects on this check, listed: [("shaken", -2)]."""
        return []

    def check_focus(self, state: EncounterState, c: Combatant, focus: str) -> int:
        """Bonus for a focus named after the ability (AGE: +2 if the sheet has it)."""
        return 0

    def check_tie_key(self, state: EncounterState, c: Combatant, what: str, roll, bonus: int) -> tuple:
        """Opposed checks tied on the total: the higher key wins, then a d20 roll-off.
        Default: the higher bonus (d20 games). AGE: the dragon die, then the ability."""
        return (bonus,)

    def check_degree(self, roll, total: int, target: int | None) -> str | None:
        """Extra words for the result (AGE: the dragon die's degree of success)."""
        return None

    def pending(self, state: EncounterState) -> list[Pending]:
        """Warnings a GM wants before they become surprises."""
        return []

    def action_budget(self, state: EncounterState, c: Combatant) -> list[ActionSlot]:
        """This turn's actions for the sheet, each ticked off by its ``command``."""
        return []

    def verbs(self) -> Sequence[VerbSpec]:
        """Extra verbs this game adds to the command language."""
        return ()

    def gm_only_fields(self) -> tuple[str, ...]:
        """Pools/stats never shown in player-facing output (PF1 hero points)."""
        return tuple(f.key for f in self.stat_block() if f.gm_only)
