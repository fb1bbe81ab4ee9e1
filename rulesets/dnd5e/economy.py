"""The turn's actions (dnd5e.md §7.2, §7.3): one action, one bonus action, movement up to the
Speed on its own turn, and one reaction a round, back at the start of its turn.

Marks, reset when its turn starts: ``turn`` = {"action": bool, "bonus": bool, "moved": feet,
"dashes": n}; ``reaction`` = True once its reaction is spent (out of its turn too).
"""

from __future__ import annotations

from gm_console.ruleset import ActionSlot, Combatant, Context, EncounterState, fold_text, named, public, possessive

from . import marks
from .common import own_turn, rule
from .conditions import flagged
from .i18n import T_, _

WORDS = {
    "action": "action", "accion": "action", "a": "action",
    "bonus": "bonus", "bonus-action": "bonus", "adicional": "bonus", "accion-adicional": "bonus", "b": "bonus",
    "reaction": "reaction", "reaccion": "reaction", "r": "reaction",
    "move": "move", "movement": "move", "mover": "move", "movimiento": "move", "m": "move",
    "dash": "dash", "correr": "dash", "carrera": "dash",
    "dodge": "dodge", "esquivar": "dodge",
    "reset": "reset", "borrar": "reset",
}
KIND_TERMS = {"action": T_("action", "action", "acción"), "bonus": T_("action", "bonus action", "acción adicional"),
              "reaction": T_("action", "reaction", "reacción")}


def used(c: Combatant) -> dict:
    turn = marks.TURN.of(c)
    return dict(turn) if isinstance(turn, dict) else {}


def fresh_turn(ctx: Context, c: Combatant) -> None:
    ctx.set_mark(c, marks.TURN, None)
    ctx.set_mark(c, marks.REACTION, None)


def speed_now(ctx_state: EncounterState, rules, c: Combatant) -> int:
    return rules.sheet.effective(ctx_state, c)["speed"].value


def take(ctx: Context, c: Combatant, kind: str, feet: int | None) -> None:
    """``action NAME action|bonus|reaction|move FEET|dash|reset``."""
    if kind == "reset":
        fresh_turn(ctx, c)
        ctx.say(_("{name}'s actions this turn are cleared", name=named(c)), rule=rule("7.2"), who=c.id)
        return
    if c.life != "ok":
        ctx.fail(_("{name} cannot act at 0 HP", name=c.name))
    stops = flagged(c, "incapacitated", ctx.ruleset.conditions.catalogue)
    if stops and kind != "move":
        ctx.fail(_("{name} is {cond}: no actions, bonus actions or reactions", name=c.name,
                   cond=ctx.ruleset.conditions.catalogue.define(stops[0].cond).term))
    if kind == "reaction":
        if marks.REACTION.of(c):
            ctx.fail(_("{name} has already taken {whose} reaction this round (it comes back at the start of {whose} "
                       "turn)", whose=possessive(c), name=c.name))
        ctx.set_mark(c, marks.REACTION, True)
        ctx.say(_("{name} takes {whose} reaction", whose=possessive(c), name=named(c)), rule=rule("7.3"), who=c.id)
        return
    if not own_turn(ctx.state, c):
        ctx.fail(_("{name}'s action, bonus action and movement are for {whose} own turn; out of it, a reaction",
                   whose=possessive(c), name=c.name))
    turn = used(c)
    if kind in ("action", "bonus", "dash", "dodge"):
        slot = "bonus" if kind == "bonus" else "action"
        if turn.get(slot):
            ctx.fail(_("{name} has already taken {whose} {kind} this turn", whose=possessive(c), name=c.name,
                       kind=KIND_TERMS[slot]))
        turn[slot] = True
        if kind == "dodge":
            ctx.set_mark(c, marks.TURN, turn)
            ctx.ruleset.conditions.add(ctx, c, ctx.ruleset.conditions.catalogue.get("dodging"), None, None, None, c.id)
            ctx.say(_("{name} dodges: attackers have disadvantage until {whose} next turn", whose=possessive(c),
                      name=named(c)), rule=rule("7.2"), who=c.id)
            return
        if kind == "dash":
            turn["dashes"] = int(turn.get("dashes") or 0) + 1
            ctx.say(_("{name} dashes: {whose} movement this turn grows by {whose} Speed", whose=possessive(c),
                      name=named(c)), rule=rule("7.2"), who=c.id)
        else:
            ctx.say(_("{name} takes {whose} {kind}", whose=possessive(c), name=named(c), kind=KIND_TERMS[slot]),
                    rule=rule("7.2"), who=c.id)
        ctx.set_mark(c, marks.TURN, turn)
        return
    if feet is None or feet < 1:
        ctx.fail(_("action {ref} move: how many feet? e.g. action {ref} move 15", ref=c.id))
    speed = speed_now(ctx.state, ctx.ruleset, c)
    allowed = speed * (1 + int(turn.get("dashes") or 0))
    moved = int(turn.get("moved") or 0)
    if moved + feet > allowed:
        ctx.fail(_("{name} can move {left} ft more this turn (Speed {speed}), not {feet}", name=c.name,
                   left=max(0, allowed - moved), speed=speed, feet=feet))
    turn["moved"] = moved + feet
    ctx.set_mark(c, marks.TURN, turn)
    ctx.say(_("{name} moves {feet} ft ({left} ft left)", name=named(c), feet=public(feet),
              left=public(allowed - moved - feet)), rule=rule("7.2"), who=c.id)


#: the sheet's names of the turn's actions, as the catalogue holds them
SLOT_NAMES = {"action": T_("action slot", "Action", "Acción"), "bonus": T_("action slot", "Bonus action", "Acción adicional"),
              "reaction": T_("action slot", "Reaction", "Reacción")}


def budget(state: EncounterState, rules, c: Combatant) -> list[ActionSlot]:
    """The sheet's action row: action, bonus action, reaction and the movement left."""
    if not state.in_combat:
        return []
    turn = used(c)
    ref = c.id
    speed = speed_now(state, rules, c)
    allowed = speed * (1 + int(turn.get("dashes") or 0))
    left = max(0, allowed - int(turn.get("moved") or 0))
    return [
        ActionSlot("action", SLOT_NAMES["action"], used=bool(turn.get("action")), command=f"action {ref} action"),
        ActionSlot("bonus", SLOT_NAMES["bonus"], used=bool(turn.get("bonus")), command=f"action {ref} bonus"),
        ActionSlot("reaction", SLOT_NAMES["reaction"], used=bool(marks.REACTION.of(c)),
                   command=f"action {ref} reaction"),
        ActionSlot("move", _("Move {left} ft", left=left), used=left == 0),
    ]


def word(text: str) -> str | None:
    return WORDS.get(fold_text(text).replace(" ", "-"))
