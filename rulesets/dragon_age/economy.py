"""Actions per turn: one major + one minor, or two minor (dragon_age.md §2.3 [S]).

Counted only for the combatant whose turn it is. Out of turn, a major action is
the held action of Prepare when it has one; otherwise the GM is trusted (an
interruption the tracker cannot see) and the log says it was not counted.
"""

from __future__ import annotations

from gm_console.ruleset import ActionSlot, Combatant, Context, EncounterState, Msg, life, named, possessive

from . import marks
from .common import own_turn, rule, surprised
from .conditions import CATALOGUE, flagged
from .i18n import T_, _
from .options import option

MAJOR, MINOR = "major", "minor"
CANNOT_ACT = ("dying", "dead", "unconscious")


def used(state: EncounterState, c: Combatant) -> tuple[int, int]:
    """(majors, minors) taken in its current turn."""
    m = marks.TURN.of(c)
    if not own_turn(state, c) or not m or m.get("round") != state.round:
        return 0, 0
    return int(m.get("major", 0)), int(m.get("minor", 0))


def left(state: EncounterState, c: Combatant) -> Msg:
    major, minor = used(state, c)
    if major + minor >= 2:
        return _("no actions left")
    if major:
        return _("1 minor action left")
    if minor:
        return _("1 major or 1 minor action left")
    return _("1 major + 1 minor, or 2 minor")


def fresh_turn(ctx: Context, c: Combatant) -> None:
    """Its turn starts with a whole budget, less what it took this round in its group's slot."""
    m = marks.TURN.of(c)
    if m and m.get("round") == ctx.state.round:
        return
    ctx.set_mark(c, marks.TURN, {"round": ctx.state.round, "major": 0, "minor": 0})


def check_can_act(ctx: Context, c: Combatant) -> None:
    """The dying, unconscious and dead do not act; nor one paralyzed, asleep or horrified (§2.12)."""
    if c.life in CANNOT_ACT:
        extra = _(" (speech only)") if c.life == "dying" else ""
        ctx.fail(_("{name} is {life} and cannot act{extra}", name=c.name, life=life(c.life), extra=extra))
    for inst in flagged(c, "no-actions")[:1]:
        ctx.fail(_("{name} is {life} and cannot act{extra}", name=c.name, life=CATALOGUE.define(inst.cond).term,
                   extra=""))


def drop_aim(ctx: Context, c: Combatant) -> None:
    """Aim only helps if the attack is its very next action (dragon_age.md §2.3 [S])."""
    for inst in c.instances("aiming"):
        ctx.remove_condition(c, inst, reason="lost")
        ctx.say(_("{name} loses {whose} aim: the next action was not an attack", whose=possessive(c), name=named(c)),
                rule=rule("2.3"), who=c.id)


def take(ctx: Context, c: Combatant, kind: str, what: "Msg | str", attack: bool = False) -> str:
    """Count one action; returns "turn", "prepared", "free" (out of turn) or "outside" (no combat).
    ``c`` is the one acting: what the action does to others is credited to it."""
    check_can_act(ctx, c)
    ctx.acting(c)
    state = ctx.state
    if surprised(state, c) and option(state, "action_limits"):
        ctx.fail(_("{name} is surprised: no action in the surprise round (acting from round 1)", name=c.name))
    if kind == MAJOR:
        for inst in flagged(c, "no-major")[:1]:
            ctx.fail(_("{name} is {cond}: no major action this turn", name=c.name,
                       cond=CATALOGUE.define(inst.cond).term))
    if not attack:
        drop_aim(ctx, c)
    if not state.in_combat:
        return "outside"
    if own_turn(state, c):
        major, minor = used(state, c)
        if option(state, "action_limits"):
            if kind == MAJOR and major:
                ctx.fail(_("{name} has already taken {whose} major action this turn; left: one minor action",
                           whose=possessive(c), name=c.name))
            if kind == MAJOR and minor >= 2:
                ctx.fail(_("{name} has taken two minor actions: no major action left this turn", name=c.name))
            if major + minor >= 2:
                ctx.fail(_("{name} has no actions left this turn (one major + one minor, or two minor); type next",
                           name=c.name))
        ctx.set_mark(c, marks.TURN, {"round": state.round, "major": major + (kind == MAJOR),
                                     "minor": minor + (kind == MINOR)})
        return "turn"
    if kind == MAJOR and c.has("prepared"):
        held = c.instances("prepared")[0]
        ctx.remove_condition(c, held, reason="used")
        ctx.say(_("{name} interrupts with {whose} prepared action: {what}", whose=possessive(c), name=named(c),
                  what=what), rule=rule("2.2"), who=c.id)
        return "prepared"
    ctx.say(_("{name} acts out of {whose} turn ({what}): not counted", whose=possessive(c), name=named(c), what=what),
            rule=rule("2.3"), who=c.id)
    return "free"


#: the sheet's names of the turn's actions, as the catalogue holds them
MAJOR_NAME, MINOR_NAME = T_("action slot", "Major", "Mayor"), T_("action slot", "Minor", "Menor")


def budget(state: EncounterState, c: Combatant) -> list[ActionSlot]:
    """For the sheet: the majors and minors taken this turn and what is left, each ticked by
    ``major NAME`` / ``minor NAME`` (dragon_age.md §2.3 [S]: one major + one minor, or two minor)."""
    if not own_turn(state, c) or c.life in CANNOT_ACT:
        return []
    major, minor = used(state, c)
    out = [ActionSlot(f"major:{n + 1}", MAJOR_NAME, used=True) for n in range(major)]
    if major == 0 and minor < 2:
        out.append(ActionSlot(MAJOR, MAJOR_NAME, command=f"major {c.id}"))
    out += [ActionSlot(f"minor:{n + 1}", MINOR_NAME, used=True) for n in range(minor)]
    if major + minor < 2:
        out.append(ActionSlot(MINOR, MINOR_NAME, command=f"minor {c.id}"))
    return out
