"""The five parts of a ruleset, each one area of the game, each with the generic default.

A game overrides the parts it needs and keeps the rest::

    class MyHealth(Health):
        def damage(self, ctx, target, amount, types): ...

    class MyGame(Ruleset):
        id, name = "mygame", "My Game"
        health = part(MyHealth)

Every part reaches the others through ``self.rules`` (its ruleset): a damage rule
that needs a figure asks ``self.rules.sheet.effective(...)``. Hooks that change
something receive a ``Context`` and change state only through it (``ctx.set_pool``,
``ctx.apply_condition``, ``ctx.say``), which makes events in the log; hooks that
only read receive the state.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar, Mapping, Sequence

from dataclasses import replace

from gm_console.i18n import C_, Msg, T_, Term, _, core

from ..told import dealt, named, of
from ..state import Combatant, ConditionInstance, EncounterState
from ..text import fold_text
from ..words import life as life_word
from .types import ActionSlot, Catalogue, ConditionDef, Figure, StatField

if TYPE_CHECKING:
    from ..context import Context
    from . import Ruleset


@dataclass(frozen=True)
class Use:
    """One thing a resource buys: ``spend NAME RESOURCE [N] USE`` (``cost`` points)."""

    id: str
    label: "Term | Msg | str"
    cost: int = 1


@dataclass(frozen=True)
class Spendable:
    """A resource a combatant has now (``have`` points) and its uses; ``command`` (optional)
    is the whole line when the ruleset spends it with its own verb (``stunt NAME ...``)."""

    resource: str
    label: "Term | Msg | str"
    have: int
    uses: tuple[Use, ...] = ()
    verb: str = "spend"


class Part:
    """One area of a ruleset; ``rules`` is the ruleset it belongs to."""

    def __init__(self, rules: "Ruleset") -> None:
        self.rules = rules


class part:  # noqa: N801 - reads as a declaration: ``health = part(MyHealth)``
    """Declares which class fills a part; each ruleset instance gets its own instance of it."""

    def __init__(self, cls: type[Part]) -> None:
        self.cls = cls

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, rules: Any, owner: type | None = None) -> Any:
        if rules is None:
            return self.cls
        made = rules.__dict__.get(self.name)
        if made is None:
            made = rules.__dict__[self.name] = self.cls(rules)
        return made


# --- the stat block and what the sheet shows -------------------------------------------

#: conditions a fight leaves behind: positions, holds, stances, the fight's own bookkeeping
#: (``Sheet.lasting`` does not carry them into the next encounter)
PASSING = frozenset({
    "flat-footed", "prone", "grappled", "pinned", "pinning", "charging", "total-defense", "fighting-defensively",
    "cover", "partial-cover", "soft-cover", "improved-cover", "total-cover", "concealment", "total-concealment",
    "covering-fire", "harrying-fire", "running", "aiming", "defending", "defensive-stance", "prepared", "aid-ac",
    "aid-attack", "off-target", "off-kilter", "flanked", "surprised", "disarmed",
})


class Sheet(Part):
    """What a combatant is made of (the stat block) and what its sheet shows."""

    def stat_block(self) -> Sequence[StatField]:
        """The keys a combatant has, for ``add``/``set`` and the sheet."""
        return ()

    def categories(self) -> tuple[str, ...]:
        """Bare words accepted by ``add`` besides ``pc`` and ``ally`` (e.g. ``vehicle``)."""
        return ()

    #: the game's message catalogue (its ``i18n._``), where another language finds a field's label;
    #: unset, the ruleset's own ``domain``
    domain: ClassVar[Any] = None

    @cached_property
    def block(self) -> tuple[StatField, ...]:
        """The whole stat block, in order: read this, not ``stat_block()``. It is the game's
        ``stat_block()`` made once (a sheet's keys do not change: ``fields`` relies on it too,
        and the initiative pane asks for its health pools on every row it draws), ending with
        the keys every game has (``EVERY_SHEET``: a gender for the Spanish log's agreement),
        unless the game declares its own of the same key."""
        domain = self.domain or self.rules.domain
        own = tuple(f if f.domain is not None or domain is None else replace(f, domain=domain)
                    for f in self.stat_block())
        keys = {f.key for f in own}
        return own + tuple(f for f in EVERY_SHEET if f.key not in keys)

    @cached_property
    def fields(self) -> dict[str, StatField]:
        """The block by key."""
        return {f.key: f for f in self.block}

    @cached_property
    def field_index(self) -> dict[str, str]:
        """Every spelling of a key (``pv``, ``ca``...) to the key, accent- and case-blind."""
        index: dict[str, str] = {}
        for f in self.block:
            for name in (f.key, *f.aliases):
                index[fold_text(name)] = f.key
        return index

    def health_pools(self) -> tuple[str, ...]:
        """Pools drawn as health bars, in the order they absorb damage (stamina before HP):
        the fields declared with ``health=N``; without any, the first visible pool."""
        pools = [f for f in self.block if f.kind == "pool" and not f.gm_only]
        found = sorted((f for f in pools if f.health), key=lambda f: f.health)
        if not found and pools:
            found = pools[:1]
        return tuple(f.key for f in found)

    def pool_keys(self) -> tuple[str, ...]:
        return tuple(f.key for f in self.block if f.kind in ("pool", "counter"))

    def gm_only_fields(self) -> tuple[str, ...]:
        """Pools/stats never shown in player-facing output (PF1 hero points)."""
        return tuple(f.key for f in self.block if f.gm_only)

    def label(self, key: str) -> "Msg | Term | str":
        """The short name of a figure or pool on the sheet, the bars and the log ("AC"; "CA" in
        Spanish). Default: the core's table of common abbreviations (``engine.core.labels``); a key it
        does not name but the stat block names in both languages (a skill) by that name, lower
        case as labels are (``acrobacias``); else the key itself."""
        from ..labels import LABELS, short_label

        field = None if key in LABELS else self.fields.get(key)
        if field is not None and field.es:
            return field.short_term
        return short_label(key)

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

    def side_of(self, stats: Mapping[str, Any], words: Sequence[str]) -> str:
        if "pc" in words or stats.get("pc") is True:
            return "pc"
        if "ally" in words:
            return "ally"
        return "foe"

    def on_added(self, ctx: "Context", c: Combatant) -> None:
        """A combatant just joined (e.g. one added at 0 health starts dying)."""

    def on_stats_set(self, ctx: "Context", c: Combatant, changes: Mapping[str, Any]) -> None:
        """After ``set``: keep what the GM typed within the rules (health never below 0...)."""

    def effective(self, state: EncounterState, c: Combatant) -> dict[str, Figure]:
        """Derived figures after conditions and effects (AC, attack, saves...), each breakdown
        label a ``Term`` (``catalogue.label(id)`` for a condition) or the GM's own text, so
        ``Figure.explain(name, lang)`` reads in the GM's language."""
        return {}

    def attack_rules(self) -> Any:
        """How this game's ``attack`` verb reads a stat block's attacks (an ``engine.rules.attack_flow``
        ``AttackRules``), so `show --json` and the attack form list them with their bonus now;
        None: the game has none."""
        return None

    def modifier_words(self) -> Mapping[str, str]:
        """What a GM may type before ``+N`` in ``cond``/``effect`` (``ac+2``, ``ca+2``): every
        spelling, folded (``fold_text``), -> the figure key this game's figures read; anything
        else is refused with the likely one. Empty (a plugin that says nothing): kept as typed.
        ``engine.language.figure_words.words_for`` builds it from keys in English and Spanish."""
        return {}

    def bonus_types(self) -> Mapping[str, str]:
        """Bonus types a typed modifier may carry (``ac+1:deflection``), folded spelling -> type;
        empty: the game has none and refuses ``:TYPE``. Bonuses of one type do not stack
        (``engine.rules.bonuses.combine``); the game's figures apply that rule."""
        return {}

    def status(self, state: EncounterState, c: Combatant, lang: str = "en") -> "list[str | Msg]":
        """Short lines for the sheet: countdowns ("dies at -14 (9 to go)"), what the rules wait for."""
        return []

    def action_budget(self, state: EncounterState, c: Combatant) -> list[ActionSlot]:
        """This turn's actions for the sheet, each ticked off by its ``command``."""
        return []

    def lasting(self, state: EncounterState, c: Combatant) -> dict[str, Any]:
        """What of a PC outlasts the fight, written back to the party when it ends and put back
        at the start of the next encounter (``gm-console party``)::

            {"pools": {"hp": 23, "nl": 4, "hero": 1},          # each pool's value now
             "conditions": [{"cond": "energy-drained", "value": 1},
                            {"cond": "bless", "rounds": 80}],  # rounds left, None = until removed
             "life": "stable"}

        Default: every pool and counter as it is; the conditions that last until removed or
        have at least a minute left, except the ones a fight leaves behind (``PASSING``:
        prone, grappled, flat-footed, cover...) and the life states, which ``life`` carries.
        A game overrides it to drop what its rules restore between fights (stamina, a
        pool refilled by a rest) or to keep one of its own."""
        minute = max(1, 60 // max(1, self.rules.seconds_per_round))
        catalogue = self.rules.conditions.catalogue
        conditions = []
        for inst in c.conditions:
            cdef = catalogue.define(inst.cond)
            if cdef.system or inst.cond in PASSING or (inst.rounds is not None and inst.rounds < minute):
                continue
            kept: dict[str, Any] = {"cond": inst.cond}
            if inst.value is not None:
                kept["value"] = inst.value
            if inst.rounds is not None:
                kept["rounds"] = inst.rounds
            conditions.append(kept)
        pools = {key: c.pools[key].value for key in self.pool_keys() if key in c.pools}
        return {"pools": pools, "conditions": conditions, "life": c.life}

    def xp(self, c: Combatant) -> int | None:
        """Experience points for defeating ``c`` (from its CR), for the summary after the fight.
        None: the engine's published table for this game applies, if it has one (engine/rules/experience.py)."""
        return None


# --- damage, healing, resources ------------------------------------------------------------


class Health(Part):
    """Damage, healing and the life-state machine; resources spent from pools."""

    def damage(self, ctx: "Context", target: Combatant, amount: int, types: tuple[str, ...]) -> None:
        """Apply damage (after dice) with its types (``fire``, ``nonlethal``...). Default: the first
        health pool loses it, never below 0; at 0 the combatant is unconscious (a game with dying
        rules overrides this)."""
        pool = _first_health_pool(self.rules, target)
        p = target.pools[pool]
        ctx.set_pool(target, pool, max(0, p.value - amount))
        ctx.say(_("{name} takes {amount} damage: {pool} {value}", name=named(target), amount=dealt(target, amount),
                  pool=self.rules.sheet.label(pool), value=of(target, p.value)), who=target.id)
        if p.value == 0 and target.life not in ("dead", "unconscious"):
            ctx.set_life(target, "unconscious", rule="0 HP")

    def heal(self, ctx: "Context", target: Combatant, amount: int, types: tuple[str, ...]) -> None:
        """Apply healing. Default: the first health pool gains it, up to its maximum; above 0 an
        unconscious, dying or stable combatant is back on its feet (the dead stay dead)."""
        pool = _first_health_pool(self.rules, target)
        p = target.pools[pool]
        top = p.max if p.max is not None else p.value + amount
        ctx.set_pool(target, pool, min(top, p.value + amount))
        ctx.say(_("{name} heals {amount}: {pool} {value}", name=named(target), amount=dealt(target, amount),
                  pool=self.rules.sheet.label(pool), value=of(target, p.value)), who=target.id)
        if p.value > 0 and target.life in ("unconscious", "dying", "stable", "disabled"):
            ctx.set_life(target, "ok", rule="above 0 HP")

    def minimum_damage(self, ctx: "Context", target: Combatant, rolled: int,
                       types: tuple[str, ...]) -> tuple[int, tuple[str, ...]]:
        """A damage roll whose modifiers take it below 0: what it deals. Default: nothing."""
        return 0, types

    def damage_types(self) -> tuple[str, ...]:
        """Words accepted after the amount in ``dmg``; empty = anything goes."""
        return ()

    def refuse_type(self, word: str) -> "Msg | None":
        """The game's own line for a word ``dmg`` does not take, when it has more to say than the list
        (Pathfinder: ``+6`` is no enhancement bonus). Default: None, the generic refusal."""
        return None

    def tick_works(self, ctx: "Context", target: Combatant, inst) -> bool:
        """Whether a healing tick (regeneration, fast healing) heals at this turn start. Default: always
        (Pathfinder: a regeneration stopped by fire or acid heals nothing the round after)."""
        return True

    def spend(self, ctx: "Context", c: Combatant, resource: str, amount: int | None,
              args: tuple[str, ...]) -> None:
        """``spend NAME RESOURCE [N] [USE...]``. Default: take N (1) from a pool of that name."""
        ctx.spend_pool(c, resource, amount if amount is not None else 1)

    #: the pools whose spending a campaign's record counts (`gm-console stats`): hero points,
    #: resolve points; a decrease of one of these in a fight is "spent"
    record_pools: tuple[str, ...] = ()

    def spendable(self, state: EncounterState, c: Combatant) -> list[Spendable]:
        """What this combatant can spend now and on what, for the spend modal (hero points on
        an extra action, stunt points on stunts...). Default: its counter pools, no named uses."""
        out = []
        for key in self.rules.sheet.pool_keys():
            pool = c.pools.get(key)
            f = self.rules.sheet.fields.get(key)
            if pool is not None and f is not None and f.kind == "counter" and pool.value > 0:
                out.append(Spendable(key, f.term, pool.value))
        return out


def _first_health_pool(rules: "Ruleset", c: Combatant) -> str:
    from ..errors import RulesError

    for key in rules.sheet.health_pools():
        if key in c.pools:
            return key
    raise RulesError(_("{name} has no health pool to change; set one first (e.g. set {ref} hp=10)",
                       name=c.name, ref=c.id))


# --- conditions --------------------------------------------------------------------------


#: effects with a per-turn tick that every game has (Combat Manager and Improved Initiative
#: track them whatever the system); a game's own entry of the same id wins. Their rule is the
#: engine's: docs/ARCHITECTURE.md, "Effects every game has".
#: stat keys every game's sheet has (``Sheet.block``)
#: a combatant's gender as its sheet reads it
GENDERS = {"f": T_("gender", "female", "femenino"), "m": T_("gender", "male", "masculino")}
EVERY_SHEET = (
    StatField("gender", "choice", choices=("f", "m"), aliases=("género", "genero", "sexo"),
              choice_aliases={"femenina": "f", "mujer": "f", "hombre": "m"}, choice_names=GENDERS,
              en="Gender", es="Género", domain=core,
              doc="f or m: the Spanish log's words agree with it (está moribunda); none, neutral wording"),
)

_EVERY_GAME = dict(duration_en="until removed", duration_es="hasta que se quite", domain=core,
                   source="gm-console, every game (docs/ARCHITECTURE.md, Effects every game has)")
EVERY_GAME = (
    ConditionDef("regeneration", "Regeneration", "Regeneración", aliases=("regen", "regeneracion"), valued=True,
                 tick="heal", kind="effect", **_EVERY_GAME,
                 summary_en="heals its value at the start of its turn, never above its maximum",
                 summary_es="cura tanto como su valor al inicio de su turno, nunca por encima de su máximo"),
    ConditionDef("fast-healing", "Fast healing", "Curación rápida",
                 aliases=("fast healing", "fasthealing", "curacion rapida", "curacion-rapida"), valued=True,
                 tick="heal", kind="effect", **_EVERY_GAME,
                 summary_en="heals its value at the start of its turn, never above its maximum",
                 summary_es="cura tanto como su valor al inicio de su turno, nunca por encima de su máximo"),
    ConditionDef("ongoing", "Ongoing damage", "Daño continuo",
                 aliases=("ongoing damage", "persistent damage", "dano continuo", "dano persistente"),
                 valued=True, tick="damage", kind="effect", **_EVERY_GAME,
                 summary_en="deals its value at the start of its turn, of the type typed after it "
                            "(ongoing:3 fire)",
                 summary_es="hace tanto daño como su valor al inicio de su turno, del tipo escrito detrás "
                            "(ongoing:3 fuego)"),
)


def with_every_game(definitions: Sequence[ConditionDef]) -> tuple[ConditionDef, ...]:
    """A game's own entries, then the every-game effects it does not define itself."""
    own = tuple(definitions)
    ids = {d.id for d in own}
    return own + tuple(d for d in EVERY_GAME if d.id not in ids)


class Conditions(Part):
    """The catalogue of conditions and what adding or losing one does."""

    #: conditions not in the catalogue are accepted as free labels (any effect a GM names)
    free_labels: ClassVar[bool] = False

    def definitions(self) -> Sequence[ConditionDef]:
        return ()

    #: the game's message catalogue (its ``i18n._``), where another language finds a condition's
    #: names; unset, the ruleset's own ``domain``
    domain: ClassVar[Any] = None

    @cached_property
    def catalogue(self) -> Catalogue:
        return Catalogue(with_every_game(self.definitions()), free_labels=self.free_labels,
                         domain=self.domain or self.rules.domain)

    def add(self, ctx: "Context", target: Combatant, cdef: ConditionDef, rounds: int | None,
            value: int | None, clock: str | None, source: str | None) -> None:
        """Apply a condition; the default honours ``cdef.stack``. Override for escalation."""
        ctx.apply_condition(target, cdef, rounds=rounds, value=value, clock=clock, source=source)

    def removed(self, ctx: "Context", target: Combatant, cond: str, reason: str) -> None:
        """After a condition ends (removed, expired): e.g. restore what it suppressed."""

    def took_hold(self, ctx: "Context", target: Combatant, cdef: ConditionDef) -> None:
        """After ``cond``/``effect`` puts ``cdef`` on ``target``, who did not have it: what it does
        at once (Pathfinder: catching fire deals 1d6 fire). Default: nothing."""

    def save_outcome(self, c: Combatant, cdef: ConditionDef, ok: bool) -> "Msg | None":
        """The log's sentence when ``c``'s save against ``cdef`` (an effect a save ends) succeeds
        or fails ("puts out the flames"); None: the generic "shakes off" / "fails to shake off"."""
        return None

    def save_helps(self, cdef: ConditionDef) -> "Mapping[str, tuple[int, Msg]]":
        """Words the ``save`` verb takes after the effect for what helps that save, each with its
        bonus and what the log calls it (Pathfinder's on fire: ``rolling``, +4). Default: none."""
        return {}

    def own_save(self, ctx: "Context", target: Combatant, cdef: ConditionDef, dice: tuple[int, ...]) -> bool:
        """``save NAME COND [DIE]`` on a condition that keeps its own save rule rather than ``save=``
        (Starfinder's burning, offered at the end of the round with ``save_rolls offer``): roll it now,
        ``dice`` the natural roll the player made if given, and return True. Default: False, none."""
        return False

    def active(self, c: Combatant) -> list[ConditionInstance]:
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


# --- initiative, turns, rounds and time ------------------------------------------------------


class Turns(Part):
    """Initiative and the order, who may act, and what happens at each turn, round and hour."""

    initiative_dice: ClassVar[str] = "1d20"
    #: the game has the engine's delay and ready (Dragon Age has neither: it prepares)
    delay: ClassVar[bool] = True
    ready: ClassVar[bool] = True
    #: a readied action not triggered by the start of its owner's next turn is lost
    ready_lapses: ClassVar[bool] = False
    #: readying ends the turn (fifth edition: it takes the action, and the turn goes on)
    ready_ends_turn: ClassVar[bool] = True
    #: combatants added mid-combat without initiative roll it at the start of the next round
    newcomers_roll_at_round_start: ClassVar[bool] = False
    #: when an effect's save to end it is rolled: "start" or "end" of the affected's turn
    save_moment: ClassVar[str] = "start"

    def initiative_bonus(self, c: Combatant) -> int:
        return int(c.stats.get("init", 0) or 0)

    def roll_initiative(self, ctx: "Context", c: Combatant) -> tuple[float, tuple, str]:
        """Return (initiative, tie-break key, how it was rolled). Default: d20 + bonus, ties by bonus."""
        bonus = self.initiative_bonus(c)
        r = ctx.roll(f"{self.initiative_dice}{bonus:+d}" if bonus else self.initiative_dice,
                     purpose=_("initiative of {name}", name=c.name), who=c.id)
        return r.total, (bonus,), r.text

    def tiebreak_for(self, c: Combatant, value: float) -> tuple:
        """Tie-break key when the GM types the initiative result."""
        return (self.initiative_bonus(c),)

    def order_key(self, c: Combatant) -> tuple:
        """Sort key, highest acts first; ``added`` keeps equal keys in roster order."""
        init = c.initiative if c.initiative is not None else float("-inf")
        return (init, *c.tiebreak, -c.added)

    def can_take_turn(self, c: Combatant) -> bool:
        """Whether ``next`` stops at this combatant (the dead are passed over)."""
        return c.life != "dead"

    def can_change_initiative(self, c: Combatant) -> "str | Msg | None":
        """Why this combatant cannot delay or ready (None = it can)."""
        if c.life in ("dying", "dead", "unconscious", "stable"):
            return _("{name} is {life} and cannot delay or ready", name=c.name, life=life_word(c.life))
        return None

    def can_delay(self, c: Combatant) -> "str | Msg | None":
        """Why the active combatant cannot delay now (e.g. it has acted). Default: ``can_change_initiative``."""
        return self.can_change_initiative(c)

    def can_ready(self, c: Combatant) -> "str | Msg | None":
        """Why the active combatant cannot ready now (e.g. its standard action is spent).
        Default: ``can_change_initiative``."""
        return self.can_change_initiative(c)

    def on_ready(self, ctx: "Context", c: Combatant, trigger: str) -> str:
        """``ready TEXT`` accepted, before it is recorded: the ruleset spends what Ready costs
        (fifth edition: the action; a readied spell's concentration) and returns the trigger
        text to keep."""
        return trigger

    def surprise_round(self, ctx: "Context", aware: list[Combatant], unaware: list[Combatant]) -> bool:
        """Whether a surprise round is played (PF1: some but not all aware).

        Called at ``start`` after ``surprise NAME...``; a ruleset may also mark the unaware
        here (Starfinder's seed: partial unawareness gives no round, only flat-footed).
        """
        return bool(aware) and bool(unaware)

    def trigger_position(self, ctx: "Context", c: Combatant, trigger_args: tuple[str, ...]) -> str:
        """Where a triggered readied action puts its owner: "before" or "after" the active one, or
        "stay" (fifth edition: it is a reaction, and the owner keeps its place in the order)."""
        return "before"

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
        """``pass 1h``: hourly checks, rest and recovery (closed form: never a loop per round)."""


# --- checks (the dice tray) ------------------------------------------------------------------


class Checks(Part):
    """How ``check`` rolls: the dice, the sheet's bonuses, the conditions' penalties, ties."""

    dice: ClassVar[str] = "1d20"
    #: take 10 / take 20 exist in this game
    allows_take: ClassVar[bool] = True
    #: checks the GM always rolls hidden (Dragon Age seed: Perception)
    hidden: ClassVar[tuple[str, ...]] = ()

    def before(self, ctx: "Context", c: Combatant) -> None:
        """A check is about to be rolled by ``c`` (AGE: waiting stunt points vanish)."""

    def edge_dice(self, state: EncounterState, c: Combatant, what: str,
                  typed: tuple[int, ...] = ()) -> "tuple[str, Msg | str]":
        """The dice of this check and why, given the advantage (+1) and disadvantage (-1) the GM
        typed (``check Ana dex adv``). Default: the game has none, and refuses them (fifth
        edition: ``2d20kh1``, its conditions' too, the two cancelling)."""
        if typed:
            from ..errors import RulesError

            raise RulesError(_("{game} has no advantage or disadvantage: add the bonus as +N", game=self.rules.name))
        return self.dice, ""

    def bonus(self, state: EncounterState, c: Combatant, what: str) -> int | None:
        """The sheet's bonus for a skill/ability/save name; None = the sheet does not know it."""
        key = self.rules.sheet.field_index.get(fold_text(what)) if what else None
        value = c.stats.get(key) if key else None
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    def names(self) -> tuple[str, ...]:
        """What ``check NAME WHAT`` understands without a +N (for the error that lists them)."""
        return tuple(f.key for f in self.rules.sheet.stat_block() if f.kind == "int")

    def modifiers(self, state: EncounterState, c: Combatant, what: str,
                  opposed: bool = False) -> list[tuple[str, int]]:
        """Conditions' effects on this check, listed: [("shaken", -2)]."""
        return []

    def focus(self, state: EncounterState, c: Combatant, focus: str) -> int:
        """Bonus for a focus named after the ability (AGE: +2 if the sheet has it)."""
        return 0

    def tie_key(self, state: EncounterState, c: Combatant, what: str, roll, bonus: int) -> tuple:
        """Opposed checks tied on the total: the higher key wins, then a d20 roll-off.
        Default: the higher bonus (d20 games). AGE: the dragon die, then the ability."""
        return (bonus,)

    def degree(self, roll, total: int, target: int | None) -> "str | Msg | None":
        """Extra words for the result (AGE: the dragon die's degree of success)."""
        return None

    def save(self, ctx: "Context", c: Combatant, what: str, dc: int) -> tuple[bool, int, str]:
        """A target's save against an area effect (``dmg A,B 4d6 save=ref:15``): (succeeded, total,
        the roll as the log shows it, e.g. "1d20 (15) + 6 = 21"; the engine writes the sentence with
        the DC and the damage). Default: the check dice + the sheet's bonus for ``what`` + conditions."""
        state = ctx.state
        bonus = (self.bonus(state, c, what) or 0) + sum(d for _label, d in self.modifiers(state, c, what))
        expr = f"{self.dice}{bonus:+d}" if bonus else self.dice
        r = ctx.roll(expr, purpose=_("{save} save of {name}", save=what, name=c.name), who=c.id)
        return r.total >= dc, r.total, r.text or str(r.total)

    def save_kind(self, what: str) -> str | None:
        """The save ``what`` names in this game (``voluntad`` -> ``will``), or None if it has no
        such save. Default: any word, as typed (a game that names no saves)."""
        return fold_text(what).replace(" ", "-") or None

    def save_kinds(self) -> tuple[str, ...]:
        """The saves this game has, for the line that refuses another ("fort, ref, will")."""
        return ()

    def save_words(self) -> tuple["Msg | Term | str", ...]:
        """The saves as the GM types them, each a message in the reader's language (``fort, ref,
        will`` / ``fortaleza, reflejos, voluntad``): what a refusal lists. Default: ``save_kinds``."""
        return self.save_kinds()

    def save_example(self) -> "Msg | Term | str":
        """One save as the GM types it, for the example a form and a refusal show (``will:15``,
        ``wis:15``; ``voluntad:15`` in Spanish): a word ``save_kind`` accepts in that language.
        Default: the last of ``save_words`` (Will, Wis), or a word for a game that names none."""
        words = self.save_words()
        # TRANSLATORS: a save as typed after save= in a game with free save names (save=will:15)
        return words[-1] if words else C_("save typed", "will")

    def evasion(self, c: Combatant) -> str:
        """"evasion" (no damage on a successful Reflex save for half), "improved" (half on a
        failure too) or "" — from the sheet or an effect, as the game defines them."""
        return ""
