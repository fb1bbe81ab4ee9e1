"""Actions per turn (pathfinder1e.md §1.2): what the active combatant may still do this turn.

A normal turn is a standard, a move and a swift action (plus free actions), or a
full-round action (the standard and the move together) and a swift. A standard can
be spent as a second move. A 5-foot step is no action, allowed if it moves no other
distance this turn (a move action that does not move, like drawing a weapon, still
allows it; charging or running does not).

The turn's capacity is a list of slots; a tick takes one:

    S standard (or a move)   M move   W swift
    O one move or standard (staggered, disabled, the surprise round, acting out of turn)
    V a single move action (nauseated)
    E an extra standard or move (hero point, this turn)

Marks, reset when the combatant's turn starts:
``actions`` = {"ticks": [[kind, what], ...], "extra": N, "act": bool}; ``immediate``
= an immediate action taken off its turn, which spends the swift of its next turn.
"""

from __future__ import annotations

from dataclasses import dataclass

from gm_console.ruleset import (ActionSlot, Combatant, Context, EncounterState, Msg, Term, fold_text, gm, named,
                                possessive)
from gm_console.ruleset import joined as glued

from . import life, marks
from .i18n import T_, _, flag_names, joined

RULE = "pathfinder1e.md §1.2"
KINDS = ("standard", "move", "swift", "full", "step")
WORDS = {
    "standard": "standard", "estandar": "standard", "std": "standard", "s": "standard",
    "move": "move", "movimiento": "move", "mov": "move", "m": "move",
    "swift": "swift", "rapida": "swift", "w": "swift",
    "full": "full", "full-round": "full", "fullround": "full", "completa": "full", "asalto-completo": "full",
    "step": "step", "5-ft-step": "step", "5ft": "step", "5-ft": "step", "5-foot-step": "step",
    "paso": "step", "paso-de-5-pies": "step",
    "immediate": "immediate", "inmediata": "immediate",
    "reset": "reset", "clear": "reset", "borrar": "reset", "reiniciar": "reset",
}
#: move actions that move no distance: a 5-foot step is still allowed with them
STILL = {"draw", "desenfundar", "stand", "stand-up", "levantarse", "reload", "load", "recargar",
         "mount", "montar", "dismount", "desmontar", "open", "abrir", "pick-up", "recoger",
         "retrieve", "sacar", "sheathe", "envainar", "still", "quieto"}
#: full-round (or standard) actions that are movement: no 5-foot step with them
MOVING = {"charge", "carga", "cargar", "run", "correr", "withdraw", "retirada", "retirarse"}
ACCEPTS = {"standard": ("S", "O", "E"), "move": ("M", "V", "O", "E", "S"), "swift": ("W",)}
NAMES = {
    "standard": ("Standard", "Estándar"), "move": ("Move", "Movimiento"), "swift": ("Swift", "Rápida"),
    "full": ("Full-round", "Completa"), "step": ("5-ft step", "Paso de 5 pies"),
}
#: the sheet's names of the turn's actions, as the catalogue holds them
SLOT_NAMES = {kind: T_("action slot", en, es) for kind, (en, es) in NAMES.items()}
SLOT_TEXT = {
    "S": T_("action", "standard", "estándar"), "M": T_("action", "move", "movimiento"),
    "W": T_("action", "swift", "rápida"),
    "O": T_("action", "move or standard", "movimiento o estándar"), "V": T_("action", "move", "movimiento"),
    "E": T_("action", "extra standard or move", "estándar o movimiento extra"),
}
KIND_TERMS = {kind: T_("action kind", en.lower(), es.lower()) for kind, (en, es) in NAMES.items()}
#: the kind as it reads after "action" ("acción de movimiento")
ACTION_OF = {"standard": T_("kind of action", "standard", "estándar"),
             "move": T_("kind of action", "move", "de movimiento"),
             "swift": T_("kind of action", "swift", "rápida"),
             "full": T_("kind of action", "full-round", "de asalto completo"),
             "step": T_("kind of action", "5-ft step", "paso de 5 pies")}
NOTHING = T_("action", "none", "nada")
SURPRISE = T_("action", "surprise round", "asalto de sorpresa")
KEPT_READY = "ready"  # the tick a readied action kept into a new turn holds (§1.1.6 [I])
OUT_OF_TURN = T_("action", "acting out of turn", "actuando fuera de turno")


def _why(rs, flags: dict[str, list[str]], *keys: str) -> Term:
    return flag_names(rs, (x for k in keys for x in flags.get(k, ())))


@dataclass(frozen=True)
class Budget:
    slots: tuple[str, ...]
    ticks: tuple[tuple[str, str], ...]
    none: Term | None = None    # why it has no actions at all
    limit: Term | None = None   # why its turn is limited (staggered, surprise round...)
    no_step: Msg | None = None  # why no 5-foot step (can't move, charging, moved)
    moved: bool = False  # the reason for no step is that it moved this turn

    def assign(self, extra: tuple[tuple[str, str], ...] = ()) -> list[str | None] | None:
        """Which tick takes which slot (None = free); None if the ticks do not fit."""
        return _assign(self.slots, self.ticks + extra)

    def can(self, kind: str) -> bool:
        if self.none:
            return False
        if kind == "step":
            return not self.no_step and not self.count("step")
        return self.assign(((kind, ""),)) is not None

    def count(self, kind: str) -> int:
        return sum(1 for k, _ in self.ticks if k == kind)

    def left(self) -> list[Term]:
        if self.none:
            return []
        taken = self.assign()
        if taken is None:
            return []
        return [SLOT_TEXT[s] for s, t in zip(self.slots, taken) if t is None]

    def left_text(self) -> Term:
        left = self.left()
        return glued(left, ", ") if left else NOTHING


def _assign(slots: tuple[str, ...], ticks: tuple[tuple[str, str], ...]) -> list[str | None] | None:
    taken: list[str | None] = [None] * len(slots)

    def free(kind: str) -> int | None:
        return next((j for j, s in enumerate(slots) if s == kind and taken[j] is None), None)

    def go(i: int) -> bool:
        if i == len(ticks):
            return True
        kind = ticks[i][0]
        if kind not in ACCEPTS and kind != "full":
            return go(i + 1)  # the 5-foot step takes no slot
        if kind == "full":
            s, m = free("S"), free("M")
            if s is None or m is None:
                return False
            taken[s] = taken[m] = "full"
            if go(i + 1):
                return True
            taken[s] = taken[m] = None
            return False
        for pref in ACCEPTS[kind]:
            j = free(pref)  # slots of one letter are interchangeable: try the first free one
            if j is None:
                continue
            taken[j] = kind
            if go(i + 1):
                return True
            taken[j] = None
        return False

    return taken if go(0) else None


def _mark(c: Combatant) -> dict:
    return dict(marks.ACTIONS.of(c) or {})


def spent_this_turn(c: Combatant, kinds: tuple[str, ...] = ()) -> Term | None:
    """The actions ticked this turn (of ``kinds``, or any), by name; an immediate action taken
    before the turn (its swift) does not count."""
    ticks = [str(k) for k, w in (_mark(c).get("ticks") or ()) if (k, w) != ("swift", "immediate")]
    ticks = [k for k in ticks if not kinds or k in kinds]
    if not ticks:
        return None
    return glued([ACTION_OF.get(k, k) for k in ticks], ", ")


def in_surprise_round(state: EncounterState) -> bool:
    return state.in_combat and (state.round == 0 or state.surprise_round)


def budget(rs, state: EncounterState, c: Combatant) -> Budget:
    """This turn's capacity, what is ticked, and why it is limited (§1.2, §1.5)."""
    mark = _mark(c)
    ticks = tuple((str(k), str(w)) for k, w in (mark.get("ticks") or ()))
    if kept_ready(state, c):
        ticks = (("standard", KEPT_READY),) + ticks
    flags = rs.conditions.flags(c)
    if "no-actions" in flags or "helpless" in flags:
        return Budget((), ticks, none=_why(rs, flags, "no-actions", "helpless"))
    limit = None
    if in_surprise_round(state):
        slots, limit = ["O"], SURPRISE
    elif mark.get("act"):
        slots, limit = ["O"], OUT_OF_TURN
    else:
        slots = ["S", "M", "W"]
    extra = "E"
    if "move-only" in flags:
        slots, limit, extra = ["V"], _why(rs, flags, "move-only"), "V"
    elif "one-action" in flags and "S" in slots:
        slots, limit = ["O", "W"], _why(rs, flags, "one-action")
    slots += [extra] * int(mark.get("extra") or 0)
    no_step, moved = None, False
    if "no-move" in flags:
        no_step = _("no movement possible ({why})", why=_why(rs, flags, "no-move"))
    elif "no-5ft" in flags:
        no_step = _("no 5-ft step when charging ({why})", why=_why(rs, flags, "no-5ft"))
    elif any(_moves(k, w) for k, w in ticks):
        no_step, moved = _("already moved this turn"), True
    return Budget(tuple(slots), ticks, limit=limit, no_step=no_step, moved=moved)


def kept_ready(state: EncounterState, c: Combatant) -> bool:
    """Its turn came round with a readied action from an earlier round still standing: keeping
    it is readying again, so it holds this turn's standard action (§1.1.6 [I]); `unready`
    gives the standard back."""
    ready = state.readied.get(c.id)
    return acting(state, c) and ready is not None and ready.round < state.round


def _moves(kind: str, what: str) -> bool:
    words = set(fold_text(what).replace(" ", "-").split("-")) | {fold_text(what).replace(" ", "-")}
    if kind == "move":
        return not (words & STILL)
    return bool(words & MOVING)


def acting(state: EncounterState, c: Combatant) -> bool:
    return state.in_combat and state.active == c.id


# -- turn hooks -------------------------------------------------------------------------


def turn_start(ctx: Context, c: Combatant) -> None:
    """A fresh budget; an immediate action taken since its last turn spent this turn's swift."""
    if marks.IMMEDIATE.of(c):
        ctx.set_mark(c, marks.IMMEDIATE, None)
        ctx.set_mark(c, marks.ACTIONS, {"ticks": [["swift", "immediate"]]})
        ctx.say(_("{name} used an immediate action since {whose} last turn: no swift action this turn",
                  whose=possessive(c), name=named(c)), rule=RULE, who=c.id)
    else:
        ctx.set_mark(c, marks.ACTIONS, None)


def combat_end(ctx: Context) -> None:
    for c in ctx.state.combatants.values():
        ctx.set_mark(c, marks.ACTIONS, None)
        ctx.set_mark(c, marks.IMMEDIATE, None)


def act_out_of_turn(ctx: Context, c: Combatant) -> None:
    """Hero point `act`: this turn is one move or standard action only (§1.1.7 [S])."""
    ctx.set_mark(c, marks.ACTIONS, {"ticks": [], "act": True})


def extra_action(ctx: Context, c: Combatant) -> None:
    """Hero point `extra-action`: one more standard or move this turn (§1.6 [S]); checked before paying."""
    mark = _mark(c)
    mark["extra"] = int(mark.get("extra") or 0) + 1
    mark.setdefault("ticks", [])
    ctx.set_mark(c, marks.ACTIONS, mark)


def extra_refusal(rs, state: EncounterState, c: Combatant) -> Msg | None:
    """Why a hero point's extra action cannot be spent now (None = it can)."""
    if not state.in_combat:
        return None
    if not acting(state, c):
        return _("{name} gains an extra action on {whose} own turn; {name} is not acting now", whose=possessive(c),
                 name=c.name)
    b = budget(rs, state, c)
    if b.none:
        return _("{name} cannot act ({why}): an extra action is of no use", name=c.name, why=b.none)
    return None


# -- ticking --------------------------------------------------------------------------------


def refusal(rs, state: EncounterState, c: Combatant, kind: str) -> Msg | None:
    """Why ``kind`` is not possible now, in one line naming what is left; None if it is. Typed for the
    log too (``spend_for`` quotes it): the combatant by name, a command hint the GM's."""
    b = budget(rs, state, c)
    if b.none:
        return _("{name} cannot act: no actions ({why})", name=named(c), why=b.none)
    if b.can(kind):
        return None
    left = b.left_text()
    if kind == "step":
        if b.count("step"):
            return _("{name} has already taken a 5-ft step this turn; left: {left}", name=named(c), left=left)
        if b.moved:
            return _("{name} cannot take a 5-ft step: {why} (a move action that does not move: action {ref} move "
                     "draw); left: {left}", name=named(c), why=b.no_step, ref=gm(c.id), left=left)
        return _("{name} cannot take a 5-ft step: {why}; left: {left}", name=named(c), why=b.no_step, left=left)
    if "V" in b.slots:
        if kind == "move":
            return _("{name} has taken {whose} single move action ({limit}); left: {left}", whose=possessive(c),
                     name=named(c), limit=b.limit, left=left)
        return _("{name} is {limit}: a single move action only; left: {left}", name=named(c), limit=b.limit, left=left)
    if kind in ("standard", "full") and kept_ready(state, c):
        return _("{name} keeps {whose} readied action, which holds this turn's standard action (to act normally: "
                 "unready {ref}); left: {left}", whose=possessive(c), name=named(c), ref=gm(c.id), left=left)
    if kind == "full" and b.limit:
        return _("{name} cannot take a full-round action ({limit}: one move or standard); left: {left}", name=named(c),
                 limit=b.limit, left=left)
    if kind == "full":
        done = joined(KIND_TERMS[k] for k, _w in b.ticks if k != "step")
        return _("{name} has already acted this turn ({done}): a full-round action needs {whose} standard and move; "
                 "left: {left}", whose=possessive(c), name=named(c), done=done, left=left)
    if kind == "swift" and "W" not in b.slots:
        return _("{name} has no swift action ({limit}: one move or standard); left: {left}", name=named(c),
                 limit=b.limit, left=left)
    if kind in ("standard", "move") and b.limit:
        return _("{name} has taken {whose} one move or standard action ({limit}); left: {left}", whose=possessive(c),
                 name=named(c), limit=b.limit, left=left)
    return _("{name} has no {kind} action left this turn; left: {left}", name=named(c), kind=ACTION_OF[kind],
             left=left)


def record(ctx: Context, c: Combatant, kind: str, what: str = "") -> None:
    mark = _mark(c)
    mark["ticks"] = [list(t) for t in (mark.get("ticks") or ())] + [[kind, what]]
    ctx.set_mark(c, marks.ACTIONS, mark)


def spend_for(ctx: Context, c: Combatant, kind: str, what: Msg) -> None:
    """A rules verb (charge, aid, total defense, a disabled standard) used on its owner's turn.

    Over the budget it still resolves (the GM may be fixing a slip); the log says so.
    """
    state = ctx.state
    if not acting(state, c):
        return
    why = refusal(ctx.ruleset, state, c, kind)
    if why is None:
        record(ctx, c, kind, str(what))
        return
    ctx.say(_("Over the action budget: {why}; {what} resolved anyway", why=why, what=what), rule=RULE, who=c.id)


def charge_kind(rs, state: EncounterState, c: Combatant) -> str:
    """A charge is full-round; limited to one action (staggered, surprise round) it is a standard."""
    return "standard" if budget(rs, state, c).limit else "full"


# -- the `action` verb --------------------------------------------------------------------


def action_verb(ctx: Context, call) -> None:
    """`action [NAME] KIND [WHAT...]`: without NAME, the combatant whose turn it is."""
    state = ctx.state
    if call.who is None:
        if not state.in_combat or state.active is None:
            ctx.fail(_("no one is acting: name who acts, e.g. action NAME {kind}", kind=call.kind))
        c = state.get(state.active)
    else:
        c = ctx.combatant(call.who)
    kind, note = call.kind, " ".join(call.what)
    if kind == "reset":
        _reset(ctx, c)
        return
    if kind == "immediate" and not acting(state, c):
        _immediate(ctx, c)
        return
    if not state.in_combat:
        ctx.fail(_("actions are counted on a combatant's turn: start the combat first"))
    if not acting(state, c):
        if state.active in state.combatants:
            ctx.fail(_("{name} is not acting now ({active} is): {whose} actions are counted on {whose} turn (off "
                       "{whose} turn: action {ref} immediate)", whose=possessive(c), name=c.name,
                       active=state.get(state.active).name, ref=c.id))
        ctx.fail(_("{name} is not acting now (no one is): {whose} actions are counted on {whose} turn (off {whose} "
                   "turn: action {ref} immediate)", whose=possessive(c), name=c.name, ref=c.id))
    if kind == "immediate":
        kind, note = "swift", note or "immediate"
    why = refusal(ctx.ruleset, state, c, kind)
    if why:
        ctx.fail(why)
    record(ctx, c, kind, note)
    b = budget(ctx.ruleset, state, c)
    left = b.left_text()
    if kind == "step":
        ctx.say(_("{name} takes a 5-ft step; left: {left}", name=named(c), left=left), rule=RULE, who=c.id)
    else:
        after_step = kind == "move" and b.count("step") and _moves(kind, note)
        if note and after_step:
            text = _("{name}: {kind} action ({what}); left: {left}; after {whose} 5-ft step, a move action that "
                     "covers no distance (draw, stand up...)", whose=possessive(c), name=named(c),
                     kind=ACTION_OF[kind], what=note, left=left)
        elif after_step:
            text = _("{name}: {kind} action; left: {left}; after {whose} 5-ft step, a move action that covers no "
                     "distance (draw, stand up...)", whose=possessive(c), name=named(c), kind=ACTION_OF[kind],
                     left=left)
        elif note:
            text = _("{name}: {kind} action ({what}); left: {left}", name=named(c), kind=ACTION_OF[kind], what=note,
                     left=left)
        else:
            text = _("{name}: {kind} action; left: {left}", name=named(c), kind=ACTION_OF[kind], left=left)
        ctx.say(text, rule=RULE, who=c.id)
    if kind == "standard" and c.life == "disabled":
        life.strain(ctx, c)


def kind_of(word: str) -> str | None:
    return WORDS.get(fold_text(word).replace(" ", "-"))


def _reset(ctx: Context, c: Combatant) -> None:
    mark = _mark(c)
    kept = {k: v for k, v in mark.items() if k in ("extra", "act") and v}
    ctx.set_mark(c, marks.ACTIONS, kept or None)
    ctx.say(_("{name}'s actions this turn are reset", name=named(c)), rule=RULE, who=c.id)


def _immediate(ctx: Context, c: Combatant) -> None:
    """Off its turn: like a swift, spending its next turn's swift; not while flat-footed (§1.2 [O])."""
    state = ctx.state
    rs = ctx.ruleset
    if not state.in_combat:
        ctx.fail(_("immediate actions are counted in combat: start the combat first"))
    flags = rs.conditions.flags(c)
    if "no-actions" in flags or "helpless" in flags:
        ctx.fail(_("{name} cannot act: no actions ({why})", name=c.name, why=_why(rs, flags, "no-actions", "helpless")))
    if "move-only" in flags:
        ctx.fail(_("{name} is {why}: a single move action on {whose} turn, no immediate actions", whose=possessive(c),
                   name=c.name, why=_why(rs, flags, "move-only")))
    if c.has("flat-footed") or marks.UNACTED.of(c):
        ctx.fail(_("{name} is flat-footed: no immediate actions until {name} has acted", name=c.name))
    if marks.IMMEDIATE.of(c):
        ctx.fail(_("{name} has already used an immediate action since {whose} last turn", whose=possessive(c),
                   name=c.name))
    ctx.set_mark(c, marks.IMMEDIATE, True)
    ctx.say(_("{name} takes an immediate action: {whose} next turn has no swift action", whose=possessive(c),
              name=named(c)), rule=f"{RULE} [O]", who=c.id)


# -- reading ------------------------------------------------------------------------------------


def slots(rs, state: EncounterState, c: Combatant) -> list[ActionSlot]:
    """For the sheet: what it did (ticked) and what it may still do, each with the line that ticks it."""
    if not acting(state, c):
        return []
    b = budget(rs, state, c)
    if b.none:
        return []
    out: list[ActionSlot] = []
    order = ("full", "standard", "move", "swift", "step") if b.count("full") else KINDS
    for kind in order:
        for n in range(b.count(kind)):
            out.append(ActionSlot(f"{kind}:{n + 1}", SLOT_NAMES[kind], used=True))
        if b.can(kind):
            out.append(ActionSlot(kind, SLOT_NAMES[kind], command=f"action {c.id} {kind}"))
    return out


def status(rs, state: EncounterState, c: Combatant) -> list[Msg]:
    if not acting(state, c) or c.life == "dead":
        return []
    b = budget(rs, state, c)
    if b.none:
        return []
    return [_("actions left: {left}", left=b.left_text())]
