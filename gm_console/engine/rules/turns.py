"""Turn order: rounds, turns, delay, ready, and the condition clocks.

The order is an explicit list of slots (``state.order``). Initiative numbers
sort it at the start; after that, delay, ready and similar actions move a
combatant to "just before X", and the move persists into later rounds (rules
digest, order model [I]). A delaying combatant keeps its old slot, unseen, so
that its original count can come round again.

Durations: an "N rounds" condition has a *clock*, the combatant whose turn it
was when it began (or ``by NAME``). At each start of the clock owner's turn its
conditions lose a round; at 0 they end, just before that initiative position,
N rounds later. The clock follows its owner wherever delay or ready move it.
"""

from __future__ import annotations

from gm_console.i18n import N_, _

from ..core.told import named, public
from . import effects
from ..core import events as ev
from . import groups, order
from ..core.context import Context
from ..core.marks import AWARE, JOINED, MOVED_PAST, OWED_TURNS, READIED_ACTS, SURPRISE_ROUND
from ..core.state import Combatant
from ..core.text import whole
from ..core.words import life as life_word
from ..core.whose import possessive

#: lines as saves written before they spoke of a combatant as a person would ("its", "it" of
#: anyone): kept in the catalogue so an older save's log still reads, in Spanish too
FORMER_IDS = (N_("{name}'s readied action goes off ({text}) as its reaction; its place in the order stays"),
              N_("{name}'s count comes round again: it acts now (the delay is forfeit)"))


def note_joiner(ctx: Context, c: Combatant) -> None:
    """``c`` joins a running combat: until the next round starts it is owed no turn.

    A combatant present when the round began is owed one turn in it, so a correction that
    lifts its count above the marker before it acted still lets it act (``OWED``). A joiner
    was owed nothing: it acts when its count next comes up, this round if below the marker,
    else next round, whatever count it rolled before the GM corrected it.
    """
    if ctx.state.in_combat:
        ctx.set_encounter_mark(JOINED, [*(JOINED.of(ctx.state) or ()), c.id])


def joined_this_round(state, cid: str) -> bool:
    return state.in_combat and cid in (JOINED.of(state) or ())


def tick_clock(ctx: Context, owner: str) -> None:
    """The owner's turn starts: its conditions lose a round; those at 0 end now."""
    for c, inst in list(ctx.state.all_conditions()):
        if inst.clock != owner or inst.rounds is None:
            continue
        left = inst.rounds - 1
        if left <= 0:
            ctx.remove_condition(c, inst, reason="expired")
        else:
            ctx.emit(ev.ConditionChanged(id=c.id, uid=inst.uid, rounds=left, value=inst.value,
                                         clock=inst.clock))


def begin_turn(ctx: Context, c: Combatant) -> None:
    """Make ``c`` the active combatant. A turn already started this round just continues."""
    state = ctx.state
    readied_done(ctx)
    if state.started.get(c.id) == state.round:
        ctx.emit(ev.TurnResumed(id=c.id))
        return
    if c.id in state.delayed:
        ctx.emit(ev.DelayEnded(id=c.id, reason="forfeit"))
    ctx.emit(ev.TurnStarted(id=c.id, round=state.round))
    tick_clock(ctx, c.id)
    if ctx.ruleset.turns.ready_lapses and c.id in state.readied:
        ctx.emit(ev.ReadyEnded(id=c.id, reason="lapsed"))
    if c.id in state.combatants:
        effects.turn_start(ctx, state.get(c.id))  # regeneration, fast healing, ongoing damage
    if c.id in state.combatants:
        ctx.ruleset.turns.on_turn_start(ctx, state.get(c.id))


def start_combat(ctx: Context) -> None:
    state = ctx.state
    if state.in_combat:
        ctx.fail(_("the combat is already running (round {n}); `end` it first", n=state.round))
    if not state.combatants:
        ctx.fail(_("no combatants: add some first (add NAME key=value ...)"))
    missing = state.without_initiative()
    if missing:
        order.roll_initiative(ctx, [state.get(cid) for cid in missing])
    ctx.set_order(order.sorted_order(ctx), reason="initiative")
    ctx.emit(ev.CombatStarted())  # a new combat: nobody has acted yet
    ctx.set_encounter_mark(JOINED, None)
    aware_ids = AWARE.of(state)
    surprise = False
    if aware_ids is not None:
        aware = [state.get(cid) for cid in aware_ids if cid in state.combatants]
        unaware = [c for c in state.combatants.values() if c.id not in aware_ids]
        surprise = ctx.ruleset.turns.surprise_round(ctx, aware, unaware)
    if surprise:
        ctx.set_encounter_mark(SURPRISE_ROUND, True)
        ctx.emit(ev.RoundStarted(round=0))
        ctx.say(_("Surprise round: only the aware act"))
    else:
        ctx.emit(ev.RoundStarted(round=1))
    ctx.ruleset.turns.on_combat_start(ctx)
    _advance(ctx, start_index=0)


def end_turn(ctx: Context, run_hooks: bool = True) -> None:
    state = ctx.state
    if not state.in_combat:
        ctx.fail(_("no combat running: `start` it first"))
    active = state.active
    readied_done(ctx)
    if active is not None and active in state.combatants:
        if run_hooks:
            effects.turn_end(ctx, state.get(active))  # saves due at the end of the turn
        if run_hooks and active in state.combatants:
            ctx.ruleset.turns.on_turn_end(ctx, state.get(active))
        ctx.emit(ev.TurnEnded(id=active))
    _advance(ctx, start_index=resume_index(ctx, active))


def resume_index(ctx: Context, cid: str | None) -> int:
    """Where the order goes on when ``cid``'s turn ends: the slot after it, or, if its count
    was lowered during its turn below some who had not acted yet (``marks.MOVED_PAST``), the
    first of those: they still act this round, in count order, and its own new slot, already
    spent, is passed over (docs/rulesets/generic.md, "Changing a count mid-round")."""
    state = ctx.state
    index = state.order.index(cid) + 1 if cid in state.order else 0
    mark = tuple(MOVED_PAST.of(state) or ())
    if mark:
        ctx.set_encounter_mark(MOVED_PAST, None)
        if mark[0] == cid:
            index = min([index, *(state.order.index(p) for p in mark[1:] if p in state.order)])
    return index


def _due_delayer(ctx: Context, before_init: float | None) -> Combatant | None:
    """A delaying combatant whose chosen count has come up before a slot at ``before_init``."""
    state = ctx.state
    best: Combatant | None = None
    for cid, delay in state.delayed.items():
        if delay.count is None:
            continue
        if before_init is not None and delay.count < before_init:
            continue
        c = state.get(cid)
        if best is None or delay.count > state.delayed[best.id].count:
            best = c
    return best


def _owed_turn(ctx: Context) -> Combatant | None:
    """One whose initiative was corrected above the marker before it acted: it acts before
    the round ends, once; from next round on it sits at its corrected count."""
    state = ctx.state
    owed = list(OWED_TURNS.of(state) or ())
    while owed:
        cid = owed.pop(0)
        ctx.set_encounter_mark(OWED_TURNS, owed or None)
        c = state.combatants.get(cid)
        # a delayer from an earlier round is owed its turn too: its count was moved above the marker
        # before it came round again, so it acts now, the delay forfeit (as when its count comes round)
        delayed_before = cid in state.delayed and state.delayed[cid].round < state.round
        if (c is not None and cid in state.order and (cid not in state.delayed or delayed_before)
                and state.started.get(cid) != state.round and ctx.ruleset.turns.can_take_turn(c)):
            return c
    return None


def _enter_from_delay(ctx: Context, c: Combatant, before: Combatant | None) -> None:
    count = ctx.state.delayed[c.id].count
    order = [cid for cid in ctx.state.order if cid != c.id]
    order.insert(order.index(before.id) if before else len(order), c.id)
    ctx.set_order(order, reason="delay")
    ctx.emit(ev.InitiativeSet(id=c.id, value=count, tiebreak=c.tiebreak))
    ctx.emit(ev.DelayEnded(id=c.id, reason="resumed"))
    ctx.say(_("{name} stops delaying and acts at count {n}", name=named(c), n=public(whole(count))), who=c.id)
    begin_turn(ctx, c)


def _advance(ctx: Context, start_index: int) -> None:
    """Find who acts next, from slot ``start_index``, crossing round boundaries."""
    state, rs = ctx.state, ctx.ruleset
    passed = 0
    index = start_index
    while True:
        if passed > 2 * (len(state.order) + 1):
            ctx.fail(_("no one can act: every combatant is dead, delaying or out of the order"))
        if index >= len(state.order):
            due = _due_delayer(ctx, None)
            if due is not None:
                _enter_from_delay(ctx, due, None)
                return
            owed = _owed_turn(ctx)
            if owed is not None:
                begin_turn(ctx, owed)
                return
            rs.turns.on_round_end(ctx, state.round)
            if SURPRISE_ROUND.of(state):
                ctx.set_encounter_mark(SURPRISE_ROUND, None)
                ctx.set_encounter_mark(AWARE, None)
            ctx.emit(ev.RoundStarted(round=state.round + 1))
            ctx.set_encounter_mark(JOINED, None)  # last round's joiners were there when this one began
            ctx.set_encounter_mark(MOVED_PAST, None)
            if rs.turns.newcomers_roll_at_round_start:
                _roll_newcomers(ctx)
            index = 0
            passed += 1
            if not state.order:
                ctx.fail(_("the order is empty: add combatants with initiative"))
            continue
        cid = state.order[index]
        c = state.get(cid)
        due = _due_delayer(ctx, c.initiative)
        if due is not None and due.id != cid:
            _enter_from_delay(ctx, due, c)
            return
        passed += 1
        if cid in state.delayed:
            if state.delayed[cid].round < state.round and not rs.turns.can_take_turn(c):
                ctx.emit(ev.DelayEnded(id=cid, reason="forfeit"))
                tick_clock(ctx, cid)
                index += 1
                continue
            if state.delayed[cid].round < state.round:
                # its original count came round again: the old delay is forfeit (PF1 1.1.5 [O])
                ctx.say(_("{name}'s count comes round again: {name} acts now (the delay is forfeit)", name=named(c)),
                        who=cid)
                begin_turn(ctx, c)
                return
            index += 1
            continue
        if state.finished.get(cid) == state.round and cid not in state.delayed:
            # it already had its turn this round (someone moved ahead of it: seize, act out of turn)
            index += 1
            continue
        surprised = SURPRISE_ROUND.of(state) and cid not in (AWARE.of(state) or ())
        if surprised or not rs.turns.can_take_turn(c):
            tick_clock(ctx, cid)
            index += 1
            continue
        begin_turn(ctx, c)
        return


def _roll_newcomers(ctx: Context) -> None:
    """Those who joined last round without initiative roll it now and take their place."""
    newcomers = [ctx.state.get(cid) for cid in ctx.state.without_initiative()]
    if newcomers:
        order.roll_initiative(ctx, newcomers)


def delay(ctx: Context, count: float | None) -> None:
    state = ctx.state
    c = _active(ctx)
    why = ctx.ruleset.turns.can_delay(c)
    if why:
        ctx.fail(why)
    if count is not None and c.initiative is not None and count > c.initiative:
        ctx.fail(_("a delay count must be at most {name}'s initiative ({init}), not {count}", name=c.name,
                   init=whole(c.initiative), count=whole(count)))
    ctx.emit(ev.Delayed(id=c.id, round=state.round, count=count))
    ctx.emit(ev.TurnEnded(id=c.id))
    _advance(ctx, start_index=resume_index(ctx, c.id))


def resume(ctx: Context, c: Combatant) -> None:
    state = ctx.state
    if c.id not in state.delayed:
        delaying = ", ".join(state.get(d).name for d in state.delayed) or _("no one")
        ctx.fail(_("{name} is not delaying (delaying: {names})", name=c.name, names=delaying))
    if state.active is None:
        ctx.fail(_("no one is acting: start the combat first"))
    _must_be_able_to_act(ctx, c)
    ctx.emit(ev.DelayEnded(id=c.id, reason="resumed"))
    ctx.act_now(c, reason="delay")


def ready(ctx: Context, trigger: str) -> None:
    c = _active(ctx)
    why = ctx.ruleset.turns.can_ready(c)
    if why:
        ctx.fail(why)
    if not trigger.strip():
        ctx.fail(_("ready needs the trigger: ready TEXT (e.g. ready \"when the ogre moves\")"))
    text = ctx.ruleset.turns.on_ready(ctx, c, trigger.strip())
    ctx.emit(ev.Readied(id=c.id, trigger=text, round=ctx.state.round))
    if ctx.ruleset.turns.ready_ends_turn:
        end_turn(ctx)


def trigger(ctx: Context, c: Combatant, args: tuple[str, ...] = ()) -> None:
    state = ctx.state
    if c.id not in state.readied:
        readied = ", ".join(state.get(r).name for r in state.readied) or _("no one")
        ctx.fail(_("{name} has no readied action (readied: {names})", name=c.name, names=readied))
    if state.active is None:
        ctx.fail(_("no one is acting: start the combat first"))
    _must_be_able_to_act(ctx, c)
    active = state.get(state.active)
    text = state.readied[c.id].trigger
    # the ruleset still sees the readied action (its trigger text) when it picks the position
    position = ctx.ruleset.turns.trigger_position(ctx, c, args)
    ctx.emit(ev.ReadyEnded(id=c.id, reason="triggered"))
    if position == "stay":  # a reaction (fifth edition): the order and the turns stay as they are
        ctx.set_encounter_mark(READIED_ACTS, c.id)
        ctx.actor = c.id
        ctx.say(_("{name}'s readied action goes off ({text}) as {whose} reaction; {whose} place in the order stays",
                  whose=possessive(c), name=named(c), text=text), who=c.id)
        return
    if active.id != c.id:
        if position == "after":
            ctx.move_after(c, active, reason="ready")
        else:
            ctx.move_before(c, active, reason="ready")
    if state.started.get(c.id, 0) < state.round:
        # triggered before its own count this round: this was its turn for the round
        ctx.emit(ev.TurnStarted(id=c.id, round=state.round))
        tick_clock(ctx, c.id)
        ctx.emit(ev.TurnEnded(id=c.id))  # its new slot, even just after the active one, is spent
        ctx.emit(ev.TurnResumed(id=active.id))
    # the damage the GM types next is the readied action's (one action): credited to c (after_action)
    ctx.set_encounter_mark(READIED_ACTS, c.id)
    ctx.actor = c.id
    if position == "after":
        ctx.say(_("{name}'s readied action goes off ({text}), after {other}", name=named(c), text=text,
                  other=named(active)), who=c.id)
    else:
        ctx.say(_("{name}'s readied action goes off ({text}), before {other}", name=named(c), text=text,
                  other=named(active)), who=c.id)


def readied_done(ctx: Context) -> None:
    """The turn moves on: a readied action that went off is over."""
    ctx.set_encounter_mark(READIED_ACTS, None)
    ctx.actor = None


def after_action(ctx: Context) -> None:
    """After each command: a triggered readied action is one action, so once a command dealt
    damage credited to its owner the next damage is the turn's again."""
    owner = READIED_ACTS.of(ctx.state)
    if owner and any(isinstance(e, ev.PoolSet) and e.by == owner and e.delta < 0 for e in ctx.events):
        ctx.set_encounter_mark(READIED_ACTS, None)


def time_turns(ctx: Context, at: float) -> None:
    """After a command carrying the wall-clock time ``at``: the clock stops for the turn that
    ended and starts for the one that began (a combatant whose new turn starts in the same
    command, alone in the order, gets both). An interruption (a readied action) leaves the
    interrupted turn's clock running; the end of the fight stops it. The engine reads no
    clock: the front end hands the time in (docs/ARCHITECTURE.md, "The turn clock")."""
    state = ctx.state
    running = state.turn_clock
    active = state.active if state.in_combat else None
    again = active is not None and any(isinstance(e, ev.TurnStarted) and e.id == active for e in ctx.events)
    if running is not None and (running[0] != active or again):
        ctx.emit(ev.TurnClockStopped(who=running[0], at=at))
    if active is not None and (running is None or running[0] != active or again):
        ctx.emit(ev.TurnClockStarted(who=active, at=at))


def clock(ctx: Context, what: str) -> None:
    """``clock pause`` / ``clock resume``: the running turn's clock stops without the turn ending
    and goes on later; the time between is not the turn's (the head, the summary's turn times and
    time in all leave it out). The console writes both when it closes with a turn running and
    when it opens again; the GM may type them for a break (docs/stats.md#the-turn-clock)."""
    state, running = ctx.state, ctx.state.turn_clock
    if ctx.at is None:
        ctx.fail(_("clock: this command carries no time (the console and `exec` time the turns)"))
    if running is None:
        ctx.fail(_("clock: no turn is being timed"))
    name = named(state.get(running[0])) if running[0] in state.combatants else running[0]
    if what == "pause":
        if state.turn_paused is not None:
            ctx.fail(_("clock: the turn clock is already paused"))
        ctx.emit(ev.TurnClockPaused(who=running[0], at=ctx.at))
        ctx.say(_("The turn clock stops ({name}'s turn)", name=name), gm_only=True)
    else:
        if state.turn_paused is None:
            ctx.fail(_("clock: the turn clock is not paused"))
        ctx.emit(ev.TurnClockResumed(who=running[0], at=ctx.at))
        ctx.say(_("The turn clock goes on ({name}'s turn)", name=name), gm_only=True)


def _must_be_able_to_act(ctx: Context, c: Combatant) -> None:
    """PF1 1.1.8 [O]: a dying or unconscious creature cannot act out of its turn either."""
    if c.life in ("dying", "dead", "unconscious", "stable") or not ctx.ruleset.turns.can_take_turn(c):
        ctx.fail(_("{name} is {life} and cannot act now (unready or heal {name} first)", name=c.name,
                   life=life_word(c.life)))


def unready(ctx: Context, c: Combatant) -> None:
    if c.id not in ctx.state.readied:
        ctx.fail(_("{name} has no readied action", name=c.name))
    ctx.emit(ev.ReadyEnded(id=c.id, reason="dropped"))


def previous_turn(ctx: Context) -> None:
    """Step the marker back one turn (to fix a slip); effects stay — `undo` takes them back.

    Like ``next``, it passes over those who cannot take a turn (the dead): back from the
    first living combatant is the previous round's last living one."""
    state, rs = ctx.state, ctx.ruleset
    if not state.in_combat or state.active is None:
        ctx.fail(_("no combat running: `start` it first"))
    order = state.acting_order()
    able = [cid for cid in order if rs.turns.can_take_turn(state.get(cid))]
    i = order.index(state.active) if state.active in order else 0
    earlier = [cid for cid in order[:i] if cid in able]
    if earlier:
        back = earlier[-1]
        ctx.emit(ev.TurnRewound(id=back, round=state.round, reopen=tuple(order[order.index(back):])))
        return
    if state.round <= 1 or not able:
        ctx.fail(_("already at the first turn of round 1"))
    ctx.emit(ev.TurnRewound(id=able[-1], round=state.round - 1, reopen=(able[-1],)))


def end_combat(ctx: Context) -> None:
    if not ctx.state.in_combat:
        ctx.fail(_("no combat running"))
    ctx.ruleset.turns.on_combat_end(ctx)
    ctx.set_encounter_mark(JOINED, None)
    ctx.set_encounter_mark(MOVED_PAST, None)
    ctx.emit(ev.CombatEnded())


def _active(ctx: Context) -> Combatant:
    state = ctx.state
    if not state.in_combat or state.active is None:
        ctx.fail(_("no one is acting: `start` the combat first"))
    return state.get(state.active)
