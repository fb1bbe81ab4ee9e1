"""Actions per turn: one major + one minor, or two minor (dragon_age.md §2.3 [S]).

Counted only for the combatant whose turn it is. Out of turn, a major action is
the held action of Prepare when it has one; otherwise the GM is trusted (an
interruption the tracker cannot see) and the log says it was not counted.
"""

from __future__ import annotations

from gm_console.ruleset import ActionSlot, Combatant, Context, EncounterState

from .common import own_turn, rule
from .options import option
from .surprise import surprised

MAJOR, MINOR = "major", "minor"
CANNOT_ACT = ("dying", "dead", "unconscious")


def used(state: EncounterState, c: Combatant) -> tuple[int, int]:
    """(majors, minors) taken in its current turn."""
    m = c.marks.get("turn")
    if not own_turn(state, c) or not m or m.get("round") != state.round:
        return 0, 0
    return int(m.get("major", 0)), int(m.get("minor", 0))


def left(state: EncounterState, c: Combatant) -> tuple[str, str]:
    major, minor = used(state, c)
    if major + minor >= 2:
        return "no actions left", "sin acciones"
    if major:
        return "1 minor action left", "queda 1 acción menor"
    if minor:
        return "1 major or 1 minor action left", "queda 1 acción mayor o menor"
    return "1 major + 1 minor, or 2 minor", "1 mayor + 1 menor, o 2 menores"


def fresh_turn(ctx: Context, c: Combatant) -> None:
    ctx.set_mark(c, "turn", {"round": ctx.state.round, "major": 0, "minor": 0})


def check_can_act(ctx: Context, c: Combatant) -> None:
    if c.life in CANNOT_ACT:
        extra = " (it may only speak)" if c.life == "dying" else ""
        ctx.fail(f"{c.name} is {c.life} and cannot act{extra}")


def drop_aim(ctx: Context, c: Combatant) -> None:
    """Aim only helps if the attack is its very next action (dragon_age.md §2.3 [S])."""
    for inst in c.instances("aiming"):
        ctx.remove_condition(c, inst, reason="lost")
        ctx.say(f"{c.name} loses its aim: the next action was not an attack",
                f"{c.name} pierde la puntería: su siguiente acción no fue un ataque",
                rule=rule("2.3"), who=c.id)


def take(ctx: Context, c: Combatant, kind: str, what_en: str, what_es: str,
         attack: bool = False) -> str:
    """Count one action; returns "turn", "prepared", "free" (out of turn) or "outside" (no combat)."""
    check_can_act(ctx, c)
    state = ctx.state
    if surprised(state, c) and option(state, "action_limits"):
        ctx.fail(f"{c.name} is surprised: no action in the surprise round (it acts from round 1)")
    if not attack:
        drop_aim(ctx, c)
    if not state.in_combat:
        return "outside"
    if own_turn(state, c):
        major, minor = used(state, c)
        if option(state, "action_limits"):
            if kind == MAJOR and major:
                ctx.fail(f"{c.name} has already taken its major action this turn; left: one minor action")
            if kind == MAJOR and minor >= 2:
                ctx.fail(f"{c.name} has taken two minor actions: no major action left this turn")
            if major + minor >= 2:
                ctx.fail(f"{c.name} has no actions left this turn (one major + one minor, or two minor); type next")
        ctx.set_mark(c, "turn", {"round": state.round, "major": major + (kind == MAJOR),
                                 "minor": minor + (kind == MINOR)})
        return "turn"
    if kind == MAJOR and c.has("prepared"):
        held = c.instances("prepared")[0]
        ctx.remove_condition(c, held, reason="used")
        ctx.say(f"{c.name} interrupts with its prepared action: {what_en}",
                f"{c.name} interrumpe con su acción preparada: {what_es}",
                rule=rule("2.2"), who=c.id)
        return "prepared"
    ctx.say(f"{c.name} acts out of its turn ({what_en}): not counted",
            f"{c.name} actúa fuera de su turno ({what_es}): no se cuenta", rule=rule("2.3"), who=c.id)
    return "free"


def budget(state: EncounterState, c: Combatant) -> list[ActionSlot]:
    """For the sheet: the majors and minors taken this turn and what is left, each ticked by
    ``major NAME`` / ``minor NAME`` (dragon_age.md §2.3 [S]: one major + one minor, or two minor)."""
    if not own_turn(state, c) or c.life in CANNOT_ACT:
        return []
    major, minor = used(state, c)
    out = [ActionSlot(f"major:{n + 1}", "Major", "Mayor", used=True) for n in range(major)]
    if major == 0 and minor < 2:
        out.append(ActionSlot(MAJOR, "Major", "Mayor", command=f"major {c.id}"))
    out += [ActionSlot(f"minor:{n + 1}", "Minor", "Menor", used=True) for n in range(minor)]
    if major + minor < 2:
        out.append(ActionSlot(MINOR, "Minor", "Menor", command=f"minor {c.id}"))
    return out
