"""What the players may see: the one filter behind every player-facing view.

`show --players` (Markdown and JSON), `log --players`, the live player view, the served
view and the forum post all read the encounter through this module, so a secret kept
here is kept everywhere (docs/players.md §1 lists them):

- GM-only fields of the ruleset (hero points) and GM notes (the `note` lines, a stat
  called `notes`, a condition's note) never appear;
- hidden rolls, hidden checks and GM-only log lines never appear;
- hidden combatants (`hide`) are left out entirely, in the state and in the log lines of
  the time they were hidden, until `reveal`;
- the players' own combatants (side `pc`) are shown in full; everyone else's health is a
  word (`health_word`), never a number: the log's sentences that quote a foe's hit points
  are replaced by "Goblin 2 takes 7 damage: bloodied".

A pure view: it reads the state and the log, it never changes them.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterable, Iterator

from gm_console.i18n import C_, Msg, Term, _, render

from ..core import events as ev
from ..core import told
from ..core.apply import apply
from ..rules.attack_flow import listed
from ..rules.checks import recent_checks
from ..core.contract import Ruleset
from ..core.state import Combatant, ConditionInstance, EncounterState
from ..core.text import whole

# -- health as words -----------------------------------------------------------------------

#: the words, best to worst; the thresholds are in ``health_word`` (docs/players.md §2)
HEALTH: dict[str, Msg] = {
    "unhurt": C_("health", "unhurt"),
    "wounded": C_("health", "wounded"),
    "bloodied": C_("health", "bloodied"),
    "near-death": C_("health", "near death"),
    "down": C_("health", "down"),
}
#: life states that take a combatant out of the fight, whatever its numbers say
DOWN = frozenset({"unconscious", "dying", "stable", "dead", "disabled"})
#: stat keys that hold the GM's own notes
NOTES = frozenset({"notes", "note", "gm_notes"})
#: a condition the ruleset marks with this flag is the GM's secret (an unseen curse)
SECRET_FLAG = "gm-only"
#: the table's option (every game's, in the save's [options]): the players read the exact
#: damage and healing dealt to foes (docs/players.md §3); off, they read a health word
DAMAGE_OPTION = "players_damage"
#: the table's option: the players read the DC of an effect's save to end it (docs/saves.md)
SAVE_DC_OPTION = "players_save_dc"


def health_word(ruleset: Ruleset, c: Combatant) -> str | None:
    """unhurt (full), wounded (above half), bloodied (half or less), near death (a quarter or
    less), down (0 or less, or a life state out of the fight); None without a maximum to
    measure against. Health pools that absorb damage in turn (stamina, then HP) count together."""
    if c.life in DOWN:
        return "down"
    value = top = 0
    for key in health_keys(ruleset):
        pool = c.pools.get(key)
        if pool is None or not pool.max or pool.max <= 0:
            continue
        value += pool.value
        top += pool.max
    if top <= 0:
        return None
    if value <= 0:
        return "down"
    if value >= top:
        return "unhurt"
    if value * 2 > top:
        return "wounded"
    if value * 4 > top:
        return "bloodied"
    return "near-death"


def health_text(word: str | None, lang: str = "en") -> str:
    return render(HEALTH[word], lang) if word in HEALTH else ""


def pool_label(ruleset: Ruleset, key: str, lang: str = "en") -> str:
    """HP / PG, SP / PE: a health pool's short name, the sheet's own (``Sheet.label``), the same
    word the log and the GM's panes use (one term per concept: PG, never PV in one pane and PG
    in another)."""
    try:
        return render(ruleset.sheet.label(key), lang)
    except Exception:  # noqa: BLE001 - a plugin's bug must not blank the players' view
        return key.upper()


def health_figures(ruleset: Ruleset, c: Combatant, lang: str = "en") -> list[str]:
    """A PC's health pools as the players read them: "HP 8/24"."""
    secret = secret_keys(ruleset)
    out = []
    for key in health_keys(ruleset):
        p = c.pools.get(key)
        if p is None or key in secret:
            continue
        label = pool_label(ruleset, key, lang)
        out.append(f"{label} {p.value}/{p.max}" if p.max is not None else f"{label} {p.value}")
    return out


def in_full(c: Combatant) -> bool:
    """The players' own combatants are theirs to see, number by number."""
    return c.side == "pc"


@lru_cache(maxsize=64)
def secret_keys(ruleset: Ruleset) -> frozenset[str]:
    """Pools and stats that never reach the players: GM-only fields and notes."""
    return frozenset(ruleset.sheet.gm_only_fields()) | NOTES


@lru_cache(maxsize=64)
def health_keys(ruleset: Ruleset) -> tuple[str, ...]:
    """The ruleset's health pools (asked once: some stat blocks are built on every call)."""
    return tuple(ruleset.sheet.health_pools())


def visible_conditions(ruleset: Ruleset, c: Combatant) -> list[ConditionInstance]:
    """The conditions the players see on ``c``: not the GM-only ones, and on anyone but their
    own combatants without their numbers (rounds left, value): a foe's dying countdown is its
    Con, its Imposing Spell's value its Magic."""
    shown = [inst for inst in c.conditions if SECRET_FLAG not in ruleset.conditions.catalogue.define(inst.cond).flags]
    if in_full(c):
        return shown
    return [dataclasses.replace(inst, rounds=None, value=None) for inst in shown]


def roster(state: EncounterState) -> list[Combatant]:
    """Whom the players see, in acting order, then delaying ones, then those without initiative."""
    seen: list[str] = []
    for cid in [*state.order, *state.combatants]:
        if cid in state.combatants and cid not in seen and not state.combatants[cid].hidden:
            seen.append(cid)
    return [state.combatants[cid] for cid in seen]


def shown_active(state: EncounterState) -> str | None:
    """Whose turn the players see (nobody's while a hidden combatant acts)."""
    c = state.combatants.get(state.active or "")
    return c.id if c is not None and not c.hidden else None


# -- the state, as JSON ---------------------------------------------------------------------


def condition_view(ruleset: Ruleset, state: EncounterState, inst: ConditionInstance) -> dict[str, Any]:
    out: dict[str, Any] = {"id": inst.cond, "rounds": inst.rounds}
    if inst.value is not None:
        out["value"] = inst.value
    source = state.combatants.get(inst.source or "")
    if source is not None and not source.hidden:
        out["source"] = inst.source
    return out


def combatant_view(state: EncounterState, ruleset: Ruleset, c: Combatant) -> dict[str, Any]:
    """One combatant as the players know it; the same keys for everyone, empty where secret."""
    secret = secret_keys(ruleset)
    full = in_full(c)
    return {
        "id": c.id,
        "name": c.name,
        "side": c.side,
        "category": c.category,
        "initiative": whole(c.initiative),
        "life": c.life if full else None,
        "health": health_word(ruleset, c),
        "pools": {k: {"value": p.value, "max": p.max} for k, p in c.pools.items() if k not in secret} if full else {},
        "conditions": [condition_view(ruleset, state, inst) for inst in visible_conditions(ruleset, c)],
        "stats": {k: v for k, v in c.stats.items() if k not in secret} if full else {},
        "effective": {k: f.value for k, f in ruleset.sheet.effective(state, c).items() if k not in secret} if full else {},
        "attacks": listed(ruleset.sheet.attack_rules(), state, c) if full and "atk" not in secret else [],
        "status": [render(x) for x in ruleset.sheet.status(state, c)] if full else [],
    }


#: a kept check's numbers: its roller's (the dice, its bonus, the total), its opponent's, its target
_ROLLER_NUMBERS, _TARGET = ("dice", "bonus", "total"), ("against", "target")


def check_for_players(state: EncounterState, record: dict) -> dict:
    """A kept check as the players may read it: a foe's dice, bonus and total left out (null, the
    dice empty), an opponent foe's total too, and the DC of an effect's save to end it unless the
    table's ``players_save_dc`` is on; who rolled what, and the outcome, stay."""
    def theirs(cid: Any) -> bool:
        c = state.combatants.get(cid) if isinstance(cid, str) else None
        return cid is None or (c is not None and in_full(c))

    out = dict(record)
    if not theirs(out.get("who")):
        out.update({k: [] if k == "dice" else None for k in _ROLLER_NUMBERS})
    if out.get("vs") is not None and not theirs(out.get("vs")):
        out["vs_total"] = None
    if out.get("save_dc") and not state.options.get(SAVE_DC_OPTION):
        out.update(dict.fromkeys(_TARGET))
    return out


def state_view(state: EncounterState, ruleset: Ruleset) -> dict[str, Any]:
    """`show --players --json`: the state with every secret taken out."""
    shown = {c.id for c in roster(state)}
    hidden_names = _hidden_names(state)
    checks = [check_for_players(state, r) for r in recent_checks(state, players=True)  # a hand-edited who/vs
              if all(x is None or (isinstance(x, str) and x in shown) for x in (r.get("who"), r.get("vs")))]
    return {
        "ruleset": ruleset.id,
        "round": state.round,
        "in_combat": state.in_combat,
        "surprise_round": state.surprise_round,
        "active": shown_active(state),
        "order": [cid for cid in state.acting_order() if cid in shown],
        "delayed": [cid for cid in state.delayed if cid in shown],
        "delay_counts": {cid: whole(d.count) for cid, d in state.delayed.items() if d.count is not None and cid in shown},
        "readied": {cid: r.trigger for cid, r in state.readied.items() if cid in shown},
        "time_seconds": state.seconds,
        "options": dict(state.options),
        "combatants": [combatant_view(state, ruleset, c) for c in roster(state)],
        "pending": pending_texts(state, ruleset, "en", hidden_names),
        "checks": checks,
    }


def pending(state: EncounterState, ruleset: Ruleset, hidden_names: "re.Pattern | None" = None) -> list:
    """The ruleset's warnings the players may read: not GM-only, about a PC or nobody, naming no hidden one."""
    out = []
    for p in ruleset.warnings(state):
        who = state.combatants.get(p.who or "")
        if p.gm_only or (p.who and (who is None or not in_full(who) or who.hidden)):
            continue
        if hidden_names is not None and (hidden_names.search(p.render("en")) or hidden_names.search(p.render("es"))):
            continue
        out.append(p)
    return out


def pending_texts(state: EncounterState, ruleset: Ruleset, lang: str = "en",
                  hidden_names: "re.Pattern | None" = None) -> list[str]:
    """The warnings the players may read, written out for them as the log is (told.py): a
    warning's command hint, a foe's numbers in it, stay the GM's (the warning is left out when
    its sentence is not theirs whole)."""
    reader = told.Reader(lang=lang, players=True,
                         hidden=lambda cid: cid in state.combatants and state.combatants[cid].hidden,
                         in_full=lambda cid: cid in state.combatants and in_full(state.combatants[cid]),
                         damage=bool(state.options.get(DAMAGE_OPTION)),
                         save_dc=bool(state.options.get(SAVE_DC_OPTION)),
                         gender=lambda cid: told.gender_of(state.combatants.get(cid)))
    out = []
    for p in pending(state, ruleset, hidden_names):
        if isinstance(p.en, (Msg, Term)):  # only a PC's warnings come this far: a bare number in one is its own
            untyped = (told.OF, p.who) if p.who else (told.GM, None)
            text = told.render(told.stored(p.en, p.who, untyped), reader)
        else:  # an older plugin's finished text: the GM's (it may quote anything)
            text = None
        if text:
            out.append(text)
    return out


def _hidden_names(state: EncounterState) -> "re.Pattern | None":
    return names_pattern(c.name for c in state.combatants.values() if c.hidden)


def names_pattern(names: Iterable[str]) -> "re.Pattern | None":
    names = sorted({n for n in names if n.strip()}, key=len, reverse=True)
    if not names:
        return None
    return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(n) for n in names) + r")(?!\w)", re.IGNORECASE)


# -- the log, replayed ----------------------------------------------------------------------


@dataclass(frozen=True)
class Line:
    """One line of the story as the players read it.

    ``kind``: round, turn, combat, health, condition, roll, said or other; ``turn``: whose
    turn it was (shown to the players) when it happened; ``n``: the action's number."""

    n: int
    round: int
    kind: str
    text: str
    who: str | None = None
    turn: str | None = None


class Walk:
    """The encounter rebuilt action by action from its log, so every line is read with the
    state of its own moment (a foe's health then, a combatant hidden then)."""

    def __init__(self, ruleset: Ruleset, options: dict | None = None) -> None:
        self.ruleset = ruleset
        self.state = EncounterState(ruleset=ruleset.id, options=dict(options or {}))
        self.gone: dict[str, Combatant] = {}  # removed combatants, for their names
        self.done = 0  # actions applied

    def step(self, events: Iterable[ev.Event]) -> list[tuple[ev.Event, str | None]]:
        """Apply one action's events; each with whose turn it was when it happened."""
        self.done += 1
        out = []
        for event in events:
            if isinstance(event, ev.CombatantRemoved) and event.id in self.state.combatants:
                self.gone[event.id] = self.state.combatants[event.id]
            out.append((event, self.state.active))
            apply(self.state, event)
        return out

    def combatant(self, cid: str | None) -> Combatant | None:
        if not cid:
            return None
        return self.state.combatants.get(cid) or self.gone.get(cid)

    def names(self) -> EncounterState:
        """A state to read names from: those here now and those who left."""
        return dataclasses.replace(self.state, combatants={**self.gone, **self.state.combatants})


def unseen_before_hiding(entries) -> dict[str, int]:
    """Combatants hidden before anything happened to them (no turn, no damage, no condition):
    the GM added them to hide them, so the lines from their arrival until that first `hide`
    are kept from the players too. id -> the index of the entry that first hid them."""
    first_hide: dict[str, int] = {}
    seen: set[str] = set()
    for i, entry in enumerate(entries):
        for e in entry.events:
            if isinstance(e, (ev.TurnStarted, ev.TurnResumed, ev.LifeSet, ev.ConditionAdded)) or (
                    isinstance(e, ev.PoolSet) and e.delta):
                seen.add(e.id)
            elif isinstance(e, ev.HiddenSet) and e.hidden and e.id not in first_hide and e.id not in seen:
                first_hide[e.id] = i
    return first_hide


def _about(event: ev.Event) -> set[str]:
    ids = set()
    for name in ("id", "who"):
        value = getattr(event, name, None)
        if isinstance(value, str):
            ids.add(value)
    return ids


def reader_for(walk: Walk, unseen: set[str], lang: str = "en") -> told.Reader:
    """The players, reading the log at the moment ``walk`` has reached: what they may know
    about whom (told.py's one rule per kind of argument)."""

    def hidden(cid: str) -> bool:
        c = walk.combatant(cid)
        return c is not None and (c.hidden or c.id in unseen)

    def in_full_(cid: str) -> bool:
        c = walk.combatant(cid)
        return c is not None and in_full(c)

    pattern: list = []

    def secret_words(text: str) -> bool:  # the hidden names, gathered only when some text asks
        if not pattern:
            pattern.append(names_pattern(c.name for c in (*walk.state.combatants.values(), *walk.gone.values())
                                         if c.hidden or c.id in unseen))
        return pattern[0] is not None and bool(pattern[0].search(text))

    return told.Reader(lang=lang, players=True, hidden=hidden, in_full=in_full_,
                       damage=bool(walk.state.options.get(DAMAGE_OPTION)),
                       save_dc=bool(walk.state.options.get(SAVE_DC_OPTION)),
                       name=lambda cid, then: (walk.combatant(cid).name if walk.combatant(cid) else then),
                       gender=lambda cid: told.gender_of(walk.combatant(cid)),
                       secret_words=secret_words)


def player_events(walk: Walk, stepped: list[tuple[ev.Event, str | None]], unseen: set[str],
                  reader: told.Reader) -> "list[tuple[ev.Event | HealthLine, str | None]]":
    """One action's events as the players may read them (after ``walk.step``): secrets out,
    a foe's health as a sentence of ours, the rules' citations dropped (they are the GM's)."""
    rs = walk.ruleset
    secret = secret_keys(rs)
    health = set(health_keys(rs))

    def hidden(cid: str | None) -> bool:
        c = walk.combatant(cid)
        return c is not None and (c.hidden or c.id in unseen)

    # the foes whose health this action changed, and what changed
    changed: dict[str, int] = {}
    for event, _turn in stepped:
        c = walk.combatant(getattr(event, "id", None))
        if c is None or in_full(c) or hidden(c.id):
            continue
        if isinstance(event, ev.PoolSet) and event.pool in health:
            changed[c.id] = changed.get(c.id, 0) + event.delta
        elif isinstance(event, ev.LifeSet):
            changed.setdefault(c.id, 0)
    out: "list[tuple[ev.Event | HealthLine, str | None]]" = []
    told_of: set[str] = set()

    def health_of(c: Combatant | None, turn: str | None) -> None:
        if c is not None and c.id in changed and c.id not in told_of:
            told_of.add(c.id)
            out.append((_health_said(rs, c, changed[c.id], reader.damage), turn))

    for event, turn in stepped:
        turn = turn if not hidden(turn) else None
        if isinstance(event, ev.Note) or isinstance(event, ev.HiddenSet):
            continue
        if isinstance(event, ev.Said) and event.gm_only or isinstance(event, ev.Rolled) and event.hidden:
            continue
        if any(hidden(cid) for cid in _about(event)):
            continue
        if isinstance(event, ev.PoolSet) and event.pool in secret:
            continue
        target = walk.combatant(getattr(event, "id", None))
        foe = target is not None and not in_full(target)
        if isinstance(event, (ev.PoolSet, ev.LifeSet)) and foe:
            health_of(target, turn)
            continue  # a foe's other pools (mana, resolve) are the GM's too
        if isinstance(event, ev.Rolled):
            roller = walk.combatant(event.who)
            if roller is not None and not in_full(roller):
                continue  # a foe's dice show its modifiers (its Con, its HP below 0)
        if isinstance(event, ev.Said):
            if not event.msg or told.render(event.msg, reader) is None:
                health_of(walk.combatant(event.who), turn)  # not for them: its health as a word
                continue
            event = dataclasses.replace(event, rule="")
        elif isinstance(event, (ev.PoolSet, ev.LifeSet)):
            event = dataclasses.replace(event, rule="")
        out.append((event, turn))
    return out


def _health_said(ruleset: Ruleset, c: Combatant, delta: int, amounts: bool = False) -> "HealthLine":
    """A foe's health as the players read it: a word, and the amount only when the table's
    option says they read the damage dealt to foes (the amount and the word together tell
    what it had left)."""
    word = HEALTH.get(health_word(ruleset, c) or "", "")
    if delta < 0 and amounts:
        msg = _("{name} takes {amount} damage: {health}", name=c.name, amount=-delta, health=word)
    elif delta > 0 and amounts:
        msg = _("{name} heals {amount}: {health}", name=c.name, amount=delta, health=word)
    elif delta < 0:
        msg = _("{name} is hurt: {health}", name=c.name, health=word)
    elif delta > 0:
        msg = _("{name} is healed: {health}", name=c.name, health=word)
    else:
        msg = _("{name}: {health}", name=c.name, health=word)
    return HealthLine(c.id, msg)


@dataclass(frozen=True)
class HealthLine:
    """Our own sentence about a foe's health, in place of the rules' one with its numbers:
    a view's object, never an event of the log."""

    who: str
    msg: Msg


_KINDS = {
    ev.RoundStarted: "round", ev.TurnStarted: "turn", ev.TurnResumed: "turn", ev.TurnRewound: "turn",
    ev.CombatStarted: "combat", ev.CombatEnded: "combat", ev.Rolled: "roll",
    ev.ConditionAdded: "condition", ev.ConditionRemoved: "condition", ev.PoolSet: "health",
    ev.LifeSet: "health", ev.Said: "said",
}


def lines(entries, ruleset: Ruleset, options: dict | None = None, lang: str = "en",
          players: bool = True, start: int = 0) -> Iterator[Line]:
    """The story, line by line, each with its action, round and whose turn it was; from the
    action at index ``start`` (those before it are only replayed, so a round's report at the
    end of a long fight writes out one round, not the whole fight)."""
    from .describe import describe_events

    walk = Walk(ruleset, options)
    first_hide = unseen_before_hiding(entries) if players else {}
    for i, entry in enumerate(entries):
        stepped = walk.step(entry.events)
        if i < start:
            continue
        reader = None
        if players:
            unseen = {cid for cid, at in first_hide.items() if i < at}
            reader = reader_for(walk, unseen, lang)
            stepped = player_events(walk, stepped, unseen, reader)
        said = {id(e): text for e, text in describe_events([e for e, _t in stepped], walk.names(), ruleset,
                                                             lang, players=players, reader=reader)}
        for event, turn in stepped:
            text = render(event.msg, lang) if isinstance(event, HealthLine) else said.get(id(event))
            if not text:
                continue
            kind = "health" if isinstance(event, HealthLine) else _KINDS.get(type(event), "other")
            who = getattr(event, "id", None) or getattr(event, "who", None)
            if kind == "said" and any(isinstance(e, ev.PoolSet) and e.id == who for e, _t in stepped):
                kind = "health"
            if kind == "turn":
                turn = event.id
            yield Line(entry.n, entry.round, kind, text, who if isinstance(who, str) else None, turn)


def last_lines(entries, ruleset: Ruleset, options: dict | None = None, lang: str = "en",
               count: int = 8, dice: bool = False) -> list[Line]:
    """The last few lines for the live view (dice left out unless asked for)."""
    out = [ln for ln in lines(entries, ruleset, options, lang) if dice or ln.kind != "roll"]
    return out[-count:]
